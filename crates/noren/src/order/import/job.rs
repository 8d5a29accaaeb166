//! The import job (queue `menu_import`) and the one function that runs an import, for the job
//! and for the deprecated synchronous call alike: read the workbook from the object store, check
//! it, and write it in one transaction together with the import's report, so that a run killed
//! half-way leaves neither and the runner's retry (after the lease) starts from scratch.

use super::parse::{self, BadFile, Report, Rules};
use crate::db::entities::menu_import;
use crate::db::repo::menu_imports::{self as repo, ApplyRules, DeleteOld};
use crate::db::{Db, begin_write};
use crate::domain::clock::Clock;
use crate::jobs::{Claimed, Context, Job, Outcome};
use crate::objects::{GetError, Objects};
use crate::state::ShopPages;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// The largest workbook (also the upload limit).
pub const FILE_MAX: u64 = 20 * 1024 * 1024;

/// `NOREN_TEST_PAUSE_AT` point: the catalogue is written, the transaction not committed.
pub const BEFORE_COMMIT: &str = "import_before_commit";

/// What the start call asked for, kept on the import.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ImportOptions {
    pub dry_run: bool,
    /// `false`, `true` or `all`.
    pub delete_old: DeleteOldOption,
    pub update_existing: bool,
    pub keep_status: bool,
}

/// `deleteOld`.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DeleteOldOption {
    #[default]
    False,
    True,
    All,
}

impl From<DeleteOldOption> for DeleteOld {
    fn from(d: DeleteOldOption) -> Self {
        match d {
            DeleteOldOption::False => DeleteOld::Nothing,
            DeleteOldOption::True => DeleteOld::Menus,
            DeleteOldOption::All => DeleteOld::All,
        }
    }
}

/// The object store key of an import's workbook.
pub fn object_key(m: &menu_import::Model) -> String {
    let mode = if m.livemode { "live" } else { "test" };
    format!("menu-imports/{mode}/{}/{}.xlsx", m.shop_id, m.object_id)
}

/// Why an import could not run to its report.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The file is unreadable: the import's `error` (a 400 for preview).
    #[error("{0}")]
    Bad(String),
    /// No file was uploaded yet: the import's `error` (a 409 for preview: upload first).
    #[error("{0}")]
    NotUploaded(String),
    #[error(transparent)]
    Db(#[from] sea_orm::DbErr),
    #[error("the object store failed: {0}")]
    Store(String),
}

/// Reads and parses an import's workbook.
pub async fn load(objects: &Objects, m: &menu_import::Model) -> Result<parse::RawBook, RunError> {
    let bytes = match objects.get(&object_key(m), FILE_MAX).await {
        Ok(Some(b)) => b,
        Ok(None) => {
            return Err(RunError::NotUploaded(format!(
                "no file was uploaded for import {} (PUT it to the uploadUrl of import-create first)",
                m.object_id
            )));
        }
        Err(GetError::TooLarge(n)) => {
            return Err(RunError::Bad(format!(
                "the file is {n} bytes, more than the {} MiB allowed",
                FILE_MAX / 1024 / 1024
            )));
        }
        Err(GetError::Store(e)) => return Err(RunError::Store(e.to_string())),
    };
    tokio::task::spawn_blocking(move || parse::read(&bytes))
        .await
        .map_err(|e| RunError::Store(format!("the parser stopped: {e}")))?
        .map_err(|BadFile(m)| RunError::Bad(m))
}

/// Runs import `m` (status `running`) with `options` to its end: `finished` with the report or
/// `failed` with the error, written on the import. Database and store failures are returned
/// (the job retries them); nothing is applied then.
pub async fn execute(
    db: &Db,
    objects: &Objects,
    pages: &ShopPages,
    clock: &Clock,
    m: &menu_import::Model,
    options: ImportOptions,
) -> Result<Result<Report, String>, RunError> {
    repo::running(db, m.id, clock.now()).await?;
    let book = match load(objects, m).await {
        Ok(b) => b,
        Err(RunError::Bad(e) | RunError::NotUploaded(e)) => {
            repo::finish(db, m.id, Err(&e), clock.now()).await?;
            return Ok(Err(e));
        }
        Err(e) => return Err(e),
    };
    repo::progress(db, m.id, 40, clock.now()).await?;
    let existing = repo::existing(db, m.shop_id).await?;
    let (report, plan) = parse::validate(
        book,
        &existing,
        Rules {
            update_existing: options.update_existing,
        },
    );
    repo::progress(db, m.id, 60, clock.now()).await?;
    let json = serde_json::to_string(&report).map_err(|e| RunError::Store(e.to_string()))?;
    if options.dry_run {
        repo::finish(db, m.id, Ok(&json), clock.now()).await?;
        return Ok(Ok(report));
    }
    let tx = begin_write(db).await?;
    repo::apply(
        &tx,
        m.shop_id,
        &plan,
        ApplyRules {
            delete_old: options.delete_old.into(),
            update_existing: options.update_existing,
            keep_status: options.keep_status,
        },
        clock.now(),
    )
    .await?;
    crate::testhook::pause_at(BEFORE_COMMIT).await;
    repo::finish(&tx, m.id, Ok(&json), clock.now()).await?;
    tx.commit().await?;
    // The shop call shows the new menus at once in this process (elsewhere within its TTL).
    pages.forget(m.shop_id);
    Ok(Ok(report))
}

/// The job's payload.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ImportJob {
    pub import_id: i64,
}

/// The kind of job that runs scheduled imports.
pub struct Import {
    objects: Arc<Objects>,
    pages: Arc<ShopPages>,
    schedule: Vec<Duration>,
}

impl Import {
    pub fn new(objects: Arc<Objects>, pages: Arc<ShopPages>) -> Self {
        Import {
            objects,
            pages,
            schedule: vec![Duration::from_secs(10), Duration::from_secs(60)],
        }
    }
}

impl Job for Import {
    const QUEUE: &'static str = "menu_import";
    type Payload = ImportJob;

    fn retry_schedule(&self) -> &[Duration] {
        &self.schedule
    }

    /// Renewed while a run lasts; a killed process's import is taken over after it.
    fn lease(&self) -> Duration {
        Duration::from_secs(120)
    }

    async fn run(&self, ctx: &Context, job: &Claimed<ImportJob>) -> Outcome {
        let m = match repo::find_by_id(&ctx.db, job.payload.import_id).await {
            Ok(Some(m)) => m,
            Ok(None) => return Outcome::Cancelled("the import is gone".into()),
            Err(e) => return Outcome::retry(e.to_string()),
        };
        if m.status.is_ended() {
            return Outcome::Done;
        }
        let options: ImportOptions = m
            .options
            .as_deref()
            .and_then(|o| serde_json::from_str(o).ok())
            .unwrap_or_default();
        match execute(&ctx.db, &self.objects, &self.pages, &ctx.clock, &m, options).await {
            Ok(_) => Outcome::Done,
            Err(e) => {
                tracing::warn!(import = m.id, error = %e, "menu import will be retried");
                if job.next_wait(&self.schedule).is_none() {
                    let _ = repo::finish(&ctx.db, m.id, Err(&e.to_string()), ctx.clock.now()).await;
                }
                Outcome::retry(e.to_string())
            }
        }
    }
}
