//! Test clocks (issue 35, item 1): an owner's test mode on a time it sets and moves itself.
//!
//! - `test_clocks`: one per owner (`owner_kind` `shop` or `platform`, `owner_id`), always of
//!   test mode (a live key never makes one), unique by owner. `frozen_time` is the owner's "now"
//!   while the clock exists; `status` is `ready`, or `advancing` while an advance runs the
//!   timers that came due, `advancing_to` where it goes and `lease_until` how long the process
//!   running it holds it (a crashed advance is taken over after that). `last_ran` is the JSON
//!   count, by kind, of what the last advance ran.
//! - `jobs.clock_id`: the clock whose time a job waits for. Such a job is `clocked` instead of
//!   `pending` (the runners' claims never see it); an advance runs it when its `run_at`, on the
//!   clock, has come. The partial index finds a clock's jobs without touching the others'
//!   writes (it holds no row without a clock).

use sea_orm::ConnectionTrait;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum TestClocks {
    Table,
    Id,
    PublicId,
    OwnerKind,
    OwnerId,
    Name,
    FrozenTime,
    Status,
    AdvancingTo,
    LeaseUntil,
    LastRan,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum Jobs {
    Table,
    ClockId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use TestClocks as C;
        manager
            .create_table(
                Table::create()
                    .table(C::Table)
                    .col(big_pk_auto(C::Id))
                    .col(string_len_uniq(C::PublicId, 40))
                    .col(string_len(C::OwnerKind, 16))
                    .col(big_integer(C::OwnerId))
                    .col(text_null(C::Name))
                    .col(timestamp_with_time_zone(C::FrozenTime))
                    .col(string_len(C::Status, 16))
                    .col(timestamp_with_time_zone_null(C::AdvancingTo))
                    .col(timestamp_with_time_zone_null(C::LeaseUntil))
                    .col(text_null(C::LastRan))
                    .col(timestamp_with_time_zone(C::CreatedAt))
                    .col(timestamp_with_time_zone(C::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_test_clocks_owner")
                    .table(C::Table)
                    .col(C::OwnerKind)
                    .col(C::OwnerId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Jobs::Table)
                    .add_column(big_integer_null(Jobs::ClockId))
                    .to_owned(),
            )
            .await?;
        // A partial index (the same SQL on both engines; sea-query's builder has no WHERE for
        // indexes): jobs without a clock, nearly all of them, are not in it.
        manager
            .get_connection()
            .execute_unprepared(
                r#"CREATE INDEX "ix_jobs_clock" ON "jobs" ("clock_id", "run_at") WHERE "clock_id" IS NOT NULL"#,
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared(r#"DROP INDEX "ix_jobs_clock""#)
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Jobs::Table)
                    .drop_column(Jobs::ClockId)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(TestClocks::Table).to_owned())
            .await
    }
}
