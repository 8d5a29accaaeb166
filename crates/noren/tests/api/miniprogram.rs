//! The mini-program charge: `POST /v3/predefined_payments/{token}/{number}/wechatpay`.

use noren::domain::keys::Mode;
use noren::pay::store::shops;
use noren::webhooks::signing::hmac_hex;
use noren_testkit::{both_databases, fixtures, json};
use serde_json::json;

both_databases! {
    async fn a_registered_app_gets_a_charge_signed_with_the_miniprogram_key_not_the_webhook_secret(app) {
        let m = fixtures::test_merchant(app.db(), "Mini").await;
        shops::add_miniprogram_app(app.db(), m.shop.id, "wxapp0001", app.state().clock.now()).await.expect("app");
        let secret = shops::miniprogram_key(app.db(), &app.state().secret_box, m.shop.id, false, app.state().clock.now()).await.expect("mini-program key");
        assert!(secret.starts_with("mpk_test_"));
        let webhook_secret = fixtures::webhook_secret(app.state(), m.shop.id, Mode::Test).await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token");
        let path = format!("/v3/predefined_payments/{token}/{}/wechatpay", m.shop.number);
        let res = app.call(reqwest::Method::POST, &path, None, &[("openid", "o-123"), ("appid", "wxapp0001")]).await;
        assert_eq!(res.status(), 200);
        let c = json(res).await;
        assert_eq!(c["payment"], "WECHATPAY");
        let number = c["number"].as_str().expect("number");
        let charge = &c["charge"];
        assert_eq!(charge["package"], format!("prepay_id=sbx_{number}"));
        assert_eq!(charge["signType"], "HMAC-SHA256");
        let signed = format!(
            "appId=wxapp0001&nonceStr={}&package={}&signType=HMAC-SHA256&timeStamp={}",
            charge["nonceStr"].as_str().expect("nonce"), charge["package"].as_str().expect("package"), charge["timeStamp"].as_str().expect("ts")
        );
        assert_eq!(charge["paySign"], hmac_hex(secret.as_bytes(), signed.as_bytes()).to_uppercase());
        // Its own key: the webhook secret does not make this signature.
        assert_ne!(charge["paySign"], hmac_hex(webhook_secret.as_bytes(), signed.as_bytes()).to_uppercase());
        let p = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(p["associated_payments"][0]["payment_number"], number);
        assert_eq!(p["associated_payments"][0]["id"], c["id"]);
        assert_eq!(p["payment_method"], "wechatpay");
        // The sandbox approves it like any attempt.
        let res = app.post_values(&format!("/sandbox/payments/{number}/approve"), &m.key, &[]).await;
        assert_eq!(json(res).await["fulfilled"], true);
    }

    async fn unknown_apps_shops_and_values_are_refused(app) {
        let m = fixtures::test_merchant(app.db(), "MiniBad").await;
        let other = fixtures::test_merchant(app.db(), "MiniOther").await;
        shops::add_miniprogram_app(app.db(), other.shop.id, "wxother", app.state().clock.now()).await.expect("app");
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token");
        let path = format!("/v3/predefined_payments/{token}/{}/wechatpay", m.shop.number);
        let res = app.call(reqwest::Method::POST, &path, None, &[("openid", "o-1"), ("appid", "wxother")]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await, json!({"code": "client", "message": "app id not found"}));
        let res = app.call(reqwest::Method::POST, &path, None, &[("appid", "wxother")]).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "openid");
        let wrong_shop = format!("/v3/predefined_payments/{token}/{}/wechatpay", other.shop.number);
        let res = app.call(reqwest::Method::POST, &wrong_shop, None, &[("openid", "o-1"), ("appid", "wxother")]).await;
        assert_eq!(res.status(), 404);
        let res = app.call(reqwest::Method::POST, &format!("/v3/predefined_payments/nope/{}/wechatpay", m.shop.number), None, &[("openid", "o-1"), ("appid", "wx")]).await;
        assert_eq!(res.status(), 404);
    }
}
