//! Malformed query values, form bodies, JSON bodies and path values answer the error body
//! through the real layer stack (`app::build_router`), never axum's plain-text rejections.
//! The API calls that use these extractors arrive in later issues; probe routes stand in.

use axum::Router;
use axum::routing::{get, post};
use noren::http::extract::{Form, Json, Path, Query};
use noren_testkit::{TestApp, both_databases, json};
use serde::Deserialize;

#[derive(Deserialize)]
struct Params {
    amount: i64,
    #[allow(dead_code)]
    order_no: Option<String>,
}

async fn query(Query(p): Query<Params>) -> String {
    p.amount.to_string()
}

async fn form(Form(p): Form<Params>) -> String {
    p.amount.to_string()
}

async fn body(Json(p): Json<Params>) -> String {
    p.amount.to_string()
}

async fn path(Path(id): Path<i64>) -> String {
    id.to_string()
}

async fn serve_probes(app: &TestApp) -> String {
    let probes = Router::new()
        .route("/v3/probe/query", get(query))
        .route("/v3/probe/form", post(form))
        .route("/v3/probe/json", post(body))
        .route("/v3/probe/path/{id}", get(path));
    let router = noren::app::build_router(app.state().clone(), probes);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{addr}")
}

async fn expect_client_error(res: reqwest::Response, status: u16) -> serde_json::Value {
    assert_eq!(res.status(), status);
    assert_eq!(res.headers()["content-type"], "application/json");
    let body = json(res).await;
    // 400 and 415 are both client errors: code `client`.
    assert_eq!(body["code"], "client");
    assert!(!body["message"].as_str().unwrap_or("").is_empty());
    body
}

both_databases! {
    async fn good_values_pass_and_bad_ones_answer_the_error_body(app) {
        let base = serve_probes(&app).await;
        let c = &app.client;
        assert_eq!(c.get(format!("{base}/v3/probe/query?amount=100")).send().await.expect("sent").text().await.expect("body"), "100");
        assert_eq!(c.post(format!("{base}/v3/probe/form")).form(&[("amount", "70")]).send().await.expect("sent").text().await.expect("body"), "70");
        assert_eq!(c.post(format!("{base}/v3/probe/json")).json(&serde_json::json!({"amount": 60})).send().await.expect("sent").text().await.expect("body"), "60");
        assert_eq!(c.get(format!("{base}/v3/probe/path/7")).send().await.expect("sent").text().await.expect("body"), "7");

        for url in ["/v3/probe/query", "/v3/probe/query?amount=abc", "/v3/probe/query?amount=1&amount=2", "/v3/probe/query?amount=%FF"] {
            let body = expect_client_error(c.get(format!("{base}{url}")).send().await.expect("sent"), 400).await;
            assert!(body["message"].as_str().unwrap_or("").contains("amount") || url.contains("%FF"), "{url}: {body}");
        }
        expect_client_error(c.post(format!("{base}/v3/probe/form")).form(&[("amount", "many")]).send().await.expect("sent"), 400).await;
        expect_client_error(c.post(format!("{base}/v3/probe/json")).header("content-type", "application/json").body("{\"amount\":").send().await.expect("sent"), 400).await;
        expect_client_error(c.post(format!("{base}/v3/probe/json")).header("content-type", "application/json").body("{\"amount\":\"x\"}").send().await.expect("sent"), 400).await;
        expect_client_error(c.post(format!("{base}/v3/probe/json")).body("{\"amount\":1}").send().await.expect("sent"), 415).await;
        expect_client_error(c.get(format!("{base}/v3/probe/path/seven")).send().await.expect("sent"), 400).await;
    }
}
