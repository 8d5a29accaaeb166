//! Middleware: request ids, per-request span and metrics, the error-body guarantee and the body
//! limit. `app::build_router` stacks them in this order (outermost first):
//! set request id → propagate it → [`observe`] → panic catcher → [`normalize_errors`] →
//! body limit → handler. They are added with `Router::layer`, so they run after routing and see
//! the matched route template.

use crate::http::error::{ErrorBody, ErrorCode, error_response};
use crate::http::metrics::Metrics;
use crate::http::statics::is_api_path;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use std::any::Any;
use std::sync::Arc;
use std::time::Instant;
use tracing::{Instrument, field};

/// Largest accepted request body (DESIGN.md "Limits"); uploads have their own limit.
pub const BODY_LIMIT: usize = 1024 * 1024;

/// One span per request (carrying the request id), one metrics sample, one log line.
/// Keys, tokens and query strings are never logged: the route template stands for the path.
pub async fn observe(State(metrics): State<Arc<Metrics>>, req: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = req.method().clone();
    let api = is_api_path(req.uri().path());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_string());
    let request_id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let span = tracing::info_span!(
        "request",
        %method,
        request_id,
        route = field::Empty,
        status = field::Empty
    );
    let res = next.run(req).instrument(span.clone()).await;
    let route = match &route {
        Some(m) => m.as_str(),
        None if api => "unmatched",
        None => "static",
    };
    let status = res.status();
    let elapsed = start.elapsed();
    span.record("route", route);
    span.record("status", status.as_u16());
    metrics.record(method.as_str(), route, status.as_u16(), elapsed);
    let elapsed_ms = elapsed.as_secs_f64() * 1e3;
    if status.is_server_error() {
        tracing::warn!(parent: &span, elapsed_ms, "request failed");
    } else {
        tracing::debug!(parent: &span, elapsed_ms, "request finished");
    }
    res
}

/// Guarantees the error body on API paths: a non-2xx answer produced outside our handlers
/// (axum's 405, tower-http's 413, a panic) is rewritten into `{code, message}`, keeping its
/// status and headers such as `Allow` and `Retry-After`.
pub async fn normalize_errors(req: Request, next: Next) -> Response {
    let api = is_api_path(req.uri().path());
    let method = req.method().clone();
    let res = next.run(req).await;
    let status = res.status();
    if !api || !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return res;
    }
    let (parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .map(|t| t.trim().to_string())
        .unwrap_or_default();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            format!("{method} is not allowed on this path; the Allow header lists what is")
        }
        StatusCode::PAYLOAD_TOO_LARGE => "request body is larger than 1 MiB".to_string(),
        s if s.is_client_error() && !text.is_empty() => text,
        s => s.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let mut out = error_response(
        status,
        &ErrorBody {
            code: ErrorCode::for_status(status),
            message,
            errors: Vec::new(),
        },
    );
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    out
}

/// The panic catcher's answer: a plain 500 error body (the panic is logged, not sent).
pub fn panic_response(err: Box<dyn Any + Send + 'static>) -> Response {
    let detail = err
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic");
    tracing::error!(panic = detail, "handler panicked");
    let mut res = error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        &ErrorBody {
            code: ErrorCode::Server,
            message: "internal error; quote the X-Request-Id header when contacting support".into(),
            errors: Vec::new(),
        },
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
