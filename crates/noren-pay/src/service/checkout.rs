//! The hosted checkout's service (`checkout/API.md`): the payment as its page shows it, the
//! customer's choice of brand and tip (judged against the payment by
//! `pay::domain::lifecycle::check_choice`, then an attempt started), and the sandbox brand
//! page's approve and decline. No key: the payment's token is the secret. Also the sandbox
//! brand headless (`POST /sandbox/payments/{payment_number}/approve`): the same settle, asked
//! by the merchant's test key instead of the page.

use crate::domain::lifecycle::{Choice, check_choice};
use crate::service::error::{Doing, PayError};
use crate::service::flow;
use crate::store::attempts::{self, Outcome};
use crate::store::payments::{self, PaymentRecord};
use crate::store::shops;
use noren_core::db::entities::shop;
use noren_core::db::repo::accounts;
use noren_core::domain::payment::PaymentMethod;
use noren_core::http::state::AppState;

/// What the checkout page shows: the payment with its attempts, its shop, and the brands the
/// shop offers (in display order).
pub struct CheckoutPage {
    pub record: PaymentRecord,
    pub shop: shop::Model,
    pub brands: Vec<PaymentMethod>,
}

/// The checkout of the payment with `token`.
pub async fn page(state: &AppState, token: &str) -> Result<CheckoutPage, PayError> {
    let doing = || "reading a checkout";
    let record = payments::find_by_token(&state.db, token, false)
        .await
        .doing(doing)?
        .ok_or(PayError::NoPaymentWithToken)?;
    let shop = accounts::find_shop(&state.db, record.payment.shop_id)
        .await
        .doing(doing)?
        .ok_or(PayError::NoPaymentWithToken)?;
    let brands = shops::payment_methods(&state.db, shop.id)
        .await
        .doing(doing)?;
    Ok(CheckoutPage {
        record,
        shop,
        brands,
    })
}

/// Starts an attempt with the customer's `choice` (an open attempt with another brand is
/// cancelled first) and answers the checkout with it. The brand must be one the shop offers
/// and the tip one the payment takes ([`PayError::Invalid`] names both at once); then the
/// attempt's own rules apply ([`flow::begin`]).
pub async fn choose(
    state: &AppState,
    token: &str,
    choice: Choice,
) -> Result<CheckoutPage, PayError> {
    let doing = || "choosing a brand on a checkout";
    let record = payments::find_by_token(&state.db, token, true)
        .await
        .doing(doing)?
        .ok_or(PayError::NoPaymentWithToken)?;
    let p = &record.payment;
    let offered = shops::payment_methods(&state.db, p.shop_id)
        .await
        .doing(doing)?;
    let (method, tip) =
        check_choice(choice, &offered, p.tip_vas_enabled, p.amount).map_err(PayError::Invalid)?;
    flow::begin(state, p, method, tip).await?;
    page(state, token).await
}

/// The sandbox brand page's answer for attempt `number` of the payment with `token`: approved
/// or declined ([`flow::settle`]), then the checkout as it now is. Another payment's attempt
/// is [`PayError::AttemptNotFound`]; a live one [`PayError::SettledByBrand`].
pub async fn settle_from_page(
    state: &AppState,
    token: &str,
    number: &str,
    outcome: Outcome,
) -> Result<CheckoutPage, PayError> {
    let (attempt, payment) = attempts::find_by_number(&state.db, number)
        .await
        .doing(|| format!("reading attempt {number}"))?
        .ok_or(PayError::AttemptNotFound)?;
    if payment.token != token {
        return Err(PayError::AttemptNotFound);
    }
    if payment.livemode {
        // Live attempts are settled by their brand, never by the sandbox page.
        return Err(PayError::SettledByBrand);
    }
    let now = flow::now_of(state, payment.shop_id, payment.livemode).await?;
    flow::settle(state, attempt.id, outcome, now).await?;
    page(state, token).await
}

/// The headless sandbox brand: attempt `number` of the shop's test payments approved or
/// declined as on the sandbox page ([`flow::settle`]), then the payment as it now is. A live
/// key is [`PayError::SandboxTakesTestKeys`]; another shop's attempt, or a live one,
/// [`PayError::NumberNotFound`].
pub async fn settle_headless(
    state: &AppState,
    shop_id: i64,
    livemode: bool,
    number: &str,
    outcome: Outcome,
) -> Result<PaymentRecord, PayError> {
    if livemode {
        return Err(PayError::SandboxTakesTestKeys);
    }
    let doing = || format!("settling sandbox attempt {number}");
    let (attempt, _) = attempts::find_for_shop(&state.db, shop_id, false, number)
        .await
        .doing(doing)?
        .ok_or_else(|| PayError::NumberNotFound(number.to_string()))?;
    let now = flow::now_of(state, shop_id, false).await?;
    let settled = flow::settle(state, attempt.id, outcome, now).await?;
    payments::find_by_token(&state.db, &settled.payment.token, false)
        .await
        .doing(doing)?
        .ok_or(PayError::PaymentNotFound)
}
