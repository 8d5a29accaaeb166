//! The log streams (issue 35, item 2: `noren logs tail`): an owner's entries of the request log
//! (`http::request_log`) as server-sent events, filtered by status and path, for the payment
//! API's `GET /v3/logs/stream` and the inbound API's `…/{platform}/logs/stream`.

use crate::domain::refusal::RefusalReason;
use crate::http::error::{ApiError, ErrorCode};
use crate::http::request_log::Entry;
use crate::http::state::{AppState, SlicePart};
use crate::http::values::{Raw, Value, schema_name};
use crate::webhooks::endpoints::Owner;
use crate::webhooks::stream::{IDLE, Listeners, MAX_LISTENERS};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::{self, error::RecvError};
use utoipa::PartialSchema;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

impl SlicePart for RequestLogStreams {
    fn new(_: &crate::db::Db, _: &crate::domain::clock::Clock) -> Self {
        RequestLogStreams::default()
    }
}

/// The open log streams per key (at most [`MAX_LISTENERS`] each, beside its event streams).
#[derive(Default)]
pub struct RequestLogStreams(Listeners);

/// `status`: a class (`2xx`, `4xx`, …) or one status (`404`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusFilter {
    Class(u16),
    Exact(u16),
}

impl StatusFilter {
    pub fn matches(self, status: u16) -> bool {
        match self {
            StatusFilter::Class(c) => status / 100 == c,
            StatusFilter::Exact(s) => status == s,
        }
    }
}

const STATUS_PATTERN: &str = "^([1-5]xx|[1-5][0-9]{2})$";

impl Value for StatusFilter {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?.trim();
        let b = text.as_bytes();
        let bad =
            || "must be a status class (`2xx`, `4xx`, `5xx`, …) or a status (`404`)".to_string();
        if b.len() != 3 || !(b'1'..=b'5').contains(&b[0]) {
            return Err(bad());
        }
        let class = u16::from(b[0] - b'0');
        match &text[1..] {
            "xx" | "XX" => Ok(StatusFilter::Class(class)),
            rest if rest.bytes().all(|c| c.is_ascii_digit()) => {
                Ok(StatusFilter::Exact(text.parse().map_err(|_| bad())?))
            }
            _ => Err(bad()),
        }
    }
}

impl PartialSchema for StatusFilter {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(STATUS_PATTERN))
            .examples(["4xx"])
            .into()
    }
}

/// `path`: the start of the paths to show (`/v3/predefined_payments`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathPrefix(pub String);

const PATH_PATTERN: &str = "^/[\\x21-\\x7E]{0,299}$";

impl Value for PathPrefix {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?;
        if !text.starts_with('/')
            || text.len() > 300
            || !text.bytes().all(|c| (0x21..0x7f).contains(&c))
        {
            return Err(
                "must be a path starting with `/`, of at most 300 visible ASCII characters".into(),
            );
        }
        Ok(PathPrefix(text.to_string()))
    }
}

impl PartialSchema for PathPrefix {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(PATH_PATTERN))
            .max_length(Some(300))
            .examples(["/v3/predefined_payments"])
            .into()
    }
}

schema_name!(StatusFilter, PathPrefix);

/// What a log stream is asked for.
pub struct Tail {
    pub owner: Owner,
    /// Whose place among the [`MAX_LISTENERS`]: the key's id, with its kind.
    pub key: String,
    pub status: Option<StatusFilter>,
    pub path: Option<PathPrefix>,
    /// The inbound API's field names (`durationMs`), else the payment API's (`duration_ms`).
    pub camel_case: bool,
    /// The refusal of a live key, in the API's words.
    pub live_refusal: &'static str,
}

/// Opens a log stream: 403 for a live key, 429 beyond five open log streams of the key.
pub fn open(
    state: &AppState,
    tail: Tail,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>> + use<>>, ApiError> {
    if tail.owner.livemode {
        return Err(ApiError::Forbidden(tail.live_refusal.into()));
    }
    let listening = state
        .slice::<RequestLogStreams>()
        .0
        .join(&tail.key)
        .ok_or_else(|| ApiError::TooManyRequests {
            message: format!("at most {MAX_LISTENERS} open log streams per key; close one first"),
            retry_after_secs: 5,
        })?;
    let rx = state.request_log.subscribe();
    let lifecycle = state.lifecycle.clone();
    let reading = (rx, tail, lifecycle, listening);
    let stream = futures_util::stream::unfold(reading, |(mut rx, tail, lifecycle, l)| async move {
        let event = next(&mut rx, &tail, &lifecycle).await?;
        Some((Ok(event), (rx, tail, lifecycle, l)))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// The stream's next event: the owner's next matching entry, or how many it missed; `None` ends
/// it (idle for [`IDLE`], or the process drains).
async fn next(
    rx: &mut broadcast::Receiver<Arc<Entry>>,
    tail: &Tail,
    lifecycle: &crate::http::state::Lifecycle,
) -> Option<Event> {
    let idle_until = tokio::time::Instant::now() + IDLE;
    loop {
        if lifecycle.draining() {
            return None;
        }
        // Wakes now and then to notice a drain.
        let wait = tokio::time::timeout(Duration::from_secs(1), rx.recv()).await;
        match wait {
            Err(_) if tokio::time::Instant::now() >= idle_until => return None,
            Err(_) => continue,
            Ok(Err(RecvError::Closed)) => return None,
            Ok(Err(RecvError::Lagged(n))) => {
                return Some(
                    Event::default()
                        .event("dropped")
                        .data(format!("{{\"dropped\":{n}}}")),
                );
            }
            Ok(Ok(e)) if shown(&e, tail) => return Some(entry_event(&e, tail.camel_case)),
            Ok(Ok(_)) => {}
        }
    }
}

fn shown(e: &Entry, tail: &Tail) -> bool {
    e.owner == tail.owner
        && tail.status.is_none_or(|s| s.matches(e.status))
        && tail.path.as_ref().is_none_or(|p| e.path.starts_with(&p.0))
}

/// An entry as the stream sends it: `event: request`, `data` one line of JSON.
fn entry_event(e: &Entry, camel_case: bool) -> Event {
    let status = axum::http::StatusCode::from_u16(e.status).unwrap_or_default();
    let code = (status.is_client_error() || status.is_server_error())
        .then(|| ErrorCode::for_status(status));
    let line = Line {
        time: e.at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        method: e.method.as_str(),
        path: &e.path,
        status: e.status,
        duration_ms: (e.duration.as_secs_f64() * 1e4).round() / 10.0,
        request_id: e.request_id.as_ref().and_then(|v| v.to_str().ok()),
        code,
        reason: e.reason,
    };
    let data = if camel_case {
        serde_json::to_string(&CamelLine(&line))
    } else {
        serde_json::to_string(&line)
    };
    Event::default()
        .event("request")
        .data(data.unwrap_or_default())
}

/// One entry on the wire (the payment API's names).
#[derive(serde::Serialize)]
struct Line<'a> {
    time: String,
    method: &'a str,
    path: &'a str,
    status: u16,
    duration_ms: f64,
    request_id: Option<&'a str>,
    code: Option<ErrorCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<RefusalReason>,
}

/// The same entry with the inbound API's names.
struct CamelLine<'a, 'b>(&'b Line<'a>);

impl serde::Serialize for CamelLine<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let l = self.0;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("time", &l.time)?;
        m.serialize_entry("method", l.method)?;
        m.serialize_entry("path", l.path)?;
        m.serialize_entry("status", &l.status)?;
        m.serialize_entry("durationMs", &l.duration_ms)?;
        m.serialize_entry("requestId", &l.request_id)?;
        m.serialize_entry("code", &l.code)?;
        if let Some(r) = &l.reason {
            m.serialize_entry("reason", r)?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_filter_is_a_class_or_one_status() {
        let parse = |t: &str| StatusFilter::parse(Raw::Text(t));
        assert_eq!(parse("4xx"), Ok(StatusFilter::Class(4)));
        assert_eq!(parse("404"), Ok(StatusFilter::Exact(404)));
        for bad in ["4x", "6xx", "4x4", "40", "4044", "", "x4x"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(StatusFilter::Class(4).matches(429) && !StatusFilter::Class(4).matches(500));
        assert!(StatusFilter::Exact(404).matches(404) && !StatusFilter::Exact(404).matches(400));
    }

    #[test]
    fn a_path_filter_starts_with_a_slash() {
        assert!(PathPrefix::parse(Raw::Text("/v3/")).is_ok());
        for bad in ["v3", "/a b", "/é"] {
            assert!(PathPrefix::parse(Raw::Text(bad)).is_err(), "{bad}");
        }
    }
}
