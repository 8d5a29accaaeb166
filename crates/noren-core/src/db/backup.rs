//! Backups of the embedded SQLite database (issue 32 item 3): `noren backup FILE` and
//! `noren restore FILE`.
//!
//! A backup is `VACUUM INTO` run on a reading connection: one read transaction, so the copy is
//! the database as of one moment while servers go on writing (WAL readers never block the
//! writer), compacted, in one self-contained file (its journal mode is set back to `DELETE`, so
//! no `-wal` file belongs to it). It is written under a temporary name, checked with `PRAGMA
//! integrity_check`, and only then renamed to the name asked for.
//!
//! Every process that opens an SQLite database holds a shared `flock` on its file for as long as
//! it runs ([`hold`]); a restore takes the exclusive one, so it is refused while any `noren`
//! (a server, an operator command) has the database open, and a process cannot open it while a
//! restore runs. The database a restore replaces is kept beside it, with its log, under
//! `NAME.before-restore-<UTC time>`.

use crate::db::{self, Schema};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, Statement};
use std::fs::File;
use std::path::{Path, PathBuf};

/// What the tables that matter hold, by the words an operator reads.
const COUNTED: [(&str, &str); 6] = [
    ("payments", "predefined_payments"),
    ("payment attempts", "payments"),
    ("cafeteria orders", "cafeteria_orders"),
    ("reservations", "inbound_reservations"),
    ("webhook events", "webhook_events"),
    ("shops", "shops"),
];

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "backups here are of the embedded SQLite database; on PostgreSQL use pg_dump and WAL \
         archiving (the deployment guide's Backups section)"
    )]
    NotSqlite,
    #[error("{0} exists: a backup never overwrites a file; choose a new name")]
    Exists(String),
    #[error("{0} is not a file")]
    Missing(String),
    #[error(
        "the database {0} is open in a running noren (a server or an operator command): stop it \
         first; a restore never replaces a database under a running process"
    )]
    InUse(String),
    #[error("{file} is damaged: integrity_check answered {verdict}")]
    Damaged { file: String, verdict: String },
    #[error(
        "{file} was written by a newer version of noren (migrations {unknown}); restore it with \
         that version or newer"
    )]
    Newer { file: String, unknown: String },
    #[error("{what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
    #[error("{what}: {source}")]
    Db { what: String, source: DbErr },
}

fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> BackupError {
    let what = what.into();
    move |source| BackupError::Io { what, source }
}

fn dberr(what: impl Into<String>) -> impl FnOnce(DbErr) -> BackupError {
    let what = what.into();
    move |source| BackupError::Db { what, source }
}

/// What a backup file holds.
#[derive(Debug)]
pub struct Summary {
    pub file: PathBuf,
    pub bytes: u64,
    /// `PRAGMA integrity_check`'s answer: `ok`.
    pub integrity: String,
    pub schema: Schema,
    /// Rows per table of [`COUNTED`], by their words.
    pub counts: Vec<(&'static str, i64)>,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "file: {} ({} bytes)", self.file.display(), self.bytes)?;
        writeln!(f, "integrity: {}", self.integrity)?;
        let schema = match &self.schema {
            Schema::Current => "current (this version's migrations, all applied)".to_string(),
            Schema::Behind(n) => {
                format!("{n} migrations behind this version (applied when a server starts on it)")
            }
            Schema::Ahead(unknown) => format!("newer than this version ({})", unknown.join(", ")),
        };
        writeln!(f, "schema: {schema}")?;
        let holds: Vec<String> = self
            .counts
            .iter()
            .map(|(what, n)| format!("{n} {what}"))
            .collect();
        write!(f, "holds: {}", holds.join(", "))
    }
}

/// Holds a shared lock on the SQLite file at `path` for as long as the answer lives: refused
/// while a restore holds the exclusive one.
pub fn hold(path: &Path) -> Result<File, BackupError> {
    let file = File::open(path).map_err(io(format!("cannot open {}", path.display())))?;
    match file.try_lock_shared() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(BackupError::InUse(format!(
            "{} (a restore is replacing it)",
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(io(format!("cannot lock {}", path.display()))(e))
        }
    }
}

/// Writes a consistent copy of the database of `db` to `to` while it keeps serving, checks it,
/// and answers what it holds.
pub async fn backup(db: &db::Db, to: &Path) -> Result<Summary, BackupError> {
    if db.get_database_backend() != DbBackend::Sqlite {
        return Err(BackupError::NotSqlite);
    }
    if to.exists() {
        return Err(BackupError::Exists(to.display().to_string()));
    }
    let partial = with_suffix(to, ".partial");
    let _ = std::fs::remove_file(&partial);
    // On the pool (a reading connection), not the writer: the servers' writes go on meanwhile.
    let pool: &DatabaseConnection = db;
    let into = format!("VACUUM INTO {}", sql_string(&partial.display().to_string()));
    pool.execute_unprepared(&into)
        .await
        .map_err(dberr(format!("cannot write {}", partial.display())))?;
    let checked = async {
        let copy = open(&partial).await?;
        copy.execute_unprepared("PRAGMA journal_mode=DELETE")
            .await
            .map_err(dberr("cannot set the copy's journal mode"))?;
        let summary = summarize(&copy, &partial).await;
        copy.close().await.ok();
        summary
    }
    .await;
    let summary = match checked {
        Ok(s) if s.integrity == "ok" => s,
        Ok(s) => {
            let _ = std::fs::remove_file(&partial);
            return Err(BackupError::Damaged {
                file: to.display().to_string(),
                verdict: s.integrity,
            });
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    File::open(&partial)
        .and_then(|f| f.sync_all())
        .map_err(io(format!("cannot sync {}", partial.display())))?;
    std::fs::rename(&partial, to).map_err(io(format!("cannot name it {}", to.display())))?;
    Ok(Summary {
        file: to.to_path_buf(),
        ..summary
    })
}

/// What the backup file `file` holds, checked.
pub async fn inspect(file: &Path) -> Result<Summary, BackupError> {
    if !file.is_file() {
        return Err(BackupError::Missing(file.display().to_string()));
    }
    let conn = open(file).await?;
    let summary = summarize(&conn, file).await;
    conn.close().await.ok();
    summary
}

/// Replaces the SQLite database of `url` with the backup `from`: refused while a process holds
/// the database, for a damaged backup, and for one of a newer version. The database it replaces
/// (and its log) is kept as `NAME.before-restore-<UTC time>`, named in the answer.
pub async fn restore(url: &str, from: &Path) -> Result<(Summary, Option<PathBuf>), BackupError> {
    let Some(target) = db::sqlite_path(url) else {
        return Err(BackupError::NotSqlite);
    };
    let target = target.to_path_buf();
    // Held until the copy is in place.
    let _lock = match File::open(&target) {
        Ok(file) => match file.try_lock() {
            Ok(()) => Some(file),
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(BackupError::InUse(target.display().to_string()));
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(io(format!("cannot lock {}", target.display()))(e));
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(format!("cannot open {}", target.display()))(e)),
    };
    let summary = inspect(from).await?;
    if summary.integrity != "ok" {
        return Err(BackupError::Damaged {
            file: from.display().to_string(),
            verdict: summary.integrity,
        });
    }
    if let Schema::Ahead(unknown) = &summary.schema {
        return Err(BackupError::Newer {
            file: from.display().to_string(),
            unknown: unknown.join(", "),
        });
    }
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(io(format!("cannot create {}", parent.display())))?;
    }
    let incoming = with_suffix(&target, ".restoring");
    std::fs::copy(from, &incoming).map_err(io(format!(
        "cannot copy {} to {}",
        from.display(),
        incoming.display()
    )))?;
    File::open(&incoming)
        .and_then(|f| f.sync_all())
        .map_err(io(format!("cannot sync {}", incoming.display())))?;
    let kept = if target.exists() {
        let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
        let aside = with_suffix(&target, &format!(".before-restore-{stamp}"));
        std::fs::rename(&target, &aside)
            .map_err(io(format!("cannot move {} aside", target.display())))?;
        for log in ["-wal", "-shm"] {
            let from_log = with_suffix(&target, log);
            if from_log.exists() {
                std::fs::rename(&from_log, with_suffix(&aside, log))
                    .map_err(io(format!("cannot move {} aside", from_log.display())))?;
            }
        }
        Some(aside)
    } else {
        None
    };
    std::fs::rename(&incoming, &target)
        .map_err(io(format!("cannot name it {}", target.display())))?;
    Ok((
        Summary {
            file: target,
            ..summary
        },
        kept,
    ))
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// `text` as an SQL string literal.
fn sql_string(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// One plain connection to the SQLite file `file` (not a server's pool: no writer, no
/// checkpoints, no lock).
async fn open(file: &Path) -> Result<DatabaseConnection, BackupError> {
    let mut opts = sea_orm::ConnectOptions::new(format!("sqlite://{}", file.display()));
    opts.sqlx_logging(false)
        .max_connections(1)
        .min_connections(1);
    Database::connect(opts)
        .await
        .map_err(dberr(format!("cannot open {}", file.display())))
}

async fn summarize(conn: &DatabaseConnection, file: &Path) -> Result<Summary, BackupError> {
    let rows = conn
        .query_all_raw(Statement::from_string(
            DbBackend::Sqlite,
            "PRAGMA integrity_check",
        ))
        .await
        .map_err(dberr("integrity_check"))?;
    let integrity = rows
        .iter()
        .filter_map(|r| r.try_get_by_index::<String>(0).ok())
        .collect::<Vec<_>>()
        .join("; ");
    let schema = db::schema(conn)
        .await
        .map_err(dberr("reading its migrations"))?;
    let mut counts = Vec::new();
    for (what, table) in COUNTED {
        let n = conn
            .query_one_raw(Statement::from_string(
                DbBackend::Sqlite,
                format!(r#"SELECT COUNT(*) AS n FROM "{table}""#),
            ))
            .await
            .ok()
            .flatten()
            .and_then(|r| r.try_get::<i64>("", "n").ok())
            .unwrap_or(0);
        counts.push((what, n));
    }
    let bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
    Ok(Summary {
        file: file.to_path_buf(),
        bytes,
        integrity,
        schema,
        counts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_get_their_suffix_and_paths_their_quotes() {
        assert_eq!(
            with_suffix(Path::new("data/noren.db"), "-wal"),
            PathBuf::from("data/noren.db-wal")
        );
        assert_eq!(sql_string("/tmp/it's.db"), "'/tmp/it''s.db'");
    }
}
