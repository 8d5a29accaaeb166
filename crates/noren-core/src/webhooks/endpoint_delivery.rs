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
use super::answer::Answer;
use super::deliver::{Delivery, Signed, count};
use super::endpoint_log::{Attempted, End, headers_json, start_attempts, write_ends};
use super::endpoints;
use super::store::DeliveryStatus;
use crate::db::entities::{
    webhook_delivery, webhook_delivery_attempt, webhook_endpoint, webhook_event,
};
use crate::db::repo::SelectFirst;
use crate::jobs::{Claimed, Context, Outcome};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, Set};
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
            // The process's time, also on a test clock: the receiver checks it against its own.
            t: ctx.wall.now().timestamp(),
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
        let started =
            self.endpoint_starts
                .submit_or_alone(attempt, ctx.test_clock.is_some(), || {
                    let db = ctx.db.clone();
                    move |attempts| {
                        let db = db.clone();
                        async move { start_attempts(&db, attempts).await }
                    }
                });
        let Some(attempt_id) = started.await? else {
            // Another runner recorded this attempt first (it took the job over).
            return Ok(Outcome::retry("this attempt was sent by another runner"));
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

    /// Records how an attempt ended, with the other endpoint deliveries that ended meanwhile
    /// ([`write_ends`]): its log entry, the delivery, the endpoint's run of failures (disabling
    /// it after 5 days of them) and the job's outcome.
    async fn record_endpoint_attempt(
        &self,
        ctx: &Context,
        job: &Claimed<DeliveryJob>,
        done: Attempted,
        answer: Answer,
    ) -> Result<Outcome, DbErr> {
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
        let end = End {
            done,
            answer,
            status,
            next_attempt_at,
            outcome,
            job: job.clone(),
        };
        let (recorded, disabled) = self
            .endpoint_ends
            .submit_or_alone(end, ctx.test_clock.is_some(), || {
                let (ctx, schedule) = (ctx.clone(), self.settings.schedule.clone());
                let max_deliveries = self.settings.max_deliveries();
                move |ends: Vec<End>| {
                    let (ctx, schedule) = (ctx.clone(), schedule.clone());
                    async move { write_ends(&ctx, &schedule, max_deliveries, ends).await }
                }
            })
            .await?;
        count(if disabled { "failed" } else { label });
        Ok(recorded)
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
