//! Extractors whose rejections are [`ApiError`]s, so that a malformed query, form, JSON body or
//! path value answers the error body instead of axum's plain text.

use crate::http::error::{ApiError, FieldError};
use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Query values, parsed with serde.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

/// A path value, parsed with serde.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// A form-encoded body.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::extract::Form), rejection(ApiError))]
pub struct Form<T>(pub T);

/// A JSON body in; JSON out.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::extract::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Keeps the rejection's status when it is a client error; its text becomes the message.
/// A well-formed body of the wrong shape (axum's 422) is a 400 like every other validation
/// failure: the error body's `client` code is 400 everywhere.
fn passthrough(status: StatusCode, text: String) -> ApiError {
    let status = match status {
        StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
        other => other,
    };
    if status.is_client_error() {
        ApiError::Http {
            status,
            message: text,
        }
    } else {
        ApiError::Internal(anyhow::anyhow!("extractor rejection {status}: {text}"))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        ApiError::client(r.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> Self {
        passthrough(r.status(), r.body_text())
    }
}

impl From<FormRejection> for ApiError {
    fn from(r: FormRejection) -> Self {
        passthrough(r.status(), r.body_text())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        passthrough(r.status(), r.body_text())
    }
}

/// The `Idempotency-Key` header (the payment API's creates and refunds, the inbound API's holds).
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";
/// Longest `Idempotency-Key` (the specs say the same with `maxLength`).
pub const IDEMPOTENCY_KEY_MAX: usize = 255;
const MAX_LEN: usize = IDEMPOTENCY_KEY_MAX;
const HEADER: &str = IDEMPOTENCY_HEADER;

/// The request's `Idempotency-Key`, if it sent one.
pub struct IdempotencyKey(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let Some(raw) = parts.headers.get(HEADER) else {
            return Ok(IdempotencyKey(None));
        };
        let bad = || {
            ApiError::invalid(vec![FieldError::new(
                "Idempotency-Key",
                format!("must be 1 to {MAX_LEN} visible ASCII characters"),
            )])
        };
        // Visible ASCII with spaces inside (HTTP trims them at the ends), as the spec's
        // `pattern` says. An empty key is refused rather than read as none: a client that sends
        // one (an unset variable) believes it is protected against repeats and is not.
        let value = raw.to_str().map_err(|_| bad())?.trim();
        if value.is_empty()
            || value.len() > MAX_LEN
            || !value.bytes().all(|b| (b' '..=b'~').contains(&b))
        {
            return Err(bad());
        }
        Ok(IdempotencyKey(Some(value.to_string())))
    }
}

/// Visible ASCII, spaces allowed inside (HTTP trims them at the ends): what the extractor checks.
const PATTERN: &str = "^[!-~]([ -~]*[!-~])?$";

/// The header as an OpenAPI parameter, written from the extractor's own bounds ([`MAX_LEN`],
/// [`PATTERN`]) so that the spec and the check cannot drift: `params(CreateValues,
/// IdempotencyKey)`.
impl utoipa::IntoParams for IdempotencyKey {
    fn into_params(
        _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        use utoipa::openapi::{Required, Schema};
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX_LEN))
            .pattern(Some(PATTERN));
        vec![
            ParameterBuilder::new()
                .name("Idempotency-Key")
                .parameter_in(ParameterIn::Header)
                .description(Some(format!(
                    "Any unique string (1–{MAX_LEN} visible ASCII characters, e.g. a UUID). A repeat with the same\n\
                     key and parameters within 24 hours answers the first answer again, with\n\
                     `Idempotent-Replayed: true`; a repeat sent while the first request is still running\n\
                     waits for it and answers the same; the same key with other parameters answers 409.\n\
                     \n\
                     Leave the header out for no key; an empty one is refused (400)."
                )))
                .required(Required::False)
                .schema(Some(Schema::Object(schema.build())))
                .example(Some(serde_json::json!("3f1c2a9e-5b7d-4e8a-9c0f-1d2e3f4a5b6c")))
                .build(),
        ]
    }
}
