//! A partner platform's test clock (issue 35, item 1): its test mode's availability, holds,
//! bookings and cancellations run on it (the cutoff, a hold's expiry, the day-of rule), while
//! its live mode keeps the process's time; a live key gets 403; the refusals are named in the
//! inbound API's words (`frozenTime`).

use crate::inbound_booking::{DAY, NEXT, Shop, booking, create, shop_with, times};
use noren_testkit::{TestApp, both_databases, json};
use reqwest::Method;
use serde_json::{Value, json};

fn clock_url(app: &TestApp, s: &Shop, tail: &str) -> String {
    app.url(&format!(
        "/v3/inbound-external/{}/test_clock{tail}",
        s.platform
    ))
}

async fn send(
    app: &TestApp,
    method: Method,
    url: String,
    key: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = app.client.request(method, url).bearer_auth(key);
    if let Some(body) = body {
        req = req.json(&body);
    }
    let res = req.send().await.expect("sent");
    let status = res.status().as_u16();
    (status, json(res).await)
}

async fn advance(app: &TestApp, s: &Shop, to: &str) -> Value {
    let (status, clock) = send(
        app,
        Method::POST,
        clock_url(app, s, "/advance"),
        &s.test,
        Some(json!({"frozenTime": to})),
    )
    .await;
    assert_eq!(status, 200, "{clock}");
    assert_eq!(
        (clock["frozenTime"].as_str(), clock["status"].as_str()),
        (Some(to), Some("ready"))
    );
    clock
}

async fn cancel(app: &TestApp, s: &Shop, key: &str, id: &str) -> reqwest::Response {
    app.client
        .patch(app.url(&format!(
            "/v3/inbound-external/{}/shops/reservations/{id}/cancel",
            s.platform
        )))
        .bearer_auth(key)
        .json(&json!({"remark": "Flight cancelled."}))
        .send()
        .await
        .expect("sent")
}

both_databases! {
    async fn a_platform_s_clock_judges_its_test_mode_and_leaves_live_mode_alone(app) {
        // The process's clock is at 2027-03-04 12:00 JST; the platform's test clock starts on
        // DAY at 18:10.
        let s = shop_with(&app, |s| s.cancellation_policy_days = 1, |_| {}).await;
        let start = format!("{DAY}T18:10:00+09:00");
        let (status, clock) = send(&app, Method::POST, clock_url(&app, &s, ""), &s.test, Some(json!({"frozenTime": start, "name": "cancellation rules"}))).await;
        assert_eq!(status, 201, "{clock}");
        assert!(clock["id"].as_str().expect("id").starts_with("clock_"));
        assert_eq!((clock["frozenTime"].as_str(), clock["name"].as_str(), clock["livemode"].as_bool()), (Some(start.as_str()), Some("cancellation rules"), Some(false)));
        assert!(clock["lastAdvance"].is_null());
        let (status, again) = send(&app, Method::POST, clock_url(&app, &s, ""), &s.test, None).await;
        assert_eq!((status, again["code"].as_str()), (409, Some("conflict")));
        let (status, live) = send(&app, Method::POST, clock_url(&app, &s, ""), &s.live, None).await;
        assert_eq!((status, live["code"].as_str()), (403, Some("forbidden")));
        assert_eq!(send(&app, Method::GET, clock_url(&app, &s, ""), &s.live, None).await.0, 403);

        // Availability: the slots before 18:10 on the clock are gone in test mode only.
        let query = format!("requestDate={DAY}&pax=2");
        let test_times = times(&app, &s.test, s.id, &query).await;
        assert!(!test_times.contains(&"18:00".to_string()) && test_times.contains(&"18:30".to_string()), "{test_times:?}");
        assert!(times(&app, &s.live, s.id, &query).await.contains(&"17:00".to_string()), "live mode is on real time");

        // A hold expires five minutes later on the clock.
        let hold = json!({"reservationStartTime": format!("{DAY}T19:00"), "numberOfGuests": 2,
            "requestedCourses": [{"courseId": s.course, "courseAmountRequested": 2}]});
        let holds = app.url(&format!("/v3/inbound-external/{}/shops/{}/holds", s.platform, s.id));
        let (status, h) = send(&app, Method::POST, holds.clone(), &s.test, Some(hold)).await;
        assert_eq!(status, 200, "{h}");
        assert_eq!(h["expiresAt"], format!("{DAY}T18:15:00+09:00"));
        advance(&app, &s, &format!("{DAY}T18:16:00+09:00")).await;
        let (_, got) = send(&app, Method::GET, format!("{holds}/{}", h["id"].as_str().expect("id")), &s.test, None).await;
        assert_eq!(got["status"], "EXPIRED");

        // Booked for NEXT evening on the clock, in both modes; on NEXT morning (the clock's),
        // the test reservation can no longer be cancelled, while the live one, three days
        // ahead of the process's time, is cancelled with a full refund.
        let at = format!("{NEXT}T19:00");
        let res = create(&app, &s.test, s.id, &booking(&s, "C-1", &at, 2)).await;
        assert_eq!(res.status(), 200);
        let test_id = json(res).await["id"].as_str().expect("id").to_string();
        let res = create(&app, &s.live, s.id, &booking(&s, "C-2", &at, 2)).await;
        assert_eq!(res.status(), 200);
        let live_id = json(res).await["id"].as_str().expect("id").to_string();
        advance(&app, &s, &format!("{NEXT}T09:00:00+09:00")).await;
        let res = cancel(&app, &s, &s.test, &test_id).await;
        let body = json(res).await;
        assert_eq!(body["reason"], "cancellation_day_of", "{body}");
        let res = cancel(&app, &s, &s.live, &live_id).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "CANCELLED");

        // The limits, in this API's words.
        let (status, back) = send(&app, Method::POST, clock_url(&app, &s, "/advance"), &s.test, Some(json!({"frozenTime": start}))).await;
        assert_eq!((status, back["code"].as_str()), (409, Some("conflict")));
        let (status, far) = send(&app, Method::POST, clock_url(&app, &s, "/advance"), &s.test, Some(json!({"frozenTime": "2031-01-01T00:00:00+09:00"}))).await;
        assert_eq!((status, far["errors"][0]["field"].as_str()), (400, Some("frozenTime")), "{far}");
        let (status, bad) = send(&app, Method::POST, clock_url(&app, &s, "/advance"), &s.test, Some(json!({}))).await;
        assert_eq!((status, bad["errors"][0]["field"].as_str()), (400, Some("frozenTime")), "{bad}");

        // Deleted: back on the process's time (the day before DAY), where 17:00 is bookable.
        let (status, deleted) = send(&app, Method::DELETE, clock_url(&app, &s, ""), &s.test, None).await;
        assert_eq!((status, deleted["deleted"].as_bool()), (200, Some(true)));
        assert_eq!(send(&app, Method::GET, clock_url(&app, &s, ""), &s.test, None).await.0, 404);
        assert!(times(&app, &s.test, s.id, &query).await.contains(&"17:00".to_string()));
    }
}
