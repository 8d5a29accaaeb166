//! `Idempotency-Key` on creates and refunds: replay, conflict on other parameters, validation.

use noren_testkit::{TestApp, both_databases, fixtures, json};

const CREATE: &str = "/v3/predefined_payments/create_online_payment";

async fn post(
    app: &TestApp,
    path: &str,
    key: &str,
    idem: &str,
    values: &[(&str, &str)],
) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .query(values)
        .header("X-Auth-API-Key", key)
        .header("Idempotency-Key", idem)
        .send()
        .await
        .expect("sent")
}

both_databases! {
    async fn a_repeated_create_answers_the_first_payment(app) {
        let m = fixtures::test_merchant(app.db(), "Idem").await;
        let first = post(&app, CREATE, &m.key, "order-1", &[("amount", "1000"), ("order_no", "I-1")]).await;
        assert_eq!(first.status(), 200);
        assert!(first.headers().get("idempotent-replayed").is_none());
        let first = json(first).await;
        // Same values in another order: the same request.
        let again = post(&app, CREATE, &m.key, "order-1", &[("order_no", "I-1"), ("amount", "1000")]).await;
        assert_eq!(again.status(), 200);
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(json(again).await, first);
        let list = json(app.get_values("/v3/predefined_payments", &m.key, &[]).await).await;
        assert_eq!(list["total"], 1, "one payment, however many repeats");

        let other = post(&app, CREATE, &m.key, "order-1", &[("amount", "2000"), ("order_no", "I-1")]).await;
        assert_eq!(other.status(), 409);
        assert_eq!(json(other).await["message"], "this Idempotency-Key was already used with other parameters");

        // Keys belong to the shop: another merchant's same key is a new request.
        let n = fixtures::test_merchant(app.db(), "Other").await;
        assert_eq!(post(&app, CREATE, &n.key, "order-1", &[("amount", "1000")]).await.status(), 200);
    }

    async fn client_errors_are_replayed_too(app) {
        let m = fixtures::test_merchant(app.db(), "Bad").await;
        let first = post(&app, CREATE, &m.key, "k-bad", &[("amount", "10")]).await;
        assert_eq!(first.status(), 400);
        let body = json(first).await;
        let again = post(&app, CREATE, &m.key, "k-bad", &[("amount", "10")]).await;
        assert_eq!(again.status(), 400);
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(json(again).await, body);
    }

    async fn a_repeated_refund_answers_the_first_result(app) {
        let m = fixtures::test_merchant(app.db(), "IdemRefund").await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token");
        let number = app.pay(token, "paypay").await;
        let refund = "/v3/universal_payments/refund";
        let first = json(post(&app, refund, &m.key, "refund-1", &[("payment_number", &number)]).await).await;
        assert_eq!(first["result_code"], 2000);
        let again = post(&app, refund, &m.key, "refund-1", &[("payment_number", &number)]).await;
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(json(again).await, first, "2000 again, not 2101");
        let fresh = json(post(&app, refund, &m.key, "refund-2", &[("payment_number", &number)]).await).await;
        assert_eq!(fresh["result_code"], 2101);
    }

    async fn bad_keys_are_refused(app) {
        let m = fixtures::test_merchant(app.db(), "BadKey").await;
        let res = post(&app, CREATE, &m.key, &"x".repeat(256), &[("amount", "1000")]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "Idempotency-Key");
        let res = app.client.post(app.url(CREATE)).query(&[("amount", "1000")])
            .header("X-Auth-API-Key", &m.key)
            .header("Idempotency-Key", reqwest::header::HeaderValue::from_bytes("ключ".as_bytes()).expect("obs-text"))
            .send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "Idempotency-Key");
    }

    async fn an_empty_or_tabbed_idempotency_key_is_refused_as_the_spec_says(app) {
        // The spec types the header as 1 to 255 characters of visible ASCII with spaces inside:
        // an empty key (an unset variable on the client) would silently drop the protection.
        let m = fixtures::test_merchant(app.db(), "Empty").await;
        for bad in ["", "   ", "a\tb"] {
            let res = post(&app, CREATE, &m.key, bad, &[("amount", "1000")]).await;
            assert_eq!(res.status(), 400, "{bad:?}");
            assert_eq!(json(res).await["errors"][0]["field"], "Idempotency-Key", "{bad:?}");
        }
        let list = json(app.get_values("/v3/predefined_payments", &m.key, &[]).await).await;
        assert_eq!(list["total"], 0);
        let ok = post(&app, CREATE, &m.key, "a key with spaces", &[("amount", "1000")]).await;
        assert_eq!(ok.status(), 200);
    }

    async fn concurrent_repeats_create_one_payment(app) {
        let m = fixtures::test_merchant(app.db(), "Burst").await;
        let app = std::sync::Arc::new(app);
        let mut tasks = Vec::new();
        for _ in 0..6 {
            let (app, key) = (app.clone(), m.key.clone());
            tasks.push(tokio::spawn(async move {
                let res = post(&app, CREATE, &key, "burst", &[("amount", "1000")]).await;
                (res.status().as_u16(), res.headers().contains_key("idempotent-replayed"))
            }));
        }
        let mut statuses = Vec::new();
        for t in tasks {
            statuses.push(t.await.expect("task"));
        }
        // A repeat that arrives while the first request runs waits for it and replays its answer.
        assert!(statuses.iter().all(|(s, _)| *s == 200), "{statuses:?}");
        assert_eq!(statuses.iter().filter(|(_, replayed)| !replayed).count(), 1, "{statuses:?}");
        let list = json(app.get_values("/v3/predefined_payments", &m.key, &[]).await).await;
        assert_eq!(list["total"], 1, "{statuses:?}");
    }

    /// Kept at least 24 hours, forgotten after 25 (issue 32: a clock that steps an hour
    /// forward loses no key early), and a forgotten key's first answer never comes back, even
    /// when the clock steps back.
    async fn a_key_is_kept_24_hours_even_across_a_clock_step_and_never_comes_back(app) {
        let m = fixtures::test_merchant(app.db(), "Day").await;
        let first = json(post(&app, CREATE, &m.key, "day-1", &[("amount", "1000")]).await).await;
        app.state().clock.advance(chrono::Duration::hours(23));
        let replay = post(&app, CREATE, &m.key, "day-1", &[("amount", "1000")]).await;
        assert_eq!(replay.headers()["idempotent-replayed"], "true");
        // 23 h 30 min later, the clock steps an hour forward: still replayed.
        app.state().clock.advance(chrono::Duration::minutes(90));
        let replay = post(&app, CREATE, &m.key, "day-1", &[("amount", "1000")]).await;
        assert_eq!(replay.headers()["idempotent-replayed"], "true", "kept across the step");
        app.state().clock.advance(chrono::Duration::hours(1));
        let fresh = post(&app, CREATE, &m.key, "day-1", &[("amount", "1000")]).await;
        assert_eq!(fresh.status(), 200);
        assert!(fresh.headers().get("idempotent-replayed").is_none(), "forgotten after 25 h");
        let fresh = json(fresh).await;
        assert_ne!(fresh["predefined_payment"]["token"], first["predefined_payment"]["token"]);
        // The clock steps an hour back: the key answers its new first answer, not the old one.
        app.state().clock.advance(chrono::Duration::hours(-1));
        let again = post(&app, CREATE, &m.key, "day-1", &[("amount", "1000")]).await;
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        let again = json(again).await;
        assert_eq!(again["predefined_payment"]["token"], fresh["predefined_payment"]["token"]);
    }

    async fn a_key_left_in_flight_by_a_dead_request_is_taken_over_after_60_seconds(app) {
        let m = fixtures::test_merchant(app.db(), "Stuck").await;
        // A request that claimed the key and died before storing its answer.
        let claim = noren::pay::store::idempotency::claim(app.db(), &noren::pay::store::idempotency::Key {
            shop_id: m.shop.id,
            livemode: false,
            key: "stuck-1",
            operation: "create_online_payment",
            request_hash: "from a process that died",
            now: app.state().clock.now(),
        }).await.expect("claim");
        assert!(matches!(claim, noren::pay::store::idempotency::Claim::Fresh(_)));
        let res = post(&app, CREATE, &m.key, "stuck-1", &[("amount", "1000")]).await;
        assert_eq!(res.status(), 409);
        app.state().clock.advance(chrono::Duration::seconds(61));
        let res = post(&app, CREATE, &m.key, "stuck-1", &[("amount", "1000")]).await;
        assert_eq!(res.status(), 200);
        assert!(res.headers().get("idempotent-replayed").is_none());
    }

    async fn an_order_no_conflict_under_a_key_is_kept_and_replayed(app) {
        // The 409 comes from the failed insert, which aborts a PostgreSQL transaction: the
        // answer is kept in a transaction of its own, and nothing else of the request stays.
        let m = fixtures::test_merchant(app.db(), "Taken").await;
        app.create_payment(&m.key, &[("amount", "1000"), ("order_no", "T-1")]).await;
        let first = post(&app, CREATE, &m.key, "taken-1", &[("amount", "1000"), ("order_no", "T-1")]).await;
        assert_eq!(first.status(), 409);
        assert!(first.headers().get("idempotent-replayed").is_none());
        let body = json(first).await;
        assert_eq!(body["message"], "order_no T-1 is already used by another payment of this shop");
        let again = post(&app, CREATE, &m.key, "taken-1", &[("amount", "1000"), ("order_no", "T-1")]).await;
        assert_eq!(again.status(), 409);
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(json(again).await, body);
        let list = json(app.get_values("/v3/predefined_payments", &m.key, &[]).await).await;
        assert_eq!(list["total"], 1);
    }

}
