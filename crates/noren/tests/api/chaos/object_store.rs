//! The object store goes away under load (issue 32 item 2): `noren serve` on SQLite with its
//! store in moto's S3 server, while payments, cafeteria orders and inbound reservations are
//! written ([`Load`]) and `/readyz` is asked every 200 ms. moto is stopped (SIGSTOP: it accepts
//! connections and answers nothing, the harder case) for [`OUTAGE`], then goes on.
//!
//! - The load never sees anything but 2xx: nothing it calls needs the store.
//! - `/readyz` stays 200 throughout and reports `objectStore: failed …` meanwhile.
//! - An import preview during the outage answers 503 with the error body and `Retry-After`
//!   within [`HUNG_AFTER`]; an upload URL is still made (it is signed here).
//! - An import started during the outage is retried by its job and ends `finished` with every
//!   menu of the workbook, or `failed` with its reason and none of them: never half-applied.
//! - After the store is back, a preview answers 200 again, and every acknowledged write reads
//!   back.

use super::load::{Load, kinds, missing};
use super::{HUNG_AFTER, Logs, Seen, check_error, report, serve};
use crate::inbound_booking::shop_with;
use noren_testkit::{Backend, Options, TestApp, fixtures};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the store is away.
const OUTAGE: Duration = Duration::from_secs(30);
/// The import's job tries again after 10 s and 30 s (`order/service/import.rs`): started at the
/// beginning of the outage, it has run by this long after the store's return.
const IMPORT_ENDS_WITHIN: Duration = Duration::from_secs(90);
const BUCKET: &str = "noren-objects";

/// `/readyz` asked every 200 ms: answers by status, and whether it reported the store failed.
#[derive(Default)]
struct Readiness {
    not_ready: AtomicUsize,
    asked: AtomicUsize,
    store_failed: AtomicUsize,
    slowest_ms: Mutex<u128>,
}

async fn post(
    client: &reqwest::Client,
    base: &str,
    key: &str,
    path: &str,
    body: Value,
) -> reqwest::Response {
    client
        .post(format!("{base}{path}"))
        .header("X-Auth-API-Key", key)
        .json(&body)
        .send()
        .await
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// import-create: (objectId, uploadUrl).
async fn create_import(
    client: &reqwest::Client,
    base: &str,
    key: &str,
    shop: i64,
) -> (String, String) {
    let res = post(
        client,
        base,
        key,
        "/api/admin/order-menu/import-create",
        json!({"shop": shop}),
    )
    .await;
    assert_eq!(res.status(), 200, "import-create");
    let body: Value = res.json().await.expect("json");
    (
        body["objectId"].as_str().expect("objectId").to_string(),
        body["uploadUrl"].as_str().expect("uploadUrl").to_string(),
    )
}

async fn menu_items(url: &str, shop: i64) -> i64 {
    let db = noren::db::connect(url).await.expect("open");
    let n = db
        .query_one_raw(Statement::from_string(
            sea_orm::DbBackend::Sqlite,
            format!("SELECT COUNT(*) AS n FROM menu_items WHERE shop_id = {shop}"),
        ))
        .await
        .expect("count")
        .and_then(|r| r.try_get::<i64>("", "n").ok())
        .expect("n");
    db.close().await.expect("close");
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "`make chaos`: needs moto, and runs for about a minute"]
async fn a_lost_object_store_stops_only_uploads_and_imports() {
    let Some((moto, s3)) = noren_testkit::moto::start().await else {
        return;
    };
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(35))
        .build()
        .expect("client");
    let made = client
        .put(format!("{s3}/{BUCKET}"))
        .send()
        .await
        .expect("bucket");
    assert!(made.status().is_success(), "bucket: {}", made.status());

    let root = tempfile::Builder::new()
        .prefix("noren-chaos-store-")
        .tempdir()
        .expect("root");
    let url = format!("sqlite://{}", root.path().join("noren.db").display());
    // The load's shop, and a second merchant's shop for the imports (empty, so that what the
    // import wrote is counted alone), written by a server of this test that then stops.
    let fx = TestApp::spawn_with(
        Backend::Sqlite,
        Options {
            database_url: Some(url.clone()),
            ..Options::default()
        }
        .manual_jobs()
        .leaving_jobs(),
    )
    .await
    .expect("fixture server");
    let shop = shop_with(&fx, |s| s.seat_capacity = 500, |_| {}).await;
    fixtures::restaurant(fx.db(), shop.id).await;
    let menus = fixtures::test_merchant(fx.db(), "Menus").await;
    fx.stop().await;
    let (menus_key, menus_shop) = (menus.key.clone(), menus.shop.id);
    assert_eq!(
        menu_items(&url, menus_shop).await,
        0,
        "the import shop starts empty"
    );

    let logs = Logs::new("object-store");
    let data = root.path().display().to_string();
    let store = format!("s3://{BUCKET}/noren");
    let (mut server, base) = serve(
        &url,
        &[
            ("NOREN_DATA_DIR", data.as_str()),
            ("NOREN_RATE_LIMIT_PER_KEY", "off"),
            ("NOREN_RATE_LIMIT_PER_ADDRESS", "off"),
            ("NOREN_RATE_LIMIT_FAILURES", "off"),
            ("NOREN_OBJECT_STORE_URL", store.as_str()),
            ("AWS_ACCESS_KEY_ID", "testing"),
            ("AWS_SECRET_ACCESS_KEY", "testing"),
            ("AWS_REGION", "us-east-1"),
            ("AWS_ENDPOINT_URL", s3.as_str()),
            ("AWS_ALLOW_HTTP", "true"),
        ],
        &logs.file("noren.log"),
    )
    .await;

    // Two workbooks uploaded while the store is there: one to start during the outage, one to
    // preview during it.
    let workbook = crate::order_import::standard(980.0);
    let mut uploaded = Vec::new();
    for _ in 0..2 {
        let (id, upload) = create_import(&client, &base, &menus_key, menus_shop).await;
        let res = client
            .put(&upload)
            .body(workbook.clone())
            .send()
            .await
            .expect("upload");
        assert!(res.status().is_success(), "upload: {}", res.status());
        uploaded.push(id);
    }
    let (started, previewed) = (uploaded[0].clone(), uploaded[1].clone());
    let preview = |id: String| {
        let (client, base, key) = (client.clone(), base.clone(), menus_key.clone());
        async move {
            let began = Instant::now();
            let res = post(
                &client,
                &base,
                &key,
                "/api/admin/order-menu/import-preview",
                json!({"shop": menus_shop, "objectId": id}),
            )
            .await;
            (res, began.elapsed())
        }
    };
    let (res, _) = preview(previewed.clone()).await;
    assert_eq!(res.status(), 200, "a preview with the store there");

    // The load and the readiness probe.
    let load = Load::start(&client, &base, &shop, 4, None);
    let ready = Arc::new(Readiness::default());
    let probing = Arc::new(AtomicBool::new(true));
    let probe = {
        let (client, base, ready, probing) =
            (client.clone(), base.clone(), ready.clone(), probing.clone());
        tokio::spawn(async move {
            while probing.load(Ordering::Relaxed) {
                let began = Instant::now();
                let res = client.get(format!("{base}/readyz")).send().await;
                let took = began.elapsed().as_millis();
                ready.asked.fetch_add(1, Ordering::Relaxed);
                {
                    let mut slowest = ready.slowest_ms.lock().expect("slowest");
                    *slowest = (*slowest).max(took);
                }
                match res {
                    Ok(res) if res.status() == 200 => {
                        let body: Value = res.json().await.unwrap_or_default();
                        let store = body["checks"]["objectStore"].as_str().unwrap_or("");
                        if store.starts_with("failed") {
                            ready.store_failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    _ => {
                        ready.not_ready.fetch_add(1, Ordering::Relaxed);
                    }
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    };
    tokio::time::sleep(Duration::from_secs(3)).await;

    // The store goes away.
    moto.pause();
    let away = Instant::now();
    let during = Seen::default();
    let res = post(
        &client,
        &base,
        &menus_key,
        "/api/admin/order-menu/import-start",
        json!({"shop": menus_shop, "objectId": started}),
    )
    .await;
    assert_eq!(
        res.status(),
        200,
        "an import starts (its job will need the store)"
    );
    let res = post(
        &client,
        &base,
        &menus_key,
        "/api/admin/order-menu/import-create",
        json!({"shop": menus_shop}),
    )
    .await;
    assert_eq!(
        res.status(),
        200,
        "an upload URL is signed here, without the store"
    );
    let mut preview_503_ms = Vec::new();
    while away.elapsed() < OUTAGE - Duration::from_secs(6) {
        let (res, took) = preview(previewed.clone()).await;
        during.status(res.status().as_u16(), took);
        if res.status() == 503 {
            preview_503_ms.push(took.as_millis());
            let body_has_store = {
                let status = res.status();
                let retry = res.headers().get("retry-after").cloned();
                let body: Value = res.json().await.unwrap_or_default();
                if retry.is_none() || body["code"] != "server" {
                    during.broken(format!("preview: {status} {body} retry-after {retry:?}"));
                }
                body["message"]
                    .as_str()
                    .unwrap_or("")
                    .contains("file store")
            };
            assert!(body_has_store, "the 503 names the file store");
        } else {
            let what = format!("preview during the outage: {}", res.status());
            check_error(&during, &what, res).await;
            during.broken(what);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let left = OUTAGE.saturating_sub(away.elapsed());
    tokio::time::sleep(left).await;

    // The store comes back.
    moto.resume();
    let back = Instant::now();
    let previews_again = loop {
        let (res, _) = preview(previewed.clone()).await;
        if res.status() == 200 {
            break back.elapsed();
        }
        assert!(
            back.elapsed() < Duration::from_secs(20),
            "previews answer 200 within 20 s of the store's return; last {}",
            res.status()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let import: Value = loop {
        let res = post(
            &client,
            &base,
            &menus_key,
            "/api/admin/order-menu/import-state",
            json!({"shop": menus_shop, "objectId": started}),
        )
        .await;
        let state: Value = res.json().await.expect("state");
        if state["finished"] == true {
            break state;
        }
        assert!(
            back.elapsed() < IMPORT_ENDS_WITHIN,
            "the import started during the outage ends within {IMPORT_ENDS_WITHIN:?} of the \
             store's return; it is {state}; log: {}",
            logs.file("noren.log").display()
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let import_ended = back.elapsed();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (seen, acked, _) = load.finish().await;
    probing.store(false, Ordering::Relaxed);
    probe.await.expect("probe");
    let gone = missing(&client, &base, &shop, &acked).await;
    let _ = server.kill();
    let _ = server.wait();
    let items = menu_items(&url, menus_shop).await;

    let [payments, orders, reservations] = kinds(acked.iter());
    let failed = import["error"].as_str().map(str::to_string);
    let p_max = preview_503_ms.iter().max().copied().unwrap_or(0);
    report(
        "object store away 30 s",
        &format!(
            "load {}: {payments} payments, {orders} orders, {reservations} reservations, \
             {} missing; readyz {} asked, {} not ready, reported the store failed {}×, slowest \
             {} ms; previews 503×{} (slowest {p_max} ms), 200 again {} ms after; the import \
             started meanwhile {} {} ms after the store's return with {items} menus",
            seen.summary(),
            gone.len(),
            ready.asked.load(Ordering::Relaxed),
            ready.not_ready.load(Ordering::Relaxed),
            ready.store_failed.load(Ordering::Relaxed),
            ready.slowest_ms.lock().expect("slowest"),
            preview_503_ms.len(),
            previews_again.as_millis(),
            match &failed {
                None => "finished".to_string(),
                Some(e) => format!("failed ({e})"),
            },
            import_ended.as_millis(),
        ),
    );

    assert_eq!(
        seen.successes(),
        seen.total(),
        "every write of the load answered 2xx: {}",
        seen.summary()
    );
    assert_eq!(
        seen.hung(),
        0,
        "no write of the load hung: {}",
        seen.summary()
    );
    assert!(seen.rule_breaks().is_empty(), "{:?}", seen.rule_breaks());
    assert!(
        gone.is_empty(),
        "acknowledged writes missing: {:?}",
        &gone[..gone.len().min(5)]
    );
    assert!(
        payments > 0 && orders > 0 && reservations > 0,
        "the load wrote each kind"
    );
    assert_eq!(
        ready.not_ready.load(Ordering::Relaxed),
        0,
        "/readyz stayed ready"
    );
    assert!(
        ready.store_failed.load(Ordering::Relaxed) > 0,
        "/readyz reported the store failed while it was away"
    );
    assert!(
        !preview_503_ms.is_empty() && during.count(503) == preview_503_ms.len(),
        "previews during the outage answer 503: {}",
        during.summary()
    );
    assert_eq!(during.hung(), 0, "no preview hung: {}", during.summary());
    assert!(
        during.rule_breaks().is_empty(),
        "{:?}",
        during.rule_breaks()
    );
    assert!(
        p_max < HUNG_AFTER.as_millis(),
        "previews answered within {HUNG_AFTER:?}"
    );
    match failed {
        None => {
            assert_eq!(import["status"], "finished", "{import}");
            assert_eq!(
                items, 5,
                "a finished import wrote every menu of the workbook"
            );
        }
        Some(e) => {
            assert!(!e.is_empty(), "a failed import says why");
            assert_eq!(items, 0, "a failed import wrote nothing: {import}");
        }
    }
}
