//! `noren listen` (issue 35, item 2): the local loop of a developer whose machine cannot be
//! reached from outside. It opens the key's event stream on any Noren (`GET /v3/events/stream`
//! with a merchant's secret test key, or `…/inbound-external/{platform}/events/stream` with a
//! partner's test key and `--platform`), and forwards each event to a local URL, signed as a
//! webhook delivery is (Standard Webhooks headers and `Noren-Signature`) with a listener secret
//! it makes and prints, so that the receiver verifies it with the code it runs in production.
//! Each delivery's answer is printed. When the stream ends or breaks, it reconnects with
//! `Last-Event-ID`: no event is lost or forwarded twice.

use crate::webhooks::deliver::Signed;
use crate::webhooks::signing::new_secret;
use anyhow::{Context, bail};
use clap::Args;
use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct ListenArgs {
    /// Where to send each event (your local webhook receiver).
    #[arg(long)]
    pub forward_to: String,
    /// Only these event types, comma-separated (e.g. `payment.paid,payment.refunded`).
    #[arg(long)]
    pub events: Option<String>,
    /// The Noren to listen to.
    #[arg(long, default_value = "http://127.0.0.1:8080", env = "NOREN_API_BASE")]
    pub api_base: String,
    /// A merchant's secret test key (`sk_test_…`), or a partner's test key (`ipk_test_…`) with
    /// `--platform`.
    #[arg(long, env = "NOREN_KEY", hide_env_values = true)]
    pub api_key: String,
    /// The partner platform's code, for a partner key (its reservation notifications).
    #[arg(long, env = "NOREN_PLATFORM")]
    pub platform: Option<String>,
    /// The signing secret of the forwarded events (default: a new one, printed).
    #[arg(long, env = "NOREN_LISTEN_SECRET", hide_env_values = true)]
    pub secret: Option<String>,
    /// Stop after forwarding this many events (default: run until interrupted).
    #[arg(long)]
    pub max_events: Option<u64>,
}

/// One event of the stream (`data`).
#[derive(serde::Deserialize)]
struct Streamed<'a> {
    id: String,
    #[serde(rename = "type")]
    event_type: String,
    #[serde(borrow)]
    body: &'a serde_json::value::RawValue,
}

/// `noren listen`.
pub async fn listen(args: ListenArgs) -> anyhow::Result<ExitCode> {
    let base = args.api_base.trim_end_matches('/');
    let (url, auth) = match (&args.platform, args.api_key.starts_with("ipk_test_")) {
        (Some(platform), true) => (
            format!("{base}/v3/inbound-external/{platform}/events/stream"),
            ("Authorization", format!("Bearer {}", args.api_key)),
        ),
        (None, true) => bail!("a partner key listens to its platform's stream: give --platform"),
        (_, false) if args.api_key.starts_with("sk_test_") => (
            format!("{base}/v3/events/stream"),
            ("X-Auth-API-Key", args.api_key.clone()),
        ),
        _ => bail!(
            "noren listen takes a merchant's secret test key (sk_test_…) or a partner's test key \
             (ipk_test_…, with --platform): streams are test mode only"
        ),
    };
    let secret = args.secret.clone().unwrap_or_else(new_secret);
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .build()?;
    let forward = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    println!(
        "Ready. Forwarding the key's test-mode events to {}; they are signed with {secret} (^C to quit)",
        args.forward_to
    );
    let mut last: Option<String> = None;
    let mut forwarded = 0u64;
    let mut wait = Duration::from_millis(250);
    loop {
        let mut req = client
            .get(&url)
            .header(auth.0, &auth.1)
            .header("Accept", "text/event-stream");
        if let Some(events) = &args.events {
            req = req.query(&[("events", events)]);
        }
        if let Some(id) = &last {
            req = req.header("Last-Event-ID", id);
        }
        let res = match req.send().await {
            Ok(res) => res,
            Err(e) => {
                eprintln!("cannot reach {url} ({e}); trying again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(10));
                continue;
            }
        };
        let status = res.status();
        if status.as_u16() == 429 || status.is_server_error() {
            eprintln!("the stream answered {status}; trying again in {wait:?}");
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(10));
            continue;
        }
        if !status.is_success() {
            let body = res.text().await.unwrap_or_default();
            bail!("the stream answered {status}: {body}");
        }
        wait = Duration::from_millis(250);
        println!("Connected to {url}");
        let mut events = res.bytes_stream().eventsource();
        while let Some(event) = events.next().await {
            let event = match event {
                Ok(event) => event,
                Err(e) => {
                    eprintln!("the stream broke ({e}); reconnecting");
                    break;
                }
            };
            if event.data.is_empty() {
                continue;
            }
            let streamed: Streamed = serde_json::from_str(&event.data)
                .with_context(|| format!("an event the stream sent is not JSON: {}", event.data))?;
            deliver(&forward, &args.forward_to, &secret, &streamed).await;
            last = Some(streamed.id.clone());
            forwarded += 1;
            if args.max_events.is_some_and(|max| forwarded >= max) {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
}

/// Forwards one event, signed with `secret`, and prints what the receiver answered.
async fn deliver(client: &reqwest::Client, to: &str, secret: &str, e: &Streamed<'_>) {
    let body = e.body.get();
    let secrets = [secret.to_string()];
    let signed = Signed {
        id: &e.id,
        event_type: Some(&e.event_type),
        attempt: 1,
        secrets: &secrets,
        t: chrono::Utc::now().timestamp(),
        body,
    };
    let mut req = client.post(to).body(body.to_string());
    for (name, value) in signed.headers() {
        req = req.header(name, value);
    }
    let started = Instant::now();
    let answer = match req.send().await {
        Ok(res) => format!("{}", res.status()),
        Err(e) => format!("not delivered: {e}"),
    };
    println!(
        "{}  {:<26} {}  → {answer} ({} ms)",
        chrono::Utc::now().format("%H:%M:%S"),
        e.event_type,
        e.id,
        started.elapsed().as_millis()
    );
}
