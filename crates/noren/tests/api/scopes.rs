//! What a key may do: device keys (`dk_`) create and read payments of their shop but cannot
//! update, refund or touch webhook events; a shop that is not payable takes no payment; a tip
//! never takes a payment past the largest amount.

use noren::db::entities::shop;
use noren::db::repo::accounts;
use noren::domain::keys::{MerchantFamily, Mode};
use noren_testkit::{Options, both_databases, fixtures, json};
use reqwest::Method;
use sea_orm::{ActiveModelTrait, Set};
use std::time::Duration;

both_databases! {
    async fn device_keys_create_and_read_payments_but_cannot_update_refund_or_see_webhooks(app) {
        let d = fixtures::merchant(app.db(), "Till", MerchantFamily::Device, Mode::Test).await;
        let (_, secret) = accounts::create_api_key(app.db(), d.device.id, MerchantFamily::Secret, Mode::Test, app.state().clock.now())
            .await
            .expect("secret key");
        let created = app.create_payment(&d.key, &[("amount", "1200"), ("order_no", "DK-1")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        assert_eq!(app.get_with_key("/v3/predefined_payments", &d.key).await.status(), 200);
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &d.key).await.status(), 200);
        assert_eq!(app.get(&format!("/v3/predefined_payments/{token}")).await.status(), 200);
        let number = app.pay(&token, "paypay").await;

        for (method, path, values) in [
            (Method::POST, "/v3/predefined_payments".to_string(), vec![("token", token.as_str()), ("custom", "x")]),
            (Method::POST, "/v3/universal_payments/refund".to_string(), vec![("payment_number", number.as_str())]),
            (Method::GET, "/v3/webhook_events".to_string(), vec![]),
            (Method::POST, "/v3/webhook_events/evt_x/redeliver".to_string(), vec![]),
        ] {
            let res = app.call(method.clone(), &path, Some(&d.key), &values).await;
            assert_eq!(res.status(), 403, "{method} {path}");
            let body = json(res).await;
            assert_eq!(body["code"], "forbidden");
            assert!(body["message"].as_str().unwrap_or("").contains("sk_"), "{body}");
        }
        // The payment is still paid: the refused refund did nothing.
        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["fulfilled"], true);
        // The merchant's secret key of the same device may.
        let res = app.post_values("/v3/predefined_payments", &secret, &[("token", &token), ("custom", "x")]).await;
        assert_eq!(res.status(), 200);
        let res = app.post_values("/v3/universal_payments/refund", &secret, &[("payment_number", &number)]).await;
        assert_eq!(json(res).await["result_code"], 2000);
    }

    // The flag is changed by an operator's command; the server sees it once its auth cache
    // forgets the key (NOREN_AUTH_CACHE_TTL_MS): off here, so the change counts at once.
    async fn a_shop_that_is_not_payable_refuses_payments_with_403(
        app with Options { auth_cache_ttl: Some(Duration::ZERO), ..Default::default() }
    ) {
        let m = fixtures::test_merchant(app.db(), "Closed").await;
        let live = accounts::create_api_key(app.db(), m.device.id, MerchantFamily::Secret, Mode::Live, app.state().clock.now())
            .await
            .expect("live key")
            .1;
        let before = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = before["predefined_payment"]["token"].as_str().expect("token").to_string();
        let mut s: shop::ActiveModel = m.shop.clone().into();
        s.is_payable = Set(false);
        s.update(app.db()).await.expect("shop updated");

        for key in [&m.key, &live] {
            let res = app.post_values("/v3/predefined_payments/create_online_payment", key, &[("amount", "1000")]).await;
            assert_eq!(res.status(), 403);
            let body = json(res).await;
            assert_eq!(body["code"], "forbidden");
            assert!(body["message"].as_str().unwrap_or("").contains("is_payable"), "{body}");
        }
        let whoami = json(app.get_with_key("/v3/api_keys/whoami", &m.key).await).await;
        assert_eq!(whoami["shop"]["is_payable"], false);
        // A payment made before cannot be paid now.
        let res = app.choose(&token, "paypay", 0).await;
        assert_eq!(res.status(), 403);
        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["started"], false);
        assert_eq!(p["fulfilled"], false);
    }

    async fn a_tip_never_takes_the_total_past_99_999_999_yen(app) {
        let m = fixtures::test_merchant(app.db(), "Tips").await;
        let big = app.create_payment(&m.key, &[("amount", "99999999"), ("tip_vas_enabled", "true")]).await;
        let token = big["predefined_payment"]["token"].as_str().expect("token").to_string();
        let res = app.choose(&token, "paypay", 1).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "tip");

        let p = app.create_payment(&m.key, &[("amount", "60000000"), ("tip_vas_enabled", "true")]).await;
        let token = p["predefined_payment"]["token"].as_str().expect("token").to_string();
        assert_eq!(app.choose(&token, "paypay", 40_000_000).await.status(), 400);
        let res = app.choose(&token, "paypay", 39_999_999).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["amount_total"], 99_999_999);
    }
}
