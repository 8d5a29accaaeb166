//! A cafeteria order's shared cart (issue 11 item 2, the cart half): add from two devices, read,
//! change, remove, empty, and submit (`append/from-cart`) on the demo restaurant; the refusals
//! (status, token, another order's item, stock, a menu sold out since it was added).

use noren::db::entities::menu_item;
use noren::order::store::catalogs::Catalogs;
use noren::order::store::menus::{STATUS_AVAILABLE, STATUS_SOLD_OUT};
use noren_testkit::{TestApp, both_databases, fixtures, json};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use serde_json::{Value, json};

async fn send(req: reqwest::RequestBuilder) -> reqwest::Response {
    req.send().await.expect("request sent")
}

async fn patch(app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    send(reqwest::Client::new().patch(app.url(path)).json(&body)).await
}

async fn delete(app: &TestApp, path: &str) -> reqwest::Response {
    send(reqwest::Client::new().delete(app.url(path))).await
}

fn fields(body: &Value) -> Vec<String> {
    let mut out: Vec<String> = body["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["field"].as_str().unwrap_or_default().to_string())
        .collect();
    out.sort();
    out
}

async fn stock(app: &TestApp, id: i64) -> Option<i64> {
    menu_item::Entity::find_by_id(id)
        .one(app.db())
        .await
        .expect("read")
        .expect("exists")
        .stock_available
}

/// Sets a menu's stock and status in the database, as another process (an import there) would:
/// this server prices with its kept catalogue for a second more, so the clock moves past it.
async fn set_menu(app: &TestApp, id: i64, stock: Option<i64>, status: i32) {
    let m = menu_item::Entity::find_by_id(id)
        .one(app.db())
        .await
        .expect("read")
        .expect("exists");
    let mut row: menu_item::ActiveModel = m.into();
    row.stock_available = Set(stock);
    row.status = Set(status);
    row.update(app.db()).await.expect("updated");
    app.state().clock.advance(
        chrono::Duration::from_std(Catalogs::TTL).expect("short")
            + chrono::Duration::milliseconds(1),
    );
}

fn ids(cart: &Value) -> Vec<i64> {
    cart["menu"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["itemId"].as_i64().expect("itemId"))
        .collect()
}

both_databases! {
    async fn two_devices_share_one_cart_priced_like_lines(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let cart = format!("/api/cafeteria/{id}/cart");
        let res = app.post_json(&cart, None, json!({
            "token": token, "deviceTag": "phone-a",
            "menus": [{"id": r.shoyu_ramen, "quantity": 2, "metadata": {"note": "no onions"},
                       "variations": [{"id": r.size_large, "category": r.size_category, "metadata": {"firm": "yes"}}]}],
        })).await;
        assert_eq!(res.status(), 200);
        let a = json(res).await;
        assert_eq!(a["menu"].as_array().map(Vec::len), Some(1));
        assert_eq!(a["subtotal"], 2260);
        assert_eq!(a["itemsCount"], 2);

        let res = app.post_json(&cart, None, json!({
            "token": token, "deviceTag": "phone-b", "lang": "ja",
            "menus": [{"id": r.green_tea, "quantity": 3}, {"id": r.karaage_bento}],
        })).await;
        assert_eq!(res.status(), 200);
        let both = json(res).await;
        assert_eq!(both["orderId"], id.as_str());
        let items = both["menu"].as_array().expect("items");
        assert_eq!(items.len(), 3, "{both}");
        let ramen = &items[0];
        assert_eq!(ramen["menu"]["id"], r.shoyu_ramen);
        assert_eq!(ramen["menu"]["name"], "醤油ラーメン");
        assert_eq!(ramen["deviceTag"], "phone-a");
        assert_eq!(ramen["metadata"], json!({"note": "no onions"}));
        assert_eq!(ramen["quantity"], 2);
        assert_eq!(ramen["priceTaxed"], 1130);
        assert_eq!(ramen["singleAmount"], 1130);
        assert_eq!(ramen["totalAmount"], 2260);
        assert_eq!(ramen["price"], 1130 - 1130 * 10 / 110);
        assert_eq!(ramen["tax"], 2260 * 10 / 110);
        assert_eq!(ramen["taxRate"], 10);
        assert_eq!(ramen["isTaxRelief"], false);
        assert_eq!(ramen["variations"][0]["id"], r.size_large);
        assert_eq!(ramen["variations"][0]["name"], "大盛り");
        assert_eq!(ramen["variations"][0]["metadata"], json!({"firm": "yes"}));
        assert_eq!(ramen["problem"], Value::Null);
        assert_eq!(items[1]["menu"]["name"], "緑茶");
        assert_eq!(items[1]["deviceTag"], "phone-b");
        assert_eq!(items[1]["metadata"], json!({}));
        assert_eq!(items[2]["taxRate"], 8);
        assert_eq!(items[2]["isTaxRelief"], true);
        assert_eq!(items[2]["tax"], 850 * 8 / 108);
        assert_eq!(both["subtotal"], 2260 + 900 + 850);
        assert_eq!(both["itemsCount"], 2 + 3 + 1);

        // One cart per order: either device reads the same, in its language.
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read["menu"][0]["menu"]["name"], "Shoyu Ramen");
        assert_eq!(ids(&read), ids(&both));
        assert_eq!(read["subtotal"], both["subtotal"]);
        let ja = json(app.get(&format!("{cart}?token={token}&lang=ja")).await).await;
        assert_eq!(ja, both);
        // Nothing was appended or taken yet.
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["amount"], 0);
    }

    async fn patch_reprices_quantity_0_removes_and_delete_empties(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let cart = format!("/api/cafeteria/{id}/cart");
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "phone-a",
            "menus": [{"id": r.shoyu_ramen, "variations": [{"id": r.size_large}]}, {"id": r.gyoza, "quantity": 2}]})).await;
        let added = json(res).await;
        let (ramen, gyoza) = (ids(&added)[0], ids(&added)[1]);
        assert_eq!(added["subtotal"], 1130 + 960);

        let res = patch(&app, &format!("{cart}/{ramen}"), json!({"token": token, "quantity": 3, "deviceTag": "phone-b", "metadata": {"spicy": "yes"}})).await;
        assert_eq!(res.status(), 200);
        let changed = json(res).await;
        let item = &changed["menu"][0];
        assert_eq!(item["quantity"], 3);
        assert_eq!(item["totalAmount"], 3390);
        assert_eq!(item["tax"], 3390 * 10 / 110);
        assert_eq!(item["metadata"], json!({"spicy": "yes"}));
        assert_eq!(item["deviceTag"], "phone-a", "the item keeps the adder's tag");
        assert_eq!(item["variations"][0]["id"], r.size_large, "variations kept when not given");
        assert_eq!(changed["subtotal"], 3390 + 960);
        assert_eq!(changed["itemsCount"], 5);

        // New variations reprice: Regular is 0 yen.
        let res = patch(&app, &format!("{cart}/{ramen}"), json!({"token": token, "variations": [{"id": r.size_regular}]})).await;
        assert_eq!(res.status(), 200);
        let changed = json(res).await;
        assert_eq!(changed["menu"][0]["totalAmount"], 980 * 3);
        assert_eq!(changed["menu"][0]["metadata"], json!({"spicy": "yes"}));

        // Bad values: every field named, nothing changed.
        let res = patch(&app, &format!("{cart}/{ramen}"), json!({"token": token, "quantity": 1000, "deviceTag": "", "metadata": {"a": 1}})).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["deviceTag", "metadata", "quantity"]);
        let res = patch(&app, &format!("{cart}/{ramen}"), json!({"token": token, "variations": [{"id": r.size_large}, {"id": r.size_regular}]})).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert!(fields(&body).iter().all(|f| f.starts_with("variations")), "{body}");
        let res = patch(&app, &format!("{cart}/{ramen}"), json!({"token": token, "quantity": -1})).await;
        assert_eq!(res.status(), 400);
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read["subtotal"], 980 * 3 + 960);

        // Quantity 0 removes the item; then it is gone.
        let res = patch(&app, &format!("{cart}/{gyoza}"), json!({"token": token, "quantity": 0})).await;
        assert_eq!(res.status(), 200);
        let left = json(res).await;
        assert_eq!(ids(&left), [ramen]);
        assert_eq!(left["subtotal"], 980 * 3);
        let res = patch(&app, &format!("{cart}/{gyoza}"), json!({"token": token, "quantity": 1})).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["message"], format!("no item {gyoza} in this order's cart"));

        // DELETE empties the cart.
        let res = delete(&app, &format!("{cart}?token={token}")).await;
        assert_eq!(res.status(), 200);
        let empty = json(res).await;
        assert_eq!(empty["menu"], json!([]));
        assert_eq!(empty["subtotal"], 0);
        assert_eq!(empty["itemsCount"], 0);
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read["menu"], json!([]));
        let res = delete(&app, &cart).await;
        assert_eq!(res.status(), 400, "token is required");
    }

    async fn from_cart_appends_the_lines_takes_the_stock_and_empties_the_cart(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let cart = format!("/api/cafeteria/{id}/cart");
        let from_cart = format!("/api/cafeteria/{id}/append/from-cart");

        let res = app.post_json(&from_cart, None, json!({"token": token, "deviceTag": "phone-a"})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "the cart is empty");

        app.post_json(&cart, None, json!({"token": token, "deviceTag": "phone-a", "menus": [{"id": r.gyoza, "quantity": 2}]})).await;
        app.post_json(&cart, None, json!({"token": token, "deviceTag": "phone-b", "menus": [{"id": r.shoyu_ramen, "variations": [{"id": r.size_large}]}, {"id": r.gyoza, "quantity": 3}]})).await;
        // An append beside the cart first: the cart adds to it.
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": token, "menus": [{"id": r.green_tea}]})).await;
        assert_eq!(res.status(), 200);

        let res = app.post_json(&from_cart, None, json!({"token": token, "deviceTag": "phone-a", "lang": "ja"})).await;
        assert_eq!(res.status(), 200);
        let order = json(res).await;
        let lines = order["menu"].as_array().expect("lines");
        assert_eq!(lines.len(), 4, "{order}");
        assert_eq!(lines[1]["shopMenuId"], r.gyoza);
        assert_eq!(lines[1]["quantity"], 2);
        assert_eq!(lines[1]["deviceTag"], "phone-a");
        assert_eq!(lines[1]["totalAmount"], 960);
        assert_eq!(lines[2]["name"], "醤油ラーメン");
        assert_eq!(lines[2]["deviceTag"], "phone-b");
        assert_eq!(lines[2]["totalAmount"], 1130);
        assert_eq!(lines[2]["variations"][0]["id"], r.size_large);
        assert_eq!(lines[3]["quantity"], 3);
        assert_eq!(order["amount"], 300 + 960 + 1130 + 1440);
        assert_eq!(stock(&app, r.gyoza).await, Some(20 - 5));
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read["menu"], json!([]));
        assert_eq!(read["itemsCount"], 0);
        assert_eq!(json(app.get(&format!("/api/cafeteria/{id}")).await).await, order);

        let res = app.post_json(&from_cart, None, json!({"token": token})).await;
        assert_eq!(res.status(), 409, "submitting twice: the cart is empty");
        assert_eq!(json(app.get(&format!("/api/cafeteria/{id}")).await).await["amount"], order["amount"]);
    }

    async fn two_devices_submitting_the_cart_at_once_append_it_once(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        app.post_json(&format!("/api/cafeteria/{id}/cart"), None, json!({"token": token, "deviceTag": "a", "menus": [{"id": r.gyoza, "quantity": 4}]})).await;
        let from_cart = format!("/api/cafeteria/{id}/append/from-cart");
        let (a, b) = tokio::join!(
            app.post_json(&from_cart, None, json!({"token": token, "deviceTag": "a"})),
            app.post_json(&from_cart, None, json!({"token": token, "deviceTag": "b"})),
        );
        let mut statuses = [a.status().as_u16(), b.status().as_u16()];
        statuses.sort();
        assert_eq!(statuses, [200, 409]);
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["menu"].as_array().map(Vec::len), Some(1));
        assert_eq!(order["amount"], 480 * 4);
        assert_eq!(stock(&app, r.gyoza).await, Some(16));
    }

    async fn from_cart_with_too_little_stock_or_a_sold_out_menu_changes_nothing(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let cart = format!("/api/cafeteria/{id}/cart");
        let from_cart = format!("/api/cafeteria/{id}/append/from-cart");
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "phone-a",
            "menus": [{"id": r.green_tea}, {"id": r.gyoza, "quantity": 3}, {"id": r.gyoza, "quantity": 2}]})).await;
        assert_eq!(res.status(), 200);
        let before = json(res).await;

        // Four gyoza left, five in the cart (two items): nothing is taken.
        set_menu(&app, r.gyoza, Some(4), STATUS_AVAILABLE).await;
        let res = app.post_json(&from_cart, None, json!({"token": token})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], format!("not enough stock of menu {}", r.gyoza));
        assert_eq!(stock(&app, r.gyoza).await, Some(4));
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["amount"], 0);
        assert_eq!(order["menu"], json!([]));
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read, before, "the cart stays");

        // Sold out since it was added: the cart shows why and the sums leave it out.
        set_menu(&app, r.gyoza, Some(20), STATUS_SOLD_OUT).await;
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read["menu"].as_array().map(Vec::len), Some(3));
        let problem = read["menu"][1]["problem"].as_str().expect("a problem");
        assert!(problem.contains("sold out"), "{problem}");
        assert_eq!(read["menu"][1]["totalAmount"], 0);
        assert_eq!(read["subtotal"], 300);
        assert_eq!(read["itemsCount"], 1);
        let res = app.post_json(&from_cart, None, json!({"token": token})).await;
        assert_eq!(res.status(), 409);
        let body = json(res).await;
        let message = body["message"].as_str().expect("message");
        assert!(message.starts_with("the cart cannot be ordered: cart[1].id: "), "{message}");
        assert_eq!(stock(&app, r.gyoza).await, Some(20));
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["amount"], 0);
        assert_eq!(ids(&json(app.get(&format!("{cart}?token={token}")).await).await), ids(&before));

        // Adding a sold-out menu is refused like an append.
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "phone-a", "menus": [{"id": r.gyoza}]})).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["menus[0].id"]);
    }

    async fn bad_input_is_a_400_and_wrong_tokens_or_other_orders_items_are_404(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let (other, other_token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let cart = format!("/api/cafeteria/{id}/cart");

        let res = app.post_json(&cart, None, json!({"token": token, "menus": [
            {"id": 999999}, {"id": r.size_large}, {"id": r.gyoza, "quantity": 0},
            {"id": r.shoyu_ramen, "variations": [{"id": r.size_large}, {"id": r.size_regular}]},
            {"id": r.green_tea, "metadata": {"x": "y".repeat(501)}},
        ]})).await;
        assert_eq!(res.status(), 400);
        // `metadata` is one of the values: its limits are checked with them, by its exact path,
        // before any menu is.
        assert_eq!(fields(&json(res).await), ["deviceTag", "menus[4].metadata"], "values first");
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "phone-a", "menus": [
            {"id": 999999}, {"id": r.size_large}, {"id": r.gyoza, "quantity": 0},
            {"id": r.shoyu_ramen, "variations": [{"id": r.size_large}, {"id": r.size_regular}]},
            {"id": r.green_tea, "metadata": {"x": "y".repeat(500)}},
        ]})).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        let got = fields(&body);
        for f in ["menus[0].id", "menus[1].id", "menus[2].quantity"] {
            assert!(got.contains(&f.to_string()), "{f} missing in {body}");
        }
        assert!(got.iter().any(|f| f.starts_with("menus[3].variations")), "{body}");
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "x".repeat(33), "menus": []})).await;
        assert_eq!(res.status(), 400);
        assert_eq!(fields(&json(res).await), ["deviceTag", "menus"]);
        let res = app.get(&format!("{cart}?token={token}&lang=fr")).await;
        assert_eq!(res.status(), 400);
        let read = json(app.get(&format!("{cart}?token={token}")).await).await;
        assert_eq!(read["menu"], json!([]), "nothing was added");

        // Wrong token: the unknown order's 404 on every call.
        let not_found = json!({"code": "not_found", "message": format!("no cafeteria order with id {id}")});
        let res = app.get(&format!("{cart}?token=nope")).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await, not_found);
        let res = app.post_json(&cart, None, json!({"token": "nope", "deviceTag": "a", "menus": [{"id": r.gyoza}]})).await;
        assert_eq!(res.status(), 404);
        let res = delete(&app, &format!("{cart}?token={other_token}")).await;
        assert_eq!(res.status(), 404, "another order's token");
        let res = app.post_json(&format!("/api/cafeteria/{id}/append/from-cart"), None, json!({"token": "nope"})).await;
        assert_eq!(res.status(), 404);
        let res = app.get(&format!("/api/cafeteria/nope/cart?token={token}")).await;
        assert_eq!(res.status(), 404);

        // Another order's item is not in this cart.
        let res = app.post_json(&format!("/api/cafeteria/{other}/cart"), None, json!({"token": other_token, "deviceTag": "b", "menus": [{"id": r.gyoza}]})).await;
        let theirs = ids(&json(res).await)[0];
        let res = patch(&app, &format!("{cart}/{theirs}"), json!({"token": token, "quantity": 0})).await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["message"], format!("no item {theirs} in this order's cart"));
        let res = patch(&app, &format!("/api/cafeteria/{other}/cart/{theirs}"), json!({"token": token, "quantity": 0})).await;
        assert_eq!(res.status(), 404, "this order's token on the other order");
        let res = patch(&app, &format!("{cart}/abc"), json!({"token": token, "quantity": 0})).await;
        assert_eq!(res.status(), 404);
        let read = json(app.get(&format!("/api/cafeteria/{other}/cart?token={other_token}")).await).await;
        assert_eq!(ids(&read), [theirs], "still there");
    }

    async fn cart_changes_outside_status_1_are_409_naming_the_status(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        // Status 0: not begun.
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "mutable": true})).await;
        let created = json(res).await;
        let (id0, token0) = (created["id"].as_str().expect("id"), created["mutableToken"].as_str().expect("token"));
        let res = app.post_json(&format!("/api/cafeteria/{id0}/cart"), None, json!({"token": token0, "deviceTag": "a", "menus": [{"id": r.gyoza}]})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 0 (created); cart edit is allowed only in 1 (mutable)");

        let (id, token) = app.begun_cafeteria_order(&m.key, m.shop.id).await;
        let cart = format!("/api/cafeteria/{id}/cart");
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "a", "menus": [{"id": r.gyoza}, {"id": r.green_tea}]})).await;
        let item = ids(&json(res).await)[0];
        let res = app.post_json(&format!("/api/cafeteria/{id}/append"), None, json!({"token": token, "menus": [{"id": r.beer}]})).await;
        assert_eq!(res.status(), 200);
        let res = app.post_json(&format!("/api/cafeteria/{id}/finalize"), None, json!({"token": token})).await;
        assert_eq!(res.status(), 200);

        let edit = "order is in status 2 (finalized); cart edit is allowed only in 1 (mutable)";
        let res = app.post_json(&cart, None, json!({"token": token, "deviceTag": "a", "menus": [{"id": r.gyoza}]})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], edit);
        let res = patch(&app, &format!("{cart}/{item}"), json!({"token": token, "quantity": 0})).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], edit);
        let res = delete(&app, &format!("{cart}?token={token}")).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], edit);
        let res = app.post_json(&format!("/api/cafeteria/{id}/append/from-cart"), None, json!({"token": token})).await;
        assert_eq!(res.status(), 409);
        let message = json(res).await["message"].as_str().expect("message").to_string();
        assert!(message.starts_with("order is in status 2 (finalized); ") && message.ends_with("allowed only in 1 (mutable)"), "{message}");
        // Reading is allowed: the cart is left as it was.
        let res = app.get(&format!("{cart}?token={token}")).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["itemsCount"], 2);
        let order = json(app.get(&format!("/api/cafeteria/{id}")).await).await;
        assert_eq!(order["amount"], 600);
        assert_eq!(stock(&app, r.gyoza).await, Some(20));
    }
}
