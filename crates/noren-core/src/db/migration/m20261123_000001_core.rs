//! The core tables: legal persons, shops, shop devices, merchant API keys, inbound platforms and
//! their partner keys, and the generic job/outbox table that background work is claimed from.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LegalPersons {
    Table,
    Id,
    CompanyName,
    CompanyEmail,
    ContractNumber,
    ContractDate,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Shops {
    Table,
    Id,
    LegalPersonId,
    Number,
    Name,
    NameJa,
    IsPayable,
    ReviewEnabled,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ShopDevices {
    Table,
    Id,
    ShopId,
    DeviceNumber,
    DeviceName,
    DeviceType,
    PushChannel,
    PushToken,
    PreferredLanguage,
    Disabled,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ApiKeys {
    Table,
    Id,
    ShopDeviceId,
    Family,
    Mode,
    KeyHash,
    KeyPrefix,
    CreatedAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum InboundPlatforms {
    Table,
    Id,
    Code,
    Name,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PartnerKeys {
    Table,
    Id,
    PlatformId,
    Family,
    KeyHash,
    KeyPrefix,
    CreatedAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Id,
    Queue,
    Payload,
    Status,
    RunAt,
    Attempts,
    MaxAttempts,
    LockedBy,
    LockedUntil,
    LastError,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LegalPersons::Table)
                    .col(big_pk_auto(LegalPersons::Id))
                    .col(string(LegalPersons::CompanyName))
                    .col(string(LegalPersons::CompanyEmail))
                    .col(string_uniq(LegalPersons::ContractNumber))
                    .col(date(LegalPersons::ContractDate))
                    .col(timestamp_with_time_zone(LegalPersons::CreatedAt))
                    .col(timestamp_with_time_zone(LegalPersons::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Shops::Table)
                    .col(big_pk_auto(Shops::Id))
                    .col(big_integer(Shops::LegalPersonId))
                    .col(string_uniq(Shops::Number))
                    .col(string(Shops::Name))
                    .col(string(Shops::NameJa))
                    .col(boolean(Shops::IsPayable))
                    .col(boolean(Shops::ReviewEnabled))
                    .col(timestamp_with_time_zone(Shops::CreatedAt))
                    .col(timestamp_with_time_zone(Shops::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_shops_legal_person")
                            .from(Shops::Table, Shops::LegalPersonId)
                            .to(LegalPersons::Table, LegalPersons::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ShopDevices::Table)
                    .col(big_pk_auto(ShopDevices::Id))
                    .col(big_integer(ShopDevices::ShopId))
                    .col(string_uniq(ShopDevices::DeviceNumber))
                    .col(string(ShopDevices::DeviceName))
                    .col(string(ShopDevices::DeviceType))
                    .col(string_null(ShopDevices::PushChannel))
                    .col(string_null(ShopDevices::PushToken))
                    .col(string_null(ShopDevices::PreferredLanguage))
                    .col(boolean(ShopDevices::Disabled))
                    .col(timestamp_with_time_zone(ShopDevices::CreatedAt))
                    .col(timestamp_with_time_zone(ShopDevices::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_shop_devices_shop")
                            .from(ShopDevices::Table, ShopDevices::ShopId)
                            .to(Shops::Table, Shops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ApiKeys::Table)
                    .col(big_pk_auto(ApiKeys::Id))
                    .col(big_integer(ApiKeys::ShopDeviceId))
                    .col(string(ApiKeys::Family))
                    .col(string(ApiKeys::Mode))
                    .col(string_uniq(ApiKeys::KeyHash))
                    .col(string(ApiKeys::KeyPrefix))
                    .col(timestamp_with_time_zone(ApiKeys::CreatedAt))
                    .col(timestamp_with_time_zone_null(ApiKeys::RevokedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_api_keys_shop_device")
                            .from(ApiKeys::Table, ApiKeys::ShopDeviceId)
                            .to(ShopDevices::Table, ShopDevices::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundPlatforms::Table)
                    .col(big_pk_auto(InboundPlatforms::Id))
                    .col(string_uniq(InboundPlatforms::Code))
                    .col(string(InboundPlatforms::Name))
                    .col(timestamp_with_time_zone(InboundPlatforms::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PartnerKeys::Table)
                    .col(big_pk_auto(PartnerKeys::Id))
                    .col(big_integer(PartnerKeys::PlatformId))
                    .col(string(PartnerKeys::Family))
                    .col(string_uniq(PartnerKeys::KeyHash))
                    .col(string(PartnerKeys::KeyPrefix))
                    .col(timestamp_with_time_zone(PartnerKeys::CreatedAt))
                    .col(timestamp_with_time_zone_null(PartnerKeys::RevokedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_partner_keys_platform")
                            .from(PartnerKeys::Table, PartnerKeys::PlatformId)
                            .to(InboundPlatforms::Table, InboundPlatforms::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Jobs::Table)
                    .col(big_pk_auto(Jobs::Id))
                    .col(string(Jobs::Queue))
                    .col(text(Jobs::Payload))
                    .col(string(Jobs::Status))
                    .col(timestamp_with_time_zone(Jobs::RunAt))
                    .col(integer(Jobs::Attempts))
                    .col(integer(Jobs::MaxAttempts))
                    .col(string_null(Jobs::LockedBy))
                    .col(timestamp_with_time_zone_null(Jobs::LockedUntil))
                    .col(text_null(Jobs::LastError))
                    .col(timestamp_with_time_zone(Jobs::CreatedAt))
                    .col(timestamp_with_time_zone(Jobs::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_jobs_claim")
                    .table(Jobs::Table)
                    .col(Jobs::Queue)
                    .col(Jobs::Status)
                    .col(Jobs::RunAt)
                    .to_owned(),
            )
            .await?;
        for (name, table, col) in [
            (
                "ix_shops_legal_person",
                Shops::Table.into_iden(),
                Shops::LegalPersonId.into_iden(),
            ),
            (
                "ix_shop_devices_shop",
                ShopDevices::Table.into_iden(),
                ShopDevices::ShopId.into_iden(),
            ),
            (
                "ix_api_keys_device",
                ApiKeys::Table.into_iden(),
                ApiKeys::ShopDeviceId.into_iden(),
            ),
            (
                "ix_partner_keys_platform",
                PartnerKeys::Table.into_iden(),
                PartnerKeys::PlatformId.into_iden(),
            ),
        ] {
            manager
                .create_index(Index::create().name(name).table(table).col(col).to_owned())
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Jobs::Table.into_iden(),
            PartnerKeys::Table.into_iden(),
            InboundPlatforms::Table.into_iden(),
            ApiKeys::Table.into_iden(),
            ShopDevices::Table.into_iden(),
            Shops::Table.into_iden(),
            LegalPersons::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
