//! The `rate_buckets` table (migration 000020): token buckets shared by the processes on one
//! PostgreSQL database. A take is one `INSERT … ON CONFLICT DO UPDATE`, as crates.io's
//! `src/rate_limiter.rs` does: the row is refilled for the time since its last take, up to its
//! capacity, and gives up to the tokens asked for, all under the row's lock, so two processes
//! never give the same token. PostgreSQL only (a process on SQLite limits in memory).

use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};

/// A bucket's shape: how many tokens it holds when full and how fast it refills.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    pub capacity: u32,
    /// Microseconds per token.
    pub refill_us: f64,
}

/// What a take gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Taken {
    /// Tokens given (0 to the number asked for).
    pub granted: u32,
    /// Tokens left in the bucket after the take (a fraction of one accrues between takes).
    pub left: f64,
}

const TAKE: &str = "\
INSERT INTO rate_buckets AS b (scope, subject, tokens, refilled_us, granted) \
VALUES ($1, $2, $3 - LEAST($4, $3), $5, LEAST($4, $3)::integer) \
ON CONFLICT (scope, subject) DO UPDATE SET (tokens, granted, refilled_us) = ( \
  SELECT f.full_now - LEAST($4, FLOOR(f.full_now)), LEAST($4, FLOOR(f.full_now))::integer, \
         GREATEST(b.refilled_us, $5) \
  FROM (SELECT LEAST($3, b.tokens + GREATEST(0, $5 - b.refilled_us) / $6) AS full_now) f) \
RETURNING tokens, granted";

/// Takes up to `want` tokens from `scope`'s bucket of `subject` at `now_us` (microseconds since
/// the Unix epoch). A bucket never taken from starts full. Clocks of processes that differ a
/// little never refill a bucket twice: the refill time only moves forward.
pub async fn take(
    db: &impl ConnectionTrait,
    scope: &str,
    subject: &[u8],
    bucket: Bucket,
    want: u32,
    now_us: i64,
) -> Result<Taken, DbErr> {
    let stmt = Statement::from_sql_and_values(
        DbBackend::Postgres,
        TAKE,
        [
            scope.into(),
            subject.to_vec().into(),
            f64::from(bucket.capacity).into(),
            f64::from(want).into(),
            now_us.into(),
            bucket.refill_us.max(f64::MIN_POSITIVE).into(),
        ],
    );
    let row = db
        .query_one_raw(stmt)
        .await?
        .ok_or_else(|| DbErr::Custom("a take returned no row".into()))?;
    let left: f64 = row.try_get("", "tokens")?;
    let granted: i32 = row.try_get("", "granted")?;
    Ok(Taken {
        granted: u32::try_from(granted).unwrap_or(0),
        left,
    })
}

/// Removes `scope`'s buckets untouched since `before_us`: refilled to full, they are the same
/// as no row.
pub async fn forget_full(
    db: &impl ConnectionTrait,
    scope: &str,
    before_us: i64,
) -> Result<u64, DbErr> {
    let stmt = Statement::from_sql_and_values(
        DbBackend::Postgres,
        "DELETE FROM rate_buckets WHERE scope = $1 AND refilled_us < $2",
        [scope.into(), before_us.into()],
    );
    Ok(db.execute_raw(stmt).await?.rows_affected())
}
