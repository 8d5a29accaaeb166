//! A reservation's status changes after booking (the partner cancels; the merchant confirms,
//! rejects or cancels): one write transaction locks and judges the row
//! (`inbound::domain::reservation`), updates it and writes its notification to the platform
//! (`notify`, the outbox), then the shop's availability reads are forgotten and the webhook
//! runner wakes.

use crate::domain::reservation::Change;
use crate::service::notify::{self, ChangedBy};
use crate::store::reads::InboundReads;
use crate::store::reservation_changes::{self as changes, ChangeError, Changed, Scope};
use noren_core::db::begin_write;
use noren_core::db::entities::inbound_reservation;
use noren_core::domain::clock::Now;
use noren_core::http::state::{AppState, Effects};
use noren_core::webhooks::endpoints::Owner;

/// Applies `change` to the reservation `key` (id or origin number) of `scope`, with its
/// notification, in one transaction; answers the changed row.
pub async fn change(
    state: &AppState,
    scope: Scope,
    key: &str,
    change: Change,
    cancel_remark: Option<String>,
    by: ChangedBy,
) -> Result<inbound_reservation::Model, ChangeError> {
    // The change is judged and stamped on the clock of whoever makes it; its notification is
    // delivered on the platform's (`service::time`).
    let actor = match scope {
        Scope::Partner {
            platform_id,
            livemode,
        } => Owner::platform(platform_id, livemode),
        Scope::Merchant { shop_id, livemode } => Owner::shop(shop_id, livemode),
    };
    let now = state.now_of(actor).await?.at;
    let tx = begin_write(&state.db).await?;
    let Changed { old, row } =
        changes::change_status(&tx, scope, key, change, cancel_remark, now).await?;
    let platform = state
        .now_of(Owner::platform(row.platform_id, row.livemode))
        .await?;
    notify::record(
        &tx,
        &row,
        old,
        by,
        state.config.webhooks.max_deliveries(),
        Now {
            at: now,
            clock: platform.clock,
        },
    )
    .await?;
    tx.commit().await?;
    Effects::none()
        .forget::<InboundReads>(row.shop_id)
        .wake_webhooks()
        .apply(state);
    Ok(row)
}
