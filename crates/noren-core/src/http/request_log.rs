//! The request log stream (issue 35, item 2: `noren logs tail`): each request an owner's test
//! key made, as it finishes, for the payment API's `GET /v3/logs/stream` and the inbound API's
//! `…/{platform}/logs/stream`.
//!
//! - **What an entry holds**: the time, method, path (never the query string), status, duration,
//!   request id, and for an error its `code` (and an inbound refusal's `reason`). Never a body,
//!   a header or a key.
//! - **Whose**: [`record`] asks the key extractors (`http::auth`) whose request it was through a
//!   [`Seen`] slot it puts in the request; requests of live keys, and requests no key was
//!   accepted for (a 401), are not recorded. A stream carries only its owner's entries.
//! - **Cost**: nothing while no stream is open (one atomic read per request). Entries go through
//!   one bounded `tokio::sync::broadcast` of [`CAPACITY`]: a stream that falls behind is told how
//!   many it missed (`dropped`), and the server never holds more than the channel. The streams
//!   themselves are `http::tail`.
//! - **Where**: each process keeps its own; behind a load balancer a stream sees the requests
//!   of the process it is connected to.

use crate::domain::refusal::RefusalReason;
use crate::webhooks::endpoints::Owner;
use axum::extract::{Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use chrono::{DateTime, Utc};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// Entries the channel keeps for its slowest stream.
pub const CAPACITY: usize = 1024;

/// This process's request log: empty and free until a stream listens.
pub struct RequestLog {
    tx: broadcast::Sender<Arc<Entry>>,
}

impl Default for RequestLog {
    fn default() -> Self {
        RequestLog {
            tx: broadcast::channel(CAPACITY).0,
        }
    }
}

impl RequestLog {
    /// A new reader of the entries from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Entry>> {
        self.tx.subscribe()
    }
}

/// One finished request.
#[derive(Debug)]
pub struct Entry {
    pub owner: Owner,
    pub at: DateTime<Utc>,
    pub method: Method,
    pub path: String,
    pub status: u16,
    pub duration: Duration,
    pub request_id: Option<HeaderValue>,
    pub reason: Option<RefusalReason>,
}

/// Whose request this is: the key extractors fill it in ([`Seen::mark`]).
#[derive(Clone, Default)]
pub struct Seen(Arc<OnceLock<Owner>>);

impl Seen {
    /// Marks the request as `owner`'s, when a stream listens (else there is no slot).
    pub fn mark(parts: &Parts, owner: Owner) {
        if let Some(seen) = parts.extensions.get::<Seen>() {
            let _ = seen.0.set(owner);
        }
    }
}

/// The middleware: while a stream listens, records each request a test key was accepted for.
pub async fn record(State(log): State<Arc<RequestLog>>, mut req: Request, next: Next) -> Response {
    // A log stream's own opening is not shown: a second `noren logs tail` would show on the first.
    if log.tx.receiver_count() == 0 || req.uri().path().ends_with("/logs/stream") {
        return next.run(req).await;
    }
    let seen = Seen::default();
    req.extensions_mut().insert(seen.clone());
    let start = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let request_id = req.headers().get("x-request-id").cloned();
    let res = next.run(req).await;
    if let Some(owner) = seen.0.get().filter(|o| !o.livemode) {
        let _ = log.tx.send(Arc::new(Entry {
            owner: *owner,
            at: Utc::now(),
            method,
            path,
            status: res.status().as_u16(),
            duration: start.elapsed(),
            request_id,
            reason: res.extensions().get::<RefusalReason>().copied(),
        }));
    }
    res
}
