//! A cafeteria order after finalize (issue 11, items 3 and 4): its payment paid in the hosted
//! checkout moves it to 5 in the payment's transaction, the merchant's status call takes it
//! 5 → 10 → 15 → 20 or cancels it (invalidating its payment), a refund of its payment moves it
//! to 30, and an order paid at the counter is marked paid by the merchant.

use noren_testkit::{TestApp, both_databases, fixtures, json};
use serde_json::{Value, json};

/// A finalized order created by the merchant with two gyoza (960 yen); answers the order.
async fn finalized(app: &TestApp, key: &str, shop_id: i64, gyoza: i64, extra: Value) -> Value {
    let mut body = json!({"shopId": shop_id, "menu": [{"id": gyoza, "quantity": 2}]});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let res = app
        .post_json("/api/admin/orders/cafeteria", Some(key), body)
        .await;
    assert_eq!(res.status(), 200);
    json(res).await
}

async fn set_status(app: &TestApp, key: &str, id: &str, status: Value) -> reqwest::Response {
    app.post_json(
        &format!("/api/admin/cafeteria/{id}/status"),
        Some(key),
        json!({ "status": status }),
    )
    .await
}

/// The gyoza's `stockAvailable` on the shop's page.
async fn gyoza_stock(app: &TestApp, shop_id: i64, gyoza: i64) -> Value {
    let shop = json(app.get(&format!("/api/order/shop/{shop_id}")).await).await;
    shop["orderMenus"]
        .as_array()
        .expect("categories")
        .iter()
        .flat_map(|c| c["menus"].as_array().expect("menus").iter())
        .find(|m| m["id"] == gyoza)
        .expect("gyoza")["stockAvailable"]
        .clone()
}

async fn status_of(app: &TestApp, id: &str) -> Value {
    json(app.get(&format!("/api/cafeteria/{id}")).await).await["status"].clone()
}

both_databases! {
    async fn an_order_created_finalized_gets_its_payment_at_once(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let order = finalized(&app, &m.key, m.shop.id, r.gyoza, json!({})).await;
        assert_eq!(order["status"], 2);
        let token = order["predefinedPaymentToken"].as_str().expect("a payment made by the creation");
        let view = app.checkout(token).await;
        assert_eq!((view["amount"].clone(), view["order_no"].clone(), view["state"].clone()),
            (json!(960), json!(format!("C-{}", order["number"].as_str().expect("number"))), json!("open")));

        // Whole numbers written as floats (`12.0`, which JSON Schema's integer admits) count.
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key),
            json!({"shopId": m.shop.id as f64, "menu": [{"id": r.gyoza as f64, "quantity": 2.0}]})).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["amount"], 960);
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key),
            json!({"shopId": m.shop.id, "menu": [{"id": r.gyoza, "quantity": 2.5}]})).await;
        assert_eq!(res.status(), 400);

        // Without lines there is nothing to finalize: a 400 naming `menu`, nothing created.
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id})).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert_eq!(body["errors"][0]["field"], "menu", "{body}");
        let res = app.post_json("/api/admin/orders/cafeteria", Some(&m.key), json!({"shopId": m.shop.id, "payOffline": true})).await;
        assert_eq!(res.status(), 400);
    }

    async fn paying_moves_the_order_to_5_and_the_merchant_takes_it_to_20(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let other = fixtures::test_merchant(app.db(), "Soba").await;
        let live = fixtures::live_merchant(app.db(), "Udon").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let order = finalized(&app, &m.key, m.shop.id, r.gyoza, json!({})).await;
        let id = order["id"].as_str().expect("id");

        // Not paid yet: the kitchen cannot confirm it.
        let res = set_status(&app, &m.key, id, json!(10)).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 2 (finalized); confirm is allowed only in 5 (pending confirmation)");

        app.pay(order["predefinedPaymentToken"].as_str().expect("token"), "paypay").await;
        assert_eq!(status_of(&app, id).await, 5, "paid in the checkout's transaction");

        // One step at a time: 20 before 15 is refused, naming the states.
        let res = set_status(&app, &m.key, id, json!(20)).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 5 (pending confirmation); finish is allowed only in 15 (prepared)");
        for step in [10, 15, 20] {
            let res = set_status(&app, &m.key, id, json!(step)).await;
            assert_eq!(res.status(), 200);
            let moved = json(res).await;
            assert_eq!(moved["status"], step);
            assert!(moved["mutableToken"].is_string(), "the merchant's view");
        }
        // A paid order is not cancelled; it is refunded.
        let res = set_status(&app, &m.key, id, json!(90)).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 20 (finished); cancel is allowed only in 0 (created), 1 (mutable), 2 (finalized)");

        // Statuses this call never sets are a 400 on `status`.
        for (status, says) in [
            (json!(30), "must be one of 5, 10, 15, 20, 90; 30 (refunded) comes from refunding the order's payment"),
            (json!(7), "must be one of 5, 10, 15, 20, 90"),
            (json!(2), "must be one of 5, 10, 15, 20, 90"),
            (json!("ten"), "must be a number"),
            (json!(100), "must be from 0 to 99"),
        ] {
            let res = set_status(&app, &m.key, id, status.clone()).await;
            assert_eq!(res.status(), 400, "{status}");
            let body = json(res).await;
            assert_eq!((body["errors"][0]["field"].clone(), body["errors"][0]["message"].clone()), (json!("status"), json!(says)), "{status}");
        }
        // 5 is the payment's to set on an order paid online: a 409.
        let res = set_status(&app, &m.key, id, json!(5)).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "the status call sets one of 10 (confirmed), 15 (prepared), 20 (finished), 90 (cancelled); 5 (pending confirmation) comes from paying the order's payment");
        // A whole number written as JSON's 10.0 is 10 (JSON Schema's integer admits it); this
        // order is finished, so the step is refused by the status machine, not by the parser.
        let res = set_status(&app, &m.key, id, json!(10.0)).await;
        assert_eq!(res.status(), 409);
        let res = app.post_json(&format!("/api/admin/cafeteria/{id}/status"), Some(&m.key), json!({})).await;
        assert_eq!(res.status(), 400);

        // Another shop, the other mode, no key.
        for key in [&other.key, &live.key] {
            let res = set_status(&app, key, id, json!(10)).await;
            assert_eq!(res.status(), 404);
            assert_eq!(json(res).await["code"], "not_found");
        }
        let res = app.post_json(&format!("/api/admin/cafeteria/{id}/status"), None, json!({"status": 10})).await;
        assert_eq!(res.status(), 401);
        let res = set_status(&app, &m.key, "no-such-order", json!(10)).await;
        assert_eq!(res.status(), 404);
        assert_eq!(status_of(&app, id).await, 20);
    }

    async fn refunding_the_payment_moves_the_order_to_30(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let order = finalized(&app, &m.key, m.shop.id, r.gyoza, json!({})).await;
        let id = order["id"].as_str().expect("id");
        let number = app.pay(order["predefinedPaymentToken"].as_str().expect("token"), "paypay").await;
        assert_eq!(set_status(&app, &m.key, id, json!(10)).await.status(), 200);
        let res = app.post_values("/v3/universal_payments/refund", &m.key, &[("payment_number", &number)]).await;
        assert_eq!(json(res).await["result_code"], 2000);
        assert_eq!(status_of(&app, id).await, 30);
        // Refunded is final.
        let res = set_status(&app, &m.key, id, json!(15)).await;
        assert_eq!(res.status(), 409);
        assert_eq!(json(res).await["message"], "order is in status 30 (refunded); prepare is allowed only in 10 (confirmed)");
    }

    async fn cancelling_invalidates_the_payment_and_a_late_payment_leaves_it_cancelled(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;

        // Cancelled before anyone pays: the link is blocked.
        let order = finalized(&app, &m.key, m.shop.id, r.gyoza, json!({})).await;
        let id = order["id"].as_str().expect("id");
        let token = order["predefinedPaymentToken"].as_str().expect("token");
        let res = set_status(&app, &m.key, id, json!(90)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], 90);
        assert_eq!(app.checkout(token).await["state"], "invalidated");
        assert_eq!(app.choose(token, "paypay", 0).await.status(), 409);
        // Its two gyoza are back in stock (20 at the start), on the shop's page at once.
        assert_eq!(gyoza_stock(&app, m.shop.id, r.gyoza).await, 20);

        // Cancelled while a customer's attempt is open: the attempt may finish (the money is
        // taken), the order stays cancelled for the merchant to refund.
        let order = finalized(&app, &m.key, m.shop.id, r.gyoza, json!({})).await;
        let id = order["id"].as_str().expect("id");
        let token = order["predefinedPaymentToken"].as_str().expect("token");
        assert_eq!(gyoza_stock(&app, m.shop.id, r.gyoza).await, 18);
        let res = app.choose(token, "paypay", 0).await;
        assert_eq!(res.status(), 200);
        let number = json(res).await["attempt"]["payment_number"].as_str().expect("attempt").to_string();
        assert_eq!(set_status(&app, &m.key, id, json!(90)).await.status(), 200);
        let res = app.settle(token, &number, "approve").await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["state"], "paid");
        assert_eq!(status_of(&app, id).await, 90);
    }

    async fn an_order_paid_at_the_counter_is_marked_paid_by_the_merchant(app) {
        let m = fixtures::test_merchant(app.db(), "Ramen").await;
        let r = fixtures::restaurant(app.db(), m.shop.id).await;
        let order = finalized(&app, &m.key, m.shop.id, r.gyoza, json!({"payOffline": true})).await;
        assert_eq!((order["status"].clone(), order["predefinedPaymentToken"].clone()), (json!(2), Value::Null));
        let id = order["id"].as_str().expect("id");
        let res = set_status(&app, &m.key, id, json!(10)).await;
        assert_eq!(res.status(), 409);
        let res = set_status(&app, &m.key, id, json!(5)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["status"], 5);
        let res = set_status(&app, &m.key, id, json!(5)).await;
        assert_eq!(res.status(), 409, "paid once");
        assert_eq!(json(res).await["message"], "order is in status 5 (pending confirmation); payment is allowed only in 2 (finalized)");
        assert_eq!(set_status(&app, &m.key, id, json!(10)).await.status(), 200);
        // 30 is still only a refund's.
        let res = set_status(&app, &m.key, id, json!(30)).await;
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["message"], "must be one of 5, 10, 15, 20, 90; 30 (refunded) comes from refunding the order's payment");
    }
}
