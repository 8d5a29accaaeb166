//! The steps of a payment attempt shared by the checkout, the sandbox calls and the
//! mini-program charge: start one with a brand's connector, settle it, refund it. The rules are
//! in `domain::{lifecycle, refund}`; this file only sequences the store and the connectors, and
//! answers [`PayError`].

use crate::domain::refund::{RefundWindow, Refusal, eligibility};
use crate::service::error::{Doing, PayError};
use crate::service::hooks::{MoneyChange, PaymentHooks};
use crate::store::attempts::{self, AttemptError};
use noren_core::connectors::AttemptRef;
use noren_core::db::Executor;
use noren_core::db::entities::{payment, payment_history, predefined_payment};
use noren_core::db::{begin_write, begin_write_in};
use noren_core::domain::clock::Now;
use noren_core::domain::payment::{PaymentMethod, PaymentStatus};
use noren_core::http::state::AppState;
use noren_core::http::state::Effects;
use noren_core::webhooks::endpoints::Owner;

/// Starts an attempt of `p` with `method` (and `tip`) and hands it to the brand's connector.
pub async fn begin(
    state: &AppState,
    p: &predefined_payment::Model,
    method: PaymentMethod,
    tip: i64,
) -> Result<payment::Model, PayError> {
    let payable = noren_core::db::repo::accounts::find_shop(&state.db, p.shop_id)
        .await
        .doing(|| format!("reading the shop of payment {}", p.id))?
        .is_some_and(|shop| shop.is_payable);
    if !payable {
        return Err(PayError::NotPayable);
    }
    let Some(connector) = state.connectors.for_attempt(p.livemode, method) else {
        return Err(PayError::NotConnected(method));
    };
    let now = now_of(state, p.shop_id, p.livemode).await?;
    let attempt = start(state, p.id, method, tip, now).await?;
    connector
        .begin(&AttemptRef {
            token: &p.token,
            payment_number: &attempt.payment_number,
            method,
            amount: attempt.amount,
            livemode: p.livemode,
        })
        .await
        .map_err(|e| PayError::BrandRefused(e.to_string()))?;
    Ok(attempt)
}

/// Now for a payment of shop `shop_id` in its mode: the shop's test clock's time while its test
/// mode has one (`noren_core::clocks`).
pub async fn now_of(state: &AppState, shop_id: i64, livemode: bool) -> Result<Now, PayError> {
    state
        .now_of(Owner::shop(shop_id, livemode))
        .await
        .doing(|| "reading the shop's test clock")
}

/// Starts an attempt to pay `payment_id` with `method` (and `tip`) at `now` (the shop's),
/// cancelling the open one, in one transaction; the connector is not asked (see [`begin`]).
pub async fn start(
    state: &AppState,
    payment_id: i64,
    method: PaymentMethod,
    tip: i64,
    now: Now,
) -> Result<payment::Model, PayError> {
    let started = async {
        let tx = begin_write(&state.db).await?;
        let attempt = attempts::start(&tx, payment_id, method, tip, now.at).await?;
        tx.commit().await?;
        Ok::<_, AttemptError>(attempt)
    };
    started.await.map_err(PayError::attempt(format!(
        "starting an attempt of payment {payment_id}"
    )))
}

/// Settles an attempt at `now` (its shop's); an approval moves the payment's followers (its
/// order) and writes the `paid` event in the same transaction, then wakes the webhook worker.
pub async fn settle(
    state: &AppState,
    attempt_id: i64,
    outcome: attempts::Outcome,
    now: Now,
) -> Result<attempts::Settled, PayError> {
    let hooks = state.slice::<PaymentHooks>();
    let doing = || format!("settling attempt {attempt_id}");
    let tx = begin_write(&state.db).await.doing(doing)?;
    let events = state.event_settings(now);
    let settled = attempts::settle(&tx, attempt_id, outcome, &events)
        .await
        .map_err(PayError::attempt(doing()))?;
    if settled.event.is_some() {
        hooks
            .money_changed(&tx, &settled.payment, MoneyChange::Paid, events.now)
            .await
            .doing(doing)?;
    }
    tx.commit().await.doing(doing)?;
    let effects = if settled.event.is_some() {
        Effects::none().wake_webhooks()
    } else {
        Effects::none()
    };
    effects.apply(state);
    Ok(settled)
}

/// What a refund call found: the attempt as it now is, its history, and the refusal when it
/// was not refunded.
pub struct RefundDone {
    pub attempt: payment::Model,
    pub history: Vec<payment_history::Model>,
    pub outcome: Result<(), Refusal>,
}

/// The refund call: the shop's attempt `number` in the key's mode, judged against the refund
/// window ([`eligibility`]) and refunded when it may be ([`refund`]), all through `db` (the
/// idempotency transaction when the call has a key). An unknown number is
/// [`PayError::NumberNotFound`]; a refusal is an answer, not an error.
pub async fn refund_number(
    state: &AppState,
    db: &Executor<'_>,
    shop_id: i64,
    livemode: bool,
    number: &str,
) -> Result<RefundDone, PayError> {
    let doing = || format!("refunding payment {number}");
    let (attempt, payment) = attempts::find_for_shop(db, shop_id, livemode, number)
        .await
        .doing(doing)?
        .ok_or_else(|| PayError::NumberNotFound(number.to_string()))?;
    let window = RefundWindow::days(state.config.refund_window_days);
    let status = PaymentStatus::try_from(attempt.status).ok();
    let now = now_of(state, shop_id, livemode).await?;
    let (attempt, outcome) = match eligibility(status, attempt.paid_at, window, now.at) {
        Err(refusal) => (attempt, Err(refusal)),
        Ok(()) => refund(state, db, attempt, &payment, now).await?,
    };
    let history = attempts::history_of(db, attempt.id).await.doing(doing)?;
    Ok(RefundDone {
        attempt,
        history,
        outcome,
    })
}

/// Refunds an attempt that [`crate::domain::refund::eligibility`] accepted: claims it (exactly
/// one of concurrent refunds wins), asks the brand, and records the refund with its `refunded`
/// event, all through `db` (the idempotency transaction when the call has a key). Answers the
/// attempt as it now is, and the refusal when it was not refunded. The caller wakes the webhook
/// worker once `db` committed.
async fn refund(
    state: &AppState,
    db: &Executor<'_>,
    attempt: payment::Model,
    p: &predefined_payment::Model,
    now: Now,
) -> Result<(payment::Model, Result<(), Refusal>), PayError> {
    let attempt_id = attempt.id;
    let doing = || format!("refunding attempt {attempt_id}");
    if !attempts::claim_refund(db, attempt.id, now.at)
        .await
        .doing(doing)?
    {
        let current = attempts::find_by_number(db, &attempt.payment_number)
            .await
            .doing(doing)?
            .map(|(a, _)| a)
            .unwrap_or(attempt);
        let refusal = Refusal::claim_taken(PaymentStatus::try_from(current.status).ok());
        return Ok((current, Err(refusal)));
    }
    let method = PaymentMethod::parse(&attempt.payment_method);
    let connector = method.and_then(|m| state.connectors.for_attempt(attempt.livemode, m));
    let (Some(method), Some(connector)) = (method, connector) else {
        attempts::release_refund(db, attempt.id)
            .await
            .doing(doing)?;
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
        attempts::release_refund(db, attempt.id)
            .await
            .doing(doing)?;
        return Ok((attempt, Err(Refusal::refused_by_brand(e))));
    }
    match complete_refund(state, db, attempt.id, now).await {
        Ok(settled) => Ok((settled.attempt, Ok(()))),
        Err(e) => {
            // The brand refunded but we could not record it: the claim stays, so no second
            // refund goes to the brand until an operator looks (or the claim goes stale).
            tracing::error!(payment_number = %attempt.payment_number, error = %e, "refund accepted by the brand but not recorded");
            Ok((attempt, Err(Refusal::not_recorded())))
        }
    }
}

/// Records a refund the brand accepted, in its own savepoint of `db` (the idempotency
/// transaction when the call has a key): status 30, the payment no longer fulfilled, its
/// followers moved and the `refunded` event written together.
async fn complete_refund(
    state: &AppState,
    db: &Executor<'_>,
    attempt_id: i64,
    now: Now,
) -> Result<attempts::Settled, AttemptError> {
    let hooks = state.slice::<PaymentHooks>();
    let tx = begin_write_in(db).await?;
    let events = state.event_settings(now);
    let settled = attempts::complete_refund(&tx, attempt_id, &events).await?;
    hooks
        .money_changed(&tx, &settled.payment, MoneyChange::Refunded, events.now)
        .await?;
    tx.commit().await?;
    Ok(settled)
}
