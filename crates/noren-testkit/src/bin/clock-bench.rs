//! Test clock benchmark (`make bench` runs it, issue 35): against a running `noren` with a test
//! merchant key, puts the shop's test mode on a clock, makes N paid payments whose webhook
//! receiver answers 503 to everything (each first delivery fails, so each event leaves a retry
//! waiting on the clock), then advances the clock 30 days in one call and reports how long the
//! call took and how many job runs it made (every retry of every event, until the schedule ends).
//! The clock is deleted at the end (and a clock the shop had before, at the start).
//!
//! Usage: clock-bench BASE_URL MERCHANT_KEY [N]

use noren_testkit::receiver::{Receiver, Script};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

const IN_FLIGHT: usize = 32;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(base), Some(key)) = (args.get(1), args.get(2)) else {
        anyhow::bail!("usage: clock-bench BASE_URL MERCHANT_KEY [N]");
    };
    let n: usize = args.get(3).map(|s| s.parse()).transpose()?.unwrap_or(1000);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(IN_FLIGHT)
        .timeout(Duration::from_secs(600))
        .build()?;
    let clock_url = format!("{base}/v3/test_clock");
    // A clock left by an earlier run would hold this run's jobs at its time.
    client
        .delete(&clock_url)
        .header("X-Auth-API-Key", key)
        .send()
        .await?;
    let clock: serde_json::Value = client
        .post(&clock_url)
        .header("X-Auth-API-Key", key)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let start: chrono::DateTime<chrono::Utc> = clock["frozen_time"]
        .as_str()
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no frozen_time in {clock}"))?;
    let rx = Receiver::with(Script {
        statuses: vec![503],
        ..Script::default()
    })
    .await;

    // N payments paid through the sandbox, C at a time, each delivering to the failing receiver.
    let gate = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut tasks = Vec::new();
    for _ in 0..n {
        let (client, base, key, url, permit) = (
            client.clone(),
            base.clone(),
            key.clone(),
            rx.url(),
            gate.clone().acquire_owned().await?,
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
    // Every first delivery has failed; a moment for the last failures to be written.
    rx.wait_for(n, Duration::from_secs(120)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;

    let to = start + chrono::Duration::days(30);
    let began = Instant::now();
    let advanced: serde_json::Value = client
        .post(format!("{clock_url}/advance"))
        .query(&[(
            "frozen_time",
            to.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        )])
        .header("X-Auth-API-Key", key)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let took = began.elapsed().as_secs_f64();
    let ran = advanced["last_advance"]["total"].as_u64().unwrap_or(0);
    client
        .delete(&clock_url)
        .header("X-Auth-API-Key", key)
        .send()
        .await?
        .error_for_status()?;
    println!(
        "clocks: {n} events waiting, advance 30 days {took:.2} s, {ran} job runs ({:.0} runs/s), deliveries received {}",
        ran as f64 / took.max(1e-9),
        rx.received().len()
    );
    Ok(())
}
