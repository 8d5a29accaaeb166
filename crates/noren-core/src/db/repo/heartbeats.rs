//! The `heartbeats` table (migration 000019): each `noren serve` process writes its row when a
//! `/readyz` finds its last report older than a second, so readiness proves the database takes a
//! write and gives it back (`http/readiness.rs`), on a connection of its own on PostgreSQL
//! (`Db::for_checks`).

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ConnectionTrait, DbErr, DeriveIden};

#[derive(DeriveIden, Clone, Copy)]
enum Heartbeats {
    Table,
    Instance,
    BeatAt,
}

/// Writes `instance`'s beat at `now` and reads it back in the same statement (`RETURNING`); an
/// error when that fails or the row read is not the one written.
///
/// A beat never replaces a later one. A check cut off by its timeout can still reach the
/// database later (its statement was sent); it used to land between a newer check's write and
/// its read, which then read the older time and took the process out as "database failed"
/// (`make bench`, the scale phase). Now such a late write changes nothing and reads nothing,
/// and a write that finds a later beat already stored is a database that works.
pub async fn beat(
    db: &impl ConnectionTrait,
    instance: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let upsert = Query::insert()
        .into_table(Heartbeats::Table)
        .columns([Heartbeats::Instance, Heartbeats::BeatAt])
        .values_panic([instance.into(), now.into()])
        .on_conflict(
            OnConflict::column(Heartbeats::Instance)
                .update_column(Heartbeats::BeatAt)
                .action_and_where(Expr::col((Heartbeats::Table, Heartbeats::BeatAt)).lt(now))
                .to_owned(),
        )
        .returning_col(Heartbeats::BeatAt)
        .to_owned();
    let Some(row) = db.query_one(&upsert).await? else {
        // Not updated: a later beat of this process is stored already.
        return Ok(());
    };
    let at: DateTime<Utc> = row.try_get("", "beat_at")?;
    if at.timestamp_micros() != now.timestamp_micros() {
        return Err(DbErr::Custom(format!(
            "the heartbeat read back ({at}) is not the one written ({now})"
        )));
    }
    Ok(())
}

/// Removes the rows of processes that last answered before `before` (they are gone).
pub async fn forget_before(db: &impl ConnectionTrait, before: DateTime<Utc>) -> Result<u64, DbErr> {
    let delete = Query::delete()
        .from_table(Heartbeats::Table)
        .and_where(Expr::col(Heartbeats::BeatAt).lt(before))
        .to_owned();
    Ok(db.execute(&delete).await?.rows_affected())
}
