//! Nothing is lost on a crash: a `noren` process is killed (SIGKILL) while it delivers the
//! webhook of a paid payment; after a restart the delivery is taken up again once its lease
//! runs out, and the receiver sees exactly the cut-off attempt and one successful attempt of
//! the same event. Two processes on one database share the deliveries and never send one twice.

use noren_testkit::process;
use noren_testkit::receiver::{Receiver, Script};
use noren_testkit::{Options, TestApp, both_databases, fixtures, json};
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
        tokio::time::sleep(Duration::from_millis(500)).await;
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
        tokio::time::sleep(Duration::from_millis(500)).await;
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
