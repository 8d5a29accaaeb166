//! The one error body of the three APIs (DESIGN.md "Errors").
//!
//! Which variant to use:
//! - bad input the client can fix (validation, malformed query/form/JSON, bad path values):
//!   [`ApiError::Client`], naming every bad field at once in `errors`;
//! - missing, malformed, unknown or revoked key: [`ApiError::Unauthorized`];
//! - a valid key that may not do this (live key on a sandbox call, disabled device):
//!   [`ApiError::Forbidden`];
//! - anything the caller may not see, including another merchant's or platform's data:
//!   [`ApiError::NotFound`] (never leak that it exists);
//! - a state conflict (duplicate `order_no`, wrong order status): [`ApiError::Conflict`];
//! - a limit reached (redeliveries of an event or by a key): [`ApiError::TooManyRequests`],
//!   which sets `Retry-After`;
//! - everything unexpected: [`ApiError::Internal`], which is logged with its cause and answered
//!   with a generic message: internals never reach the client.

use crate::domain::refusal::RefusalReason;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Machine-readable error class; each maps to one HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the request is invalid; `errors` names the fields.
    Client,
    /// 401: the API key is missing, malformed, unknown or revoked.
    Unauthorized,
    /// 403: the key is valid but may not do this.
    Forbidden,
    /// 404: no such resource (or not visible to this key).
    NotFound,
    /// 405: the path exists but not with this method (see the `Allow` header).
    MethodNotAllowed,
    /// 409: the request conflicts with the current state.
    Conflict,
    /// 413: the request body is larger than 1 MiB.
    PayloadTooLarge,
    /// 429: too many requests; retry after `Retry-After` seconds.
    TooManyRequests,
    /// 500/503: our fault; the message says nothing about internals.
    Server,
}

impl ErrorCode {
    /// The code for a status, for answers produced outside our handlers (axum, tower-http).
    pub fn for_status(status: StatusCode) -> Self {
        match status.as_u16() {
            401 => ErrorCode::Unauthorized,
            403 => ErrorCode::Forbidden,
            404 => ErrorCode::NotFound,
            405 => ErrorCode::MethodNotAllowed,
            409 => ErrorCode::Conflict,
            413 => ErrorCode::PayloadTooLarge,
            429 => ErrorCode::TooManyRequests,
            400..=499 => ErrorCode::Client,
            _ => ErrorCode::Server,
        }
    }
}

/// One invalid field of a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FieldError {
    /// The bad value's exact path: a query value's or form field's name as sent, or a JSON
    /// path: a member's name, then `[i]` for the item i of a list (from 0) and `.name` for a
    /// member of an object (`requestedCourses[0].courseAmountRequested`).
    #[schema(example = "amount")]
    pub field: String,
    /// What is wrong and what is expected.
    #[schema(example = "must be at least 50")]
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The body of every non-2xx answer.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"code": "client", "message": "invalid request", "errors": [{"field": "amount", "message": "must be at least 50"}]}))]
pub struct ErrorBody {
    pub code: ErrorCode,
    /// A human-readable explanation, safe to log.
    pub message: String,
    /// Present for validation errors only: every bad field at once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    /// Inbound refusals only (documented by [`InboundErrorBody`]): why, for a partner's code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub reason: Option<RefusalReason>,
}

// Documentation only: answers are rendered from [`ErrorBody`] (DESIGN.md "Inbound API
// decisions"). The doc comment below is the schema's public description.
/// The error body of the inbound API: the common error body with `reason`, present on every
/// refusal of a booking, an availability query, an update or a cancellation.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(example = json!({"code": "conflict", "message": "no seats left for 4 guests at 2026-12-01T19:00", "reason": "slot_unavailable"}))]
pub struct InboundErrorBody {
    pub code: ErrorCode,
    /// A human-readable explanation, safe to log (English; may change).
    pub message: String,
    /// Present for validation errors only: every bad field at once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    /// Present on refusals: a stable machine-readable reason. New reasons may be added; treat an
    /// unknown one like a refusal without a reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<RefusalReason>,
}

/// The error type of every handler and extractor.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 `client`.
    #[error("{message}")]
    Client {
        message: String,
        errors: Vec<FieldError>,
    },
    /// 401 `unauthorized`.
    #[error("{0}")]
    Unauthorized(String),
    /// 403 `forbidden`.
    #[error("{0}")]
    Forbidden(String),
    /// 404 `not_found`.
    #[error("{0}")]
    NotFound(String),
    /// 409 `conflict`.
    #[error("{0}")]
    Conflict(String),
    /// 429 `too_many_requests`, with `Retry-After: retry_after_secs`.
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// Any other status with its code from [`ErrorCode::for_status`]: axum's rejections
    /// (413 body too large, 415 wrong content type) pass through here.
    #[error("{message}")]
    Http { status: StatusCode, message: String },
    /// A refusal of the inbound API (400, 403 or 409) with its machine-readable reason.
    #[error("{message}")]
    Refused {
        status: StatusCode,
        reason: RefusalReason,
        message: String,
    },
    /// 503 `server`: a dependency (the database) is unavailable.
    #[error("{0}")]
    Unavailable(String),
    /// 500 `server`: logged with its cause, answered with a generic message.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// 503 with `Retry-After`: the object store did not answer a read of `what` (its cause is
    /// logged). Only the calls that need the store fail; `/readyz` stays ready.
    pub fn store_away(what: &str, cause: impl std::fmt::Display) -> Self {
        tracing::warn!(error = %cause, "the object store does not answer");
        ApiError::Unavailable(format!(
            "the file store for {what} does not answer; retry after Retry-After seconds"
        ))
    }

    /// A 400 naming the fields at fault.
    pub fn invalid(errors: Vec<FieldError>) -> Self {
        let message = match errors.as_slice() {
            [one] => format!("invalid {}: {}", one.field, one.message),
            _ => format!("{} invalid fields", errors.len()),
        };
        ApiError::Client { message, errors }
    }

    /// A refusal with its reason (`status` 400, 403 or 409).
    pub fn refused(status: StatusCode, reason: RefusalReason, message: impl Into<String>) -> Self {
        ApiError::Refused {
            status,
            reason,
            message: message.into(),
        }
    }

    /// A 400 that is not about one field.
    pub fn client(message: impl Into<String>) -> Self {
        ApiError::Client {
            message: message.into(),
            errors: Vec::new(),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Client { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Http { status, .. } => *status,
            ApiError::Refused { status, .. } => *status,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<crate::webhooks::endpoints::EndpointError> for ApiError {
    fn from(err: crate::webhooks::endpoints::EndpointError) -> Self {
        use crate::webhooks::endpoints::EndpointError as E;
        match err {
            E::NotFound(_) => ApiError::NotFound(err.to_string()),
            E::TooMany | E::RotationInProgress(_) | E::TooManyEvents(_) | E::Disabled => {
                ApiError::Conflict(err.to_string())
            }
            E::Window(message) => ApiError::invalid(vec![FieldError::new("since", message)]),
            E::TooOften {
                retry_after_secs, ..
            } => ApiError::TooManyRequests {
                message: err.to_string(),
                retry_after_secs,
            },
            E::Db(e) => e.into(),
        }
    }
}

impl From<crate::clocks::ClockError> for ApiError {
    fn from(err: crate::clocks::ClockError) -> Self {
        use crate::clocks::ClockError as E;
        match err {
            E::NotFound => ApiError::NotFound(
                "this key's test mode has no test clock; create one first (POST …/test_clock)"
                    .into(),
            ),
            E::Conflict(message) => ApiError::Conflict(message),
            E::Invalid { field, message } => {
                ApiError::invalid(vec![FieldError::new(field, message)])
            }
            E::Db(e) => e.into(),
        }
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        ApiError::Internal(anyhow::Error::new(err).context("database error"))
    }
}

/// Says what a step was doing when it failed unexpectedly, so that a 500's log line names the
/// operation and the entity (`reading reservation 42: database error: …`) beside the request
/// id and route of its span, not only "database error" (issue 19 item 5):
///
/// ```ignore
/// let row = repo::find(&tx, id).await.doing(|| format!("locking reservation {id}"))?;
/// ```
pub trait Doing<T> {
    /// The error, if any, as an [`ApiError::Internal`] with `what` as its context.
    fn doing<S: std::fmt::Display + Send + Sync + 'static>(
        self,
        what: impl FnOnce() -> S,
    ) -> Result<T, ApiError>;
}

impl<T> Doing<T> for Result<T, sea_orm::DbErr> {
    fn doing<S: std::fmt::Display + Send + Sync + 'static>(
        self,
        what: impl FnOnce() -> S,
    ) -> Result<T, ApiError> {
        self.map_err(|e| {
            ApiError::Internal(
                anyhow::Error::new(e)
                    .context("database error")
                    .context(what()),
            )
        })
    }
}

/// A database error met while working on `what` (an entity: `cafeteria order Qx3r…`), for the
/// error types of the slices' services, whose `Db` variant carries no context of its own.
pub fn database_error(what: impl std::fmt::Display, err: sea_orm::DbErr) -> ApiError {
    ApiError::Internal(
        anyhow::Error::new(err)
            .context("database error")
            .context(what.to_string()),
    )
}

/// Renders `body` with `status` as JSON.
pub fn error_response(status: StatusCode, body: &ErrorBody) -> Response {
    let bytes = serde_json::to_vec(body)
        .unwrap_or_else(|_| br#"{"code":"server","message":"internal error"}"#.to_vec());
    let mut res = (status, bytes).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    res
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        // A database outage (restart, unreachable, full disk) is not a bug: 503 with
        // `Retry-After`, so that a client sends it again (nothing was written).
        if let ApiError::Internal(err) = &self
            && let Some(outage) = crate::db::outage::in_chain(err)
        {
            tracing::warn!(error = %format!("{err:#}"), ?outage, "database unavailable");
            let mut res = error_response(
                StatusCode::SERVICE_UNAVAILABLE,
                &ErrorBody {
                    code: ErrorCode::Server,
                    message: outage.message().to_string(),
                    errors: Vec::new(),
                    reason: None,
                },
            );
            res.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(outage.retry_after_secs()),
            );
            return res;
        }
        let retry_after = match &self {
            ApiError::TooManyRequests {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            // Every other 503 (not ready, a request past its timeout): try again shortly.
            ApiError::Unavailable(_) => Some(1),
            _ => None,
        };
        let reason = match &self {
            ApiError::Refused { reason, .. } => Some(*reason),
            _ => None,
        };
        let (message, errors) = match self {
            ApiError::Client { message, errors } => (message, errors),
            ApiError::Internal(err) => {
                // Logged here once, inside the request span that carries the request id.
                tracing::error!(error = ?err, "internal error");
                (
                    "internal error; quote the X-Request-Id header when contacting support".into(),
                    Vec::new(),
                )
            }
            ApiError::Unavailable(msg) => {
                tracing::warn!(%msg, "service unavailable");
                (msg, Vec::new())
            }
            other => (other.to_string(), Vec::new()),
        };
        let mut res = error_response(
            status,
            &ErrorBody {
                code: ErrorCode::for_status(status),
                message,
                errors,
                reason,
            },
        );
        if let Some(secs) = retry_after {
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        }
        if let Some(reason) = reason {
            // For the request log (`http::request_log`): the refusal's reason, without the body.
            res.extensions_mut().insert(reason);
        }
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_error_names_what_it_was_doing() {
        let failed: Result<(), sea_orm::DbErr> =
            Err(sea_orm::DbErr::Custom("connection reset".into()));
        let Err(ApiError::Internal(err)) = failed.doing(|| "booking at shop 3") else {
            panic!("an internal error");
        };
        assert_eq!(
            format!("{err:#}"),
            "booking at shop 3: database error: Custom Error: connection reset"
        );
        let ApiError::Internal(err) =
            database_error("reservation 42", sea_orm::DbErr::Custom("locked".into()))
        else {
            panic!("an internal error");
        };
        assert!(format!("{err:#}").starts_with("reservation 42: database error: "));
    }

    #[test]
    fn every_status_maps_to_the_code_of_design_md() {
        for (status, code) in [
            (400, ErrorCode::Client),
            (401, ErrorCode::Unauthorized),
            (403, ErrorCode::Forbidden),
            (404, ErrorCode::NotFound),
            (405, ErrorCode::MethodNotAllowed),
            (409, ErrorCode::Conflict),
            (413, ErrorCode::PayloadTooLarge),
            (415, ErrorCode::Client),
            (422, ErrorCode::Client),
            (429, ErrorCode::TooManyRequests),
            (500, ErrorCode::Server),
            (503, ErrorCode::Server),
        ] {
            let status = StatusCode::from_u16(status).expect("valid status");
            assert_eq!(ErrorCode::for_status(status), code, "{status}");
        }
    }

    #[test]
    fn invalid_names_one_field_in_its_message_and_counts_several() {
        let one = ApiError::invalid(vec![FieldError::new("amount", "must be at least 50")]);
        assert_eq!(one.to_string(), "invalid amount: must be at least 50");
        let two = ApiError::invalid(vec![
            FieldError::new("amount", "required"),
            FieldError::new("order_no", "too long"),
        ]);
        assert_eq!(two.to_string(), "2 invalid fields");
    }

    #[tokio::test]
    async fn a_refusal_carries_its_reason_and_the_code_of_its_status() {
        let err = ApiError::refused(
            StatusCode::CONFLICT,
            RefusalReason::SlotUnavailable,
            "no seats left",
        );
        let res = err.into_response();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 16)
            .await
            .expect("body");
        let json: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"code": "conflict", "message": "no seats left", "reason": "slot_unavailable"})
        );
    }

    #[test]
    fn errors_are_omitted_when_empty() {
        let body = ErrorBody {
            code: ErrorCode::NotFound,
            message: "x".into(),
            errors: vec![],
            reason: None,
        };
        let json = serde_json::to_value(&body).expect("serializes");
        assert_eq!(
            json,
            serde_json::json!({"code": "not_found", "message": "x"})
        );
    }
}
