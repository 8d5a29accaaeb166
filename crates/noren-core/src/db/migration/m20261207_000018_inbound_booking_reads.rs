//! What a booking reads under the shop's lock, made cheap:
//! - `inbound_shops.config_version`: every write of the shop's settings, business hours or
//!   courses adds one to it, in the same transaction. Booking reads the version with the
//!   statement that locks the shop and judges on the settings it keeps for that version
//!   (`inbound::store::configs`), so it reads the settings again only after they changed, here
//!   or in another process.
//! - `ix_inbound_reservations_held` replaces `ix_inbound_reservations_shop_start` (its first
//!   three columns) and covers the seats-held read (`reservations::held`): stay, status and
//!   guests come from the index, so the day of reservations before a start is scanned without
//!   reading each row from the table.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum InboundShops {
    Table,
    ConfigVersion,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundReservations {
    Table,
    ShopId,
    Livemode,
    StartAt,
    EndAt,
    Status,
    NumberOfGuests,
}

const OLD_INDEX: &str = "ix_inbound_reservations_shop_start";
const NEW_INDEX: &str = "ix_inbound_reservations_held";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(InboundShops::Table)
                    .add_column(big_integer(InboundShops::ConfigVersion).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(NEW_INDEX)
                    .table(InboundReservations::Table)
                    .col(InboundReservations::ShopId)
                    .col(InboundReservations::Livemode)
                    .col(InboundReservations::StartAt)
                    .col(InboundReservations::EndAt)
                    .col(InboundReservations::Status)
                    .col(InboundReservations::NumberOfGuests)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name(OLD_INDEX)
                    .table(InboundReservations::Table)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name(OLD_INDEX)
                    .table(InboundReservations::Table)
                    .col(InboundReservations::ShopId)
                    .col(InboundReservations::Livemode)
                    .col(InboundReservations::StartAt)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name(NEW_INDEX)
                    .table(InboundReservations::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(InboundShops::Table)
                    .drop_column(InboundShops::ConfigVersion)
                    .to_owned(),
            )
            .await
    }
}
