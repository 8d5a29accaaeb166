//! The headless sandbox: `POST /sandbox/payments/{payment_number}/approve|decline`, test keys
//! only, the shop's own attempts only.

use noren::domain::keys::{MerchantFamily, Mode};
use noren_testkit::{both_databases, fixtures, json};

both_databases! {
    async fn a_test_key_approves_and_declines_headlessly(app) {
        let m = fixtures::test_merchant(app.db(), "Headless").await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        let v = json(app.choose(&token, "paypay", 0).await).await;
        let first = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        let res = app.post_values(&format!("/sandbox/payments/{first}/decline"), &m.key, &[]).await;
        assert_eq!(res.status(), 200);
        let p = json(res).await;
        assert_eq!(p["associated_payments"][0]["status"], 90);
        assert_eq!(p["fulfilled"], false);

        let v = json(app.choose(&token, "merpay", 0).await).await;
        let second = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        let res = app.post_values(&format!("/sandbox/payments/{second}/approve"), &m.key, &[]).await;
        assert_eq!(res.status(), 200);
        let p = json(res).await;
        assert_eq!(p["fulfilled"], true);
        assert_eq!(p["associated_payments"][1]["status"], 10);

        let res = app.post_values(&format!("/sandbox/payments/{second}/approve"), &m.key, &[]).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], format!("payment {second} is already paid"));
    }

    async fn the_sandbox_refuses_live_keys_and_other_shops(app) {
        let m = fixtures::test_merchant(app.db(), "Mine").await;
        let other = fixtures::test_merchant(app.db(), "Theirs").await;
        let live = fixtures::merchant(app.db(), "Live", MerchantFamily::Secret, Mode::Live).await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        let v = json(app.choose(&token, "paypay", 0).await).await;
        let number = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        let path = format!("/sandbox/payments/{number}/approve");

        let res = app.post_values(&path, &live.key, &[]).await;
        assert_eq!(res.status(), 403);
        assert_eq!(json(res).await["code"], "forbidden");
        let res = app.post_values(&path, &other.key, &[]).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
        let res = app.call(reqwest::Method::POST, &path, None, &[]).await;
        assert_eq!(res.status(), 401);
        let res = app.post_values("/sandbox/payments/0000000000000000/approve", &m.key, &[]).await;
        assert_eq!(res.status(), 404);
        let res = app.post_values(&format!("/sandbox/payments/{number}/refund"), &m.key, &[]).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
    }
}
