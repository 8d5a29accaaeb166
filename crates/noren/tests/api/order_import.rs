//! Menu import (issue 11, item 5): a real XLSX workbook written here with rust_xlsxwriter goes
//! through import-create → PUT to the upload URL → preview → start → state, on the local object
//! store and on a real S3-compatible server (moto, started here; the test fails when it is
//! absent: `make test` installs it), with each `deleteOld` mode, `updateExisting` / `keepStatus`, cancel of a
//! scheduled import, an import taken over after its worker's lease ran out, each bad file, an
//! expired upload URL and another shop's key.

use chrono::Timelike;
use noren::db::entities::{menu_category, menu_item, order_text, variation_category};
use noren::order::store::menus;
use noren_testkit::{Options, TestApp, both_databases, eventually, fixtures, json};
use rust_xlsxwriter::Workbook;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::time::Duration;

/// A cell of a test workbook.
#[derive(Clone)]
enum C {
    S(&'static str),
    N(f64),
    B(bool),
    E,
}

use C::{B, E, N, S};

type SheetSpec<'a> = (&'a str, &'a [&'a str], Vec<Vec<C>>);

/// A workbook with the nine sheets; those not in `given` are empty.
fn workbook(given: &[SheetSpec<'_>]) -> Vec<u8> {
    let names = [
        "templates",
        "menus",
        "menuCategories",
        "categoryRelationships",
        "variations",
        "variationCategories",
        "variationRelationships",
        "stocks",
        "images",
    ];
    let mut book = Workbook::new();
    for name in names {
        let ws = book.add_worksheet();
        ws.set_name(name).expect("test step");
        let Some((_, headers, rows)) = given.iter().find(|(n, _, _)| *n == name) else {
            continue;
        };
        for (i, h) in headers.iter().enumerate() {
            ws.write_string(0, i as u16, *h).expect("test step");
        }
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let (r, c) = (r as u32 + 1, c as u16);
                match cell {
                    S(s) => {
                        ws.write_string(r, c, *s).expect("test step");
                    }
                    N(n) => {
                        ws.write_number(r, c, *n).expect("test step");
                    }
                    B(b) => {
                        ws.write_boolean(r, c, *b).expect("test step");
                    }
                    E => {}
                }
            }
        }
    }
    book.save_to_buffer().expect("test step")
}

/// The standard workbook: 3 menus (one from a template), a category, 2 variations in a
/// required, exclusive size category offered with the ramen, a stock and an image.
pub(crate) fn standard(ramen_price: f64) -> Vec<u8> {
    workbook(&[
        (
            "templates",
            &["id", "taxRate"],
            vec![vec![S("food"), N(8.0)]],
        ),
        (
            "menus",
            &[
                "id",
                "templateId",
                "price",
                "taxRate",
                "name_en",
                "name_ja",
                "desc_en",
            ],
            vec![
                vec![
                    S("ramen"),
                    E,
                    N(ramen_price),
                    N(10.0),
                    S("Ramen"),
                    S("ラーメン"),
                    S("Rich broth"),
                ],
                vec![S("gyoza"), E, N(480.0), N(8.0), S("Gyoza"), S("餃子"), E],
                vec![S("edamame"), S("food"), N(300.0), E, S("Edamame"), E, E],
            ],
        ),
        (
            "menuCategories",
            &["id", "name_en", "name_ko"],
            vec![vec![S("mains"), S("Mains"), S("메인")]],
        ),
        (
            "categoryRelationships",
            &["categoryId", "menuId", "sortOrder"],
            vec![
                vec![S("mains"), S("ramen"), N(1.0)],
                vec![S("mains"), S("gyoza"), N(2.0)],
            ],
        ),
        (
            "variations",
            &["id", "price", "name_en"],
            vec![
                vec![S("large"), N(150.0), S("Large")],
                vec![S("small"), N(0.0), S("Small")],
            ],
        ),
        (
            "variationCategories",
            &["id", "required", "exclusive", "defaultChoiceId", "name_en"],
            vec![vec![S("size"), B(true), B(true), S("small"), S("Size")]],
        ),
        (
            "variationRelationships",
            &["variationCategoryId", "menuId", "variationId"],
            vec![
                vec![S("size"), S("ramen"), E],
                vec![S("size"), E, S("large")],
                vec![S("size"), E, S("small")],
            ],
        ),
        (
            "stocks",
            &["menuId", "stockAvailable"],
            vec![vec![S("gyoza"), N(20.0)]],
        ),
        (
            "images",
            &["menuId", "url"],
            vec![vec![S("ramen"), S("https://img.example/ramen.jpg")]],
        ),
    ])
}

/// import-create → (objectId, uploadUrl).
async fn create(app: &TestApp, key: &str, shop: i64) -> (String, String) {
    let res = app
        .post_json(
            "/api/admin/order-menu/import-create",
            Some(key),
            json!({"shop": shop}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let body = json(res).await;
    assert_eq!(body["url"], body["uploadUrl"]);
    (
        body["objectId"].as_str().expect("test step").to_string(),
        body["uploadUrl"].as_str().expect("test step").to_string(),
    )
}

async fn put(url: &str, bytes: Vec<u8>) -> reqwest::Response {
    reqwest::Client::new()
        .put(url)
        .body(bytes)
        .send()
        .await
        .expect("upload sent")
}

/// A created import with `bytes` uploaded: its objectId.
async fn uploaded(app: &TestApp, key: &str, shop: i64, bytes: Vec<u8>) -> String {
    let (id, url) = create(app, key, shop).await;
    let res = put(&url, bytes).await;
    assert!(res.status().is_success(), "upload: {}", res.status());
    id
}

async fn preview(app: &TestApp, key: &str, shop: i64, id: &str) -> reqwest::Response {
    app.post_json(
        "/api/admin/order-menu/import-preview",
        Some(key),
        json!({"shop": shop, "objectId": id}),
    )
    .await
}

async fn state(app: &TestApp, key: &str, shop: i64, id: &str) -> Value {
    let res = app
        .post_json(
            "/api/admin/order-menu/import-state",
            Some(key),
            json!({"shop": shop, "objectId": id}),
        )
        .await;
    assert_eq!(res.status(), 200);
    json(res).await
}

/// Waits (up to 20 s) for the import to end; answers its state.
async fn finished(app: &TestApp, key: &str, shop: i64, id: &str) -> Value {
    eventually(
        &format!("import {id} finishes"),
        Duration::from_secs(20),
        || async {
            let s = state(app, key, shop, id).await;
            if s["finished"] == true {
                Ok(s)
            } else {
                Err(s.to_string())
            }
        },
    )
    .await
}

/// Starts with `options` and waits for the end.
async fn import(app: &TestApp, key: &str, shop: i64, id: &str, options: Value) -> Value {
    let mut body = json!({"shop": shop, "objectId": id});
    for (k, v) in options.as_object().expect("test step") {
        body[k] = v.clone();
    }
    let res = app
        .post_json("/api/admin/order-menu/import-start", Some(key), body)
        .await;
    assert_eq!(res.status(), 200);
    finished(app, key, shop, id).await
}

async fn item(app: &TestApp, shop: i64, ext: &str) -> Option<menu_item::Model> {
    menu_item::Entity::find()
        .filter(menu_item::Column::ShopId.eq(shop))
        .filter(menu_item::Column::ExternalId.eq(ext))
        .one(app.db())
        .await
        .expect("test step")
}

async fn item_count(app: &TestApp, shop: i64) -> usize {
    menu_item::Entity::find()
        .filter(menu_item::Column::ShopId.eq(shop))
        .all(app.db())
        .await
        .expect("test step")
        .len()
}

fn group(report: &Value, g: &str) -> (u64, u64, u64) {
    let r = &report[g];
    (
        r["count"].as_u64().expect("test step"),
        r["imported"].as_u64().expect("test step"),
        r["failed"].as_u64().expect("test step"),
    )
}

fn full_report_checks(report: &Value) {
    assert_eq!(group(report, "templates"), (1, 1, 0));
    assert_eq!(group(report, "menus"), (3, 3, 0));
    assert_eq!(group(report, "menuCategories"), (1, 1, 0));
    assert_eq!(group(report, "categoryRelationships"), (2, 2, 0));
    assert_eq!(group(report, "variations"), (2, 2, 0));
    assert_eq!(group(report, "variationCategories"), (1, 1, 0));
    assert_eq!(group(report, "variationRelationships"), (3, 3, 0));
    assert_eq!(group(report, "stocks"), (1, 1, 0));
    assert_eq!(group(report, "images"), (1, 1, 0));
}

const BIN: &str = env!("CARGO_BIN_EXE_noren");

/// Appends one `menu` to the order and answers the new line's tax-included unit price.
async fn appended_price(app: &TestApp, order: &str, token: &str, menu: i64) -> Value {
    let res = app
        .post_json(
            &format!("/api/cafeteria/{order}/append"),
            None,
            json!({"token": token, "menus": [{"id": menu}]}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let body = json(res).await;
    body["menu"]
        .as_array()
        .expect("lines")
        .last()
        .expect("a line")["priceTaxed"]
        .clone()
}

async fn revert(app: &TestApp, key: &str, shop: i64, id: &str) -> reqwest::Response {
    app.post_json(
        "/api/admin/order-menu/import-revert",
        Some(key),
        json!({"shop": shop, "objectId": id}),
    )
    .await
}

both_databases! {
    async fn reverting_an_import_restores_the_catalogue_exactly_and_only_the_latest_one(app) {
        let m = fixtures::test_merchant(app.db(), "Revert").await;
        let shop = m.shop.id;
        fixtures::restaurant(app.db(), shop).await;
        let before = noren::order::store::menu_snapshots::read(app.db(), shop).await.expect("read");
        let shop_page = json(app.get(&format!("/api/order/shop/{shop}?lang=ja")).await).await;
        // A first import that deletes what the file does not name, then a second one.
        let first = uploaded(&app, &m.key, shop, standard(900.0)).await;
        assert_eq!(import(&app, &m.key, shop, &first, json!({"deleteOld": "all"})).await["status"], "finished");
        let second = uploaded(&app, &m.key, shop, standard(950.0)).await;
        assert_eq!(import(&app, &m.key, shop, &second, json!({"updateExisting": true})).await["status"], "finished");
        assert_eq!(item(&app, shop, "ramen").await.expect("ramen").price, 950);
        // Only the latest can be reverted.
        let res = revert(&app, &m.key, shop, &first).await;
        assert_eq!(res.status(), 409);
        assert!(json(res).await["message"].as_str().expect("message").contains(&format!("{second} ran after {first}")));
        let res = revert(&app, &m.key, shop, &second).await;
        assert_eq!(res.status(), 200);
        let s = json(res).await;
        assert_eq!((s["status"].as_str(), s["finished"].as_bool()), (Some("reverted"), Some(true)));
        assert_eq!(item(&app, shop, "ramen").await.expect("ramen").price, 900, "as after the first import");
        assert_eq!(revert(&app, &m.key, shop, &second).await.status(), 409, "reverted already");
        // Then the first: the demo catalogue is back exactly, ids and texts included, and the
        // shop call shows it at once.
        assert_eq!(revert(&app, &m.key, shop, &first).await.status(), 200);
        let after = noren::order::store::menu_snapshots::read(app.db(), shop).await.expect("read");
        assert_eq!(after, before);
        assert_eq!(json(app.get(&format!("/api/order/shop/{shop}?lang=ja")).await).await, shop_page);
        assert_eq!(state(&app, &m.key, shop, &first).await["status"], "reverted");
        // A dry run changed nothing; an unknown one is a 404; another shop's key sees nothing.
        let dry = uploaded(&app, &m.key, shop, standard(800.0)).await;
        assert_eq!(import(&app, &m.key, shop, &dry, json!({"dryRun": true})).await["status"], "finished");
        let res = revert(&app, &m.key, shop, &dry).await;
        assert_eq!(res.status(), 409);
        assert!(json(res).await["message"].as_str().expect("message").contains("changed nothing"));
        assert_eq!(revert(&app, &m.key, shop, "0123456789abcdef0123456789abcdef").await.status(), 404);
        let other = fixtures::test_merchant(app.db(), "Other").await;
        assert_eq!(revert(&app, &other.key, shop, &first).await.status(), 404);
        // A created (never started) import cannot be reverted.
        let idle = uploaded(&app, &m.key, shop, standard(700.0)).await;
        let res = revert(&app, &m.key, shop, &idle).await;
        assert_eq!(res.status(), 409);
        assert!(json(res).await["message"].as_str().expect("message").contains("only a finished import"));
    }

    async fn an_import_killed_before_its_commit_leaves_nothing_and_is_run_again(app with Options::env(&[("NOREN_IMPORT_WORKER", "off")])) {
        let m = fixtures::test_merchant(app.db(), "Crash").await;
        let shop = m.shop.id;
        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let expected = json(preview(&app, &m.key, shop, &id).await).await;
        // A `noren serve` on the same database and folder that stops with the catalogue
        // written and the transaction open; this test's server runs no imports.
        let dir = tempfile::tempdir().expect("temp dir");
        let marker = dir.path().join("paused");
        let data_dir = app.data_dir();
        let marker_path = marker.display().to_string();
        let (mut child, _) = noren_testkit::process::serve(BIN, &app.database_url, &[
            ("NOREN_DATA_DIR", &data_dir),
            ("NOREN_TEST_PAUSE_AT", noren::order::service::import::BEFORE_COMMIT),
            ("NOREN_TEST_PAUSE_MARKER", &marker_path),
        ]).await;
        let res = app.post_json("/api/admin/order-menu/import-start", Some(&m.key), json!({"shop": shop, "objectId": id})).await;
        assert_eq!(res.status(), 200);
        eventually("the child reaches the pause point", Duration::from_secs(20), || async {
            if marker.exists() { Ok(()) } else { Err("no marker".into()) }
        })
        .await;
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        let s = state(&app, &m.key, shop, &id).await;
        assert_eq!(s["status"], "running", "{s}");
        assert_eq!(item_count(&app, shop).await, 0, "nothing of the killed run is left");

        // A runner over this database takes the job over once the dead process's lease ran out.
        let mut runner = noren::jobs::Runner::new(app.db().clone(), app.state().clock.clone());
        let wake = std::sync::Arc::new(noren::jobs::Wake::default());
        runner.register(noren::order::service::import::Import::new(app.state().clone()), wake.clone());
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let handle = runner.spawn(stopped);
        app.state().clock.advance(chrono::Duration::minutes(3));
        wake.wake();
        let done = finished(&app, &m.key, shop, &id).await;
        stop.send(true).expect("stop");
        handle.await.expect("runner stopped");
        assert_eq!(done["status"], "finished");
        assert_eq!(done["result"], expected);
        assert_eq!(item_count(&app, shop).await, 5, "applied once, whole");
    }

    async fn a_workbook_is_uploaded_previewed_and_imported_with_its_report(app) {
        let m = fixtures::test_merchant(app.db(), "Import").await;
        let shop = m.shop.id;
        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;

        let res = preview(&app, &m.key, shop, &id).await;
        assert_eq!(res.status(), 200);
        let report = json(res).await;
        full_report_checks(&report);
        assert_eq!(item_count(&app, shop).await, 0, "a preview writes nothing");

        let before = state(&app, &m.key, shop, &id).await;
        assert_eq!(before["status"], "created");
        assert_eq!(before["finished"], false);

        let done = import(&app, &m.key, shop, &id, json!({})).await;
        assert_eq!(done["status"], "finished");
        assert_eq!(done["progress"], 100);
        assert_eq!(done["scheduled"], false);
        assert_eq!(done["error"], Value::Null);
        assert_eq!(done["result"], report, "the import's report is the preview's");

        let ramen = item(&app, shop, "ramen").await.expect("ramen");
        assert_eq!((ramen.price, ramen.tax_rate, ramen.kind, ramen.status), (980, 10, 0, 1));
        assert_eq!(ramen.image_array, r#"["https://img.example/ramen.jpg"]"#);
        let gyoza = item(&app, shop, "gyoza").await.expect("test step");
        assert_eq!((gyoza.tax_rate, gyoza.stock_available), (8, Some(20)));
        assert_eq!(item(&app, shop, "edamame").await.expect("test step").tax_rate, 8, "from its template");
        let large = item(&app, shop, "large").await.expect("test step");
        assert_eq!((large.kind, large.price), (menus::TYPE_VARIATION, 150));
        let size = variation_category::Entity::find()
            .filter(variation_category::Column::ShopId.eq(shop))
            .one(app.db()).await.expect("test step").expect("test step");
        assert!(size.required && size.exclusive);
        assert_eq!(size.default_choice_id, Some(item(&app, shop, "small").await.expect("test step").id));
        let texts = order_text::Entity::find()
            .filter(order_text::Column::EntityKind.eq(menus::KIND_MENU))
            .filter(order_text::Column::EntityId.eq(ramen.id))
            .all(app.db()).await.expect("test step");
        let mut langs: Vec<_> = texts.iter().map(|t| (t.lang.as_str(), t.name.as_str())).collect();
        langs.sort();
        assert_eq!(langs, [("en", "Ramen"), ("ja", "ラーメン")]);

        // The shop's public menu shows the imported menus with their variations.
        let menu = json(app.get(&format!("/api/order/menus/{}?lang=ja", ramen.id)).await).await;
        assert_eq!(menu["name"], "ラーメン", "{menu}");
        let category = json(app.get(&format!("/api/order/shop/{shop}")).await).await;
        assert!(category.to_string().contains("Mains"), "{category}");

        // Started once only.
        let res = app.post_json("/api/admin/order-menu/import-start", Some(&m.key), json!({"shop": shop, "objectId": id})).await;
        assert_eq!(res.status(), 409);
        assert!(json(res).await["message"].as_str().expect("test step").contains("started already"));
        // Its file can no longer change.
        let (_, url) = create(&app, &m.key, shop).await;
        let url = url.replace(&url[url.find("/uploads/").expect("test step") + 9..url.find('?').expect("test step")], &id);
        assert_eq!(put(&url, standard(1.0)).await.status(), 403, "a URL signed for another import");
    }

    async fn a_dry_run_and_the_deprecated_perform_report_without_or_with_writing(app) {
        let m = fixtures::test_merchant(app.db(), "Dry").await;
        let shop = m.shop.id;
        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let done = import(&app, &m.key, shop, &id, json!({"dryRun": true})).await;
        assert_eq!(done["status"], "finished");
        assert_eq!(done["dryRun"], true);
        full_report_checks(&done["result"]);
        assert_eq!(item_count(&app, shop).await, 0, "a dry run writes nothing");

        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let res = app.post_json("/api/admin/order-menu/import-perform", Some(&m.key), json!({"shop": shop, "objectId": id})).await;
        assert_eq!(res.status(), 200);
        let done = json(res).await;
        assert_eq!(done["status"], "finished");
        full_report_checks(&done["result"]);
        assert_eq!(item_count(&app, shop).await, 5);
    }

    async fn delete_old_keeps_or_deletes_what_the_file_does_not_name(app) {
        for (mode, menus_left, categories_left) in [(json!(false), true, true), (json!(true), false, true), (json!("all"), false, false)] {
            let m = fixtures::test_merchant(app.db(), "Old").await;
            let shop = m.shop.id;
            let r = fixtures::restaurant(app.db(), shop).await;
            let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
            let done = import(&app, &m.key, shop, &id, json!({"deleteOld": mode})).await;
            assert_eq!(done["status"], "finished", "{mode}: {done}");
            let old_menu = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("test step");
            assert_eq!(old_menu.is_some(), menus_left, "deleteOld {mode}: the demo's gyoza");
            let old_category = menu_category::Entity::find_by_id(r.ramen_category).one(app.db()).await.expect("test step");
            assert_eq!(old_category.is_some(), categories_left, "deleteOld {mode}: the demo's category");
            assert!(item(&app, shop, "ramen").await.is_some(), "the file's menus are there");
            assert!(item(&app, shop, "large").await.is_some(), "the file's variations are there");
            let texts = order_text::Entity::find()
                .filter(order_text::Column::EntityKind.eq(menus::KIND_MENU))
                .filter(order_text::Column::EntityId.eq(r.gyoza))
                .all(app.db()).await.expect("test step");
            assert_eq!(!texts.is_empty(), menus_left, "deleted menus lose their texts");
        }
    }

    async fn an_import_or_a_revert_prices_the_next_append_at_once(app) {
        // Appends price against a catalogue kept for a second; this process's import and revert
        // forget it, so the clock does not move here.
        let m = fixtures::test_merchant(app.db(), "Kept").await;
        let shop = m.shop.id;
        let first = uploaded(&app, &m.key, shop, standard(980.0)).await;
        import(&app, &m.key, shop, &first, json!({})).await;
        let ramen = item(&app, shop, "ramen").await.expect("test step").id;
        let (order, token) = app.begun_cafeteria_order(&m.key, shop).await;
        let append = || appended_price(&app, &order, &token, ramen);
        assert_eq!(append().await, 980);
        let second = uploaded(&app, &m.key, shop, standard(1200.0)).await;
        import(&app, &m.key, shop, &second, json!({"updateExisting": true})).await;
        assert_eq!(append().await, 1200, "the import's price at once");
        assert_eq!(revert(&app, &m.key, shop, &second).await.status(), 200);
        assert_eq!(append().await, 980, "the reverted price at once");
    }

    async fn existing_ids_are_duplicates_unless_update_existing_which_may_keep_status(app) {
        let m = fixtures::test_merchant(app.db(), "Update").await;
        let shop = m.shop.id;
        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        import(&app, &m.key, shop, &id, json!({})).await;
        let ramen = item(&app, shop, "ramen").await.expect("test step");
        menu_item::Entity::update_many()
            .col_expr(menu_item::Column::Status, sea_orm::sea_query::Expr::value(2))
            .filter(menu_item::Column::Id.eq(ramen.id))
            .exec(app.db()).await.expect("test step");

        let id = uploaded(&app, &m.key, shop, standard(1200.0)).await;
        let done = import(&app, &m.key, shop, &id, json!({"deleteOld": "all"})).await;
        let report = &done["result"];
        assert_eq!(item_count(&app, shop).await, 5, "rows refused as duplicates still name what deleteOld keeps");
        assert_eq!(
            menu_category::Entity::find().filter(menu_category::Column::ShopId.eq(shop)).all(app.db()).await.expect("read").len(),
            1
        );
        assert_eq!(group(report, "menus"), (3, 0, 3));
        assert!(report["menus"]["errors"][0]["message"].as_str().expect("test step").contains("exists already"), "{report}");
        assert_eq!(report["menus"]["errors"][0]["column"], "id");
        assert_eq!(report["menus"]["errors"][0]["row"], 2);
        assert_eq!(item(&app, shop, "ramen").await.expect("test step").price, 980, "not updated");

        let id = uploaded(&app, &m.key, shop, standard(1200.0)).await;
        let done = import(&app, &m.key, shop, &id, json!({"updateExisting": true, "keepStatus": true})).await;
        assert_eq!(group(&done["result"], "menus"), (3, 3, 0));
        let after = item(&app, shop, "ramen").await.expect("test step");
        assert_eq!((after.id, after.price, after.status), (ramen.id, 1200, 2), "same row, new price, status kept");
        assert_eq!(item_count(&app, shop).await, 5, "nothing doubled");

        let id = uploaded(&app, &m.key, shop, standard(1300.0)).await;
        import(&app, &m.key, shop, &id, json!({"updateExisting": true})).await;
        let after = item(&app, shop, "ramen").await.expect("test step");
        assert_eq!((after.price, after.status), (1300, 1), "status from the file");
    }

    async fn a_scheduled_import_waits_for_its_time_and_can_be_cancelled_before(app) {
        let m = fixtures::test_merchant(app.db(), "Later").await;
        let shop = m.shop.id;
        let in_an_hour = (app.state().clock.now() + chrono::Duration::hours(1)).timestamp_millis();

        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let res = app.post_json("/api/admin/order-menu/import-start", Some(&m.key),
            json!({"shop": shop, "objectId": id, "performAt": in_an_hour})).await;
        assert_eq!(res.status(), 200);
        let s = json(res).await;
        assert_eq!((s["status"].as_str(), s["scheduled"].as_bool(), s["performAt"].as_i64()), (Some("scheduled"), Some(true), Some(in_an_hour)));
        let res = app.post_json("/api/admin/order-menu/import-cancel", Some(&m.key), json!({"shop": shop, "objectId": id})).await;
        assert_eq!(res.status(), 200);
        let s = json(res).await;
        assert_eq!((s["status"].as_str(), s["finished"].as_bool()), (Some("cancelled"), Some(true)));
        let res = app.post_json("/api/admin/order-menu/import-cancel", Some(&m.key), json!({"shop": shop, "objectId": id})).await;
        assert_eq!(res.status(), 409);
        assert!(json(res).await["message"].as_str().expect("test step").contains("it is cancelled"));

        let other = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let res = app.post_json("/api/admin/order-menu/import-cancel", Some(&m.key), json!({"shop": shop, "objectId": other})).await;
        assert_eq!(res.status(), 409, "not started: nothing to cancel");
        app.post_json("/api/admin/order-menu/import-start", Some(&m.key),
            json!({"shop": shop, "objectId": other, "performAt": in_an_hour})).await;
        app.settle_jobs().await;
        assert_eq!(app.run_due_jobs().await, 0, "nothing is due");
        assert_eq!(state(&app, &m.key, shop, &other).await["status"], "scheduled", "not before its time");
        app.state().clock.advance(chrono::Duration::minutes(61));
        noren::order::service::import::ImportWake::of(app.state()).wake();
        let done = finished(&app, &m.key, shop, &other).await;
        assert_eq!(done["status"], "finished");
        let res = app.post_json("/api/admin/order-menu/import-cancel", Some(&m.key), json!({"shop": shop, "objectId": other})).await;
        assert_eq!(res.status(), 409, "finished: too late");
        assert_eq!(item_count(&app, shop).await, 5);
    }

    async fn a_scheduled_import_of_a_shop_with_a_test_clock_runs_when_the_clock_is_advanced_past_it(app) {
        let m = fixtures::test_merchant(app.db(), "Clocked").await;
        let shop = m.shop.id;
        let t0 = (app.state().clock.now() + chrono::Duration::days(10)).with_nanosecond(0).expect("whole second");
        let iso = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let res = app.post_values("/v3/test_clock", &m.key, &[("frozen_time", &iso(t0))]).await;
        assert_eq!(res.status(), 201);
        // An hour ahead on the clock: ten days ahead of real time, so no runner would take it.
        let in_an_hour = (t0 + chrono::Duration::hours(1)).timestamp_millis();
        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let res = app.post_json("/api/admin/order-menu/import-start", Some(&m.key),
            json!({"shop": shop, "objectId": id, "performAt": in_an_hour})).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["performAt"].as_i64(), Some(in_an_hour));
        app.settle_jobs().await;
        assert_eq!(state(&app, &m.key, shop, &id).await["status"], "scheduled");
        let res = app.post_values("/v3/test_clock/advance", &m.key, &[("frozen_time", &iso(t0 + chrono::Duration::minutes(59)))]).await;
        assert_eq!(json(res).await["last_advance"]["total"], 0, "not before its time");
        let res = app.post_values("/v3/test_clock/advance", &m.key, &[("frozen_time", &iso(t0 + chrono::Duration::hours(2)))]).await;
        let clock = json(res).await;
        assert_eq!(clock["last_advance"]["ran"]["menu_import"], 1, "{clock}");
        let done = state(&app, &m.key, shop, &id).await;
        assert_eq!(done["status"], "finished", "it ran within the advance");
        assert_eq!(item_count(&app, shop).await, 5);
    }

    async fn an_import_whose_worker_died_is_run_again_from_the_start_after_its_lease(app) {
        let m = fixtures::test_merchant(app.db(), "Lease").await;
        let shop = m.shop.id;
        let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
        let expected = json(preview(&app, &m.key, shop, &id).await).await;
        let now = app.state().clock.now();
        let res = app.post_json("/api/admin/order-menu/import-start", Some(&m.key),
            json!({"shop": shop, "objectId": id, "performAt": (now + chrono::Duration::minutes(5)).timestamp_millis()})).await;
        assert_eq!(res.status(), 200);
        // A worker of a process that then dies claims it when due and gets as far as marking
        // the import running.
        let at = now + chrono::Duration::minutes(6);
        let claimed = noren::db::repo::jobs::claim(app.db(), "menu_import", "dead-worker", chrono::Duration::minutes(2), 1, at).await.expect("test step");
        assert_eq!(claimed.len(), 1);
        let row = noren::order::store::menu_imports::find(app.db(), shop, false, &id).await.expect("test step").expect("test step");
        noren::order::store::menu_imports::running(app.db(), row.id, at).await.expect("test step");
        noren::order::store::menu_imports::progress(app.db(), row.id, 40, at).await.expect("test step");
        app.state().clock.advance(chrono::Duration::minutes(7));
        assert_eq!(app.run_due_jobs().await, 0, "the lease holds: nothing to take over");
        let s = state(&app, &m.key, shop, &id).await;
        assert_eq!((s["status"].as_str(), s["progress"].as_i64()), (Some("running"), Some(40)), "the lease holds: {s}");
        assert_eq!(item_count(&app, shop).await, 0);
        app.state().clock.advance(chrono::Duration::minutes(3));
        noren::order::service::import::ImportWake::of(app.state()).wake();
        let done = finished(&app, &m.key, shop, &id).await;
        assert_eq!(done["status"], "finished");
        assert_eq!(done["result"], expected);
        assert_eq!(item_count(&app, shop).await, 5);
    }

    async fn bad_files_are_clear_400s_or_row_reports_never_500s(app) {
        let m = fixtures::test_merchant(app.db(), "Bad").await;
        let shop = m.shop.id;
        let refused = async |bytes: Vec<u8>, says: &str| {
            let id = uploaded(&app, &m.key, shop, bytes).await;
            let res = preview(&app, &m.key, shop, &id).await;
            assert_eq!(res.status(), 400, "{says}");
            let body = json(res).await;
            assert_eq!(body["code"], "client");
            let message = body["message"].as_str().expect("test step").to_string();
            assert!(message.contains(says), "{message} should say {says}");
            // Started anyway, the import fails with the same reason.
            let done = import(&app, &m.key, shop, &id, json!({})).await;
            assert_eq!(done["status"], "failed");
            assert_eq!(done["error"], message.as_str());
            assert_eq!(done["result"], Value::Null);
        };
        refused(b"name,price\nramen,980\n".to_vec(), "not an XLSX workbook").await;
        refused(zip_bomb(), "unpacks to more than 64 MiB").await;
        let mut only_menus = Workbook::new();
        only_menus.add_worksheet().set_name("menus").expect("test step");
        refused(only_menus.save_to_buffer().expect("test step"), "lacks the sheet(s) templates, menuCategories").await;
        refused(workbook(&[("menus", &["id", "name_en"], vec![vec![S("a"), S("A")]])]), "sheet menus lacks the required column(s) price").await;
        refused(workbook(&[("menus", &["id", "price", "colour"], vec![])]), "sheet menus: unknown column colour").await;

        // A sheet's size comes from its cells, never its declared range: one far cell is a row
        // problem, not a 16384 × 50000 grid; a row beyond the limit refuses the file.
        let mut far = Workbook::new();
        for name in ["templates", "menus", "menuCategories", "categoryRelationships", "variations", "variationCategories", "variationRelationships", "stocks", "images"] {
            let ws = far.add_worksheet();
            ws.set_name(name).expect("name");
            if name == "menus" {
                ws.write_string(0, 0, "id").expect("cell");
                ws.write_string(0, 1, "price").expect("cell");
                ws.write_string(49_999, 16_000, "stray").expect("cell");
            }
            if name == "stocks" {
                ws.write_string(60_000, 0, "late").expect("cell");
            }
        }
        let far = far.save_to_buffer().expect("workbook");
        refused(far, "sheet stocks has more than 50000 rows").await;
        let id = uploaded(&app, &m.key, shop, workbook(&[("menus", &["id", "price", "name_en"], vec![vec![S("a"), N(1.0), S("A"), E, E, S("stray")]])])).await;
        let report = json(preview(&app, &m.key, shop, &id).await).await;
        assert_eq!(group(&report, "menus"), (1, 0, 1));
        assert_eq!(report["menus"]["errors"][0]["message"], "a value in column 6 has no header");

        // Row problems are reported, the rest imports.
        let id = uploaded(&app, &m.key, shop, workbook(&[
            ("menus", &["id", "price", "taxRate", "name_en"], vec![
                vec![S("ok"), N(100.0), E, S("Fine")],
                vec![S("typed"), S("abc"), E, S("Bad price")],
                vec![S("rate"), N(100.0), N(9.5), S("Bad rate")],
                vec![S("ok"), N(200.0), E, S("Again")],
                vec![S("nameless"), N(100.0), E, E],
            ]),
            ("categoryRelationships", &["categoryId", "menuId"], vec![vec![S("nowhere"), S("ok")], vec![E, S("ok")]]),
            ("stocks", &["menuId", "stockAvailable"], vec![vec![S("typed"), N(1.0)], vec![S("ok"), N(-1.0)]]),
            ("images", &["menuId", "url"], vec![vec![S("ok"), S("ftp://x")]]),
        ])).await;
        let res = preview(&app, &m.key, shop, &id).await;
        assert_eq!(res.status(), 200);
        let report = json(res).await;
        assert_eq!(group(&report, "menus"), (5, 1, 4), "{report}");
        let errors = &report["menus"]["errors"];
        let find = |row: u64| errors.as_array().expect("test step").iter().find(|e| e["row"] == row).cloned().unwrap_or_else(|| panic!("row {row}: {errors}"));
        assert_eq!((find(3)["column"].as_str(), find(3)["sheet"].as_str()), (Some("price"), Some("menus")));
        assert!(find(3)["message"].as_str().expect("test step").contains("whole number"));
        assert_eq!(find(4)["column"], "taxRate");
        // Each cell's address as the spreadsheet names it, where this workbook has the column.
        assert_eq!(find(3)["cell"], "menus!B3");
        assert_eq!(find(4)["cell"], "menus!C4");
        assert_eq!(find(5)["cell"], "menus!A5", "the duplicate id's cell");
        assert_eq!(find(6)["cell"], "menus!D6", "the missing name's cell (name_en)");
        let stray = uploaded(&app, &m.key, shop, workbook(&[("menus", &["id", "price", "name_en"], vec![vec![S("a"), N(1.0), S("A"), E, E, S("stray")]])])).await;
        let stray = json(preview(&app, &m.key, shop, &stray).await).await;
        assert!(stray["menus"]["errors"][0].get("cell").is_none(), "a value without a header has no column: {stray}");
        assert!(find(5)["message"].as_str().expect("test step").contains("duplicate id ok (also on row 2 of menus)"));
        assert!(find(6)["message"].as_str().expect("test step").contains("name in at least one language"));
        assert_eq!(group(&report, "categoryRelationships"), (2, 0, 2));
        assert!(report["categoryRelationships"]["errors"].to_string().contains("unknown category nowhere"));
        assert!(report["categoryRelationships"]["errors"].to_string().contains("is required"));
        assert_eq!(group(&report, "stocks"), (2, 0, 2));
        assert!(report["stocks"]["errors"].to_string().contains("unknown menu typed"), "a failed menu is no reference");
        assert_eq!(group(&report, "images"), (1, 0, 1));
        let done = import(&app, &m.key, shop, &id, json!({})).await;
        assert_eq!(done["status"], "finished");
        assert_eq!(done["result"], report);
        assert_eq!(item_count(&app, shop).await, 1, "only the valid row");
    }

    async fn upload_urls_expire_check_their_signature_and_limit_the_size(app) {
        let m = fixtures::test_merchant(app.db(), "Upload").await;
        let shop = m.shop.id;
        let (id, url) = create(&app, &m.key, shop).await;
        assert!(url.starts_with(&format!("{}/api/admin/order-menu/uploads/{id}?expires=", app.base)), "{url}");
        let flipped = if url.ends_with('0') { '1' } else { '0' };
        let forged = format!("{}{flipped}", &url[..url.len() - 1]);
        let res = put(&forged, standard(1.0)).await;
        assert_eq!(res.status(), 403);
        assert_eq!(json(res).await["code"], "forbidden");
        let unsigned = url[..url.find('?').expect("test step")].to_string();
        assert_eq!(put(&unsigned, standard(1.0)).await.status(), 403);
        // Announced larger than 20 MiB: refused before the body is read (sent by hand, since the
        // server answers and closes while a client would still be writing).
        let answer = announce_put(&app, &url, 20 * 1024 * 1024 + 1).await;
        assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
        assert!(answer.contains("\"code\":\"payload_too_large\""), "{answer}");
        // Exactly 20 MiB passes the limit (and is then no workbook).
        let res = put(&url, vec![0u8; 20 * 1024 * 1024]).await;
        assert_eq!(res.status(), 200);
        assert_eq!(preview(&app, &m.key, shop, &id).await.status(), 400, "nothing uploaded yet");
        app.state().clock.advance(chrono::Duration::minutes(11));
        let res = put(&url, standard(1.0)).await;
        assert_eq!(res.status(), 403);
        assert!(json(res).await["message"].as_str().expect("test step").contains("expired"));
    }

    async fn another_shop_or_mode_never_reaches_an_import(app) {
        let m = fixtures::test_merchant(app.db(), "Mine").await;
        let other = fixtures::test_merchant(app.db(), "Theirs").await;
        let live = fixtures::live_merchant(app.db(), "Live").await;
        let id = uploaded(&app, &m.key, m.shop.id, standard(1.0)).await;
        for (key, shop) in [(&other.key, m.shop.id), (&other.key, other.shop.id), (&live.key, live.shop.id)] {
            for call in ["import-preview", "import-start", "import-state", "import-cancel", "import-perform"] {
                let res = app.post_json(&format!("/api/admin/order-menu/{call}"), Some(key), json!({"shop": shop, "objectId": id})).await;
                assert_eq!(res.status(), 404, "{call}");
                assert_eq!(json(res).await["code"], "not_found");
            }
        }
        let res = app.post_json("/api/admin/order-menu/import-create", Some(&other.key), json!({"shop": m.shop.id})).await;
        assert_eq!(res.status(), 404);
        let res = app.client.post(app.url("/api/admin/order-menu/import-create")).json(&json!({"shop": m.shop.id})).send().await.expect("test step");
        assert_eq!(res.status(), 401);
        let res = app.post_json("/api/admin/order-menu/import-start", Some(&m.key), json!({"shop": m.shop.id, "objectId": id, "deleteOld": "some"})).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "deleteOld");
    }

    async fn the_template_is_the_importers_format(app) {
        let res = app.get("/api/order-menu/import-template.xlsx").await;
        assert_eq!(res.status(), 200);
        assert_eq!(noren_testkit::header(&res, "content-type"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
        let bytes = res.bytes().await.expect("test step").to_vec();
        let m = fixtures::test_merchant(app.db(), "Template").await;
        let id = uploaded(&app, &m.key, m.shop.id, bytes).await;
        let report = json(preview(&app, &m.key, m.shop.id, &id).await).await;
        assert_eq!(group(&report, "menus"), (0, 0, 0));
        // The example (the guide imports it): two menus in a new category.
        let res = app.get("/api/order-menu/import-example.xlsx").await;
        assert_eq!(res.status(), 200);
        let bytes = res.bytes().await.expect("body").to_vec();
        let id = uploaded(&app, &m.key, m.shop.id, bytes).await;
        let done = import(&app, &m.key, m.shop.id, &id, json!({})).await;
        assert_eq!(group(&done["result"], "menus"), (2, 2, 0));
        assert_eq!(group(&done["result"], "categoryRelationships"), (2, 2, 0));
        let shop = json(app.get(&format!("/api/order/shop/{}?lang=ja", m.shop.id)).await).await;
        assert!(shop.to_string().contains("季節限定") && shop.to_string().contains("桜餅"), "{shop}");
    }
}

/// `PUT url` announcing `len` bytes without sending them: the raw answer.
async fn announce_put(app: &TestApp, url: &str, len: u64) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let path = url.strip_prefix(&app.base).expect("test step");
    let mut s = tokio::net::TcpStream::connect(app.addr)
        .await
        .expect("test step");
    let head = format!(
        "PUT {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {len}\r\nConnection: close\r\n\r\n",
        app.addr
    );
    s.write_all(head.as_bytes()).await.expect("test step");
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// A zip whose one part unpacks to 80 MiB of zeros (about 80 KiB packed).
fn zip_bomb() -> Vec<u8> {
    use std::io::Write;
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    zip.start_file(
        "xl/worksheets/sheet1.xml",
        zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated),
    )
    .expect("test step");
    let block = vec![0u8; 1024 * 1024];
    for _ in 0..80 {
        zip.write_all(&block).expect("test step");
    }
    zip.finish().expect("test step");
    out.into_inner()
}

#[tokio::test]
async fn the_object_store_can_be_s3_with_presigned_upload_urls() {
    let Some((_moto, endpoint)) = moto_with_bucket().await else {
        return;
    };
    let options = s3_store(&endpoint);
    let app = TestApp::spawn_with(noren_testkit::Backend::Sqlite, options)
        .await
        .expect("test step");
    let m = fixtures::test_merchant(app.db(), "S3").await;
    let shop = m.shop.id;
    let (id, url) = create(&app, &m.key, shop).await;
    assert!(
        url.starts_with(&format!(
            "{endpoint}/menus/noren/menu-imports/test/{shop}/{id}.xlsx?"
        )),
        "{url}"
    );
    assert!(url.contains("X-Amz-Signature="), "presigned: {url}");
    let res = put(&url, standard(980.0)).await;
    assert!(res.status().is_success(), "S3 upload: {}", res.status());
    let report = json(preview(&app, &m.key, shop, &id).await).await;
    full_report_checks(&report);
    let done = import(&app, &m.key, shop, &id, json!({})).await;
    assert_eq!(done["result"], report);
    assert_eq!(item_count(&app, shop).await, 5);
    app.teardown().assert_no_pending_jobs().await;
}

/// A 10,000-menu workbook (names in five languages, each menu in a category, a stock each):
/// preview and import times. Ignored (debug builds are slow; `make bench` measures release):
/// `cargo test -p noren --test api -- --ignored ten_thousand --nocapture`.
#[tokio::test]
#[ignore = "timing only"]
async fn ten_thousand_menus_preview_and_import_times() {
    let app = TestApp::spawn(noren_testkit::Backend::Sqlite)
        .await
        .expect("app");
    let m = fixtures::test_merchant(app.db(), "Big").await;
    let shop = m.shop.id;
    let bytes = noren::order::domain::import::template::sample(10_000, 50).expect("workbook");
    eprintln!("workbook: {} bytes", bytes.len());
    let id = uploaded(&app, &m.key, shop, bytes).await;
    let t = std::time::Instant::now();
    let report = json(preview(&app, &m.key, shop, &id).await).await;
    eprintln!("preview: {:?}", t.elapsed());
    assert_eq!(group(&report, "menus"), (10_000, 10_000, 0));
    let t = std::time::Instant::now();
    let done = import(&app, &m.key, shop, &id, json!({})).await;
    eprintln!("import: {:?}", t.elapsed());
    assert_eq!(done["status"], "finished");
    assert_eq!(item_count(&app, shop).await, 10_000);
}

/// An S3 settings set whose endpoint refuses every connection (a port nothing listens on).
fn unreachable_store() -> Options {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    s3_store(&format!("http://127.0.0.1:{port}"))
}

/// The settings of an S3 store at `endpoint`: bucket `menus`, prefix `noren`.
fn s3_store(endpoint: &str) -> Options {
    Options {
        env: vec![
            ("NOREN_OBJECT_STORE_URL", "s3://menus/noren".to_string()),
            ("AWS_ACCESS_KEY_ID", "testing".to_string()),
            ("AWS_SECRET_ACCESS_KEY", "testing".to_string()),
            ("AWS_REGION", "us-east-1".to_string()),
            ("AWS_ENDPOINT_URL", endpoint.to_string()),
            ("AWS_ALLOW_HTTP", "true".to_string()),
        ],
        ..Options::default()
    }
}

/// moto's S3 server with the bucket `menus`, made with a plain S3 PUT (moto takes any keys);
/// `None` when moto is not installed (outside CI).
async fn moto_with_bucket() -> Option<(noren_testkit::moto::Moto, String)> {
    let (moto, endpoint) = noren_testkit::moto::start().await?;
    let res = reqwest::Client::new()
        .put(format!("{endpoint}/menus"))
        .send()
        .await
        .expect("test step");
    assert!(res.status().is_success(), "bucket: {}", res.status());
    Some((moto, endpoint))
}

both_databases! {
    /// The object store away (issue 32): an import's preview and start answer 503 with
    /// `Retry-After` within seconds (object_store alone would retry for 3 minutes), upload URLs
    /// are still made (they are signed here), `/readyz` reports the store and stays ready, and a
    /// payment is made meanwhile.
    async fn an_unreachable_object_store_answers_503_quickly_and_keeps_the_process_ready(app with unreachable_store()) {
        let m = fixtures::test_merchant(app.db(), "Store away").await;
        let (id, url) = create(&app, &m.key, m.shop.id).await;
        assert!(url.contains("X-Amz-Signature"), "a presigned URL: {url}");
        let began = std::time::Instant::now();
        let res = preview(&app, &m.key, m.shop.id, &id).await;
        let took = began.elapsed();
        assert_eq!(res.status(), 503, "preview with the store away");
        assert_eq!(noren_testkit::header(&res, "retry-after"), "1");
        let body = json(res).await;
        assert_eq!(body["code"], "server");
        assert!(body["message"].as_str().unwrap_or("").contains("file store"), "{body}");
        eprintln!("preview answered 503 in {took:?}");
        assert!(took < Duration::from_secs(10), "answered in {took:?}");

        let res = app.get("/readyz").await;
        assert_eq!(res.status(), 200, "the store does not take the process out");
        let ready = json(res).await;
        assert!(ready["checks"]["objectStore"].as_str().unwrap_or("").starts_with("failed"), "{ready}");
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        assert!(created["predefined_payment"]["token"].is_string());

        // An image kept in the store: 503 too, not a 500.
        let res = app.get(&format!("/api/order/shop/{}/images/ramen.png", m.shop.id)).await;
        assert_eq!(res.status(), 503, "an image with the store away");
        assert_eq!(noren_testkit::header(&res, "retry-after"), "1");
        let body = json(res).await;
        assert!(body["message"].as_str().unwrap_or("").contains("file store for images"), "{body}");
    }
}

both_databases! {
    /// An import whose job finds the store away (issue 32): each failed attempt puts it back to
    /// `scheduled` with the reason and the next attempt's time; after the last of its six
    /// attempts (10 s, 30 s, 1, 2 and 5 min apart on the settable clock) it is `failed` with the
    /// reason, and nothing of the workbook was applied.
    async fn an_import_the_store_fails_is_tried_six_times_then_failed_with_nothing_applied(app with unreachable_store().manual_jobs()) {
        let m = fixtures::test_merchant(app.db(), "Store away").await;
        let shop = m.shop.id;
        let (id, _) = create(&app, &m.key, shop).await;
        let res = app
            .post_json(
                "/api/admin/order-menu/import-start",
                Some(&m.key),
                json!({"shop": shop, "objectId": id}),
            )
            .await;
        assert_eq!(res.status(), 200);
        for (attempt, wait) in [10, 30, 60, 120, 300].into_iter().enumerate() {
            assert_eq!(app.run_due_jobs().await, 1, "attempt {}", attempt + 1);
            let s = state(&app, &m.key, shop, &id).await;
            assert_eq!(s["status"], "scheduled", "{s}");
            assert_eq!(s["finished"], false);
            let error = s["error"].as_str().unwrap_or("");
            assert!(error.starts_with(&format!("attempt {} failed, tried again at ", attempt + 1)), "{s}");
            // The clock runs on from where the test set it: the due time is within a second.
            let due = (app.state().clock.now() + chrono::Duration::seconds(wait)).timestamp_millis();
            let at = s["performAt"].as_i64().unwrap_or(0);
            assert!((at - due).abs() < 1_000, "due at {due}: {s}");
            assert_eq!(app.run_due_jobs().await, 0, "not before its time");
            app.state().clock.advance(chrono::Duration::seconds(wait));
        }
        assert_eq!(app.run_due_jobs().await, 1, "the last attempt");
        let s = state(&app, &m.key, shop, &id).await;
        assert_eq!(s["status"], "failed", "{s}");
        assert_eq!(s["finished"], true);
        assert!(!s["error"].as_str().unwrap_or("").is_empty(), "{s}");
        assert_eq!(app.run_due_jobs().await, 0, "no seventh attempt");
        assert_eq!(item_count(&app, shop).await, 0, "nothing applied");
    }
}

/// A store that stops answering (moto stopped with SIGSTOP: connections are accepted, nothing
/// answers) while an import runs: the attempt gives up within the store's 3 s, the import is
/// `scheduled` again with the reason, and once the store answers the next attempt (10 s later
/// on the settable clock) imports the whole workbook.
#[tokio::test]
async fn an_import_started_while_the_store_hangs_runs_once_it_answers() {
    let Some((moto, endpoint)) = moto_with_bucket().await else {
        return;
    };
    let options = s3_store(&endpoint).manual_jobs();
    let app = TestApp::spawn_with(noren_testkit::Backend::Sqlite, options)
        .await
        .expect("test step");
    let m = fixtures::test_merchant(app.db(), "Hung store").await;
    let shop = m.shop.id;
    let id = uploaded(&app, &m.key, shop, standard(980.0)).await;
    moto.pause();
    let res = app
        .post_json(
            "/api/admin/order-menu/import-start",
            Some(&m.key),
            json!({"shop": shop, "objectId": id}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let began = std::time::Instant::now();
    assert_eq!(app.run_due_jobs().await, 1);
    let took = began.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "the attempt gave up in {took:?}"
    );
    let s = state(&app, &m.key, shop, &id).await;
    assert_eq!(s["status"], "scheduled", "{s}");
    assert!(
        s["error"]
            .as_str()
            .unwrap_or("")
            .contains("attempt 1 failed"),
        "{s}"
    );
    assert_eq!(item_count(&app, shop).await, 0);

    moto.resume();
    app.state().clock.advance(chrono::Duration::seconds(10));
    assert_eq!(app.run_due_jobs().await, 1);
    let s = state(&app, &m.key, shop, &id).await;
    assert_eq!(s["status"], "finished", "{s}");
    assert_eq!(s["error"], Value::Null, "{s}");
    assert_eq!(item_count(&app, shop).await, 5);
    app.teardown().assert_no_pending_jobs().await;
}
