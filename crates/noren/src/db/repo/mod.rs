//! Repositories: the only place queries live, one module per aggregate.

pub mod accounts;
pub mod attempts;
pub mod idempotency;
pub mod jobs;
pub mod payments;
pub mod shops;
pub mod webhooks;

use sea_orm::{DbErr, RuntimeErr};

/// True when `err` is a unique-constraint violation, so callers can turn it into a 409
/// (or retry with another generated value) instead of a 500.
pub fn is_unique_violation(err: &DbErr) -> bool {
    let text = match err {
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => e
            .as_database_error()
            .map(|d| d.is_unique_violation())
            .unwrap_or(false),
        _ => false,
    };
    text || matches!(
        err.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}
