//! The `heartbeats` table (migration 000019): each `noren serve` process writes its row when a
//! `/readyz` finds its last report older than a second, so readiness proves the database takes a
//! write and gives it back (`http/readiness.rs`).

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ConnectionTrait, DbErr, DeriveIden};

#[derive(DeriveIden, Clone, Copy)]
enum Heartbeats {
    Table,
    Instance,
    BeatAt,
}

/// Writes `instance`'s beat at `now` and reads it back; an error when either fails or the row
/// read is not the one written.
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
                .to_owned(),
        )
        .to_owned();
    db.execute(&upsert).await?;
    let read = Query::select()
        .column(Heartbeats::BeatAt)
        .from(Heartbeats::Table)
        .and_where(Expr::col(Heartbeats::Instance).eq(instance))
        .to_owned();
    let row = db
        .query_one(&read)
        .await?
        .ok_or_else(|| DbErr::Custom("the heartbeat just written is not there".into()))?;
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
