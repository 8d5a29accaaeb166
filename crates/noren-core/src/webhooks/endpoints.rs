//! Webhook endpoints (issue 34; DESIGN.md "Sandbox and webhooks decisions"): destinations a
//! merchant (a shop in one mode, with its secret key) or a partner platform (a platform in one
//! mode, with its partner key) manages over the API. This file is what both APIs share: the
//! event types each owner may subscribe to, the endpoints' changes (each its own write
//! transaction), their signing secrets with rotation, the fan-out of an event to the endpoints
//! subscribed to it (in the event's transaction: the outbox), and the delivery log's reads.
//! The delivery itself is `endpoint_delivery.rs`; the handlers are each API's
//! (`pay/http/webhook_endpoints.rs`, `inbound/http/webhook_endpoints.rs`), which check the
//! values (the URL's rules of the key's mode, the event types of the owner) before calling here.
//!
//! Rules:
//! - at most [`MAX_PER_OWNER`] endpoints per owner and mode (the owner's row is locked while
//!   counting, so two creates at once cannot make a 17th);
//! - a new endpoint's secret is answered once, by the create; reads never show one;
//! - a rotation answers the new secret; the previous one keeps signing for the overlap asked
//!   (default [`DEFAULT_OVERLAP`], at most [`MAX_OVERLAP`]), and a second rotation during an
//!   overlap is refused;
//! - an event goes to every endpoint of its owner and mode subscribed to its type; a disabled
//!   endpoint gets a `skipped` delivery instead (kept for a recovery);
//! - a key of another owner or mode never sees an endpoint: 404, as for an id that never was.

use super::signing::new_secret;
use super::{DeliveryJob, QUEUE};
use crate::db::entities::{
    inbound_platform, job, shop, webhook_delivery, webhook_delivery_attempt, webhook_endpoint,
    webhook_endpoint_secret,
};
use crate::db::repo::{SelectFirst, jobs};
use crate::db::{Db, begin_write};
use crate::domain::clock::Now;
use crate::domain::destination::{AddressPolicy, Reach};
use crate::domain::secret_box::SecretBox;
use chrono::{DateTime, Duration, Utc};
use rand::distr::{Alphanumeric, SampleString};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};

/// Endpoints per owner and mode.
pub const MAX_PER_OWNER: u64 = 16;
/// How long the previous secret keeps signing after a rotation, unless the rotation asks.
pub const DEFAULT_OVERLAP: Duration = Duration::hours(24);
/// The longest overlap a rotation may ask for.
pub const MAX_OVERLAP: Duration = Duration::days(7);
/// How long the delivery log keeps an attempt, in each mode.
pub const LOG_RETENTION: Duration = Duration::days(30);
/// Subscribes to every event type of the owner.
pub const ALL_EVENTS: &str = "*";

/// A payment was paid (seed 000 §3's event).
pub const PAYMENT_PAID: &str = "payment.paid";
/// A payment was refunded.
pub const PAYMENT_REFUNDED: &str = "payment.refunded";
/// A pending reservation was confirmed by the restaurant.
pub const RESERVATION_CONFIRMED: &str = "reservation.confirmed";
/// A pending reservation was rejected by the restaurant.
pub const RESERVATION_REJECTED: &str = "reservation.rejected";
/// A reservation was cancelled (with a full, half or no refund).
pub const RESERVATION_CANCELLED: &str = "reservation.cancelled";
/// Noren disabled one of the owner's endpoints after 5 days of failed deliveries.
pub const ENDPOINT_DISABLED: &str = "webhook_endpoint.disabled";

/// The event type of a reservation notification, by the status the reservation moved to (the
/// body's `newStatus`); `None` for a status no notification is sent for.
pub fn reservation_type(new_status: &str) -> Option<&'static str> {
    match new_status {
        "SUCCESS" => Some(RESERVATION_CONFIRMED),
        "NOT_AVAILABLE" => Some(RESERVATION_REJECTED),
        "CANCELLED" | "CANCELLED_NO_REFUND" | "CANCELLED_HALF_REFUND" => {
            Some(RESERVATION_CANCELLED)
        }
        _ => None,
    }
}

/// Whose endpoints: a shop's (payment events) or a partner platform's (reservation
/// notifications).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OwnerKind {
    Shop,
    Platform,
}

impl OwnerKind {
    /// The stored text.
    pub const fn as_str(self) -> &'static str {
        match self {
            OwnerKind::Shop => "shop",
            OwnerKind::Platform => "platform",
        }
    }

    /// The event types this owner's endpoints may subscribe to (besides `*`).
    pub const fn event_types(self) -> &'static [&'static str] {
        match self {
            OwnerKind::Shop => &[PAYMENT_PAID, PAYMENT_REFUNDED, ENDPOINT_DISABLED],
            OwnerKind::Platform => &[
                RESERVATION_CONFIRMED,
                RESERVATION_REJECTED,
                RESERVATION_CANCELLED,
                ENDPOINT_DISABLED,
            ],
        }
    }

    /// Checks one event type of this owner (not `*`): a test event's.
    pub fn check_one(self, event_type: &str) -> Result<(), String> {
        let known = self.event_types();
        if known.contains(&event_type) {
            Ok(())
        } else {
            Err(format!(
                "{event_type:?} is not an event type of this API; the types are {}",
                known.join(", ")
            ))
        }
    }

    /// Checks a subscription list: `*` alone, or known types of this owner, none twice. The
    /// message names the first problem and the types there are.
    pub fn check_events(self, events: &[String]) -> Result<(), String> {
        let known = self.event_types();
        if events.is_empty() {
            return Err(format!(
                "must name at least one event type: `*` or some of {}",
                known.join(", ")
            ));
        }
        if events.iter().any(|e| e == ALL_EVENTS) && events.len() > 1 {
            return Err("`*` already subscribes to every event type; give it alone".into());
        }
        for (i, e) in events.iter().enumerate() {
            if e != ALL_EVENTS && !known.contains(&e.as_str()) {
                return Err(format!(
                    "{e:?} is not an event type of this API; the types are {}, or `*`",
                    known.join(", ")
                ));
            }
            if events[..i].contains(e) {
                return Err(format!("{e} is given twice"));
            }
        }
        Ok(())
    }
}

/// An owner in one mode: whose endpoints a call sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Owner {
    pub kind: OwnerKind,
    pub id: i64,
    pub livemode: bool,
}

impl Owner {
    pub fn shop(id: i64, livemode: bool) -> Self {
        Owner {
            kind: OwnerKind::Shop,
            id,
            livemode,
        }
    }

    pub fn platform(id: i64, livemode: bool) -> Self {
        Owner {
            kind: OwnerKind::Platform,
            id,
            livemode,
        }
    }

    fn endpoints(self) -> sea_orm::Select<webhook_endpoint::Entity> {
        use webhook_endpoint::Column as C;
        webhook_endpoint::Entity::find()
            .filter(C::OwnerKind.eq(self.kind.as_str()))
            .filter(C::OwnerId.eq(self.id))
            .filter(C::Livemode.eq(self.livemode))
    }

    /// Takes the owner's row lock for the rest of the transaction (PostgreSQL; on SQLite the
    /// write transaction already excludes every other writer).
    async fn lock(self, db: &impl ConnectionTrait) -> Result<(), DbErr> {
        match self.kind {
            OwnerKind::Shop => {
                shop::Entity::find_by_id(self.id)
                    .lock_exclusive()
                    .first(db)
                    .await?;
            }
            OwnerKind::Platform => {
                inbound_platform::Entity::find_by_id(self.id)
                    .lock_exclusive()
                    .first(db)
                    .await?;
            }
        }
        Ok(())
    }
}

/// An endpoint as the API answers it.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub row: webhook_endpoint::Model,
    pub enabled_events: Vec<String>,
    /// The signing secret: answered by the create and a rotation only.
    pub secret: Option<String>,
    /// When the previous secret stops signing, during a rotation's overlap.
    pub previous_secret_expires_at: Option<DateTime<Utc>>,
}

impl Endpoint {
    fn of(row: webhook_endpoint::Model) -> Self {
        let enabled_events = serde_json::from_str(&row.enabled_events).unwrap_or_default();
        Endpoint {
            row,
            enabled_events,
            secret: None,
            previous_secret_expires_at: None,
        }
    }

    /// Whether it takes events of `event_type`.
    pub fn subscribes(&self, event_type: &str) -> bool {
        self.enabled_events
            .iter()
            .any(|e| e == ALL_EVENTS || e == event_type)
    }
}

/// A new endpoint, its values checked by the handler.
pub struct NewEndpoint {
    pub url: String,
    pub enabled_events: Vec<String>,
    pub description: Option<String>,
    pub disabled: bool,
}

/// What an update changes (`None`: unchanged; `description: Some(None)` clears it).
#[derive(Default)]
pub struct EndpointChange {
    pub url: Option<String>,
    pub enabled_events: Option<Vec<String>>,
    pub description: Option<Option<String>>,
    pub disabled: Option<bool>,
}

#[derive(Debug, thiserror::Error)]
pub enum EndpointError {
    #[error("no webhook endpoint {0} (in this key's mode)")]
    NotFound(String),
    #[error(
        "at most {MAX_PER_OWNER} webhook endpoints in each mode; delete one before creating another"
    )]
    TooMany,
    #[error("the previous secret still signs until {0}; rotate again after the overlap has ended")]
    RotationInProgress(String),
    /// A recovery's window is not one (named on `since`).
    #[error("{0}")]
    Window(String),
    #[error(
        "the window holds {0} events to send, more than a recovery sends (10000); narrow it and recover each part"
    )]
    TooManyEvents(u64),
    #[error("at most {what}; try again in {retry_after_secs} s")]
    TooOften { what: String, retry_after_secs: u64 },
    #[error("the endpoint is disabled; enable it before sending it a test event")]
    Disabled,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Checks where an endpoint's host name points, when it resolves within 2 seconds: refused
/// when every address it has is one the mode may not reach (`localhost`, a name of a private
/// network). A name that does not resolve now is accepted (it may later); every delivery
/// checks the addresses again ([`super::deliver::GuardedResolver`]). IP literals and the scheme
/// are the value's own checks (`parse_webhook_url`).
pub async fn check_resolved(url: &str, livemode: bool, reach: Reach) -> Result<(), String> {
    let Ok(parsed) = url::Url::parse(url) else {
        return Ok(());
    };
    let Some(url::Host::Domain(name)) = parsed.host() else {
        return Ok(());
    };
    let policy = AddressPolicy::for_mode(livemode, reach);
    let lookup = tokio::net::lookup_host((name, parsed.port_or_known_default().unwrap_or(443)));
    let Ok(Ok(addresses)) = tokio::time::timeout(std::time::Duration::from_secs(2), lookup).await
    else {
        return Ok(());
    };
    let mut refused = None;
    for a in addresses {
        match policy.check_ip(a.ip()) {
            Ok(()) => return Ok(()),
            Err(class) => {
                refused.get_or_insert((a.ip(), class));
            }
        }
    }
    match refused {
        Some((ip, class)) => Err(format!(
            "must not point at an internal address ({name} resolves to {ip}, {})",
            class.describe()
        )),
        None => Ok(()),
    }
}

/// A new public endpoint id: `we_` and 24 random alphanumerics.
fn new_endpoint_id() -> String {
    format!("we_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
}

fn events_json(events: &[String]) -> String {
    serde_json::to_string(events).unwrap_or_else(|_| "[]".into())
}

/// Creates an endpoint of `owner` and answers it with its secret.
pub async fn create(
    db: &Db,
    sb: &SecretBox,
    owner: Owner,
    new: NewEndpoint,
    now: DateTime<Utc>,
) -> Result<Endpoint, EndpointError> {
    let tx = begin_write(db).await?;
    owner.lock(&tx).await?;
    let endpoint = insert(&tx, sb, owner, new, false, now).await?;
    tx.commit().await?;
    Ok(endpoint)
}

/// Inserts an endpoint and its first secret, within the limit per owner (the caller holds the
/// owner's lock).
async fn insert(
    tx: &impl ConnectionTrait,
    sb: &SecretBox,
    owner: Owner,
    new: NewEndpoint,
    set_by_operator: bool,
    now: DateTime<Utc>,
) -> Result<Endpoint, EndpointError> {
    if owner.endpoints().count(tx).await? >= MAX_PER_OWNER {
        return Err(EndpointError::TooMany);
    }
    let row = webhook_endpoint::ActiveModel {
        public_id: Set(new_endpoint_id()),
        owner_kind: Set(owner.kind.as_str().to_string()),
        owner_id: Set(owner.id),
        livemode: Set(owner.livemode),
        url: Set(new.url),
        description: Set(new.description),
        enabled_events: Set(events_json(&new.enabled_events)),
        disabled: Set(new.disabled),
        disabled_reason: Set(None),
        failing_since: Set(None),
        set_by_operator: Set(set_by_operator),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(tx)
    .await?;
    let (_, secret) = insert_secret(tx, sb, row.id, now).await?;
    let mut endpoint = Endpoint::of(row);
    endpoint.secret = Some(secret);
    Ok(endpoint)
}

/// What [`set_by_operator`] did.
pub enum OperatorSet {
    /// A new endpoint, with its secret (shown once).
    Created(Endpoint),
    /// The operator's endpoint has the new URL.
    Updated(Endpoint),
    /// The operator's endpoint is deleted (or there was none).
    Cleared,
}

/// The endpoint the operator manages for a platform in one mode (`noren inbound platform set
/// --webhook-url[-test]`, migration 22): `Some(url)` points it there, creating it (subscribed to
/// `*`) when the mode has none; `None` deletes it. The partner's own endpoints are not touched.
pub async fn set_by_operator(
    db: &Db,
    sb: &SecretBox,
    owner: Owner,
    url: Option<String>,
    now: DateTime<Utc>,
) -> Result<OperatorSet, EndpointError> {
    let tx = begin_write(db).await?;
    owner.lock(&tx).await?;
    let current = owner
        .endpoints()
        .filter(webhook_endpoint::Column::SetByOperator.eq(true))
        .first(&tx)
        .await?;
    let done = match (current, url) {
        (Some(row), Some(url)) => {
            let mut active: webhook_endpoint::ActiveModel = row.into();
            active.url = Set(url);
            active.updated_at = Set(now);
            OperatorSet::Updated(Endpoint::of(active.update(&tx).await?))
        }
        (None, Some(url)) => {
            let new = NewEndpoint {
                url,
                enabled_events: vec![ALL_EVENTS.to_string()],
                description: Some(OPERATOR_DESCRIPTION.to_string()),
                disabled: false,
            };
            OperatorSet::Created(insert(&tx, sb, owner, new, true, now).await?)
        }
        (Some(row), None) => {
            delete_row(&tx, row.id).await?;
            OperatorSet::Cleared
        }
        (None, None) => OperatorSet::Cleared,
    };
    tx.commit().await?;
    Ok(done)
}

/// The description of the endpoint the operator manages.
pub const OPERATOR_DESCRIPTION: &str =
    crate::db::migration::m20261211_000022_platform_endpoints::MOVED_DESCRIPTION;

async fn insert_secret(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    endpoint_id: i64,
    now: DateTime<Utc>,
) -> Result<(i64, String), DbErr> {
    let secret = new_secret();
    let row = webhook_endpoint_secret::ActiveModel {
        endpoint_id: Set(endpoint_id),
        secret: Set(sb.seal(&secret)),
        created_at: Set(now),
        expires_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok((row.id, secret))
}

/// The owner's endpoints, oldest first.
pub async fn list(db: &impl ConnectionTrait, owner: Owner) -> Result<Vec<Endpoint>, DbErr> {
    Ok(owner
        .endpoints()
        .order_by_asc(webhook_endpoint::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Endpoint::of)
        .collect())
}

async fn find_row(
    db: &impl ConnectionTrait,
    owner: Owner,
    public_id: &str,
) -> Result<webhook_endpoint::Model, EndpointError> {
    owner
        .endpoints()
        .filter(webhook_endpoint::Column::PublicId.eq(public_id))
        .first(db)
        .await?
        .ok_or_else(|| EndpointError::NotFound(public_id.to_string()))
}

/// One of the owner's endpoints, with the owner's row lock taken for the rest of the
/// transaction (what counts per endpoint is then counted once at a time).
pub(super) async fn locked_row(
    db: &impl ConnectionTrait,
    owner: Owner,
    public_id: &str,
) -> Result<webhook_endpoint::Model, EndpointError> {
    owner.lock(db).await?;
    find_row(db, owner, public_id).await
}

/// When the owner's endpoint's previous secret stops signing, during an overlap.
async fn overlap_end(
    db: &impl ConnectionTrait,
    endpoint_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, DbErr> {
    use webhook_endpoint_secret::Column as S;
    Ok(webhook_endpoint_secret::Entity::find()
        .filter(S::EndpointId.eq(endpoint_id))
        .filter(S::ExpiresAt.gt(now))
        .order_by_desc(S::ExpiresAt)
        .first(db)
        .await?
        .and_then(|s| s.expires_at))
}

/// One of the owner's endpoints.
pub async fn get(
    db: &impl ConnectionTrait,
    owner: Owner,
    public_id: &str,
    now: DateTime<Utc>,
) -> Result<Endpoint, EndpointError> {
    let row = find_row(db, owner, public_id).await?;
    let previous = overlap_end(db, row.id, now).await?;
    let mut endpoint = Endpoint::of(row);
    endpoint.previous_secret_expires_at = previous;
    Ok(endpoint)
}

/// Changes what `change` names. Enabling an endpoint clears why Noren disabled it and its run
/// of failures.
pub async fn update(
    db: &Db,
    owner: Owner,
    public_id: &str,
    change: EndpointChange,
    now: DateTime<Utc>,
) -> Result<Endpoint, EndpointError> {
    let tx = begin_write(db).await?;
    let row = find_row(&tx, owner, public_id).await?;
    let mut active: webhook_endpoint::ActiveModel = row.into();
    if let Some(url) = change.url {
        active.url = Set(url);
    }
    if let Some(events) = &change.enabled_events {
        active.enabled_events = Set(events_json(events));
    }
    if let Some(description) = change.description {
        active.description = Set(description);
    }
    if let Some(disabled) = change.disabled {
        active.disabled = Set(disabled);
        if !disabled {
            active.disabled_reason = Set(None);
            active.failing_since = Set(None);
        }
    }
    active.updated_at = Set(now);
    let row = active.update(&tx).await?;
    let previous = overlap_end(&tx, row.id, now).await?;
    tx.commit().await?;
    let mut endpoint = Endpoint::of(row);
    endpoint.previous_secret_expires_at = previous;
    Ok(endpoint)
}

/// Deletes the endpoint with its secrets, deliveries and log; its deliveries still queued are
/// cancelled (their jobs find no delivery).
pub async fn delete(db: &Db, owner: Owner, public_id: &str) -> Result<(), EndpointError> {
    let tx = begin_write(db).await?;
    let row = find_row(&tx, owner, public_id).await?;
    delete_row(&tx, row.id).await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes an endpoint with its deliveries, log and secrets.
async fn delete_row(tx: &impl ConnectionTrait, id: i64) -> Result<(), DbErr> {
    webhook_delivery_attempt::Entity::delete_many()
        .filter(webhook_delivery_attempt::Column::EndpointId.eq(id))
        .exec(tx)
        .await?;
    webhook_delivery::Entity::delete_many()
        .filter(webhook_delivery::Column::EndpointId.eq(id))
        .exec(tx)
        .await?;
    webhook_endpoint_secret::Entity::delete_many()
        .filter(webhook_endpoint_secret::Column::EndpointId.eq(id))
        .exec(tx)
        .await?;
    webhook_endpoint::Entity::delete_by_id(id).exec(tx).await?;
    Ok(())
}

/// Makes a new current secret; the current one keeps signing for `overlap` (checked by the
/// handler: at most [`MAX_OVERLAP`]). Refused while a previous secret still signs.
pub async fn rotate(
    db: &Db,
    sb: &SecretBox,
    owner: Owner,
    public_id: &str,
    overlap: Duration,
    now: DateTime<Utc>,
) -> Result<Endpoint, EndpointError> {
    use webhook_endpoint_secret::Column as S;
    let tx = begin_write(db).await?;
    owner.lock(&tx).await?;
    let row = find_row(&tx, owner, public_id).await?;
    if let Some(until) = overlap_end(&tx, row.id, now).await? {
        return Err(EndpointError::RotationInProgress(
            until.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        ));
    }
    let until = now + overlap;
    webhook_endpoint_secret::Entity::update_many()
        .col_expr(S::ExpiresAt, Expr::value(Some(until)))
        .filter(S::EndpointId.eq(row.id))
        .filter(S::ExpiresAt.is_null())
        .exec(&tx)
        .await?;
    let (_, secret) = insert_secret(&tx, sb, row.id, now).await?;
    let row = webhook_endpoint::Entity::update(webhook_endpoint::ActiveModel {
        id: Set(row.id),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&tx)
    .await?;
    tx.commit().await?;
    let mut endpoint = Endpoint::of(row);
    endpoint.secret = Some(secret);
    endpoint.previous_secret_expires_at = (overlap > Duration::zero()).then_some(until);
    Ok(endpoint)
}

/// The secrets signing an endpoint's deliveries at `now`, newest first, and their version (the
/// newest secret's id; it changes with every rotation).
pub async fn signing_secrets(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    endpoint_id: i64,
    now: DateTime<Utc>,
) -> Result<super::signing::SigningSecrets, DbErr> {
    use webhook_endpoint_secret::Column as S;
    let rows = webhook_endpoint_secret::Entity::find()
        .filter(S::EndpointId.eq(endpoint_id))
        .filter(S::ExpiresAt.is_null().or(S::ExpiresAt.gt(now)))
        .order_by_desc(S::Id)
        .all(db)
        .await?;
    let mut secrets = Vec::with_capacity(rows.len());
    for r in &rows {
        secrets.push((
            sb.open(&r.secret)
                .map_err(|e| DbErr::Custom(e.to_string()))?,
            r.expires_at,
        ));
    }
    Ok(super::signing::SigningSecrets {
        version: rows.first().map(|r| r.id).unwrap_or_default(),
        secrets,
    })
}

/// An event just written to the outbox, as the fan-out needs it.
pub struct Fanned<'a> {
    /// `webhook_events.id`.
    pub event_id: i64,
    /// `evt_…`.
    pub public_id: &'a str,
    pub event_type: &'a str,
    pub max_deliveries: i32,
}

/// Queues the event's delivery to each of `owner`'s endpoints subscribed to its type, in the
/// caller's transaction (the event's): a job and a `pending` delivery each, or a `skipped`
/// delivery for a disabled endpoint. Answers how many were queued.
pub async fn fan_out(
    db: &impl ConnectionTrait,
    owner: Owner,
    event: &Fanned<'_>,
    now: impl Into<Now>,
) -> Result<usize, DbErr> {
    fan_out_except(db, owner, event, None, now.into()).await
}

/// As [`fan_out`], leaving out the endpoint `except` (the one an event is about).
pub async fn fan_out_except(
    db: &impl ConnectionTrait,
    owner: Owner,
    event: &Fanned<'_>,
    except: Option<i64>,
    now: impl Into<Now>,
) -> Result<usize, DbErr> {
    let Now { at: now, clock } = now.into();
    let endpoints = owner.endpoints().all(db).await?;
    let backend = db.get_database_backend();
    let mut writes = Vec::new();
    let mut queued = 0;
    for endpoint in endpoints.into_iter().map(Endpoint::of) {
        if !endpoint.subscribes(event.event_type) || Some(endpoint.row.id) == except {
            continue;
        }
        let delivery = |status: &str| webhook_delivery::ActiveModel {
            event_id: Set(event.event_id),
            endpoint_id: Set(endpoint.row.id),
            status: Set(status.to_string()),
            next_attempt_at: Set((status == "pending").then_some(now)),
            delivered_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        if endpoint.row.disabled {
            let mut skipped = delivery("skipped");
            skipped.job_id = Set(None);
            let insert = webhook_delivery::Entity::insert(skipped).into_query();
            writes.push(sea_orm::StatementBuilder::build(&insert, &backend));
            continue;
        }
        let payload = serde_json::json!(DeliveryJob::Endpoint {
            event: event.public_id.to_string(),
            endpoint: endpoint.row.id,
        });
        let job = jobs::NewJob {
            queue: QUEUE,
            payload: &payload,
            run_at: now,
            max_attempts: event.max_deliveries,
            now,
            clock,
        };
        writes.push(jobs::with_job(
            backend,
            &job,
            delivery("pending"),
            webhook_delivery::Column::JobId,
            false,
        ));
        queued += 1;
    }
    // One round trip for them all on SQLite (`jobs::together`).
    for write in jobs::together(backend, writes) {
        db.execute_raw(write).await?;
    }
    Ok(queued)
}

/// What the delivery log is asked for.
#[derive(Default)]
pub struct LogQuery {
    pub event_type: Option<String>,
    /// `succeeded`, `failed` or `pending`.
    pub outcome: Option<String>,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// Attempts older than this one (its id), for the next page.
    pub before: Option<i64>,
    pub limit: u64,
}

/// An attempt's public id (`wda_…`), the delivery log's cursor.
pub fn attempt_id(id: i64) -> String {
    format!("wda_{id}")
}

/// A page of an endpoint's delivery log, newest first, and whether older attempts match.
pub async fn log(
    db: &impl ConnectionTrait,
    owner: Owner,
    public_id: &str,
    q: &LogQuery,
) -> Result<(Vec<webhook_delivery_attempt::Model>, bool), EndpointError> {
    use webhook_delivery_attempt::Column as A;
    let endpoint = find_row(db, owner, public_id).await?;
    let mut select = webhook_delivery_attempt::Entity::find().filter(A::EndpointId.eq(endpoint.id));
    if let Some(t) = &q.event_type {
        select = select.filter(A::EventType.eq(t.as_str()));
    }
    if let Some(o) = &q.outcome {
        select = select.filter(A::Outcome.eq(o.as_str()));
    }
    if let Some(since) = q.since {
        select = select.filter(A::StartedAt.gte(since));
    }
    if let Some(until) = q.until {
        select = select.filter(A::StartedAt.lt(until));
    }
    if let Some(before) = q.before {
        select = select.filter(A::Id.lt(before));
    }
    let mut rows = select
        .order_by_desc(A::Id)
        .limit(q.limit + 1)
        .all(db)
        .await?;
    let more = rows.len() as u64 > q.limit;
    rows.truncate(q.limit as usize);
    Ok((rows, more))
}

/// One delivery of an owner's, as the operator sees it ([`latest_deliveries`]).
pub struct OwnerDelivery {
    pub delivery: webhook_delivery::Model,
    pub event: crate::db::entities::webhook_event::Model,
    /// The endpoint's `we_…`.
    pub endpoint: String,
    /// Attempts in the log.
    pub attempts: u64,
}

/// The latest deliveries to any endpoint of an owner, in both modes, newest first (`noren
/// inbound platform show`).
pub async fn latest_deliveries(
    db: &impl ConnectionTrait,
    kind: OwnerKind,
    owner_id: i64,
    limit: u64,
) -> Result<Vec<OwnerDelivery>, DbErr> {
    use crate::db::entities::webhook_event;
    let endpoints: std::collections::HashMap<i64, String> = webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::OwnerKind.eq(kind.as_str()))
        .filter(webhook_endpoint::Column::OwnerId.eq(owner_id))
        .all(db)
        .await?
        .into_iter()
        .map(|e| (e.id, e.public_id))
        .collect();
    if endpoints.is_empty() {
        return Ok(Vec::new());
    }
    let deliveries = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::EndpointId.is_in(endpoints.keys().copied()))
        .order_by_desc(webhook_delivery::Column::Id)
        .limit(limit)
        .all(db)
        .await?;
    let events: std::collections::HashMap<i64, webhook_event::Model> =
        webhook_event::Entity::find()
            .filter(webhook_event::Column::Id.is_in(deliveries.iter().map(|d| d.event_id)))
            .all(db)
            .await?
            .into_iter()
            .map(|e| (e.id, e))
            .collect();
    let mut out = Vec::with_capacity(deliveries.len());
    for delivery in deliveries {
        let Some(event) = events.get(&delivery.event_id).cloned() else {
            continue;
        };
        let attempts = webhook_delivery_attempt::Entity::find()
            .filter(webhook_delivery_attempt::Column::DeliveryId.eq(delivery.id))
            .count(db)
            .await?;
        out.push(OwnerDelivery {
            endpoint: endpoints[&delivery.endpoint_id].clone(),
            delivery,
            event,
            attempts,
        });
    }
    Ok(out)
}

/// An endpoint delivery's job, when it is still queued or running (`job_id` of the delivery).
pub async fn delivery_job(
    db: &impl ConnectionTrait,
    delivery: &webhook_delivery::Model,
) -> Result<Option<job::Model>, DbErr> {
    match delivery.job_id {
        Some(id) => job::Entity::find_by_id(id).first(db).await,
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn subscriptions_are_known_types_of_the_owner_or_all() {
        let shop = OwnerKind::Shop;
        assert!(shop.check_events(&list(&["payment.paid"])).is_ok());
        assert!(shop.check_events(&list(&["*"])).is_ok());
        assert!(
            shop.check_events(&list(&["reservation.confirmed"]))
                .unwrap_err()
                .contains("payment.paid, payment.refunded")
        );
        assert!(shop.check_events(&list(&[])).is_err());
        assert!(shop.check_events(&list(&["*", "payment.paid"])).is_err());
        assert!(
            shop.check_events(&list(&["payment.paid", "payment.paid"]))
                .unwrap_err()
                .contains("twice")
        );
        assert!(
            OwnerKind::Platform
                .check_events(&list(&[
                    "reservation.cancelled",
                    "webhook_endpoint.disabled"
                ]))
                .is_ok()
        );
    }

    #[test]
    fn every_reservation_notification_has_a_type() {
        for (status, kind) in [
            ("SUCCESS", RESERVATION_CONFIRMED),
            ("NOT_AVAILABLE", RESERVATION_REJECTED),
            ("CANCELLED", RESERVATION_CANCELLED),
            ("CANCELLED_NO_REFUND", RESERVATION_CANCELLED),
            ("CANCELLED_HALF_REFUND", RESERVATION_CANCELLED),
        ] {
            assert_eq!(reservation_type(status), Some(kind));
            assert!(OwnerKind::Platform.event_types().contains(&kind));
        }
        assert_eq!(reservation_type("PENDING"), None);
    }

    #[test]
    fn an_endpoint_takes_the_types_it_names() {
        let row = |events: &str| webhook_endpoint::Model {
            id: 1,
            public_id: "we_1".into(),
            owner_kind: "shop".into(),
            owner_id: 1,
            livemode: false,
            url: "https://example.com/".into(),
            description: None,
            enabled_events: events.into(),
            disabled: false,
            disabled_reason: None,
            failing_since: None,
            set_by_operator: false,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        };
        let paid = Endpoint::of(row(r#"["payment.paid"]"#));
        assert!(paid.subscribes(PAYMENT_PAID));
        assert!(!paid.subscribes(PAYMENT_REFUNDED));
        assert!(Endpoint::of(row(r#"["*"]"#)).subscribes(PAYMENT_REFUNDED));
    }
}
