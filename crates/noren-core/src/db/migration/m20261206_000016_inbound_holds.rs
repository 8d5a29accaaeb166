//! Holds (issue 20, item 7): a partner takes a slot's seats for a few minutes while its guest
//! fills the booking form. A hold counts against the seats and the course's `quantityLimit`
//! like an active reservation of its mode until it expires (`expires_at`, read on the
//! application's clock), is released (`released_at`) or becomes a reservation
//! (`reservation_id`). The partner's `Idempotency-Key` is unique per platform and mode.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Shops {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundPlatforms {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundCourses {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundHolds {
    Table,
    Id,
    PlatformId,
    ShopId,
    Livemode,
    IdempotencyKey,
    RequestHash,
    StartAt,
    EndAt,
    NumberOfGuests,
    CourseId,
    Courses,
    ExpiresAt,
    ReleasedAt,
    ReservationId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(InboundHolds::Table)
                    .col(string(InboundHolds::Id).primary_key())
                    .col(big_integer(InboundHolds::PlatformId))
                    .col(big_integer(InboundHolds::ShopId))
                    .col(boolean(InboundHolds::Livemode))
                    .col(string_null(InboundHolds::IdempotencyKey))
                    .col(string(InboundHolds::RequestHash))
                    .col(timestamp_with_time_zone(InboundHolds::StartAt))
                    .col(timestamp_with_time_zone(InboundHolds::EndAt))
                    .col(integer(InboundHolds::NumberOfGuests))
                    .col(big_integer(InboundHolds::CourseId))
                    .col(text(InboundHolds::Courses))
                    .col(timestamp_with_time_zone(InboundHolds::ExpiresAt))
                    .col(timestamp_with_time_zone_null(InboundHolds::ReleasedAt))
                    .col(string_null(InboundHolds::ReservationId))
                    .col(timestamp_with_time_zone(InboundHolds::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundHolds::Table, InboundHolds::PlatformId)
                            .to(InboundPlatforms::Table, InboundPlatforms::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundHolds::Table, InboundHolds::ShopId)
                            .to(Shops::Table, Shops::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundHolds::Table, InboundHolds::CourseId)
                            .to(InboundCourses::Table, InboundCourses::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_inbound_holds_key")
                    .table(InboundHolds::Table)
                    .col(InboundHolds::PlatformId)
                    .col(InboundHolds::Livemode)
                    .col(InboundHolds::IdempotencyKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_inbound_holds_shop_start")
                    .table(InboundHolds::Table)
                    .col(InboundHolds::ShopId)
                    .col(InboundHolds::Livemode)
                    .col(InboundHolds::StartAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(InboundHolds::Table).to_owned())
            .await
    }
}
