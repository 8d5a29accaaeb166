//! The hosted checkout's own JSON endpoints (`checkout/API.md`): what the React page at
//! `/checkout/{token}` reads and does. No key: the token is the secret. Not part of the public
//! payment API, so not in `openapi/pay.yaml`: their spec is the internal
//! `openapi/internal/checkout.json`, from which the checkout's TypeScript types are generated.

use crate::db::repo::{accounts, shops};
use crate::domain::payment::{PaymentMethod, PaymentStatus};
use crate::http::error::{ApiError, ErrorBody, FieldError};
use crate::http::extract::{Json, Path};
use crate::http::state::AppState;
use crate::pay::domain::lifecycle::{
    CheckoutStage, can_choose_brand, check_tip, checkout_stage, expires_at,
};
use crate::pay::http::brands::image_path;
use crate::pay::http::dto::iso;
use crate::pay::service::flow::{begin, settle};
use crate::pay::store::attempts::{self, Outcome, facts};
use crate::pay::store::payments::{self, PaymentRecord};
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The shop taking the payment.
#[derive(Serialize, ToSchema)]
pub struct Shop {
    #[schema(example = "Noren Demo Cafe")]
    name: String,
    /// The shop's Japanese name, shown on the Japanese page (empty when the shop has none).
    #[schema(example = "ノーレン デモ カフェ")]
    name_ja: String,
}

/// A payment brand the shop offers, in display order.
#[derive(Serialize, ToSchema)]
pub struct Brand {
    /// The brand's code, sent back as `payment_method` to start an attempt.
    #[schema(example = "paypay")]
    payment: String,
    #[schema(example = "PayPay")]
    name: String,
    /// A same-origin path of the brand's badge.
    #[schema(example = "/checkout/brands/paypay.svg")]
    image_url: String,
}

/// The latest attempt of the payment.
#[derive(Serialize, ToSchema)]
pub struct Attempt {
    #[schema(example = "4829301746502918")]
    payment_number: String,
    #[schema(example = "paypay")]
    payment_method: String,
    #[schema(example = "PayPay")]
    brand_name: String,
    /// 0 unpaid (waiting for the brand page), 10 paid, 30 refunded, 90 cancelled or declined.
    #[schema(example = 0)]
    status: i32,
    /// What the attempt charges: the payment's amount plus the tip.
    #[schema(example = 1100)]
    amount: i64,
}

/// What was paid: present when `state` is `paid` or `refunded`.
#[derive(Serialize, ToSchema)]
pub struct Receipt {
    #[schema(example = "4829301746502918")]
    payment_number: String,
    #[schema(example = "paypay")]
    payment_method: String,
    #[schema(example = "PayPay")]
    brand_name: String,
    #[schema(example = 1000)]
    amount: i64,
    #[schema(example = 100)]
    tip: i64,
    #[schema(example = 1100)]
    amount_total: i64,
    /// When the attempt was paid.
    #[schema(required = true, format = DateTime, example = "2026-11-23T09:12:00Z")]
    paid_at: Option<String>,
}

/// The checkout's state, the first that applies (`checkout/API.md`).
#[derive(Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckoutState {
    /// Paid in full.
    Paid,
    /// Its paid attempt was refunded.
    Refunded,
    /// Past `create_time + expires_after`.
    Expired,
    /// The merchant blocked the link and no attempt is open.
    Invalidated,
    /// Waiting for the customer.
    Open,
}

impl From<CheckoutStage> for CheckoutState {
    fn from(s: CheckoutStage) -> Self {
        match s {
            CheckoutStage::Paid => CheckoutState::Paid,
            CheckoutStage::Refunded => CheckoutState::Refunded,
            CheckoutStage::Expired => CheckoutState::Expired,
            CheckoutStage::Invalidated => CheckoutState::Invalidated,
            CheckoutStage::Open => CheckoutState::Open,
        }
    }
}

/// The payment as the checkout shows it.
#[derive(Serialize, ToSchema)]
pub struct CheckoutView {
    #[schema(example = "tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a")]
    token: String,
    state: CheckoutState,
    livemode: bool,
    shop: Shop,
    #[schema(required = true, example = "A-0001")]
    order_no: Option<String>,
    #[schema(example = 1000)]
    amount: i64,
    tip_vas_enabled: bool,
    /// The tip chosen with the latest attempt (0 when none).
    #[schema(example = 0)]
    tip: i64,
    /// `amount` + `tip`.
    #[schema(example = 1000)]
    amount_total: i64,
    /// False when the link is invalidated but an attempt was already started (that attempt may
    /// still be approved or declined), or when `state` is not `open`.
    can_choose_brand: bool,
    #[schema(required = true, example = "https://shop.example/thanks")]
    redirection_url: Option<String>,
    /// Null when the payment never expires.
    #[schema(required = true, format = DateTime, example = "2026-11-23T10:00:00Z")]
    expires_at: Option<String>,
    brands: Vec<Brand>,
    /// The latest attempt, or null.
    #[schema(required = true)]
    attempt: Option<Attempt>,
    /// Null unless `state` is `paid` or `refunded`.
    #[schema(required = true)]
    receipt: Option<Receipt>,
}

fn brand_name(method: &str) -> String {
    PaymentMethod::parse(method)
        .map(|m| m.display_name().to_string())
        .unwrap_or_else(|| method.to_string())
}

async fn view(state: &AppState, token: &str) -> Result<CheckoutView, ApiError> {
    let record = payments::find_by_token(&state.db, token, false)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    let shop = accounts::find_shop(&state.db, record.payment.shop_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    let methods = shops::payment_methods(&state.db, shop.id).await?;
    Ok(build(
        record,
        shop.name,
        shop.name_ja,
        &methods,
        state.clock.now(),
    ))
}

fn build(
    r: PaymentRecord,
    name: String,
    name_ja: String,
    methods: &[PaymentMethod],
    now: chrono::DateTime<chrono::Utc>,
) -> CheckoutView {
    let p = &r.payment;
    let latest = r.attempts.last().map(|(a, _)| a);
    let paid = r.attempts.iter().rev().map(|(a, _)| a).find(|a| {
        a.status == i32::from(PaymentStatus::Paid) || a.status == i32::from(PaymentStatus::Refunded)
    });
    let open_attempt = latest.is_some_and(|a| a.status == i32::from(PaymentStatus::Unpaid));
    let facts = facts(p, now);
    let last_paid = paid.and_then(|a| PaymentStatus::try_from(a.status).ok());
    let stage = checkout_stage(facts, last_paid, open_attempt);
    let state = CheckoutState::from(stage);
    let tip = p.tip_amount;
    CheckoutView {
        token: p.token.clone(),
        state,
        livemode: p.livemode,
        shop: Shop { name, name_ja },
        order_no: p.order_no.clone(),
        amount: p.amount,
        tip_vas_enabled: p.tip_vas_enabled,
        tip,
        amount_total: p.amount + tip,
        can_choose_brand: can_choose_brand(stage, facts),
        redirection_url: p.redirection_url.clone(),
        expires_at: expires_at(p.created_at, p.expires_after).map(iso),
        brands: methods
            .iter()
            .map(|m| Brand {
                payment: m.as_str().to_string(),
                name: m.display_name().to_string(),
                image_url: image_path(*m),
            })
            .collect(),
        attempt: latest.map(|a| Attempt {
            payment_number: a.payment_number.clone(),
            payment_method: a.payment_method.clone(),
            brand_name: brand_name(&a.payment_method),
            status: a.status,
            amount: a.amount,
        }),
        receipt: paid
            .filter(|_| matches!(state, CheckoutState::Paid | CheckoutState::Refunded))
            .map(|a| Receipt {
                payment_number: a.payment_number.clone(),
                payment_method: a.payment_method.clone(),
                brand_name: brand_name(&a.payment_method),
                amount: p.amount,
                tip: a.amount - p.amount,
                amount_total: a.amount,
                paid_at: a.paid_at.map(iso),
            }),
    }
}

/// Read the checkout
///
/// The payment as the checkout page shows it.
#[utoipa::path(
    get,
    path = "/checkout/api/{token}",
    operation_id = "get_checkout",
    tag = "Checkout",
    params(("token" = String, Path, description = "The payment's token (from its checkout `url`).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The checkout.", body = CheckoutView),
        (status = 404, description = "No payment with this token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no payment with this token"})),
    )
)]
pub async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<CheckoutView>, ApiError> {
    Ok(Json(view(&state, &token).await?))
}

/// The brand the customer chose, and the tip.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    /// One of the shop's `brands[].payment`.
    #[schema(example = "paypay")]
    payment_method: String,
    /// A whole number of yen, 0 (the default) unless `tip_vas_enabled`; at most the amount.
    /// Taken as any JSON value so that a wrong one is named in the 400 rather than refused whole.
    #[serde(default)]
    #[schema(value_type = Option<i64>, minimum = 0, example = 100)]
    tip: serde_json::Value,
}

/// Start an attempt
///
/// Starts an attempt with the chosen brand: an open attempt with another brand is cancelled
/// (status 90) first. The answer's `attempt` is the new one (status 0).
#[utoipa::path(
    post,
    path = "/checkout/api/{token}/attempts",
    operation_id = "start_attempt",
    tag = "Checkout",
    params(("token" = String, Path, description = "The payment's token (from its checkout `url`).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = StartBody,
    responses(
        (status = 200, description = "The checkout, with the new attempt.", body = CheckoutView),
        (status = 400, description = "`errors` names the field: an unknown or not offered `payment_method`; a `tip` that is not a whole number, out of range, or not 0 when the payment takes no tip.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid request", "errors": [{"field": "payment_method", "message": "is not one of the brands this shop offers"}]})),
        (status = 404, description = "No payment with this token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no payment with this token"})),
        (status = 409, description = "The payment is not open (expired, invalidated, paid), or the brand is not connected in live mode in this installation.", body = ErrorBody),
    )
)]
pub async fn start(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Json(body): Json<StartBody>,
) -> Result<Json<CheckoutView>, ApiError> {
    let record = payments::find_by_token(&state.db, &token, true)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    let p = &record.payment;
    let offered = shops::payment_methods(&state.db, p.shop_id).await?;
    let mut errors = Vec::new();
    let method = PaymentMethod::parse(&body.payment_method).filter(|m| offered.contains(m));
    if method.is_none() {
        errors.push(FieldError::new(
            "payment_method",
            "is not one of the brands this shop offers",
        ));
    }
    let tip = match &body.tip {
        serde_json::Value::Null => Some(0),
        v => v.as_i64(),
    };
    let tip = check_tip(tip, p.tip_vas_enabled, p.amount).unwrap_or_else(|message| {
        errors.push(FieldError::new("tip", message));
        0
    });
    let Some(method) = method.filter(|_| errors.is_empty()) else {
        return Err(ApiError::invalid(errors));
    };
    begin(&state, p, method, tip).await?;
    Ok(Json(view(&state, &token).await?))
}

async fn finish(
    state: AppState,
    token: String,
    number: String,
    outcome: Outcome,
) -> Result<Json<CheckoutView>, ApiError> {
    let not_found = || ApiError::NotFound("no such payment attempt".into());
    let (attempt, payment) = attempts::find_by_number(&state.db, &number)
        .await?
        .ok_or_else(not_found)?;
    if payment.token != token {
        return Err(not_found());
    }
    if payment.livemode {
        // Live attempts are settled by their brand, never by the sandbox page.
        return Err(ApiError::Conflict(
            "live payments are approved by their brand, not by the sandbox page".into(),
        ));
    }
    settle(&state, attempt.id, outcome).await?;
    Ok(Json(view(&state, &token).await?))
}

/// Approve an attempt (sandbox)
///
/// What the sandbox brand page's Approve button calls: the attempt is paid (status 10), the
/// payment fulfilled, and the `paid` webhook queued. Test payments only.
#[utoipa::path(
    post,
    path = "/checkout/api/{token}/attempts/{payment_number}/approve",
    operation_id = "approve_attempt",
    tag = "Checkout",
    params(
        ("token" = String, Path, description = "The payment's token (from its checkout `url`).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("payment_number" = String, Path, description = "The open attempt (status 0).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The checkout, now paid.", body = CheckoutView),
        (status = 404, description = "No payment with this token, or the attempt is not one of its.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no such payment attempt"})),
        (status = 409, description = "A live payment (settled by its brand), an attempt that is not open, or an expired payment.", body = ErrorBody),
    )
)]
pub async fn approve(
    State(state): State<AppState>,
    Path((token, number)): Path<(String, String)>,
) -> Result<Json<CheckoutView>, ApiError> {
    finish(state, token, number, Outcome::Approved).await
}

/// Decline an attempt (sandbox)
///
/// What the sandbox brand page's Decline button calls: the attempt is declined (status 90) and
/// the customer may choose again. Test payments only.
#[utoipa::path(
    post,
    path = "/checkout/api/{token}/attempts/{payment_number}/decline",
    operation_id = "decline_attempt",
    tag = "Checkout",
    params(
        ("token" = String, Path, description = "The payment's token (from its checkout `url`).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("payment_number" = String, Path, description = "The open attempt (status 0).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The checkout; the attempt is declined.", body = CheckoutView),
        (status = 404, description = "No payment with this token, or the attempt is not one of its.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no such payment attempt"})),
        (status = 409, description = "A live payment (settled by its brand), or an attempt that is not open.", body = ErrorBody),
    )
)]
pub async fn decline(
    State(state): State<AppState>,
    Path((token, number)): Path<(String, String)>,
) -> Result<Json<CheckoutView>, ApiError> {
    finish(state, token, number, Outcome::Declined).await
}
