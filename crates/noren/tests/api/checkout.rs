//! The hosted checkout's endpoints and the state rules of seed 000 §4: choosing a brand starts
//! an attempt (and cancels the open one), tips, approval and decline, expiry and invalidation.

use noren::domain::payment::PaymentMethod;
use noren::pay::store::shops;
use noren_testkit::{both_databases, fixtures, json};
use serde_json::json;

async fn payment(app: &noren_testkit::TestApp, key: &str, values: &[(&str, &str)]) -> String {
    let body = app.create_payment(key, values).await;
    body["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string()
}

both_databases! {
    async fn the_checkout_shows_the_shop_amount_and_brands(app) {
        let m = fixtures::test_merchant(app.db(), "Kanmi").await;
        let token = payment(&app, &m.key, &[("amount", "1000"), ("order_no", "K-1"), ("tip_vas_enabled", "true"), ("expires_after", "600")]).await;
        let v = app.checkout(&token).await;
        assert_eq!(v["state"], "open");
        assert_eq!(v["shop"], json!({"name": "Kanmi Shop", "name_ja": "Kanmi店"}));
        assert_eq!(v["amount"], 1000);
        assert_eq!(v["amount_total"], 1000);
        assert_eq!(v["order_no"], "K-1");
        assert_eq!(v["tip_vas_enabled"], true);
        assert_eq!(v["can_choose_brand"], true);
        assert_eq!(v["livemode"], false);
        assert!(v["expires_at"].is_string());
        assert_eq!(v["attempt"], json!(null));
        assert_eq!(v["brands"][0], json!({"payment": "paypay", "name": "PayPay", "image_url": "/checkout/brands/paypay.svg"}));
        assert_eq!(v["brands"].as_array().expect("brands").len(), 10);

        let res = app.get("/checkout/brands/paypay.svg").await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/svg+xml");
        assert!(res.text().await.expect("svg").starts_with("<svg"));
        let res = app.get("/checkout/brands/bitcoin.svg").await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");

        let res = app.get("/checkout/api/no-such-token").await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
    }

    async fn available_payments_lists_the_shops_brands_in_order(app) {
        let m = fixtures::test_merchant(app.db(), "Brands").await;
        shops::set_payment_methods(app.db(), m.shop.id, &[PaymentMethod::AlipayHs, PaymentMethod::PayPay]).await.expect("set");
        let token = payment(&app, &m.key, &[("amount", "800")]).await;
        let res = app.get(&format!("/v3/predefined_payments/{token}/available_payments")).await;
        assert_eq!(res.status(), 200);
        let list = json(res).await;
        assert_eq!(list.as_array().expect("list").len(), 2);
        assert_eq!(list[0]["payment"], "alipay(hs)");
        assert_eq!(list[0]["name"], "Alipay+ (HS)");
        assert_eq!(list[0]["image_url"], format!("{}/checkout/brands/alipay-hs.svg", app.base));
        assert!(list[0]["image_url_inline"].as_str().expect("inline").starts_with("data:image/svg+xml,"));
        assert_eq!(list[1]["payment"], "paypay");
        let res = app.get("/v3/predefined_payments/nope/available_payments").await;
        assert_eq!(res.status(), 404);
        // A brand the shop does not offer cannot be chosen.
        let res = app.choose(&token, "linepay", 0).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "payment_method");
    }

    async fn choosing_a_brand_starts_an_attempt_and_another_cancels_it(app) {
        let m = fixtures::test_merchant(app.db(), "Switch").await;
        let token = payment(&app, &m.key, &[("amount", "1500")]).await;
        let res = app.choose(&token, "paypay", 0).await;
        assert_eq!(res.status(), 200);
        let v = json(res).await;
        let first = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        assert_eq!(v["attempt"]["status"], 0);
        assert_eq!(v["attempt"]["payment_method"], "paypay");

        let res = app.choose(&token, "linepay", 0).await;
        assert_eq!(res.status(), 200);
        let v = json(res).await;
        let second = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        assert_ne!(first, second);

        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["started"], true);
        assert_eq!(p["payment_method"], "linepay");
        assert_eq!(p["payment"], "LINEPAY");
        let attempts = p["associated_payments"].as_array().expect("attempts");
        assert_eq!(attempts.len(), 2);
        assert_eq!(attempts[0]["payment_number"], first.as_str());
        assert_eq!(attempts[0]["status"], 90, "choosing another brand cancels the open attempt");
        let h: Vec<i64> = attempts[0]["history"].as_array().expect("history").iter().map(|h| h["status"].as_i64().expect("status")).collect();
        assert_eq!(h, vec![0, 90]);
        assert_eq!(attempts[1]["status"], 0);
        assert_eq!(attempts[1]["shop_number"], m.shop.number.as_str());
        assert_eq!(attempts[1]["type"], "online");

        // The cancelled attempt can no longer be approved.
        let res = app.settle(&token, &first, "approve").await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["code"], "conflict");
    }

    async fn approval_fulfils_the_payment_and_shows_a_receipt(app) {
        let m = fixtures::test_merchant(app.db(), "Paid").await;
        let token = payment(&app, &m.key, &[("amount", "2000"), ("tip_vas_enabled", "true"), ("redirection_url", "https://paid.example/thanks")]).await;
        let res = app.choose(&token, "creditcard(sp)", 300).await;
        assert_eq!(res.status(), 200);
        let v = json(res).await;
        assert_eq!(v["tip"], 300);
        assert_eq!(v["amount_total"], 2300);
        assert_eq!(v["attempt"]["amount"], 2300);
        let number = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        let res = app.settle(&token, &number, "approve").await;
        assert_eq!(res.status(), 200);
        let v = json(res).await;
        assert_eq!(v["state"], "paid");
        assert_eq!(v["can_choose_brand"], false);
        assert_eq!(v["redirection_url"], "https://paid.example/thanks");
        let receipt = &v["receipt"];
        assert_eq!(receipt["payment_number"], number.as_str());
        assert_eq!(receipt["brand_name"], "Credit card");
        assert_eq!((receipt["amount"].as_i64(), receipt["tip"].as_i64(), receipt["amount_total"].as_i64()), (Some(2000), Some(300), Some(2300)));
        assert!(receipt["paid_at"].is_string());

        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["fulfilled"], true);
        assert_eq!(p["amount_total"], 2300);
        assert_eq!(p["amount_vas"], 300);
        assert_eq!(p["associated_payments"][0]["status"], 10);
        let h: Vec<i64> = p["associated_payments"][0]["history"].as_array().expect("history").iter().map(|h| h["status"].as_i64().expect("status")).collect();
        assert_eq!(h, vec![0, 10]);
        let vas = &p["value_added_services"][0];
        assert_eq!(vas["type"], "tip");
        assert_eq!(vas["state"], "applied");
        assert_eq!(vas["items"], json!([{"name": "tip", "amount": 300}]));

        // Paid: no new attempt, no second approval.
        assert_eq!(app.choose(&token, "paypay", 0).await.status(), 409);
        assert_eq!(app.settle(&token, &number, "approve").await.status(), 409);
    }

    async fn tips_are_checked(app) {
        let m = fixtures::test_merchant(app.db(), "Tips").await;
        let no_tip = payment(&app, &m.key, &[("amount", "1000")]).await;
        let res = app.choose(&no_tip, "paypay", 100).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"], json!([{"field": "tip", "message": "this payment takes no tip"}]));
        let tipped = payment(&app, &m.key, &[("amount", "1000"), ("tip_vas_enabled", "true")]).await;
        for bad in [json!(-1), json!(1001), json!(1.5), json!("100")] {
            let res = app.client.post(app.url(&format!("/checkout/api/{tipped}/attempts")))
                .json(&json!({"payment_method": "paypay", "tip": bad})).send().await.expect("sent");
            assert_eq!(res.status(), 400, "{bad}");
            assert_eq!(json(res).await["errors"][0]["field"], "tip");
        }
        let res = app.client.post(app.url(&format!("/checkout/api/{tipped}/attempts")))
            .json(&json!({"payment_method": "bitcoin", "tip": -5})).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"].as_array().expect("errors").len(), 2, "every bad field at once");
        let res = app.client.post(app.url(&format!("/checkout/api/{tipped}/attempts")))
            .header("content-type", "application/json").body("{").send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["code"], "client");
    }

    async fn a_start_body_of_the_wrong_shape_answers_one_400_naming_each_member(app) {
        let m = fixtures::test_merchant(app.db(), "Shape").await;
        let token = payment(&app, &m.key, &[("amount", "1000"), ("tip_vas_enabled", "true")]).await;
        let url = app.url(&format!("/checkout/api/{token}/attempts"));
        // A member the call does not take, no brand, a tip that is not a JSON integer: one 400.
        let res = app.client.post(&url).json(&json!({"colour": "red", "tip": 100.0})).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert_eq!(body["code"], "client");
        assert_eq!(body["message"], "3 invalid fields");
        assert_eq!(body["errors"], json!([
            {"field": "colour", "message": "unknown value; this call takes payment_method, tip"},
            {"field": "payment_method", "message": "is required"},
            {"field": "tip", "message": "must be a whole number of yen"},
        ]));
        let res = app.client.post(&url).json(&json!({"payment_method": 5})).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"], json!([{"field": "payment_method", "message": "must be a string"}]));
        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["started"], false, "a refused choice starts nothing");
        // A null tip is no tip.
        let res = app.client.post(&url).json(&json!({"payment_method": "paypay", "tip": null})).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let v = json(res).await;
        assert_eq!((v["tip"].as_i64(), v["attempt"]["amount"].as_i64()), (Some(0), Some(1000)));
    }

    async fn a_declined_attempt_lets_the_customer_choose_again(app) {
        let m = fixtures::test_merchant(app.db(), "Decline").await;
        let token = payment(&app, &m.key, &[("amount", "900")]).await;
        let v = json(app.choose(&token, "paypay", 0).await).await;
        let number = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        let res = app.settle(&token, &number, "decline").await;
        assert_eq!(res.status(), 200);
        let v = json(res).await;
        assert_eq!(v["state"], "open");
        assert_eq!(v["attempt"]["status"], 90);
        assert_eq!(v["can_choose_brand"], true);
        // Another token's page cannot settle this attempt.
        let other = payment(&app, &m.key, &[("amount", "900")]).await;
        assert_eq!(app.settle(&other, &number, "approve").await.status(), 404);
        app.pay(&token, "aupay").await;
    }

    async fn expired_payments_take_no_money(app) {
        let m = fixtures::test_merchant(app.db(), "Expiry").await;
        let token = payment(&app, &m.key, &[("amount", "700"), ("expires_after", "1")]).await;
        let v = json(app.choose(&token, "paypay", 0).await).await;
        let number = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        app.state().clock.advance(chrono::Duration::seconds(2));
        let v = app.checkout(&token).await;
        assert_eq!(v["state"], "expired");
        assert_eq!(v["can_choose_brand"], false);
        let res = app.settle(&token, &number, "approve").await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "this payment has expired");
        assert_eq!(app.choose(&token, "paypay", 0).await.status(), 409);
        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["expired"], true);
        assert_eq!(p["fulfilled"], false);
    }

    async fn invalidation_blocks_the_link_but_a_started_attempt_may_finish(app) {
        let m = fixtures::test_merchant(app.db(), "Invalid").await;
        let fresh = payment(&app, &m.key, &[("amount", "600")]).await;
        let started = payment(&app, &m.key, &[("amount", "600")]).await;
        let v = json(app.choose(&started, "paypay", 0).await).await;
        let number = v["attempt"]["payment_number"].as_str().expect("number").to_string();
        for token in [&fresh, &started] {
            let res = app.post_values("/v3/predefined_payments", &m.key, &[("token", token), ("invalidated", "true")]).await;
            assert_eq!(res.status(), 200);
        }
        let v = app.checkout(&fresh).await;
        assert_eq!(v["state"], "invalidated");
        let res = app.choose(&fresh, "paypay", 0).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "this payment link was invalidated by the merchant");

        let v = app.checkout(&started).await;
        assert_eq!(v["state"], "open");
        assert_eq!(v["can_choose_brand"], false, "no new brand once invalidated");
        assert_eq!(app.choose(&started, "linepay", 0).await.status(), 409);
        let res = app.settle(&started, &number, "approve").await;
        assert_eq!(res.status(), 200, "the started attempt may still finish");
        assert_eq!(json(res).await["state"], "paid");
    }

    async fn live_payments_need_a_connected_brand(app) {
        let m = fixtures::merchant(app.db(), "Live", noren::domain::keys::MerchantFamily::Secret, noren::domain::keys::Mode::Live).await;
        let token = payment(&app, &m.key, &[("amount", "1000")]).await;
        let res = app.choose(&token, "paypay", 0).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "PayPay is not connected for live payments in this installation");
    }
}
