//! The endpoint delivery log's writes (issue 34), batched: each attempt's start before it is
//! sent ([`start_attempts`]) and its end after ([`write_ends`]), with the delivery, the
//! endpoint's run of failures and the job, for every endpoint delivery that started or ended
//! meanwhile (`db::batch`). Run by `endpoint_delivery.rs`.

use super::DeliveryJob;
use super::answer::Answer;
use super::recovery;
use super::store::DeliveryStatus;
use crate::db::begin_write;
use crate::db::entities::{webhook_delivery, webhook_delivery_attempt, webhook_endpoint};
use crate::db::repo::by_id;
use crate::jobs::{Claimed, Context, Outcome};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, QueryFilter, QueryTrait,
};
use std::collections::{HashMap, HashSet};

/// An attempt sent: what recording its end needs.
pub(super) struct Attempted {
    pub attempt_id: i64,
    pub delivery_id: i64,
    pub endpoint_id: i64,
    pub took_ms: i64,
}

/// Headers as the log keeps them: a JSON object.
pub(super) fn headers_json<K: AsRef<str>>(headers: &[(K, String)]) -> String {
    let map: serde_json::Map<String, serde_json::Value> = headers
        .iter()
        .map(|(k, v)| (k.as_ref().to_string(), serde_json::Value::String(v.clone())))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// One endpoint delivery's end, as [`write_ends`] records it.
pub(super) struct End {
    pub done: Attempted,
    pub answer: Answer,
    /// Where the delivery goes, unless its endpoint is disabled by this end: `delivered`,
    /// `pending` (a retry at `next_attempt_at`) or `failed`.
    pub status: &'static str,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub outcome: Outcome,
    pub job: Claimed<DeliveryJob>,
}

/// Writes attempts' starts together: one insert for them all, answering each one's id, or
/// `None` where another runner recorded that attempt first (it took the job over).
pub(super) async fn start_attempts(
    db: &impl ConnectionTrait,
    attempts: Vec<webhook_delivery_attempt::ActiveModel>,
) -> Result<Vec<Option<i64>>, DbErr> {
    use webhook_delivery_attempt::Column as A;
    #[derive(sea_orm::FromQueryResult)]
    struct Started {
        id: i64,
        delivery_id: i64,
        attempt: i32,
    }
    let keys: Vec<(i64, i32)> = attempts
        .iter()
        .map(|a| (*a.delivery_id.as_ref(), *a.attempt.as_ref()))
        .collect();
    let mut insert = webhook_delivery_attempt::Entity::insert_many(attempts)
        .on_conflict(
            OnConflict::columns([A::DeliveryId, A::Attempt])
                .do_nothing()
                .to_owned(),
        )
        .into_query();
    insert.returning(sea_orm::sea_query::Query::returning().columns([
        A::Id,
        A::DeliveryId,
        A::Attempt,
    ]));
    let stmt = sea_orm::StatementBuilder::build(&insert, &db.get_database_backend());
    let started: HashMap<(i64, i32), i64> = Started::find_by_statement(stmt)
        .all(db)
        .await?
        .into_iter()
        .map(|s| ((s.delivery_id, s.attempt), s.id))
        .collect();
    Ok(keys.iter().map(|k| started.get(k).copied()).collect())
}

/// Records endpoint deliveries' ends in one transaction, a statement or two for each kind of
/// row however many ended: the endpoints' runs of failures (each endpoint's last end in the
/// batch says whether its run goes on), the disabling of those failing for 5 days, the log
/// entries, the deliveries and the jobs. Answers what each run returns, in order, and whether
/// its endpoint was disabled by it.
///
/// Why together: on SQLite each statement waits in line for the one writer, and each endpoint
/// delivery wrote seven (its start, then BEGIN, four updates and COMMIT) while the seed's
/// deliveries, written together, took about one (`db::batch`). Beside a second endpoint that
/// answers at once, approvals ran at half the pace of those without (`make bench`, webhooks).
pub(super) async fn write_ends(
    ctx: &Context,
    schedule: &[std::time::Duration],
    max_deliveries: i32,
    ends: Vec<End>,
) -> Result<Vec<(Outcome, bool)>, DbErr> {
    let now = ctx.clock.now();
    let tx = begin_write(&ctx.db).await?;
    let mut last_run: HashMap<i64, bool> = HashMap::new();
    for end in &ends {
        last_run.insert(end.done.endpoint_id, end.answer.error.is_none());
    }
    let (ended, failing): (Vec<i64>, Vec<i64>) = {
        let (ok, failed): (Vec<_>, Vec<_>) = last_run.iter().partition(|(_, ok)| **ok);
        (
            ok.into_iter().map(|(id, _)| *id).collect(),
            failed.into_iter().map(|(id, _)| *id).collect(),
        )
    };
    note_runs(&tx, &ended, &failing, now).await?;
    let mut disabled = HashSet::new();
    for &endpoint in &failing {
        if recovery::disable_if_failing(&tx, endpoint, max_deliveries, ctx.now()).await? {
            disabled.insert(endpoint);
        }
    }
    let rows = as_written(&ends, &disabled);
    finish_log_entries(&tx, &rows).await?;
    finish_deliveries(&tx, &rows, now).await?;
    let jobs: Vec<(&Claimed<DeliveryJob>, Outcome)> = rows
        .iter()
        .map(|r| (&r.end.job, r.outcome.clone()))
        .collect();
    let recorded = ctx.record_all(&tx, &jobs, schedule).await?;
    tx.commit().await?;
    Ok(recorded
        .into_iter()
        .zip(rows.iter().map(|r| r.disabled))
        .collect())
}

/// One end as [`write_ends`] writes it: a failure of an endpoint disabled by this batch is
/// skipped, and says why.
struct Row<'a> {
    end: &'a End,
    status: &'static str,
    outcome: Outcome,
    error: Option<String>,
    disabled: bool,
}

/// The ends as written, given the endpoints this batch disabled.
fn as_written<'a>(ends: &'a [End], disabled: &HashSet<i64>) -> Vec<Row<'a>> {
    ends.iter()
        .map(|end| {
            let disabled = end.answer.error.is_some() && disabled.contains(&end.done.endpoint_id);
            let error = end.answer.error.as_ref().map(|e| {
                let mut e: String = e.chars().take(500).collect();
                if disabled {
                    e.push_str("; the endpoint is now disabled: ");
                    e.push_str(recovery::DISABLED_REASON);
                }
                e
            });
            let (status, outcome) = if disabled {
                (
                    "skipped",
                    Outcome::Cancelled("the endpoint was disabled".into()),
                )
            } else {
                (end.status, end.outcome.clone())
            };
            Row {
                end,
                status,
                outcome,
                error,
                disabled,
            }
        })
        .collect()
}

/// The log entries' ends: one update for them all, each column a CASE on the entry's id.
async fn finish_log_entries(db: &impl ConnectionTrait, rows: &[Row<'_>]) -> Result<(), DbErr> {
    use webhook_delivery_attempt::Column as A;
    let attempts = |column: A, value: &dyn Fn(&Row) -> Expr| {
        by_id(
            A::Id,
            rows.iter().map(|r| (r.end.done.attempt_id, value(r))),
            column,
        )
    };
    webhook_delivery_attempt::Entity::update_many()
        .col_expr(
            A::Outcome,
            attempts(A::Outcome, &|r| {
                Expr::value(if r.end.answer.error.is_none() {
                    "succeeded"
                } else {
                    "failed"
                })
            }),
        )
        .col_expr(
            A::DurationMs,
            attempts(A::DurationMs, &|r| Expr::value(Some(r.end.done.took_ms))),
        )
        .col_expr(
            A::StatusCode,
            attempts(A::StatusCode, &|r| Expr::value(r.end.answer.status_code)),
        )
        .col_expr(
            A::Error,
            attempts(A::Error, &|r| Expr::value(r.error.clone())),
        )
        .col_expr(
            A::ResponseHeaders,
            attempts(A::ResponseHeaders, &|r| {
                Expr::value(r.end.answer.headers.as_deref().map(headers_json))
            }),
        )
        .col_expr(
            A::ResponseBody,
            attempts(A::ResponseBody, &|r| Expr::value(r.end.answer.body.clone())),
        )
        .filter(A::Id.is_in(rows.iter().map(|r| r.end.done.attempt_id)))
        .exec(db)
        .await?;
    Ok(())
}

/// The deliveries' new states: one update for them all.
async fn finish_deliveries(
    db: &impl ConnectionTrait,
    rows: &[Row<'_>],
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use webhook_delivery::Column as D;
    let deliveries = |column: D, value: &dyn Fn(&Row) -> Expr| {
        by_id(
            D::Id,
            rows.iter().map(|r| (r.end.done.delivery_id, value(r))),
            column,
        )
    };
    let delivered = DeliveryStatus::Delivered.as_str();
    webhook_delivery::Entity::update_many()
        .col_expr(D::Status, deliveries(D::Status, &|r| Expr::value(r.status)))
        .col_expr(
            D::NextAttemptAt,
            deliveries(D::NextAttemptAt, &|r| {
                Expr::value(if r.disabled {
                    None
                } else {
                    r.end.next_attempt_at
                })
            }),
        )
        .col_expr(
            D::DeliveredAt,
            deliveries(D::DeliveredAt, &|r| {
                if r.status == delivered {
                    Expr::value(Some(now))
                } else {
                    Expr::col(D::DeliveredAt)
                }
            }),
        )
        .col_expr(D::UpdatedAt, Expr::value(now))
        .filter(D::Id.is_in(rows.iter().map(|r| r.end.done.delivery_id)))
        .exec(db)
        .await?;
    Ok(())
}

/// Keeps the endpoints' runs of failures: a success ends one (`ended`), a failure starts one
/// unless one is running (`failing`).
async fn note_runs(
    db: &impl ConnectionTrait,
    ended: &[i64],
    failing: &[i64],
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use webhook_endpoint::Column as E;
    if !ended.is_empty() {
        webhook_endpoint::Entity::update_many()
            .col_expr(E::FailingSince, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(E::Id.is_in(ended.iter().copied()))
            .filter(E::FailingSince.is_not_null())
            .exec(db)
            .await?;
    }
    if !failing.is_empty() {
        webhook_endpoint::Entity::update_many()
            .col_expr(E::FailingSince, Expr::value(Some(now)))
            .filter(E::Id.is_in(failing.iter().copied()))
            .filter(E::FailingSince.is_null())
            .exec(db)
            .await?;
    }
    Ok(())
}
