//! Predefined payments and their attempts: create, read (one, or a page), update.
//! Reads load a page's attempts, histories and value-added services in one query each.

use chrono::{DateTime, Utc};
use noren_core::db::entities::{payment, payment_history, predefined_payment, value_added_service};
use noren_core::db::repo::SelectFirst;
use noren_core::db::repo::{PAYMENT_ORDER_NO, on_constraint};
use noren_core::domain::payment::{PaymentInterface, Yen, new_token};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use std::collections::HashMap;

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// `order_no` is already used by another payment of the shop (DESIGN.md: 409).
    #[error("order_no {0} is already used by another payment of this shop")]
    OrderNoTaken(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// A predefined payment with everything its answer shows.
#[derive(Clone, Debug)]
pub struct PaymentRecord {
    pub payment: predefined_payment::Model,
    /// Attempts, oldest first, each with its history (oldest first).
    pub attempts: Vec<(payment::Model, Vec<payment_history::Model>)>,
    pub services: Vec<value_added_service::Model>,
}

impl PaymentRecord {
    /// seed 000 §4: expired once `create_time + expires_after` has passed; unset or 0 never.
    pub fn expired_at(&self, now: DateTime<Utc>) -> bool {
        crate::store::attempts::is_expired(&self.payment, now)
    }
}

pub struct NewPayment {
    pub shop_id: i64,
    pub livemode: bool,
    pub amount: Yen,
    pub order_no: Option<String>,
    pub custom: Option<String>,
    pub interface: PaymentInterface,
    pub redirection_url: Option<String>,
    pub webhook_callback_url: Option<String>,
    pub tip_vas_enabled: bool,
    pub expires_after: Option<i64>,
    /// The state's clock reading: the payment's `create_time`.
    pub now: DateTime<Utc>,
}

/// Inserts a payment with a new token.
pub async fn create(
    db: &impl ConnectionTrait,
    new: NewPayment,
) -> Result<PaymentRecord, PaymentError> {
    create_with_token(db, new, new_token()).await
}

/// Inserts a payment with `token` (tests give one to provoke a collision): only a violation of
/// the `order_no` index is [`PaymentError::OrderNoTaken`]; any other stays a database error.
pub async fn create_with_token(
    db: &impl ConnectionTrait,
    new: NewPayment,
    token: String,
) -> Result<PaymentRecord, PaymentError> {
    let now = new.now;
    let order_no = new.order_no.clone();
    let model = predefined_payment::ActiveModel {
        token: Set(token),
        shop_id: Set(new.shop_id),
        livemode: Set(new.livemode),
        amount: Set(new.amount.get()),
        tip_amount: Set(0),
        order_no: Set(new.order_no),
        custom: Set(new.custom),
        payment_interface: Set(new.interface.as_str().to_string()),
        redirection_url: Set(new.redirection_url),
        webhook_callback_url: Set(new.webhook_callback_url),
        tip_vas_enabled: Set(new.tip_vas_enabled),
        expires_after: Set(new.expires_after),
        invalidated: Set(false),
        started: Set(false),
        fulfilled: Set(false),
        payment_method: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .map_err(|e| match order_no {
        Some(no) if on_constraint(&e, &PAYMENT_ORDER_NO) => PaymentError::OrderNoTaken(no),
        _ => PaymentError::Db(e),
    })?;
    noren_core::testhook::pause_at(noren_core::testhook::AFTER_PAYMENT_INSERT).await;
    Ok(PaymentRecord {
        payment: model,
        attempts: Vec::new(),
        services: Vec::new(),
    })
}

/// Loads attempts, histories and services for `payments` (three queries whatever the count).
async fn hydrate(
    db: &impl ConnectionTrait,
    payments: Vec<predefined_payment::Model>,
    with_children: bool,
) -> Result<Vec<PaymentRecord>, DbErr> {
    // Attempts and services exist only once a brand was chosen (`started`, which never reverts),
    // so payments not started need no more queries: reading a fresh payment is one query.
    let ids: Vec<i64> = payments
        .iter()
        .filter(|p| p.started)
        .map(|p| p.id)
        .collect();
    if !with_children || ids.is_empty() {
        return Ok(payments
            .into_iter()
            .map(|payment| PaymentRecord {
                payment,
                attempts: Vec::new(),
                services: Vec::new(),
            })
            .collect());
    }
    let attempts = payment::Entity::find()
        .filter(payment::Column::PredefinedPaymentId.is_in(ids.clone()))
        .order_by_asc(payment::Column::Id)
        .all(db)
        .await?;
    let attempt_ids: Vec<i64> = attempts.iter().map(|a| a.id).collect();
    let mut history: HashMap<i64, Vec<payment_history::Model>> = HashMap::new();
    if !attempt_ids.is_empty() {
        for h in payment_history::Entity::find()
            .filter(payment_history::Column::PaymentId.is_in(attempt_ids))
            .order_by_asc(payment_history::Column::Id)
            .all(db)
            .await?
        {
            history.entry(h.payment_id).or_default().push(h);
        }
    }
    let mut by_payment: HashMap<i64, Vec<(payment::Model, Vec<payment_history::Model>)>> =
        HashMap::new();
    for a in attempts {
        let h = history.remove(&a.id).unwrap_or_default();
        by_payment
            .entry(a.predefined_payment_id)
            .or_default()
            .push((a, h));
    }
    let mut services: HashMap<i64, Vec<value_added_service::Model>> = HashMap::new();
    for s in value_added_service::Entity::find()
        .filter(value_added_service::Column::PredefinedPaymentId.is_in(ids))
        .order_by_asc(value_added_service::Column::Id)
        .all(db)
        .await?
    {
        services.entry(s.predefined_payment_id).or_default().push(s);
    }
    Ok(payments
        .into_iter()
        .map(|payment| PaymentRecord {
            attempts: by_payment.remove(&payment.id).unwrap_or_default(),
            services: services.remove(&payment.id).unwrap_or_default(),
            payment,
        })
        .collect())
}

/// A payment by token, whoever asks (seed 000 §6: reading by token needs no key).
/// `simple` leaves out attempts and services.
pub async fn find_by_token(
    db: &impl ConnectionTrait,
    token: &str,
    simple: bool,
) -> Result<Option<PaymentRecord>, DbErr> {
    let Some(p) = predefined_payment::Entity::find()
        .filter(predefined_payment::Column::Token.eq(token))
        .first(db)
        .await?
    else {
        return Ok(None);
    };
    with_children(db, p, simple).await.map(Some)
}

/// Everything the answer for `p` shows (its attempts and services unless `simple`).
pub async fn with_children(
    db: &impl ConnectionTrait,
    p: predefined_payment::Model,
    simple: bool,
) -> Result<PaymentRecord, DbErr> {
    hydrate(db, vec![p], !simple)
        .await?
        .pop()
        .ok_or_else(|| DbErr::Custom("a payment vanished while it was read".into()))
}

/// How a merchant names one of its payments.
pub enum PaymentRef<'a> {
    Token(&'a str),
    OrderNo(&'a str),
}

/// One of the shop's payments in the key's mode; another shop's or mode's payment is `None`.
pub async fn find_for_shop(
    db: &impl ConnectionTrait,
    shop_id: i64,
    livemode: bool,
    by: PaymentRef<'_>,
) -> Result<Option<predefined_payment::Model>, DbErr> {
    let q = predefined_payment::Entity::find()
        .filter(predefined_payment::Column::ShopId.eq(shop_id))
        .filter(predefined_payment::Column::Livemode.eq(livemode));
    let q = match by {
        PaymentRef::Token(t) => q.filter(predefined_payment::Column::Token.eq(t)),
        PaymentRef::OrderNo(o) => q.filter(predefined_payment::Column::OrderNo.eq(o)),
    };
    q.first(db).await
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderBy {
    CreateTime,
    UpdateTime,
}

pub struct ListQuery {
    pub shop_id: i64,
    pub livemode: bool,
    pub time_start: Option<DateTime<Utc>>,
    pub time_end: Option<DateTime<Utc>>,
    pub offset: u64,
    pub limit: u64,
    pub time_asc: bool,
    pub order_by: OrderBy,
    pub order_no: Option<String>,
}

/// A page of the shop's payments and the number of all that match.
pub async fn list(
    db: &impl ConnectionTrait,
    q: &ListQuery,
) -> Result<(Vec<PaymentRecord>, u64), DbErr> {
    let time_col = match q.order_by {
        OrderBy::CreateTime => predefined_payment::Column::CreatedAt,
        OrderBy::UpdateTime => predefined_payment::Column::UpdatedAt,
    };
    let mut select = predefined_payment::Entity::find()
        .filter(predefined_payment::Column::ShopId.eq(q.shop_id))
        .filter(predefined_payment::Column::Livemode.eq(q.livemode));
    if let Some(start) = q.time_start {
        select = select.filter(time_col.gte(start));
    }
    if let Some(end) = q.time_end {
        select = select.filter(time_col.lt(end));
    }
    if let Some(no) = &q.order_no {
        select = select.filter(predefined_payment::Column::OrderNo.eq(no.as_str()));
    }
    let total = select.clone().count(db).await?;
    let select = if q.time_asc {
        select
            .order_by_asc(time_col)
            .order_by_asc(predefined_payment::Column::Id)
    } else {
        select
            .order_by_desc(time_col)
            .order_by_desc(predefined_payment::Column::Id)
    };
    let page = noren_core::db::repo::page(db, select, q.offset, q.limit).await?;
    Ok((hydrate(db, page, true).await?, total))
}

/// What an update may change; `None` leaves a value as it is.
#[derive(Default)]
pub struct Changes {
    pub custom: Option<String>,
    pub expires_after: Option<i64>,
    pub invalidated: Option<bool>,
    pub redirection_url: Option<String>,
    pub tip_vas_enabled: Option<bool>,
}

/// Applies `changes`, stamping `updated_at` with `now` (the state's clock).
pub async fn update(
    db: &impl ConnectionTrait,
    current: predefined_payment::Model,
    changes: Changes,
    now: DateTime<Utc>,
) -> Result<PaymentRecord, DbErr> {
    let mut active: predefined_payment::ActiveModel = current.into();
    if let Some(v) = changes.custom {
        active.custom = Set(Some(v));
    }
    if let Some(v) = changes.expires_after {
        active.expires_after = Set(Some(v));
    }
    if let Some(v) = changes.invalidated {
        active.invalidated = Set(v);
    }
    if let Some(v) = changes.redirection_url {
        active.redirection_url = Set(Some(v));
    }
    if let Some(v) = changes.tip_vas_enabled {
        active.tip_vas_enabled = Set(v);
    }
    active.updated_at = Set(now);
    let model = active.update(db).await?;
    hydrate(db, vec![model], true)
        .await?
        .pop()
        .ok_or_else(|| DbErr::RecordNotFound("updated payment".into()))
}

/// Invalidates the payment `id`: its link takes no new attempt.
pub async fn invalidate(
    db: &impl ConnectionTrait,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    predefined_payment::Entity::update_many()
        .col_expr(predefined_payment::Column::Invalidated, Expr::value(true))
        .col_expr(predefined_payment::Column::UpdatedAt, Expr::value(now))
        .filter(predefined_payment::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}
