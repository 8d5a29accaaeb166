//! The database: one code path over SQLite (embedded default) and PostgreSQL.
//!
//! Connection set-up is the one place where the dialects differ (SQLite pragmas vs. a pool
//! sized for a server); everything else goes through SeaORM entities and sea-query, which
//! render each dialect. Queries live only in `repo`.

pub mod entities;
pub mod migration;
pub mod repo;

use crate::config::{DbKind, db_kind, redact_url};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection, DbErr};
use sea_orm_migration::MigratorTrait;
use std::path::Path;
use std::time::Duration;

pub use sea_orm::DatabaseConnection as Db;

/// How long an SQLite writer waits for another writer before failing: concurrent requests
/// queue behind each other instead of answering "database is locked".
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

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
            opts.max_connections(8)
                .min_connections(1)
                .map_sqlx_sqlite_opts(|o| {
                    o.create_if_missing(true)
                        .journal_mode(SqliteJournalMode::Wal)
                        .synchronous(SqliteSynchronous::Normal)
                        .busy_timeout(SQLITE_BUSY_TIMEOUT)
                        .foreign_keys(true)
                });
        }
        _ => {
            opts.max_connections(20).min_connections(1);
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
}
