//! The inbound operator commands and the demo catalogue through the real binary (issue 12,
//! item 6): `noren inbound shop set`, `noren inbound course add` (checked before anything is
//! written, exit 1 naming field and rule) and `noren demo --json`'s `inbound_shop_ids`, read back
//! through the partner calls.

use noren::db::repo::accounts;
use noren::domain::keys::PartnerFamily;
use noren_testkit::{TestApp, both_databases, fixtures, json};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_noren");

fn noren_cli(url: &str, dir: &str, args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let out = Command::new(BIN)
        .args(args)
        .env("NOREN_DATABASE_URL", url)
        .env("NOREN_DATA_DIR", dir)
        .output()
        .expect("runs");
    (
        out.status.code(),
        serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

async fn partner(app: &TestApp, code: &str) -> String {
    let now = app.state().clock.now();
    let p = match accounts::find_platform_by_code(app.db(), code)
        .await
        .expect("read")
    {
        Some(p) => p,
        None => accounts::create_platform(app.db(), code, "OTA", now)
            .await
            .expect("platform"),
    };
    accounts::create_partner_key(app.db(), p.id, PartnerFamily::Test, now)
        .await
        .expect("key")
        .1
}

/// A partner call of platform `code`: `path` below `/v3/inbound-external/{code}/`.
async fn get(app: &TestApp, key: &str, code: &str, path: &str) -> reqwest::Response {
    app.get_as_partner(&format!("/v3/inbound-external/{code}/{path}"), key)
        .await
}

both_databases! {
    async fn operators_set_an_inbound_shop_and_add_a_course_that_partners_then_read(app) {
        let m = fixtures::test_merchant(app.db(), "Cli").await;
        let key = partner(&app, "cli-ota").await;
        let number = m.shop.number.clone();
        let files = tempfile::tempdir().expect("temp dir");
        let write = |name: &str, value: serde_json::Value| {
            let path = files.path().join(name);
            std::fs::write(&path, value.to_string()).expect("write");
            path.display().to_string()
        };
        let shop = write("shop.json", serde_json::json!({
            "nameJa": "焼肉 炎", "nameEn": "Yakiniku Homura", "addressState": "東京都", "addressPostalCode": "1500001",
            "minGuests": 2, "maxGuests": 12, "realTimeBookable": true, "cutoffHours": 4, "rating": 4.2,
            "texts": [{"languageCode": "en", "shopName": "Yakiniku Homura", "precaution": "No smoking."},
                      {"languageCode": "ja", "shopName": "焼肉 炎"}],
            "businessHours": {"fri": [{"startTime": "17:00", "endTime": "02:00", "lastOrderCutoffMins": 60, "availabilityDesc": "Dinner"}]},
            "tags": [{"tagEnum": "YAKINIKU", "texts": [{"languageCode": "en", "tag": "Yakiniku", "tagCategoryName": "Cuisine"}]}],
        }));
        let course = write("course.json", serde_json::json!({
            "courseName": "Premium wagyu", "suggestedRetailPrice": 12000, "settlementPrice": 9600,
            "orderMin": 2, "orderMax": 8, "quantityLimit": 10,
            "validFrom": "2026-12-01T00:00:00+09:00", "validTo": "2027-03-31T23:59:59+09:00",
            "orderAvailableTimeRanges": [{"startRange": "22:00", "endRange": "01:00"}],
            "texts": [{"languageCode": "en", "courseName": "Premium wagyu"}],
            "childCourses": [{"courseName": "Wagyu (child)", "lowerAgeLimit": 4, "upperAgeLimit": 11, "settlementPrice": 4000,
                              "texts": [{"languageCode": "en", "courseName": "Kids' wagyu"}]}],
        }));
        let bad_shop = write("bad-shop.json", serde_json::json!({"nameJa": "x", "postalCode": "1"}));
        let bad_hours = write("bad-hours.json", serde_json::json!({"nameJa": "x", "businessHours": {"mon": [{"startTime": "9:00", "endTime": "12:00"}]}}));
        let bad_course = write("bad-course.json", serde_json::json!({"courseName": "x", "settlementPrice": 1, "orderMin": 3, "orderMax": 1}));
        let (url, dir) = (app.database_url.clone(), app.data_dir());
        let runs = tokio::task::spawn_blocking({ let number = number.clone(); move || {
            let op = |args: &[&str]| noren_cli(&url, &dir, args);
            vec![
                // 0..3: refused before anything is written.
                op(&["inbound", "shop", "set", "--shop", &number, "--file", &bad_shop]),
                op(&["inbound", "shop", "set", "--shop", &number, "--file", &bad_hours]),
                op(&["inbound", "course", "add", "--shop", &number, "--file", &course]),
                op(&["inbound", "shop", "set", "--shop", "99999999", "--file", &shop]),
                // 4, 5: written.
                op(&["inbound", "shop", "set", "--shop", &number, "--file", &shop]),
                op(&["inbound", "course", "add", "--shop", &number, "--file", &course]),
                // 6: refused.
                op(&["inbound", "course", "add", "--shop", &number, "--file", &bad_course]),
            ]
        }}).await.expect("operators");
        let refused = |i: usize, needle: &str| {
            let (code, _, stderr) = &runs[i];
            assert_eq!(*code, Some(1), "run {i}: {stderr}");
            assert!(stderr.contains(needle), "run {i}: {stderr}");
            assert!(!stderr.contains("panicked"), "run {i}: {stderr}");
        };
        refused(0, "postalCode");
        refused(1, "businessHours.mon[0].startTime: \"9:00\" is not a time HH:MM");
        refused(2, "is not an inbound shop");
        refused(3, "no shop with number 99999999");
        refused(6, "orderMax: 1 is less than orderMin 3");
        assert_eq!(runs[4].0, Some(0), "{}", runs[4].2);
        assert_eq!(runs[5].0, Some(0), "{}", runs[5].2);
        let course_id = runs[5].1["course_id"].as_i64().expect("course id");

        let res = get(&app, &key, "cli-ota", &format!("shops/{}?languageCode=en", m.shop.id)).await;
        assert_eq!(res.status(), 200);
        let s = json(res).await;
        assert_eq!((s["nameJa"].as_str(), s["addressPostalCode"].as_str()), (Some("焼肉 炎"), Some("1500001")));
        assert_eq!((s["minGuests"].as_i64(), s["maxGuests"].as_i64(), s["cutoffHours"].as_i64()), (Some(2), Some(12), Some(4)));
        assert_eq!(s["shopI18n"]["precaution"], "No smoking.");
        assert_eq!(s["shopBusinessHours"]["fri"][0]["lastOrderTime"], "01:00");
        assert_eq!(s["shopTags"][0]["tagEnum"], "YAKINIKU");
        let found = json(get(&app, &key, "cli-ota", "shops?languageCode=en&postalCode=150-0001").await).await;
        assert_eq!(found["count"], 1);

        let c = json(get(&app, &key, "cli-ota", &format!("courses/{course_id}")).await).await;
        assert_eq!(c["orderAvailableTimeRanges"], serde_json::json!([{"startRange": "22:00", "endRange": "01:00"}]));
        assert_eq!(c["validFromDate"], "2026-12-01T00:00:00+09:00");
        assert_eq!(c["quantityLimit"], 10);
        assert_eq!(c["childCourses"][0]["upperAgeLimit"], 11);
        assert_eq!(c["childCourses"][0]["courseI18n"][0]["courseName"], "Kids' wagyu");
        let list = json(get(&app, &key, "cli-ota", &format!("shops/{}/courses", m.shop.id)).await).await;
        assert_eq!(list["count"], 1);
    }

    async fn demo_json_lists_the_inbound_shops_its_partner_key_reads(app) {
        let (url, dir) = (app.database_url.clone(), app.data_dir());
        let (code, keys, stderr) = tokio::task::spawn_blocking(move || {
            noren_cli(&url, &dir, &["demo", "--json"]);
            noren_cli(&url, &dir, &["demo", "--json"])
        }).await.expect("demo");
        assert_eq!(code, Some(0), "{stderr}");
        let shops: Vec<i64> = keys["inbound_shop_ids"].as_array().expect("ids").iter().filter_map(|v| v.as_i64()).collect();
        assert_eq!(shops.len(), 4);
        let platform = keys["platform"].as_str().expect("platform");
        let key = keys["partner_key"].as_str().expect("key");
        let page = json(get(&app, key, platform, "shops?languageCode=ja").await).await;
        assert_eq!(page["count"], 4);
        let real_time = json(get(&app, key, platform, "shops?languageCode=ja&showRealTimeOnly=true").await).await;
        assert_eq!(real_time["count"], 2);
        for id in shops {
            let courses = json(get(&app, key, platform, &format!("shops/{id}/courses?languageCode=zh-CN")).await).await;
            assert!(courses["count"].as_i64().unwrap_or(0) >= 1, "{id}: {courses}");
            assert_eq!(courses["rows"][0]["courseI18n"][0]["languageCode"], "zh-CN");
        }
    }
}
