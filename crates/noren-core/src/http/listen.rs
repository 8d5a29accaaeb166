//! The event stream's answer (issue 35, item 2; `webhooks::stream` reads it): server-sent
//! events of one owner's test mode, for the payment API's and the inbound API's `…/events/stream`
//! calls, which `noren listen` reads.

use crate::http::error::{ApiError, FieldError};
use crate::http::state::{AppState, SlicePart};
use crate::webhooks::endpoints::Owner;
use crate::webhooks::stream::{self, IDLE, Listeners, Listening, POLL, Streamed};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::{Duration, Instant};

impl SlicePart for Listeners {
    fn new(_: &crate::db::Db, _: &crate::domain::clock::Clock) -> Self {
        Listeners::default()
    }
}

/// What a stream is asked for.
pub struct Asked<'a> {
    pub owner: Owner,
    /// Whose place among the [`stream::MAX_LISTENERS`]: the key's id, with its kind.
    pub key: String,
    /// Only these event types (all when empty).
    pub types: Vec<String>,
    pub headers: &'a HeaderMap,
    /// The refusal of a live key, in the API's words.
    pub live_refusal: &'static str,
}

/// Opens the stream: 403 for a live key, 429 beyond five open streams of the key, 400 for a
/// `Last-Event-ID` that names none of the owner's events.
pub async fn open(
    state: &AppState,
    asked: Asked<'_>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>> + use<>>, ApiError> {
    let Asked {
        owner,
        key,
        types,
        headers,
        live_refusal,
    } = asked;
    if owner.livemode {
        return Err(ApiError::Forbidden(live_refusal.into()));
    }
    let listening =
        state
            .slice::<Listeners>()
            .join(&key)
            .ok_or_else(|| ApiError::TooManyRequests {
                message: format!(
                    "at most {} open event streams per key; close one first",
                    stream::MAX_LISTENERS
                ),
                retry_after_secs: 5,
            })?;
    let last = headers
        .get("last-event-id")
        .map(|v| v.to_str().map(str::trim))
        .transpose()
        .map_err(|_| ApiError::client("the Last-Event-ID header is not valid text"))?
        .filter(|v| !v.is_empty());
    let cursor = match last {
        Some(id) => stream::after_event(&state.db, owner, id)
            .await?
            .ok_or_else(|| {
                ApiError::invalid(vec![FieldError::new(
                    "Last-Event-ID",
                    format!("{id} is not an event of this key's owner in test mode"),
                )])
            })?,
        None => stream::newest(&state.db, owner).await?,
    };
    let events = Reading {
        db: state.db.clone(),
        owner,
        cursor,
        types,
        pending: VecDeque::new(),
        quiet_since: Instant::now(),
        lifecycle: state.lifecycle.clone(),
        _listening: listening,
    };
    let stream = futures_util::stream::unfold(events, |mut r| async move {
        let event = r.next().await?;
        Some((Ok(event), r))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// A stream's reading position: what it has read and not sent, and since when it had nothing.
struct Reading {
    db: crate::db::Db,
    owner: Owner,
    cursor: i64,
    types: Vec<String>,
    pending: VecDeque<Streamed>,
    quiet_since: Instant,
    /// A process shutting down ends its streams (their clients resume on another).
    lifecycle: std::sync::Arc<crate::http::state::Lifecycle>,
    _listening: Listening,
}

impl Reading {
    /// The next event, waiting for one; `None` ends the stream (idle, or the database fails:
    /// the client resumes from its last event).
    async fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(e) = self.pending.pop_front() {
                self.cursor = e.cursor;
                self.quiet_since = Instant::now();
                return Some(event(&e));
            }
            if self.quiet_since.elapsed() >= IDLE || self.lifecycle.draining() {
                return None;
            }
            match stream::after(&self.db, self.owner, self.cursor, &self.types).await {
                Ok(read) if read.is_empty() => tokio::time::sleep(POLL).await,
                Ok(read) => self.pending.extend(read),
                Err(e) => {
                    tracing::warn!(error = %e, "an event stream cannot read the outbox; it ends");
                    return None;
                }
            }
        }
    }
}

/// An event as the stream sends it: `id` its `evt_…`, `event` its type, `data` one line of
/// JSON with the id, type, creation time and the body as deliveries send it (byte for byte).
fn event(e: &Streamed) -> Event {
    #[derive(serde::Serialize)]
    struct Data<'a> {
        id: &'a str,
        #[serde(rename = "type")]
        event_type: &'a str,
        created: String,
        body: &'a serde_json::value::RawValue,
    }
    let null = serde_json::value::RawValue::from_string("null".into()).expect("null is JSON");
    let body: Box<serde_json::value::RawValue> =
        serde_json::value::RawValue::from_string(e.body.clone()).unwrap_or(null);
    let data = Data {
        id: &e.id,
        event_type: &e.event_type,
        created: e
            .created_at
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        body: &body,
    };
    Event::default()
        .id(e.id.clone())
        .event(e.event_type.clone())
        .data(serde_json::to_string(&data).unwrap_or_default())
}
