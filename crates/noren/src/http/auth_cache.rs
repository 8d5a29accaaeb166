//! A short-lived cache of authenticated merchant keys.
//!
//! Every merchant call starts by resolving its key to a shop device, shop and legal person.
//! Integrations send the same key over and over, so the answer is kept for a short TTL
//! (`NOREN_AUTH_CACHE_TTL_MS`, default 2 s; `0` turns the cache off). Only successful lookups
//! are cached, never unknown keys. Revoking a key or disabling a device through a server
//! (`AppState::revoke_api_key`, `AppState::set_device_disabled` in `state.rs`)
//! clears that server's cache at once; other processes (other servers, the operator commands)
//! see it within one TTL.

use crate::db::repo::accounts::MerchantPrincipal;
use crate::domain::keys::KeyHash;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// Upper bound on cached keys; past it expired entries are dropped, then everything.
const MAX_ENTRIES: usize = 10_000;

/// When the principal was looked up, and what it was.
type Entry = (Instant, Arc<MerchantPrincipal>);

pub struct AuthCache {
    ttl: Duration,
    entries: RwLock<HashMap<[u8; 32], Entry>>,
}

impl AuthCache {
    pub fn new(ttl: Duration) -> Self {
        AuthCache {
            ttl,
            entries: RwLock::new(HashMap::new()),
        }
    }

    pub fn get(&self, hash: &KeyHash) -> Option<Arc<MerchantPrincipal>> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.read().unwrap_or_else(|p| p.into_inner());
        let (at, principal) = entries.get(hash.as_bytes())?;
        (at.elapsed() < self.ttl).then(|| principal.clone())
    }

    /// Forgets every key: the next request of each is authenticated against the database.
    pub fn clear(&self) {
        self.entries
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    pub fn put(&self, hash: &KeyHash, principal: Arc<MerchantPrincipal>) {
        if self.ttl.is_zero() {
            return;
        }
        let mut entries = self.entries.write().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= MAX_ENTRIES {
            let ttl = self.ttl;
            entries.retain(|_, (at, _)| at.elapsed() < ttl);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(*hash.as_bytes(), (Instant::now(), principal));
    }
}
