//! Test harness for noren: [`TestApp::spawn`] starts the real server on an ephemeral port over a
//! fresh database (an SQLite file in a temp dir, or a new database in a throwaway PostgreSQL
//! cluster), with typed helpers for fixtures and requests.
//!
//! [`both_databases!`] writes each test twice, `…::sqlite` and `…::postgres`, so one suite runs
//! on both engines, and after each test body checks that no background job was left
//! unprocessed ([`Teardown::assert_no_pending_jobs`], as crates.io's test app does): a test
//! that leaves jobs on purpose (its runner is off) says so with [`Options::leaving_jobs`].

pub mod fixtures;
pub mod missing;
pub mod moto;
pub mod pg_cluster;
pub mod postgres;
pub mod process;
pub mod receiver;

use noren::app::Server;
use noren::config::Config;
use noren::http::state::AppState;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tempfile::TempDir;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Which database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A running server and what a test needs to talk to it.
pub struct TestApp {
    pub backend: Backend,
    pub addr: SocketAddr,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub client: reqwest::Client,
    pub database_url: String,
    state: AppState,
    server: Arc<Running>,
}

/// The server task and what must outlive the test body until teardown has looked at the jobs.
struct Running {
    shutdown: Mutex<Option<oneshot::Sender<()>>>,
    task: Mutex<Option<JoinHandle<anyhow::Result<()>>>>,
    /// Set while a [`Teardown`] is waiting to check the jobs: dropping the app then leaves the
    /// server running for it.
    deferred: std::sync::atomic::AtomicBool,
    leave_jobs: bool,
    manual_jobs: bool,
    database_url: String,
    _dir: TempDir,
}

impl Running {
    fn signal_shutdown(&self) {
        if let Some(tx) = self.shutdown.lock().ok().and_then(|mut s| s.take()) {
            let _ = tx.send(());
        }
    }

    async fn stop(&self) {
        self.signal_shutdown();
        let task = self.task.lock().ok().and_then(|mut t| t.take());
        if let Some(task) = task {
            task.await
                .expect("server task")
                .expect("server stopped cleanly");
        }
    }
}

/// Settings a test may change before the server starts.
#[derive(Default, Clone)]
pub struct Options {
    pub portal_dir: Option<PathBuf>,
    pub checkout_dir: Option<PathBuf>,
    /// Overrides `NOREN_AUTH_CACHE_TTL_MS` (tests of revocation use zero).
    pub auth_cache_ttl: Option<std::time::Duration>,
    /// `NOREN_*` settings, read as the server reads its environment (e.g. a fast webhook
    /// retry schedule).
    pub env: Vec<(&'static str, String)>,
    /// The test leaves jobs unprocessed on purpose (e.g. its runner is off and another process
    /// may or may not have run them): teardown does not check the job queue.
    pub leave_jobs: bool,
    /// The server runs no background jobs: the test runs what is due with
    /// [`TestApp::run_due_jobs`] (after moving the clock), so "nothing happened" is asserted
    /// after the work was done rather than after a sleep. Teardown runs what is still due
    /// before it checks the queue.
    pub manual_jobs: bool,
    /// Serve this database instead of a fresh one (a test that runs other `noren` processes
    /// on a database it made, e.g. the scale test).
    pub database_url: Option<String>,
}

impl Options {
    /// Options with `NOREN_*` settings.
    pub fn env(pairs: &[(&'static str, &str)]) -> Self {
        Options {
            env: pairs.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            ..Options::default()
        }
    }

    /// These options, for a test that leaves jobs unprocessed on purpose (see [`Teardown`]).
    pub fn leaving_jobs(mut self) -> Self {
        self.leave_jobs = true;
        self
    }

    /// These options, with background jobs run only by the test (see [`Options::manual_jobs`]).
    pub fn manual_jobs(mut self) -> Self {
        self.manual_jobs = true;
        self
    }
}

impl TestApp {
    /// Starts the server on `backend`. On PostgreSQL without server binaries this returns
    /// `None` only under `NOREN_ALLOW_SKIP=1` (otherwise the test fails: `missing`).
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, Options::default()).await
    }

    pub async fn spawn_with(backend: Backend, options: Options) -> Option<TestApp> {
        let dir = tempfile::Builder::new()
            .prefix("noren-test-")
            .tempdir()
            .expect("temp dir");
        let database_url = match (&options.database_url, backend) {
            (Some(url), _) => url.clone(),
            (None, Backend::Sqlite) => {
                format!("sqlite://{}", dir.path().join("noren.db").display())
            }
            (None, Backend::Postgres) => postgres::fresh_database().await?,
        };
        let mut env = options.env.clone();
        if options.manual_jobs {
            env.push(("NOREN_WEBHOOK_WORKER", "off".into()));
            env.push(("NOREN_IMPORT_WORKER", "off".into()));
        }
        let mut config = Config::from_lookup(|k| {
            env.iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| v.clone())
                .or_else(|| {
                    // Tests send hundreds of requests from one address with one key: the rate
                    // limits are off unless a test sets them (tests/api/limits.rs does).
                    k.starts_with("NOREN_RATE_LIMIT_")
                        .then(|| "off".to_string())
                })
        })
        .expect("test config is valid");
        config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
        config.database_url = database_url.clone();
        config.data_dir = dir.path().join("data");
        config.portal_dir = options.portal_dir;
        config.checkout_dir = options.checkout_dir;
        if let Some(ttl) = options.auth_cache_ttl {
            config.auth_cache_ttl = ttl;
        }
        let server = Server::prepare(config).await.expect("server starts");
        let addr = server.local_addr();
        let state = server.state().clone();
        let (tx, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(server.run(async move {
            let _ = rx.await;
        }));
        Some(TestApp {
            backend,
            addr,
            base: format!("http://{addr}"),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("http client"),
            database_url: database_url.clone(),
            state,
            server: Arc::new(Running {
                shutdown: Mutex::new(Some(tx)),
                task: Mutex::new(Some(task)),
                deferred: std::sync::atomic::AtomicBool::new(false),
                leave_jobs: options.leave_jobs,
                manual_jobs: options.manual_jobs,
                database_url,
                _dir: dir,
            }),
        })
    }

    /// The check that runs after the test body (`both_databases!` calls it): while the handle
    /// lives, dropping the app leaves the server running so that its runner can finish due work
    /// before [`Teardown::assert_no_pending_jobs`] looks.
    pub fn teardown(&self) -> Teardown {
        self.server
            .deferred
            .store(true, std::sync::atomic::Ordering::SeqCst);
        Teardown {
            server: self.server.clone(),
            state: self.state.clone(),
        }
    }

    /// The server's state: its database pool, for fixtures and for checking what was stored.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    pub fn db(&self) -> &noren::db::Db {
        &self.state.db
    }

    /// Waits (for up to 10 s, then fails the test) until no background job is due or running
    /// on the server's clock: what the server's runner was going to do now is done, so a test
    /// can assert that nothing more happened (no more deliveries, no retry) without sleeping.
    /// Jobs due later stay pending: move the clock and settle again to see them run.
    pub async fn settle_jobs(&self) {
        let left = drain(&self.state).await;
        assert!(
            left.is_empty(),
            "background jobs still due or running after {DRAIN:?}: {left:?}"
        );
    }

    /// Runs every background job that is due on the server's clock, here and now, until none
    /// is; answers the number of runs. Jobs another runner holds (the server's own, unless the
    /// app was started with [`Options::manual_jobs`]) are left to it.
    pub async fn run_due_jobs(&self) -> usize {
        run_due_jobs(&self.state).await
    }

    /// The server's `NOREN_DATA_DIR` (with its secret key file): give it to a `noren` child
    /// process on the same database so that both read the same encrypted secrets.
    pub fn data_dir(&self) -> String {
        self.state.config.data_dir.display().to_string()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// `POST path` with a JSON body and, when given, a merchant key in `X-Auth-API-Key`: the
    /// ordering API's and the admin calls' convention.
    pub async fn post_json(
        &self,
        path: &str,
        key: Option<&str>,
        body: serde_json::Value,
    ) -> reqwest::Response {
        let mut req = self.client.post(self.url(path)).json(&body);
        if let Some(key) = key {
            req = req.header("X-Auth-API-Key", key);
        }
        req.send().await.expect("request sent")
    }

    /// A mutable cafeteria order of `shop_id`, created with the merchant `key` and begun (the
    /// ordering API's two calls, asserting 200); answers its id and mutable token.
    pub async fn begun_cafeteria_order(&self, key: &str, shop_id: i64) -> (String, String) {
        let res = self
            .post_json(
                "/api/admin/orders/cafeteria",
                Some(key),
                serde_json::json!({"shopId": shop_id, "mutable": true}),
            )
            .await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        let id = order["id"].as_str().expect("id").to_string();
        let token = order["mutableToken"].as_str().expect("token").to_string();
        let res = self
            .post_json(
                &format!("/api/cafeteria/{id}/begin"),
                None,
                serde_json::json!({"token": token}),
            )
            .await;
        assert_eq!(res.status(), 200);
        (id, token)
    }

    /// `GET path` with a partner key (`Authorization: Bearer`): the inbound API's convention.
    pub async fn get_as_partner(&self, path: &str, key: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .bearer_auth(key)
            .send()
            .await
            .expect("request sent")
    }

    /// `GET path` with a merchant key in `X-Auth-API-Key`.
    pub async fn get_with_key(&self, path: &str, key: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .header("X-Auth-API-Key", key)
            .send()
            .await
            .expect("request sent")
    }

    /// `method path` with `values` as query values (the payment API's convention) and, when
    /// given, a merchant key.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        key: Option<&str>,
        values: &[(&str, &str)],
    ) -> reqwest::Response {
        let mut req = self.client.request(method, self.url(path)).query(values);
        if let Some(key) = key {
            req = req.header("X-Auth-API-Key", key);
        }
        req.send().await.expect("request sent")
    }

    /// `POST path` with query values and a merchant key.
    pub async fn post_values(
        &self,
        path: &str,
        key: &str,
        values: &[(&str, &str)],
    ) -> reqwest::Response {
        self.call(reqwest::Method::POST, path, Some(key), values)
            .await
    }

    /// `GET path` with query values and a merchant key.
    pub async fn get_values(
        &self,
        path: &str,
        key: &str,
        values: &[(&str, &str)],
    ) -> reqwest::Response {
        self.call(reqwest::Method::GET, path, Some(key), values)
            .await
    }

    /// Creates a payment with `values` through the API and answers the JSON body (asserting 200).
    pub async fn create_payment(&self, key: &str, values: &[(&str, &str)]) -> serde_json::Value {
        let res = self
            .post_values("/v3/predefined_payments/create_online_payment", key, values)
            .await;
        let status = res.status();
        let body = json(res).await;
        assert_eq!(status, 200, "create failed: {body}");
        body
    }

    /// The checkout's view of a payment (`GET /checkout/api/{token}`), asserting 200.
    pub async fn checkout(&self, token: &str) -> serde_json::Value {
        let res = self.get(&format!("/checkout/api/{token}")).await;
        assert_eq!(res.status(), 200);
        json(res).await
    }

    /// Chooses a brand on the checkout (`POST /checkout/api/{token}/attempts`).
    pub async fn choose(&self, token: &str, method: &str, tip: i64) -> reqwest::Response {
        self.client
            .post(self.url(&format!("/checkout/api/{token}/attempts")))
            .json(&serde_json::json!({"payment_method": method, "tip": tip}))
            .send()
            .await
            .expect("request sent")
    }

    /// Approves or declines an attempt on the sandbox brand page.
    pub async fn settle(
        &self,
        token: &str,
        payment_number: &str,
        action: &str,
    ) -> reqwest::Response {
        self.client
            .post(self.url(&format!(
                "/checkout/api/{token}/attempts/{payment_number}/{action}"
            )))
            .send()
            .await
            .expect("request sent")
    }

    /// Pays `token` with `method` through the checkout, as a customer would; answers the paid
    /// attempt's payment number.
    pub async fn pay(&self, token: &str, method: &str) -> String {
        let res = self.choose(token, method, 0).await;
        assert_eq!(res.status(), 200);
        let view = json(res).await;
        let number = view["attempt"]["payment_number"]
            .as_str()
            .expect("attempt")
            .to_string();
        let res = self.settle(token, &number, "approve").await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["state"], "paid");
        number
    }

    /// Stops the server gracefully and waits for it.
    pub async fn stop(self) {
        self.server.stop().await;
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if !self
            .server
            .deferred
            .load(std::sync::atomic::Ordering::SeqCst)
        {
            self.server.signal_shutdown();
        }
    }
}

/// How long teardown gives the server's runner to finish jobs that are due.
const DRAIN: Duration = Duration::from_secs(10);

/// Checks, after a test, that no background job was left unprocessed (as crates.io's test app
/// does): every job is finished, or waits for a time still ahead on the test's clock. Made by
/// [`TestApp::teardown`]; `both_databases!` calls [`Teardown::assert_no_pending_jobs`] after
/// each test body.
pub struct Teardown {
    server: Arc<Running>,
    state: AppState,
}

impl Teardown {
    /// Lets the server's runner finish the jobs that are due (for up to 10 seconds), stops the
    /// server, and fails the test when a job is still pending and due, or running; unless the
    /// test opted out with [`Options::leaving_jobs`].
    pub async fn assert_no_pending_jobs(self) {
        if let Err(left) = self.check_no_pending_jobs().await {
            panic!("{left}");
        }
    }

    /// As [`Teardown::assert_no_pending_jobs`], answering what was left instead of panicking.
    pub async fn check_no_pending_jobs(self) -> Result<(), String> {
        let running = self
            .server
            .task
            .lock()
            .map(|t| t.as_ref().is_some_and(|t| !t.is_finished()))
            .unwrap_or(false);
        let mut left = Vec::new();
        if !self.server.leave_jobs {
            left = if running && self.server.manual_jobs {
                // Nothing runs them but the test: run what is due, then look.
                run_due_jobs(&self.state).await;
                noren::db::repo::jobs::left_unprocessed(&self.state.db, self.state.clock.now())
                    .await
                    .expect("read the jobs at teardown")
            } else if running {
                // The server still runs: give its runner the time to take what is due.
                drain(&self.state).await
            } else {
                // Stopped by the test: its pool is closed; look through a new connection.
                let db = noren::db::connect(&self.server.database_url)
                    .await
                    .expect("reconnect at teardown");
                let left = noren::db::repo::jobs::left_unprocessed(&db, self.state.clock.now())
                    .await
                    .expect("read the jobs at teardown");
                db.close().await.ok();
                left
            };
        }
        self.server.stop().await;
        if left.is_empty() {
            return Ok(());
        }
        let list: Vec<String> = left
            .iter()
            .map(|j| {
                format!(
                    "job {} of queue {:?}: {} (due {}, {} attempts)",
                    j.id, j.queue, j.status, j.run_at, j.attempts
                )
            })
            .collect();
        Err(format!(
            "the test left {} job(s) unprocessed (run them, or opt out with Options::leaving_jobs()):\n  {}",
            left.len(),
            list.join("\n  ")
        ))
    }
}

/// Waits, for up to [`DRAIN`], until the server's runner has left no job due or running (waking
/// it, so a poll interval is not waited out); answers what is still left then.
async fn drain(state: &AppState) -> Vec<noren::db::entities::job::Model> {
    let deadline = Instant::now() + DRAIN;
    loop {
        let left = noren::db::repo::jobs::left_unprocessed(&state.db, state.clock.now())
            .await
            .expect("read the jobs");
        if left.is_empty() || Instant::now() > deadline {
            return left;
        }
        state.webhook_wake.wake();
        noren::order::service::import::ImportWake::of(state).wake();
        // Not a sleep-then-assert: the server's own runner (another task, on real time) is
        // working; this polls its progress, and the caller fails the test at the deadline.
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn run_due_jobs(state: &AppState) -> usize {
    noren::app::job_runner(state, noren::app::Workers::All)
        .expect("the job runner starts")
        .run_due()
        .await
}

/// Asks `probe` every 10 ms until it answers `Ok`, and answers that; fails the test with
/// `what` and the last thing seen after `within`. The one polling loop of the tests, for what
/// another task or process does in its own time (a background runner, a child process, a
/// receiver): a test never sleeps and then asserts.
pub async fn eventually<T, F, Fut>(what: &str, within: Duration, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, String>>,
{
    let deadline = Instant::now() + within;
    loop {
        match probe().await {
            Ok(found) => return found,
            Err(seen) => assert!(
                Instant::now() < deadline,
                "{what}: not within {within:?}; last seen: {seen}"
            ),
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A response header as text (empty when absent or not text).
pub fn header(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string()
}

/// Writes `content` to `root/rel`, making its folders (static builds made by a test).
pub fn write_file(root: &std::path::Path, rel: &str, content: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, content).expect("write");
}

/// Reads a response as JSON, failing the test with the body if it is not.
pub async fn json(res: reqwest::Response) -> serde_json::Value {
    let status = res.status();
    let text = res.text().await.expect("body read");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{status} not JSON ({e}): {text}"))
}

/// Writes each test once per database: `mod name { fn sqlite(); fn postgres(); }`. After the
/// body, each checks that no job was left unprocessed ([`Teardown::assert_no_pending_jobs`];
/// a test that leaves jobs on purpose opts out with [`Options::leaving_jobs`]).
/// A test may start its server with [`Options`] by naming them after the app:
///
/// ```ignore
/// both_databases! {
///     async fn whoami_answers_the_key_owner(app) { ... }
///     async fn revocation_is_immediate(app with Options { auth_cache_ttl: Some(Duration::ZERO), ..Default::default() }) { ... }
/// }
/// ```
#[macro_export]
macro_rules! both_databases {
    () => {};
    (
        $(#[$meta:meta])*
        async fn $name:ident($app:ident with $options:expr) $body:block
        $($rest:tt)*
    ) => {
        $crate::both_databases!(@test $(#[$meta])* $name, $app, $options, $body);
        $crate::both_databases!($($rest)*);
    };
    (
        $(#[$meta:meta])*
        async fn $name:ident($app:ident) $body:block
        $($rest:tt)*
    ) => {
        $crate::both_databases!(@test $(#[$meta])* $name, $app, $crate::Options::default(), $body);
        $crate::both_databases!($($rest)*);
    };
    (@test $(#[$meta:meta])* $name:ident, $app:ident, $options:expr, $body:block) => {
        $(#[$meta])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: $crate::TestApp) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = $crate::TestApp::spawn_with($crate::Backend::Sqlite, $options)
                    .await
                    .expect("SQLite is always available");
                let teardown = app.teardown();
                run(app).await;
                teardown.assert_no_pending_jobs().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(app) = $crate::TestApp::spawn_with($crate::Backend::Postgres, $options).await {
                    let teardown = app.teardown();
                    run(app).await;
                    teardown.assert_no_pending_jobs().await;
                }
            }
        }
    };
}
