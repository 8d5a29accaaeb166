//! One process saturated behind HAProxy for 30 s stays in the balancer (issue 32 item 1).
//!
//! Seen before, in one of three `make bench` runs on a 2-core machine: with one PostgreSQL
//! process behind `deploy/haproxy.cfg`, 71,460 of about 100,000 token reads in 10 s were
//! non-2xx: `/readyz` wrote a heartbeat on every check, a saturated process answered two checks
//! late (`timeout check 2s`, `fall 2`), and HAProxy took its only server out and answered 503
//! itself. Here wrk (128 connections) reads by token through HAProxy and eight clients create
//! payments for 30 s, on the same two cores as the process, HAProxy and PostgreSQL. HAProxy's
//! log must never say the server went DOWN, and every answer must be 2xx: wrk's non-2xx count
//! and the writers' answers (noren's errors carry the JSON error body, HAProxy's do not).

use super::{Logs, Seen, report, serve};
use noren_testkit::{Backend, Options, TestApp, fixtures};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// wrk's connections reading through HAProxy, and this test's clients creating.
const READERS: usize = 128;
const WRITERS: usize = 8;
const LOAD: Duration = Duration::from_secs(30);

fn wrk() -> bool {
    let found = Command::new("wrk")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !found {
        noren_testkit::missing::missing("the saturation test needs wrk (apt-get install wrk)");
    }
    found
}

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
        noren_testkit::missing::missing(
            "the saturation test needs HAProxy (apt-get install haproxy)",
        );
    }
    found.map(str::to_string)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "`make chaos`: saturates a process behind HAProxy for 30 s"]
async fn a_saturated_process_is_never_taken_out_of_the_balancer() {
    let Some(haproxy) = haproxy() else { return };
    if !wrk() {
        return;
    }
    let Some(url) = noren_testkit::postgres::fresh_database().await else {
        return;
    };
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
    let m = fixtures::test_merchant(fx.db(), "Saturated").await;
    let token =
        fx.create_payment(&m.key, &[("amount", "1000")]).await["predefined_payment"]["token"]
            .as_str()
            .expect("token")
            .to_string();
    fx.stop().await;

    let logs = Logs::new("saturation");
    let data = tempfile::tempdir().expect("data");
    let data_dir = data.path().display().to_string();
    let env = [
        ("NOREN_DATA_DIR", data_dir.as_str()),
        ("NOREN_RATE_LIMIT_PER_KEY", "off"),
        ("NOREN_RATE_LIMIT_PER_ADDRESS", "off"),
        ("NOREN_CLIENT_IP_HEADER", "x-forwarded-for"),
        ("NOREN_SHUTDOWN_DELAY_MS", "2000"),
    ];
    let (mut server, direct) = serve(&url, &env, &logs.file("noren.log")).await;

    // deploy/haproxy.cfg as deployed, with the one server line this test has.
    let cfg = logs.file("haproxy.cfg");
    let deployed = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/haproxy.cfg"),
    )
    .expect("deploy/haproxy.cfg");
    let one: String = deployed
        .lines()
        .filter(|l| {
            !l.trim_start().starts_with("server noren2 ")
                && !l.trim_start().starts_with("server noren3 ")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&cfg, one).expect("cfg");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port")
        .port();
    let lb_log = logs.file("haproxy.log");
    let mut lb = Command::new(&haproxy)
        .args(["-db", "-f"])
        .arg(&cfg)
        .env("NOREN_LB_LISTEN", format!("127.0.0.1:{port}"))
        .env("NOREN_UPSTREAM_1", direct.trim_start_matches("http://"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&lb_log).expect("log"))
        .spawn()
        .expect("haproxy starts");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::builder()
        .pool_idle_timeout(Duration::from_secs(2))
        .timeout(Duration::from_secs(35))
        .build()
        .expect("client");
    noren_testkit::eventually("HAProxy answers", Duration::from_secs(10), || async {
        match client.get(format!("{base}/readyz")).send().await {
            Ok(r) if r.status() == 200 => Ok(()),
            Ok(r) => Err(r.status().to_string()),
            Err(e) => Err(e.to_string()),
        }
    })
    .await;

    // wrk reads by token through HAProxy as fast as it can (it sends far more than reqwest from
    // this test could, on the same two cores), while a few clients of this test create
    // payments (writes) through it too.
    let seen = Arc::new(Seen::default());
    let haproxy_answers = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut writers = tokio::task::JoinSet::new();
    for i in 0..WRITERS {
        let (client, base, key) = (client.clone(), base.clone(), m.key.clone());
        let (seen, haproxy_answers, stop) = (seen.clone(), haproxy_answers.clone(), stop.clone());
        writers.spawn(async move {
            let mut n = 0usize;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let began = Instant::now();
                let req = client
                    .post(format!(
                        "{base}/v3/predefined_payments/create_online_payment"
                    ))
                    .header("X-Auth-API-Key", &key)
                    .query(&[("amount", "1000")]);
                match req.send().await {
                    Ok(res) => {
                        let status = res.status().as_u16();
                        seen.status(status, began.elapsed());
                        if status >= 300 {
                            let body = res.text().await.unwrap_or_default();
                            let ours = serde_json::from_str::<serde_json::Value>(&body)
                                .is_ok_and(|b| b["code"].is_string());
                            if !ours {
                                haproxy_answers.fetch_add(1, Ordering::Relaxed);
                            }
                            seen.broken(format!("writer {i} create {n}: {status} {body}"));
                        }
                    }
                    Err(e) => seen.transport(format!("writer {i} create {n}: {e}")),
                }
            }
        });
    }
    let before = statuses(&client, &direct).await;
    let wrk = tokio::task::spawn_blocking({
        let url = format!("{base}/v3/predefined_payments/{token}");
        move || {
            Command::new("wrk")
                .args([
                    "-t2",
                    &format!("-c{READERS}"),
                    &format!("-d{}s", LOAD.as_secs()),
                ])
                .arg(url)
                .output()
                .expect("wrk runs")
        }
    })
    .await
    .expect("wrk");
    stop.store(true, Ordering::Relaxed);
    while let Some(t) = writers.join_next().await {
        t.expect("writer");
    }
    let after = statuses(&client, &direct).await;
    let wrk_said = String::from_utf8_lossy(&wrk.stdout).to_string();
    let figure = |prefix: &str| -> f64 {
        wrk_said
            .lines()
            .find_map(|l| l.trim().strip_prefix(prefix))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let read_rate = figure("Requests/sec:");
    let wrk_non2xx = figure("Non-2xx or 3xx responses:") as usize;
    let server_non2xx: usize = after
        .iter()
        .filter(|(status, _)| *status >= 300)
        .map(|(status, n)| {
            n - before
                .iter()
                .find(|(s, _)| s == status)
                .map_or(0, |(_, b)| *b)
        })
        .sum();
    let checks = after.iter().map(|(_, n)| *n).sum::<usize>() > 0;
    let lb_said = std::fs::read_to_string(&lb_log).unwrap_or_default();
    let downs = lb_said.lines().filter(|l| l.contains("is DOWN")).count();
    let _ = lb.kill();
    let _ = lb.wait();
    let _ = server.kill();
    let _ = server.wait();
    report(
        "saturated process behind HAProxy",
        &format!(
            "wrk {READERS} connections reading and {WRITERS} writers for {} s: reads {:.0}/s, wrk non-2xx {wrk_non2xx} (the server's own {server_non2xx}); writes: {}; HAProxy's own answers to writes: {}; server DOWN in HAProxy's log: {downs}",
            LOAD.as_secs(),
            read_rate,
            seen.summary(),
            haproxy_answers.load(Ordering::Relaxed),
        ),
    );
    assert!(wrk.status.success(), "wrk: {wrk_said}");
    assert!(read_rate > 0.0 && checks, "wrk measured: {wrk_said}");
    assert_eq!(downs, 0, "HAProxy took the server out: {lb_said}");
    assert_eq!(wrk_non2xx, 0, "reads that were not 2xx: {wrk_said}");
    assert_eq!(haproxy_answers.load(Ordering::Relaxed), 0);
    assert!(seen.rule_breaks().is_empty(), "{:?}", seen.rule_breaks());
    assert_eq!(seen.transport_errors(), 0);
}

/// The process's answers so far by status (its `/metrics`).
async fn statuses(client: &reqwest::Client, direct: &str) -> Vec<(u16, usize)> {
    let Ok(res) = client.get(format!("{direct}/metrics")).send().await else {
        return Vec::new();
    };
    let text = res.text().await.unwrap_or_default();
    let mut by: std::collections::BTreeMap<u16, usize> = std::collections::BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| l.starts_with("noren_http_requests_total{"))
    {
        let status = line
            .split("status=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .and_then(|s| s.parse::<u16>().ok());
        let n = line.rsplit(' ').next().and_then(|v| v.parse::<f64>().ok());
        if let (Some(status), Some(n)) = (status, n) {
            *by.entry(status).or_default() += n as usize;
        }
    }
    by.into_iter().collect()
}
