//! Continuous replication of the embedded SQLite database with Litestream (issue 32 item 3).
//!
//! `noren serve` runs on an SQLite file while `litestream replicate`, with `deploy/litestream.yml`
//! unchanged (its `${VAR}`s pointing at moto's S3 server), ships the file to a bucket; a load
//! creates payments (half with `Idempotency-Key`, a write transaction), cafeteria orders and
//! inbound reservations. Then both processes are SIGKILLed and their data folder removed, as a
//! lost machine would be, the database is restored from the bucket alone into a new folder,
//! `PRAGMA integrity_check` runs on it, and a `noren serve` on the restored file (with the
//! `secret.key` kept aside) reads back every write that was answered 2xx.
//!
//! 1. Killed one sync interval (plus margin) after the last acknowledged write, once the bucket
//!    holds Litestream's position of that moment: nothing may be missing, and an acknowledged
//!    idempotent create replayed on the restored server answers the same payment.
//! 2. Killed in the middle of the load: what is missing is the window of asynchronous
//!    replication; it is measured and printed, and the test fails only if the restore fails,
//!    the restored file is damaged, or a write acknowledged more than [`WINDOW_BOUND`] before
//!    the kill is missing.
//!
//! Litestream comes from `make litestream` (tools/install-litestream.sh, a venv under
//! `~/.cache/noren`); without it these fail (`noren_testkit::missing`).

use super::load::{Acked, Load, Write, create_payment, kinds, longest_pause, missing};
use super::{Logs, report, serve};
use crate::inbound_booking::{Shop, shop_with};
use noren_testkit::{Backend, Options, TestApp, fixtures};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Payment clients of the load.
const CLIENTS: usize = 6;
/// `sync-interval` of `deploy/litestream.yml`.
const SYNC_INTERVAL: Duration = Duration::from_secs(1);
/// Litestream reads the log once a second (`monitor-interval`, left at its default by
/// `deploy/litestream.yml`).
const MONITOR_INTERVAL: Duration = Duration::from_secs(1);
/// Scenario 2 fails when a write acknowledged longer than this before the kill is missing.
const WINDOW_BOUND: Duration = Duration::from_secs(10);
const BUCKET: &str = "noren-replica";

/// The Litestream binary: `NOREN_LITESTREAM_BIN`, else where tools/install-litestream.sh puts
/// it; `None` (said loudly; a failure under CI) when it is not installed.
fn litestream_bin() -> Option<String> {
    let venv = std::env::var("NOREN_LITESTREAM_VENV").ok().or_else(|| {
        std::env::var("HOME")
            .ok()
            .map(|h| format!("{h}/.cache/noren/litestream-venv"))
    });
    let found = [
        std::env::var("NOREN_LITESTREAM_BIN").ok(),
        venv.map(|v| format!("{v}/bin/litestream")),
    ]
    .into_iter()
    .flatten()
    .find(|p| Path::new(p).exists());
    if found.is_none() {
        noren_testkit::missing::missing(
            "this test needs litestream: run `make litestream` (tools/install-litestream.sh)",
        );
    }
    found
}

fn config() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/litestream.yml")
}

/// One scenario's parts: moto, the folder whose `data/noren.db` the server writes, the server,
/// Litestream, and the keys of the shop the load writes to.
struct Scenario {
    _moto: noren_testkit::moto::Moto,
    s3: String,
    root: tempfile::TempDir,
    logs: Logs,
    bin: String,
    server: Option<Child>,
    base: String,
    litestream: Option<Child>,
    shop: Shop,
    client: reqwest::Client,
}

/// The environment of a `noren serve` here: rate limits off, so that the load and the
/// read-back (whose 404s count as failures) are never refused.
fn serve_env(data: &str) -> [(&str, &str); 5] {
    [
        ("NOREN_DATA_DIR", data),
        // The checkpoints' outcomes (`noren::db` logs a log it could not empty at debug).
        ("NOREN_LOG_LEVEL", "info,noren::db=debug"),
        ("NOREN_RATE_LIMIT_PER_KEY", "off"),
        ("NOREN_RATE_LIMIT_PER_ADDRESS", "off"),
        ("NOREN_RATE_LIMIT_FAILURES", "off"),
    ]
}

impl Scenario {
    /// Sets everything up and waits until Litestream has put its first snapshot in the bucket;
    /// `None` when moto or Litestream is missing (outside CI).
    async fn start(name: &str) -> Option<Scenario> {
        let bin = litestream_bin()?;
        let (moto, s3) = noren_testkit::moto::start().await?;
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(35))
            .build()
            .expect("client");
        let made = client
            .put(format!("{s3}/{BUCKET}"))
            .send()
            .await
            .expect("bucket");
        assert!(made.status().is_success(), "bucket: {}", made.status());

        // A folder on the real disk (not a tmpfs) laid out as `make run` has it: data/noren.db.
        let root = tempfile::Builder::new()
            .prefix("noren-litestream-")
            .tempdir()
            .expect("root");
        std::fs::create_dir(root.path().join("data")).expect("data dir");
        let url = format!("sqlite://{}", root.path().join("data/noren.db").display());
        // The shop, its merchant key (payments, orders) and partner key (reservations), written
        // by a server of this test that then stops.
        let fx = TestApp::spawn_with(
            Backend::Sqlite,
            Options {
                database_url: Some(url.clone()),
                ..Options::default()
            }
            .manual_jobs()
            .leaving_jobs(),
        )
        .await
        .expect("fixture server");
        let s = shop_with(&fx, |s| s.seat_capacity = 500, |_| {}).await;
        fixtures::restaurant(fx.db(), s.id).await;
        fx.stop().await;

        let logs = Logs::new(name);
        let data = root.path().join("data").display().to_string();
        let (server, base) = serve(&url, &serve_env(&data), &logs.file("noren.log")).await;
        let mut scenario = Scenario {
            _moto: moto,
            s3,
            root,
            logs,
            bin,
            server: Some(server),
            base,
            litestream: None,
            shop: s,
            client,
        };
        let log = std::fs::File::create(scenario.logs.file("litestream.log")).expect("log");
        let child = scenario
            .litestream(&["replicate", "-config", &config().display().to_string()])
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("litestream replicate starts");
        scenario.litestream = Some(child);
        let began = Instant::now();
        while scenario.replica_txid().await.unwrap_or(0) == 0 {
            assert!(
                began.elapsed() < Duration::from_secs(30),
                "litestream put no snapshot in the bucket within 30 s; log: {}",
                scenario.logs.file("litestream.log").display()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        Some(scenario)
    }

    /// The server's log (`noren.db-wal`), whose size the load samples.
    fn wal(&self) -> PathBuf {
        self.root.path().join("data/noren.db-wal")
    }

    /// `litestream ARGS` run from the scenario's folder (where `data/noren.db`, the path of
    /// `deploy/litestream.yml`, is the server's database), with the file's variables pointing
    /// at moto.
    fn litestream(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(&self.bin);
        cmd.args(args)
            .current_dir(self.root.path())
            .env("LITESTREAM_BUCKET", BUCKET)
            .env("LITESTREAM_ENDPOINT", &self.s3)
            .env("LITESTREAM_REGION", "us-east-1")
            .env("LITESTREAM_ACCESS_KEY_ID", "testing")
            .env("LITESTREAM_SECRET_ACCESS_KEY", "testing")
            // Litestream 0.5.17 cannot start with it set (see deploy/litestream.yml).
            .env_remove("AWS_CA_BUNDLE")
            .stdin(Stdio::null());
        cmd
    }

    /// Runs `litestream ARGS` to its end; answers its stdout, or its stderr as the error.
    async fn litestream_output(&self, args: &[&str]) -> Result<String, String> {
        let mut cmd = self.litestream(args);
        let out = tokio::task::spawn_blocking(move || cmd.output())
            .await
            .expect("joined")
            .map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).to_string())
        } else {
            Err(format!(
                "{}: {}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    /// The highest transaction the bucket holds (any level), as `litestream ltx` lists it.
    async fn replica_txid(&self) -> Option<u64> {
        let cfg = config().display().to_string();
        let out = self
            .litestream_output(&[
                "ltx",
                "-level",
                "all",
                "-json",
                "-config",
                &cfg,
                "data/noren.db",
            ])
            .await
            .ok()?;
        let files: Vec<Value> = serde_json::from_str(&out).ok()?;
        files
            .iter()
            .filter_map(|f| u64::from_str_radix(f["max_txid"].as_str()?, 16).ok())
            .max()
    }

    /// The transaction Litestream has read from the server's log so far (`litestream status`;
    /// it matches a database argument only by its absolute path).
    async fn local_txid(&self) -> Result<u64, String> {
        let cfg = config().display().to_string();
        let db = self.root.path().join("data/noren.db").display().to_string();
        let out = self
            .litestream_output(&["status", "-json", "-config", &cfg, &db])
            .await?;
        let dbs: Vec<Value> = serde_json::from_str(&out).map_err(|e| format!("{e}: {out}"))?;
        dbs.first()
            .and_then(|d| d["local_txid"].as_str())
            .and_then(|t| u64::from_str_radix(t, 16).ok())
            .ok_or_else(|| format!("no local position in {out}"))
    }

    /// SIGKILLs the server and Litestream, Litestream first: nothing gets a last word.
    fn kill_both(&mut self) {
        for child in [self.litestream.take(), self.server.take()]
            .into_iter()
            .flatten()
        {
            let mut child = child;
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The machine is gone: keeps the data folder's `secret.key` (kept elsewhere in real life)
    /// and removes the folder, Litestream's own files in it too; then restores the bucket's
    /// latest into `restored/data/noren.db`, checks the file, starts a server on it and reads
    /// back `acked`.
    async fn restore_and_read_back(&self, acked: &[Acked]) -> Restored {
        let restored = self.root.path().join("restored/data");
        std::fs::create_dir_all(&restored).expect("restored dir");
        std::fs::copy(
            self.root.path().join("data/secret.key"),
            restored.join("secret.key"),
        )
        .expect("the secret key");
        std::fs::remove_dir_all(self.root.path().join("data")).expect("the disk is lost");
        let file = restored.join("noren.db");
        let cfg = config().display().to_string();
        let began = Instant::now();
        let out = self
            .litestream_output(&[
                "restore",
                "-config",
                &cfg,
                "-o",
                &file.display().to_string(),
                "data/noren.db",
            ])
            .await;
        let took = began.elapsed();
        if let Err(e) = &out {
            panic!("litestream restore failed: {e}");
        }
        let url = format!("sqlite://{}", file.display());

        // The file itself, before any server opens it.
        let db = noren::db::connect(&url).await.expect("open restored");
        let rows = db
            .query_all_raw(Statement::from_string(
                sea_orm::DbBackend::Sqlite,
                "PRAGMA integrity_check",
            ))
            .await
            .expect("integrity_check");
        let integrity: Vec<String> = rows
            .iter()
            .filter_map(|r| r.try_get_by_index::<String>(0).ok())
            .collect();
        let count = |table: &str, column: &str| {
            format!(
                "SELECT COUNT(*) AS n FROM {table} WHERE {column} = {}",
                self.shop.id
            )
        };
        let mut stored = [0i64; 3];
        for (i, sql) in [
            count("predefined_payments", "shop_id"),
            count("cafeteria_orders", "shop_id"),
            count("inbound_reservations", "shop_id"),
        ]
        .into_iter()
        .enumerate()
        {
            stored[i] = db
                .query_one_raw(Statement::from_string(sea_orm::DbBackend::Sqlite, sql))
                .await
                .expect("count")
                .and_then(|r| r.try_get::<i64>("", "n").ok())
                .unwrap_or(-1);
        }
        db.close().await.expect("close");

        let data = restored.display().to_string();
        let (mut server, base) = serve(
            &url,
            &serve_env(&data),
            &self.logs.file("restored-noren.log"),
        )
        .await;
        let missing = missing(&self.client, &base, &self.shop, acked).await;
        let replayed = self.replay_idempotent(&base, acked).await;
        let _ = server.kill();
        let _ = server.wait();
        Restored {
            took,
            integrity,
            stored,
            missing,
            replayed,
        }
    }

    /// Replays up to 20 acknowledged idempotent creates on `base`: (same payment, asked).
    async fn replay_idempotent(&self, base: &str, acked: &[Acked]) -> (usize, usize) {
        let mut same = 0;
        let mut asked = 0;
        for a in acked.iter().rev() {
            let Write::Payment {
                token,
                idempotent: Some(n),
            } = &a.write
            else {
                continue;
            };
            if asked == 20 {
                break;
            }
            asked += 1;
            let res = create_payment(&self.client, base, &self.shop.merchant, *n, true)
                .send()
                .await
                .expect("replay");
            let body: Value = res.json().await.unwrap_or_default();
            if body["predefined_payment"]["token"].as_str() == Some(token.as_str()) {
                same += 1;
            }
        }
        (same, asked)
    }
}

impl Drop for Scenario {
    /// A failed scenario leaves no process behind.
    fn drop(&mut self) {
        self.kill_both();
    }
}

/// What the restore gave.
struct Restored {
    took: Duration,
    integrity: Vec<String>,
    /// Payments, cafeteria orders and reservations of the shop in the restored file.
    stored: [i64; 3],
    /// Acknowledged writes the restored server does not answer, oldest first, with its status.
    missing: Vec<(Acked, String)>,
    /// Idempotent creates replayed on the restored server: (answered the same payment, asked).
    replayed: (usize, usize),
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "`make chaos`: needs litestream and moto, and runs for about half a minute"]
async fn litestream_restores_every_acknowledged_write_after_a_sync_interval() {
    let Some(mut s) = Scenario::start("litestream-synced").await else {
        return;
    };
    let load_began = Instant::now();
    let load = Load::start(&s.client, &s.base, &s.shop, CLIENTS, Some(s.wal()));
    tokio::time::sleep(Duration::from_secs(6)).await;
    let (seen, acked, wal_peak) = load.finish().await;
    let last_ack = acked
        .iter()
        .map(|a| a.at)
        .max()
        .unwrap_or_else(Instant::now);
    let load_took = last_ack - load_began;

    // The bucket holds the last write once it holds what Litestream had read from the log a
    // little after it: one monitor interval for Litestream to read the log, plus margin. Then
    // poll the bucket, noting when it first got there.
    let mut samples: Vec<(Instant, u64)> = Vec::new();
    let mut target = None;
    let mut local_error = String::new();
    let mut replica;
    let caught_up = loop {
        replica = s.replica_txid().await.unwrap_or(0);
        samples.push((Instant::now(), replica));
        if target.is_none() && last_ack.elapsed() >= MONITOR_INTERVAL * 5 / 2 {
            match s.local_txid().await {
                Ok(t) => target = Some(t),
                Err(e) => local_error = e,
            }
        }
        if let Some(t) = target
            && replica >= t
        {
            break samples
                .iter()
                .find(|(_, r)| *r >= t)
                .map(|(at, _)| *at - last_ack);
        }
        // Not there: restore all the same, to report what the bucket has; the test fails below.
        if last_ack.elapsed() > Duration::from_secs(30) {
            break None;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let waited = last_ack.elapsed();
    s.kill_both();
    let r = s.restore_and_read_back(&acked).await;
    let [payments, orders, reservations] = kinds(acked.iter());
    let missing_kinds = kinds(r.missing.iter().map(|(a, _)| a));

    report(
        "Litestream restore after a sync",
        &format!(
            "{} requests over {} ms: {}; longest pause between acknowledgements {} ms; server \
             log peak {:.1} MiB; acknowledged {} payments ({} \
             idempotent), {} orders, {} reservations; bucket at Litestream's position {} after \
             the last ack (txid {} of {}), both killed {} ms after it; restore {} ms; restored \
             (payments/orders/reservations) {}/{}/{}, missing {}/{}/{}; idempotent replays \
             answering the same payment {}/{}; integrity_check: {}",
            seen.total(),
            load_took.as_millis(),
            seen.summary(),
            longest_pause(&acked, load_began, last_ack).as_millis(),
            wal_peak,
            payments,
            acked
                .iter()
                .filter(|a| matches!(
                    a.write,
                    Write::Payment {
                        idempotent: Some(_),
                        ..
                    }
                ))
                .count(),
            orders,
            reservations,
            caught_up.map_or("never (30 s)".into(), |d| format!("{} ms", d.as_millis())),
            replica,
            target.map_or(local_error.clone(), |t| t.to_string()),
            waited.as_millis(),
            r.took.as_millis(),
            r.stored[0],
            r.stored[1],
            r.stored[2],
            missing_kinds[0],
            missing_kinds[1],
            missing_kinds[2],
            r.replayed.0,
            r.replayed.1,
            r.integrity.join(","),
        ),
    );
    assert!(
        caught_up.is_some(),
        "the bucket did not reach Litestream's local position {target:?} within 30 s (last seen \
         {replica}; {local_error}); log: {}",
        s.logs.file("litestream.log").display()
    );
    assert!(payments > 100, "the load ran: {payments} payments");
    assert!(
        orders > 0 && reservations > 0,
        "orders and reservations were made: {orders}, {reservations}; {:?}",
        seen.rule_breaks()
    );
    assert!(
        r.missing.is_empty(),
        "{} acknowledged writes missing after the restore, e.g. {:?}",
        r.missing.len(),
        &r.missing[..r.missing.len().min(5)]
    );
    assert_eq!(
        r.integrity,
        vec!["ok".to_string()],
        "the restored database is not corrupted"
    );
    assert_eq!(
        r.stored,
        [payments as i64, orders as i64, reservations as i64],
        "what is restored is exactly what was acknowledged"
    );
    assert_eq!(
        r.replayed.0, r.replayed.1,
        "an acknowledged idempotent create replayed on the restored server answers its payment"
    );
    assert_eq!(
        seen.count(200),
        seen.total(),
        "every request succeeds with Litestream replicating: {}",
        seen.summary()
    );
    assert_eq!(seen.transport_errors(), 0, "no connection failed");
    assert_eq!(
        seen.hung(),
        0,
        "no request hung with Litestream replicating"
    );
    assert!(seen.rule_breaks().is_empty(), "{:?}", seen.rule_breaks());
    assert!(waited >= SYNC_INTERVAL, "killed after a sync interval");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "`make chaos`: needs litestream and moto, and runs for about half a minute"]
async fn litestream_reports_what_a_kill_mid_load_loses() {
    let Some(mut s) = Scenario::start("litestream-killed").await else {
        return;
    };
    let load_began = Instant::now();
    let load = Load::start(&s.client, &s.base, &s.shop, CLIENTS, Some(s.wal()));
    tokio::time::sleep(Duration::from_secs(8)).await;
    // The machine is lost mid-load: Litestream and the server die together, requests in flight.
    let killed_at = Instant::now();
    s.kill_both();
    let (seen, acked, wal_peak) = load.finish().await;
    let acked: Vec<Acked> = acked.into_iter().filter(|a| a.at <= killed_at).collect();
    let rate = acked.len() as f64 / (killed_at - load_began).as_secs_f64();
    let r = s.restore_and_read_back(&acked).await;
    let [payments, orders, reservations] = kinds(acked.iter());
    let missing_kinds = kinds(r.missing.iter().map(|(a, _)| a));
    // The window: how long before the kill the oldest missing write was acknowledged.
    let window = r
        .missing
        .first()
        .map(|(a, _)| killed_at - a.at)
        .unwrap_or_default();
    // And the newest write that did survive, for contrast.
    let missing_set: std::collections::HashSet<String> = r
        .missing
        .iter()
        .map(|(a, _)| format!("{:?}", a.write))
        .collect();
    let newest_kept = acked
        .iter()
        .filter(|a| !missing_set.contains(&format!("{:?}", a.write)))
        .map(|a| killed_at - a.at)
        .min()
        .unwrap_or_default();

    report(
        "Litestream restore after a kill",
        &format!(
            "{} requests: {}; longest pause between acknowledgements {} ms; server log peak \
             {:.1} MiB; acknowledged before the kill {} \
             payments, {} orders, {} reservations ({:.0} writes/s); restore {} ms; restored \
             (payments/orders/reservations) {}/{}/{}, missing {}/{}/{} ({:.1} s of writes), \
             acknowledged {}–{} ms before the kill (newest kept: {} ms before); \
             integrity_check: {}",
            seen.total(),
            seen.summary(),
            longest_pause(&acked, load_began, killed_at).as_millis(),
            wal_peak,
            payments,
            orders,
            reservations,
            rate,
            r.took.as_millis(),
            r.stored[0],
            r.stored[1],
            r.stored[2],
            missing_kinds[0],
            missing_kinds[1],
            missing_kinds[2],
            r.missing.len() as f64 / rate.max(1.0),
            r.missing
                .last()
                .map(|(a, _)| (killed_at - a.at).as_millis())
                .unwrap_or(0),
            window.as_millis(),
            newest_kept.as_millis(),
            r.integrity.join(","),
        ),
    );
    assert!(payments > 100, "the load ran: {payments} payments");
    assert_eq!(
        r.integrity,
        vec!["ok".to_string()],
        "the restored database is not corrupted"
    );
    assert!(
        window <= WINDOW_BOUND,
        "a write acknowledged {} ms before the kill is missing (bound {} ms); {} missing, the \
         oldest {:?}",
        window.as_millis(),
        WINDOW_BOUND.as_millis(),
        r.missing.len(),
        r.missing.first()
    );
    assert_eq!(seen.count(500), 0, "no 500 with Litestream replicating");
}
