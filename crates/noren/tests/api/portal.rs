//! Static portal serving (seed 000 §2 routing): no trailing slash except on the base paths (`/`
//! and a locale's root such as `/ja/`), `.html` and `/index.html` normalised away, the portal's
//! own 404 page with status 404.

use noren_testkit::{Backend, Options, TestApp, json, write_file};

async fn app_with_portal() -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    write_file(root, "index.html", "home");
    write_file(root, "docs.html", "docs index");
    write_file(root, "docs/order.html", "order docs");
    write_file(root, "docs/order/creating-order.html", "creating order");
    write_file(root, "404.html", "english not found");
    write_file(root, "ja/index.html", "ja home");
    write_file(root, "ja/404.html", "japanese not found");
    write_file(root, "assets/js/main.abc123.js", "console.log(1)");
    let app = TestApp::spawn_with(
        Backend::Sqlite,
        Options {
            portal_dir: Some(root.to_path_buf()),
            ..Default::default()
        },
    )
    .await
    .expect("app");
    (app, dir)
}

async fn body(app: &TestApp, path: &str) -> (u16, String) {
    let res = app.get(path).await;
    (res.status().as_u16(), res.text().await.expect("body"))
}

#[tokio::test]
async fn routes_serve_their_html_file_without_extension() {
    let (app, _dir) = app_with_portal().await;
    assert_eq!(body(&app, "/").await, (200, "home".into()));
    assert_eq!(body(&app, "/docs").await, (200, "docs index".into()));
    assert_eq!(body(&app, "/docs/order").await, (200, "order docs".into()));
    assert_eq!(
        body(&app, "/docs/order/creating-order").await,
        (200, "creating order".into())
    );
    assert_eq!(body(&app, "/ja/").await, (200, "ja home".into()));
}

#[tokio::test]
async fn html_suffixes_and_trailing_slashes_redirect_to_the_clean_route() {
    let (app, _dir) = app_with_portal().await;
    for (from, to) in [
        ("/docs/order.html", "/docs/order"),
        ("/docs/order/index.html", "/docs/order"),
        ("/index.html", "/"),
        ("/docs/order/", "/docs/order"),
        ("/docs/order.html?x=1", "/docs/order?x=1"),
        ("/docs/", "/docs"),
    ] {
        let res = app.get(from).await;
        assert_eq!(res.status(), 308, "{from}");
        assert_eq!(res.headers()["location"], to, "{from}");
    }
}

/// Docusaurus gives a locale's home page its base URL (`/ja/`) and links to it so (canonical,
/// hreflang, sitemap, language switcher): that is the one address, as `/` is for the site.
#[tokio::test]
async fn a_locale_root_has_one_address_with_its_trailing_slash() {
    let (app, _dir) = app_with_portal().await;
    for (from, to) in [
        ("/ja", "/ja/"),
        ("/ja?x=1", "/ja/?x=1"),
        ("/ja/index.html", "/ja/"),
        ("/ja.html", "/ja/"),
    ] {
        let res = app.get(from).await;
        assert_eq!(res.status(), 308, "{from}");
        assert_eq!(res.headers()["location"], to, "{from}");
    }
    assert_eq!(body(&app, "/ja/").await, (200, "ja home".into()));
    assert_eq!(body(&app, "/ja//").await.0, 404);
}

#[tokio::test]
async fn unknown_paths_get_the_portals_404_page_in_their_language() {
    let (app, _dir) = app_with_portal().await;
    let res = app.get("/no/such/page").await;
    assert_eq!(res.status(), 404);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap_or("")
            .starts_with("text/html")
    );
    assert_eq!(res.text().await.expect("body"), "english not found");
    assert_eq!(
        body(&app, "/ja/no-such-page").await,
        (404, "japanese not found".into())
    );
    assert_eq!(body(&app, "/docs/no-such-page/").await.0, 404);
    assert_eq!(body(&app, "/assets/js/").await.0, 404);
    assert_eq!(body(&app, "/../Cargo.toml").await.0, 404);
    assert_eq!(body(&app, "/assets/../../etc/passwd").await.0, 404);
}

#[tokio::test]
async fn hashed_assets_are_cached_forever_and_pages_revalidated() {
    let (app, _dir) = app_with_portal().await;
    let res = app.get("/assets/js/main.abc123.js").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let res = app.get("/docs").await;
    assert_eq!(res.headers()["cache-control"], "no-cache");
}

#[tokio::test]
async fn api_paths_never_fall_through_to_the_portal() {
    let (app, _dir) = app_with_portal().await;
    let res = app.get("/v3/unknown").await;
    assert_eq!(res.status(), 404);
    assert_eq!(json(res).await["code"], "not_found");
}

/// The builds ship `.br` and `.gz` siblings (`tools/precompress.mjs`): a client that accepts
/// one gets that file byte for byte (the markers below are not even valid brotli or gzip, so
/// nothing decoded or re-compressed them), a client that accepts neither gets the plain file.
#[tokio::test]
async fn precompressed_siblings_are_sent_as_they_are_to_clients_that_accept_them() {
    let (app, dir) = app_with_portal().await;
    write_file(dir.path(), "assets/js/main.abc123.js.br", "BROTLI-SIBLING");
    write_file(dir.path(), "assets/js/main.abc123.js.gz", "GZIP-SIBLING");
    let get = |encoding: &'static str| {
        let req = app.client.get(app.url("/assets/js/main.abc123.js"));
        let req = if encoding.is_empty() {
            req
        } else {
            req.header("Accept-Encoding", encoding)
        };
        async move { req.send().await.expect("sent") }
    };
    for (accept, encoding, bytes) in [
        ("br", Some("br"), "BROTLI-SIBLING"),
        ("gzip, deflate, br", Some("br"), "BROTLI-SIBLING"),
        ("gzip", Some("gzip"), "GZIP-SIBLING"),
        ("", None, "console.log(1)"),
    ] {
        let res = get(accept).await;
        assert_eq!(res.status(), 200, "{accept}");
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .map(|v| v.to_str().expect("ascii")),
            encoding,
            "{accept}"
        );
        assert_eq!(res.headers()["vary"], "accept-encoding", "{accept}");
        assert_eq!(
            res.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert!(
            res.headers()["content-type"]
                .to_str()
                .expect("ascii")
                .contains("javascript"),
            "{accept}: the type of the file, not of its sibling"
        );
        assert_eq!(res.text().await.expect("body"), bytes, "{accept}");
    }
}
