//! The payment API's value types, each bound named once: the spec (`#[param(inline)]` reads the
//! type's schema) and the parser both use it (see `http::values` for the mechanism).

use crate::http::values::{Int, Raw, Text, Value};
use crate::pay::store::payments::OrderBy;
use std::borrow::Cow;
use utoipa::openapi::schema::{ObjectBuilder, Type};
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
