//! Middleware: request ids, per-request span and metrics, security headers, the target check,
//! the error-body guarantee and the body limit. `app::build_router` stacks them in this order
//! (outermost first): set request id → propagate it → [`observe`] → compression →
//! [`security_headers`] → rate limits (`http::ratelimit`) → [`check_target`] → panic catcher →
//! [`normalize_errors`] → request timeout → body limit → handler. They are added with `Router::layer`, so they run after routing and see
//! the matched route template.

use crate::http::error::{ErrorBody, ErrorCode, error_response};
use crate::http::metrics::Metrics;
use crate::http::paths::is_api_path;
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
    // `MatchedPath` is an `Arc<str>`: cloning it copies no text.
    let route = req.extensions().get::<MatchedPath>().cloned();
    let route = match &route {
        Some(m) => m.as_str(),
        None if api => "unmatched",
        None => "static",
    };
    let request_id = req.headers().get("x-request-id").cloned();
    // The route is known before the handler runs, so an error the handler logs (an internal
    // error: `ApiError::Internal`) names the operation as well as the request id.
    let span = tracing::info_span!(
        "request",
        %method,
        route,
        request_id = request_id.as_ref().and_then(|v| v.to_str().ok()).unwrap_or(""),
        status = field::Empty
    );
    let res = next.run(req).instrument(span.clone()).await;
    let status = res.status();
    let elapsed = start.elapsed();
    span.record("status", status.as_u16());
    metrics.record_request(&method, route, status.as_u16(), elapsed);
    let elapsed_ms = elapsed.as_secs_f64() * 1e3;
    if status.is_server_error() {
        tracing::warn!(parent: &span, elapsed_ms, "request failed");
    } else {
        tracing::debug!(parent: &span, elapsed_ms, "request finished");
    }
    res
}

/// The checkout's Content-Security-Policy: only its own scripts, styles, images (and `data:`
/// images for brand badges) and API; never framed (clickjacking a payment page).
pub const CHECKOUT_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// The portal's Content-Security-Policy without its inline scripts: nothing is loaded from
/// anywhere but the server itself, no `eval` (the API references' try-it panels need none) and
/// no inline script but the ones the build wrote. Styles stay `'unsafe-inline'`: Docusaurus and
/// the reference theme set `style` attributes, which only a nonce-less hash list cannot allow.
const PORTAL_CSP_BASE: &str = "default-src 'self'; script-src 'self'{hashes}; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; \
connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'self'";

/// The file of the portal build that lists the SHA-256 of each inline script Docusaurus wrote
/// (colour mode, announcement bar), one `sha256-…` a line: `tools/csp-hashes.mjs`, run by the
/// portal's `npm run build`.
pub const PORTAL_SCRIPT_HASHES_FILE: &str = "csp-script-hashes.txt";

/// The portal's Content-Security-Policy for a build whose inline scripts have `hashes`
/// (`sha256-<base64>`; anything else in the list is ignored, so a damaged file can only make
/// the policy stricter).
pub fn portal_csp(hashes: &str) -> HeaderValue {
    let allowed: String = hashes
        .split_whitespace()
        .filter(|h| {
            h.strip_prefix("sha256-").is_some_and(|b64| {
                b64.len() == 44
                    && b64
                        .bytes()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'='))
            })
        })
        .map(|h| format!(" '{h}'"))
        .collect();
    HeaderValue::from_str(&PORTAL_CSP_BASE.replace("{hashes}", &allowed))
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"))
}

/// The portal's policy for the build in `dir` (its hash list read once, at start-up).
pub fn portal_csp_for(dir: Option<&std::path::Path>) -> HeaderValue {
    let hashes = dir
        .and_then(|d| std::fs::read_to_string(d.join(PORTAL_SCRIPT_HASHES_FILE)).ok())
        .unwrap_or_default();
    portal_csp(&hashes)
}

/// API answers are data, never a page: nothing may render or frame them.
const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// Security headers by kind of path (DESIGN.md "Limits", issue: pages carry security headers):
/// API answers are never stored by caches (`no-store`: they hold payment data) and never
/// framed; checkout pages get [`CHECKOUT_CSP`] and `Referrer-Policy: no-referrer` (the token is
/// in the URL); portal pages get `portal_csp` (see [`portal_csp_for`]). Every answer gets
/// `nosniff`. HSTS belongs to the TLS terminator in front of Noren (README).
pub async fn security_headers(
    State(portal_csp): State<HeaderValue>,
    req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path();
    let kind = if is_api_path(path) {
        if path.starts_with("/openapi/")
            || path.starts_with("/checkout/brands/")
            || (path.starts_with("/api/order/shop/") && path.contains("/images/"))
        {
            // Public documents, brand badges and hosted menu images, cached as their handlers
            // say (the image route sets its own Content-Security-Policy).
            Kind::Public
        } else {
            Kind::Api
        }
    } else if path == "/checkout" || path.starts_with("/checkout/") {
        Kind::Checkout
    } else {
        Kind::Portal
    };
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    match kind {
        Kind::Api => {
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            h.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(API_CSP),
            );
        }
        Kind::Public => {}
        Kind::Checkout => {
            h.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CHECKOUT_CSP),
            );
            h.insert(
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            );
            h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
        Kind::Portal => {
            h.insert(header::CONTENT_SECURITY_POLICY, portal_csp);
            h.insert(
                header::REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            );
            h.insert(
                header::X_FRAME_OPTIONS,
                HeaderValue::from_static("SAMEORIGIN"),
            );
        }
    }
    res
}

enum Kind {
    Api,
    Public,
    Checkout,
    Portal,
}

/// Longest request target accepted (path and query): 60 KiB, room for every value at its
/// longest even percent-encoded (2,000 characters of `custom` in Japanese are 18 KB), and below
/// hyper's own limit (64 KiB, answered without a body), so that longer ones answer 414 with the
/// error body.
pub const URI_MAX: usize = 60 * 1024;

/// Refuses, at the edge, request targets that no route can take: longer than [`URI_MAX`] (414),
/// or an API path whose decoded bytes are not UTF-8 or hold control characters (400). A NUL in
/// a token must never reach a database (PostgreSQL refuses it with an error, SQLite stores it).
pub async fn check_target(req: Request, next: Next) -> Response {
    let uri = req.uri();
    let len = uri.path().len() + uri.query().map_or(0, |q| q.len() + 1);
    if len > URI_MAX {
        return error_response(
            StatusCode::URI_TOO_LONG,
            &ErrorBody {
                code: ErrorCode::Client,
                message: format!("the request target is longer than {URI_MAX} bytes"),
                errors: Vec::new(),
                reason: None,
            },
        );
    }
    let path = uri.path();
    if path.contains('%') && is_api_path(path) {
        let decoded: Vec<u8> = percent_encoding::percent_decode_str(path).collect();
        let problem = match std::str::from_utf8(&decoded) {
            Err(_) => Some("the path is not valid UTF-8 once percent-decoded"),
            Ok(text) if text.chars().any(char::is_control) => {
                Some("the path must not contain control characters")
            }
            Ok(_) => None,
        };
        if let Some(message) = problem {
            return error_response(
                StatusCode::BAD_REQUEST,
                &ErrorBody {
                    code: ErrorCode::Client,
                    message: message.into(),
                    errors: Vec::new(),
                    reason: None,
                },
            );
        }
    }
    next.run(req).await
}

/// Guarantees the error body on API paths: a non-2xx answer produced outside our handlers
/// (axum's 405, tower-http's 413, a panic) is rewritten into `{code, message}`, keeping its
/// status and headers such as `Allow` and `Retry-After`.
pub async fn normalize_errors(req: Request, next: Next) -> Response {
    let api = is_api_path(req.uri().path());
    let method = req.method().clone();
    let res = next.run(req).await;
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    if !api {
        return html_error(res).await;
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
        StatusCode::SERVICE_UNAVAILABLE if text.is_empty() => {
            "the request was not finished in time (NOREN_REQUEST_TIMEOUT_MS); retry".to_string()
        }
        s if s.is_client_error() && !text.is_empty() => text,
        s => s.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let mut out = error_response(
        status,
        &ErrorBody {
            code: ErrorCode::for_status(status),
            message,
            errors: Vec::new(),
            reason: None,
        },
    );
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    // A request past its timeout may be sent again shortly (an idempotent one at once).
    if status == StatusCode::SERVICE_UNAVAILABLE && !out.headers().contains_key(header::RETRY_AFTER)
    {
        out.headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
    }
    out
}

/// Pages (portal, checkout) answer errors as HTML: an error produced outside the page handlers
/// (405, 413, a timeout) becomes a small page with the same status and headers.
async fn html_error(res: Response) -> Response {
    let is_html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if is_html {
        return res;
    }
    let (mut parts, _) = res.into_parts();
    let status = parts.status;
    let reason = status.canonical_reason().unwrap_or("Error");
    let page = format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{code} {reason} | Noren</title><h1>{code} {reason}</h1>\
         <p><a href=\"/\">Noren developer portal</a></p></html>",
        code = status.as_u16()
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    Response::from_parts(parts, axum::body::Body::from(page))
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
            reason: None,
        },
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}
