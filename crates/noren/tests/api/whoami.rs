use noren::db::repo::accounts;
use noren::domain::keys::{MerchantFamily, Mode};
use noren_testkit::{Options, both_databases, fixtures, json};
use serde_json::json;
use std::time::Duration;

both_databases! {
    async fn whoami_answers_the_keys_legal_person_shop_and_device(app) {
        let m = fixtures::test_merchant(app.db(), "Kissa").await;
        let res = app.get_with_key("/v3/api_keys/whoami", &m.key).await;
        assert_eq!(res.status(), 200);
        let body = json(res).await;
        assert_eq!(body["legal_person"], json!({
            "companyEmail": "dev@kissa.example",
            "companyName": "Kissa K.K.",
            "contractDate": "2025-04-01",
            "contractNumber": m.legal_person.contract_number,
            "id": m.legal_person.id,
        }));
        assert_eq!(body["shop"], json!({
            "id": m.shop.id,
            "is_payable": true,
            "name": "Kissa Shop",
            "name_ja": "Kissa店",
            "number": m.shop.number,
            "review_enabled": false,
        }));
        let device = &body["shop_device"];
        assert_eq!(device["id"], m.device.id);
        assert_eq!(device["deviceName"], "Kissa register");
        assert_eq!(device["deviceNumber"], m.device.device_number);
        assert_eq!(device["deviceType"], "pos");
        assert_eq!(device["disabled"], false);
        assert_eq!(device["parentShop"], m.shop.id);
        assert_eq!(device["mobileDevicePreferredLanguage"], "ja");
        assert_eq!(device["pushChannel"], "fcm");
        assert_eq!(device["pushToken"], "push-token-1");
        assert_eq!(device["createTime"], m.device.created_at.timestamp_millis());
        assert_eq!(device["updateTime"], m.device.updated_at.timestamp_millis());
        assert_eq!(body["api_key"], json!({"id": m.key_id, "family": "sk", "mode": "test"}));
    }

    async fn whoami_tells_device_keys_and_live_keys_apart(app) {
        let m = fixtures::merchant(app.db(), "Izakaya", MerchantFamily::Device, Mode::Live).await;
        assert!(m.key.starts_with("dk_live_"));
        let body = json(app.get_with_key("/v3/api_keys/whoami", &m.key).await).await;
        assert_eq!(body["api_key"]["family"], "dk");
        assert_eq!(body["api_key"]["mode"], "live");
        assert_eq!(body["shop_device"]["id"], m.device.id);
    }

    async fn each_key_sees_only_its_own_merchant(app) {
        let a = fixtures::test_merchant(app.db(), "Alpha").await;
        let b = fixtures::test_merchant(app.db(), "Beta").await;
        let body_a = json(app.get_with_key("/v3/api_keys/whoami", &a.key).await).await;
        let body_b = json(app.get_with_key("/v3/api_keys/whoami", &b.key).await).await;
        assert_eq!(body_a["shop"]["id"], a.shop.id);
        assert_eq!(body_b["shop"]["id"], b.shop.id);
        assert_ne!(body_a["legal_person"]["id"], body_b["legal_person"]["id"]);
    }

    async fn whoami_without_a_key_answers_401_with_the_error_body(app) {
        let res = app.get("/v3/api_keys/whoami").await;
        assert_eq!(res.status(), 401);
        assert_eq!(res.headers()["content-type"], "application/json");
        let body = json(res).await;
        assert_eq!(body["code"], "unauthorized");
        assert!(body["message"].as_str().unwrap_or("").contains("X-Auth-API-Key"), "{body}");
        assert!(body.get("errors").is_none());
    }

    async fn malformed_unknown_and_foreign_family_keys_answer_401(app) {
        let m = fixtures::test_merchant(app.db(), "Soba").await;
        let unknown = format!("sk_test_{}", "A".repeat(32));
        let last = if m.key.ends_with('x') { 'y' } else { 'x' };
        let tampered = format!("{}{last}", &m.key[..m.key.len() - 1]);
        let partner_like = format!("ipk_test_{}", "B".repeat(32));
        for key in ["", "nonsense", "sk_test_short", unknown.as_str(), tampered.as_str(), partner_like.as_str()] {
            let res = app.get_with_key("/v3/api_keys/whoami", key).await;
            assert_eq!(res.status(), 401, "key {key:?}");
            let body = json(res).await;
            assert_eq!(body["code"], "unauthorized");
            assert!(!body["message"].as_str().unwrap_or("").contains(key) || key.is_empty());
        }
    }


    async fn a_revoked_key_answers_401(app with uncached()) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 200);
        accounts::revoke_api_key(app.db(), m.key_id, app.state().clock.now()).await.expect("revoke");
        let res = app.get_with_key("/v3/api_keys/whoami", &m.key).await;
        assert_eq!(res.status(), 401);
        assert_eq!(json(res).await["message"], "invalid API key: unknown or revoked");
    }

    async fn a_disabled_devices_key_answers_403(app with uncached()) {
        let m = fixtures::test_merchant(app.db(), "Sushi").await;
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 200);
        accounts::set_device_disabled(app.db(), m.device.id, true, app.state().clock.now()).await.expect("disable");
        let res = app.get_with_key("/v3/api_keys/whoami", &m.key).await;
        assert_eq!(res.status(), 403);
        assert_eq!(json(res).await["code"], "forbidden");
    }

    /// A revocation or a disabled device made through the server takes effect there at once,
    /// even with the key cached.
    async fn revocation_and_disabling_through_the_server_count_at_once(app with cached_for(Duration::from_secs(600))) {
        let m = fixtures::test_merchant(app.db(), "Soba").await;
        let other = fixtures::test_merchant(app.db(), "Tempura").await;
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 200);
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &other.key).await.status(), 200);
        app.state().revoke_api_key(m.key_id).await.expect("revoke");
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 401);
        app.state().set_device_disabled(other.device.id, true).await.expect("disable");
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &other.key).await.status(), 403);
        app.state().set_device_disabled(other.device.id, false).await.expect("enable");
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &other.key).await.status(), 200);
    }

    /// With the cache on, a revocation made by another process (the operator command) is seen
    /// within one TTL.
    async fn a_revocation_elsewhere_reaches_the_server_within_the_cache_ttl(app with cached_for(CACHE_TTL)) {
        let m = fixtures::test_merchant(app.db(), "Udon").await;
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 200);
        accounts::revoke_api_key(app.db(), m.key_id, app.state().clock.now()).await.expect("revoke");
        // Within the TTL the server still answers from its cache; past it, from the database.
        app.state().clock.advance(chrono_ms(CACHE_TTL.as_millis() - 100));
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 200);
        app.state().clock.advance(chrono_ms(200));
        assert_eq!(app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(), 401);
    }
}

const CACHE_TTL: Duration = Duration::from_secs(60);

fn chrono_ms(ms: u128) -> chrono::Duration {
    chrono::Duration::milliseconds(i64::try_from(ms).expect("small"))
}

fn cached_for(ttl: Duration) -> Options {
    Options {
        auth_cache_ttl: Some(ttl),
        ..Default::default()
    }
}

/// The server under test without the key cache, so revocations take effect at once.
fn uncached() -> Options {
    cached_for(Duration::ZERO)
}
