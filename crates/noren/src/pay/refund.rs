//! Refund (seed 000 §7, §8; DESIGN.md): full refunds of a paid attempt, with the seed's result
//! codes. Business outcomes answer 200 with a `RefundResult`; only a bad request, a bad key or
//! an unknown payment number are HTTP errors.

use crate::connectors::AttemptRef;
use crate::db::entities::payment;
use crate::db::repo::attempts;
use crate::domain::keys::Mode;
use crate::domain::payment::{PaymentMethod, PaymentStatus};
use crate::http::auth::{Merchant, SecretKey};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::values::{FromValues, Values};
use crate::pay::dto::Payment;
use crate::pay::idempotency::{self, IdempotencyHeader, IdempotencyKey, fingerprint};
use crate::pay::params::PaymentNumber;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::Duration;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

pub const SUCCESS: i32 = 2000;
pub const REFUND_ERROR: i32 = 2100;
pub const NOT_ELIGIBLE: i32 = 2101;
pub const PERIOD_PASSED: i32 = 2102;
pub const INTERNAL: i32 = 2200;

/// The answer of a refund (seed 000 §3 "Refund result").
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
    params(RefundValues, IdempotencyHeader),
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
    let work = run(&state, &merchant, values);
    idempotency::once(&state, &merchant, key, "refund", hash, work).await
}

async fn answer(
    state: &AppState,
    attempt: &payment::Model,
    shop_number: &str,
    result_code: i32,
    message: impl Into<String>,
) -> Result<RefundResult, ApiError> {
    let history = attempts::history_of(&state.db, attempt.id).await?;
    Ok(RefundResult {
        message: message.into(),
        payment: Payment::from_model(attempt, &history, shop_number),
        result_code,
    })
}

async fn run(
    state: &AppState,
    merchant: &Merchant,
    values: Values,
) -> Result<RefundResult, ApiError> {
    let number = RefundValues::from_values(&values)?
        .payment_number
        .into_string();
    let principal = &merchant.0;
    let shop_number = principal.shop.number.as_str();
    let livemode = principal.mode == Mode::Live;
    let Some((attempt, payment)) =
        attempts::find_for_shop(&state.db, principal.shop.id, livemode, &number).await?
    else {
        return Err(ApiError::NotFound(format!("payment {number} not found")));
    };
    match PaymentStatus::try_from(attempt.status) {
        Ok(PaymentStatus::Paid) => {}
        Ok(PaymentStatus::Refunded) => {
            return answer(
                state,
                &attempt,
                shop_number,
                NOT_ELIGIBLE,
                "not eligible: already refunded",
            )
            .await;
        }
        _ => {
            return answer(
                state,
                &attempt,
                shop_number,
                NOT_ELIGIBLE,
                "not eligible: not paid",
            )
            .await;
        }
    }
    let window = Duration::days(state.config.refund_window_days);
    if attempt
        .paid_at
        .is_some_and(|paid| paid + window <= state.clock.now())
    {
        let message = format!(
            "the refund period of {} days after payment has passed",
            state.config.refund_window_days
        );
        return answer(state, &attempt, shop_number, PERIOD_PASSED, message).await;
    }
    if !attempts::claim_refund(&state.db, attempt.id, state.clock.now()).await? {
        let current = attempts::find_by_number(&state.db, &number)
            .await?
            .map(|(a, _)| a)
            .unwrap_or(attempt);
        let message = if current.status == i32::from(PaymentStatus::Refunded) {
            "not eligible: already refunded"
        } else {
            "not eligible: a refund of this payment is in progress"
        };
        return answer(state, &current, shop_number, NOT_ELIGIBLE, message).await;
    }
    let method = PaymentMethod::parse(&attempt.payment_method);
    let connector = method.and_then(|m| state.connectors.for_attempt(livemode, m));
    let (Some(method), Some(connector)) = (method, connector) else {
        attempts::release_refund(&state.db, attempt.id).await?;
        return answer(
            state,
            &attempt,
            shop_number,
            REFUND_ERROR,
            "error during refund: the brand is not connected",
        )
        .await;
    };
    let refused = connector
        .refund(&AttemptRef {
            token: &payment.token,
            payment_number: &attempt.payment_number,
            method,
            amount: attempt.amount,
            livemode,
        })
        .await;
    if let Err(e) = refused {
        attempts::release_refund(&state.db, attempt.id).await?;
        return answer(
            state,
            &attempt,
            shop_number,
            REFUND_ERROR,
            format!("error during refund: {e}"),
        )
        .await;
    }
    match attempts::complete_refund(&state.db, attempt.id, &state.event_settings()).await {
        Ok(settled) => {
            state.webhook_wake.wake();
            answer(state, &settled.attempt, shop_number, SUCCESS, "refunded").await
        }
        Err(e) => {
            // The brand refunded but we could not record it: the claim stays, so no second
            // refund goes to the brand until an operator looks (or the claim goes stale).
            tracing::error!(payment_number = %number, error = %e, "refund accepted by the brand but not recorded");
            answer(
                state,
                &attempt,
                shop_number,
                INTERNAL,
                "internal error during refund",
            )
            .await
        }
    }
}
