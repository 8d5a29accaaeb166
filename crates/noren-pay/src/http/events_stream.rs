//! The shop's event stream (issue 35, item 2): `GET /v3/events/stream`, with a merchant's
//! secret test key, as server-sent events; `noren listen` reads it and forwards each event to a
//! local URL. The stream itself is `noren_core::http::listen`.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use noren_core::http::auth::SecretKey;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::listen::{self, Asked};
use noren_core::http::state::AppState;
use noren_core::http::values::{EventTypeList, Reader, Values};
use noren_core::webhooks::endpoints::OwnerKind;
use utoipa::IntoParams;

/// Values of the stream call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
#[values(check = Self::check)]
pub struct StreamValues {
    /// Only these event types, comma-separated (`payment.paid`, `payment.refunded`,
    /// `webhook_endpoint.disabled`); all when left out or `*`.
    #[param(inline, example = "payment.paid,payment.refunded")]
    events: Option<EventTypeList>,
}

impl StreamValues {
    fn check(r: &mut Reader) {
        r.rule("events", |events: &EventTypeList| {
            OwnerKind::Shop.check_events(&events.0)
        });
    }
}

/// Stream the shop's events
///
/// The shop's test-mode events as server-sent events (`text/event-stream`), from the moment the
/// stream opens: each has `id` (its `evt_…`), `event` (its type) and `data`, one line of JSON
/// with `id`, `type`, `created` and `body`, the event exactly as a webhook delivery sends it.
/// Reconnect with `Last-Event-ID` set to the last `id` you got: the stream goes on after it, with
/// nothing lost and nothing repeated. A comment line every 15 seconds keeps the connection open;
/// after 5 minutes without an event the stream ends (reconnect to go on). At most 5 open
/// streams per key. Test keys only: `noren listen` reads it.
#[utoipa::path(
    get,
    path = "/v3/events/stream",
    operation_id = "stream_events",
    tag = "Webhooks",
    security(("apiKey" = [])),
    params(
        StreamValues,
        ("Last-Event-ID" = Option<String>, Header, description = "Resume after this event (`evt_…`), as sent in the stream's `id`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The stream: server-sent events, one per event of the shop's test mode.", content_type = "text/event-stream", body = String,
            example = json!("id: evt_3kT9xQ2mP7vL1sR8wZ4yB6nC\nevent: payment.paid\ndata: {\"id\":\"evt_3kT9xQ2mP7vL1sR8wZ4yB6nC\",\"type\":\"payment.paid\",\"created\":\"2026-12-01T10:05:40.000Z\",\"body\":{\"payment_status\":\"paid\"}}\n\n")),
        (status = 400, description = "An unknown event type, or a `Last-Event-ID` that is not an event of the shop's test mode; `errors` names it.", body = ErrorBody),
        (status = 403, description = "A live key (streams are for test mode only), a device key (dk_…), or a disabled shop device.", body = ErrorBody,
            example = json!({"code": "forbidden", "message": "event streams are for test mode only: use a test key (sk_test_…)"})),
        (status = 429, description = "The key has 5 streams open already; retry after `Retry-After` seconds.", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before trying again."),
                ("RateLimit-Policy" = String, description = "The key's request limit, e.g. `\"key\";q=100;w=1` (see the API guide's rate limits)."),
                ("RateLimit" = String, description = "What is left of it, e.g. `\"key\";r=57;t=1`."),
            )),
    )
)]
pub async fn stream_events(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    headers: HeaderMap,
    values: StreamValues,
) -> Result<impl IntoResponse, ApiError> {
    let types = values
        .events
        .map(|e| e.0)
        .filter(|e| e.iter().all(|t| t != "*"))
        .unwrap_or_default();
    let asked = Asked {
        owner: merchant.owner(),
        key: format!("merchant:{}", merchant.0.key_id),
        types,
        headers: &headers,
        live_refusal: "event streams are for test mode only: use a test key (sk_test_…)",
    };
    listen::open(&state, asked).await
}
