//! The database: one code path over SQLite (embedded default) and PostgreSQL.
//!
//! Connection set-up is the one place where the dialects differ (SQLite pragmas vs. a pool
//! sized for a server); everything else goes through SeaORM entities and sea-query, which
//! render each dialect. Queries live only in `repo`.

pub mod entities;
pub mod migration;
pub mod repo;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DatabaseExecutor, DatabaseTransaction, DbErr,
};
use sea_orm_migration::MigratorTrait;
use std::path::Path;
use std::time::Duration;

pub use sea_orm::DatabaseConnection as Db;

/// How long an SQLite writer waits for another writer before failing: concurrent requests
/// queue behind each other instead of answering "database is locked".
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// SQLite connections per process. Each has its own thread; readers never wait for the writer
/// (WAL). Every statement is a round trip to a connection's thread, and on the 2-core benchmark
/// machine each extra thread mostly added wake-ups: appends ran at about 2,450/s with four
/// connections, 2,800/s with three and 3,150/s with two, with reads unchanged (`make bench`).
/// A request that held a transaction and then waited for a second connection would wait for
/// the other one here (up to the acquire timeout): services use their transaction for every
/// read inside it (the idempotent payment calls get it as their executor).
const SQLITE_CONNECTIONS: u32 = 2;

/// Pages in the write-ahead log before a commit copies them into the database (SQLite's default
/// is 1,000). A checkpoint syncs the file and runs inside the commit that triggers it; doing it
/// ten times less often took webhook deliveries from ~500/s to ~700/s (bench). The log then
/// grows to about 40 MiB and is cut back to [`SQLITE_WAL_LIMIT_BYTES`] after a checkpoint.
const SQLITE_CHECKPOINT_PAGES: u32 = 10_000;
const SQLITE_WAL_LIMIT_BYTES: u64 = 64 * 1024 * 1024;

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
    #[error("cannot migrate {url}: {source}")]
    Migrate { url: String, source: DbErr },
}

/// Opens a pool on `url` (no migrations).
pub async fn connect(url: &str) -> Result<Db, ConnectError> {
    let mut opts = ConnectOptions::new(url.to_string());
    opts.sqlx_logging(false)
        .connect_timeout(Duration::from_secs(5))
        .acquire_timeout(Duration::from_secs(15));
    match db_kind(url) {
        Some(DbKind::Sqlite) => {
            if let Some(parent) = sqlite_path(url).and_then(|p| p.parent().map(Path::to_path_buf))
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(&parent).map_err(|source| ConnectError::Folder {
                    path: parent.display().to_string(),
                    source,
                })?;
            }
            // An embedded file cannot hang up: no ping before each use (sqlx's default would
            // add a round trip to the connection's thread to every query).
            opts.max_connections(SQLITE_CONNECTIONS)
                .min_connections(1)
                .test_before_acquire(false)
                .map_sqlx_sqlite_pool_opts(|o| {
                    o.after_connect(|conn, _| {
                        Box::pin(async move {
                            let mut handle = conn.lock_handle().await?;
                            sqlite_busy::install(handle.as_raw_handle());
                            Ok(())
                        })
                    })
                })
                .map_sqlx_sqlite_opts(|o| {
                    o.create_if_missing(true)
                        .journal_mode(SqliteJournalMode::Wal)
                        .synchronous(SqliteSynchronous::Normal)
                        .busy_timeout(SQLITE_BUSY_TIMEOUT)
                        .foreign_keys(true)
                        .pragma("wal_autocheckpoint", SQLITE_CHECKPOINT_PAGES.to_string())
                        .pragma("journal_size_limit", SQLITE_WAL_LIMIT_BYTES.to_string())
                });
        }
        _ => {
            // Ping only connections idle long enough for a server, proxy or firewall to have
            // dropped them, not every checkout (a network round trip per query).
            opts.max_connections(20)
                .min_connections(1)
                .test_before_acquire_if_idle_for(PG_PING_AFTER_IDLE);
        }
    }
    Database::connect(opts)
        .await
        .map_err(|source| ConnectError::Connect {
            url: redact_url(url),
            source,
        })
}

/// Opens a pool on `url` and brings the schema up to date.
pub async fn connect_and_migrate(url: &str) -> Result<Db, ConnectError> {
    let db = connect(url).await?;
    migrate(&db).await.map_err(|source| ConnectError::Migrate {
        url: redact_url(url),
        source,
    })?;
    Ok(db)
}

/// Applies pending migrations. Safe to run from several processes on PostgreSQL: the
/// migration table's primary key makes a second runner fail rather than apply twice.
pub async fn migrate(db: &Db) -> Result<(), DbErr> {
    migration::Migrator::up(db, None).await
}

/// The file behind an `sqlite://PATH[?options]` URL.
fn sqlite_path(url: &str) -> Option<&Path> {
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

    /// Replaces the busy handler of `db`, called while sqlx has the handle locked out of its
    /// worker thread (the handler itself then runs on that thread, inside SQLite's calls). The
    /// one `unsafe` of the crate: sqlx has no safe wrapper for this SQLite call.
    #[allow(unsafe_code)]
    pub(super) fn install(db: NonNull<libsqlite3_sys::sqlite3>) {
        // SAFETY: `db` is an open connection handle that sqlx's `LockedSqliteHandle` keeps
        // exclusively ours while this runs; the handler keeps no state (null user data).
        unsafe {
            libsqlite3_sys::sqlite3_busy_handler(db.as_ptr(), Some(on_busy), std::ptr::null_mut());
        }
    }
}

/// Whether the connection answers a trivial query (for `/readyz`).
pub async fn ping(db: &DatabaseConnection) -> bool {
    db.ping().await.is_ok()
}

/// Begins a transaction that will write. On SQLite it is `BEGIN IMMEDIATE`: it takes the write
/// lock up front (waiting up to the busy timeout) instead of failing when a read turns into a
/// write after another writer committed. PostgreSQL ignores the mode; its writers lock rows.
pub async fn begin_write(db: &Db) -> Result<sea_orm::DatabaseTransaction, DbErr> {
    use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait};
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}

/// Begins a write inside `exec`: a transaction of its own on the pool ([`begin_write`]), or a
/// savepoint in the caller's transaction (the one an `Idempotency-Key` opens,
/// `pay/idempotency.rs`). Either way its statements commit together or not at all, and a
/// failure inside a savepoint leaves the caller's transaction usable (PostgreSQL aborts a whole
/// transaction on an error otherwise).
pub async fn begin_write_in(exec: &DatabaseExecutor<'_>) -> Result<DatabaseTransaction, DbErr> {
    use sea_orm::TransactionTrait;
    match exec {
        DatabaseExecutor::Connection(db) => begin_write(db).await,
        DatabaseExecutor::Transaction(tx) => tx.begin().await,
        DatabaseExecutor::OwnedTransaction(tx) => tx.begin().await,
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
