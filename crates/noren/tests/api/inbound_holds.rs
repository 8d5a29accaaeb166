//! Holds (issue 20, item 7): a hold takes a slot's seats and the course's `quantityLimit` like
//! a reservation until it expires (on the settable clock) or is released; a reservation made
//! with it cannot be refused for capacity; `Idempotency-Key` repeats answer the same hold; the
//! race for the last seats between holds and bookings books and holds exactly the capacity.

use crate::inbound_booking::{DAY, Shop, booking, create, refused, set_now, shop_with, times};
use noren::db::entities::{inbound_hold, inbound_reservation};
use noren_testkit::{TestApp, both_databases, json};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

fn hold_body(s: &Shop, start: &str, guests: i64) -> Value {
    json!({
        "reservationStartTime": start,
        "numberOfGuests": guests,
        "requestedCourses": [{"courseId": s.course, "courseAmountRequested": guests}],
    })
}

async fn hold(
    app: &TestApp,
    key: &str,
    s: &Shop,
    body: &Value,
    idem: Option<&str>,
) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url(&format!(
            "/v3/inbound-external/acme-travel/shops/{}/holds",
            s.id
        )))
        .bearer_auth(key)
        .json(body);
    if let Some(k) = idem {
        req = req.header("Idempotency-Key", k);
    }
    req.send().await.expect("sent")
}

async fn held(app: &TestApp, key: &str, s: &Shop, body: &Value) -> Value {
    let res = hold(app, key, s, body, None).await;
    assert_eq!(res.status(), 200);
    json(res).await
}

fn hold_url(app: &TestApp, s: &Shop, id: &str) -> String {
    app.url(&format!(
        "/v3/inbound-external/acme-travel/shops/{}/holds/{id}",
        s.id
    ))
}

fn with_hold(mut body: Value, id: &Value) -> Value {
    body["holdId"] = id.clone();
    body
}

both_databases! {
    async fn a_hold_takes_the_seats_until_it_expires_and_its_booking_cannot_be_refused(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 4, |_| {}).await;
        let at = format!("{DAY}T19:00:00");
        let h = held(&app, &s.live, &s, &hold_body(&s, &at, 4)).await;
        assert_eq!(h["status"], "HELD");
        assert_eq!(h["reservationStartTime"], at.as_str());
        assert_eq!(h["numberOfGuests"], 4);
        assert_eq!(h["livemode"], true);
        assert!(h["id"].as_str().expect("id").starts_with("hld_"));
        let expires = chrono::DateTime::parse_from_rfc3339(h["expiresAt"].as_str().expect("expiresAt")).expect("rfc3339");
        assert_eq!(expires.offset().local_minus_utc(), 9 * 3600, "JST offset");
        let off = expires.with_timezone(&chrono::Utc) - (app.state().clock.now() + chrono::Duration::minutes(5));
        assert!(off.num_seconds().abs() <= 1, "5 minutes by default (the clock runs on): {off}");
        // The seats are taken for everyone else: availability, and another booking.
        assert!(!times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=1")).await.contains(&"19:00".to_string()));
        let res = create(&app, &s.live, s.id, &booking(&s, "H-0", &at, 1)).await;
        assert_eq!(refused(res).await, "slot_unavailable");
        // Test mode never sees live holds.
        assert!(times(&app, &s.test, s.id, &format!("requestDate={DAY}&pax=4")).await.contains(&"19:00".to_string()));
        // Four minutes later the booking with the hold takes them.
        app.state().clock.advance(chrono::Duration::minutes(4));
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "H-1", &at, 4), &h["id"])).await;
        assert_eq!(res.status(), 200);
        let r = json(res).await;
        assert_eq!(r["numberOfGuests"], 4);
        let got: Value = json(app.client.get(hold_url(&app, &s, h["id"].as_str().expect("id"))).bearer_auth(&s.live).send().await.expect("sent")).await;
        assert_eq!((got["status"].as_str(), got["reservationId"].as_str()), (Some("USED"), r["id"].as_str()));
        // A used hold books nothing else.
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "H-2", &at, 4), &h["id"])).await;
        assert_eq!(refused(res).await, "hold_expired");
        // The same create repeated answers the same reservation.
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "H-1", &at, 4), &h["id"])).await;
        assert_eq!(json(res).await["id"], r["id"]);
        let seats: i32 = inbound_reservation::Entity::find()
            .filter(inbound_reservation::Column::ShopId.eq(s.id))
            .all(app.db()).await.expect("rows").iter().map(|r| r.number_of_guests).sum();
        assert_eq!(seats, 4);
    }

    async fn an_expired_or_released_hold_frees_its_seats_and_its_booking_is_refused(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 4, |_| {}).await;
        let at = format!("{DAY}T20:00:00");
        let mut body = hold_body(&s, &at, 3);
        body["holdMinutes"] = json!(10);
        let h = held(&app, &s.live, &s, &body).await;
        assert!(!times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=2")).await.contains(&"20:00".to_string()));
        // Ten minutes on the settable clock: expired, the seats are free.
        app.state().clock.advance(chrono::Duration::minutes(10));
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=4")).await.contains(&"20:00".to_string()));
        let id = h["id"].as_str().expect("id");
        let got: Value = json(app.client.get(hold_url(&app, &s, id)).bearer_auth(&s.live).send().await.expect("sent")).await;
        assert_eq!(got["status"], "EXPIRED");
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "E-1", &at, 3), &h["id"])).await;
        assert_eq!(refused(res).await, "hold_expired");
        // Released by DELETE: free at once, and DELETE again answers the same.
        let h2 = held(&app, &s.live, &s, &hold_body(&s, &at, 4)).await;
        assert!(!times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=1")).await.contains(&"20:00".to_string()));
        let id2 = h2["id"].as_str().expect("id");
        for _ in 0..2 {
            let res = app.client.delete(hold_url(&app, &s, id2)).bearer_auth(&s.live).send().await.expect("sent");
            assert_eq!(res.status(), 200);
            assert_eq!(json(res).await["status"], "RELEASED");
        }
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=4")).await.contains(&"20:00".to_string()));
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "E-2", &at, 4), &h2["id"])).await;
        assert_eq!(refused(res).await, "hold_expired");
        // Another platform's key, the other mode, another shop's path, an unknown id: 404.
        let res = app.client.get(hold_url(&app, &s, id2)).bearer_auth(&s.test).send().await.expect("sent");
        assert_eq!(res.status(), 404);
        let res = app.client.delete(hold_url(&app, &s, "hld_unknown")).bearer_auth(&s.live).send().await.expect("sent");
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
        let other = app.url(&format!("/v3/inbound-external/acme-travel/shops/{}/holds/{id2}", s.id + 1000));
        assert_eq!(app.client.get(other).bearer_auth(&s.live).send().await.expect("sent").status(), 404);
        // An unknown hold id on create names the field.
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "E-3", &at, 4), &json!("hld_nope"))).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "holdId");
    }

    async fn a_booking_must_match_its_hold(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 10, |_| {}).await;
        let at = format!("{DAY}T19:00:00");
        let h = held(&app, &s.live, &s, &hold_body(&s, &at, 2)).await;
        for (origin, body) in [
            ("M-1", booking(&s, "M-1", &format!("{DAY}T19:30:00"), 2)),
            ("M-2", booking(&s, "M-2", &at, 3)),
            ("M-3", { let mut b = booking(&s, "M-3", &at, 2); b["requestedCourses"] = json!([{"courseId": s.course, "courseAmountRequested": 1}, {"courseId": s.child, "courseAmountRequested": 1}]); b }),
        ] {
            let res = create(&app, &s.live, s.id, &with_hold(body, &h["id"])).await;
            assert_eq!(refused(res).await, "hold_mismatch", "{origin}");
        }
        // Its own values book, and a hold at a full slot... is refused like a booking.
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "M-4", &at, 2), &h["id"])).await;
        assert_eq!(res.status(), 200);
        let res = hold(&app, &s.live, &s, &hold_body(&s, &format!("{DAY}T16:00:00"), 2), None).await;
        assert_eq!(refused(res).await, "outside_business_hours");
        let res = hold(&app, &s.live, &s, &json!({"reservationStartTime": "x", "numberOfGuests": 0, "requestedCourses": [], "holdMinutes": 31}), None).await;
        assert_eq!(res.status(), 400);
        let fields: Vec<String> = json(res).await["errors"].as_array().expect("errors").iter().map(|e| e["field"].as_str().unwrap_or_default().to_string()).collect();
        assert_eq!(fields, ["reservationStartTime", "numberOfGuests", "requestedCourses", "holdMinutes"]);
    }

    async fn holds_count_against_the_quantity_limit(app) {
        let s = shop_with(&app, |_| {}, |c| c.quantity_limit = Some(1)).await;
        let h = held(&app, &s.live, &s, &hold_body(&s, &format!("{DAY}T19:00:00"), 2)).await;
        let res = create(&app, &s.live, s.id, &booking(&s, "Q-1", &format!("{DAY}T21:00:00"), 2)).await;
        assert_eq!(refused(res).await, "quantity_limit");
        let res = create(&app, &s.live, s.id, &with_hold(booking(&s, "Q-2", &format!("{DAY}T19:00:00"), 2), &h["id"])).await;
        assert_eq!(res.status(), 200, "the hold's own count is its booking's");
    }

    async fn an_idempotency_key_answers_the_same_hold_and_refuses_another_request(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 4, |_| {}).await;
        let body = hold_body(&s, &format!("{DAY}T19:00:00"), 2);
        let first = json(hold(&app, &s.live, &s, &body, Some("form-42")).await).await;
        let again = hold(&app, &s.live, &s, &body, Some("form-42")).await;
        assert_eq!(again.status(), 200);
        assert_eq!(json(again).await["id"], first["id"]);
        let other = hold(&app, &s.live, &s, &hold_body(&s, &format!("{DAY}T19:00:00"), 3), Some("form-42")).await;
        assert_eq!(refused(other).await, "hold_mismatch");
        // The same key in test mode is another hold.
        let test = json(hold(&app, &s.test, &s, &body, Some("form-42")).await).await;
        assert_ne!(test["id"], first["id"]);
        let n = inbound_hold::Entity::find().filter(inbound_hold::Column::ShopId.eq(s.id)).all(app.db()).await.expect("rows").len();
        assert_eq!(n, 2);
        let res = hold(&app, &s.live, &s, &body, Some("")).await;
        assert_eq!(res.status(), 400);
        // Even after it expired, the repeat answers it (now EXPIRED) rather than a new one.
        set_now(&app, "2027-03-04T13:00");
        let late = json(hold(&app, &s.live, &s, &body, Some("form-42")).await).await;
        assert_eq!((late["id"].clone(), late["status"].clone()), (first["id"].clone(), json!("EXPIRED")));
    }

    async fn fifty_concurrent_holds_and_bookings_for_the_last_seats_take_exactly_the_capacity(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 12, |_| {}).await;
        let at = format!("{DAY}T19:00:00");
        let res = create(&app, &s.live, s.id, &booking(&s, "R-0", &at, 2)).await;
        assert_eq!(res.status(), 200);
        let mut set = tokio::task::JoinSet::new();
        for i in 1..=50 {
            let (client, key) = (app.client.clone(), s.live.clone());
            let (path, body) = if i % 2 == 0 {
                (format!("/v3/inbound-external/acme-travel/shops/{}/holds", s.id), hold_body(&s, &at, 1))
            } else {
                (format!("/v3/inbound-external/acme-travel/shops/{}/reservations", s.id), booking(&s, &format!("R-{i}"), &at, 1))
            };
            let url = app.url(&path);
            set.spawn(async move {
                let res = client.post(url).bearer_auth(key).json(&body).send().await.expect("sent");
                let status = res.status().as_u16();
                (i % 2 == 0, status, res.json::<Value>().await.expect("json"))
            });
        }
        let (mut holds, mut booked, mut full) = (Vec::new(), 0, 0);
        while let Some(done) = set.join_next().await {
            match done.expect("task") {
                (true, 200, h) => holds.push(h),
                (false, 200, _) => booked += 1,
                (_, 409, answer) => { assert_eq!(answer["reason"], "slot_unavailable"); full += 1; }
                (_, other, answer) => panic!("unexpected {other}: {answer}"),
            }
        }
        assert_eq!((holds.len() + booked, full), (10, 40), "ten seats were left");
        // Every hold books; nothing more fits.
        for (i, h) in holds.iter().enumerate() {
            let res = create(&app, &s.live, s.id, &with_hold(booking(&s, &format!("RH-{i}"), &at, 1), &h["id"])).await;
            assert_eq!(res.status(), 200);
        }
        let res = create(&app, &s.live, s.id, &booking(&s, "R-late", &at, 1)).await;
        assert_eq!(refused(res).await, "slot_unavailable");
        let guests: i32 = inbound_reservation::Entity::find()
            .filter(inbound_reservation::Column::ShopId.eq(s.id))
            .all(app.db()).await.expect("rows").iter().map(|r| r.number_of_guests).sum();
        assert_eq!(guests, 12);
    }
}
