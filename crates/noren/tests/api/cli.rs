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
        ("NOREN_SECRET_KEY", "not-a-key"),
        ("NOREN_WEBHOOK_ALLOW_PRIVATE", "yes"),
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

fn demo(url: &str, data_dir: &str) -> serde_json::Value {
    let out = Command::new(BIN)
        .args(["demo", "--json"])
        .env("NOREN_DATABASE_URL", url)
        .env("NOREN_DATA_DIR", data_dir)
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
        let dir = app.data_dir();
        let (first, second) = tokio::task::spawn_blocking(move || (demo(&url, &dir), demo(&url, &dir))).await.expect("demo");
        for field in ["legal_person_id", "shop_id", "shop_number", "platform"] {
            assert_eq!(first[field], second[field], "{field}");
        }
        assert_ne!(first["merchant_key"], second["merchant_key"]);
        assert!(first["merchant_key"].as_str().unwrap_or("").starts_with("sk_test_"));
        assert!(first["device_key"].as_str().unwrap_or("").starts_with("dk_test_"));
        assert!(first["partner_key"].as_str().unwrap_or("").starts_with("ipk_test_"));

        let (mut server, base) = noren_testkit::process::serve(BIN, &app.database_url, &[("NOREN_DATA_DIR", &app.data_dir())]).await;
        for key in [&first["merchant_key"], &second["merchant_key"], &first["device_key"]] {
            let res = app.client.get(format!("{base}/v3/api_keys/whoami"))
                .header("X-Auth-API-Key", key.as_str().unwrap_or(""))
                .send().await.expect("sent");
            assert_eq!(res.status(), 200);
            let body = json(res).await;
            assert_eq!(body["shop"]["number"], first["shop_number"]);
            assert_eq!(body["legal_person"]["companyName"], "Noren Demo K.K.");
        }
        // The demo shop is a restaurant, read by `shop_id`, seeded once however often demo runs.
        let shop = json(app.client.get(format!("{base}/api/order/shop/{}?lang=ja", first["shop_id"]))
            .send().await.expect("sent")).await;
        assert_eq!(shop["number"], first["shop_number"]);
        assert_eq!(shop["name"], "のれんデモラーメン");
        let categories = shop["orderMenus"].as_array().expect("categories");
        assert_eq!(categories.len(), 3);
        assert_eq!(categories[0]["menus"].as_array().map(Vec::len), Some(2));
        // SAFETY-free SIGTERM through the kill command: the server must stop cleanly.
        let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().expect("kill");
        assert!(status.success());
        let exit = tokio::task::spawn_blocking(move || server.wait()).await.expect("join").expect("wait");
        assert!(exit.success(), "{exit:?}");
    }
}

fn operator(url: &str, data_dir: &str, args: &[&str]) -> (bool, serde_json::Value, String) {
    let out = Command::new(BIN)
        .args(args)
        .env("NOREN_DATABASE_URL", url)
        .env("NOREN_DATA_DIR", data_dir)
        .output()
        .expect("runs");
    let stdout = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (
        out.status.success(),
        stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

both_databases! {
    async fn operators_set_brands_webhooks_and_mini_program_apps(app) {
        let url = app.database_url.clone();
        let dir = app.data_dir();
        let keys = tokio::task::spawn_blocking({ let (url, dir) = (url.clone(), dir.clone()); move || demo(&url, &dir) }).await.expect("demo");
        let shop = keys["shop_number"].as_str().expect("shop").to_string();
        let first_secret = keys["webhook_secret"].as_str().expect("secret").to_string();
        assert!(first_secret.starts_with("whsec_"));
        assert_eq!(keys["miniprogram_appid"], "wxdemo0000000001");
        let demo_mini_key = keys["miniprogram_key"].as_str().expect("mini-program key").to_string();
        assert!(demo_mini_key.starts_with("mpk_test_"), "{demo_mini_key}");
        let runs = tokio::task::spawn_blocking(move || {
            let op = |args: &[&str]| operator(&url, &dir, args);
            vec![
                op(&["shop", "payment-methods", "--shop", &shop, "--set", "alipay(hs),paypay"]),
                op(&["shop", "payment-methods", "--shop", &shop, "--set", "bitcoin"]),
                op(&["webhook", "set-url", "--shop", &shop, "--mode", "live", "--url", "https://shop.example/hook"]),
                op(&["webhook", "set-url", "--shop", &shop, "--mode", "live", "--url", "ftp://nope"]),
                op(&["webhook", "rotate-secret", "--shop", &shop, "--mode", "test"]),
                op(&["miniprogram-app", "add", "--shop", &shop, "--appid", "wx-second"]),
                op(&["webhook", "rotate-secret", "--shop", "99999999", "--mode", "test"]),
                // Live: https only, no internal addresses in any notation; test may use loopback.
                op(&["webhook", "set-url", "--shop", &shop, "--mode", "live", "--url", "http://shop.example/hook"]),
                op(&["webhook", "set-url", "--shop", &shop, "--mode", "live", "--url", "https://0x7f000001/hook"]),
                op(&["webhook", "set-url", "--shop", &shop, "--mode", "test", "--url", "http://169.254.169.254/latest"]),
                op(&["webhook", "set-url", "--shop", &shop, "--mode", "test", "--url", "http://127.0.0.1:4000/hook"]),
                op(&["webhook", "set-url", "--shop", &shop, "--url", "https://shop.example/hook"]),
            ]
        }).await.expect("operators");
        assert!(runs[0].0, "{}", runs[0].2);
        assert_eq!(runs[0].1["payment_methods"], serde_json::json!(["alipay(hs)", "paypay"]));
        assert!(!runs[1].0 && runs[1].2.contains("unknown brand bitcoin"), "{}", runs[1].2);
        assert!(runs[2].0 && runs[2].1["webhook_url"] == "https://shop.example/hook", "{}", runs[2].2);
        assert!(!runs[3].0, "a bad URL is refused");
        let new_secret = runs[4].1["webhook_secret"].as_str().expect("new secret").to_string();
        assert!(new_secret.starts_with("whsec_") && new_secret != first_secret);
        assert!(runs[5].0, "{}", runs[5].2);
        assert_eq!(runs[5].1["miniprogram_key"]["test"], demo_mini_key.as_str());
        assert!(runs[5].1["miniprogram_key"]["live"].as_str().unwrap_or("").starts_with("mpk_live_"), "{}", runs[5].1);
        assert!(!runs[6].0 && runs[6].2.contains("no shop with number 99999999"), "{}", runs[6].2);
        assert!(!runs[7].0 && runs[7].2.contains("https"), "{}", runs[7].2);
        assert!(!runs[8].0 && runs[8].2.contains("127.0.0.1 is loopback"), "{}", runs[8].2);
        assert!(!runs[9].0 && runs[9].2.contains("169.254.169.254"), "{}", runs[9].2);
        assert!(runs[10].0, "{}", runs[10].2);
        assert!(!runs[11].0 && runs[11].2.contains("--mode"), "--mode is required: {}", runs[11].2);

        // What the operators set is what the API shows and uses.
        let shop_id = keys["shop_id"].as_i64().expect("shop id");
        let shop_row = noren::db::repo::accounts::find_shop(app.db(), shop_id).await.expect("db").expect("shop");
        assert_eq!(shop_row.webhook_url.as_deref(), Some("https://shop.example/hook"));
        assert_eq!(shop_row.webhook_url_test.as_deref(), Some("http://127.0.0.1:4000/hook"));
        let sb = &app.state().secret_box;
        let secrets = noren::webhooks::store::signing_secrets(app.db(), sb, shop_id, false, chrono::Utc::now()).await.expect("secrets");
        assert_eq!(secrets, vec![new_secret.clone(), first_secret.clone()], "the old secret signs on during the rotation");
        let live = noren::webhooks::store::signing_secrets(app.db(), sb, shop_id, true, chrono::Utc::now()).await.expect("live secrets");
        assert_eq!(live.len(), 1);
        assert!(!secrets.contains(&live[0]), "live has its own secret");
        let created = app.create_payment(keys["merchant_key"].as_str().expect("key"), &[("amount", "500")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token");
        let brands = json(app.get(&format!("/v3/predefined_payments/{token}/available_payments")).await).await;
        let names: Vec<&str> = brands.as_array().expect("list").iter().map(|b| b["payment"].as_str().expect("payment")).collect();
        assert_eq!(names, ["alipay(hs)", "paypay"]);
        assert!(noren::pay::store::shops::has_miniprogram_app(app.db(), shop_id, "wx-second").await.expect("db"));
    }
}

#[test]
fn demo_base_url_is_null_when_the_port_is_chosen_at_start() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("noren.db").display());
    let run = |listen: &str| -> serde_json::Value {
        let out = Command::new(BIN)
            .args(["demo", "--json"])
            .env("NOREN_DATABASE_URL", &url)
            .env("NOREN_DATA_DIR", dir.path())
            .env("NOREN_LISTEN", listen)
            .env_remove("NOREN_PUBLIC_URL")
            .output()
            .expect("runs");
        assert!(out.status.success());
        serde_json::from_slice(&out.stdout).expect("JSON")
    };
    assert_eq!(run("127.0.0.1:0")["base_url"], serde_json::Value::Null);
    assert_eq!(run("127.0.0.1:8123")["base_url"], "http://127.0.0.1:8123");
}

both_databases! {
    async fn operators_set_order_settings_and_delivery_addresses_that_the_shop_read_shows(app) {
        let url = app.database_url.clone();
        let dir = app.data_dir();
        let keys = tokio::task::spawn_blocking({ let (url, dir) = (url.clone(), dir.clone()); move || demo(&url, &dir) }).await.expect("demo");
        let shop = keys["shop_number"].as_str().expect("shop").to_string();
        let shop_id = keys["shop_id"].as_i64().expect("shop id");
        let files = tempfile::tempdir().expect("temp dir");
        let write = |name: &str, value: serde_json::Value| {
            let path = files.path().join(name);
            std::fs::write(&path, value.to_string()).expect("write");
            path.display().to_string()
        };
        let settings = write("settings.json", serde_json::json!({
            "tel": "+81 3-9999-0000",
            "isDeliverySupported": false,
            "orderSettings": {"cafeteriaLastOrderTime": "21:30", "desc": null},
            "orderGreetings": [{"lang": "ko", "message": "어서 오세요"}],
        }));
        let addresses = write("addresses.json", serde_json::json!([
            {"id": "hq", "name": "Head office", "zipCode": "100-0005", "address": "1-1 Marunouchi, Chiyoda-ku, Tokyo"},
            {"id": "station", "name": "Tokyo station, Yaesu exit", "address": "1-9-1 Marunouchi, Chiyoda-ku, Tokyo"},
        ]));
        let bad_time = write("bad-time.json", serde_json::json!({"orderSettings": {"takeoutOpenTime": "25:00"}}));
        let unknown = write("unknown.json", serde_json::json!({"opensAt": "11:00"}));
        let duplicate = write("duplicate.json", serde_json::json!([
            {"id": "a", "name": "A", "address": "x"}, {"id": "a", "name": "B", "address": "y"},
        ]));
        let not_json = write("not.json", serde_json::json!("x")).replace("not.json", "missing.json");
        let runs = tokio::task::spawn_blocking(move || {
            let op = |args: &[&str]| operator(&url, &dir, args);
            vec![
                // 0: flags, then a file on top (flags win over the file's values).
                op(&["order-settings", "set", "--shop", &shop, "--takeout-open-time", "10:15",
                     "--delivery-fee", "450", "--cafeteria-opening", "false", "--sct-link", "none"]),
                op(&["order-settings", "set", "--shop", &shop, "--json", &settings, "--cafeteria-last-order-time", "22:00"]),
                op(&["delivery-addresses", "set", "--shop", &shop, "--file", &addresses]),
                // 3..: refused, nothing written.
                op(&["order-settings", "set", "--shop", &shop, "--takeout-open-time", "24:00"]),
                op(&["order-settings", "set", "--shop", &shop, "--delivery-fee", "-1"]),
                op(&["order-settings", "set", "--shop", &shop, "--json", &bad_time]),
                op(&["order-settings", "set", "--shop", &shop, "--json", &unknown]),
                op(&["delivery-addresses", "set", "--shop", &shop, "--file", &duplicate]),
                op(&["delivery-addresses", "set", "--shop", &shop, "--file", &not_json]),
                op(&["order-settings", "set", "--shop", &shop]),
                op(&["order-settings", "show", "--shop", "99999999"]),
                op(&["order-settings", "set", "--shop", &shop, "--invoice-reg-no", "T12", "--tel", "+81 3-1111-2222"]),
                // 12, 13: read back.
                op(&["order-settings", "show", "--shop", &shop]),
                op(&["delivery-addresses", "list", "--shop", &shop]),
            ]
        }).await.expect("operators");
        for (i, run) in runs[..3].iter().enumerate() {
            assert!(run.0, "run {i}: {}", run.2);
        }
        let refused = |i: usize, needle: &str| {
            let (ok, _, stderr) = &runs[i];
            assert!(!ok, "run {i} succeeded");
            assert!(stderr.contains(needle), "run {i}: {stderr}");
            assert!(!stderr.contains("panicked"), "run {i}: {stderr}");
        };
        refused(3, "orderSettings.takeoutOpenTime: \"24:00\" is not a time HH:MM");
        refused(4, "orderSettings.deliveryFee: -1 is not a whole number of yen from 0 to 100000");
        refused(5, "orderSettings.takeoutOpenTime: \"25:00\" is not a time HH:MM");
        refused(6, "opensAt: unknown field");
        refused(7, "[1].id: a is given twice");
        refused(8, "cannot read");
        refused(9, "nothing to set");
        refused(10, "no shop with number 99999999");
        refused(11, "invoiceRegNo: \"T12\" is not T followed by 13 digits");

        let shown = &runs[12].1;
        assert_eq!(shown["shopId"], shop_id);
        assert_eq!(shown["settings"]["tel"], "+81 3-9999-0000", "a refused set writes nothing");
        assert_eq!(runs[13].1["deliveryAddresses"].as_array().map(Vec::len), Some(2));

        // What the operators set is what the ordering API answers.
        let body = json(app.get(&format!("/api/order/shop/{shop_id}")).await).await;
        let s = &body["orderSettings"];
        assert_eq!(s["takeoutOpenTime"], "10:15");
        assert_eq!(s["takeoutLastOrderTime"], "20:30", "untouched fields keep their value");
        assert_eq!(s["cafeteriaLastOrderTime"], "22:00", "the flag wins over the file");
        assert_eq!(s["deliveryFee"], 450);
        assert_eq!(s["cafeteriaOpening"], false);
        assert_eq!(s["desc"], serde_json::Value::Null, "null clears");
        assert_eq!(body["sctLink"], serde_json::Value::Null, "none clears");
        assert_eq!(body["tel"], "+81 3-9999-0000");
        assert_eq!(body["isDeliverySupported"], false);
        assert_eq!(body["isCafeteriaSupported"], true);
        assert_eq!(body["orderGreetings"], serde_json::json!([{"lang": "ko", "message": "어서 오세요"}]));
        assert_eq!(body["deliveryAddresses"][0]["id"], "hq");
        assert_eq!(body["deliveryAddresses"][1]["name"], "Tokyo station, Yaesu exit");
        assert_eq!(body["deliveryAddresses"].as_array().map(Vec::len), Some(2));
        assert_eq!(body["orderMenus"].as_array().map(Vec::len), Some(3), "menus are not touched");
    }
}

#[test]
fn order_settings_of_a_shop_without_any_start_from_ordering_switched_off() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("noren.db").display());
    let data = dir.path().display().to_string();
    let (ok, lp, err) = operator(
        &url,
        &data,
        &[
            "legal-person",
            "create",
            "--company-name",
            "A K.K.",
            "--company-email",
            "a@example.com",
            "--contract-number",
            "C-1",
            "--contract-date",
            "2026-01-01",
        ],
    );
    assert!(ok, "{err}");
    let lp = lp["id"].to_string();
    let (ok, shop, err) = operator(
        &url,
        &data,
        &[
            "shop",
            "create",
            "--legal-person",
            &lp,
            "--name",
            "Bar",
            "--name-ja",
            "バー",
            "--number",
            "20000002",
        ],
    );
    assert!(ok, "{err}");
    let (ok, before, err) = operator(
        &url,
        &data,
        &["order-settings", "show", "--shop", "20000002"],
    );
    assert!(ok, "{err}");
    assert_eq!(before["configured"], false);
    assert_eq!(before["settings"]["isCafeteriaSupported"], false);
    let (ok, after, err) = operator(
        &url,
        &data,
        &[
            "order-settings",
            "set",
            "--shop",
            "20000002",
            "--cafeteria-supported",
            "true",
            "--cafeteria-open-time",
            "17:00",
            "--cafeteria-last-order-time",
            "01:30",
        ],
    );
    assert!(ok, "{err}");
    assert_eq!(after["shopId"], shop["id"]);
    assert_eq!(after["configured"], true);
    assert_eq!(after["settings"]["isCafeteriaSupported"], true);
    assert_eq!(after["settings"]["isDeliverySupported"], false);
    assert_eq!(
        after["settings"]["orderSettings"]["cafeteriaLastOrderTime"],
        "01:30"
    );
    let (ok, _, err) = operator(
        &url,
        &data,
        &[
            "order-settings",
            "set",
            "--shop",
            "20000002",
            "--cafeteria-supported",
            "maybe",
        ],
    );
    assert!(!ok && err.contains("maybe"), "{err}");
}
