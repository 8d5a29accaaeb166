//! Whose "now" judges an inbound call (issue 35): a partner's calls (availability, holds,
//! bookings, its cancellations and updates) run on its platform's test clock while its test
//! mode has one; the merchant's calls (confirm, reject, cancel, remarks) on the shop's. A
//! notification to the platform is delivered and retried on the platform's clock, whoever made
//! the change. Live mode always runs on real time.

use crate::service::errors::{Doing, InboundError};
use chrono::{DateTime, Utc};
use noren_core::domain::clock::Now;
use noren_core::http::state::AppState;
use noren_core::webhooks::endpoints::Owner;

/// Now for the platform `platform_id` in its mode.
pub async fn platform(
    state: &AppState,
    platform_id: i64,
    livemode: bool,
) -> Result<Now, InboundError> {
    state
        .now_of(Owner::platform(platform_id, livemode))
        .await
        .doing(|| format!("reading the test clock of platform {platform_id}"))
}

/// Now for the shop `shop_id` in its mode (the merchant's calls).
pub async fn shop(
    state: &AppState,
    shop_id: i64,
    livemode: bool,
) -> Result<DateTime<Utc>, InboundError> {
    Ok(state
        .now_of(Owner::shop(shop_id, livemode))
        .await
        .doing(|| format!("reading the test clock of shop {shop_id}"))?
        .at)
}
