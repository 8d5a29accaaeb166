//! Predefined payments (seed 000 §3–§7): create, read by token, list and update, with
//! validation, order_no uniqueness, test/live separation and tenancy.

use noren::domain::keys::{MerchantFamily, Mode};
use noren_testkit::{both_databases, fixtures, json};
use serde_json::json;
use std::collections::HashSet;

const CREATE: &str = "/v3/predefined_payments/create_online_payment";
const LIST: &str = "/v3/predefined_payments";

both_databases! {
    async fn create_answers_the_payment_and_its_checkout_url(app) {
        let m = fixtures::test_merchant(app.db(), "Kissa").await;
        let body = app.create_payment(&m.key, &[
            ("amount", "1200"),
            ("order_no", "A-0001"),
            ("custom", "table 4"),
            ("redirection_url", "https://kissa.example/thanks"),
            ("webhook_callback_url", "https://kissa.example/hook"),
            ("expires_after", "3600"),
            ("tip_vas_enabled", "true"),
        ]).await;
        let p = &body["predefined_payment"];
        let token = p["token"].as_str().expect("token");
        assert_eq!(token.len(), 32);
        assert_eq!(body["url"], format!("{}/checkout/{token}", app.base));
        for (field, value) in [
            ("amount", json!(1200)),
            ("amount_total", json!(1200)),
            ("amount_vas", json!(0)),
            ("associated_payments", json!([])),
            ("custom", json!("table 4")),
            ("expires_after", json!(3600)),
            ("expired", json!(false)),
            ("fulfilled", json!(false)),
            ("invalidated", json!(false)),
            ("order_no", json!("A-0001")),
            ("payment_method", json!(null)),
            ("payment_interface", json!("online_payment")),
            ("redirection_url", json!("https://kissa.example/thanks")),
            ("shop_id", json!(m.shop.id)),
            ("started", json!(false)),
            ("tip_vas_enabled", json!(true)),
            ("value_added_services", json!([])),
            ("payment", json!(null)),
        ] {
            assert_eq!(p[field], value, "{field}");
        }
        let created = chrono::DateTime::parse_from_rfc3339(p["create_time"].as_str().expect("create_time")).expect("ISO-8601");
        assert_eq!(p["createTime"], created.timestamp_millis());
        assert!(p["update_time"].is_string() && p["updateTime"].is_i64());
        assert!(p.get("webhook_callback_url").is_none(), "the webhook URL is not shown to customers");
    }

    async fn create_with_url_print_uses_the_dynamic_qr_print_interface(app) {
        let m = fixtures::test_merchant(app.db(), "Print").await;
        let res = app.post_values("/v3/predefined_payments/create_with_url_print", &m.key, &[("amount", "500")]).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json(res).await["predefined_payment"]["payment_interface"], "dynamic_qr_print");
    }

    async fn values_may_come_in_a_form_body(app) {
        let m = fixtures::test_merchant(app.db(), "Form").await;
        let res = app.client.post(app.url(CREATE)).header("X-Auth-API-Key", &m.key)
            .form(&[("amount", "777"), ("order_no", "F-1")]).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        let body = json(res).await;
        assert_eq!(body["predefined_payment"]["amount"], 777);
        assert_eq!(body["predefined_payment"]["order_no"], "F-1");
        let res = app.client.post(app.url(CREATE)).header("X-Auth-API-Key", &m.key)
            .json(&json!({"amount": 777})).send().await.expect("sent");
        assert_eq!(res.status(), 415);
        assert_eq!(json(res).await["code"], "client");
    }

    async fn bad_values_answer_400_naming_every_bad_field(app) {
        let m = fixtures::test_merchant(app.db(), "Strict").await;
        let res = app.post_values(CREATE, &m.key, &[
            ("amount", "49"),
            ("expires_after", "-1"),
            ("redirection_url", "shop.example/thanks"),
            ("webhook_callback_url", "ftp://x"),
            ("tip_vas_enabled", "yes"),
            ("colour", "red"),
        ]).await;
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert_eq!(body["code"], "client");
        let fields: HashSet<&str> = body["errors"].as_array().expect("errors").iter()
            .map(|e| e["field"].as_str().expect("field")).collect();
        assert_eq!(fields, HashSet::from(["amount", "expires_after", "redirection_url", "webhook_callback_url", "tip_vas_enabled", "colour"]));
        for (values, field, message) in [
            (vec![], "amount", "is required"),
            (vec![("amount", "100000000")], "amount", "must be at most 99999999"),
            (vec![("amount", "12.5")], "amount", "must be a whole number of yen, like 1000"),
            (vec![("amount", "100"), ("amount", "200")], "amount", "given more than once"),
            (vec![("amount", "100"), ("order_no", "")], "order_no", "must not be empty"),
        ] {
            let res = app.post_values(CREATE, &m.key, &values).await;
            assert_eq!(res.status(), 400, "{values:?}");
            let body = json(res).await;
            assert_eq!(body["errors"][0], json!({"field": field, "message": message}), "{values:?}");
        }
        let res = app.call(reqwest::Method::POST, CREATE, None, &[("amount", "100")]).await;
        assert_eq!(res.status(), 401);
    }

    async fn order_no_is_unique_per_shop_and_mode(app) {
        let a = fixtures::test_merchant(app.db(), "Alpha").await;
        let b = fixtures::test_merchant(app.db(), "Beta").await;
        let a_live = noren::db::repo::accounts::create_api_key(app.db(), a.device.id, MerchantFamily::Secret, Mode::Live, app.state().clock.now()).await.expect("key").1;
        app.create_payment(&a.key, &[("amount", "100"), ("order_no", "X-1")]).await;
        let res = app.post_values(CREATE, &a.key, &[("amount", "300"), ("order_no", "X-1")]).await;
        assert_eq!(res.status(), 409);
        let body = json(res).await;
        assert_eq!(body["code"], "conflict");
        assert!(body["message"].as_str().unwrap_or("").contains("X-1"));
        app.create_payment(&b.key, &[("amount", "100"), ("order_no", "X-1")]).await;
        app.create_payment(&a_live, &[("amount", "100"), ("order_no", "X-1")]).await;
        app.create_payment(&a.key, &[("amount", "100")]).await;
        app.create_payment(&a.key, &[("amount", "100")]).await;
    }

    async fn anyone_with_the_token_reads_the_payment_and_simple_leaves_out_the_lists(app) {
        let m = fixtures::test_merchant(app.db(), "Reader").await;
        let created = app.create_payment(&m.key, &[("amount", "900"), ("order_no", "R-1")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        let res = app.get(&format!("/v3/predefined_payments/{token}")).await;
        assert_eq!(res.status(), 200);
        let full = json(res).await;
        assert_eq!(full, created["predefined_payment"]);
        for query in ["?simple", "?simple=true", "?simple=1"] {
            let simple = json(app.get(&format!("/v3/predefined_payments/{token}{query}")).await).await;
            assert!(simple.get("associated_payments").is_none(), "{query}");
            assert!(simple.get("value_added_services").is_none(), "{query}");
            assert_eq!(simple["amount"], 900);
        }
        let with_false = json(app.get(&format!("/v3/predefined_payments/{token}?simple=false")).await).await;
        assert!(with_false["associated_payments"].is_array());
        assert_eq!(app.get(&format!("/v3/predefined_payments/{token}?simple=maybe")).await.status(), 400);
        let res = app.get("/v3/predefined_payments/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").await;
        assert_eq!(res.status(), 404);
        assert_eq!(json(res).await["code"], "not_found");
    }

    async fn a_payment_expires_once_its_time_has_passed(app) {
        let m = fixtures::test_merchant(app.db(), "Clock").await;
        let short = app.create_payment(&m.key, &[("amount", "100"), ("expires_after", "1")]).await;
        let never = app.create_payment(&m.key, &[("amount", "100"), ("expires_after", "0")]).await;
        assert_eq!(short["predefined_payment"]["expired"], false);
        app.state().clock.advance(chrono::Duration::seconds(2));
        for (created, expired) in [(&short, true), (&never, false)] {
            let token = created["predefined_payment"]["token"].as_str().expect("token");
            let now = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
            assert_eq!(now["expired"], expired);
        }
    }

    async fn list_pages_filters_and_sorts_the_shops_own_payments(app) {
        let m = fixtures::test_merchant(app.db(), "Lister").await;
        let other = fixtures::test_merchant(app.db(), "Other").await;
        let live = noren::db::repo::accounts::create_api_key(app.db(), m.device.id, MerchantFamily::Secret, Mode::Live, app.state().clock.now()).await.expect("key").1;
        let mut tokens = Vec::new();
        for i in 0..12 {
            let no = format!("L-{i:02}");
            let body = app.create_payment(&m.key, &[("amount", "100"), ("order_no", no.as_str())]).await;
            tokens.push(body["predefined_payment"]["token"].as_str().expect("token").to_string());
        }
        app.create_payment(&other.key, &[("amount", "100")]).await;
        app.create_payment(&live, &[("amount", "100")]).await;

        let page = json(app.get_values(LIST, &m.key, &[]).await).await;
        assert_eq!((page["count"].as_u64(), page["total"].as_u64(), page["offset"].as_u64()), (Some(10), Some(12), Some(0)));
        let first: Vec<&str> = page["data"].as_array().expect("data").iter().map(|p| p["token"].as_str().expect("token")).collect();
        let newest_first: Vec<&str> = tokens.iter().rev().take(10).map(String::as_str).collect();
        assert_eq!(first, newest_first);

        let page = json(app.get_values(LIST, &m.key, &[("offset", "10")]).await).await;
        assert_eq!((page["count"].as_u64(), page["total"].as_u64(), page["offset"].as_u64()), (Some(2), Some(12), Some(10)));

        let page = json(app.get_values(LIST, &m.key, &[("time_asc", "true"), ("limit", "3"), ("order_by", "update_time")]).await).await;
        let oldest: Vec<&str> = page["data"].as_array().expect("data").iter().map(|p| p["token"].as_str().expect("token")).collect();
        assert_eq!(oldest, tokens.iter().take(3).map(String::as_str).collect::<Vec<_>>());

        let page = json(app.get_values(LIST, &m.key, &[("order_no", "L-05")]).await).await;
        assert_eq!(page["total"], 1);
        assert_eq!(page["data"][0]["token"], tokens[5].as_str());

        let now_ms = chrono::Utc::now().timestamp_millis();
        let page = json(app.get_values(LIST, &m.key, &[("time_start", &(now_ms + 60_000).to_string())]).await).await;
        assert_eq!(page["total"], 0);
        let page = json(app.get_values(LIST, &m.key, &[("time_end", &(now_ms + 60_000).to_string()), ("time_start", "0")]).await).await;
        assert_eq!(page["total"], 12);

        let live_page = json(app.get_values(LIST, &live, &[]).await).await;
        assert_eq!(live_page["total"], 1, "test and live data are apart");

        for (values, field) in [
            (vec![("limit", "101")], "limit"),
            (vec![("limit", "0")], "limit"),
            (vec![("offset", "-1")], "offset"),
            (vec![("order_by", "amount")], "order_by"),
            (vec![("time_asc", "sometimes")], "time_asc"),
            (vec![("time_start", "yesterday")], "time_start"),
            (vec![("time_end", "-1")], "time_end"),
        ] {
            let res = app.get_values(LIST, &m.key, &values).await;
            assert_eq!(res.status(), 400, "{values:?}");
            assert_eq!(json(res).await["errors"][0]["field"], field, "{values:?}");
        }
        let empty = json(app.get_values(LIST, &m.key, &[("time_start", "2000"), ("time_end", "1000")]).await).await;
        assert_eq!((empty["count"].as_i64(), empty["total"].as_i64()), (Some(0), Some(0)), "an empty range matches nothing");
        assert_eq!(app.get(LIST).await.status(), 401);
    }

    async fn update_changes_a_payment_named_by_token_or_order_no(app) {
        let m = fixtures::test_merchant(app.db(), "Editor").await;
        let other = fixtures::test_merchant(app.db(), "Stranger").await;
        let created = app.create_payment(&m.key, &[("amount", "100"), ("order_no", "U-1"), ("custom", "before")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();

        let res = app.post_values(LIST, &m.key, &[("token", token.as_str()), ("custom", "after"), ("invalidated", "true"), ("expires_after", "60")]).await;
        assert_eq!(res.status(), 200);
        let updated = json(res).await;
        assert_eq!(updated["custom"], "after");
        assert_eq!(updated["invalidated"], true);
        assert_eq!(updated["expires_after"], 60);
        assert_eq!(updated["amount"], 100);
        assert!(updated["updateTime"].as_i64() >= created["predefined_payment"]["updateTime"].as_i64());

        let res = app.post_values(LIST, &m.key, &[("order_no", "U-1"), ("redirection_url", "https://editor.example/done"), ("tip_vas_enabled", "true")]).await;
        assert_eq!(res.status(), 200);
        let updated = json(res).await;
        assert_eq!(updated["redirection_url"], "https://editor.example/done");
        assert_eq!(updated["tip_vas_enabled"], true);
        assert_eq!(updated["custom"], "after", "values not sent stay");

        let read = json(app.get(&format!("/v3/predefined_payments/{token}")).await).await;
        assert_eq!(read, updated);

        for values in [vec![("custom", "x")], vec![("token", token.as_str()), ("order_no", "U-1")]] {
            let res = app.post_values(LIST, &m.key, &values).await;
            assert_eq!(res.status(), 400, "{values:?}");
        }
        let res = app.post_values(LIST, &m.key, &[("token", token.as_str()), ("invalidated", "perhaps")]).await;
        assert_eq!(json(res).await["errors"][0]["field"], "invalidated");
        // Another merchant cannot touch it, by token or by order number.
        for values in [vec![("token", token.as_str()), ("custom", "hijack")], vec![("order_no", "U-1"), ("custom", "hijack")]] {
            let res = app.post_values(LIST, &other.key, &values).await;
            assert_eq!(res.status(), 404, "{values:?}");
        }
        assert_eq!(json(app.get(&format!("/v3/predefined_payments/{token}")).await).await["custom"], "after");
    }

    async fn concurrent_reads_by_token_each_get_their_own_payment(app) {
        // Reads that arrive together are answered by one query (repo::token_reads): each must
        // still get its own payment, unknown tokens a 404, and a read after a change the change.
        let m = fixtures::test_merchant(app.db(), "Crowd").await;
        let mut cases: Vec<(String, Option<i64>)> = Vec::new();
        for amount in 100..112 {
            let created = app.create_payment(&m.key, &[("amount", &amount.to_string())]).await;
            let token = created["predefined_payment"]["token"].as_str().expect("token");
            cases.push((token.to_string(), Some(amount)));
        }
        let paid = cases[3].0.clone();
        app.pay(&paid, "paypay").await;
        cases.push(("A".repeat(32), None));
        cases.push(("not-a-token".to_string(), None));
        let client = reqwest::Client::new();
        let mut reads = tokio::task::JoinSet::new();
        for _ in 0..25 {
            for (token, amount) in cases.clone() {
                let url = format!("{}/v3/predefined_payments/{token}", app.base);
                let client = client.clone();
                reads.spawn(async move { (token, amount, client.get(url).send().await.expect("sent")) });
            }
        }
        let mut answered = 0;
        while let Some(done) = reads.join_next().await {
            let (token, amount, res) = done.expect("read");
            match amount {
                Some(amount) => {
                    assert_eq!(res.status(), 200, "{token}");
                    let body = json(res).await;
                    assert_eq!(body["token"], token.as_str());
                    assert_eq!(body["amount"], amount);
                    assert_eq!(body["fulfilled"], token == paid, "{token}");
                    assert_eq!(body["associated_payments"].as_array().map(Vec::len), Some(usize::from(token == paid)));
                }
                None => assert_eq!(res.status(), 404, "{token}"),
            }
            answered += 1;
        }
        assert_eq!(answered, 25 * cases.len());

        // Paid while others read it: the first read after the payment sees it paid.
        let fresh = cases[5].0.clone();
        let mut background = tokio::task::JoinSet::new();
        for _ in 0..8 {
            let url = format!("{}/v3/predefined_payments/{fresh}", app.base);
            let client = client.clone();
            background.spawn(async move {
                for _ in 0..20 {
                    assert_eq!(client.get(&url).send().await.expect("sent").status(), 200);
                }
            });
        }
        app.pay(&fresh, "paypay").await;
        let now = json(app.get(&format!("/v3/predefined_payments/{fresh}")).await).await;
        assert_eq!(now["fulfilled"], true);
        while let Some(done) = background.join_next().await {
            done.expect("background reads");
        }
    }
}
