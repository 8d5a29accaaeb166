//! The runner: one loop per registered job kind that claims due jobs with a lease, runs them
//! with the kind's concurrency, renews the lease while a run lasts, records each [`Outcome`]
//! and emits the job metrics. A process killed mid-run leaves its jobs claimed until their
//! lease runs out; then any runner takes them again, so every job runs at least once.

use super::{Claimed, Context, End, Held, Job, Outcome, Wake};
use crate::db::Db;
use crate::db::batch::Batches;
use crate::db::entities::job;
use crate::db::repo::jobs as repo;
use crate::domain::clock::Clock;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

type QueueLoop = Pin<Box<dyn Future<Output = ()> + Send>>;
type Ran<'a> = Pin<Box<dyn Future<Output = usize> + Send + 'a>>;

/// One registered kind, without its type: what the runner does with a queue.
trait Queue: Send + Sync {
    fn name(&self) -> &'static str;
    /// Claims and runs this queue's jobs until shutdown.
    fn serve(&self, ctx: Context, shutdown: watch::Receiver<bool>) -> QueueLoop;
    /// Runs this queue's jobs that are due now; answers how many runs there were.
    fn run_due<'a>(&'a self, ctx: &'a Context) -> Ran<'a>;
    /// Runs one job claimed already (a test clock's, `run_clocked`).
    fn run_claimed<'a>(&'a self, ctx: &'a Context, row: job::Model) -> Ran<'a>;
}

struct Registered<J: Job> {
    kind: Arc<J>,
    wake: Arc<Wake>,
}

impl<J: Job> Queue for Registered<J> {
    fn name(&self) -> &'static str {
        J::QUEUE
    }

    fn serve(&self, ctx: Context, shutdown: watch::Receiver<bool>) -> QueueLoop {
        Box::pin(serve_queue(
            self.kind.clone(),
            self.wake.clone(),
            ctx,
            shutdown,
        ))
    }

    fn run_due<'a>(&'a self, ctx: &'a Context) -> Ran<'a> {
        Box::pin(run_due_of(&*self.kind, ctx))
    }

    fn run_claimed<'a>(&'a self, ctx: &'a Context, row: job::Model) -> Ran<'a> {
        Box::pin(async move {
            let _holding = ctx.held.hold(row.id);
            run_one(&*self.kind, ctx, row, None, None).await;
            1
        })
    }
}

/// The job runner of one process: register each kind at start-up, then [`Runner::spawn`]; or,
/// in a test that moves the clock, [`Runner::run_due`] whenever the test wants the due work
/// done.
pub struct Runner {
    ctx: Context,
    queues: Vec<Box<dyn Queue>>,
}

impl Runner {
    /// A runner on `db` whose "now" is `clock` (the state's clock).
    pub fn new(db: Db, clock: Clock) -> Self {
        Runner {
            ctx: Context {
                db,
                wall: clock.clone(),
                clock,
                test_clock: None,
                worker: format!("{}-{}", std::process::id(), uuid::Uuid::new_v4()),
                held: Held::default(),
            },
            queues: Vec::new(),
        }
    }

    /// Runs jobs of `kind` once spawned; `wake` is the handle request paths call after
    /// writing a job of this kind.
    ///
    /// # Panics
    /// When a kind of the same queue is already registered (a start-up mistake).
    pub fn register<J: Job>(&mut self, kind: J, wake: Arc<Wake>) -> &mut Self {
        assert!(
            self.queues.iter().all(|q| q.name() != J::QUEUE),
            "job queue {} registered twice",
            J::QUEUE
        );
        self.queues.push(Box::new(Registered {
            kind: Arc::new(kind),
            wake,
        }));
        self
    }

    /// This runner's id: the `locked_by` of its claims.
    pub fn worker(&self) -> &str {
        &self.ctx.worker
    }

    /// The registered queues.
    pub fn queues(&self) -> Vec<&'static str> {
        self.queues.iter().map(|q| q.name()).collect()
    }

    /// Runs every registered queue until `shutdown` turns true, then waits for the runs in
    /// flight (claimed jobs that did not start come back when their lease runs out).
    pub fn spawn(self, shutdown: watch::Receiver<bool>) -> tokio::task::JoinHandle<()> {
        describe_metrics();
        let mut loops = JoinSet::new();
        for queue in &self.queues {
            loops.spawn(queue.serve(self.ctx.clone(), shutdown.clone()));
        }
        tokio::spawn(async move { while loops.join_next().await.is_some() {} })
    }

    /// Runs, here and now, every job of the registered queues that is due on the runner's
    /// clock, until none is (a run may make more work due: a retry without a wait, a job that
    /// writes another); answers the number of runs. Jobs claimed by another runner are left to
    /// it. What tests call after moving the clock, instead of waking a spawned runner and
    /// sleeping (as crates.io's test app runs its pending background jobs).
    pub async fn run_due(&self) -> usize {
        let mut total = 0;
        loop {
            let mut ran = 0;
            for queue in &self.queues {
                ran += queue.run_due(&self.ctx).await;
            }
            if ran == 0 {
                return total;
            }
            total += ran;
        }
    }
}

/// What [`Runner::run_clocked`] ran, by queue.
pub type RanByQueue = std::collections::BTreeMap<&'static str, u64>;

impl Runner {
    /// Runs the jobs of test clock `clock` due by `until` on it, one at a time in the order
    /// they fell due, across every registered queue, each on the clock frozen at its due time
    /// (never before `from`, the clock's time when the advance began): a retry a run asks for
    /// is due on the clock, and runs too if that is by `until`. Stops after `max_runs` runs
    /// (what is left runs at the next advance). Answers the runs by queue.
    ///
    /// # Errors
    /// When a job cannot be claimed (the database is down).
    pub async fn run_clocked(
        &self,
        clock: i64,
        from: chrono::DateTime<chrono::Utc>,
        until: chrono::DateTime<chrono::Utc>,
        max_runs: u64,
    ) -> Result<RanByQueue, sea_orm::DbErr> {
        let mut ran = RanByQueue::new();
        let mut at = from;
        let lease = chrono::Duration::minutes(5);
        // First the jobs that were due at once on the clock and no runner took yet (on the
        // clock's time as the advance begins), then those waiting for it, by due time.
        let mut waiting = None;
        for _ in 0..max_runs {
            let t = repo::JobTime::of(&self.ctx.clock);
            let (db, worker) = (&self.ctx.db, &self.ctx.worker);
            let mut row = repo::claim_clocked(db, clock, waiting, worker, lease, t).await?;
            if row.is_none() && waiting.is_none() {
                waiting = Some(until);
                row = repo::claim_clocked(db, clock, waiting, worker, lease, t).await?;
            }
            let Some(row) = row else {
                break;
            };
            if waiting.is_some() {
                at = at.max(row.run_at);
            }
            let Some(queue) = self.queues.iter().find(|q| q.name() == row.queue) else {
                // No kind of this queue here: it stays claimed until its lease runs out, then
                // a runner that has the kind takes it (on the process's time).
                tracing::warn!(queue = %row.queue, job = row.id, "no runner for a clocked job");
                continue;
            };
            let ctx = Context {
                clock: self.ctx.clock.frozen(at),
                test_clock: Some(clock),
                ..self.ctx.clone()
            };
            queue.run_claimed(&ctx, row).await;
            *ran.entry(queue.name()).or_default() += 1;
        }
        Ok(ran)
    }
}

/// Claims the due jobs of one kind one at a time, in the order they fell due, and runs each to
/// its end.
async fn run_due_of<J: Job>(kind: &J, ctx: &Context) -> usize {
    let lease = chrono::Duration::from_std(kind.lease()).unwrap_or(chrono::Duration::seconds(60));
    let mut ran = 0;
    loop {
        let t = repo::JobTime::of(&ctx.clock);
        let held = ctx.held.ids();
        let claimed = repo::claim_keeping(&ctx.db, J::QUEUE, &ctx.worker, lease, 1, t, &held);
        let row = match claimed.await {
            Ok(mut claimed) => match claimed.pop() {
                Some(row) => row,
                None => return ran,
            },
            Err(e) => {
                tracing::warn!(queue = J::QUEUE, error = %e, "cannot claim jobs");
                return ran;
            }
        };
        ran += 1;
        let _holding = ctx.held.hold(row.id);
        run_one(kind, ctx, row, None, None).await;
    }
}

/// The help texts of the runner's metrics (for the installed recorder, if any).
fn describe_metrics() {
    metrics::describe_gauge!(
        "noren_jobs_queued",
        "Pending background jobs that are due, by queue (after each poll)."
    );
    metrics::describe_counter!(
        "noren_jobs_total",
        "Background job runs by queue and outcome (done, retry, failed, cancelled)."
    );
}

/// Claims and runs jobs of one kind until shutdown.
async fn serve_queue<J: Job>(
    kind: Arc<J>,
    wake: Arc<Wake>,
    ctx: Context,
    mut shutdown: watch::Receiver<bool>,
) {
    let concurrency = kind.concurrency().max(1);
    let poll = kind.poll();
    let lease = chrono::Duration::from_std(kind.lease()).unwrap_or(chrono::Duration::seconds(60));
    let permits = Arc::new(Semaphore::new(concurrency));
    let ctx = Arc::new(ctx);
    let put_back: Arc<PutBack> = Arc::new(Batches::new());
    let mut tasks: JoinSet<Option<Duration>> = JoinSet::new();
    let mut counted: Option<Instant> = None;
    // When the jobs this runner put back to pending are due again: a delivery postponed for 2 s
    // is claimed then, not at the next poll (a minute, say) when that comes later.
    let mut due_again = DueAgain::default();
    loop {
        if *shutdown.borrow() {
            break;
        }
        while let Some(ended) = tasks.try_join_next() {
            note_due_again(&mut due_again, ended);
        }
        due_again.passed(tokio::time::Instant::now());
        let free = permits.available_permits();
        let mut claimed = 0;
        if free > 0 {
            let t = repo::JobTime::of(&ctx.clock);
            let now = t.now;
            let held = ctx.held.ids();
            let batch =
                repo::claim_keeping(&ctx.db, J::QUEUE, &ctx.worker, lease, free as u64, t, &held);
            match batch.await {
                Ok(batch) => {
                    claimed = batch.len();
                    report_queued::<J>(&ctx.db, claimed < free, now, poll, &mut counted).await;
                    for row in batch {
                        // A claimed row always runs: one beyond the free slots (a claim never
                        // takes more than asked, but if it did) waits for a slot rather than
                        // sitting claimed until its lease runs out.
                        let (kind, ctx, permits, put_back) =
                            (kind.clone(), ctx.clone(), permits.clone(), put_back.clone());
                        let permit = permits.clone().try_acquire_owned().ok();
                        let holding = ctx.held.hold(row.id);
                        tasks.spawn(async move {
                            let _holding = holding;
                            let permit = match permit {
                                Some(p) => Some(p),
                                None => permits.acquire_owned().await.ok(),
                            };
                            run_one(&*kind, &ctx, row, permit, Some(&put_back)).await
                        });
                    }
                }
                Err(e) => tracing::warn!(queue = J::QUEUE, error = %e, "cannot claim jobs"),
            }
        }
        if claimed > 0 && claimed == free {
            // A full batch: there may be more due. Wait for a free slot, then claim again.
            tokio::select! {
                ended = tasks.join_next(), if !tasks.is_empty() => {
                    note_due_again(&mut due_again, ended.unwrap_or(Ok(None)));
                }
                _ = shutdown.changed() => {}
            }
            continue;
        }
        let next_poll = tokio::time::Instant::now() + poll;
        loop {
            let next_look = due_again.next().map_or(next_poll, |at| at.min(next_poll));
            tokio::select! {
                () = wake.woken() => break,
                () = tokio::time::sleep_until(next_look) => break,
                // A run ended: with every slot busy, look again now that one is free; else
                // keep waiting, until its job is due again if it put it back sooner than the
                // next look (a delivery put back for 500 ms after the last event of a burst
                // waited for the next poll, a minute in a test).
                ended = tasks.join_next(), if !tasks.is_empty() => {
                    note_due_again(&mut due_again, ended.unwrap_or(Ok(None)));
                    if free == 0 {
                        break;
                    }
                }
                _ = shutdown.changed() => break,
            }
        }
    }
    while tasks.join_next().await.is_some() {}
}

/// When the jobs this runner put back to pending are due again, soonest first: each is claimed
/// then rather than at the next poll. All of them are kept, not only the soonest: a burst put
/// back within a few milliseconds falls due over those milliseconds, and with only the soonest
/// kept, the claim at that instant took the first few and the rest waited for the next poll.
#[derive(Default)]
struct DueAgain(std::collections::BinaryHeap<std::cmp::Reverse<tokio::time::Instant>>);

/// How long after a put-back job is due the runner looks: those due meanwhile come with it.
const DUE_AGAIN_GATHER: Duration = Duration::from_millis(10);

/// The most put-back jobs remembered; beyond, the next poll finds them.
const DUE_AGAIN_KEPT: usize = 4096;

impl DueAgain {
    /// Forgets those due by `now` (the claim about to run takes them).
    fn passed(&mut self, now: tokio::time::Instant) {
        while self.0.peek().is_some_and(|at| at.0 <= now) {
            self.0.pop();
        }
    }

    /// When to look next: a little after the soonest, so that one claim takes the others of its
    /// burst too.
    fn next(&self) -> Option<tokio::time::Instant> {
        self.0.peek().map(|at| at.0 + DUE_AGAIN_GATHER)
    }
}

/// Notes when a run that just `ended` put its job back (a join error, a run that panicked, puts
/// nothing back: its lease runs out).
fn note_due_again(
    due_again: &mut DueAgain,
    ended: Result<Option<Duration>, tokio::task::JoinError>,
) {
    if let Ok(Some(after)) = ended
        && due_again.0.len() < DUE_AGAIN_KEPT
    {
        due_again
            .0
            .push(std::cmp::Reverse(tokio::time::Instant::now() + after));
    }
}

/// Sets `noren_jobs_queued{queue}` after a poll. A claim that took fewer than it could has taken
/// every due job, so the gauge is zero without a query; after a full batch the due jobs are
/// counted, at most once per poll interval.
async fn report_queued<J: Job>(
    db: &Db,
    drained: bool,
    now: chrono::DateTime<chrono::Utc>,
    poll: Duration,
    counted: &mut Option<Instant>,
) {
    let gauge = metrics::gauge!("noren_jobs_queued", "queue" => J::QUEUE);
    if drained {
        gauge.set(0.0);
        return;
    }
    if counted.is_some_and(|at| at.elapsed() < poll) {
        return;
    }
    *counted = Some(Instant::now());
    match repo::due(db, J::QUEUE, now).await {
        Ok(n) => gauge.set(n as f64),
        Err(e) => tracing::warn!(queue = J::QUEUE, error = %e, "cannot count due jobs"),
    }
}

/// Runs one claimed job, renewing its lease every half lease, and records how it ended; how long
/// until it is due again when it went back to pending. The `slot` of the kind's concurrency is
/// given back when the run ends, before its outcome is written: a write waits for the database
/// (on SQLite, behind every request's write), and a slot held meanwhile runs nothing. The job
/// stays held, and claimed with its lease, until the outcome is written.
/// The context of a run of `row`: `ctx`, or for a job of a test clock that a runner took (due
/// at once when it was queued) `ctx` frozen at the clock's time; a deleted clock's job runs on
/// the process's.
async fn context_of(ctx: &Context, row: &job::Model) -> Option<Context> {
    use crate::db::entities::test_clock;
    use crate::db::repo::SelectFirst;
    use sea_orm::EntityTrait;
    let id = row.clock_id.filter(|_| ctx.test_clock.is_none())?;
    match test_clock::Entity::find_by_id(id).first(&ctx.db).await {
        Ok(Some(clock)) => Some(Context {
            clock: ctx.clock.frozen(clock.frozen_time),
            test_clock: Some(id),
            ..ctx.clone()
        }),
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(job = row.id, error = %e, "cannot read a job's test clock; it runs on the process's time");
            None
        }
    }
}

async fn run_one<J: Job>(
    kind: &J,
    ctx: &Context,
    row: job::Model,
    slot: Option<tokio::sync::OwnedSemaphorePermit>,
    put_back: Option<&PutBack>,
) -> Option<Duration> {
    let on_clock = context_of(ctx, &row).await;
    let ctx = on_clock.as_ref().unwrap_or(ctx);
    let outcome = match serde_json::from_str::<J::Payload>(&row.payload) {
        Ok(payload) => {
            let claimed = Claimed {
                id: row.id,
                payload,
                attempt: row.attempts,
                max_attempts: row.max_attempts,
                run_at: row.run_at,
                last_error: row.last_error.clone(),
            };
            let lease = kind.lease();
            let renew_every = (lease / 2).max(Duration::from_millis(10));
            let run = kind.run(ctx, &claimed);
            tokio::pin!(run);
            loop {
                tokio::select! {
                    outcome = &mut run => break outcome,
                    () = tokio::time::sleep(renew_every) => renew(ctx, &row, lease).await,
                }
            }
        }
        Err(e) => Outcome::Failed(format!("the payload cannot be read: {e}")),
    };
    drop(slot);
    record(kind, ctx, &row, outcome, put_back).await
}

async fn renew(ctx: &Context, row: &job::Model, lease: Duration) {
    let lease = chrono::Duration::from_std(lease).unwrap_or(chrono::Duration::seconds(60));
    match repo::renew(
        &ctx.db,
        row.id,
        &ctx.worker,
        lease,
        repo::JobTime::of(&ctx.clock),
    )
    .await
    {
        Ok(true) => {}
        Ok(false) => tracing::warn!(job = row.id, "lost the lease of a running job"),
        Err(e) => tracing::warn!(job = row.id, error = %e, "cannot renew a job's lease"),
    }
}

/// Jobs put back to pending ([`Outcome::Later`]) by id, with when they are due again, written
/// together: whether this runner still held each.
type PutBack = Batches<(i64, chrono::DateTime<chrono::Utc>), bool>;

/// Writes the outcome on the job (only while this runner still holds it) and counts it; a job
/// put back goes with the others put back meanwhile, one statement for the lot, when `put_back`
/// is given. A hanging webhook receiver's backlog is put back in bursts, and on SQLite each of
/// those statements alone waited in line for the one writer with every request's write.
async fn record<J: Job>(
    kind: &J,
    ctx: &Context,
    row: &job::Model,
    outcome: Outcome,
    put_back: Option<&PutBack>,
) -> Option<Duration> {
    let t = repo::JobTime::of(&ctx.clock);
    let end = End::of(
        &outcome,
        row.attempts,
        row.max_attempts,
        kind.retry_schedule(),
        t.now,
    );
    let written = match (&end, put_back) {
        (End::Later(at), Some(batch)) => {
            let (db, worker, clock) = (ctx.db.clone(), ctx.worker.clone(), ctx.clock.clone());
            batch
                .submit((row.id, *at), move || {
                    move |jobs: Vec<(i64, chrono::DateTime<chrono::Utc>)>| {
                        let (db, worker) = (db.clone(), worker.clone());
                        let t = repo::JobTime::of(&clock);
                        async move {
                            let rows: Vec<repo::JobEnd> = jobs
                                .iter()
                                .filter_map(|(id, at)| End::Later(*at).row(*id))
                                .collect();
                            let held = repo::finish_many(&db, &worker, &rows, t).await?;
                            Ok(jobs.iter().map(|(id, _)| held.contains(id)).collect())
                        }
                    }
                })
                .await
        }
        _ => end.write(&ctx.db, row.id, &ctx.worker, t).await,
    };
    match written {
        Ok(true) => {}
        Ok(false) => tracing::info!(
            queue = J::QUEUE,
            job = row.id,
            "another runner took this job over; its outcome is not recorded"
        ),
        Err(e) => tracing::warn!(
            queue = J::QUEUE,
            job = row.id,
            error = %e,
            "cannot record a job's outcome; it runs again when its lease runs out"
        ),
    }
    metrics::counter!("noren_jobs_total", "queue" => J::QUEUE, "outcome" => end.label())
        .increment(1);
    end.due_again()
        .map(|at| (at - t.now).to_std().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobs::{Claimed, Context, Job, Outcome, Wake};
    use metrics::{Counter, CounterFn, Gauge, GaugeFn, Histogram, Key, KeyName, Metadata};
    use metrics::{Recorder, SharedString, Unit};
    use std::collections::HashMap;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Every value each metric took, by `name{label=value,…}`.
    #[derive(Default)]
    struct Recorded(Mutex<HashMap<String, Arc<Values>>>);

    #[derive(Default)]
    struct Values {
        count: AtomicU64,
        gauge: Mutex<Vec<f64>>,
    }

    impl CounterFn for Values {
        fn increment(&self, value: u64) {
            self.count.fetch_add(value, Ordering::Relaxed);
        }
        fn absolute(&self, value: u64) {
            self.count.store(value, Ordering::Relaxed);
        }
    }

    impl GaugeFn for Values {
        fn increment(&self, _: f64) {}
        fn decrement(&self, _: f64) {}
        fn set(&self, value: f64) {
            self.gauge.lock().expect("gauge").push(value);
        }
    }

    impl Recorded {
        fn values(&self, key: &Key) -> Arc<Values> {
            let mut labels: Vec<String> = key
                .labels()
                .map(|l| format!("{}={}", l.key(), l.value()))
                .collect();
            labels.sort();
            let name = format!("{}{{{}}}", key.name(), labels.join(","));
            self.0
                .lock()
                .expect("metrics")
                .entry(name)
                .or_default()
                .clone()
        }

        fn get(&self, name: &str) -> Option<Arc<Values>> {
            self.0.lock().expect("metrics").get(name).cloned()
        }
    }

    impl Recorder for Recorded {
        fn describe_counter(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
        fn describe_gauge(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
        fn describe_histogram(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
        fn register_counter(&self, key: &Key, _: &Metadata<'_>) -> Counter {
            Counter::from_arc(self.values(key))
        }
        fn register_gauge(&self, key: &Key, _: &Metadata<'_>) -> Gauge {
            Gauge::from_arc(self.values(key))
        }
        fn register_histogram(&self, _: &Key, _: &Metadata<'_>) -> Histogram {
            Histogram::noop()
        }
    }

    /// Done for even payloads, failed for odd ones; one at a time.
    struct Metered;

    impl Job for Metered {
        const QUEUE: &'static str = "metered";
        type Payload = i64;
        fn poll(&self) -> Duration {
            Duration::from_millis(10)
        }
        async fn run(&self, _: &Context, job: &Claimed<i64>) -> Outcome {
            if job.payload % 2 == 0 {
                Outcome::Done
            } else {
                Outcome::Failed("odd".into())
            }
        }
    }

    /// Ends its job itself, in a write transaction that it commits for even payloads and drops
    /// (rolls back) for odd ones.
    struct SelfRecording;

    impl Job for SelfRecording {
        const QUEUE: &'static str = "self_recording";
        type Payload = i64;
        async fn run(&self, ctx: &Context, job: &Claimed<i64>) -> Outcome {
            let tx = crate::db::begin_write(&ctx.db).await.expect("begin");
            let recorded = ctx
                .record(&tx, job, &[], Outcome::Done)
                .await
                .expect("record");
            if job.payload % 2 == 0 {
                tx.commit().await.expect("commit");
            }
            recorded
        }
    }

    /// Postpones its job 50 ms the first time, is done the second; polls once a minute.
    struct Postponing(Arc<AtomicU64>);

    impl Job for Postponing {
        const QUEUE: &'static str = "postponing";
        type Payload = i64;
        fn poll(&self) -> Duration {
            Duration::from_secs(60)
        }
        async fn run(&self, _: &Context, _: &Claimed<i64>) -> Outcome {
            if self.0.fetch_add(1, Ordering::Relaxed) == 0 {
                Outcome::Later {
                    after: Duration::from_millis(50),
                }
            } else {
                Outcome::Done
            }
        }
    }

    #[test]
    fn a_job_put_back_for_less_than_the_poll_runs_when_it_is_due() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("jobs.db").display());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let db = crate::db::connect_and_migrate(&url).await.expect("db");
            let clock = Clock::system();
            let now = clock.now();
            crate::jobs::enqueue::<Postponing>(&db, &0, now, 1, now)
                .await
                .expect("enqueue");
            let runs = Arc::new(AtomicU64::new(0));
            let mut runner = Runner::new(db.clone(), clock.clone());
            runner.register(Postponing(runs.clone()), Arc::new(Wake::default()));
            let (stop, stopped) = watch::channel(false);
            let handle = runner.spawn(stopped);
            // Well under the minute the runner would otherwise sleep before it looks again.
            let deadline = Instant::now() + Duration::from_secs(20);
            while repo::unfinished(&db, "postponing").await.expect("count") > 0 {
                assert!(
                    Instant::now() < deadline,
                    "the postponed job waited for the next poll ({} runs)",
                    runs.load(Ordering::Relaxed)
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            assert_eq!(runs.load(Ordering::Relaxed), 2, "postponed once, then done");
            let _ = stop.send(true);
            handle.await.expect("runner stopped");
        });
    }

    #[test]
    fn a_kind_ends_its_job_in_its_own_transaction() {
        use crate::db::entities::job::{Entity, JobStatus};
        use sea_orm::EntityTrait;
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("jobs.db").display());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let db = crate::db::connect_and_migrate(&url).await.expect("db");
            let clock = Clock::system();
            let now = clock.now();
            for n in 0..2 {
                crate::jobs::enqueue::<SelfRecording>(&db, &n, now, 1, now)
                    .await
                    .expect("enqueue");
            }
            let mut runner = Runner::new(db.clone(), clock.clone());
            runner.register(SelfRecording, Arc::new(Wake::default()));
            assert_eq!(runner.run_due().await, 2);
            let mut jobs = Entity::find().all(&db).await.expect("jobs");
            jobs.sort_by_key(|j| j.payload.clone());
            let statuses: Vec<JobStatus> = jobs.into_iter().map(|j| j.status).collect();
            // The committed end is on the job; the dropped one went with the run's writes, so
            // the job stays claimed until its lease runs out and runs again then.
            assert_eq!(statuses, vec![JobStatus::Done, JobStatus::Running]);
        });
    }

    #[test]
    fn the_runner_counts_outcomes_and_reports_the_due_jobs() {
        let recorded = Recorded::default();
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("jobs.db").display());
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        // A local recorder sees what this thread emits: the current-thread runtime runs the
        // runner's tasks here.
        metrics::with_local_recorder(&recorded, || {
            runtime.block_on(async {
                let db = crate::db::connect_and_migrate(&url).await.expect("db");
                let clock = Clock::system();
                let now = clock.now();
                for n in 0..3 {
                    crate::jobs::enqueue::<Metered>(&db, &n, now, 1, now)
                        .await
                        .expect("enqueue");
                }
                let mut runner = Runner::new(db.clone(), clock.clone());
                runner.register(Metered, Arc::new(Wake::default()));
                let (stop, stopped) = watch::channel(false);
                let handle = runner.spawn(stopped);
                let deadline = Instant::now() + Duration::from_secs(10);
                while repo::unfinished(&db, "metered").await.expect("count") > 0 {
                    assert!(Instant::now() < deadline, "jobs never ran");
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                let _ = stop.send(true);
                handle.await.expect("runner stopped");
            });
        });
        let count = |name: &str| {
            recorded
                .get(name)
                .map(|v| v.count.load(Ordering::Relaxed))
                .unwrap_or(0)
        };
        assert_eq!(count("noren_jobs_total{outcome=done,queue=metered}"), 2);
        assert_eq!(count("noren_jobs_total{outcome=failed,queue=metered}"), 1);
        let gauge = recorded
            .get("noren_jobs_queued{queue=metered}")
            .map(|v| v.gauge.lock().expect("gauge").clone())
            .unwrap_or_default();
        // One job per claim (concurrency 1): 2 then 1 still due, then none.
        assert_eq!(gauge.first(), Some(&2.0), "{gauge:?}");
        assert_eq!(gauge.last(), Some(&0.0), "{gauge:?}");
    }
}
