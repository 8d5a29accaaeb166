use noren_testkit::{both_databases, fixtures, json};

both_databases! {
    async fn healthz_and_readyz_answer_200(app) {
        let res = app.get("/healthz").await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "ok");
        let res = app.get("/readyz").await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], "ready");
    }

    async fn metrics_count_requests_by_route_template_and_status(app) {
        let m = fixtures::test_merchant(app.db(), "Metrics").await;
        app.get_with_key("/v3/api_keys/whoami", &m.key).await;
        app.get_with_key("/v3/api_keys/whoami", &m.key).await;
        app.get("/v3/api_keys/whoami").await;
        app.get("/v3/unknown/secret-token-123").await;
        let res = app.get("/metrics").await;
        assert_eq!(res.status(), 200);
        assert!(res.headers()["content-type"].to_str().unwrap_or("").starts_with("text/plain"));
        let text = res.text().await.expect("body");
        assert!(text.contains(r#"noren_http_requests_total{method="GET",route="/v3/api_keys/whoami",status="200"} 2"#), "{text}");
        assert!(text.contains(r#"noren_http_requests_total{method="GET",route="/v3/api_keys/whoami",status="401"} 1"#), "{text}");
        assert!(text.contains(r#"noren_http_requests_total{method="GET",route="unmatched",status="404"} 1"#), "{text}");
        assert!(text.contains(r#"noren_http_request_duration_seconds_count{method="GET",route="/v3/api_keys/whoami"} 3"#), "{text}");
        // Raw paths (which may hold tokens) never become labels.
        assert!(!text.contains("secret-token-123"));
    }

    async fn graceful_stop_lets_the_server_finish(app) {
        let res = app.get("/healthz").await;
        assert_eq!(res.status(), 200);
        app.stop().await;
    }
}
