//! The mini-program charge (seed 000 §3 "Mini-program charge", §7): a WeChat mini-program pays
//! a predefined payment in place. The payment must be the named shop's, the app id registered
//! for it, and wechatpay one of its brands; then a wechatpay attempt starts like any other
//! ([`flow::begin`]) and the parameters of `wx.requestPayment` are signed. In the sandbox the
//! signature is an HMAC with the shop's mini-program key of the payment's mode (DESIGN.md: "an
//! HMAC in the sandbox"; its own key, not the webhook secret, printed by `noren
//! miniprogram-app add`).

use crate::service::error::{Doing, PayError};
use crate::service::flow;
use crate::store::{payments, shops};
use noren_core::db::entities::payment;
use noren_core::db::repo::accounts;
use noren_core::domain::payment::PaymentMethod;
use noren_core::http::state::AppState;
use noren_core::webhooks::signing::hmac_hex;
use rand::distr::{Alphanumeric, SampleString};

/// The brand of every mini-program charge.
pub const METHOD: PaymentMethod = PaymentMethod::WeChatPay;

/// A started wechatpay attempt and what the mini-program passes to `wx.requestPayment`.
#[derive(Debug)]
pub struct SignedCharge {
    pub attempt: payment::Model,
    pub time_stamp: String,
    pub nonce_str: String,
    pub package: String,
    pub sign_type: String,
    /// Uppercase hex HMAC-SHA256 of `appId=…&nonceStr=…&package=…&signType=…&timeStamp=…`,
    /// keyed with the shop's mini-program key of the payment's mode.
    pub pay_sign: String,
}

/// Charges the payment with `token` from the mini-program `appid` of the shop numbered
/// `shop_number`: [`PayError::PaymentNotFound`] unless the payment is that shop's,
/// [`PayError::AppNotRegistered`] for an app id the shop did not register,
/// [`PayError::NotOffered`] when the shop does not offer wechatpay.
pub async fn charge(
    state: &AppState,
    token: &str,
    shop_number: &str,
    appid: &str,
) -> Result<SignedCharge, PayError> {
    let doing = || format!("charging a payment from mini-program {appid}");
    let record = payments::find_by_token(&state.db, token, true)
        .await
        .doing(doing)?
        .ok_or(PayError::PaymentNotFound)?;
    let p = record.payment;
    let shop = accounts::find_shop(&state.db, p.shop_id)
        .await
        .doing(doing)?
        .ok_or(PayError::PaymentNotFound)?;
    if shop.number != shop_number {
        return Err(PayError::PaymentNotFound);
    }
    if !shops::has_miniprogram_app(&state.db, shop.id, appid)
        .await
        .doing(doing)?
    {
        return Err(PayError::AppNotRegistered);
    }
    if !shops::payment_methods(&state.db, shop.id)
        .await
        .doing(doing)?
        .contains(&METHOD)
    {
        return Err(PayError::NotOffered(METHOD));
    }
    let attempt = flow::begin(state, &p, METHOD, 0).await?;
    let secret = shops::miniprogram_key(
        &state.db,
        &state.secret_box,
        shop.id,
        p.livemode,
        state.clock.now(),
    )
    .await
    .doing(|| format!("reading the mini-program key of shop {}", shop.id))?;
    let time_stamp = state.clock.now().timestamp().to_string();
    let nonce_str = Alphanumeric.sample_string(&mut rand::rng(), 32);
    let package = format!("prepay_id=sbx_{}", attempt.payment_number);
    let sign_type = "HMAC-SHA256".to_string();
    let signed = format!(
        "appId={appid}&nonceStr={nonce_str}&package={package}&signType={sign_type}&timeStamp={time_stamp}"
    );
    let pay_sign = hmac_hex(secret.as_bytes(), signed.as_bytes()).to_ascii_uppercase();
    Ok(SignedCharge {
        attempt,
        time_stamp,
        nonce_str,
        package,
        sign_type,
        pay_sign,
    })
}
