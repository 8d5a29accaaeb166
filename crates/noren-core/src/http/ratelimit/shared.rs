//! Limits shared by every process on one PostgreSQL database (issue 21 item 2). The buckets
//! live in `rate_buckets` ([`crate::db::repo::rate_buckets`]); a process takes tokens from
//! them with one statement and spends them locally:
//!
//! - A limit of fewer than 200 per window (the defaults: 100 a second per key or address, 20
//!   a minute of failures) takes one token per request, so it is exact across processes: one
//!   round trip to the database per allowed request.
//! - A larger limit lets a process take a *lease* of up to 1 % of it at once, spent locally
//!   for at most [`HOLD`]: a lease used up in time asks for twice as many next time, one that
//!   lapsed with tokens left asks for half. A busy key then costs a few round trips a second
//!   instead of one per request (the `make bench` PostgreSQL phase runs with 1,000,000 a
//!   second). The count stays exact except for what leases hold: each process can hold at
//!   most 1 % of the limit that others cannot spend (a little fewer requests pass), and after
//!   a pause those tokens can pass on top of a refilled bucket for at most [`HOLD`].
//! - A refusal is remembered until the bucket has refilled one token, so a refused client
//!   costs no round trip until it could be allowed again.
//!
//! When the database cannot be asked (an error, or no answer within [`TAKE_TIMEOUT`]) the
//! process falls back to its own in-memory limiter for that request.

use super::Outcome;
use crate::config::Rate;
use crate::db::Db;
use crate::db::repo::rate_buckets::{self, Bucket, Taken};
use crate::domain::clock::Clock;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a lease's tokens stay spendable by the process that took them.
pub const HOLD: Duration = Duration::from_secs(1);

/// How long a take may wait for the database before the process limits on its own.
const TAKE_TIMEOUT: Duration = Duration::from_millis(500);

/// Limits below this many per window take one token per request (exact).
const LEASE_FROM: u32 = 200;

/// What a limit counts against, as the bytes stored in `rate_buckets.subject`.
pub trait Subject: Hash + Eq + Clone + Send + Sync + 'static {
    fn bytes(&self) -> Vec<u8>;
}

impl Subject for [u8; 32] {
    fn bytes(&self) -> Vec<u8> {
        self.to_vec()
    }
}

impl Subject for IpAddr {
    fn bytes(&self) -> Vec<u8> {
        match self {
            IpAddr::V4(v4) => v4.octets().to_vec(),
            IpAddr::V6(v6) => v6.octets().to_vec(),
        }
    }
}

/// One limit counted in the database.
pub struct Shared<K: Subject> {
    scope: &'static str,
    rate: Rate,
    bucket: Bucket,
    db: Db,
    clock: Clock,
    max_lease: u32,
    leases: moka::sync::Cache<K, Arc<Lease>>,
}

#[derive(Default)]
struct Lease {
    held: Mutex<Held>,
    /// One take at a time per subject and process: requests that find the lease empty while a
    /// take is under way wait for it instead of asking too.
    taking: tokio::sync::Mutex<()>,
}

/// What this process holds of one subject's bucket.
#[derive(Default, Debug)]
struct Held {
    /// Tokens taken and not yet spent.
    stock: u32,
    /// Until when (µs since the epoch) they may be spent.
    until_us: i64,
    /// The bucket had nothing to give: refuse here until this instant.
    refused_until_us: i64,
    /// Tokens the bucket had left after the last take (for the `RateLimit` header).
    left: u32,
    /// How many the next take asks for.
    size: u32,
}

impl Held {
    /// Answers from what is held, if it can.
    fn spend(&mut self, now_us: i64) -> Option<Outcome> {
        if self.stock > 0 && now_us < self.until_us {
            self.stock -= 1;
            return Some(Outcome::Allowed {
                remaining: self.left.saturating_add(self.stock),
            });
        }
        if now_us < self.refused_until_us {
            return Some(Outcome::Refused {
                wait: micros(self.refused_until_us - now_us),
            });
        }
        None
    }

    /// The size of the next take: twice the last when it was spent before it lapsed, half when
    /// it lapsed with tokens left.
    fn next_size(&mut self, now_us: i64, max: u32) -> u32 {
        let last = self.size.max(1);
        self.size = if self.stock > 0 {
            (last / 2).max(1)
        } else if now_us < self.until_us {
            last.saturating_mul(2).min(max)
        } else {
            last.min(max)
        };
        self.size
    }

    /// Keeps what a take gave; the answer for the request that asked.
    fn keep(&mut self, taken: Taken, now_us: i64, refill_us: f64) -> Outcome {
        self.left = taken.left.max(0.0).floor() as u32;
        if taken.granted == 0 {
            self.stock = 0;
            let wait_us = ((1.0 - taken.left).max(0.0) * refill_us).ceil().max(1.0) as i64;
            self.refused_until_us = now_us + wait_us;
            return Outcome::Refused {
                wait: micros(wait_us),
            };
        }
        self.stock = taken.granted - 1;
        self.until_us = now_us + HOLD.as_micros() as i64;
        Outcome::Allowed {
            remaining: self.left.saturating_add(self.stock),
        }
    }
}

fn micros(us: i64) -> Duration {
    Duration::from_micros(u64::try_from(us).unwrap_or(0))
}

impl<K: Subject> Shared<K> {
    pub fn new(scope: &'static str, rate: Rate, db: Db, clock: Clock) -> Self {
        let count = rate.count.max(1);
        let refill_us = rate.window.as_micros() as f64 / f64::from(count);
        Shared {
            scope,
            rate,
            bucket: Bucket {
                capacity: count,
                refill_us,
            },
            db,
            clock,
            max_lease: if count < LEASE_FROM { 1 } else { count / 100 },
            leases: moka::sync::Cache::builder()
                .max_capacity(100_000)
                .time_to_idle(rate.window.max(HOLD))
                .build(),
        }
    }

    fn now_us(&self) -> i64 {
        self.clock.now().timestamp_micros()
    }

    /// Counts one request of `subject`; `None` when the database could not be asked.
    pub async fn check(&self, subject: &K) -> Option<Outcome> {
        let refill_us = self.bucket.refill_us;
        let lease = self.leases.get_with_by_ref(subject, Arc::default);
        if let Some(said) = lock(&lease.held).spend(self.now_us()) {
            return Some(said);
        }
        let _taking = lease.taking.lock().await;
        // Another request of this process may have taken while this one waited.
        let now_us = self.now_us();
        let size = {
            let mut held = lock(&lease.held);
            if let Some(said) = held.spend(now_us) {
                return Some(said);
            }
            held.next_size(now_us, self.max_lease)
        };
        let bytes = subject.bytes();
        let take = rate_buckets::take(&self.db, self.scope, &bytes, self.bucket, size, now_us);
        match tokio::time::timeout(TAKE_TIMEOUT, take).await {
            Ok(Ok(taken)) => Some(lock(&lease.held).keep(taken, now_us, refill_us)),
            Ok(Err(e)) => {
                tracing::warn!(scope = self.scope, error = %e, "shared rate limit unavailable; limiting in this process");
                None
            }
            Err(_) => {
                tracing::warn!(
                    scope = self.scope,
                    "shared rate limit slower than {TAKE_TIMEOUT:?}; limiting in this process"
                );
                None
            }
        }
    }

    /// Deletes the buckets untouched for a window and the lease time: they are full again.
    pub async fn forget_full(&self) {
        let idle = (self.rate.window + HOLD).as_micros() as i64;
        if let Err(e) = rate_buckets::forget_full(&self.db, self.scope, self.now_us() - idle).await
        {
            tracing::warn!(scope = self.scope, error = %e, "cannot remove full rate buckets");
        }
    }
}

fn lock(held: &Mutex<Held>) -> std::sync::MutexGuard<'_, Held> {
    held.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken(granted: u32, left: f64) -> Taken {
        Taken { granted, left }
    }

    #[test]
    fn a_lease_is_spent_locally_until_it_lapses() {
        let mut held = Held::default();
        assert!(held.spend(0).is_none(), "nothing held yet");
        assert_eq!(held.next_size(0, 100), 1);
        let said = held.keep(taken(1, 99.0), 0, 10.0);
        assert!(matches!(said, Outcome::Allowed { remaining: 99 }));
        assert!(
            held.spend(1).is_none(),
            "the one token was spent by the request that took it"
        );
        // Spent in time: the next take asks for twice as many.
        assert_eq!(held.next_size(1, 100), 2);
        held.keep(taken(2, 97.0), 1, 10.0);
        assert!(matches!(
            held.spend(2),
            Some(Outcome::Allowed { remaining: 97 })
        ));
        assert!(held.spend(3).is_none());
        assert_eq!(held.next_size(3, 100), 4);
        held.keep(taken(4, 90.0), 3, 10.0);
        // Lapsed with tokens left: they are not spent, and the next take asks for half.
        let late = 3 + HOLD.as_micros() as i64;
        assert!(held.spend(late).is_none());
        assert_eq!(held.next_size(late, 100), 2);
        // Never more than the most a lease may hold.
        held.size = 64;
        held.stock = 0;
        held.until_us = late + 10;
        assert_eq!(held.next_size(late, 100), 100);
    }

    #[test]
    fn a_refusal_is_answered_locally_until_one_token_has_refilled() {
        let mut held = Held::default();
        held.next_size(0, 1);
        let said = held.keep(taken(0, 0.25), 1_000, 12_000_000.0);
        let Outcome::Refused { wait } = said else {
            panic!("refused expected");
        };
        assert_eq!(wait, Duration::from_secs(9));
        assert!(matches!(
            held.spend(2_000_000),
            Some(Outcome::Refused { .. })
        ));
        assert!(
            held.spend(1_000 + 9_000_000).is_none(),
            "then the bucket is asked again"
        );
    }
}
