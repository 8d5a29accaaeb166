//! The application's clock (DESIGN.md "Time": one settable clock in the application state).
//!
//! Request and job paths ask the state's clock for "now" instead of calling `Utc::now()`, so a
//! test moves time forward (`clock.advance(Duration::hours(25))`) instead of sleeping, and every
//! rule that depends on time (expiry, the refund window, idempotency retention and takeover,
//! secret rotation, due jobs) is tested without waiting. The clock keeps running: advancing adds
//! an offset to the system time, so deliveries, timeouts and leases still see time pass.
//!
//! A [`Clock::frozen`] clock is an owner's test clock (`crate::clocks`, issue 35) as one job run
//! sees it: `now` is the clock's time and stays there, while leases keep the process's time.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// "Now" for one owner's change: the time, and the test clock it was read on, if the owner's
/// test mode has one (`crate::clocks`). What the change queues (webhook deliveries, a scheduled
/// import) waits for that clock; without one it is the process clock's now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    pub at: DateTime<Utc>,
    /// The test clock's id (`test_clocks.id`).
    pub clock: Option<i64>,
}

impl Now {
    /// `at` on no test clock.
    pub fn system(at: DateTime<Utc>) -> Self {
        Now { at, clock: None }
    }
}

impl From<DateTime<Utc>> for Now {
    fn from(at: DateTime<Utc>) -> Self {
        Now::system(at)
    }
}

/// System time plus an offset that tests may move. Clones share the offset.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
    /// How wrong a test says this machine's own clock is (zero in production): it moves `now`
    /// as a misset system clock would, unseen by [`Clock::offset`].
    misset_ms: Arc<AtomicI64>,
    /// A test clock's time: `now` answers it, whatever the system says.
    fixed: Option<DateTime<Utc>>,
}

impl Clock {
    /// The system clock (offset zero).
    pub fn system() -> Self {
        Clock::default()
    }

    /// This clock stopped at `at` (a test clock's time), its leases still on this clock's
    /// own time ([`Clock::lease_offset`]).
    pub fn frozen(&self, at: DateTime<Utc>) -> Self {
        Clock {
            fixed: Some(at),
            ..self.clone()
        }
    }

    /// Whether this is a test clock's time ([`Clock::frozen`]).
    pub fn is_frozen(&self) -> bool {
        self.fixed.is_some()
    }

    pub fn now(&self) -> DateTime<Utc> {
        if let Some(at) = self.fixed {
            return at;
        }
        let ms = self.offset_ms.load(Ordering::Relaxed) + self.misset_ms.load(Ordering::Relaxed);
        Utc::now() + Duration::milliseconds(ms)
    }

    /// How far this clock was moved on purpose ([`Clock::advance`]): zero in production. Shared
    /// state on other machines (the job table's leases on PostgreSQL) is read on their clock
    /// moved by this much, so that a test's time travel applies there too.
    /// A frozen clock's offset is how far its time is from the system's.
    pub fn offset(&self) -> Duration {
        match self.fixed {
            Some(at) => at - Utc::now(),
            None => self.lease_offset(),
        }
    }

    /// How far the time that leases go by is from the system's: [`Clock::offset`], except on a
    /// frozen clock, whose leases keep the time of the clock it was frozen from (a job run on a
    /// test clock months ahead must not hold its lease for months, nor one in the past lose it).
    pub fn lease_offset(&self) -> Duration {
        Duration::milliseconds(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Makes this clock (and every clone) read as if the machine's own clock were `by` off:
    /// `now` moves, [`Clock::offset`] does not. For tests of a process whose clock is wrong.
    pub fn misset(&self, by: Duration) {
        self.misset_ms
            .store(by.num_milliseconds(), Ordering::Relaxed);
    }

    /// Moves this clock (and every clone of it) forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.offset_ms
            .fetch_add(by.num_milliseconds(), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advancing_moves_every_clone_and_time_keeps_running() {
        let clock = Clock::system();
        let other = clock.clone();
        let before = clock.now();
        clock.advance(Duration::hours(25));
        let after = other.now();
        assert!(after - before >= Duration::hours(25));
        assert!(after - before < Duration::hours(25) + Duration::seconds(5));
        assert!(other.now() >= after);
    }

    #[test]
    fn a_frozen_clock_stays_put_and_keeps_its_base_for_leases() {
        let clock = Clock::system();
        let at = Utc::now() + Duration::days(40);
        let frozen = clock.frozen(at);
        assert_eq!(frozen.now(), at);
        assert_eq!(frozen.now(), at);
        assert!((frozen.offset() - Duration::days(40)).num_seconds().abs() < 5);
        assert_eq!(frozen.lease_offset(), Duration::zero());
        clock.advance(Duration::hours(1));
        assert_eq!(frozen.lease_offset(), Duration::hours(1));
        assert_eq!(frozen.now(), at);
    }
}
