//! `heartbeats`: one row per running `noren serve` process, written by each `/readyz` (issue 21
//! item 4: readiness proves the database takes a write, not only a read). The row names the
//! process (`instance`, random per start) and when it last answered ready, so an operator can
//! also see which processes are alive. Rows of processes gone for a day are removed at start-up.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Heartbeats {
    Table,
    Instance,
    BeatAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Heartbeats::Table)
                    .col(string(Heartbeats::Instance).primary_key())
                    .col(timestamp_with_time_zone(Heartbeats::BeatAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Heartbeats::Table).to_owned())
            .await
    }
}
