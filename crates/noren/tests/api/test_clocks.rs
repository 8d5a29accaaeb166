//! Test clocks of a shop (issue 35, item 1): a merchant's test mode on a clock it moves. Expiry
//! and the refund window (2102) read it, what is made is stamped with it, an advance runs the
//! webhook retries that fall due in order (signed on real time), and nothing else moves: another
//! shop, live mode, `/healthz`. The refusals: a live key (403), backwards (409), more than 2 years
//! (400), a second clock (409).

use chrono::{DateTime, Duration, SecondsFormat, Timelike, Utc};
use noren::domain::keys::Mode;
use noren::webhooks::signing::{verify, verify_standard};
use noren_testkit::receiver::{Receiver, Script};
use noren_testkit::{TestApp, both_databases, fixtures, json};
use reqwest::Method;
use serde_json::Value;
use std::time::Duration as StdDuration;

const CLOCK: &str = "/v3/test_clock";
const ADVANCE: &str = "/v3/test_clock/advance";
const REFUND: &str = "/v3/universal_payments/refund";

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// How the API shows `t` (milliseconds).
fn shown(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A clock start a month from now, on a whole second.
fn start() -> DateTime<Utc> {
    (Utc::now() + Duration::days(30))
        .with_nanosecond(0)
        .expect("whole second")
}

async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    key: &str,
    values: &[(&str, &str)],
) -> (u16, Value) {
    let res = app.call(method, path, Some(key), values).await;
    let status = res.status().as_u16();
    (status, json(res).await)
}

async fn advance(app: &TestApp, key: &str, to: DateTime<Utc>) -> Value {
    let (status, body) = call(
        app,
        Method::POST,
        ADVANCE,
        key,
        &[("frozen_time", &iso(to))],
    )
    .await;
    assert_eq!(status, 200, "advance: {body}");
    assert_eq!(body["status"], "ready");
    assert_eq!(body["frozen_time"], shown(to));
    body
}

async fn payment(app: &TestApp, key: &str, values: &[(&str, &str)]) -> Value {
    let mut all = vec![("amount", "1000")];
    all.extend_from_slice(values);
    app.create_payment(key, &all).await["predefined_payment"].clone()
}

async fn read(app: &TestApp, token: &str) -> Value {
    json(app.get(&format!("/v3/predefined_payments/{token}")).await).await
}

fn token(p: &Value) -> String {
    p["token"].as_str().expect("token").to_string()
}

fn near_now(shown: &Value) -> bool {
    let t: DateTime<Utc> = shown.as_str().and_then(|s| s.parse().ok()).expect("a time");
    (Utc::now() - t).num_seconds().abs() < 120
}

both_databases! {
    async fn a_shop_s_clock_moves_its_test_mode_and_nothing_else(app) {
        let m = fixtures::test_merchant(app.db(), "Clocked").await;
        let other = fixtures::test_merchant(app.db(), "Unclocked").await;
        let live = fixtures::live_merchant(app.db(), "Live").await;
        let t0 = start();

        let (status, clock) = call(&app, Method::POST, CLOCK, &m.key, &[("frozen_time", &iso(t0)), ("name", "walkthrough")]).await;
        assert_eq!(status, 201, "{clock}");
        assert!(clock["id"].as_str().expect("id").starts_with("clock_"));
        assert_eq!((clock["frozen_time"].as_str(), clock["status"].as_str(), clock["name"].as_str()), (Some(shown(t0).as_str()), Some("ready"), Some("walkthrough")));
        assert_eq!((clock["livemode"].as_bool(), clock["last_advance"].is_null()), (Some(false), true));
        assert_eq!(call(&app, Method::GET, CLOCK, &m.key, &[]).await.1["id"], clock["id"]);

        // One clock per shop and mode; none for live mode.
        let (status, again) = call(&app, Method::POST, CLOCK, &m.key, &[]).await;
        assert_eq!((status, again["code"].as_str()), (409, Some("conflict")), "{again}");
        for method in [Method::POST, Method::GET] {
            let (status, refused) = call(&app, method, CLOCK, &live.key, &[]).await;
            assert_eq!((status, refused["code"].as_str()), (403, Some("forbidden")));
            assert!(refused["message"].as_str().expect("message").contains("test mode only"));
        }
        assert_eq!(call(&app, Method::GET, CLOCK, &other.key, &[]).await.0, 404, "another shop has no clock");
        let (status, old) = call(&app, Method::POST, CLOCK, &other.key, &[("frozen_time", "1999-12-31T23:59:59Z")]).await;
        assert_eq!((status, old["errors"][0]["field"].as_str()), (400, Some("frozen_time")), "{old}");

        // Made under the clock: stamped with its time; expiry reads it.
        let p = payment(&app, &m.key, &[("expires_after", "3600")]).await;
        assert_eq!(p["create_time"], shown(t0));
        assert_eq!(p["expired"], false);
        let q = payment(&app, &other.key, &[("expires_after", "3600")]).await;
        assert!(near_now(&q["create_time"]), "another shop keeps real time: {q}");
        let ran = advance(&app, &m.key, t0 + Duration::hours(2)).await;
        assert_eq!(ran["last_advance"]["total"], 0);
        assert_eq!(read(&app, &token(&p)).await["expired"], true);
        let refused = app.choose(&token(&p), "paypay", 0).await;
        assert_eq!(refused.status(), 409, "the checkout refuses an expired payment");
        assert_eq!(read(&app, &token(&q)).await["expired"], false, "another shop's payment does not expire");
        let h = app.get("/healthz").await;
        assert_eq!(h.status(), 200);

        // The refund window (90 days) on the clock: 2102 after it, while another shop refunds.
        let r = payment(&app, &m.key, &[]).await;
        let number = app.pay(&token(&r), "paypay").await;
        let paid = read(&app, &token(&r)).await;
        assert_eq!(paid["associated_payments"][0]["history"][1]["operation_time"], shown(t0 + Duration::hours(2)), "{paid}");
        advance(&app, &m.key, t0 + Duration::hours(2) + Duration::days(91)).await;
        let (_, late) = call(&app, Method::POST, REFUND, &m.key, &[("payment_number", &number)]).await;
        assert_eq!(late["result_code"], 2102, "{late}");
        let o = payment(&app, &other.key, &[]).await;
        let other_number = app.pay(&token(&o), "paypay").await;
        let (_, done) = call(&app, Method::POST, REFUND, &other.key, &[("payment_number", &other_number)]).await;
        assert_eq!(done["result_code"], 2000);

        // The limits: backwards, beyond 2 years, not a time.
        let now_on_clock = t0 + Duration::hours(2) + Duration::days(91);
        let (status, back) = call(&app, Method::POST, ADVANCE, &m.key, &[("frozen_time", &iso(t0))]).await;
        assert_eq!((status, back["code"].as_str()), (409, Some("conflict")));
        assert!(back["message"].as_str().expect("message").contains("never moves backwards"));
        let far = now_on_clock + Duration::days(800);
        let (status, too_far) = call(&app, Method::POST, ADVANCE, &m.key, &[("frozen_time", &iso(far))]).await;
        assert_eq!((status, too_far["errors"][0]["field"].as_str()), (400, Some("frozen_time")), "{too_far}");
        let (status, bad) = call(&app, Method::POST, ADVANCE, &m.key, &[("frozen_time", "tomorrow")]).await;
        assert_eq!((status, bad["errors"][0]["field"].as_str()), (400, Some("frozen_time")));
        let (status, missing) = call(&app, Method::POST, ADVANCE, &m.key, &[]).await;
        assert_eq!((status, missing["errors"][0]["field"].as_str()), (400, Some("frozen_time")));
        let (status, _) = call(&app, Method::POST, ADVANCE, &other.key, &[("frozen_time", &iso(far))]).await;
        assert_eq!(status, 404, "another shop has no clock to advance");

        // Deleted: back on real time; what was made keeps its times.
        let (status, deleted) = call(&app, Method::DELETE, CLOCK, &m.key, &[]).await;
        assert_eq!((status, deleted["deleted"].as_bool(), deleted["id"].clone()), (200, Some(true), clock["id"].clone()));
        assert_eq!(call(&app, Method::GET, CLOCK, &m.key, &[]).await.0, 404);
        assert_eq!(call(&app, Method::DELETE, CLOCK, &m.key, &[]).await.0, 404);
        assert!(near_now(&payment(&app, &m.key, &[]).await["create_time"]));
        assert_eq!(read(&app, &token(&p)).await["create_time"], shown(t0));
    }

    async fn advancing_sends_the_webhook_retries_that_fall_due_in_order(app) {
        let m = fixtures::test_merchant(app.db(), "Retries").await;
        let secret = fixtures::webhook_secret(app.state(), m.shop.id, Mode::Test).await;
        let rx = Receiver::with(Script { statuses: vec![503, 503, 503, 503, 200], ..Script::default() }).await;
        let t0 = start();
        let (status, _) = call(&app, Method::POST, CLOCK, &m.key, &[("frozen_time", &iso(t0))]).await;
        assert_eq!(status, 201);

        // The first delivery goes at once, as without a clock; its retries wait for the clock
        // (10 s, 30 s, 1 min, 5 min after each failure, on it).
        let p = payment(&app, &m.key, &[("webhook_callback_url", &rx.url())]).await;
        app.pay(&token(&p), "paypay").await;
        rx.wait_for(1, StdDuration::from_secs(10)).await;
        app.settle_jobs().await;
        assert_eq!(rx.received().len(), 1, "the retries wait for the clock");

        let two_minutes = advance(&app, &m.key, t0 + Duration::minutes(2)).await;
        assert_eq!(two_minutes["last_advance"]["ran"]["webhook"], 3, "{two_minutes}");
        assert_eq!(rx.received().len(), 4);
        let ten_minutes = advance(&app, &m.key, t0 + Duration::minutes(10)).await;
        assert_eq!(ten_minutes["last_advance"]["total"], 1);
        let got = rx.received();
        assert_eq!(got.len(), 5);
        let now = Utc::now().timestamp();
        for (n, r) in got.iter().enumerate() {
            assert_eq!(r.header("noren-delivery-attempt"), (n + 1).to_string());
            assert!(verify(r.header("noren-signature"), &r.body, &secret, now, 300), "attempt {} is signed on real time", n + 1);
            assert!(verify_standard(r.header("webhook-id"), r.header("webhook-timestamp"), r.header("webhook-signature"), &r.body, &secret, now, 300));
        }
        assert_eq!(advance(&app, &m.key, t0 + Duration::days(1)).await["last_advance"]["total"], 0, "delivered: nothing more to run");

        // The event's log is on the clock: the attempts at their due times on it.
        let events = json(app.get_values("/v3/webhook_events", &m.key, &[("token", &token(&p))]).await).await;
        let event = &events["data"][0];
        assert_eq!(event["status"], "delivered", "{event}");
        assert_eq!(event["create_time"], shown(t0));
        let times: Vec<&str> = event["attempts"].as_array().expect("attempts").iter().map(|a| a["time"].as_str().expect("time")).collect();
        let due = [0, 10, 40, 100, 400].map(|s| shown(t0 + Duration::seconds(s)));
        assert_eq!(times, due.iter().map(String::as_str).collect::<Vec<_>>());
    }
}
