//! What happens around an endpoint's deliveries (issue 34 items 4 and 5), for both APIs:
//!
//! - **Recovery** ([`recover`]): after an outage, one call queues again every event of a time
//!   window that failed for the endpoint (or was skipped while it was disabled), or every event
//!   of the window with `all`. Only the endpoint's own deliveries are looked at, and those exist
//!   only for the events it was subscribed to when they happened: a recovery never sends an
//!   event the endpoint did not take then. The same window asked again within a day answers the
//!   first recovery and queues nothing; at most [`RECOVERIES_PER_HOUR`] recoveries per endpoint
//!   and hour, [`MAX_RECOVERED`] events per recovery, and a window inside the log's retention.
//! - **Test events** ([`send_test`]): a signed example of an event type, `"test": true` in its
//!   body, sent to one endpoint only and never in the event log; [`TESTS_PER_MINUTE`] a minute.
//! - **Disabling** ([`disable_if_failing`]): an endpoint whose deliveries have all failed for
//!   [`DISABLE_AFTER`] is disabled with its reason, which the failing attempt's log entry says,
//!   and a `webhook_endpoint.disabled` event goes to the owner's other endpoints.
//! - **Retention** ([`prune_log`]): attempts, finished deliveries and recoveries older than
//!   [`LOG_RETENTION`] are deleted, every hour by each process.

use super::endpoints::{
    self, ENDPOINT_DISABLED, EndpointError, Fanned, LOG_RETENTION, Owner, OwnerKind,
};
use super::event::new_event_id;
use super::store::DeliveryStatus;
use super::{DeliveryJob, QUEUE};
use crate::db::entities::{
    webhook_delivery, webhook_delivery_attempt, webhook_endpoint, webhook_event, webhook_recovery,
};
use crate::db::repo::{SelectFirst, jobs};
use crate::db::{Db, begin_write};
use crate::domain::clock::Now;
use crate::domain::jst;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use rand::distr::{Alphanumeric, SampleString};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

/// Recoveries per endpoint in any hour.
pub const RECOVERIES_PER_HOUR: u64 = 10;
/// The most events one recovery queues: a wider window is refused (narrow it).
pub const MAX_RECOVERED: u64 = 10_000;
/// How long a recovery answers again for the same window instead of queuing anew.
pub const RECOVERY_REMEMBERED: Duration = Duration::hours(24);
/// Test events per endpoint in any minute.
pub const TESTS_PER_MINUTE: u64 = 10;
/// How long an endpoint's deliveries may all fail before Noren disables it.
pub const DISABLE_AFTER: Duration = Duration::days(5);
/// Why such an endpoint was disabled (its `disabled_reason`).
pub const DISABLED_REASON: &str = "every delivery failed for 5 days; fix the receiver, enable the endpoint, then recover the window";

/// A recovery as the API answers it.
pub struct Recovery {
    pub row: webhook_recovery::Model,
    /// When the window ended: `until`, or the time of the call that left it out.
    pub until: DateTime<Utc>,
    /// This call asked for a window already recovered: nothing new was queued.
    pub repeated: bool,
}

fn window_error(message: &str) -> EndpointError {
    EndpointError::Window(message.to_string())
}

/// Queues the endpoint's events of `[since, until)` again (module doc).
#[allow(clippy::too_many_arguments)]
pub async fn recover(
    db: &Db,
    owner: Owner,
    public_id: &str,
    since: DateTime<Utc>,
    until: Option<DateTime<Utc>>,
    all: bool,
    max_deliveries: i32,
    now: impl Into<Now>,
) -> Result<Recovery, EndpointError> {
    use webhook_recovery::Column as R;
    let at = now.into();
    let now = at.at;
    let end = until.unwrap_or(now).min(now);
    if since >= end {
        return Err(window_error("since must be before until (and before now)"));
    }
    if since < now - LOG_RETENTION {
        return Err(window_error(
            "the window must start within the last 30 days, the delivery log's retention",
        ));
    }
    let tx = begin_write(db).await?;
    let endpoint = endpoints::locked_row(&tx, owner, public_id).await?;
    let mut same = webhook_recovery::Entity::find()
        .filter(R::EndpointId.eq(endpoint.id))
        .filter(R::Since.eq(since))
        .filter(R::All.eq(all))
        .filter(R::CreatedAt.gt(now - RECOVERY_REMEMBERED));
    same = match until {
        Some(u) => same.filter(R::Until.eq(u)),
        None => same.filter(R::Until.is_null()),
    };
    if let Some(row) = same.order_by_desc(R::Id).first(&tx).await? {
        let until = row.until.unwrap_or(row.created_at);
        return Ok(Recovery {
            row,
            until,
            repeated: true,
        });
    }
    let hour_ago = now - Duration::hours(1);
    let recent = webhook_recovery::Entity::find()
        .filter(R::EndpointId.eq(endpoint.id))
        .filter(R::CreatedAt.gt(hour_ago))
        .order_by_asc(R::CreatedAt)
        .all(&tx)
        .await?;
    if recent.len() as u64 >= RECOVERIES_PER_HOUR {
        let oldest = recent.first().map(|r| r.created_at).unwrap_or(now);
        return Err(EndpointError::TooOften {
            what: format!("{RECOVERIES_PER_HOUR} recoveries of this endpoint in an hour"),
            retry_after_secs: (oldest - hour_ago).num_seconds().max(1) as u64,
        });
    }
    let queued = requeue(&tx, &endpoint, since, end, all, max_deliveries, at).await?;
    let row = webhook_recovery::ActiveModel {
        public_id: Set(format!(
            "rcv_{}",
            Alphanumeric.sample_string(&mut rand::rng(), 24)
        )),
        endpoint_id: Set(endpoint.id),
        since: Set(since),
        until: Set(until),
        all: Set(all),
        queued: Set(queued),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&tx)
    .await?;
    tx.commit().await?;
    Ok(Recovery {
        row,
        until: end,
        repeated: false,
    })
}

/// Queues the endpoint's deliveries of the window again: the failed and skipped ones, or with
/// `all` every one not already queued. Answers how many.
async fn requeue(
    tx: &impl ConnectionTrait,
    endpoint: &webhook_endpoint::Model,
    since: DateTime<Utc>,
    until: DateTime<Utc>,
    all: bool,
    max_deliveries: i32,
    at: Now,
) -> Result<i32, EndpointError> {
    let now = at.at;
    use webhook_delivery::Column as D;
    let mut select = webhook_delivery::Entity::find()
        .filter(D::EndpointId.eq(endpoint.id))
        .filter(D::CreatedAt.gte(since))
        .filter(D::CreatedAt.lt(until));
    select = if all {
        select.filter(D::Status.ne(DeliveryStatus::Pending.as_str()))
    } else {
        select.filter(D::Status.is_in([DeliveryStatus::Failed.as_str(), "skipped"]))
    };
    let count = select.clone().count(tx).await?;
    if count > MAX_RECOVERED {
        return Err(EndpointError::TooManyEvents(count));
    }
    let deliveries = select.order_by_asc(D::Id).all(tx).await?;
    let ids: Vec<i64> = deliveries.iter().map(|d| d.event_id).collect();
    let mut public_ids = std::collections::HashMap::new();
    for chunk in ids.chunks(500) {
        for e in webhook_event::Entity::find()
            .filter(webhook_event::Column::Id.is_in(chunk.iter().copied()))
            .all(tx)
            .await?
        {
            public_ids.insert(e.id, e.public_id);
        }
    }
    let mut queued = 0;
    for d in deliveries {
        let Some(event) = public_ids.get(&d.event_id) else {
            continue;
        };
        let payload = serde_json::json!(DeliveryJob::Endpoint {
            event: event.clone(),
            endpoint: endpoint.id,
        });
        let job = jobs::enqueue_on(tx, QUEUE, &payload, now, max_deliveries, now, at.clock).await?;
        webhook_delivery::Entity::update_many()
            .col_expr(D::Status, Expr::value(DeliveryStatus::Pending.as_str()))
            .col_expr(D::JobId, Expr::value(Some(job.id)))
            .col_expr(D::NextAttemptAt, Expr::value(Some(now)))
            .col_expr(D::UpdatedAt, Expr::value(now))
            .filter(D::Id.eq(d.id))
            .exec(tx)
            .await?;
        queued += 1;
    }
    Ok(queued)
}

/// The example body of a test event of `event_type` for `owner`: the shape the real events of
/// that type have in that owner's API, made-up values, and `"test": true`.
fn example_body(owner: Owner, event_type: &str, id: &str, now: DateTime<Utc>) -> serde_json::Value {
    let token = Alphanumeric.sample_string(&mut rand::rng(), 32);
    match (owner.kind, event_type) {
        (OwnerKind::Shop, endpoints::PAYMENT_PAID | endpoints::PAYMENT_REFUNDED) => {
            serde_json::json!({
                "token": token, "partner_order_no": "TEST-0001", "payment_amount": 1100,
                "payment_method": "paypay", "payment_number": "1000000000000001",
                "payment_status": event_type.trim_start_matches("payment."),
                "payment_currency_info": null, "livemode": owner.livemode, "test": true
            })
        }
        (OwnerKind::Shop, _) => {
            disabled_body(owner, id, "we_test", "https://example.com/", now, true)
        }
        (OwnerKind::Platform, ENDPOINT_DISABLED) => {
            disabled_body(owner, id, "we_test", "https://example.com/", now, true)
        }
        (OwnerKind::Platform, _) => {
            let (old, new) = match event_type {
                endpoints::RESERVATION_CONFIRMED => ("PENDING", "SUCCESS"),
                endpoints::RESERVATION_REJECTED => ("PENDING", "NOT_AVAILABLE"),
                _ => ("SUCCESS", "CANCELLED"),
            };
            serde_json::json!({
                "id": id, "type": "reservation.status_changed", "livemode": owner.livemode,
                "createdAt": jst::rfc3339(now),
                "reservation": {"id": format!("rsv_{}", &token[..24]),
                    "originPlatformReservationNumber": "TEST-0001", "shopId": 1},
                "oldStatus": old, "newStatus": new, "changedBy": "merchant", "test": true
            })
        }
    }
}

/// The body of a `webhook_endpoint.disabled` event, in the owner's API's naming.
fn disabled_body(
    owner: Owner,
    id: &str,
    endpoint: &str,
    url: &str,
    now: DateTime<Utc>,
    test: bool,
) -> serde_json::Value {
    let mut body = match owner.kind {
        OwnerKind::Shop => serde_json::json!({
            "id": id, "type": ENDPOINT_DISABLED, "livemode": owner.livemode,
            "create_time": now.to_rfc3339_opts(SecondsFormat::Millis, true),
            "webhook_endpoint": {"id": endpoint, "url": url, "disabled_reason": DISABLED_REASON}
        }),
        OwnerKind::Platform => serde_json::json!({
            "id": id, "type": ENDPOINT_DISABLED, "livemode": owner.livemode,
            "createdAt": jst::rfc3339(now),
            "webhookEndpoint": {"id": endpoint, "url": url, "disabledReason": DISABLED_REASON}
        }),
    };
    if test {
        body["test"] = serde_json::Value::Bool(true);
    }
    body
}

/// Writes an event of the owner that no payment or reservation made (a test event, an
/// endpoint disabled): kept in the outbox like the others, never in the event log.
async fn insert_event(
    db: &impl ConnectionTrait,
    owner: Owner,
    id: &str,
    event_type: &str,
    body: &serde_json::Value,
    test: bool,
    now: DateTime<Utc>,
) -> Result<webhook_event::Model, DbErr> {
    let (shop_id, platform_id) = match owner.kind {
        OwnerKind::Shop => (owner.id, None),
        OwnerKind::Platform => (0, Some(owner.id)),
    };
    webhook_event::ActiveModel {
        public_id: Set(id.to_string()),
        shop_id: Set(shop_id),
        livemode: Set(owner.livemode),
        predefined_payment_id: Set(0),
        token: Set(String::new()),
        payment_number: Set(String::new()),
        payment_status: Set(event_type.to_string()),
        url: Set(None),
        body: Set(body.to_string()),
        status: Set(DeliveryStatus::NoUrl),
        job_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        delivered_at: Set(None),
        next_attempt_at: Set(None),
        platform_id: Set(platform_id),
        event_type: Set(Some(event_type.to_string())),
        is_test: Set(test),
        // The kept columns of a payment event: none here.
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Sends a signed example of `event_type` (checked by the handler) to the endpoint alone, now;
/// answers the test event's id.
pub async fn send_test(
    db: &Db,
    owner: Owner,
    public_id: &str,
    event_type: &str,
    max_deliveries: i32,
    now: impl Into<Now>,
) -> Result<String, EndpointError> {
    use webhook_delivery::Column as D;
    let at = now.into();
    let now = at.at;
    let tx = begin_write(db).await?;
    let endpoint = endpoints::locked_row(&tx, owner, public_id).await?;
    if endpoint.disabled {
        return Err(EndpointError::Disabled);
    }
    let minute_ago = now - Duration::minutes(1);
    let tests = webhook_event::Entity::find()
        .filter(webhook_event::Column::IsTest.eq(true))
        .filter(webhook_event::Column::CreatedAt.gt(minute_ago))
        .filter(
            webhook_event::Column::Id.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(D::EventId)
                    .from(webhook_delivery::Entity)
                    .and_where(D::EndpointId.eq(endpoint.id))
                    .and_where(D::CreatedAt.gt(minute_ago))
                    .to_owned(),
            ),
        )
        .order_by_asc(webhook_event::Column::CreatedAt)
        .all(&tx)
        .await?;
    if tests.len() as u64 >= TESTS_PER_MINUTE {
        let oldest = tests.first().map(|e| e.created_at).unwrap_or(now);
        return Err(EndpointError::TooOften {
            what: format!("{TESTS_PER_MINUTE} test events to this endpoint in a minute"),
            retry_after_secs: (oldest - minute_ago).num_seconds().max(1) as u64,
        });
    }
    let id = new_event_id();
    let body = example_body(owner, event_type, &id, now);
    let event = insert_event(&tx, owner, &id, event_type, &body, true, now).await?;
    let payload = serde_json::json!(DeliveryJob::Endpoint {
        event: id.clone(),
        endpoint: endpoint.id,
    });
    let job = jobs::enqueue_on(&tx, QUEUE, &payload, now, max_deliveries, now, at.clock).await?;
    webhook_delivery::ActiveModel {
        event_id: Set(event.id),
        endpoint_id: Set(endpoint.id),
        status: Set(DeliveryStatus::Pending.as_str().to_string()),
        job_id: Set(Some(job.id)),
        next_attempt_at: Set(Some(now)),
        delivered_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Disables the endpoint when its run of failures has lasted [`DISABLE_AFTER`] at `now`, in the
/// caller's transaction (the failed attempt's), and tells the owner's other endpoints with a
/// `webhook_endpoint.disabled` event. Answers whether it did.
pub async fn disable_if_failing(
    db: &impl ConnectionTrait,
    endpoint_id: i64,
    max_deliveries: i32,
    now: impl Into<Now>,
) -> Result<bool, DbErr> {
    use webhook_endpoint::Column as E;
    let at = now.into();
    let now = at.at;
    let disabled = webhook_endpoint::Entity::update_many()
        .col_expr(E::Disabled, Expr::value(true))
        .col_expr(E::DisabledReason, Expr::value(Some(DISABLED_REASON)))
        .col_expr(E::UpdatedAt, Expr::value(now))
        .filter(E::Id.eq(endpoint_id))
        .filter(E::Disabled.eq(false))
        .filter(E::FailingSince.lte(now - DISABLE_AFTER))
        .exec(db)
        .await?;
    if disabled.rows_affected == 0 {
        return Ok(false);
    }
    let Some(row) = webhook_endpoint::Entity::find_by_id(endpoint_id)
        .first(db)
        .await?
    else {
        return Ok(false);
    };
    let kind = match row.owner_kind.as_str() {
        "platform" => OwnerKind::Platform,
        _ => OwnerKind::Shop,
    };
    let owner = Owner {
        kind,
        id: row.owner_id,
        livemode: row.livemode,
    };
    tracing::warn!(endpoint = %row.public_id, "webhook endpoint disabled after 5 days of failures");
    let id = new_event_id();
    let body = disabled_body(owner, &id, &row.public_id, &row.url, now, false);
    let event = insert_event(db, owner, &id, ENDPOINT_DISABLED, &body, false, now).await?;
    let fanned = Fanned {
        event_id: event.id,
        public_id: &id,
        event_type: ENDPOINT_DISABLED,
        max_deliveries,
    };
    endpoints::fan_out_except(db, owner, &fanned, Some(endpoint_id), at).await?;
    Ok(true)
}

/// Deletes what the delivery log keeps beyond [`LOG_RETENTION`] at `now`: attempts, deliveries
/// no longer queued, recoveries. Answers how many attempts went.
pub async fn prune_log(db: &Db, now: DateTime<Utc>) -> Result<u64, DbErr> {
    let before = now - LOG_RETENTION;
    let attempts = webhook_delivery_attempt::Entity::delete_many()
        .filter(webhook_delivery_attempt::Column::StartedAt.lt(before))
        .exec(db)
        .await?;
    webhook_delivery::Entity::delete_many()
        .filter(webhook_delivery::Column::CreatedAt.lt(before))
        .filter(webhook_delivery::Column::Status.ne(DeliveryStatus::Pending.as_str()))
        .exec(db)
        .await?;
    webhook_recovery::Entity::delete_many()
        .filter(webhook_recovery::Column::CreatedAt.lt(before))
        .exec(db)
        .await?;
    Ok(attempts.rows_affected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_bodies_have_the_shape_of_their_api_and_say_test() {
        let now = Utc::now();
        let shop = Owner::shop(1, false);
        let paid = example_body(shop, endpoints::PAYMENT_PAID, "evt_1", now);
        assert_eq!(
            (paid["payment_status"].as_str(), paid["test"].as_bool()),
            (Some("paid"), Some(true))
        );
        let platform = Owner::platform(1, true);
        let cancelled = example_body(platform, endpoints::RESERVATION_CANCELLED, "evt_2", now);
        assert_eq!(cancelled["newStatus"], "CANCELLED");
        assert_eq!(cancelled["id"], "evt_2");
        assert_eq!(cancelled["livemode"], true);
        let disabled = example_body(platform, ENDPOINT_DISABLED, "evt_3", now);
        assert!(disabled["webhookEndpoint"]["disabledReason"].is_string());
        assert_eq!(
            example_body(shop, ENDPOINT_DISABLED, "evt_4", now)["type"],
            ENDPOINT_DISABLED
        );
    }
}
