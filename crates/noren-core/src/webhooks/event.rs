//! Webhook events (seed 000 §3): the body POSTed to the merchant, built from the payment and
//! its attempt, with the foreign-currency view of foreign brands. Pure: no SQL, no HTTP.

use crate::db::entities::{payment, predefined_payment};
use crate::domain::payment::PaymentMethod;
use rand::distr::{Alphanumeric, SampleString};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A new public event id: `evt_` and 24 random alphanumerics.
pub fn new_event_id() -> String {
    format!("evt_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
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

// Seed 000 §3 "Webhook event": the field order is the seed's, `livemode` added last (as
// Stripe's events carry it).
/// The body POSTed to the merchant. `livemode` tells a live event from a test one: check it
/// before acting.
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

impl WebhookEvent {
    /// The `status` event of `attempt` of `payment` (seed 000 §3), with the currency view from
    /// `fx` for foreign brands.
    pub fn of(
        payment: &predefined_payment::Model,
        attempt: &payment::Model,
        status: EventStatus,
        fx: &FxRates,
    ) -> Self {
        WebhookEvent {
            token: payment.token.clone(),
            partner_order_no: payment.order_no.clone(),
            payment_amount: attempt.amount,
            payment_method: attempt.payment_method.clone(),
            payment_number: attempt.payment_number.clone(),
            payment_status: status,
            payment_currency_info: PaymentMethod::parse(&attempt.payment_method)
                .and_then(|m| fx.info(m, attempt.amount)),
            livemode: payment.livemode,
        }
    }
}

/// DESIGN.md's retry schedule of deliveries: the waits before retries 1 to 10.
pub const DEFAULT_RETRY_SCHEDULE: &str = "10s,30s,1m,5m,15m,30m,1h,2h,4h,8h";

/// What webhook events need: the rate table and how many deliveries an event gets.
pub struct EventSettings<'a> {
    pub fx: &'a FxRates,
    pub max_deliveries: i32,
    /// The owner's now for this change (`AppState::event_settings`): its test clock's time
    /// while it has one.
    pub now: chrono::DateTime<chrono::Utc>,
    /// That test clock: the deliveries wait for it.
    pub clock: Option<i64>,
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_default_schedule_has_ten_retries() {
        let schedule =
            crate::jobs::schedule::parse_schedule(DEFAULT_RETRY_SCHEDULE).expect("default");
        assert_eq!(schedule.len(), 10);
    }
}
