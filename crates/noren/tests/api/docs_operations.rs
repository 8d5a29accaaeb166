//! The deployment guide runs as written (issue 21 item 7): every ```` ```bash ```` block of
//! `portal/docs/operations/deployment.md`, in English and in Japanese, in one `bash` against a
//! live server on PostgreSQL, as an operator runs them on one of the processes. Substituted: the
//! page's process address `http://10.0.0.11:8080` by this server's. The `noren` commands run this
//! build's binary with the server's `NOREN_DATABASE_URL` and data folder (its secret key), and
//! `pg_dump` backs up the server's database. The SQLite backups name their own database,
//! `sqlite://data/noren.db` in the scratch folder, which `noren demo` made there before the page
//! runs (no server holds it, as the page's restore asks). Four blocks cannot run here and say
//! why: the AWS CLI call that turns on bucket versioning (no AWS account), `litestream
//! replicate` (it runs until stopped) and `litestream restore` (a real bucket; `make chaos`
//! runs both against moto, `chaos/litestream.rs`), and `make image` (minutes as root;
//! `make image-check` runs in CI). The environment files the page shows are ```` ```ini ````,
//! not commands.

use crate::guides::{self, Block, Guide, Lang, Skip};
use noren_testkit::{Backend, TestApp};

/// The operations guides in the sidebar's order.
pub const PAGES: [&str; 2] = ["operations/deployment.md", "operations/guarantees.md"];

#[test]
fn the_japanese_deployment_guide_holds_the_same_commands() {
    guides::assert_same_commands(&PAGES);
}

#[tokio::test]
async fn the_deployment_guide_runs_as_written_against_a_process_on_postgresql() {
    run_guide(Lang::En).await;
}

#[tokio::test]
async fn the_japanese_deployment_guide_runs_as_written_against_a_process_on_postgresql() {
    run_guide(Lang::Ja).await;
}

const SKIP: [Skip; 4] = [
    Skip {
        block: Block {
            page: "operations/deployment.md",
            holding: "aws s3api put-bucket-versioning",
        },
        why: "needs the AWS CLI and an AWS account",
    },
    Skip {
        block: Block {
            page: "operations/deployment.md",
            holding: "litestream replicate",
        },
        why: "runs until stopped, against a real bucket; make chaos runs it against moto",
    },
    Skip {
        block: Block {
            page: "operations/deployment.md",
            holding: "litestream restore",
        },
        why: "needs a bucket holding a replica; make chaos restores one from moto",
    },
    Skip {
        block: Block {
            page: "operations/deployment.md",
            holding: "make image",
        },
        why: "builds the container image as root for minutes; make image-check runs in CI",
    },
];

/// The database of the page's SQLite backups, relative to the scratch folder the page runs in.
const SQLITE: &str = "sqlite://data/noren.db";

async fn run_guide(lang: Lang) {
    if !guides::have("curl", "operations")
        || !guides::have("openssl", "operations")
        || !guides::have("pg_dump", "operations")
    {
        return;
    }
    let Some(app) = TestApp::spawn(Backend::Postgres).await else {
        return;
    };
    let base = app.url("").trim_end_matches('/').to_string();
    let (_bin_dir, path) = guides::noren_on_path();
    let script = Guide {
        lang,
        pages: &PAGES,
        setup: "curl() { command curl --fail-with-body --silent --show-error \"$@\"; }".into(),
        replace: vec![("http://10.0.0.11:8080", base)],
        steps: &[],
        skip: &SKIP,
    }
    .script();
    // The SQLite database the page's backups name, as `make run` leaves it: data/noren.db.
    let demo = std::process::Command::new(guides::BIN)
        .arg("demo")
        .current_dir(script.dir())
        .env("NOREN_DATABASE_URL", SQLITE)
        .env("NOREN_DATA_DIR", "data")
        .output()
        .expect("demo runs");
    assert!(
        demo.status.success(),
        "noren demo on {SQLITE}: {}",
        guides::said(&demo)
    );
    assert!(
        script.blocks() >= 9,
        "the guide's commands run ({} blocks)",
        script.blocks()
    );
    let out = script
        .command()
        .env("PATH", path)
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
    // The readiness answer the page shows, and the backup it makes.
    assert!(said.contains(r#""status":"ready""#), "{said}");
    assert!(
        script
            .dir()
            .join("noren.dump")
            .metadata()
            .is_ok_and(|m| m.len() > 0),
        "pg_dump wrote noren.dump:\n{said}"
    );
    // The SQLite backup was written and checked, then restored over the database, which is
    // kept beside it.
    assert!(said.contains("backup written and checked"), "{said}");
    assert!(said.contains("integrity: ok"), "{said}");
    assert!(said.contains("restored\n"), "{said}");
    let kept = std::fs::read_dir(script.dir().join("data"))
        .expect("data folder")
        .filter_map(|e| e.ok())
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("noren.db.before-restore-")
        });
    assert!(kept, "the restore kept the database it replaced:\n{said}");
    // The rotation's check passes: every stored secret is under the current key.
    assert!(
        said.contains("webhook_secrets: 0 not under the current key"),
        "{said}"
    );
    app.stop().await;
}
