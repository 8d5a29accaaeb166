//! Webhook events (seed 000 §3) and their signature (DESIGN.md "Webhooks"):
//! `Noren-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one `v1` per signing
//! secret (two while a rotated-out secret still signs).

use crate::domain::payment::PaymentMethod;
use hmac::{Hmac, Mac};
use rand::distr::{Alphanumeric, SampleString};
use serde::Serialize;
use sha2::Sha256;
use std::collections::BTreeMap;
use std::time::Duration;
use utoipa::ToSchema;

/// A new webhook signing secret: `whsec_` and 32 random alphanumerics (190 bits).
pub fn new_secret() -> String {
    format!("whsec_{}", Alphanumeric.sample_string(&mut rand::rng(), 32))
}

/// A new mini-program signing key: `mpk_test_` or `mpk_live_` and 32 random alphanumerics.
pub fn new_miniprogram_key(livemode: bool) -> String {
    let mode = if livemode { "live" } else { "test" };
    format!(
        "mpk_{mode}_{}",
        Alphanumeric.sample_string(&mut rand::rng(), 32)
    )
}

/// A new public event id: `evt_` and 24 random alphanumerics.
pub fn new_event_id() -> String {
    format!("evt_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
}

/// Lowercase hex HMAC-SHA256 of `message` under `key`.
pub fn hmac_hex(key: &[u8], message: &[u8]) -> String {
    // HMAC takes keys of any length; `new_from_slice` cannot fail for it.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).unwrap_or_else(|_| unreachable!());
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

/// The `Noren-Signature` header value for `body` sent at `t` (unix seconds), signed with each
/// of `secrets` (newest first).
pub fn signature_header(secrets: &[String], t: i64, body: &str) -> String {
    let signed = format!("{t}.{body}");
    let mut header = format!("t={t}");
    for s in secrets {
        header.push_str(",v1=");
        header.push_str(&hmac_hex(s.as_bytes(), signed.as_bytes()));
    }
    header
}

/// Checks a `Noren-Signature` header the way a merchant should: any `v1` matching under
/// `secret`, compared in constant time, and `t` within `tolerance` of `now`. Used by the tests
/// and documented in the portal.
pub fn verify(header: &str, body: &str, secret: &str, now: i64, tolerance: i64) -> bool {
    let mut t = None;
    let mut sigs = Vec::new();
    for part in header.split(',') {
        match part.split_once('=') {
            Some(("t", v)) => t = v.parse::<i64>().ok(),
            Some(("v1", v)) => sigs.push(v),
            _ => {}
        }
    }
    let Some(t) = t else { return false };
    if (now - t).abs() > tolerance {
        return false;
    }
    let expected = hmac_hex(secret.as_bytes(), format!("{t}.{body}").as_bytes());
    sigs.iter().any(|s| {
        use subtle::ConstantTimeEq;
        s.len() == expected.len() && bool::from(s.as_bytes().ct_eq(expected.as_bytes()))
    })
}

/// What happened to the payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EventStatus {
    Paid,
    Refunded,
}

impl EventStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            EventStatus::Paid => "paid",
            EventStatus::Refunded => "refunded",
        }
    }
}

/// The local-currency view of a payment with a foreign brand.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct CurrencyInfo {
    /// ISO 3166-1 alpha-2 country of the brand's customers, e.g. `CN`.
    #[serde(rename = "countryCode")]
    #[schema(example = "CN")]
    pub country_code: String,
    /// ISO 4217 currency, e.g. `CNY`.
    #[serde(rename = "currencyCode")]
    #[schema(example = "CNY")]
    pub currency_code: String,
    /// Units of the currency per yen.
    #[serde(rename = "exchangeRate")]
    #[schema(example = 0.047)]
    pub exchange_rate: f64,
    /// The amount in the currency, rounded to two decimals.
    #[serde(rename = "amountLocal")]
    #[schema(example = 51.7)]
    pub amount_local: f64,
    /// What the customer paid in the currency.
    #[serde(rename = "amountPaidLocal")]
    #[schema(example = 51.7)]
    pub amount_paid_local: f64,
}

/// The body POSTed to the merchant (seed 000 §3 "Webhook event"). Field order is the seed's,
/// with `livemode` added last (as Stripe's events carry it): check it before acting.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "token": "tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a",
    "partner_order_no": "A-0001",
    "payment_amount": 1100,
    "payment_method": "paypay",
    "payment_number": "4829301746502918",
    "payment_status": "paid",
    "payment_currency_info": null,
    "livemode": true
}))]
pub struct WebhookEvent {
    /// The predefined payment's token.
    pub token: String,
    /// Your `order_no`, if the payment has one.
    #[schema(required = true)]
    pub partner_order_no: Option<String>,
    /// Whole yen paid (amount plus tip) or refunded.
    pub payment_amount: i64,
    /// The brand, e.g. `paypay`; tolerate values you do not know.
    pub payment_method: String,
    /// The attempt that was paid or refunded (16 digits).
    #[schema(pattern = "^[1-9][0-9]{15}$")]
    pub payment_number: String,
    pub payment_status: EventStatus,
    /// Foreign brands (alipay, wechatpay, unionpay and their variants) only; null otherwise.
    #[schema(required = true)]
    pub payment_currency_info: Option<CurrencyInfo>,
    /// True for live payments, false for test payments. Test and live events are signed with
    /// different secrets and go to different default URLs; a receiver that fulfils real orders
    /// acts only on `true`.
    pub livemode: bool,
}

/// What webhook events need: the rate table and how many deliveries an event gets.
pub struct EventSettings<'a> {
    pub fx: &'a FxRates,
    pub max_deliveries: i32,
    /// The state's clock reading for this change (`AppState::event_settings`).
    pub now: chrono::DateTime<chrono::Utc>,
}

/// Exchange rates from yen, by currency (`NOREN_FX_RATES`, e.g. `CNY=0.047`).
#[derive(Clone, Debug, PartialEq)]
pub struct FxRates(pub BTreeMap<String, f64>);

impl Default for FxRates {
    fn default() -> Self {
        FxRates(BTreeMap::from([("CNY".to_string(), 0.047)]))
    }
}

impl FxRates {
    /// Parses `CUR=rate[,CUR=rate…]`.
    pub fn parse(raw: &str) -> Result<Self, String> {
        let mut map = BTreeMap::new();
        for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (cur, rate) = part
                .split_once('=')
                .ok_or_else(|| format!("{part}: expected CUR=rate"))?;
            let cur = cur.trim().to_ascii_uppercase();
            if cur.len() != 3 || !cur.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(format!("{cur}: not a three-letter currency code"));
            }
            let rate: f64 = rate
                .trim()
                .parse()
                .ok()
                .filter(|r: &f64| r.is_finite() && *r > 0.0)
                .ok_or_else(|| format!("{part}: the rate must be a positive number"))?;
            map.insert(cur, rate);
        }
        Ok(FxRates(map))
    }

    /// The currency info of a payment of `amount` yen with `method`; `None` for domestic brands
    /// or when the rate table has no rate for the brand's currency.
    pub fn info(&self, method: PaymentMethod, amount: i64) -> Option<CurrencyInfo> {
        if !method.is_foreign() {
            return None;
        }
        let (country, currency) = ("CN", "CNY");
        let rate = *self.0.get(currency)?;
        let local = (amount as f64 * rate * 100.0).round() / 100.0;
        Some(CurrencyInfo {
            country_code: country.into(),
            currency_code: currency.into(),
            exchange_rate: rate,
            amount_local: local,
            amount_paid_local: local,
        })
    }
}

/// DESIGN.md's retry schedule: the waits before retries 1 to 10.
pub const DEFAULT_RETRY_SCHEDULE: &str = "10s,30s,1m,5m,15m,30m,1h,2h,4h,8h";

/// Parses a schedule like `10s,30s,1m` (units `ms`, `s`, `m`, `h`); at most 10 retries.
pub fn parse_schedule(raw: &str) -> Result<Vec<Duration>, String> {
    let mut out = Vec::new();
    for part in raw.split(',').map(str::trim) {
        let (num, unit) = part
            .find(|c: char| !c.is_ascii_digit())
            .map(|i| part.split_at(i))
            .ok_or_else(|| format!("{part}: missing unit (ms, s, m, h)"))?;
        let n: u64 = num.parse().map_err(|_| format!("{part}: not a number"))?;
        let d = match unit {
            "ms" => Duration::from_millis(n),
            "s" => Duration::from_secs(n),
            "m" => Duration::from_secs(n * 60),
            "h" => Duration::from_secs(n * 3600),
            _ => return Err(format!("{part}: unknown unit (ms, s, m, h)")),
        };
        out.push(d);
    }
    if out.is_empty() || out.len() > 10 {
        return Err("between 1 and 10 waits".into());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector printed in the portal's webhook guide.
    #[test]
    fn the_documented_test_vector_signs_and_verifies() {
        let secret = "whsec_Yb7fQ2xM9cK4pL1nR8sT3vW6zA0dE5gH";
        let body = r#"{"token":"tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a","partner_order_no":"A-0001","payment_amount":1100,"payment_method":"paypay","payment_number":"4829301746502918","payment_status":"paid","payment_currency_info":null,"livemode":true}"#;
        let header = signature_header(&[secret.to_string()], 1795430400, body);
        assert_eq!(
            header,
            "t=1795430400,v1=62e0b8b11b9b426dfb3cb6a2e1e1c61dd123f1e4078adfa12923d93b94da6627"
        );
        assert!(verify(&header, body, secret, 1795430400 + 10, 300));
        assert!(!verify(&header, body, secret, 1795430400 + 301, 300));
        assert!(!verify(
            &header,
            &body.replace("1100", "1101"),
            secret,
            1795430400,
            300
        ));
        assert!(!verify(&header, body, "whsec_other", 1795430400, 300));
    }

    #[test]
    fn during_a_rotation_either_secret_verifies() {
        let secrets = vec!["whsec_new".to_string(), "whsec_old".to_string()];
        let header = signature_header(&secrets, 100, "{}");
        assert_eq!(header.matches("v1=").count(), 2);
        assert!(verify(&header, "{}", "whsec_new", 100, 300));
        assert!(verify(&header, "{}", "whsec_old", 100, 300));
    }

    #[test]
    fn foreign_brands_get_local_amounts() {
        let fx = FxRates::parse("CNY=0.047").expect("valid");
        let info = fx.info(PaymentMethod::Alipay, 1100).expect("foreign");
        assert_eq!(info.amount_local, 51.7);
        assert_eq!(fx.info(PaymentMethod::PayPay, 1100), None);
        assert!(FxRates::parse("CNY=-1").is_err());
        assert!(FxRates::parse("YUAN=1").is_err());
    }

    #[test]
    fn schedules_parse_with_units() {
        assert_eq!(
            parse_schedule(DEFAULT_RETRY_SCHEDULE)
                .expect("default")
                .len(),
            10
        );
        assert_eq!(
            parse_schedule("50ms,1s").expect("valid"),
            vec![Duration::from_millis(50), Duration::from_secs(1)]
        );
        assert!(parse_schedule("10").is_err());
        assert!(parse_schedule("1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s").is_err());
    }
}
