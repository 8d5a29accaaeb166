//! Test harness for noren: [`TestApp::spawn`] starts the real server on an ephemeral port over a
//! fresh database (an SQLite file in a temp dir, or a new database in a throwaway PostgreSQL
//! cluster), with typed helpers for fixtures and requests.
//!
//! [`both_databases!`] writes each test twice, `…::sqlite` and `…::postgres`, so one suite runs
//! on both engines.

pub mod fixtures;
pub mod postgres;
pub mod process;
pub mod receiver;

use noren::app::Server;
use noren::config::Config;
use noren::state::AppState;
use std::net::SocketAddr;
use std::path::PathBuf;
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
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<anyhow::Result<()>>>,
    _dir: TempDir,
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
}

impl Options {
    /// Options with `NOREN_*` settings.
    pub fn env(pairs: &[(&'static str, &str)]) -> Self {
        Options {
            env: pairs.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            ..Options::default()
        }
    }
}

impl TestApp {
    /// Starts the server on `backend`. On PostgreSQL without server binaries this returns
    /// `None` after printing why (or panics when `NOREN_REQUIRE_POSTGRES=1`).
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        Self::spawn_with(backend, Options::default()).await
    }

    pub async fn spawn_with(backend: Backend, options: Options) -> Option<TestApp> {
        let dir = tempfile::Builder::new()
            .prefix("noren-test-")
            .tempdir()
            .expect("temp dir");
        let database_url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.path().join("noren.db").display()),
            Backend::Postgres => postgres::fresh_database().await?,
        };
        let env = options.env.clone();
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
            database_url,
            state,
            shutdown: Some(tx),
            task: Some(task),
            _dir: dir,
        })
    }

    /// The server's state: its database pool, for fixtures and for checking what was stored.
    pub fn state(&self) -> &AppState {
        &self.state
    }

    pub fn db(&self) -> &noren::db::Db {
        &self.state.db
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
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            task.await
                .expect("server task")
                .expect("server stopped cleanly");
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
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

/// Writes each test once per database: `mod name { fn sqlite(); fn postgres(); }`.
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
                run(app).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(app) = $crate::TestApp::spawn_with($crate::Backend::Postgres, $options).await {
                    run(app).await;
                }
            }
        }
    };
}
