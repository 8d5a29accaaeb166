//! The event stream, `noren listen` and `noren trigger` (issue 35, item 2): the real binary forwards the key's
//! test-mode events to a local receiver, signed with the listener secret (Standard Webhooks and
//! `Noren-Signature`), and never another shop's; the stream resumes after `Last-Event-ID` with
//! nothing lost or repeated; a live key is refused (403), a sixth stream of a key too (429), and
//! a `Last-Event-ID` of another shop's event is unknown (400).

use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use noren::webhooks::signing::{verify, verify_standard};
use noren_testkit::receiver::Receiver;
use noren_testkit::{TestApp, both_databases, fixtures, json};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};

const BIN: &str = env!("CARGO_BIN_EXE_noren");
const STREAM: &str = "/v3/events/stream";
const SECRET: &str = "whsec_bGlzdGVuZXJzZWNyZXRmb3J0ZXN0aW5nMDE";

async fn paid(app: &TestApp, key: &str) -> String {
    let created = app.create_payment(key, &[("amount", "1000")]).await;
    let token = created["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    app.pay(&token, "paypay").await
}

async fn open(app: &TestApp, key: &str, last: Option<&str>) -> reqwest::Response {
    let mut req = app
        .client
        .get(app.url(STREAM))
        .header("X-Auth-API-Key", key);
    if let Some(id) = last {
        req = req.header("Last-Event-ID", id);
    }
    req.send().await.expect("sent")
}

/// The next `n` events' (id, type) of an open stream.
async fn next(
    events: &mut (
             impl futures_util::Stream<Item = Result<eventsource_stream::Event, impl std::fmt::Debug>>
             + Unpin
         ),
    n: usize,
) -> Vec<(String, String)> {
    let mut got = Vec::new();
    while got.len() < n {
        let e = tokio::time::timeout(Duration::from_secs(10), events.next())
            .await
            .expect("an event within 10 s")
            .expect("the stream goes on")
            .expect("a well-formed event");
        let data: serde_json::Value = serde_json::from_str(&e.data).expect("JSON data");
        assert_eq!(data["id"], e.id.as_str());
        assert_eq!(data["type"], e.event.as_str());
        got.push((e.id, e.event));
    }
    got
}

/// `noren listen` with `args` and `key`, once it says it is connected; its stdout's lines.
async fn listening(
    key: &str,
    args: &[&str],
) -> (
    tokio::process::Child,
    tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    Vec<String>,
) {
    let mut child = tokio::process::Command::new(BIN)
        .arg("listen")
        .args(args)
        .args(["--secret", SECRET])
        .env("NOREN_KEY", key)
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("noren listen starts");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut said = Vec::new();
    while let Some(line) = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
        .await
        .expect("a line")
        .expect("stdout")
    {
        said.push(line.clone());
        if line.starts_with("Connected") {
            break;
        }
    }
    (child, lines, said)
}

/// Starts `noren logs tail` with `key` and waits until it is connected; its stdout's lines.
async fn tailing(
    key: &str,
    args: &[&str],
) -> (
    tokio::process::Child,
    tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
) {
    let mut child = tokio::process::Command::new(BIN)
        .args(["logs", "tail"])
        .args(args)
        .env("NOREN_KEY", key)
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("noren logs tail starts");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    while let Some(line) = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
        .await
        .expect("a line")
        .expect("stdout")
    {
        if line.starts_with("Connected") {
            break;
        }
    }
    (child, lines)
}

/// The next `n` lines a running command prints.
async fn lines_of(
    lines: &mut tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    n: usize,
) -> Vec<String> {
    let mut got = Vec::new();
    while got.len() < n {
        let line = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
            .await
            .expect("a line within 10 s")
            .expect("stdout")
            .expect("it goes on");
        got.push(line);
    }
    got
}

both_databases! {
    async fn noren_logs_tail_shows_the_key_s_requests_and_nothing_else(app) {
        let m = fixtures::test_merchant(app.db(), "Tailing").await;
        let other = fixtures::test_merchant(app.db(), "Elsewhere").await;
        let live = fixtures::live_merchant(app.db(), "LiveTail").await;
        let base = app.url("").trim_end_matches('/').to_string();
        let (mut all, mut all_lines) = tailing(&m.key, &["--api-base", &base, "--json", "--max-requests", "3"]).await;
        let (mut errors, mut error_lines) = tailing(&m.key, &["--api-base", &base, "--status", "4xx", "--max-requests", "1"]).await;

        // Another shop's request and a live key's are never shown.
        app.create_payment(&other.key, &[("amount", "1000")]).await;
        app.client.get(app.url("/v3/api_keys/whoami")).header("X-Auth-API-Key", &live.key).send().await.expect("sent");
        // The shop's own: a payment, a refused one, a key check.
        app.create_payment(&m.key, &[("amount", "1000")]).await;
        let bad = app.post_values("/v3/predefined_payments/create_online_payment", &m.key, &[("amount", "1")]).await;
        assert_eq!(bad.status(), 400);
        let bad_id = bad.headers()["x-request-id"].to_str().expect("text").to_string();
        let res = app.client.get(app.url("/v3/api_keys/whoami?x=secret")).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
        assert_eq!(res.status(), 200);

        let got: Vec<serde_json::Value> = lines_of(&mut all_lines, 3).await.iter().map(|l| serde_json::from_str(l).expect("JSON")).collect();
        let seen: Vec<(String, u64)> = got.iter().map(|e| (e["path"].as_str().expect("path").to_string(), e["status"].as_u64().expect("status"))).collect();
        assert_eq!(seen, [
            ("/v3/predefined_payments/create_online_payment".to_string(), 200),
            ("/v3/predefined_payments/create_online_payment".to_string(), 400),
            ("/v3/api_keys/whoami".to_string(), 200),
        ]);
        assert_eq!(got[1]["code"], "client");
        assert_eq!(got[1]["request_id"], bad_id.as_str());
        assert_eq!(got[0]["method"], "POST");
        assert!(got[0]["code"].is_null() && got[0]["duration_ms"].as_f64().is_some());
        let text = serde_json::to_string(&got).expect("text");
        assert!(!text.contains(&m.key) && !text.contains("secret") && !text.contains("amount"), "no key, query or body: {text}");
        let human = lines_of(&mut error_lines, 1).await;
        assert!(human[0].contains(" 400 ") && human[0].contains("client") && human[0].contains(&bad_id), "{human:?}");
        for child in [&mut all, &mut errors] {
            assert!(tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("it stops").expect("status").success());
        }

        // A live key, a bad filter: refused with the error body.
        let res = app.client.get(app.url("/v3/logs/stream")).header("X-Auth-API-Key", &live.key).send().await.expect("sent");
        assert_eq!(res.status(), 403);
        let res = app.client.get(app.url("/v3/logs/stream?status=6xx")).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "status");
        // At most 5 log streams per key.
        let mut open = Vec::new();
        for _ in 0..5 {
            let res = app.client.get(app.url("/v3/logs/stream")).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
            assert_eq!(res.status(), 200);
            open.push(res);
        }
        let res = app.client.get(app.url("/v3/logs/stream")).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
        assert_eq!(res.status(), 429);
    }

    async fn a_partner_tails_its_platform_s_requests(app) {
        use crate::inbound_booking::shop_with;
        let s = shop_with(&app, |_| {}, |_| {}).await;
        let base = app.url("").trim_end_matches('/').to_string();
        let (mut child, mut lines) = tailing(&s.test, &["--api-base", &base, "--platform", s.platform, "--json", "--max-requests", "1"]).await;
        // The shop's own request (its merchant key) is not the platform's.
        app.client.get(app.url("/v3/api_keys/whoami")).header("X-Auth-API-Key", &s.merchant).send().await.expect("sent");
        let path = format!("/v3/inbound-external/{}/shops/{}/availability", s.platform, s.id);
        let res = app.client.get(app.url(&format!("{path}?requestDate=tomorrow"))).bearer_auth(&s.test).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        let got: serde_json::Value = serde_json::from_str(&lines_of(&mut lines, 1).await[0]).expect("JSON");
        assert_eq!(got["path"], path.as_str());
        assert_eq!(got["status"], 400);
        assert_eq!(got["code"], "client");
        assert!(got["durationMs"].as_f64().is_some() && got["requestId"].is_string(), "{got}");
        assert!(tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("it stops").expect("status").success());
        let res = app.client.get(app.url(&format!("/v3/inbound-external/{}/logs/stream", s.platform))).bearer_auth(&s.live).send().await.expect("sent");
        assert_eq!(res.status(), 403);
    }

    async fn noren_listen_forwards_the_key_s_events_signed_with_its_secret(app) {
        let m = fixtures::test_merchant(app.db(), "Listening").await;
        let other = fixtures::test_merchant(app.db(), "Elsewhere").await;
        let rx = Receiver::start().await;
        let (mut child, mut lines, mut said) = listening(&m.key, &["--forward-to", &rx.url(), "--api-base", app.url("").trim_end_matches('/'), "--max-events", "2"]).await;
        assert!(said[0].contains(SECRET), "it prints the secret: {said:?}");

        paid(&app, &other.key).await;
        let number = paid(&app, &m.key).await;
        let got = rx.wait_for(1, Duration::from_secs(5)).await;
        let first = &got[0];
        assert_eq!(first.json()["payment_number"], number.as_str(), "the key's own event, not another shop's");
        let now = chrono::Utc::now().timestamp();
        assert!(verify_standard(first.header("webhook-id"), first.header("webhook-timestamp"), first.header("webhook-signature"), &first.body, SECRET, now, 300));
        assert!(verify(first.header("noren-signature"), &first.body, SECRET, now, 300));
        assert_eq!(first.header("noren-event-type"), "payment.paid");

        // A refund: the second event, and the listener's last (`--max-events 2`).
        let res = app.post_values("/v3/universal_payments/refund", &m.key, &[("payment_number", &number)]).await;
        assert_eq!(json(res).await["result_code"], 2000);
        let got = rx.wait_for(2, Duration::from_secs(5)).await;
        assert_eq!(got[1].header("noren-event-type"), "payment.refunded");
        assert_eq!(got.len(), 2);
        let status = tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("it stops").expect("status");
        assert!(status.success());
        while let Some(line) = lines.next_line().await.expect("stdout") {
            said.push(line);
        }
        assert!(said.iter().any(|l| l.contains("payment.refunded") && l.contains("200 OK")), "each delivery's answer is shown: {said:?}");
    }

    async fn noren_trigger_drives_the_sandbox_and_noren_listen_delivers_within_a_second(app) {
        let m = fixtures::test_merchant(app.db(), "Triggered").await;
        let base = app.url("").trim_end_matches('/').to_string();
        let rx = Receiver::start().await;
        let (mut child, _lines, _) = listening(&m.key, &["--forward-to", &rx.url(), "--api-base", &base, "--max-events", "2"]).await;
        let out = tokio::process::Command::new(BIN)
            .args(["trigger", "payment.refunded", "--api-base", &base])
            .env("NOREN_KEY", &m.key)
            .output()
            .await
            .expect("noren trigger runs");
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
        assert!(said.contains("created payment") && said.contains("approved attempt") && said.contains("refunded attempt"), "{said}");
        let triggered = std::time::Instant::now();
        let got = rx.wait_for(2, Duration::from_secs(5)).await;
        assert!(triggered.elapsed() < Duration::from_secs(2), "both events within a second or so: {:?}", triggered.elapsed());
        let now = chrono::Utc::now().timestamp();
        let types: Vec<&str> = got.iter().map(|r| r.header("noren-event-type")).collect();
        assert_eq!(types, ["payment.paid", "payment.refunded"]);
        for r in &got {
            assert!(verify(r.header("noren-signature"), &r.body, SECRET, now, 300));
        }
        assert!(tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("it stops").expect("status").success());

        // Refused: an event it cannot make, a live key.
        let live = fixtures::live_merchant(app.db(), "LiveTrigger").await;
        for (event, key) in [("reservation.exploded", m.key.as_str()), ("payment.paid", live.key.as_str())] {
            let out = tokio::process::Command::new(BIN)
                .args(["trigger", event, "--api-base", &base])
                .env("NOREN_KEY", key)
                .output()
                .await
                .expect("runs");
            assert!(!out.status.success(), "{event} with {key}");
        }
    }

    async fn a_partner_listens_to_its_platform_s_notifications(app) {
        use crate::inbound_booking::{NEXT, booking, create, shop_with};
        let s = shop_with(&app, |_| {}, |_| {}).await;
        let rx = Receiver::start().await;
        let base = app.url("").trim_end_matches('/').to_string();
        let (mut child, _lines, _) = listening(&s.test, &["--forward-to", &rx.url(), "--api-base", &base, "--platform", s.platform, "--max-events", "1"]).await;
        // The shop's own stream never carries the platform's notifications.
        let res = open(&app, &s.merchant, None).await;
        assert_eq!(res.status(), 200);
        let mut shop_events = res.bytes_stream().eventsource();
        let res = create(&app, &s.test, s.id, &booking(&s, "L-1", &format!("{NEXT}T19:00"), 2)).await;
        assert_eq!(res.status(), 200);
        let id = json(res).await["id"].as_str().expect("id").to_string();
        let res = app.client
            .patch(app.url(&format!("/v3/inbound-external/{}/shops/reservations/{id}/cancel", s.platform)))
            .bearer_auth(&s.test)
            .json(&serde_json::json!({"remark": "Plans changed."}))
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 200);
        let got = rx.wait_for(1, Duration::from_secs(5)).await;
        assert_eq!(got[0].header("noren-event-type"), "reservation.cancelled");
        assert_eq!(got[0].json()["reservation"]["id"], id.as_str());
        assert!(verify(got[0].header("noren-signature"), &got[0].body, SECRET, chrono::Utc::now().timestamp(), 300));
        assert!(tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("it stops").expect("status").success());
        assert!(tokio::time::timeout(Duration::from_millis(600), shop_events.next()).await.is_err(), "nothing on the shop's stream");
        // A live partner key is refused.
        let res = app.client.get(app.url(&format!("/v3/inbound-external/{}/events/stream", s.platform))).bearer_auth(&s.live).send().await.expect("sent");
        assert_eq!(res.status(), 403);
    }

    async fn noren_trigger_reservation_confirmed_books_as_the_partner_and_confirms_as_the_shop(app) {
        use crate::inbound_booking::shop_with;
        let s = shop_with(&app, |s| s.real_time_bookable = false, |_| {}).await;
        let rx = Receiver::start().await;
        let base = app.url("").trim_end_matches('/').to_string();
        let (mut child, _lines, _) = listening(&s.test, &["--forward-to", &rx.url(), "--api-base", &base, "--platform", s.platform, "--events", "reservation.confirmed", "--max-events", "1"]).await;
        let out = tokio::process::Command::new(BIN)
            .args(["trigger", "reservation.confirmed", "--api-base", &base, "--platform", s.platform])
            .env("NOREN_KEY", &s.merchant)
            .env("NOREN_PARTNER_KEY", &s.test)
            .output()
            .await
            .expect("runs");
        let said = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
        assert!(said.contains("\"PENDING\"") && said.contains("confirmed reservation rsv_"), "{said}");
        let id = said.split_whitespace().nth(2).expect("the reservation's id").to_string();
        let got = rx.wait_for(1, Duration::from_secs(5)).await;
        assert_eq!(got[0].header("noren-event-type"), "reservation.confirmed");
        assert_eq!(got[0].json()["reservation"]["id"], id.as_str());
        assert_eq!(got[0].json()["newStatus"], "SUCCESS");
        assert!(verify_standard(got[0].header("webhook-id"), got[0].header("webhook-timestamp"), got[0].header("webhook-signature"), &got[0].body, SECRET, chrono::Utc::now().timestamp(), 300));
        assert!(tokio::time::timeout(Duration::from_secs(10), child.wait()).await.expect("it stops").expect("status").success());

        // A shop that confirms at once never sends reservation.confirmed: refused with the reason.
        let real = shop_with(&app, |_| {}, |_| {}).await;
        let out = tokio::process::Command::new(BIN)
            .args(["trigger", "reservation.confirmed", "--api-base", &base, "--platform", real.platform])
            .env("NOREN_KEY", &real.merchant)
            .env("NOREN_PARTNER_KEY", &real.test)
            .output()
            .await
            .expect("runs");
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("real time"));
        // Without the partner's key, or with a live one, it says what it needs.
        for partner in [None, Some(s.live.as_str())] {
            let mut cmd = tokio::process::Command::new(BIN);
            cmd.args(["trigger", "reservation.confirmed", "--api-base", &base, "--platform", s.platform]).env("NOREN_KEY", &s.merchant);
            if let Some(k) = partner { cmd.env("NOREN_PARTNER_KEY", k); }
            let out = cmd.output().await.expect("runs");
            assert!(!out.status.success());
            assert!(String::from_utf8_lossy(&out.stderr).contains("partner"), "{}", String::from_utf8_lossy(&out.stderr));
        }
    }

    async fn a_stream_resumes_after_its_last_event_and_stays_with_its_key(app) {
        let m = fixtures::test_merchant(app.db(), "Resume").await;
        let other = fixtures::test_merchant(app.db(), "Other").await;
        let live = fixtures::live_merchant(app.db(), "Live").await;
        let res = open(&app, &m.key, None).await;
        assert_eq!(res.status(), 200);
        assert!(res.headers()["content-type"].to_str().expect("text").starts_with("text/event-stream"));
        let mut events = res.bytes_stream().eventsource();
        paid(&app, &m.key).await;
        let first = next(&mut events, 1).await;
        assert_eq!(first[0].1, "payment.paid");
        drop(events);

        // Two more while nobody listens, and another shop's.
        paid(&app, &m.key).await;
        paid(&app, &other.key).await;
        paid(&app, &m.key).await;
        let res = open(&app, &m.key, Some(&first[0].0)).await;
        assert_eq!(res.status(), 200);
        let mut events = res.bytes_stream().eventsource();
        let resumed = next(&mut events, 2).await;
        assert!(resumed.iter().all(|(id, t)| id != &first[0].0 && t == "payment.paid"), "{resumed:?}");
        assert_ne!(resumed[0].0, resumed[1].0);
        drop(events);

        // Refusals: a live key, an event of another shop as Last-Event-ID, an unknown type, a sixth stream.
        let res = open(&app, &live.key, None).await;
        assert_eq!(res.status(), 403);
        assert_eq!(json(res).await["code"], "forbidden");
        let res = app.client.get(app.url(STREAM)).header("X-Auth-API-Key", &other.key).header("Last-Event-ID", &first[0].0).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "Last-Event-ID");
        let res = app.client.get(app.url(&format!("{STREAM}?events=reservation.confirmed"))).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        let mut open_streams = Vec::new();
        for _ in 0..5 {
            let res = open(&app, &m.key, None).await;
            assert_eq!(res.status(), 200);
            open_streams.push(res);
        }
        let res = open(&app, &m.key, None).await;
        assert_eq!(res.status(), 429);
        assert!(res.headers().contains_key("retry-after"));
        assert_eq!(open(&app, &other.key, None).await.status(), 200, "per key");
        drop(open_streams);
    }
}
