//! An index for a course's `quantityLimit` count (issue 12 benchmark): the availability and
//! create calls count a course's active reservations of one mode, which without it read every
//! reservation of the shop.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum InboundReservations {
    Table,
    CourseId,
    Livemode,
    Status,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("ix_inbound_reservations_course")
                    .table(InboundReservations::Table)
                    .col(InboundReservations::CourseId)
                    .col(InboundReservations::Livemode)
                    .col(InboundReservations::Status)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("ix_inbound_reservations_course")
                    .table(InboundReservations::Table)
                    .to_owned(),
            )
            .await
    }
}
