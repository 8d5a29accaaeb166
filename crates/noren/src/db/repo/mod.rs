//! Repositories: where queries live, one module per aggregate (the webhook queries are in
//! `webhooks/store.rs`, with the rest of the webhook code).

pub mod accounts;
pub mod attempts;
pub mod idempotency;
pub mod jobs;
pub mod payments;
pub mod shops;
pub mod token_reads;

use sea_orm::{ConnectionTrait, DbErr, EntityTrait, QueryTrait, RuntimeErr, Select};

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

/// Reads by a unique key without SeaORM's `.one()`, which appends `LIMIT ?` with 1 bound.
///
/// SQLite (3.47 and later) reads a bound LIMIT while planning a statement and so marks the
/// cached statement stale every time the value is bound again: each run recompiled its SQL (a
/// fifth of a token read's CPU). Here the SQL carries no LIMIT; both drivers stop at the first
/// row. Meant for lookups that match one row at most (a primary or unique key).
pub trait SelectFirst<E: EntityTrait> {
    fn first<'a, C: ConnectionTrait>(
        self,
        db: &'a C,
    ) -> impl Future<Output = Result<Option<E::Model>, DbErr>> + Send + 'a
    where
        E: 'a;
}

impl<E: EntityTrait> SelectFirst<E> for Select<E> {
    fn first<'a, C: ConnectionTrait>(
        self,
        db: &'a C,
    ) -> impl Future<Output = Result<Option<E::Model>, DbErr>> + Send + 'a
    where
        E: 'a,
    {
        let stmt = self.build(db.get_database_backend());
        E::find().from_raw_sql(stmt).one(db)
    }
}

/// One page of `select`: at most `limit` rows after skipping `offset`, with both numbers written
/// into the SQL rather than bound (see [`SelectFirst`] for why a bound LIMIT is slow on SQLite).
pub async fn page<E: EntityTrait>(
    db: &impl ConnectionTrait,
    select: Select<E>,
    offset: u64,
    limit: u64,
) -> Result<Vec<E::Model>, DbErr> {
    let mut stmt = select.build(db.get_database_backend());
    stmt.sql
        .push_str(&format!(" LIMIT {limit} OFFSET {offset}"));
    E::find().from_raw_sql(stmt).all(db).await
}
