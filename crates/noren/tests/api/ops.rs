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

/// The migration row a newer version would have written.
const FUTURE: &str = "m20991231_000999_from_a_newer_version";

async fn sql(app: &noren_testkit::TestApp, statement: &str) {
    use sea_orm::ConnectionTrait;
    app.db()
        .execute_unprepared(statement)
        .await
        .expect(statement);
}

both_databases! {
    /// Readiness writes this process's heartbeat, reads the migrations and asks the object
    /// store; a schema behind this binary is not ready, one ahead of it still is (the older
    /// processes of a rolling deploy keep serving), and a draining process is not.
    async fn readyz_checks_the_database_the_schema_and_the_store_and_fails_while_draining(app) {
        let res = app.get("/readyz").await;
        assert_eq!(res.status(), 200);
        let body = json(res).await;
        assert_eq!(body["checks"], serde_json::json!({"database": "ok", "migrations": "ok", "objectStore": "ok"}));
        let beats = {
            use sea_orm::ConnectionTrait;
            let stmt = sea_orm::Statement::from_string(app.db().get_database_backend(), "SELECT COUNT(*) AS n FROM heartbeats");
            app.db().query_one_raw(stmt).await.expect("count").expect("row").try_get::<i64>("", "n").expect("n")
        };
        assert_eq!(beats, 1, "one row for this process");

        // The report is refreshed once it is a second old: move the clock past that after
        // each change.
        let fresh = || app.state().clock.advance(chrono::Duration::seconds(2));
        sql(&app, &format!("INSERT INTO seaql_migrations (version, applied_at) VALUES ('{FUTURE}', 0)")).await;
        fresh();
        let res = app.get("/readyz").await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["checks"]["migrations"], format!("ahead ({FUTURE})"));
        sql(&app, &format!("DELETE FROM seaql_migrations WHERE version = '{FUTURE}'")).await;

        sql(&app, "DELETE FROM seaql_migrations WHERE version = 'm20261208_000019_heartbeats'").await;
        fresh();
        let res = app.get("/readyz").await;
        assert_eq!(res.status(), 503);
        let body = json(res).await;
        assert!(body["code"].is_string(), "the error body: {body}");
        assert!(body["message"].as_str().unwrap_or("").contains("migrations: 1 of this version not applied"), "{body}");
        sql(&app, "INSERT INTO seaql_migrations (version, applied_at) VALUES ('m20261208_000019_heartbeats', 0)").await;
        fresh();
        assert_eq!(app.get("/readyz").await.status(), 200);

        app.state().lifecycle.drain();
        let res = app.get("/readyz").await;
        assert_eq!(res.status(), 503);
        assert!(json(res).await["message"].as_str().unwrap_or("").starts_with("shutting down"));
        assert_eq!(app.get("/healthz").await.status(), 200, "liveness is not readiness");
    }

    /// A heartbeat written late (its check timed out, its statement reached the database after
    /// a newer check's) never replaces a later one: the scale phase of `make bench` once read
    /// back such a late write and took a busy process out of HAProxy as "database failed".
    async fn a_late_heartbeat_never_replaces_a_later_one(app) {
        use noren::db::repo::heartbeats;
        let t = chrono::Utc::now();
        let later = t + chrono::Duration::seconds(7);
        heartbeats::beat(app.db(), "late-test", later).await.expect("the later beat");
        heartbeats::beat(app.db(), "late-test", t).await.expect("a late beat is no failure");
        let stored = {
            use sea_orm::ConnectionTrait;
            let stmt = sea_orm::Statement::from_string(app.db().get_database_backend(), "SELECT beat_at FROM heartbeats WHERE instance = 'late-test'");
            app.db().query_one_raw(stmt).await.expect("read").expect("row").try_get::<chrono::DateTime<chrono::Utc>>("", "beat_at").expect("beat_at")
        };
        assert_eq!(stored.timestamp_micros(), later.timestamp_micros(), "the later beat stays");
        let next = later + chrono::Duration::seconds(1);
        heartbeats::beat(app.db(), "late-test", next).await.expect("the next beat");
    }

    /// Readiness does not wait in the pool's queue: with every connection of the pool taken
    /// (a saturated process), the heartbeat still goes through and the database reads "ok", not
    /// "slow" (ten seconds of "slow" take a process out of the balancer).
    async fn readiness_passes_while_every_connection_of_the_pool_is_taken(app) {
        use sea_orm::{ConnectionTrait, TransactionTrait};
        assert_eq!(app.get("/readyz").await.status(), 200);
        let connections = match app.db().get_database_backend() {
            sea_orm::DbBackend::Postgres => noren::db::PG_CONNECTIONS,
            _ => noren::db::SQLITE_CONNECTIONS,
        };
        let mut held = Vec::new();
        for _ in 0..connections {
            let tx = app.db().begin().await.expect("a connection of the pool");
            let stmt = sea_orm::Statement::from_string(tx.get_database_backend(), "SELECT 1 AS one");
            tx.query_one_raw(stmt).await.expect("held").expect("row");
            held.push(tx);
        }
        app.state().clock.advance(chrono::Duration::seconds(2));
        let asked = app.state().clock.now();
        assert_eq!(app.get("/readyz").await.status(), 200);
        let report = noren_testkit::eventually("a report made after the pool was taken", std::time::Duration::from_secs(5), || async {
            match app.state().lifecycle.readiness.last() {
                Some(r) if r.at >= asked => Ok(r),
                other => Err(format!("{other:?}")),
            }
        }).await;
        assert_eq!(report.database, noren::http::readiness::Database::Ok, "{report:?}");
        drop(held);
    }

    /// A binary refuses a database that a newer version migrated (`noren migrate` and `serve`
    /// alike), and `noren healthcheck` exits 0 for a ready server and 1 for none.
    async fn an_older_binary_refuses_a_newer_schema_and_healthcheck_exits_by_readiness(app) {
        let data_dir = app.data_dir();
        let run = |args: &[&str]| {
            std::process::Command::new(BIN)
                .args(args)
                .env("NOREN_DATABASE_URL", &app.database_url)
                .env("NOREN_DATA_DIR", &data_dir)
                .output()
                .expect("noren runs")
        };
        sql(&app, &format!("INSERT INTO seaql_migrations (version, applied_at) VALUES ('{FUTURE}', 0)")).await;
        let refused = run(&["migrate"]);
        assert!(!refused.status.success());
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(said.contains(FUTURE) && said.contains("a newer version of noren migrated it"), "{said}");
        sql(&app, &format!("DELETE FROM seaql_migrations WHERE version = '{FUTURE}'")).await;

        let (mut server, base) = noren_testkit::process::serve(BIN, &app.database_url, &[("NOREN_DATA_DIR", &data_dir)]).await;
        let ready = run(&["healthcheck", &format!("{base}/readyz")]);
        assert!(ready.status.success(), "{}", String::from_utf8_lossy(&ready.stderr));
        server.kill().expect("stop");
        server.wait().expect("reaped");
        let gone = run(&["healthcheck", &format!("{base}/readyz")]);
        assert_eq!(gone.status.code(), Some(1));
    }
}

const BIN: &str = env!("CARGO_BIN_EXE_noren");
