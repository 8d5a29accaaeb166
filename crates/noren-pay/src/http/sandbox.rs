//! The sandbox brand, headless: a merchant's test key approves or declines an open attempt as
//! the customer would on the checkout's sandbox brand page.

use crate::http::dto::PredefinedPayment;
use crate::service::checkout::settle_headless;
use crate::store::attempts::Outcome;
use axum::extract::State;
use noren_core::http::auth::Merchant;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::AppState;

async fn sandbox(
    state: AppState,
    merchant: Merchant,
    number: String,
    outcome: Outcome,
) -> Result<Json<PredefinedPayment>, ApiError> {
    let principal = &merchant.0;
    let shop = &principal.shop;
    let record = settle_headless(&state, shop.id, principal.livemode(), &number, outcome).await?;
    let now = state.now_of(merchant.owner()).await?.at;
    Ok(Json(PredefinedPayment::from_record(
        &record,
        &shop.number,
        false,
        now,
    )))
}

/// Approve a sandbox payment
///
/// Approves the open attempt `payment_number` as the customer would on the sandbox brand page:
/// the attempt becomes paid (10), the payment `fulfilled`, and the `paid` webhook is queued.
/// Test keys only. Answers the payment.
#[utoipa::path(
    post,
    path = "/sandbox/payments/{payment_number}/approve",
    operation_id = "sandbox_approve",
    tag = "Sandbox",
    security(("apiKey" = [])),
    params(("payment_number" = String, Path, description = "The open attempt (status 0).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The payment, now fulfilled.", body = PredefinedPayment,
            links(
                ("Refund" = (operation_id = "refund", parameters(("query.payment_number" = "$response.body#/associated_payments/0/payment_number")),
                    description = "Refund the payment's first attempt (the one just paid, for a payment with one attempt).")),
                ("ListWebhookEvents" = (operation_id = "list_webhook_events", parameters(("query.token" = "$response.body#/token")),
                    description = "The `paid` event of the payment."))
            )),
        (status = 403, description = "A live key (the sandbox takes test keys only), a disabled shop device, or a key whose scope does not include this call.", body = ErrorBody,
            example = json!({"code": "forbidden", "message": "the sandbox takes test keys only (sk_test_… or dk_test_…)"})),
        (status = 404, description = "The shop has no such test attempt.", body = ErrorBody),
        (status = 409, description = "The attempt is not open, or the payment expired.", body = ErrorBody),
    )
)]
pub async fn sandbox_approve(
    State(state): State<AppState>,
    merchant: Merchant,
    Path(payment_number): Path<String>,
) -> Result<Json<PredefinedPayment>, ApiError> {
    sandbox(state, merchant, payment_number, Outcome::Approved).await
}

/// Decline a sandbox payment
///
/// Declines the open attempt `payment_number`: it becomes cancelled (90) and the customer may
/// choose a brand again. Test keys only. Answers the payment.
#[utoipa::path(
    post,
    path = "/sandbox/payments/{payment_number}/decline",
    operation_id = "sandbox_decline",
    tag = "Sandbox",
    security(("apiKey" = [])),
    params(("payment_number" = String, Path, description = "The open attempt (status 0).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The payment; the attempt is cancelled.", body = PredefinedPayment),
        (status = 403, description = "A live key (the sandbox takes test keys only), a disabled shop device, or a key whose scope does not include this call.", body = ErrorBody,
            example = json!({"code": "forbidden", "message": "the sandbox takes test keys only (sk_test_… or dk_test_…)"})),
        (status = 404, description = "The shop has no such test attempt.", body = ErrorBody),
        (status = 409, description = "The attempt is not open.", body = ErrorBody),
    )
)]
pub async fn sandbox_decline(
    State(state): State<AppState>,
    merchant: Merchant,
    Path(payment_number): Path<String>,
) -> Result<Json<PredefinedPayment>, ApiError> {
    sandbox(state, merchant, payment_number, Outcome::Declined).await
}
