//! Webhooks (DESIGN.md "Webhooks"): signed delivery to a real receiver, retries with attempt
//! numbers and backoff, timeouts, the merchant's view of events, redelivery, secret rotation,
//! foreign-currency info and refunded events.

use noren::db::repo::webhooks as repo;
use noren::domain::webhook::verify;
use noren_testkit::receiver::{Receiver, Script};
use noren_testkit::{Options, TestApp, both_databases, fixtures, json};
use serde_json::{Value, json};
use std::time::Duration;

const EVENTS: &str = "/v3/webhook_events";
const WAIT: Duration = Duration::from_secs(10);

fn fast() -> Options {
    Options::env(&[
        ("NOREN_WEBHOOK_RETRY_SCHEDULE", "100ms,200ms,300ms"),
        ("NOREN_WEBHOOK_POLL_MS", "20"),
        ("NOREN_WEBHOOK_TIMEOUT_MS", "500"),
    ])
}

async fn paid_to(
    app: &TestApp,
    key: &str,
    url: &str,
    values: &[(&str, &str)],
    brand: &str,
) -> (String, String) {
    let mut all = vec![("webhook_callback_url", url)];
    all.extend_from_slice(values);
    let created = app.create_payment(key, &all).await;
    let token = created["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    let number = app.pay(&token, brand).await;
    (token, number)
}

/// Polls the event list until `check` holds for the first event.
async fn event_when(app: &TestApp, key: &str, check: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let page = json(app.get_values(EVENTS, key, &[]).await).await;
        if check(&page["data"][0]) {
            return page["data"][0].clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "event never got there: {page:#}"
        );
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

both_databases! {
    async fn a_paid_payment_is_delivered_signed(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Hook").await;
        let secret = fixtures::webhook_secret(app.db(), m.shop.id).await;
        let rx = Receiver::start().await;
        let (token, number) = paid_to(&app, &m.key, &rx.url(), &[("amount", "1000"), ("order_no", "W-1")], "paypay").await;
        let got = rx.wait_for(1, WAIT).await;
        let r = &got[0];
        assert_eq!(r.json(), json!({
            "token": token, "partner_order_no": "W-1", "payment_amount": 1000,
            "payment_method": "paypay", "payment_number": number, "payment_status": "paid",
            "payment_currency_info": null
        }));
        assert_eq!(r.header("content-type"), "application/json");
        assert_eq!(r.header("user-agent"), "Noren-Webhooks/1.0");
        assert_eq!(r.header("noren-delivery-attempt"), "1");
        assert!(r.header("noren-event-id").starts_with("evt_"));
        let now = chrono::Utc::now().timestamp();
        assert!(verify(r.header("noren-signature"), &r.body, &secret, now, 300), "{}", r.header("noren-signature"));
        assert!(!verify(r.header("noren-signature"), &r.body, "whsec_wrong", now, 300));

        let e = event_when(&app, &m.key, |e| e["status"] == "delivered").await;
        assert_eq!(e["id"], r.header("noren-event-id"));
        assert_eq!(e["payment_status"], "paid");
        assert_eq!(e["url"], rx.url());
        assert_eq!(e["body"], r.json());
        assert_eq!(e["attempts"][0]["attempt"], 1);
        assert_eq!(e["attempts"][0]["status_code"], 200);
        assert!(e["attempts"][0]["duration_ms"].is_i64());
        assert!(e["delivered_time"].is_string());
        assert_eq!(e["next_attempt_time"], Value::Null);
    }

    async fn a_failing_receiver_is_retried_with_backoff(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Retry").await;
        let rx = Receiver::with(Script { statuses: vec![500, 503, 200], ..Script::default() }).await;
        paid_to(&app, &m.key, &rx.url(), &[("amount", "1000")], "paypay").await;
        let got = rx.wait_for(3, WAIT).await;
        let attempts: Vec<&str> = got.iter().map(|r| r.header("noren-delivery-attempt")).collect();
        assert_eq!(attempts, ["1", "2", "3"]);
        let ids: std::collections::HashSet<&str> = got.iter().map(|r| r.header("noren-event-id")).collect();
        assert_eq!(ids.len(), 1, "one event id on every attempt");
        assert!(got[1].at - got[0].at >= Duration::from_millis(100), "first retry waits 100ms");
        assert!(got[2].at - got[1].at >= Duration::from_millis(200), "second retry waits 200ms");
        let e = event_when(&app, &m.key, |e| e["status"] == "delivered").await;
        let codes: Vec<Value> = e["attempts"].as_array().expect("attempts").iter().map(|a| a["status_code"].clone()).collect();
        assert_eq!(codes, [json!(500), json!(503), json!(200)]);
        assert_eq!(e["attempts"][0]["error"], "answered 500 Internal Server Error");
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(rx.received().len(), 3, "nothing more after success");
    }

    async fn a_receiver_that_never_answers_times_out_and_the_event_fails(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Slow").await;
        let rx = Receiver::with(Script { delay: Duration::from_secs(30), ..Script::default() }).await;
        paid_to(&app, &m.key, &rx.url(), &[("amount", "1000")], "paypay").await;
        // The first delivery and the three retries of the schedule, then failed for good.
        let e = event_when(&app, &m.key, |e| e["status"] == "failed").await;
        let attempts = e["attempts"].as_array().expect("attempts");
        assert_eq!(attempts.len(), 4);
        for a in attempts {
            assert_eq!(a["status_code"], Value::Null);
            assert_eq!(a["error"], "no answer within 500 ms");
            assert!(a["duration_ms"].as_i64().expect("duration") >= 450);
        }
        assert_eq!(rx.received().len(), 4);
        // A redelivery sends one more attempt, numbered on.
        let id = e["id"].as_str().expect("id");
        let res = app.post_values(&format!("{EVENTS}/{id}/redeliver"), &m.key, &[]).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "pending");
        let got = rx.wait_for(5, WAIT).await;
        assert_eq!(got[4].header("noren-delivery-attempt"), "5");
    }

    async fn refunds_and_foreign_brands_have_their_events(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Foreign").await;
        let rx = Receiver::start().await;
        let (_, number) = paid_to(&app, &m.key, &rx.url(), &[("amount", "1100")], "alipay").await;
        let res = app.post_values("/v3/universal_payments/refund", &m.key, &[("payment_number", &number)]).await;
        assert_eq!(json(res).await["result_code"], 2000);
        let got = rx.wait_for(2, WAIT).await;
        let mut statuses: Vec<String> = got.iter().map(|r| r.json()["payment_status"].as_str().expect("status").to_string()).collect();
        statuses.sort();
        assert_eq!(statuses, ["paid", "refunded"]);
        let info = &got[0].json()["payment_currency_info"];
        assert_eq!(info, &json!({"countryCode": "CN", "currencyCode": "CNY", "exchangeRate": 0.047, "amountLocal": 51.7, "amountPaidLocal": 51.7}));
        let page = json(app.get_values(EVENTS, &m.key, &[("payment_number", &number)]).await).await;
        assert_eq!(page["total"], 2);
        assert_eq!(page["data"][0]["payment_status"], "refunded", "newest first");
    }

    async fn a_rotated_secret_signs_alongside_the_new_one(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Rotate").await;
        let old = fixtures::webhook_secret(app.db(), m.shop.id).await;
        let new = repo::rotate_secret(app.db(), m.shop.id).await.expect("rotate");
        assert_ne!(old, new);
        let rx = Receiver::start().await;
        paid_to(&app, &m.key, &rx.url(), &[("amount", "1000")], "paypay").await;
        let r = &rx.wait_for(1, WAIT).await[0];
        let sig = r.header("noren-signature");
        assert_eq!(sig.matches("v1=").count(), 2, "{sig}");
        let now = chrono::Utc::now().timestamp();
        assert!(verify(sig, &r.body, &old, now, 300));
        assert!(verify(sig, &r.body, &new, now, 300));
    }

    async fn the_shop_default_url_and_no_url(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Default").await;
        // No URL anywhere: the event is kept, nothing is sent, redelivery says why.
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        app.pay(&token, "paypay").await;
        let page = json(app.get_values(EVENTS, &m.key, &[("token", &token)]).await).await;
        assert_eq!(page["data"][0]["status"], "no_url");
        let id = page["data"][0]["id"].as_str().expect("id").to_string();
        let res = app.post_values(&format!("{EVENTS}/{id}/redeliver"), &m.key, &[]).await;
        assert_eq!(res.status(), 409);
        // With the shop's default URL set, redelivery goes there.
        let rx = Receiver::start().await;
        repo::set_shop_url(app.db(), m.shop.id, Some(rx.url())).await.expect("url");
        let res = app.post_values(&format!("{EVENTS}/{id}/redeliver"), &m.key, &[]).await;
        assert_eq!(res.status(), 200);
        let got = rx.wait_for(1, WAIT).await;
        assert_eq!(got[0].header("noren-event-id"), id);
        // New payments without their own URL use the default too.
        let created = app.create_payment(&m.key, &[("amount", "1200")]).await;
        app.pay(created["predefined_payment"]["token"].as_str().expect("token"), "paypay").await;
        let got = rx.wait_for(2, WAIT).await;
        assert_eq!(got[1].json()["payment_amount"], 1200);
    }

    async fn events_belong_to_their_shop_and_mode(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Tenant").await;
        let other = fixtures::test_merchant(app.db(), "Nosy").await;
        let rx = Receiver::start().await;
        paid_to(&app, &m.key, &rx.url(), &[("amount", "1000")], "paypay").await;
        let e = event_when(&app, &m.key, |e| e["status"] == "delivered").await;
        let id = e["id"].as_str().expect("id");
        let page = json(app.get_values(EVENTS, &other.key, &[]).await).await;
        assert_eq!(page["total"], 0);
        let res = app.post_values(&format!("{EVENTS}/{id}/redeliver"), &other.key, &[]).await;
        assert_eq!(res.status(), 404);
        let res = app.get_values(EVENTS, &m.key, &[("limit", "0")]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "limit");
        let res = app.call(reqwest::Method::GET, EVENTS, None, &[]).await;
        assert_eq!(res.status(), 401);
    }
}
