//! The front door through the real binary: bad configuration stops with one line; `noren demo`
//! is idempotent and its key works against `noren serve`; SIGTERM stops the server cleanly.

use noren_testkit::{both_databases, json};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_noren");

#[test]
fn bad_configuration_stops_start_up_with_one_line() {
    for (var, value) in [
        ("NOREN_LISTEN", "not-an-address"),
        ("NOREN_DATABASE_URL", "mysql://x"),
        ("NOREN_LOG", "xml"),
        ("NOREN_PUBLIC_URL", "ftp://x"),
    ] {
        let out = Command::new(BIN)
            .arg("serve")
            .env(var, value)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{var}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{var}: {stderr}");
        assert!(
            stderr.starts_with(&format!("noren: invalid {var}=")),
            "{stderr}"
        );
    }
}

#[test]
fn an_unreachable_database_fails_with_one_line_not_a_panic() {
    let out = Command::new(BIN)
        .arg("migrate")
        .env(
            "NOREN_DATABASE_URL",
            "postgres://nobody:secret@127.0.0.1:1/none",
        )
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("noren: cannot connect to postgres://nobody:***@127.0.0.1:1/none"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("secret") && !stderr.contains("panicked"),
        "{stderr}"
    );
}

fn demo(url: &str) -> serde_json::Value {
    let out = Command::new(BIN)
        .args(["demo", "--json"])
        .env("NOREN_DATABASE_URL", url)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

both_databases! {
    async fn demo_is_idempotent_and_its_keys_work_against_serve(app) {
        let url = app.database_url.clone();
        let (first, second) = tokio::task::spawn_blocking(move || (demo(&url), demo(&url))).await.expect("demo");
        for field in ["legal_person_id", "shop_id", "shop_number", "platform"] {
            assert_eq!(first[field], second[field], "{field}");
        }
        assert_ne!(first["merchant_key"], second["merchant_key"]);
        assert!(first["merchant_key"].as_str().unwrap_or("").starts_with("sk_test_"));
        assert!(first["device_key"].as_str().unwrap_or("").starts_with("dk_test_"));
        assert!(first["partner_key"].as_str().unwrap_or("").starts_with("ipk_test_"));

        let (mut server, base) = noren_testkit::process::serve(BIN, &app.database_url, &[]).await;
        for key in [&first["merchant_key"], &second["merchant_key"], &first["device_key"]] {
            let res = app.client.get(format!("{base}/v3/api_keys/whoami"))
                .header("X-Auth-API-Key", key.as_str().unwrap_or(""))
                .send().await.expect("sent");
            assert_eq!(res.status(), 200);
            let body = json(res).await;
            assert_eq!(body["shop"]["number"], first["shop_number"]);
            assert_eq!(body["legal_person"]["companyName"], "Noren Demo K.K.");
        }
        // SAFETY-free SIGTERM through the kill command: the server must stop cleanly.
        let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().expect("kill");
        assert!(status.success());
        let exit = tokio::task::spawn_blocking(move || server.wait()).await.expect("join").expect("wait");
        assert!(exit.success(), "{exit:?}");
    }
}
