//! The ordering guides run as written (issue 11 item 8, issue 18 item 7): every
//! ```` ```bash ```` block of `portal/docs/order/*.md`, page after page in the sidebar's order,
//! runs in one `bash` against a live server holding `noren demo`'s data, from the English pages
//! and from the Japanese ones. Only two things are substituted, as a reader would: the key
//! `make run` printed for `sk_test_...`, and this server's address for `http://127.0.0.1:8080`.
//! `curl` fails on an HTTP error (`--fail-with-body`), so a call that does not answer 2xx fails
//! the test with the script's output. The Japanese pages must also hold the same commands
//! (comments may be translated), which names the page that drifted.

use crate::guides::{self, Guide, Lang};
use noren_testkit::{TestApp, both_databases};

/// The order guides in the sidebar's order.
pub const PAGES: [&str; 4] = [
    "order/index.md",
    "order/creating-order.md",
    "order/delivery-addresses.md",
    "order/menu-archive.md",
];

#[test]
fn the_japanese_guides_hold_the_same_commands() {
    guides::assert_same_commands(&PAGES);
}

both_databases! {
    async fn the_order_guides_run_as_written_against_the_demo(app) {
        run_guides(app, Lang::En).await;
    }

    async fn the_japanese_order_guides_run_as_written_against_the_demo(app) {
        run_guides(app, Lang::Ja).await;
    }
}

async fn run_guides(app: TestApp, lang: Lang) {
    if !guides::have("curl", "ordering") || !guides::have("jq", "ordering") {
        return;
    }
    let key = guides::demo(&app)["merchant_key"]
        .as_str()
        .expect("merchant_key")
        .to_string();
    let base = app.url("").trim_end_matches('/').to_string();
    let script = Guide {
        lang,
        pages: &PAGES,
        setup: "curl() { command curl --fail-with-body --silent --show-error \"$@\"; }".into(),
        replace: vec![("http://127.0.0.1:8080", base), ("sk_test_...", key)],
        steps: &[],
        // None: every block runs.
        skip: &[],
    }
    .script();
    assert!(
        script.blocks() >= 10,
        "the guides show the calls with runnable examples ({} blocks)",
        script.blocks()
    );
    let said = script.run_to_success(lang).await;

    // The menu archive guide reverts its import: the menus are gone again.
    assert!(
        said.contains(r#"{"status":"reverted","finished":true}"#),
        "the import is reverted:\n{said}"
    );
    // The demo's image link is served by this server, and its description is in Japanese.
    assert!(
        said.contains("200 image/svg+xml"),
        "the demo's image is served:\n{said}"
    );
    assert!(
        said.contains("渋谷のラーメン、餃子、ドリンク。"),
        "the shop's description in Japanese:\n{said}"
    );
    // The menu archive guide ends by showing the imported menus on the shop read.
    assert!(
        said.contains(r#"["春のそば","桜餅"]"#),
        "the imported menus show on the shop:\n{said}"
    );
    // The dine-in guide ends with a paid order the kitchen finished, and a refunded one.
    use noren::db::entities::cafeteria_order;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    for status in [20, 30] {
        let n = cafeteria_order::Entity::find()
            .filter(cafeteria_order::Column::Status.eq(status))
            .all(app.db())
            .await
            .expect("read")
            .len();
        assert_eq!(
            n, 1,
            "one order in status {status} after the guide:\n{said}"
        );
    }
}
