//! What happens to an inbound reservation after it is booked (issue 12): the scoped lists and
//! reads of partners and merchants, and the status changes (partner cancel; merchant confirm,
//! reject, cancel, half refund) made under the reservation's row lock, in the caller's
//! transaction, so that the status judged by `inbound::domain::reservation` is the one changed and the
//! notification written beside it (`inbound/service/notify.rs`) commits with it.
//!
//! Scoping is in every statement: a partner sees its platform's reservations of its mode, a
//! merchant its shop's reservations of its key's mode; anything else is not found.

use crate::domain::reservation::{self, Change, Refusal, ReservationStatus};
use chrono::{DateTime, Utc};
use noren_core::db::entities::{inbound_reservation, inbound_shop};
use noren_core::db::repo::page;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Select, Set,
};

/// Whose reservations a caller sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A partner key: its platform's reservations of its mode, found by id or origin number.
    Partner { platform_id: i64, livemode: bool },
    /// A merchant key: its shop's reservations of its mode, found by id.
    Merchant { shop_id: i64, livemode: bool },
}

impl Scope {
    fn select(self) -> Select<inbound_reservation::Entity> {
        use inbound_reservation::Column as R;
        match self {
            Scope::Partner {
                platform_id,
                livemode,
            } => inbound_reservation::Entity::find()
                .filter(R::PlatformId.eq(platform_id))
                .filter(R::Livemode.eq(livemode)),
            Scope::Merchant { shop_id, livemode } => inbound_reservation::Entity::find()
                .filter(R::ShopId.eq(shop_id))
                .filter(R::Livemode.eq(livemode)),
        }
    }

    /// A single reservation: by id, or (partners) by origin number; an id wins over another
    /// reservation's origin number that happens to equal it.
    fn one(self, key: &str) -> Select<inbound_reservation::Entity> {
        use inbound_reservation::Column as R;
        let select = self.select();
        match self {
            Scope::Partner { .. } => select.filter(
                Condition::any()
                    .add(R::Id.eq(key))
                    .add(R::OriginNumber.eq(key)),
            ),
            Scope::Merchant { .. } => select.filter(R::Id.eq(key)),
        }
    }
}

fn pick(found: Vec<inbound_reservation::Model>, key: &str) -> Option<inbound_reservation::Model> {
    let i = found
        .iter()
        .position(|r| r.id == key)
        .or(if found.is_empty() { None } else { Some(0) })?;
    found.into_iter().nth(i)
}

/// One reservation in the scope (`key`: id, or a partner's origin number).
pub async fn find(
    db: &impl ConnectionTrait,
    scope: Scope,
    key: &str,
) -> Result<Option<inbound_reservation::Model>, DbErr> {
    Ok(pick(scope.one(key).all(db).await?, key))
}

/// A list call's filters and page.
#[derive(Clone, Debug)]
pub struct ListQuery {
    pub scope: Scope,
    /// Only these reservations (ids, or partners' origin numbers).
    pub numbers: Option<Vec<String>>,
    /// Only these statuses (stored names).
    pub statuses: Option<Vec<String>>,
    pub offset: u64,
    pub limit: u64,
}

/// A page of the scope's reservations, newest first, and the number of all that match.
pub async fn list(
    db: &impl ConnectionTrait,
    q: &ListQuery,
) -> Result<(Vec<inbound_reservation::Model>, u64), DbErr> {
    use inbound_reservation::Column as R;
    let mut select = q.scope.select();
    if let Some(numbers) = &q.numbers {
        let mut any = Condition::any().add(R::Id.is_in(numbers.clone()));
        if matches!(q.scope, Scope::Partner { .. }) {
            any = any.add(R::OriginNumber.is_in(numbers.clone()));
        }
        select = select.filter(any);
    }
    if let Some(statuses) = &q.statuses {
        select = select.filter(R::Status.is_in(statuses.clone()));
    }
    let total = select.clone().count(db).await?;
    let select = select.order_by_desc(R::CreatedAt).order_by_desc(R::Id);
    Ok((page(db, select, q.offset, q.limit).await?, total))
}

/// Why a change did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    /// No such reservation in the caller's scope (404).
    #[error("no such reservation")]
    NotFound,
    /// The rules refused it (409 with the reason).
    #[error("{0}")]
    Refused(Refusal),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// A status change that happened.
#[derive(Clone, Debug)]
pub struct Changed {
    pub old: ReservationStatus,
    pub row: inbound_reservation::Model,
}

/// Applies `change` to the reservation `key` of `scope` under its row lock, in the caller's
/// write transaction: the rule (`inbound::domain::reservation`) judges the locked row; a partner's
/// cancellation reads the shop's `cancellationPolicyDays` in the same transaction.
/// `cancel_remark` is kept with a cancellation.
pub async fn change_status(
    tx: &impl ConnectionTrait,
    scope: Scope,
    key: &str,
    change: Change,
    cancel_remark: Option<String>,
    now: DateTime<Utc>,
) -> Result<Changed, ChangeError> {
    let found = scope.one(key).lock_exclusive().all(tx).await?;
    let row = pick(found, key).ok_or(ChangeError::NotFound)?;
    let old = reservation::check_status(&row.status, change).map_err(ChangeError::Refused)?;
    let new = match change {
        Change::PartnerCancel => {
            let policy_days = inbound_shop::Entity::find_by_id(row.shop_id)
                .one(tx)
                .await?
                .map(|s| s.cancellation_policy_days)
                // A reservation always has its shop; without one nothing may be cancelled.
                .unwrap_or(-1);
            reservation::partner_cancel(&row.status, row.start_at, now, policy_days)
        }
        _ => reservation::merchant_change(&row.status, change),
    }
    .map_err(ChangeError::Refused)?;
    let is_cancel = matches!(
        new,
        ReservationStatus::Cancelled
            | ReservationStatus::CancelledNoRefund
            | ReservationStatus::CancelledHalfRefund
    );
    let mut active: inbound_reservation::ActiveModel = row.into();
    active.status = Set(new.as_str().to_string());
    if is_cancel && cancel_remark.is_some() {
        active.cancel_remark = Set(cancel_remark);
    }
    active.updated_at = Set(now);
    let row = active.update(tx).await?;
    Ok(Changed { old, row })
}

/// Marks the remark of the merchant's reservation `id` read (`remarkStatus` 1); `None` when it
/// is not in the scope.
pub async fn mark_remark_read(
    db: &impl ConnectionTrait,
    scope: Scope,
    id: &str,
    now: DateTime<Utc>,
) -> Result<Option<inbound_reservation::Model>, DbErr> {
    use inbound_reservation::Column as R;
    let Some(row) = find(db, scope, id).await? else {
        return Ok(None);
    };
    if row.remark_status != 1 {
        inbound_reservation::Entity::update_many()
            .col_expr(R::RemarkStatus, Expr::value(1i16))
            .col_expr(R::UpdatedAt, Expr::value(now))
            .filter(R::Id.eq(row.id.as_str()))
            .exec(db)
            .await?;
    }
    find(db, scope, id).await
}
