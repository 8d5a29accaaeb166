//! Availability and booking of the inbound API (issue 12, items 2–4): the availability rules
//! through HTTP with the settable clock, every create validation, each refusal's reason,
//! idempotent and conflicting repeats, the overbooking race and the separation of test and live
//! seats, on both databases.

use chrono::{DateTime, NaiveDateTime, Utc};
use noren::db::entities::{inbound_platform, inbound_reservation};
use noren::db::repo::accounts;
use noren::domain::jst;
use noren::domain::keys::PartnerFamily;
use noren::inbound::store::catalog::{self, Hours, NewCourse, ShopSettings};
use noren::inbound::store::reads::InboundReads;
use noren_testkit::{TestApp, both_databases, fixtures, json};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

/// The day the tests book (every weekday has the same hours).
pub(crate) const DAY: &str = "2027-03-05";
pub(crate) const NEXT: &str = "2027-03-06";

pub(crate) fn jst(s: &str) -> DateTime<Utc> {
    jst::to_utc(NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M").expect("local time"))
}

/// Moves the app's clock to the JST time `s` (it keeps running from there).
pub(crate) fn set_now(app: &TestApp, s: &str) {
    let by = jst(s) - app.state().clock.now();
    assert!(
        by > chrono::Duration::zero(),
        "the clock only moves forward"
    );
    app.state().clock.advance(by);
}

pub(crate) struct Shop {
    pub(crate) id: i64,
    pub(crate) course: i64,
    pub(crate) child: i64,
    pub(crate) other_course: i64,
    pub(crate) live: String,
    pub(crate) test: String,
    pub(crate) platform: &'static str,
    /// The shop's merchant key (test mode).
    pub(crate) merchant: String,
}

/// A shop open every day 17:00–02:00 (last order 01:00), capacity `capacity`, with a course
/// (12,000 retail / 10,000 settlement) with a child course (5,000 settlement only) and a second
/// course; `course` adjusts the first course.
pub(crate) async fn shop_with(
    app: &TestApp,
    settings: impl FnOnce(&mut ShopSettings),
    course: impl FnOnce(&mut NewCourse),
) -> Shop {
    let db = app.db();
    let now = app.state().clock.now();
    let m = fixtures::test_merchant(db, "Sakura").await;
    let mut s = ShopSettings::new("鮨 さくら");
    s.real_time_bookable = true;
    s.seat_capacity = 10;
    settings(&mut s);
    catalog::upsert_shop(db, m.shop.id, &s, now)
        .await
        .expect("shop");
    let hours: Vec<Hours> = (0..7)
        .map(|weekday| Hours {
            weekday,
            start_time: "17:00".into(),
            end_time: "02:00".into(),
            last_order_cutoff_mins: 60,
            availability_desc: Some("Dinner".into()),
        })
        .collect();
    catalog::set_business_hours(db, m.shop.id, &hours)
        .await
        .expect("hours");
    let mut c = NewCourse {
        course_name: "Omakase".into(),
        suggested_retail_price: Some(12000),
        settlement_price: 10000,
        published: true,
        children: vec![NewCourse {
            course_name: "Omakase (child)".into(),
            settlement_price: 5000,
            published: true,
            ..Default::default()
        }],
        ..Default::default()
    };
    course(&mut c);
    let ids = catalog::add_course(db, m.shop.id, &c, now)
        .await
        .expect("course");
    let other = catalog::add_course(
        db,
        m.shop.id,
        &NewCourse {
            course_name: "Kaiseki".into(),
            settlement_price: 15000,
            published: true,
            ..Default::default()
        },
        now,
    )
    .await
    .expect("course");
    let platform = match inbound_platform::Entity::find()
        .filter(inbound_platform::Column::Code.eq("acme-travel"))
        .one(db)
        .await
        .expect("read")
    {
        Some(p) => p,
        None => accounts::create_platform(db, "acme-travel", "Acme Travel", now)
            .await
            .expect("platform"),
    };
    let (_, live) = accounts::create_partner_key(db, platform.id, PartnerFamily::Ota, now)
        .await
        .expect("key");
    let (_, test) = accounts::create_partner_key(db, platform.id, PartnerFamily::Test, now)
        .await
        .expect("key");
    if app.state().clock.now() < jst("2027-03-04T12:00") {
        set_now(app, "2027-03-04T12:00");
    }
    Shop {
        id: m.shop.id,
        course: ids.id,
        child: ids.children[0],
        other_course: other.id,
        live,
        test,
        platform: "acme-travel",
        merchant: m.key,
    }
}

pub(crate) async fn shop(app: &TestApp) -> Shop {
    shop_with(app, |_| {}, |_| {}).await
}

pub(crate) async fn availability(
    app: &TestApp,
    key: &str,
    shop: i64,
    query: &str,
) -> reqwest::Response {
    app.client
        .get(app.url(&format!(
            "/v3/inbound-external/acme-travel/shops/{shop}/availability?{query}"
        )))
        .bearer_auth(key)
        .send()
        .await
        .expect("sent")
}

pub(crate) async fn times(app: &TestApp, key: &str, shop: i64, query: &str) -> Vec<String> {
    let res = availability(app, key, shop, query).await;
    assert_eq!(res.status(), 200);
    serde_json::from_value(json(res).await["availableTimes"].clone()).expect("times")
}

pub(crate) fn hhmm(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Every slot starting on a day: the night before's 00:00 … 01:00, then 17:00 … 23:30.
pub(crate) fn all_slots() -> Vec<String> {
    hhmm(&[
        "00:00", "00:30", "01:00", "17:00", "17:30", "18:00", "18:30", "19:00", "19:30", "20:00",
        "20:30", "21:00", "21:30", "22:00", "22:30", "23:00", "23:30",
    ])
}

/// [`all_slots`] without the stays that a booking holds.
pub(crate) fn slots_except(taken: &[&str]) -> Vec<String> {
    all_slots()
        .into_iter()
        .filter(|s| !taken.contains(&s.as_str()))
        .collect()
}

/// The slots a stay of 18:00–20:00 blocks for a party that no longer fits (17:00 to 19:30).
const AROUND_18: [&str; 6] = ["17:00", "17:30", "18:00", "18:30", "19:00", "19:30"];

pub(crate) async fn create(app: &TestApp, key: &str, shop: i64, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url(&format!(
            "/v3/inbound-external/acme-travel/shops/{shop}/reservations"
        )))
        .bearer_auth(key)
        .json(body)
        .send()
        .await
        .expect("sent")
}

/// Sends every body at once (each on its own task); answers (status, body) in any order.
async fn create_all(app: &TestApp, key: &str, shop: i64, bodies: Vec<Value>) -> Vec<(u16, Value)> {
    let url = app.url(&format!(
        "/v3/inbound-external/acme-travel/shops/{shop}/reservations"
    ));
    let mut set = tokio::task::JoinSet::new();
    for body in bodies {
        let (client, url, key) = (app.client.clone(), url.clone(), key.to_string());
        set.spawn(async move {
            let res = client
                .post(url)
                .bearer_auth(key)
                .json(&body)
                .send()
                .await
                .expect("sent");
            let status = res.status().as_u16();
            (status, res.json::<Value>().await.expect("json"))
        });
    }
    let mut out = Vec::new();
    while let Some(done) = set.join_next().await {
        out.push(done.expect("task"));
    }
    out
}

pub(crate) fn booking(s: &Shop, origin: &str, start: &str, guests: i64) -> Value {
    json!({
        "reservationStartTime": start,
        "guestFirstName": "Alex",
        "guestLastName": "Smith",
        "guestPhoneNumber": "090-1234-5678",
        "guestEmail": "alex@example.com",
        "numberOfGuests": guests,
        "requestedCourses": [{"courseId": s.course, "courseAmountRequested": guests}],
        "originPlatformReservationNumber": origin,
    })
}

pub(crate) async fn refused(res: reqwest::Response) -> String {
    assert_eq!(res.status(), 409);
    let body = json(res).await;
    assert_eq!(body["code"], "conflict");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    body["reason"].as_str().expect("reason").to_string()
}

fn fields(body: &Value) -> Vec<String> {
    body["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["field"].as_str().unwrap_or_default().to_string())
        .collect()
}

pub(crate) async fn count(app: &TestApp, shop: i64) -> u64 {
    inbound_reservation::Entity::find()
        .filter(inbound_reservation::Column::ShopId.eq(shop))
        .count(app.db())
        .await
        .expect("count")
}

both_databases! {
    async fn availability_runs_from_opening_to_the_last_order_and_lists_each_slot_under_the_day_it_starts(app) {
        let s = shop(&app).await;
        let res = availability(&app, &s.live, s.id, &format!("requestDate={DAY}")).await;
        assert_eq!(res.status(), 200);
        let body = json(res).await;
        assert_eq!(body["requestedDate"], DAY);
        assert_eq!(body["requestedPax"], 2);
        assert_eq!(body["realTime"], true);
        assert_eq!(serde_json::from_value::<Vec<String>>(body["availableTimes"].clone()).expect("times"), all_slots());
        let starts: Vec<String> = all_slots().iter().map(|t| format!("{DAY}T{t}:00")).collect();
        assert_eq!(serde_json::from_value::<Vec<String>>(body["availableStartTimes"].clone()).expect("starts"), starts);
        // The 00:30 listed under the day (the night before's late slot) books exactly that start.
        let res = create(&app, &s.live, s.id, &booking(&s, "A-0", &format!("{DAY}T00:30:00"), 2)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["reservationStartTime"], format!("{DAY}T00:30:00"));
        // This night's late slots are listed under the next day, and book with its date.
        let next = times(&app, &s.live, s.id, &format!("requestDate={NEXT}")).await;
        assert_eq!(next, all_slots());
        let res = create(&app, &s.live, s.id, &booking(&s, "A-1", &format!("{NEXT}T00:30:00"), 2)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["reservationStartTime"], format!("{NEXT}T00:30:00"));
        // 01:30 is after the last order time.
        let res = create(&app, &s.live, s.id, &booking(&s, "A-2", &format!("{NEXT}T01:30:00"), 2)).await;
        assert_eq!(refused(res).await, "outside_business_hours");
        let res = create(&app, &s.live, s.id, &booking(&s, "A-3", &format!("{DAY}T18:15:00"), 2)).await;
        assert_eq!(refused(res).await, "outside_business_hours");
        let res = create(&app, &s.live, s.id, &booking(&s, "A-4", &format!("{DAY}T16:30:00"), 2)).await;
        assert_eq!(refused(res).await, "outside_business_hours");
    }

    async fn around_midnight_and_month_ends_each_start_is_listed_once_and_books_exactly_itself(app) {
        // Cutoff 1 hour; the clock at 23:10 JST on the last day of a month.
        let s = shop_with(&app, |s| s.cutoff_hours = 1, |_| {}).await;
        set_now(&app, "2027-03-31T23:10");
        let day = |d: &str| {
            let (app, key, id) = (&app, s.live.clone(), s.id);
            let q = format!("requestDate={d}");
            async move {
                let body = json(availability(app, &key, id, &q).await).await;
                serde_json::from_value::<Vec<String>>(body["availableStartTimes"].clone()).expect("starts")
            }
        };
        assert!(day("2027-03-31").await.is_empty(), "23:30 is 20 minutes ahead, within the cutoff");
        let april = day("2027-04-01").await;
        assert_eq!(&april[..3], ["2027-04-01T00:30:00", "2027-04-01T01:00:00", "2027-04-01T17:00:00"],
            "March 31's late slots are April 1's; 00:00 is 50 minutes ahead");
        let res = create(&app, &s.live, s.id, &booking(&s, "M-0", "2027-04-01T00:00:00", 2)).await;
        assert_eq!(refused(res).await, "cutoff_passed", "the cutoff judges the slot's own instant");
        // A week of days: every start is listed once, under its own date, in order, and books.
        let mut seen = std::collections::BTreeSet::new();
        for d in ["2027-04-01", "2027-04-02", "2027-04-03"] {
            let starts = day(d).await;
            let mut sorted = starts.clone();
            sorted.sort();
            assert_eq!(starts, sorted, "{d}: in time order");
            for start in &starts {
                assert!(start.starts_with(d), "{start} listed under {d}");
                assert!(seen.insert(start.clone()), "{start} listed twice");
            }
        }
        for (i, start) in april.iter().take(4).enumerate() {
            let res = create(&app, &s.live, s.id, &booking(&s, &format!("M-{}", i + 1), start, 2)).await;
            assert_eq!(res.status(), 200, "{start}");
            assert_eq!(json(res).await["reservationStartTime"], start.as_str());
        }
        // The year end: New Year's Eve's late slots are listed under January 1.
        let jan = day("2028-01-01").await;
        assert_eq!(&jan[..3], ["2028-01-01T00:00:00", "2028-01-01T00:30:00", "2028-01-01T01:00:00"]);
        assert_eq!(day("2027-12-31").await.first().map(String::as_str), Some("2027-12-31T00:00:00"));
    }

    async fn availability_keeps_the_cutoff_and_a_past_day_is_empty(app) {
        let s = shop_with(&app, |s| s.cutoff_hours = 3, |_| {}).await;
        set_now(&app, &format!("{DAY}T15:10"));
        let got = times(&app, &s.live, s.id, &format!("requestDate={DAY}")).await;
        assert_eq!(got, all_slots()[6..].to_vec(), "18:30 is the first slot 3 hours ahead of 15:10");
        let res = create(&app, &s.live, s.id, &booking(&s, "C-1", &format!("{DAY}T18:00:00"), 2)).await;
        assert_eq!(refused(res).await, "cutoff_passed");
        let res = create(&app, &s.live, s.id, &booking(&s, "C-2", &format!("{DAY}T18:30:00"), 2)).await;
        assert_eq!(res.status(), 200);
        assert!(times(&app, &s.live, s.id, "requestDate=2027-03-01").await.is_empty());
        let res = create(&app, &s.live, s.id, &booking(&s, "C-3", "2027-03-01T18:00:00", 2)).await;
        assert_eq!(refused(res).await, "cutoff_passed");
    }

    async fn availability_answers_a_day_without_hours_with_an_empty_list_and_bad_values_with_400(app) {
        let s = shop(&app).await;
        catalog::set_business_hours(app.db(), s.id, &[Hours {
            weekday: 0, start_time: "17:00".into(), end_time: "22:00".into(), last_order_cutoff_mins: 0, availability_desc: None,
        }]).await.expect("hours");
        // 2027-03-05 is a Friday; only Mondays are open now.
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}")).await.is_empty());
        assert_eq!(times(&app, &s.live, s.id, "requestDate=2027-03-08").await.len(), 11);
        for (query, field) in [
            ("requestDate=2027/03/05".to_string(), "requestDate"),
            ("requestDate=2027-3-5".to_string(), "requestDate"),
            ("requestDate=2027-02-30".to_string(), "requestDate"),
            ("pax=2".to_string(), "requestDate"),
            (format!("requestDate={DAY}&pax=0"), "pax"),
            (format!("requestDate={DAY}&pax=two"), "pax"),
            (format!("requestDate={DAY}&courseId=x"), "courseId"),
            (format!("requestDate={DAY}&courseId=999999"), "courseId"),
        ] {
            let res = availability(&app, &s.live, s.id, &query).await;
            assert_eq!(res.status(), 400, "{query}");
            let body = json(res).await;
            assert_eq!(body["code"], "client");
            assert_eq!(fields(&body), [field], "{query}");
        }
        let res = availability(&app, &s.live, 999_999, &format!("requestDate={DAY}")).await;
        assert_eq!(res.status(), 404);
        let res = availability(&app, &s.live, s.id, &format!("requestDate={DAY}")).await;
        assert_eq!(res.status(), 200);
        let res = app.client.get(app.url(&format!("/v3/inbound-external/acme-travel/shops/{}/availability?requestDate={DAY}", s.id))).send().await.expect("sent");
        assert_eq!(res.status(), 401);
        let _ = s.platform;
    }

    async fn the_party_must_fit_the_shop_and_the_course(app) {
        let s = shop_with(&app, |s| { s.min_guests = 2; s.max_guests = 6; }, |c| { c.order_min = Some(3); c.order_max = Some(5); }).await;
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=1")).await.is_empty());
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=7")).await.is_empty());
        assert_eq!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=6")).await, all_slots());
        let q = |pax: i64| format!("requestDate={DAY}&pax={pax}&courseId={}", s.course);
        assert!(times(&app, &s.live, s.id, &q(2)).await.is_empty());
        assert!(times(&app, &s.live, s.id, &q(6)).await.is_empty());
        assert_eq!(times(&app, &s.live, s.id, &q(3)).await, all_slots());
        let res = create(&app, &s.live, s.id, &booking(&s, "P-1", &format!("{DAY}T18:00:00"), 2)).await;
        assert_eq!(refused(res).await, "party_size");
        let res = create(&app, &s.live, s.id, &booking(&s, "P-2", &format!("{DAY}T18:00:00"), 7)).await;
        assert_eq!(refused(res).await, "party_size");
        let res = create(&app, &s.live, s.id, &booking(&s, "P-3", &format!("{DAY}T18:00:00"), 4)).await;
        assert_eq!(res.status(), 200);
    }

    async fn a_course_range_in_utc_crossing_midnight_jst_is_applied_on_the_right_day(app) {
        // 15:00–16:00 UTC = 00:00–01:00 JST: only the slots after midnight.
        let s = shop_with(&app, |_| {}, |c| c.time_ranges = vec![("15:00".into(), "16:00".into())]).await;
        let q = format!("requestDate={DAY}&courseId={}", s.course);
        assert_eq!(times(&app, &s.live, s.id, &q).await, hhmm(&["00:00", "00:30", "01:00"]));
        // The child course has the parent's ranges.
        let q = format!("requestDate={DAY}&courseId={}", s.child);
        assert_eq!(times(&app, &s.live, s.id, &q).await, hhmm(&["00:00", "00:30", "01:00"]));
        // Without the course every slot is offered.
        assert_eq!(times(&app, &s.live, s.id, &format!("requestDate={DAY}")).await, all_slots());
        let res = create(&app, &s.live, s.id, &booking(&s, "R-1", &format!("{DAY}T23:30:00"), 2)).await;
        assert_eq!(refused(res).await, "outside_course_hours");
        let res = create(&app, &s.live, s.id, &booking(&s, "R-2", &format!("{DAY}T00:30:00"), 2)).await;
        assert_eq!(res.status(), 200);
    }

    async fn a_course_range_crossing_midnight_utc_covers_the_evening_and_the_night(app) {
        // 10:00–15:30 UTC = 19:00–00:30 JST.
        let s = shop_with(&app, |_| {}, |c| c.time_ranges = vec![("10:00".into(), "15:30".into())]).await;
        let q = format!("requestDate={DAY}&courseId={}", s.course);
        assert_eq!(times(&app, &s.live, s.id, &q).await, hhmm(&["00:00", "00:30", "19:00", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00", "22:30", "23:00", "23:30"]));
        // 22:00–01:00 UTC crosses midnight UTC: 07:00–10:00 JST, none of the dinner slots.
        let s2 = shop_with(&app, |_| {}, |c| c.time_ranges = vec![("22:00".into(), "01:00".into())]).await;
        let q = format!("requestDate={DAY}&courseId={}", s2.course);
        assert!(times(&app, &s2.live, s2.id, &q).await.is_empty());
    }

    async fn course_validity_is_inclusive_and_judged_at_the_start_time(app) {
        let (from, to) = (jst(&format!("{DAY}T18:00")), jst(&format!("{DAY}T19:00")));
        let s = shop_with(&app, |_| {}, |c| { c.valid_from = Some(from); c.valid_to = Some(to); }).await;
        let q = format!("requestDate={DAY}&courseId={}", s.course);
        assert_eq!(times(&app, &s.live, s.id, &q).await, hhmm(&["18:00", "18:30", "19:00"]));
        let res = create(&app, &s.live, s.id, &booking(&s, "V-1", &format!("{DAY}T17:30:00"), 2)).await;
        assert_eq!(refused(res).await, "course_not_valid");
        let res = create(&app, &s.live, s.id, &booking(&s, "V-2", &format!("{DAY}T19:30:00"), 2)).await;
        assert_eq!(refused(res).await, "course_not_valid");
        let res = create(&app, &s.live, s.id, &booking(&s, "V-3", &format!("{DAY}T19:00:00"), 2)).await;
        assert_eq!(res.status(), 200);
        // An unpublished course is not valid either.
        let s2 = shop_with(&app, |_| {}, |c| c.published = false).await;
        let q = format!("requestDate={DAY}&courseId={}", s2.course);
        assert!(times(&app, &s2.live, s2.id, &q).await.is_empty());
    }

    async fn the_quantity_limit_counts_active_reservations_of_the_same_mode(app) {
        let s = shop_with(&app, |_| {}, |c| c.quantity_limit = Some(1)).await;
        let q = format!("requestDate={DAY}&courseId={}", s.course);
        let res = create(&app, &s.test, s.id, &booking(&s, "Q-0", &format!("{DAY}T18:00:00"), 2)).await;
        assert_eq!(res.status(), 200);
        assert!(times(&app, &s.test, s.id, &q).await.is_empty(), "the test booking used the test quantity");
        assert_eq!(times(&app, &s.live, s.id, &q).await, all_slots(), "but not the live one");
        let res = create(&app, &s.live, s.id, &booking(&s, "Q-1", &format!("{DAY}T18:00:00"), 2)).await;
        assert_eq!(res.status(), 200);
        assert!(times(&app, &s.live, s.id, &q).await.is_empty());
        assert_eq!(times(&app, &s.live, s.id, &format!("requestDate={DAY}")).await, all_slots(), "other courses are still offered");
        let res = create(&app, &s.live, s.id, &booking(&s, "Q-2", &format!("{DAY}T20:00:00"), 2)).await;
        assert_eq!(refused(res).await, "quantity_limit");
    }

    async fn seats_are_held_for_the_stay_and_test_bookings_never_take_live_seats(app) {
        let s = shop_with(&app, |s| { s.seat_capacity = 4; s.stay_minutes = 120; }, |_| {}).await;
        let res = create(&app, &s.live, s.id, &booking(&s, "S-1", &format!("{DAY}T18:00:00"), 3)).await;
        assert_eq!(res.status(), 200);
        // Stays overlapping 18:00–20:00 (17:00 to 19:30) have 1 seat left.
        let q2 = format!("requestDate={DAY}&pax=2");
        assert_eq!(times(&app, &s.live, s.id, &q2).await, slots_except(&AROUND_18));
        assert_eq!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=1")).await, all_slots());
        let res = create(&app, &s.live, s.id, &booking(&s, "S-2", &format!("{DAY}T19:30:00"), 2)).await;
        assert_eq!(refused(res).await, "slot_unavailable");
        let res = create(&app, &s.live, s.id, &booking(&s, "S-3", &format!("{DAY}T20:00:00"), 2)).await;
        assert_eq!(res.status(), 200, "the stay ending at 20:00 leaves 20:00 free");
        // Test mode sees none of it, and fills its own seats without touching live ones.
        assert_eq!(times(&app, &s.test, s.id, &format!("requestDate={DAY}&pax=4")).await, all_slots());
        let res = create(&app, &s.test, s.id, &booking(&s, "S-1", &format!("{DAY}T23:00:00"), 4)).await;
        assert_eq!(res.status(), 200, "the same origin number is another reservation in test mode");
        assert_eq!(json(res).await["livemode"], false);
        assert!(!times(&app, &s.test, s.id, &format!("requestDate={DAY}&pax=1")).await.contains(&"23:00".to_string()));
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=4")).await.contains(&"23:00".to_string()));
    }

    async fn availability_shows_every_write_of_this_server_at_once_and_other_changes_within_its_ttl(app) {
        let s = shop_with(&app, |s| { s.seat_capacity = 4; s.real_time_bookable = false; }, |_| {}).await;
        let q4 = format!("requestDate={DAY}&pax=4");
        assert_eq!(times(&app, &s.test, s.id, &q4).await, all_slots());
        // Stays overlapping 18:00–20:00 (17:00 to 19:30) are full once a pending booking holds them.
        let held = slots_except(&AROUND_18);
        let res = create(&app, &s.test, s.id, &booking(&s, "W-1", &format!("{DAY}T18:00:00"), 4)).await;
        assert_eq!(res.status(), 200);
        let first = json(res).await;
        assert_eq!(first["status"], "PENDING");
        assert_eq!(times(&app, &s.test, s.id, &q4).await, held);
        // The merchant rejects it: the seats are free for the next answer.
        let res = app.client
            .post(app.url(&format!("/api/admin/inbound/reservations/{}/reject", first["id"].as_str().expect("id"))))
            .header("X-Auth-API-Key", &s.merchant)
            .send().await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "NOT_AVAILABLE");
        assert_eq!(times(&app, &s.test, s.id, &q4).await, all_slots());
        // Booked again, then cancelled by the partner.
        let res = create(&app, &s.test, s.id, &booking(&s, "W-2", &format!("{DAY}T18:00:00"), 4)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(times(&app, &s.test, s.id, &q4).await, held);
        let res = app.client
            .patch(app.url("/v3/inbound-external/acme-travel/shops/reservations/W-2/cancel"))
            .bearer_auth(&s.test)
            .send().await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(times(&app, &s.test, s.id, &q4).await, all_slots());
        // The seats of the days after the one asked for are read with it (a week at a time), and
        // each day keeps its own.
        let res = create(&app, &s.test, s.id, &booking(&s, "W-3", &format!("{NEXT}T18:00:00"), 4)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(times(&app, &s.test, s.id, &q4).await, all_slots());
        assert_eq!(times(&app, &s.test, s.id, &format!("requestDate={NEXT}&pax=4")).await, held);
        // A change this server did not make (the operator CLI, another server) shows once the
        // kept reads' TTL has passed.
        catalog::set_business_hours(app.db(), s.id, &[Hours {
            weekday: 0, start_time: "17:00".into(), end_time: "22:00".into(), last_order_cutoff_mins: 0, availability_desc: None,
        }]).await.expect("hours");
        app.state().clock.advance(chrono::Duration::from_std(InboundReads::TTL).expect("ttl"));
        assert!(times(&app, &s.test, s.id, &q4).await.is_empty(), "Fridays are closed now");
    }

    async fn a_booking_judges_the_shops_settings_as_they_are_now_whoever_changed_them(app) {
        // Booking keeps a shop's settings between bookings, checked against the version each
        // settings write moves on: a change written straight to the database (the operator CLI,
        // another server) applies to the very next booking, with no TTL to wait for.
        let s = shop(&app).await;
        let res = create(&app, &s.live, s.id, &booking(&s, "V-1", &format!("{DAY}T19:00:00"), 3)).await;
        assert_eq!(res.status(), 200);
        // A course id that does not exist yet is a 400 (and is remembered as no course).
        let next_id = s.other_course + 1;
        let mut unknown = booking(&s, "V-2", &format!("{DAY}T19:00:00"), 2);
        unknown["requestedCourses"] = json!([{"courseId": next_id, "courseAmountRequested": 2}]);
        assert_eq!(create(&app, &s.live, s.id, &unknown).await.status(), 400);
        let now = app.state().clock.now();
        let added = catalog::add_course(app.db(), s.id, &NewCourse {
            course_name: "Sake pairing".into(), settlement_price: 4000, published: true, ..Default::default()
        }, now).await.expect("course");
        assert_eq!(added.id, next_id, "the test guessed the next course id");
        let res = create(&app, &s.live, s.id, &unknown).await;
        assert_eq!(res.status(), 200, "a course added since is bookable at once");
        // The shop's party size changes.
        let mut settings = ShopSettings::new("鮨 さくら");
        settings.real_time_bookable = true;
        settings.seat_capacity = 10;
        settings.max_guests = 2;
        catalog::upsert_shop(app.db(), s.id, &settings, now).await.expect("shop");
        let res = create(&app, &s.live, s.id, &booking(&s, "V-3", &format!("{DAY}T20:00:00"), 3)).await;
        assert_eq!(refused(res).await, "party_size");
        // Its hours change: the booked day (a Friday) is closed now.
        catalog::set_business_hours(app.db(), s.id, &[Hours {
            weekday: 0, start_time: "17:00".into(), end_time: "22:00".into(), last_order_cutoff_mins: 0, availability_desc: None,
        }]).await.expect("hours");
        let res = create(&app, &s.live, s.id, &booking(&s, "V-4", &format!("{DAY}T20:00:00"), 2)).await;
        assert_eq!(refused(res).await, "outside_business_hours");
        // A repeat of a booking made before still answers it.
        let res = create(&app, &s.live, s.id, &booking(&s, "V-1", &format!("{DAY}T19:00:00"), 3)).await;
        assert_eq!(res.status(), 200);
    }

    async fn a_booking_answers_every_field_with_its_prices_and_status(app) {
        let s = shop(&app).await;
        let body = json!({
            "reservationStartTime": format!("{DAY}T19:00"),
            "guestFirstName": "Alex", "guestLastName": "Smith",
            "guestPhoneNumber": "03-1234-5678", "guestEmail": "alex@example.com",
            "numberOfGuests": 3, "remark": "One guest is vegetarian.",
            "requestedCourses": [{"courseId": s.course, "courseAmountRequested": 2}, {"courseId": s.child, "courseAmountRequested": 1}],
            "originPlatformReservationNumber": "ACME-1",
        });
        let res = create(&app, &s.live, s.id, &body).await;
        assert_eq!(res.status(), 200);
        let r = json(res).await;
        assert!(r["id"].as_str().is_some_and(|id| id.starts_with("rsv_") && id.len() == 28));
        assert_eq!(r["shopId"], s.id);
        assert_eq!(r["originPlatformReservationNumber"], "ACME-1");
        assert_eq!(r["reservationStartTime"], format!("{DAY}T19:00:00"));
        assert_eq!(r["numberOfGuests"], 3);
        assert_eq!((r["guestFirstName"].as_str(), r["guestLastName"].as_str()), (Some("Alex"), Some("Smith")));
        assert_eq!(r["guestPhoneNumber"], "03-1234-5678");
        assert_eq!(r["guestEmail"], "alex@example.com");
        assert_eq!(r["remark"], "One guest is vegetarian.");
        assert_eq!(r["remarkStatus"], 0);
        // 2 × 12,000 + 1 × 5,000 (no retail price: the settlement price); 2 × 10,000 + 5,000.
        assert_eq!(r["priceTotal"], 29000);
        assert_eq!(r["totalSettlementPrice"], 25000);
        assert_eq!(r["originPlatform"], s.platform);
        assert_eq!(r["status"], "SUCCESS");
        assert_eq!(r["livemode"], true);
        assert_eq!(r["courses"], json!([
            {"courseId": s.course, "courseName": "Omakase", "amount": 2, "prices": {"suggestedRetailPrice": 12000, "settlementPrice": 10000}},
            {"courseId": s.child, "courseName": "Omakase (child)", "amount": 1, "prices": {"suggestedRetailPrice": null, "settlementPrice": 5000}},
        ]));
        let stored = inbound_reservation::Entity::find_by_id(r["id"].as_str().unwrap_or_default()).one(app.db()).await.expect("read").expect("row");
        assert_eq!(stored.start_at, jst(&format!("{DAY}T19:00")));
        assert_eq!(stored.end_at, jst(&format!("{DAY}T21:00")));

        // A shop that is not real-time bookable creates PENDING; no remark: remarkStatus 1.
        let p = shop_with(&app, |s| s.real_time_bookable = false, |_| {}).await;
        let res = create(&app, &p.live, p.id, &booking(&p, "ACME-2", &format!("{DAY}T19:00:00"), 2)).await;
        assert_eq!(res.status(), 200);
        let r = json(res).await;
        assert_eq!(r["status"], "PENDING");
        assert_eq!(r["remarkStatus"], 1);
        assert_eq!(r["remark"], Value::Null);
        let res = availability(&app, &p.live, p.id, &format!("requestDate={DAY}")).await;
        assert_eq!(json(res).await["realTime"], false);
    }

    async fn create_names_every_bad_field_at_once(app) {
        let s = shop(&app).await;
        let res = create(&app, &s.live, s.id, &json!({})).await;
        assert_eq!(res.status(), 400);
        let mut got = fields(&json(res).await);
        got.sort();
        assert_eq!(got, ["guestFirstName", "guestLastName", "numberOfGuests", "originPlatformReservationNumber", "requestedCourses", "reservationStartTime"]);

        let long = "x".repeat(256);
        let res = create(&app, &s.live, s.id, &json!({
            "reservationStartTime": format!("{DAY}T19:00:00+09:00"),
            "guestFirstName": long, "guestLastName": "",
            "guestPhoneNumber": "09012345678", "guestEmail": "alex@",
            "numberOfGuests": 0,
            "requestedCourses": [{"courseId": s.course, "courseAmountRequested": 0}],
            "originPlatformReservationNumber": "o".repeat(101),
            "colour": "red",
        })).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert_eq!(body["code"], "client");
        let mut got = fields(&body);
        got.sort();
        // A problem inside the list is named by its exact path (issue 20 item 3).
        assert_eq!(got, ["colour", "guestEmail", "guestFirstName", "guestLastName", "guestPhoneNumber", "numberOfGuests", "originPlatformReservationNumber", "requestedCourses[0].courseAmountRequested", "reservationStartTime"]);
        let amount = body["errors"].as_array().expect("errors").iter()
            .find(|e| e["field"] == "requestedCourses[0].courseAmountRequested").expect("the amount's error").clone();
        assert_eq!(amount["message"], "must be from 1 to 1000");

        for (field, value, path) in [
            ("requestedCourses", json!([]), vec!["requestedCourses"]),
            ("requestedCourses", json!([{"courseId": s.course}]), vec!["requestedCourses[0].courseAmountRequested"]),
            ("requestedCourses", json!([{"courseId": s.course, "courseAmountRequested": 1}, {"courseId": s.course, "courseAmountRequested": 1}]), vec!["requestedCourses[1].courseId"]),
            ("requestedCourses", json!([{"courseId": 0, "courseAmountRequested": 1}, 7, {"courseId": s.course, "courseAmountRequested": 1, "note": "x"}]),
                vec!["requestedCourses[0].courseId", "requestedCourses[1]", "requestedCourses[2].note"]),
            ("requestedCourses", json!("course"), vec!["requestedCourses"]),
            ("guestPhoneNumber", json!("090-1234-56789"), vec!["guestPhoneNumber"]),
            ("guestPhoneNumber", json!("090-abcd-5678"), vec!["guestPhoneNumber"]),
            ("guestPhoneNumber", json!("+81-90-1234-5678"), vec!["guestPhoneNumber"]),
            ("guestEmail", json!("alex example.com"), vec!["guestEmail"]),
            ("guestEmail", json!(format!("{}@example.com", "a".repeat(90))), vec!["guestEmail"]),
            ("reservationStartTime", json!("2027-03-05 19:00:00"), vec!["reservationStartTime"]),
            ("reservationStartTime", json!("2027-03-05T19:00:00Z"), vec!["reservationStartTime"]),
            ("reservationStartTime", json!("2027-03-05T19:00:00.000"), vec!["reservationStartTime"]),
            ("numberOfGuests", json!("2"), vec!["numberOfGuests"]),
        ] {
            let mut body = booking(&s, "V-1", &format!("{DAY}T19:00:00"), 2);
            body[field] = value.clone();
            let res = create(&app, &s.live, s.id, &body).await;
            assert_eq!(res.status(), 400, "{field} = {value}");
            assert_eq!(fields(&json(res).await), path, "{field} = {value}");
        }
        // A course of no shop, or of another shop, names requestedCourses.
        let other = shop(&app).await;
        let mut body = booking(&s, "V-2", &format!("{DAY}T19:00:00"), 2);
        body["requestedCourses"] = json!([{"courseId": other.course, "courseAmountRequested": 1}]);
        let res = create(&app, &s.live, s.id, &body).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["requestedCourses"]);
        // Empty phone and email are none; a time without seconds is accepted.
        let mut body = booking(&s, "V-3", &format!("{DAY}T19:00"), 2);
        body["guestPhoneNumber"] = json!("");
        body["guestEmail"] = json!("");
        let res = create(&app, &s.live, s.id, &body).await;
        assert_eq!(res.status(), 200);
        let r = json(res).await;
        assert_eq!((r["guestPhoneNumber"].clone(), r["guestEmail"].clone()), (Value::Null, Value::Null));
        for phone in ["0120-123-456", "01267-2-3456", "090-1234-5678"] {
            let mut body = booking(&s, &format!("V-{phone}"), &format!("{DAY}T19:00"), 1);
            body["guestPhoneNumber"] = json!(phone);
            assert_eq!(create(&app, &s.live, s.id, &body).await.status(), 200, "{phone}");
        }
        assert_eq!(count(&app, s.id).await, 4);
        let res = create(&app, &s.live, 999_999, &booking(&s, "V-4", &format!("{DAY}T19:00:00"), 2)).await;
        assert_eq!(res.status(), 404);
    }

    async fn courses_must_be_one_course_and_its_children(app) {
        let s = shop(&app).await;
        let mut body = booking(&s, "M-1", &format!("{DAY}T19:00:00"), 2);
        body["requestedCourses"] = json!([{"courseId": s.course, "courseAmountRequested": 1}, {"courseId": s.other_course, "courseAmountRequested": 1}]);
        assert_eq!(refused(create(&app, &s.live, s.id, &body).await).await, "course_mix");
        body["requestedCourses"] = json!([{"courseId": s.child, "courseAmountRequested": 1}, {"courseId": s.other_course, "courseAmountRequested": 1}]);
        assert_eq!(refused(create(&app, &s.live, s.id, &body).await).await, "course_mix");
        // Child courses alone are fine: they book their parent.
        body["requestedCourses"] = json!([{"courseId": s.child, "courseAmountRequested": 2}]);
        let res = create(&app, &s.live, s.id, &body).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["priceTotal"], 10000);
        assert_eq!(count(&app, s.id).await, 1);
    }

    async fn a_repeat_answers_the_same_reservation_and_a_different_body_is_refused(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 2, |_| {}).await;
        let body = booking(&s, "I-1", &format!("{DAY}T19:00:00"), 2);
        let first = json(create(&app, &s.live, s.id, &body).await).await;
        // The slot is full now, but the repeat still answers the reservation.
        let res = create(&app, &s.live, s.id, &body).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await, first);
        let mut other = body.clone();
        other["guestFirstName"] = json!("Sam");
        assert_eq!(refused(create(&app, &s.live, s.id, &other).await).await, "duplicate_origin_number");
        assert_eq!(count(&app, s.id).await, 1);
        // Identical requests at once: one reservation, every answer is it.
        let body = booking(&s, "I-2", &format!("{DAY}T23:00:00"), 2);
        let answers = create_all(&app, &s.live, s.id, vec![body; 8]).await;
        let mut ids = Vec::new();
        for (status, answer) in answers {
            assert_eq!(status, 200, "{answer}");
            ids.push(answer["id"].as_str().expect("id").to_string());
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 1);
        assert_eq!(count(&app, s.id).await, 2);
    }

    async fn fifty_concurrent_bookings_for_the_last_seats_book_exactly_the_capacity(app) {
        let s = shop_with(&app, |s| s.seat_capacity = 12, |_| {}).await;
        // Two seats are already taken; ten are left.
        let res = create(&app, &s.live, s.id, &booking(&s, "X-0", &format!("{DAY}T19:00:00"), 2)).await;
        assert_eq!(res.status(), 200);
        let bodies: Vec<Value> = (1..=50).map(|i| booking(&s, &format!("X-{i}"), &format!("{DAY}T19:00:00"), 1)).collect();
        let answers = create_all(&app, &s.live, s.id, bodies).await;
        let (mut booked, mut full) = (0, 0);
        for (status, answer) in answers {
            match status {
                200 => booked += 1,
                409 => { assert_eq!(answer["reason"], "slot_unavailable"); full += 1; }
                other => panic!("unexpected {other}: {answer}"),
            }
        }
        assert_eq!((booked, full), (10, 40));
        let guests: i32 = inbound_reservation::Entity::find()
            .filter(inbound_reservation::Column::ShopId.eq(s.id))
            .all(app.db()).await.expect("rows")
            .iter().map(|r| r.number_of_guests).sum();
        assert_eq!(guests, 12);
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=1")).await.iter().all(|t| !["17:30", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30"].contains(&t.as_str())));
    }
}

async fn update(app: &TestApp, key: &str, id: &str, body: &Value) -> reqwest::Response {
    app.client
        .put(app.url(&format!(
            "/v3/inbound-external/acme-travel/shops/reservations/{id}"
        )))
        .bearer_auth(key)
        .json(body)
        .send()
        .await
        .expect("sent")
}

fn change(s: &Shop, start: &str, guests: i64) -> Value {
    json!({
        "reservationStartTime": start,
        "guestFirstName": "Alex",
        "guestLastName": "Smith",
        "guestPhoneNumber": "090-1234-5678",
        "numberOfGuests": guests,
        "remark": "",
        "requestedCourses": [{"courseId": s.course, "courseAmountRequested": guests}],
    })
}

async fn enable_updates(app: &TestApp) {
    let platform = inbound_platform::Entity::find()
        .filter(inbound_platform::Column::Code.eq("acme-travel"))
        .one(app.db())
        .await
        .expect("read")
        .expect("platform");
    noren::inbound::store::platforms::set_settings(
        app.db(),
        platform.id,
        &noren::inbound::store::platforms::PlatformSettings {
            updates_enabled: Some(true),
        },
    )
    .await
    .expect("settings");
}

both_databases! {
    async fn updates_are_refused_while_the_platform_setting_is_off(app) {
        let s = shop(&app).await;
        let r = json(create(&app, &s.live, s.id, &booking(&s, "U-1", &format!("{DAY}T19:00:00"), 2)).await).await;
        let id = r["id"].as_str().expect("id");
        let res = update(&app, &s.live, id, &change(&s, &format!("{DAY}T20:00:00"), 2)).await;
        assert_eq!(res.status(), 403);
        let body = json(res).await;
        assert_eq!((body["code"].as_str(), body["reason"].as_str()), (Some("forbidden"), Some("updates_disabled")));
        // Even a bad body: the setting answers first.
        let res = update(&app, &s.live, id, &json!({})).await;
        assert_eq!(res.status(), 403);
        let stored = inbound_reservation::Entity::find_by_id(id).one(app.db()).await.expect("read").expect("row");
        assert_eq!(stored.start_at, jst(&format!("{DAY}T19:00")));
    }

    async fn an_enabled_update_moves_the_reservation_and_rechecks_availability(app) {
        let s = shop_with(&app, |s| { s.seat_capacity = 4; s.cancellation_policy_days = 0; }, |_| {}).await;
        enable_updates(&app).await;
        let r = json(create(&app, &s.live, s.id, &booking(&s, "U-1", &format!("{DAY}T19:00:00"), 2)).await).await;
        let id = r["id"].as_str().expect("id").to_string();
        json(create(&app, &s.live, s.id, &booking(&s, "U-2", &format!("{DAY}T22:00:00"), 3)).await).await;

        // Every field is required.
        let res = update(&app, &s.live, &id, &json!({"reservationStartTime": format!("{DAY}T20:00:00")})).await;
        assert_eq!(res.status(), 400);
        let mut got = fields(&json(res).await);
        got.sort();
        assert_eq!(got, ["guestFirstName", "guestLastName", "guestPhoneNumber", "numberOfGuests", "remark", "requestedCourses"]);

        // Its own 2 seats do not count against it: 4 guests at 19:00 fit.
        let mut body = change(&s, &format!("{DAY}T19:00:00"), 4);
        body["remark"] = json!("Window, please.");
        let res = update(&app, &s.live, &id, &body).await;
        assert_eq!(res.status(), 200);
        let r = json(res).await;
        assert_eq!((r["numberOfGuests"].as_i64(), r["priceTotal"].as_i64(), r["remarkStatus"].as_i64()), (Some(4), Some(48000), Some(0)));
        assert_eq!(r["remark"], "Window, please.");
        assert_eq!(r["originPlatformReservationNumber"], "U-1");
        assert_eq!(r["guestEmail"], "alex@example.com");
        // 21:00 overlaps the 3 guests at 22:00: 4 more do not fit.
        let res = update(&app, &s.live, &id, &change(&s, &format!("{DAY}T21:00:00"), 4)).await;
        assert_eq!(refused(res).await, "slot_unavailable");
        let res = update(&app, &s.live, &id, &change(&s, &format!("{DAY}T18:15:00"), 4)).await;
        assert_eq!(refused(res).await, "outside_business_hours");
        // By origin number, to 17:00: the seats at 19:00 are free again.
        let res = update(&app, &s.live, "U-1", &change(&s, &format!("{DAY}T17:00:00"), 4)).await;
        assert_eq!(res.status(), 200);
        let r = json(res).await;
        assert_eq!(r["reservationStartTime"], format!("{DAY}T17:00:00"));
        assert_eq!(r["remark"], Value::Null);
        assert_eq!(r["remarkStatus"], 1);
        assert!(times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=4")).await.contains(&"19:30".to_string()));
        assert!(!times(&app, &s.live, s.id, &format!("requestDate={DAY}&pax=1")).await.contains(&"17:30".to_string()));
        // Another mode's key, or an unknown number, finds nothing.
        assert_eq!(update(&app, &s.test, &id, &change(&s, &format!("{DAY}T17:00:00"), 4)).await.status(), 404);
        assert_eq!(update(&app, &s.live, "nope", &change(&s, &format!("{DAY}T17:00:00"), 4)).await.status(), 404);
        // Mixing courses is refused as on create.
        let mut body = change(&s, &format!("{DAY}T17:00:00"), 4);
        body["requestedCourses"] = json!([{"courseId": s.course, "courseAmountRequested": 1}, {"courseId": s.other_course, "courseAmountRequested": 1}]);
        assert_eq!(refused(update(&app, &s.live, &id, &body).await).await, "course_mix");
    }

    async fn an_update_of_time_or_guests_keeps_the_cancellation_policy_and_the_cutoff(app) {
        let s = shop_with(&app, |s| { s.cancellation_policy_days = 2; s.cutoff_hours = 2; }, |_| {}).await;
        enable_updates(&app).await;
        // Now is 2027-03-04 12:00 JST: the 5th is 1 day ahead, inside the 2-day policy.
        let r = json(create(&app, &s.live, s.id, &booking(&s, "K-1", &format!("{DAY}T19:00:00"), 2)).await).await;
        let id = r["id"].as_str().expect("id").to_string();
        let res = update(&app, &s.live, &id, &change(&s, &format!("{DAY}T20:00:00"), 2)).await;
        assert_eq!(refused(res).await, "cancellation_not_allowed");
        let res = update(&app, &s.live, &id, &change(&s, &format!("{DAY}T19:00:00"), 3)).await;
        assert_eq!(refused(res).await, "cancellation_not_allowed");
        // Names and remark may still change.
        let mut body = change(&s, &format!("{DAY}T19:00:00"), 2);
        body["guestFirstName"] = json!("Sam");
        let res = update(&app, &s.live, &id, &body).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["guestFirstName"], "Sam");

        // Far ahead (the 10th): moving is free, but not to a slot inside the cutoff.
        let r = json(create(&app, &s.live, s.id, &booking(&s, "K-2", "2027-03-10T19:00:00", 2)).await).await;
        let far = r["id"].as_str().expect("id").to_string();
        let res = update(&app, &s.live, &far, &change(&s, "2027-03-04T13:00:00", 2)).await;
        assert_eq!(refused(res).await, "cutoff_passed");
        let res = update(&app, &s.live, &far, &change(&s, "2027-03-09T18:00:00", 2)).await;
        assert_eq!(res.status(), 200);

        // On the day itself: cancellation_day_of.
        set_now(&app, &format!("{DAY}T10:00"));
        let res = update(&app, &s.live, &id, &change(&s, &format!("{DAY}T21:00:00"), 2)).await;
        assert_eq!(refused(res).await, "cancellation_day_of");

        // A shop that allows no cancellation allows no move.
        let n = shop_with(&app, |s| s.cancellation_policy_days = -1, |_| {}).await;
        let r = json(create(&app, &n.live, n.id, &booking(&n, "K-3", "2027-03-20T19:00:00", 2)).await).await;
        let res = update(&app, &n.live, r["id"].as_str().expect("id"), &change(&n, "2027-03-20T20:00:00", 2)).await;
        assert_eq!(refused(res).await, "cancellation_not_allowed");
    }

    async fn a_cancelled_reservation_cannot_be_updated(app) {
        let s = shop(&app).await;
        enable_updates(&app).await;
        let r = json(create(&app, &s.live, s.id, &booking(&s, "Z-1", "2027-03-20T19:00:00", 2)).await).await;
        let id = r["id"].as_str().expect("id").to_string();
        let res = app.client
            .patch(app.url(&format!("/v3/inbound-external/acme-travel/shops/reservations/{id}/cancel")))
            .bearer_auth(&s.live).json(&json!({})).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let res = update(&app, &s.live, &id, &change(&s, "2027-03-20T20:00:00", 2)).await;
        assert_eq!(refused(res).await, "status_conflict");
    }
}
