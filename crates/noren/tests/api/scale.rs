//! The real shape at scale (issue 21 item 1; `make scale-test`): three `noren serve` processes
//! (`NOREN_BIN`, else this build's binary) on one throwaway PostgreSQL database and one
//! S3-compatible server (moto), behind HAProxy running `deploy/haproxy.cfg` unchanged, driven
//! through HAProxy's address except where a scenario names a process. The processes get the
//! settings the deployment guide asks for (one `NOREN_SECRET_KEY`, one database, one object
//! store, one public URL, `NOREN_CLIENT_IP_HEADER=x-forwarded-for`, `NOREN_SHUTDOWN_DELAY_MS`
//! equal to HAProxy's check interval times its fall count), after one `noren migrate`.
//! Test-mode webhooks go to a receiver on this machine, so loopback stays allowed here.
//!
//! In turn:
//! 1. a payment load with webhooks to a real receiver, one process SIGKILLed mid-burst and started
//!    again: every paid payment's event arrives at least once (duplicates are counted);
//! 2. a rolling restart (SIGTERM each process in turn, start it again) under load: no failed
//!    request (no 5xx, no reset connection), every process exits 0;
//! 3. the inbound race for the last ten seats through the balancer: exactly ten;
//! 4. a menu import uploaded and started through process 1, run by process 2 (the only one with
//!    `NOREN_IMPORT_WORKER=on`), its state read through process 3;
//! 5. one key's rate limit enforced across the three processes;
//! 6. a key revoked by `noren key revoke` (its own process) refused by every process within
//!    `NOREN_AUTH_CACHE_TTL_MS`.
//!
//! It prints a summary table and fails on any lost event or failed request. Ignored by `make
//! test` (it needs HAProxy and moto, and runs for about a minute); `make scale-test` runs it.
//! Time is real here: these are separate processes, each on its own clock, so the test polls
//! for what it waits for instead of moving a clock.

use crate::inbound_booking::{booking, shop_with};
use crate::order_import::standard;
use noren::db::entities::{inbound_hold, inbound_reservation, predefined_payment};
use noren_testkit::receiver::{Receiver, Script};
use noren_testkit::{Backend, Options, TestApp, eventually, fixtures, json};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_noren");
const PROCESSES: usize = 3;
/// `NOREN_AUTH_CACHE_TTL_MS` of the processes: how soon a revocation reaches all of them.
const AUTH_TTL_MS: u64 = 2000;
/// The per-key limit of the processes (leases of 6 above 200 per window).
const PER_KEY: u32 = 600;

fn bin() -> String {
    std::env::var("NOREN_BIN").unwrap_or_else(|_| BIN.to_string())
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port()
}

/// HAProxy's binary, or `None` (said loudly) when it is not installed outside CI.
fn haproxy() -> Option<String> {
    let found = ["haproxy", "/usr/sbin/haproxy"].into_iter().find(|b| {
        Command::new(b)
            .arg("-v")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    });
    if found.is_none() {
        noren_testkit::missing::missing("the scale test needs HAProxy (apt-get install haproxy)");
    }
    found.map(str::to_string)
}

/// One `noren serve` of the cluster.
struct Process {
    port: u16,
    env: Vec<(String, String)>,
    child: Option<Child>,
    starts: u32,
}

struct Cluster {
    common: Vec<(String, String)>,
    procs: Vec<Process>,
    lb: Child,
    client: reqwest::Client,
    logs: tempfile::TempDir,
}

impl Cluster {
    fn base(&self, i: usize) -> String {
        format!("http://127.0.0.1:{}", self.procs[i].port)
    }

    fn log(&self, name: &str) -> std::fs::File {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.logs.path().join(name))
            .expect("log file")
    }

    /// Starts process `i` and waits until its `/readyz` answers 200.
    async fn start(&mut self, i: usize) -> Duration {
        let began = Instant::now();
        let p = &self.procs[i];
        let child = Command::new(bin())
            .arg("serve")
            .envs(self.common.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .envs(p.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(self.log(&format!("noren{}.out", i + 1)))
            .stderr(self.log(&format!("noren{}.log", i + 1)))
            .spawn()
            .expect("noren serve starts");
        self.procs[i].child = Some(child);
        self.procs[i].starts += 1;
        let url = format!("{}/readyz", self.base(i));
        let client = self.client.clone();
        eventually(
            &format!("process {} is ready", i + 1),
            Duration::from_secs(30),
            || async {
                match client.get(&url).send().await {
                    Ok(r) if r.status() == 200 => Ok(()),
                    Ok(r) => Err(format!("readyz {}", r.status())),
                    Err(e) => Err(e.to_string()),
                }
            },
        )
        .await;
        began.elapsed()
    }

    fn kill(&mut self, i: usize) {
        let mut child = self.procs[i].child.take().expect("running");
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
    }

    /// SIGTERM to process `i`; answers its exit code once it has exited.
    async fn terminate(&mut self, i: usize) -> Option<i32> {
        let mut child = self.procs[i].child.take().expect("running");
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill");
        assert!(sent.success(), "SIGTERM sent");
        tokio::task::spawn_blocking(move || child.wait().expect("exited").code())
            .await
            .expect("waited")
    }

    /// Requests of process `i` on `route` so far (its `/metrics`).
    async fn served(&self, i: usize, route: &str) -> u64 {
        let Ok(res) = self
            .client
            .get(format!("{}/metrics", self.base(i)))
            .send()
            .await
        else {
            return 0;
        };
        let text = res.text().await.unwrap_or_default();
        text.lines()
            .filter(|l| l.starts_with("noren_http_requests_total{") && l.contains(route))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum::<f64>() as u64
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for p in &mut self.procs {
            if let Some(mut c) = p.child.take() {
                let _ = c.kill();
                let _ = c.wait();
            }
        }
        let _ = self.lb.kill();
        let _ = self.lb.wait();
        if std::thread::panicking() {
            let dir = self.logs.path().to_path_buf();
            // Kept for a look after a failure.
            std::mem::forget(std::mem::replace(
                &mut self.logs,
                tempfile::tempdir().expect("temp dir"),
            ));
            eprintln!("scale test logs kept in {}", dir.display());
        }
    }
}

/// What a load saw.
#[derive(Default, Debug)]
struct Tally {
    requests: AtomicUsize,
    errors: AtomicUsize,
    failures: std::sync::Mutex<Vec<String>>,
}

impl Tally {
    fn ok(&self) {
        self.requests.fetch_add(1, Ordering::Relaxed);
    }

    fn failed(&self, what: String) {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut f = self.failures.lock().expect("tally");
        if f.len() < 20 {
            f.push(what);
        }
    }

    fn counts(&self) -> (usize, usize) {
        (
            self.requests.load(Ordering::Relaxed),
            self.errors.load(Ordering::Relaxed),
        )
    }
}

/// Sends `req` up to three times while the answer is a transport error or a 5xx (the create
/// carries an Idempotency-Key, so a repeat answers the first answer); every failed try counts.
async fn send(tally: &Tally, what: &str, req: reqwest::RequestBuilder) -> Option<Value> {
    for _ in 0..3 {
        let Some(try_req) = req.try_clone() else {
            break;
        };
        match try_req.send().await {
            Ok(res) if res.status().is_success() => {
                tally.ok();
                return res.json().await.ok();
            }
            Ok(res) => {
                let status = res.status();
                tally.failed(format!("{what}: {status}"));
                if !status.is_server_error() {
                    return None;
                }
            }
            Err(e) => tally.failed(format!("{what}: {e}")),
        }
    }
    None
}

/// Creates, chooses and approves one payment through the balancer.
async fn pay(client: &reqwest::Client, lb: &str, key: &str, hook: &str, n: usize, tally: &Tally) {
    let create = client
        .post(format!("{lb}/v3/predefined_payments/create_online_payment"))
        .header("X-Auth-API-Key", key)
        .header("Idempotency-Key", format!("scale-{n}"))
        .query(&[
            ("amount", "1000"),
            ("order_no", &format!("S-{n}")),
            ("webhook_callback_url", hook),
        ]);
    let Some(created) = send(tally, "create", create).await else {
        return;
    };
    let token = created["predefined_payment"]["token"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let choose = client
        .post(format!("{lb}/checkout/api/{token}/attempts"))
        .json(&json!({"payment_method": "paypay", "tip": 0}));
    let Some(view) = send(tally, "choose", choose).await else {
        return;
    };
    let number = view["attempt"]["payment_number"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let approve = client.post(format!(
        "{lb}/checkout/api/{token}/attempts/{number}/approve"
    ));
    send(tally, "approve", approve).await;
}

/// The JST date `days` from now, as the inbound API writes it.
fn jst_day(days: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::hours(9) + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "`make scale-test`: needs HAProxy and moto, and runs for about a minute"]
async fn three_processes_behind_haproxy_lose_no_event_and_fail_no_request() {
    let Some(haproxy) = haproxy() else { return };
    let Some((_moto, s3)) = noren_testkit::moto::start().await else {
        return;
    };
    let Some(database_url) = noren_testkit::postgres::fresh_database().await else {
        return;
    };
    // HAProxy closes a client's idle connection after 5 s (`timeout http-keep-alive`): the
    // client lets go of its idle ones sooner, so that it never sends on one being closed.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(Duration::from_secs(2))
        .build()
        .expect("client");
    assert!(
        client
            .put(format!("{s3}/menus"))
            .send()
            .await
            .expect("bucket")
            .status()
            .is_success()
    );
    let secret_key = hex::encode(noren::domain::secret_box::SecretBox::generate_key());
    let lb_port = free_port();
    let lb_base = format!("http://127.0.0.1:{lb_port}");
    let data = tempfile::tempdir().expect("data dir");
    let common: Vec<(String, String)> = [
        ("NOREN_DATABASE_URL", database_url.as_str()),
        ("NOREN_SECRET_KEY", &secret_key),
        ("NOREN_OBJECT_STORE_URL", "s3://menus/noren"),
        ("AWS_ACCESS_KEY_ID", "testing"),
        ("AWS_SECRET_ACCESS_KEY", "testing"),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ENDPOINT_URL", &s3),
        ("AWS_ALLOW_HTTP", "true"),
        ("NOREN_PUBLIC_URL", &lb_base),
        ("NOREN_CLIENT_IP_HEADER", "x-forwarded-for"),
        ("NOREN_SHUTDOWN_DELAY_MS", "2000"),
        ("NOREN_AUTH_CACHE_TTL_MS", &AUTH_TTL_MS.to_string()),
        ("NOREN_RATE_LIMIT_PER_KEY", &format!("{PER_KEY}/m")),
        ("NOREN_RATE_LIMIT_PER_ADDRESS", "1000000/s"),
        ("NOREN_WEBHOOK_TIMEOUT_MS", "2000"),
        ("NOREN_WEBHOOK_RETRY_SCHEDULE", "1s,2s,5s"),
        ("NOREN_WEBHOOK_POLL_MS", "200"),
        ("NOREN_LOG_LEVEL", "info"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();

    // `noren migrate` as its own step, as the deployment guide's upgrade does.
    let migrate = Command::new(bin())
        .arg("migrate")
        .envs(common.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .output()
        .expect("noren migrate runs");
    assert!(
        migrate.status.success(),
        "noren migrate: {}",
        String::from_utf8_lossy(&migrate.stderr)
    );

    // Fixtures go straight to the database (through a server of this test that serves nothing
    // and runs no jobs).
    let fx = TestApp::spawn_with(
        Backend::Postgres,
        Options {
            database_url: Some(database_url.clone()),
            env: vec![("NOREN_SECRET_KEY", secret_key.clone())],
            ..Options::default()
        }
        .manual_jobs()
        .leaving_jobs(),
    )
    .await
    .expect("fixture server");

    let procs = (0..PROCESSES)
        .map(|i| {
            let port = free_port();
            let dir = data.path().join(format!("noren{}", i + 1));
            Process {
                port,
                env: vec![
                    ("NOREN_LISTEN".into(), format!("127.0.0.1:{port}")),
                    ("NOREN_DATA_DIR".into(), dir.display().to_string()),
                    (
                        "NOREN_IMPORT_WORKER".into(),
                        if i == 1 { "on" } else { "off" }.into(),
                    ),
                ],
                child: None,
                starts: 0,
            }
        })
        .collect();
    let logs = tempfile::Builder::new()
        .prefix("noren-scale-")
        .tempdir()
        .expect("logs");
    let lb_log = std::fs::File::create(logs.path().join("haproxy.log")).expect("log");
    let mut cluster = Cluster {
        common,
        procs,
        lb: Command::new("true").spawn().expect("placeholder"),
        client: client.clone(),
        logs,
    };
    for i in 0..PROCESSES {
        cluster.start(i).await;
    }
    let mut lb = Command::new(&haproxy);
    lb.args(["-db", "-f"])
        .arg(repo_root().join("deploy/haproxy.cfg"))
        .env("NOREN_LB_LISTEN", format!("127.0.0.1:{lb_port}"))
        .stdout(Stdio::null())
        .stderr(lb_log);
    for i in 0..PROCESSES {
        lb.env(
            format!("NOREN_UPSTREAM_{}", i + 1),
            format!("127.0.0.1:{}", cluster.procs[i].port),
        );
    }
    let _ = cluster.lb.wait();
    cluster.lb = lb.spawn().expect("haproxy starts");
    eventually("HAProxy answers", Duration::from_secs(10), || async {
        match client.get(format!("{lb_base}/readyz")).send().await {
            Ok(r) if r.status() == 200 => Ok(()),
            Ok(r) => Err(r.status().to_string()),
            Err(e) => Err(e.to_string()),
        }
    })
    .await;
    let mut table: Vec<[String; 4]> = Vec::new();

    // 1. Payments with webhooks; process 2 is SIGKILLed mid-burst and started again.
    let m = fixtures::test_merchant(fx.db(), "Scale").await;
    // The receiver takes 100 ms to answer, so that deliveries are in flight when the process
    // dies: the ones it had claimed come back to the others after their lease.
    let rx = Receiver::with(Script {
        delay: Duration::from_millis(100),
        ..Script::default()
    })
    .await;
    let hook = rx.url();
    const PAYMENTS: usize = 240;
    let next = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    let tally = Arc::new(Tally::default());
    let mut load = tokio::task::JoinSet::new();
    for _ in 0..12 {
        let (client, lb, key, hook) =
            (client.clone(), lb_base.clone(), m.key.clone(), hook.clone());
        let (next, done, tally) = (next.clone(), done.clone(), tally.clone());
        load.spawn(async move {
            loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= PAYMENTS {
                    break;
                }
                pay(&client, &lb, &key, &hook, n, &tally).await;
                done.fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    eventually(
        "a third of the payments",
        Duration::from_secs(60),
        || async {
            let d = done.load(Ordering::Relaxed);
            if d >= PAYMENTS / 3 {
                Ok(())
            } else {
                Err(format!("{d} done"))
            }
        },
    )
    .await;
    cluster.kill(1);
    let killed_at = done.load(Ordering::Relaxed);
    let back = cluster.start(1).await;
    while let Some(t) = load.join_next().await {
        t.expect("load task");
    }
    let paid: HashSet<String> = predefined_payment::Entity::find()
        .filter(predefined_payment::Column::ShopId.eq(m.shop.id))
        .filter(predefined_payment::Column::Fulfilled.eq(true))
        .all(fx.db())
        .await
        .expect("payments")
        .into_iter()
        .map(|p| p.token)
        .collect();
    let delivered = |rx: &Receiver| -> HashSet<String> {
        rx.received()
            .iter()
            .map(|r| r.json())
            .filter(|b| b["payment_status"] == "paid")
            .filter_map(|b| b["token"].as_str().map(str::to_string))
            .collect()
    };
    // A delivery the killed process had claimed comes back after its lease (2 × the 2 s
    // timeout + 1 s), then goes to another worker.
    let wait = eventually(
        "every paid payment's event",
        Duration::from_secs(60),
        || async {
            let got = delivered(&rx);
            let missing = paid.difference(&got).count();
            if missing == 0 {
                Ok(())
            } else {
                Err(format!("{missing} of {} not delivered yet", paid.len()))
            }
        },
    );
    let waited = Instant::now();
    let lost = match tokio::time::timeout(Duration::from_secs(61), wait).await {
        Ok(()) => 0,
        Err(_) => paid.difference(&delivered(&rx)).count(),
    };
    let received = rx.received();
    let mut per_event: HashMap<String, usize> = HashMap::new();
    for r in &received {
        *per_event
            .entry(r.header("noren-event-id").to_string())
            .or_default() += 1;
    }
    let duplicates: usize = per_event.values().map(|n| n - 1).sum();
    let (requests, errors) = tally.counts();
    table.push([
        "payments, SIGKILL of process 2".into(),
        requests.to_string(),
        errors.to_string(),
        format!(
            "{} paid; events: {} sent, {} distinct received, {duplicates} duplicated, {lost} lost; \
             killed after {killed_at} payments, back in {:.1} s; last event {:.1} s after the load",
            paid.len(),
            received.len(),
            per_event.len(),
            back.as_secs_f64(),
            waited.elapsed().as_secs_f64()
        ),
    ]);
    assert!(
        paid.len() >= PAYMENTS * 9 / 10,
        "most payments were paid: {} ({:?})",
        paid.len(),
        tally.failures.lock().expect("tally")
    );
    assert_eq!(lost, 0, "events lost: {table:?}");

    // 2. A rolling restart under load: no failed request, every process exits 0.
    let token = paid.iter().next().expect("a paid payment").clone();
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let merchants = [
        fixtures::test_merchant(fx.db(), "Roll A").await.key,
        fixtures::test_merchant(fx.db(), "Roll B").await.key,
        fixtures::test_merchant(fx.db(), "Roll C").await.key,
    ];
    let mut load = tokio::task::JoinSet::new();
    for w in 0..6usize {
        let (client, lb, token, key) = (
            client.clone(),
            lb_base.clone(),
            token.clone(),
            merchants[w % 3].clone(),
        );
        let (stop, tally) = (stop.clone(), tally.clone());
        load.spawn(async move {
            let mut n = 0usize;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let req = if n.is_multiple_of(20) {
                    client
                        .post(format!("{lb}/v3/predefined_payments/create_online_payment"))
                        .header("X-Auth-API-Key", &key)
                        .header("Idempotency-Key", format!("roll-{w}-{n}"))
                        .query(&[("amount", "500")])
                } else {
                    client.get(format!("{lb}/v3/predefined_payments/{token}"))
                };
                match req.send().await {
                    Ok(res) if res.status().is_success() => {
                        let _ = res.bytes().await;
                        tally.ok();
                    }
                    Ok(res) => tally.failed(format!("{}", res.status())),
                    Err(e) => tally.failed(e.to_string()),
                }
            }
        });
    }
    let route = "predefined_payments/{token}";
    let mut gaps = Vec::new();
    let mut exits = Vec::new();
    for i in 0..PROCESSES {
        let began = Instant::now();
        exits.push(cluster.terminate(i).await);
        let down = began.elapsed();
        cluster.start(i).await;
        let ready = began.elapsed();
        // Back in the rotation once the balancer sends it requests again.
        eventually(
            &format!("process {} serves again", i + 1),
            Duration::from_secs(20),
            || async {
                if cluster.served(i, route).await > 0 {
                    Ok(())
                } else {
                    Err("no request yet".to_string())
                }
            },
        )
        .await;
        gaps.push(format!(
            "p{}: exit {:.1} s, ready {:.1} s, serving {:.1} s",
            i + 1,
            down.as_secs_f64(),
            ready.as_secs_f64(),
            began.elapsed().as_secs_f64()
        ));
    }
    stop.store(true, Ordering::Relaxed);
    while let Some(t) = load.join_next().await {
        t.expect("load task");
    }
    let (requests, errors) = tally.counts();
    table.push([
        "rolling restart (SIGTERM)".into(),
        requests.to_string(),
        errors.to_string(),
        format!("exit codes {exits:?}; {}", gaps.join("; ")),
    ]);
    assert_eq!(
        errors,
        0,
        "failed requests across the restart: {:?}",
        tally.failures.lock().expect("tally")
    );
    assert!(
        exits.iter().all(|c| *c == Some(0)),
        "every process exits 0: {exits:?}"
    );
    assert!(requests > 100, "the load ran: {requests}");

    // 3. The last ten seats, through the balancer: 50 holds and bookings of one at once.
    let s = shop_with(&fx, |s| s.seat_capacity = 12, |_| {}).await;
    let at = format!("{}T19:00:00", jst_day(3));
    let url = |what: &str| {
        format!(
            "{lb_base}/v3/inbound-external/acme-travel/shops/{}/{what}",
            s.id
        )
    };
    let res = client
        .post(url("reservations"))
        .bearer_auth(&s.live)
        .json(&booking(&s, "R-0", &at, 2))
        .send()
        .await
        .expect("sent");
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let mut race = tokio::task::JoinSet::new();
    for i in 1..=50 {
        let (client, key) = (client.clone(), s.live.clone());
        let (target, body) = if i % 2 == 0 {
            (
                url("holds"),
                json!({
                    "reservationStartTime": at, "numberOfGuests": 1,
                    "requestedCourses": [{"courseId": s.course, "courseAmountRequested": 1}],
                }),
            )
        } else {
            (url("reservations"), booking(&s, &format!("R-{i}"), &at, 1))
        };
        race.spawn(async move {
            let res = client
                .post(target)
                .bearer_auth(key)
                .json(&body)
                .send()
                .await
                .expect("sent");
            let status = res.status().as_u16();
            (status, res.json::<Value>().await.unwrap_or_default())
        });
    }
    let (mut won, mut full) = (0, 0);
    while let Some(r) = race.join_next().await {
        match r.expect("task") {
            (200, _) => won += 1,
            (409, b) if b["reason"] == "slot_unavailable" => full += 1,
            (status, b) => panic!("the race answered {status}: {b}"),
        }
    }
    let booked: i32 = inbound_reservation::Entity::find()
        .filter(inbound_reservation::Column::ShopId.eq(s.id))
        .all(fx.db())
        .await
        .expect("rows")
        .iter()
        .map(|r| r.number_of_guests)
        .sum();
    let held = inbound_hold::Entity::find()
        .filter(inbound_hold::Column::ShopId.eq(s.id))
        .all(fx.db())
        .await
        .expect("rows")
        .len();
    table.push([
        "last seats (capacity 12, 2 taken)".into(),
        "51".into(),
        "0".into(),
        format!(
            "{won} of 50 won, {full} refused slot_unavailable; seats taken {}",
            booked as usize + held
        ),
    ]);
    assert_eq!((won, full), (10, 40), "exactly the ten seats left");
    assert_eq!(booked as usize + held, 12);

    // 4. An import uploaded and started through process 1, run by process 2, read through 3.
    let began = Instant::now();
    let (p1, p3) = (cluster.base(0), cluster.base(2));
    let admin = |base: &str, what: &str, body: Value| {
        client
            .post(format!("{base}/api/admin/order-menu/{what}"))
            .header("X-Auth-API-Key", &m.key)
            .json(&body)
            .send()
    };
    let created = json(
        admin(&p1, "import-create", json!({"shop": m.shop.id}))
            .await
            .expect("sent"),
    )
    .await;
    let object = created["objectId"].as_str().expect("objectId").to_string();
    let upload = client
        .put(created["uploadUrl"].as_str().expect("uploadUrl"))
        .body(standard(980.0))
        .send()
        .await
        .expect("upload");
    assert!(
        upload.status().is_success(),
        "upload to S3: {}",
        upload.status()
    );
    let res = admin(
        &p1,
        "import-start",
        json!({"shop": m.shop.id, "objectId": object}),
    )
    .await
    .expect("sent");
    assert_eq!(res.status(), 200, "import-start");
    let state = eventually("the import finishes", Duration::from_secs(30), || async {
        let s = json(
            admin(
                &p3,
                "import-state",
                json!({"shop": m.shop.id, "objectId": object}),
            )
            .await
            .map_err(|e| e.to_string())?,
        )
        .await;
        if s["finished"] == true {
            Ok(s)
        } else {
            Err(s.to_string())
        }
    })
    .await;
    table.push([
        "import across processes".into(),
        "-".into(),
        "0".into(),
        format!(
            "created and started on p1, run on p2, read on p3: {} in {:.1} s",
            state["status"],
            began.elapsed().as_secs_f64()
        ),
    ]);
    assert_eq!(state["status"], "finished", "{state}");

    // 5. One key's limit across the three processes.
    let limited = fixtures::test_merchant(fx.db(), "Limited").await;
    const CALLS: usize = 1500;
    let (allowed, refused) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let next = Arc::new(AtomicUsize::new(0));
    let began = Instant::now();
    let mut load = tokio::task::JoinSet::new();
    for _ in 0..16 {
        let (client, lb, key) = (client.clone(), lb_base.clone(), limited.key.clone());
        let (allowed, refused, next) = (allowed.clone(), refused.clone(), next.clone());
        load.spawn(async move {
            while next.fetch_add(1, Ordering::Relaxed) < CALLS {
                let res = client
                    .get(format!("{lb}/v3/api_keys/whoami"))
                    .header("X-Auth-API-Key", &key)
                    .send()
                    .await
                    .expect("sent");
                match res.status().as_u16() {
                    200 => allowed.fetch_add(1, Ordering::Relaxed),
                    429 => refused.fetch_add(1, Ordering::Relaxed),
                    other => panic!("whoami answered {other}"),
                };
            }
        });
    }
    while let Some(t) = load.join_next().await {
        t.expect("limit task");
    }
    let took = began.elapsed().as_secs_f64();
    let (allowed, refused) = (
        allowed.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
    );
    // The burst, what refilled meanwhile (10 a second), and at most a lease of 6 per process.
    let most = PER_KEY as f64 + took * f64::from(PER_KEY) / 60.0 + 18.0;
    table.push([
        format!("one key's limit ({PER_KEY}/m)"),
        CALLS.to_string(),
        "0".into(),
        format!("{allowed} allowed, {refused} refused in {took:.1} s (at most {most:.0}; per process it would be up to {})", 3 * PER_KEY),
    ]);
    assert!(
        allowed as f64 <= most && allowed >= PER_KEY as usize - 18,
        "one limit for the three processes: {allowed} allowed"
    );

    // 6. A key revoked by the operator command is refused by every process within the TTL.
    let revoked = fixtures::test_merchant(fx.db(), "Revoked").await;
    for i in 0..PROCESSES {
        let res = client
            .get(format!("{}/v3/api_keys/whoami", cluster.base(i)))
            .header("X-Auth-API-Key", &revoked.key)
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 200, "process {} knows the key", i + 1);
    }
    let out = Command::new(bin())
        .args(["key", "revoke", "--id", &revoked.key_id.to_string()])
        .envs(cluster.common.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .output()
        .expect("noren key revoke runs");
    assert!(
        out.status.success(),
        "noren key revoke: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let revoked_at = Instant::now();
    let mut refused_after = Vec::new();
    for i in 0..PROCESSES {
        let url = format!("{}/v3/api_keys/whoami", cluster.base(i));
        eventually(
            &format!("process {} refuses the revoked key", i + 1),
            Duration::from_secs(10),
            || async {
                let res = client
                    .get(&url)
                    .header("X-Auth-API-Key", &revoked.key)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?;
                if res.status() == 401 {
                    Ok(())
                } else {
                    Err(res.status().to_string())
                }
            },
        )
        .await;
        refused_after.push(revoked_at.elapsed());
    }
    let slowest = refused_after.iter().max().copied().unwrap_or_default();
    table.push([
        "key revocation (noren key revoke)".into(),
        "-".into(),
        "0".into(),
        format!("refused by all {PROCESSES} processes {} ms after the command (NOREN_AUTH_CACHE_TTL_MS={AUTH_TTL_MS})", slowest.as_millis()),
    ]);
    assert!(
        slowest <= Duration::from_millis(AUTH_TTL_MS + 250),
        "revocation reached every process in {slowest:?}"
    );

    println!(
        "\nscale test: {PROCESSES} `noren serve` on one PostgreSQL and one S3 store (moto), behind HAProxy (deploy/haproxy.cfg)"
    );
    println!(
        "{:<36} {:>9} {:>7}  detail",
        "scenario", "requests", "errors"
    );
    for [what, requests, errors, detail] in &table {
        println!("{what:<36} {requests:>9} {errors:>7}  {detail}");
    }
    println!();
    fx.stop().await;
}
