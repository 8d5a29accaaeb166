//! Stream memory benchmark (`make bench` runs it, issue 35): against a running `noren` with a
//! test merchant key, opens 5 event streams (`GET /v3/events/stream`) and 5 log streams
//! (`GET /v3/logs/stream`), of which one of each is never read (a stalled listener: its socket
//! fills and the server must wait, not buffer), then makes N paid payments (N `payment.paid`
//! events, and twice as many requests in the log) as fast as the server takes them. It reports
//! how long the 4 reading event listeners took to get every event, what the log streams got,
//! and the server's resident memory before and after (`VmRSS`; and the peak, `VmHWM`, reset
//! first where the kernel allows).
//!
//! Usage: stream-bench BASE_URL MERCHANT_KEY SERVER_PID [N]

use anyhow::Context;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

const IN_FLIGHT: usize = 32;
const STREAMS: usize = 5;

fn status_kib(pid: &str, field: &str) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .with_context(|| format!("no {field} in /proc/{pid}/status"))
}

/// Opens a stream with the merchant key (a stalled listener is opened and never read).
async fn open(
    client: &reqwest::Client,
    url: String,
    key: &str,
) -> anyhow::Result<reqwest::Response> {
    let res = client
        .get(url)
        .header("X-Auth-API-Key", key)
        .header("Accept", "text/event-stream")
        .send()
        .await?
        .error_for_status()?;
    Ok(res)
}

/// Reads a stream in the background, counting the lines that start with `marker`.
fn count(mut res: reqwest::Response, marker: &'static str, seen: Arc<AtomicU64>) {
    tokio::spawn(async move {
        let mut carry = String::new();
        while let Ok(Some(chunk)) = res.chunk().await {
            carry.push_str(&String::from_utf8_lossy(&chunk));
            let Some(end) = carry.rfind('\n') else {
                continue;
            };
            let n = carry[..end]
                .lines()
                .filter(|l| l.starts_with(marker))
                .count();
            seen.fetch_add(n as u64, Ordering::Relaxed);
            carry.drain(..=end);
        }
    });
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(base), Some(key), Some(pid)) = (args.get(1), args.get(2), args.get(3)) else {
        anyhow::bail!("usage: stream-bench BASE_URL MERCHANT_KEY SERVER_PID [N]");
    };
    let n: u64 = args.get(4).map(|s| s.parse()).transpose()?.unwrap_or(2000);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(IN_FLIGHT)
        .timeout(Duration::from_secs(60))
        .build()?;
    let streams = reqwest::Client::builder().build()?;
    // The kernel lets the owner reset the peak (clear_refs 5); where it does not, the peak is
    // the process's whole life's and only the rise of VmRSS is judged.
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
    let events: Vec<Arc<AtomicU64>> = (0..STREAMS).map(|_| Arc::default()).collect();
    let logs: Vec<Arc<AtomicU64>> = (0..STREAMS).map(|_| Arc::default()).collect();
    let mut stalled = Vec::new();
    for (i, seen) in events.iter().enumerate() {
        let res = open(&streams, format!("{base}/v3/events/stream"), key).await?;
        if i == 0 {
            stalled.push(res);
        } else {
            count(res, "id:", seen.clone());
        }
    }
    for (i, seen) in logs.iter().enumerate() {
        let res = open(&streams, format!("{base}/v3/logs/stream"), key).await?;
        if i == 0 {
            stalled.push(res);
        } else {
            count(res, "event: request", seen.clone());
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = status_kib(pid, "VmRSS")?;

    let began = Instant::now();
    let gate = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut tasks = Vec::new();
    for _ in 0..n {
        let (client, base, key, permit) = (
            client.clone(),
            base.clone(),
            key.clone(),
            gate.clone().acquire_owned().await?,
        );
        tasks.push(tokio::spawn(async move {
            let created: serde_json::Value = client
                .post(format!(
                    "{base}/v3/predefined_payments/create_online_payment"
                ))
                .query(&[("amount", "1000")])
                .header("X-Auth-API-Key", &key)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
            let token = created["predefined_payment"]["token"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let view: serde_json::Value = client
                .post(format!("{base}/checkout/api/{token}/attempts"))
                .json(&serde_json::json!({"payment_method": "paypay"}))
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
            let number = view["attempt"]["payment_number"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            client
                .post(format!("{base}/sandbox/payments/{number}/approve"))
                .header("X-Auth-API-Key", &key)
                .send()
                .await?
                .error_for_status()?;
            drop(permit);
            anyhow::Ok(())
        }));
    }
    for t in tasks {
        t.await??;
    }
    let made = began.elapsed().as_secs_f64();
    // The reading listeners catch up; the stalled ones never do.
    let deadline = Instant::now() + Duration::from_secs(120);
    while events[1..].iter().any(|s| s.load(Ordering::Relaxed) < n) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let all_in = began.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = status_kib(pid, "VmRSS")?;
    let peak = status_kib(pid, "VmHWM")?;
    let got: Vec<u64> = events[1..]
        .iter()
        .map(|s| s.load(Ordering::Relaxed))
        .collect();
    let logged: Vec<u64> = logs[1..]
        .iter()
        .map(|s| s.load(Ordering::Relaxed))
        .collect();
    drop(stalled);
    println!(
        "streams: {STREAMS} event and {STREAMS} log streams (1 each stalled), {n} events made in {made:.2} s, \
         reading listeners got {got:?} events in {all_in:.2} s and {logged:?} requests, \
         memory before {:.1} MiB after {:.1} MiB peak {:.1} MiB, memory rise {:.1} MiB",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        peak as f64 / 1024.0,
        (after.max(peak) as f64 - before as f64).max(0.0) / 1024.0
    );
    if got.iter().any(|g| *g < n) {
        anyhow::bail!("a reading listener missed events: {got:?} of {n}");
    }
    Ok(())
}
