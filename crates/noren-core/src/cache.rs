//! In-process caches: a `moka` cache bounded by capacity, whose time to live is read on the
//! application's clock (`state.clock`), so that tests move time instead of sleeping.
//!
//! moka evicts by capacity (the least useful entries first, never everything at once) and frees
//! entries after the same time to live on the system clock; [`TtlCache::get`] also refuses an
//! entry older than the TTL on the application's clock. Nothing here is shared across processes:
//! a cached answer is at most one TTL old, so whatever it caches must tolerate that (DESIGN.md
//! "Scale-out"), or be invalidated by the process that changes it and bounded by the TTL elsewhere.
//!
//! ```ignore
//! let names: TtlCache<i64, Arc<str>> = TtlCache::new(10_000, Duration::from_secs(3600), clock);
//! if let Some(name) = names.get(&id) { return Ok(name); }
//! let name: Arc<str> = load(id).await?.into();
//! names.insert(id, name.clone());
//! ```

use crate::domain::clock::Clock;
use chrono::{DateTime, Utc};
use std::borrow::Borrow;
use std::hash::Hash;
use std::time::Duration;

pub struct TtlCache<K, V> {
    ttl: chrono::Duration,
    clock: Clock,
    /// `None` when the TTL is zero: the cache is off.
    entries: Option<moka::sync::Cache<K, (DateTime<Utc>, V)>>,
}

impl<K, V> TtlCache<K, V>
where
    K: Hash + Eq + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    /// At most `capacity` entries, each for at most `ttl` (zero: nothing is kept).
    pub fn new(capacity: u64, ttl: Duration, clock: Clock) -> Self {
        let entries = (!ttl.is_zero()).then(|| {
            moka::sync::Cache::builder()
                .max_capacity(capacity)
                .time_to_live(ttl)
                .build()
        });
        TtlCache {
            ttl: chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::MAX),
            clock,
            entries,
        }
    }

    /// The value, if inserted less than one TTL ago (on the application's clock).
    pub fn get<Q>(&self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let (at, value) = self.entries.as_ref()?.get(key)?;
        (self.clock.now() - at < self.ttl).then_some(value)
    }

    pub fn insert(&self, key: K, value: V) {
        if let Some(entries) = &self.entries {
            entries.insert(key, (self.clock.now(), value));
        }
    }

    /// Forgets the entry of `key`: no later `get` returns what was inserted before this call.
    pub fn invalidate<Q>(&self, key: &Q)
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        if let Some(entries) = &self.entries {
            entries.invalidate(key);
        }
    }

    /// Forgets every entry: no later `get` returns one inserted before this call.
    pub fn invalidate_all(&self) {
        if let Some(entries) = &self.entries {
            entries.invalidate_all();
        }
    }

    /// Entries held now, once moka's pending evictions have run.
    pub fn len(&self) -> u64 {
        self.entries.as_ref().map_or(0, |e| {
            e.run_pending_tasks();
            e.entry_count()
        })
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache(capacity: u64, ttl_ms: u64) -> (TtlCache<u64, &'static str>, Clock) {
        let clock = Clock::system();
        let cache = TtlCache::new(capacity, Duration::from_millis(ttl_ms), clock.clone());
        (cache, clock)
    }

    #[test]
    fn an_entry_is_served_until_its_ttl_has_passed_on_the_application_clock() {
        let (c, clock) = cache(100, 2_000);
        c.insert(1, "one");
        assert_eq!(c.get(&1), Some("one"));
        clock.advance(chrono::Duration::milliseconds(1_500));
        assert_eq!(c.get(&1), Some("one"));
        clock.advance(chrono::Duration::milliseconds(600));
        assert_eq!(c.get(&1), None);
        c.insert(1, "again");
        assert_eq!(c.get(&1), Some("again"), "a fresh insert counts from now");
    }

    #[test]
    fn past_its_capacity_the_cache_evicts_some_entries_not_all() {
        let (c, _) = cache(100, 60_000);
        for k in 0..1_000 {
            c.insert(k, "v");
            // Read each a few times, as a busy key would be.
            let _ = c.get(&k);
        }
        let held = c.len();
        assert!(held <= 100, "{held} entries held");
        assert!(
            held >= 50,
            "only {held} entries held: eviction emptied the cache"
        );
    }

    #[test]
    fn invalidate_all_hides_every_earlier_entry_at_once() {
        let (c, _) = cache(100, 60_000);
        c.insert(1, "one");
        c.insert(2, "two");
        c.invalidate_all();
        assert_eq!(c.get(&1), None);
        assert_eq!(c.get(&2), None);
        c.insert(3, "three");
        assert_eq!(c.get(&3), Some("three"));
    }

    #[test]
    fn a_zero_ttl_keeps_nothing() {
        let (c, _) = cache(100, 0);
        c.insert(1, "one");
        assert_eq!(c.get(&1), None);
        assert!(c.is_empty());
    }
}
