//! The public shop and menu calls of the ordering API (issue 11, item 1) on the demo
//! restaurant: every call's answer, the language fallback, unknown languages and ids.

use noren_testkit::{both_databases, fixtures, json};
use sea_orm::{ConnectionTrait, DbBackend, DbErr, ExecResult, QueryResult, Statement};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A connection that counts the statements run through it.
struct Counting<'a> {
    db: &'a noren::db::Db,
    statements: AtomicUsize,
}

#[async_trait::async_trait]
impl ConnectionTrait for Counting<'_> {
    fn get_database_backend(&self) -> DbBackend {
        self.db.get_database_backend()
    }
    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.statements.fetch_add(1, Ordering::SeqCst);
        self.db.execute_raw(stmt).await
    }
    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.statements.fetch_add(1, Ordering::SeqCst);
        self.db.execute_unprepared(sql).await
    }
    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.statements.fetch_add(1, Ordering::SeqCst);
        self.db.query_one_raw(stmt).await
    }
    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.statements.fetch_add(1, Ordering::SeqCst);
        self.db.query_all_raw(stmt).await
    }
}

fn names(menus: &Value) -> Vec<String> {
    menus
        .as_array()
        .expect("a list of menus")
        .iter()
        .map(|m| m["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

both_databases! {
    async fn the_shop_call_answers_settings_menus_by_category_options_and_lists(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let res = app.get(&format!("/api/order/shop/{}", m.shop.id)).await;
        assert_eq!(res.status(), 200);
        let shop = json(res).await;
        assert_eq!(shop["id"], m.shop.id);
        assert_eq!(shop["number"], m.shop.number);
        assert_eq!(shop["name"], "Noren Demo Ramen");
        assert_eq!(shop["tel"], "03-1234-5678");
        assert_eq!(shop["invoiceRegNo"], "T1234567890123");
        assert_eq!(shop["isCafeteriaSupported"], true);
        assert_eq!(shop["isOrderPaymentOptionSupported"], true);
        let base = app.url("").trim_end_matches('/').to_string();
        assert_eq!(shop["sctLink"], format!("{base}/demo/legal"), "the portal's page, on this server");
        assert_eq!(shop["desc"], "Ramen, gyoza and drinks in Shibuya: order at the table.");
        assert_eq!(shop["orderSettings"], json!({
            "takeoutOpenTime": "11:00", "takeoutLastOrderTime": "20:30",
            "deliveryOpenTime": "11:30", "deliveryLastOrderTime": "20:00",
            "cafeteriaOpenTime": "11:00", "cafeteriaLastOrderTime": "21:00",
            "deliveryFee": 300,
            "desc": "Delivery within 2 km; takeout bento at the counter.",
            "deliveryOpening": true, "cafeteriaOpening": true, "takeoutOpening": true,
        }));
        let categories = shop["orderMenus"].as_array().expect("categories");
        let cats: Vec<_> = categories.iter().map(|c| (c["id"].clone(), c["name"].clone())).collect();
        assert_eq!(cats, [
            (json!(r.ramen_category), json!("Ramen")),
            (json!(r.sides_category), json!("Sides")),
            (json!(r.drinks_category), json!("Drinks")),
        ]);
        assert_eq!(names(&categories[0]["menus"]), ["Shoyu Ramen", "Miso Ramen"]);
        assert_eq!(names(&shop["orderOptionMenus"]), ["Extra Noodles"]);
        assert_eq!(shop["orderOptionMenus"][0]["type"], 1);
        assert_eq!(shop["deliveryAddresses"].as_array().map(Vec::len), Some(2));
        assert_eq!(shop["orderSchedules"][0]["weekday"], "mon");
        assert_eq!(shop["orderGreetings"][0]["lang"], "en");

        let ramen = &categories[0]["menus"][0];
        assert_eq!(ramen["id"], r.shoyu_ramen);
        assert_eq!(ramen["menuPrice"], 980);
        assert_eq!(ramen["taxRate"], 10);
        assert_eq!(ramen["status"], 1, "on sale");
        assert_eq!(ramen["shortDesc"], "Soy-sauce broth, chicken and dashi.");
        assert_eq!(ramen["imageArray"], json!([format!("{base}/api/order/shop/{}/images/ramen.svg", m.shop.id)]));
        assert_eq!(ramen["variationCategoryId"], Value::Null);
        let variations = ramen["variations"].as_array().expect("variations");
        assert_eq!(names(&ramen["variations"]), ["Regular", "Large", "Soft-boiled Egg", "Chashu Pork", "Nori"]);
        let large = &variations[1];
        assert_eq!(large["id"], r.size_large);
        assert_eq!(large["menuPrice"], 150);
        assert_eq!(large["variationCategoryId"], r.size_category);
        assert_eq!(large["variationCategoryName"], "Size");
        assert_eq!(large["variationCategoryRequired"], true);
        assert_eq!(large["variationCategoryExclusive"], true);
        assert_eq!(large["variationCategoryShowGallery"], false);
        assert_eq!(large["variationCategorySortOrder"], 1);
        assert_eq!(large["variationCategoryDefaultChoiceName"], "Regular");
        let egg = &variations[2];
        assert_eq!(egg["variationCategoryName"], "Toppings");
        assert_eq!(egg["variationCategoryRequired"], false);
        assert_eq!(egg["variationCategoryExclusive"], false);
        assert_eq!(egg["variationCategoryShowGallery"], true);
        assert_eq!(egg["variationCategoryDefaultChoiceName"], Value::Null);

        let sides = &categories[1]["menus"];
        assert_eq!(sides[0]["id"], r.gyoza);
        assert_eq!(sides[0]["stockAvailable"], 20);
        assert_eq!(sides[0]["variations"], json!([]));
        assert_eq!(sides[1]["id"], r.karaage_bento);
        assert_eq!(sides[1]["taxRate"], 8);
        assert_eq!(sides[1]["stockAvailable"], Value::Null);
    }

    async fn names_come_in_the_asked_language_then_english_then_japanese(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        for (lang, ramen, size) in [
            ("ja", "醤油ラーメン", "サイズ"),
            ("zh-CN", "酱油拉面", "份量"),
            ("ko", "쇼유 라멘", "사이즈"),
            ("zh-TW", "醬油拉麵", "份量"),
            ("en", "Shoyu Ramen", "Size"),
        ] {
            let menu = json(app.get(&format!("/api/order/menus/{}?lang={lang}", r.shoyu_ramen)).await).await;
            assert_eq!(menu["name"], ramen, "{lang}");
            assert_eq!(menu["variations"][0]["variationCategoryName"], size, "{lang}");
        }
        // A text missing in the asked language is given in English, else Japanese: a menu
        // added with a Japanese name and an English description only.
        use noren::order::store::menus::{self as store, KIND_MENU, NewMenu, STATUS_AVAILABLE, TYPE_MENU, Texts};
        let special = store::create_menu(app.db(), m.shop.id, NewMenu {
            external_id: None, status: STATUS_AVAILABLE, kind: TYPE_MENU, price: 1200, tax_rate: 10,
            stock_available: None, images: Vec::new(), sort_order: 9,
        }, chrono::Utc::now()).await.expect("menu");
        store::add_texts(app.db(), m.shop.id, KIND_MENU, special.id, &[
            Texts { lang: "ja", name: "まかない丼", short_desc: None, desc: None },
            Texts { lang: "en", name: "", short_desc: Some("The staff's own rice bowl."), desc: None },
        ]).await.expect("texts");
        for lang in ["en", "ko", "zh-TW"] {
            let menu = json(app.get(&format!("/api/order/menus/{}?lang={lang}", special.id)).await).await;
            assert_eq!(menu["name"], "まかない丼", "{lang}");
            assert_eq!(menu["shortDesc"], "The staff's own rice bowl.", "{lang}");
        }
        let shop = json(app.get(&format!("/api/order/shop/{}?lang=ko", m.shop.id)).await).await;
        assert_eq!(shop["name"], "노렌 데모 라멘");
        assert_eq!(shop["orderMenus"][2]["name"], "음료");
    }

    async fn the_demo_is_translated_in_every_language_and_its_links_are_served(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        fixtures::restaurant_images(&app.state().objects, m.shop.id).await;
        let en = json(app.get(&format!("/api/order/shop/{}?lang=en", m.shop.id)).await).await;
        let mut seen_images = 0;
        for lang in ["ja", "zh-CN", "ko", "zh-TW"] {
            let shop = json(app.get(&format!("/api/order/shop/{}?lang={lang}", m.shop.id)).await).await;
            assert_ne!(shop["desc"], en["desc"], "{lang}: the shop's description is translated");
            assert!(shop["orderGreetings"].as_array().expect("greetings").iter().any(|g| g["lang"] == lang), "{lang}: a greeting");
            let mut all: Vec<Value> = shop["orderOptionMenus"].as_array().expect("options").clone();
            for c in shop["orderMenus"].as_array().expect("categories") {
                all.extend(c["menus"].as_array().expect("menus").iter().cloned());
            }
            let none = json(app.get(&format!("/api/order/menus/no-category?shop={}&lang={lang}", m.shop.id)).await).await;
            all.extend(none.as_array().expect("list").iter().cloned());
            assert!(all.iter().any(|x| x["id"] == r.seasonal_special), "{lang}");
            for menu in &all {
                let english = json(app.get(&format!("/api/order/menus/{}?lang=en", menu["id"])).await).await;
                for field in ["name", "shortDesc", "desc"] {
                    if !english[field].is_null() {
                        assert_ne!(menu[field], english[field], "{lang}: {field} of menu {} is translated", menu["id"]);
                    }
                }
                for v in menu["variations"].as_array().into_iter().flatten() {
                    assert!(v["name"].as_str().is_some_and(|n| !n.is_ascii()), "{lang}: {v}");
                }
            }
        }
        // Every image link is served by this server, as an image.
        let mut links: Vec<String> = en["imageArray"].as_array().expect("images").iter().map(|l| l.as_str().expect("link").to_string()).collect();
        for c in en["orderMenus"].as_array().expect("categories") {
            for menu in c["menus"].as_array().expect("menus") {
                links.extend(menu["imageArray"].as_array().expect("images").iter().map(|l| l.as_str().expect("link").to_string()));
            }
        }
        assert!(links.len() >= 7, "{links:?}");
        for link in &links {
            assert!(link.starts_with(&app.url("")), "{link} is on this server");
            let res = app.client.get(link).send().await.expect("sent");
            assert_eq!(res.status(), 200, "{link}");
            assert_eq!(res.headers()["content-type"], "image/svg+xml", "{link}");
            assert!(res.headers()["content-security-policy"].to_str().expect("csp").contains("sandbox"));
            let body = res.text().await.expect("body");
            assert!(body.starts_with("<svg") && !body.contains("<script"), "{link}");
            seen_images += 1;
        }
        assert_eq!(seen_images, links.len());
        // A name that could leave the shop's folder, or another shop's image, is a 404.
        for path in [
            format!("/api/order/shop/{}/images/..%2F..%2Fsecret.svg", m.shop.id),
            format!("/api/order/shop/{}/images/nope.svg", m.shop.id),
            format!("/api/order/shop/{}/images/ramen.svg", m.shop.id + 1000),
            "/api/order/shop/x/images/ramen.svg".to_string(),
        ] {
            let res = app.get(&path).await;
            assert_eq!(res.status(), 404, "{path}");
            assert_eq!(json(res).await["code"], "not_found", "{path}");
        }
    }

    async fn an_unknown_lang_answers_400_naming_lang_on_every_call(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let shop = m.shop.id;
        for path in [
            format!("/api/order/shop/{shop}?lang=fr"),
            format!("/api/order/menus/{}?lang=JA", r.gyoza),
            format!("/api/order/menus/no-category?shop={shop}&lang=ja-JP"),
            format!("/api/order/menus/lookup?ids={}&lang=zh", r.gyoza),
            format!("/api/order/menus/by-category?category={}&lang=", r.sides_category),
            format!("/api/order/menus/categories?shop={shop}&lang=xx"),
        ] {
            let res = app.get(&path).await;
            assert_eq!(res.status(), 400, "{path}");
            let body = json(res).await;
            assert_eq!(body["code"], "client", "{path}");
            assert_eq!(body["errors"][0]["field"], "lang", "{path}: {body}");
        }
        let body = json(app.get(&format!("/api/order/shop/{shop}?lang=fr")).await).await;
        assert_eq!(body["errors"][0]["message"], "must be one of en, zh-CN, ja, ko, zh-TW");
    }

    async fn unknown_shops_menus_and_categories_answer_404(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        fixtures::restaurant(app.db(), m.shop.id).await;
        for (path, message) in [
            ("/api/order/shop/999999".to_string(), "no shop with id 999999"),
            ("/api/order/shop/abc".to_string(), "no shop with id abc"),
            ("/api/order/menus/999999".to_string(), "no menu with id 999999"),
            ("/api/order/menus/no-category?shop=999999".to_string(), "no shop with id 999999"),
            ("/api/order/menus/by-category?category=999999".to_string(), "no menu category with id 999999"),
            ("/api/order/menus/categories?shop=999999".to_string(), "no shop with id 999999"),
        ] {
            let res = app.get(&path).await;
            assert_eq!(res.status(), 404, "{path}");
            assert_eq!(json(res).await, json!({"code": "not_found", "message": message}), "{path}");
        }
    }

    async fn the_menu_calls_answer_by_id_category_lookup_and_no_category(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let shop = m.shop.id;

        let menu = json(app.get(&format!("/api/order/menus/{}", r.gyoza)).await).await;
        assert_eq!((menu["id"].clone(), menu["name"].clone()), (json!(r.gyoza), json!("Gyoza (6 pieces)")));

        let drinks = json(app.get(&format!("/api/order/menus/by-category?category={}&lang=ja", r.drinks_category)).await).await;
        assert_eq!(names(&drinks), ["緑茶", "ビール"]);

        let none = json(app.get(&format!("/api/order/menus/no-category?shop={shop}")).await).await;
        assert_eq!(names(&none), ["Seasonal Special"]);

        let cats = json(app.get(&format!("/api/order/menus/categories?shop={shop}&lang=zh-TW")).await).await;
        let cat_names: Vec<_> = cats.as_array().expect("list").iter().map(|c| c["name"].clone()).collect();
        assert_eq!(cat_names, [json!("拉麵"), json!("小菜"), json!("飲品")]);
        assert_eq!(names(&cats[1]["menus"]), ["煎餃（6個）", "日式炸雞便當（外帶）"]);

        let lookup = json(app.get(&format!("/api/order/menus/lookup?ids={},{},999999", r.beer, r.shoyu_ramen)).await).await;
        let keys: Vec<_> = lookup.as_object().expect("map").keys().cloned().collect();
        let mut want = vec![r.beer.to_string(), r.shoyu_ramen.to_string()];
        want.sort();
        assert_eq!(keys, want);
        assert_eq!(lookup[r.beer.to_string()]["name"], "Beer");
        assert_eq!(lookup[r.shoyu_ramen.to_string()]["variations"].as_array().map(Vec::len), Some(5));
    }

    async fn the_menu_calls_take_post_with_a_json_or_form_body(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let client = reqwest::Client::new();
        let lookup = client
            .post(app.url("/api/order/menus/lookup"))
            .json(&json!({"ids": [r.gyoza, r.beer], "lang": "ja"}))
            .send().await.expect("sent");
        assert_eq!(lookup.status(), 200);
        let lookup = json(lookup).await;
        assert_eq!(lookup[r.gyoza.to_string()]["name"], "餃子（6個）");
        assert_eq!(lookup[r.beer.to_string()]["name"], "ビール");

        let by_cat = client
            .post(app.url("/api/order/menus/by-category"))
            .form(&[("category", r.ramen_category.to_string().as_str()), ("lang", "ko")])
            .send().await.expect("sent");
        assert_eq!(by_cat.status(), 200);
        assert_eq!(names(&json(by_cat).await), ["쇼유 라멘", "미소 라멘"]);

        let none = client
            .post(app.url("/api/order/menus/no-category"))
            .json(&json!({"shop": m.shop.id}))
            .send().await.expect("sent");
        assert_eq!(none.status(), 200);
        assert_eq!(names(&json(none).await), ["Seasonal Special"]);

        let bad = client
            .post(app.url("/api/order/menus/lookup"))
            .json(&json!({"ids": [], "lang": "fr"}))
            .send().await.expect("sent");
        assert_eq!(bad.status(), 400);
        let fields: Vec<_> = json(bad).await["errors"].as_array().expect("errors").iter().map(|e| e["field"].clone()).collect();
        assert_eq!(fields, [json!("ids"), json!("lang")]);
    }

    async fn a_shop_without_order_settings_answers_with_ordering_off(app) {
        let m = fixtures::test_merchant(app.db(), "Kissa").await;
        let shop = json(app.get(&format!("/api/order/shop/{}?lang=ja", m.shop.id)).await).await;
        assert_eq!(shop["name"], "Kissa店");
        assert_eq!(shop["isCafeteriaSupported"], false);
        assert_eq!(shop["orderMenus"], json!([]));
        assert_eq!(shop["orderSettings"]["cafeteriaOpening"], false);
        assert_eq!(shop["orderSettings"]["takeoutOpenTime"], Value::Null);
    }

    async fn the_menu_profile_keeps_its_own_categories_and_shared_ones(app) {
        use noren::order::store::menus;
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let lunch = menus::create_category(app.db(), m.shop.id, None, Some("lunch".into()), 0, chrono::Utc::now())
            .await.expect("category");
        menus::add_to_category(app.db(), m.shop.id, lunch.id, r.karaage_bento, 0).await.expect("link");
        let ids = |v: &Value| -> Vec<Value> { v.as_array().expect("list").iter().map(|c| c["id"].clone()).collect() };
        let lunch_shop = json(app.get(&format!("/api/order/shop/{}?menuProfile=lunch", m.shop.id)).await).await;
        assert_eq!(ids(&lunch_shop["orderMenus"]), [json!(lunch.id), json!(r.ramen_category), json!(r.sides_category), json!(r.drinks_category)]);
        let dinner = json(app.get(&format!("/api/order/menus/categories?shop={}&profile=dinner", m.shop.id)).await).await;
        assert_eq!(ids(&dinner), [json!(r.ramen_category), json!(r.sides_category), json!(r.drinks_category)]);
    }

    async fn a_shop_with_200_menus_reads_them_all_in_a_few_statements(app) {
        let m = fixtures::test_merchant(app.db(), "Big").await;
        fixtures::restaurant(app.db(), m.shop.id).await;
        let counting = Counting { db: app.db(), statements: AtomicUsize::new(0) };
        noren::order::store::menus::catalog(&counting, m.shop.id, &["en", "ja"]).await.expect("read");
        let small = counting.statements.swap(0, Ordering::SeqCst);
        let category = fixtures::many_menus(app.db(), m.shop.id, 200).await;
        // The shop call answers from exactly this read: one statement per table, whatever the
        // number of menus.
        let catalog = noren::order::store::menus::catalog(&counting, m.shop.id, &["en", "ja"])
            .await.expect("read").expect("shop");
        assert_eq!(catalog.items.len(), 200 + 13);
        let big = counting.statements.load(Ordering::SeqCst);
        assert_eq!((small, big), (9, 9), "statements for 13 and 213 menu items");
        let res = app.get(&format!("/api/order/shop/{}", m.shop.id)).await;
        assert_eq!(res.status(), 200);
        let shop = json(res).await;
        let big = shop["orderMenus"].as_array().expect("categories").iter()
            .find(|c| c["id"] == category).expect("the bulk category").clone();
        assert_eq!(big["menus"].as_array().map(Vec::len), Some(200));
        assert_eq!(big["menus"][199]["name"], "Menu 199");
    }
}

both_databases! {
    async fn the_shop_read_shows_stock_taken_here_at_once_and_changes_made_elsewhere_within_a_second(app) {
        use noren::db::entities::menu_item;
        use sea_orm::{ActiveModelTrait, EntityTrait, Set};
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let gyoza_stock = |shop: &Value| {
            shop["orderMenus"].as_array().expect("categories").iter()
                .flat_map(|c| c["menus"].as_array().expect("menus").iter())
                .find(|m| m["id"] == r.gyoza).expect("gyoza")["stockAvailable"].clone()
        };
        let path = format!("/api/order/shop/{}", m.shop.id);
        assert_eq!(gyoza_stock(&json(app.get(&path).await).await), 20);

        // An append in this process: the rendered page is forgotten with the stock taken.
        let res = app.client.post(app.url("/api/admin/orders/cafeteria")).header("X-Auth-API-Key", &m.key)
            .json(&json!({"shopId": m.shop.id, "menu": [{"id": r.gyoza, "quantity": 2}], "payOffline": true}))
            .send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let res = app.get(&path).await;
        assert_eq!(res.headers()["content-type"], "application/json");
        assert_eq!(gyoza_stock(&json(res).await), 18);

        // A change made elsewhere (another process, an operator): seen once the page's second
        // has passed.
        let row = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("read").expect("gyoza");
        let mut row: menu_item::ActiveModel = row.into();
        row.stock_available = Set(Some(5));
        row.update(app.db()).await.expect("updated");
        app.state().clock.advance(chrono::Duration::milliseconds(1001));
        assert_eq!(gyoza_stock(&json(app.get(&path).await).await), 5);
        // Each language is its own page.
        let ja = json(app.get(&format!("{path}?lang=ja")).await).await;
        assert_eq!(ja["name"], "のれんデモラーメン");
    }
}
