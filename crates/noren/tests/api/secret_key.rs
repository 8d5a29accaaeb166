//! Rotating `NOREN_SECRET_KEY` (issue 21, item 7) through the real binary: secrets written under
//! key A stay readable by a server started with B and `NOREN_SECRET_KEY_PREVIOUS=A` (it signs
//! deliveries with them and accepts links signed with A); `noren secret-key rotate` re-encrypts
//! them under B, `--check` then passes, and afterwards B alone reads everything while A alone
//! reads nothing. A malformed previous key stops start-up like any bad setting.

use noren::db::entities::{inbound_platform_secret, miniprogram_key, webhook_secret};
use noren::db::repo::accounts;
use noren::domain::keys::Mode;
use noren::domain::secret_box::{SecretBox, Under};
use noren::pay::store::shops;
use noren::webhooks::signing::verify;
use noren::webhooks::store as webhooks;
use noren_testkit::receiver::Receiver;
use noren_testkit::{Options, TestApp, both_databases, eventually, fixtures, json};
use sea_orm::{ActiveModelTrait, EntityTrait, QueryOrder, Set};
use std::process::{Child, Command};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_noren");
const WAIT: Duration = Duration::from_secs(10);
/// The key the secrets are first written under (hex).
const KEY_A: &str = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
/// The key rotated to (base64 of 32 bytes: both notations are keys).
const KEY_B: &str = "sbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbGxsbE=";

/// What a `noren` command did: its exit code, stdout and stderr.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `noren ARGS` on the app's database with `keys` (`NOREN_SECRET_KEY…` settings).
async fn noren(app: &TestApp, keys: &[(&'static str, &'static str)], args: &[&str]) -> Run {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("NOREN_DATABASE_URL", &app.database_url)
        .env("NOREN_DATA_DIR", app.data_dir())
        .env_remove("NOREN_SECRET_KEY")
        .env_remove("NOREN_SECRET_KEY_PREVIOUS")
        .envs(keys.iter().copied());
    let out = tokio::task::spawn_blocking(move || cmd.output().expect("runs"))
        .await
        .expect("join");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `noren serve` on the app's database with `keys`, delivering webhooks itself.
async fn serve(app: &TestApp, keys: &[(&'static str, &'static str)]) -> (Child, String) {
    let dir = app.data_dir();
    let mut env = vec![
        ("NOREN_DATA_DIR", dir.as_str()),
        ("NOREN_WEBHOOK_POLL_MS", "20"),
    ];
    env.extend(keys.iter().copied());
    noren_testkit::process::serve(BIN, &app.database_url, &env).await
}

/// Stops a `noren serve` with SIGTERM and waits until it has exited cleanly.
async fn stop(mut server: Child) {
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let exit = tokio::task::spawn_blocking(move || server.wait())
        .await
        .expect("join")
        .expect("wait");
    assert!(exit.success(), "{exit:?}");
}

/// Every stored secret of the three encrypted tables, in table and id order.
async fn stored(app: &TestApp) -> Vec<String> {
    let mut all: Vec<String> = webhook_secret::Entity::find()
        .order_by_asc(webhook_secret::Column::Id)
        .all(app.db())
        .await
        .expect("rows")
        .into_iter()
        .map(|r| r.secret)
        .collect();
    all.extend(
        inbound_platform_secret::Entity::find()
            .order_by_asc(inbound_platform_secret::Column::Id)
            .all(app.db())
            .await
            .expect("rows")
            .into_iter()
            .map(|r| r.secret),
    );
    all.extend(
        miniprogram_key::Entity::find()
            .order_by_asc(miniprogram_key::Column::Id)
            .all(app.db())
            .await
            .expect("rows")
            .into_iter()
            .map(|r| r.secret),
    );
    all
}

/// Pays a test payment whose event goes to `rx`; the app runs no jobs, so the `noren serve`
/// child delivers it. Waits until it is delivered and answers the request received.
async fn paid_and_delivered(
    app: &TestApp,
    m: &fixtures::Merchant,
    rx: &Receiver,
    n: usize,
) -> noren_testkit::receiver::Received {
    let url = rx.url();
    let created = app
        .create_payment(
            &m.key,
            &[("amount", "1000"), ("webhook_callback_url", &url)],
        )
        .await;
    let token = created["predefined_payment"]["token"]
        .as_str()
        .expect("token");
    app.pay(token, "paypay").await;
    let got = rx.wait_for(n, WAIT).await;
    eventually("the event delivered", WAIT, || async {
        let page = json(app.get_values("/v3/webhook_events", &m.key, &[]).await).await;
        if page["data"][0]["status"] == "delivered" {
            Ok(())
        } else {
            Err(format!("{page:#}"))
        }
    })
    .await;
    got[n - 1].clone()
}

const OLD: &[(&str, &str)] = &[("NOREN_SECRET_KEY", KEY_A)];
const BOTH: &[(&str, &str)] = &[
    ("NOREN_SECRET_KEY", KEY_B),
    ("NOREN_SECRET_KEY_PREVIOUS", KEY_A),
];
const NEW: &[(&str, &str)] = &[("NOREN_SECRET_KEY", KEY_B)];

both_databases! {
    async fn a_secret_key_rotation_keeps_every_secret_readable_and_retires_the_old_key(
        app with Options::env(&[("NOREN_SECRET_KEY", KEY_A)]).manual_jobs()
    ) {
        let now = app.state().clock.now();
        let sb = &app.state().secret_box;
        // Written under key A: a shop's webhook secret and mini-program key, a platform's
        // notification secret, and a plaintext webhook secret from before encryption.
        let m = fixtures::test_merchant(app.db(), "Rotation").await;
        let secret = fixtures::webhook_secret(app.state(), m.shop.id, Mode::Test).await;
        let mini = shops::miniprogram_key(app.db(), sb, m.shop.id, false, now).await.expect("mini-program key");
        let platform = accounts::create_platform(app.db(), "rotation-ota", "Rotation OTA", now).await.expect("platform");
        let platform_secret = webhooks::rotate_platform_secret(app.db(), sb, platform.id, false, now).await.expect("platform secret");
        let legacy = fixtures::test_merchant(app.db(), "RotationLegacy").await;
        webhook_secret::ActiveModel {
            shop_id: Set(legacy.shop.id),
            livemode: Set(false),
            secret: Set("whsec_legacyPlaintextBeforeRotation".into()),
            created_at: Set(now),
            expires_at: Set(None),
            ..Default::default()
        }.insert(app.db()).await.expect("legacy row");
        let under_a = stored(&app).await;
        assert_eq!(under_a.len(), 4, "{under_a:?}");
        // An image link handed out under key A (no such image: a good signature answers 404,
        // a refused one 403).
        let link = noren::inbound::http::images::signed_url(app.state(), 999_999, now);
        let link = link.strip_prefix(&*app.state().public_url).expect("our link").to_string();

        // Steps 1 and 2 of the procedure: a process with B and A as the previous key reads
        // what A wrote, signs with it, and accepts A's links.
        let (server, base) = serve(&app, BOTH).await;
        let rx = Receiver::start().await;
        let r = paid_and_delivered(&app, &m, &rx, 1).await;
        let t = chrono::Utc::now().timestamp();
        assert!(verify(r.header("noren-signature"), &r.body, &secret, t, 300), "{}", r.header("noren-signature"));
        let res = app.client.get(format!("{base}{link}")).send().await.expect("sent");
        assert_eq!(res.status(), 404, "the link's signature is accepted");
        stop(server).await;

        // Before the rotation, --check counts what is not under B yet.
        let check = noren(&app, BOTH, &["secret-key", "rotate", "--check"]).await;
        assert_eq!(check.code, Some(1), "{}{}", check.stdout, check.stderr);
        assert_eq!(check.stdout, "webhook_secrets: 2 not under the current key\n\
                                  inbound_platform_secrets: 1 not under the current key\n\
                                  miniprogram_keys: 1 not under the current key\n");
        assert_eq!(stored(&app).await, under_a, "--check changes nothing");

        // Step 3: rotate, then check.
        let rotate = noren(&app, BOTH, &["secret-key", "rotate"]).await;
        assert_eq!(rotate.code, Some(0), "{}", rotate.stderr);
        assert_eq!(rotate.stdout, "webhook_secrets: 2 re-encrypted, 0 already under the current key\n\
                                   inbound_platform_secrets: 1 re-encrypted, 0 already under the current key\n\
                                   miniprogram_keys: 1 re-encrypted, 0 already under the current key\n");
        let under_b = stored(&app).await;
        let only_b = SecretBox::new(&SecretBox::parse_key(KEY_B).expect("key"));
        for (value, before) in under_b.iter().zip(&under_a) {
            assert!(value.starts_with("v1:") && value != before, "{value}");
            assert_eq!(only_b.inspect(value).map(|o| o.under), Ok(Under::CurrentKey), "{value}");
        }
        let opened: Vec<String> = under_b.iter().map(|v| only_b.open(v).expect("opens")).collect();
        assert!(opened.contains(&secret) && opened.contains(&mini) && opened.contains(&platform_secret));
        assert!(opened.contains(&"whsec_legacyPlaintextBeforeRotation".to_string()), "the plaintext row is encrypted");
        let check = noren(&app, BOTH, &["secret-key", "rotate", "--check"]).await;
        assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);
        assert_eq!(check.stdout, "webhook_secrets: 0 not under the current key\n\
                                  inbound_platform_secrets: 0 not under the current key\n\
                                  miniprogram_keys: 0 not under the current key\n");
        // Running it again is safe: what is under B is skipped.
        let again = noren(&app, BOTH, &["secret-key", "rotate"]).await;
        assert_eq!(again.code, Some(0), "{}", again.stderr);
        assert!(again.stdout.starts_with("webhook_secrets: 0 re-encrypted, 2 already under the current key\n"), "{}", again.stdout);
        assert_eq!(stored(&app).await, under_b, "nothing re-encrypted twice");

        // Step 4: B alone reads everything (and no longer accepts A's links).
        let check = noren(&app, NEW, &["secret-key", "rotate", "--check"]).await;
        assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);
        let (server, base) = serve(&app, NEW).await;
        let r = paid_and_delivered(&app, &m, &rx, 2).await;
        let t = chrono::Utc::now().timestamp();
        assert!(verify(r.header("noren-signature"), &r.body, &secret, t, 300), "{}", r.header("noren-signature"));
        let res = app.client.get(format!("{base}{link}")).send().await.expect("sent");
        assert_eq!(res.status(), 403, "A's links end with A");
        stop(server).await;
        let shop = m.shop.number.as_str();
        let add = noren(&app, NEW, &["miniprogram-app", "add", "--shop", shop, "--appid", "wx-rotation"]).await;
        assert_eq!(add.code, Some(0), "{}", add.stderr);
        let added: serde_json::Value = serde_json::from_str(&add.stdout).expect("JSON");
        assert_eq!(added["miniprogram_key"]["test"], mini.as_str());
        // It made the shop's live key, under B.
        let under_b = stored(&app).await;
        assert_eq!(under_b.len(), 5);
        assert!(under_b.iter().all(|v| only_b.inspect(v).map(|o| o.under) == Ok(Under::CurrentKey)));

        // A alone reads nothing, and a rotation under A changes nothing.
        let add = noren(&app, OLD, &["miniprogram-app", "add", "--shop", shop, "--appid", "wx-rotation-2"]).await;
        assert_eq!(add.code, Some(1), "{}", add.stdout);
        assert!(add.stderr.contains("cannot be decrypted"), "{}", add.stderr);
        let check = noren(&app, OLD, &["secret-key", "rotate", "--check"]).await;
        assert_eq!(check.code, Some(1), "{}", check.stdout);
        assert!(check.stdout.starts_with("webhook_secrets: 2 not under the current key\n"), "{}", check.stdout);
        let refused = noren(&app, OLD, &["secret-key", "rotate"]).await;
        assert_eq!(refused.code, Some(1), "{}", refused.stdout);
        assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
        let first_id = webhook_secret::Entity::find().order_by_asc(webhook_secret::Column::Id)
            .one(app.db()).await.expect("read").expect("row").id;
        assert!(refused.stderr.starts_with(&format!("noren: webhook_secrets row {first_id}: ")), "{}", refused.stderr);
        assert_eq!(stored(&app).await, under_b, "nothing changed");
        let err = shops::miniprogram_key(app.db(), sb, m.shop.id, false, now).await.expect_err("A cannot read");
        assert!(err.to_string().contains("NOREN_SECRET_KEY"), "{err}");
    }
}

#[test]
fn a_malformed_previous_key_stops_start_up_with_one_line_and_no_key() {
    for value in ["not-a-key", &format!("{KEY_A},{}", &KEY_A[..62])] {
        let out = Command::new(BIN)
            .arg("serve")
            .env("NOREN_SECRET_KEY", KEY_B)
            .env("NOREN_SECRET_KEY_PREVIOUS", value)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{value}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("noren: invalid NOREN_SECRET_KEY_PREVIOUS="),
            "{stderr}"
        );
        assert!(!stderr.contains(&KEY_A[..62]), "{stderr}");
    }
}
