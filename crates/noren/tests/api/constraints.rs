//! Unique violations are mapped by constraint name (`db::repo::on_constraint`): only the
//! `order_no` index is "order_no taken"; any other unique violation stays an internal error.

use noren::db::repo::payments::{self, NewPayment, PaymentError};
use noren::db::repo::{PAYMENT_ORDER_NO, PAYMENT_TOKEN, on_constraint};
use noren::domain::payment::{PaymentInterface, Yen};
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
