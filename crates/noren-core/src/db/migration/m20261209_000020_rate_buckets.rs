//! `rate_buckets`: the token buckets of the rate limits when several `noren serve` processes
//! share one PostgreSQL database (issue 21 item 2; `http/ratelimit/shared.rs`). One row per limit
//! (`scope`: `key`, `address`, `failures`) and subject (the SHA-256 of a key, or an address's
//! bytes): the tokens left at `refilled_us` (microseconds since the Unix epoch, on the servers'
//! clock) and how many the last take granted. Made on SQLite too, so both engines have one
//! schema, but only PostgreSQL deployments write it: a process on SQLite limits in memory.
//! A row untouched for a whole window is a full bucket, the same as no row: each process
//! deletes those every minute.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum RateBuckets {
    Table,
    Scope,
    Subject,
    Tokens,
    RefilledUs,
    Granted,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RateBuckets::Table)
                    .col(string_len(RateBuckets::Scope, 16))
                    .col(binary(RateBuckets::Subject))
                    .col(double(RateBuckets::Tokens))
                    .col(big_integer(RateBuckets::RefilledUs))
                    .col(integer(RateBuckets::Granted))
                    .primary_key(
                        Index::create()
                            .col(RateBuckets::Scope)
                            .col(RateBuckets::Subject),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(RateBuckets::Table).to_owned())
            .await
    }
}
