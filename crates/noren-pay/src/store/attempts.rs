//! Payment attempts (seed 000 §4): starting one when the customer chooses a brand (cancelling
//! the open one), settling it when the brand approves or declines, and refunding it. Every
//! status change writes a history entry; paid and refunded write their webhook event, and move
//! the cafeteria order the payment belongs to (5 paid, 30 refunded, through the hooks other
//! slices give: `service::hooks`, which the service calls), in the caller's transaction.

use crate::domain::lifecycle::{self, NotOpen, PaymentFacts};
use chrono::{DateTime, Duration, Utc};
use noren_core::db::entities::{
    payment, payment_history, predefined_payment, value_added_service, webhook_event,
};
use noren_core::db::repo::SelectFirst;
use noren_core::domain::payment::{PaymentMethod, PaymentStatus, new_payment_number};
use noren_core::webhooks::event::{EventSettings, EventStatus};
use noren_core::webhooks::store as webhooks;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    QueryFilter, QuerySelect, Set,
};

pub use crate::domain::lifecycle::Outcome;

#[derive(Debug, thiserror::Error)]
pub enum AttemptError {
    #[error("payment not found")]
    NotFound,
    /// The payment or attempt is not in a state that allows this (409).
    #[error("{0}")]
    NotOpen(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl From<NotOpen> for AttemptError {
    fn from(e: NotOpen) -> Self {
        AttemptError::NotOpen(e.to_string())
    }
}

/// `create_time + expires_after` has passed (unset or 0: never).
pub fn is_expired(p: &predefined_payment::Model, now: DateTime<Utc>) -> bool {
    lifecycle::is_expired(p.created_at, p.expires_after, now)
}

/// What the payment rules (`pay::domain::lifecycle`) read of `p` at `now`.
pub fn facts(p: &predefined_payment::Model, now: DateTime<Utc>) -> PaymentFacts {
    PaymentFacts {
        fulfilled: p.fulfilled,
        invalidated: p.invalidated,
        expired: is_expired(p, now),
    }
}

async fn lock_payment(
    tx: &impl ConnectionTrait,
    id: i64,
) -> Result<predefined_payment::Model, AttemptError> {
    predefined_payment::Entity::find_by_id(id)
        .lock_exclusive()
        .first(tx)
        .await?
        .ok_or(AttemptError::NotFound)
}

async fn lock_attempt(tx: &impl ConnectionTrait, id: i64) -> Result<payment::Model, AttemptError> {
    payment::Entity::find_by_id(id)
        .lock_exclusive()
        .first(tx)
        .await?
        .ok_or(AttemptError::NotFound)
}

/// Locks the attempt `id` and its payment, in one statement.
async fn lock_attempt_and_payment(
    tx: &impl ConnectionTrait,
    id: i64,
) -> Result<(payment::Model, predefined_payment::Model), AttemptError> {
    use sea_orm::JoinType;
    let to_payment = payment::Entity::belongs_to(predefined_payment::Entity)
        .from(payment::Column::PredefinedPaymentId)
        .to(predefined_payment::Column::Id)
        .into();
    match payment::Entity::find_by_id(id)
        .join(JoinType::InnerJoin, to_payment)
        .select_also(predefined_payment::Entity)
        .lock_exclusive()
        // All rows of a primary-key lookup (one at most): no bound LIMIT (see `SelectFirst`).
        .all(tx)
        .await?
        .pop()
    {
        Some((attempt, Some(p))) => Ok((attempt, p)),
        _ => Err(AttemptError::NotFound),
    }
}

async fn history(
    db: &impl ConnectionTrait,
    payment_id: i64,
    status: PaymentStatus,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    payment_history::ActiveModel {
        payment_id: Set(payment_id),
        status: Set(status.into()),
        operation_time: Set(at),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Sets `attempt` to `status` with its history entry.
async fn set_status(
    db: &impl ConnectionTrait,
    attempt: payment::Model,
    status: PaymentStatus,
    now: DateTime<Utc>,
) -> Result<payment::Model, DbErr> {
    let id = attempt.id;
    let mut active: payment::ActiveModel = attempt.into();
    active.status = Set(status.into());
    active.updated_at = Set(now);
    match status {
        PaymentStatus::Paid => active.paid_at = Set(Some(now)),
        PaymentStatus::Refunded => {
            active.refunded_at = Set(Some(now));
            active.refund_started_at = Set(None);
        }
        _ => {}
    }
    let model = active.update(db).await?;
    history(db, id, status, now).await?;
    Ok(model)
}

/// Starts an attempt to pay `payment_id` with `method`, with `tip` yen on top (already checked
/// against the payment's settings). An open attempt is cancelled first (status 90).
pub async fn start(
    tx: &DatabaseTransaction,
    payment_id: i64,
    method: PaymentMethod,
    tip: i64,
    now: DateTime<Utc>,
) -> Result<payment::Model, AttemptError> {
    let p = lock_payment(tx, payment_id).await?;
    lifecycle::may_start(facts(&p, now))?;
    let open = payment::Entity::find()
        .filter(payment::Column::PredefinedPaymentId.eq(p.id))
        .filter(payment::Column::Status.eq(i32::from(PaymentStatus::Unpaid)))
        .lock_exclusive()
        .all(tx)
        .await?;
    for a in open {
        set_status(tx, a, PaymentStatus::Canceled, now).await?;
    }
    let attempt = payment::ActiveModel {
        payment_number: Set(new_payment_number()),
        predefined_payment_id: Set(p.id),
        shop_id: Set(p.shop_id),
        livemode: Set(p.livemode),
        amount: Set(p.amount + tip),
        payment_method: Set(method.as_str().to_string()),
        status: Set(PaymentStatus::Unpaid.into()),
        kind: Set("online".to_string()),
        created_at: Set(now),
        updated_at: Set(now),
        paid_at: Set(None),
        refunded_at: Set(None),
        refund_started_at: Set(None),
        ..Default::default()
    }
    .insert(tx)
    .await?;
    history(tx, attempt.id, PaymentStatus::Unpaid, now).await?;
    if p.tip_vas_enabled {
        set_tip(tx, p.id, tip, now).await?;
    }
    let mut active: predefined_payment::ActiveModel = p.into();
    active.started = Set(true);
    active.payment_method = Set(Some(method.as_str().to_string()));
    active.tip_amount = Set(tip);
    active.updated_at = Set(now);
    active.update(tx).await?;
    Ok(attempt)
}

/// Records the customer's tip choice as the payment's `tip` value-added service.
async fn set_tip(
    db: &impl ConnectionTrait,
    payment_id: i64,
    tip: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let items = serde_json::json!([{ "name": "tip", "amount": tip }]).to_string();
    let state = if tip > 0 { "applied" } else { "declined" };
    let existing = value_added_service::Entity::find()
        .filter(value_added_service::Column::PredefinedPaymentId.eq(payment_id))
        .filter(value_added_service::Column::Kind.eq("tip"))
        .first(db)
        .await?;
    match existing {
        Some(s) => {
            let mut active: value_added_service::ActiveModel = s.into();
            active.items = Set(items);
            active.state = Set(state.to_string());
            active.updated_at = Set(now);
            active.update(db).await?;
        }
        None => {
            value_added_service::ActiveModel {
                predefined_payment_id: Set(payment_id),
                kind: Set("tip".to_string()),
                state: Set(state.to_string()),
                comment: Set(None),
                items: Set(items),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(())
}

/// What settling changed.
pub struct Settled {
    pub payment: predefined_payment::Model,
    pub attempt: payment::Model,
    pub event: Option<webhook_event::Model>,
}

/// Settles the open attempt `attempt_id`: approved → paid (10), the payment fulfilled and its
/// `paid` event queued; declined → 90. Refused (409) when the attempt is not open, or when an
/// approval comes after the payment expired.
pub async fn settle(
    tx: &DatabaseTransaction,
    attempt_id: i64,
    outcome: Outcome,
    events: &EventSettings<'_>,
) -> Result<Settled, AttemptError> {
    let now = events.now;
    let (attempt, p) = lock_attempt_and_payment(tx, attempt_id).await?;
    lifecycle::attempt_open(
        &attempt.payment_number,
        PaymentStatus::try_from(attempt.status).ok(),
    )?;
    lifecycle::may_settle(outcome, facts(&p, now))?;
    let (attempt, payment, event) = match outcome {
        Outcome::Approved => {
            let (attempt, payment, event) =
                change_money(tx, attempt, p, EventStatus::Paid, events).await?;
            (attempt, payment, Some(event))
        }
        Outcome::Declined => {
            let attempt = set_status(tx, attempt, PaymentStatus::Canceled, now).await?;
            let mut active: predefined_payment::ActiveModel = p.into();
            active.updated_at = Set(now);
            (attempt, active.update(tx).await?, None)
        }
    };
    Ok(Settled {
        payment,
        attempt,
        event,
    })
}

/// Paid or refunded, in the caller's transaction: the attempt's status, the payment's
/// `fulfilled`, and the webhook event (outbox) that tells the merchant. The caller moves the
/// slices that follow payments (the order it paid) in the same transaction.
async fn change_money(
    tx: &DatabaseTransaction,
    attempt: payment::Model,
    p: predefined_payment::Model,
    to: EventStatus,
    events: &EventSettings<'_>,
) -> Result<
    (
        payment::Model,
        predefined_payment::Model,
        webhook_event::Model,
    ),
    AttemptError,
> {
    let now = events.now;
    let (status, fulfilled) = match to {
        EventStatus::Paid => (PaymentStatus::Paid, true),
        EventStatus::Refunded => (PaymentStatus::Refunded, false),
    };
    let attempt = set_status(tx, attempt, status, now).await?;
    let mut active: predefined_payment::ActiveModel = p.into();
    active.fulfilled = Set(fulfilled);
    active.updated_at = Set(now);
    let payment = active.update(tx).await?;
    let event = webhooks::record_event(tx, &payment, &attempt, to, events).await?;
    Ok((attempt, payment, event))
}

/// A refund claim older than this is taken to belong to a process that died mid-refund.
const STALE_REFUND_CLAIM: Duration = Duration::minutes(5);

/// Claims the paid attempt for a refund: true for exactly one of several concurrent callers.
pub async fn claim_refund(
    db: &impl ConnectionTrait,
    attempt_id: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let res = payment::Entity::update_many()
        .col_expr(payment::Column::RefundStartedAt, Expr::value(Some(now)))
        .filter(payment::Column::Id.eq(attempt_id))
        .filter(payment::Column::Status.eq(i32::from(PaymentStatus::Paid)))
        .filter(
            payment::Column::RefundStartedAt
                .is_null()
                .or(payment::Column::RefundStartedAt.lt(now - STALE_REFUND_CLAIM)),
        )
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Gives a claim back after the connector refused the refund.
pub async fn release_refund(db: &impl ConnectionTrait, attempt_id: i64) -> Result<(), DbErr> {
    payment::Entity::update_many()
        .col_expr(
            payment::Column::RefundStartedAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .filter(payment::Column::Id.eq(attempt_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Records a refund the connector accepted: status 30, the payment no longer fulfilled, and the
/// `refunded` event queued, in `tx`.
pub async fn complete_refund(
    tx: &DatabaseTransaction,
    attempt_id: i64,
    events: &EventSettings<'_>,
) -> Result<Settled, AttemptError> {
    let attempt = lock_attempt(tx, attempt_id).await?;
    let p = lock_payment(tx, attempt.predefined_payment_id).await?;
    let (attempt, payment, event) =
        change_money(tx, attempt, p, EventStatus::Refunded, events).await?;
    Ok(Settled {
        payment,
        attempt,
        event: Some(event),
    })
}

/// An attempt by its number, with the payment it belongs to.
pub async fn find_by_number(
    db: &impl ConnectionTrait,
    payment_number: &str,
) -> Result<Option<(payment::Model, predefined_payment::Model)>, DbErr> {
    let Some(a) = payment::Entity::find()
        .filter(payment::Column::PaymentNumber.eq(payment_number))
        .first(db)
        .await?
    else {
        return Ok(None);
    };
    let p = predefined_payment::Entity::find_by_id(a.predefined_payment_id)
        .first(db)
        .await?;
    Ok(p.map(|p| (a, p)))
}

/// The attempt `payment_number` if it is the shop's, in the key's mode.
pub async fn find_for_shop(
    db: &impl ConnectionTrait,
    shop_id: i64,
    livemode: bool,
    payment_number: &str,
) -> Result<Option<(payment::Model, predefined_payment::Model)>, DbErr> {
    Ok(find_by_number(db, payment_number)
        .await?
        .filter(|(a, _)| a.shop_id == shop_id && a.livemode == livemode))
}

/// An attempt's history, oldest first.
pub async fn history_of(
    db: &impl ConnectionTrait,
    attempt_id: i64,
) -> Result<Vec<payment_history::Model>, DbErr> {
    use sea_orm::QueryOrder;
    payment_history::Entity::find()
        .filter(payment_history::Column::PaymentId.eq(attempt_id))
        .order_by_asc(payment_history::Column::Id)
        .all(db)
        .await
}
