//! Readiness that a busy process cannot lose (issue 32 item 1).
//!
//! `/readyz` used to write this process's heartbeat, read the migrations and ask the object
//! store on every check, each bounded by 2 s. A saturated process answered the check late, two
//! late checks (`fall 2`) took it out of HAProxy, and with one process behind the balancer every
//! request got HAProxy's 503: in one `make bench` run, 71,460 non-2xx of 100,000 token reads.
//!
//! Now the checks run at most once per [`REFRESH_EVERY`], in a task of their own, and `/readyz`
//! answers from the last report: no database work on the check's path, and never more than
//! [`WAIT_FOR_FRESH`] spent waiting for a fresh report. A process is not ready only for a reason
//! it names:
//! - **shutting down** (SIGTERM);
//! - **the database failed** a check with an error (refused, restarting, disk full), or has not
//!   passed one for [`SLOW_FOR`]: a check that merely took longer than [`CHECK_TIMEOUT`] is
//!   "slow", not failed, while an earlier one passed within [`SLOW_FOR`];
//! - **the schema is behind** this binary (run `noren migrate`).
//!
//! The object store is reported (`objectStore`) but never takes a process out: only uploads and
//! menu imports need it, and a store that is down is down for every process at once, so failing
//! readiness over it would take payments, orders and bookings down with it. Those calls answer
//! 503 with a reason instead.

use chrono::{DateTime, Duration as ChronoDuration, Utc};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long each check may take before it counts as slow.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(2);
/// How old a report may be before a check refreshes it (the heartbeat write happens at most this
/// often, whatever the rate of checks).
pub const REFRESH_EVERY: Duration = Duration::from_secs(1);
/// How long `/readyz` waits for a refresh it started before it answers from the last report.
pub const WAIT_FOR_FRESH: Duration = Duration::from_millis(300);
/// How long the database may go without passing a check (while its checks are only slow, not
/// failing) before the process is not ready.
pub const SLOW_FOR: Duration = Duration::from_secs(10);

/// The database's part of a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    Ok,
    /// No answer within [`CHECK_TIMEOUT`].
    Slow,
    Failed(String),
}

/// The schema against this binary's migrations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Migrations {
    Ok,
    Ahead(String),
    Behind(usize),
    Slow,
    Failed(String),
}

/// What the last checks found.
#[derive(Clone, Debug)]
pub struct Report {
    pub at: DateTime<Utc>,
    pub database: Database,
    /// When the database last passed a check.
    pub database_ok_at: Option<DateTime<Utc>>,
    pub migrations: Migrations,
    /// `Ok(())`, or why the store did not answer.
    pub object_store: Result<(), String>,
}

/// The verdict `/readyz` answers.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Ready, with the checks' words (`database`, `migrations`, `objectStore`).
    Ready([String; 3]),
    /// Not ready, and why.
    NotReady(String),
}

impl Report {
    /// Ready or not, at `now`.
    pub fn verdict(&self, now: DateTime<Utc>) -> Verdict {
        let mut failed = Vec::new();
        let slow_for = ChronoDuration::from_std(SLOW_FOR).unwrap_or(ChronoDuration::MAX);
        let passed_lately = self
            .database_ok_at
            .is_some_and(|at| now.signed_duration_since(at) <= slow_for);
        let database = match &self.database {
            Database::Ok => "ok".to_string(),
            Database::Slow if passed_lately => "slow".to_string(),
            Database::Slow => {
                failed.push(format!(
                    "database: no check passed for {} s",
                    SLOW_FOR.as_secs()
                ));
                "failed".to_string()
            }
            Database::Failed(e) => {
                failed.push(format!("database: {e}"));
                "failed".to_string()
            }
        };
        let migrations = match &self.migrations {
            Migrations::Ok => "ok".to_string(),
            Migrations::Ahead(unknown) => format!("ahead ({unknown})"),
            Migrations::Behind(n) => {
                failed.push(format!(
                    "migrations: {n} of this version not applied (run `noren migrate`)"
                ));
                "behind".to_string()
            }
            // The schema cannot change by itself: a slow read is not a reason to stop serving.
            Migrations::Slow => "slow".to_string(),
            Migrations::Failed(e) => {
                failed.push(format!("migrations: {e}"));
                "failed".to_string()
            }
        };
        let object_store = match &self.object_store {
            Ok(()) => "ok".to_string(),
            Err(e) => format!("failed: {e}"),
        };
        if failed.is_empty() {
            Verdict::Ready([database, migrations, object_store])
        } else {
            Verdict::NotReady(failed.join("; "))
        }
    }
}

/// The last report of this process and whether a refresh is running. Clones share them.
#[derive(Clone, Default)]
pub struct Readiness(Arc<Inner>);

#[derive(Default)]
struct Inner {
    last: Mutex<Option<Report>>,
    refreshing: AtomicBool,
    refreshed: tokio::sync::Notify,
}

impl Readiness {
    /// The last report, if any.
    pub fn last(&self) -> Option<Report> {
        self.0.last.lock().ok().and_then(|r| r.clone())
    }

    /// The report `/readyz` judges by at `now`: the last one, refreshed first by `check` (run in
    /// a task of its own, one at a time) when it is older than [`REFRESH_EVERY`]. A refresh is
    /// waited for at most [`WAIT_FOR_FRESH`], except the very first report, which is waited for
    /// (its checks are bounded by [`CHECK_TIMEOUT`]).
    pub async fn report<F>(&self, now: DateTime<Utc>, check: F) -> Report
    where
        F: Future<Output = Report> + Send + 'static,
    {
        let refresh = ChronoDuration::from_std(REFRESH_EVERY).unwrap_or(ChronoDuration::MAX);
        let last = self.last();
        if let Some(r) = &last
            && now.signed_duration_since(r.at) < refresh
        {
            return r.clone();
        }
        let fresh = self.0.refreshed.notified();
        tokio::pin!(fresh);
        fresh.as_mut().enable();
        if !self.0.refreshing.swap(true, Ordering::AcqRel) {
            let inner = self.0.clone();
            tokio::spawn(async move {
                let report = check.await;
                if let Ok(mut slot) = inner.last.lock() {
                    *slot = Some(report);
                }
                inner.refreshing.store(false, Ordering::Release);
                inner.refreshed.notify_waiters();
            });
        }
        match last {
            Some(r) => {
                let _ = tokio::time::timeout(WAIT_FOR_FRESH, fresh).await;
                self.last().unwrap_or(r)
            }
            None => {
                let _ = tokio::time::timeout(CHECK_TIMEOUT * 2, fresh).await;
                self.last().unwrap_or(Report {
                    at: now,
                    database: Database::Slow,
                    database_ok_at: None,
                    migrations: Migrations::Slow,
                    object_store: Ok(()),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(database: Database, ok_secs_ago: Option<i64>) -> (Report, DateTime<Utc>) {
        let now = Utc::now();
        (
            Report {
                at: now,
                database,
                database_ok_at: ok_secs_ago.map(|s| now - ChronoDuration::seconds(s)),
                migrations: Migrations::Ok,
                object_store: Ok(()),
            },
            now,
        )
    }

    #[test]
    fn a_slow_database_that_passed_lately_stays_ready() {
        let (r, now) = report(Database::Slow, Some(3));
        assert!(matches!(r.verdict(now), Verdict::Ready([d, _, _]) if d == "slow"));
    }

    #[test]
    fn a_database_slow_for_too_long_or_failing_is_not_ready() {
        let (r, now) = report(Database::Slow, Some(11));
        assert!(
            matches!(r.verdict(now), Verdict::NotReady(why) if why.contains("no check passed"))
        );
        let (r, now) = report(Database::Slow, None);
        assert!(matches!(r.verdict(now), Verdict::NotReady(_)));
        let (r, now) = report(Database::Failed("DiskFull: full".into()), Some(1));
        assert!(
            matches!(r.verdict(now), Verdict::NotReady(why) if why == "database: DiskFull: full")
        );
    }

    #[test]
    fn a_lost_object_store_is_reported_but_keeps_the_process_in() {
        let (mut r, now) = report(Database::Ok, Some(0));
        r.object_store = Err("connection refused".into());
        assert_eq!(
            r.verdict(now),
            Verdict::Ready([
                "ok".into(),
                "ok".into(),
                "failed: connection refused".into()
            ])
        );
    }

    #[test]
    fn a_schema_behind_is_not_ready_and_one_ahead_is() {
        let (mut r, now) = report(Database::Ok, Some(0));
        r.migrations = Migrations::Behind(1);
        assert!(matches!(r.verdict(now), Verdict::NotReady(why) if why.contains("noren migrate")));
        r.migrations = Migrations::Ahead("m2099".into());
        assert!(matches!(r.verdict(now), Verdict::Ready([_, m, _]) if m == "ahead (m2099)"));
    }
}
