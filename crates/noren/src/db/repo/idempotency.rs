//! Idempotency records (DESIGN.md: an `Idempotency-Key` on creates and refunds answers a
//! repeat within 24 hours with the first answer).

use super::SelectFirst;
use crate::db::entities::idempotency_key::{self, Column, Entity};
use crate::db::repo::is_unique_violation;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

/// How long a first answer is replayed.
pub const RETENTION: Duration = Duration::hours(24);
/// A record still in flight after this is taken to belong to a request that died with its
/// process; the key may be used again.
pub const ABANDONED: Duration = Duration::seconds(60);

/// What a key's record says about a new request.
#[derive(Debug)]
pub enum Claim {
    /// The key is new: this request runs and must store its answer (or release the key).
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

pub async fn claim(db: &impl ConnectionTrait, k: &Key<'_>) -> Result<Claim, DbErr> {
    for _ in 0..3 {
        let now = k.now;
        let insert = idempotency_key::ActiveModel {
            shop_id: Set(k.shop_id),
            livemode: Set(k.livemode),
            idem_key: Set(k.key.to_string()),
            operation: Set(k.operation.to_string()),
            request_hash: Set(k.request_hash.to_string()),
            status_code: Set(None),
            response_body: Set(None),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await;
        match insert {
            Ok(row) => return Ok(Claim::Fresh(row.id)),
            Err(e) if is_unique_violation(&e) => {}
            Err(e) => return Err(e),
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
        let expired = row.created_at + RETENTION <= now;
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

/// Forgets a fresh key whose request failed on our side, so that a retry runs again.
pub async fn release(db: &impl ConnectionTrait, id: i64) -> Result<(), DbErr> {
    Entity::delete_by_id(id).exec(db).await?;
    Ok(())
}
