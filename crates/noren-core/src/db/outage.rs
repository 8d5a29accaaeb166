//! Which database errors are an outage rather than a bug: the database cannot be reached, is
//! restarting, or has no space left. A request that meets one answers `503` with the error body
//! and `Retry-After`, and a client sends it again; any other database error stays a `500`. The
//! statement or transaction that failed wrote nothing, but a call that commits and then reads
//! (an approval answers the checkout as it now is) may have been applied: the message says so,
//! and the calls that create or refund take an `Idempotency-Key` for that reason.
//!
//! Measured before this existed (issue 32): a PostgreSQL `pg_ctl restart -m fast` under load
//! gave 7 of 45,284 creates a `500 server`, and a full disk on SQLite answered `503` only from
//! `/readyz` while the API went on answering.

use sea_orm::sqlx;
use sea_orm::{ConnAcquireErr, DbErr, RuntimeErr};

/// Why the database cannot take a request now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outage {
    /// The disk under the database is full (SQLite `SQLITE_FULL`, PostgreSQL `53100`).
    DiskFull,
    /// The database cannot be reached, is shutting down or restarting, or refused the
    /// connection (PostgreSQL's class `08`, `57P01`–`57P03`, a closed or timed-out pool, a
    /// network error), or the file cannot be read or written (SQLite I/O errors).
    Unreachable,
    /// The database is too busy to take the request in time (pool wait, SQLite's busy timeout,
    /// PostgreSQL's `53300` too many connections).
    Busy,
}

impl Outage {
    /// What the error body's `message` says: no internals, what happened to the request and
    /// what to do.
    pub fn message(self) -> &'static str {
        match self {
            Outage::DiskFull => {
                "the database has no space left; retry after Retry-After seconds (a create or \
                 refund sent again with the same Idempotency-Key is applied at most once)"
            }
            Outage::Unreachable => {
                "the database is unavailable (restarting or unreachable); retry after \
                 Retry-After seconds (a create or refund sent again with the same \
                 Idempotency-Key is applied at most once)"
            }
            Outage::Busy => {
                "the database is too busy to answer in time; retry after Retry-After seconds (a \
                 create or refund sent again with the same Idempotency-Key is applied at most \
                 once)"
            }
        }
    }

    /// The `Retry-After` seconds: a restart is over in a few seconds, space takes an operator.
    pub fn retry_after_secs(self) -> u64 {
        match self {
            Outage::DiskFull => 30,
            Outage::Unreachable => 2,
            Outage::Busy => 1,
        }
    }
}

/// The outage `err` reports, or `None` for any other database error.
pub fn classify(err: &DbErr) -> Option<Outage> {
    match err {
        DbErr::ConnectionAcquire(ConnAcquireErr::Timeout) => Some(Outage::Busy),
        DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed) => Some(Outage::Unreachable),
        DbErr::Conn(RuntimeErr::SqlxError(e))
        | DbErr::Exec(RuntimeErr::SqlxError(e))
        | DbErr::Query(RuntimeErr::SqlxError(e)) => classify_sqlx(e),
        // SeaORM's own words for a connection it could not use.
        DbErr::Conn(RuntimeErr::Internal(_)) => Some(Outage::Unreachable),
        DbErr::Custom(text) if text == DISK_FULL_SHARED => Some(Outage::DiskFull),
        _ => None,
    }
}

/// What [`shared`] makes of a full disk (there is no constructor for the engines' own error).
const DISK_FULL_SHARED: &str = "the database has no space left (the shared transaction failed)";

/// `err` again, as the same outage (or the same text): the failure of a transaction that
/// several requests shared (`db::together`), answered to each of them.
pub fn shared(err: &DbErr) -> DbErr {
    match classify(err) {
        Some(Outage::Busy) => DbErr::ConnectionAcquire(ConnAcquireErr::Timeout),
        Some(Outage::Unreachable) => DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed),
        Some(Outage::DiskFull) => DbErr::Custom(DISK_FULL_SHARED.into()),
        None => DbErr::Custom(err.to_string()),
    }
}

fn classify_sqlx(err: &sqlx::Error) -> Option<Outage> {
    match err {
        sqlx::Error::PoolTimedOut => Some(Outage::Busy),
        sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed => Some(Outage::Unreachable),
        sqlx::Error::Database(d) => {
            let code = d.code()?;
            // Which engine answered, not the code's shape: most SQLSTATEs are digits too
            // (`53100`, a full disk, was read as an SQLite code and answered 500).
            if d.try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                .is_some()
            {
                postgres_state(&code)
            } else {
                // SQLite reports its (extended) result code; the primary code is its low byte.
                code.parse::<i32>().ok().and_then(|n| sqlite_code(n & 0xff))
            }
        }
        _ => None,
    }
}

/// SQLite's primary result codes that are an outage.
fn sqlite_code(primary: i32) -> Option<Outage> {
    match primary {
        13 => Some(Outage::DiskFull),                 // SQLITE_FULL
        5 | 6 => Some(Outage::Busy),                  // SQLITE_BUSY, SQLITE_LOCKED
        10 | 14 | 8 | 7 => Some(Outage::Unreachable), // IOERR, CANTOPEN, READONLY, NOMEM
        _ => None,
    }
}

/// PostgreSQL's SQLSTATEs that are an outage.
fn postgres_state(state: &str) -> Option<Outage> {
    match state {
        "53100" => Some(Outage::DiskFull),
        "53300" | "53400" | "57014" => Some(Outage::Busy),
        // admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped; a standby that
        // is read-only after a failover.
        "57P01" | "57P02" | "57P03" | "57P04" | "25006" => Some(Outage::Unreachable),
        s if s.starts_with("08") => Some(Outage::Unreachable),
        // insufficient_resources (53000), out_of_memory (53200)
        s if s.starts_with("53") => Some(Outage::Busy),
        _ => None,
    }
}

/// The outage somewhere in `err`'s chain of causes (an [`anyhow::Error`] with context around a
/// [`DbErr`], as the slices' services make them).
pub fn in_chain(err: &anyhow::Error) -> Option<Outage> {
    err.chain()
        .find_map(|cause| cause.downcast_ref::<DbErr>().and_then(classify))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_codes_are_read_by_their_primary_byte() {
        assert_eq!(sqlite_code(13), Some(Outage::DiskFull));
        // SQLITE_IOERR_WRITE (778) and SQLITE_BUSY_SNAPSHOT (517)
        assert_eq!(sqlite_code(778 & 0xff), Some(Outage::Unreachable));
        assert_eq!(sqlite_code(517 & 0xff), Some(Outage::Busy));
        // SQLITE_CONSTRAINT_UNIQUE (2067) is the client's or a bug, never an outage
        assert_eq!(sqlite_code(2067 & 0xff), None);
    }

    #[test]
    fn postgres_states_name_restarts_full_disks_and_nothing_else() {
        assert_eq!(postgres_state("57P01"), Some(Outage::Unreachable));
        assert_eq!(postgres_state("08006"), Some(Outage::Unreachable));
        assert_eq!(postgres_state("53100"), Some(Outage::DiskFull));
        assert_eq!(postgres_state("53300"), Some(Outage::Busy));
        assert_eq!(postgres_state("23505"), None);
        assert_eq!(postgres_state("40001"), None);
    }

    #[test]
    fn a_shared_failure_is_the_same_outage_for_everyone() {
        for outage in [
            DbErr::ConnectionAcquire(ConnAcquireErr::Timeout),
            DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed),
            DbErr::Custom(DISK_FULL_SHARED.into()),
        ] {
            assert_eq!(classify(&shared(&outage)), classify(&outage));
            assert!(classify(&outage).is_some());
        }
        let bug = DbErr::Custom("no such column".into());
        assert_eq!(classify(&shared(&bug)), None);
        assert!(shared(&bug).to_string().contains("no such column"));
    }

    #[test]
    fn an_outage_is_found_under_context() {
        let err = anyhow::Error::new(DbErr::ConnectionAcquire(ConnAcquireErr::Timeout))
            .context("database error")
            .context("creating a payment");
        assert_eq!(in_chain(&err), Some(Outage::Busy));
        let other = anyhow::Error::new(DbErr::Custom("bug".into())).context("x");
        assert_eq!(in_chain(&other), None);
    }
}
