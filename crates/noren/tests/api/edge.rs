//! What the edge refuses before any handler or database sees it (control characters and bytes
//! that are not UTF-8 in paths and values, overlong targets), redirects that stay on this origin,
//! security headers by kind of path, and HTML error pages on page paths.

use noren_testkit::{
    Backend, Options, TestApp, both_databases, fixtures, header, json, write_file,
};
use reqwest::Method;

both_databases! {
    async fn control_characters_and_bad_bytes_in_path_values_answer_400_on_every_path(app) {
        let m = fixtures::test_merchant(app.db(), "Edge").await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        for bad in ["%00", "a%00b", "%01", "%1F", "%7F", "%C2%85", "%FF", "%92%8D"] {
            let paths = [
                (Method::GET, format!("/v3/predefined_payments/{bad}"), true),
                (Method::GET, format!("/v3/predefined_payments/{bad}/available_payments"), false),
                (Method::POST, format!("/v3/predefined_payments/{bad}/1234/wechatpay?openid=o&appid=a"), false),
                (Method::POST, format!("/v3/predefined_payments/{token}/{bad}/wechatpay?openid=o&appid=a"), false),
                (Method::POST, format!("/v3/webhook_events/{bad}/redeliver"), true),
                (Method::POST, format!("/sandbox/payments/{bad}/approve"), true),
                (Method::POST, format!("/sandbox/payments/{bad}/decline"), true),
                (Method::GET, format!("/checkout/api/{bad}"), false),
                (Method::POST, format!("/checkout/api/{bad}/attempts"), false),
                (Method::POST, format!("/checkout/api/{token}/attempts/{bad}/approve"), false),
                (Method::POST, format!("/checkout/api/{token}/attempts/{bad}/decline"), false),
            ];
            for (method, path, keyed) in paths {
                let mut req = app.client.request(method.clone(), app.url(&path));
                if keyed {
                    req = req.header("X-Auth-API-Key", &m.key);
                }
                let res = req.send().await.expect("sent");
                assert_eq!(res.status(), 400, "{method} {path}");
                assert_eq!(json(res).await["code"], "client", "{method} {path}");
            }
        }
    }

    async fn values_that_are_not_utf8_answer_400_naming_the_field(app) {
        let m = fixtures::test_merchant(app.db(), "Sjis").await;
        // "注文-0001" in Shift_JIS, percent-encoded.
        let url = app.url("/v3/predefined_payments/create_online_payment?amount=1000&order_no=%92%8D%95%B6-0001");
        let res = app.client.post(url).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
        assert_eq!(res.status(), 400);
        let body = json(res).await;
        assert_eq!(body["errors"][0]["field"], "order_no", "{body}");
        // The same in a form body.
        let res = app
            .client
            .post(app.url("/v3/predefined_payments/create_online_payment"))
            .header("X-Auth-API-Key", &m.key)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("amount=1000&custom=%82%A0")
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 400);
        assert_eq!(json(res).await["errors"][0]["field"], "custom");
        // UTF-8 is kept exactly.
        let created = app.create_payment(&m.key, &[("amount", "1000"), ("order_no", "注文-0001")]).await;
        assert_eq!(created["predefined_payment"]["order_no"], "注文-0001");
    }

    async fn api_answers_are_never_cached_or_framed(app) {
        let m = fixtures::test_merchant(app.db(), "Headers").await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        for res in [
            app.get(&format!("/v3/predefined_payments/{token}")).await,
            app.get_with_key("/v3/predefined_payments", &m.key).await,
            app.get(&format!("/checkout/api/{token}")).await,
            app.get("/v3/predefined_payments/nope").await,
        ] {
            assert_eq!(header(&res, "cache-control"), "no-store", "{}", res.url());
            assert_eq!(header(&res, "x-content-type-options"), "nosniff");
            assert!(header(&res, "content-security-policy").contains("frame-ancestors 'none'"));
        }
    }
}

#[tokio::test]
async fn an_overlong_request_target_answers_414_with_the_error_body() {
    let app = TestApp::spawn(Backend::Sqlite).await.expect("app");
    let res = app
        .get(&format!(
            "/v3/predefined_payments/{}",
            "a".repeat(62 * 1024)
        ))
        .await;
    assert_eq!(res.status(), 414);
    assert!(!header(&res, "x-request-id").is_empty());
    assert_eq!(json(res).await["code"], "client");
}

/// The hash of one inline script of a portal build.
const INLINE_SCRIPT: &str = "sha256-0MUyFJhUwQbJbxdRddDw1q7CMNQ//leUWFbuI6XcmZo=";

async fn app_with_pages() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    write_file(&root.join("portal"), "index.html", "home");
    write_file(&root.join("portal"), "docs.html", "docs");
    write_file(&root.join("portal"), "404.html", "not found page");
    // The build's inline scripts (tools/csp-hashes.mjs); the junk lines must not reach the policy.
    write_file(
        &root.join("portal"),
        "csp-script-hashes.txt",
        &format!("{INLINE_SCRIPT}\n'unsafe-inline'\nsha256-short\n"),
    );
    write_file(&root.join("checkout"), "index.html", "checkout app");
    let app = TestApp::spawn_with(
        Backend::Sqlite,
        Options {
            portal_dir: Some(root.join("portal")),
            checkout_dir: Some(root.join("checkout")),
            ..Default::default()
        },
    )
    .await
    .expect("app");
    (app, dir)
}

#[tokio::test]
async fn html_normalisation_never_redirects_to_another_origin() {
    let (app, _dir) = app_with_pages().await;
    for (from, to) in [
        ("//evil.example/index.html", Some("/evil.example")),
        ("///evil.example/a.html", Some("/evil.example/a")),
        ("/docs.html", Some("/docs")),
        ("/%2F%2Fevil.example/a.html", None),
        ("/%5Cevil.example/a.html", None),
    ] {
        let res = app.get(from).await;
        match to {
            Some(to) => {
                assert_eq!(res.status(), 308, "{from}");
                assert_eq!(header(&res, "location"), to, "{from}");
            }
            None => {
                assert_eq!(res.status(), 404, "{from}");
                assert!(res.headers().get("location").is_none(), "{from}");
            }
        }
    }
    // A backslash is refused before any redirect (hyper keeps it as the path's own byte).
    let mut s = tokio::net::TcpStream::connect(app.addr)
        .await
        .expect("connect");
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    s.write_all(b"GET /\\evil.example/a.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.expect("read");
    assert!(
        !answer.to_ascii_lowercase().contains("location:"),
        "{answer}"
    );
}

#[tokio::test]
async fn pages_carry_their_security_headers() {
    let (app, _dir) = app_with_pages().await;
    let res = app.get("/checkout/sometoken").await;
    assert_eq!(res.status(), 200);
    let csp = header(&res, "content-security-policy");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe"),
        "{csp}"
    );
    assert_eq!(header(&res, "referrer-policy"), "no-referrer");
    assert_eq!(header(&res, "x-frame-options"), "DENY");
    let res = app.get("/docs").await;
    assert_eq!(res.status(), 200);
    let csp = header(&res, "content-security-policy");
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    // Issue 18: the build's inline scripts by hash, never 'unsafe-inline' scripts or eval.
    assert!(
        csp.contains(&format!("script-src 'self' '{INLINE_SCRIPT}';")),
        "{csp}"
    );
    assert!(
        !csp.contains("unsafe-eval") && !csp.contains("sha256-short"),
        "{csp}"
    );
    let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src"));
    assert!(
        script_src.is_some_and(|d| !d.contains("unsafe-inline")),
        "{csp}"
    );
    assert_eq!(header(&res, "x-content-type-options"), "nosniff");
}

#[tokio::test]
async fn page_paths_answer_405_and_413_as_html() {
    let (app, _dir) = app_with_pages().await;
    for path in ["/docs", "/checkout/sometoken"] {
        let res = app.client.delete(app.url(path)).send().await.expect("sent");
        assert_eq!(res.status(), 405, "{path}");
        assert_eq!(header(&res, "allow"), "GET, HEAD");
        assert!(
            header(&res, "content-type").starts_with("text/html"),
            "{path}"
        );
        let res = app
            .client
            .post(app.url(path))
            .body(vec![b'a'; 1024 * 1024 + 1])
            .send()
            .await
            .expect("sent");
        assert_eq!(res.status(), 413, "{path}");
        assert!(
            header(&res, "content-type").starts_with("text/html"),
            "{path}"
        );
        assert!(!header(&res, "x-request-id").is_empty());
    }
}

#[tokio::test]
async fn answers_are_compressed_for_clients_that_ask_and_only_for_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let page = format!(
        "<!doctype html><title>docs</title>{}",
        "<p>Noren developer portal</p>".repeat(4000)
    );
    write_file(dir.path(), "docs.html", &page);
    write_file(dir.path(), "index.html", "home");
    let app = TestApp::spawn_with(
        Backend::Sqlite,
        Options {
            portal_dir: Some(dir.path().to_path_buf()),
            ..Default::default()
        },
    )
    .await
    .expect("app");
    let get = |encoding: &'static str| {
        let req = app.client.get(app.url("/docs"));
        let req = if encoding.is_empty() {
            req
        } else {
            req.header("Accept-Encoding", encoding)
        };
        async move { req.send().await.expect("sent") }
    };
    let plain = get("").await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.bytes().await.expect("body").len(), page.len());
    for encoding in ["br", "gzip"] {
        let res = get(encoding).await;
        assert_eq!(header(&res, "content-encoding"), encoding);
        let size = res.bytes().await.expect("body").len();
        assert!(
            size * 20 < page.len(),
            "{encoding}: {size} bytes for {}",
            page.len()
        );
    }
    // JSON answers too.
    let m = fixtures::test_merchant(app.db(), "Zip").await;
    app.create_payment(&m.key, &[("amount", "1000")]).await;
    let res = app
        .client
        .get(app.url("/v3/predefined_payments"))
        .header("X-Auth-API-Key", &m.key)
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), 200);
    assert_eq!(header(&res, "content-encoding"), "gzip");
}
