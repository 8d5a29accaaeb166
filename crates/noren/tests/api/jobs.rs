//! Background jobs on both engines. The claim protocol: concurrent claimers never take the same
//! job, failures retry until their attempts run out, and an expired lease hands a job to another
//! worker. The runner (`noren::jobs`), with a test job kind: done, a retry at the time its
//! schedule says (the clock moved, not slept), failed after its attempts, cancelled (by the kind,
//! or while scheduled), a crashed claim taken over when its lease runs out, and a wake-up that
//! does not wait for the poll interval. And the test harness's teardown, which fails a test that
//! leaves a due job unprocessed.

use chrono::{Duration, Utc};
use noren::db::entities::job::{self, JobStatus};
use noren::db::repo::jobs;
use noren::jobs::{Claimed, Context, Job, Outcome, Runner, Wake};
use noren_testkit::{Backend, Options, TestApp, both_databases, eventually};
use sea_orm::EntityTrait;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration as StdDuration;
use tokio::sync::watch;

both_databases! {
    async fn concurrent_claimers_take_every_job_exactly_once(app) {
        for i in 0..60 {
            jobs::enqueue(app.db(), "test", &serde_json::json!({"i": i}), Utc::now(), 3, Utc::now()).await.expect("enqueue");
        }
        let mut handles = Vec::new();
        for w in 0..4 {
            let db = app.db().clone();
            handles.push(tokio::spawn(async move {
                let worker = format!("worker-{w}");
                let mut mine = Vec::new();
                loop {
                    let batch = jobs::claim(&db, "test", &worker, Duration::seconds(30), 5, chrono::Utc::now()).await.expect("claim");
                    if batch.is_empty() {
                        break;
                    }
                    for job in batch {
                        assert!(jobs::complete(&db, job.id, &worker, Utc::now()).await.expect("complete"));
                        mine.push(job.id);
                    }
                }
                mine
            }));
        }
        let mut seen = HashSet::new();
        for h in handles {
            for id in h.await.expect("worker") {
                assert!(seen.insert(id), "job {id} claimed twice");
            }
        }
        assert_eq!(seen.len(), 60);
        assert_eq!(jobs::unfinished(app.db(), "test").await.expect("count"), 0);
    }

    async fn future_jobs_wait_and_failures_retry_until_attempts_run_out(app) {
        let later = jobs::enqueue(app.db(), "q", &serde_json::json!({}), Utc::now() + Duration::hours(1), 2, Utc::now()).await.expect("enqueue");
        let now = jobs::enqueue(app.db(), "q", &serde_json::json!({}), Utc::now(), 2, Utc::now()).await.expect("enqueue");
        let claimed = jobs::claim(app.db(), "q", "w", Duration::seconds(30), 10, chrono::Utc::now()).await.expect("claim");
        assert_eq!(claimed.iter().map(|j| j.id).collect::<Vec<_>>(), vec![now.id]);
        assert_eq!(claimed[0].attempts, 1);
        assert!(jobs::fail(app.db(), &claimed[0], "w", "boom", Some(Utc::now()), Utc::now()).await.expect("fail"));
        let again = jobs::claim(app.db(), "q", "w", Duration::seconds(30), 10, chrono::Utc::now()).await.expect("claim");
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].attempts, 2);
        assert_eq!(again[0].last_error.as_deref(), Some("boom"));
        assert!(jobs::fail(app.db(), &again[0], "w", "boom again", Some(Utc::now()), Utc::now()).await.expect("fail"));
        assert!(jobs::claim(app.db(), "q", "w", Duration::seconds(30), 10, chrono::Utc::now()).await.expect("claim").is_empty(), "attempts used up");
        assert!(jobs::cancel(app.db(), later.id, Utc::now()).await.expect("cancel"));
        assert_eq!(jobs::unfinished(app.db(), "q").await.expect("count"), 0);
    }

    async fn an_expired_lease_hands_the_job_to_another_worker(app) {
        let clock = app.state().clock.clone();
        jobs::enqueue(app.db(), "lease", &serde_json::json!({}), clock.now(), 5, clock.now()).await.expect("enqueue");
        let first = jobs::claim(app.db(), "lease", "crashed", Duration::seconds(30), 1, clock.now()).await.expect("claim");
        assert_eq!(first.len(), 1);
        assert!(jobs::claim(app.db(), "lease", "rescuer", Duration::seconds(30), 1, clock.now()).await.expect("claim").is_empty(), "held");
        clock.advance(Duration::seconds(31));
        let second = jobs::claim(app.db(), "lease", "rescuer", Duration::seconds(30), 1, clock.now()).await.expect("claim");
        assert_eq!(second.len(), 1);
        assert_eq!(second[0].id, first[0].id);
        assert_eq!(second[0].locked_by.as_deref(), Some("rescuer"));
        assert!(!jobs::complete(app.db(), first[0].id, "crashed", clock.now()).await.expect("complete"), "the crashed worker lost it");
        assert!(jobs::complete(app.db(), first[0].id, "rescuer", clock.now()).await.expect("complete"));
    }
}

both_databases! {
    async fn several_jobs_end_in_one_statement_each_as_its_run_said(app) {
        let clock = app.state().clock.clone();
        let now = clock.now();
        for i in 0..5 {
            jobs::enqueue(app.db(), "many", &serde_json::json!({"i": i}), now, 3, now).await.expect("enqueue");
        }
        let claimed = jobs::claim(app.db(), "many", "w", Duration::seconds(30), 5, now).await.expect("claim");
        let ids: Vec<i64> = claimed.iter().map(|j| j.id).collect();
        assert_eq!(ids.len(), 5);
        // The fifth was taken over by another worker: its end is not ours to write.
        clock.advance(Duration::seconds(31));
        let later = clock.now();
        let mut taken = jobs::claim(app.db(), "many", "other", Duration::seconds(30), 5, later).await.expect("claim");
        assert_eq!(taken.len(), 5, "every lease ran out");
        for j in taken.drain(..4) {
            // Give the first four back to `w`, as if it still held them.
            job::Entity::update(job::ActiveModel { id: sea_orm::Set(j.id), locked_by: sea_orm::Set(Some("w".into())), ..Default::default() })
                .exec(app.db()).await.expect("give back");
        }
        let retry_at = later + Duration::minutes(10);
        let ends = [
            jobs::JobEnd { id: ids[0], status: JobStatus::Done, error: None, run_at: None, uncounted: false },
            jobs::JobEnd { id: ids[1], status: JobStatus::Pending, error: Some("try again"), run_at: Some(retry_at), uncounted: true },
            jobs::JobEnd { id: ids[2], status: JobStatus::Failed, error: Some("gone for good"), run_at: None, uncounted: false },
            jobs::JobEnd { id: ids[3], status: JobStatus::Cancelled, error: Some("withdrawn"), run_at: None, uncounted: false },
            jobs::JobEnd { id: ids[4], status: JobStatus::Done, error: None, run_at: None, uncounted: false },
        ];
        let mut held = jobs::finish_many(app.db(), "w", &ends, later).await.expect("finish");
        held.sort();
        assert_eq!(held, ids[..4].to_vec(), "the job another worker holds is left to it");
        let row = |id: i64| { let db = app.db().clone(); async move { job::Entity::find_by_id(id).one(&db).await.expect("read").expect("row") } };
        let done = row(ids[0]).await;
        assert_eq!((done.status, done.locked_by, done.last_error), (JobStatus::Done, None, None));
        let retry = row(ids[1]).await;
        assert_eq!((retry.status, retry.last_error.as_deref()), (JobStatus::Pending, Some("try again")));
        assert_eq!(retry.run_at.timestamp(), retry_at.timestamp());
        assert_eq!(retry.attempts, 1, "an uncounted end gives its claim's attempt back (claimed twice)");
        assert_eq!((row(ids[2]).await.status, row(ids[2]).await.last_error.as_deref().map(String::from)), (JobStatus::Failed, Some("gone for good".into())));
        assert_eq!(row(ids[3]).await.status, JobStatus::Cancelled);
        let other = row(ids[4]).await;
        assert_eq!((other.status, other.locked_by.as_deref()), (JobStatus::Running, Some("other")));
        assert!(jobs::complete(app.db(), ids[4], "other", later).await.expect("complete"));
        assert!(jobs::cancel(app.db(), ids[1], later).await.expect("cancel the retry"));
    }
}

/// A job kind for the runner tests: each run takes the next scripted outcome (the last one
/// repeats) and is recorded.
struct Scripted {
    outcomes: Vec<Outcome>,
    runs: Arc<Mutex<Vec<(i64, i32)>>>,
    poll: StdDuration,
    concurrency: usize,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Note {
    n: i64,
}

impl Job for Scripted {
    const QUEUE: &'static str = "scripted";
    type Payload = Note;

    fn retry_schedule(&self) -> &[StdDuration] {
        const SCHEDULE: [StdDuration; 2] =
            [StdDuration::from_secs(3600), StdDuration::from_secs(7200)];
        &SCHEDULE
    }

    fn poll(&self) -> StdDuration {
        self.poll
    }

    fn concurrency(&self) -> usize {
        self.concurrency
    }

    async fn run(&self, _ctx: &Context, job: &Claimed<Note>) -> Outcome {
        let i = {
            let mut runs = self.runs.lock().expect("runs");
            runs.push((job.payload.n, job.attempt));
            runs.len() - 1
        };
        self.outcomes[i.min(self.outcomes.len() - 1)].clone()
    }
}

/// A runner of [`Scripted`] on the app's database and clock: run by the test
/// ([`TestRunner::run_due`]), or spawned ([`TestRunner::spawn`]) for the tests of the
/// background loop itself.
struct TestRunner {
    runs: Arc<Mutex<Vec<(i64, i32)>>>,
    wake: Arc<Wake>,
    runner: Option<Runner>,
    stop: watch::Sender<bool>,
    handle: Option<tokio::task::JoinHandle<()>>,
}

impl TestRunner {
    fn new(app: &TestApp, outcomes: Vec<Outcome>) -> Self {
        Self::with(app, outcomes, StdDuration::from_secs(3600), 1)
    }

    fn with(app: &TestApp, outcomes: Vec<Outcome>, poll: StdDuration, concurrency: usize) -> Self {
        let runs = Arc::new(Mutex::new(Vec::new()));
        let wake = Arc::new(Wake::default());
        let mut runner = Runner::new(app.db().clone(), app.state().clock.clone());
        runner.register(
            Scripted {
                outcomes,
                runs: runs.clone(),
                poll,
                concurrency,
            },
            wake.clone(),
        );
        let (stop, _) = watch::channel(false);
        TestRunner {
            runs,
            wake,
            runner: Some(runner),
            stop,
            handle: None,
        }
    }

    /// Runs what is due now; answers the number of runs.
    async fn run_due(&self) -> usize {
        self.runner.as_ref().expect("not spawned").run_due().await
    }

    /// Starts the background loop.
    fn spawn(mut self) -> Self {
        let runner = self.runner.take().expect("spawned once");
        self.handle = Some(runner.spawn(self.stop.subscribe()));
        self
    }

    fn runs(&self) -> Vec<(i64, i32)> {
        self.runs.lock().expect("runs").clone()
    }

    async fn shutdown(mut self) {
        let _ = self.stop.send(true);
        if let Some(h) = self.handle.take() {
            h.await.expect("runner stopped");
        }
    }
}

async fn enqueue(app: &TestApp, n: i64, max_attempts: i32) -> i64 {
    let now = app.state().clock.now();
    noren::jobs::enqueue::<Scripted>(app.db(), &Note { n }, now, max_attempts, now)
        .await
        .expect("enqueue")
        .id
}

async fn job(app: &TestApp, id: i64) -> job::Model {
    job::Entity::find_by_id(id)
        .one(app.db())
        .await
        .expect("read")
        .expect("job")
}

/// The job, once it satisfies `check` (a spawned runner works in the background).
async fn until(app: &TestApp, id: i64, check: impl Fn(&job::Model) -> bool) -> job::Model {
    eventually(&format!("job {id}"), StdDuration::from_secs(10), || async {
        let j = job(app, id).await;
        if check(&j) {
            Ok(j)
        } else {
            Err(format!("{j:?}"))
        }
    })
    .await
}

async fn until_status(app: &TestApp, id: i64, status: JobStatus) -> job::Model {
    until(app, id, |j| j.status == status).await
}

both_databases! {
    async fn the_runner_runs_a_due_job_once_and_marks_it_done(app) {
        let runner = TestRunner::new(&app, vec![Outcome::Done]);
        let id = enqueue(&app, 1, 3).await;
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, id).await;
        assert_eq!((j.status, j.attempts, j.locked_by), (JobStatus::Done, 1, None));
        app.state().clock.advance(Duration::hours(24));
        assert_eq!(runner.run_due().await, 0, "run once");
        assert_eq!(runner.runs(), [(1, 1)]);
    }

    async fn a_retry_waits_for_its_scheduled_time_on_the_clock(app) {
        let runner = TestRunner::new(&app, vec![Outcome::retry("not yet"), Outcome::Done]);
        let before = app.state().clock.now();
        let id = enqueue(&app, 2, 3).await;
        // Run once, it waits an hour (the schedule's first step).
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, id).await;
        assert_eq!((j.status, j.attempts, j.last_error.as_deref()), (JobStatus::Pending, 1, Some("not yet")));
        assert!(j.run_at >= before + Duration::minutes(59), "due in an hour: {}", j.run_at);
        app.state().clock.advance(Duration::minutes(58));
        assert_eq!(runner.run_due().await, 0, "not run again before its time");
        app.state().clock.advance(Duration::minutes(3));
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, id).await;
        assert_eq!((j.status, j.attempts), (JobStatus::Done, 2));
        assert_eq!(runner.runs(), [(2, 1), (2, 2)]);
    }

    async fn a_job_that_keeps_failing_fails_for_good_after_its_attempts(app) {
        let runner = TestRunner::new(&app, vec![Outcome::retry("boom")]);
        let id = enqueue(&app, 3, 3).await;
        for attempt in 1..3 {
            assert_eq!(runner.run_due().await, 1);
            let j = job(&app, id).await;
            assert_eq!((j.status, j.attempts), (JobStatus::Pending, attempt));
            app.state().clock.advance(Duration::hours(3));
        }
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, id).await;
        assert_eq!((j.status, j.attempts, j.last_error.as_deref()), (JobStatus::Failed, 3, Some("boom")));
        app.state().clock.advance(Duration::hours(3));
        assert_eq!(runner.run_due().await, 0, "never run again");
        assert_eq!(runner.runs().len(), 3);
    }

    async fn failed_and_cancelled_outcomes_end_the_job_at_once(app) {
        let runner = TestRunner::new(&app, vec![Outcome::Failed("bad input".into()), Outcome::Cancelled("withdrawn".into())]);
        let failed = enqueue(&app, 4, 5).await;
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, failed).await;
        assert_eq!((j.status, j.attempts, j.last_error.as_deref()), (JobStatus::Failed, 1, Some("bad input")));
        let cancelled = enqueue(&app, 5, 5).await;
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, cancelled).await;
        assert_eq!((j.status, j.attempts, j.last_error.as_deref()), (JobStatus::Cancelled, 1, Some("withdrawn")));
        app.state().clock.advance(Duration::hours(24));
        assert_eq!(runner.run_due().await, 0, "both over");
    }

    async fn a_scheduled_job_cancelled_before_its_time_never_runs(app) {
        let runner = TestRunner::new(&app, vec![Outcome::Done]);
        let now = app.state().clock.now();
        let id = noren::jobs::enqueue::<Scripted>(app.db(), &Note { n: 6 }, now + Duration::hours(2), 1, now).await.expect("enqueue").id;
        assert!(noren::jobs::cancel(app.db(), id, app.state().clock.now()).await.expect("cancel"));
        app.state().clock.advance(Duration::hours(3));
        assert_eq!(runner.run_due().await, 0);
        assert_eq!(job(&app, id).await.status, JobStatus::Cancelled);
        assert!(runner.runs().is_empty());
        assert!(!noren::jobs::cancel(app.db(), id, app.state().clock.now()).await.expect("cancel"), "already over");
    }

    async fn a_crashed_claim_is_taken_over_when_its_lease_runs_out(app) {
        let id = enqueue(&app, 7, 3).await;
        // A process claimed it, then died.
        let clock = app.state().clock.clone();
        let claimed = jobs::claim(app.db(), Scripted::QUEUE, "crashed", Duration::minutes(1), 1, clock.now()).await.expect("claim");
        assert_eq!(claimed.len(), 1);
        let runner = TestRunner::new(&app, vec![Outcome::Done]);
        clock.advance(Duration::seconds(50));
        assert_eq!(runner.run_due().await, 0, "the lease still holds");
        clock.advance(Duration::seconds(20));
        assert_eq!(runner.run_due().await, 1);
        let j = job(&app, id).await;
        assert_eq!((j.status, j.attempts), (JobStatus::Done, 2), "the crashed run counts");
        assert_eq!(runner.runs(), [(7, 2)]);
    }

    async fn a_long_run_renews_its_lease(app) {
        // Lease 200 ms, renewed every 100 ms of real time; the run lasts until the test lets
        // it end. Moving the clock past the lease would hand the job to a rival claimer, unless
        // the runner renews it, from the moved clock.
        struct Held(Arc<tokio::sync::Notify>);
        impl Job for Held {
            const QUEUE: &'static str = "held";
            type Payload = serde_json::Value;
            fn lease(&self) -> StdDuration { StdDuration::from_millis(200) }
            async fn run(&self, _: &Context, _: &Claimed<serde_json::Value>) -> Outcome {
                self.0.notified().await;
                Outcome::Done
            }
        }
        let release = Arc::new(tokio::sync::Notify::new());
        let mut runner = Runner::new(app.db().clone(), app.state().clock.clone());
        runner.register(Held(release.clone()), Arc::new(Wake::default()));
        let (stop, stopped) = watch::channel(false);
        let handle = runner.spawn(stopped);
        let clock = app.state().clock.clone();
        let id = noren::jobs::enqueue::<Held>(app.db(), &serde_json::json!({}), clock.now(), 1, clock.now()).await.expect("enqueue").id;
        until_status(&app, id, JobStatus::Running).await;
        for _ in 0..3 {
            clock.advance(Duration::seconds(1));
            let moved = clock.now();
            until(&app, id, |j| j.locked_until.is_some_and(|t| t > moved)).await;
            let rival = jobs::claim(app.db(), "held", "rival", Duration::seconds(30), 1, clock.now()).await.expect("claim");
            assert!(rival.is_empty(), "a rival took the job over while it ran: {rival:?}");
        }
        release.notify_one();
        until_status(&app, id, JobStatus::Done).await;
        let _ = stop.send(true);
        handle.await.expect("runner stopped");
    }

    async fn a_wake_starts_a_job_without_waiting_for_the_poll_interval(app) {
        // Polls once an hour: only the wake can start the second job in time. Two slots: after
        // its first claim (one job, a slot still free) the loop waits for a wake or the poll,
        // and claims nothing more by itself.
        let first = enqueue(&app, 8, 1).await;
        let runner = TestRunner::with(&app, vec![Outcome::Done], StdDuration::from_secs(3600), 2).spawn();
        until_status(&app, first, JobStatus::Done).await;
        let second = enqueue(&app, 9, 1).await;
        runner.wake.wake();
        until_status(&app, second, JobStatus::Done).await;
        assert_eq!(runner.runs(), [(8, 1), (9, 1)]);
        runner.shutdown().await;
    }
}

/// The harness's teardown fails a test that leaves a due job unprocessed, unless it opts out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teardown_fails_a_test_that_leaves_a_due_job_unprocessed() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some(app) = TestApp::spawn(backend).await else {
            continue;
        };
        let teardown = app.teardown();
        let now = app.state().clock.now();
        // A job of a queue no runner serves: nothing will ever take it.
        jobs::enqueue(app.db(), "orphan", &serde_json::json!({}), now, 1, now)
            .await
            .expect("enqueue");
        // One due later is not left unprocessed: its time has not come.
        jobs::enqueue(
            app.db(),
            "orphan",
            &serde_json::json!({}),
            now + Duration::hours(1),
            1,
            now,
        )
        .await
        .expect("enqueue");
        drop(app);
        let started = std::time::Instant::now();
        let err = teardown
            .check_no_pending_jobs()
            .await
            .expect_err("a due job was left");
        assert!(err.contains("left 1 job(s) unprocessed"), "{err}");
        assert!(err.contains("\"orphan\""), "{err}");
        assert!(
            started.elapsed() >= StdDuration::from_secs(9),
            "the runner was given its time first"
        );

        let Some(app) = TestApp::spawn_with(backend, Options::default().leaving_jobs()).await
        else {
            continue;
        };
        let teardown = app.teardown();
        let now = app.state().clock.now();
        jobs::enqueue(app.db(), "orphan", &serde_json::json!({}), now, 1, now)
            .await
            .expect("enqueue");
        drop(app);
        teardown.check_no_pending_jobs().await.expect("opted out");
    }
}

/// Teardown after the test stopped its server reads the jobs through a new connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teardown_checks_the_jobs_of_a_stopped_server_too() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("SQLite");
    let teardown = app.teardown();
    let now = app.state().clock.now();
    jobs::enqueue(app.db(), "orphan", &serde_json::json!({}), now, 1, now)
        .await
        .expect("enqueue");
    app.stop().await;
    let err = teardown
        .check_no_pending_jobs()
        .await
        .expect_err("a due job was left");
    assert!(err.contains("left 1 job(s) unprocessed"), "{err}");
}

/// A job kind whose runs wait until the test lets them go.
#[derive(Clone)]
struct Blocking(Arc<BlockingInner>);

impl Default for Blocking {
    fn default() -> Self {
        Blocking(Arc::new(BlockingInner {
            runs: Mutex::new(0),
            started: tokio::sync::Notify::new(),
            release: tokio::sync::Semaphore::new(0),
        }))
    }
}

struct BlockingInner {
    runs: Mutex<usize>,
    started: tokio::sync::Notify,
    release: tokio::sync::Semaphore,
}

impl Job for Blocking {
    const QUEUE: &'static str = "blocking";
    type Payload = Note;

    fn lease(&self) -> StdDuration {
        StdDuration::from_secs(60)
    }

    async fn run(&self, _ctx: &Context, _job: &Claimed<Note>) -> Outcome {
        *self.0.runs.lock().expect("runs") += 1;
        self.0.started.notify_one();
        self.0.release.acquire().await.expect("open").forget();
        Outcome::Done
    }
}

both_databases! {
    /// The clock jumps (issue 32): a runner whose clock steps an hour forward while it runs a
    /// job sees that job's lease as long gone, and still never takes it back: it runs once.
    /// Stepping back an hour runs nothing early.
    async fn a_clock_that_jumps_never_runs_a_job_twice(app) {
        let clock = app.state().clock.clone();
        let kind = Blocking::default();
        let mut runner = Runner::new(app.db().clone(), clock.clone());
        runner.register(kind.clone(), Arc::new(Wake::default()));
        let runner = Arc::new(runner);
        let now = clock.now();
        jobs::enqueue(app.db(), Blocking::QUEUE, &serde_json::json!({"n": 1}), now, 3, now).await.expect("enqueue");
        let first = {
            let runner = runner.clone();
            tokio::spawn(async move { runner.run_due().await })
        };
        kind.0.started.notified().await;

        clock.advance(Duration::hours(1));
        // Taken back, the job would run again and wait for a release that never comes.
        let again = tokio::time::timeout(StdDuration::from_secs(5), runner.run_due()).await;
        assert_eq!(again.ok(), Some(0), "the job it runs is not taken back");
        assert_eq!(*kind.0.runs.lock().expect("runs"), 1);

        kind.0.release.add_permits(1);
        assert_eq!(first.await.expect("first run"), 1);
        // Back an hour: a job due in 10 s waits for the clock to reach it, and runs once.
        let later = clock.now() + Duration::seconds(10);
        jobs::enqueue(app.db(), Blocking::QUEUE, &serde_json::json!({"n": 2}), later, 3, clock.now()).await.expect("enqueue");
        clock.advance(Duration::hours(-1));
        assert_eq!(runner.run_due().await, 0, "nothing runs early");
        clock.advance(Duration::hours(1) + Duration::seconds(10));
        kind.0.release.add_permits(1);
        assert_eq!(runner.run_due().await, 1);
        assert_eq!(*kind.0.runs.lock().expect("runs"), 2, "each job ran once");
    }
}

/// Processes whose clocks disagree (issue 32). On PostgreSQL, where several processes share the
/// jobs, leases and due times are read on the database's clock: a process whose own clock is an
/// hour ahead never takes over the job another process runs (its lease looks an hour gone on
/// that clock) and never runs a job early, and one an hour behind leases its jobs for as long as
/// everyone else reads the lease. On SQLite one process holds the database (`db::lock`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_a_process_whose_clock_is_wrong_never_takes_over_a_job_nor_runs_one_early() {
    let Some(app) = TestApp::spawn(Backend::Postgres).await else {
        return;
    };
    let kind = Blocking::default();
    let runner = |clock: noren::domain::clock::Clock| {
        let mut runner = Runner::new(app.db().clone(), clock);
        runner.register(kind.clone(), Arc::new(Wake::default()));
        Arc::new(runner)
    };
    let (right, ahead, behind) = (
        noren::domain::clock::Clock::system(),
        noren::domain::clock::Clock::system(),
        noren::domain::clock::Clock::system(),
    );
    ahead.misset(Duration::hours(1));
    behind.misset(Duration::hours(-1));
    let (right, ahead, behind) = (runner(right), runner(ahead), runner(behind));
    let enqueue = |n: i64, at: chrono::DateTime<Utc>| {
        let db = app.db().clone();
        async move {
            jobs::enqueue(
                &db,
                Blocking::QUEUE,
                &serde_json::json!({"n": n}),
                at,
                3,
                Utc::now(),
            )
            .await
            .expect("enqueue")
            .id
        }
    };

    // A process with the right time runs a job (a lease of 60 s).
    let first = enqueue(1, Utc::now()).await;
    let running = {
        let right = right.clone();
        tokio::spawn(async move { right.run_due().await })
    };
    kind.0.started.notified().await;
    until_status(&app, first, JobStatus::Running).await;
    // The one an hour ahead does not take it over, nor run a job due in 10 minutes.
    let soon = enqueue(2, Utc::now() + Duration::minutes(10)).await;
    let taken = tokio::time::timeout(StdDuration::from_secs(5), ahead.run_due()).await;
    assert_eq!(taken.ok(), Some(0), "the process ahead took a job");
    assert_eq!(*kind.0.runs.lock().expect("runs"), 1);
    kind.0.release.add_permits(1);
    assert_eq!(running.await.expect("run"), 1);

    // The one an hour behind claims a due job: its lease ends 60 s from the database's now, not
    // an hour before it, and the others leave it alone.
    let third = enqueue(3, Utc::now()).await;
    let running = {
        let behind = behind.clone();
        tokio::spawn(async move { behind.run_due().await })
    };
    kind.0.started.notified().await;
    let row = until_status(&app, third, JobStatus::Running).await;
    let lease_left = row.locked_until.expect("leased") - Utc::now();
    assert!(
        lease_left > Duration::seconds(50) && lease_left <= Duration::seconds(61),
        "lease left: {lease_left}"
    );
    for other in [&right, &ahead] {
        let taken = tokio::time::timeout(StdDuration::from_secs(5), other.run_due()).await;
        assert_eq!(
            taken.ok(),
            Some(0),
            "a job held by the process behind was taken"
        );
    }
    kind.0.release.add_permits(1);
    assert_eq!(running.await.expect("run"), 1);
    assert_eq!(*kind.0.runs.lock().expect("runs"), 2, "each job ran once");
    assert!(
        jobs::cancel(app.db(), soon, Utc::now())
            .await
            .expect("cancel")
    );
}
