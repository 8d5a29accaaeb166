//! Request values of the payment API: query values and/or a form body (seed 000 §7: "Values are
//! sent form-encoded as query values"; DESIGN.md: a form body is accepted too), read into
//! domain types by [`Reader`], which collects every bad field before answering.

use crate::http::error::{ApiError, FieldError};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use std::collections::{HashMap, HashSet};

/// All name/value pairs of the query string and, for form posts, the body.
#[derive(Debug, Default)]
pub struct Values(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequest<S> for Values {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let mut pairs: Vec<(String, String)> = match req.uri().query() {
            None => Vec::new(),
            Some(q) => decode_form(q.as_bytes())?,
        };
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        // Most reads carry no body: skip collecting one.
        if http_body::Body::is_end_stream(req.body()) {
            return Ok(Values(pairs));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|r| ApiError::Http {
                status: r.status(),
                message: r.body_text(),
            })?;
        if !bytes.is_empty() {
            if !content_type.starts_with("application/x-www-form-urlencoded") {
                return Err(ApiError::Http {
                    status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    message: "send values as query values or as an \
                              application/x-www-form-urlencoded body"
                        .into(),
                });
            }
            let body = decode_form(&bytes)?;
            pairs.extend(body);
        }
        Ok(Values(pairs))
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
pub struct Reader {
    values: HashMap<String, String>,
    /// Names given more than once: already reported, not read again.
    repeated: HashSet<String>,
    errors: Vec<FieldError>,
}

impl Reader {
    /// Refuses values not in `allowed` (a typo should not be silently ignored) and values
    /// given more than once.
    pub fn new(values: Values, allowed: &[&str]) -> Self {
        let mut map = HashMap::new();
        let mut errors = Vec::new();
        let mut repeated = HashSet::new();
        for (name, value) in values.0 {
            if !allowed.contains(&name.as_str()) {
                errors.push(FieldError::new(
                    &name,
                    format!("unknown value; this call takes {}", allowed.join(", ")),
                ));
            } else if let std::collections::hash_map::Entry::Vacant(slot) = map.entry(name.clone())
            {
                slot.insert(value);
            } else if repeated.insert(name.clone()) {
                errors.push(FieldError::new(&name, "given more than once"));
            }
        }
        Reader {
            values: map,
            repeated,
            errors,
        }
    }

    /// Whether `name` was sent.
    pub fn has(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    pub fn required<T>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        if self.repeated.contains(name) {
            return None;
        }
        match self.values.get(name) {
            None => {
                self.errors.push(FieldError::new(name, "is required"));
                None
            }
            Some(raw) => self.parse(name, raw.clone(), parse),
        }
    }

    pub fn optional<T>(
        &mut self,
        name: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        if self.repeated.contains(name) {
            return None;
        }
        let raw = self.values.get(name)?.clone();
        self.parse(name, raw, parse)
    }

    fn parse<T>(
        &mut self,
        name: &str,
        raw: String,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        match parse(&raw) {
            Ok(v) => Some(v),
            Err(message) => {
                self.errors.push(FieldError::new(name, message));
                None
            }
        }
    }

    /// Adds a problem found by the caller (one that involves several values).
    pub fn error(&mut self, field: &str, message: impl Into<String>) {
        self.errors.push(FieldError::new(field, message));
    }

    /// The `offset` and `limit` of a paged list (limit 1 to 100, default 10; seed 000 §5).
    pub fn page(&mut self) -> (u64, u64) {
        let offset = self.optional("offset", integer(0, i64::MAX)).unwrap_or(0);
        let limit = self
            .optional("limit", integer(1, PAGE_MAX))
            .unwrap_or(PAGE_DEFAULT);
        (offset as u64, limit as u64)
    }

    /// `Ok` when every value was good; otherwise a 400 naming every bad field.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(ApiError::invalid(self.errors))
        }
    }
}

/// Default and largest page of the list calls.
pub const PAGE_DEFAULT: i64 = 10;
pub const PAGE_MAX: i64 = 100;

/// `true`/`false` (also `1`/`0`).
pub fn boolean(raw: &str) -> Result<bool, String> {
    match raw {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err("must be true or false".into()),
    }
}

/// An integer from `min` to `max`.
pub fn integer(min: i64, max: i64) -> impl FnOnce(&str) -> Result<i64, String> {
    move |raw| {
        let trimmed = raw.trim();
        let n: i64 = trimmed.parse().map_err(|_| {
            let digits = trimmed.strip_prefix('-').unwrap_or(trimmed);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                // A whole number, but beyond 64 bits.
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
}

/// Text of 1 to `max` characters without control characters.
pub fn text(max: usize) -> impl FnOnce(&str) -> Result<String, String> {
    move |raw| {
        let len = raw.chars().count();
        if len == 0 {
            return Err("must not be empty".into());
        }
        if len > max {
            return Err(format!("must be at most {max} characters"));
        }
        if raw
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        {
            return Err("must not contain control characters".into());
        }
        Ok(raw.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(pairs: &[(&str, &str)]) -> Values {
        Values(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let mut r = Reader::new(
            values(&[
                ("amount", "ten"),
                ("ammount", "1"),
                ("flag", "yes"),
                ("flag", "no"),
            ]),
            &["amount", "flag", "order_no"],
        );
        assert_eq!(r.required("amount", integer(50, 100)), None);
        assert_eq!(r.optional("flag", boolean), None);
        assert_eq!(r.required("order_no", text(10)), None);
        let Err(ApiError::Client { errors, .. }) = r.finish() else {
            panic!("expected a 400")
        };
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["ammount", "flag", "amount", "order_no"]);
    }

    #[test]
    fn good_values_parse() {
        let mut r = Reader::new(
            values(&[("n", "70"), ("b", "1"), ("t", "abc")]),
            &["n", "b", "t"],
        );
        assert_eq!(r.required("n", integer(50, 100)), Some(70));
        assert_eq!(r.optional("b", boolean), Some(true));
        assert_eq!(r.optional("t", text(3)), Some("abc".to_string()));
        assert_eq!(r.optional("missing", text(3)), None);
        assert!(r.finish().is_ok());
    }

    #[test]
    fn numbers_beyond_64_bits_are_too_large_not_malformed() {
        assert_eq!(
            integer(0, 10)("99999999999999999999999"),
            Err("is too large: must be from 0 to 10".to_string())
        );
        assert_eq!(
            integer(0, 10)("1.5"),
            Err("must be a whole number".to_string())
        );
        assert_eq!(
            integer(0, 10)("11"),
            Err("must be from 0 to 10".to_string())
        );
    }

    #[test]
    fn form_values_decode_strictly() {
        assert_eq!(
            decode_form(b"a=1&b=x+y&c=%E3%81%AE&d&&e=50%").expect("valid"),
            [
                ("a".to_string(), "1".to_string()),
                ("b".into(), "x y".into()),
                ("c".into(), "の".into()),
                ("d".into(), "".into()),
                ("e".into(), "50%".into()),
            ]
        );
        let Err(ApiError::Client { errors, .. }) =
            decode_form(b"order_no=%92%8D%95%B6-0001&amount=100")
        else {
            panic!("Shift_JIS must be refused")
        };
        assert_eq!(errors[0].field, "order_no");
    }

    #[test]
    fn text_limits_are_characters_not_bytes() {
        assert!(text(3)("のれん").is_ok());
        assert!(text(2)("のれん").is_err());
        assert!(text(5)("a\u{0}b").is_err());
    }
}
