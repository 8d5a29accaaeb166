//! Unique violations are mapped by constraint name (`db::repo::on_constraint`): only the
//! `order_no` index is "order_no taken"; any other unique violation stays an internal error.

use noren::db::repo::{PAYMENT_ORDER_NO, PAYMENT_TOKEN, on_constraint};
use noren::domain::payment::{PaymentInterface, Yen};
use noren::pay::store::payments::{self, NewPayment, PaymentError};
use noren_testkit::{TestApp, both_databases, fixtures};

fn new_payment(app: &TestApp, shop_id: i64, order_no: &str) -> NewPayment {
    NewPayment {
        shop_id,
        livemode: false,
        amount: Yen::parse_amount("1000").expect("amount"),
        order_no: Some(order_no.to_string()),
        custom: None,
        interface: PaymentInterface::OnlinePayment,
        redirection_url: None,
        webhook_callback_url: None,
        tip_vas_enabled: false,
        expires_after: None,
        now: app.state().clock.now(),
    }
}

both_databases! {
    async fn a_token_collision_is_not_reported_as_order_no_taken(app) {
        let m = fixtures::test_merchant(app.db(), "Collide").await;
        let token = || "collision-token-0000000000000000".to_string();
        payments::create_with_token(app.db(), new_payment(&app, m.shop.id, "C-1"), token())
            .await
            .expect("first payment");

        // Another order_no, the same token: the token's unique column, not order_no.
        let err = payments::create_with_token(app.db(), new_payment(&app, m.shop.id, "C-2"), token())
            .await
            .expect_err("the token is taken");
        let PaymentError::Db(db_err) = err else {
            panic!("a token collision was reported as {err}");
        };
        assert!(on_constraint(&db_err, &PAYMENT_TOKEN), "{db_err}");
        assert!(!on_constraint(&db_err, &PAYMENT_ORDER_NO), "{db_err}");

        // The same order_no with a fresh token: that one is order_no taken (409 in the API).
        let err = payments::create_with_token(
            app.db(),
            new_payment(&app, m.shop.id, "C-1"),
            "another-token-00000000000000000".to_string(),
        )
        .await
        .expect_err("order_no is taken");
        assert!(matches!(&err, PaymentError::OrderNoTaken(no) if no == "C-1"), "{err}");
    }
}

both_databases! {
    async fn a_menu_import_id_is_unique_per_shop_and_named_by_its_index(app) {
        use noren::order::store::menus::{self, NewMenu};
        use noren::db::repo::{MENU_CATEGORY_EXTERNAL_ID, MENU_EXTERNAL_ID};
        let a = fixtures::test_merchant(app.db(), "Menus").await;
        let b = fixtures::test_merchant(app.db(), "Other").await;
        let now = app.state().clock.now();
        let menu = |ext: Option<&str>| NewMenu {
            external_id: ext.map(str::to_string),
            status: menus::STATUS_AVAILABLE,
            kind: menus::TYPE_MENU,
            price: 500,
            tax_rate: 10,
            stock_available: None,
            images: Vec::new(),
            sort_order: 0,
        };
        menus::create_menu(app.db(), a.shop.id, menu(Some("M-1")), now).await.expect("first");
        // Another shop may use the same id; menus without one never clash.
        menus::create_menu(app.db(), b.shop.id, menu(Some("M-1")), now).await.expect("other shop");
        menus::create_menu(app.db(), a.shop.id, menu(None), now).await.expect("no id");
        menus::create_menu(app.db(), a.shop.id, menu(None), now).await.expect("no id again");
        let err = menus::create_menu(app.db(), a.shop.id, menu(Some("M-1")), now)
            .await
            .expect_err("the id is taken in this shop");
        assert!(on_constraint(&err, &MENU_EXTERNAL_ID), "{err}");
        assert!(!on_constraint(&err, &MENU_CATEGORY_EXTERNAL_ID), "{err}");
        assert!(!on_constraint(&err, &PAYMENT_ORDER_NO), "{err}");
    }
}
