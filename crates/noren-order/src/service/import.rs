//! Menu imports' changes: starting one (its job and its status in one transaction), cancelling
//! a scheduled one, running one synchronously (deprecated), and the import job (queue
//! `menu_import`) with the one function that runs an import, for the job and for the
//! synchronous call alike: read the workbook from the object store, check it, and write it in
//! one transaction together with the import's report, so that a run killed half-way leaves
//! neither and the runner's retry (after the lease) starts from scratch.

use crate::domain::import::parse::{self, BadFile, Report, Rules};
use crate::store::catalogs::Catalogs;
use crate::store::menu_imports::ImportStatus;
use crate::store::menu_imports::{self as repo, ApplyRules, DeleteOld};
use crate::store::menu_snapshots;
use crate::store::shop_pages::ShopPages;
use chrono::{DateTime, Utc};
use noren_core::db::begin_write;
use noren_core::db::entities::menu_import;
use noren_core::domain::clock::{Clock, Now};
use noren_core::http::state::{AppState, Effects, SlicePart, Wakes};
use noren_core::jobs::{Claimed, Context, Job, Outcome, Wake};
use noren_core::objects::{GetError, Objects};
use noren_core::webhooks::endpoints::Owner;
use sea_orm::DbErr;
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
    state: &AppState,
    m: &menu_import::Model,
    options: ImportOptions,
    clock: &Clock,
) -> Result<Result<Report, String>, RunError> {
    let (db, objects) = (&state.db, &*state.objects);
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
    // What the catalogue was, for import-revert (in this transaction: kept if and only if the
    // import's writes commit).
    menu_snapshots::take(&tx, m.id, m.shop_id, clock.now()).await?;
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
    noren_core::testhook::pause_at(BEFORE_COMMIT).await;
    repo::finish(&tx, m.id, Ok(&json), clock.now()).await?;
    tx.commit().await?;
    // The shop call shows the new menus at once in this process (elsewhere within its TTL).
    Effects::none()
        .forget::<ShopPages>(m.shop_id)
        .forget::<Catalogs>(m.shop_id)
        .apply(state);
    Ok(Ok(report))
}

/// The job's payload.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ImportJob {
    pub import_id: i64,
}

/// The waits, in seconds, before an import's attempts after the first; see [`Import::new`].
const RETRIES: [u64; 5] = [10, 30, 60, 120, 300];
/// An import's attempts: the first and one after each wait of [`RETRIES`].
const ATTEMPTS: i32 = RETRIES.len() as i32 + 1;

/// The kind of job that runs scheduled imports.
/// The menu import runner's wake-up, kept by the ordering slice: a start wakes this process's
/// runner at once instead of at its next poll (`app.rs` gives the runner the same one).
#[derive(Default)]
pub struct ImportWake(Arc<Wake>);

impl SlicePart for ImportWake {
    fn new(_db: &noren_core::db::Db, _clock: &noren_core::domain::clock::Clock) -> Self {
        ImportWake::default()
    }
}

impl ImportWake {
    /// This process's import runner's wake-up.
    pub fn of(state: &AppState) -> Arc<Wake> {
        state.slice::<ImportWake>().0.clone()
    }
}

impl Wakes for ImportWake {
    fn wake(&self) -> &Arc<Wake> {
        &self.0
    }
}

pub struct Import {
    state: AppState,
    schedule: Vec<Duration>,
}

impl Import {
    /// Runs imports with `state`'s database, object store and clock. A run the store or the
    /// database failed is tried again after 10 s, 30 s, 1, 2 and 5 min (about 9 min in all, so
    /// that an outage of a few minutes delays an import rather than failing it), then ends
    /// `failed` with the reason.
    pub fn new(state: AppState) -> Self {
        Import {
            state,
            schedule: RETRIES.map(Duration::from_secs).to_vec(),
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
        // On the shop's test clock for a job of one (`ctx.clock`, frozen at the job's time).
        match execute(&self.state, &m, options, &ctx.clock).await {
            Ok(_) => Outcome::Done,
            Err(e) => {
                let reason = e.to_string();
                let now = ctx.clock.now();
                // Recorded on the import (best effort: the database may be what is away): the
                // reason, and when it runs again; failed after the last attempt.
                match job.next_wait(&self.schedule) {
                    Some(wait) => {
                        tracing::warn!(import = m.id, error = %e, ?wait, "menu import will be retried");
                        let at = now + chrono::Duration::from_std(wait).unwrap_or_default();
                        let why = format!(
                            "attempt {} failed, tried again at {}: {reason}",
                            job.attempt,
                            at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                        );
                        let _ = repo::retrying(&ctx.db, m.id, at, &why, now).await;
                    }
                    None => {
                        tracing::warn!(import = m.id, error = %e, "menu import failed, no attempt left");
                        let _ = repo::finish(&ctx.db, m.id, Err(&reason), now).await;
                    }
                }
                Outcome::retry(reason)
            }
        }
    }
}

/// The preview of import `row`: its file read and judged against the shop's catalogue as a
/// run with `rules` would, nothing written.
pub async fn preview(
    state: &AppState,
    row: &menu_import::Model,
    rules: parse::Rules,
) -> Result<Report, RunError> {
    let book = load(&state.objects, row).await?;
    let existing = repo::existing(&state.db, row.shop_id).await?;
    Ok(parse::validate(book, &existing, rules).0)
}

/// Now for the shop of import `row` in its mode: its test clock's time while its test mode has
/// one (`noren_core::clocks`): `performAt` and the import's times go by it.
async fn shop_now(state: &AppState, row: &menu_import::Model) -> Result<Now, DbErr> {
    state.now_of(Owner::shop(row.shop_id, row.livemode)).await
}

/// Starts the import `row` with `options`: its job (due at `run_at`, else now) and its status
/// `scheduled` commit together, then this process's import runner wakes. Answers the import as
/// it now is, or `None` (nothing written) when it was started already.
pub async fn start(
    state: &AppState,
    row: &menu_import::Model,
    options: ImportOptions,
    run_at: Option<DateTime<Utc>>,
) -> Result<Option<menu_import::Model>, DbErr> {
    // A scheduled import of a shop with a test clock waits for the clock.
    let at = shop_now(state, row).await?;
    let now = at.at;
    let opts = serde_json::to_string(&options).map_err(|e| DbErr::Custom(e.to_string()))?;
    let tx = begin_write(&state.db).await?;
    let job = noren_core::jobs::enqueue::<Import>(
        &tx,
        &ImportJob { import_id: row.id },
        run_at.unwrap_or(now),
        ATTEMPTS,
        at,
    )
    .await?;
    let started = repo::start(
        &tx,
        row.id,
        ImportStatus::Scheduled,
        &opts,
        run_at,
        Some(job.id),
        now,
    )
    .await?;
    let Some(started) = (if started {
        repo::find_by_id(&tx, row.id).await?
    } else {
        None
    }) else {
        tx.rollback().await?;
        return Ok(None);
    };
    tx.commit().await?;
    Effects::none().wake::<ImportWake>().apply(state);
    Ok(Some(started))
}

/// Cancels the scheduled import `row`: its job and its status together. Answers the import as
/// it now is, or, nothing written, the status it has when it is not waiting any more (created,
/// running or ended; `None` when it is gone).
pub async fn cancel(
    state: &AppState,
    row: &menu_import::Model,
) -> Result<Result<menu_import::Model, Option<ImportStatus>>, DbErr> {
    let now = shop_now(state, row).await?.at;
    let tx = begin_write(&state.db).await?;
    let job_cancelled = match row.job_id {
        Some(job) => noren_core::jobs::cancel(&tx, job, now).await?,
        None => false,
    };
    let cancelled = job_cancelled && repo::cancel(&tx, row.id, now).await?;
    let now_row = repo::find_by_id(&tx, row.id).await?;
    match now_row {
        Some(cancelled_row) if cancelled => {
            tx.commit().await?;
            Ok(Ok(cancelled_row))
        }
        other => {
            tx.rollback().await?;
            Ok(Err(other.map(|r| r.status)))
        }
    }
}

/// Runs the import `row` within the call (deprecated): marks it `running`, runs it, and on a
/// database or store failure marks it `failed` with the error. Answers the import as it ended
/// (`finished` or `failed`), or `None` (nothing run) when it was started already.
pub async fn perform(
    state: &AppState,
    row: &menu_import::Model,
    options: ImportOptions,
) -> Result<Option<menu_import::Model>, RunError> {
    let opts = serde_json::to_string(&options).map_err(|e| RunError::Store(e.to_string()))?;
    let at = shop_now(state, row).await?;
    let clock = match at.clock {
        Some(_) => state.clock.frozen(at.at),
        None => state.clock.clone(),
    };
    let now = at.at;
    if !repo::start(
        &state.db,
        row.id,
        ImportStatus::Running,
        &opts,
        None,
        None,
        now,
    )
    .await?
    {
        return Ok(None);
    }
    if let Err(e) = execute(state, row, options, &clock).await {
        let _ = repo::finish(&state.db, row.id, Err(&e.to_string()), clock.now()).await;
        return Err(e);
    }
    let ended = repo::find_by_id(&state.db, row.id).await?;
    ended
        .map(Some)
        .ok_or_else(|| RunError::Db(DbErr::RecordNotFound(format!("menu import {}", row.id))))
}

/// Reverts import `row` (issue 20, item 9): puts the shop's catalogue back exactly as it was
/// before the import, and marks the import `reverted`, in one transaction. Only a finished
/// import that changed the catalogue can be reverted, and only the shop's latest such import
/// (revert a later one first). `Ok(Err(why))` when it cannot be reverted.
pub async fn revert(
    state: &AppState,
    row: &menu_import::Model,
) -> Result<Result<menu_import::Model, String>, DbErr> {
    let now = shop_now(state, row).await?.at;
    let tx = begin_write(&state.db).await?;
    let Some(current) = repo::find_by_id(&tx, row.id).await? else {
        return Ok(Err(format!("menu import {} is gone", row.object_id)));
    };
    let refused = |why: String| Ok(Err(why));
    match current.status {
        ImportStatus::Finished => {}
        ImportStatus::Reverted => {
            return refused(format!(
                "menu import {} was reverted already",
                row.object_id
            ));
        }
        other => {
            return refused(format!(
                "menu import {} is {}: only a finished import can be reverted",
                row.object_id,
                other.as_str()
            ));
        }
    }
    let Some(snapshot) = menu_snapshots::find(&tx, row.id).await? else {
        return refused(format!(
            "menu import {} changed nothing (a dry run, or finished before imports could be reverted)",
            row.object_id
        ));
    };
    if let Some(later) = menu_snapshots::later(&tx, &snapshot).await? {
        let name = repo::find_by_id(&tx, later)
            .await?
            .map(|m| m.object_id)
            .unwrap_or_else(|| later.to_string());
        return refused(format!(
            "menu import {name} ran after {} on this shop: revert it first",
            row.object_id
        ));
    }
    menu_snapshots::restore(&tx, snapshot).await?;
    repo::reverted(&tx, row.id, now).await?;
    tx.commit().await?;
    Effects::none()
        .forget::<ShopPages>(row.shop_id)
        .forget::<Catalogs>(row.shop_id)
        .apply(state);
    Ok(repo::find_by_id(&state.db, row.id)
        .await?
        .ok_or_else(|| format!("menu import {} is gone", row.object_id)))
}
