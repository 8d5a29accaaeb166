//! The hosted checkout's own JSON endpoints (`checkout/API.md`): what the React page at
//! `/checkout/{token}` reads and does. No key: the token is the secret. Not part of the public
//! payment API, so not in `openapi/pay.yaml`: their spec is the internal
//! `openapi/internal/checkout.json`, from which the checkout's TypeScript types are generated.
//! Each handler calls one function of `pay::service::checkout` and maps its
//! [`CheckoutPage`] to the [`CheckoutView`].

use crate::domain::lifecycle::{
    CheckoutStage, Choice, can_choose_brand, checkout_stage, expires_at,
};
use crate::http::brands::image_path;
use crate::http::dto::iso;
use crate::http::params::{BrandCode, Tip};
use crate::service::checkout::{self as service, CheckoutPage};
use crate::store::attempts::{Outcome, facts};
use axum::extract::State;
use noren_core::domain::payment::{PaymentMethod, PaymentStatus};
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::AppState;
use noren_core::http::values::Values;
use noren_core::webhooks::endpoints::Owner;
use serde::Serialize;
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

/// The checkout as the page shows it, at `now`.
fn build(page: CheckoutPage, now: chrono::DateTime<chrono::Utc>) -> CheckoutView {
    let CheckoutPage {
        record: r,
        shop,
        brands: methods,
    } = page;
    let (name, name_ja) = (shop.name, shop.name_ja);
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
    let page = service::page(&state, &token).await?;
    shown(&state, page).await
}

/// The brand the customer chose, and the tip.
#[derive(Values, ToSchema)]
// Unknown members are refused (one 400 naming them): the schema says so.
#[serde(deny_unknown_fields)]
#[values(body = "json")]
pub struct StartValues {
    /// One of the shop's `brands[].payment`.
    #[schema(inline)]
    payment_method: BrandCode,
    /// A whole number of yen, 0 (the default) unless `tip_vas_enabled`; at most the amount.
    #[schema(inline)]
    tip: Option<Tip>,
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
    request_body = StartValues,
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
    values: StartValues,
) -> Result<Json<CheckoutView>, ApiError> {
    let choice = Choice {
        brand: values.payment_method.0,
        tip: values.tip.map_or(0, |t| t.0),
    };
    let page = service::choose(&state, &token, choice).await?;
    shown(&state, page).await
}

/// The checkout as its page shows it now: on the shop's test clock for a test payment whose
/// shop has one.
async fn shown(state: &AppState, page: CheckoutPage) -> Result<Json<CheckoutView>, ApiError> {
    let p = &page.record.payment;
    let now = state.now_of(Owner::shop(p.shop_id, p.livemode)).await?;
    Ok(Json(build(page, now.at)))
}

async fn finish(
    state: AppState,
    token: String,
    number: String,
    outcome: Outcome,
) -> Result<Json<CheckoutView>, ApiError> {
    let page = service::settle_from_page(&state, &token, &number, outcome).await?;
    shown(&state, page).await
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
