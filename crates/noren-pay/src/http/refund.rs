//! Refund (seed 000 §7, §8; DESIGN.md): full refunds of a paid attempt, with the seed's result
//! codes. Business outcomes answer 200 with a `RefundResult`; only a bad request, a bad key or
//! an unknown payment number are HTTP errors.

use crate::domain::refund::{REFUNDED, ResultCode};
use crate::http::dto::Payment;
use crate::http::idempotency::{self, IdempotencyKey, fingerprint};
use crate::http::params::PaymentNumber;
use crate::service::flow;
use axum::extract::State;
use axum::response::Response;
use noren_core::db::Executor;
use noren_core::http::auth::{Merchant, SecretKey};
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::state::{AppState, Effects};
use noren_core::http::values::{FromValues, Values};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

// Seed 000 §3 "Refund result".
/// The answer of a refund.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = super::examples::refund_result)]
pub struct RefundResult {
    /// What happened, in English.
    pub message: String,
    /// The attempt as it is after the call.
    pub payment: Payment,
    /// 2000 success; 2100 error during refund (the brand refused; still paid); 2101 not
    /// eligible (unpaid, already refunded, or a refund of it is in progress); 2102 the refund
    /// period has passed; 2200 internal error (safe to retry).
    #[schema(example = 2000)]
    pub result_code: i32,
}

/// Values of the refund call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RefundValues {
    /// The paid attempt to refund in full.
    #[param(inline, example = "4829301746502918")]
    payment_number: PaymentNumber,
}

/// Refund a payment
///
/// Refunds a paid attempt in full. The answer is 200 whatever the outcome, with `result_code`:
/// 2000 refunded (status 30, the payment no longer `fulfilled`, a `refunded` webhook follows);
/// 2100 the brand refused (the attempt stays paid); 2101 not eligible (unpaid, already refunded,
/// or a refund of it is in progress); 2102 the refund period (90 days after payment by default)
/// has passed; 2200 internal error. Of two concurrent refunds of one attempt exactly one gets
/// 2000. In the sandbox, refunds of payments of exactly 2,100 yen fail with 2100.
#[utoipa::path(
    post,
    path = "/v3/universal_payments/refund",
    operation_id = "refund",
    tag = "Refunds",
    security(("apiKey" = [])),
    params(RefundValues, IdempotencyKey),
    responses(
        (status = 200, description = "The outcome, in `result_code`.", body = RefundResult,
            links(
                ("ListWebhookEvents" = (operation_id = "list_webhook_events", parameters(("query.payment_number" = "$response.body#/payment/payment_number")),
                    description = "The attempt's events (`refunded` after a 2000)."))
            )),
        (status = 400, description = "`payment_number` is missing or invalid.", body = ErrorBody),
        (status = 404, description = "The shop has no such payment (in this key's mode).", body = ErrorBody),
        (status = 409, description = "The Idempotency-Key was used with other parameters, or its first request is still running.", body = ErrorBody),
    )
)]
pub async fn refund(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    key: IdempotencyKey,
    values: Values,
) -> Response {
    let hash = fingerprint(&values);
    let res = idempotency::once(&state, &merchant, key, "refund", hash, async |db| {
        run(&state, &merchant, values, db).await
    })
    .await;
    // A 2000 wrote its `refunded` event; it is committed now (with a key, only here).
    Effects::none().wake_webhooks().apply(&state);
    res
}

/// extract → load → rules (`pay::domain::refund`) → refund (`pay::service::flow`) → answer.
async fn run(
    state: &AppState,
    merchant: &Merchant,
    values: Values,
    db: &Executor<'_>,
) -> Result<RefundResult, ApiError> {
    let number = RefundValues::from_values(&values)?
        .payment_number
        .into_string();
    let principal = &merchant.0;
    let flow::RefundDone {
        attempt,
        history,
        outcome,
    } = flow::refund_number(state, db, principal.shop.id, principal.livemode(), &number).await?;
    let (result_code, message) = match outcome {
        Ok(()) => (ResultCode::Success.code(), REFUNDED.to_string()),
        Err(refusal) => (refusal.code.code(), refusal.message),
    };
    Ok(RefundResult {
        message,
        payment: Payment::from_model(&attempt, &history, &principal.shop.number),
        result_code,
    })
}
