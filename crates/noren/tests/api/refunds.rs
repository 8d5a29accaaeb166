//! Refunds (seed 000 §8 result codes, DESIGN.md): 2000 then 2101, unpaid 2101, the refund
//! window 2102, a refusing brand 2100, tenancy, and exactly one 2000 of concurrent refunds.

use noren_testkit::{Options, TestApp, both_databases, fixtures, json};
use serde_json::Value;

const REFUND: &str = "/v3/universal_payments/refund";

async fn paid(app: &TestApp, key: &str, amount: &str) -> (String, String) {
    let created = app.create_payment(key, &[("amount", amount)]).await;
    let token = created["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    let number = app.pay(&token, "paypay").await;
    (token, number)
}

async fn refund(app: &TestApp, key: &str, number: &str) -> Value {
    let res = app
        .post_values(REFUND, key, &[("payment_number", number)])
        .await;
    assert_eq!(res.status(), 200);
    json(res).await
}

both_databases! {
    async fn a_paid_payment_refunds_once(app) {
        let m = fixtures::test_merchant(app.db(), "Refund").await;
        let (token, number) = paid(&app, &m.key, "1000").await;
        let r = refund(&app, &m.key, &number).await;
        assert_eq!(r["result_code"], 2000);
        assert_eq!(r["message"], "refunded");
        assert_eq!(r["payment"]["payment_number"], number.as_str());
        assert_eq!(r["payment"]["status"], 30);
        let h: Vec<i64> = r["payment"]["history"].as_array().expect("history").iter().map(|h| h["status"].as_i64().expect("status")).collect();
        assert_eq!(h, vec![0, 10, 30]);
        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["fulfilled"], false, "fulfilled returns to false on refund");
        assert_eq!(p["associated_payments"][0]["status"], 30);
        assert_eq!(app.checkout(&token).await["state"], "refunded");

        let again = refund(&app, &m.key, &number).await;
        assert_eq!(again["result_code"], 2101);
        assert_eq!(again["message"], "not eligible: already refunded");
    }

    async fn unpaid_attempts_are_not_eligible(app) {
        let m = fixtures::test_merchant(app.db(), "Unpaid").await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token");
        let v = json(app.choose(token, "paypay", 0).await).await;
        let number = v["attempt"]["payment_number"].as_str().expect("number");
        let r = refund(&app, &m.key, number).await;
        assert_eq!(r["result_code"], 2101);
        assert_eq!(r["payment"]["status"], 0);
    }

    async fn a_refusing_brand_gives_2100_and_the_payment_stays_paid(app) {
        let m = fixtures::test_merchant(app.db(), "Refuse").await;
        let (_, number) = paid(&app, &m.key, "2100").await;
        let r = refund(&app, &m.key, &number).await;
        assert_eq!(r["result_code"], 2100);
        assert!(r["message"].as_str().expect("message").starts_with("error during refund"));
        assert_eq!(r["payment"]["status"], 10);
        // The claim was given back: the next try reaches the brand again (and fails again).
        assert_eq!(refund(&app, &m.key, &number).await["result_code"], 2100);
    }

    async fn refunds_after_the_window_give_2102(app with Options::env(&[("NOREN_REFUND_WINDOW_DAYS", "0")])) {
        let m = fixtures::test_merchant(app.db(), "Late").await;
        let (_, number) = paid(&app, &m.key, "1000").await;
        let r = refund(&app, &m.key, &number).await;
        assert_eq!(r["result_code"], 2102);
        assert_eq!(r["message"], "the refund period of 0 days after payment has passed");
        assert_eq!(r["payment"]["status"], 10);
    }

    async fn refund_checks_its_input_and_tenancy(app) {
        let m = fixtures::test_merchant(app.db(), "Owner").await;
        let other = fixtures::test_merchant(app.db(), "Stranger").await;
        let (_, number) = paid(&app, &m.key, "1000").await;
        let res = app.post_values(REFUND, &other.key, &[("payment_number", &number)]).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
        let res = app.post_values(REFUND, &m.key, &[]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "payment_number");
        let res = app.post_values(REFUND, &m.key, &[("payment_number", &number), ("amount", "5")]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "amount");
        let res = app.call(reqwest::Method::POST, REFUND, None, &[("payment_number", &number)]).await;
        assert_eq!(res.status(), 401);
        // The payment is untouched by all of that.
        assert_eq!(refund(&app, &m.key, &number).await["result_code"], 2000);
    }

    async fn concurrent_refunds_give_exactly_one_2000(app) {
        let m = fixtures::test_merchant(app.db(), "Race").await;
        let (_, number) = paid(&app, &m.key, "5000").await;
        let app = std::sync::Arc::new(app);
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let (app, key, number) = (app.clone(), m.key.clone(), number.clone());
            tasks.push(tokio::spawn(async move { refund(&app, &key, &number).await["result_code"].as_i64() }));
        }
        let mut codes = Vec::new();
        for t in tasks {
            codes.push(t.await.expect("task").expect("code"));
        }
        codes.sort();
        assert_eq!(codes.iter().filter(|c| **c == 2000).count(), 1, "{codes:?}");
        assert!(codes.iter().all(|c| *c == 2000 || *c == 2101), "{codes:?}");
    }

    async fn refunds_are_refused_once_90_days_have_passed_since_payment(app) {
        let m = fixtures::test_merchant(app.db(), "Window").await;
        let (_, early) = paid(&app, &m.key, "1000").await;
        let (_, late) = paid(&app, &m.key, "1200").await;
        app.state().clock.advance(chrono::Duration::days(89));
        assert_eq!(refund(&app, &m.key, &early).await["result_code"], 2000);
        app.state().clock.advance(chrono::Duration::days(2));
        let r = refund(&app, &m.key, &late).await;
        assert_eq!(r["result_code"], 2102);
        assert_eq!(r["payment"]["status"], 10);
    }

}
