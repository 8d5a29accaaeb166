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
    let (url, auth) = stream_of(
        &args.api_base,
        &args.api_key,
        args.platform.as_deref(),
        "events",
    )?;
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
        let res = connect(req, &url).await?;
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

/// Opens a stream, trying again with backoff (250 ms doubling to 10 s) while the server cannot
/// be reached or answers 429 or 5xx; any other refusal is the command's error.
pub(super) async fn connect(
    req: reqwest::RequestBuilder,
    url: &str,
) -> anyhow::Result<reqwest::Response> {
    let mut wait = Duration::from_millis(250);
    loop {
        let attempt = req
            .try_clone()
            .context("a stream request has no body to clone")?;
        match attempt.send().await {
            Err(e) => eprintln!("cannot reach {url} ({e}); trying again in {wait:?}"),
            Ok(res) if res.status().as_u16() == 429 || res.status().is_server_error() => {
                eprintln!(
                    "the stream answered {}; trying again in {wait:?}",
                    res.status()
                );
            }
            Ok(res) if !res.status().is_success() => {
                let status = res.status();
                let body = res.text().await.unwrap_or_default();
                bail!("the stream answered {status}: {body}");
            }
            Ok(res) => return Ok(res),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(10));
    }
}

/// The URL of a key's stream (`events` or `logs`) and the header that authenticates it: a
/// merchant's secret test key, or a partner's test key with its platform.
pub(super) fn stream_of(
    api_base: &str,
    key: &str,
    platform: Option<&str>,
    stream: &str,
) -> anyhow::Result<(String, (&'static str, String))> {
    let base = api_base.trim_end_matches('/');
    Ok(match (platform, key.starts_with("ipk_test_")) {
        (Some(platform), true) => (
            format!("{base}/v3/inbound-external/{platform}/{stream}/stream"),
            ("Authorization", format!("Bearer {key}")),
        ),
        (None, true) => bail!("a partner key reads its platform's stream: give --platform"),
        (_, false) if key.starts_with("sk_test_") => (
            format!("{base}/v3/{stream}/stream"),
            ("X-Auth-API-Key", key.to_string()),
        ),
        _ => bail!(
            "this command takes a merchant's secret test key (sk_test_…) or a partner's test key \
             (ipk_test_…, with --platform): streams are test mode only"
        ),
    })
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
