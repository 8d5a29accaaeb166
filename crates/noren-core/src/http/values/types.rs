//! The value types: each parses one value and describes it in the spec from the same constants.

use super::{Raw, Value};
use crate::domain::destination::{Reach, parse_webhook_url};
use crate::domain::payment::{MAX_AMOUNT, MIN_AMOUNT, URL_MAX, Yen, parse_http_url};
use serde_json::Value as Json;
use utoipa::PartialSchema;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};

/// The spec's pattern for text: no control characters but `\t` and `\n` (what [`Text`] checks).
pub const TEXT_PATTERN: &str = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$";
/// The spec's pattern for an absolute http(s) URL (what `parse_http_url` checks).
pub const URL_PATTERN: &str = "^https?://[A-Za-z0-9._-]+(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?#][^\\s\\u0000-\\u001F\\u007F-\\u009F]*)?$";
/// Default page size of the list calls.
pub const PAGE_DEFAULT: i64 = 10;
/// Largest page size of the list calls (seed 000 §5).
pub const PAGE_MAX: i64 = 100;
/// The latest time a filter takes: the end of year 9999, in milliseconds.
pub const MILLIS_MAX: i64 = 253_402_300_799_999;

fn int64() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
}

/// Implements `ToSchema` (only its name is used: the schemas are inlined with
/// `#[param(inline)]`).
/// Value types elsewhere use it too (`crate::http::values::schema_name`): exported (hidden, at the
/// crate's root) so that the slices' value types can name themselves the same way.
#[doc(hidden)]
#[macro_export]
macro_rules! __schema_name {
    ($($ty:ident $(<$(const $c:ident: $t:ty),*>)?),* $(,)?) => {$(
        impl $(<$(const $c: $t),*>)? ::utoipa::ToSchema for $ty $(<$($c),*>)? {
            fn name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(stringify!($ty))
            }
        }
    )*};
}
pub use crate::__schema_name as schema_name;

schema_name!(
    Text<const MAX: usize>,
    Int<const MIN: i64, const MAX: i64>,
    Offset,
    Limit,
    Millis,
    HttpUrl,
    WebhookUrl,
    PresenceFlag,
    Yen,
    Rfc3339,
    EventTypeList,
    DeliveryOutcome,
    AttemptCursor,
);

/// A page cursor of a webhook endpoint's delivery log: an attempt's id, `wda_` and its number
/// (the previous page's `next_starting_after`), read as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttemptCursor(pub i64);

impl Value for AttemptCursor {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        raw.text()?
            .strip_prefix("wda_")
            .filter(|n| (1..=18).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse().ok())
            .map(AttemptCursor)
            .ok_or_else(|| "must be an attempt id (`wda_…`) from a previous page".to_string())
    }
}

impl PartialSchema for AttemptCursor {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^wda_[0-9]{1,18}$"))
            .examples(["wda_1042"])
            .into()
    }
}

/// How a delivery attempt ended, to filter a webhook endpoint's delivery log by: `succeeded`
/// (a 2xx answer), `failed` (another answer, or none) or `pending` (being sent, or cut off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeliveryOutcome(pub &'static str);

const OUTCOMES: [&str; 3] = ["succeeded", "failed", "pending"];

impl Value for DeliveryOutcome {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?;
        OUTCOMES
            .into_iter()
            .find(|o| *o == text)
            .map(DeliveryOutcome)
            .ok_or_else(|| format!("must be one of {}", OUTCOMES.join(", ")))
    }
}

impl PartialSchema for DeliveryOutcome {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(OUTCOMES))
            .into()
    }
}

/// A time in RFC 3339 with its offset (`2026-12-01T10:00:00Z`, `2026-12-01T19:00:00+09:00`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rfc3339(pub chrono::DateTime<chrono::Utc>);

impl Value for Rfc3339 {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        chrono::DateTime::parse_from_rfc3339(raw.text()?.trim())
            .map(|t| Rfc3339(t.with_timezone(&chrono::Utc)))
            .map_err(|_| {
                "must be an RFC 3339 time with its offset, e.g. 2026-12-01T10:00:00Z".to_string()
            })
    }
}

impl PartialSchema for Rfc3339 {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .examples(["2026-12-01T10:00:00Z"])
            .into()
    }
}

/// Event types separated by commas (`payment.paid,payment.refunded`), or `*`: a webhook
/// endpoint's subscriptions in a query value or form field. Which types there are is checked
/// by the call, against its owner (`webhooks::endpoints::OwnerKind::check_events`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTypeList(pub Vec<String>);

/// The pattern of an [`EventTypeList`]: dotted names, or `*`.
pub const EVENT_LIST_PATTERN: &str = "^(\\*|[a-z_]+\\.[a-z_]+(,[a-z_]+\\.[a-z_]+)*)$";

impl Value for EventTypeList {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?;
        if text.len() > 1000 {
            return Err("must be at most 1000 characters".into());
        }
        Ok(EventTypeList(
            text.split(',')
                .map(|t| t.trim().to_string())
                .filter(|t| !t.is_empty())
                .collect(),
        ))
    }
}

impl PartialSchema for EventTypeList {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(EVENT_LIST_PATTERN))
            .max_length(Some(1000))
            .examples(["payment.paid,payment.refunded"])
            .into()
    }
}

/// Text of 1 to `MAX` characters (not bytes) without control characters but `\t` and `\n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text<const MAX: usize>(String);

impl<const MAX: usize> Text<MAX> {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> Value for Text<MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let raw = raw.text()?;
        let len = raw.chars().count();
        if len == 0 {
            return Err("must not be empty".into());
        }
        if len > MAX {
            return Err(format!("must be at most {MAX} characters"));
        }
        if raw
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        {
            return Err("must not contain control characters".into());
        }
        Ok(Text(raw.to_string()))
    }
}

impl<const MAX: usize> PartialSchema for Text<MAX> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX))
            .pattern(Some(TEXT_PATTERN))
            .into()
    }
}

/// A whole number from `MIN` to `MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int<const MIN: i64, const MAX: i64>(i64);

impl<const MIN: i64, const MAX: i64> Int<MIN, MAX> {
    pub fn get(self) -> i64 {
        self.0
    }
}

/// An integer from `min` to `max`; a whole number beyond 64 bits is "too large", not malformed.
fn integer(raw: Raw<'_>, min: i64, max: i64) -> Result<i64, String> {
    let raw = raw.number()?;
    let trimmed = raw.trim();
    let n: i64 = trimmed.parse().map_err(|_| {
        let digits = trimmed.strip_prefix('-').unwrap_or(trimmed);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            format!("is too large: must be from {min} to {max}")
        } else {
            "must be a whole number".to_string()
        }
    })?;
    if n < min || n > max {
        return Err(format!("must be from {min} to {max}"));
    }
    Ok(n)
}

impl<const MIN: i64, const MAX: i64> Value for Int<MIN, MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        integer(raw, MIN, MAX).map(Int)
    }
}

impl<const MIN: i64, const MAX: i64> PartialSchema for Int<MIN, MAX> {
    fn schema() -> RefOr<Schema> {
        int64().minimum(Some(MIN)).maximum(Some(MAX)).into()
    }
}

/// `true`/`false` (also `1`/`0`); a JSON boolean.
impl Value for bool {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        match raw {
            Raw::Text("true" | "1") | Raw::Json(Json::Bool(true)) => Ok(true),
            Raw::Text("false" | "0") | Raw::Json(Json::Bool(false)) => Ok(false),
            _ => Err("must be true or false".into()),
        }
    }
}

/// A flag that is on when merely present: `?simple`, `?simple=`, `true`/`1` mean yes,
/// `false`/`0` no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresenceFlag(pub bool);

impl Value for PresenceFlag {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        match raw {
            Raw::Text("") => Ok(PresenceFlag(true)),
            other => bool::parse(other).map(PresenceFlag),
        }
    }
}

impl PartialSchema for PresenceFlag {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^(|true|false|1|0)$"))
            .into()
    }
}

/// How many items of a list to skip (0 when absent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offset(u64);

impl Value for Offset {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        integer(raw, 0, i64::MAX).map(|n| Offset(n as u64))
    }
}

impl PartialSchema for Offset {
    fn schema() -> RefOr<Schema> {
        int64().minimum(Some(0)).default(Some(Json::from(0))).into()
    }
}

/// A page size, 1 to [`PAGE_MAX`] ([`PAGE_DEFAULT`] when absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit(u64);

impl Default for Limit {
    fn default() -> Self {
        Limit(PAGE_DEFAULT as u64)
    }
}

impl Value for Limit {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        integer(raw, 1, PAGE_MAX).map(|n| Limit(n as u64))
    }
}

impl PartialSchema for Limit {
    fn schema() -> RefOr<Schema> {
        int64()
            .minimum(Some(1))
            .maximum(Some(PAGE_MAX))
            .default(Some(Json::from(PAGE_DEFAULT)))
            .into()
    }
}

/// The page of a list call: its `offset` and `limit` fields, defaults applied. A list call
/// declares `offset: Option<Offset>` and `limit: Option<Limit>` (both `#[param(inline)]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub offset: u64,
    pub limit: u64,
}

impl Page {
    pub fn new(offset: Option<Offset>, limit: Option<Limit>) -> Self {
        Page {
            offset: offset.unwrap_or_default().0,
            limit: limit.unwrap_or_default().0,
        }
    }
}

/// A time in milliseconds since the Unix epoch, up to the end of year 9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Millis(pub chrono::DateTime<chrono::Utc>);

impl Value for Millis {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let ms: i64 = raw
            .number()?
            .trim()
            .parse()
            .map_err(|_| "must be milliseconds since the Unix epoch".to_string())?;
        if !(0..=MILLIS_MAX).contains(&ms) {
            return Err(format!("must be from 0 to {MILLIS_MAX}"));
        }
        chrono::DateTime::from_timestamp_millis(ms)
            .map(Millis)
            .ok_or_else(|| "is out of range".to_string())
    }
}

impl PartialSchema for Millis {
    fn schema() -> RefOr<Schema> {
        int64().minimum(Some(0)).maximum(Some(MILLIS_MAX)).into()
    }
}

/// A payment amount (`MIN_AMOUNT` to `MAX_AMOUNT` yen).
impl Value for Yen {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        Yen::parse_amount(&raw.number()?)
    }
}

impl PartialSchema for Yen {
    fn schema() -> RefOr<Schema> {
        int64()
            .minimum(Some(MIN_AMOUNT))
            .maximum(Some(MAX_AMOUNT))
            .into()
    }
}

fn url_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(URL_MAX))
        .pattern(Some(URL_PATTERN))
        .into()
}

/// An absolute http(s) URL with a host name, up to `URL_MAX` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpUrl(String);

impl HttpUrl {
    pub fn into_string(self) -> String {
        self.0
    }
}

impl Value for HttpUrl {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        parse_http_url(raw.text()?).map(HttpUrl)
    }
}

impl PartialSchema for HttpUrl {
    fn schema() -> RefOr<Schema> {
        url_schema()
    }
}

/// A URL that receives webhooks: an [`HttpUrl`] that must also suit the caller's mode (https
/// for live keys, no internal addresses), checked with [`WebhookUrl::check`] through
/// [`Reader::rule`](super::Reader::rule), where the mode is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookUrl(String);

impl WebhookUrl {
    /// The rules of the caller's mode (issue 9 item 2; checked again on the resolved address
    /// at delivery).
    pub fn check(&self, livemode: bool, reach: Reach) -> Result<(), String> {
        parse_webhook_url(&self.0, livemode, reach).map(|_| ())
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl Value for WebhookUrl {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        parse_http_url(raw.text()?).map(WebhookUrl)
    }
}

impl PartialSchema for WebhookUrl {
    fn schema() -> RefOr<Schema> {
        url_schema()
    }
}

/// A language of the ordering and inbound APIs (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`; DESIGN.md
/// "Languages"): anything else is refused rather than read as English.
impl Value for crate::domain::lang::Lang {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?;
        crate::domain::lang::Lang::parse(text).ok_or_else(|| {
            let codes: Vec<&str> = crate::domain::lang::Lang::ALL
                .iter()
                .map(|l| l.as_str())
                .collect();
            format!("must be one of {}", codes.join(", "))
        })
    }
}
