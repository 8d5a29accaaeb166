//! The steps of a payment attempt shared by the checkout, the sandbox calls and the
//! mini-program charge: start one with a brand's connector, settle it, map their refusals.

use crate::connectors::{AttemptRef, not_connected};
use crate::db::entities::{payment, predefined_payment};
use crate::db::repo::attempts::{self, AttemptError};
use crate::domain::payment::PaymentMethod;
use crate::http::error::ApiError;
use crate::state::AppState;

/// Starts an attempt of `p` with `method` (and `tip`) and hands it to the brand's connector.
pub async fn begin(
    state: &AppState,
    p: &predefined_payment::Model,
    method: PaymentMethod,
    tip: i64,
) -> Result<payment::Model, ApiError> {
    let payable = crate::db::repo::accounts::find_shop(&state.db, p.shop_id)
        .await?
        .is_some_and(|shop| shop.is_payable);
    if !payable {
        return Err(crate::pay::payments::not_payable());
    }
    let Some(connector) = state.connectors.for_attempt(p.livemode, method) else {
        return Err(ApiError::Conflict(not_connected(method)));
    };
    let attempt = attempts::start(&state.db, p.id, method, tip, state.clock.now())
        .await
        .map_err(attempt_error)?;
    connector
        .begin(&AttemptRef {
            token: &p.token,
            payment_number: &attempt.payment_number,
            method,
            amount: attempt.amount,
            livemode: p.livemode,
        })
        .await
        .map_err(|e| ApiError::Conflict(e.to_string()))?;
    Ok(attempt)
}

/// Settles an attempt and wakes the webhook worker when an event was written.
pub async fn settle(
    state: &AppState,
    attempt_id: i64,
    outcome: attempts::Outcome,
) -> Result<attempts::Settled, ApiError> {
    let settled = attempts::settle(&state.db, attempt_id, outcome, &state.event_settings())
        .await
        .map_err(attempt_error)?;
    if settled.event.is_some() {
        state.webhook_wake.wake();
    }
    Ok(settled)
}

pub fn attempt_error(e: AttemptError) -> ApiError {
    match e {
        AttemptError::NotFound => ApiError::NotFound("payment not found".into()),
        AttemptError::NotOpen(m) => ApiError::Conflict(m),
        AttemptError::Db(e) => e.into(),
    }
}
