//! The application's clock (DESIGN.md "Time": one settable clock in the application state).
//!
//! Request and job paths ask the state's clock for "now" instead of calling `Utc::now()`, so a
//! test moves time forward (`clock.advance(Duration::hours(25))`) instead of sleeping, and every
//! rule that depends on time (expiry, the refund window, idempotency retention and takeover,
//! secret rotation, due jobs) is tested without waiting. The clock keeps running: advancing adds
//! an offset to the system time, so deliveries, timeouts and leases still see time pass.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// System time plus an offset that tests may move. Clones share the offset.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_ms: Arc<AtomicI64>,
    /// How wrong a test says this machine's own clock is (zero in production): it moves `now`
    /// as a misset system clock would, unseen by [`Clock::offset`].
    misset_ms: Arc<AtomicI64>,
}

impl Clock {
    /// The system clock (offset zero).
    pub fn system() -> Self {
        Clock::default()
    }

    pub fn now(&self) -> DateTime<Utc> {
        let ms = self.offset_ms.load(Ordering::Relaxed) + self.misset_ms.load(Ordering::Relaxed);
        Utc::now() + Duration::milliseconds(ms)
    }

    /// How far this clock was moved on purpose ([`Clock::advance`]): zero in production. Shared
    /// state on other machines (the job table's leases on PostgreSQL) is read on their clock
    /// moved by this much, so that a test's time travel applies there too.
    pub fn offset(&self) -> Duration {
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
}
