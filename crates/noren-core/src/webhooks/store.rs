//! The webhook queries: the outbox side (an event and its delivery job written in the caller's
//! transaction), each shop's signing secrets, the attempts of a delivery, and what merchants see
//! of it all. Every time comes from the caller (`now`).
//!
//! Inbound platforms' reservation status notifications (issue 12, item 5) are rows of the same
//! outbox with a `platform_id` ([`record_platform_event`]), delivered to the platform's webhook
//! endpoints (migration 22). Rows queued before that migration still go to the URL they hold,
//! signed with the platform's secrets (`inbound_platform_secrets`, [`platform_secret_set`]). The
//! merchant's event log leaves them out.

use super::endpoints::{self, Owner};
use super::event::{EventSettings, EventStatus, WebhookEvent, new_event_id};
use super::signing::{Signer, SigningSecrets, new_secret};
use super::{DeliveryJob, QUEUE};
use crate::db::entities::job::JobStatus;
use crate::db::entities::{
    inbound_platform_secret, job, payment, predefined_payment, shop, webhook_attempt,
    webhook_event, webhook_secret,
};
use crate::db::repo::{SelectFirst, jobs, page};
use crate::domain::clock::Now;
use crate::domain::secret_box::SecretBox;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Query, SubQueryStatement};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, FromQueryResult,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, StatementBuilder,
};
use std::collections::HashMap;

pub use crate::db::entities::webhook_event::DeliveryStatus;

/// How long a rotated-out secret keeps signing (DESIGN.md: 24 hours).
pub const ROTATION_OVERLAP: Duration = Duration::hours(24);

/// The job payload of one delivery.
fn job_payload(public_id: &str) -> serde_json::Value {
    serde_json::json!(DeliveryJob::Event {
        event: public_id.to_string()
    })
}

/// Queues the delivery of the event `public_id` (written next, naming the job) now, with at
/// most `max_deliveries` runs; answers the job's id.
async fn enqueue_delivery(
    db: &impl ConnectionTrait,
    public_id: &str,
    max_deliveries: i32,
    now: Now,
) -> Result<i64, DbErr> {
    let payload = job_payload(public_id);
    Ok(jobs::enqueue_on(
        db,
        QUEUE,
        &payload,
        now.at,
        max_deliveries,
        now.at,
        now.clock,
    )
    .await?
    .id)
}

/// Records the `status` event of `attempt` and queues its delivery, in the caller's
/// transaction (the outbox: the state change and its event commit together).
/// `max_deliveries` is the first delivery plus the retries.
pub async fn record_event(
    db: &impl ConnectionTrait,
    payment: &predefined_payment::Model,
    attempt: &payment::Model,
    status: EventStatus,
    events: &EventSettings<'_>,
) -> Result<webhook_event::Model, DbErr> {
    let (now, fx, max_deliveries) = (events.now, events.fx, events.max_deliveries);
    let shop_url = match &payment.webhook_callback_url {
        Some(_) => None,
        None => shop::Entity::find_by_id(payment.shop_id)
            .first(db)
            .await?
            .and_then(|s| shop_url(s, payment.livemode)),
    };
    let url = payment.webhook_callback_url.clone().or(shop_url);
    let body = WebhookEvent::of(payment, attempt, status, fx);
    let body = serde_json::to_string(&body).map_err(|e| DbErr::Custom(e.to_string()))?;
    let public_id = new_event_id();
    let event_type = match status {
        EventStatus::Paid => endpoints::PAYMENT_PAID,
        EventStatus::Refunded => endpoints::PAYMENT_REFUNDED,
    };
    let row = webhook_event::ActiveModel {
        public_id: Set(public_id.clone()),
        event_type: Set(Some(event_type.to_string())),
        shop_id: Set(payment.shop_id),
        livemode: Set(payment.livemode),
        predefined_payment_id: Set(payment.id),
        token: Set(payment.token.clone()),
        payment_number: Set(attempt.payment_number.clone()),
        payment_status: Set(status.as_str().to_string()),
        url: Set(url.clone()),
        body: Set(body),
        status: Set(if url.is_some() {
            DeliveryStatus::Pending
        } else {
            DeliveryStatus::NoUrl
        }),
        job_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        delivered_at: Set(None),
        next_attempt_at: Set(url.is_some().then_some(now)),
        ..Default::default()
    };
    let row = match url {
        // The job and the event naming it in one round trip (`jobs::with_job`).
        Some(_) => {
            let payload = job_payload(&public_id);
            let job = jobs::NewJob {
                queue: QUEUE,
                payload: &payload,
                run_at: now,
                max_attempts: max_deliveries,
                now,
                clock: events.clock,
            };
            let write = jobs::with_job(
                db.get_database_backend(),
                &job,
                row,
                webhook_event::Column::JobId,
                true,
            );
            webhook_event::Model::find_by_statement(write)
                .all(db)
                .await?
                .pop()
                .ok_or_else(|| DbErr::RecordNotInserted)?
        }
        None => row.insert(db).await?,
    };
    let fanned = endpoints::Fanned {
        event_id: row.id,
        public_id: &public_id,
        event_type,
        max_deliveries,
    };
    endpoints::fan_out(
        db,
        Owner::shop(payment.shop_id, payment.livemode),
        &fanned,
        Now {
            at: now,
            clock: events.clock,
        },
    )
    .await?;
    Ok(row)
}

/// A reservation status notification to an inbound platform, as the outbox stores it.
pub struct PlatformEvent {
    /// `evt_…` ([`new_event_id`]), also inside `body`.
    pub public_id: String,
    pub platform_id: i64,
    /// The reservation's shop.
    pub shop_id: i64,
    pub livemode: bool,
    pub reservation_id: String,
    pub origin_number: String,
    /// The status the reservation moved to.
    pub new_status: String,
    /// The exact JSON that is signed and sent.
    pub body: String,
}

/// Records a notification to a platform and queues its delivery to each of the platform's
/// endpoints of the event's mode subscribed to its type, in the caller's transaction (the same
/// outbox as payment events). The event row itself has no URL (`no_url`): since migration 22 a
/// platform's notifications go only to its endpoints, the operator's URL being one of them.
pub async fn record_platform_event(
    db: &impl ConnectionTrait,
    e: PlatformEvent,
    max_deliveries: i32,
    now: impl Into<Now>,
) -> Result<webhook_event::Model, DbErr> {
    let at = now.into();
    let now = at.at;
    let event_type = endpoints::reservation_type(&e.new_status);
    let public_id = e.public_id.clone();
    let row = webhook_event::ActiveModel {
        public_id: Set(e.public_id),
        event_type: Set(event_type.map(str::to_string)),
        shop_id: Set(e.shop_id),
        livemode: Set(e.livemode),
        predefined_payment_id: Set(0),
        token: Set(e.reservation_id),
        payment_number: Set(e.origin_number),
        payment_status: Set(e.new_status),
        url: Set(None),
        body: Set(e.body),
        status: Set(DeliveryStatus::NoUrl),
        job_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        delivered_at: Set(None),
        next_attempt_at: Set(None),
        platform_id: Set(Some(e.platform_id)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    if let Some(event_type) = event_type {
        let fanned = endpoints::Fanned {
            event_id: row.id,
            public_id: &public_id,
            event_type,
            max_deliveries,
        };
        endpoints::fan_out(db, Owner::platform(e.platform_id, e.livemode), &fanned, at).await?;
    }
    Ok(row)
}

/// A platform's notifications to deliver or already delivered, newest first (the operator's
/// view of the platform's event log).
pub async fn platform_events(
    db: &impl ConnectionTrait,
    platform_id: i64,
    limit: u64,
) -> Result<Vec<EventRecord>, DbErr> {
    let events = webhook_event::Entity::find()
        .filter(webhook_event::Column::PlatformId.eq(platform_id))
        .order_by_desc(webhook_event::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    with_attempts(db, events).await
}

/// The signing secrets of `signer` in one mode ([`signing_secret_set`] or
/// [`platform_secret_set`]).
pub async fn signer_secret_set(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    signer: Signer,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<SigningSecrets, DbErr> {
    match signer {
        Signer::Shop(id) => signing_secret_set(db, sb, id, livemode, now).await,
        Signer::Platform(id) => platform_secret_set(db, sb, id, livemode, now).await,
        Signer::Endpoint(id) => super::endpoints::signing_secrets(db, sb, id, now).await,
    }
}

/// A platform's signing secrets of one mode with their version; a mode without a secret gets
/// its first here.
pub async fn platform_secret_set(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    platform_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<SigningSecrets, DbErr> {
    let rows = inbound_platform_secret::Entity::find()
        .filter(inbound_platform_secret::Column::PlatformId.eq(platform_id))
        .filter(inbound_platform_secret::Column::Livemode.eq(livemode))
        .filter(
            inbound_platform_secret::Column::ExpiresAt
                .is_null()
                .or(inbound_platform_secret::Column::ExpiresAt.gt(now)),
        )
        .order_by_desc(inbound_platform_secret::Column::Id)
        .all(db)
        .await?;
    let rows = rows.into_iter().map(|r| (r.id, r.secret, r.expires_at));
    match opened(sb, rows)? {
        Some(set) => Ok(set),
        None => {
            let (id, secret) = insert_platform_secret(db, sb, platform_id, livemode, now).await?;
            Ok(SigningSecrets::first(id, secret))
        }
    }
}

/// Makes a new current secret of the platform in one mode; the previous one keeps signing for
/// [`ROTATION_OVERLAP`].
pub async fn rotate_platform_secret(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    platform_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    inbound_platform_secret::Entity::update_many()
        .col_expr(
            inbound_platform_secret::Column::ExpiresAt,
            Expr::value(Some(now + ROTATION_OVERLAP)),
        )
        .filter(inbound_platform_secret::Column::PlatformId.eq(platform_id))
        .filter(inbound_platform_secret::Column::Livemode.eq(livemode))
        .filter(inbound_platform_secret::Column::ExpiresAt.is_null())
        .exec(db)
        .await?;
    Ok(insert_platform_secret(db, sb, platform_id, livemode, now)
        .await?
        .1)
}

async fn insert_platform_secret(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    platform_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<(i64, String), DbErr> {
    let secret = new_secret();
    let row = inbound_platform_secret::ActiveModel {
        platform_id: Set(platform_id),
        livemode: Set(livemode),
        secret: Set(sb.seal(&secret)),
        created_at: Set(now),
        expires_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((row.id, secret))
}

fn open_secret(sb: &SecretBox, stored: &str) -> Result<String, DbErr> {
    sb.open(stored).map_err(|e| DbErr::Custom(e.to_string()))
}

/// The live secrets `(id, sealed, expires_at)` of a shop's or a platform's mode, newest first,
/// opened; `None` when there is none yet (the caller makes the first).
fn opened(
    sb: &SecretBox,
    rows: impl Iterator<Item = (i64, String, Option<DateTime<Utc>>)>,
) -> Result<Option<SigningSecrets>, DbErr> {
    let mut version = None;
    let mut secrets = Vec::new();
    for (id, sealed, expires_at) in rows {
        version.get_or_insert(id);
        secrets.push((open_secret(sb, &sealed)?, expires_at));
    }
    Ok(version.map(|version| SigningSecrets { version, secrets }))
}

/// The shop's signing secrets of one mode with their version (see [`SigningSecrets`]); a mode
/// without a secret gets its first here.
pub async fn signing_secret_set(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    shop_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<SigningSecrets, DbErr> {
    let rows = webhook_secret::Entity::find()
        .filter(webhook_secret::Column::ShopId.eq(shop_id))
        .filter(webhook_secret::Column::Livemode.eq(livemode))
        .filter(
            webhook_secret::Column::ExpiresAt
                .is_null()
                .or(webhook_secret::Column::ExpiresAt.gt(now)),
        )
        .order_by_desc(webhook_secret::Column::Id)
        .all(db)
        .await?;
    let rows = rows.into_iter().map(|r| (r.id, r.secret, r.expires_at));
    match opened(sb, rows)? {
        Some(set) => Ok(set),
        None => {
            let (id, secret) = insert_secret(db, sb, shop_id, livemode, now).await?;
            Ok(SigningSecrets::first(id, secret))
        }
    }
}

/// The secrets that sign the shop's events of one mode now, newest first.
pub async fn signing_secrets(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    shop_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<Vec<String>, DbErr> {
    Ok(signing_secret_set(db, sb, shop_id, livemode, now)
        .await?
        .at(now))
}

/// The shop's current secret of one mode, made when it has none (what `noren demo` prints).
pub async fn current_secret(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    shop_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    Ok(signing_secrets(db, sb, shop_id, livemode, now)
        .await?
        .into_iter()
        .next()
        .unwrap_or_default())
}

/// Makes a new current secret of one mode; the previous one keeps signing for
/// [`ROTATION_OVERLAP`] from `now`. The other mode's secrets are untouched.
pub async fn rotate_secret(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    shop_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    webhook_secret::Entity::update_many()
        .col_expr(
            webhook_secret::Column::ExpiresAt,
            Expr::value(Some(now + ROTATION_OVERLAP)),
        )
        .filter(webhook_secret::Column::ShopId.eq(shop_id))
        .filter(webhook_secret::Column::Livemode.eq(livemode))
        .filter(webhook_secret::Column::ExpiresAt.is_null())
        .exec(db)
        .await?;
    Ok(insert_secret(db, sb, shop_id, livemode, now).await?.1)
}

async fn insert_secret(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    shop_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<(i64, String), DbErr> {
    let secret = new_secret();
    let row = webhook_secret::ActiveModel {
        shop_id: Set(shop_id),
        livemode: Set(livemode),
        secret: Set(sb.seal(&secret)),
        created_at: Set(now),
        expires_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((row.id, secret))
}

/// Sets (or clears) the shop's default webhook URL of one mode.
pub async fn set_shop_url(
    db: &impl ConnectionTrait,
    shop_id: i64,
    livemode: bool,
    url: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let column = if livemode {
        shop::Column::WebhookUrl
    } else {
        shop::Column::WebhookUrlTest
    };
    shop::Entity::update_many()
        .col_expr(column, Expr::value(url))
        .col_expr(shop::Column::UpdatedAt, Expr::value(now))
        .filter(shop::Column::Id.eq(shop_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The shop's default URL for events of one mode.
fn shop_url(shop: shop::Model, livemode: bool) -> Option<String> {
    if livemode {
        shop.webhook_url
    } else {
        shop.webhook_url_test
    }
}

/// An event with its attempts (oldest first).
pub type EventRecord = (webhook_event::Model, Vec<webhook_attempt::Model>);

pub struct EventQuery {
    pub shop_id: i64,
    pub livemode: bool,
    pub payment_number: Option<String>,
    pub token: Option<String>,
    pub offset: u64,
    pub limit: u64,
}

/// A page of the shop's events, newest first, and the number of all that match.
pub async fn list_events(
    db: &impl ConnectionTrait,
    q: &EventQuery,
) -> Result<(Vec<EventRecord>, u64), DbErr> {
    let mut select = webhook_event::Entity::find()
        .filter(webhook_event::Column::ShopId.eq(q.shop_id))
        .filter(webhook_event::Column::Livemode.eq(q.livemode))
        .filter(webhook_event::Column::PlatformId.is_null())
        .filter(webhook_event::Column::IsTest.eq(false));
    if let Some(n) = &q.payment_number {
        select = select.filter(webhook_event::Column::PaymentNumber.eq(n.as_str()));
    }
    if let Some(t) = &q.token {
        select = select.filter(webhook_event::Column::Token.eq(t.as_str()));
    }
    let total = select.clone().count(db).await?;
    let select = select.order_by_desc(webhook_event::Column::Id);
    let events = page(db, select, q.offset, q.limit).await?;
    Ok((with_attempts(db, events).await?, total))
}

async fn with_attempts(
    db: &impl ConnectionTrait,
    events: Vec<webhook_event::Model>,
) -> Result<Vec<EventRecord>, DbErr> {
    let ids: Vec<i64> = events.iter().map(|e| e.id).collect();
    let mut by_event: HashMap<i64, Vec<webhook_attempt::Model>> = HashMap::new();
    if !ids.is_empty() {
        for a in webhook_attempt::Entity::find()
            .filter(webhook_attempt::Column::EventId.is_in(ids))
            .order_by_asc(webhook_attempt::Column::Attempt)
            .all(db)
            .await?
        {
            by_event.entry(a.event_id).or_default().push(a);
        }
    }
    Ok(events
        .into_iter()
        .map(|e| {
            let attempts = by_event.remove(&e.id).unwrap_or_default();
            (e, attempts)
        })
        .collect())
}

/// One of the shop's events by its public id, in the key's mode.
pub async fn find_event(
    db: &impl ConnectionTrait,
    shop_id: i64,
    livemode: bool,
    public_id: &str,
) -> Result<Option<EventRecord>, DbErr> {
    let Some(e) = webhook_event::Entity::find()
        .filter(webhook_event::Column::PublicId.eq(public_id))
        .filter(webhook_event::Column::ShopId.eq(shop_id))
        .filter(webhook_event::Column::Livemode.eq(livemode))
        .filter(webhook_event::Column::PlatformId.is_null())
        .filter(webhook_event::Column::IsTest.eq(false))
        .first(db)
        .await?
    else {
        return Ok(None);
    };
    Ok(with_attempts(db, vec![e]).await?.pop())
}

#[derive(Debug, thiserror::Error)]
pub enum RedeliverError {
    #[error("a delivery of this event is in progress; try again when it has finished")]
    InProgress,
    #[error(
        "this event has no webhook URL: create payments with webhook_callback_url or set the shop's default URL"
    )]
    NoUrl,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Queues one more delivery of `event` now: a waiting retry is brought forward, a finished
/// event gets a new delivery job. Run it in a write transaction.
pub async fn redeliver(
    db: &impl ConnectionTrait,
    event: webhook_event::Model,
    now: impl Into<Now>,
) -> Result<webhook_event::Model, RedeliverError> {
    let at = now.into();
    let now = at.at;
    let url = match (&event.url, event.platform_id) {
        (Some(u), _) => Some(u.clone()),
        // A platform's notifications go to its endpoints (migration 22): each endpoint
        // recovers its own (`POST …/webhook_endpoints/{id}/recover`).
        (None, Some(_)) => None,
        (None, None) => shop::Entity::find_by_id(event.shop_id)
            .first(db)
            .await?
            .and_then(|s| shop_url(s, event.livemode)),
    };
    let Some(url) = url else {
        return Err(RedeliverError::NoUrl);
    };
    let current = match event.job_id {
        Some(id) => job::Entity::find_by_id(id).first(db).await?,
        None => None,
    };
    let job_id = match current {
        Some(j) if j.status == JobStatus::Running => return Err(RedeliverError::InProgress),
        Some(j) if matches!(j.status, JobStatus::Pending | JobStatus::Clocked) => {
            job::Entity::update_many()
                .col_expr(job::Column::RunAt, Expr::value(now))
                .col_expr(job::Column::UpdatedAt, Expr::value(now))
                .filter(job::Column::Id.eq(j.id))
                .filter(job::Column::Status.eq(j.status.as_str()))
                .exec(db)
                .await?;
            j.id
        }
        _ => enqueue_delivery(db, &event.public_id, 1, at).await?,
    };
    let mut active: webhook_event::ActiveModel = event.into();
    active.url = Set(Some(url));
    active.status = Set(DeliveryStatus::Pending);
    active.job_id = Set(Some(job_id));
    active.next_attempt_at = Set(Some(now));
    active.updated_at = Set(now);
    Ok(active.update(db).await?)
}

pub async fn find_event_by_id(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<webhook_event::Model>, DbErr> {
    webhook_event::Entity::find_by_id(id).first(db).await
}

/// An event to deliver, and the version of its signer's secrets in its mode (the newest secret
/// row's id, see [`SigningSecrets`]: the shop's, or the platform's for a notification), read in
/// one statement so that a cached set of secrets is checked against the database on every
/// delivery at no extra round trip: a rotation is seen by the very next delivery.
pub async fn find_delivery(
    db: &impl ConnectionTrait,
    job: &DeliveryJob,
) -> Result<Option<(webhook_event::Model, Option<i64>)>, DbErr> {
    let version = Query::select()
        .expr(Expr::col((webhook_secret::Entity, webhook_secret::Column::Id)).max())
        .from(webhook_secret::Entity)
        .and_where(
            Expr::col((webhook_secret::Entity, webhook_secret::Column::ShopId))
                .equals((webhook_event::Entity, webhook_event::Column::ShopId)),
        )
        .and_where(
            Expr::col((webhook_secret::Entity, webhook_secret::Column::Livemode))
                .equals((webhook_event::Entity, webhook_event::Column::Livemode)),
        )
        .to_owned();
    // Null for payment events (no platform_id): an index lookup that finds nothing.
    let platform_version = Query::select()
        .expr(
            Expr::col((
                inbound_platform_secret::Entity,
                inbound_platform_secret::Column::Id,
            ))
            .max(),
        )
        .from(inbound_platform_secret::Entity)
        .and_where(
            Expr::col((
                inbound_platform_secret::Entity,
                inbound_platform_secret::Column::PlatformId,
            ))
            .equals((webhook_event::Entity, webhook_event::Column::PlatformId)),
        )
        .and_where(
            Expr::col((
                inbound_platform_secret::Entity,
                inbound_platform_secret::Column::Livemode,
            ))
            .equals((webhook_event::Entity, webhook_event::Column::Livemode)),
        )
        .to_owned();
    let select = match job {
        DeliveryJob::Event { event } | DeliveryJob::Endpoint { event, .. } => {
            webhook_event::Entity::find().filter(webhook_event::Column::PublicId.eq(event.as_str()))
        }
        DeliveryJob::Row { event_id } => webhook_event::Entity::find_by_id(*event_id),
    };
    let select = select
        .expr_as(
            Expr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(version))),
            "secrets_version",
        )
        .expr_as(
            Expr::SubQuery(
                None,
                Box::new(SubQueryStatement::SelectStatement(platform_version)),
            ),
            "platform_secrets_version",
        );
    let stmt = sea_orm::QueryTrait::build(&select, db.get_database_backend());
    let Some(row) = db.query_one_raw(stmt).await? else {
        return Ok(None);
    };
    let event = webhook_event::Model::from_query_result(&row, "")?;
    let version: Option<i64> = if event.platform_id.is_some() {
        row.try_get("", "platform_secrets_version")?
    } else {
        row.try_get("", "secrets_version")?
    };
    Ok(Some((event, version)))
}

/// Records that the next attempt of each event of `event_ids` is being sent, in one statement:
/// each attempt's number is the count of the event's earlier ones plus one. Answers the
/// attempts recorded; an event missing from the answer had that attempt on record already
/// (another runner got there first) and must not be sent.
pub async fn start_attempts(
    db: &impl ConnectionTrait,
    event_ids: &[i64],
    now: DateTime<Utc>,
) -> Result<Vec<webhook_attempt::Model>, DbErr> {
    use sea_orm::sea_query::{Alias, OnConflict};
    if event_ids.is_empty() {
        return Ok(Vec::new());
    }
    let earlier = Query::select()
        .expr(Expr::col((webhook_attempt::Entity, webhook_attempt::Column::Id)).count())
        .from(webhook_attempt::Entity)
        .and_where(
            Expr::col((webhook_attempt::Entity, webhook_attempt::Column::EventId))
                .equals((Alias::new("e"), webhook_event::Column::Id)),
        )
        .to_owned();
    let events = Query::select()
        .expr(Expr::col((Alias::new("e"), webhook_event::Column::Id)))
        .expr(Expr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(earlier))).add(1))
        .expr(Expr::val(now))
        .from_as(webhook_event::Entity, Alias::new("e"))
        .and_where(
            Expr::col((Alias::new("e"), webhook_event::Column::Id))
                .is_in(event_ids.iter().copied()),
        )
        .to_owned();
    let insert = Query::insert()
        .into_table(webhook_attempt::Entity)
        .columns([
            webhook_attempt::Column::EventId,
            webhook_attempt::Column::Attempt,
            webhook_attempt::Column::StartedAt,
        ])
        .select_from(events)
        .map_err(|e| DbErr::Custom(e.to_string()))?
        .on_conflict(
            OnConflict::columns([
                webhook_attempt::Column::EventId,
                webhook_attempt::Column::Attempt,
            ])
            .do_nothing()
            .to_owned(),
        )
        .returning_all()
        .to_owned();
    let stmt = StatementBuilder::build(&insert, &db.get_database_backend());
    webhook_attempt::Model::find_by_statement(stmt)
        .all(db)
        .await
}

/// How one attempt ended and where its event stands now.
pub struct AttemptEnd {
    pub attempt_id: i64,
    pub event_id: i64,
    pub duration_ms: i64,
    pub status_code: Option<i32>,
    /// Why it was not delivered (kept to 500 characters).
    pub error: Option<String>,
    pub event_status: DeliveryStatus,
    pub next_attempt_at: Option<DateTime<Utc>>,
}

/// Records how `ends` ended, at `now`: two statements however many there are (each value is
/// chosen by the row's id), so that deliveries ending together are written together.
pub async fn finish_attempts(
    db: &impl ConnectionTrait,
    ends: &[AttemptEnd],
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use crate::db::repo::by_id;
    use webhook_attempt::Column as A;
    use webhook_event::Column as E;
    if ends.is_empty() {
        return Ok(());
    }
    let attempts = |column: A, value: fn(&AttemptEnd) -> Expr| {
        by_id(A::Id, ends.iter().map(|e| (e.attempt_id, value(e))), column)
    };
    // No row back (no `RETURNING`): on SQLite each returned row is one more hand-off from the
    // connection's thread.
    webhook_attempt::Entity::update_many()
        .col_expr(
            A::DurationMs,
            attempts(A::DurationMs, |e| Expr::value(Some(e.duration_ms))),
        )
        .col_expr(
            A::StatusCode,
            attempts(A::StatusCode, |e| Expr::value(e.status_code)),
        )
        .col_expr(
            A::Error,
            attempts(A::Error, |e| {
                Expr::value(
                    e.error
                        .as_ref()
                        .map(|e| e.chars().take(500).collect::<String>()),
                )
            }),
        )
        .filter(A::Id.is_in(ends.iter().map(|e| e.attempt_id)))
        .exec(db)
        .await?;
    let events = |column: E, value: &dyn Fn(&AttemptEnd) -> Expr| {
        by_id(E::Id, ends.iter().map(|e| (e.event_id, value(e))), column)
    };
    let delivered_at = |e: &AttemptEnd| match e.event_status {
        DeliveryStatus::Delivered => Expr::value(Some(now)),
        _ => Expr::col(E::DeliveredAt),
    };
    webhook_event::Entity::update_many()
        .col_expr(
            E::Status,
            events(E::Status, &|e| Expr::value(e.event_status.as_str())),
        )
        .col_expr(
            E::NextAttemptAt,
            events(E::NextAttemptAt, &|e| Expr::value(e.next_attempt_at)),
        )
        .col_expr(E::DeliveredAt, events(E::DeliveredAt, &delivered_at))
        .col_expr(E::UpdatedAt, Expr::value(now))
        .filter(E::Id.is_in(ends.iter().map(|e| e.event_id)))
        .exec(db)
        .await?;
    Ok(())
}
