//! The overview and the payment guides run as written (issue 18, item 7): every
//! ```` ```bash ```` block of `portal/docs/index.md` and `portal/docs/payments/*`, page after
//! page in the sidebar's order, runs in one `bash` against a live server holding `noren demo`'s
//! data, from the English pages and from the Japanese ones. Only what the pages tell the reader
//! to substitute is substituted: the merchant key `make run` printed, in `NOREN_KEY`; this
//! server's address for `http://127.0.0.1:8080`; the reader's webhook URL
//! (`https://shop.example/noren/webhook`) and the receiver on port 3000 (`http://localhost:3000`),
//! each replaced by a receiver this test starts that checks signatures as the webhook page's
//! receivers do; and the example token and payment number, replaced by the ones the reader took
//! from earlier answers as the pages say ([`STEPS`]). What the pages say in words happens
//! between blocks: the customer chooses a brand in the hosted checkout (through the checkout
//! page's own calls). `curl` fails on an HTTP error (`--fail-with-body`), so a call that does not
//! answer 2xx fails the test with the script's output. Afterwards the answers are checked
//! against what the pages say of them, and the answers the pages show as JSON (a payment, an
//! attempt, the brands, a refund, a webhook event) against the real ones, field by field.

use crate::guides::{self, Block, Guide, Lang, Skip, Step, assert_shown};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use noren_testkit::{TestApp, both_databases, eventually};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The overview and the payment guides in the sidebar's order.
pub const PAGES: [&str; 6] = [
    "index.md",
    "payments/index.md",
    "payments/refunds.md",
    "payments/idempotency.md",
    "payments/webhooks.mdx",
    "payments/webhook-endpoints.mdx",
];

/// The token and payment number of the pages' examples.
const PAGE_TOKEN: &str = "tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a";
const PAGE_PAYMENT_NUMBER: &str = "4829301746502918";
/// The reader's webhook URL, given when the payment is created.
const PAGE_WEBHOOK_URL: &str = "https://shop.example/noren/webhook";
/// The webhook page's receivers listen on port 3000.
const PAGE_RECEIVER: &str = "http://localhost:3000";
/// The test vector's `v1`, which the page's `openssl` line prints.
const PAGE_V1: &str = "62e0b8b11b9b426dfb3cb6a2e1e1c61dd123f1e4078adfa12923d93b94da6627";
/// The webhook page's test secret, which its hand-signed event uses; the port-3000 receiver
/// holds it as its (live) secret.
const PAGE_SECRET: &str = "whsec_Yb7fQ2xM9cK4pL1nR8sT3vW6zA0dE5gH";

const fn block(page: &'static str, holding: &'static str) -> Block {
    Block { page, holding }
}

/// The blocks, by what only they hold.
const CREATE: Block = block("payments/index.md", "order_no=A-1001&redirection_url");
const CREATE_FORM: Block = block("payments/index.md", "order_no=A-1002");
/// Reading the payment: its token's path and nothing after it.
const READ: Block = block(
    "payments/index.md",
    "predefined_payments/tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a\n",
);
const LIST: Block = block("payments/index.md", "time_start=");
const UPDATE: Block = block("payments/index.md", "invalidated=true");
const AVAILABLE: Block = block("payments/index.md", "/available_payments");
const APPROVE: Block = block("payments/index.md", "/approve");
const REFUND: Block = block("payments/refunds.md", "universal_payments/refund");
const IDEMPOTENT: Block = block("payments/idempotency.md", "order_no=A-2001");
const VECTOR: Block = block("payments/webhooks.mdx", "openssl dgst -sha256 -hmac whsec_");
const HAND_SIGNED: Block = block("payments/webhooks.mdx", "localhost:3000/noren/webhook");
const LOG: Block = block("payments/webhooks.mdx", "webhook_events?payment_number=");
const REDELIVER: Block = block("payments/webhooks.mdx", "/redeliver");
const WHOAMI: Block = block("index.md", "whoami");
/// The endpoints page (issue 34): its endpoint's URL, and its blocks.
const PAGE_ENDPOINT_URL: &str = "https://shop.example/noren/endpoint";
const ENDPOINT_CREATE: Block = block("payments/webhook-endpoints.mdx", "description=Fulfilment");
const ENDPOINT_LIST: Block = block(
    "payments/webhook-endpoints.mdx",
    ".data[] | {url, enabled_events}",
);
const ENDPOINT_TEST: Block = block("payments/webhook-endpoints.mdx", "event_type=payment.paid");
const ENDPOINT_LOG: Block = block("payments/webhook-endpoints.mdx", "deliveries?limit=1");
const ENDPOINT_ROTATE: Block = block("payments/webhook-endpoints.mdx", "rotate_secret");
const ENDPOINT_RECOVER: Block = block("payments/webhook-endpoints.mdx", "/recover");
const SHOWN_ENDPOINT: Block = block(
    "payments/webhook-endpoints.mdx",
    "\"disabled\":false,\"livemode\"",
);
const SHOWN_ENDPOINT_TEST: Block = block("payments/webhook-endpoints.mdx", "\"test\":true");
const SHOWN_ENDPOINT_LOG: Block = block(
    "payments/webhook-endpoints.mdx",
    "\"outcome\":\"succeeded\"",
);
const SHOWN_ENDPOINT_ROTATE: Block = block("payments/webhook-endpoints.mdx", "\"new_secret\"");
const SHOWN_ENDPOINT_RECOVER: Block = block("payments/webhook-endpoints.mdx", "\"queued\"");
const OVERVIEW_CREATE: Block = block("index.md", "order_no=A-0001");

/// The answers the pages show, by what only their ```` ```json ```` block holds.
const SHOWN_CREATE: Block = block("payments/index.md", "\"predefined_payment\"");
const SHOWN_ATTEMPT: Block = block("payments/index.md", "\"history\"");
const SHOWN_LIST: Block = block("payments/index.md", "\"total\"");
const SHOWN_BRANDS: Block = block("payments/index.md", "image_url_inline");
const SHOWN_REFUND: Block = block("payments/refunds.md", "result_code");
const SHOWN_EVENT: Block = block("payments/webhooks.mdx", "partner_order_no");

/// What the reader does that the pages say in words: each runs after its block, which saved
/// its output in `$ANSWER`.
const STEPS: [Step; 4] = [
    // "Keep the `token`: it identifies the payment in every later call."
    Step {
        after: CREATE,
        shell: r#"TOKEN=$(jq -r .predefined_payment.token "$ANSWER")"#,
    },
    // "Send the customer to the checkout": the customer opens the first payment's `url` and
    // chooses the first brand it offers, with a 100 yen tip, as the checkout page does for them.
    Step {
        after: CREATE_FORM,
        shell: r#"BRAND=$(curl "$BASE/checkout/api/$TOKEN" | jq -r '.brands[0].payment')
curl -X POST "$BASE/checkout/api/$TOKEN/attempts" -H 'Content-Type: application/json' \
  -d "{\"payment_method\": \"$BRAND\", \"tip\": 100}" > /dev/null"#,
    },
    // "once the customer has chosen a brand (take the `payment_number` from
    // `associated_payments`)".
    Step {
        after: READ,
        shell: r#"PAYMENT_NUMBER=$(jq -r '.associated_payments[-1].payment_number' "$ANSWER")"#,
    },
    // The event to redeliver comes from the log ("as in the `Noren-Event-Id` header"); the
    // reader sends it again once its delivery is over (one under way answers 409). The shell's
    // `sleep` is the reader's, not the test's: a real delivery over the network to the reader's
    // receiver is awaited, polled at most 100 times, as a reader running the guide would.
    Step {
        after: LOG,
        shell: r#"EVENT_ID=$(jq -r '.data[0].id' "$ANSWER")
for _ in $(seq 100); do
  STATUS=$(curl "$BASE/v3/webhook_events?payment_number=$PAYMENT_NUMBER" -H "X-Auth-API-Key: $NOREN_KEY" \
    | jq -r --arg id "$EVENT_ID" '.data[] | select(.id == $id) | .status')
  [ "$STATUS" = pending ] || break
  sleep 0.1
done"#,
    },
];

/// None: every block of these pages runs as written.
const SKIPPED: [Skip; 0] = [];

#[test]
fn the_japanese_payment_guides_hold_the_same_commands() {
    guides::assert_same_commands(&PAGES);
}

both_databases! {
    async fn the_payment_guides_run_as_written_against_the_demo(app with guides::fast_webhooks()) {
        run_guides(app, Lang::En).await;
    }

    async fn the_japanese_payment_guides_run_as_written_against_the_demo(app with guides::fast_webhooks()) {
        run_guides(app, Lang::Ja).await;
    }
}

async fn run_guides(app: TestApp, lang: Lang) {
    if !guides::have("curl", "payment")
        || !guides::have("jq", "payment")
        || !guides::have("openssl", "payment")
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
    let base = app.url("").trim_end_matches('/').to_string();
    // The shop's receiver (test mode, the demo's test secret) and the webhook page's receiver
    // on port 3000 (a production one: live mode, the page's secret).
    let shop = PageReceiver::start(text("webhook_secret"), false).await;
    let port_3000 = PageReceiver::start(PAGE_SECRET.to_string(), true).await;
    // The endpoints page's receiver: it keeps what it gets; its secret is the page's answer.
    let endpoint_rx = noren_testkit::receiver::Receiver::start().await;
    let shop_url = format!("{}/noren/webhook", shop.base());
    let token_path = format!("predefined_payments/{PAGE_TOKEN}");
    let number_path = format!("payments/{PAGE_PAYMENT_NUMBER}/");
    let number_value = format!("payment_number={PAGE_PAYMENT_NUMBER}");

    let script = Guide {
        lang,
        pages: &PAGES,
        setup: format!(
            "curl() {{ command curl --fail-with-body --silent --show-error \"$@\"; }}\n\
             export NOREN_KEY={}\nBASE={base}",
            text("merchant_key")
        ),
        replace: vec![
            ("http://127.0.0.1:8080", base.clone()),
            (PAGE_WEBHOOK_URL, shop_url.clone()),
            (PAGE_ENDPOINT_URL, endpoint_rx.url()),
            (
                "https%3A%2F%2Fshop.example%2Fnoren%2Fwebhook",
                shop_url.replace(':', "%3A").replace('/', "%2F"),
            ),
            (PAGE_RECEIVER, port_3000.base()),
            // The token and payment number in paths and query values (not in the webhook
            // page's example bodies, which stay as they are).
            (&token_path, "predefined_payments/$TOKEN".into()),
            (&number_path, "payments/$PAYMENT_NUMBER/".into()),
            (&number_value, "payment_number=$PAYMENT_NUMBER".into()),
        ],
        steps: &STEPS,
        skip: &SKIPPED,
    }
    .script();
    assert!(
        script.blocks() >= 15,
        "the guides show the calls with runnable examples ({} blocks)",
        script.blocks()
    );
    let said = script.run_to_success(lang).await;
    let answer = |b: Block| script.json(b);
    let shown = |b: Block| guides::shown(lang, b);

    // The overview: the key's shop, and a payment with its checkout url.
    assert_eq!(
        answer(WHOAMI)["shop"]["number"],
        keys["shop_number"],
        "{said}"
    );
    let first = answer(OVERVIEW_CREATE);
    assert_eq!(first["predefined_payment"]["order_no"], "A-0001");
    let checkout = |answer: &serde_json::Value| {
        format!(
            "{base}/checkout/{}",
            answer["predefined_payment"]["token"]
                .as_str()
                .expect("a token")
        )
    };
    assert_eq!(first["url"], checkout(&first));

    // The payments guide: created (by query and by form), chosen, read, listed, invalidated,
    // its brands, approved in the sandbox.
    let created = answer(CREATE);
    let token = created["predefined_payment"]["token"]
        .as_str()
        .expect("a token")
        .to_string();
    assert_ne!(token, PAGE_TOKEN);
    assert_eq!(created["url"], checkout(&created));
    let p = &created["predefined_payment"];
    assert_eq!(
        json!([
            p["order_no"],
            p["amount"],
            p["tip_vas_enabled"],
            p["started"],
            p["redirection_url"]
        ]),
        json!(["A-1001", 1000, true, false, "https://shop.example/thanks"]),
        "{created}"
    );
    assert_shown(&shown(SHOWN_CREATE), &created, "the created payment");
    let form = answer(CREATE_FORM);
    assert_eq!(form["predefined_payment"]["order_no"], "A-1002");
    assert_eq!(form["predefined_payment"]["tip_vas_enabled"], true);

    let read = answer(READ);
    assert_eq!(
        json!([read["token"], read["started"]]),
        json!([token, true]),
        "{read}"
    );
    let attempt = &read["associated_payments"][0];
    assert_eq!(
        attempt["status"], 0,
        "the customer's attempt is open: {read}"
    );
    let number = attempt["payment_number"]
        .as_str()
        .expect("a payment number");
    assert_ne!(number, PAGE_PAYMENT_NUMBER);
    // The page abbreviates the listed payments (`{"token": "…"}`): the page's fields only.
    let (mut list, mut shows) = (answer(LIST), shown(SHOWN_LIST));
    assert!(list["data"][0]["token"].is_string(), "{list}");
    (list["data"], shows["data"]) = (json!([]), json!([]));
    assert_shown(&shows, &list, "the list");
    assert_eq!(answer(UPDATE)["invalidated"], true);
    let brands = answer(AVAILABLE);
    assert_eq!(
        brands[0]["payment"], attempt["payment_method"],
        "the checkout offered the same brands: {brands}"
    );
    assert_shown(&shown(SHOWN_BRANDS), &brands, "the available brands");
    let approved = answer(APPROVE);
    assert_eq!(approved["fulfilled"], true, "{approved}");
    assert_eq!(approved["associated_payments"][0]["status"], 10);
    assert_shown(
        &shown(SHOWN_ATTEMPT),
        &approved["associated_payments"][0],
        "the paid attempt",
    );

    // Refunds: 2000, the attempt refunded, tip included.
    let refund = answer(REFUND);
    assert_eq!(refund["result_code"], 2000, "{refund}");
    assert_shown(&shown(SHOWN_REFUND), &refund, "the refund");
    let r = &refund["payment"];
    assert_eq!(
        json!([r["payment_number"], r["status"], r["amount"]]),
        json!([number, 30, 1100]),
        "{refund}"
    );

    // Idempotency: the keyed create answered.
    assert_eq!(
        answer(IDEMPOTENT)["predefined_payment"]["order_no"],
        "A-2001"
    );

    // Webhooks: the test vector, the hand-signed event accepted by the port-3000 receiver, the
    // delivery log with both events, and the redelivery.
    assert!(script.answer(VECTOR).contains(PAGE_V1), "{said}");
    let hand = script.answer(HAND_SIGNED);
    assert!(
        hand.starts_with("HTTP/1.1 204"),
        "the receiver accepts the hand-signed event: {hand}"
    );
    assert_eq!(port_3000.accepted().len(), 1);
    let log = answer(LOG);
    let mut kinds: Vec<&str> = log["data"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["payment_status"].as_str().expect("a status"))
        .collect();
    kinds.sort_unstable();
    assert_eq!(kinds, ["paid", "refunded"], "{log}");
    assert_shown(
        &shown(SHOWN_EVENT),
        &log["data"][0]["body"],
        "the logged event's body",
    );
    assert_eq!(answer(REDELIVER)["id"], log["data"][0]["id"]);

    // The shop's receiver got the paid and the refunded events and the redelivery, each signed
    // with the demo's test secret; neither receiver refused anything.
    let got = shop.wait_for(3, Duration::from_secs(10)).await;
    for body in &got {
        let event: serde_json::Value = serde_json::from_str(body).expect("JSON");
        assert_shown(&shown(SHOWN_EVENT), &event, "the delivered event");
        assert_eq!(
            json!([event["token"], event["payment_number"], event["livemode"]]),
            json!([token, number, false]),
            "{event}"
        );
    }
    assert_eq!(shop.refused(), 0, "the shop's receiver refused an event");
    endpoints_page(&app, &script, lang, &endpoint_rx, &said).await;
    assert_eq!(
        port_3000.refused(),
        0,
        "the port-3000 receiver refused an event"
    );
}

/// The endpoints page (issue 34): its endpoint made and listed, its test event received and
/// verified (Standard Webhooks and `Noren-Signature`) with the secret the page printed, the log
/// with the receiver's answer, a rotation, a recovery of an hour with nothing to send.
async fn endpoints_page(
    app: &TestApp,
    script: &guides::Script,
    lang: Lang,
    rx: &noren_testkit::receiver::Receiver,
    said: &str,
) {
    let shown = |b: Block| guides::shown(lang, b);
    let line = |b: Block| -> serde_json::Value {
        serde_json::from_str(script.answer(b).trim()).unwrap_or_else(|e| panic!("{e}: {said}"))
    };
    let created = line(ENDPOINT_CREATE);
    assert_eq!(
        created["enabled_events"],
        json!(["payment.paid", "payment.refunded"]),
        "{said}"
    );
    assert_eq!(
        (created["disabled"].clone(), created["livemode"].clone()),
        (json!(false), json!(false))
    );
    assert_shown(&shown(SHOWN_ENDPOINT), &created, "the created endpoint");
    assert_eq!(
        line(ENDPOINT_LIST)["enabled_events"],
        created["enabled_events"]
    );
    for (ran, page) in [
        (ENDPOINT_TEST, SHOWN_ENDPOINT_TEST),
        (ENDPOINT_LOG, SHOWN_ENDPOINT_LOG),
        (ENDPOINT_ROTATE, SHOWN_ENDPOINT_ROTATE),
        (ENDPOINT_RECOVER, SHOWN_ENDPOINT_RECOVER),
    ] {
        assert_eq!(
            line(ran),
            shown(page),
            "{} as the page shows it: {said}",
            ran.holding
        );
    }
    // The test event reached the receiver, signed with the endpoint's first secret.
    let got = rx.wait_for(1, Duration::from_secs(10)).await;
    let r = &got[0];
    assert_eq!(r.json()["test"], true);
    let now = chrono::Utc::now().timestamp();
    let verifies = |secret: &str| {
        noren::webhooks::signing::verify_standard(
            r.header("webhook-id"),
            r.header("webhook-timestamp"),
            r.header("webhook-signature"),
            &r.body,
            secret,
            now,
            300,
        ) && noren::webhooks::signing::verify(
            r.header("noren-signature"),
            &r.body,
            secret,
            now,
            300,
        )
    };
    // The endpoint's secrets as Noren keeps them (the first, and the one the page rotated to).
    use sea_orm::EntityTrait;
    let endpoint = noren::db::entities::webhook_endpoint::Entity::find()
        .all(app.db())
        .await
        .expect("endpoints")
        .pop()
        .expect("the page's endpoint");
    let state = app.state();
    let secrets = noren::webhooks::endpoints::signing_secrets(
        app.db(),
        &state.secret_box,
        endpoint.id,
        state.clock.now(),
    )
    .await
    .expect("secrets")
    .at(state.clock.now());
    assert_eq!(
        secrets.len(),
        2,
        "the rotation's overlap: the new secret and the first"
    );
    assert!(
        secrets.iter().any(|s| verifies(s)),
        "the test event verifies with the endpoint's secret"
    );
}

/// A webhook receiver as the webhook page's examples write it: it checks `Noren-Signature`
/// with its secret (within 300 s of its own clock) and the body's `livemode` against its mode,
/// answers `204`, or `400` when either is wrong; it keeps the bodies it accepted.
struct PageReceiver {
    addr: SocketAddr,
    seen: Arc<Seen>,
    task: tokio::task::JoinHandle<()>,
}

struct Seen {
    secret: String,
    livemode: bool,
    accepted: Mutex<Vec<String>>,
    refused: Mutex<usize>,
}

impl PageReceiver {
    async fn start(secret: String, livemode: bool) -> PageReceiver {
        let seen = Arc::new(Seen {
            secret,
            livemode,
            accepted: Mutex::new(Vec::new()),
            refused: Mutex::new(0),
        });
        let app = axum::Router::new()
            .route("/noren/webhook", axum::routing::post(receive))
            .with_state(seen.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("receiver binds");
        let addr = listener.local_addr().expect("receiver address");
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        PageReceiver { addr, seen, task }
    }

    /// `http://127.0.0.1:PORT`
    fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn accepted(&self) -> Vec<String> {
        self.seen.accepted.lock().expect("lock").clone()
    }

    fn refused(&self) -> usize {
        *self.seen.refused.lock().expect("lock")
    }

    /// Waits until `n` events were accepted (panics after `timeout`).
    async fn wait_for(&self, n: usize, timeout: Duration) -> Vec<String> {
        eventually(
            &format!("the receiver accepts {n} events"),
            timeout,
            || async {
                let got = self.accepted();
                if got.len() >= n {
                    Ok(got)
                } else {
                    Err(format!("{got:#?}"))
                }
            },
        )
        .await
    }
}

impl Drop for PageReceiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn receive(State(seen): State<Arc<Seen>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let body = String::from_utf8_lossy(&body).into_owned();
    let header = headers
        .get("noren-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let signed = noren::webhooks::signing::verify(header, &body, &seen.secret, now, 300);
    let livemode = serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|e| e["livemode"].as_bool());
    if signed && livemode == Some(seen.livemode) {
        seen.accepted.lock().expect("lock").push(body);
        StatusCode::NO_CONTENT
    } else {
        *seen.refused.lock().expect("lock") += 1;
        StatusCode::BAD_REQUEST
    }
}
