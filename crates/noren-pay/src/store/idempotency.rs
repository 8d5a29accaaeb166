//! Idempotency records (DESIGN.md: an `Idempotency-Key` on creates and refunds answers a
//! repeat within 24 hours with the first answer).
//!
//! `pay/service/idempotency.rs` calls [`claim`], the work and [`store`] on one transaction, so
//! the key, the change it protects and the answer commit together: a crash in between leaves
//! none of them. The claim inserts with `ON CONFLICT DO NOTHING`, which never aborts a PostgreSQL
//! transaction and makes a concurrent request with the same key wait for the first one's
//! commit (then it replays the answer) or rollback (then it runs).

use chrono::{DateTime, Duration, Utc};
use noren_core::db::entities::idempotency_key::{self, Column, Entity};
use noren_core::db::repo::SelectFirst;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set, TryInsertResult,
};

/// How long a first answer is replayed at least (the promise).
pub const RETENTION: Duration = Duration::hours(24);
/// Kept this much longer than [`RETENTION`]: "now" is the server's clock, and a clock that steps
/// forward by up to an hour (an NTP correction, a wrong time set by hand) must not forget a key
/// before 24 hours have really passed.
pub const CLOCK_STEP_MARGIN: Duration = Duration::hours(1);
/// A record still in flight after this is taken to belong to a request that died with its
/// process; the key may be used again.
pub const ABANDONED: Duration = Duration::seconds(60);

/// What a key's record says about a new request.
#[derive(Debug)]
pub enum Claim {
    /// The key is new: this request runs and stores its answer in the same transaction.
    Fresh(i64),
    /// The first request with this key finished: answer this again.
    Replay { status: u16, body: String },
    /// The key was used with other parameters or on another call.
    Mismatch,
    /// The first request with this key is still running.
    InFlight,
}

pub struct Key<'a> {
    pub shop_id: i64,
    pub livemode: bool,
    pub key: &'a str,
    pub operation: &'a str,
    pub request_hash: &'a str,
    /// The state's clock reading (retention and takeover are measured with it).
    pub now: DateTime<Utc>,
}

/// Claims `k` for this request, or says what the key's record answers instead. Inside a
/// transaction, the claim lasts until it commits or rolls back; on the pool (autocommit) it is
/// an in-flight record that other requests see as [`Claim::InFlight`] until [`ABANDONED`].
pub async fn claim(db: &impl ConnectionTrait, k: &Key<'_>) -> Result<Claim, DbErr> {
    for _ in 0..3 {
        let now = k.now;
        let insert = Entity::insert(idempotency_key::ActiveModel {
            shop_id: Set(k.shop_id),
            livemode: Set(k.livemode),
            idem_key: Set(k.key.to_string()),
            operation: Set(k.operation.to_string()),
            request_hash: Set(k.request_hash.to_string()),
            status_code: Set(None),
            response_body: Set(None),
            created_at: Set(now),
            ..Default::default()
        })
        // ux_idempotency_keys: waits for a concurrent claim of the same key to finish.
        .on_conflict_do_nothing_on([Column::ShopId, Column::Livemode, Column::IdemKey])
        .exec(db)
        .await?;
        if let TryInsertResult::Inserted(row) = insert {
            return Ok(Claim::Fresh(row.last_insert_id));
        }
        let Some(row) = Entity::find()
            .filter(Column::ShopId.eq(k.shop_id))
            .filter(Column::Livemode.eq(k.livemode))
            .filter(Column::IdemKey.eq(k.key))
            .first(db)
            .await?
        else {
            continue; // released meanwhile: try again
        };
        let expired = row.created_at + RETENTION + CLOCK_STEP_MARGIN <= now;
        let abandoned = row.status_code.is_none() && row.created_at + ABANDONED <= now;
        if expired || abandoned {
            Entity::delete_by_id(row.id).exec(db).await?;
            continue;
        }
        if row.operation != k.operation || row.request_hash != k.request_hash {
            return Ok(Claim::Mismatch);
        }
        return Ok(match (row.status_code, row.response_body) {
            (Some(status), Some(body)) => Claim::Replay {
                status: status as u16,
                body,
            },
            _ => Claim::InFlight,
        });
    }
    Ok(Claim::InFlight)
}

/// Stores the first answer of a fresh key.
pub async fn store(
    db: &impl ConnectionTrait,
    id: i64,
    status: u16,
    body: &str,
) -> Result<(), DbErr> {
    Entity::update_many()
        .col_expr(
            Column::StatusCode,
            sea_orm::sea_query::Expr::value(Some(status as i32)),
        )
        .col_expr(
            Column::ResponseBody,
            sea_orm::sea_query::Expr::value(Some(body.to_string())),
        )
        .filter(Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}
