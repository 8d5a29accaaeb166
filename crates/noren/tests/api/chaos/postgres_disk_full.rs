//! The disk under PostgreSQL fills while payments are created (issue 32 item 2, "the same on
//! PostgreSQL when its disk fills").
//!
//! The whole cluster (data files and write-ahead log) lives on a small tmpfs the test mounts.
//! The load runs with the disk free, then full (a file takes the rest), then free again. A
//! table that cannot grow refuses its insert (`53100 disk_full`); a log that cannot grow makes
//! PostgreSQL stop every session and recover (a PANIC), and if recovery cannot write either, it
//! stays down until an operator starts it. Whatever PostgreSQL does, every answer must be 2xx
//! or the error body (503 with `Retry-After`), none may hang, service must come back once space
//! is freed without restarting `noren`, and every create answered 2xx must read back, also
//! after PostgreSQL restarts.

use super::disk_full::{load_for, missing, stored_again};
use super::{Logs, Seen, Tmpfs, can_mount, report, serve};
use noren_testkit::pg_cluster::{PgCluster, Stop};
use noren_testkit::{Backend, Options, TestApp, fixtures};
use sea_orm::{ConnectionTrait, Statement};
use std::collections::HashSet;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "`make chaos`: mounts a tmpfs as root and runs a PostgreSQL cluster on it"]
async fn a_full_disk_under_postgresql_never_loses_an_acknowledged_payment() {
    if !can_mount() {
        return;
    }
    let disk = Tmpfs::mount(160);
    let Some(cluster) = PgCluster::start_in(disk.path()) else {
        return;
    };
    let url = cluster.database("noren").await;
    let fx = TestApp::spawn_with(
        Backend::Postgres,
        Options {
            database_url: Some(url.clone()),
            ..Options::default()
        }
        .manual_jobs()
        .leaving_jobs(),
    )
    .await
    .expect("fixture server");
    let m = fixtures::test_merchant(fx.db(), "PostgreSQL disk full").await;
    fx.stop().await;

    let data = tempfile::tempdir().expect("data dir");
    let data_dir = data.path().display().to_string();
    let env = [
        ("NOREN_DATA_DIR", data_dir.as_str()),
        ("NOREN_RATE_LIMIT_PER_KEY", "off"),
        ("NOREN_RATE_LIMIT_PER_ADDRESS", "off"),
        ("NOREN_RATE_LIMIT_FAILURES", "off"),
    ];
    let logs = Logs::new("postgres-disk-full");
    let (mut server, base) = serve(&url, &env, &logs.file("noren.log")).await;
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(35))
        .build()
        .expect("client");
    let seen = Arc::new(Seen::default());
    let acked = Arc::new(Mutex::new(Vec::new()));
    let next = Arc::new(AtomicUsize::new(0));

    // Free, full, free again.
    load_for(2, &client, &base, &m.key, &seen, &acked, &next).await;
    let before_full = acked.lock().expect("acked").len();
    let filler = disk.fill();
    let full_at = Instant::now();
    load_for(8, &client, &base, &m.key, &seen, &acked, &next).await;
    let refused_full = seen.count(503);
    let ready_full = client
        .get(format!("{base}/readyz"))
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0);
    std::fs::remove_file(&filler).expect("space freed");
    let freed = Instant::now();
    let acked_when_freed = acked.lock().expect("acked").len();
    // PostgreSQL restarts by itself after a PANIC; when its recovery failed too, it waits for
    // an operator, played here 5 s after the space was freed.
    let mut started_by_hand = false;
    let resumed = stored_again(&client, &base, &m.key, &acked, freed, |since| {
        if !started_by_hand && since > Duration::from_secs(5) && !cluster.running() {
            cluster.start_again();
            started_by_hand = true;
        }
    })
    .await
    .unwrap_or_else(|last_refusal| {
        panic!(
            "creates are stored again once space is freed; the last answer: {last_refusal}; \
             {}\npostgres log:\n{}",
            seen.summary(),
            cluster.log()
        )
    });
    load_for(2, &client, &base, &m.key, &seen, &acked, &next).await;
    let tokens: Vec<String> = acked.lock().expect("acked").clone();
    let distinct: HashSet<&String> = tokens.iter().collect();
    assert_eq!(distinct.len(), tokens.len(), "every token answered once");
    let lost_live = missing(&client, &base, &tokens).await;

    // PostgreSQL restarts (a crash, then recovery): still there, read by the same `noren`.
    cluster.stop(Stop::Immediate);
    cluster.start_again();
    // The pool's connections died with the server: a read may answer 503 until they are
    // replaced, and is asked again then.
    let mut lost_restart = missing(&client, &base, &tokens).await;
    for _ in 0..10 {
        if !lost_restart.iter().any(|l| l.contains("503")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let again: Vec<String> = lost_restart
            .iter()
            .filter_map(|l| l.split(':').next().map(str::to_string))
            .collect();
        lost_restart = missing(&client, &base, &again).await;
    }
    let _ = server.kill();
    let _ = server.wait();

    let db = noren::db::connect(&url).await.expect("open");
    let stored = db
        .query_one_raw(Statement::from_string(
            sea_orm::DbBackend::Postgres,
            format!(
                "SELECT COUNT(*) AS n FROM predefined_payments WHERE shop_id = {}",
                m.shop.id
            ),
        ))
        .await
        .expect("count")
        .and_then(|r| r.try_get::<i64>("", "n").ok())
        .unwrap_or(-1);
    db.close().await.ok();
    let log = cluster.log();
    let panics = log.matches("PANIC").count();
    let disk_full_errors = log.matches("No space left on device").count();

    report(
        "PostgreSQL disk full (160 MiB tmpfs)",
        &format!(
            "{} creates: {}; {} answered 2xx ({} before the disk filled, {} while full), {} \
             stored; 503 while full: {}; /readyz while full: {}; PostgreSQL: {} \"No space \
             left\", {} PANIC, {}; stored again {} ms after space was freed; lost: {} live, \
             {} after a PostgreSQL crash; full for {} ms",
            seen.total(),
            seen.summary(),
            tokens.len(),
            before_full,
            acked_when_freed - before_full,
            stored,
            refused_full,
            ready_full,
            disk_full_errors,
            panics,
            if started_by_hand {
                "started by hand after the space was freed"
            } else {
                "never stayed down"
            },
            resumed.as_millis(),
            lost_live.len(),
            lost_restart.len(),
            (freed - full_at).as_millis(),
        ),
    );
    if !seen.rule_breaks().is_empty() || seen.count(500) > 0 {
        eprintln!("postgres log:\n{log}");
    }
    assert!(
        lost_live.is_empty(),
        "{} acknowledged but not stored, e.g. {:?}",
        lost_live.len(),
        &lost_live[..lost_live.len().min(5)]
    );
    assert!(
        lost_restart.is_empty(),
        "{} acknowledged but gone after PostgreSQL restarted, e.g. {:?}",
        lost_restart.len(),
        &lost_restart[..lost_restart.len().min(5)]
    );
    assert!(
        disk_full_errors > 0 && refused_full > 0,
        "the disk filled and writes were refused while it was full"
    );
    assert_eq!(seen.count(500), 0, "no 500 on a full disk");
    assert_eq!(seen.hung(), 0, "no request hung");
    assert_eq!(seen.transport_errors(), 0, "no connection failed");
    assert!(seen.rule_breaks().is_empty(), "{:?}", seen.rule_breaks());
    // A create refused with 503 may still have committed (the database went away between the
    // commit and the answer; the message says so): stored may exceed what was acknowledged,
    // never fall short of it.
    assert!(
        stored as usize >= tokens.len(),
        "every acknowledged create is stored"
    );
}
