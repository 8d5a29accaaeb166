//! Webhook endpoints of a partner platform (issue 34):
//! `/v3/inbound-external/{platform}/webhook_endpoints`, with the partner key, in the key's mode.
//! JSON bodies with camelCase members and JST times, as everywhere in this API. The rules are
//! `webhooks::endpoints`, shared with the merchants' endpoints of the payment API.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use noren_core::db::entities::webhook_delivery_attempt;
use noren_core::domain::jst;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, FieldError, InboundErrorBody};
use noren_core::http::state::{AppState, Effects};
use noren_core::http::values::{
    AttemptCursor, DeliveryOutcome, FromValues, Int, Items, Limit, Page, Reader, Rfc3339, Text,
    Values, WebhookUrl,
};
use noren_core::webhooks::endpoints::{
    self as endpoints, DEFAULT_OVERLAP, Endpoint, EndpointChange, LogQuery, NewEndpoint, Owner,
    OwnerKind,
};
use noren_core::webhooks::recovery::{self, Recovery};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

type Description = Text<500>;
type OverlapSeconds = Int<0, 604_800>;
type EventType = Text<64>;
type EventTypes = Items<EventType, 8, 1>;

/// A webhook endpoint: where the platform's notifications of one mode are sent, and which.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "we_8Lm3pQ7vT2kX9cN4rB6sY1dW", "url": "https://ota.example/noren/notifications",
    "enabledEvents": ["reservation.confirmed", "reservation.cancelled"],
    "description": "Booking sync", "disabled": false, "disabledReason": null, "livemode": false,
    "createdAt": "2026-12-01T19:00:00+09:00", "updatedAt": "2026-12-01T19:00:00+09:00",
    "previousSecretExpiresAt": null
}))]
pub struct WebhookEndpoint {
    /// `we_…`.
    pub id: String,
    /// Where notifications are POSTed: `https` in live mode, never an internal address.
    pub url: String,
    /// The event types sent to it (`reservation.confirmed`, `reservation.rejected`,
    /// `reservation.cancelled`, `webhook_endpoint.disabled`), or `["*"]` for all, new ones
    /// included.
    pub enabled_events: Vec<String>,
    #[schema(required = true)]
    pub description: Option<String>,
    /// A disabled endpoint is sent nothing; its events are kept as skipped deliveries that
    /// `recover` can send later.
    pub disabled: bool,
    /// Why Noren disabled it (after 5 days of failed deliveries); null when enabled or
    /// disabled by you.
    #[schema(required = true)]
    pub disabled_reason: Option<String>,
    pub livemode: bool,
    /// RFC 3339 with the JST offset.
    #[schema(format = DateTime)]
    pub created_at: String,
    /// RFC 3339 with the JST offset.
    #[schema(format = DateTime)]
    pub updated_at: String,
    /// During a rotation's overlap: when the previous secret stops signing. Null otherwise.
    #[schema(required = true, format = DateTime)]
    pub previous_secret_expires_at: Option<String>,
    /// The signing secret (`whsec_…`), answered only by the create and by `rotate_secret`:
    /// keep it, no read shows it again. It verifies `webhook-signature` with the official
    /// Standard Webhooks libraries, and `Noren-Signature`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "whsec_C2FVsBQIhrscChlQIMVb5sSYspob7oD4")]
    pub secret: Option<String>,
}

impl From<Endpoint> for WebhookEndpoint {
    fn from(e: Endpoint) -> Self {
        WebhookEndpoint {
            id: e.row.public_id,
            url: e.row.url,
            enabled_events: e.enabled_events,
            description: e.row.description,
            disabled: e.row.disabled,
            disabled_reason: e.row.disabled_reason,
            livemode: e.row.livemode,
            created_at: jst::rfc3339(e.row.created_at),
            updated_at: jst::rfc3339(e.row.updated_at),
            previous_secret_expires_at: e.previous_secret_expires_at.map(jst::rfc3339),
            secret: e.secret,
        }
    }
}

/// The platform's endpoints of the key's mode.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEndpointList {
    pub count: u64,
    /// Oldest first; at most 16.
    pub data: Vec<WebhookEndpoint>,
}

/// The endpoint that was deleted.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedWebhookEndpoint {
    /// `we_…`.
    pub id: String,
    /// Always true.
    pub deleted: bool,
}

/// The create's body.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CreateEndpointValues {
    /// Absolute URL: `https` in live mode; not an internal address (loopback is allowed in
    /// test mode on a developer's own server).
    #[schema(inline, example = "https://ota.example/noren/notifications")]
    url: WebhookUrl,
    /// Event types (`reservation.confirmed`, `reservation.rejected`, `reservation.cancelled`,
    /// `webhook_endpoint.disabled`), or `["*"]` for all.
    #[schema(inline, example = json!(["reservation.confirmed", "reservation.cancelled"]))]
    enabled_events: EventTypes,
    /// Your note (up to 500 characters).
    #[schema(inline)]
    description: Option<Description>,
    /// Create it disabled (default false).
    disabled: Option<bool>,
}

/// The update's body: what is not sent stays as it is.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct UpdateEndpointValues {
    /// As for the create.
    #[schema(inline)]
    url: Option<WebhookUrl>,
    /// As for the create.
    #[schema(inline)]
    enabled_events: Option<EventTypes>,
    /// As for the create.
    #[schema(inline)]
    description: Option<Description>,
    /// `true` stops deliveries; `false` starts them again (and clears `disabledReason`).
    disabled: Option<bool>,
}

/// The rotation's body (it may be empty).
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct RotateValues {
    /// How long the previous secret keeps signing beside the new one, 0 to 604800 (7 days);
    /// default 86400 (24 hours).
    #[schema(inline, example = 86400)]
    overlap_seconds: Option<OverlapSeconds>,
}

/// Values of the delivery log.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DeliveryLogValues {
    /// Only attempts of this event type.
    #[param(inline, example = "reservation.confirmed")]
    event_type: Option<EventType>,
    /// Only attempts that ended so.
    #[param(inline)]
    outcome: Option<DeliveryOutcome>,
    /// Only attempts sent at or after this time (RFC 3339).
    #[param(inline)]
    since: Option<Rfc3339>,
    /// Only attempts sent before this time (RFC 3339).
    #[param(inline)]
    until: Option<Rfc3339>,
    /// The page after this attempt: the previous page's `nextStartingAfter`.
    #[param(inline, example = "wda_1042")]
    starting_after: Option<AttemptCursor>,
    /// Page size, 1 to 100 (default 10).
    #[param(inline)]
    limit: Option<Limit>,
}

/// One attempt to deliver a notification to an endpoint, with what the receiver answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "wda_2077", "eventId": "evt_Qx2mL9vB4nT7cK1pZ8sR5wYd",
    "eventType": "reservation.confirmed", "attempt": 1, "sentAt": "2026-12-01T19:00:01+09:00",
    "outcome": "failed", "statusCode": 503, "durationMs": 12, "error": "answered 503 Service Unavailable",
    "requestHeaders": {"content-type": "application/json", "user-agent": "Noren-Webhooks/1.0",
        "webhook-id": "evt_Qx2mL9vB4nT7cK1pZ8sR5wYd", "webhook-timestamp": "1796119201",
        "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
        "noren-event-id": "evt_Qx2mL9vB4nT7cK1pZ8sR5wYd", "noren-event-type": "reservation.confirmed",
        "noren-delivery-attempt": "1",
        "noren-signature": "t=1796119201,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"},
    "responseHeaders": {"content-type": "text/plain", "retry-after": "60"},
    "responseBody": "maintenance"
}))]
pub struct WebhookDeliveryAttempt {
    /// `wda_…`: the cursor of the next page.
    pub id: String,
    /// The event (`webhook-id`).
    pub event_id: String,
    pub event_type: String,
    /// 1 for the first delivery of the event to this endpoint.
    pub attempt: i32,
    /// When it was sent, RFC 3339 with the JST offset.
    #[schema(format = DateTime)]
    pub sent_at: String,
    /// `succeeded` (2xx), `failed` (another answer, or none) or `pending` (being sent, or cut
    /// off by a restart: the next attempt follows).
    #[schema(example = "succeeded")]
    pub outcome: String,
    /// Your receiver's HTTP status; null when it did not answer.
    #[schema(required = true)]
    pub status_code: Option<i32>,
    #[schema(required = true)]
    pub duration_ms: Option<i64>,
    /// Why it failed: the status, or the network error (timeout, refused connection, DNS).
    #[schema(required = true)]
    pub error: Option<String>,
    /// The headers Noren sent, signatures included (never a secret).
    pub request_headers: BTreeMap<String, String>,
    /// Your receiver's answer's headers; null when it did not answer.
    #[schema(required = true)]
    pub response_headers: Option<BTreeMap<String, String>>,
    /// The first 4 KiB of your receiver's answer, as text; null when it did not answer.
    #[schema(required = true)]
    pub response_body: Option<String>,
}

fn headers(json: &str) -> BTreeMap<String, String> {
    serde_json::from_str(json).unwrap_or_default()
}

impl From<webhook_delivery_attempt::Model> for WebhookDeliveryAttempt {
    fn from(a: webhook_delivery_attempt::Model) -> Self {
        WebhookDeliveryAttempt {
            id: endpoints::attempt_id(a.id),
            event_id: a.event_public_id,
            event_type: a.event_type,
            attempt: a.attempt,
            sent_at: jst::rfc3339(a.started_at),
            outcome: a.outcome,
            status_code: a.status_code,
            duration_ms: a.duration_ms,
            error: a.error,
            request_headers: headers(&a.request_headers),
            response_headers: a.response_headers.as_deref().map(headers),
            response_body: a.response_body,
        }
    }
}

/// A page of an endpoint's delivery log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDeliveryPage {
    pub count: u64,
    /// Newest first.
    pub data: Vec<WebhookDeliveryAttempt>,
    /// Whether older attempts match.
    pub has_more: bool,
    /// Send it as `startingAfter` for the next page; null on the last.
    #[schema(required = true, example = "wda_2077")]
    pub next_starting_after: Option<String>,
}

fn owner(p: &Partner) -> Owner {
    Owner::platform(p.0.platform_id, p.0.livemode())
}

fn event_list(items: &EventTypes) -> Vec<String> {
    items.0.iter().map(|t| t.as_str().to_string()).collect()
}

/// The create's and update's rules: the URL's in the key's mode, the types of a platform.
fn rules(state: &AppState, live: bool) -> impl FnOnce(&mut Reader<'_>) {
    let reach = state.config.webhooks.reach();
    move |r: &mut Reader<'_>| {
        r.rule("url", |url: &WebhookUrl| url.check(live, reach));
        r.rule("enabledEvents", |events: &EventTypes| {
            OwnerKind::Platform.check_events(&event_list(events))
        });
    }
}

async fn check_resolved(state: &AppState, url: &str, live: bool) -> Result<(), ApiError> {
    endpoints::check_resolved(url, live, state.config.webhooks.reach())
        .await
        .map_err(|message| ApiError::invalid(vec![FieldError::new("url", message)]))
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/webhook_endpoints",
    operation_id = "create_webhook_endpoint",
    summary = "Create a webhook endpoint",
    description = "Adds a destination for the platform's reservation notifications of the key's mode and answers \
it with its signing secret, once. Every notification of a type it subscribes to is sent to it. At most 16 \
endpoints per platform and mode.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = CreateEndpointValues,
    responses(
        (status = 201, description = "The endpoint, with its `secret` (shown this once).", body = WebhookEndpoint),
        (status = 400, description = "A value is missing or invalid (a URL the mode may not reach, an unknown event type); `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid enabledEvents: \"payment.paid\" is not an event type of this API; the types are reservation.confirmed, reservation.rejected, reservation.cancelled, webhook_endpoint.disabled, or `*`",
                "errors": [{"field": "enabledEvents", "message": "\"payment.paid\" is not an event type of this API; the types are reservation.confirmed, reservation.rejected, reservation.cancelled, webhook_endpoint.disabled, or `*`"}]})),
        (status = 404, description = "`{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "The platform has 16 endpoints in this mode already.", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "at most 16 webhook endpoints in each mode; delete one before creating another"})),
    )
)]
pub async fn create_webhook_endpoint(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
    body: Bytes,
) -> Result<(StatusCode, Json<WebhookEndpoint>), ApiError> {
    let owner = owner(&partner);
    let values = CreateEndpointValues::from_json_with(&body, rules(&state, owner.livemode))?;
    let url = values.url.into_string();
    check_resolved(&state, &url, owner.livemode).await?;
    let new = NewEndpoint {
        url,
        enabled_events: event_list(&values.enabled_events),
        description: values.description.map(Text::into_string),
        disabled: values.disabled.unwrap_or(false),
    };
    let endpoint = endpoints::create(
        &state.db,
        &state.secret_box,
        owner,
        new,
        state.now_of(owner).await?.at,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(endpoint.into())))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/webhook_endpoints",
    operation_id = "list_webhook_endpoints",
    summary = "List webhook endpoints",
    description = "The platform's endpoints of the key's mode, oldest first. Secrets are not shown.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "Every endpoint of the platform in this mode.", body = WebhookEndpointList),
        (status = 404, description = "`{platform}` is not the key's platform.", body = InboundErrorBody),
    )
)]
pub async fn list_webhook_endpoints(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
) -> Result<Json<WebhookEndpointList>, ApiError> {
    let data: Vec<WebhookEndpoint> = endpoints::list(&state.db, owner(&partner))
        .await?
        .into_iter()
        .map(WebhookEndpoint::from)
        .collect();
    Ok(Json(WebhookEndpointList {
        count: data.len() as u64,
        data,
    }))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}",
    operation_id = "get_webhook_endpoint",
    summary = "Retrieve a webhook endpoint",
    description = "One of the platform's endpoints of the key's mode. Its secret is not shown.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The endpoint.", body = WebhookEndpoint),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
    )
)]
pub async fn get_webhook_endpoint(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let now = state.now_of(owner(&partner)).await?.at;
    let endpoint = endpoints::get(&state.db, owner(&partner), &id, now).await?;
    Ok(Json(endpoint.into()))
}

#[utoipa::path(
    patch,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}",
    operation_id = "update_webhook_endpoint",
    summary = "Update a webhook endpoint",
    description = "Changes what is sent; members not sent stay as they are. Enabling an endpoint Noren disabled \
starts its deliveries again (its skipped events are sent with `recover`).",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    request_body = UpdateEndpointValues,
    responses(
        (status = 200, description = "The endpoint as it now is.", body = WebhookEndpoint),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = InboundErrorBody),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
    )
)]
pub async fn update_webhook_endpoint(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
    body: Bytes,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let owner = owner(&partner);
    let values = UpdateEndpointValues::from_json_with(&body, rules(&state, owner.livemode))?;
    let url = values.url.map(WebhookUrl::into_string);
    if let Some(url) = &url {
        check_resolved(&state, url, owner.livemode).await?;
    }
    let change = EndpointChange {
        url,
        enabled_events: values.enabled_events.as_ref().map(event_list),
        description: values.description.map(|d| Some(d.into_string())),
        disabled: values.disabled,
    };
    let now = state.now_of(owner).await?.at;
    let endpoint = endpoints::update(&state.db, owner, &id, change, now).await?;
    Ok(Json(endpoint.into()))
}

#[utoipa::path(
    delete,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}",
    operation_id = "delete_webhook_endpoint",
    summary = "Delete a webhook endpoint",
    description = "Stops its deliveries (those queued are dropped) and deletes it with its delivery log.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "Deleted.", body = DeletedWebhookEndpoint),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
    )
)]
pub async fn delete_webhook_endpoint(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
) -> Result<Json<DeletedWebhookEndpoint>, ApiError> {
    endpoints::delete(&state.db, owner(&partner), &id).await?;
    Ok(Json(DeletedWebhookEndpoint { id, deleted: true }))
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}/rotate_secret",
    operation_id = "rotate_webhook_endpoint_secret",
    summary = "Rotate an endpoint's secret",
    description = "Makes a new signing secret and answers it. Until `overlapSeconds` have passed, every delivery \
is signed with both the new and the previous secret (two signatures in `webhook-signature` and two `v1` in \
`Noren-Signature`), so a receiver can switch without dropping one. A second rotation during an overlap is refused.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    request_body = RotateValues,
    responses(
        (status = 200, description = "The endpoint with its new `secret` and when the previous one stops signing.", body = WebhookEndpoint),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = InboundErrorBody),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "A previous secret still signs: rotate again when its overlap has ended.", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "the previous secret still signs until 2026-12-02T10:00:00Z; rotate again after the overlap has ended"})),
    )
)]
pub async fn rotate_webhook_endpoint_secret(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
    body: Bytes,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let values = if body.iter().all(u8::is_ascii_whitespace) {
        RotateValues::from_json(b"{}")?
    } else {
        RotateValues::from_json(&body)?
    };
    let overlap = values
        .overlap_seconds
        .map(|s| chrono::Duration::seconds(s.get()))
        .unwrap_or(DEFAULT_OVERLAP);
    let endpoint = endpoints::rotate(
        &state.db,
        &state.secret_box,
        owner(&partner),
        &id,
        overlap,
        state.now_of(owner(&partner)).await?.at,
    )
    .await?;
    Ok(Json(endpoint.into()))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}/deliveries",
    operation_id = "list_webhook_deliveries",
    summary = "List an endpoint's deliveries",
    description = "The endpoint's delivery log, newest first: every attempt with the headers sent and what the \
receiver answered (status, headers, the first 4 KiB of body) or the network error, kept 30 days. Page with \
`startingAfter`.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        DeliveryLogValues,
    ),
    responses(
        (status = 200, description = "A page of attempts.", body = WebhookDeliveryPage),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = InboundErrorBody),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
    )
)]
pub async fn list_webhook_deliveries(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
    values: DeliveryLogValues,
) -> Result<Json<WebhookDeliveryPage>, ApiError> {
    let q = LogQuery {
        event_type: values.event_type.map(Text::into_string),
        outcome: values.outcome.map(|o| o.0.to_string()),
        since: values.since.map(|t| t.0),
        until: values.until.map(|t| t.0),
        before: values.starting_after.map(|c| c.0),
        limit: Page::new(None, values.limit).limit,
    };
    let (rows, has_more) = endpoints::log(&state.db, owner(&partner), &id, &q).await?;
    let data: Vec<WebhookDeliveryAttempt> = rows.into_iter().map(Into::into).collect();
    let next_starting_after = has_more
        .then(|| data.last().map(|a| a.id.clone()))
        .flatten();
    Ok(Json(WebhookDeliveryPage {
        count: data.len() as u64,
        data,
        has_more,
        next_starting_after,
    }))
}

/// A recovery's body.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct RecoverValues {
    /// The window's start (RFC 3339), within the last 30 days.
    #[schema(inline, example = "2026-12-01T18:00:00+09:00")]
    since: Rfc3339,
    /// The window's end (RFC 3339, not included); default now.
    #[schema(inline, example = "2026-12-01T19:00:00+09:00")]
    until: Option<Rfc3339>,
    /// `true` queues every event of the window again, not only those that failed or were
    /// skipped while the endpoint was disabled (default false).
    all: Option<bool>,
}

/// A recovery: the endpoint's events of a window queued again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"id": "rcv_7Hq2mX9pL4tV1cK8nB3sR6wY", "since": "2026-12-01T18:00:00+09:00",
    "until": "2026-12-01T19:00:00+09:00", "all": false, "queued": 42, "repeated": false,
    "createdAt": "2026-12-01T19:05:00+09:00"}))]
pub struct WebhookRecovery {
    /// `rcv_…`.
    pub id: String,
    #[schema(format = DateTime)]
    pub since: String,
    /// The window's end: as asked, or the time of the first call that left it out.
    #[schema(format = DateTime)]
    pub until: String,
    pub all: bool,
    /// How many events were queued to the endpoint, oldest first.
    pub queued: i32,
    /// True when this window was recovered already (in the last 24 hours): that recovery is
    /// answered and nothing more is queued.
    pub repeated: bool,
    #[schema(format = DateTime)]
    pub created_at: String,
}

impl From<Recovery> for WebhookRecovery {
    fn from(r: Recovery) -> Self {
        WebhookRecovery {
            id: r.row.public_id,
            since: jst::rfc3339(r.row.since),
            until: jst::rfc3339(r.until),
            all: r.row.all,
            queued: r.row.queued,
            repeated: r.repeated,
            created_at: jst::rfc3339(r.row.created_at),
        }
    }
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}/recover",
    operation_id = "recover_webhook_endpoint",
    summary = "Recover an endpoint's events",
    description = "After an outage: queues again every event of the window that failed for this endpoint or was \
skipped while it was disabled (with `all`, every event of the window), and answers how many. Only events the endpoint \
was subscribed to when they happened are sent. Asking for the same window again within 24 hours answers the first \
recovery and sends nothing twice. At most 10 recoveries per endpoint and hour, 10,000 events each.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    request_body = RecoverValues,
    responses(
        (status = 200, description = "The recovery: how many events are on their way.", body = WebhookRecovery),
        (status = 400, description = "A value is invalid, or the window is empty or starts more than 30 days ago; `errors` names the field.", body = InboundErrorBody),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "The window holds more than 10,000 events to send: narrow it.", body = InboundErrorBody),
        (status = 429, description = "10 recoveries of this endpoint in the last hour; retry after `Retry-After` seconds.", body = InboundErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
    )
)]
pub async fn recover_webhook_endpoint(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
    values: RecoverValues,
) -> Result<Json<WebhookRecovery>, ApiError> {
    let recovery = recovery::recover(
        &state.db,
        owner(&partner),
        &id,
        values.since.0,
        values.until.map(|t| t.0),
        values.all.unwrap_or(false),
        state.config.webhooks.max_deliveries(),
        state.now_of(owner(&partner)).await?,
    )
    .await?;
    Effects::none().wake_webhooks().apply(&state);
    Ok(Json(recovery.into()))
}

/// A test event's body.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct TestEventValues {
    /// The type to send an example of: `reservation.confirmed`, `reservation.rejected`,
    /// `reservation.cancelled` or `webhook_endpoint.disabled`.
    #[schema(inline, example = "reservation.confirmed")]
    event_type: EventType,
}

/// The test event sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"eventId": "evt_9Rk2xL7mQ4vT1pB8nC3sW6yZ", "eventType": "reservation.confirmed", "test": true}))]
pub struct WebhookTestEvent {
    /// The event's id (`webhook-id`); its attempts appear in the endpoint's delivery log.
    pub event_id: String,
    pub event_type: String,
    /// Always true, as in the body sent.
    pub test: bool,
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/webhook_endpoints/{id}/test",
    operation_id = "test_webhook_endpoint",
    summary = "Send a test event",
    description = "Sends a signed example of an event type to this endpoint alone, now: the body has the shape of \
the real notification, made-up values and `\"test\": true`; it is signed like every delivery and shows in the \
endpoint's delivery log. At most 10 a minute per endpoint.",
    tag = "Webhook endpoints",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    request_body = TestEventValues,
    responses(
        (status = 202, description = "Queued: it is sent at once.", body = WebhookTestEvent),
        (status = 400, description = "The event type is not one of this API's; `errors` names it.", body = InboundErrorBody),
        (status = 404, description = "The platform has no such endpoint in this key's mode, or `{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "The endpoint is disabled.", body = InboundErrorBody),
        (status = 429, description = "10 test events to this endpoint in the last minute; retry after `Retry-After` seconds.", body = InboundErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait before trying again."))),
    )
)]
pub async fn test_webhook_endpoint(
    State(state): State<AppState>,
    partner: Partner,
    Path((_platform, id)): Path<(String, String)>,
    body: Bytes,
) -> Result<(StatusCode, Json<WebhookTestEvent>), ApiError> {
    let values = TestEventValues::from_json_with(&body, |r: &mut Reader<'_>| {
        r.rule("eventType", |t: &EventType| {
            OwnerKind::Platform.check_one(t.as_str())
        });
    })?;
    let event_type = values.event_type.into_string();
    let event_id = recovery::send_test(
        &state.db,
        owner(&partner),
        &id,
        &event_type,
        state.config.webhooks.max_deliveries(),
        state.now_of(owner(&partner)).await?,
    )
    .await?;
    Effects::none().wake_webhooks().apply(&state);
    Ok((
        StatusCode::ACCEPTED,
        Json(WebhookTestEvent {
            event_id,
            event_type,
            test: true,
        }),
    ))
}
