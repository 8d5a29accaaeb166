//! The platform's event stream (issue 35, item 2): `GET /v3/inbound-external/{platform}/events/stream`,
//! with the partner's test key, as server-sent events: the reservation notifications of the
//! platform's test mode, as the payment API's stream carries a shop's events. `noren listen
//! --platform` reads it. The stream itself is `noren_core::http::listen`.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::listen::{self, Asked};
use noren_core::http::state::AppState;
use noren_core::http::values::{EventTypeList, Reader, Values};
use noren_core::webhooks::endpoints::OwnerKind;
use utoipa::IntoParams;

/// Values of the stream call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[values(check = Self::check)]
pub struct StreamValues {
    /// Only these event types, comma-separated (`reservation.confirmed`,
    /// `reservation.rejected`, `reservation.cancelled`, `webhook_endpoint.disabled`); all when
    /// left out or `*`.
    #[param(inline, example = "reservation.confirmed,reservation.cancelled")]
    events: Option<EventTypeList>,
}

impl StreamValues {
    fn check(r: &mut Reader) {
        r.rule("events", |events: &EventTypeList| {
            OwnerKind::Platform.check_events(&events.0)
        });
    }
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/events/stream",
    operation_id = "stream_events",
    summary = "Stream the platform's notifications",
    description = "The platform's test-mode reservation notifications as server-sent events (`text/event-stream`), \
from the moment the stream opens: each has `id` (its `evt_…`), `event` (its type) and `data`, one line of JSON with \
`id`, `type`, `created` and `body`, the notification exactly as a delivery sends it. Reconnect with `Last-Event-ID` \
set to the last `id` you got: the stream goes on after it, with nothing lost and nothing repeated. A comment line \
every 15 seconds keeps the connection open; after 5 minutes without a notification the stream ends (reconnect to go \
on). At most 5 open streams per key. Test keys only: `noren listen --platform` reads it.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        StreamValues,
        ("Last-Event-ID" = Option<String>, Header, description = "Resume after this notification (`evt_…`), as sent in the stream's `id`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The stream: server-sent events, one per notification of the platform's test mode.", content_type = "text/event-stream", body = String),
        (status = 400, description = "An unknown event type, or a `Last-Event-ID` that is not a notification of the platform's test mode; `errors` names it.", body = InboundErrorBody),
        (status = 403, description = "A live key: streams are for test mode only.", body = InboundErrorBody,
            example = json!({"code": "forbidden", "message": "event streams are for test mode only: use a test key (ipk_test_…)"})),
        (status = 404, description = "`{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 429, description = "The key has 5 streams open already; retry after `Retry-After` seconds.", body = InboundErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
    )
)]
pub async fn stream_events(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
    headers: HeaderMap,
    values: StreamValues,
) -> Result<impl IntoResponse, ApiError> {
    let types = values
        .events
        .map(|e| e.0)
        .filter(|e| e.iter().all(|t| t != "*"))
        .unwrap_or_default();
    let asked = Asked {
        owner: partner.owner(),
        key: format!("partner:{}", partner.0.key_id),
        types,
        headers: &headers,
        live_refusal: "event streams are for test mode only: use a test key (ipk_test_…)",
    };
    listen::open(&state, asked).await
}
