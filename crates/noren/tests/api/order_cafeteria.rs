//! Dine-in cafeteria orders (issue 11, items 2 and 4): the merchant's create and read, the
//! customer's read, begin and append on the demo restaurant, and the stock race.

use noren::db::entities::menu_item;
use noren_testkit::{both_databases, fixtures, json};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::{Value, json};

fn fields(body: &Value) -> Vec<String> {
    body["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["field"].as_str().unwrap_or_default().to_string())
        .collect()
}

both_databases! {
    async fn a_merchant_creates_an_order_with_every_field_and_reads_it_back(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({
            "shopId": m.shop.id,
            "menu": [{"id": r.gyoza, "quantity": 2, "metadata": {"note": "crispy"}}],
            "option": [{"id": r.extra_noodles}],
            "memo": "window seat",
            "payOffline": true,
            "messageTo": "kitchen",
            "membershipNumber": "M-001",
            "extraParams": "campaign=spring&seat=window%201",
            "phoneNumber": "090-1234-5678",
            "email": "taro@example.com",
            "tableNumber": "12",
            "mutable": false,
        })).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        assert_eq!(order["type"], "cafeteria");
        assert_eq!(order["id"].as_str().map(str::len), Some(32));
        assert_eq!(order["mutableToken"].as_str().map(str::len), Some(32));
        assert_eq!(order["status"], 2, "not mutable: created finalized");
        assert_eq!(order["number"], "1");
        assert_eq!(order["shopId"], m.shop.id);
        assert_eq!(order["livemode"], false);
        assert_eq!(order["memo"], "window seat");
        assert_eq!(order["tableNumber"], "12");
        assert_eq!(order["amount"], 480 * 2 + 150);
        assert_eq!(order["predefinedPaymentToken"], Value::Null);
        let phone = order["phoneNumberMasked"].as_str().expect("masked phone");
        assert!(phone.ends_with("5678") && !phone.contains("1234"), "{phone}");
        let email = order["emailMasked"].as_str().expect("masked email");
        assert!(email.ends_with("@example.com") && !email.contains("taro"), "{email}");
        let lines = order["menu"].as_array().expect("lines");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["shopMenuId"], r.gyoza);
        assert_eq!(lines[0]["name"], "Gyoza (6 pieces)");
        assert_eq!(lines[0]["isOption"], false);
        assert_eq!(lines[1]["isOption"], true);
        assert_eq!(lines[1]["name"], "Extra Noodles");

        // The gyoza were taken from stock (20 → 18).
        let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
        assert_eq!(gyoza.stock_available, Some(18));
        // extraParams is kept as a map.
        let id = order["id"].as_str().expect("as set up");
        let stored = noren::db::entities::cafeteria_order::Entity::find_by_id(id.to_string())
            .one(app.db()).await.expect("as set up").expect("as set up");
        let extra: Value = serde_json::from_str(&stored.extra_params).expect("as set up");
        assert_eq!(extra, json!({"campaign": "spring", "seat": "window 1"}));

        let res = app.get_with_key(&format!("/api/admin/cafeteria/{id}"), &m.key).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await, order);

        // Numbers count per shop and mode.
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "mutable": true})).await;
        assert_eq!(json(res).await["number"], "2");
    }

    async fn create_names_every_bad_field_and_another_shop_or_mode_is_404(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let other = fixtures::test_merchant(app.db(), "Soba").await;
        let live = fixtures::live_merchant(app.db(), "Udon").await;
        fixtures::restaurant(app.db(), m.shop.id).await;
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({
            "memo": "x".repeat(301),
            "membershipNumber": "x".repeat(33),
            "phoneNumber": "0".repeat(21),
            "email": "x".repeat(101),
            "extraParams": "a=1&a=2",
            "mutable": "yes",
            "menu": [],
        })).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        let mut got = fields(&body);
        got.sort();
        assert_eq!(got, ["email", "extraParams", "membershipNumber", "memo", "menu", "mutable", "phoneNumber", "shopId"], "{body}");

        // Limits are inclusive and empty texts are allowed (seed 001 §5: 0 to N).
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({
            "shopId": m.shop.id, "memo": "x".repeat(300), "membershipNumber": "", "phoneNumber": "0".repeat(20),
            "email": "x".repeat(100), "mutable": true,
        })).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        assert_eq!(order["phoneNumberMasked"].as_str().map(|p| p.ends_with("0000")), Some(true));

        // Unknown menus and variations as lines are named by path.
        let r = fixtures::restaurant(app.db(), other.shop.id).await;
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({
            "shopId": m.shop.id, "menu": [{"id": r.gyoza}], "option": [{"id": 1, "quantity": 1}, {"id": 999999}],
        })).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert!(fields(&body).contains(&"menu[0].id".to_string()), "{body}");
        assert!(fields(&body).contains(&"option[1].id".to_string()), "{body}");

        // Another shop's id: 404.
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": other.shop.id})).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");

        // Another shop's key and a key of the other mode do not see the order.
        let id = order["id"].as_str().expect("as set up");
        for key in [&other.key, &live.key] {
            let res = app.get_with_key(&format!("/api/admin/cafeteria/{id}"), key).await;
            assert_eq!(res.status(), 404);
        }
        let res = app.get(&format!("/api/admin/cafeteria/{id}")).await;
        assert_eq!(res.status(), 401);
    }

    async fn the_public_read_hides_the_token_and_unknown_ids_or_langs_are_refused(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        fixtures::restaurant(app.db(), m.shop.id).await;
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "mutable": true, "email": "hanako@example.com"})).await;
        let order = json(res).await;
        let id = order["id"].as_str().expect("as set up");
        let res = app.get(&format!("/api/cafeteria/{id}?lang=ja")).await;
        assert_eq!(res.status(), 200);
        let public = json(res).await;
        assert_eq!(public["status"], 0);
        assert!(public.get("mutableToken").is_none(), "{public}");
        assert!(!public.to_string().contains("hanako"));
        let mut expected = order.clone();
        expected.as_object_mut().expect("as set up").remove("mutableToken");
        assert_eq!(public, expected);

        let res = app.get("/api/cafeteria/NoSuchOrderAtAllNoSuchOrderAtAll").await;
        assert_eq!(res.status(), 404);
        let res = app.get(&format!("/api/cafeteria/{id}?lang=xx")).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["lang"]);
    }

    async fn begin_moves_0_to_1_once_a_wrong_token_is_404_and_a_finalized_order_is_409(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "mutable": true})).await;
        let order = json(res).await;
        let id = order["id"].as_str().expect("as set up");
        let token = order["mutableToken"].as_str().expect("as set up");
        let path = format!("/api/cafeteria/{id}/begin");

        // The same token with its last character changed (never to itself).
        let last = if token.ends_with('x') { 'y' } else { 'x' };
        let wrong = format!("{}{last}", &token[..31]);
        let res = app.post_json(&path, None, json!({"token": wrong})).await;
        assert_eq!(res.status(), 404);
        let body = json(res).await;
        assert_eq!(body["message"], format!("no cafeteria order with id {id}"));
        let res = app.post_json(&path, None, json!({})).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["token"]);

        for _ in 0..2 {
            let res = app.post_json(&path, None, json!({"token": token})).await;
            assert_eq!(res.status(), 200);
            let begun = json(res).await;
            assert_eq!(begun["status"], 1);
            assert!(begun.get("mutableToken").is_none());
        }

        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "menu": [{"id": r.gyoza}]})).await;
        let fixed = json(res).await;
        let res = app.post_json(&format!("/api/cafeteria/{}/begin", fixed["id"].as_str().expect("as set up")), None,
            json!({"token": fixed["mutableToken"]})).await;
        assert_eq!(res.status(), 409);
        let body = json(res).await;
        assert_eq!(body["code"], "conflict");
        assert_eq!(body["message"], "order is in status 2 (finalized); begin is allowed only in 0 (created), 1 (mutable)");
    }

    async fn append_prices_lines_with_variations_and_adds_them_to_the_amount(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let path = format!("/api/cafeteria/{id}/append");
        let res = app.post_json(&path, None, json!({
            "token": token,
            "deviceTag": "phone-a",
            "menus": [
                {"id": r.shoyu_ramen, "quantity": 2, "variations": [{"id": r.size_large, "category": r.size_category}]},
                {"id": r.karaage_bento},
                {"id": r.miso_ramen},
            ],
        })).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        let lines = order["menu"].as_array().expect("lines");
        assert_eq!(lines.len(), 3);
        let ramen = &lines[0];
        assert_eq!(ramen["orderId"], id.as_str());
        assert_eq!(ramen["shopMenuId"], r.shoyu_ramen);
        assert_eq!(ramen["name"], "Shoyu Ramen");
        assert_eq!(ramen["quantity"], 2);
        assert_eq!(ramen["priceTaxed"], 1130);
        assert_eq!(ramen["singleAmount"], 1130);
        assert_eq!(ramen["totalAmount"], 2260);
        assert_eq!(ramen["price"], 1130 - 1130 * 10 / 110);
        assert_eq!(ramen["tax"], 2260 * 10 / 110);
        assert_eq!(ramen["taxRate"], 10);
        assert_eq!(ramen["isTaxRelief"], false);
        assert_eq!(ramen["deviceTag"], "phone-a");
        assert_eq!(ramen["variations"][0]["id"], r.size_large);
        assert_eq!(ramen["variations"][0]["name"], "Large");
        let bento = &lines[1];
        assert_eq!(bento["taxRate"], 8);
        assert_eq!(bento["isTaxRelief"], true);
        assert_eq!(bento["tax"], 850 * 8 / 108);
        // The required Size took its default (Regular, 0 yen).
        let miso = &lines[2];
        assert_eq!(miso["totalAmount"], 1080);
        assert_eq!(miso["variations"][0]["id"], r.size_regular);
        assert_eq!(order["amount"], 2260 + 850 + 1080);

        // In Japanese, from another device: names in the asked language, amount adds up.
        let res = app.post_json(&path, None, json!({"token": token, "deviceTag": "phone-b", "lang": "ja",
            "menus": [{"id": r.green_tea, "quantity": 3}]})).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        assert_eq!(order["menu"][3]["name"], "緑茶");
        assert_eq!(order["menu"][3]["deviceTag"], "phone-b");
        assert_eq!(order["amount"], 2260 + 850 + 1080 + 900);
        let read = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(read, order);
    }

    async fn append_names_every_problem_in_one_400_and_adds_nothing(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({
            "token": token,
            "deviceTag": "x".repeat(33),
            "menus": [{"id": 1}],
        })).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["deviceTag"]);
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({
            "token": token,
            "menus": [
                {"id": 999999},
                {"id": r.size_large},
                {"id": r.shoyu_ramen, "variations": [{"id": r.size_large}, {"id": r.size_regular}]},
                {"id": r.gyoza, "quantity": 0},
            ],
        })).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        let got = fields(&body);
        for f in ["menus[0].id", "menus[1].id", "menus[3].quantity"] {
            assert!(got.contains(&f.to_string()), "{f} missing in {body}");
        }
        assert!(got.iter().any(|f| f.starts_with("menus[2].variations")), "{body}");
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": token, "menus": [{"id": 1, "colour": 2}]})).await;
        assert_eq!(res.status(), 400);
        // A value of the wrong shape is named by its exact path, every item's at once (issue 20
        // item 3), not by the list.
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": token, "menus": [
            {"id": r.shoyu_ramen, "quantity": "two"},
            {"id": r.shoyu_ramen, "variations": [{"id": r.size_large}, {"id": "large"}]},
        ]})).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert_eq!(fields(&body), ["menus[0].quantity", "menus[1].variations[1].id"], "{body}");
        // More than the stock (20 gyoza, 12 + 9 asked in two lines): 409, nothing taken.
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": token,
            "menus": [{"id": r.gyoza, "quantity": 12}, {"id": r.gyoza, "quantity": 9}]})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], format!("not enough stock of menu {}", r.gyoza));
        let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
        assert_eq!(gyoza.stock_available, Some(20));
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["amount"], 0);
        assert_eq!(order["menu"], json!([]));
    }

    async fn append_reads_whole_numbers_written_12_0_and_refuses_metadata_past_its_limits(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let append = format!("/api/cafeteria/{id}/append");
        // The values of the menus are read like every other value, each problem by its path.
        let res = app.post_json(&append, None, json!({"token": token, "menus": [
            {"id": r.green_tea, "metadata": {"note": "x".repeat(501)}},
            {"id": r.shoyu_ramen, "variations": [{"id": r.size_large, "quantity": 1.5}]},
        ]})).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"], json!([
            {"field": "menus[0].metadata", "message": "values must be at most 500 characters"},
            {"field": "menus[1].variations[0].quantity", "message": "must be a whole number"},
        ]));
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["menu"], json!([]), "nothing added");
        // JSON Schema's integer admits 2.0: it is 2.
        let res = app.post_json(&append, None, json!({"token": token, "menus": [
            {"id": r.green_tea, "quantity": 2.0, "metadata": {"note": "x".repeat(500)}},
        ]})).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        assert_eq!((order["menu"][0]["shopMenuId"].clone(), order["menu"][0]["quantity"].clone()), (json!(r.green_tea), json!(2)));
    }

    async fn append_is_refused_before_begin_and_with_a_wrong_token(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "mutable": true})).await;
        let order = json(res).await;
        let id = order["id"].as_str().expect("as set up");
        let token = order["mutableToken"].as_str().expect("as set up");
        let body = json!({"token": token, "menus": [{"id": r.gyoza}]});
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, body).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 0 (created); append is allowed only in 1 (mutable)");
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": "nope", "menus": [{"id": r.gyoza}]})).await;
        assert_eq!(res.status(), 404);
        let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
        assert_eq!(gyoza.stock_available, Some(20));
    }

    async fn sixteen_creates_at_once_each_get_their_own_number(app) {
        // On PostgreSQL the creates of one shop queue on the shop row's lock; without it they
        // read the same count and most lost the number's unique index (500 after five tries).
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let mut creates = tokio::task::JoinSet::new();
        for _ in 0..16 {
            let request = app
                .client
                .post(app.url("/api/admin/orders/cafeteria"))
                .header("X-Auth-API-Key", &m.key)
                .json(&json!({"shopId": m.shop.id, "mutable": true}));
            creates.spawn(async move { request.send().await.expect("sent") });
        }
        let mut numbers = Vec::new();
        while let Some(res) = creates.join_next().await {
            let res = res.expect("joined");
            assert_eq!(res.status(), 200);
            numbers.push(json(res).await["number"].as_str().expect("number").parse::<u32>().expect("a number"));
        }
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=16).collect::<Vec<u32>>());
    }

    async fn two_phones_appending_the_last_portion_at_once_exactly_one_gets_it(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let (id2, token2) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
        let mut row: menu_item::ActiveModel = gyoza.into();
        row.stock_available = Set(Some(1));
        row.update(app.db()).await.expect("as set up");

        // One phone on each of two orders, and two phones on one order.
        for (a, b) in [((&id, &token), (&id2, &token2)), ((&id, &token), (&id, &token))] {
            let append = |(id, token): (&String, &String), tag: &'static str| {
                let path = format!("/api/cafeteria/{id}/append");
                let body = json!({"token": token, "deviceTag": tag, "menus": [{"id": r.gyoza}]});
                let app = &app;
                async move { app.post_json(&path, None, body).await }
            };
            let (x, y) = tokio::join!(append(a, "phone-a"), append(b, "phone-b"));
            let mut statuses = [x.status().as_u16(), y.status().as_u16()];
            statuses.sort();
            assert_eq!(statuses, [200, 409]);
            let loser = if x.status() == 409 { x } else { y };
            let message = json(loser).await["message"].as_str().unwrap_or_default().to_string();
            assert_eq!(message, format!("not enough stock of menu {}", r.gyoza));
            let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
            assert_eq!(gyoza.stock_available, Some(0));
            let mut row: menu_item::ActiveModel = gyoza.into();
            row.stock_available = Set(Some(1));
            row.update(app.db()).await.expect("as set up");
        }
        let a = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        let b = json(app.get(&format!("/api/cafeteria/{id2}")).await).await;
        let lines = a["menu"].as_array().expect("as set up").len() + b["menu"].as_array().expect("as set up").len();
        assert_eq!(lines, 2, "one gyoza per race");
        assert_eq!(a["amount"].as_i64().expect("as set up") + b["amount"].as_i64().expect("as set up"), 2 * 480);
    }

    // Appends to one order that wait at the same time share a transaction (`db::together`),
    // each in a savepoint: the ones past the stock are refused alone, the others all land.
    async fn twenty_phones_appending_to_one_order_at_once_land_exactly_what_the_stock_allows(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
        let mut row: menu_item::ActiveModel = gyoza.into();
        row.stock_available = Set(Some(15));
        row.update(app.db()).await.expect("as set up");
        let mut appends = tokio::task::JoinSet::new();
        for phone in 0..20 {
            let (client, url) = (app.client.clone(), app.url(&format!("/api/cafeteria/{id}/append")));
            let body = json!({"token": token, "deviceTag": format!("phone-{phone}"), "menus": [{"id": r.gyoza}]});
            appends.spawn(async move { client.post(url).json(&body).send().await.expect("sent") });
        }
        let (mut landed, mut refused) = (0, 0);
        while let Some(res) = appends.join_next().await {
            let res = res.expect("joined");
            match res.status().as_u16() {
                200 => landed += 1,
                409 => {
                    assert_eq!(json(res).await["message"], format!("not enough stock of menu {}", r.gyoza));
                    refused += 1;
                }
                other => panic!("unexpected {other}: {}", json(res).await),
            }
        }
        assert_eq!((landed, refused), (15, 5));
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["menu"].as_array().expect("lines").len(), 15);
        assert_eq!(order["amount"], 15 * 480);
        let gyoza = menu_item::Entity::find_by_id(r.gyoza).one(app.db()).await.expect("as set up").expect("as set up");
        assert_eq!(gyoza.stock_available, Some(0));
    }
}

both_databases! {
    async fn finalize_makes_the_payment_for_the_amount_and_nothing_can_be_added_after(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None,
            json!({"token": token, "menus": [{"id": r.gyoza, "quantity": 2}]})).await;
        assert_eq!(res.status(), 200);
        let path = format!("/api/cafeteria/{id}/finalize");
        let res = app.post_json(&path, None, json!({"token": "wrong"})).await;
        assert_eq!(res.status(), 404);
        let res = app.post_json(&path, None, json!({"token": token})).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        assert_eq!(order["status"], 2);
        let payment_token = order["predefinedPaymentToken"].as_str().expect("a payment token").to_string();
        let payment = noren::db::entities::predefined_payment::Entity::find()
            .filter(noren::db::entities::predefined_payment::Column::Token.eq(payment_token.as_str()))
            .one(app.db()).await.expect("read").expect("the payment");
        assert_eq!(payment.amount, 960);
        let order_no = format!("C-{}", order["number"].as_str().expect("number"));
        assert_eq!(payment.order_no.as_deref(), Some(order_no.as_str()));
        assert_eq!(payment.shop_id, m.shop.id);
        assert!(!payment.livemode);
        // The hosted checkout takes it.
        let view = app.checkout(&payment_token).await;
        assert_eq!((view["amount"].clone(), view["state"].clone()), (json!(960), json!("open")), "{view}");
        assert_eq!(view["order_no"], order_no.as_str());
        // The public read shows the token too.
        let read = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(read["predefinedPaymentToken"], payment_token.as_str());

        let res = app.post_json(&path, None, json!({"token": token})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 2 (finalized); finalize is allowed only in 1 (mutable)");
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None,
            json!({"token": token, "menus": [{"id": r.gyoza}]})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 2 (finalized); append is allowed only in 1 (mutable)");
    }

    async fn finalize_refuses_an_unpayable_order_and_pay_offline_makes_no_payment(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        // Empty: 0 yen cannot be paid online; the order stays in 1.
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let res = app.post_json(&format!("/api/cafeteria/{id}/finalize"), None, json!({"token": token})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "the order's amount (0 yen) cannot be paid online: a payment's amount must be at least 50");
        assert_eq!(json(app.get(&format!("/api/cafeteria/{id}")).await).await["status"], 1);

        // A merchant payment whose order_no is the order's bare number is no obstacle (order
        // payments are numbered C-1, C-2, …); one that took C-<number> is: 409, nothing changes.
        let number = json(app.get(&format!("/api/cafeteria/{id}")).await).await["number"].as_str().expect("number").to_string();
        app.create_payment(&m.key, &[("amount", "1000"), ("order_no", &number)]).await;
        let number = format!("C-{number}");
        app.create_payment(&m.key, &[("amount", "1000"), ("order_no", &number)]).await;
        app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": token, "menus": [{"id": r.beer}]})).await;
        let res = app.post_json(&format!("/api/cafeteria/{id}/finalize"), None, json!({"token": token})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], format!("order_no {number} (this order's payment number) is already used by another payment of this shop"));
        let read = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!((read["status"].clone(), read["predefinedPaymentToken"].clone()), (json!(1), Value::Null));

        // Paid at the counter: finalized without a payment.
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "mutable": true, "payOffline": true})).await;
        let order = json(res).await;
        let (id, token) = (order["id"].as_str().expect("id"), order["mutableToken"].clone());
        app.post_json(&format!("/api/cafeteria/{id}/begin"), None, json!({"token": token})).await;
        let res = app.post_json(&format!("/api/cafeteria/{id}/finalize"), None, json!({"token": token})).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        assert_eq!((order["status"].clone(), order["predefinedPaymentToken"].clone()), (json!(2), Value::Null));
    }
}
