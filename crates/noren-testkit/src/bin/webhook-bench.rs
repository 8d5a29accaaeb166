//! Webhook delivery benchmark (`make bench` runs it): against a running `noren` with a test
//! merchant key, prepares N open sandbox attempts, then approves them with C requests in flight
//! and measures, at a local receiver, how fast the `paid` events arrive: events per second from
//! the first approval to the last receipt, and the latency from each approval request to its
//! event's receipt (p50, p99). It also prints how fast the approvals themselves were answered,
//! to tell which side sets the pace.
//!
//! With `endpoint` or `blackhole` (issue 34), the shop also has a webhook endpoint subscribed to
//! the same events, so every event is delivered twice. With `endpoint` it is at a second receiver
//! that answers at once: the baseline. With `blackhole` it is at a receiver that accepts
//! connections and never answers, each attempt waiting for the timeout. Both figures are the
//! first receiver's: the black hole must not slow it beyond noise against the baseline (each
//! destination has its own share of the deliveries in flight). The endpoint is deleted at the
//! end, and its queued deliveries with it. With `disabled` the endpoint is created disabled: each
//! event still looks it up and records a skipped delivery, but nothing is queued or sent (what
//! an endpoint costs the approval itself).
//!
//! Usage: webhook-bench BASE_URL MERCHANT_KEY [N] [C] [endpoint|blackhole|disabled]

use noren_testkit::receiver::{Receiver, Script};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(base), Some(key)) = (args.get(1), args.get(2)) else {
        anyhow::bail!(
            "usage: webhook-bench BASE_URL MERCHANT_KEY [N] [C] [endpoint|blackhole|disabled]"
        );
    };
    let n: usize = args.get(3).map(|s| s.parse()).transpose()?.unwrap_or(2000);
    let c: usize = args.get(4).map(|s| s.parse()).transpose()?.unwrap_or(32);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(c)
        .build()?;
    let rx = Receiver::start().await;
    let mode = args.get(5).map(String::as_str);
    let second = match mode {
        Some("endpoint" | "disabled") => Some(Receiver::start().await),
        Some("blackhole") => Some(
            Receiver::with(Script {
                hang_first: usize::MAX,
                ..Script::default()
            })
            .await,
        ),
        Some(other) => {
            anyhow::bail!(
                "unknown mode {other:?}: the fifth argument is `endpoint`, `blackhole` or `disabled`"
            )
        }
        None => None,
    };
    let endpoint = match &second {
        Some(second) => {
            let created: serde_json::Value = client
                .post(format!("{base}/v3/webhook_endpoints"))
                .query(&[
                    ("url", second.url().as_str()),
                    ("enabled_events", "payment.paid"),
                    (
                        "disabled",
                        if mode == Some("disabled") {
                            "true"
                        } else {
                            "false"
                        },
                    ),
                ])
                .header("X-Auth-API-Key", key)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
            created["id"].as_str().map(str::to_string)
        }
        None => None,
    };

    // Prepare: N payments, each with an open attempt, delivering to the receiver.
    let prepare = Arc::new(Semaphore::new(c));
    let mut tasks = Vec::new();
    for _ in 0..n {
        let (client, base, key, url, permit) = (
            client.clone(),
            base.clone(),
            key.clone(),
            rx.url(),
            prepare.clone().acquire_owned().await?,
        );
        tasks.push(tokio::spawn(async move {
            let created: serde_json::Value = client
                .post(format!(
                    "{base}/v3/predefined_payments/create_online_payment"
                ))
                .query(&[("amount", "1000"), ("webhook_callback_url", url.as_str())])
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
            drop(permit);
            anyhow::Ok(
                view["attempt"]["payment_number"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            )
        }));
    }
    let mut numbers = Vec::with_capacity(n);
    for t in tasks {
        numbers.push(t.await??);
    }

    // Measure: approve all, C at a time; note when each approval was sent.
    let sent: Arc<std::sync::Mutex<HashMap<String, Instant>>> = Arc::default();
    let gate = Arc::new(Semaphore::new(c));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for number in numbers {
        let (client, base, key, sent, permit) = (
            client.clone(),
            base.clone(),
            key.clone(),
            sent.clone(),
            gate.clone().acquire_owned().await?,
        );
        tasks.push(tokio::spawn(async move {
            sent.lock()
                .expect("lock")
                .insert(number.clone(), Instant::now());
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
    let approved = start.elapsed().as_secs_f64();
    let got = rx.wait_for(n, Duration::from_secs(120)).await;
    let last = got.iter().map(|r| r.at).max().unwrap_or(start);
    let sent = sent.lock().expect("lock").clone();
    let mut latencies: Vec<f64> = got
        .iter()
        .filter_map(|r| {
            let number = r.json()["payment_number"].as_str()?.to_string();
            Some((r.at - *sent.get(&number)?).as_secs_f64() * 1000.0)
        })
        .collect();
    latencies.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| latencies[((latencies.len() as f64 - 1.0) * p).round() as usize];
    let elapsed = (last - start).as_secs_f64();
    if let Some(id) = endpoint {
        client
            .delete(format!("{base}/v3/webhook_endpoints/{id}"))
            .header("X-Auth-API-Key", key)
            .send()
            .await?
            .error_for_status()?;
    }
    println!(
        "webhooks: {n} events, {:.0} deliveries/s, approval-to-receipt p50 {:.1} ms p99 {:.1} ms, duplicates {} (approvals {:.0}/s)",
        n as f64 / elapsed,
        pct(0.5),
        pct(0.99),
        got.len() - n,
        n as f64 / approved
    );
    Ok(())
}
