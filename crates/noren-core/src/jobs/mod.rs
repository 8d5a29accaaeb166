//! Background jobs (DESIGN.md "Scale-out"): one runner for every kind of work done outside a
//! request (webhook deliveries today, menu imports next).
//!
//! A job is a row of the `jobs` table (`db/repo/jobs.rs` holds its queries), written in the
//! transaction of the change that asks for it (the outbox: both commit or neither). A *kind* of
//! job is a type implementing [`Job`]: its queue name, its payload, what one run does and how
//! a failed run is retried. [`Runner`] (in `runner.rs`) claims due jobs of each registered kind
//! with a lease (row locks on PostgreSQL, so two processes never run one job), runs them with
//! the kind's concurrency, renews the lease of a long run, records the [`Outcome`], wakes on
//! new work ([`Wake`]), stops gracefully and emits the metrics:
//!
//! - gauge `noren_jobs_queued{queue}`: pending jobs that are due, after each poll;
//! - counter `noren_jobs_total{queue,outcome}`: runs by outcome (`done`, `retry`, `failed`,
//!   `cancelled`).
//!
//! ```ignore
//! struct Ping;
//!
//! impl Job for Ping {
//!     const QUEUE: &'static str = "ping";
//!     type Payload = serde_json::Value;
//!     fn retry_schedule(&self) -> &[Duration] { &[Duration::from_secs(10)] }
//!     async fn run(&self, ctx: &Context, job: &Claimed<Self::Payload>) -> Outcome {
//!         Outcome::Done
//!     }
//! }
//!
//! // In a write transaction, with the change it belongs to:
//! jobs::enqueue::<Ping>(&tx, &json!({}), now, 3, now).await?;
//! // At start-up (app.rs):
//! runner.register(Ping, state.ping_wake.clone());
//! ```

pub mod runner;
pub mod schedule;

pub use runner::Runner;

use crate::db::Db;
use crate::db::entities::job::{self, JobStatus};
use crate::db::repo::jobs as repo;
use crate::domain::clock::Clock;
use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// A kind of background job.
pub trait Job: Send + Sync + 'static {
    /// The queue of this kind in the `jobs` table; one kind per queue.
    const QUEUE: &'static str;

    /// What a job of this kind carries (stored as JSON).
    type Payload: Serialize + DeserializeOwned + Send + Sync;

    /// The waits before retries 1, 2, …: a run answering [`Outcome::Retry`] without its own
    /// wait is tried again after `retry_schedule()[attempt - 1]`, while the job has attempts
    /// left (`max_attempts` given at [`enqueue`]). Empty: never retried.
    fn retry_schedule(&self) -> &[Duration] {
        &[]
    }

    /// How long a claim holds before another worker may take the job over (a crashed
    /// process's jobs come back after it). The runner renews it every half lease while a run
    /// lasts, so a long run keeps its claim and a crashed one is taken over within a lease.
    fn lease(&self) -> Duration {
        Duration::from_secs(60)
    }

    /// Runs of this kind at once in one process.
    fn concurrency(&self) -> usize {
        1
    }

    /// How often an idle runner looks for due jobs of this kind (a [`Wake`] makes it look at
    /// once).
    fn poll(&self) -> Duration {
        Duration::from_secs(1)
    }

    /// Runs one job. "Now" comes from `ctx.clock`.
    fn run(
        &self,
        ctx: &Context,
        job: &Claimed<Self::Payload>,
    ) -> impl Future<Output = Outcome> + Send;
}

/// How a run ended; the runner records it on the job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Finished: the job is done.
    Done,
    /// Try again after `after`, or after the kind's [`Job::retry_schedule`] when `None`; failed
    /// for good when the job has used its attempts (or the schedule has no more waits).
    Retry {
        after: Option<Duration>,
        error: String,
    },
    /// Not run: something it needs is busy (a webhook receiver with its deliveries in flight).
    /// Due again after `after`; the attempt is not counted and the job's last error is kept.
    Later { after: Duration },
    /// Failed for good: never tried again.
    Failed(String),
    /// Nothing more to do (the work was withdrawn); the reason is kept on the job.
    Cancelled(String),
    /// Already written on the job by the kind itself, in the transaction of the run's last
    /// writes ([`Context::record`]); the runner only counts it.
    Recorded(Recorded),
}

/// An outcome written on its job by [`Context::record`] (the only way to make one), and whether
/// this runner still held the job then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    label: &'static str,
    held: bool,
    /// When the job is due again, when the outcome put it back to pending: the runner claims it
    /// then rather than at its next poll.
    due_again: Option<DateTime<Utc>>,
}

impl Outcome {
    /// A retry on the kind's schedule.
    pub fn retry(error: impl Into<String>) -> Self {
        Outcome::Retry {
            after: None,
            error: error.into(),
        }
    }

    /// The label of `noren_jobs_total`'s `outcome`.
    pub fn label(&self) -> &'static str {
        match self {
            Outcome::Done => "done",
            Outcome::Retry { .. } => "retry",
            Outcome::Later { .. } => "later",
            Outcome::Failed(_) => "failed",
            Outcome::Cancelled(_) => "cancelled",
            Outcome::Recorded(r) => r.label,
        }
    }
}

/// A claimed job as its kind sees it.
#[derive(Clone, Debug)]
pub struct Claimed<P> {
    pub id: i64,
    pub payload: P,
    /// This run's number, from 1.
    pub attempt: i32,
    pub max_attempts: i32,
    /// When it was due.
    pub run_at: DateTime<Utc>,
    /// The error of the previous run, if any.
    pub last_error: Option<String>,
}

impl<P> Claimed<P> {
    /// The wait before the next run if this one asks for a retry on `schedule`; `None` when
    /// it would be the last (attempts used up or no more waits).
    pub fn next_wait(&self, schedule: &[Duration]) -> Option<Duration> {
        schedule::next_wait(schedule, self.attempt, self.max_attempts)
    }
}

/// What every run can reach.
#[derive(Clone)]
pub struct Context {
    pub db: Db,
    /// The state's clock: due times, stamps and retry times. In a run of a test clock's job
    /// (`crate::clocks`), that clock's time, frozen at the job's due time.
    pub clock: Clock,
    /// The process's clock, even in a run on a test clock: what a receiver checks against its
    /// own clock (a webhook signature's timestamp) goes by it.
    pub wall: Clock,
    /// The test clock this run is on, if any: what the run queues waits for it too.
    pub test_clock: Option<i64>,
    /// This process's runner id (the `locked_by` of its claims).
    pub worker: String,
    /// The jobs this runner has claimed and not yet ended.
    pub(crate) held: Held,
}

/// The jobs a runner holds: claimed and not yet ended. Its own claims never take them over,
/// whatever its clock says about their lease (a clock that jumps forward made a runner take
/// back, and run again, the jobs it was running).
#[derive(Clone, Default)]
pub(crate) struct Held(Arc<std::sync::Mutex<std::collections::HashSet<i64>>>);

/// One held job, let go when dropped (however its run ended).
pub(crate) struct Holding {
    held: Held,
    id: i64,
}

impl Held {
    pub(crate) fn ids(&self) -> Vec<i64> {
        let held = self.0.lock().unwrap_or_else(|p| p.into_inner());
        held.iter().copied().collect()
    }

    pub(crate) fn hold(&self, id: i64) -> Holding {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).insert(id);
        Holding {
            held: self.clone(),
            id,
        }
    }
}

impl Drop for Holding {
    fn drop(&mut self) {
        let mut held = self.held.0.lock().unwrap_or_else(|p| p.into_inner());
        held.remove(&self.id);
    }
}

impl Context {
    /// Now for what this run writes and queues ([`Now`](crate::domain::clock::Now)).
    pub fn now(&self) -> crate::domain::clock::Now {
        crate::domain::clock::Now {
            at: self.clock.now(),
            clock: self.test_clock,
        }
    }

    /// Writes `outcome` on the claimed `job` through `db` (only while this runner holds it),
    /// with the kind's retry `schedule`, and answers what `run` then returns. Pass the
    /// transaction of the run's last writes: they and the end of the job commit together, one
    /// commit instead of two (webhook deliveries end this way, several at once: [`Context::record_all`]).
    pub async fn record<P>(
        &self,
        db: &impl ConnectionTrait,
        job: &Claimed<P>,
        schedule: &[Duration],
        outcome: Outcome,
    ) -> Result<Outcome, DbErr> {
        let mut recorded = self.record_all(db, &[(job, outcome)], schedule).await?;
        recorded
            .pop()
            .ok_or_else(|| DbErr::Custom("no outcome was recorded".into()))
    }

    /// [`Context::record`] for several claimed jobs at once, in one statement: what each of
    /// their runs then returns, in the order given.
    pub async fn record_all<P>(
        &self,
        db: &impl ConnectionTrait,
        jobs: &[(&Claimed<P>, Outcome)],
        schedule: &[Duration],
    ) -> Result<Vec<Outcome>, DbErr> {
        let t = repo::JobTime::of(&self.clock);
        let ends: Vec<End> = jobs
            .iter()
            .map(|(job, outcome)| End::of(outcome, job.attempt, job.max_attempts, schedule, t.now))
            .collect();
        let rows: Vec<repo::JobEnd> = jobs
            .iter()
            .zip(&ends)
            .filter_map(|((job, _), end)| end.row(job.id))
            .collect();
        let held = repo::finish_many(db, &self.worker, &rows, t).await?;
        Ok(jobs
            .iter()
            .zip(&ends)
            .map(|((job, _), end)| {
                Outcome::Recorded(Recorded {
                    label: end.label(),
                    held: match end {
                        End::Recorded(r) => r.held,
                        _ => held.contains(&job.id),
                    },
                    due_again: end.due_again(),
                })
            })
            .collect())
    }
}

/// What ending a run writes on its job.
pub(crate) enum End<'a> {
    Done,
    /// Back to pending at the time, or failed for good (`None`), with the error.
    Retry(Option<DateTime<Utc>>, &'a str),
    /// Back to pending at the time, the attempt not counted ([`Outcome::Later`]).
    Later(DateTime<Utc>),
    Failed(&'a str),
    Cancelled(&'a str),
    /// Written already ([`Context::record`]); whether the runner held the job then.
    Recorded(&'a Recorded),
}

impl<'a> End<'a> {
    /// How a run's `outcome` ends its job at `now`: a retry waits its own `after` while the job
    /// has attempts left, else the kind's `schedule`; with no wait left it has failed for good.
    pub(crate) fn of(
        outcome: &'a Outcome,
        attempts: i32,
        max_attempts: i32,
        schedule: &[Duration],
        now: DateTime<Utc>,
    ) -> Self {
        match outcome {
            Outcome::Done => End::Done,
            Outcome::Retry { after, error } => {
                let wait = after
                    .filter(|_| attempts < max_attempts)
                    .or_else(|| schedule::next_wait(schedule, attempts, max_attempts));
                let retry_at = wait
                    .and_then(|w| chrono::Duration::from_std(w).ok())
                    .map(|w| now + w);
                End::Retry(retry_at, error)
            }
            Outcome::Later { after } => End::Later(
                now + chrono::Duration::from_std(*after).unwrap_or(chrono::Duration::seconds(1)),
            ),
            Outcome::Failed(error) => End::Failed(error),
            Outcome::Cancelled(reason) => End::Cancelled(reason),
            Outcome::Recorded(r) => End::Recorded(r),
        }
    }

    /// When the job is due again, if this end puts it back to pending.
    pub(crate) fn due_again(&self) -> Option<DateTime<Utc>> {
        match self {
            End::Retry(at, _) => *at,
            End::Later(at) => Some(*at),
            End::Recorded(r) => r.due_again,
            _ => None,
        }
    }

    /// The `outcome` label of `noren_jobs_total`.
    pub(crate) fn label(&self) -> &'static str {
        match self {
            End::Done => "done",
            End::Retry(Some(_), _) => "retry",
            End::Later(_) => "later",
            End::Retry(None, _) | End::Failed(_) => "failed",
            End::Cancelled(_) => "cancelled",
            End::Recorded(r) => r.label,
        }
    }

    /// The row [`repo::finish_many`] writes for job `id`; none when it was written already.
    fn row(&self, id: i64) -> Option<repo::JobEnd<'a>> {
        let (status, error, run_at) = match self {
            End::Later(at) => {
                return Some(repo::JobEnd {
                    id,
                    status: JobStatus::Pending,
                    error: None,
                    run_at: Some(*at),
                    uncounted: true,
                });
            }
            End::Done => (JobStatus::Done, None, None),
            End::Retry(Some(at), error) => (JobStatus::Pending, Some(*error), Some(*at)),
            End::Retry(None, error) | End::Failed(error) => (JobStatus::Failed, Some(*error), None),
            End::Cancelled(reason) => (JobStatus::Cancelled, Some(*reason), None),
            End::Recorded(_) => return None,
        };
        Some(repo::JobEnd {
            id,
            status,
            error,
            run_at,
            uncounted: false,
        })
    }

    /// Writes the end on job `id` while `worker` holds it; false when it no longer does (its
    /// lease ran out and another runner took the job over).
    pub(crate) async fn write(
        &self,
        db: &impl ConnectionTrait,
        id: i64,
        worker: &str,
        t: repo::JobTime,
    ) -> Result<bool, DbErr> {
        match self {
            End::Done => repo::complete(db, id, worker, t).await,
            End::Retry(retry_at, error) => {
                repo::retry_or_fail(db, id, worker, error, *retry_at, t).await
            }
            End::Later(at) => repo::postpone(db, id, worker, *at, t).await,
            End::Failed(error) => repo::retry_or_fail(db, id, worker, error, None, t).await,
            End::Cancelled(reason) => repo::cancel_claimed(db, id, worker, reason, t).await,
            End::Recorded(r) => Ok(r.held),
        }
    }
}

/// Wakes one queue's runner in this process when a job was just written, so it starts at once
/// instead of at the next poll. Call [`Wake::wake`] after the transaction commits.
#[derive(Default)]
pub struct Wake(Notify);

impl Wake {
    pub fn wake(&self) {
        self.0.notify_one();
    }

    pub(crate) async fn woken(&self) {
        self.0.notified().await;
    }
}

/// Adds a job of kind `J` due at `run_at`, with at most `max_attempts` runs; `now` is the
/// caller's clock: the owner's test clock, if it has one (`domain::clock::Now`), whose advances
/// then run the job. Pass the transaction of the change the job belongs to.
pub async fn enqueue<J: Job>(
    db: &impl ConnectionTrait,
    payload: &J::Payload,
    run_at: DateTime<Utc>,
    max_attempts: i32,
    now: impl Into<crate::domain::clock::Now>,
) -> Result<job::Model, DbErr> {
    let now = now.into();
    let payload = serde_json::to_value(payload).map_err(|e| DbErr::Custom(e.to_string()))?;
    repo::enqueue_on(
        db,
        J::QUEUE,
        &payload,
        run_at,
        max_attempts,
        now.at,
        now.clock,
    )
    .await
}

/// Cancels a scheduled job of any kind that has not started; false when it is running or
/// finished.
pub async fn cancel(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<bool, DbErr> {
    repo::cancel(db, id, now).await
}
