//! The partner-key extractor (DESIGN.md "Keys"): `Authorization: Bearer` or `X-Auth-API-Key`,
//! bound to one `{platform}`; another platform's path answers 404. The inbound calls arrive in a
//! later issue, so this mounts a probe route on the real state and serves it over real HTTP.

use axum::Router;
use axum::routing::get;
use noren::db::repo::accounts;
use noren::domain::keys::PartnerFamily;
use noren::http::auth::Partner;
use noren_testkit::{TestApp, both_databases, json};

async fn probe(Partner(p): Partner) -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({"platform": p.platform_code, "family": p.family.as_str()}))
}

async fn serve_probe(app: &TestApp) -> String {
    let router = Router::new()
        .route("/v3/inbound-external/{platform}/probe", get(probe))
        .with_state(app.state().clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{addr}")
}

both_databases! {
    async fn partner_keys_work_as_bearer_or_header_on_their_own_platform_only(app) {
        let base = serve_probe(&app).await;
        let ota = accounts::create_platform(app.db(), "acme-travel", "Acme Travel", app.state().clock.now()).await.expect("platform");
        accounts::create_platform(app.db(), "other-ota", "Other", app.state().clock.now()).await.expect("platform");
        let (_, key) = accounts::create_partner_key(app.db(), ota.id, PartnerFamily::Ota, app.state().clock.now()).await.expect("key");
        assert!(key.starts_with("ipk_ota_"));

        let url = format!("{base}/v3/inbound-external/acme-travel/probe");
        let res = app.client.get(&url).bearer_auth(&key).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await, serde_json::json!({"platform": "acme-travel", "family": "ota"}));
        let res = app.client.get(&url).header("X-Auth-API-Key", &key).send().await.expect("sent");
        assert_eq!(res.status(), 200);

        let other = format!("{base}/v3/inbound-external/other-ota/probe");
        let res = app.client.get(&other).bearer_auth(&key).send().await.expect("sent");
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");

        let res = app.client.get(&url).send().await.expect("sent");
        assert_eq!(res.status(), 401);
        let res = app.client.get(&url).header("Authorization", format!("Basic {key}")).send().await.expect("sent");
        assert_eq!(res.status(), 401);
        let res = app.client.get(&url).bearer_auth(format!("ipk_test_{}", "Z".repeat(32))).send().await.expect("sent");
        assert_eq!(res.status(), 401);
        assert_eq!(json(res).await["code"], "unauthorized");
    }
}
