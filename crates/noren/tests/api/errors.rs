//! DESIGN.md "Errors": every non-2xx answer on an API path is the JSON error body, whatever
//! produced it, and every answer carries X-Request-Id.

use noren_testkit::{both_databases, fixtures, json};

both_databases! {
    async fn unknown_api_paths_answer_a_json_404(app) {
        for path in ["/v3", "/v3/nope", "/v3/predefined_payments/x/y/z/w", "/api/order/nope", "/api", "/sandbox/x", "/openapi/nope.json"] {
            let res = app.get(path).await;
            assert_eq!(res.status(), 404, "{path}");
            assert_eq!(res.headers()["content-type"], "application/json", "{path}");
            let body = json(res).await;
            assert_eq!(body["code"], "not_found", "{path}");
            assert!(body["message"].as_str().unwrap_or("").contains(path), "{path}: {body}");
        }
    }

    async fn a_wrong_method_answers_405_with_allow_and_the_error_body(app) {
        for method in [reqwest::Method::POST, reqwest::Method::DELETE, reqwest::Method::PUT, reqwest::Method::PATCH] {
            let res = app.client.request(method.clone(), app.url("/v3/api_keys/whoami")).send().await.expect("sent");
            assert_eq!(res.status(), 405, "{method}");
            let allow = res.headers().get("allow").map(|v| v.to_str().unwrap_or("").to_string()).unwrap_or_default();
            assert!(allow.contains("GET"), "{method}: Allow {allow:?}");
            let body = json(res).await;
            assert_eq!(body["code"], "method_not_allowed");
        }
    }

    async fn a_body_over_one_mebibyte_answers_413_with_the_error_body(app) {
        let m = fixtures::test_merchant(app.db(), "Big").await;
        let res = app
            .client
            .post(app.url("/v3/api_keys/whoami"))
            .header("X-Auth-API-Key", &m.key)
            .body(vec![b'a'; 1024 * 1024 + 1])
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 413);
        let body = json(res).await;
        assert_eq!(body["code"], "payload_too_large");
    }

    async fn every_answer_carries_a_request_id_and_keeps_the_callers(app) {
        for path in ["/healthz", "/v3/api_keys/whoami", "/v3/nope", "/"] {
            let res = app.get(path).await;
            let id = res.headers().get("x-request-id").expect("x-request-id").to_str().expect("ascii");
            assert_eq!(id.len(), 36, "{path}: {id}");
        }
        let res = app.client.get(app.url("/healthz")).header("X-Request-Id", "trace-me-42").send().await.expect("sent");
        assert_eq!(res.headers()["x-request-id"], "trace-me-42");
    }

    async fn header_values_that_are_not_text_answer_401_not_500(app) {
        let res = app
            .client
            .get(app.url("/v3/api_keys/whoami"))
            .header("X-Auth-API-Key", reqwest::header::HeaderValue::from_bytes(b"sk_test_\xff\xfe").expect("opaque header"))
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 401);
        assert_eq!(json(res).await["code"], "unauthorized");
    }
}

/// PostgreSQL's SQLSTATEs are read as PostgreSQL's even when they are all digits (issue 32):
/// `57014` (a statement cancelled by its timeout) is an outage, a busy database, and a unique
/// violation `23505` is not. Read as SQLite result codes they were neither, and a full disk
/// (`53100`) answered 500 instead of 503 (`chaos/postgres_disk_full.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn numeric_postgresql_states_are_classified_as_postgresql_states() {
    use noren::db::outage::{Outage, classify};
    use sea_orm::{ConnectionTrait, TransactionTrait};
    let Some(url) = noren_testkit::postgres::fresh_database().await else {
        return;
    };
    let db = noren::db::connect(&url).await.expect("connect");
    let tx = db.begin().await.expect("begin");
    tx.execute_unprepared("SET LOCAL statement_timeout = 10")
        .await
        .expect("timeout");
    let cancelled = tx
        .execute_unprepared("SELECT pg_sleep(1)")
        .await
        .expect_err("cancelled by its timeout");
    assert_eq!(classify(&cancelled), Some(Outage::Busy), "{cancelled:?}");
    drop(tx);
    let duplicate = db
        .execute_unprepared("CREATE TABLE u (k int PRIMARY KEY); INSERT INTO u VALUES (1), (1)")
        .await
        .expect_err("a duplicate key");
    assert_eq!(classify(&duplicate), None, "{duplicate:?}");
    db.close().await.ok();
}
