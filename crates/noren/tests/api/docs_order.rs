//! The ordering guides run as written (issue 11 item 8): every ```` ```bash ```` block of
//! `portal/docs/order/*.md`, page after page in the sidebar's order, runs in one `bash` against
//! a live server holding `noren demo`'s data. Only two things are substituted, as a reader
//! would: the key `make run` printed for `sk_test_...`, and this server's address for
//! `http://127.0.0.1:8080`. `curl` fails on an HTTP error (`--fail-with-body`), so a call that
//! does not answer 2xx fails the test with the script's output. The Japanese pages must hold
//! the same commands (comments may be translated).

use crate::guides;
use noren_testkit::both_databases;

/// The order guides in the sidebar's order.
const PAGES: [&str; 4] = [
    "index.md",
    "creating-order.md",
    "delivery-addresses.md",
    "menu-archive.md",
];

#[test]
fn the_japanese_guides_hold_the_same_commands() {
    guides::assert_same_commands("order", &PAGES);
}

both_databases! {
    async fn the_order_guides_run_as_written_against_the_demo(app) {
        if !guides::have("curl", "ordering") || !guides::have("jq", "ordering") {
            return;
        }
        let key = guides::demo(&app)["merchant_key"]
            .as_str()
            .expect("merchant_key")
            .to_string();
        let base = app.url("").trim_end_matches('/').to_string();
        let mut script = String::from(
            "set -euo pipefail\ncurl() { command curl --fail-with-body --silent --show-error \"$@\"; }\n",
        );
        let mut ran = 0;
        for name in PAGES {
            for block in guides::bash_blocks(&guides::page("order", name)) {
                script.push_str(&format!("echo '>>> {name}'\n"));
                script.push_str(&block.replace("http://127.0.0.1:8080", &base).replace("sk_test_...", &key));
                ran += 1;
            }
        }
        assert!(ran >= 10, "the guides show the calls with runnable examples ({ran} blocks)");
        let work = tempfile::tempdir().expect("a working directory");
        let out = tokio::process::Command::new("bash")
            .arg("-c")
            .arg(&script)
            .current_dir(work.path())
            .output()
            .await
            .expect("bash runs");
        let said = format!(
            "{}\n--- stderr ---\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "a guide's example failed:\n{said}");

        // The menu archive guide ends by showing the imported menus on the shop read.
        assert!(said.contains(r#"["春のそば","桜餅"]"#), "the imported menus show on the shop:\n{said}");
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
            assert_eq!(n, 1, "one order in status {status} after the guide:\n{said}");
        }
    }
}
