//! The testing guides run as written (issue 35, item 4): every ```` ```bash ```` block of
//! `portal/docs/testing/*`, in English and in Japanese, in one `bash` against a live server
//! holding `noren demo`'s data, with the merchant key `make run` printed in `NOREN_KEY`. Only
//! what the pages tell the reader to substitute is substituted: this server's address for
//! `http://127.0.0.1:8080`, and the example token and payment number by the ones the reader took
//! from earlier answers. What the page says in words happens between blocks: the customer
//! chooses a brand in the hosted checkout (through the checkout page's own calls). Afterwards
//! the answers are checked against what the page says of them.

use crate::guides::{self, Block, Guide, Lang, Skip, Step, assert_shown};
use noren_testkit::{TestApp, both_databases};

/// The testing guides in the sidebar's order.
pub const PAGES: [&str; 2] = ["testing/test-clocks.md", "testing/local-loop.md"];

/// The official clients' guide: its examples build the clients with npm and pip and run them,
/// so `make clients` runs them (`clients/guide.py`, called by `clients/run.sh`), against the
/// server it starts, in English and in Japanese.
pub const RUN_BY_CLIENTS: [&str; 1] = ["testing/clients.md"];

const PAGE_TOKEN: &str = "tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a";
const PAGE_PAYMENT_NUMBER: &str = "4829301746502918";

const fn block(page: &'static str, holding: &'static str) -> Block {
    Block { page, holding }
}

const CREATE_CLOCK: Block = block("testing/test-clocks.md", "name=walkthrough");
const EXPIRING: Block = block("testing/test-clocks.md", "expires_after=3600");
const TWO_HOURS: Block = block("testing/test-clocks.md", "2027-01-15T11:00:00Z");
const READ: Block = block("testing/test-clocks.md", "simple=true");
const TO_BE_PAID: Block = block("testing/test-clocks.md", "amount=1500");
const APPROVE: Block = block("testing/test-clocks.md", "/approve");
const NINETY_ONE_DAYS: Block = block("testing/test-clocks.md", "2027-04-16T11:00:00Z");
const REFUND: Block = block("testing/test-clocks.md", "universal_payments/refund");
const DELETE: Block = block(
    "testing/test-clocks.md",
    "DELETE \"http://127.0.0.1:8080/v3/test_clock",
);
const PLATFORM_CLOCK: Block = block("testing/test-clocks.md", "\"name\": \"cancellation rules\"");
const PLATFORM_ADVANCE: Block = block("testing/test-clocks.md", "2027-01-20T09:00:00+09:00");
const PLATFORM_DELETE: Block = block(
    "testing/test-clocks.md",
    "DELETE \"http://127.0.0.1:8080/v3/inbound-external",
);
const TRIGGER: Block = block("testing/local-loop.md", "noren trigger payment.refunded");
const TRIGGER_RESERVATION: Block = block(
    "testing/local-loop.md",
    "noren trigger reservation.confirmed",
);
const TAIL: Block = block("testing/local-loop.md", "noren logs tail");
const SHOWN_CLOCK: Block = block("testing/test-clocks.md", "\"walkthrough\"");
const SHOWN_REFUND: Block = block("testing/test-clocks.md", "result_code");

const STEPS: [Step; 2] = [
    // "Keep the `token` of the answer."
    Step {
        after: EXPIRING,
        shell: r#"TOKEN=$(jq -r .predefined_payment.token "$ANSWER")"#,
    },
    // "once the customer has chosen a brand in the checkout": the first brand it offers, as
    // the checkout page does for them; the attempt's number is in the checkout's answer.
    Step {
        after: TO_BE_PAID,
        shell: r#"PAID_TOKEN=$(jq -r .predefined_payment.token "$ANSWER")
BRAND=$(curl "$BASE/checkout/api/$PAID_TOKEN" | jq -r '.brands[0].payment')
PAYMENT_NUMBER=$(curl -X POST "$BASE/checkout/api/$PAID_TOKEN/attempts" -H 'Content-Type: application/json' \
  -d "{\"payment_method\": \"$BRAND\", \"tip\": 0}" | jq -r .attempt.payment_number)"#,
    },
];

/// `noren listen` runs until it is stopped; `listen.rs` runs it against a server and a receiver.
const SKIPPED: [Skip; 1] = [Skip {
    block: block("testing/local-loop.md", "noren listen --forward-to"),
    why: "runs until interrupted; tests/api/listen.rs runs it against a live server and receiver",
}];

#[test]
fn the_japanese_testing_guides_hold_the_same_commands() {
    guides::assert_same_commands(&PAGES);
    guides::assert_same_commands(&RUN_BY_CLIENTS);
}

#[test]
fn make_clients_runs_the_clients_guide() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let run = std::fs::read_to_string(root.join("clients/run.sh")).expect("clients/run.sh");
    assert!(
        run.contains("guide.py"),
        "clients/run.sh runs clients/guide.py"
    );
    let guide = std::fs::read_to_string(root.join("clients/guide.py")).expect("clients/guide.py");
    for page in RUN_BY_CLIENTS {
        assert!(
            guide.contains(&format!(
                "docs/testing/{}",
                page.trim_start_matches("testing/")
            )),
            "{page}"
        );
    }
}

both_databases! {
    async fn the_testing_guides_run_as_written_against_the_demo(app) {
        run_guides(app, Lang::En).await;
    }

    async fn the_japanese_testing_guides_run_as_written_against_the_demo(app) {
        run_guides(app, Lang::Ja).await;
    }
}

async fn run_guides(app: TestApp, lang: Lang) {
    if !guides::have("curl", "testing") || !guides::have("jq", "testing") {
        return;
    }
    let keys = guides::demo(&app);
    let key = keys["merchant_key"].as_str().expect("merchant key");
    let partner_key = keys["partner_key"].as_str().expect("partner key");
    assert_eq!(
        keys["platform"], "demo-ota",
        "the page names the demo platform"
    );
    let base = app.url("").trim_end_matches('/').to_string();
    let token_path = format!("predefined_payments/{PAGE_TOKEN}");
    let number_path = format!("payments/{PAGE_PAYMENT_NUMBER}/");
    let number_value = format!("payment_number={PAGE_PAYMENT_NUMBER}");
    let script = Guide {
        lang,
        pages: &PAGES,
        setup: format!(
            "curl() {{ command curl --fail-with-body --silent --show-error \"$@\"; }}\n\
             export NOREN_KEY={key}\nexport NOREN_PARTNER_KEY={partner_key}\nBASE={base}\n\
             export NOREN_API_BASE={base}"
        ),
        // The address the commands default to (`--api-base`) is this server's, as the pages'
        // `http://127.0.0.1:8080` is.
        replace: vec![
            ("http://127.0.0.1:8080", base.clone()),
            (&token_path, "predefined_payments/$TOKEN".into()),
            (&number_path, "payments/$PAYMENT_NUMBER/".into()),
            (&number_value, "payment_number=$PAYMENT_NUMBER".into()),
        ],
        steps: &STEPS,
        skip: &SKIPPED,
    }
    .script();
    assert_eq!(
        script.blocks(),
        15,
        "every block of the pages but `noren listen` runs"
    );
    // `noren` on PATH is this build (as after `make run`).
    let (_bin_dir, path) = guides::noren_on_path();
    let out = script
        .command()
        .env("PATH", path)
        // The operator's commands (`noren device create`, `noren key create`) reach this
        // server's database, as after `make run` they reach `./data`.
        .env("NOREN_DATABASE_URL", &app.database_url)
        .env("NOREN_DATA_DIR", app.data_dir())
        .output()
        .await
        .expect("bash runs");
    let said = guides::said(&out);
    assert!(
        out.status.success(),
        "a guide's example failed ({lang:?}):\n{said}"
    );
    let answer = |b: Block| script.json(b);
    let shown = |b: Block| guides::shown(lang, b);

    // The clock, as the page shows it.
    let clock = answer(CREATE_CLOCK);
    assert_shown(&shown(SHOWN_CLOCK), &clock, "the created clock");
    assert_eq!(clock["frozen_time"], "2027-01-15T09:00:00.000Z", "{said}");
    assert_eq!(clock["name"], "walkthrough");
    // The payment made under it, and how the advance made it expire.
    let created = answer(EXPIRING);
    assert_eq!(
        created["predefined_payment"]["create_time"],
        "2027-01-15T09:00:00.000Z"
    );
    assert_eq!(created["predefined_payment"]["expired"], false);
    assert_eq!(answer(TWO_HOURS)["frozen_time"], "2027-01-15T11:00:00.000Z");
    assert_eq!(answer(READ)["expired"], true, "{said}");
    // Paid at 11:00 on the clock, refused 91 days later.
    let approved = answer(APPROVE);
    assert_eq!(approved["fulfilled"], true);
    assert_eq!(
        approved["associated_payments"][0]["history"][1]["operation_time"],
        "2027-01-15T11:00:00.000Z"
    );
    assert_eq!(answer(NINETY_ONE_DAYS)["status"], "ready");
    let refund = answer(REFUND);
    let page_refund = shown(SHOWN_REFUND);
    assert_eq!(
        (&refund["result_code"], &refund["message"]),
        (&page_refund["result_code"], &page_refund["message"]),
        "the refund answers as the page shows"
    );
    let deleted = answer(DELETE);
    assert_eq!(
        (&deleted["id"], &deleted["deleted"]),
        (&clock["id"], &serde_json::json!(true))
    );
    // The platform's clock, in the inbound API's words, and its own deletion.
    let platform_clock = answer(PLATFORM_CLOCK);
    assert_eq!(platform_clock["frozenTime"], "2027-01-15T18:00:00+09:00");
    assert_eq!(
        answer(PLATFORM_ADVANCE)["frozenTime"],
        "2027-01-20T09:00:00+09:00"
    );
    assert_eq!(answer(PLATFORM_DELETE)["id"], platform_clock["id"]);
    // The trigger drove the sandbox: a payment made, approved and refunded.
    let triggered = script.answer(TRIGGER);
    assert!(
        triggered.contains("approved attempt") && triggered.contains("refunded attempt"),
        "{triggered}"
    );
    // The izakaya's booking, made by the platform and confirmed by the shop.
    let booked = script.answer(TRIGGER_RESERVATION);
    assert!(
        booked.contains("\"PENDING\"") && booked.contains("confirmed reservation rsv_"),
        "{booked}"
    );
    // The key check, as the log showed it.
    let tailed = script.answer(TAIL);
    assert!(tailed.contains(" 200  /v3/api_keys/whoami  "), "{tailed}");
    // Back on real time: the demo shop's next payment is stamped now.
    let next = app.create_payment(key, &[("amount", "100")]).await;
    let t: chrono::DateTime<chrono::Utc> = next["predefined_payment"]["create_time"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("a time");
    assert!((chrono::Utc::now() - t).num_seconds().abs() < 120);
}
