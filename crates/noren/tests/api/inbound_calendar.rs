//! The availability calendar (issue 20, item 8): per day of a range (at most 62), whether a
//! party can book and how many slots, always the length of that day's availability answer.

use crate::inbound_booking::{DAY, booking, create, shop_with, times};
use noren_testkit::{both_databases, json};
use serde_json::Value;

async fn calendar(
    app: &noren_testkit::TestApp,
    key: &str,
    shop: i64,
    query: &str,
) -> reqwest::Response {
    app.client
        .get(app.url(&format!(
            "/v3/inbound-external/acme-travel/shops/{shop}/availability/calendar?{query}"
        )))
        .bearer_auth(key)
        .send()
        .await
        .expect("sent")
}

both_databases! {
    async fn each_day_of_the_calendar_counts_exactly_the_days_availability(app) {
        let s = shop_with(&app, |s| { s.seat_capacity = 4; s.cutoff_hours = 2; }, |c| c.quantity_limit = Some(3)).await;
        // Seats taken on DAY at 19:00; a hold on the next day; Mondays closed from now on.
        let res = create(&app, &s.live, s.id, &booking(&s, "C-1", &format!("{DAY}T19:00:00"), 4)).await;
        assert_eq!(res.status(), 200);
        let hold = app.client
            .post(app.url(&format!("/v3/inbound-external/acme-travel/shops/{}/holds", s.id)))
            .bearer_auth(&s.live)
            .json(&serde_json::json!({"reservationStartTime": "2027-03-06T20:00:00", "numberOfGuests": 3,
                "requestedCourses": [{"courseId": s.course, "courseAmountRequested": 3}]}))
            .send().await.expect("sent");
        assert_eq!(hold.status(), 200);
        // From the day before "now" (2027-03-04 12:00 JST) across the month end.
        for (pax, course) in [(1, None), (2, Some(s.course)), (4, Some(s.child))] {
            let mut q = format!("from=2027-03-03&to=2027-04-02&pax={pax}");
            if let Some(c) = course {
                q.push_str(&format!("&courseId={c}"));
            }
            let res = calendar(&app, &s.live, s.id, &q).await;
            assert_eq!(res.status(), 200);
            let body = json(res).await;
            assert_eq!((body["from"].as_str(), body["to"].as_str(), body["requestedPax"].as_i64()), (Some("2027-03-03"), Some("2027-04-02"), Some(pax)));
            let days = body["days"].as_array().expect("days");
            assert_eq!(days.len(), 31);
            for day in days {
                let date = day["date"].as_str().expect("date");
                let mut one = format!("requestDate={date}&pax={pax}");
                if let Some(c) = course {
                    one.push_str(&format!("&courseId={c}"));
                }
                let n = times(&app, &s.live, s.id, &one).await.len() as i64;
                assert_eq!(day["availableSlotCount"].as_i64(), Some(n), "{date} pax {pax}");
                assert_eq!(day["available"], Value::Bool(n > 0), "{date}");
            }
            assert_eq!(days[0]["availableSlotCount"], 0, "a past day");
        }
        // The quantity limit (3: one reservation and one hold used) shows on every day.
        let body = json(calendar(&app, &s.live, s.id, &format!("from={DAY}&to={DAY}&courseId={}", s.course)).await).await;
        assert!(body["days"][0]["available"].as_bool().expect("bool"));
        let res = create(&app, &s.live, s.id, &booking(&s, "C-2", "2027-03-10T19:00:00", 1)).await;
        assert_eq!(res.status(), 200);
        let body = json(calendar(&app, &s.live, s.id, &format!("from={DAY}&to=2027-03-12&courseId={}", s.course)).await).await;
        assert!(body["days"].as_array().expect("days").iter().all(|d| d["availableSlotCount"] == 0), "{body}");
    }

    async fn the_calendar_refuses_bad_ranges_by_name(app) {
        let s = shop_with(&app, |_| {}, |_| {}).await;
        for (query, field) in [
            ("to=2027-03-10", "from"),
            ("from=2027-03-10", "to"),
            ("from=2027-03-10&to=2027-03-09", "to"),
            ("from=2027-03-01&to=2027-05-02", "to"),
            ("from=2027/03/01&to=2027-03-02", "from"),
            ("from=2027-03-01&to=2027-03-02&pax=0", "pax"),
            ("from=2027-03-01&to=2027-03-02&courseId=999999", "courseId"),
        ] {
            let res = calendar(&app, &s.live, s.id, query).await;
            assert_eq!(res.status(), 400, "{query}");
            let body = json(res).await;
            assert_eq!(body["errors"][0]["field"], field, "{query}: {body}");
        }
        // 62 days is the most, inclusive.
        let res = calendar(&app, &s.live, s.id, "from=2027-03-01&to=2027-05-01").await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["days"].as_array().map(Vec::len), Some(62));
        assert_eq!(calendar(&app, &s.live, 999_999, "from=2027-03-01&to=2027-03-02").await.status(), 404);
    }
}
