//! A merchant's webhook receiver for tests: a small real HTTP server on an ephemeral port that
//! records every request and answers as the test scripts it (a status per attempt, a delay).

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// One request the receiver got.
#[derive(Clone, Debug)]
pub struct Received {
    pub headers: HeaderMap,
    pub body: String,
    pub at: Instant,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).expect("the webhook body is JSON")
    }
}

/// How the receiver answers.
#[derive(Clone, Debug)]
pub struct Script {
    /// The status of the n-th request (the last one repeats).
    pub statuses: Vec<u16>,
    /// How long to wait before answering.
    pub delay: Duration,
    /// The first this many requests are never answered (the connection stays open), as a
    /// receiver that hangs.
    pub hang_first: usize,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            statuses: vec![200],
            delay: Duration::ZERO,
            hang_first: 0,
        }
    }
}

struct Shared {
    script: Mutex<Script>,
    received: Mutex<Vec<Received>>,
    arrived: Notify,
}

pub struct Receiver {
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl Receiver {
    /// Starts a receiver that answers 200 at once.
    pub async fn start() -> Receiver {
        Self::with(Script::default()).await
    }

    pub async fn with(script: Script) -> Receiver {
        let shared = Arc::new(Shared {
            script: Mutex::new(script),
            received: Mutex::new(Vec::new()),
            arrived: Notify::new(),
        });
        let app = Router::new()
            .route("/hook", post(receive))
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("receiver binds");
        let addr = listener.local_addr().expect("receiver address");
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Receiver { addr, shared, task }
    }

    /// The URL to give as `webhook_callback_url`.
    pub fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    pub fn received(&self) -> Vec<Received> {
        self.shared.received.lock().expect("lock").clone()
    }

    /// Waits until `n` requests arrived (panics after `timeout`).
    pub async fn wait_for(&self, n: usize, timeout: Duration) -> Vec<Received> {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.shared.arrived.notified();
            let got = self.received();
            if got.len() >= n {
                return got;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!(
                    "the receiver got {} of {n} expected requests: {got:#?}",
                    got.len()
                );
            }
            let _ = tokio::time::timeout(left, notified).await;
        }
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Answers the scripted status with a header and a body that name the request (`answer 3` for
/// the third), which the delivery log keeps.
async fn receive(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, [(&'static str, String); 1], String) {
    let n = {
        let mut got = shared.received.lock().expect("lock");
        got.push(Received {
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
            at: Instant::now(),
        });
        got.len()
    };
    shared.arrived.notify_waiters();
    let hang = n <= shared.script.lock().expect("lock").hang_first;
    if hang {
        std::future::pending::<()>().await;
    }
    let (status, delay) = {
        let script = shared.script.lock().expect("lock");
        let status = script
            .statuses
            .get(n - 1)
            .or(script.statuses.last())
            .copied()
            .unwrap_or(200);
        (status, script.delay)
    };
    if !delay.is_zero() {
        // A slow receiver: the delivery's network timeout, in real time, is what such a test
        // is about.
        tokio::time::sleep(delay).await;
    }
    (
        StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
        [("x-receiver", format!("request {n}"))],
        format!("answer {n}"),
    )
}
