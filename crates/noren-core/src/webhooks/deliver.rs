//! The delivery job kind (DESIGN.md "Webhooks", "Scale-out"), run by the job runner.
//!
//! Events are written to the outbox (`webhook_events` and a `jobs` row) in the transaction of
//! the state change. The runner (`crate::jobs`) claims due delivery jobs with a lease (row locks
//! on PostgreSQL, so two processes never take the same job); [`Delivery`] records the attempt
//! before sending it (so an attempt cut off by a crash stays on record and the next one gets the
//! next number), POSTs the signed event, then records the answer on the attempt and the event and
//! the outcome on the job (delivered, a retry on the schedule, or failed for good) in one
//! transaction, together with the other deliveries that ended meanwhile ([`write_ends`],
//! [`Context::record_all`]). A process killed
//! mid-delivery leaves its job claimed until the lease runs out; then any runner takes it again.
//! Delivery is therefore at least once, and receivers drop duplicates by `Noren-Event-Id`.
//!
//! The same kind delivers inbound platforms' reservation status notifications (events with a
//! `platform_id`), signed with the platform's secrets instead of the shop's.
//!
//! Counted in `noren_webhook_deliveries_total{outcome}`: `delivered`, `retry`, `failed`
//! (answered with an error and no retry left) and `refused` (destination not allowed).
//!
//! Destinations are checked (DESIGN.md "Outgoing requests", `domain::destination`): live events
//! go only to `https` URLs on public addresses, test events may also reach loopback. IP-literal
//! hosts are checked before sending; host names are resolved by [`GuardedResolver`], which hands
//! the connector only the allowed addresses, so no connection is ever opened to a refused one.
//! A refused delivery is recorded on its attempt with the reason and fails the event at once:
//! retrying an address that is not allowed would only repeat the refusal (fix the URL or its DNS,
//! then redeliver).

use super::DeliveryJob;
use super::answer::{Answer, answer_headers, first_bytes};
use super::endpoint_log::End;
use super::settings::WebhookSettings;
use super::signing::{
    SECRET_CACHE_CAPACITY, SECRET_CACHE_TTL, SecretCache, Signer, signature_header,
    standard_signature,
};
use super::store::{self, AttemptEnd, DeliveryStatus};
use crate::db::batch::Batches;
use crate::db::begin_write;
use crate::db::entities::{webhook_attempt, webhook_delivery_attempt, webhook_event};
use crate::domain::clock::Clock;
use crate::domain::destination::{self, AddressPolicy, Refused};
use crate::domain::secret_box::SecretBox;
use crate::jobs::{Claimed, Context, Job, Outcome};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub const USER_AGENT: &str = "Noren-Webhooks/1.0";

/// Delivers webhook events: the job kind of the `webhook` queue.
pub struct Delivery {
    pub(super) settings: WebhookSettings,
    /// One client per mode: each resolves names through its mode's [`GuardedResolver`].
    pub(super) live_client: reqwest::Client,
    pub(super) test_client: reqwest::Client,
    pub(super) secret_box: Arc<SecretBox>,
    /// Signing secrets by (signer, livemode), used while their version (read with each event)
    /// has not changed, for at most [`SECRET_CACHE_TTL`].
    secrets: SecretCache,
    /// Attempts being started, written together ([`Batches`]).
    starts: Batches<i64, Option<webhook_attempt::Model>>,
    /// Deliveries that ended, recorded together ([`write_ends`]).
    ends: Batches<Ended, Outcome>,
    /// Endpoint deliveries' attempts being started, written together.
    pub(super) endpoint_starts: Batches<webhook_delivery_attempt::ActiveModel, Option<i64>>,
    /// Endpoint deliveries that ended, recorded together (`endpoint_log::write_ends`):
    /// each run's outcome, and whether its endpoint was disabled by it.
    pub(super) endpoint_ends: Batches<End, (Outcome, bool)>,
    /// Deliveries in flight by destination: `NOREN_WEBHOOK_PER_DESTINATION` each, half the
    /// slots for a destination that answers quickly.
    pub(super) lanes: Lanes,
    /// Requests in flight: `NOREN_WEBHOOK_CONCURRENCY`. The runner claims more deliveries than
    /// that ([`CLAIMED_PER_SENDING`]): a delivery also waits for its writes.
    sending: tokio::sync::Semaphore,
}

/// Deliveries claimed at once for each request that may be in flight. Each delivery writes its
/// attempt's start before the request and its end after, and on SQLite each write waits in line
/// for the one writer behind every request's write (about 100 ms with 32 approvals in flight,
/// `make bench`). With one claim per request slot, the 128 slots were taken by deliveries
/// waiting for their writes, and deliveries lagged the approvals by 0.8 s beside a black-hole
/// endpoint; the requests themselves took under 2 ms.
const CLAIMED_PER_SENDING: usize = 4;

/// How long a delivery waits when its destination's lane is full and the destination is slow:
/// about the time a slow receiver takes to answer one, so that a stuck receiver's backlog is
/// looked at every few seconds, not claimed over and over.
pub(super) const LANE_WAIT: Duration = Duration::from_secs(2);

/// The longest a delivery to a full, slow destination is put back for ([`Lanes::enter`]): a
/// receiver that comes back gets its backlog within this.
pub(super) const LONGEST_LANE_WAIT: Duration = Duration::from_secs(60);

/// A destination is quick while its deliveries end within this (the recent ones, and every one
/// in flight so far). A quick destination's lane holds up to half the process's slots, and a
/// delivery finding it full waits for a place (up to this long) instead of being postponed.
const QUICK: Duration = Duration::from_millis(500);

/// Lanes kept for destinations with nothing in flight, before the idle ones are forgotten.
const LANES_KEPT: usize = 4096;

/// Deliveries in flight in this process by destination (scheme, host and port). A receiver that
/// hangs or answers slowly holds each of its deliveries' slots until the timeout; without a
/// share per destination, a handful of such receivers took all of a process's slots and every
/// other receiver's events waited behind theirs (`chaos::receivers`).
///
/// The share depends on how the destination answers. One that is slow, or not yet known, gets
/// `NOREN_WEBHOOK_PER_DESTINATION` places, and its other deliveries wait their turn
/// ([`LANE_WAIT`], no attempt used). One that answers quickly gets half the process's slots:
/// with 8 places for every destination, one busy receiver answering in 2 ms took 20 deliveries a
/// second instead of 745 (`make bench`, webhooks "busy"): the 120 others of each claim were
/// postponed 2 s, again and again.
pub(super) struct Lanes {
    by_destination: std::sync::Mutex<HashMap<String, LaneState>>,
    /// Places of a slow or new destination (`NOREN_WEBHOOK_PER_DESTINATION`).
    slow: usize,
    /// Places of a quick destination: half the process's slots, at least `slow`.
    quick: usize,
    /// Numbers the deliveries in flight.
    next: std::sync::atomic::AtomicU64,
    /// When the idle lanes are forgotten next: the map holding more than this.
    prune_at: std::sync::atomic::AtomicUsize,
}

#[derive(Default)]
struct LaneState {
    /// When each delivery in flight started, by its number.
    in_flight: HashMap<u64, Instant>,
    /// How long recent deliveries took: raised at once by a slow one, lowered gradually by
    /// quick ones. `None` until one ended.
    typical: Option<Duration>,
    /// Woken when a place is given back.
    freed: Arc<tokio::sync::Notify>,
    /// When the next delivery put back from this full, slow lane is given its turn: each one
    /// put back moves it on by the time one place takes to come free.
    next_turn: Option<Instant>,
    /// Deliveries waiting for a place ([`Look::Wait`]), each holding one of the process's slots.
    waiting: usize,
}

impl LaneState {
    fn quick(&self, now: Instant) -> bool {
        self.typical.is_some_and(|t| t < QUICK)
            && self
                .in_flight
                .values()
                .all(|started| now.duration_since(*started) < QUICK)
    }

    /// Known to be slow: recent deliveries, or one in flight, took [`QUICK`] or more.
    fn slow(&self, now: Instant) -> bool {
        self.typical.is_some_and(|t| t >= QUICK)
            || self
                .in_flight
                .values()
                .any(|started| now.duration_since(*started) >= QUICK)
    }
}

/// One delivery's place in its destination's lane, given back when dropped.
pub(super) struct Lane<'a> {
    lanes: &'a Lanes,
    key: String,
    number: u64,
    /// How long the delivery took, once it ended ([`Lane::took`]).
    took: Option<Duration>,
}

/// A delivery waiting for a place in its destination's lane, counted there until dropped.
struct Waiting<'a> {
    lanes: &'a Lanes,
    key: String,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.lanes.update(&self.key, |lane| {
            lane.waiting = lane.waiting.saturating_sub(1);
        });
    }
}

/// What a look at a destination's lane found.
enum Look<'a> {
    Entered(Lane<'a>),
    /// Full, and the destination quick or not yet known: a place is given back soon.
    Wait(Arc<tokio::sync::Notify>, Waiting<'a>),
    /// Full, and the destination slow: come back after this.
    Full(Duration),
}

impl Lanes {
    fn new(per_destination: usize, concurrency: usize) -> Self {
        let slow = per_destination.max(1);
        Lanes {
            by_destination: Default::default(),
            slow,
            quick: (concurrency / 2).max(slow),
            next: Default::default(),
            prune_at: LANES_KEPT.into(),
        }
    }

    /// Changes the lane of `key`, if it is still kept (what a place or a wait given back does).
    fn update(&self, key: &str, change: impl FnOnce(&mut LaneState)) {
        let mut lanes = self
            .by_destination
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(lane) = lanes.get_mut(key) {
            change(lane);
        }
    }

    fn key(url: &str) -> String {
        match reqwest::Url::parse(url) {
            Ok(u) => format!(
                "{}://{}:{}",
                u.scheme(),
                u.host_str().unwrap_or_default(),
                u.port_or_known_default().unwrap_or_default()
            ),
            Err(_) => url.to_string(),
        }
    }

    fn look(&self, key: &str) -> Look<'_> {
        use std::sync::atomic::Ordering;
        let now = Instant::now();
        let mut lanes = self
            .by_destination
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if lanes.len() > self.prune_at.load(Ordering::Relaxed) {
            lanes.retain(|_, lane| !lane.in_flight.is_empty());
            self.prune_at
                .store((lanes.len() * 2).max(LANES_KEPT), Ordering::Relaxed);
        }
        let lane = lanes.entry(key.to_string()).or_default();
        let places = if lane.quick(now) {
            self.quick
        } else {
            self.slow
        };
        if lane.in_flight.len() < places {
            let number = self.next.fetch_add(1, Ordering::Relaxed);
            lane.in_flight.insert(number, now);
            return Look::Entered(Lane {
                lanes: self,
                key: key.to_string(),
                number,
                took: None,
            });
        }
        if lane.slow(now) {
            // The turns of a backlog: the lane's places free one delivery each per typical
            // delivery time, so the n-th delivery put back waits about n of those divided by
            // the places. Before, each waited LANE_WAIT and was claimed again, and a hanging
            // receiver's backlog was claimed over and over (thousands of claims a second
            // beside a busy receiver, `make bench` "deliveries beside a black hole").
            let per_place = lane.typical.unwrap_or(LANE_WAIT).max(QUICK) / places as u32;
            let turn = lane
                .next_turn
                .filter(|t| *t > now + LANE_WAIT)
                .unwrap_or(now + LANE_WAIT);
            lane.next_turn = Some((turn + per_place).min(now + LONGEST_LANE_WAIT));
            Look::Full(turn.duration_since(now).min(LONGEST_LANE_WAIT))
        } else if !lane.quick(now) && lane.waiting >= places {
            // Not known yet, and as many waiting as it has places: the others come back once
            // it is known. A receiver that hangs is known to be slow only after QUICK; before,
            // its deliveries all waited, each holding a slot, and took nearly all of the
            // process's slots for that long ("deliveries beside a black hole").
            Look::Full(QUICK)
        } else {
            lane.waiting += 1;
            Look::Wait(
                lane.freed.clone(),
                Waiting {
                    lanes: self,
                    key: key.to_string(),
                },
            )
        }
    }

    /// A place for a delivery to `url`, or how long to put the delivery back for: its turn
    /// when the destination's lane is full and the destination slow (at most
    /// [`LONGEST_LANE_WAIT`]), [`LANE_WAIT`] when no place came free within [`QUICK`].
    pub(super) async fn enter(&self, url: &str) -> Result<Lane<'_>, Duration> {
        let key = Self::key(url);
        let deadline = tokio::time::Instant::now() + QUICK;
        loop {
            match self.look(&key) {
                Look::Entered(lane) => return Ok(lane),
                Look::Full(after) => return Err(after),
                Look::Wait(freed, waiting) => {
                    // A place given back between the look and here left a permit: no wake is lost.
                    let woken = tokio::time::timeout_at(deadline, freed.notified()).await;
                    drop(waiting);
                    if woken.is_err() {
                        return Err(LANE_WAIT);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
impl Lanes {
    /// How long a delivery finding the lane full and slow is put back for.
    fn enter_now(&self, url: &str) -> Duration {
        match self.look(&Self::key(url)) {
            Look::Full(after) => after,
            _ => panic!("the lane is not full and slow"),
        }
    }
}

impl Lane<'_> {
    /// Notes how long the delivery took (what makes its destination quick or slow).
    pub(super) fn took(&mut self, took: Duration) {
        self.took = Some(took);
    }
}

impl Drop for Lane<'_> {
    fn drop(&mut self) {
        let (number, took) = (self.number, self.took);
        self.lanes.update(&self.key, |lane| {
            lane.in_flight.remove(&number);
            if let Some(took) = took {
                lane.typical = Some(match lane.typical {
                    Some(typical) if took < typical => (typical * 3 + took) / 4,
                    _ => took,
                });
            }
            lane.freed.notify_one();
        });
    }
}

/// Resolves host names for one mode's deliveries and keeps only the addresses that mode may
/// reach; when none is left the lookup fails with the reason, so nothing is connected to.
pub struct GuardedResolver {
    policy: AddressPolicy,
}

impl GuardedResolver {
    pub fn new(policy: AddressPolicy) -> Self {
        GuardedResolver { policy }
    }
}

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = self.policy;
        let host = name.as_str().to_string();
        Box::pin(async move {
            destination::check_name(&host)?;
            let resolved: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let mut refused = None;
            let allowed: Vec<SocketAddr> = resolved
                .into_iter()
                .filter(|a| match policy.check_ip(a.ip()) {
                    Ok(()) => true,
                    Err(class) => {
                        refused.get_or_insert(Refused {
                            what: format!("{host} ({})", a.ip()),
                            class,
                        });
                        false
                    }
                })
                .collect();
            if allowed.is_empty() {
                return Err(match refused {
                    Some(r) => Box::new(r) as Box<dyn std::error::Error + Send + Sync>,
                    None => format!("{host} has no address").into(),
                });
            }
            Ok(Box::new(allowed.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

impl Delivery {
    pub fn new(
        settings: WebhookSettings,
        secret_box: Arc<SecretBox>,
        clock: Clock,
    ) -> anyhow::Result<Self> {
        let client = |livemode: bool| {
            let policy = AddressPolicy::for_mode(livemode, settings.reach());
            reqwest::Client::builder()
                .timeout(settings.timeout)
                .connect_timeout(settings.timeout)
                .redirect(reqwest::redirect::Policy::none())
                .user_agent(USER_AGENT)
                .pool_max_idle_per_host(settings.concurrency)
                .dns_resolver(Arc::new(GuardedResolver::new(policy)))
                // Never through a proxy from the environment: the address check must see the
                // real destination.
                .no_proxy()
                .build()
        };
        let live_client = client(true)?;
        let test_client = client(false)?;
        let lanes = Lanes::new(settings.per_destination, settings.concurrency);
        let settings_concurrency = settings.concurrency.max(1);
        metrics::describe_counter!(
            "noren_webhook_deliveries_total",
            "Webhook delivery attempts by outcome (delivered, retry, failed, refused)."
        );
        Ok(Delivery {
            settings,
            live_client,
            test_client,
            secret_box,
            secrets: SecretCache::new(SECRET_CACHE_CAPACITY, SECRET_CACHE_TTL, clock),
            starts: Batches::new(),
            ends: Batches::new(),
            endpoint_starts: Batches::new(),
            endpoint_ends: Batches::new(),
            lanes,
            sending: tokio::sync::Semaphore::new(settings_concurrency),
        })
    }

    /// The signer's (shop's or platform's) signing secrets in one mode. A cached set is used while `version` (the newest
    /// secret's id, read with the event) is the one it was read at, so the delivery right after
    /// a rotation, in any process, is signed with both the new and the old secret.
    async fn secrets(
        &self,
        ctx: &Context,
        signer: Signer,
        livemode: bool,
        version: Option<i64>,
    ) -> Result<Vec<String>, sea_orm::DbErr> {
        let now = ctx.clock.now();
        if let Some(version) = version
            && let Some(secrets) = self.secrets.get(signer, livemode, version, now)
        {
            return Ok(secrets);
        }
        let set =
            store::signer_secret_set(&ctx.db, &self.secret_box, signer, livemode, now).await?;
        let secrets = set.at(now);
        self.secrets.insert(signer, livemode, set);
        Ok(secrets)
    }

    async fn deliver(
        &self,
        ctx: &Context,
        job: &Claimed<DeliveryJob>,
    ) -> Result<Outcome, sea_orm::DbErr> {
        if let DeliveryJob::Endpoint { event, endpoint } = &job.payload {
            return self.deliver_to_endpoint(ctx, job, event, *endpoint).await;
        }
        let db = &ctx.db;
        let Some((event, secrets_version)) = store::find_delivery(db, &job.payload).await? else {
            return Ok(Outcome::Cancelled("the event no longer exists".into()));
        };
        let Some(url) = event.url.clone() else {
            return Ok(Outcome::Cancelled("the event has no URL".into()));
        };
        let mut lane = match self.lanes.enter(&url).await {
            Ok(lane) => lane,
            Err(after) => return Ok(Outcome::Later { after }),
        };
        let started = self
            .starts
            .submit_or_alone(event.id, ctx.test_clock.is_some(), || {
                let ctx = ctx.clone();
                move |events: Vec<i64>| {
                    let ctx = ctx.clone();
                    async move {
                        let mut started = store::start_attempts(&ctx.db, &events, ctx.clock.now())
                            .await?
                            .into_iter()
                            .map(|a| (a.event_id, a))
                            .collect::<HashMap<_, _>>();
                        Ok(events.iter().map(|e| started.remove(e)).collect())
                    }
                }
            });
        let Some(attempt) = started.await? else {
            // Another runner recorded this attempt first (it took the job over): its outcome
            // stands; ours is not recorded because we no longer hold the job.
            return Ok(Outcome::retry("this attempt was sent by another runner"));
        };
        // A reservation notification is signed with its platform's secrets (migration 14).
        let signer = match event.platform_id {
            Some(platform) => Signer::Platform(platform),
            None => Signer::Shop(event.shop_id),
        };
        let secrets = self
            .secrets(ctx, signer, event.livemode, secrets_version)
            .await?;
        let started = Instant::now();
        let sent = self
            .post(
                &event,
                &url,
                attempt.attempt,
                &secrets,
                // The receiver checks it against its own clock: the process's time, also
                // for an event of a test clock (whose body carries the clock's time).
                ctx.wall.now().timestamp(),
            )
            .await;
        let took = started.elapsed();
        lane.took(took);
        drop(lane);
        let duration_ms = took.as_millis() as i64;
        tracing::info!(
            event = %event.public_id,
            attempt = attempt.attempt,
            status = sent.status_code,
            duration_ms,
            "webhook delivery"
        );
        self.record(ctx, job, attempt, duration_ms, sent).await
    }

    /// Sends the event's body to `url` (signed with `secrets` at `t`), after checking the
    /// address against the event's mode, and says what came of it. Never fails: a refused
    /// address, a timeout or a connection error is a [`Sent`] with its error.
    async fn post(
        &self,
        event: &webhook_event::Model,
        url: &str,
        attempt: i32,
        secrets: &[String],
        t: i64,
    ) -> Sent {
        let signed = Signed {
            id: &event.public_id,
            event_type: event.event_type.as_deref(),
            attempt,
            secrets,
            t,
            body: &event.body,
        };
        let answer = self
            .send(event.livemode, url, &signed.headers(), &event.body, false)
            .await;
        Sent {
            status_code: answer.status_code,
            error: answer.error,
            refused: answer.refused,
        }
    }

    /// POSTs `body` with `headers` to `url`, after checking the address against the mode, and
    /// says what came of it; with `keep`, the answer's headers and first [`KEPT_BODY`](super::answer::KEPT_BODY) bytes
    /// too (the endpoints' delivery log). Never fails: a refused address, a timeout or a
    /// connection error is an [`Answer`] with its error.
    pub(super) async fn send(
        &self,
        livemode: bool,
        url: &str,
        headers: &[(&'static str, String)],
        body: &str,
        keep: bool,
    ) -> Answer {
        let policy = AddressPolicy::for_mode(livemode, self.settings.reach());
        let client = if livemode {
            &self.live_client
        } else {
            &self.test_client
        };
        // reqwest connects to IP-literal hosts without asking the resolver: check them here.
        let checked = reqwest::Url::parse(url)
            .map_err(|_| "the URL cannot be parsed".to_string())
            .and_then(|u| policy.check_url(&u));
        if let Err(refusal) = checked {
            tracing::warn!(%url, %refusal, "webhook destination refused");
            return Answer {
                status_code: None,
                error: Some(refusal),
                refused: true,
                headers: None,
                body: None,
            };
        }
        // Closed never: an error would only mean no request may be sent, and one is.
        let _sending = self.sending.acquire().await.ok();
        let mut request = client.post(url);
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        let result = request.body(body.to_string()).send().await;
        let mut kept = (None, None);
        let (status_code, error) = match result {
            Ok(mut res) => {
                let code = res.status();
                if keep {
                    kept.0 = Some(answer_headers(res.headers()));
                    kept.1 = Some(first_bytes(&mut res).await);
                } else {
                    // Read (and drop) the body so the connection can be reused.
                    let _ = res.bytes().await;
                }
                let error = (!code.is_success()).then(|| format!("answered {code}"));
                (Some(code.as_u16() as i32), error)
            }
            Err(e) if e.is_timeout() => (
                None,
                Some(format!(
                    "no answer within {} ms",
                    self.settings.timeout.as_millis()
                )),
            ),
            Err(e) => match refusal(&e) {
                Some(r) => (None, Some(r)),
                None => (None, Some(describe(&e))),
            },
        };
        let refused = status_code.is_none()
            && error
                .as_deref()
                .is_some_and(|e| e.starts_with(REFUSED_PREFIX));
        Answer {
            status_code,
            error,
            refused,
            headers: kept.0,
            body: kept.1,
        }
    }

    /// Records the attempt's outcome (delivered, pending with its retry time, or failed) and
    /// the job's, in one transaction with the other deliveries that ended meanwhile
    /// ([`write_ends`]). A refused address is not retried: it would only be refused again.
    async fn record(
        &self,
        ctx: &Context,
        job: &Claimed<DeliveryJob>,
        attempt: webhook_attempt::Model,
        duration_ms: i64,
        sent: Sent,
    ) -> Result<Outcome, sea_orm::DbErr> {
        let now = ctx.clock.now();
        let Sent {
            status_code,
            error,
            refused,
        } = sent;
        let (event_status, next_attempt_at, outcome, label) = match error.clone() {
            None => (DeliveryStatus::Delivered, None, Outcome::Done, "delivered"),
            Some(error) => {
                let retry_wait = job.next_wait(&self.settings.schedule).filter(|_| !refused);
                match retry_wait {
                    Some(after) => (
                        DeliveryStatus::Pending,
                        chrono::Duration::from_std(after).ok().map(|w| now + w),
                        Outcome::Retry {
                            after: Some(after),
                            error,
                        },
                        "retry",
                    ),
                    None => (
                        DeliveryStatus::Failed,
                        None,
                        Outcome::Failed(error),
                        if refused { "refused" } else { "failed" },
                    ),
                }
            }
        };
        let end = (
            AttemptEnd {
                attempt_id: attempt.id,
                event_id: attempt.event_id,
                duration_ms,
                status_code,
                error,
                event_status,
                next_attempt_at,
            },
            job.clone(),
            outcome,
        );
        let recorded = self
            .ends
            .submit_or_alone(end, ctx.test_clock.is_some(), || {
                let (ctx, schedule) = (ctx.clone(), self.settings.schedule.clone());
                move |ends: Vec<Ended>| {
                    let (ctx, schedule) = (ctx.clone(), schedule.clone());
                    async move { write_ends(&ctx, &schedule, ends).await }
                }
            })
            .await?;
        count(label);
        Ok(recorded)
    }
}

/// One delivery's end: its attempt, its job and the job's outcome.
type Ended = (AttemptEnd, Claimed<DeliveryJob>, Outcome);

/// Records ends in one transaction: the attempts, events and jobs, three statements for the
/// lot. Answers what each run returns, in order.
async fn write_ends(
    ctx: &Context,
    schedule: &[Duration],
    ends: Vec<Ended>,
) -> Result<Vec<Outcome>, sea_orm::DbErr> {
    let (attempts, jobs): (Vec<AttemptEnd>, Vec<(Claimed<DeliveryJob>, Outcome)>) =
        ends.into_iter().map(|(a, j, o)| (a, (j, o))).unzip();
    let tx = begin_write(&ctx.db).await?;
    store::finish_attempts(&tx, &attempts, ctx.clock.now()).await?;
    let jobs: Vec<(&Claimed<DeliveryJob>, Outcome)> =
        jobs.iter().map(|(job, o)| (job, o.clone())).collect();
    let recorded = ctx.record_all(&tx, &jobs, schedule).await?;
    tx.commit().await?;
    Ok(recorded)
}

/// One delivery's signed headers: Standard Webhooks' (`webhook-id`, `webhook-timestamp`,
/// `webhook-signature`) and Noren's (`Noren-Event-Id`, `Noren-Event-Type`,
/// `Noren-Delivery-Attempt`, `Noren-Signature`), all over the same body and time.
pub struct Signed<'a> {
    pub id: &'a str,
    pub event_type: Option<&'a str>,
    pub attempt: i32,
    pub secrets: &'a [String],
    pub t: i64,
    pub body: &'a str,
}

impl Signed<'_> {
    pub fn headers(&self) -> Vec<(&'static str, String)> {
        let mut headers = vec![
            ("content-type", "application/json".to_string()),
            ("webhook-id", self.id.to_string()),
            ("webhook-timestamp", self.t.to_string()),
            (
                "webhook-signature",
                standard_signature(self.secrets, self.id, self.t, self.body),
            ),
            ("noren-event-id", self.id.to_string()),
        ];
        if let Some(t) = self.event_type {
            headers.push(("noren-event-type", t.to_string()));
        }
        headers.push(("noren-delivery-attempt", self.attempt.to_string()));
        headers.push((
            "noren-signature",
            signature_header(self.secrets, self.t, self.body),
        ));
        headers
    }
}

/// What one POST of an event came to.
struct Sent {
    /// The receiver's HTTP status, when it answered.
    status_code: Option<i32>,
    /// Why it is not delivered: a non-2xx answer, a timeout, a refused address, …
    error: Option<String>,
    /// The destination address is not allowed (no retry).
    refused: bool,
}

pub(super) fn count(outcome: &'static str) {
    metrics::counter!("noren_webhook_deliveries_total", "outcome" => outcome).increment(1);
}

impl Job for Delivery {
    const QUEUE: &'static str = super::QUEUE;
    type Payload = DeliveryJob;

    /// `NOREN_WEBHOOK_RETRY_SCHEDULE`.
    fn retry_schedule(&self) -> &[Duration] {
        &self.settings.schedule
    }

    /// Longer than any request can take (see [`WebhookSettings::lease`]).
    fn lease(&self) -> Duration {
        self.settings.lease()
    }

    /// `NOREN_WEBHOOK_CONCURRENCY` requests in flight, [`CLAIMED_PER_SENDING`] times as many
    /// deliveries claimed (the others wait for their writes, or for a request slot).
    fn concurrency(&self) -> usize {
        self.settings.concurrency.max(1) * CLAIMED_PER_SENDING
    }

    /// `NOREN_WEBHOOK_POLL_MS`.
    fn poll(&self) -> Duration {
        self.settings.poll
    }

    async fn run(&self, ctx: &Context, job: &Claimed<DeliveryJob>) -> Outcome {
        match self.deliver(ctx, job).await {
            Ok(outcome) => outcome,
            Err(e) => {
                tracing::warn!(job = job.id, error = %e, "webhook delivery could not be recorded");
                Outcome::retry(format!("the delivery could not be recorded: {e}"))
            }
        }
    }
}

const REFUSED_PREFIX: &str = "destination address not allowed";

/// The resolver's refusal, when that is why the request failed.
fn refusal(e: &reqwest::Error) -> Option<String> {
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(r) = s.downcast_ref::<Refused>() {
            return Some(r.to_string());
        }
        let text = s.to_string();
        if text.starts_with(REFUSED_PREFIX) {
            return Some(text);
        }
        source = s.source();
    }
    None
}

/// A transport error in one line, without the URL's query (it may hold a secret).
fn describe(e: &reqwest::Error) -> String {
    let kind = if e.is_connect() {
        "cannot connect"
    } else if e.is_redirect() {
        "redirect not followed"
    } else if e.is_request() {
        "request failed"
    } else {
        "delivery failed"
    };
    let mut source = std::error::Error::source(e);
    let mut detail = None;
    while let Some(s) = source {
        detail = Some(s.to_string());
        source = s.source();
    }
    match detail {
        Some(d) => format!("{kind}: {d}"),
        None => kind.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const URL: &str = "https://hooks.example.com/noren";

    #[tokio::test]
    async fn a_new_destination_gets_the_slow_share_and_waits_for_a_place() {
        let lanes = Lanes::new(2, 128);
        let mut first = lanes.enter(URL).await.expect("a place");
        let _second = lanes.enter(URL).await.expect("a place");
        // Full and not known to be slow: the third waits, and enters once a place is given back.
        let third = {
            let lanes = &lanes;
            async move { lanes.enter(URL).await.is_ok() }
        };
        let give_back = async {
            tokio::task::yield_now().await;
            first.took(Duration::from_millis(3));
            drop(first);
        };
        let (entered, ()) = tokio::join!(third, give_back);
        assert!(entered, "the third entered the place given back");
        // Another destination has its own lane.
        assert!(lanes.enter("https://other.example.com/").await.is_ok());
    }

    #[tokio::test]
    async fn an_unknown_destination_holds_no_more_waiting_slots_than_it_has_places() {
        let lanes = Lanes::new(2, 128);
        let _a = lanes.enter(URL).await.expect("a place");
        let _b = lanes.enter(URL).await.expect("a place");
        // Full, and not yet known: two may wait for a place (each holds a slot meanwhile) ...
        let key = Lanes::key(URL);
        let waiting: Vec<_> = (0..2)
            .map(|_| match lanes.look(&key) {
                Look::Wait(_, waiting) => waiting,
                _ => panic!("the first two wait"),
            })
            .collect();
        // ... the third is put back until the destination is known, not left holding a slot.
        assert!(matches!(lanes.look(&key), Look::Full(after) if after == QUICK));
        drop(waiting);
        assert!(
            matches!(lanes.look(&key), Look::Wait(..)),
            "a waiter gone leaves room for another"
        );
    }

    #[tokio::test]
    async fn a_quick_destination_gets_half_the_slots() {
        let lanes = Lanes::new(2, 16);
        let mut lane = lanes.enter(URL).await.expect("a place");
        lane.took(Duration::from_millis(2));
        drop(lane);
        let mut held = Vec::new();
        for _ in 0..8 {
            held.push(
                lanes
                    .enter(URL)
                    .await
                    .expect("a place of a quick destination"),
            );
        }
        assert!(
            matches!(lanes.look(&Lanes::key(URL)), Look::Wait(..)),
            "the ninth waits"
        );
    }

    #[tokio::test]
    async fn a_slow_destination_is_full_at_once() {
        let lanes = Lanes::new(2, 128);
        let mut lane = lanes.enter(URL).await.expect("a place");
        lane.took(QUICK * 20);
        drop(lane);
        let _a = lanes.enter(URL).await.expect("a place");
        let _b = lanes.enter(URL).await.expect("a place");
        let began = Instant::now();
        assert!(lanes.enter(URL).await.is_err(), "no third place");
        assert!(began.elapsed() < QUICK, "refused without waiting");
        // One quick answer does not make it quick again: the typical time comes down gradually.
        drop(_a);
        let mut quick = lanes.enter(URL).await.expect("a place");
        quick.took(Duration::from_millis(2));
        drop(quick);
        let lane = lanes.by_destination.lock().expect("lanes");
        assert!(lane[&Lanes::key(URL)].typical.expect("typical") >= QUICK);
    }

    #[tokio::test]
    async fn a_slow_destination_s_backlog_is_given_turns_not_claimed_over_and_over() {
        let lanes = Lanes::new(2, 128);
        let mut lane = lanes.enter(URL).await.expect("a place");
        lane.took(Duration::from_secs(10));
        drop(lane);
        let _a = lanes.enter(URL).await.expect("a place");
        let _b = lanes.enter(URL).await.expect("a place");
        // Two places, each freeing one delivery per 10 s: the put-back deliveries come back
        // 5 s apart, from LANE_WAIT on, and never later than LONGEST_LANE_WAIT.
        let turns: Vec<Duration> = (0..20).map(|_| lanes.enter_now(URL)).collect();
        let secs = |d: &Duration| (d.as_secs_f64() + 0.5) as u64;
        assert_eq!(
            turns[..4].iter().map(secs).collect::<Vec<_>>(),
            [2, 7, 12, 17]
        );
        assert!(
            turns
                .windows(2)
                .all(|w| w[0] <= w[1] + Duration::from_millis(50)),
            "{turns:?}"
        );
        assert!(turns.iter().all(|t| *t <= LONGEST_LANE_WAIT));
        assert!(secs(&turns[19]) >= 59, "{turns:?}");
    }
}
