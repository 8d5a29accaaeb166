//! Backups of the embedded SQLite database (issue 32 item 3): `noren backup` while a server
//! serves, quiet and under load, restored with `noren restore` and served by a new process;
//! a restore refused under a running process, for a damaged file and for a newer schema; and
//! the PostgreSQL answer (pg_dump).

use noren_testkit::{Backend, Options, TestApp, fixtures};
use std::collections::HashSet;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_noren");

/// `noren ARGS` on `database_url` with the data folder `data_dir` (its secret key).
fn noren(database_url: &str, data_dir: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("NOREN_DATABASE_URL", database_url)
        .env("NOREN_DATA_DIR", data_dir)
        .output()
        .expect("noren runs")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Creates payments through `app` until `stop`; answers the tokens answered 200.
fn payment_load(
    app: &TestApp,
    key: &str,
    stop: Arc<AtomicBool>,
    acked: Arc<Mutex<Vec<String>>>,
) -> tokio::task::JoinSet<()> {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..4 {
        let (client, base, key) = (app.client.clone(), app.base.clone(), key.to_string());
        let (stop, acked) = (stop.clone(), acked.clone());
        tasks.spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let res = client
                    .post(format!(
                        "{base}/v3/predefined_payments/create_online_payment"
                    ))
                    .header("X-Auth-API-Key", &key)
                    .query(&[("amount", "1000")])
                    .send()
                    .await
                    .expect("create");
                assert_eq!(res.status(), 200, "create under load");
                let body: serde_json::Value = res.json().await.expect("json");
                let token = body["predefined_payment"]["token"]
                    .as_str()
                    .expect("token")
                    .to_string();
                acked.lock().expect("acked").push(token);
            }
        });
    }
    tasks
}

/// Reads every token of `tokens` from `base`; answers the ones that are not there.
async fn missing(base: &str, tokens: &[String]) -> Vec<String> {
    let client = reqwest::Client::new();
    let mut gone = Vec::new();
    for t in tokens {
        let res = client
            .get(format!("{base}/v3/predefined_payments/{t}?simple=true"))
            .send()
            .await
            .expect("read");
        if res.status() != 200 {
            gone.push(t.clone());
        }
    }
    gone
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_under_load_is_restored_and_served_with_every_payment_acknowledged_before_it()
 {
    let app = TestApp::spawn_with(
        Backend::Sqlite,
        Options::env(&[("NOREN_RATE_LIMIT_FAILURES", "off")]),
    )
    .await
    .expect("app");
    let m = fixtures::test_merchant(app.db(), "Backups").await;
    let stop = Arc::new(AtomicBool::new(false));
    let acked = Arc::new(Mutex::new(Vec::new()));
    let mut load = payment_load(&app, &m.key, stop.clone(), acked.clone());
    // The backup starts once the load is under way (a condition, not a wait).
    noren_testkit::eventually("the load has written", Duration::from_secs(30), || async {
        match acked.lock().expect("acked").len() {
            n if n >= 50 => Ok(()),
            n => Err(format!("{n} acknowledged")),
        }
    })
    .await;

    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("noren-backup.db");
    let before: Vec<String> = acked.lock().expect("acked").clone();
    let (url, data_dir) = (app.database_url.clone(), app.data_dir());
    let file_arg = file.display().to_string();
    let out = tokio::task::spawn_blocking(move || noren(&url, &data_dir, &["backup", &file_arg]))
        .await
        .expect("backup ran");
    let after: Vec<String> = acked.lock().expect("acked").clone();
    stop.store(true, Ordering::Relaxed);
    while let Some(t) = load.join_next().await {
        t.expect("load");
    }
    assert!(out.status.success(), "backup: {}", text(&out));
    let said = text(&out);
    assert!(said.contains("integrity: ok"), "{said}");
    assert!(said.contains("schema: current"), "{said}");
    assert!(
        after.len() > before.len(),
        "the server went on writing while the backup ran ({} then {})",
        before.len(),
        after.len()
    );
    assert!(
        !file.with_extension("db.partial").exists(),
        "no partial file is left"
    );
    // A second backup to the same name is refused.
    let again = noren(
        &app.database_url,
        &app.data_dir(),
        &["backup", &file.display().to_string()],
    );
    assert!(!again.status.success());
    assert!(text(&again).contains("exists"), "{}", text(&again));

    // Restored into a new place and served by a new process with the same secret key.
    let restored = tempfile::tempdir().expect("restored");
    let restored_url = format!("sqlite://{}", restored.path().join("noren.db").display());
    let new_data = restored.path().join("data");
    std::fs::create_dir_all(&new_data).expect("data dir");
    std::fs::copy(
        std::path::Path::new(&app.data_dir()).join("secret.key"),
        new_data.join("secret.key"),
    )
    .expect("the secret key goes along");
    let new_data = new_data.display().to_string();
    let out = noren(
        &restored_url,
        &new_data,
        &["restore", &file.display().to_string()],
    );
    assert!(out.status.success(), "restore: {}", text(&out));
    let (mut server, base) = noren_testkit::process::serve(
        BIN,
        &restored_url,
        &[
            ("NOREN_DATA_DIR", new_data.as_str()),
            ("NOREN_RATE_LIMIT_FAILURES", "off"),
            ("NOREN_RATE_LIMIT_PER_ADDRESS", "off"),
        ],
    )
    .await;
    let lost = missing(&base, &before).await;
    // What the backup holds: at least everything acknowledged before it began, at most what was
    // acknowledged by its end.
    let counted: i64 = said
        .lines()
        .find_map(|l| l.strip_prefix("holds: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("holds: N payments");
    let whoami = reqwest::Client::new()
        .get(format!("{base}/v3/api_keys/whoami"))
        .header("X-Auth-API-Key", &m.key)
        .send()
        .await
        .expect("whoami");
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        lost.is_empty(),
        "{} payments acknowledged before the backup are missing",
        lost.len()
    );
    assert!(
        (before.len() as i64) <= counted && counted <= after.len() as i64,
        "the backup holds {counted} payments: between {} and {}",
        before.len(),
        after.len()
    );
    assert_eq!(
        whoami.status(),
        200,
        "the merchant's key works on the restored database"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_is_refused_while_noren_runs_and_keeps_the_database_it_replaces() {
    // The database in a folder of the test's own: it outlives the app.
    let home = tempfile::tempdir().expect("home");
    let app = TestApp::spawn_with(
        Backend::Sqlite,
        Options {
            database_url: Some(format!(
                "sqlite://{}",
                home.path().join("noren.db").display()
            )),
            ..Options::default()
        },
    )
    .await
    .expect("app");
    let m = fixtures::test_merchant(app.db(), "Quiet").await;
    let first = app.create_payment(&m.key, &[("amount", "1000")]).await;
    let first = first["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string();
    let url = app.database_url.clone();
    // The secret key outlives the app too.
    let data_dir = home.path().join("data").display().to_string();
    std::fs::create_dir_all(&data_dir).expect("data");
    std::fs::copy(
        std::path::Path::new(&app.data_dir()).join("secret.key"),
        std::path::Path::new(&data_dir).join("secret.key"),
    )
    .expect("secret key");
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("quiet.db").display().to_string();
    let out = noren(&url, &data_dir, &["backup", &file]);
    assert!(out.status.success(), "backup: {}", text(&out));
    let later = app.create_payment(&m.key, &[("amount", "1000")]).await;
    let later = later["predefined_payment"]["token"]
        .as_str()
        .expect("token")
        .to_string();

    // The server holds the database: refused, nothing changed.
    let refused = noren(&url, &data_dir, &["restore", &file]);
    assert!(!refused.status.success());
    assert!(
        text(&refused).contains("open in a running noren"),
        "{}",
        text(&refused)
    );
    assert_eq!(
        app.get(&format!("/v3/predefined_payments/{later}"))
            .await
            .status(),
        200
    );
    app.stop().await;

    // Stopped: restored, and the database it replaced is kept beside it.
    let check = noren(&url, &data_dir, &["restore", "--check", &file]);
    assert!(check.status.success(), "{}", text(&check));
    let out = noren(&url, &data_dir, &["restore", &file]);
    assert!(out.status.success(), "restore: {}", text(&out));
    assert!(
        text(&out).contains("the database it replaced: "),
        "{}",
        text(&out)
    );
    let db_path = noren::db::sqlite_path(&url).expect("a file").to_path_buf();
    let kept: Vec<_> = std::fs::read_dir(db_path.parent().expect("folder"))
        .expect("folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.contains(".before-restore-") && !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    assert_eq!(kept.len(), 1, "the replaced database is kept: {kept:?}");
    let (mut server, base) =
        noren_testkit::process::serve(BIN, &url, &[("NOREN_DATA_DIR", data_dir.as_str())]).await;
    let client = reqwest::Client::new();
    let status = |token: String| {
        let client = client.clone();
        let base = base.clone();
        async move {
            client
                .get(format!("{base}/v3/predefined_payments/{token}"))
                .send()
                .await
                .expect("read")
                .status()
        }
    };
    let (first_status, later_status) = (status(first).await, status(later).await);
    let _ = server.kill();
    let _ = server.wait();
    assert_eq!(first_status, 200, "the payment in the backup is served");
    assert_eq!(
        later_status, 404,
        "the one made after the backup is not (it is in the kept file)"
    );
}

#[tokio::test]
async fn a_damaged_file_or_a_newer_schema_is_never_restored() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("noren.db").display());
    let data_dir = dir.path().join("data").display().to_string();
    let damaged = dir.path().join("damaged.db");
    std::fs::write(&damaged, vec![0x42u8; 64 * 1024]).expect("write");
    let out = noren(
        &url,
        &data_dir,
        &["restore", &damaged.display().to_string()],
    );
    assert!(!out.status.success(), "{}", text(&out));
    assert!(
        !dir.path().join("noren.db").exists(),
        "nothing was restored"
    );

    // A backup of a database that a newer version migrated.
    let app = TestApp::spawn(Backend::Sqlite).await.expect("app");
    {
        use sea_orm::ConnectionTrait;
        app.db()
            .execute_unprepared(
                "INSERT INTO seaql_migrations (version, applied_at) VALUES ('m20991231_000999_newer', 0)",
            )
            .await
            .expect("future migration");
    }
    let newer = dir.path().join("newer.db").display().to_string();
    let out = noren(&app.database_url, &app.data_dir(), &["backup", &newer]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("newer than this version"),
        "{}",
        text(&out)
    );
    app.stop().await;
    let out = noren(&url, &data_dir, &["restore", &newer]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("newer version of noren"),
        "{}",
        text(&out)
    );
    assert!(
        !dir.path().join("noren.db").exists(),
        "nothing was restored"
    );
}

#[tokio::test]
async fn on_postgresql_a_backup_points_to_pg_dump() {
    let Some(url) = noren_testkit::postgres::fresh_database().await else {
        return;
    };
    let dir = tempfile::tempdir().expect("dir");
    let out = noren(
        &url,
        &dir.path().display().to_string(),
        &["backup", &dir.path().join("x.db").display().to_string()],
    );
    assert!(!out.status.success());
    assert!(text(&out).contains("pg_dump"), "{}", text(&out));
    let seen: HashSet<&str> = ["x.db"].into_iter().collect();
    assert!(
        !seen.iter().any(|n| dir.path().join(n).exists()),
        "no file was written"
    );
}
