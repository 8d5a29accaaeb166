//! Webhook endpoints of a shop (issue 34): `…/v3/webhook_endpoints`, with the merchant's secret
//! key, in the key's mode. Values are query values or a form body, as everywhere in this API;
//! `enabled_events` is a comma-separated list. The rules are `webhooks::endpoints` (shared
//! with the partner platforms' endpoints of the inbound API).

use crate::http::dto::iso;
use axum::extract::State;
use axum::http::StatusCode;
use noren_core::db::entities::webhook_delivery_attempt;
use noren_core::http::auth::SecretKey;
use noren_core::http::error::{ApiError, ErrorBody, FieldError};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::{AppState, Effects};
use noren_core::http::values::{
    AttemptCursor, DeliveryOutcome, EventTypeList, FromValues, Int, Limit, Page, Reader, Rfc3339,
    Text, Values, WebhookUrl,
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

/// A webhook endpoint: where the shop's events of one mode are sent, and which.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "we_5Yp2kQ8mT1vX7cL3nR9sB4dW", "url": "https://shop.example/noren/webhooks",
    "enabled_events": ["payment.paid", "payment.refunded"], "description": "Fulfilment",
    "disabled": false, "disabled_reason": null, "livemode": false,
    "create_time": "2026-12-01T10:00:00.000Z", "update_time": "2026-12-01T10:00:00.000Z",
    "previous_secret_expires_time": null
}))]
pub struct WebhookEndpoint {
    /// `we_…`.
    pub id: String,
    /// Where events are POSTed: `https` in live mode, never an internal address.
    pub url: String,
    /// The event types sent to it (`payment.paid`, `payment.refunded`,
    /// `webhook_endpoint.disabled`), or `["*"]` for all, new ones included.
    pub enabled_events: Vec<String>,
    #[schema(required = true)]
    pub description: Option<String>,
    /// A disabled endpoint is sent nothing; its events are kept as `skipped` deliveries that
    /// `recover` can send later.
    pub disabled: bool,
    /// Why Noren disabled it (after 5 days of failed deliveries); null when enabled or disabled
    /// by you.
    #[schema(required = true)]
    pub disabled_reason: Option<String>,
    pub livemode: bool,
    #[schema(format = DateTime)]
    pub create_time: String,
    #[schema(format = DateTime)]
    pub update_time: String,
    /// During a rotation's overlap: when the previous secret stops signing. Null otherwise.
    #[schema(required = true, format = DateTime)]
    pub previous_secret_expires_time: Option<String>,
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
            create_time: iso(e.row.created_at),
            update_time: iso(e.row.updated_at),
            previous_secret_expires_time: e.previous_secret_expires_at.map(iso),
            secret: e.secret,
        }
    }
}

/// The shop's endpoints of the key's mode.
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

/// Values of the create call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CreateEndpointValues {
    /// Absolute URL: `https` in live mode; not an internal address (loopback is allowed in
    /// test mode on a developer's own server).
    #[param(inline, example = "https://shop.example/noren/webhooks")]
    url: WebhookUrl,
    /// Comma-separated event types (`payment.paid`, `payment.refunded`,
    /// `webhook_endpoint.disabled`), or `*` for all.
    #[param(inline, example = "payment.paid,payment.refunded")]
    enabled_events: EventTypeList,
    /// Your note (up to 500 characters).
    #[param(inline)]
    description: Option<Description>,
    /// Create it disabled (default false).
    disabled: Option<bool>,
}

/// Values of the update call: what is not sent stays as it is.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UpdateEndpointValues {
    /// As for the create.
    #[param(inline)]
    url: Option<WebhookUrl>,
    /// As for the create.
    #[param(inline)]
    enabled_events: Option<EventTypeList>,
    /// As for the create.
    #[param(inline)]
    description: Option<Description>,
    /// `true` stops deliveries; `false` starts them again (and clears `disabled_reason`).
    disabled: Option<bool>,
}

/// Values of the rotation.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RotateValues {
    /// How long the previous secret keeps signing beside the new one, 0 to 604800 (7 days);
    /// default 86400 (24 hours).
    #[param(inline, example = 86400)]
    overlap_seconds: Option<OverlapSeconds>,
}

/// Values of the delivery log.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryLogValues {
    /// Only attempts of this event type.
    #[param(inline, example = "payment.paid")]
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
    /// The page after this attempt: the previous page's `next_starting_after`.
    #[param(inline, example = "wda_1042")]
    starting_after: Option<AttemptCursor>,
    /// Page size, 1 to 100 (default 10).
    #[param(inline)]
    limit: Option<Limit>,
}

/// One attempt to deliver an event to an endpoint, with what the receiver answered.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "wda_1042", "event_id": "evt_3kT9xQ2mP7vL1sR8wZ4yB6nC", "event_type": "payment.paid",
    "attempt": 1, "time": "2026-12-01T10:00:01.250Z", "outcome": "succeeded",
    "status_code": 200, "duration_ms": 38, "error": null,
    "request_headers": {"content-type": "application/json", "user-agent": "Noren-Webhooks/1.0",
        "webhook-id": "evt_3kT9xQ2mP7vL1sR8wZ4yB6nC", "webhook-timestamp": "1796119201",
        "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
        "noren-event-id": "evt_3kT9xQ2mP7vL1sR8wZ4yB6nC", "noren-event-type": "payment.paid",
        "noren-delivery-attempt": "1",
        "noren-signature": "t=1796119201,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"},
    "response_headers": {"content-type": "text/plain"}, "response_body": "ok"
}))]
pub struct WebhookDeliveryAttempt {
    /// `wda_…`: the cursor of the next page.
    pub id: String,
    /// The event (`webhook-id`).
    pub event_id: String,
    pub event_type: String,
    /// 1 for the first delivery of the event to this endpoint.
    pub attempt: i32,
    /// When it was sent.
    #[schema(format = DateTime)]
    pub time: String,
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
            time: iso(a.started_at),
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
pub struct WebhookDeliveryPage {
    pub count: u64,
    /// Newest first.
    pub data: Vec<WebhookDeliveryAttempt>,
    /// Whether older attempts match.
    pub has_more: bool,
    /// Send it as `starting_after` for the next page; null on the last.
    #[schema(required = true, example = "wda_1042")]
    pub next_starting_after: Option<String>,
}

fn owner(key: &SecretKey) -> Owner {
    let principal = &key.0.0;
    Owner::shop(principal.shop.id, principal.livemode())
}

/// The create's and update's rules: the URL's in the key's mode, the types of a shop.
fn rules(state: &AppState, live: bool) -> impl FnOnce(&mut Reader<'_>) {
    let reach = state.config.webhooks.reach();
    move |r: &mut Reader<'_>| {
        r.rule("url", |url: &WebhookUrl| url.check(live, reach));
        r.rule("enabled_events", |events: &EventTypeList| {
            OwnerKind::Shop.check_events(&events.0)
        });
    }
}

async fn check_resolved(state: &AppState, url: &str, live: bool) -> Result<(), ApiError> {
    let reach = state.config.webhooks.reach();
    endpoints::check_resolved(url, live, reach)
        .await
        .map_err(|message| ApiError::invalid(vec![FieldError::new("url", message)]))
}

/// Create a webhook endpoint
///
/// Adds a destination for the shop's events of the key's mode and answers it with its signing
/// secret, once. Every event of a type it subscribes to is sent to it, besides the payment's
/// `webhook_callback_url`. At most 16 endpoints per shop and mode.
#[utoipa::path(
    post,
    path = "/v3/webhook_endpoints",
    operation_id = "create_webhook_endpoint",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(CreateEndpointValues),
    responses(
        (status = 201, description = "The endpoint, with its `secret` (shown this once).", body = WebhookEndpoint,
            links(
                ("GetEndpoint" = (operation_id = "get_webhook_endpoint", parameters(("path.id" = "$response.body#/id")),
                    description = "Read it.")),
                ("EndpointDeliveries" = (operation_id = "list_webhook_deliveries", parameters(("path.id" = "$response.body#/id")),
                    description = "Its delivery log."))
            )),
        (status = 400, description = "A value is missing or invalid (a URL the mode may not reach, an unknown event type); `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid enabled_events: \"payment.created\" is not an event type of this API; the types are payment.paid, payment.refunded, webhook_endpoint.disabled, or `*`",
                "errors": [{"field": "enabled_events", "message": "\"payment.created\" is not an event type of this API; the types are payment.paid, payment.refunded, webhook_endpoint.disabled, or `*`"}]})),
        (status = 409, description = "The shop has 16 endpoints in this mode already.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "at most 16 webhook endpoints in each mode; delete one before creating another"})),
    )
)]
pub async fn create_webhook_endpoint(
    State(state): State<AppState>,
    key: SecretKey,
    values: Values,
) -> Result<(StatusCode, Json<WebhookEndpoint>), ApiError> {
    let owner = owner(&key);
    let values = CreateEndpointValues::from_values_with(&values, rules(&state, owner.livemode))?;
    let url = values.url.into_string();
    check_resolved(&state, &url, owner.livemode).await?;
    let new = NewEndpoint {
        url,
        enabled_events: values.enabled_events.0,
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

/// List webhook endpoints
///
/// The shop's endpoints of the key's mode, oldest first. Secrets are not shown.
#[utoipa::path(
    get,
    path = "/v3/webhook_endpoints",
    operation_id = "list_webhook_endpoints",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    responses(
        (status = 200, description = "Every endpoint of the shop in this mode.", body = WebhookEndpointList),
    )
)]
pub async fn list_webhook_endpoints(
    State(state): State<AppState>,
    key: SecretKey,
) -> Result<Json<WebhookEndpointList>, ApiError> {
    let data: Vec<WebhookEndpoint> = endpoints::list(&state.db, owner(&key))
        .await?
        .into_iter()
        .map(WebhookEndpoint::from)
        .collect();
    Ok(Json(WebhookEndpointList {
        count: data.len() as u64,
        data,
    }))
}

/// Retrieve a webhook endpoint
///
/// One of the shop's endpoints of the key's mode. Its secret is not shown.
#[utoipa::path(
    get,
    path = "/v3/webhook_endpoints/{id}",
    operation_id = "get_webhook_endpoint",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The endpoint.", body = WebhookEndpoint),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
    )
)]
pub async fn get_webhook_endpoint(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let now = state.now_of(owner(&key)).await?.at;
    let endpoint = endpoints::get(&state.db, owner(&key), &id, now).await?;
    Ok(Json(endpoint.into()))
}

/// Update a webhook endpoint
///
/// Changes what is sent; values not sent stay as they are. Enabling an endpoint Noren disabled
/// starts its deliveries again (its skipped events are sent with `recover`).
#[utoipa::path(
    post,
    path = "/v3/webhook_endpoints/{id}",
    operation_id = "update_webhook_endpoint",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), UpdateEndpointValues),
    responses(
        (status = 200, description = "The endpoint as it now is.", body = WebhookEndpoint),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
    )
)]
pub async fn update_webhook_endpoint(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
    values: Values,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let owner = owner(&key);
    let values = UpdateEndpointValues::from_values_with(&values, rules(&state, owner.livemode))?;
    let url = values.url.map(WebhookUrl::into_string);
    if let Some(url) = &url {
        check_resolved(&state, url, owner.livemode).await?;
    }
    let change = EndpointChange {
        url,
        enabled_events: values.enabled_events.map(|e| e.0),
        description: values.description.map(|d| Some(d.into_string())),
        disabled: values.disabled,
    };
    let now = state.now_of(owner).await?.at;
    let endpoint = endpoints::update(&state.db, owner, &id, change, now).await?;
    Ok(Json(endpoint.into()))
}

/// Delete a webhook endpoint
///
/// Stops its deliveries (those queued are dropped) and deletes it with its delivery log.
#[utoipa::path(
    delete,
    path = "/v3/webhook_endpoints/{id}",
    operation_id = "delete_webhook_endpoint",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "Deleted.", body = DeletedWebhookEndpoint),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
    )
)]
pub async fn delete_webhook_endpoint(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
) -> Result<Json<DeletedWebhookEndpoint>, ApiError> {
    endpoints::delete(&state.db, owner(&key), &id).await?;
    Ok(Json(DeletedWebhookEndpoint { id, deleted: true }))
}

/// Rotate an endpoint's secret
///
/// Makes a new signing secret and answers it. Until `overlap_seconds` have passed, every
/// delivery is signed with both the new and the previous secret (two signatures in
/// `webhook-signature` and two `v1` in `Noren-Signature`), so a receiver can switch without
/// dropping one. A second rotation during an overlap is refused.
#[utoipa::path(
    post,
    path = "/v3/webhook_endpoints/{id}/rotate_secret",
    operation_id = "rotate_webhook_endpoint_secret",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), RotateValues),
    responses(
        (status = 200, description = "The endpoint with its new `secret` and when the previous one stops signing.", body = WebhookEndpoint),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
        (status = 409, description = "A previous secret still signs: rotate again when its overlap has ended.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "the previous secret still signs until 2026-12-02T10:00:00Z; rotate again after the overlap has ended"})),
    )
)]
pub async fn rotate_webhook_endpoint_secret(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
    values: RotateValues,
) -> Result<Json<WebhookEndpoint>, ApiError> {
    let overlap = values
        .overlap_seconds
        .map(|s| chrono::Duration::seconds(s.get()))
        .unwrap_or(DEFAULT_OVERLAP);
    let endpoint = endpoints::rotate(
        &state.db,
        &state.secret_box,
        owner(&key),
        &id,
        overlap,
        state.now_of(owner(&key)).await?.at,
    )
    .await?;
    Ok(Json(endpoint.into()))
}

/// List an endpoint's deliveries
///
/// The endpoint's delivery log, newest first: every attempt with the headers sent and what the
/// receiver answered (status, headers, the first 4 KiB of body) or the network error, kept 30
/// days. Page with `starting_after`.
#[utoipa::path(
    get,
    path = "/v3/webhook_endpoints/{id}/deliveries",
    operation_id = "list_webhook_deliveries",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), DeliveryLogValues),
    responses(
        (status = 200, description = "A page of attempts.", body = WebhookDeliveryPage),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
    )
)]
pub async fn list_webhook_deliveries(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
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
    let (rows, has_more) = endpoints::log(&state.db, owner(&key), &id, &q).await?;
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

/// Values of a recovery.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecoverValues {
    /// The window's start (RFC 3339), within the last 30 days.
    #[param(inline, example = "2026-12-01T09:00:00Z")]
    since: Rfc3339,
    /// The window's end (RFC 3339, not included); default now.
    #[param(inline, example = "2026-12-01T10:00:00Z")]
    until: Option<Rfc3339>,
    /// `true` queues every event of the window again, not only those that failed or were
    /// skipped while the endpoint was disabled (default false).
    all: Option<bool>,
}

/// A recovery: the endpoint's events of a window queued again.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"id": "rcv_7Hq2mX9pL4tV1cK8nB3sR6wY", "since": "2026-12-01T09:00:00.000Z",
    "until": "2026-12-01T10:00:00.000Z", "all": false, "queued": 42, "repeated": false,
    "create_time": "2026-12-01T10:05:00.000Z"}))]
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
    pub create_time: String,
}

impl From<Recovery> for WebhookRecovery {
    fn from(r: Recovery) -> Self {
        WebhookRecovery {
            id: r.row.public_id,
            since: iso(r.row.since),
            until: iso(r.until),
            all: r.row.all,
            queued: r.row.queued,
            repeated: r.repeated,
            create_time: iso(r.row.created_at),
        }
    }
}

/// Recover an endpoint's events
///
/// After an outage: queues again every event of the window that failed for this endpoint or
/// was skipped while it was disabled (with `all`, every event of the window), and answers how
/// many. Only events the endpoint was subscribed to when they happened are sent. Asking for
/// the same window again within 24 hours answers the first recovery and sends nothing twice.
/// At most 10 recoveries per endpoint and hour, 10,000 events each.
#[utoipa::path(
    post,
    path = "/v3/webhook_endpoints/{id}/recover",
    operation_id = "recover_webhook_endpoint",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), RecoverValues),
    responses(
        (status = 200, description = "The recovery: how many events are on their way.", body = WebhookRecovery),
        (status = 400, description = "A value is invalid, or the window is empty or starts more than 30 days ago; `errors` names the field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid since: the window must start within the last 30 days, the delivery log's retention",
                "errors": [{"field": "since", "message": "the window must start within the last 30 days, the delivery log's retention"}]})),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
        (status = 409, description = "The window holds more than 10,000 events to send: narrow it.", body = ErrorBody),
        (status = 429, description = "10 recoveries of this endpoint in the last hour; retry after `Retry-After` seconds.", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before trying again."),
                ("RateLimit-Policy" = String, description = "The key's request limit, e.g. `\"key\";q=100;w=1` (see the API guide's rate limits)."),
                ("RateLimit" = String, description = "What is left of it, e.g. `\"key\";r=57;t=1`."),
            )),
    )
)]
pub async fn recover_webhook_endpoint(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
    values: RecoverValues,
) -> Result<Json<WebhookRecovery>, ApiError> {
    let recovery = recovery::recover(
        &state.db,
        owner(&key),
        &id,
        values.since.0,
        values.until.map(|t| t.0),
        values.all.unwrap_or(false),
        state.config.webhooks.max_deliveries(),
        state.now_of(owner(&key)).await?,
    )
    .await?;
    Effects::none().wake_webhooks().apply(&state);
    Ok(Json(recovery.into()))
}

/// Values of a test event.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TestEventValues {
    /// The type to send an example of: `payment.paid`, `payment.refunded` or
    /// `webhook_endpoint.disabled`.
    #[param(inline, example = "payment.paid")]
    event_type: EventType,
}

/// The test event sent.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"event_id": "evt_9Rk2xL7mQ4vT1pB8nC3sW6yZ", "event_type": "payment.paid", "test": true}))]
pub struct WebhookTestEvent {
    /// The event's id (`webhook-id`); its attempts appear in the endpoint's delivery log.
    pub event_id: String,
    pub event_type: String,
    /// Always true, as in the body sent.
    pub test: bool,
}

/// Send a test event
///
/// Sends a signed example of an event type to this endpoint alone, now: the body has the
/// shape of the real event, made-up values and `"test": true`; it is signed like every
/// delivery and shows in the endpoint's delivery log, never in the shop's event log. At most
/// 10 a minute per endpoint.
#[utoipa::path(
    post,
    path = "/v3/webhook_endpoints/{id}/test",
    operation_id = "test_webhook_endpoint",
    tag = "Webhook endpoints",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The endpoint id, `we_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), TestEventValues),
    responses(
        (status = 202, description = "Queued: it is sent at once.", body = WebhookTestEvent),
        (status = 400, description = "The event type is not one of this API's; `errors` names it.", body = ErrorBody),
        (status = 404, description = "The shop has no such endpoint (in this key's mode).", body = ErrorBody),
        (status = 409, description = "The endpoint is disabled.", body = ErrorBody),
        (status = 429, description = "10 test events to this endpoint in the last minute; retry after `Retry-After` seconds.", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before trying again."),
                ("RateLimit-Policy" = String, description = "The key's request limit, e.g. `\"key\";q=100;w=1` (see the API guide's rate limits)."),
                ("RateLimit" = String, description = "What is left of it, e.g. `\"key\";r=57;t=1`."),
            )),
    )
)]
pub async fn test_webhook_endpoint(
    State(state): State<AppState>,
    key: SecretKey,
    Path(id): Path<String>,
    values: Values,
) -> Result<(StatusCode, Json<WebhookTestEvent>), ApiError> {
    let values = TestEventValues::from_values_with(&values, |r: &mut Reader<'_>| {
        r.rule("event_type", |t: &EventType| {
            OwnerKind::Shop.check_one(t.as_str())
        });
    })?;
    let event_type = values.event_type.into_string();
    let event_id = recovery::send_test(
        &state.db,
        owner(&key),
        &id,
        &event_type,
        state.config.webhooks.max_deliveries(),
        state.now_of(owner(&key)).await?,
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
