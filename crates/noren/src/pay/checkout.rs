//! The hosted checkout's own JSON endpoints (`checkout/API.md`): what the React page at
//! `/checkout/{token}` reads and does. No key: the token is the secret. Not part of the public
//! payment API, so not in `openapi/pay.yaml`.

use crate::db::repo::attempts::{self, Outcome, is_expired};
use crate::db::repo::payments::{self, PaymentRecord};
use crate::db::repo::{accounts, shops};
use crate::domain::payment::{PaymentMethod, PaymentStatus};
use crate::http::error::{ApiError, FieldError};
use crate::http::extract::{Json, Path};
use crate::pay::brands::image_path;
use crate::pay::dto::iso;
use crate::pay::flow::{begin, settle};
use crate::state::AppState;
use axum::extract::State;
use chrono::Duration;
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
pub struct Shop {
    name: String,
    name_ja: String,
}

#[derive(Serialize)]
pub struct Brand {
    payment: String,
    name: String,
    image_url: String,
}

#[derive(Serialize)]
pub struct Attempt {
    payment_number: String,
    payment_method: String,
    brand_name: String,
    status: i32,
    amount: i64,
}

#[derive(Serialize)]
pub struct Receipt {
    payment_number: String,
    payment_method: String,
    brand_name: String,
    amount: i64,
    tip: i64,
    amount_total: i64,
    paid_at: Option<String>,
}

#[derive(Serialize)]
pub struct CheckoutView {
    token: String,
    state: &'static str,
    livemode: bool,
    shop: Shop,
    order_no: Option<String>,
    amount: i64,
    tip_vas_enabled: bool,
    tip: i64,
    amount_total: i64,
    can_choose_brand: bool,
    redirection_url: Option<String>,
    expires_at: Option<String>,
    brands: Vec<Brand>,
    attempt: Option<Attempt>,
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
    let expired = is_expired(p, now);
    let state = if p.fulfilled {
        "paid"
    } else if paid.is_some_and(|a| a.status == i32::from(PaymentStatus::Refunded)) {
        "refunded"
    } else if expired {
        "expired"
    } else if p.invalidated && !open_attempt {
        "invalidated"
    } else {
        "open"
    };
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
        can_choose_brand: state == "open" && !p.invalidated,
        redirection_url: p.redirection_url.clone(),
        expires_at: match p.expires_after {
            Some(secs) if secs > 0 => Some(iso(p.created_at + Duration::seconds(secs))),
            _ => None,
        },
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
            .filter(|_| matches!(state, "paid" | "refunded"))
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

/// The largest tip on `amount`: the amount itself, and never past the largest payment.
fn max_tip(amount: i64) -> i64 {
    amount
        .min(crate::domain::payment::MAX_AMOUNT - amount)
        .max(0)
}

/// `GET /checkout/api/{token}`
pub async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<CheckoutView>, ApiError> {
    Ok(Json(view(&state, &token).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartBody {
    payment_method: String,
    #[serde(default)]
    tip: serde_json::Value,
}

/// `POST /checkout/api/{token}/attempts`
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
    let tip = match tip {
        None => {
            errors.push(FieldError::new("tip", "must be a whole number of yen"));
            0
        }
        Some(t) if t != 0 && !p.tip_vas_enabled => {
            errors.push(FieldError::new("tip", "this payment takes no tip"));
            t
        }
        Some(t) if !(0..=max_tip(p.amount)).contains(&t) => {
            errors.push(FieldError::new(
                "tip",
                format!(
                    "must be from 0 to {} (at most the amount, and amount plus tip at most \
                     99,999,999 yen)",
                    max_tip(p.amount)
                ),
            ));
            t
        }
        Some(t) => t,
    };
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

/// `POST /checkout/api/{token}/attempts/{payment_number}/approve`
pub async fn approve(
    State(state): State<AppState>,
    Path((token, number)): Path<(String, String)>,
) -> Result<Json<CheckoutView>, ApiError> {
    finish(state, token, number, Outcome::Approved).await
}

/// `POST /checkout/api/{token}/attempts/{payment_number}/decline`
pub async fn decline(
    State(state): State<AppState>,
    Path((token, number)): Path<(String, String)>,
) -> Result<Json<CheckoutView>, ApiError> {
    finish(state, token, number, Outcome::Declined).await
}
