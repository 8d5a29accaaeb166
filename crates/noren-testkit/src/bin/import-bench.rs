//! Menu import benchmark (`make bench` runs it): against a running `noren` with a test merchant
//! key of shop SHOP_ID, uploads a workbook of N menus (`template::sample`), then times
//! `import-preview` and an import (`import-start` until `import-state` says finished), and reads
//! the server's memory rise from `/proc/PID/status`: its peak (`VmHWM`, reset first through
//! `/proc/PID/clear_refs`) minus its resident size before the upload.
//!
//! Prints one line: `menus N, workbook B bytes, preview S s, import S s, memory rise M MiB`.
//!
//! Usage: import-bench BASE_URL MERCHANT_KEY SHOP_ID SERVER_PID [N]

use anyhow::{Context, bail};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// A field of `/proc/PID/status` in KiB.
fn status_kib(pid: &str, field: &str) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .with_context(|| format!("no {field} in /proc/{pid}/status"))
}

async fn post(
    client: &reqwest::Client,
    url: String,
    key: &str,
    body: Value,
) -> anyhow::Result<Value> {
    let res = client
        .post(url)
        .header("X-Auth-API-Key", key)
        .json(&body)
        .send()
        .await?;
    let status = res.status();
    let body: Value = res.json().await?;
    if !status.is_success() {
        bail!("{status}: {body}");
    }
    Ok(body)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(base), Some(key), Some(shop), Some(pid)) =
        (args.get(1), args.get(2), args.get(3), args.get(4))
    else {
        bail!("usage: import-bench BASE_URL MERCHANT_KEY SHOP_ID SERVER_PID [N]");
    };
    let shop: i64 = shop.parse()?;
    let n: u32 = args
        .get(5)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(10_000);
    let bytes = noren::order::domain::import::template::sample(n, 50)?;
    let size = bytes.len();
    let client = reqwest::Client::new();

    // The peak from here on: writing 5 to clear_refs resets VmHWM to the current RSS.
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5")
        .context("resetting the server's peak memory (same user as the server?)")?;
    let before = status_kib(pid, "VmRSS")?;

    let created = post(
        &client,
        format!("{base}/api/admin/order-menu/import-create"),
        key,
        json!({ "shop": shop }),
    )
    .await?;
    let object_id = created["objectId"]
        .as_str()
        .context("objectId")?
        .to_string();
    let upload = created["uploadUrl"].as_str().context("uploadUrl")?;
    let res = client.put(upload).body(bytes).send().await?;
    if !res.status().is_success() {
        bail!("upload: {}", res.status());
    }
    let target = json!({ "shop": shop, "objectId": object_id });

    let t = Instant::now();
    let report = post(
        &client,
        format!("{base}/api/admin/order-menu/import-preview"),
        key,
        target.clone(),
    )
    .await?;
    let preview = t.elapsed();
    if report["menus"]["imported"] != json!(n) {
        bail!("preview did not accept every menu: {}", report["menus"]);
    }

    let t = Instant::now();
    post(
        &client,
        format!("{base}/api/admin/order-menu/import-start"),
        key,
        target.clone(),
    )
    .await?;
    let state = loop {
        let state = post(
            &client,
            format!("{base}/api/admin/order-menu/import-state"),
            key,
            target.clone(),
        )
        .await?;
        if state["finished"] == json!(true) {
            break state;
        }
        if t.elapsed() > Duration::from_secs(120) {
            bail!("the import did not finish within 2 minutes: {state}");
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    let import = t.elapsed();
    if state["status"] != "finished" || state["result"]["menus"]["imported"] != json!(n) {
        bail!("the import did not import every menu: {state}");
    }
    let peak = status_kib(pid, "VmHWM")?;
    println!(
        "menus {n}, workbook {size} bytes, preview {:.2} s, import {:.2} s, memory rise {:.1} MiB",
        preview.as_secs_f64(),
        import.as_secs_f64(),
        peak.saturating_sub(before) as f64 / 1024.0
    );
    Ok(())
}
