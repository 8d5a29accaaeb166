//! The payment API's value types, each bound named once: the spec (`#[param(inline)]` reads the
//! type's schema) and the parser both use it (see `http::values` for the mechanism).

use crate::store::payments::OrderBy;
use noren_core::domain::payment::PaymentMethod;
use noren_core::http::values::{Int, Raw, Text, Value, schema_name};
use std::borrow::Cow;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// Longest `order_no`.
pub const ORDER_NO_MAX: usize = 100;
/// Your order number.
pub type OrderNo = Text<ORDER_NO_MAX>;

/// Longest `custom`.
pub const CUSTOM_MAX: usize = 2000;
/// Your own text, returned as given.
pub type Custom = Text<CUSTOM_MAX>;

/// Longest `expires_after`: ten years, in seconds.
pub const EXPIRES_AFTER_MAX: i64 = 10 * 366 * 24 * 3600;
/// Seconds after creation when a payment expires; 0: never.
pub type ExpiresAfter = Int<0, EXPIRES_AFTER_MAX>;

/// Longest payment token a call takes (tokens are 32 characters; longer ones match nothing).
pub const TOKEN_MAX: usize = 64;
/// A payment's token, as a value.
pub type Token = Text<TOKEN_MAX>;

/// Longest payment number a call takes (payment numbers are 16 digits).
pub const PAYMENT_NUMBER_MAX: usize = 32;
/// An attempt's payment number, as a value.
pub type PaymentNumber = Text<PAYMENT_NUMBER_MAX>;

/// `create_time` or `update_time`: the time a list filters and sorts by.
impl Value for OrderBy {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        match raw.text() {
            Ok("create_time") => Ok(OrderBy::CreateTime),
            Ok("update_time") => Ok(OrderBy::UpdateTime),
            _ => Err("must be create_time or update_time".into()),
        }
    }
}

impl PartialSchema for OrderBy {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^(create_time|update_time)$"))
            .into()
    }
}

impl ToSchema for OrderBy {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("OrderBy")
    }
}

/// The brand the customer chose on the checkout (`payment_method`), as sent: the brand, or
/// `None` for a code Noren does not know. Whether the shop offers it is the service's question
/// (`pay::domain::lifecycle::check_choice`), which answers both the same way, so that the 400
/// names it together with a tip the payment does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrandCode(pub Option<PaymentMethod>);

impl Value for BrandCode {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        raw.text().map(|code| BrandCode(PaymentMethod::parse(code)))
    }
}

impl PartialSchema for BrandCode {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .examples([serde_json::json!("paypay")])
            .into()
    }
}

/// A tip in whole yen, as the checkout sends it: a JSON integer (`100`, not `100.0` nor
/// `"100"`). Its bounds depend on the payment (0 unless `tip_vas_enabled`, at most the amount):
/// `pay::domain::lifecycle::check_tip` judges them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tip(pub i64);

impl Value for Tip {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let whole = match raw {
            Raw::Json(serde_json::Value::Number(n)) => n.as_i64(),
            Raw::Json(_) => None,
            Raw::Text(text) => text.trim().parse().ok(),
        };
        whole
            .map(Tip)
            .ok_or_else(|| "must be a whole number of yen".into())
    }
}

impl PartialSchema for Tip {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(0))
            .examples([serde_json::json!(100)])
            .into()
    }
}

schema_name!(BrandCode, Tip);
