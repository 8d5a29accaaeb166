use noren_testkit::{Options, both_databases, fixtures, json};

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

    /// `metrics` macros called outside any request, from a task or another thread (as the job
    /// runner does), reach `/metrics` through the process's global recorder.
    async fn metrics_emitted_by_background_tasks_and_threads_appear_in_metrics(app) {
        // The label tells this server's test apart from the others running in this process.
        let server = app.url("");
        let label = server.clone();
        tokio::spawn(async move {
            metrics::counter!("noren_test_background_total", "server" => label).increment(2);
        })
        .await
        .expect("task");
        let label = server.clone();
        std::thread::spawn(move || {
            metrics::counter!("noren_test_background_total", "server" => label).increment(1);
            metrics::gauge!("noren_test_queued", "server" => "thread").set(7.0);
        })
        .join()
        .expect("thread");
        let text = app.get("/metrics").await.text().await.expect("body");
        assert!(text.contains(&format!(r#"noren_test_background_total{{server="{server}"}} 3"#)), "{text}");
        assert!(text.contains(r#"noren_test_queued{server="thread"} 7"#), "{text}");
    }

    async fn refused_requests_are_counted_by_the_limit_that_refused_them(
        app with Options::env(&[("NOREN_RATE_LIMIT_PER_KEY", "1/m"), ("NOREN_RATE_LIMIT_PER_ADDRESS", "1/m")])
    ) {
        let m = fixtures::test_merchant(app.db(), "Busy").await;
        let statuses = [
            app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(),
            app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(),
            app.get_with_key("/v3/api_keys/whoami", &m.key).await.status(),
            app.get("/v3/api_keys/whoami").await.status(),
            app.get("/v3/api_keys/whoami").await.status(),
        ];
        assert_eq!(statuses.map(|s| s.as_u16()), [200, 429, 429, 401, 429]);
        let text = app.get("/metrics").await.text().await.expect("body");
        for line in [
            r#"noren_rate_limited_total{scope="key"} 2"#,
            r#"noren_rate_limited_total{scope="address"} 1"#,
            r#"noren_rate_limited_total{scope="failures"} 0"#,
            r#"noren_http_requests_total{method="GET",route="/v3/api_keys/whoami",status="429"} 3"#,
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing from\n{text}");
        }
    }

    async fn graceful_stop_lets_the_server_finish(app) {
        let res = app.get("/healthz").await;
        assert_eq!(res.status(), 200);
        app.stop().await;
    }
}
