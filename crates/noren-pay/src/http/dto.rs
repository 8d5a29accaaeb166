//! The payment API's answers (seed 000 §3), built from repository records.

use crate::store::payments::PaymentRecord;
use chrono::{DateTime, SecondsFormat, Utc};
use noren_core::db::entities::{payment, payment_history};
use noren_core::domain::payment::PaymentMethod;
use serde::Serialize;
use utoipa::ToSchema;

pub fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// One status change of a payment attempt.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryEntry {
    /// ISO-8601 time of the change.
    #[schema(format = DateTime, example = "2026-11-23T10:15:30.123Z")]
    pub operation_time: String,
    /// 0 unpaid, 10 paid, 30 refunded, 90 canceled.
    #[schema(example = 10)]
    pub status: i32,
}

// Seed 000 §3 "Payment".
/// One attempt to pay with one brand.
#[derive(Debug, Serialize, ToSchema)]
pub struct Payment {
    /// Deprecated: creation time; use `history`. Still sent.
    #[deprecated]
    #[schema(format = DateTime, example = "2026-11-23T10:15:00.000Z")]
    pub datetime: String,
    /// Time of the attempt's last change.
    #[schema(format = DateTime, example = "2026-11-23T10:15:30.123Z")]
    pub update_time: String,
    /// Whole yen charged (the predefined payment's `amount_total`).
    #[schema(example = 1000)]
    pub amount: i64,
    pub history: Vec<HistoryEntry>,
    pub id: i64,
    /// The provider of the brand, e.g. `PAYPAY` or `WECHATPAY`. New values may appear.
    #[schema(example = "PAYPAY")]
    pub payment: String,
    /// The brand, e.g. `paypay`. New values may appear: tolerate unknown ones.
    #[schema(example = "paypay")]
    pub payment_method: String,
    /// 16 digits.
    #[schema(pattern = "^[1-9][0-9]{15}$", example = "4820394857201934")]
    pub payment_number: String,
    #[schema(example = "10000001")]
    pub shop_number: String,
    /// 0 unpaid, 10 paid, 30 refunded, 90 canceled.
    #[schema(example = 10)]
    pub status: i32,
    /// `online` for payments made through the checkout.
    #[serde(rename = "type")]
    #[schema(example = "online")]
    pub kind: String,
    /// True for a live payment, false for a test one.
    #[schema(example = false)]
    pub livemode: bool,
}

/// A value-added service (a tip).
#[derive(Debug, Serialize, ToSchema)]
pub struct ValueAddedService {
    #[schema(required = true)]
    pub comment: Option<String>,
    /// The service's lines, e.g. `{"amount": 100, "name": "tip"}`.
    #[schema(value_type = Vec<Object>, example = json!([{"amount": 100, "name": "tip"}]))]
    pub items: Vec<serde_json::Value>,
    pub state: String,
    #[serde(rename = "type")]
    #[schema(example = "tip")]
    pub kind: String,
    #[schema(format = DateTime, example = "2026-11-23T14:02:49.806Z")]
    pub create_time: String,
    #[schema(format = DateTime, example = "2026-11-23T14:02:49.806Z")]
    pub update_time: String,
}

// Seed 000 §3 "PredefinedPayment".
/// A payment the merchant defined, with its state.
#[derive(Debug, Serialize, ToSchema)]
pub struct PredefinedPayment {
    /// The payment's token: its id in every call and in its checkout URL.
    #[schema(
        pattern = "^[A-Za-z0-9]{32}$",
        example = "q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a"
    )]
    pub token: String,
    /// Whole yen, at least 50.
    #[schema(example = 1000)]
    pub amount: i64,
    /// `amount` plus value-added services (the tip).
    #[schema(example = 1100)]
    pub amount_total: i64,
    /// Value-added services (the tip) in yen.
    #[schema(example = 100)]
    pub amount_vas: i64,
    /// The payment attempts, oldest first. Left out with `simple`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub associated_payments: Option<Vec<Payment>>,
    /// Your own text, returned as given.
    #[schema(required = true)]
    pub custom: Option<String>,
    /// Seconds after creation when the payment expires; `null` or 0: never.
    #[schema(required = true)]
    pub expires_after: Option<i64>,
    /// True once `create_time + expires_after` has passed; then it can no longer be paid.
    pub expired: bool,
    /// True once paid in full; back to false on refund.
    pub fulfilled: bool,
    /// True when the merchant blocked the link; a started payment may still finish.
    pub invalidated: bool,
    #[schema(required = true, example = "A-0001")]
    pub order_no: Option<String>,
    /// The brand of the latest attempt. New values may appear: tolerate unknown ones.
    #[schema(required = true, example = "paypay")]
    pub payment_method: Option<String>,
    /// `online_payment` for `create_online_payment`, `dynamic_qr_print` for `create_with_url_print`.
    #[schema(example = "online_payment")]
    pub payment_interface: String,
    #[schema(required = true)]
    pub redirection_url: Option<String>,
    pub shop_id: i64,
    /// True once a brand was chosen at checkout; never reverts.
    pub started: bool,
    /// Whether the checkout offers a tip.
    pub tip_vas_enabled: bool,
    /// Left out with `simple`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub value_added_services: Option<Vec<ValueAddedService>>,
    #[schema(format = DateTime, example = "2026-11-23T10:15:00.000Z")]
    pub create_time: String,
    #[schema(format = DateTime, example = "2026-11-23T10:15:30.123Z")]
    pub update_time: String,
    /// Deprecated: `create_time` in milliseconds since the Unix epoch.
    #[deprecated]
    #[serde(rename = "createTime")]
    pub create_time_ms: i64,
    /// Deprecated: `update_time` in milliseconds since the Unix epoch.
    #[deprecated]
    #[serde(rename = "updateTime")]
    pub update_time_ms: i64,
    /// Deprecated: the provider of `payment_method`, e.g. `PAYPAY`. Still sent (null before
    /// a brand is chosen).
    #[deprecated]
    #[schema(required = true, example = "PAYPAY")]
    pub payment: Option<String>,
    /// True for a live payment (made with a `sk_live_`/`dk_live_` key), false for a test one.
    #[schema(example = false)]
    pub livemode: bool,
}

fn provider(method: &str) -> String {
    PaymentMethod::parse(method)
        .map(|m| m.provider().to_string())
        .unwrap_or_else(|| method.to_ascii_uppercase())
}

impl Payment {
    #[allow(deprecated)]
    pub fn from_model(
        a: &payment::Model,
        history: &[payment_history::Model],
        shop_number: &str,
    ) -> Self {
        Payment {
            datetime: iso(a.created_at),
            update_time: iso(a.updated_at),
            amount: a.amount,
            history: history
                .iter()
                .map(|h| HistoryEntry {
                    operation_time: iso(h.operation_time),
                    status: h.status,
                })
                .collect(),
            id: a.id,
            payment: provider(&a.payment_method),
            payment_method: a.payment_method.clone(),
            payment_number: a.payment_number.clone(),
            shop_number: shop_number.to_string(),
            status: a.status,
            kind: a.kind.clone(),
            livemode: a.livemode,
        }
    }
}

impl PredefinedPayment {
    /// `simple` leaves out `associated_payments` and `value_added_services`.
    #[allow(deprecated)]
    pub fn from_record(
        r: &PaymentRecord,
        shop_number: &str,
        simple: bool,
        now: DateTime<Utc>,
    ) -> Self {
        let p = &r.payment;
        let payments = r
            .attempts
            .iter()
            .map(|(a, history)| Payment::from_model(a, history, shop_number))
            .collect();
        let services = r
            .services
            .iter()
            .map(|s| ValueAddedService {
                comment: s.comment.clone(),
                items: serde_json::from_str(&s.items).unwrap_or_default(),
                state: s.state.clone(),
                kind: s.kind.clone(),
                create_time: iso(s.created_at),
                update_time: iso(s.updated_at),
            })
            .collect();
        PredefinedPayment {
            token: p.token.clone(),
            amount: p.amount,
            amount_total: p.amount + p.tip_amount,
            amount_vas: p.tip_amount,
            associated_payments: (!simple).then_some(payments),
            custom: p.custom.clone(),
            expires_after: p.expires_after,
            expired: r.expired_at(now),
            fulfilled: p.fulfilled,
            invalidated: p.invalidated,
            order_no: p.order_no.clone(),
            payment_method: p.payment_method.clone(),
            payment_interface: p.payment_interface.clone(),
            redirection_url: p.redirection_url.clone(),
            shop_id: p.shop_id,
            started: p.started,
            tip_vas_enabled: p.tip_vas_enabled,
            value_added_services: (!simple).then_some(services),
            create_time: iso(p.created_at),
            update_time: iso(p.updated_at),
            create_time_ms: p.created_at.timestamp_millis(),
            update_time_ms: p.updated_at.timestamp_millis(),
            payment: p.payment_method.as_deref().map(provider),
            livemode: p.livemode,
        }
    }
}

/// The answer of the create calls.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedPayment {
    pub predefined_payment: PredefinedPayment,
    /// The hosted checkout page to send the customer to.
    #[schema(example = "http://127.0.0.1:8080/checkout/q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a")]
    pub url: String,
}

// Seed 000 §3 "Paged list".
/// A page of payments.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentPage {
    /// How many payments this page holds.
    pub count: u64,
    pub data: Vec<PredefinedPayment>,
    /// The offset this page starts at.
    pub offset: u64,
    /// How many payments match the filters in all.
    pub total: u64,
}
