//! Sending a webhook event again (`POST /v3/webhook_events/{id}/redeliver`): the event's new
//! delivery job and its status commit together, then the delivery runner wakes.

use crate::db::begin_write;
use crate::http::error::{ApiError, Doing, database_error};
use crate::http::state::{AppState, Effects};
use crate::webhooks::store::{self as webhooks, RedeliverError};

/// Deliveries of one event in an hour, counting the automatic ones; more answer 429.
pub const SENDS_PER_EVENT_PER_HOUR: u64 = 12;

/// Schedules event `id` of the shop in this mode for delivery now. 404 for another shop's (or
/// mode's) event, 429 when it was sent [`SENDS_PER_EVENT_PER_HOUR`] times in the last hour,
/// 409 when it cannot be sent again (a delivery is running, or it has no URL).
pub async fn redeliver(
    state: &AppState,
    shop_id: i64,
    livemode: bool,
    id: &str,
) -> Result<(), ApiError> {
    let now = state.clock.now();
    let doing = || format!("redelivering webhook event {id}");
    let tx = begin_write(&state.db).await.doing(doing)?;
    let (event, attempts) = webhooks::find_event(&tx, shop_id, livemode, id)
        .await
        .doing(doing)?
        .ok_or_else(|| not_found(id))?;
    let hour_ago = now - chrono::Duration::hours(1);
    let recent: Vec<_> = attempts
        .iter()
        .filter(|a| a.started_at > hour_ago)
        .map(|a| a.started_at)
        .collect();
    if recent.len() as u64 >= SENDS_PER_EVENT_PER_HOUR {
        let oldest = recent.iter().min().copied().unwrap_or(hour_ago);
        let wait = (oldest - hour_ago).num_seconds().max(1) as u64;
        return Err(ApiError::TooManyRequests {
            message: format!(
                "this event was sent {SENDS_PER_EVENT_PER_HOUR} times in the last hour; try again later"
            ),
            retry_after_secs: wait,
        });
    }
    webhooks::redeliver(&tx, event, now)
        .await
        .map_err(|e| match e {
            RedeliverError::Db(e) => database_error(format!("redelivering webhook event {id}"), e),
            other => ApiError::Conflict(other.to_string()),
        })?;
    tx.commit().await.doing(doing)?;
    Effects::none().wake_webhooks().apply(state);
    Ok(())
}

/// The answer for an event the caller cannot see.
pub fn not_found(id: &str) -> ApiError {
    ApiError::NotFound(format!("webhook event {id} not found"))
}
