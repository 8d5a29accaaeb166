//! Webhook endpoints (issue 34): a merchant's and a partner platform's endpoints managed over
//! the API, an event delivered to every endpoint subscribed to it (and to the payment's
//! `webhook_callback_url`), Standard Webhooks headers verified with each endpoint's secret,
//! rotation with overlap on the settable clock, the delivery log with the receiver's answers,
//! and the bad inputs: URLs, event types, the 17th endpoint, another owner's or mode's key.

use chrono::{Duration as ChronoDuration, Utc};
use noren::db::repo::accounts;
use noren::domain::keys::{MerchantFamily, Mode, PartnerFamily};
use noren::inbound::domain::reservation::ReservationStatus;
use noren::inbound::store::catalog::{self, NewCourse, ShopSettings};
use noren::inbound::store::reservations::{self, NewLine, NewReservation};
use noren::webhooks::signing::{verify, verify_standard};
use noren_testkit::receiver::{Received, Receiver, Script};
use noren_testkit::{Options, TestApp, both_databases, fixtures, json};
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const ENDPOINTS: &str = "/v3/webhook_endpoints";
const WAIT: Duration = Duration::from_secs(10);

fn fast() -> Options {
    Options::env(&[
        ("NOREN_WEBHOOK_RETRY_SCHEDULE", "100ms,200ms,300ms"),
        ("NOREN_WEBHOOK_POLL_MS", "20"),
        ("NOREN_WEBHOOK_TIMEOUT_MS", "500"),
    ])
}

/// Jobs run only when the test says, retries a minute apart on the settable clock.
fn manual() -> Options {
    Options::env(&[("NOREN_WEBHOOK_RETRY_SCHEDULE", "1m,1m,1m")]).manual_jobs()
}

async fn create(app: &TestApp, key: &str, values: &[(&str, &str)]) -> Value {
    let res = app.post_values(ENDPOINTS, key, values).await;
    let status = res.status();
    let body = json(res).await;
    assert_eq!(status, 201, "create: {body}");
    body
}

/// Checks both signatures of `r` under `secret`, at the clock's `now`.
fn signed_by(r: &Received, secret: &str, now: i64) -> bool {
    verify_standard(
        r.header("webhook-id"),
        r.header("webhook-timestamp"),
        r.header("webhook-signature"),
        &r.body,
        secret,
        now,
        300,
    ) && verify(r.header("noren-signature"), &r.body, secret, now, 300)
}

async fn paid(app: &TestApp, key: &str, values: &[(&str, &str)]) -> String {
    let mut all = vec![("amount", "1000")];
    all.extend_from_slice(values);
    let created = app.create_payment(key, &all).await;
    let token = created["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    app.pay(&token, "paypay").await;
    token
}

async fn log(app: &TestApp, key: &str, id: &str, values: &[(&str, &str)]) -> Value {
    let res = app
        .get_values(&format!("{ENDPOINTS}/{id}/deliveries"), key, values)
        .await;
    assert_eq!(res.status(), 200);
    json(res).await
}

both_databases! {
    async fn a_merchant_s_event_reaches_each_endpoint_and_the_callback_url_signed_for_each(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Endpoints").await;
        let shop_secret = fixtures::webhook_secret(app.state(), m.shop.id, Mode::Test).await;
        let (a, b, c, refunds) = (Receiver::start().await, Receiver::start().await, Receiver::start().await, Receiver::start().await);
        let ea = create(&app, &m.key, &[("url", &a.url()), ("enabled_events", "payment.paid,payment.refunded"), ("description", "Fulfilment")]).await;
        let eb = create(&app, &m.key, &[("url", &b.url()), ("enabled_events", "*")]).await;
        create(&app, &m.key, &[("url", &refunds.url()), ("enabled_events", "payment.refunded")]).await;
        assert!(ea["id"].as_str().expect("id").starts_with("we_"));
        assert_eq!(ea["enabled_events"], json!(["payment.paid", "payment.refunded"]));
        assert_eq!((ea["description"].as_str(), ea["disabled"].as_bool(), ea["livemode"].as_bool()), (Some("Fulfilment"), Some(false), Some(false)));
        let (sa, sb) = (ea["secret"].as_str().expect("secret"), eb["secret"].as_str().expect("secret"));
        assert!(sa.starts_with("whsec_") && sa != sb);

        // Reads never show a secret.
        let list = json(app.get_values(ENDPOINTS, &m.key, &[]).await).await;
        assert_eq!(list["count"], 3);
        assert!(list["data"].as_array().expect("data").iter().all(|e| e.get("secret").is_none()));
        let one = json(app.get_values(&format!("{ENDPOINTS}/{}", ea["id"].as_str().expect("present")), &m.key, &[]).await).await;
        assert_eq!(one["url"], a.url());
        assert!(one.get("secret").is_none());

        paid(&app, &m.key, &[("webhook_callback_url", &c.url())]).await;
        let now = Utc::now().timestamp();
        let (ga, gb, gc) = (a.wait_for(1, WAIT).await, b.wait_for(1, WAIT).await, c.wait_for(1, WAIT).await);
        let id = ga[0].header("webhook-id");
        assert!(id.starts_with("evt_"));
        for r in [&ga[0], &gb[0], &gc[0]] {
            assert_eq!(r.header("webhook-id"), id, "one event id for every destination");
            assert_eq!(r.header("noren-event-id"), id);
            assert_eq!(r.header("noren-event-type"), "payment.paid");
            assert_eq!(r.json()["payment_status"], "paid");
        }
        assert!(signed_by(&ga[0], sa, now) && !signed_by(&ga[0], sb, now), "A is signed with A's secret only");
        assert!(signed_by(&gb[0], sb, now));
        assert!(signed_by(&gc[0], &shop_secret, now), "the callback URL keeps the shop's secret, now with Standard Webhooks headers too");
        // Only a refunded event goes to the endpoint that takes only those.
        app.settle_jobs().await;
        assert!(refunds.received().is_empty());

        // The log: the attempt with the headers sent and the receiver's answer.
        let page = log(&app, &m.key, ea["id"].as_str().expect("present"), &[]).await;
        assert_eq!(page["count"], 1);
        let entry = &page["data"][0];
        assert_eq!((entry["event_id"].as_str(), entry["event_type"].as_str()), (Some(id), Some("payment.paid")));
        assert_eq!((entry["outcome"].as_str(), entry["status_code"].as_i64(), entry["attempt"].as_i64()), (Some("succeeded"), Some(200), Some(1)));
        assert_eq!(entry["response_body"], "answer 1");
        assert_eq!(entry["response_headers"]["x-receiver"], "request 1");
        assert_eq!(entry["request_headers"]["webhook-signature"], ga[0].header("webhook-signature"));
        assert_eq!(entry["request_headers"]["noren-signature"], ga[0].header("noren-signature"));
        assert!(!entry.to_string().contains(sa.trim_start_matches("whsec_")), "no secret in the log");
        assert_eq!(page["has_more"], false);
    }

    async fn the_delivery_log_keeps_each_failure_with_the_answer_and_pages_newest_first(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Log").await;
        let rx = Receiver::with(Script { statuses: vec![503, 500, 200], ..Script::default() }).await;
        let e = create(&app, &m.key, &[("url", &rx.url()), ("enabled_events", "*")]).await;
        let id = e["id"].as_str().expect("present").to_string();
        paid(&app, &m.key, &[]).await;
        assert_eq!(app.run_due_jobs().await, 1);
        for _ in 0..2 {
            app.state().clock.advance(ChronoDuration::seconds(61));
            assert_eq!(app.run_due_jobs().await, 1);
        }
        assert_eq!(rx.received().len(), 3);
        let page = log(&app, &m.key, &id, &[]).await;
        let outcomes: Vec<(i64, &str, i64)> = page["data"].as_array().expect("present").iter()
            .map(|a| (a["attempt"].as_i64().expect("present"), a["outcome"].as_str().expect("present"), a["status_code"].as_i64().expect("present")))
            .collect();
        assert_eq!(outcomes, [(3, "succeeded", 200), (2, "failed", 500), (1, "failed", 503)]);
        assert_eq!(page["data"][2]["response_body"], "answer 1");
        assert_eq!(page["data"][2]["error"], "answered 503 Service Unavailable");
        // Filters and paging.
        let failed = log(&app, &m.key, &id, &[("outcome", "failed")]).await;
        assert_eq!(failed["count"], 2);
        let first = log(&app, &m.key, &id, &[("limit", "1")]).await;
        assert_eq!((first["count"].as_i64(), first["has_more"].as_bool()), (Some(1), Some(true)));
        let cursor = first["next_starting_after"].as_str().expect("cursor");
        let second = log(&app, &m.key, &id, &[("limit", "2"), ("starting_after", cursor)]).await;
        assert_eq!(second["data"][0]["attempt"], 2);
        assert_eq!(second["has_more"], false);
        assert_eq!(second["next_starting_after"], Value::Null);
        assert_eq!(log(&app, &m.key, &id, &[("event_type", "payment.refunded")]).await["count"], 0);
        let later = (app.state().clock.now() + ChronoDuration::hours(1)).to_rfc3339();
        assert_eq!(log(&app, &m.key, &id, &[("since", &later)]).await["count"], 0);
        assert_eq!(log(&app, &m.key, &id, &[("until", &later)]).await["count"], 3);
        for (name, value) in [("outcome", "ok"), ("since", "yesterday"), ("starting_after", "42"), ("limit", "0")] {
            let res = app.get_values(&format!("{ENDPOINTS}/{id}/deliveries"), &m.key, &[(name, value)]).await;
            assert_eq!(res.status(), 400, "{name}={value}");
            assert_eq!(json(res).await["errors"][0]["field"], name);
        }
    }

    async fn a_rotation_signs_with_both_secrets_until_the_overlap_ends(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Rotate").await;
        let rx = Receiver::start().await;
        let e = create(&app, &m.key, &[("url", &rx.url()), ("enabled_events", "payment.paid")]).await;
        let (id, old) = (e["id"].as_str().expect("present").to_string(), e["secret"].as_str().expect("present").to_string());
        let path = format!("{ENDPOINTS}/{id}/rotate_secret");
        let rotated = json(app.post_values(&path, &m.key, &[("overlap_seconds", "3600")]).await).await;
        let new = rotated["secret"].as_str().expect("the new secret").to_string();
        assert_ne!(new, old);
        let until = chrono::DateTime::parse_from_rfc3339(rotated["previous_secret_expires_time"].as_str().expect("until")).expect("a time");
        let expected = app.state().clock.now() + ChronoDuration::seconds(3600);
        assert!((expected - until.with_timezone(&Utc)).num_seconds().abs() <= 5, "{until} is an hour from now");
        // A second rotation during the overlap is refused, with the time it may be done.
        let again = app.post_values(&path, &m.key, &[]).await;
        assert_eq!(again.status(), 409);
        assert!(json(again).await["message"].as_str().expect("present").contains("still signs until"));

        // During the overlap: two signatures in each header, either secret verifies.
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        let now = app.state().clock.now().timestamp();
        let r = rx.received().pop().expect("a delivery");
        assert_eq!(r.header("webhook-signature").split(' ').count(), 2);
        assert!(signed_by(&r, &old, now) && signed_by(&r, &new, now));

        // After it: the new secret alone; the endpoint reads without a pending overlap.
        app.state().clock.advance(ChronoDuration::seconds(3601));
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        let now = app.state().clock.now().timestamp();
        let r = rx.received().pop().expect("a delivery");
        assert_eq!(r.header("webhook-signature").split(' ').count(), 1);
        assert!(signed_by(&r, &new, now) && !signed_by(&r, &old, now));
        let read = json(app.get_values(&format!("{ENDPOINTS}/{id}"), &m.key, &[]).await).await;
        assert_eq!(read["previous_secret_expires_time"], Value::Null);
        // Now a rotation is allowed again; an overlap over 7 days is not.
        let res = app.post_values(&path, &m.key, &[("overlap_seconds", "604801")]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "overlap_seconds");
        assert_eq!(app.post_values(&path, &m.key, &[("overlap_seconds", "0")]).await.status(), 200);
    }

    async fn endpoints_stay_with_their_shop_and_mode_and_refuse_bad_values(app with fast()) {
        let m = fixtures::test_merchant(app.db(), "Owner").await;
        let other = fixtures::test_merchant(app.db(), "Other").await;
        let live = fixtures::merchant(app.db(), "Owner live", MerchantFamily::Secret, Mode::Live).await;
        let device = fixtures::merchant(app.db(), "Device", MerchantFamily::Device, Mode::Test).await;
        let e = create(&app, &m.key, &[("url", "https://hooks.example.com/noren"), ("enabled_events", "payment.paid")]).await;
        let id = e["id"].as_str().expect("present").to_string();
        let one = format!("{ENDPOINTS}/{id}");

        // Another shop's key: 404 on every call, as for an id that never was; its list is empty.
        for (method, path) in [(Method::GET, one.clone()), (Method::POST, one.clone()), (Method::DELETE, one.clone()),
                               (Method::POST, format!("{one}/rotate_secret")), (Method::GET, format!("{one}/deliveries"))] {
            let res = app.call(method.clone(), &path, Some(&other.key), &[]).await;
            assert_eq!(res.status(), 404, "{method} {path}");
            assert_eq!(json(res).await["code"], "not_found");
        }
        assert_eq!(json(app.get_values(ENDPOINTS, &other.key, &[]).await).await["count"], 0);
        assert_eq!(json(app.get_values(ENDPOINTS, &live.key, &[]).await).await["count"], 0);
        assert_eq!(app.get_values(&one, &live.key, &[]).await.status(), 404);
        // Device keys may not manage endpoints.
        assert_eq!(app.get_values(ENDPOINTS, &device.key, &[]).await.status(), 403);

        // Bad values, each named.
        for (values, field) in [
            (vec![("url", "ftp://hooks.example.com/"), ("enabled_events", "*")], "url"),
            (vec![("url", "http://169.254.169.254/latest"), ("enabled_events", "*")], "url"),
            (vec![("url", "https://hooks.example.com/"), ("enabled_events", "payment.created")], "enabled_events"),
            (vec![("url", "https://hooks.example.com/"), ("enabled_events", "reservation.confirmed")], "enabled_events"),
            (vec![("url", "https://hooks.example.com/"), ("enabled_events", "*,payment.paid")], "enabled_events"),
            (vec![("url", "https://hooks.example.com/"), ("enabled_events", "")], "enabled_events"),
            (vec![("enabled_events", "*")], "url"),
            (vec![("url", "https://hooks.example.com/"), ("enabled_events", "*"), ("colour", "red")], "colour"),
        ] {
            let res = app.post_values(ENDPOINTS, &m.key, &values).await;
            assert_eq!(res.status(), 400, "{values:?}");
            let body = json(res).await;
            assert_eq!(body["code"], "client");
            assert_eq!(body["errors"][0]["field"], field, "{body}");
        }
        // Live mode: https only, and a name that resolves to loopback is internal.
        for url in ["http://hooks.example.com/", "https://127.0.0.1/", "https://localhost:9/hook"] {
            let res = app.post_values(ENDPOINTS, &live.key, &[("url", url), ("enabled_events", "*")]).await;
            assert_eq!(res.status(), 400, "{url}");
            assert_eq!(json(res).await["errors"][0]["field"], "url");
        }

        // The update changes what it is given; re-enabling works; delete answers and forgets.
        let res = app.post_values(&one, &m.key, &[("enabled_events", "payment.refunded"), ("disabled", "true")]).await;
        let updated = json(res).await;
        assert_eq!((updated["enabled_events"].clone(), updated["disabled"].clone()), (json!(["payment.refunded"]), json!(true)));
        assert_eq!(updated["url"], "https://hooks.example.com/noren");
        assert_eq!(app.post_values(&one, &m.key, &[("url", "gopher://x")]).await.status(), 400);
        let deleted = json(app.call(Method::DELETE, &one, Some(&m.key), &[]).await).await;
        assert_eq!(deleted, json!({"id": id, "deleted": true}));
        assert_eq!(app.get_values(&one, &m.key, &[]).await.status(), 404);

        // At most 16 per shop and mode.
        for n in 0..16 {
            create(&app, &m.key, &[("url", &format!("https://hooks.example.com/{n}")), ("enabled_events", "*")]).await;
        }
        let res = app.post_values(ENDPOINTS, &m.key, &[("url", "https://hooks.example.com/17"), ("enabled_events", "*")]).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["code"], "conflict");
        create(&app, &live.key, &[("url", "https://hooks.example.com/live"), ("enabled_events", "*")]).await;
    }

    async fn a_deleted_endpoint_s_queued_deliveries_are_dropped_and_a_disabled_one_is_skipped(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Dropped").await;
        let (gone, off) = (Receiver::start().await, Receiver::start().await);
        let e = create(&app, &m.key, &[("url", &gone.url()), ("enabled_events", "*")]).await;
        create(&app, &m.key, &[("url", &off.url()), ("enabled_events", "*"), ("disabled", "true")]).await;
        paid(&app, &m.key, &[]).await;
        let res = app.call(Method::DELETE, &format!("{ENDPOINTS}/{}", e["id"].as_str().expect("present")), Some(&m.key), &[]).await;
        assert_eq!(res.status(), 200);
        app.run_due_jobs().await;
        assert!(gone.received().is_empty() && off.received().is_empty());
        use noren::db::entities::webhook_delivery;
        use sea_orm::EntityTrait;
        let rows = webhook_delivery::Entity::find().all(app.db()).await.expect("deliveries");
        assert_eq!(rows.iter().map(|d| d.status.as_str()).collect::<Vec<_>>(), ["skipped"]);
    }

    /// The approval writes the event with its job and each endpoint's delivery with its job in
    /// one round trip (`jobs::with_job`, `jobs::together`): each row must name its own job.
    async fn each_delivery_written_with_the_approval_names_its_own_job(app with manual()) {
        use noren::db::entities::{job, webhook_delivery, webhook_endpoint, webhook_event};
        use noren::webhooks::DeliveryJob;
        use sea_orm::EntityTrait;
        let m = fixtures::test_merchant(app.db(), "Own jobs").await;
        let url = Receiver::start().await.url();
        for n in 0..3 {
            create(&app, &m.key, &[("url", &format!("{url}/{n}")), ("enabled_events", "payment.paid")]).await;
        }
        create(&app, &m.key, &[("url", &format!("{url}/off")), ("enabled_events", "*"), ("disabled", "true")]).await;
        paid(&app, &m.key, &[("webhook_callback_url", &url)]).await;

        let db = app.db();
        let payload = |id: Option<i64>| async move {
            let job = job::Entity::find_by_id(id.expect("a job")).one(db).await.expect("read").expect("the job");
            serde_json::from_str::<DeliveryJob>(&job.payload).expect("a delivery job")
        };
        let events = webhook_event::Entity::find().all(db).await.expect("events");
        assert_eq!(events.len(), 1);
        let event = &events[0];
        assert_eq!(payload(event.job_id).await, DeliveryJob::Event { event: event.public_id.clone() });
        let endpoints = webhook_endpoint::Entity::find().all(db).await.expect("endpoints");
        let deliveries = webhook_delivery::Entity::find().all(db).await.expect("deliveries");
        assert_eq!(deliveries.len(), 4);
        let mut jobs = vec![event.job_id];
        for d in &deliveries {
            assert_eq!(d.event_id, event.id);
            let endpoint = endpoints.iter().find(|e| e.id == d.endpoint_id).expect("its endpoint");
            if endpoint.disabled {
                assert_eq!((d.status.as_str(), d.job_id), ("skipped", None));
                continue;
            }
            assert_eq!(d.status, "pending");
            assert_eq!(payload(d.job_id).await, DeliveryJob::Endpoint { event: event.public_id.clone(), endpoint: d.endpoint_id });
            jobs.push(d.job_id);
        }
        jobs.sort();
        jobs.dedup();
        assert_eq!(jobs.len(), 4, "one job each for the event and the 3 enabled endpoints");
        assert_eq!(job::Entity::find().all(db).await.expect("jobs").len(), 4);
    }

    async fn a_partner_platform_s_endpoints_receive_its_reservation_notifications(app with fast()) {
        let db = app.db();
        let now = app.state().clock.now();
        let m = fixtures::test_merchant(db, "Sakura").await;
        catalog::upsert_shop(db, m.shop.id, &ShopSettings::new("鮨 さくら"), now).await.expect("shop");
        let course = catalog::add_course(db, m.shop.id, &NewCourse {
            course_name: "Omakase".into(), settlement_price: 10000, published: true, ..Default::default()
        }, now).await.expect("course").id;
        let platform = accounts::create_platform(db, "acme", "Acme Travel", now).await.expect("platform");
        let (_, key) = accounts::create_partner_key(db, platform.id, PartnerFamily::Test, now).await.expect("key");
        let other = accounts::create_platform(db, "other-ota", "Other", now).await.expect("platform");
        let (_, other_key) = accounts::create_partner_key(db, other.id, PartnerFamily::Test, now).await.expect("key");
        let base = "/v3/inbound-external/acme/webhook_endpoints";
        let post = |path: &str, key: &str, body: Value| app.client.post(app.url(path)).bearer_auth(key).json(&body).send();

        let (a, b) = (Receiver::start().await, Receiver::start().await);
        let ea = json(post(base, &key, json!({"url": a.url(), "enabledEvents": ["reservation.confirmed"]})).await.expect("sent")).await;
        let res = post(base, &key, json!({"url": b.url(), "enabledEvents": ["*"], "description": "All"})).await.expect("sent");
        assert_eq!(res.status(), 201);
        let eb = json(res).await;
        assert_eq!(ea["enabledEvents"], json!(["reservation.confirmed"]));
        assert!(ea["createdAt"].as_str().expect("present").ends_with("+09:00"));
        let (sa, sb) = (ea["secret"].as_str().expect("present").to_string(), eb["secret"].as_str().expect("present").to_string());

        // Bad values name the camelCase member; another platform's key or path sees nothing.
        let res = post(base, &key, json!({"url": a.url(), "enabledEvents": ["payment.paid"]})).await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "enabledEvents");
        let res = post(base, &key, json!({"url": a.url(), "enabledEvents": []})).await.expect("sent");
        assert_eq!(res.status(), 400);
        let one = format!("{base}/{}", ea["id"].as_str().expect("present"));
        assert_eq!(app.get_as_partner(&one, &key).await.status(), 200);
        assert_eq!(app.get_as_partner(&one, &other_key).await.status(), 404, "the key's platform is not acme");
        let theirs = format!("/v3/inbound-external/other-ota/webhook_endpoints/{}", ea["id"].as_str().expect("present"));
        assert_eq!(app.get_as_partner(&theirs, &other_key).await.status(), 404);
        assert_eq!(json(app.get_as_partner("/v3/inbound-external/other-ota/webhook_endpoints", &other_key).await).await["count"], 0);

        // A pending reservation confirmed by the restaurant reaches both.
        let start = now + ChronoDuration::days(5);
        let r = reservations::insert(db, &NewReservation {
            platform_id: platform.id, shop_id: m.shop.id, livemode: false, origin_number: "ACME-1".into(),
            request_hash: "0".repeat(64), status: ReservationStatus::Pending, start_at: start,
            end_at: start + ChronoDuration::minutes(120), number_of_guests: 2, course_id: course,
            guest_first_name: "Alex".into(), guest_last_name: "Smith".into(), guest_phone: None, guest_email: None,
            remark: None, lines: vec![NewLine { course_id: course, amount: 2, price: 10000, settlement_price: 10000 }],
        }, now).await.expect("reservation");
        let res = app.client.post(app.url(&format!("/api/admin/inbound/reservations/{}/confirm", r.id)))
            .header("X-Auth-API-Key", &m.key).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let (ga, gb) = (a.wait_for(1, WAIT).await, b.wait_for(1, WAIT).await);
        let now = Utc::now().timestamp();
        for (got, secret) in [(&ga[0], &sa), (&gb[0], &sb)] {
            assert_eq!(got.header("noren-event-type"), "reservation.confirmed");
            assert_eq!(got.json()["newStatus"], "SUCCESS");
            assert!(signed_by(got, secret, now));
        }
        assert_eq!(ga[0].header("webhook-id"), gb[0].header("webhook-id"));

        // Its log, camelCase, and a rotation over JSON.
        app.settle_jobs().await;
        let page = json(app.get_as_partner(&format!("{one}/deliveries"), &key).await).await;
        assert_eq!(page["data"][0]["outcome"], "succeeded");
        assert_eq!(page["data"][0]["statusCode"], 200);
        assert_eq!(page["hasMore"], false);
        let rotated = json(post(&format!("{one}/rotate_secret"), &key, json!({"overlapSeconds": 60})).await.expect("sent")).await;
        assert!(rotated["secret"].as_str().expect("present").starts_with("whsec_"));
        assert!(rotated["previousSecretExpiresAt"].as_str().expect("present").ends_with("+09:00"));
        let res = app.client.patch(app.url(&one)).bearer_auth(&key).json(&json!({"disabled": true})).send().await.expect("sent");
        assert_eq!(json(res).await["disabled"], true);
        let res = app.client.delete(app.url(&one)).bearer_auth(&other_key).send().await.expect("sent");
        assert_eq!(res.status(), 404);
    }

    async fn an_hour_down_is_recovered_with_one_call_and_the_log_shows_every_answer(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Outage").await;
        // Down for the first 12 requests: three events with their 3 retries each.
        let rx = Receiver::with(Script { statuses: [vec![503; 12], vec![200]].concat(), ..Script::default() }).await;
        let e = create(&app, &m.key, &[("url", &rx.url()), ("enabled_events", "payment.paid")]).await;
        let id = e["id"].as_str().expect("present").to_string();
        let began = app.state().clock.now();
        for _ in 0..3 {
            paid(&app, &m.key, &[]).await;
            for _ in 0..4 {
                app.run_due_jobs().await;
                app.state().clock.advance(ChronoDuration::seconds(61));
            }
            app.state().clock.advance(ChronoDuration::minutes(16));
        }
        assert_eq!(rx.received().len(), 12, "every attempt answered 503");
        let failed = log(&app, &m.key, &id, &[("outcome", "failed"), ("limit", "100")]).await;
        assert_eq!(failed["count"], 12);
        assert!(failed["data"].as_array().expect("present").iter().all(|a| a["status_code"] == 503 && a["response_body"].as_str().expect("present").starts_with("answer ")));

        // One call queues the three again; they are delivered.
        let path = format!("{ENDPOINTS}/{id}/recover");
        let since = (began - ChronoDuration::minutes(1)).to_rfc3339();
        let res = app.post_values(&path, &m.key, &[("since", &since)]).await;
        assert_eq!(res.status(), 200);
        let recovery = json(res).await;
        assert_eq!((recovery["queued"].as_i64(), recovery["repeated"].as_bool()), (Some(3), Some(false)));
        assert!(recovery["id"].as_str().expect("present").starts_with("rcv_"));
        assert_eq!(app.run_due_jobs().await, 3);
        let got = rx.received();
        assert_eq!(got.len(), 15);
        let recovered: std::collections::BTreeSet<&str> = got[12..].iter().map(|r| r.header("webhook-id")).collect();
        let first_ids: std::collections::BTreeSet<&str> = got[..12].iter().map(|r| r.header("webhook-id")).collect();
        assert_eq!(recovered, first_ids, "the same three events, by id");
        assert_eq!(log(&app, &m.key, &id, &[("outcome", "succeeded")]).await["count"], 3);
        assert_eq!(log(&app, &m.key, &id, &[("limit", "100")]).await["count"], 15);

        // The same window again answers the first recovery and sends nothing.
        let again = json(app.post_values(&path, &m.key, &[("since", &since)]).await).await;
        assert_eq!((again["id"].clone(), again["repeated"].as_bool(), again["queued"].as_i64()), (recovery["id"].clone(), Some(true), Some(3)));
        assert_eq!(app.run_due_jobs().await, 0);
        // Nothing failed is left; `all` sends every event of the window once more.
        let none = json(app.post_values(&path, &m.key, &[("since", &since), ("until", &app.state().clock.now().to_rfc3339())]).await).await;
        assert_eq!(none["queued"], 0);
        let all = json(app.post_values(&path, &m.key, &[("since", &since), ("all", "true")]).await).await;
        assert_eq!(all["queued"], 3);
        assert_eq!(app.run_due_jobs().await, 3);

        // Bad windows, each on `since`; another shop's key sees no endpoint.
        let old = (app.state().clock.now() - ChronoDuration::days(31)).to_rfc3339();
        let future = (app.state().clock.now() + ChronoDuration::hours(1)).to_rfc3339();
        for values in [vec![("since", old.as_str())], vec![("since", future.as_str())], vec![("since", "2026-13-01")], vec![]] {
            let res = app.post_values(&path, &m.key, &values).await;
            assert_eq!(res.status(), 400, "{values:?}");
            assert_eq!(json(res).await["errors"][0]["field"], "since");
        }
        let other = fixtures::test_merchant(app.db(), "Other").await;
        assert_eq!(app.post_values(&path, &other.key, &[("since", &since)]).await.status(), 404);
        // At most 10 an hour.
        for n in 0..7 {
            let t = (began + ChronoDuration::seconds(n)).to_rfc3339();
            assert_eq!(app.post_values(&path, &m.key, &[("since", &t)]).await.status(), 200, "recovery {n}");
        }
        let res = app.post_values(&path, &m.key, &[("since", &since), ("all", "false"), ("until", &future)]).await;
        assert_eq!(res.status(), 429);
        assert!(noren_testkit::header(&res, "retry-after").parse::<u64>().expect("present") > 0);
    }

    async fn a_test_event_is_a_signed_example_sent_to_one_endpoint(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Tests").await;
        let (rx, other) = (Receiver::start().await, Receiver::start().await);
        let e = create(&app, &m.key, &[("url", &rx.url()), ("enabled_events", "payment.refunded")]).await;
        create(&app, &m.key, &[("url", &other.url()), ("enabled_events", "*")]).await;
        let secret = e["secret"].as_str().expect("present").to_string();
        let path = format!("{ENDPOINTS}/{}/test", e["id"].as_str().expect("present"));
        let res = app.post_values(&path, &m.key, &[("event_type", "payment.paid")]).await;
        assert_eq!(res.status(), 202);
        let sent = json(res).await;
        assert_eq!((sent["event_type"].as_str(), sent["test"].as_bool()), (Some("payment.paid"), Some(true)));
        app.run_due_jobs().await;
        let got = rx.received();
        assert_eq!(got.len(), 1);
        assert!(other.received().is_empty(), "a test goes to its endpoint only");
        let r = &got[0];
        assert_eq!(r.header("webhook-id"), sent["event_id"]);
        assert_eq!((r.json()["test"].as_bool(), r.json()["payment_status"].as_str(), r.json()["livemode"].as_bool()), (Some(true), Some("paid"), Some(false)));
        assert!(signed_by(r, &secret, app.state().clock.now().timestamp()));
        // Never in the shop's event log.
        assert_eq!(json(app.get_values("/v3/webhook_events", &m.key, &[]).await).await["total"], 0);
        for bad in ["payment.created", "*", "reservation.confirmed"] {
            let res = app.post_values(&path, &m.key, &[("event_type", bad)]).await;
            assert_eq!(res.status(), 400, "{bad}");
            assert_eq!(json(res).await["errors"][0]["field"], "event_type");
        }
        for _ in 0..9 {
            assert_eq!(app.post_values(&path, &m.key, &[("event_type", "payment.refunded")]).await.status(), 202);
        }
        let res = app.post_values(&path, &m.key, &[("event_type", "payment.refunded")]).await;
        assert_eq!(res.status(), 429);
        app.state().clock.advance(ChronoDuration::seconds(61));
        assert_eq!(app.post_values(&path, &m.key, &[("event_type", "webhook_endpoint.disabled")]).await.status(), 202);
    }

    async fn five_days_of_failures_disable_an_endpoint_and_its_owner_is_told(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Failing").await;
        let (down, up) = (Receiver::with(Script { statuses: vec![500], ..Script::default() }).await, Receiver::start().await);
        let failing = create(&app, &m.key, &[("url", &down.url()), ("enabled_events", "payment.paid")]).await;
        create(&app, &m.key, &[("url", &up.url()), ("enabled_events", "webhook_endpoint.disabled")]).await;
        let id = failing["id"].as_str().expect("present").to_string();
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        // Four days later it still fails: not yet.
        app.state().clock.advance(ChronoDuration::days(4));
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        let read = json(app.get_values(&format!("{ENDPOINTS}/{id}"), &m.key, &[]).await).await;
        assert_eq!(read["disabled"], false);
        // Past five days: the next failure disables it.
        app.state().clock.advance(ChronoDuration::days(1) + ChronoDuration::minutes(1));
        app.run_due_jobs().await;
        let read = json(app.get_values(&format!("{ENDPOINTS}/{id}"), &m.key, &[]).await).await;
        assert_eq!(read["disabled"], true, "{read}");
        assert!(read["disabled_reason"].as_str().expect("present").contains("5 days"));
        let newest = log(&app, &m.key, &id, &[("limit", "1")]).await;
        assert!(newest["data"][0]["error"].as_str().expect("present").contains("now disabled"), "{newest}");
        app.run_due_jobs().await;
        let told = up.received();
        assert_eq!(told.len(), 1, "the other endpoint is told");
        let body = told[0].json();
        assert_eq!((body["type"].as_str(), body["webhook_endpoint"]["id"].as_str()), (Some("webhook_endpoint.disabled"), Some(id.as_str())));
        assert_eq!(told[0].header("noren-event-type"), "webhook_endpoint.disabled");

        // While disabled its events are skipped; enabled again, a recovery sends them.
        let before = down.received().len();
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        assert_eq!(down.received().len(), before);
        let res = app.post_values(&format!("{ENDPOINTS}/{id}"), &m.key, &[("disabled", "false")]).await;
        let enabled = json(res).await;
        assert_eq!((enabled["disabled"].as_bool(), enabled["disabled_reason"].clone()), (Some(false), Value::Null));
        let since = (app.state().clock.now() - ChronoDuration::hours(1)).to_rfc3339();
        let recovery = json(app.post_values(&format!("{ENDPOINTS}/{id}/recover"), &m.key, &[("since", &since)]).await).await;
        assert!(recovery["queued"].as_i64().expect("present") >= 1, "{recovery}");
        app.run_due_jobs().await;
        assert!(down.received().len() > before);
    }

    async fn the_delivery_log_keeps_thirty_days(app with manual()) {
        let m = fixtures::test_merchant(app.db(), "Retention").await;
        let rx = Receiver::start().await;
        let e = create(&app, &m.key, &[("url", &rx.url()), ("enabled_events", "*")]).await;
        let id = e["id"].as_str().expect("present").to_string();
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        app.state().clock.advance(ChronoDuration::days(29));
        paid(&app, &m.key, &[]).await;
        app.run_due_jobs().await;
        let prune = |app: &TestApp| {
            let (db, now) = (app.db().clone(), app.state().clock.now());
            async move { noren::webhooks::recovery::prune_log(&db, now).await.expect("pruned") }
        };
        assert_eq!(prune(&app).await, 0);
        assert_eq!(log(&app, &m.key, &id, &[]).await["count"], 2);
        app.state().clock.advance(ChronoDuration::days(1) + ChronoDuration::minutes(1));
        assert_eq!(prune(&app).await, 1, "the first attempt is over 30 days old");
        let page = log(&app, &m.key, &id, &[]).await;
        assert_eq!(page["count"], 1);
        assert_eq!(json(app.get_values("/v3/webhook_events", &m.key, &[]).await).await["total"], 2, "the event log is not the delivery log");
    }
}
