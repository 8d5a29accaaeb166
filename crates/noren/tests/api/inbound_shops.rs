//! The inbound shop, course and image calls (issue 12, items 1 and 7) over real HTTP on both
//! databases, against the demo catalogue (`noren::inbound::service::demo::seed`).

use noren::db::repo::accounts;
use noren::domain::keys::PartnerFamily;
use noren::inbound::service::demo::{DEMO_PNG, DemoInbound};
use noren::inbound::store::catalog::{self, CourseTexts, NewCourse, ShopSettings, ShopTexts};
use noren::inbound::store::directory::ShopDirectory;
use noren_testkit::{TestApp, both_databases, fixtures, json};
use serde_json::Value;

const PLATFORM: &str = "demo-ota";

struct Inbound {
    key: String,
    demo: DemoInbound,
    legal_person_id: i64,
}

async fn setup(app: &TestApp) -> Inbound {
    let now = app.state().clock.now();
    let m = fixtures::test_merchant(app.db(), "Owner").await;
    let demo =
        noren::inbound::service::demo::seed(app.db(), &app.state().objects, m.legal_person.id, now)
            .await
            .expect("demo catalogue");
    let platform = accounts::create_platform(app.db(), PLATFORM, "Demo OTA", now)
        .await
        .expect("platform");
    accounts::create_platform(app.db(), "other-ota", "Other", now)
        .await
        .expect("platform");
    let (_, key) = accounts::create_partner_key(app.db(), platform.id, PartnerFamily::Test, now)
        .await
        .expect("key");
    Inbound {
        key,
        demo,
        legal_person_id: m.legal_person.id,
    }
}

/// A partner call of the test platform: `path` below `/v3/inbound-external/{PLATFORM}/`.
async fn get(app: &TestApp, key: &str, path: &str) -> reqwest::Response {
    app.get_as_partner(&format!("/v3/inbound-external/{PLATFORM}/{path}"), key)
        .await
}

async fn ok(app: &TestApp, key: &str, path: &str) -> Value {
    let res = get(app, key, path).await;
    assert_eq!(res.status(), 200, "{path}");
    json(res).await
}

async fn bad(app: &TestApp, key: &str, path: &str, field: &str) {
    let res = get(app, key, path).await;
    assert_eq!(res.status(), 400, "{path}");
    let body = json(res).await;
    assert_eq!(body["code"], "client", "{path}");
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .filter_map(|e| e["field"].as_str())
        .collect();
    assert!(fields.contains(&field), "{path}: {body}");
}

fn ids(page: &Value) -> Vec<i64> {
    page["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["id"].as_i64().expect("id"))
        .collect()
}

/// The path and query of an absolute link.
fn local(url: &str) -> String {
    let rest = url.split_once("://").expect("absolute").1;
    rest[rest.find('/').expect("path")..].to_string()
}

both_databases! {
    async fn shop_search_pages_and_counts_every_published_shop(app) {
        let i = setup(&app).await;
        let all = ok(&app, &i.key, "shops?languageCode=en").await;
        assert_eq!(all["count"], 4);
        assert_eq!(ids(&all), i.demo.shops);
        let page = ok(&app, &i.key, "shops?languageCode=en&limit=2&offset=2").await;
        assert_eq!((ids(&page), page["count"].as_i64()), (i.demo.shops[2..].to_vec(), Some(4)));
        let past = ok(&app, &i.key, "shops?languageCode=en&offset=10").await;
        assert_eq!((ids(&past).len(), past["count"].as_i64()), (0, Some(4)));
        // shopIds answers those shops and ignores limit and offset.
        let (a, b) = (i.demo.shops[1], i.demo.shops[3]);
        let some = ok(&app, &i.key, &format!("shops?languageCode=en&shopIds={a},{b},99999&limit=1&offset=5")).await;
        assert_eq!((ids(&some), some["count"].as_i64()), (vec![a, b], Some(2)));

        // An unpublished shop is never listed and its detail is a 404.
        let mut hidden = catalog::shop(app.db(), a).await.expect("read").expect("row");
        hidden.published = false;
        let mut s = ShopSettings::new(hidden.name_ja.clone());
        s.published = false;
        catalog::upsert_shop(app.db(), a, &s, app.state().clock.now()).await.expect("hide");
        // A change made elsewhere (the operator CLI) shows in the search within its TTL.
        let kept = ok(&app, &i.key, "shops?languageCode=en").await;
        assert_eq!(kept["count"], 4, "kept for up to a second");
        app.state().clock.advance(chrono::Duration::from_std(ShopDirectory::TTL).expect("ttl"));
        let all = ok(&app, &i.key, "shops?languageCode=en").await;
        assert_eq!(all["count"], 3);
        assert!(!ids(&all).contains(&a));
        let some = ok(&app, &i.key, &format!("shops?languageCode=en&shopIds={a}")).await;
        assert_eq!(some["count"], 0);
        assert_eq!(get(&app, &i.key, &format!("shops/{a}?languageCode=en")).await.status(), 404);
        assert_eq!(get(&app, &i.key, &format!("shops/{a}/courses")).await.status(), 404);
        assert_eq!(get(&app, &i.key, &format!("courses/{}", i.demo.tanuki_late_night)).await.status(), 404);
    }

    async fn shop_search_filters_by_name_in_any_language_realtime_address_and_postal_code(app) {
        let i = setup(&app).await;
        let s = &i.demo.shops;
        for (query, expected) in [
            ("shopNameQuery=SAKURA", vec![s[0]]),
            ("shopNameQuery=%E3%81%95%E3%81%8F%E3%82%89", vec![s[0]]), // さくら
            ("shopNameQuery=%EC%9D%B4%EC%9E%90%EC%B9%B4%EC%95%BC", vec![s[1]]), // 이자카야 (ko text)
            ("shopNameQuery=kitchen", vec![s[3]]),
            ("shopNameQuery=%25", vec![]), // a literal %, not a wildcard
            ("showRealTimeOnly=true", vec![s[0], s[2]]),
            ("showRealTimeOnly=false", s.clone()),
            ("addressState=%E4%BA%AC%E9%83%BD", vec![s[2], s[3]]), // 京都 (not 東京都)
            ("addressState=%E6%9D%B1%E4%BA%AC", vec![s[0], s[1]]), // 東京
            ("addressCity=%E4%BA%AC%E9%83%BD%E5%B8%82", vec![s[2], s[3]]), // 京都市
            ("addressCity=%E4%B8%AD%E5%A4%AE%E5%8C%BA", vec![s[0]]), // 中央区
            ("addressTown=%E6%AD%8C%E8%88%9E%E4%BC%8E%E7%94%BA", vec![s[1]]), // 歌舞伎町
            ("postalCode=104-0061", vec![s[0]]),
            ("postalCode=1600021", vec![s[1]]),
            ("postalCode=999-9999", vec![]),
            ("showRealTimeOnly=true&addressState=%E4%BA%AC%E9%83%BD", vec![s[2]]),
        ] {
            let page = ok(&app, &i.key, &format!("shops?languageCode=ja&{query}")).await;
            assert_eq!(ids(&page), expected, "{query}");
            assert_eq!(page["count"].as_i64(), Some(expected.len() as i64), "{query}");
        }
        // In English the address parts are English, and they (and the Japanese ones) filter.
        for (query, expected) in [
            ("addressState=Tokyo", vec![s[0], s[1]]),
            ("addressState=tokyo", vec![s[0], s[1]]),
            ("addressState=kyoto", vec![s[2], s[3]]),
            ("addressState=%E6%9D%B1%E4%BA%AC", vec![s[0], s[1]]), // 東京
            ("addressCity=Chuo", vec![s[0]]),
            ("addressCity=Shinjuku", vec![s[1]]),
            ("addressTown=Ginza", vec![s[0]]),
            ("addressTown=Kabukicho", vec![s[1]]),
            ("addressState=Osaka", vec![]),
        ] {
            let page = ok(&app, &i.key, &format!("shops?languageCode=en&{query}")).await;
            assert_eq!(ids(&page), expected, "{query}");
        }
    }

    async fn every_languages_entry_carries_the_address_in_that_language_and_the_postal_code(app) {
        let i = setup(&app).await;
        let sakura = i.demo.shops[0];
        for (lang, state, city, town) in [
            ("en", "Tokyo", "Chuo City", "Ginza"),
            ("ja", "東京都", "中央区", "銀座"),
            ("zh-CN", "东京都", "中央区", "银座"),
            ("zh-TW", "東京都", "中央區", "銀座"),
            ("ko", "도쿄도", "주오구", "긴자"),
        ] {
            let shop = ok(&app, &i.key, &format!("shops/{sakura}?languageCode={lang}")).await;
            let t = &shop["shopI18n"];
            assert_eq!(t["languageCode"], lang);
            assert_eq!(
                (t["addressState"].as_str(), t["addressCity"].as_str(), t["addressTown"].as_str()),
                (Some(state), Some(city), Some(town)),
                "{lang}"
            );
            assert_eq!(t["addressPostalCode"], "104-0061", "{lang}");
        }
        // Every demo shop in every language: no part of the address is missing.
        for lang in ["en", "ja", "zh-CN", "zh-TW", "ko"] {
            let page = ok(&app, &i.key, &format!("shops?languageCode={lang}")).await;
            for row in page["rows"].as_array().expect("rows") {
                for part in ["addressState", "addressCity", "addressTown", "addressPostalCode", "formattedAddress"] {
                    assert!(row["shopI18n"][part].as_str().is_some_and(|v| !v.is_empty()), "{lang} {} {part}", row["id"]);
                }
            }
        }
        // A shop whose English texts have no address parts answers the Japanese ones and the
        // shop's postal code rather than nothing.
        let now = app.state().clock.now();
        let m = fixtures::test_merchant(app.db(), "Address fallback").await;
        let mut settings = ShopSettings::new("そば処");
        settings.address_state = Some("大阪府".into());
        settings.address_city = Some("大阪市北区".into());
        settings.address_town = Some("梅田".into());
        settings.address_postal_code = Some("530-0001".into());
        catalog::upsert_shop(app.db(), m.shop.id, &settings, now).await.expect("shop");
        catalog::set_shop_texts(app.db(), m.shop.id, &[
            ShopTexts { lang: "ja".into(), shop_name: "そば処".into(), ..Default::default() },
            ShopTexts { lang: "en".into(), shop_name: "Soba House".into(), address_state: Some("Osaka".into()), ..Default::default() },
        ]).await.expect("texts");
        let shop = ok(&app, &i.key, &format!("shops/{}?languageCode=en", m.shop.id)).await;
        let t = &shop["shopI18n"];
        assert_eq!(
            (t["addressState"].as_str(), t["addressCity"].as_str(), t["addressTown"].as_str(), t["addressPostalCode"].as_str()),
            (Some("Osaka"), Some("大阪市北区"), Some("梅田"), Some("530-0001"))
        );
    }

    async fn shop_search_refuses_bad_values_by_name(app) {
        let i = setup(&app).await;
        bad(&app, &i.key, "shops", "languageCode").await;
        bad(&app, &i.key, "shops?languageCode=fr", "languageCode").await;
        bad(&app, &i.key, "shops?languageCode=en&postalCode=12-34567", "postalCode").await;
        bad(&app, &i.key, "shops?languageCode=en&postalCode=104006", "postalCode").await;
        bad(&app, &i.key, "shops?languageCode=en&postalCode=abc-defg", "postalCode").await;
        bad(&app, &i.key, "shops?languageCode=en&limit=51", "limit").await;
        bad(&app, &i.key, "shops?languageCode=en&limit=0", "limit").await;
        bad(&app, &i.key, "shops?languageCode=en&limit=ten", "limit").await;
        bad(&app, &i.key, "shops?languageCode=en&offset=-1", "offset").await;
        bad(&app, &i.key, "shops?languageCode=en&shopIds=1,x", "shopIds").await;
        // The spec's pattern exactly: 1 to 18 digits without a leading zero, spaces around.
        bad(&app, &i.key, "shops?languageCode=en&shopIds=70900873769816337615779", "shopIds").await;
        bad(&app, &i.key, "shops?languageCode=en&shopIds=1000000000000000000", "shopIds").await;
        bad(&app, &i.key, "shops?languageCode=en&shopIds=01", "shopIds").await;
        bad(&app, &i.key, "shops?languageCode=en&shopIds=%091", "shopIds").await;
        ok(&app, &i.key, "shops?languageCode=en&shopIds=%201%20,%20999999999999999999").await;
        let many: Vec<String> = (1..=31).map(|n| n.to_string()).collect();
        bad(&app, &i.key, &format!("shops?languageCode=en&shopIds={}", many.join(",")), "shopIds").await;
        bad(&app, &i.key, "shops?languageCode=en&showRealTimeOnly=maybe", "showRealTimeOnly").await;
        bad(&app, &i.key, "shops?languageCode=en&colour=red", "colour").await;
        // Up to 30 ids is fine.
        let thirty: Vec<String> = (1..=30).map(|n| n.to_string()).collect();
        ok(&app, &i.key, &format!("shops?languageCode=en&shopIds={}", thirty.join(","))).await;
    }

    async fn shop_calls_need_the_platforms_own_key(app) {
        let i = setup(&app).await;
        let res = app.client.get(app.url(&format!("/v3/inbound-external/{PLATFORM}/shops?languageCode=en"))).send().await.expect("sent");
        assert_eq!(res.status(), 401);
        assert_eq!(json(res).await["code"], "unauthorized");
        let shop = i.demo.shops[0];
        for path in ["shops?languageCode=en".to_string(), format!("shops/{shop}?languageCode=en"), format!("shops/{shop}/courses"), format!("courses/{}", i.demo.sakura_omakase)] {
            let res = app.client.get(app.url(&format!("/v3/inbound-external/other-ota/{path}"))).bearer_auth(&i.key).send().await.expect("sent");
            assert_eq!(res.status(), 404, "{path}");
            assert_eq!(json(res).await["code"], "not_found");
        }
    }

    async fn shop_detail_shows_hours_with_last_order_tags_texts_and_images(app) {
        let i = setup(&app).await;
        let sakura = i.demo.shops[0];
        let shop = ok(&app, &i.key, &format!("shops/{sakura}?languageCode=en")).await;
        assert_eq!(shop["id"], sakura);
        assert_eq!(shop["number"], "20000001");
        assert_eq!(shop["nameJa"], "鮨 さくら 銀座");
        assert_eq!(shop["nameEn"], "Sushi Sakura Ginza");
        assert_eq!(shop["addressPostalCode"], "104-0061");
        assert_eq!((shop["minGuests"].as_i64(), shop["maxGuests"].as_i64()), (Some(1), Some(8)));
        assert_eq!(shop["cancellationPolicyDays"], 2);
        assert_eq!(shop["realTimeBookable"], true);
        assert_eq!(shop["cutoffHours"], 3);
        assert_eq!(shop["rating"], 4.6);
        assert_eq!(shop["latitude"], 35.6717);
        assert_eq!(shop["longitude"], 139.765);
        let hours = &shop["shopBusinessHours"];
        assert_eq!(hours["mon"], serde_json::json!([
            {"startTime": "11:30", "endTime": "14:00", "lastOrderCutoffMins": 30, "availabilityDesc": "Lunch", "lastOrderTime": "13:30"},
            {"startTime": "17:00", "endTime": "22:00", "lastOrderCutoffMins": 60, "availabilityDesc": "Dinner", "lastOrderTime": "21:00"},
        ]));
        assert_eq!(hours["sun"], serde_json::json!([]));
        for day in ["tue", "wed", "thu", "fri", "sat"] {
            assert_eq!(hours[day].as_array().map(Vec::len), Some(2), "{day}");
        }
        assert_eq!(shop["shopTags"][0], serde_json::json!({"tagEnum": "SUSHI", "tag": "Sushi", "languageCode": "en", "tagCategoryName": "Cuisine"}));
        assert_eq!(shop["shopI18n"]["shopName"], "Sushi Sakura Ginza");
        assert_eq!(shop["shopI18n"]["languageCode"], "en");
        assert_eq!(shop["shopI18n"]["internationalPhoneNumber"], "+81 3-1234-5678");
        let images = &shop["shopImages"];
        assert_eq!(images["main"].as_array().map(Vec::len), Some(1));
        assert_eq!(images["food"].as_array().map(Vec::len), Some(2));
        assert_eq!(images["interior"].as_array().map(Vec::len), Some(1));
        assert_eq!(images["exterior"].as_array().map(Vec::len), Some(1));

        // Another language; a night opening's last order past midnight.
        let tanuki = ok(&app, &i.key, &format!("shops/{}?languageCode=ko", i.demo.shops[1])).await;
        assert_eq!(tanuki["shopI18n"]["languageCode"], "ko");
        assert_eq!(tanuki["shopI18n"]["shopName"], "이자카야 타누키 신주쿠");
        assert_eq!(tanuki["shopTags"][0]["tag"], "이자카야");
        assert_eq!(tanuki["shopTags"][0]["languageCode"], "ko");
        assert_eq!(tanuki["shopBusinessHours"]["sun"][0]["endTime"], "02:00");
        assert_eq!(tanuki["shopBusinessHours"]["sun"][0]["lastOrderTime"], "01:30");
        assert_eq!(tanuki["realTimeBookable"], false);
    }

    async fn shop_texts_fall_back_to_english_then_japanese(app) {
        let i = setup(&app).await;
        let now = app.state().clock.now();
        let m = fixtures::test_merchant(app.db(), "Fallback").await;
        let _ = i.legal_person_id;
        catalog::upsert_shop(app.db(), m.shop.id, &ShopSettings::new("そば処"), now).await.expect("shop");
        catalog::set_shop_texts(app.db(), m.shop.id, &[ShopTexts { lang: "ja".into(), shop_name: "そば処".into(), ..Default::default() }]).await.expect("texts");
        let shop = ok(&app, &i.key, &format!("shops/{}?languageCode=ko", m.shop.id)).await;
        assert_eq!((shop["shopI18n"]["shopName"].as_str(), shop["shopI18n"]["languageCode"].as_str()), (Some("そば処"), Some("ja")));
        catalog::set_shop_texts(app.db(), m.shop.id, &[
            ShopTexts { lang: "ja".into(), shop_name: "そば処".into(), ..Default::default() },
            ShopTexts { lang: "en".into(), shop_name: "Soba House".into(), ..Default::default() },
        ]).await.expect("texts");
        let shop = ok(&app, &i.key, &format!("shops/{}?languageCode=zh-TW", m.shop.id)).await;
        assert_eq!((shop["shopI18n"]["shopName"].as_str(), shop["shopI18n"]["languageCode"].as_str()), (Some("Soba House"), Some("en")));
        // Empty days, no tags, no images.
        assert_eq!(shop["shopBusinessHours"]["mon"], serde_json::json!([]));
        assert_eq!(shop["shopTags"], serde_json::json!([]));
        assert_eq!(shop["shopImages"]["main"], serde_json::json!([]));
    }

    async fn shop_detail_refuses_bad_ids_and_unknown_shops(app) {
        let i = setup(&app).await;
        bad(&app, &i.key, "shops/abc?languageCode=en", "shopId").await;
        bad(&app, &i.key, "shops/0?languageCode=en", "shopId").await;
        bad(&app, &i.key, "shops/99999999999999999999?languageCode=en", "shopId").await;
        bad(&app, &i.key, &format!("shops/{}", i.demo.shops[0]), "languageCode").await;
        let res = get(&app, &i.key, "shops/999999?languageCode=en").await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
        // A merchant shop that is not an inbound shop does not exist here either.
        let m = fixtures::test_merchant(app.db(), "Plain").await;
        assert_eq!(get(&app, &i.key, &format!("shops/{}?languageCode=en", m.shop.id)).await.status(), 404);
        let list = ok(&app, &i.key, &format!("shops?languageCode=en&shopIds={}", m.shop.id)).await;
        assert_eq!(list["count"], 0);
    }

    async fn course_list_pages_parent_courses_with_their_children(app) {
        let i = setup(&app).await;
        let sakura = i.demo.shops[0];
        let page = ok(&app, &i.key, &format!("shops/{sakura}/courses?languageCode=en")).await;
        assert_eq!(page["count"], 2);
        assert_eq!(ids(&page), vec![i.demo.sakura_omakase, i.demo.sakura_lunch]);
        let omakase = &page["rows"][0];
        assert_eq!(omakase["childCourses"].as_array().map(Vec::len), Some(1));
        let child = &omakase["childCourses"][0];
        assert_eq!(child["id"], i.demo.sakura_omakase_child);
        assert_eq!(child["parentCourseId"], i.demo.sakura_omakase);
        assert_eq!((child["lowerAgeLimit"].as_i64(), child["upperAgeLimit"].as_i64()), (Some(6), Some(12)));
        assert_eq!(child["coursePrice"], serde_json::json!({"suggestedRetailPrice": 9000, "settlementPrice": 7500}));
        assert_eq!(child["courseI18n"][0]["languageCode"], "en");
        assert_eq!(omakase["courseI18n"].as_array().map(Vec::len), Some(1));
        assert_eq!(omakase["courseI18n"][0]["courseName"], "Chef's omakase");
        assert_eq!(omakase["courseImages"]["courseImageUrls"].as_array().map(Vec::len), Some(1));

        let one = ok(&app, &i.key, &format!("shops/{sakura}/courses?limit=1&offset=1")).await;
        assert_eq!((ids(&one), one["count"].as_i64()), (vec![i.demo.sakura_lunch], Some(2)));
        // Without languageCode every language is given.
        assert_eq!(one["rows"][0]["courseI18n"].as_array().map(Vec::len), Some(5));
        let named = ok(&app, &i.key, &format!("shops/{sakura}/courses?courseNameQuery=%E3%83%A9%E3%83%B3%E3%83%81")).await; // ランチ
        assert_eq!((ids(&named), named["count"].as_i64()), (vec![i.demo.sakura_lunch], Some(1)));

        // An unpublished course is left out.
        let now = app.state().clock.now();
        catalog::add_course(app.db(), sakura, &NewCourse { course_name: "Secret".into(), settlement_price: 1, published: false, texts: vec![CourseTexts { lang: "en".into(), course_name: "Secret".into(), ..Default::default() }], ..Default::default() }, now).await.expect("course");
        let page = ok(&app, &i.key, &format!("shops/{sakura}/courses")).await;
        assert_eq!(page["count"], 2);

        bad(&app, &i.key, &format!("shops/{sakura}/courses?limit=51"), "limit").await;
        bad(&app, &i.key, &format!("shops/{sakura}/courses?offset=x"), "offset").await;
        bad(&app, &i.key, &format!("shops/{sakura}/courses?languageCode=de"), "languageCode").await;
        bad(&app, &i.key, "shops/x/courses", "shopId").await;
        assert_eq!(get(&app, &i.key, "shops/999999/courses").await.status(), 404);
    }

    async fn course_detail_shows_jst_ranges_across_midnight_validity_limits_and_prices(app) {
        let i = setup(&app).await;
        let late = ok(&app, &i.key, &format!("courses/{}", i.demo.tanuki_late_night)).await;
        assert_eq!(late["shopId"], i.demo.shops[1]);
        assert_eq!(late["orderAvailableTimeRanges"], serde_json::json!([{"startRange": "22:00", "endRange": "03:00"}]));
        assert_eq!((late["orderMin"].as_i64(), late["orderMax"].as_i64()), (Some(2), Some(6)));
        assert_eq!(late["courseI18n"].as_array().map(Vec::len), Some(5));
        let langs: Vec<&str> = late["courseI18n"].as_array().expect("i18n").iter().filter_map(|t| t["languageCode"].as_str()).collect();
        assert_eq!(langs, ["en", "zh-CN", "ja", "ko", "zh-TW"]);
        assert_eq!(late["parentCourseId"], Value::Null);
        assert_eq!(late["validFromDate"], Value::Null);

        let nomi = ok(&app, &i.key, &format!("courses/{}", i.demo.tanuki_nomihodai)).await;
        assert_eq!(nomi["quantityLimit"], 3);
        assert_eq!(nomi["orderAvailableTimeRanges"], serde_json::json!([]));

        let lunch = ok(&app, &i.key, &format!("courses/{}", i.demo.sakura_lunch)).await;
        assert_eq!(lunch["orderAvailableTimeRanges"], serde_json::json!([{"startRange": "11:30", "endRange": "13:30"}]));
        assert_eq!((lunch["orderStartTime"].as_str(), lunch["orderEndTime"].as_str()), (Some("11:30"), Some("13:30")));

        let winter = ok(&app, &i.key, &format!("courses/{}", i.demo.hanami_winter)).await;
        assert_eq!(winter["validFromDate"], "2026-12-01T00:00:00+09:00");
        assert_eq!(winter["validToDate"], "2027-02-28T23:59:59+09:00");
        assert_eq!(winter["coursePrice"], serde_json::json!({"suggestedRetailPrice": 28000, "settlementPrice": 23000}));
        let kids: Vec<i64> = winter["childCourses"].as_array().expect("children").iter().filter_map(|c| c["id"].as_i64()).collect();
        assert_eq!(kids, i.demo.hanami_winter_children);
        let url = winter["courseImages"]["courseImageUrls"][0].as_str().expect("image url");
        assert!(url.contains("/inbound-images/") && url.contains("signature="), "{url}");

        // A child course by its id.
        let child = ok(&app, &i.key, &format!("courses/{}", i.demo.sakura_omakase_child)).await;
        assert_eq!(child["parentCourseId"], i.demo.sakura_omakase);
        assert_eq!(child["lowerAgeLimit"], 6);

        bad(&app, &i.key, "courses/abc", "courseId").await;
        bad(&app, &i.key, "courses/-3", "courseId").await;
        let res = get(&app, &i.key, "courses/999999").await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
    }

    async fn image_links_serve_the_bytes_until_they_expire_and_refuse_tampering(app) {
        let i = setup(&app).await;
        let shop = ok(&app, &i.key, &format!("shops/{}?languageCode=en", i.demo.shops[0])).await;
        let url = shop["shopImages"]["main"][0].as_str().expect("url").to_string();
        let path = local(&url);
        let res = app.client.get(app.url(&path)).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/png");
        assert_eq!(res.bytes().await.expect("bytes").as_ref(), DEMO_PNG);

        // Tampered: another image id, a changed expiry, a changed or missing signature.
        let (base, query) = path.split_once('?').expect("query");
        let id: i64 = base.rsplit('/').next().expect("id").parse().expect("number");
        let expires: i64 = query.split('&').find_map(|p| p.strip_prefix("expires=")).expect("expires").parse().expect("number");
        let signature = query.split('&').find_map(|p| p.strip_prefix("signature=")).expect("signature");
        let mut flipped = signature.to_string();
        let last = if flipped.ends_with('0') { "1" } else { "0" };
        flipped.replace_range(flipped.len() - 1.., last);
        for tampered in [
            format!("/inbound-images/{}?expires={expires}&signature={signature}", id + 1),
            format!("/inbound-images/{id}?expires={}&signature={signature}", expires + 3600),
            format!("/inbound-images/{id}?expires={expires}&signature={flipped}"),
            format!("/inbound-images/{id}?expires={expires}"),
            format!("/inbound-images/{id}"),
            format!("/inbound-images/x?expires={expires}&signature={signature}"),
        ] {
            let res = app.client.get(app.url(&tampered)).send().await.expect("sent");
            assert_eq!(res.status(), 403, "{tampered}");
            assert_eq!(json(res).await["code"], "forbidden", "{tampered}");
        }

        // Valid for 10 minutes after the answer (the clock keeps running, so the edge is
        // checked on the link's `expires`, and through HTTP a few seconds either side of it).
        let now = app.state().clock.now().timestamp();
        assert!((expires - 600..=expires - 595).contains(&now), "expires {expires}, now {now}");
        app.state().clock.advance(chrono::Duration::seconds(595));
        let res = app.client.get(app.url(&path)).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        app.state().clock.advance(chrono::Duration::seconds(6));
        let res = app.client.get(app.url(&path)).send().await.expect("sent");
        assert_eq!(res.status(), 403);
        let body = json(res).await;
        assert_eq!(body["code"], "forbidden");
        assert!(body["message"].as_str().expect("message").contains("expired"), "{body}");
        // A fresh answer gives a fresh link.
        let shop = ok(&app, &i.key, &format!("shops/{}?languageCode=en", i.demo.shops[0])).await;
        let fresh = local(shop["shopImages"]["main"][0].as_str().expect("url"));
        assert_eq!(app.client.get(app.url(&fresh)).send().await.expect("sent").status(), 200);
    }
}
