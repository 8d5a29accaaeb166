//! Extractors whose rejections are [`ApiError`]s, so that a malformed query, form, JSON body or
//! path value answers the error body instead of axum's plain text.

use crate::http::error::ApiError;
use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts};
use axum::http::StatusCode;
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
