//! The database: one code path over SQLite (embedded default) and PostgreSQL.
//!
//! Connection set-up is the one place where the dialects differ (SQLite pragmas vs. a pool
//! sized for a server); everything else goes through SeaORM entities and sea-query, which
//! render each dialect. Queries live only in `repo`.

pub mod backup;
pub(crate) mod batch;
pub mod entities;
pub mod migration;
pub mod outage;
pub mod repo;
pub mod together;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend,
    DbErr, ExecResult, QueryResult, Statement,
};
use sea_orm_migration::MigratorTrait;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The database of this process: a pool of connections, and on SQLite one more connection that
/// makes every write.
///
/// SQLite lets one connection write at a time. When any pooled connection could write, a second
/// writer held a connection while it polled the lock from the busy handler (4 polls per
/// delivered webhook in `make bench`), and every request behind it waited for a connection,
/// reads included. Here the writes queue for the writer connection in the order they came,
/// without polling, and the reads keep the pool: WAL readers never wait for the writer.
///
/// Statements are routed by what they do: `SELECT` reads go to the pool, every other statement
/// (an `INSERT`, `UPDATE` or `DELETE`, with or without `RETURNING`) and every write transaction
/// ([`begin_write`]) to the writer. On PostgreSQL both are the one pool (its writers lock rows).
/// Everything else of [`DatabaseConnection`] (through `Deref`) is the pool's.
#[derive(Clone, Debug)]
pub struct Db {
    pool: DatabaseConnection,
    writer: Option<DatabaseConnection>,
    /// SQLite: the checkpoint task, stopped when the last clone is dropped.
    _checkpoints: Option<Arc<Checkpoints>>,
    /// SQLite: the writer's commits, and whether it failed since it was last looked at.
    commits: Option<Arc<Commits>>,
    /// SQLite: the shared lock on the database file that keeps a restore away (`db/backup.rs`).
    _hold: Option<Arc<std::fs::File>>,
    /// PostgreSQL: one connection of its own for readiness's heartbeat ([`Db::for_checks`]).
    checks: Option<DatabaseConnection>,
}

/// Copies the write-ahead log into the database file every [`SQLITE_CHECKPOINT_EVERY`] and each
/// time the log has grown by [`SQLITE_CHECKPOINT_FRAMES`], on a connection of the pool (readers keep the
/// other; the writer never waits for it); once the log holds [`SQLITE_WAL_RESET_FRAMES`], once
/// more on the writer connection, so that the log starts over.
///
/// A passive checkpoint beside the writer never catches up with a steady stream of writes: by
/// the time it has copied the log, new frames follow, and SQLite starts the log over only once
/// every frame is copied. Under the chaos test's load the log grew by 7 MB a second and never
/// shrank: on a small disk it took the whole disk, and then no checkpoint could grow the
/// database file to take its pages, so no write succeeded again even after space was freed. A
/// burst can fill a log between two ticks too (16 MB in the 300 ms after start, about 32 KB of
/// frames per payment create): hence the log's length, told by SQLite after each commit
/// ([`Commits`]).
///
/// The second checkpoint runs on the writer connection, in line with the writes: no frame can be
/// added while it copies the last ones, so it copies them all, and the next write starts the log
/// over (cut back to [`SQLITE_WAL_LIMIT_BYTES`]). It is passive, so it never waits for a reader:
/// a truncating one waits (the busy timeout, 10 s) for readers that keep a snapshot open, and
/// held every write that long behind Litestream's long read transaction (its chaos test) or a
/// `noren backup`. While such a reader holds an old snapshot the log cannot start over and
/// grows; Litestream empties it itself.
#[derive(Debug)]
struct Checkpoints(tokio::task::AbortHandle);

impl Checkpoints {
    fn start(pool: DatabaseConnection, writer: DatabaseConnection, commits: Arc<Commits>) -> Self {
        let task = tokio::spawn(async move {
            let mut every = tokio::time::interval(SQLITE_CHECKPOINT_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let passive =
                || Statement::from_string(DbBackend::Sqlite, "PRAGMA wal_checkpoint(PASSIVE)");
            loop {
                tokio::select! {
                    _ = every.tick() => {}
                    () = commits.many.notified() => {}
                }
                let frames = match pool.query_one_raw(passive()).await {
                    Ok(row) => row
                        .and_then(|r| r.try_get_by_index::<i64>(1).ok())
                        .unwrap_or(0),
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot checkpoint the SQLite log");
                        // A full disk: the writer's checkpoint may be what frees the space.
                        SQLITE_WAL_RESET_FRAMES
                    }
                };
                if frames >= SQLITE_WAL_RESET_FRAMES
                    && let Err(e) = writer.query_one_raw(passive()).await
                {
                    tracing::warn!(error = %e, frames, "cannot checkpoint the SQLite log on the writer");
                }
            }
        });
        Checkpoints(task.abort_handle())
    }
}

/// What the writer's hooks tell: the log's length after each commit (SQLite's WAL hook), which
/// wakes the checkpoint task every [`SQLITE_CHECKPOINT_FRAMES`] frames, and whether the writer
/// rolled back or a write failed, for [`writer_is_clean`].
#[derive(Debug, Default)]
struct Commits {
    /// `frames / SQLITE_CHECKPOINT_FRAMES` at the last commit.
    band: std::sync::atomic::AtomicI64,
    many: tokio::sync::Notify,
    /// Set by the writer's rollback hook and by a failed write; taken by [`writer_is_clean`].
    suspect: std::sync::atomic::AtomicBool,
}

impl Commits {
    fn suspect(&self) {
        self.suspect
            .store(true, std::sync::atomic::Ordering::Release);
    }

    /// A commit left `frames` frames in the log.
    fn logged(&self, frames: i64) {
        let band = frames / SQLITE_CHECKPOINT_FRAMES;
        let before = self.band.swap(band, std::sync::atomic::Ordering::Relaxed);
        if band > before {
            self.many.notify_one();
        }
    }
}

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Db {
    /// Where readiness's heartbeat is written (`http/readiness.rs`). On PostgreSQL a connection
    /// of its own: a check that waited in the pool's queue behind a burst of requests (the
    /// pool's 20 connections all taken, `make bench`'s scale phase) timed out for over 10 s and
    /// took a process that was merely busy out of the balancer. On SQLite the database itself:
    /// the write queues for the one writer as every write does.
    pub fn for_checks(&self) -> Db {
        match &self.checks {
            Some(checks) => Db {
                pool: checks.clone(),
                writer: None,
                _checkpoints: None,
                commits: None,
                _hold: None,
                checks: None,
            },
            None => self.clone(),
        }
    }

    /// Closes the pool and the writer.
    pub async fn close(self) -> Result<(), DbErr> {
        drop(self._checkpoints);
        if let Some(writer) = self.writer {
            writer.close().await?;
        }
        if let Some(checks) = self.checks {
            checks.close().await?;
        }
        self.pool.close().await
    }

    /// Closes the pool and the writer, for a holder that cannot give its `Db` away (the
    /// server's state at shutdown).
    pub async fn close_by_ref(&self) -> Result<(), DbErr> {
        if let Some(writer) = &self.writer {
            writer.close_by_ref().await?;
        }
        if let Some(checks) = &self.checks {
            checks.close_by_ref().await?;
        }
        self.pool.close_by_ref().await
    }

    /// `result` of a write on the writer; a failure is noted for [`writer_is_clean`].
    fn noted<T>(&self, result: Result<T, DbErr>) -> Result<T, DbErr> {
        if result.is_err()
            && let Some(commits) = &self.commits
        {
            commits.suspect();
        }
        result
    }

    /// The connection that writes.
    fn writes(&self) -> &DatabaseConnection {
        self.writer.as_ref().unwrap_or(&self.pool)
    }

    /// Where `sql` runs: reads on the pool, the rest on the writer.
    fn runs(&self, sql: &str) -> &DatabaseConnection {
        let head = sql.trim_start().get(..6).unwrap_or_default();
        if head.eq_ignore_ascii_case("select") {
            &self.pool
        } else {
            self.writes()
        }
    }
}

impl std::ops::Deref for Db {
    type Target = DatabaseConnection;

    fn deref(&self) -> &DatabaseConnection {
        &self.pool
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for Db {
    fn get_database_backend(&self) -> DbBackend {
        self.pool.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.noted(self.writes().execute_raw(stmt).await)
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.noted(self.writes().execute_unprepared(sql).await)
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        let on = self.runs(&stmt.sql);
        if std::ptr::eq(on, &self.pool) {
            return on.query_one_raw(stmt).await;
        }
        // A write that answers a row (`INSERT … RETURNING`) runs to its end. Asked for one row,
        // sqlx stops stepping after it and resets the statement, ignoring what the reset
        // answers; outside a transaction that reset is where SQLite commits, so a commit that
        // failed (a full disk) went unseen and the write was answered as stored (issue 32:
        // 44,744 creates answered 200 on a full disk, 216 stored). Run to its end, the
        // statement reports the failed commit as its error.
        Ok(self.noted(on.query_all_raw(stmt).await)?.into_iter().next())
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        let on = self.runs(&stmt.sql);
        if std::ptr::eq(on, &self.pool) {
            return on.query_all_raw(stmt).await;
        }
        self.noted(on.query_all_raw(stmt).await)
    }
}

/// How long an SQLite writer waits for another writer before failing: concurrent requests
/// queue behind each other instead of answering "database is locked".
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// SQLite connections of the pool (the reads), besides the one writer ([`Db`]). Each has its own
/// thread; readers never wait for the writer (WAL). Every statement is a round trip to a
/// connection's thread, and on the 2-core benchmark machine each extra thread mostly added
/// wake-ups: appends ran at about 2,450/s with four connections, 2,800/s with three and 3,150/s
/// with two (before the writer had its own), and with the writer three pooled connections made
/// approvals slower than two (`make bench`). A write transaction holds the writer: services use
/// their transaction for every read and write inside it (the idempotent payment calls get it as
/// their executor), since a write through the pool would wait for the writer they hold.
pub const SQLITE_CONNECTIONS: u32 = 2;

/// Connections of a PostgreSQL pool, per process (besides the one of [`Db::for_checks`]).
pub const PG_CONNECTIONS: u32 = 20;

/// How often the write-ahead log is copied into the database file (a passive checkpoint, which
/// never waits for the writer), by a task on the pool ([`Checkpoints`]). SQLite's own automatic
/// checkpoint runs inside the commit that passes its threshold, on the connection that wrote:
/// with one writer, every write waited behind it (payment create p99 150 ms instead of 7 ms in
/// `make bench`). Copying once per interval also copies a page written many times once.
const SQLITE_CHECKPOINT_EVERY: Duration = Duration::from_millis(500);
/// The log file is cut back to this size when the log starts over.
const SQLITE_WAL_LIMIT_BYTES: u64 = 4 * 1024 * 1024;
/// Frames the log grows by before the checkpoint task runs without waiting for its tick
/// ([`Commits`]): 8 MiB of 4 KiB pages. It was a count of commits first, but commits differ in
/// size: every 256 commits (a payment create writes about 8 frames) kept the chaos test's 16 MiB
/// disk from filling with log, and every 512 let the log take the whole disk; appends to a
/// cafeteria order write fewer frames, and were checkpointed needlessly often. Appends in
/// `make bench`, medians of 8 runs in turn (healthz 44k/s): 1,602/s every 256 commits, 1,724/s
/// by the log's length, 1,647/s before the log was bounded at all.
const SQLITE_CHECKPOINT_FRAMES: i64 = 2048;
/// Frames in the log (4 KiB pages each, so about 4 MiB) past which the writer checkpoints too, so
/// that the log starts over ([`Checkpoints`]).
const SQLITE_WAL_RESET_FRAMES: i64 = 1024;

/// How long a request waits for a PostgreSQL connection before it answers 503 with
/// `Retry-After` (`db/outage.rs`). While the database is down, sqlx keeps trying to connect
/// until this runs out: with 15 s, requests hung for up to 8.2 s through a 5 s outage (issue 32);
/// a healthy pool under `make bench` hands out connections in milliseconds.
const PG_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);
/// How long one connection attempt to PostgreSQL may take.
const PG_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// How long a PostgreSQL connection may sit idle before it is checked on its next use.
const PG_PING_AFTER_IDLE: Duration = Duration::from_secs(30);

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("cannot create the database folder {path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot connect to {url}: {source}")]
    Connect { url: String, source: DbErr },
    #[error("cannot open {url}: {why}")]
    Held { url: String, why: String },
    #[error("cannot migrate {url}: {source}")]
    Migrate { url: String, source: DbErr },
    #[error(
        "the database {url} has migrations this binary does not know ({unknown}): a newer \
         version of noren migrated it. Run that version (or newer); an older binary never runs \
         on a newer schema"
    )]
    Newer { url: String, unknown: String },
}

/// Opens the database at `url` (no migrations): its pool, and on SQLite its writer.
pub async fn connect(url: &str) -> Result<Db, ConnectError> {
    let open = |opts: ConnectOptions| async move {
        Database::connect(opts)
            .await
            .map_err(|source| ConnectError::Connect {
                url: redact_url(url),
                source,
            })
    };
    match db_kind(url) {
        Some(DbKind::Sqlite) => {
            let file = sqlite_path(url);
            if let Some(parent) = file.and_then(|p| p.parent().map(Path::to_path_buf))
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(&parent).map_err(|source| ConnectError::Folder {
                    path: parent.display().to_string(),
                    source,
                })?;
            }
            // The writer first: it creates the file and turns on WAL before the readers open.
            // An in-memory database is one per connection: there, the pool does everything.
            let commits = Arc::new(Commits::default());
            let writer_commits = file.is_some().then(|| commits.clone());
            let writer = match file {
                Some(_) => Some(open(sqlite_options(url, Role::Writer(commits.clone()))).await?),
                None => None,
            };
            // The file exists now (the writer created it): no process opens it while a restore
            // replaces it, and no restore replaces it while this process runs.
            let hold = match file {
                Some(path) => Some(Arc::new(backup::hold(path).map_err(|e| {
                    ConnectError::Held {
                        url: redact_url(url),
                        why: e.to_string(),
                    }
                })?)),
                None => None,
            };
            let pool = open(sqlite_options(url, Role::Readers)).await?;
            let checkpoints = writer
                .as_ref()
                .map(|w| Arc::new(Checkpoints::start(pool.clone(), w.clone(), commits)));
            Ok(Db {
                pool,
                writer,
                _checkpoints: checkpoints,
                commits: writer_commits,
                _hold: hold,
                checks: None,
            })
        }
        _ => {
            // Ping only connections idle long enough for a server, proxy or firewall to have
            // dropped them, not every checkout (a network round trip per query).
            let mut opts = ConnectOptions::new(url.to_string());
            opts.sqlx_logging(false)
                .connect_timeout(PG_CONNECT_TIMEOUT)
                .acquire_timeout(PG_ACQUIRE_TIMEOUT)
                .max_connections(PG_CONNECTIONS)
                .min_connections(1)
                .test_before_acquire_if_idle_for(PG_PING_AFTER_IDLE);
            let mut checks = opts.clone();
            checks.max_connections(1).min_connections(0);
            Ok(Db {
                pool: open(opts).await?,
                writer: None,
                _checkpoints: None,
                commits: None,
                _hold: None,
                checks: Some(open(checks).await?),
            })
        }
    }
}

/// What a pool of SQLite connections is for.
#[derive(Clone)]
enum Role {
    /// The one connection that writes, counting its commits.
    Writer(Arc<Commits>),
    /// [`SQLITE_CONNECTIONS`] that read (and, for an in-memory database, do everything).
    Readers,
}

/// A pool on the SQLite file of `url` for `role`.
fn sqlite_options(url: &str, role: Role) -> ConnectOptions {
    let connections = match role {
        Role::Writer(_) => 1,
        Role::Readers => SQLITE_CONNECTIONS,
    };
    let mut opts = ConnectOptions::new(url.to_string());
    // An embedded file cannot hang up: no ping before each use (sqlx's default would add a
    // round trip to the connection's thread to every query).
    opts.sqlx_logging(false)
        .connect_timeout(Duration::from_secs(5))
        .acquire_timeout(Duration::from_secs(15))
        .max_connections(connections)
        .min_connections(1)
        .test_before_acquire(false)
        .map_sqlx_sqlite_pool_opts(move |o| {
            let commits = match &role {
                Role::Writer(commits) => Some(commits.clone()),
                Role::Readers => None,
            };
            let o = o.after_connect(move |conn, _| {
                let commits = commits.clone();
                Box::pin(async move {
                    let mut handle = conn.lock_handle().await?;
                    sqlite_busy::install(handle.as_raw_handle());
                    if let Some(commits) = commits {
                        let rolled_back = commits.clone();
                        sqlite_busy::on_wal_commit(handle.as_raw_handle(), commits);
                        handle.set_rollback_hook(move || rolled_back.suspect());
                    }
                    Ok(())
                })
            });
            match &role {
                Role::Writer(commits) => {
                    let commits = commits.clone();
                    o.after_release(move |conn, _| {
                        let commits = commits.clone();
                        Box::pin(async move { writer_is_clean(conn, &commits).await })
                    })
                }
                Role::Readers => o,
            }
        })
        .map_sqlx_sqlite_opts(|o| {
            o.create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .foreign_keys(true)
                .pragma("wal_autocheckpoint", "0")
                .pragma("journal_size_limit", SQLITE_WAL_LIMIT_BYTES.to_string())
        });
    opts
}

/// Whether the writer connection, handed back to its pool, may be used again.
///
/// Not when it is inside a transaction, in SQLite's eyes or in sqlx's: a `COMMIT` that failed (a
/// full disk) left sqlx counting a transaction that SQLite had already rolled back, and every
/// later `BEGIN IMMEDIATE` failed; a transaction SQLite still holds would take every later write
/// into it, answered as done and never committed. And not after the disk or the file failed it
/// (`SQLITE_FULL`, an I/O error): such a connection kept failing every write with "database or
/// disk is full" after the space was freed, where a new connection wrote at once (the chaos
/// test's measurement). The connection is closed (which rolls back what it holds) and the next
/// write opens a new one.
///
/// SQLite's own state costs a round trip to the connection's thread, asked only after the
/// writer rolled back (its rollback hook: a failed `COMMIT`, a statement SQLite rolled back
/// on a full disk, or a transaction dropped unfinished) or a write through [`Db`] failed, not
/// after every write (a round trip each). Without either, SQLite holds no transaction that sqlx
/// does not count, and no error.
async fn writer_is_clean(
    conn: &mut sea_orm::sqlx::SqliteConnection,
    commits: &Commits,
) -> Result<bool, sea_orm::sqlx::Error> {
    use sea_orm::sqlx::Connection;
    use sea_orm::sqlx::error::DatabaseError;
    let counted = conn.is_in_transaction();
    let suspect = commits
        .suspect
        .swap(false, std::sync::atomic::Ordering::AcqRel);
    if !counted && !suspect {
        return Ok(true);
    }
    let mut handle = conn.lock_handle().await?;
    let open = !sqlite_busy::autocommit(handle.as_raw_handle());
    // SQLITE_NOMEM 7, IOERR 10, CORRUPT 11, FULL 13, CANTOPEN 14, NOTADB 26 (primary codes).
    let failed = handle
        .last_error()
        .and_then(|e| e.code().and_then(|c| c.parse::<i32>().ok()))
        .filter(|code| matches!(code & 0xff, 7 | 10 | 11 | 13 | 14 | 26));
    if counted || open || failed.is_some() {
        tracing::warn!(
            sqlx_counts_a_transaction = counted,
            sqlite_has_one_open = open,
            last_error = ?failed,
            "the SQLite writer failed or was left inside a transaction: closing it (what it \
             held is rolled back); the next write opens a new one"
        );
        return Ok(false);
    }
    Ok(true)
}

/// Opens a pool on `url` and brings the schema up to date.
pub async fn connect_and_migrate(url: &str) -> Result<Db, ConnectError> {
    let db = connect(url).await?;
    let state = schema(&db).await.map_err(|source| ConnectError::Migrate {
        url: redact_url(url),
        source,
    })?;
    if let Schema::Ahead(unknown) = state {
        return Err(ConnectError::Newer {
            url: redact_url(url),
            unknown: unknown.join(", "),
        });
    }
    migrate(&db).await.map_err(|source| ConnectError::Migrate {
        url: redact_url(url),
        source,
    })?;
    Ok(db)
}

/// Where the database's schema stands against the migrations this binary knows.
#[derive(Debug, PartialEq, Eq)]
pub enum Schema {
    /// Every migration this binary knows is applied, and no other.
    Current,
    /// This many of this binary's migrations are not applied yet (`noren migrate`).
    Behind(usize),
    /// The database has migrations this binary does not know: a newer version migrated it.
    Ahead(Vec<String>),
}

/// The schema of `db` against this binary's migrations (one read of the migration table).
pub async fn schema(db: &impl ConnectionTrait) -> Result<Schema, DbErr> {
    let known: std::collections::HashSet<String> = migration::Migrator::migrations()
        .iter()
        .map(|m| m.name().to_string())
        .collect();
    let backend = db.get_database_backend();
    let exists = match backend {
        DbBackend::Postgres => {
            "SELECT 1 AS one FROM information_schema.tables WHERE table_name = 'seaql_migrations'"
        }
        _ => {
            "SELECT 1 AS one FROM sqlite_master WHERE type = 'table' AND name = 'seaql_migrations'"
        }
    };
    let applied: Vec<String> = if db
        .query_one_raw(Statement::from_string(backend, exists))
        .await?
        .is_some()
    {
        db.query_all_raw(Statement::from_string(
            backend,
            r#"SELECT "version" FROM "seaql_migrations""#,
        ))
        .await?
        .iter()
        .map(|r| r.try_get::<String>("", "version"))
        .collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    let mut ahead: Vec<String> = applied
        .iter()
        .filter(|v| !known.contains(*v))
        .cloned()
        .collect();
    if !ahead.is_empty() {
        ahead.sort();
        return Ok(Schema::Ahead(ahead));
    }
    let applied: std::collections::HashSet<&String> = applied.iter().collect();
    match known.iter().filter(|k| !applied.contains(k)).count() {
        0 => Ok(Schema::Current),
        n => Ok(Schema::Behind(n)),
    }
}

/// Applies pending migrations. Safe to run from several processes on PostgreSQL: the
/// migration table's primary key makes a second runner fail rather than apply twice.
pub async fn migrate(db: &Db) -> Result<(), DbErr> {
    migration::Migrator::up(db.writes(), None).await
}

/// Reverts the last `steps` migrations: for the tests of a data migration, which bring a
/// database back to the schema before it, write what an older version wrote, and migrate again.
pub async fn migrate_down(db: &Db, steps: u32) -> Result<(), DbErr> {
    migration::Migrator::down(db.writes(), Some(steps)).await
}

/// The file behind an `sqlite://PATH[?options]` URL.
pub fn sqlite_path(url: &str) -> Option<&Path> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| Path::new(path))
}

/// Waiting for another SQLite writer.
///
/// SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25 … 100 ms between tries. A write here
/// holds the lock for tens of microseconds, so under load those sleeps, not the writes, set the
/// pace (p99 of a create was 100+ ms). This handler tries again after 20 µs, backing off to
/// 1 ms, and gives up after [`SQLITE_BUSY_TIMEOUT`] like the default one would.
mod sqlite_busy {
    use super::SQLITE_BUSY_TIMEOUT;
    use std::ffi::{c_int, c_void};
    use std::ptr::NonNull;
    use std::time::Duration;

    const FIRST_WAIT: Duration = Duration::from_micros(20);
    const LONGEST_WAIT: Duration = Duration::from_millis(1);

    /// How long the `tries`-th wait is: doubling from the first to the longest.
    pub(super) fn wait(tries: u32) -> Duration {
        FIRST_WAIT
            .saturating_mul(1u32 << tries.min(10))
            .min(LONGEST_WAIT)
    }

    /// How many tries fit in the busy timeout (the waits before the longest one are ignored:
    /// they add up to less than 2 ms).
    pub(super) fn max_tries() -> u32 {
        (SQLITE_BUSY_TIMEOUT.as_micros() / LONGEST_WAIT.as_micros()) as u32
    }

    extern "C" fn on_busy(_: *mut c_void, tries: c_int) -> c_int {
        let tries = tries.max(0) as u32;
        if tries >= max_tries() {
            return 0;
        }
        std::thread::sleep(wait(tries));
        1
    }

    /// Whether `db` is in autocommit mode (no transaction open), asked while sqlx has the handle
    /// locked out of its worker thread, like [`install`]. sqlx has no safe wrapper for it.
    #[allow(unsafe_code)]
    pub(super) fn autocommit(db: NonNull<libsqlite3_sys::sqlite3>) -> bool {
        // SAFETY: `db` is an open connection handle that sqlx's `LockedSqliteHandle` keeps
        // exclusively ours while this runs; the call only reads the connection's state.
        unsafe { libsqlite3_sys::sqlite3_get_autocommit(db.as_ptr()) != 0 }
    }

    extern "C" fn on_wal(
        commits: *mut c_void,
        _: *mut libsqlite3_sys::sqlite3,
        _: *const std::ffi::c_char,
        frames: c_int,
    ) -> c_int {
        // SAFETY: `commits` is the pointer `on_wal_commit` made from an `Arc<Commits>` it never
        // gives back, so it stays valid for as long as the connection can call this.
        #[allow(unsafe_code)]
        let commits = unsafe { &*(commits as *const super::Commits) };
        commits.logged(i64::from(frames));
        libsqlite3_sys::SQLITE_OK
    }

    /// Tells `commits` the log's length after each commit of `db` (SQLite's WAL hook; the
    /// automatic checkpoint, which used it, is off). sqlx has no safe wrapper for it. The hook's
    /// reference to `commits` is never dropped: one `Arc` per writer connection opened, a new
    /// one only after the last failed (`writer_is_clean`).
    #[allow(unsafe_code)]
    pub(super) fn on_wal_commit(
        db: NonNull<libsqlite3_sys::sqlite3>,
        commits: std::sync::Arc<super::Commits>,
    ) {
        let commits = std::sync::Arc::into_raw(commits) as *mut c_void;
        // SAFETY: `db` is an open connection handle that sqlx's `LockedSqliteHandle` keeps
        // exclusively ours while this runs; `commits` outlives the connection (above).
        unsafe {
            libsqlite3_sys::sqlite3_wal_hook(db.as_ptr(), Some(on_wal), commits);
        }
    }

    /// Replaces the busy handler of `db`, called while sqlx has the handle locked out of its
    /// worker thread (the handler itself then runs on that thread, inside SQLite's calls). sqlx
    /// has no safe wrapper for this SQLite call.
    #[allow(unsafe_code)]
    pub(super) fn install(db: NonNull<libsqlite3_sys::sqlite3>) {
        // SAFETY: `db` is an open connection handle that sqlx's `LockedSqliteHandle` keeps
        // exclusively ours while this runs; the handler keeps no state (null user data).
        unsafe {
            libsqlite3_sys::sqlite3_busy_handler(db.as_ptr(), Some(on_busy), std::ptr::null_mut());
        }
    }
}

/// Begins a transaction that will write. On SQLite it is `BEGIN IMMEDIATE`: it takes the write
/// lock up front (waiting up to the busy timeout) instead of failing when a read turns into a
/// write after another writer committed. PostgreSQL ignores the mode; its writers lock rows.
pub async fn begin_write(db: &Db) -> Result<sea_orm::DatabaseTransaction, DbErr> {
    use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait};
    db.writes()
        .begin_with_options(TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        })
        .await
}

/// Begins a write inside `exec`: a transaction of its own on the database ([`begin_write`]), or
/// a savepoint in the caller's transaction (the one an `Idempotency-Key` opens,
/// `pay/idempotency.rs`). Either way its statements commit together or not at all, and a
/// failure inside a savepoint leaves the caller's transaction usable (PostgreSQL aborts a whole
/// transaction on an error otherwise).
pub async fn begin_write_in(exec: &Executor<'_>) -> Result<DatabaseTransaction, DbErr> {
    use sea_orm::TransactionTrait;
    match exec {
        Executor::Db(db) => begin_write(db).await,
        Executor::Tx(tx) => tx.begin().await,
    }
}

/// Where a call's statements run: the database (each its own transaction), or a transaction of
/// the caller's.
pub enum Executor<'a> {
    Db(&'a Db),
    Tx(&'a DatabaseTransaction),
}

#[async_trait::async_trait]
impl ConnectionTrait for Executor<'_> {
    fn get_database_backend(&self) -> DbBackend {
        match self {
            Executor::Db(db) => db.get_database_backend(),
            Executor::Tx(tx) => tx.get_database_backend(),
        }
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        match self {
            Executor::Db(db) => db.execute_raw(stmt).await,
            Executor::Tx(tx) => tx.execute_raw(stmt).await,
        }
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        match self {
            Executor::Db(db) => db.execute_unprepared(sql).await,
            Executor::Tx(tx) => tx.execute_unprepared(sql).await,
        }
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        match self {
            Executor::Db(db) => db.query_one_raw(stmt).await,
            Executor::Tx(tx) => tx.query_one_raw(stmt).await,
        }
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        match self {
            Executor::Db(db) => db.query_all_raw(stmt).await,
            Executor::Tx(tx) => tx.query_all_raw(stmt).await,
        }
    }
}

/// Which database engine a URL points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

pub fn db_kind(url: &str) -> Option<DbKind> {
    if url.starts_with("sqlite:") {
        Some(DbKind::Sqlite)
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Some(DbKind::Postgres)
    } else {
        None
    }
}

/// Hides the password of a database URL so that it never reaches a log or an error line.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let creds = &url[scheme_end + 3..at];
            match creds.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme_end + 3],
                    &creds[..colon],
                    &url[at..]
                ),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On SQLite reads run on the pool and everything else on the one writer; a write waits for
    /// the open write transaction (in line for the writer) and then succeeds, while reads go on.
    #[test]
    fn sqlite_writes_queue_for_the_writer_and_reads_do_not() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("w.db").display());
            let db = connect(&url).await.expect("db");
            let writer = db.writer.as_ref().expect("a file has a writer");
            let on_pool = |sql: &str| std::ptr::eq(db.runs(sql), &db.pool);
            let on_writer = |sql: &str| std::ptr::eq(db.runs(sql), writer);
            assert!(on_pool("SELECT 1") && on_pool("  select \"id\" FROM t"));
            assert!(on_writer("INSERT INTO t VALUES (1) RETURNING *"));
            assert!(on_writer("UPDATE t SET x = 1 RETURNING *") && on_writer("DELETE FROM t"));
            assert!(on_writer(
                "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x"
            ));
            assert!(on_writer("PRAGMA wal_checkpoint") && on_writer(""));

            db.execute_unprepared("CREATE TABLE t (x INTEGER)")
                .await
                .expect("create");
            let tx = begin_write(&db).await.expect("begin");
            tx.execute_unprepared("INSERT INTO t VALUES (1)")
                .await
                .expect("insert in tx");
            let queued = {
                let db = db.clone();
                tokio::spawn(async move { db.execute_unprepared("INSERT INTO t VALUES (2)").await })
            };
            // The pool reads while the writer is taken: the committed state, no row yet.
            let count = |db: Db| async move {
                let stmt = Statement::from_string(DbBackend::Sqlite, "SELECT COUNT(*) AS n FROM t");
                let row = db.query_one_raw(stmt).await.expect("count").expect("a row");
                row.try_get::<i64>("", "n").expect("n")
            };
            assert_eq!(count(db.clone()).await, 0);
            tx.commit().await.expect("commit");
            queued
                .await
                .expect("task")
                .expect("the queued write succeeds");
            assert_eq!(count(db.clone()).await, 2);
            db.close().await.expect("close");
        });
    }

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(
            sqlite_path("sqlite://data/noren.db"),
            Some(Path::new("data/noren.db"))
        );
        assert_eq!(
            sqlite_path("sqlite:///tmp/x.db?mode=rwc"),
            Some(Path::new("/tmp/x.db"))
        );
        assert_eq!(sqlite_path("sqlite::memory:"), None);
        assert_eq!(sqlite_path("postgres://x"), None);
    }

    #[test]
    fn busy_waits_back_off_and_end_with_the_timeout() {
        assert_eq!(sqlite_busy::wait(0), Duration::from_micros(20));
        assert_eq!(sqlite_busy::wait(1), Duration::from_micros(40));
        assert_eq!(sqlite_busy::wait(6), Duration::from_millis(1));
        assert_eq!(sqlite_busy::wait(u32::MAX), Duration::from_millis(1));
        assert_eq!(sqlite_busy::max_tries(), 10_000);
    }
}
