//! The steps of a payment attempt shared by the checkout, the sandbox calls and the
//! mini-program charge: start one with a brand's connector, settle it, refund it, map their
//! refusals. The rules are in `domain::{lifecycle, refund}`; this file only sequences the
//! repository and the connectors.

use crate::connectors::{AttemptRef, not_connected};
use crate::db::entities::{payment, predefined_payment};
use crate::db::repo::attempts::{self, AttemptError};
use crate::domain::payment::{PaymentMethod, PaymentStatus};
use crate::domain::refund::Refusal;
use crate::http::error::ApiError;
use crate::state::AppState;
use sea_orm::DatabaseExecutor;

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

/// Refunds an attempt that [`crate::domain::refund::eligibility`] accepted: claims it (exactly
/// one of concurrent refunds wins), asks the brand, and records the refund with its `refunded`
/// event, all through `db` (the idempotency transaction when the call has a key). Answers the
/// attempt as it now is, and the refusal when it was not refunded. The caller wakes the webhook
/// worker once `db` committed.
pub async fn refund(
    state: &AppState,
    db: &DatabaseExecutor<'_>,
    attempt: payment::Model,
    p: &predefined_payment::Model,
) -> Result<(payment::Model, Result<(), Refusal>), ApiError> {
    if !attempts::claim_refund(db, attempt.id, state.clock.now()).await? {
        let current = attempts::find_by_number(db, &attempt.payment_number)
            .await?
            .map(|(a, _)| a)
            .unwrap_or(attempt);
        let refusal = Refusal::claim_taken(PaymentStatus::try_from(current.status).ok());
        return Ok((current, Err(refusal)));
    }
    let method = PaymentMethod::parse(&attempt.payment_method);
    let connector = method.and_then(|m| state.connectors.for_attempt(attempt.livemode, m));
    let (Some(method), Some(connector)) = (method, connector) else {
        attempts::release_refund(db, attempt.id).await?;
        return Ok((attempt, Err(Refusal::not_connected())));
    };
    let refused = connector
        .refund(&AttemptRef {
            token: &p.token,
            payment_number: &attempt.payment_number,
            method,
            amount: attempt.amount,
            livemode: attempt.livemode,
        })
        .await;
    if let Err(e) = refused {
        attempts::release_refund(db, attempt.id).await?;
        return Ok((attempt, Err(Refusal::refused_by_brand(e))));
    }
    match attempts::complete_refund(db, attempt.id, &state.event_settings()).await {
        Ok(settled) => Ok((settled.attempt, Ok(()))),
        Err(e) => {
            // The brand refunded but we could not record it: the claim stays, so no second
            // refund goes to the brand until an operator looks (or the claim goes stale).
            tracing::error!(payment_number = %attempt.payment_number, error = %e, "refund accepted by the brand but not recorded");
            Ok((attempt, Err(Refusal::not_recorded())))
        }
    }
}
