//! The webhook delivery worker (DESIGN.md "Webhooks", "Scale-out").
//!
//! Events are written to the outbox (`webhook_events` and a `jobs` row) in the transaction of
//! the state change. This worker claims due delivery jobs with a lease (row locks on
//! PostgreSQL, so two processes never take the same job), records the attempt before sending
//! it (so an attempt cut off by a crash stays on record and the next one gets the next number),
//! POSTs the signed event, and records the answer: delivered, a retry on the schedule, or
//! failed for good. A process killed mid-delivery leaves its job claimed until the lease runs
//! out; then any worker takes it again. Delivery is therefore at least once, and receivers
//! drop duplicates by `Noren-Event-Id`.
//!
//! Destinations are checked (DESIGN.md "Outgoing requests", `domain::destination`): live events
//! go only to `https` URLs on public addresses, test events may also reach loopback. IP-literal
//! hosts are checked before sending; host names are resolved by [`GuardedResolver`], which hands
//! the connector only the allowed addresses, so no connection is ever opened to a refused one.
//! A refused delivery is recorded on its attempt with the reason and fails the event at once:
//! retrying an address that is not allowed would only repeat the refusal (fix the URL or its DNS,
//! then redeliver).

use crate::config::WebhookSettings;
use crate::db::Db;
use crate::db::entities::job;
use crate::db::repo::webhooks::SigningSecrets;
use crate::db::repo::{jobs, webhooks};
use crate::domain::clock::Clock;
use crate::domain::destination::{self, AddressPolicy, Refused};
use crate::domain::secret_box::SecretBox;
use crate::domain::webhook::signature_header;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, Semaphore};
use tokio::task::JoinSet;

/// Wakes the worker of this process when an event was just written, so a delivery starts at
/// once instead of at the next poll.
#[derive(Default)]
pub struct Wake(Notify);

impl Wake {
    pub fn wake(&self) {
        self.0.notify_one();
    }
}

pub const USER_AGENT: &str = "Noren-Webhooks/1.0";

/// How many deliveries one event gets: the first and the retries.
pub fn max_deliveries(settings: &WebhookSettings) -> i32 {
    settings.schedule.len() as i32 + 1
}

pub struct Worker {
    db: Db,
    settings: WebhookSettings,
    wake: Arc<Wake>,
    /// One client per mode: each resolves names through its mode's [`GuardedResolver`].
    live_client: reqwest::Client,
    test_client: reqwest::Client,
    id: String,
    secret_box: Arc<SecretBox>,
    /// The state's clock: due jobs, attempt times, retries and the signature's `t`.
    clock: Clock,
    /// Signing secrets by (shop, livemode), used while their version (read with each event)
    /// has not changed.
    secret_cache: Mutex<HashMap<(i64, bool), SigningSecrets>>,
}

/// How many shops' secrets a worker remembers before it starts over.
const SECRET_CACHE_MAX: usize = 10_000;

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

impl Worker {
    pub fn new(
        db: Db,
        settings: WebhookSettings,
        wake: Arc<Wake>,
        secret_box: Arc<SecretBox>,
        clock: Clock,
    ) -> anyhow::Result<Self> {
        let client = |livemode: bool| {
            let policy = AddressPolicy::for_mode(livemode, settings.allow_private);
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
        let id = format!("{}-{}", std::process::id(), uuid::Uuid::new_v4());
        Ok(Worker {
            db,
            settings,
            wake,
            live_client,
            test_client,
            id,
            secret_box,
            clock,
            secret_cache: Mutex::default(),
        })
    }

    /// Delivers until `shutdown` fires, then waits for the deliveries in flight.
    pub async fn run(self, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        let this = Arc::new(self);
        let permits = Arc::new(Semaphore::new(this.settings.concurrency));
        let mut tasks = JoinSet::new();
        loop {
            if *shutdown.borrow() {
                break;
            }
            while tasks.try_join_next().is_some() {}
            let free = permits.available_permits();
            let mut claimed = 0;
            if free > 0 {
                let lease = chrono::Duration::from_std(this.settings.lease())
                    .unwrap_or(chrono::Duration::seconds(30));
                match jobs::claim(
                    &this.db,
                    webhooks::QUEUE,
                    &this.id,
                    lease,
                    free as u64,
                    this.clock.now(),
                )
                .await
                {
                    Ok(batch) => {
                        claimed = batch.len();
                        for job in batch {
                            let Ok(permit) = permits.clone().try_acquire_owned() else {
                                break;
                            };
                            let worker = this.clone();
                            tasks.spawn(async move {
                                worker.deliver(job).await;
                                drop(permit);
                            });
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot claim webhook deliveries"),
                }
            }
            if claimed > 0 && claimed == free {
                // A full batch: there may be more due. Wait for a free slot, then claim again.
                tokio::select! {
                    _ = tasks.join_next(), if !tasks.is_empty() => {}
                    _ = shutdown.changed() => {}
                }
                continue;
            }
            tokio::select! {
                _ = this.wake.0.notified() => {}
                _ = tokio::time::sleep(this.settings.poll) => {}
                _ = shutdown.changed() => {}
            }
        }
        while tasks.join_next().await.is_some() {}
    }

    /// The shop's signing secrets in one mode. A cached set is used while `version` (the newest
    /// secret's id, read with the event) is the one it was read at, so the delivery right after
    /// a rotation, in any process, is signed with both the new and the old secret.
    async fn secrets(
        &self,
        shop_id: i64,
        livemode: bool,
        version: Option<i64>,
    ) -> Result<Vec<String>, sea_orm::DbErr> {
        let now = self.clock.now();
        if let Some(version) = version
            && let Some(set) = self
                .secret_cache
                .lock()
                .ok()
                .and_then(|c| c.get(&(shop_id, livemode)).cloned())
            && set.version == version
        {
            return Ok(set.at(now));
        }
        let set = webhooks::signing_secret_set(&self.db, &self.secret_box, shop_id, livemode, now)
            .await?;
        let secrets = set.at(now);
        if let Ok(mut cache) = self.secret_cache.lock() {
            if cache.len() >= SECRET_CACHE_MAX {
                cache.clear();
            }
            cache.insert((shop_id, livemode), set);
        }
        Ok(secrets)
    }

    async fn deliver(&self, job: job::Model) {
        if let Err(e) = self.try_deliver(&job).await {
            tracing::warn!(job = job.id, error = %e, "webhook delivery could not be recorded");
        }
    }

    async fn try_deliver(&self, job: &job::Model) -> Result<(), sea_orm::DbErr> {
        let Some((event, secrets_version)) = (match webhooks::event_of_job(job) {
            Some(id) => webhooks::find_delivery(&self.db, id).await?,
            None => None,
        }) else {
            jobs::complete(&self.db, job.id, &self.id).await?;
            return Ok(());
        };
        let Some(url) = event.url.clone() else {
            jobs::complete(&self.db, job.id, &self.id).await?;
            return Ok(());
        };
        let Some(attempt) = webhooks::start_attempt(&self.db, event.id, self.clock.now()).await?
        else {
            return Ok(());
        };
        let secrets = self
            .secrets(event.shop_id, event.livemode, secrets_version)
            .await?;
        let policy = AddressPolicy::for_mode(event.livemode, self.settings.allow_private);
        let client = if event.livemode {
            &self.live_client
        } else {
            &self.test_client
        };
        let t = self.clock.now().timestamp();
        let started = Instant::now();
        // reqwest connects to IP-literal hosts without asking the resolver: check them here.
        let checked = reqwest::Url::parse(&url)
            .map_err(|_| "the URL cannot be parsed".to_string())
            .and_then(|u| policy.check_url(&u));
        if let Err(refusal) = checked {
            tracing::warn!(event = %event.public_id, %refusal, "webhook destination refused");
            let duration_ms = started.elapsed().as_millis() as i64;
            webhooks::finish_attempt(
                &self.db,
                attempt,
                duration_ms,
                None,
                Some(refusal.clone()),
                webhooks::FAILED,
                None,
                self.clock.now(),
            )
            .await?;
            jobs::fail(&self.db, job, &self.id, &refusal, None).await?;
            return Ok(());
        }
        let result = client
            .post(&url)
            .header("Content-Type", "application/json")
            .header("Noren-Event-Id", &event.public_id)
            .header("Noren-Delivery-Attempt", attempt.attempt.to_string())
            .header(
                "Noren-Signature",
                signature_header(&secrets, t, &event.body),
            )
            .body(event.body.clone())
            .send()
            .await;
        let (status_code, error) = match result {
            Ok(res) => {
                let code = res.status();
                // Read (and drop) the body so the connection can be reused.
                let _ = res.bytes().await;
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
        let duration_ms = started.elapsed().as_millis() as i64;
        tracing::info!(
            event = %event.public_id,
            attempt = attempt.attempt,
            status = status_code,
            duration_ms,
            "webhook delivery"
        );
        let retry_wait: Option<Duration> = self
            .settings
            .schedule
            .get((job.attempts as usize).saturating_sub(1))
            .copied()
            .filter(|_| job.attempts < job.max_attempts && !refused);
        match error {
            None => {
                webhooks::finish_attempt(
                    &self.db,
                    attempt,
                    duration_ms,
                    status_code,
                    None,
                    webhooks::DELIVERED,
                    None,
                    self.clock.now(),
                )
                .await?;
                jobs::complete(&self.db, job.id, &self.id).await?;
            }
            Some(error) => {
                let retry_at = retry_wait
                    .and_then(|w| chrono::Duration::from_std(w).ok())
                    .map(|w| self.clock.now() + w);
                let status = if retry_at.is_some() {
                    webhooks::PENDING
                } else {
                    webhooks::FAILED
                };
                webhooks::finish_attempt(
                    &self.db,
                    attempt,
                    duration_ms,
                    status_code,
                    Some(error.clone()),
                    status,
                    retry_at,
                    self.clock.now(),
                )
                .await?;
                jobs::fail(&self.db, job, &self.id, &error, retry_at).await?;
            }
        }
        Ok(())
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
