//! Sending a webhook event again (`POST /v3/webhook_events/{id}/redeliver`): limited per key
//! ([`RedeliveryLimit`], this process's `governor` limiter) and per event
//! ([`SENDS_PER_EVENT_PER_HOUR`], counted from its attempts), so that redelivery cannot be used
//! to multiply requests (issue 9 item 2). The event's new delivery job and its status commit
//! together, then the delivery runner wakes.

use crate::service::error::{Doing, PayError};
use noren_core::db::{Db, begin_write};
use noren_core::domain::clock::Clock;
use noren_core::http::ratelimit::{
    REDELIVERIES_PER_KEY_PER_MINUTE, RedeliverLimiter, redeliver_limiter,
};
use noren_core::http::state::{AppState, Effects, SlicePart};
use noren_core::webhooks::endpoints::Owner;
use noren_core::webhooks::store::{self as webhooks, EventRecord, RedeliverError};

/// Deliveries of one event in an hour, counting the automatic ones; more answer 429.
pub const SENDS_PER_EVENT_PER_HOUR: u64 = 12;

/// Redeliveries per merchant key in this process: a burst of
/// [`REDELIVERIES_PER_KEY_PER_MINUTE`], then one every `60 / n` seconds, on the state's clock
/// (tests move past a `Retry-After` instead of waiting).
pub struct RedeliveryLimit(RedeliverLimiter);

impl SlicePart for RedeliveryLimit {
    fn new(_: &Db, clock: &Clock) -> Self {
        RedeliveryLimit(redeliver_limiter(clock.clone()))
    }
}

impl RedeliveryLimit {
    /// Takes one redelivery of key `key_id`, or answers how many seconds until it may.
    fn take(&self, key_id: i64) -> Result<(), u64> {
        self.0.check_key(&key_id).map_err(|not_until| {
            let wait = not_until.wait_time_from(governor::clock::Clock::now(self.0.clock()));
            wait.as_secs_f64().ceil() as u64
        })
    }
}

/// Schedules event `id` of the shop in this mode for delivery now and answers the event as it
/// then is. Refused when key `key_id` redelivered [`REDELIVERIES_PER_KEY_PER_MINUTE`] times in
/// the last minute or the event was sent [`SENDS_PER_EVENT_PER_HOUR`] times in the last hour
/// (429), for another shop's (or mode's) event (404), and when it cannot be sent again (409: a
/// delivery is running, or it has no URL).
pub async fn redeliver(
    state: &AppState,
    key_id: i64,
    shop_id: i64,
    livemode: bool,
    id: &str,
) -> Result<EventRecord, PayError> {
    if let Err(retry_after_secs) = state.slice::<RedeliveryLimit>().take(key_id) {
        state.metrics.rate_limited("redeliver").increment(1);
        return Err(PayError::KeyRedeliversTooOften {
            per_minute: REDELIVERIES_PER_KEY_PER_MINUTE,
            retry_after_secs,
        });
    }
    let doing = || format!("redelivering webhook event {id}");
    let at = state
        .now_of(Owner::shop(shop_id, livemode))
        .await
        .doing(doing)?;
    let now = at.at;
    let tx = begin_write(&state.db).await.doing(doing)?;
    let (event, attempts) = webhooks::find_event(&tx, shop_id, livemode, id)
        .await
        .doing(doing)?
        .ok_or_else(|| PayError::EventNotFound(id.to_string()))?;
    let hour_ago = now - chrono::Duration::hours(1);
    let recent: Vec<_> = attempts
        .iter()
        .filter(|a| a.started_at > hour_ago)
        .map(|a| a.started_at)
        .collect();
    if recent.len() as u64 >= SENDS_PER_EVENT_PER_HOUR {
        let oldest = recent.iter().min().copied().unwrap_or(hour_ago);
        let wait = (oldest - hour_ago).num_seconds().max(1) as u64;
        return Err(PayError::EventSentTooOften {
            per_hour: SENDS_PER_EVENT_PER_HOUR,
            retry_after_secs: wait,
        });
    }
    webhooks::redeliver(&tx, event, at)
        .await
        .map_err(|e| match e {
            RedeliverError::Db(e) => PayError::db(doing(), e),
            other => PayError::CannotRedeliver(other),
        })?;
    tx.commit().await.doing(doing)?;
    Effects::none().wake_webhooks().apply(state);
    webhooks::find_event(&state.db, shop_id, livemode, id)
        .await
        .doing(|| format!("reading webhook event {id}"))?
        .ok_or_else(|| PayError::EventNotFound(id.to_string()))
}
