//! `noren logs tail` (issue 35, item 2): the key's test-mode requests as they finish, from any
//! Noren's log stream (`GET /v3/logs/stream` with a merchant's secret test key, or
//! `…/inbound-external/{platform}/logs/stream` with a partner's test key and `--platform`): time,
//! method, status, path, duration, error code (and an inbound refusal's reason), request id.
//! When the stream ends (idle, a restart), it connects again.

use super::listen::{connect, stream_of};
use clap::{Args, Subcommand};
use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use serde_json::Value;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Subcommand)]
pub enum LogsCommand {
    /// Show the key's test-mode requests as they finish.
    Tail(TailArgs),
}

#[derive(Debug, Args)]
pub struct TailArgs {
    /// Only answers of this status class (`2xx`, `4xx`, `5xx`) or this status (`404`).
    #[arg(long)]
    pub status: Option<String>,
    /// Only paths that start with this (`/v3/predefined_payments`).
    #[arg(long)]
    pub path: Option<String>,
    /// The Noren to read.
    #[arg(long, default_value = "http://127.0.0.1:8080", env = "NOREN_API_BASE")]
    pub api_base: String,
    /// A merchant's secret test key (`sk_test_…`), or a partner's test key (`ipk_test_…`) with
    /// `--platform`.
    #[arg(long, env = "NOREN_KEY", hide_env_values = true)]
    pub api_key: String,
    /// The partner platform's code, for a partner key.
    #[arg(long, env = "NOREN_PLATFORM")]
    pub platform: Option<String>,
    /// Print each request as the stream's line of JSON (for `jq`).
    #[arg(long)]
    pub json: bool,
    /// Stop after this many requests (default: run until interrupted).
    #[arg(long)]
    pub max_requests: Option<u64>,
}

/// `noren logs …`.
pub async fn logs(cmd: LogsCommand) -> anyhow::Result<ExitCode> {
    let LogsCommand::Tail(args) = cmd;
    let (url, auth) = stream_of(
        &args.api_base,
        &args.api_key,
        args.platform.as_deref(),
        "logs",
    )?;
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .build()?;
    let mut query = Vec::new();
    if let Some(status) = &args.status {
        query.push(("status", status.as_str()));
    }
    if let Some(path) = &args.path {
        query.push(("path", path.as_str()));
    }
    println!("Ready. Showing the key's test-mode requests as they finish (^C to quit)");
    let mut shown = 0u64;
    loop {
        let req = client
            .get(&url)
            .header(auth.0, &auth.1)
            .header("Accept", "text/event-stream")
            .query(&query);
        let res = connect(req, &url).await?;
        println!("Connected to {url}");
        let mut events = res.bytes_stream().eventsource();
        while let Some(event) = events.next().await {
            let Ok(event) = event else {
                eprintln!("the stream broke; reconnecting");
                break;
            };
            let line: Value = serde_json::from_str(&event.data).unwrap_or(Value::Null);
            match event.event.as_str() {
                "request" if args.json => println!("{}", event.data),
                "request" => println!("{}", human(&line)),
                "dropped" => eprintln!(
                    "{} requests were not shown: this terminal fell behind",
                    line["dropped"]
                ),
                _ => continue,
            }
            shown += u64::from(event.event == "request");
            if args.max_requests.is_some_and(|max| shown >= max) {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
}

/// `10:05:40  POST 400  /v3/…  1.2 ms  client  [reason]  1c4a3c4e-…`, in local time.
fn human(l: &Value) -> String {
    let time = l["time"]
        .as_str()
        .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .map(|t| {
            t.with_timezone(&chrono::Local)
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default();
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    let duration = l.get("duration_ms").or_else(|| l.get("durationMs"));
    let request_id = l.get("request_id").or_else(|| l.get("requestId"));
    let mut out = format!(
        "{time}  {:<6} {}  {}  {} ms",
        text(&l["method"]),
        l["status"],
        text(&l["path"]),
        duration.and_then(Value::as_f64).unwrap_or_default()
    );
    for v in [&l["code"], &l["reason"]] {
        if let Some(v) = v.as_str() {
            out.push_str("  ");
            out.push_str(v);
        }
    }
    out.push_str("  ");
    out.push_str(&request_id.map(text).unwrap_or_default());
    out
}
