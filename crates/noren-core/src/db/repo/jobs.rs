//! The job table: background work (webhook deliveries, scheduled imports) claimed with row locks
//! so that several `noren` processes on one database never run the same job at once
//! (DESIGN.md "Scale-out"), and a crashed process's jobs come back when their lease runs out.
//!
//! A claim is one statement on both engines:
//! `UPDATE jobs SET status='running', … WHERE id IN (SELECT id … LIMIT n [FOR UPDATE SKIP LOCKED]) RETURNING *`.
//! PostgreSQL skips rows another claimer holds; SQLite runs one writer at a time, so the lock
//! clause is left out there.

use crate::db::entities::job::{self, Column, Entity, JobStatus};
use crate::domain::clock::Clock;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Query, Value};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, FromQueryResult,
    QueryFilter, Set, Statement, StatementBuilder,
};

const PENDING: &str = JobStatus::Pending.as_str();
const RUNNING: &str = JobStatus::Running.as_str();
const CLOCKED: &str = JobStatus::Clocked.as_str();

/// The status of a job put back to wait: `pending`, or `clocked` when it belongs to a test
/// clock (an advance of that clock runs it, never a runner's claim).
fn waiting() -> sea_orm::sea_query::SimpleExpr {
    Expr::cust(r#"CASE WHEN "clock_id" IS NULL THEN 'pending' ELSE 'clocked' END"#)
}

/// `status` as written on a job: [`waiting`] for `pending`.
fn status_value(status: JobStatus) -> sea_orm::sea_query::SimpleExpr {
    match status {
        JobStatus::Pending => waiting(),
        other => Expr::value(other.as_str()),
    }
}

/// Adds a job to `queue`, to run at `run_at`; `now` (the caller's clock) stamps it. Pass a
/// transaction to make it part of a state change (the outbox pattern: the change and its job
/// commit together or not at all). Job kinds enqueue through `jobs::enqueue`, which names the
/// queue and serialises the payload.
pub async fn enqueue(
    db: &impl ConnectionTrait,
    queue: &str,
    payload: &serde_json::Value,
    run_at: DateTime<Utc>,
    max_attempts: i32,
    now: DateTime<Utc>,
) -> Result<job::Model, DbErr> {
    enqueue_on(db, queue, payload, run_at, max_attempts, now, None).await
}

/// [`enqueue`] for an owner whose test clock is `clock`, if it has one: the job then waits for
/// that clock (`clocked`) and `run_at` and `now` are its time.
pub async fn enqueue_on(
    db: &impl ConnectionTrait,
    queue: &str,
    payload: &serde_json::Value,
    run_at: DateTime<Utc>,
    max_attempts: i32,
    now: DateTime<Utc>,
    clock: Option<i64>,
) -> Result<job::Model, DbErr> {
    NewJob {
        queue,
        payload,
        run_at,
        max_attempts,
        now,
        clock,
    }
    .row()
    .insert(db)
    .await
}

/// A job to write together with a row that names it ([`with_job`]).
pub struct NewJob<'a> {
    pub queue: &'a str,
    pub payload: &'a serde_json::Value,
    pub run_at: DateTime<Utc>,
    pub max_attempts: i32,
    /// Stamps it.
    pub now: DateTime<Utc>,
    /// The test clock it waits for (then `run_at` and `now` are that clock's time).
    pub clock: Option<i64>,
}

impl NewJob<'_> {
    fn row(&self) -> job::ActiveModel {
        // A test clock's job due on it already (a webhook's first delivery) runs at once, by
        // any runner, as every job does: `pending`, due on the process's time. Its retries
        // wait for the clock (`waiting`). One due later on the clock waits for an advance.
        let (status, run_at) = match self.clock {
            Some(_) if self.run_at <= self.now => (JobStatus::Pending, Utc::now()),
            Some(_) => (JobStatus::Clocked, self.run_at),
            None => (JobStatus::Pending, self.run_at),
        };
        job::ActiveModel {
            queue: Set(self.queue.to_string()),
            payload: Set(self.payload.to_string()),
            status: Set(status),
            // Left out of the insert without a clock (NULL): the statement is the one it was
            // before test clocks, and runs on a table from before them (migration 23).
            clock_id: match self.clock {
                Some(clock) => Set(Some(clock)),
                None => sea_orm::ActiveValue::NotSet,
            },
            run_at: Set(run_at),
            attempts: Set(0),
            max_attempts: Set(self.max_attempts),
            locked_by: Set(None),
            locked_until: Set(None),
            last_error: Set(None),
            created_at: Set(self.now),
            updated_at: Set(self.now),
            ..Default::default()
        }
    }
}

/// The statement that writes `job` and `row`, whose `job_column` is set to the new job's id, in
/// one round trip to the database (`RETURNING *` of `row` with `returning`). On SQLite it is
/// one query of two statements, the second reading the job's id with `last_insert_rowid()` in
/// its `VALUES` (evaluated before its own row is inserted); on PostgreSQL one statement, the
/// job's insert a CTE of the row's.
///
/// Why: on SQLite each statement is a round trip to the connection's thread, and a write
/// transaction's round trips are what the one writer spends its time on. An approval's
/// transaction was 9 of them; a subscribed endpoint's job and delivery made 11, and approvals
/// beside one webhook endpoint ran at 0.75-0.8 of those without (`make bench`, webhooks).
pub fn with_job<A>(
    backend: DbBackend,
    job: &NewJob<'_>,
    mut row: A,
    job_column: <A::Entity as EntityTrait>::Column,
    returning: bool,
) -> Statement
where
    A: ActiveModelTrait,
{
    use sea_orm::sea_query::{
        Alias, CommonTableExpression, InsertStatement, PostgresQueryBuilder, SimpleExpr,
        SqliteQueryBuilder, WithClause,
    };
    use sea_orm::{EntityName, IdenStatic, Iterable, QueryTrait};
    let (mut columns, mut values) = (Vec::new(), Vec::<SimpleExpr>::new());
    for column in <A::Entity as EntityTrait>::Column::iter() {
        if column.as_str() == job_column.as_str() {
            continue;
        }
        // As sea-orm's own insert does (`Insert::one`).
        if let sea_orm::ActiveValue::Set(v) | sea_orm::ActiveValue::Unchanged(v) = row.take(column)
        {
            columns.push(column);
            values.push(column.save_as(Expr::val(v)));
        }
    }
    columns.push(job_column);
    let mut insert = InsertStatement::new();
    insert
        .into_table(A::Entity::default().table_ref())
        .columns(columns);
    if returning {
        insert.returning_all();
    }
    let mut job_insert = Entity::insert(job.row()).into_query();
    if backend == DbBackend::Postgres {
        let cte = Alias::new("noren_new_job");
        values.push(Expr::col((cte.clone(), Column::Id)));
        insert
            .select_from(Query::select().exprs(values).from(cte.clone()).to_owned())
            .expect("as many values as columns");
        job_insert.returning_col(Column::Id);
        let with = WithClause::new()
            .cte(
                CommonTableExpression::new()
                    .query(job_insert)
                    .table_name(cte)
                    .to_owned(),
            )
            .to_owned();
        let (sql, values) = insert.with(with).build(PostgresQueryBuilder);
        Statement::from_sql_and_values(backend, sql, values)
    } else {
        values.push(Expr::cust("last_insert_rowid()"));
        insert.values_panic(values);
        let (job_sql, mut all) = job_insert.build(SqliteQueryBuilder);
        let (row_sql, row_values) = insert.build(SqliteQueryBuilder);
        all.0.extend(row_values.0);
        Statement::from_sql_and_values(backend, format!("{job_sql}; {row_sql}"), all)
    }
}

/// `statements` as few round trips as the backend allows: one query of them all on SQLite
/// (which runs a query's statements in turn, its `?` numbered on from one to the next), each
/// its own on PostgreSQL (one statement per query in its extended protocol).
pub fn together(backend: DbBackend, statements: Vec<Statement>) -> Vec<Statement> {
    if backend != DbBackend::Sqlite || statements.len() < 2 {
        return statements;
    }
    let mut sql = String::new();
    let mut values = Vec::new();
    for s in statements {
        if !sql.is_empty() {
            sql.push_str("; ");
        }
        sql.push_str(&s.sql);
        values.extend(s.values.map(|v| v.0).unwrap_or_default());
    }
    vec![Statement::from_sql_and_values(backend, sql, values)]
}

/// The time a claim or a lease renewal goes by.
///
/// On PostgreSQL several processes share the job table, each with its own clock. Leases and due
/// times are therefore read on the database's clock (`statement_timestamp()`), moved by the
/// `offset` a test set the process's clock apart from the system's (zero in production), so a
/// process whose clock is wrong never takes over another's running job, never runs a job early,
/// and its leases last as long as everyone else reads them to. On SQLite one process holds the
/// database (`db::lock`): `now` is read as is.
#[derive(Clone, Copy, Debug)]
pub struct JobTime {
    /// The process's now (its clock, a test's settable clock included).
    pub now: DateTime<Utc>,
    /// How far a test set the process's clock apart from the system clock on purpose.
    pub offset: Duration,
    /// How far from the system clock leases go by: `offset`, except for a run on a test clock
    /// ([`Clock::lease_offset`]), whose leases keep the process's time.
    pub lease_offset: Duration,
    /// A test clock's time ([`Clock::is_frozen`]): the instants reckoned from it (a retry's due
    /// time on the clock) are written as they are, not moved onto the database's clock.
    pub exact: bool,
}

impl JobTime {
    /// Now on `clock`.
    pub fn of(clock: &Clock) -> Self {
        JobTime {
            now: clock.now(),
            offset: clock.offset(),
            lease_offset: clock.lease_offset(),
            exact: clock.is_frozen(),
        }
    }

    /// `now` as given, set apart from the system clock by their difference.
    pub fn at(now: DateTime<Utc>) -> Self {
        let offset = now - Utc::now();
        JobTime {
            now,
            offset,
            lease_offset: offset,
            exact: false,
        }
    }

    fn offset_us(self) -> i64 {
        self.offset.num_microseconds().unwrap_or(0)
    }
}

impl From<DateTime<Utc>> for JobTime {
    fn from(now: DateTime<Utc>) -> Self {
        JobTime::at(now)
    }
}

/// The SQL of the instant `ahead` after now: on PostgreSQL the database's clock (see
/// [`JobTime`]), `$1` the microseconds of `ahead` plus the offset.
const PG_AHEAD: &str = "statement_timestamp() + $1 * interval '1 microsecond'";

fn ahead(pg: bool, t: JobTime, ahead: Duration) -> sea_orm::sea_query::SimpleExpr {
    lease(pg, t, ahead, t.offset)
}

/// The SQL of a lease's end, `ahead` after now on the time leases go by (`t.lease_offset`).
fn lease_end(pg: bool, t: JobTime, ahead: Duration) -> sea_orm::sea_query::SimpleExpr {
    lease(pg, t, ahead, t.lease_offset)
}

fn lease(
    pg: bool,
    t: JobTime,
    ahead: Duration,
    offset: Duration,
) -> sea_orm::sea_query::SimpleExpr {
    if pg {
        let us = ahead.num_microseconds().unwrap_or(i64::MAX / 2)
            + offset.num_microseconds().unwrap_or(0);
        Expr::cust_with_values(PG_AHEAD, [us])
    } else {
        Expr::value(t.now - t.offset + offset + ahead)
    }
}

/// The SQL of `at`, an instant the process reckoned from `t.now` (a retry's time): on
/// PostgreSQL that far from the database's now, so a process whose clock is wrong schedules
/// its retries as the others read them.
fn instant(pg: bool, t: JobTime, at: DateTime<Utc>) -> sea_orm::sea_query::SimpleExpr {
    if t.exact {
        return Expr::value(at);
    }
    ahead(pg, t, at - t.now)
}

/// Claims up to `limit` due jobs of `queue` for `worker`, leasing them for `lease`. Due means
/// pending with `run_at` passed, or running with an expired lease (its worker died).
pub async fn claim(
    db: &impl ConnectionTrait,
    queue: &str,
    worker: &str,
    lease: Duration,
    limit: u64,
    now: DateTime<Utc>,
) -> Result<Vec<job::Model>, DbErr> {
    claim_keeping(db, queue, worker, lease, limit, JobTime::at(now), &[]).await
}

/// [`claim`], never taking over the jobs of `held` (the claimer's own runs in flight), however
/// long ago their lease seems to have run out: a process whose clock jumped forward would
/// otherwise take back the jobs it is running and run them twice.
pub async fn claim_keeping(
    db: &impl ConnectionTrait,
    queue: &str,
    worker: &str,
    lease: Duration,
    limit: u64,
    t: JobTime,
    held: &[i64],
) -> Result<Vec<job::Model>, DbErr> {
    let claim = Claim {
        queue,
        worker,
        lease,
        limit,
        t,
        held,
    };
    let stmt = claim.statement(db.get_database_backend());
    let mut jobs = job::Model::find_by_statement(stmt).all(db).await?;
    jobs.sort_by_key(|j| (j.run_at, j.id));
    Ok(jobs)
}

/// What [`claim_keeping`] claims.
struct Claim<'a> {
    queue: &'a str,
    worker: &'a str,
    lease: Duration,
    limit: u64,
    t: JobTime,
    held: &'a [i64],
}

impl Claim<'_> {
    /// The claim's one statement: an `UPDATE … RETURNING` of the due jobs it takes.
    fn statement(&self, backend: DbBackend) -> sea_orm::Statement {
        let Claim {
            queue,
            worker,
            lease,
            limit,
            t,
            held,
        } = *self;
        let now = t.now;
        // The held ids are written into the SQL (numbers, at most a runner's concurrency).
        let keep = if held.is_empty() {
            String::new()
        } else {
            let ids: Vec<String> = held.iter().map(i64::to_string).collect();
            format!(r#" AND "id" NOT IN ({})"#, ids.join(","))
        };
        // The limit is written into the SQL, not bound: SQLite recompiles a statement with a bound
        // LIMIT each time it runs (see `SelectFirst`). Placeholders: `?` on SQLite, `$n` (the n-th
        // value below) on PostgreSQL, which also skips rows that another claimer has locked.
        let pg = backend == DbBackend::Postgres;
        let p = |n: usize| if pg { format!("${n}") } else { "?".to_string() };
        // Now, on PostgreSQL the database's clock moved by the offset (see `JobTime`).
        let at = |n: usize| {
            if pg {
                format!("(statement_timestamp() + ${n} * interval '1 microsecond')")
            } else {
                "?".to_string()
            }
        };
        let now_value = || -> Value { if pg { t.offset_us().into() } else { now.into() } };
        // On PostgreSQL the ids are picked once, as an array: inside `IN (…)` the planner may make
        // the locking subquery the inner side of a join and run it again for each outer row, each
        // run skipping the rows the last one locked, so that one claim took more than `limit` jobs
        // (seen in `make bench`'s scale phase after ANALYZE: two deliveries claimed and left until
        // their lease ran out). `= ANY(ARRAY(…))` is an InitPlan, evaluated exactly once.
        let due = if pg {
            Expr::cust_with_values(
                format!(
                    r#""id" = ANY(ARRAY(SELECT "id" FROM "jobs" WHERE "queue" = {} AND (("status" = {} AND "run_at" <= {}) OR ("status" = {} AND "locked_until" < {}{keep})) ORDER BY "run_at" ASC, "id" ASC LIMIT {limit} FOR UPDATE SKIP LOCKED))"#,
                    p(1),
                    p(2),
                    at(3),
                    p(4),
                    at(5)
                ),
                [
                    Value::from(queue),
                    PENDING.into(),
                    now_value(),
                    RUNNING.into(),
                    now_value(),
                ],
            )
        } else {
            // On SQLite the two kinds of due job are looked up apart, each through `ix_jobs_claim`
            // (queue, status, run_at). With their `OR` in one WHERE, SQLite used the index for the
            // queue alone and read every job the queue ever had, finished ones included: a claim
            // cost grew with the history (6,000 rows read per claim in `make bench`'s webhook
            // phase, and the jobs table is never emptied of finished jobs).
            let order = format!(r#"ORDER BY "run_at" ASC, "id" ASC LIMIT {limit}"#);
            Expr::cust_with_values(
                format!(
                    r#""id" IN (SELECT "id" FROM (SELECT "id", "run_at" FROM (SELECT "id", "run_at" FROM "jobs" WHERE "queue" = ? AND "status" = ? AND "run_at" <= ? {order}) UNION ALL SELECT "id", "run_at" FROM (SELECT "id", "run_at" FROM "jobs" WHERE "queue" = ? AND "status" = ? AND "locked_until" < ?{keep} {order})) {order})"#
                ),
                [
                    Value::from(queue),
                    PENDING.into(),
                    now_value(),
                    Value::from(queue),
                    RUNNING.into(),
                    now_value(),
                ],
            )
        };
        let update = Query::update()
            .table(Entity)
            .value(Column::Status, RUNNING)
            .value(Column::LockedBy, worker)
            .value(Column::LockedUntil, lease_end(pg, t, lease))
            .value(Column::Attempts, Expr::col(Column::Attempts).add(1))
            .value(Column::UpdatedAt, now)
            .and_where(due)
            .returning_all()
            .to_owned();
        StatementBuilder::build(&update, &backend)
    }
}

/// Claims for `worker` the first job of test clock `clock` due by `until` on that clock (the
/// earliest `run_at`, then the lowest id), leasing it for `lease` on the process's time
/// (`t.lease_offset`): an advance of the clock runs it. `None` when none is due.
///
/// `until` `None` claims instead a job of the clock that is `pending`: due at once when it was
/// queued (`NewJob`), not yet taken by a runner; an advance runs those first.
pub async fn claim_clocked(
    db: &impl ConnectionTrait,
    clock: i64,
    until: Option<DateTime<Utc>>,
    worker: &str,
    lease: Duration,
    t: JobTime,
) -> Result<Option<job::Model>, DbErr> {
    let backend = db.get_database_backend();
    let pg = backend == DbBackend::Postgres;
    let lock = if pg { " FOR UPDATE SKIP LOCKED" } else { "" };
    let (c, s, u) = if pg {
        ("$1", "$2", "$3")
    } else {
        ("?", "?", "?")
    };
    let due = match until {
        Some(until) => Expr::cust_with_values(
            format!(
                r#""id" IN (SELECT "id" FROM "jobs" WHERE "clock_id" = {c} AND "status" = {s} AND "run_at" <= {u} ORDER BY "run_at" ASC, "id" ASC LIMIT 1{lock})"#
            ),
            [Value::from(clock), CLOCKED.into(), until.into()],
        ),
        None => Expr::cust_with_values(
            format!(
                r#""id" IN (SELECT "id" FROM "jobs" WHERE "clock_id" = {c} AND "status" = {s} ORDER BY "id" ASC LIMIT 1{lock})"#
            ),
            [Value::from(clock), PENDING.into()],
        ),
    };
    let update = Query::update()
        .table(Entity)
        .value(Column::Status, RUNNING)
        .value(Column::LockedBy, worker)
        .value(Column::LockedUntil, lease_end(pg, t, lease))
        .value(Column::Attempts, Expr::col(Column::Attempts).add(1))
        .value(Column::UpdatedAt, t.now)
        .and_where(due)
        .returning_all()
        .to_owned();
    let stmt = StatementBuilder::build(&update, &backend);
    Ok(job::Model::find_by_statement(stmt).all(db).await?.pop())
}

/// The jobs waiting for test clock `clock` (`clocked`), with their due time on it.
pub async fn clocked_jobs(
    db: &impl ConnectionTrait,
    clock: i64,
) -> Result<Vec<(i64, DateTime<Utc>)>, DbErr> {
    use sea_orm::QuerySelect;
    Entity::find()
        .select_only()
        .column(Column::Id)
        .column(Column::RunAt)
        .filter(Column::ClockId.eq(clock))
        .filter(Column::Status.eq(CLOCKED))
        .into_tuple()
        .all(db)
        .await
}

/// Takes every job of test clock `clock` off it (the clock is deleted): a retry such a job
/// asks for from now on waits on the process's time. The caller moved the waiting ones first
/// ([`unclock`]).
pub async fn forget_clock(db: &impl ConnectionTrait, clock: i64) -> Result<(), DbErr> {
    Entity::update_many()
        .col_expr(Column::ClockId, Expr::value(Option::<i64>::None))
        .filter(Column::ClockId.eq(clock))
        .exec(db)
        .await?;
    Ok(())
}

/// Takes a waiting job off its test clock (deleted): `pending`, due at `run_at` on the
/// process's time.
pub async fn unclock(
    db: &impl ConnectionTrait,
    id: i64,
    run_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    Entity::update_many()
        .col_expr(Column::Status, Expr::value(PENDING))
        .col_expr(Column::ClockId, Expr::value(Option::<i64>::None))
        .col_expr(Column::RunAt, Expr::value(run_at))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Id.eq(id))
        .filter(Column::Status.eq(CLOCKED))
        .exec(db)
        .await?;
    Ok(())
}

/// Marks a claimed job done. Returns false when `worker` no longer holds it (its lease ran out
/// and another worker took it), so the caller knows its result was superseded.
pub async fn complete(
    db: &impl ConnectionTrait,
    id: i64,
    worker: &str,
    now: impl Into<JobTime>,
) -> Result<bool, DbErr> {
    finish(db, id, worker, JobStatus::Done, None, None, now).await
}

/// Records a failed attempt: back to pending at `retry_at`, or failed for good when the job has
/// used its attempts (or `retry_at` is `None`).
pub async fn fail(
    db: &impl ConnectionTrait,
    job: &job::Model,
    worker: &str,
    error: &str,
    retry_at: Option<DateTime<Utc>>,
    now: impl Into<JobTime>,
) -> Result<bool, DbErr> {
    let retry_at = retry_at.filter(|_| job.attempts < job.max_attempts);
    retry_or_fail(db, job.id, worker, error, retry_at, now).await
}

/// Ends a claimed run with `error`: back to pending at `retry_at`, or failed for good (`None`).
/// The caller has checked the job's attempts.
pub async fn retry_or_fail(
    db: &impl ConnectionTrait,
    id: i64,
    worker: &str,
    error: &str,
    retry_at: Option<DateTime<Utc>>,
    now: impl Into<JobTime>,
) -> Result<bool, DbErr> {
    let status = match retry_at {
        Some(_) => JobStatus::Pending,
        None => JobStatus::Failed,
    };
    finish(db, id, worker, status, Some(error), retry_at, now).await
}

/// Puts a claimed job back to pending at `run_at` without counting its attempt (it did not
/// run), only while `worker` holds it.
pub async fn postpone(
    db: &impl ConnectionTrait,
    id: i64,
    worker: &str,
    run_at: DateTime<Utc>,
    now: impl Into<JobTime>,
) -> Result<bool, DbErr> {
    let t = now.into();
    let pg = db.get_database_backend() == DbBackend::Postgres;
    let res = Entity::update_many()
        .col_expr(Column::Status, waiting())
        .col_expr(Column::Attempts, Expr::col(Column::Attempts).sub(1))
        .col_expr(Column::RunAt, instant(pg, t, run_at))
        .col_expr(Column::LockedBy, Expr::value(Option::<String>::None))
        .col_expr(
            Column::LockedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(Column::UpdatedAt, Expr::value(t.now))
        .filter(Column::Id.eq(id))
        .filter(Column::Status.eq(RUNNING))
        .filter(Column::LockedBy.eq(worker))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Ends a claimed job as cancelled (its kind found there is nothing left to do, or it was asked
/// to stop), with the reason in `last_error`.
pub async fn cancel_claimed(
    db: &impl ConnectionTrait,
    id: i64,
    worker: &str,
    reason: &str,
    now: impl Into<JobTime>,
) -> Result<bool, DbErr> {
    finish(
        db,
        id,
        worker,
        JobStatus::Cancelled,
        Some(reason),
        None,
        now,
    )
    .await
}

/// Moves a claimed job out of `running`, only while `worker` holds it.
async fn finish(
    db: &impl ConnectionTrait,
    id: i64,
    worker: &str,
    status: JobStatus,
    error: Option<&str>,
    run_at: Option<DateTime<Utc>>,
    now: impl Into<JobTime>,
) -> Result<bool, DbErr> {
    let t = now.into();
    let pg = db.get_database_backend() == DbBackend::Postgres;
    let mut update = Entity::update_many()
        .col_expr(Column::Status, status_value(status))
        .col_expr(Column::LockedBy, Expr::value(Option::<String>::None))
        .col_expr(
            Column::LockedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(Column::UpdatedAt, Expr::value(t.now));
    if let Some(error) = error {
        update = update.col_expr(
            Column::LastError,
            Expr::value(error.chars().take(2000).collect::<String>()),
        );
    }
    if let Some(run_at) = run_at {
        update = update.col_expr(Column::RunAt, instant(pg, t, run_at));
    }
    let res = update
        .filter(Column::Id.eq(id))
        .filter(Column::Status.eq(RUNNING))
        .filter(Column::LockedBy.eq(worker))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// One claimed job's end, for [`finish_many`].
pub struct JobEnd<'a> {
    pub id: i64,
    pub status: JobStatus,
    /// Kept as `last_error` (the job's earlier one stays when `None`).
    pub error: Option<&'a str>,
    /// The next run, for a retry.
    pub run_at: Option<DateTime<Utc>>,
    /// The run did not happen: its attempt is given back.
    pub uncounted: bool,
}

/// Ends several claimed jobs in one statement, each only while `worker` holds it; answers the
/// ids it ended (the others were taken over).
pub async fn finish_many(
    db: &impl ConnectionTrait,
    worker: &str,
    ends: &[JobEnd<'_>],
    now: impl Into<JobTime>,
) -> Result<Vec<i64>, DbErr> {
    use sea_orm::sea_query::{CaseStatement, SimpleExpr};
    if ends.is_empty() {
        return Ok(Vec::new());
    }
    let t = now.into();
    let pg = db.get_database_backend() == DbBackend::Postgres;
    let each = |value: &dyn Fn(&JobEnd) -> SimpleExpr, column: Column| -> SimpleExpr {
        ends.iter()
            .fold(CaseStatement::new(), |case, e| {
                case.case(Expr::col(Column::Id).eq(e.id), value(e))
            })
            .finally(Expr::col(column))
            .into()
    };
    let update = Query::update()
        .table(Entity)
        .value(
            Column::Status,
            each(&|e| status_value(e.status), Column::Status),
        )
        .value(
            Column::LastError,
            each(
                &|e| match e.error {
                    Some(error) => Expr::value(error.chars().take(2000).collect::<String>()),
                    None => Expr::col(Column::LastError),
                },
                Column::LastError,
            ),
        )
        .value(
            Column::RunAt,
            each(
                &|e| match e.run_at {
                    Some(at) => instant(pg, t, at),
                    None => Expr::col(Column::RunAt),
                },
                Column::RunAt,
            ),
        )
        .value(
            Column::Attempts,
            each(
                &|e| {
                    if e.uncounted {
                        Expr::col(Column::Attempts).sub(1)
                    } else {
                        Expr::col(Column::Attempts)
                    }
                },
                Column::Attempts,
            ),
        )
        .value(Column::LockedBy, Option::<String>::None)
        .value(Column::LockedUntil, Option::<DateTime<Utc>>::None)
        .value(Column::UpdatedAt, t.now)
        .and_where(Expr::col(Column::Id).is_in(ends.iter().map(|e| e.id)))
        .and_where(Expr::col(Column::Status).eq(RUNNING))
        .and_where(Expr::col(Column::LockedBy).eq(worker))
        .returning_col(Column::Id)
        .to_owned();
    let stmt = StatementBuilder::build(&update, &db.get_database_backend());
    let rows = db.query_all_raw(stmt).await?;
    rows.iter().map(|r| r.try_get::<i64>("", "id")).collect()
}

/// Extends `worker`'s lease on a running job to `lease` from now (on PostgreSQL the database's
/// now, see [`JobTime`]). Returns false when it no longer holds the job (the lease ran out and
/// another worker took it).
pub async fn renew(
    db: &impl ConnectionTrait,
    id: i64,
    worker: &str,
    lease: Duration,
    t: JobTime,
) -> Result<bool, DbErr> {
    let pg = db.get_database_backend() == DbBackend::Postgres;
    let res = Entity::update_many()
        .col_expr(Column::LockedUntil, lease_end(pg, t, lease))
        .col_expr(Column::UpdatedAt, Expr::value(t.now))
        .filter(Column::Id.eq(id))
        .filter(Column::Status.eq(RUNNING))
        .filter(Column::LockedBy.eq(worker))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Gives every job `worker` still holds back to pending, due at `now`, for another worker to
/// take at once (a process shutting down). The run counts as an attempt. Answers how many.
pub async fn release(
    db: &impl ConnectionTrait,
    worker: &str,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let res = Entity::update_many()
        .col_expr(Column::Status, waiting())
        .col_expr(Column::LockedBy, Expr::value(Option::<String>::None))
        .col_expr(
            Column::LockedUntil,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(Column::RunAt, Expr::value(now))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Status.eq(RUNNING))
        .filter(Column::LockedBy.eq(worker))
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}

/// Cancels a job that has not started (a scheduled one, on a test clock or not). Returns false
/// when it is running or finished.
pub async fn cancel(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let res = Entity::update_many()
        .col_expr(Column::Status, Expr::value(JobStatus::Cancelled.as_str()))
        .col_expr(Column::UpdatedAt, Expr::value(now))
        .filter(Column::Id.eq(id))
        .filter(Column::Status.is_in([PENDING, CLOCKED]))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// How many jobs of `queue` are pending and due at `now` (the `noren_jobs_queued` gauge).
pub async fn due(db: &impl ConnectionTrait, queue: &str, now: DateTime<Utc>) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    Entity::find()
        .filter(Column::Queue.eq(queue))
        .filter(Column::Status.eq(PENDING))
        .filter(Column::RunAt.lte(now))
        .count(db)
        .await
}

/// How many jobs of `queue` are not finished (pending, on a test clock, or running).
pub async fn unfinished(db: &impl ConnectionTrait, queue: &str) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    Entity::find()
        .filter(Column::Queue.eq(queue))
        .filter(Column::Status.is_in([PENDING, CLOCKED, RUNNING]))
        .count(db)
        .await
}

/// The jobs of any queue left unprocessed at `now`: pending and due, or running. Test teardown
/// asserts there are none (as crates.io's test app does).
pub async fn left_unprocessed(
    db: &impl ConnectionTrait,
    now: DateTime<Utc>,
) -> Result<Vec<job::Model>, DbErr> {
    use sea_orm::QueryOrder;
    Entity::find()
        .filter(
            Column::Status
                .eq(RUNNING)
                .or(Column::Status.eq(PENDING).and(Column::RunAt.lte(now))),
        )
        .order_by_asc(Column::Id)
        .all(db)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::ConnectionTrait;

    /// On SQLite a claim looks the due jobs up through `ix_jobs_claim` by queue and status: it
    /// never reads the queue's finished jobs, which stay in the table.
    #[tokio::test]
    async fn a_claim_reads_only_the_due_jobs_not_the_history() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("jobs.db").display());
        let db = crate::db::connect_and_migrate(&url).await.expect("db");
        let claim = Claim {
            queue: "webhook",
            worker: "w",
            lease: Duration::seconds(30),
            limit: 64,
            t: JobTime::at(Utc::now()),
            held: &[1, 2],
        };
        let stmt = claim.statement(DbBackend::Sqlite);
        let plan = sea_orm::Statement::from_sql_and_values(
            DbBackend::Sqlite,
            format!("EXPLAIN QUERY PLAN {}", stmt.sql),
            stmt.values.map(|v| v.0).unwrap_or_default(),
        );
        let rows = db.query_all_raw(plan).await.expect("plan");
        let steps: Vec<String> = rows
            .iter()
            .map(|r| r.try_get::<String>("", "detail").expect("detail"))
            .collect();
        let lookups: Vec<&String> = steps.iter().filter(|s| s.contains("jobs")).collect();
        assert!(
            lookups.iter().all(|s| !s.starts_with("SCAN")),
            "no step reads the whole table: {steps:#?}"
        );
        assert_eq!(
            lookups
                .iter()
                .filter(|s| s.contains("ix_jobs_claim (queue=? AND status=?"))
                .count(),
            2,
            "pending and running jobs are each found by queue and status: {steps:#?}"
        );
    }
}
