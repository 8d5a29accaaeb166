//! Nothing is lost on a crash: a `noren` process is killed (SIGKILL) while it delivers the
//! webhook of a paid payment; after a restart the delivery is taken up again once its lease
//! runs out, and the receiver sees exactly the cut-off attempt and one successful attempt of
//! the same event. Two processes on one database share the deliveries and never send one twice.
//! A create with an `Idempotency-Key` killed between its payment insert and its stored answer
//! leaves nothing behind, so a retry with the key makes exactly one payment.

use noren_testkit::process;
use noren_testkit::receiver::{Receiver, Script};
use noren_testkit::{Options, TestApp, both_databases, eventually, fixtures, json};
use std::path::Path;
use std::process::Child;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_noren");

/// Starts `noren serve` with a quick webhook schedule and a short lease.
async fn serve(app: &TestApp) -> (Child, String) {
    let data_dir = app.data_dir();
    process::serve(
        BIN,
        &app.database_url,
        &[
            ("NOREN_DATA_DIR", &data_dir),
            ("NOREN_WEBHOOK_TIMEOUT_MS", "1000"),
            ("NOREN_WEBHOOK_POLL_MS", "50"),
            ("NOREN_WEBHOOK_RETRY_SCHEDULE", "100ms"),
        ],
    )
    .await
}

fn no_worker() -> Options {
    Options::env(&[("NOREN_WEBHOOK_WORKER", "off")])
}

both_databases! {
    async fn a_delivery_cut_off_by_sigkill_is_completed_after_restart(app with no_worker()) {
        let m = fixtures::test_merchant(app.db(), "Crash").await;
        let rx = Receiver::with(Script { hang_first: 1, ..Script::default() }).await;
        let (mut first, _) = serve(&app).await;

        // Paid through this test's server, whose worker is off: the event waits in the outbox
        // for the spawned process's worker.
        let created = app.create_payment(&m.key, &[("amount", "1000"), ("webhook_callback_url", &rx.url())]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        app.pay(&token, "paypay").await;
        let got = rx.wait_for(1, Duration::from_secs(10)).await;
        let event_id = got[0].header("noren-event-id").to_string();

        first.kill().expect("SIGKILL");
        first.wait().expect("reaped");

        let (mut second, _) = serve(&app).await;
        let got = rx.wait_for(2, Duration::from_secs(15)).await;
        assert_eq!(got[1].header("noren-event-id"), event_id);
        assert_eq!(got[1].header("noren-delivery-attempt"), "2");
        // The spawned process's job is done: nothing more can be sent.
        app.settle_jobs().await;
        assert_eq!(rx.received().len(), 2, "exactly the cut-off attempt and one more");

        let page = json(app.get_values("/v3/webhook_events", &m.key, &[]).await).await;
        assert_eq!(page["total"], 1);
        let e = &page["data"][0];
        assert_eq!(e["status"], "delivered");
        assert_eq!(e["attempts"][0]["status_code"], serde_json::Value::Null, "the cut-off attempt stays on record");
        assert_eq!(e["attempts"][0]["duration_ms"], serde_json::Value::Null);
        assert_eq!(e["attempts"][1]["status_code"], 200);
        second.kill().expect("stop");
        second.wait().expect("reaped");
    }
}

both_databases! {
    async fn two_processes_never_send_the_same_attempt(app with no_worker()) {
        let m = fixtures::test_merchant(app.db(), "Pair").await;
        let rx = Receiver::start().await;
        let (mut a, _) = serve(&app).await;
        let (mut b, _) = serve(&app).await;
        let n = 40;
        for _ in 0..n {
            let created = app.create_payment(&m.key, &[("amount", "1000"), ("webhook_callback_url", &rx.url())]).await;
            app.pay(created["predefined_payment"]["token"].as_str().expect("token"), "paypay").await;
        }
        let got = rx.wait_for(n, Duration::from_secs(20)).await;
        app.settle_jobs().await;
        let got_all = rx.received();
        assert_eq!(got_all.len(), n, "each event once: {} requests", got_all.len());
        let ids: std::collections::HashSet<&str> = got.iter().map(|r| r.header("noren-event-id")).collect();
        assert_eq!(ids.len(), n);
        assert!(got.iter().all(|r| r.header("noren-delivery-attempt") == "1"));
        for child in [&mut a, &mut b] {
            child.kill().expect("stop");
            child.wait().expect("reaped");
        }
    }
}

both_databases! {
    /// SIGTERM: `/readyz` answers 503 at once while the process still accepts (the delay), the
    /// delivery hung at the receiver is cut at the drain time and its job is released to other
    /// processes at once (not after its lease), and the process exits 0.
    async fn sigterm_turns_readiness_off_then_releases_the_jobs_it_could_not_finish(app with no_worker()) {
        let m = fixtures::test_merchant(app.db(), "Drain").await;
        let rx = Receiver::with(Script { hang_first: 1, ..Script::default() }).await;
        let data_dir = app.data_dir();
        let (mut child, base) = process::serve(
            BIN,
            &app.database_url,
            &[
                ("NOREN_DATA_DIR", &data_dir),
                ("NOREN_WEBHOOK_TIMEOUT_MS", "60000"),
                ("NOREN_WEBHOOK_POLL_MS", "50"),
                // Long enough for a loaded machine (all test binaries at once in CI) to see the
                // 503: with 1 s it was once missed, every request after the delay refused.
                ("NOREN_SHUTDOWN_DELAY_MS", "3000"),
                ("NOREN_SHUTDOWN_DRAIN_MS", "500"),
            ],
        )
        .await;
        let created = app.create_payment(&m.key, &[("amount", "1000"), ("webhook_callback_url", &rx.url())]).await;
        app.pay(created["predefined_payment"]["token"].as_str().expect("token"), "paypay").await;
        rx.wait_for(1, Duration::from_secs(10)).await;

        let killed = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill");
        assert!(killed.success());
        let client = reqwest::Client::new();
        eventually("readyz 503 while the process still accepts", Duration::from_secs(5), || async {
            let res = client.get(format!("{base}/readyz")).send().await.map_err(|e| e.to_string())?;
            if res.status() == 503 { Ok(()) } else { Err(format!("answered {}", res.status())) }
        })
        .await;
        let status = tokio::task::spawn_blocking(move || child.wait().expect("reaped")).await.expect("waited");
        assert!(status.success(), "exits 0 after SIGTERM: {status:?}");

        use noren::db::entities::job::{self, JobStatus};
        use sea_orm::EntityTrait;
        let jobs = job::Entity::find().all(app.db()).await.expect("jobs");
        assert_eq!(jobs.len(), 1);
        assert_eq!((jobs[0].status, jobs[0].locked_by.as_deref()), (JobStatus::Pending, None), "released, not left to its lease");
        assert!(jobs[0].run_at <= chrono::Utc::now(), "due at once");
        // Another process (this test's runner) takes it at once: the second attempt arrives.
        assert_eq!(app.run_due_jobs().await, 1);
        let got = rx.received();
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].header("noren-delivery-attempt"), "2");
    }
}

const CREATE: &str = "/v3/predefined_payments/create_online_payment";

both_databases! {
    async fn a_create_killed_after_its_payment_insert_leaves_no_payment_and_its_retry_makes_one(app with no_worker()) {
        let m = fixtures::test_merchant(app.db(), "Killed").await;
        let data_dir = app.data_dir();
        let marker = format!("{data_dir}/paused-at");
        // The child stops (SIGKILL comes there) after inserting the payment, before the
        // transaction with the key and the answer commits: `noren::testhook`.
        let (mut child, base) = process::serve(
            BIN,
            &app.database_url,
            &[
                ("NOREN_DATA_DIR", &data_dir),
                ("NOREN_WEBHOOK_WORKER", "off"),
                ("NOREN_TEST_PAUSE_AT", noren::testhook::AFTER_PAYMENT_INSERT),
                ("NOREN_TEST_PAUSE_MARKER", &marker),
            ],
        )
        .await;
        let create = |client: &reqwest::Client, base: &str| {
            client
                .post(format!("{base}{CREATE}"))
                .query(&[("amount", "1000")])
                .header("X-Auth-API-Key", &m.key)
                .header("Idempotency-Key", "killed-1")
                .send()
        };
        let request = tokio::spawn(create(&app.client, &base));
        eventually("the child reaches the pause point", Duration::from_secs(15), || async {
            if Path::new(&marker).exists() { Ok(()) } else { Err("no marker".into()) }
        })
        .await;
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        assert!(request.await.expect("task").is_err(), "the killed process never answered");

        // A claim that a dead request left committed is taken over after 60 seconds: past that,
        // the retry runs whatever the dead process left.
        app.state().clock.advance(chrono::Duration::seconds(61));
        let retry = create(&app.client, &app.base).await.expect("sent");
        assert_eq!(retry.status(), 200);
        assert!(retry.headers().get("idempotent-replayed").is_none());
        let first = json(retry).await;
        let page = json(app.get_values("/v3/predefined_payments", &m.key, &[]).await).await;
        assert_eq!(page["total"], 1, "exactly one payment after the crash and the retry");
        assert_eq!(page["data"][0]["token"], first["predefined_payment"]["token"]);

        let again = create(&app.client, &app.base).await.expect("sent");
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(json(again).await, first);
    }
}
