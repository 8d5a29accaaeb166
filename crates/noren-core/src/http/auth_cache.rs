//! A short-lived cache of authenticated merchant and partner keys, on `moka`.
//!
//! Every merchant call starts by resolving its key to a shop device, shop and legal person, and
//! every inbound call its partner key to a platform.
//! Integrations send the same key over and over, so the answer is kept for a short TTL
//! (`NOREN_AUTH_CACHE_TTL_MS`, default 2 s; `0` turns the cache off) and for at most
//! [`CAPACITY`] keys (past it, moka evicts the least useful entries, never everything at once).
//! Only successful lookups are cached, never unknown keys.
//!
//! Revoking a key or disabling a device through a server (`AppState::revoke_api_key`,
//! `AppState::set_device_disabled` in `http/state.rs`) empties that server's cache at once (moka's
//! `invalidate_all` hides every earlier entry from the next `get`); other processes (other
//! servers, the operator commands) see it within one TTL. Partner keys are revoked only by the
//! operator CLI, so servers stop accepting them within one TTL.
//!
//! The TTL is read on the application's clock (`state.clock`), so tests move time instead of
//! sleeping (see `crate::cache`).

use crate::cache::TtlCache;
use crate::db::repo::accounts::{MerchantPrincipal, PartnerPrincipal};
use crate::domain::clock::Clock;
use crate::domain::keys::KeyHash;
use std::sync::Arc;
use std::time::Duration;

/// Keys remembered at most (each entry is a few hundred bytes).
pub const CAPACITY: u64 = 10_000;

/// Authenticated keys by the hash of the key: merchant keys, and partner keys (inbound API),
/// each within [`CAPACITY`].
pub struct AuthCache {
    merchants: TtlCache<[u8; 32], Arc<MerchantPrincipal>>,
    partners: TtlCache<[u8; 32], Arc<PartnerPrincipal>>,
}

impl AuthCache {
    pub fn new(ttl: Duration, clock: Clock) -> Self {
        AuthCache {
            merchants: TtlCache::new(CAPACITY, ttl, clock.clone()),
            partners: TtlCache::new(CAPACITY, ttl, clock),
        }
    }

    pub fn get(&self, hash: &KeyHash) -> Option<Arc<MerchantPrincipal>> {
        self.merchants.get(hash.as_bytes())
    }

    /// Forgets every key: the next request of each is authenticated against the database.
    pub fn clear(&self) {
        self.merchants.invalidate_all();
        self.partners.invalidate_all();
    }

    pub fn put(&self, hash: &KeyHash, principal: Arc<MerchantPrincipal>) {
        self.merchants.insert(*hash.as_bytes(), principal);
    }

    pub fn get_partner(&self, hash: &KeyHash) -> Option<Arc<PartnerPrincipal>> {
        self.partners.get(hash.as_bytes())
    }

    pub fn put_partner(&self, hash: &KeyHash, principal: Arc<PartnerPrincipal>) {
        self.partners.insert(*hash.as_bytes(), principal);
    }
}
