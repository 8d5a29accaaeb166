//! The inbound guides run as written (issue 12 item 8, issue 18 item 7): every
//! ```` ```bash ```` block of `portal/docs/inbound/*.md`, page after page in the sidebar's order,
//! runs in one `bash` against a live server holding `noren demo`'s data, from the English pages
//! and from the Japanese ones. Only what a reader would change is substituted: the partner key
//! `make run` printed (`ipk_test_...`; the platform it printed is the pages' `demo-ota`), this
//! server's address for `http://127.0.0.1:8080`, and, for the notification step, a receiver this
//! test starts for the page's URL `https://platform.example/noren/notifications`. The `noren`
//! commands of the pages run this build's binary on the server's database. `curl` fails on an
//! HTTP error (`--fail-with-body`), so a call that does not answer 2xx fails the test; the
//! refusals the pages show (with `curl` without `--fail` and `jq .reason`) are checked in the
//! output. The Japanese pages must also hold the same commands (comments may be translated),
//! which names the page that drifted.

use crate::guides::{self, Guide, Lang};
use noren_testkit::receiver::Receiver;
use noren_testkit::{TestApp, both_databases};
use std::time::Duration;

/// The inbound guides in the sidebar's order.
pub const PAGES: [&str; 6] = [
    "inbound/index.md",
    "inbound/shops-and-courses.md",
    "inbound/booking.md",
    "inbound/notifications.md",
    "inbound/cancelling.md",
    "inbound/refusals.md",
];

/// The notification URL the pages use, replaced by the test's receiver.
const PAGE_RECEIVER: &str = "https://platform.example/noren/notifications";

#[test]
fn the_japanese_inbound_guides_hold_the_same_commands() {
    guides::assert_same_commands(&PAGES);
}

both_databases! {
    async fn the_inbound_guides_run_as_written_against_the_demo(app with guides::fast_webhooks()) {
        run_guides(app, Lang::En).await;
    }

    async fn the_japanese_inbound_guides_run_as_written_against_the_demo(app with guides::fast_webhooks()) {
        run_guides(app, Lang::Ja).await;
    }
}

async fn run_guides(app: TestApp, lang: Lang) {
    if !guides::have("curl", "inbound")
        || !guides::have("jq", "inbound")
        || !guides::have("openssl", "inbound")
    {
        return;
    }
    let keys = guides::demo(&app);
    let text = |k: &str| {
        keys[k]
            .as_str()
            .unwrap_or_else(|| panic!("{k}"))
            .to_string()
    };
    let (partner_key, platform) = (text("partner_key"), text("platform"));
    assert_eq!(platform, "demo-ota", "the pages name the demo platform");
    let base = app.url("").trim_end_matches('/').to_string();
    let rx = Receiver::start().await;

    // `noren` on PATH is this build, on the server's database (as after `make run`).
    let (_bin_dir, path) = guides::noren_on_path();

    let script = Guide {
        lang,
        pages: &PAGES,
        // `curl` fails on any non-2xx, except the calls that write out their HTTP status
        // (`-w`): the pages' `refused` helper showing a documented refusal, checked below.
        setup: "curl() { case \" $* \" in *\" -w \"*) command curl --silent --show-error \"$@\" ;; *) command curl --fail-with-body --silent --show-error \"$@\" ;; esac; }".into(),
        replace: vec![
            ("http://127.0.0.1:8080", base),
            (PAGE_RECEIVER, rx.url()),
            ("ipk_test_...", partner_key),
        ],
        steps: &[],
        // None: every block runs.
        skip: &[],
    }
    .script();
    assert!(
        script.blocks() >= 12,
        "the guides show the calls with runnable examples ({} blocks)",
        script.blocks()
    );

    // The receiver saves what it got where the notification page reads it
    // (`notification.json`, `notification-signature.txt`), as the page's receiver does,
    // while the script runs (the page waits for these files).
    let mut bash = script.command();
    let mut run = Box::pin(
        bash.env("PATH", path)
            .env("NOREN_DATABASE_URL", &app.database_url)
            .env("NOREN_DATA_DIR", app.data_dir())
            .output(),
    );
    let work = script.dir();
    let mut saved = false;
    let out = loop {
        tokio::select! {
            out = &mut run => break out,
            got = rx.wait_for(1, Duration::from_secs(600)), if !saved => {
                let n = &got[0];
                std::fs::write(work.join("notification-signature.txt"), n.header("noren-signature")).expect("write");
                std::fs::write(work.join("notification.tmp"), &n.body).expect("write");
                std::fs::rename(work.join("notification.tmp"), work.join("notification.json")).expect("rename");
                saved = true;
            }
        }
    };
    let out = out.expect("bash runs");
    let said = guides::said(&out);
    assert!(
        out.status.success(),
        "a guide's example failed ({lang:?}):\n{said}"
    );

    // The shops were found in English and in Japanese.
    assert!(
        said.contains("Sushi Sakura Ginza"),
        "the English search:\n{said}"
    );
    assert!(
        said.contains("居酒屋 たぬき 新宿"),
        "the Japanese search:\n{said}"
    );
    // The documented refusals printed their reasons.
    for refusal in [
        "409 \"duplicate_origin_number\"",
        "409 \"outside_course_hours\"",
        "409 \"party_size\"",
        "409 \"cutoff_passed\"",
        "409 \"course_mix\"",
        "403 \"updates_disabled\"",
        "409 \"status_conflict\"",
        "409 \"cancellation_not_allowed\"",
    ] {
        assert!(
            said.contains(refusal),
            "the guide shows the refusal {refusal}:\n{said}"
        );
    }
    assert!(
        said.contains("200 image/png"),
        "the signed image link answers:\n{said}"
    );
    // The calendar shows the closed Sunday, and the hold is held, becomes the booking, and a
    // spare one is released.
    assert!(
        said.contains(r#""available":false,"availableSlotCount":0"#),
        "the calendar's Sunday:\n{said}"
    );
    for shown in [
        r#""status":"HELD""#,
        r#"{"status":"RELEASED"}"#,
        "USED true",
    ] {
        assert!(
            said.contains(shown),
            "the hold example shows {shown}:\n{said}"
        );
    }
    assert!(
        said.contains("\"status\":\"PENDING\""),
        "the izakaya's booking is pending:\n{said}"
    );
    assert!(
        said.contains("\"status\":\"CANCELLED\""),
        "the sushi booking is cancelled:\n{said}"
    );

    // The platform got the confirmation, signed with the secret the page's command printed,
    // and the page's own check of the signature said so.
    let got = rx.received();
    let n = got.first().expect("a notification");
    let body = n.json();
    assert_eq!(
        (body["oldStatus"].as_str(), body["newStatus"].as_str()),
        (Some("PENDING"), Some("SUCCESS"))
    );
    assert_eq!(body["changedBy"], "merchant");
    let secret = said
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .find(|w| w.starts_with("whsec_"))
        .unwrap_or_else(|| panic!("the page prints the platform's test secret:\n{said}"));
    let now = app.state().clock.now().timestamp();
    assert!(
        noren::webhooks::signing::verify(n.header("noren-signature"), &n.body, secret, now, 300),
        "the notification is signed with the printed secret"
    );
    assert!(
        said.contains("signature ok"),
        "the page's check accepts it:\n{said}"
    );
}
