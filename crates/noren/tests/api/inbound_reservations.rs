//! Inbound reservations after booking (issue 12): the partner's list, get and cancel; the
//! cancellation policy on the JST day boundary with the settable clock; the merchant's list,
//! confirm, reject, cancel, half refund and remark read; scoping (another platform, another
//! shop, the other mode: 404); and status notifications delivered to a real receiver, signed
//! with the platform's secret, retried, and refused for a live internal address.

use chrono::{DateTime, Duration as ChronoDuration, NaiveTime, TimeZone, Utc};
use noren::db::entities::inbound_reservation;
use noren::db::repo::accounts;
use noren::domain::jst;
use noren::domain::keys::PartnerFamily;
use noren::inbound::domain::reservation::ReservationStatus;
use noren::inbound::store::catalog::{self, NewCourse, ShopSettings};
use noren::inbound::store::platforms::{self, PlatformSettings};
use noren::inbound::store::reservations::{self, NewLine, NewReservation};
use noren::webhooks::endpoints::{self, OperatorSet, Owner, OwnerKind};
use noren::webhooks::signing::verify;
use noren::webhooks::store::{self as webhooks, DeliveryStatus};
use noren_testkit::receiver::{Receiver, Script};
use noren_testkit::{Options, TestApp, both_databases, eventually, fixtures, json};
use serde_json::json;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

fn fast() -> Options {
    Options::env(&[
        ("NOREN_WEBHOOK_RETRY_SCHEDULE", "100ms,200ms,300ms"),
        ("NOREN_WEBHOOK_POLL_MS", "20"),
        ("NOREN_WEBHOOK_TIMEOUT_MS", "500"),
    ])
}

/// A restaurant (test and live merchant keys of one shop), with a course, and a platform with a
/// test and a live partner key.
struct World {
    shop_id: i64,
    course_id: i64,
    merchant_test: String,
    merchant_live: String,
    platform_id: i64,
    code: String,
    key_test: String,
    key_live: String,
}

async fn world(app: &TestApp, code: &str, policy_days: i32) -> World {
    let db = app.db();
    let now = app.state().clock.now();
    let m = fixtures::test_merchant(db, &format!("Shop{code}")).await;
    // A live key of the same shop.
    let (_, merchant_live) = accounts::create_api_key(
        db,
        m.device.id,
        noren::domain::keys::MerchantFamily::Secret,
        noren::domain::keys::Mode::Live,
        now,
    )
    .await
    .expect("live key");
    let mut settings = ShopSettings::new("鮨 さくら");
    settings.cancellation_policy_days = policy_days;
    catalog::upsert_shop(db, m.shop.id, &settings, now)
        .await
        .expect("shop");
    let course = NewCourse {
        course_name: "Omakase".into(),
        settlement_price: 10000,
        suggested_retail_price: Some(12000),
        published: true,
        ..Default::default()
    };
    let ids = catalog::add_course(db, m.shop.id, &course, now)
        .await
        .expect("course");
    let platform = accounts::create_platform(db, code, "Acme Travel", now)
        .await
        .expect("platform");
    let (_, key_test) = accounts::create_partner_key(db, platform.id, PartnerFamily::Test, now)
        .await
        .expect("key");
    let (_, key_live) = accounts::create_partner_key(db, platform.id, PartnerFamily::Ota, now)
        .await
        .expect("key");
    World {
        shop_id: m.shop.id,
        course_id: ids.id,
        merchant_test: m.key,
        merchant_live,
        platform_id: platform.id,
        code: code.to_string(),
        key_test,
        key_live,
    }
}

/// Inserts a reservation (as the create call does) for `w`'s shop.
async fn reserve(
    app: &TestApp,
    w: &World,
    platform_id: i64,
    livemode: bool,
    origin: &str,
    start_at: DateTime<Utc>,
    status: ReservationStatus,
) -> inbound_reservation::Model {
    let new = NewReservation {
        platform_id,
        shop_id: w.shop_id,
        livemode,
        origin_number: origin.to_string(),
        request_hash: "0".repeat(64),
        status,
        start_at,
        end_at: start_at + ChronoDuration::minutes(120),
        number_of_guests: 2,
        course_id: w.course_id,
        guest_first_name: "Alex".into(),
        guest_last_name: "Smith".into(),
        guest_phone: Some("090-1234-5678".into()),
        guest_email: None,
        remark: Some("One guest is vegetarian.".into()),
        lines: vec![NewLine {
            course_id: w.course_id,
            amount: 2,
            price: 12000,
            settlement_price: 10000,
        }],
    };
    reservations::insert(app.db(), &new, app.state().clock.now())
        .await
        .expect("reservation")
}

/// `days` JST days after today (JST) at `hh:mm` JST, as an instant.
fn jst_day(app: &TestApp, days: i64, hh: u32, mm: u32, ss: u32) -> DateTime<Utc> {
    let date = jst::date(app.state().clock.now()) + ChronoDuration::days(days);
    let naive = date.and_time(NaiveTime::from_hms_opt(hh, mm, ss).expect("time"));
    jst::offset()
        .from_local_datetime(&naive)
        .single()
        .expect("JST has no gaps")
        .with_timezone(&Utc)
}

/// Moves the clock forward to `t`.
fn move_to(app: &TestApp, t: DateTime<Utc>) {
    let now = app.state().clock.now();
    assert!(t >= now, "the clock only moves forward");
    // The clock keeps milliseconds: land on the first millisecond at or after `t`.
    app.state().clock.advance(ChronoDuration::milliseconds(
        (t - now).num_milliseconds() + 1,
    ));
}

fn partner(
    app: &TestApp,
    method: reqwest::Method,
    code: &str,
    path: &str,
    key: &str,
) -> reqwest::RequestBuilder {
    app.client
        .request(
            method,
            app.url(&format!("/v3/inbound-external/{code}{path}")),
        )
        .bearer_auth(key)
}

fn admin(app: &TestApp, method: reqwest::Method, path: &str, key: &str) -> reqwest::RequestBuilder {
    app.client
        .request(
            method,
            app.url(&format!("/api/admin/inbound/reservations{path}")),
        )
        .header("X-Auth-API-Key", key)
}

async fn cancel(app: &TestApp, w: &World, key: &str, id: &str) -> reqwest::Response {
    partner(
        app,
        reqwest::Method::PATCH,
        &w.code,
        &format!("/shops/reservations/{id}/cancel"),
        key,
    )
    .json(&json!({"remark": "Flight cancelled."}))
    .send()
    .await
    .expect("sent")
}

async fn status_of(app: &TestApp, id: &str) -> String {
    use sea_orm::EntityTrait;
    inbound_reservation::Entity::find_by_id(id.to_string())
        .one(app.db())
        .await
        .expect("read")
        .expect("row")
        .status
}

/// Sets the platform's notification URL of one mode (its operator endpoint, as `noren inbound
/// platform set` does) and answers the endpoint's signing secret.
async fn notify_to(app: &TestApp, w: &World, livemode: bool, url: &str) -> String {
    let set = endpoints::set_by_operator(
        app.db(),
        &app.state().secret_box,
        Owner::platform(w.platform_id, livemode),
        Some(url.into()),
        app.state().clock.now(),
    )
    .await
    .expect("endpoint");
    match set {
        OperatorSet::Created(e) => e.secret.expect("secret"),
        _ => panic!("the mode had an endpoint already"),
    }
}

/// The platform's newest delivery (its event and number of attempts), once `check` holds for
/// its status and attempts.
async fn platform_event_when(
    app: &TestApp,
    platform_id: i64,
    check: impl Fn(&str, u64) -> bool,
) -> (noren::db::entities::webhook_event::Model, u64) {
    eventually("the platform's delivery", WAIT, || async {
        let latest = endpoints::latest_deliveries(app.db(), OwnerKind::Platform, platform_id, 1)
            .await
            .expect("deliveries");
        match latest.into_iter().next() {
            Some(d) if check(&d.delivery.status, d.attempts) => Ok((d.event, d.attempts)),
            Some(d) => Err(format!(
                "{} after {} attempts",
                d.delivery.status, d.attempts
            )),
            None => Err("no delivery".into()),
        }
    })
    .await
}

both_databases! {
    async fn cancellation_follows_the_policy_on_the_jst_day_boundary(app) {
        let w = world(&app, "acme", 1).await;
        // Three days ahead (JST), 19:00 JST.
        let start = jst_day(&app, 3, 19, 0, 0);
        let a = reserve(&app, &w, w.platform_id, false, "A-1", start, ReservationStatus::Success).await;
        let b = reserve(&app, &w, w.platform_id, false, "A-2", start, ReservationStatus::Pending).await;
        let c = reserve(&app, &w, w.platform_id, false, "A-3", start, ReservationStatus::Success).await;

        // 23:59:59 JST two days before: more than 1 day ahead → full refund.
        move_to(&app, jst_day(&app, 1, 23, 59, 59));
        let res = cancel(&app, &w, &w.key_test, &a.id).await;
        assert_eq!(res.status(), 200);
        let body = json(res).await;
        assert_eq!(body["status"], "CANCELLED");
        assert_eq!(body["id"], a.id.as_str());
        // By origin number; one second later it is 00:00 JST of the day before.
        app.state().clock.advance(ChronoDuration::seconds(1));
        let res = cancel(&app, &w, &w.key_test, "A-2").await;
        assert_eq!(res.status(), 200);
        let body = json(res).await;
        assert_eq!(body["status"], "CANCELLED_NO_REFUND");
        assert_eq!(body["id"], b.id.as_str());

        // 00:00 JST of the day itself (still the day before in UTC): refused.
        move_to(&app, jst_day(&app, 1, 0, 0, 0));
        assert_eq!(jst::date(app.state().clock.now()), jst::date(start));
        assert_ne!(app.state().clock.now().date_naive(), start.date_naive(), "UTC is still the day before");
        let res = cancel(&app, &w, &w.key_test, &c.id).await;
        assert_eq!(res.status(), 409);
        let err = json(res).await;
        assert_eq!(err["code"], "conflict");
        assert_eq!(err["reason"], "cancellation_day_of");
        assert_eq!(status_of(&app, &c.id).await, "SUCCESS", "a refusal changes nothing");

        // Cancelling again: the status refuses it, naming the statuses.
        let res = cancel(&app, &w, &w.key_test, &a.id).await;
        assert_eq!(res.status(), 409);
        let err = json(res).await;
        assert_eq!(err["reason"], "status_conflict");
        assert_eq!(err["message"], "cannot cancel a reservation in status CANCELLED; allowed from: PENDING, SUCCESS");
    }

    async fn a_negative_policy_refuses_every_cancellation_and_the_remark_is_checked(app) {
        let w = world(&app, "acme", -1).await;
        let r = reserve(&app, &w, w.platform_id, false, "N-1", jst_day(&app, 30, 12, 0, 0), ReservationStatus::Success).await;
        let res = cancel(&app, &w, &w.key_test, &r.id).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["reason"], "cancellation_not_allowed");
        let res = partner(&app, reqwest::Method::PATCH, &w.code, &format!("/shops/reservations/{}/cancel", r.id), &w.key_test)
            .json(&json!({"remark": "x".repeat(501)}))
            .send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "remark");
        // The merchant may still cancel (full refund), without a body.
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/cancel", r.id), &w.merchant_test).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "CANCELLED");
    }

    async fn the_partner_list_pages_filters_by_number_and_sees_only_its_platform_and_mode(app) {
        let w = world(&app, "acme", 1).await;
        let other = accounts::create_platform(app.db(), "other-ota", "Other", app.state().clock.now()).await.expect("platform");
        let (_, other_key) = accounts::create_partner_key(app.db(), other.id, PartnerFamily::Test, app.state().clock.now()).await.expect("key");
        let start = jst_day(&app, 5, 19, 0, 0);
        let mut ids = Vec::new();
        for i in 0..12 {
            ids.push(reserve(&app, &w, w.platform_id, false, &format!("T-{i}"), start, ReservationStatus::Pending).await.id);
        }
        let live = reserve(&app, &w, w.platform_id, true, "L-1", start, ReservationStatus::Success).await;
        let foreign = reserve(&app, &w, other.id, false, "T-0", start, ReservationStatus::Success).await;

        let list = |key: &str, q: &[(&str, &str)]| {
            partner(&app, reqwest::Method::GET, &w.code, "/shops/reservations", key).query(q).send()
        };
        let page = json(list(&w.key_test, &[]).await.expect("sent")).await;
        assert_eq!(page["count"], 12);
        assert_eq!(page["rows"].as_array().expect("rows").len(), 10, "default limit 10");
        assert_eq!(page["rows"][0]["originPlatform"], "acme");
        let page = json(list(&w.key_test, &[("limit", "30"), ("offset", "10")]).await.expect("sent")).await;
        assert_eq!(page["rows"].as_array().expect("rows").len(), 2);
        let res = list(&w.key_test, &[("limit", "31")]).await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "limit");

        // By origin number or id; another platform's T-0 and the live one never show.
        let numbers = format!("T-0,{},L-1,{}", ids[3], foreign.id);
        let page = json(list(&w.key_test, &[("reservationNumbers", numbers.as_str())]).await.expect("sent")).await;
        assert_eq!(page["count"], 2);
        let mut got: Vec<String> = page["rows"].as_array().expect("rows").iter().map(|r| r["id"].as_str().expect("id").to_string()).collect();
        got.sort();
        let mut want = vec![ids[0].clone(), ids[3].clone()];
        want.sort();
        assert_eq!(got, want);
        let many = (0..31).map(|i| format!("T-{i}")).collect::<Vec<_>>().join(",");
        let res = list(&w.key_test, &[("reservationNumbers", many.as_str())]).await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "reservationNumbers");
        // What the spec's schema accepts is accepted: empty entries are ignored, a value that
        // names none matches none, and an entry longer than any number matches nothing.
        let page = json(list(&w.key_test, &[("reservationNumbers", " ,T-0,, ")]).await.expect("sent")).await;
        assert_eq!(page["count"], 1);
        for none in [",", " , ", &"x".repeat(3000)] {
            let res = list(&w.key_test, &[("reservationNumbers", none)]).await.expect("sent");
            assert_eq!(res.status(), 200, "{none:.20}");
            assert_eq!(json(res).await, serde_json::json!({"rows": [], "count": 0}));
        }

        // The live key sees the live one only.
        let page = json(list(&w.key_live, &[]).await.expect("sent")).await;
        assert_eq!(page["count"], 1);
        assert_eq!(page["rows"][0]["id"], live.id.as_str());
        assert_eq!(page["rows"][0]["livemode"], true);

        // The other platform sees its own only, on its own path; on ours, 404.
        let res = partner(&app, reqwest::Method::GET, "other-ota", "/shops/reservations", &other_key).send().await.expect("sent");
        assert_eq!(json(res).await["count"], 1);
        let res = partner(&app, reqwest::Method::GET, &w.code, "/shops/reservations", &other_key).send().await.expect("sent");
        assert_eq!(res.status(), 404);
        let res = app.client.get(app.url("/v3/inbound-external/acme/shops/reservations")).send().await.expect("sent");
        assert_eq!(res.status(), 401);
    }

    async fn get_finds_by_id_or_origin_number_and_never_another_platforms_or_modes(app) {
        let w = world(&app, "acme", 1).await;
        let other = accounts::create_platform(app.db(), "other-ota", "Other", app.state().clock.now()).await.expect("platform");
        let (_, other_key) = accounts::create_partner_key(app.db(), other.id, PartnerFamily::Ota, app.state().clock.now()).await.expect("key");
        let start = jst_day(&app, 5, 19, 0, 0);
        let r = reserve(&app, &w, w.platform_id, false, "G-1", start, ReservationStatus::Pending).await;
        let get = |code: &str, key: &str, n: &str| {
            partner(&app, reqwest::Method::GET, code, &format!("/shops/reservations/{n}"), key).send()
        };
        for n in [r.id.as_str(), "G-1"] {
            let res = get(&w.code, &w.key_test, n).await.expect("sent");
            assert_eq!(res.status(), 200);
            let body = json(res).await;
            assert_eq!(body["id"], r.id.as_str());
            assert_eq!(body["originPlatformReservationNumber"], "G-1");
            assert_eq!(body["status"], "PENDING");
            assert_eq!(body["reservationStartTime"], start.with_timezone(&jst::offset()).format("%Y-%m-%dT19:00:00").to_string());
            assert_eq!(body["priceTotal"], 24000);
        }
        // The live key of the same platform, another platform's key: 404, nothing shown.
        for (code, key) in [("acme", w.key_live.as_str()), ("other-ota", other_key.as_str())] {
            for n in [r.id.as_str(), "G-1"] {
                let res = get(code, key, n).await.expect("sent");
                assert_eq!(res.status(), 404, "{code} {n}");
                let body = json(res).await;
                assert_eq!(body["code"], "not_found");
                assert!(!body.to_string().contains("Alex"));
            }
        }
        let res = cancel(&app, &w, &w.key_live, &r.id).await;
        assert_eq!(res.status(), 404);
        let res = partner(&app, reqwest::Method::PATCH, "other-ota", &format!("/shops/reservations/{}/cancel", r.id), &other_key).send().await.expect("sent");
        assert_eq!(res.status(), 404);
        assert_eq!(status_of(&app, &r.id).await, "PENDING");
        let res = get(&w.code, &w.key_test, "NOPE").await.expect("sent");
        assert_eq!(res.status(), 404);
    }

    async fn the_merchant_confirms_rejects_refunds_half_and_reads_remarks_of_its_own_shop_only(app) {
        let w = world(&app, "acme", 1).await;
        let stranger = fixtures::test_merchant(app.db(), "Stranger").await;
        let start = jst_day(&app, 5, 19, 0, 0);
        let p1 = reserve(&app, &w, w.platform_id, false, "M-1", start, ReservationStatus::Pending).await;
        let p2 = reserve(&app, &w, w.platform_id, false, "M-2", start, ReservationStatus::Pending).await;
        let live = reserve(&app, &w, w.platform_id, true, "M-3", start, ReservationStatus::Pending).await;

        let post = |path: String, key: &str| admin(&app, reqwest::Method::POST, &path, key).send();
        // The list: the key's shop and mode, filtered by status.
        let page = json(admin(&app, reqwest::Method::GET, "", &w.merchant_test).query(&[("status", "PENDING")]).send().await.expect("sent")).await;
        assert_eq!(page["count"], 2);
        let page = json(admin(&app, reqwest::Method::GET, "", &w.merchant_live).send().await.expect("sent")).await;
        assert_eq!(page["count"], 1);
        assert_eq!(page["rows"][0]["id"], live.id.as_str());
        let res = admin(&app, reqwest::Method::GET, "", &w.merchant_test).query(&[("status", "DONE")]).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "status");
        let page = json(admin(&app, reqwest::Method::GET, "", &stranger.key).send().await.expect("sent")).await;
        assert_eq!(page["count"], 0);

        // Another shop, the other mode: 404 and nothing changes.
        for (key, id) in [(stranger.key.as_str(), &p1.id), (w.merchant_live.as_str(), &p1.id), (w.merchant_test.as_str(), &live.id)] {
            let res = post(format!("/{id}/confirm"), key).await.expect("sent");
            assert_eq!(res.status(), 404);
            let res = admin(&app, reqwest::Method::GET, &format!("/{id}"), key).send().await.expect("sent");
            assert_eq!(res.status(), 404);
        }
        assert_eq!(status_of(&app, &p1.id).await, "PENDING");

        let res = post(format!("/{}/confirm", p1.id), &w.merchant_test).await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "SUCCESS");
        let res = post(format!("/{}/reject", p1.id), &w.merchant_test).await.expect("sent");
        assert_eq!(res.status(), 409);
        let err = json(res).await;
        assert_eq!(err["reason"], "status_conflict");
        assert_eq!(err["message"], "cannot reject a reservation in status SUCCESS; allowed from: PENDING");
        let res = post(format!("/{}/half-refund", p2.id), &w.merchant_test).await.expect("sent");
        assert_eq!(res.status(), 409, "not from PENDING");
        let res = post(format!("/{}/reject", p2.id), &w.merchant_test).await.expect("sent");
        assert_eq!(json(res).await["status"], "NOT_AVAILABLE");
        let res = post(format!("/{}/cancel", p2.id), &w.merchant_test).await.expect("sent");
        assert_eq!(res.status(), 409, "a rejected request is not cancelled");
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/half-refund", p1.id), &w.merchant_test)
            .json(&json!({"remark": "Closed for a private event."})).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "CANCELLED_HALF_REFUND");

        // The remark: unread, then read (twice changes nothing).
        let got = json(admin(&app, reqwest::Method::GET, &format!("/{}", p2.id), &w.merchant_test).send().await.expect("sent")).await;
        assert_eq!(got["remarkStatus"], 0);
        for _ in 0..2 {
            let res = post(format!("/{}/remark-read", p2.id), &w.merchant_test).await.expect("sent");
            assert_eq!(res.status(), 200);
            assert_eq!(json(res).await["remarkStatus"], 1);
        }
        let res = post(format!("/{}/remark-read", p2.id), &stranger.key).await.expect("sent");
        assert_eq!(res.status(), 404);
        let res = app.client.post(app.url(&format!("/api/admin/inbound/reservations/{}/confirm", p2.id))).send().await.expect("sent");
        assert_eq!(res.status(), 401);
        // No URL: the changes are in the platform's log as no_url, nothing is queued.
        let events = webhooks::platform_events(app.db(), w.platform_id, 10).await.expect("events");
        assert_eq!(events.len(), 3);
        assert!(events.iter().all(|(e, _)| e.status == DeliveryStatus::NoUrl));
        let deliveries = endpoints::latest_deliveries(app.db(), OwnerKind::Platform, w.platform_id, 10).await.expect("deliveries");
        assert!(deliveries.is_empty(), "no endpoint, no delivery");
    }

    async fn a_confirmation_is_notified_signed_to_the_platforms_test_url(app with fast()) {
        let w = world(&app, "acme", 1).await;
        let rx = Receiver::start().await;
        let secret = notify_to(&app, &w, false, &rx.url()).await;
        let r = reserve(&app, &w, w.platform_id, false, "N-1", jst_day(&app, 5, 19, 0, 0), ReservationStatus::Pending).await;
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/confirm", r.id), &w.merchant_test).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let got = rx.wait_for(1, WAIT).await;
        let n = &got[0];
        let body = n.json();
        assert_eq!(body["type"], "reservation.status_changed");
        assert_eq!(body["livemode"], false);
        assert_eq!(body["reservation"], json!({"id": r.id, "originPlatformReservationNumber": "N-1", "shopId": w.shop_id}));
        assert_eq!(body["oldStatus"], "PENDING");
        assert_eq!(body["newStatus"], "SUCCESS");
        assert_eq!(body["changedBy"], "merchant");
        assert!(body["createdAt"].as_str().expect("createdAt").ends_with("+09:00"));
        assert_eq!(body["id"], n.header("noren-event-id"));
        assert_eq!(n.header("noren-delivery-attempt"), "1");
        let now = app.state().clock.now().timestamp();
        assert!(verify(n.header("noren-signature"), &n.body, &secret, now, 300), "signed with the platform's test secret");
        let shop_secret = fixtures::webhook_secret(app.state(), w.shop_id, noren::domain::keys::Mode::Test).await;
        assert!(!verify(n.header("noren-signature"), &n.body, &shop_secret, now, 300), "not with the shop's");
        let (e, attempts) = platform_event_when(&app, w.platform_id, |status, _| status == "delivered").await;
        assert_eq!(attempts, 1);
        assert_eq!(e.body, n.body, "the log keeps the exact signed bytes");
        // The merchant's payment event log does not show it.
        let page = json(app.get_values("/v3/webhook_events", &w.merchant_test, &[]).await).await;
        assert_eq!(page["total"], 0);

        // A partner's cancellation is notified too.
        let res = cancel(&app, &w, &w.key_test, "N-1").await;
        assert_eq!(res.status(), 200);
        let got = rx.wait_for(2, WAIT).await;
        let body = got[1].json();
        assert_eq!((body["oldStatus"].clone(), body["newStatus"].clone(), body["changedBy"].clone()), (json!("SUCCESS"), json!("CANCELLED"), json!("partner")));
        platform_event_when(&app, w.platform_id, |status, _| status == "delivered").await;
    }


    async fn the_operators_urls_from_before_become_endpoints_that_keep_their_secrets(app with fast()) {
        use noren::db::entities::inbound_platform;
        use sea_orm::sea_query::Expr;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let w = world(&app, "acme", 1).await;
        let rx = Receiver::start().await;
        // The database as the version before migration 22 left it after `noren inbound platform
        // set`: a URL per mode in the platform's row and the platform's secrets of each mode, the
        // test one rotated once (its previous secret still signing for a day).
        noren::db::migrate_down(app.db(), 2).await.expect("back to migration 21");
        inbound_platform::Entity::update_many()
            .col_expr(inbound_platform::Column::WebhookUrl, Expr::value("https://acme.example/hook"))
            .col_expr(inbound_platform::Column::WebhookUrlTest, Expr::value(rx.url()))
            .filter(inbound_platform::Column::Id.eq(w.platform_id))
            .exec(app.db())
            .await
            .expect("urls");
        let (sb, now) = (&app.state().secret_box, app.state().clock.now());
        let previous = webhooks::rotate_platform_secret(app.db(), sb, w.platform_id, false, now).await.expect("secret");
        let current = webhooks::rotate_platform_secret(app.db(), sb, w.platform_id, false, now).await.expect("rotated");
        webhooks::rotate_platform_secret(app.db(), sb, w.platform_id, true, now).await.expect("live secret");
        // A notification queued as the version before wrote it: the event holds the URL and its
        // job is due in a minute (so that it runs after the migration, not before).
        let queued = {
            use noren::db::entities::webhook_event;
            use sea_orm::{ActiveModelTrait, Set};
            let body = r#"{"reservationId":"r_queued","newStatus":"SUCCESS"}"#;
            // The jobs table of then has no `clock_id` (migration 23): written column by column.
            let job = {
                use noren::db::entities::job::Column as J;
                use sea_orm::{ConnectionTrait, StatementBuilder, sea_query::Query};
                let payload = serde_json::to_string(&noren::webhooks::DeliveryJob::Event { event: "evt_queued_before_22".into() }).expect("payload");
                let insert = Query::insert()
                    .into_table(noren::db::entities::job::Entity)
                    .columns([J::Queue, J::Payload, J::Status, J::RunAt, J::Attempts, J::MaxAttempts, J::CreatedAt, J::UpdatedAt])
                    .values_panic([noren::webhooks::QUEUE.into(), payload.into(), "pending".into(), (now + ChronoDuration::minutes(1)).into(), 0.into(), 10.into(), now.into(), now.into()])
                    .returning_col(J::Id)
                    .to_owned();
                let stmt = StatementBuilder::build(&insert, &app.db().get_database_backend());
                let row = app.db().query_one_raw(stmt).await.expect("job").expect("its id");
                struct Job { id: i64 }
                Job { id: row.try_get::<i64>("", "id").expect("id") }
            };
            webhook_event::ActiveModel {
                public_id: Set("evt_queued_before_22".into()),
                event_type: Set(Some("reservation.confirmed".into())),
                shop_id: Set(w.shop_id),
                livemode: Set(false),
                predefined_payment_id: Set(0),
                token: Set("r_queued".into()),
                payment_number: Set("Q-1".into()),
                payment_status: Set("SUCCESS".into()),
                url: Set(Some(rx.url())),
                body: Set(body.into()),
                status: Set(DeliveryStatus::Pending),
                job_id: Set(Some(job.id)),
                created_at: Set(now),
                updated_at: Set(now),
                delivered_at: Set(None),
                next_attempt_at: Set(Some(now + ChronoDuration::minutes(1))),
                platform_id: Set(Some(w.platform_id)),
                ..Default::default()
            }
            .insert(app.db())
            .await
            .expect("queued event")
        };
        noren::db::migrate(app.db()).await.expect("migration 22");

        // One endpoint per mode, subscribed to everything the URL received, set by the operator.
        for (livemode, url) in [(false, rx.url()), (true, "https://acme.example/hook".to_string())] {
            let list = endpoints::list(app.db(), Owner::platform(w.platform_id, livemode)).await.expect("list");
            assert_eq!(list.len(), 1, "livemode {livemode}");
            let e = &list[0];
            assert_eq!((e.row.url.as_str(), e.enabled_events.clone(), e.row.set_by_operator, e.row.disabled), (url.as_str(), vec!["*".to_string()], true, false));
        }
        let row = inbound_platform::Entity::find_by_id(w.platform_id).one(app.db()).await.expect("read").expect("platform");
        assert_eq!((row.webhook_url, row.webhook_url_test), (None, None), "the URLs live in the endpoints only");
        // The partner sees it over the API (and may manage it).
        let page = json(app.get_as_partner("/v3/inbound-external/acme/webhook_endpoints", &w.key_test).await).await;
        assert_eq!(page["count"], 1);
        assert_eq!(page["data"][0]["url"], rx.url());

        // The notification queued before the migration goes to the URL its row holds, once,
        // signed with the platform's secrets as before.
        app.state().clock.advance(ChronoDuration::minutes(2));
        app.state().webhook_wake.wake();
        let got = rx.wait_for(1, WAIT).await;
        let n = &got[0];
        assert_eq!(n.header("noren-event-id"), "evt_queued_before_22");
        assert_eq!(n.body, queued.body);
        let now = app.state().clock.now().timestamp();
        assert!(verify(n.header("noren-signature"), &n.body, &current, now, 300), "signed with the platform's secret");
        app.settle_jobs().await;
        let row = noren::db::entities::webhook_event::Entity::find_by_id(queued.id).one(app.db()).await.expect("read").expect("event");
        assert_eq!(row.status, DeliveryStatus::Delivered);
        assert_eq!(rx.received().len(), 1, "sent once");

        // The next notification verifies with the secrets the receiver already has, both headers.
        let r = reserve(&app, &w, w.platform_id, false, "M-1", jst_day(&app, 5, 19, 0, 0), ReservationStatus::Pending).await;
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/confirm", r.id), &w.merchant_test).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let got = rx.wait_for(2, WAIT).await;
        let n = &got[1];
        assert_eq!(n.json()["newStatus"], "SUCCESS");
        assert_eq!(n.header("noren-event-type"), "reservation.confirmed");
        let now = app.state().clock.now().timestamp();
        for secret in [&current, &previous] {
            assert!(verify(n.header("noren-signature"), &n.body, secret, now, 300));
            assert!(noren::webhooks::signing::verify_standard(
                n.header("webhook-id"), n.header("webhook-timestamp"), n.header("webhook-signature"), &n.body, secret, now, 300,
            ));
        }
        let (_, attempts) = platform_event_when(&app, w.platform_id, |status, _| status == "delivered").await;
        assert_eq!(attempts, 1);
    }

    async fn a_failing_platform_receiver_is_retried_with_the_same_event(app with fast()) {
        let w = world(&app, "acme", 1).await;
        let rx = Receiver::with(Script { statuses: vec![500, 503, 200], ..Script::default() }).await;
        let secret = notify_to(&app, &w, false, &rx.url()).await;
        let r = reserve(&app, &w, w.platform_id, false, "R-1", jst_day(&app, 5, 19, 0, 0), ReservationStatus::Pending).await;
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/reject", r.id), &w.merchant_test).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let got = rx.wait_for(3, WAIT).await;
        let attempts: Vec<&str> = got.iter().map(|r| r.header("noren-delivery-attempt")).collect();
        assert_eq!(attempts, ["1", "2", "3"]);
        let ids: std::collections::HashSet<&str> = got.iter().map(|r| r.header("noren-event-id")).collect();
        assert_eq!(ids.len(), 1);
        assert!(got[1].at - got[0].at >= Duration::from_millis(100), "the first retry waits");
        let now = app.state().clock.now().timestamp();
        assert!(got.iter().all(|n| verify(n.header("noren-signature"), &n.body, &secret, now, 300)));
        assert_eq!(got[2].json()["newStatus"], "NOT_AVAILABLE");
        let (_, attempts) = platform_event_when(&app, w.platform_id, |status, _| status == "delivered").await;
        assert_eq!(attempts, 3);
    }

    async fn a_live_notification_to_an_internal_address_is_refused_and_a_test_key_never_sends_live(app with fast()) {
        let w = world(&app, "acme", 1).await;
        let rx = Receiver::start().await;
        // Written past the CLI's check (which refuses it): the delivery checks again.
        notify_to(&app, &w, true, &rx.url()).await;
        let r = reserve(&app, &w, w.platform_id, true, "S-1", jst_day(&app, 5, 19, 0, 0), ReservationStatus::Pending).await;
        // A test merchant key cannot touch the live reservation.
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/confirm", r.id), &w.merchant_test).send().await.expect("sent");
        assert_eq!(res.status(), 404);
        let res = admin(&app, reqwest::Method::POST, &format!("/{}/confirm", r.id), &w.merchant_live).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let (e, attempts) = platform_event_when(&app, w.platform_id, |status, _| status == "failed").await;
        assert_eq!(attempts, 1);
        assert!(e.livemode);
        app.settle_jobs().await;
        assert!(rx.received().is_empty(), "nothing was sent to the internal address");
    }

    async fn the_update_setting_is_off_by_default_and_a_settings_change_touches_only_what_is_given(app) {
        let w = world(&app, "acme", 1).await;
        assert!(!platforms::updates_enabled(app.db(), w.platform_id).await.expect("read"));
        let p = platforms::set_settings(app.db(), w.platform_id, &PlatformSettings { updates_enabled: Some(true) })
            .await.expect("set").expect("platform");
        assert!(p.updates_enabled);
        assert!(platforms::updates_enabled(app.db(), w.platform_id).await.expect("read"));
        assert!(!platforms::updates_enabled(app.db(), 999_999).await.expect("read"));
    }
}

fn operator(url: &str, data_dir: &str, args: &[&str]) -> (bool, serde_json::Value, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_noren"))
        .args(args)
        .env("NOREN_DATABASE_URL", url)
        .env("NOREN_DATA_DIR", data_dir)
        .output()
        .expect("runs");
    let stdout = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (
        out.status.success(),
        stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

both_databases! {
    async fn the_operator_sets_notification_urls_and_updates_and_sees_each_secret_once(app) {
        let (url, dir) = (app.database_url.clone(), app.data_dir());
        let runs = tokio::task::spawn_blocking(move || {
            let op = |args: &[&str]| operator(&url, &dir, args);
            vec![
                op(&["platform", "create", "--code", "acme", "--name", "Acme Travel"]),
                op(&["inbound", "platform", "set", "--platform", "acme", "--webhook-url-test", "http://127.0.0.1:4000/hook", "--updates-enabled", "true"]),
                op(&["inbound", "platform", "set", "--platform", "acme", "--webhook-url-test", "http://127.0.0.1:4001/hook"]),
                op(&["inbound", "platform", "set", "--platform", "acme", "--webhook-url", "http://acme.example/hook"]),
                op(&["inbound", "platform", "set", "--platform", "acme", "--webhook-url", "https://10.0.0.1/hook"]),
                op(&["inbound", "platform", "set", "--platform", "acme", "--webhook-url", "https://acme.example/hook"]),
                op(&["inbound", "platform", "show", "--platform", "acme"]),
                op(&["inbound", "platform", "set", "--platform", "nope", "--updates-enabled", "true"]),
                op(&["inbound", "platform", "set", "--platform", "acme", "--webhook-url-test", "none", "--updates-enabled", "false"]),
            ]
        }).await.expect("runs");
        let ok = |i: usize| { assert!(runs[i].0, "run {i}: {}", runs[i].2); runs[i].1.clone() };
        ok(0);
        let first = ok(1);
        assert_eq!(first["updates_enabled"], true);
        assert_eq!(first["webhook_url_test"], "http://127.0.0.1:4000/hook");
        assert!(first["webhook_secret"]["test"].as_str().expect("secret shown").starts_with("whsec_"));
        assert!(first["webhook_secret"].get("live").is_none());
        let again = ok(2);
        assert!(again.get("webhook_secret").is_none(), "shown once");
        assert_eq!(again["updates_enabled"], true, "untouched");
        // A reservation notification URL: the refusal names the mode, not payments (issue 20 item 6).
        assert!(!runs[3].0 && runs[3].2.contains("--webhook-url: must be an https:// URL in live mode"), "{}", runs[3].2);
        assert!(!runs[3].2.contains("payment"), "{}", runs[3].2);
        assert!(!runs[4].0, "an internal live address is refused");
        let live = ok(5);
        assert!(live["webhook_secret"]["live"].as_str().expect("live secret").starts_with("whsec_"));
        let shown = ok(6);
        assert_eq!(shown["webhook_url"], "https://acme.example/hook");
        assert_eq!(shown["webhook_url_test"], "http://127.0.0.1:4001/hook");
        assert!(shown.get("webhook_secret").is_none());
        // Each URL is the mode's operator endpoint: moved, not made again, by the second URL.
        let listed = shown["webhook_endpoints"].as_array().expect("endpoints");
        assert_eq!(listed.len(), 2, "{shown}");
        assert!(listed.iter().all(|e| e["set_by_operator"] == true && e["enabled_events"] == json!(["*"])), "{shown}");
        assert_eq!(listed.iter().find(|e| e["livemode"] == false).expect("test")["url"], "http://127.0.0.1:4001/hook");
        assert!(!runs[7].0 && runs[7].2.contains("no platform nope"), "{}", runs[7].2);
        let cleared = ok(8);
        assert_eq!(cleared["webhook_url_test"], serde_json::Value::Null);
        assert_eq!(cleared["webhook_endpoints"].as_array().expect("endpoints").len(), 1, "the test endpoint is deleted");
        assert_eq!(cleared["updates_enabled"], false);
        let p = accounts::find_platform_by_code(app.db(), "acme").await.expect("read").expect("platform");
        assert!(!platforms::updates_enabled(app.db(), p.id).await.expect("read"));

        // With 16 endpoints of its own in test mode, the operator's cannot be made: refused with
        // the reason, nothing changed.
        for i in 0..16 {
            let new = endpoints::NewEndpoint { url: format!("http://127.0.0.1:{}/hook", 5000 + i), enabled_events: vec!["*".into()], description: None, disabled: false };
            endpoints::create(app.db(), &app.state().secret_box, Owner::platform(p.id, false), new, app.state().clock.now()).await.expect("endpoint");
        }
        let (url, dir) = (app.database_url.clone(), app.data_dir());
        let full = tokio::task::spawn_blocking(move || {
            operator(&url, &dir, &["inbound", "platform", "set", "--platform", "acme", "--webhook-url-test", "http://127.0.0.1:4002/hook"])
        }).await.expect("runs");
        assert!(!full.0 && full.2.contains("16 webhook endpoints in test mode"), "{}", full.2);
        let list = endpoints::list(app.db(), Owner::platform(p.id, false)).await.expect("list");
        assert_eq!(list.len(), 16);
        assert!(list.iter().all(|e| !e.row.set_by_operator));
    }
}
