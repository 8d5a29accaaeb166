//! What merchants see of their webhooks: every event with each delivery attempt, and a way to
//! send one again, limited so that redelivery cannot be used to multiply requests
//! (`pay::service::webhook_events`: each key may redeliver
//! [`REDELIVERIES_PER_KEY_PER_MINUTE`](noren_core::http::ratelimit::REDELIVERIES_PER_KEY_PER_MINUTE)
//! times a minute, and each event is sent at most
//! `service::webhook_events::SENDS_PER_EVENT_PER_HOUR` times in any hour, retries included).

use crate::http::dto::iso;
use crate::http::params::{PaymentNumber, Token};
use crate::service::webhook_events as service;
use axum::extract::State;
use noren_core::http::auth::SecretKey;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::AppState;
use noren_core::http::values::{Limit, Offset, Page, Text, Values};
use noren_core::webhooks::event::WebhookEvent;
use noren_core::webhooks::store::{self as webhooks, EventQuery, EventRecord};
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::{IntoParams, ToSchema};

/// One delivery attempt.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryAttempt {
    /// 1 for the first delivery (the `Noren-Delivery-Attempt` header).
    #[schema(example = 1)]
    pub attempt: i32,
    /// When it was sent.
    #[schema(format = DateTime, example = "2026-11-23T14:02:49.936Z")]
    pub time: String,
    /// Your receiver's HTTP status; null when it did not answer (timeout, no connection, or
    /// the attempt was cut off).
    #[schema(required = true, example = 200)]
    pub status_code: Option<i32>,
    /// How long it took; null when the attempt was cut off.
    #[schema(required = true, example = 42)]
    pub duration_ms: Option<i64>,
    /// Why it failed, when it did.
    #[schema(required = true)]
    pub error: Option<String>,
}

/// A webhook event and its deliveries.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEventRecord {
    /// The event id (the `Noren-Event-Id` header).
    #[schema(example = "evt_3kT9xQ2mP7vL1sR8wZ4yB6nC")]
    pub id: String,
    /// `paid` or `refunded`.
    #[schema(example = "paid")]
    pub payment_status: String,
    #[schema(pattern = "^[A-Za-z0-9]{32}$")]
    pub token: String,
    #[schema(pattern = "^[1-9][0-9]{15}$")]
    pub payment_number: String,
    /// Where it is delivered; null when neither the payment nor the shop has a webhook URL.
    #[schema(required = true)]
    pub url: Option<String>,
    /// `pending` (a delivery is due or waiting to retry), `delivered`, `failed` (all retries
    /// used) or `no_url`.
    #[schema(example = "delivered")]
    pub status: String,
    #[schema(format = DateTime, example = "2026-11-23T14:02:49.932Z")]
    pub create_time: String,
    /// When the next delivery is due; null when none is.
    #[schema(required = true, format = DateTime)]
    pub next_attempt_time: Option<String>,
    /// When a delivery succeeded; null until one does.
    #[schema(required = true, format = DateTime)]
    pub delivered_time: Option<String>,
    /// The JSON body, byte for byte as it was signed and sent: `Noren-Signature` can be checked
    /// against it.
    #[schema(value_type = WebhookEvent)]
    pub body: Box<RawValue>,
    /// Oldest first.
    pub attempts: Vec<DeliveryAttempt>,
}

/// A page of events.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookEventPage {
    /// Events on this page.
    pub count: u64,
    pub data: Vec<WebhookEventRecord>,
    pub offset: u64,
    /// Events that match.
    pub total: u64,
}

fn record((e, attempts): EventRecord) -> Result<WebhookEventRecord, ApiError> {
    // Stored as serialised when the event was made, and served unchanged.
    let body = RawValue::from_string(e.body).map_err(|err| {
        ApiError::Internal(anyhow::Error::new(err).context("stored webhook body is not JSON"))
    })?;
    Ok(WebhookEventRecord {
        id: e.public_id,
        payment_status: e.payment_status,
        token: e.token,
        payment_number: e.payment_number,
        url: e.url,
        status: e.status.as_str().to_string(),
        create_time: iso(e.created_at),
        next_attempt_time: e.next_attempt_at.map(iso),
        delivered_time: e.delivered_at.map(iso),
        body,
        attempts: attempts
            .into_iter()
            .map(|a| DeliveryAttempt {
                attempt: a.attempt,
                time: iso(a.started_at),
                status_code: a.status_code,
                duration_ms: a.duration_ms,
                error: a.error,
            })
            .collect(),
    })
}

/// Values of the list call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventListValues {
    /// Only events of this attempt.
    #[param(inline)]
    payment_number: Option<PaymentNumber>,
    /// Only events of this payment.
    #[param(inline)]
    token: Option<Token>,
    #[param(inline)]
    offset: Option<Offset>,
    /// Page size, 1 to 100.
    #[param(inline)]
    limit: Option<Limit>,
}

/// List webhook events
///
/// The shop's webhook events in the key's mode, newest first, each with every delivery
/// attempt: when it was sent, your receiver's status code and how long it took.
#[utoipa::path(
    get,
    path = "/v3/webhook_events",
    operation_id = "list_webhook_events",
    tag = "Webhooks",
    security(("apiKey" = [])),
    params(EventListValues),
    responses(
        (status = 200, description = "A page of events.", body = WebhookEventPage,
            links(
                ("Redeliver" = (operation_id = "redeliver_webhook_event", parameters(("path.id" = "$response.body#/data/0/id")),
                    description = "Send the newest event of the page again."))
            ),
            example = super::examples::webhook_event_page),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody),
    )
)]
pub async fn list_webhook_events(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    values: EventListValues,
) -> Result<Json<WebhookEventPage>, ApiError> {
    let Page { offset, limit } = Page::new(values.offset, values.limit);
    let principal = &merchant.0;
    let q = EventQuery {
        shop_id: principal.shop.id,
        livemode: principal.livemode(),
        payment_number: values.payment_number.map(Text::into_string),
        token: values.token.map(Text::into_string),
        offset,
        limit,
    };
    let (events, total) = webhooks::list_events(&state.db, &q).await?;
    let data = events
        .into_iter()
        .map(record)
        .collect::<Result<Vec<WebhookEventRecord>, ApiError>>()?;
    Ok(Json(WebhookEventPage {
        count: data.len() as u64,
        data,
        offset: q.offset,
        total,
    }))
}

/// Redeliver a webhook event
///
/// Queues one more delivery of the event now (a waiting retry is brought forward). Answers the
/// event; its next attempt appears in `attempts` once sent. Limited: a key may redeliver 10
/// times a minute, and an event is sent at most 12 times in any hour (retries included); past
/// either limit the answer is 429 with `Retry-After`.
#[utoipa::path(
    post,
    path = "/v3/webhook_events/{id}/redeliver",
    operation_id = "redeliver_webhook_event",
    tag = "Webhooks",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The event id, `evt_…`.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The event, with a delivery due now.", body = WebhookEventRecord,
            example = super::examples::redelivered_event),
        (status = 404, description = "The shop has no such event (in this key's mode).", body = ErrorBody),
        (status = 409, description = "A delivery is in progress, or there is no webhook URL to deliver to.", body = ErrorBody),
        (status = 429, description = "Too many redeliveries by this key or of this event; retry after `Retry-After` seconds.", body = ErrorBody,
            headers(
                ("Retry-After" = u64, description = "Seconds to wait before trying again."),
                ("RateLimit-Policy" = String, description = "The key's request limit, e.g. `\"key\";q=100;w=1` (see the API guide's rate limits)."),
                ("RateLimit" = String, description = "What is left of it, e.g. `\"key\";r=57;t=1`."),
            ),
            example = json!({"code": "too_many_requests", "message": "this event was sent 12 times in the last hour; try again later"})),
    )
)]
pub async fn redeliver_webhook_event(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    Path(id): Path<String>,
) -> Result<Json<WebhookEventRecord>, ApiError> {
    let principal = &merchant.0;
    let record = service::redeliver(
        &state,
        principal.key_id,
        principal.shop.id,
        principal.livemode(),
        &id,
    )
    .await?;
    Ok(Json(self::record(record)?))
}
