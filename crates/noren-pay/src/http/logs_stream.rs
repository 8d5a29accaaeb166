//! The shop's request log (issue 35, item 2): `GET /v3/logs/stream`, with a merchant's secret
//! test key, as server-sent events of the shop's test-mode requests as they finish; `noren logs
//! tail` reads it. The log itself is `noren_core::http::request_log`, its streams `noren_core::http::tail`.

use axum::extract::State;
use axum::response::IntoResponse;
use noren_core::http::auth::SecretKey;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::tail::{self, PathPrefix, StatusFilter, Tail};
use noren_core::http::values::Values;
use utoipa::IntoParams;

/// Values of the log stream call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogValues {
    /// Only answers of this status class (`2xx`, `4xx`, `5xx`, …) or this status (`404`).
    #[param(inline, example = "4xx")]
    status: Option<StatusFilter>,
    /// Only paths that start with this (`/v3/predefined_payments`).
    #[param(inline, example = "/v3/predefined_payments")]
    path: Option<PathPrefix>,
}

/// Stream the shop's requests
///
/// The shop's test-mode requests as server-sent events (`text/event-stream`), each as it
/// finishes, from the moment the stream opens: `event` is `request` and `data` one line of JSON
/// with `time`, `method`, `path` (without the query string), `status`, `duration_ms`,
/// `request_id` (the answer's `X-Request-Id`) and, for an error, its `code`. Every call made with
/// one of the shop's test keys is shown (the payment, ordering and restaurant APIs), never a body,
/// a header or a key; a call whose key was refused (401) has no shop and is not shown. A stream
/// that falls more than 1,024 requests behind gets a `dropped` event with how many it missed. A
/// comment line every 15 seconds keeps the connection open; after 5 minutes without a request the
/// stream ends. Behind a load balancer, a stream shows the requests of the server it is connected
/// to. At most 5 open log streams per key. Test keys only: `noren logs tail` reads it.
#[utoipa::path(
    get,
    path = "/v3/logs/stream",
    operation_id = "stream_logs",
    tag = "Webhooks",
    security(("apiKey" = [])),
    params(LogValues),
    responses(
        (status = 200, description = "The stream: server-sent events, one per request of the shop's test mode.", content_type = "text/event-stream", body = String,
            example = json!("event: request\ndata: {\"time\":\"2026-12-01T10:05:40.123Z\",\"method\":\"POST\",\"path\":\"/v3/predefined_payments/create_online_payment\",\"status\":400,\"duration_ms\":1.2,\"request_id\":\"1c4a3c4e-5a86-4a43-9a0c-6d1f2f3b4a5c\",\"code\":\"client\"}\n\n")),
        (status = 400, description = "A malformed `status` or `path`; `errors` names it.", body = ErrorBody),
        (status = 403, description = "A live key (log streams are for test mode only), a device key (dk_…), or a disabled shop device.", body = ErrorBody,
            example = json!({"code": "forbidden", "message": "log streams are for test mode only: use a test key (sk_test_…)"})),
        (status = 429, description = "The key has 5 log streams open already; retry after `Retry-After` seconds.", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before trying again."),
                ("RateLimit-Policy" = String, description = "The key's request limit, e.g. `\"key\";q=100;w=1` (see the API guide's rate limits)."),
                ("RateLimit" = String, description = "What is left of it, e.g. `\"key\";r=57;t=1`."),
            )),
    )
)]
pub async fn stream_logs(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    values: LogValues,
) -> Result<impl IntoResponse, ApiError> {
    let tail = Tail {
        owner: merchant.owner(),
        key: format!("merchant:{}", merchant.0.key_id),
        status: values.status,
        path: values.path,
        camel_case: false,
        live_refusal: "log streams are for test mode only: use a test key (sk_test_…)",
    };
    tail::open(&state, tail)
}
