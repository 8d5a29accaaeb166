//! A call's values, declared once: one struct is the call's extractor, its OpenAPI parameters
//! and its validator.
//!
//! Values come as query values and, depending on the call, a form body (the payment API: seed
//! 000 §7 "Values are sent form-encoded as query values"; DESIGN.md: a form body is accepted
//! too) or a JSON object body (the ordering and inbound APIs). Whatever the source, a bad
//! request answers one 400 naming every bad field (DESIGN.md's error body): a value that does not
//! parse, a required value missing, a name the call does not take (the answer lists the ones it
//! does), a name given more than once, text that is not UTF-8 or holds control characters.
//!
//! # Declaring a call's values
//!
//! Each field's type is a [`Value`]: it parses one value and, through
//! [`utoipa::PartialSchema`], describes it in the spec, both from the same constants
//! ([`Text<MAX>`], [`Int<MIN, MAX>`], `bool`, [`Offset`]/[`Limit`], [`HttpUrl`], …; domain types
//! such as `Yen` implement it too). `Option<T>` is an optional value; anything else is required.
//! `#[derive(Values)]` reads the fields (and `rename`/`rename_all` of `param`, `schema`, `serde`);
//! `#[derive(IntoParams)]` writes the spec's parameters (query values, form bodies) or
//! `#[derive(ToSchema)]` its request body (JSON); `#[param(inline)]` / `#[schema(inline)]` put a
//! value type's schema in place (bounds and all) rather than as a `$ref` (the derive refuses a
//! value type without it). Name a bound once, as a constant, and use it through a type
//! alias (`type OrderNo = Text<ORDER_NO_MAX>;`): utoipa would read a bare constant written in the
//! field's type (`Text<ORDER_NO_MAX>`) as a type name.
//!
//! ```
//! use noren_core::http::values::{Int, Text, Values};
//! use utoipa::{IntoParams, ToSchema};
//!
//! /// The longest note; the spec's `maxLength` and the parser both read it.
//! const NOTE_MAX: usize = 200;
//! type Note = Text<NOTE_MAX>;
//!
//! /// Values of a query-or-form call (the default body is a form).
//! #[derive(Values, IntoParams)]
//! #[into_params(parameter_in = Query)]
//! pub struct TipValues {
//!     /// Whole yen, 1 to 10,000.
//!     #[param(inline, example = 500)]
//!     amount: Int<1, 10_000>,
//!     /// Shown on the receipt.
//!     #[param(inline)]
//!     note: Option<Note>,
//!     /// Round up to the next 100 yen.
//!     round: Option<bool>,
//! }
//!
//! /// Values of a JSON call: a JSON object body (query values are read too), described in the
//! /// spec as the request body (`request_body = ImportValues`); members are camelCase, and
//! /// `check` adds a rule about several values.
//! #[derive(Values, ToSchema)]
//! #[schema(rename_all = "camelCase")]
//! #[values(body = "json", check = Self::check)]
//! pub struct ImportValues {
//!     #[schema(inline)]
//!     perform_at: Option<Int<0, 253_402_300_799_999>>,
//!     dry_run: Option<bool>,
//!     #[schema(inline)]
//!     object_id: Text<64>,
//! }
//!
//! impl ImportValues {
//!     fn check(r: &mut noren_core::http::values::Reader<'_>) {
//!         if r.has("performAt") && r.has("dryRun") {
//!             r.error("dryRun", "a dry run runs now; leave out performAt");
//!         }
//!     }
//! }
//!
//! // In a handler the struct is the extractor:
//! //     async fn create_tip(merchant: Merchant, values: TipValues) -> … { values.amount.get() … }
//! use noren_core::http::values::FromValues;
//! let tip = TipValues::from_pairs(&[("amount", "500"), ("round", "1")]).unwrap();
//! assert_eq!((tip.amount.get(), tip.note.is_none(), tip.round), (500, true, Some(true)));
//!
//! let bad = ImportValues::from_json(br#"{"performAt": -1, "dryRun": "yes", "colour": 1}"#);
//! let Err(noren_core::http::error::ApiError::Client { errors, .. }) = bad else { panic!() };
//! let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
//! assert_eq!(fields, ["colour", "performAt", "dryRun", "objectId", "dryRun"]);
//! ```
//!
//! A handler that needs the raw pairs (the idempotency fingerprint) or a rule that depends on
//! the caller (a webhook URL must be https for live keys) takes [`Values`] and calls
//! [`FromValues::from_values_with`], whose closure adds errors to the same 400.
//!
//! From a JSON body, text types take JSON strings, number types JSON numbers and `bool` JSON
//! booleans; `null` is the same as leaving the field out. A value type can read any JSON value
//! (an array of cart lines, say) from [`Raw::Json`].

mod nested;
mod types;

pub use nested::*;
pub use noren_macros::Values;
pub use types::*;

use crate::http::error::{ApiError, FieldError};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value as Json;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// What the code `#[derive(Values)]` writes refers to.
#[doc(hidden)]
pub mod __private {
    pub use axum::extract::{FromRequest, Request};
}

/// One value as sent: text (a query value or form field) or a JSON value (a field of a JSON
/// body).
#[derive(Clone, Copy, Debug)]
pub enum Raw<'a> {
    Text(&'a str),
    Json(&'a Json),
}

impl<'a> Raw<'a> {
    /// The text of a query value, form field or JSON string.
    pub fn text(self) -> Result<&'a str, String> {
        match self {
            Raw::Text(s) => Ok(s),
            Raw::Json(Json::String(s)) => Ok(s),
            Raw::Json(_) => Err("must be a string".into()),
        }
    }

    /// The digits of a query value, form field or JSON number (to be parsed as text).
    pub fn number(self) -> Result<std::borrow::Cow<'a, str>, String> {
        match self {
            Raw::Text(s) => Ok(s.into()),
            Raw::Json(Json::Number(n)) => Ok(match whole_number(n) {
                Some(i) => i.to_string().into(),
                None => n.to_string().into(),
            }),
            Raw::Json(_) => Err("must be a number".into()),
        }
    }
}

/// A JSON number that is a whole number, written `12` or `12.0` (JSON Schema's `integer`
/// admits both), within the range where a float is exact; `None` for `12.5` or `1e300`.
pub fn whole_number(n: &serde_json::Number) -> Option<i64> {
    /// 2^53: beyond it a float is not an exact integer.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    n.as_i64().or_else(|| {
        n.as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() <= EXACT)
            .map(|f| f as i64)
    })
}

/// A type one value parses into. Its [`utoipa::PartialSchema`] describes the same bounds.
pub trait Value: Sized {
    /// The value, or what is wrong with it (the `message` of its field error).
    fn parse(raw: Raw<'_>) -> Result<Self, String>;
}

/// Which bodies a call reads besides its query values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// `application/x-www-form-urlencoded` (the payment API).
    Form,
    /// `application/json`, an object whose members are the values.
    Json,
    /// Either.
    FormOrJson,
}

impl Body {
    fn takes(self, kind: Body) -> bool {
        self == Body::FormOrJson || self == kind
    }

    fn unsupported(self) -> ApiError {
        let what = match self {
            Body::Form => "an application/x-www-form-urlencoded body",
            Body::Json => "an application/json body",
            Body::FormOrJson => "an application/x-www-form-urlencoded or application/json body",
        };
        ApiError::Http {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: format!("send values as query values or as {what}"),
        }
    }
}

/// A call's values struct; written by `#[derive(Values)]` (see the module's guide).
pub trait FromValues: Sized {
    /// The names the call takes, in the order of the fields.
    const NAMES: &'static [&'static str];
    /// The bodies it reads.
    const BODY: Body;

    /// Reads every field; `None` when one is bad (the reasons are in `r`).
    fn read(r: &mut Reader<'_>) -> Option<Self>;

    /// The struct from already extracted query/form pairs.
    fn from_values(values: &Values) -> Result<Self, ApiError> {
        Self::from_values_with(values, |_| {})
    }

    /// As [`from_values`](Self::from_values), with rules that need the request's context
    /// (`rules` may add errors to the same 400 with [`Reader::error`] or [`Reader::rule`]).
    fn from_values_with(
        values: &Values,
        rules: impl FnOnce(&mut Reader<'_>),
    ) -> Result<Self, ApiError> {
        let pairs = values.0.iter().map(|(k, v)| (k.as_str(), Raw::Text(v)));
        let mut r = Reader::new(pairs, Self::NAMES);
        let read = Self::read(&mut r);
        rules(&mut r);
        r.finish(read)
    }

    /// The struct from name/value text pairs (tests and examples).
    fn from_pairs(pairs: &[(&str, &str)]) -> Result<Self, ApiError> {
        let pairs = pairs.iter().map(|(k, v)| (*k, Raw::Text(v)));
        let mut r = Reader::new(pairs, Self::NAMES);
        let read = Self::read(&mut r);
        r.finish(read)
    }

    /// The struct from a JSON object body alone.
    fn from_json(body: &[u8]) -> Result<Self, ApiError> {
        Self::from_json_with(body, |_| {})
    }

    /// As [`from_json`](Self::from_json), with rules that need the request's context.
    fn from_json_with(body: &[u8], rules: impl FnOnce(&mut Reader<'_>)) -> Result<Self, ApiError> {
        let given = json_members(body)?;
        let mut r = Reader::new(
            given.iter().map(|(k, v)| (k.as_str(), v.raw())),
            Self::NAMES,
        );
        let read = Self::read(&mut r);
        rules(&mut r);
        r.finish(read)
    }
}

/// The extractor `#[derive(Values)]` writes: the query values and the body `T` takes, read
/// into `T` or answered with one 400.
pub async fn extract<T: FromValues, S: Send + Sync>(
    req: Request,
    state: &S,
) -> Result<T, ApiError> {
    let given = collect(req, state, T::BODY).await?;
    let mut r = Reader::new(given.iter().map(|(k, v)| (k.as_str(), v.raw())), T::NAMES);
    let read = T::read(&mut r);
    r.finish(read)
}

/// A value as received, owned.
enum Given {
    Text(String),
    Json(Json),
}

impl Given {
    fn raw(&self) -> Raw<'_> {
        match self {
            Given::Text(s) => Raw::Text(s),
            Given::Json(v) => Raw::Json(v),
        }
    }
}

/// The query values, then the members of the body (if `body` takes its content type).
async fn collect<S: Send + Sync>(
    req: Request,
    state: &S,
    body: Body,
) -> Result<Vec<(String, Given)>, ApiError> {
    let mut given: Vec<(String, Given)> = match req.uri().query() {
        None => Vec::new(),
        Some(q) => decode_form(q.as_bytes())?
            .into_iter()
            .map(|(k, v)| (k, Given::Text(v)))
            .collect(),
    };
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    // Most reads carry no body: skip collecting one.
    if http_body::Body::is_end_stream(req.body()) {
        return Ok(given);
    }
    let bytes = Bytes::from_request(req, state)
        .await
        .map_err(|r| ApiError::Http {
            status: r.status(),
            message: r.body_text(),
        })?;
    if bytes.is_empty() {
        return Ok(given);
    }
    let media = content_type.split(';').next().unwrap_or("").trim();
    if media == "application/x-www-form-urlencoded" && body.takes(Body::Form) {
        given.extend(
            decode_form(&bytes)?
                .into_iter()
                .map(|(k, v)| (k, Given::Text(v))),
        );
    } else if (media == "application/json" || media.ends_with("+json")) && body.takes(Body::Json) {
        given.extend(json_members(&bytes)?);
    } else {
        return Err(body.unsupported());
    }
    Ok(given)
}

/// The members of a JSON object body, in order and with repeats kept (so that a name given
/// twice is refused, as in a form, instead of the last one silently winning).
fn json_members(bytes: &[u8]) -> Result<Vec<(String, Given)>, ApiError> {
    struct Members;
    impl<'de> Visitor<'de> for Members {
        type Value = Vec<(String, Given)>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a JSON object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some((k, v)) = map.next_entry::<String, Json>()? {
                out.push((k, Given::Json(v)));
            }
            Ok(out)
        }
    }
    // serde_json refuses strings that are not UTF-8.
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let members = de
        .deserialize_map(Members)
        .and_then(|m| de.end().map(|()| m))
        .map_err(|e| {
            if e.is_data() {
                ApiError::client("the body must be a JSON object")
            } else {
                ApiError::client(format!("the body is not valid JSON: {e}"))
            }
        })?;
    Ok(members)
}

/// All name/value pairs of the query string and, for form posts, the body, as sent. Handlers
/// that need the raw pairs (the idempotency fingerprint) take this and read their values
/// struct from it with [`FromValues::from_values`].
#[derive(Debug, Default)]
pub struct Values(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequest<S> for Values {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let given = collect(req, state, Body::Form).await?;
        Ok(Values(
            given
                .into_iter()
                .filter_map(|(k, v)| match v {
                    Given::Text(v) => Some((k, v)),
                    Given::Json(_) => None,
                })
                .collect(),
        ))
    }
}

/// Decodes `application/x-www-form-urlencoded` bytes strictly: a name or value whose
/// percent-decoded bytes are not UTF-8 (Shift_JIS, say) is refused, naming it, instead of being
/// altered into U+FFFD (which would silently change `order_no` and make two values collide).
pub fn decode_form(input: &[u8]) -> Result<Vec<(String, String)>, ApiError> {
    let mut pairs = Vec::new();
    let mut errors = Vec::new();
    for piece in input.split(|b| *b == b'&').filter(|p| !p.is_empty()) {
        let (name, value) = match piece.iter().position(|b| *b == b'=') {
            Some(i) => (&piece[..i], &piece[i + 1..]),
            None => (piece, &b""[..]),
        };
        let name = decode_component(name);
        let value = decode_component(value);
        match (String::from_utf8(name), String::from_utf8(value)) {
            (Ok(name), Ok(value)) => pairs.push((name, value)),
            (Ok(name), Err(_)) => errors.push(FieldError::new(
                name,
                "is not valid UTF-8 once percent-decoded; send text as UTF-8",
            )),
            (Err(name), _) => errors.push(FieldError::new(
                String::from_utf8_lossy(name.as_bytes()),
                "the name is not valid UTF-8 once percent-decoded",
            )),
        }
    }
    if errors.is_empty() {
        Ok(pairs)
    } else {
        Err(ApiError::invalid(errors))
    }
}

/// `+` is a space, then percent-decoding (a stray `%` stays as it is, as browsers do).
fn decode_component(raw: &[u8]) -> Vec<u8> {
    let spaced: Vec<u8> = raw
        .iter()
        .map(|b| if *b == b'+' { b' ' } else { *b })
        .collect();
    percent_encoding::percent_decode(&spaced).collect()
}

/// Reads named values, collecting every problem; [`Reader::finish`] answers them all at once.
/// The code `#[derive(Values)]` writes calls [`required`](Self::required) and
/// [`optional`](Self::optional) once per field; `check` functions and handler rules use the rest.
pub struct Reader<'a> {
    values: HashMap<&'a str, Raw<'a>>,
    /// Names given more than once: already reported, not read again.
    repeated: HashSet<&'a str>,
    errors: Vec<FieldError>,
}

impl<'a> Reader<'a> {
    /// Refuses names not in `allowed` (a typo should not be silently ignored, even with a
    /// `null` value) and names given more than once. A JSON `null` of a known name counts as
    /// not given.
    pub fn new(given: impl IntoIterator<Item = (&'a str, Raw<'a>)>, allowed: &[&str]) -> Self {
        let mut values = HashMap::new();
        let mut errors = Vec::new();
        let mut repeated = HashSet::new();
        for (name, raw) in given {
            if !allowed.contains(&name) {
                errors.push(FieldError::new(
                    name,
                    format!("unknown value; this call takes {}", allowed.join(", ")),
                ));
            } else if matches!(raw, Raw::Json(Json::Null)) {
                continue;
            } else if let std::collections::hash_map::Entry::Vacant(slot) = values.entry(name) {
                slot.insert(raw);
            } else if repeated.insert(name) {
                errors.push(FieldError::new(name, "given more than once"));
            }
        }
        Reader {
            values,
            repeated,
            errors,
        }
    }

    /// Whether `name` was sent (even if its value is bad).
    pub fn has(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// A required value: `None` when it is missing or bad (the reason is recorded).
    pub fn required<T: Value>(&mut self, name: &str) -> Option<T> {
        match self.optional(name) {
            Some(None) if !self.repeated.contains(name) => {
                self.errors.push(FieldError::new(name, "is required"));
                None
            }
            Some(v) => v,
            None => None,
        }
    }

    /// An optional value: `Some(None)` when it was not sent, `None` when it is bad (the reason
    /// is recorded).
    pub fn optional<T: Value>(&mut self, name: &str) -> Option<Option<T>> {
        if self.repeated.contains(name) {
            return None;
        }
        let Some(raw) = self.values.get(name).copied() else {
            return Some(None);
        };
        match T::parse(raw) {
            Ok(v) => Some(Some(v)),
            Err(message) => {
                // A problem inside a list or object is named by its exact path
                // (`requestedCourses[0].courseAmountRequested`), not by the list.
                self.errors.extend(by_path(FieldError::new(name, message)));
                None
            }
        }
    }

    /// Applies a rule that needs more than the value (the caller's mode, say) to a value that
    /// was sent and parses; a broken rule is reported under `name`.
    pub fn rule<T: Value>(&mut self, name: &str, rule: impl FnOnce(&T) -> Result<(), String>) {
        if self.repeated.contains(name) {
            return;
        }
        let Some(Ok(value)) = self.values.get(name).map(|raw| T::parse(*raw)) else {
            return;
        };
        if let Err(message) = rule(&value) {
            self.errors.extend(by_path(FieldError::new(name, message)));
        }
    }

    /// Adds a problem found by the caller (one that involves several values).
    pub fn error(&mut self, field: &str, message: impl Into<String>) {
        self.errors.push(FieldError::new(field, message));
    }

    /// `read` when every value was good; otherwise a 400 naming every bad field.
    pub fn finish<T>(self, read: Option<T>) -> Result<T, ApiError> {
        match read {
            Some(v) if self.errors.is_empty() => Ok(v),
            _ if !self.errors.is_empty() => Err(ApiError::invalid(self.errors)),
            _ => Err(ApiError::client("invalid values")),
        }
    }
}

#[cfg(test)]
mod tests;
