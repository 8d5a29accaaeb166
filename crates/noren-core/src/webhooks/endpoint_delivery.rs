//! Delivering one event to one webhook endpoint (issue 34), the `Endpoint` jobs of the
//! `webhook` queue, run by the same [`Delivery`] as the seed's per-payment deliveries, with the
//! same lanes per destination (a receiver that hangs takes no more than its share), the same
//! address checks and the same retry schedule. What differs:
//!
//! - the event is signed with the endpoint's own secrets (two during a rotation's overlap);
//! - each attempt goes to the endpoint's delivery log (`webhook_delivery_attempts`) before it is
//!   sent, with the request's headers (signatures, never a secret), and is finished with the
//!   receiver's status, headers and first 4 KiB of body, the duration, or the network error;
//! - the endpoint's run of failures is kept (`failing_since`, cleared by a success); a failure
//!   after 5 days of them disables the endpoint (`recovery::disable_if_failing`), which the
//!   attempt's log entry says;
//! - a deleted endpoint's job is cancelled, a disabled one's delivery is `skipped` (a recovery
//!   can send it later).

use super::DeliveryJob;
use super::deliver::{Delivery, Signed, count};
use super::store::DeliveryStatus;
use super::{endpoints, recovery};
use crate::db::begin_write;
use crate::db::entities::{
    webhook_delivery, webhook_delivery_attempt, webhook_endpoint, webhook_event,
};
use crate::db::repo::SelectFirst;
use crate::jobs::{Claimed, Context, Outcome};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, Set,
};
use std::time::Instant;

/// The event and the endpoint's delivery of it, while both exist.
async fn find(
    db: &impl ConnectionTrait,
    event: &str,
    endpoint: i64,
) -> Result<Option<(webhook_event::Model, webhook_delivery::Model)>, DbErr> {
    let Some(event) = webhook_event::Entity::find()
        .filter(webhook_event::Column::PublicId.eq(event))
        .first(db)
        .await?
    else {
        return Ok(None);
    };
    let delivery = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::EventId.eq(event.id))
        .filter(webhook_delivery::Column::EndpointId.eq(endpoint))
        .first(db)
        .await?;
    Ok(delivery.map(|d| (event, d)))
}

/// An attempt sent: what recording its end needs.
struct Attempted {
    attempt_id: i64,
    delivery_id: i64,
    endpoint_id: i64,
    took_ms: i64,
}

/// Headers as the log keeps them: a JSON object.
fn headers_json<K: AsRef<str>>(headers: &[(K, String)]) -> String {
    let map: serde_json::Map<String, serde_json::Value> = headers
        .iter()
        .map(|(k, v)| (k.as_ref().to_string(), serde_json::Value::String(v.clone())))
        .collect();
    serde_json::Value::Object(map).to_string()
}

impl Delivery {
    pub(super) async fn deliver_to_endpoint(
        &self,
        ctx: &Context,
        job: &Claimed<DeliveryJob>,
        event: &str,
        endpoint: i64,
    ) -> Result<Outcome, DbErr> {
        let db = &ctx.db;
        let deleted = || Ok(Outcome::Cancelled("the endpoint was deleted".into()));
        // The endpoint first: when its destination's lane is full, the delivery is put back
        // without reading the event (a hanging receiver's backlog is looked at, not read).
        let Some(endpoint) = webhook_endpoint::Entity::find_by_id(endpoint)
            .first(db)
            .await?
        else {
            return deleted();
        };
        let now = ctx.clock.now();
        if endpoint.disabled {
            if let Some((_, delivery)) = find(db, event, endpoint.id).await? {
                set_status(db, delivery.id, "skipped", None, now).await?;
            }
            return Ok(Outcome::Cancelled("the endpoint is disabled".into()));
        }
        let mut lane = match self.lanes.enter(&endpoint.url).await {
            Ok(lane) => lane,
            Err(after) => return Ok(Outcome::Later { after }),
        };
        let Some((event, delivery)) = find(db, event, endpoint.id).await? else {
            return deleted();
        };
        let secrets = endpoints::signing_secrets(db, &self.secret_box, endpoint.id, now)
            .await?
            .at(now);
        let earlier = webhook_delivery_attempt::Entity::find()
            .filter(webhook_delivery_attempt::Column::DeliveryId.eq(delivery.id))
            .count(db)
            .await?;
        let number = earlier as i32 + 1;
        let event_type = event.event_type.clone().unwrap_or_default();
        let signed = Signed {
            id: &event.public_id,
            event_type: Some(&event_type),
            attempt: number,
            secrets: &secrets,
            t: now.timestamp(),
            body: &event.body,
        };
        let headers = signed.headers();
        let mut logged = vec![("user-agent", super::deliver::USER_AGENT.to_string())];
        logged.extend(headers.iter().cloned());
        let attempt = webhook_delivery_attempt::ActiveModel {
            delivery_id: Set(delivery.id),
            endpoint_id: Set(endpoint.id),
            event_id: Set(event.id),
            event_public_id: Set(event.public_id.clone()),
            event_type: Set(event_type.clone()),
            attempt: Set(number),
            started_at: Set(now),
            outcome: Set("pending".into()),
            request_headers: Set(headers_json(&logged)),
            ..Default::default()
        };
        let inserted = webhook_delivery_attempt::Entity::insert(attempt)
            .on_conflict(
                OnConflict::columns([
                    webhook_delivery_attempt::Column::DeliveryId,
                    webhook_delivery_attempt::Column::Attempt,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec(db)
            .await;
        let attempt_id = match inserted {
            Ok(r) => r.last_insert_id,
            // Another runner recorded this attempt first (it took the job over).
            Err(DbErr::RecordNotInserted) => {
                return Ok(Outcome::retry("this attempt was sent by another runner"));
            }
            Err(e) => return Err(e),
        };
        let started = Instant::now();
        let answer = self
            .send(
                endpoint.livemode,
                &endpoint.url,
                &headers,
                &event.body,
                true,
            )
            .await;
        let took = started.elapsed();
        lane.took(took);
        drop(lane);
        tracing::info!(
            event = %event.public_id,
            endpoint = %endpoint.public_id,
            attempt = number,
            status = answer.status_code,
            duration_ms = took.as_millis() as u64,
            "webhook endpoint delivery"
        );
        self.record_endpoint_attempt(
            ctx,
            job,
            Attempted {
                attempt_id,
                delivery_id: delivery.id,
                endpoint_id: endpoint.id,
                took_ms: took.as_millis() as i64,
            },
            answer,
        )
        .await
    }

    /// Records how an attempt ended, in one transaction: its log entry, the delivery, the
    /// endpoint's run of failures (disabling it after 5 days of them) and the job's outcome.
    async fn record_endpoint_attempt(
        &self,
        ctx: &Context,
        job: &Claimed<DeliveryJob>,
        done: Attempted,
        answer: super::deliver::Answer,
    ) -> Result<Outcome, DbErr> {
        let Attempted {
            attempt_id,
            delivery_id,
            endpoint_id,
            took_ms,
        } = done;
        let db = &ctx.db;
        let now = ctx.clock.now();
        let (status, next_attempt_at, outcome, label) = match answer.error.clone() {
            None => ("delivered", None, Outcome::Done, "delivered"),
            Some(error) => {
                let wait = job
                    .next_wait(&self.settings.schedule)
                    .filter(|_| !answer.refused);
                match wait {
                    Some(after) => (
                        "pending",
                        chrono::Duration::from_std(after).ok().map(|w| now + w),
                        Outcome::Retry {
                            after: Some(after),
                            error,
                        },
                        "retry",
                    ),
                    None => (
                        "failed",
                        None,
                        Outcome::Failed(error),
                        if answer.refused { "refused" } else { "failed" },
                    ),
                }
            }
        };
        let tx = begin_write(db).await?;
        let succeeded = answer.error.is_none();
        note_run(&tx, endpoint_id, succeeded, now).await?;
        let disabled = !succeeded
            && recovery::disable_if_failing(&tx, endpoint_id, self.settings.max_deliveries(), now)
                .await?;
        let (status, outcome) = if disabled {
            (
                "skipped",
                Outcome::Cancelled("the endpoint was disabled".into()),
            )
        } else {
            (status, outcome)
        };
        let error = answer.error.as_ref().map(|e| {
            let mut e: String = e.chars().take(500).collect();
            if disabled {
                e.push_str("; the endpoint is now disabled: ");
                e.push_str(recovery::DISABLED_REASON);
            }
            e
        });
        webhook_delivery_attempt::ActiveModel {
            id: Set(attempt_id),
            outcome: Set(if succeeded {
                "succeeded".into()
            } else {
                "failed".into()
            }),
            duration_ms: Set(Some(took_ms)),
            status_code: Set(answer.status_code),
            error: Set(error),
            response_headers: Set(answer.headers.as_deref().map(headers_json)),
            response_body: Set(answer.body),
            ..Default::default()
        }
        .update(&tx)
        .await?;
        set_status(&tx, delivery_id, status, next_attempt_at, now).await?;
        let recorded = ctx
            .record_all(&tx, &[(job, outcome)], &self.settings.schedule)
            .await?;
        tx.commit().await?;
        count(label);
        Ok(recorded.into_iter().next().unwrap_or(Outcome::Done))
    }
}

/// Sets a delivery's status (and when it is due next, and when it was delivered).
async fn set_status(
    db: &impl ConnectionTrait,
    delivery_id: i64,
    status: &str,
    next_attempt_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use webhook_delivery::Column as D;
    let mut update = webhook_delivery::Entity::update_many()
        .col_expr(D::Status, Expr::value(status))
        .col_expr(D::NextAttemptAt, Expr::value(next_attempt_at))
        .col_expr(D::UpdatedAt, Expr::value(now));
    if status == DeliveryStatus::Delivered.as_str() {
        update = update.col_expr(D::DeliveredAt, Expr::value(Some(now)));
    }
    update.filter(D::Id.eq(delivery_id)).exec(db).await?;
    Ok(())
}

/// Keeps the endpoint's run of failures: a success ends it, a failure starts it unless one is
/// running.
async fn note_run(
    db: &impl ConnectionTrait,
    endpoint_id: i64,
    succeeded: bool,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use webhook_endpoint::Column as E;
    let update = webhook_endpoint::Entity::update_many().filter(E::Id.eq(endpoint_id));
    if succeeded {
        update
            .col_expr(E::FailingSince, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(E::FailingSince.is_not_null())
            .exec(db)
            .await?;
    } else {
        update
            .col_expr(E::FailingSince, Expr::value(Some(now)))
            .filter(E::FailingSince.is_null())
            .exec(db)
            .await?;
    }
    Ok(())
}
