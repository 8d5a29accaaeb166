//! The platform's request log (issue 35, item 2): `GET /v3/inbound-external/{platform}/logs/stream`,
//! with the partner's test key, as the payment API's log stream shows a shop's requests; `noren
//! logs tail --platform` reads it. The log itself is `noren_core::http::request_log`, its streams `noren_core::http::tail`.

use axum::extract::{Path, State};
use axum::response::IntoResponse;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::tail::{self, PathPrefix, StatusFilter, Tail};
use noren_core::http::values::Values;
use utoipa::IntoParams;

/// Values of the log stream call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct LogValues {
    /// Only answers of this status class (`2xx`, `4xx`, `5xx`, …) or this status (`409`).
    #[param(inline, example = "4xx")]
    status: Option<StatusFilter>,
    /// Only paths that start with this (`/v3/inbound-external/acme/shops`).
    #[param(inline, example = "/v3/inbound-external/demo-ota/shops")]
    path: Option<PathPrefix>,
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/logs/stream",
    operation_id = "stream_logs",
    summary = "Stream the platform's requests",
    description = "The platform's test-mode requests as server-sent events (`text/event-stream`), each as it finishes, \
from the moment the stream opens: `event` is `request` and `data` one line of JSON with `time`, `method`, `path` \
(without the query string), `status`, `durationMs`, `requestId` (the answer's `X-Request-Id`) and, for an error, its \
`code` and a refusal's `reason`. Every call made with one of the platform's test keys is shown, never a body, a \
header or a key; a call whose key was refused (401) has no platform and is not shown. A stream that falls more than \
1,024 requests behind gets a `dropped` event with how many it missed. A comment line every 15 seconds keeps the \
connection open; after 5 minutes without a request the stream ends. Behind a load balancer, a stream shows the \
requests of the server it is connected to. At most 5 open log streams per key. Test keys only: `noren logs tail \
--platform` reads it.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        LogValues,
    ),
    responses(
        (status = 200, description = "The stream: server-sent events, one per request of the platform's test mode.", content_type = "text/event-stream", body = String,
            example = json!("event: request\ndata: {\"time\":\"2026-12-01T10:05:40.123Z\",\"method\":\"POST\",\"path\":\"/v3/inbound-external/demo-ota/shops/3/reservations\",\"status\":409,\"durationMs\":2.4,\"requestId\":\"1c4a3c4e-5a86-4a43-9a0c-6d1f2f3b4a5c\",\"code\":\"conflict\",\"reason\":\"slot_unavailable\"}\n\n")),
        (status = 400, description = "A malformed `status` or `path`; `errors` names it.", body = InboundErrorBody),
        (status = 403, description = "A live key: log streams are for test mode only.", body = InboundErrorBody,
            example = json!({"code": "forbidden", "message": "log streams are for test mode only: use a test key (ipk_test_…)"})),
        (status = 404, description = "`{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 429, description = "The key has 5 log streams open already; retry after `Retry-After` seconds.", body = InboundErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
    )
)]
pub async fn stream_logs(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
    values: LogValues,
) -> Result<impl IntoResponse, ApiError> {
    let tail = Tail {
        owner: partner.owner(),
        key: format!("partner:{}", partner.0.key_id),
        status: values.status,
        path: values.path,
        camel_case: true,
        live_refusal: "log streams are for test mode only: use a test key (ipk_test_…)",
    };
    tail::open(&state, tail)
}
