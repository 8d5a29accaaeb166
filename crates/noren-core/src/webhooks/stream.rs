//! An owner's event stream (issue 35, item 2): what `noren listen` reads. The events of one
//! owner's test mode (a shop's payment events, or a platform's reservation notifications), as
//! server-sent events, read from the outbox (`webhook_events`) in the order they were written.
//!
//! - **Where it starts**: after the newest event when the stream opens, or after the event a
//!   reconnecting client names in `Last-Event-ID` (its `evt_…`, looked up among the owner's own
//!   events: another owner's id is unknown), so a reconnect neither loses nor repeats one.
//! - **Bounded**: the stream reads at most [`BATCH`] events at a time and only when the client
//!   has taken the last ones (the body is written as the socket drains), so a slow client costs
//!   no memory; at most [`MAX_LISTENERS`] streams per key in a process ([`Listeners`]); a stream
//!   with nothing to send for [`IDLE`] ends (the client reconnects, resuming).
//! - **What it carries**: each event's id, type, creation time and its body exactly as a webhook
//!   delivery sends it; never a secret. The client signs what it forwards with its own secret.

use super::endpoints::{Owner, OwnerKind};
use crate::db::entities::webhook_event::{self, Column as E};
use crate::db::repo::SelectFirst;
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Events read at a time.
pub const BATCH: u64 = 100;
/// Open streams per key, in one process.
pub const MAX_LISTENERS: usize = 5;
/// How long a stream with nothing to send stays open.
pub const IDLE: Duration = Duration::from_secs(300);
/// How often an idle stream looks for new events.
pub const POLL: Duration = Duration::from_millis(200);

/// One event as the stream sends it.
#[derive(Debug, Clone)]
pub struct Streamed {
    /// The outbox row's id: where the stream goes on from.
    pub cursor: i64,
    /// `evt_…`.
    pub id: String,
    pub event_type: String,
    pub created_at: DateTime<Utc>,
    /// The body, as deliveries send it.
    pub body: String,
}

fn of(owner: Owner) -> sea_orm::Select<webhook_event::Entity> {
    let select = webhook_event::Entity::find().filter(E::Livemode.eq(owner.livemode));
    match owner.kind {
        // A shop's own events: not the reservation notifications of platforms, which carry the
        // shop too, nor an endpoint's test events.
        OwnerKind::Shop => select
            .filter(E::ShopId.eq(owner.id))
            .filter(E::PlatformId.is_null())
            .filter(E::IsTest.eq(false)),
        OwnerKind::Platform => select
            .filter(E::PlatformId.eq(owner.id))
            .filter(E::IsTest.eq(false)),
    }
}

/// Where a new stream of `owner` starts: after its newest event (0 when it has none).
pub async fn newest(db: &impl ConnectionTrait, owner: Owner) -> Result<i64, DbErr> {
    Ok(of(owner)
        .order_by_desc(E::Id)
        .first(db)
        .await?
        .map_or(0, |e| e.id))
}

/// Where a stream resuming after `public_id` goes on from; `None` when `owner` has no such
/// event.
pub async fn after_event(
    db: &impl ConnectionTrait,
    owner: Owner,
    public_id: &str,
) -> Result<Option<i64>, DbErr> {
    Ok(of(owner)
        .filter(E::PublicId.eq(public_id))
        .first(db)
        .await?
        .map(|e| e.id))
}

/// `owner`'s events after `cursor`, oldest first, at most [`BATCH`], of `types` only when
/// given.
pub async fn after(
    db: &impl ConnectionTrait,
    owner: Owner,
    cursor: i64,
    types: &[String],
) -> Result<Vec<Streamed>, DbErr> {
    let mut select = of(owner).filter(E::Id.gt(cursor));
    if !types.is_empty() {
        select = select.filter(E::EventType.is_in(types.iter().cloned()));
    }
    Ok(select
        .order_by_asc(E::Id)
        .limit(BATCH)
        .all(db)
        .await?
        .into_iter()
        .map(|e| Streamed {
            cursor: e.id,
            id: e.public_id,
            event_type: e.event_type.unwrap_or_default(),
            created_at: e.created_at,
            body: e.body,
        })
        .collect())
}

/// The open streams of each key in this process.
#[derive(Default)]
pub struct Listeners(Arc<Mutex<HashMap<String, usize>>>);

/// One open stream; it counts until dropped.
pub struct Listening {
    listeners: Arc<Mutex<HashMap<String, usize>>>,
    key: String,
}

impl Listeners {
    /// A place for one more stream of `key` (its hash), or `None` when it has
    /// [`MAX_LISTENERS`] open already.
    pub fn join(&self, key: &str) -> Option<Listening> {
        let mut open = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let count = open.entry(key.to_string()).or_default();
        if *count >= MAX_LISTENERS {
            return None;
        }
        *count += 1;
        Some(Listening {
            listeners: self.0.clone(),
            key: key.to_string(),
        })
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        let mut open = self.listeners.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_holds_at_most_five_streams_and_gets_its_places_back() {
        let listeners = Listeners::default();
        let open: Vec<Listening> = (0..MAX_LISTENERS)
            .map(|_| listeners.join("k").expect("a place"))
            .collect();
        assert!(listeners.join("k").is_none());
        assert!(listeners.join("other").is_some(), "per key");
        drop(open);
        assert!(listeners.join("k").is_some());
    }
}
