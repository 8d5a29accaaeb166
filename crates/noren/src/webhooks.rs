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

use crate::config::WebhookSettings;
use crate::db::Db;
use crate::db::entities::job;
use crate::db::repo::{jobs, webhooks};
use crate::domain::webhook::signature_header;
use chrono::Utc;
use std::collections::HashMap;
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
    client: reqwest::Client,
    id: String,
    secret_cache: Mutex<HashMap<i64, (Instant, Vec<String>)>>,
}

const SECRET_CACHE_TTL: Duration = Duration::from_secs(1);

impl Worker {
    pub fn new(db: Db, settings: WebhookSettings, wake: Arc<Wake>) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(settings.timeout)
            .connect_timeout(settings.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(USER_AGENT)
            .pool_max_idle_per_host(settings.concurrency)
            .build()?;
        let id = format!("{}-{}", std::process::id(), uuid::Uuid::new_v4());
        Ok(Worker {
            db,
            settings,
            wake,
            client,
            id,
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
                match jobs::claim(&this.db, webhooks::QUEUE, &this.id, lease, free as u64).await {
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

    /// The shop's signing secrets, remembered for a second: a busy shop's deliveries do not
    /// each read them, and a rotation is seen within that second.
    async fn secrets(&self, shop_id: i64) -> Result<Vec<String>, sea_orm::DbErr> {
        if let Some((at, secrets)) = self
            .secret_cache
            .lock()
            .ok()
            .and_then(|c| c.get(&shop_id).cloned())
            && at.elapsed() < SECRET_CACHE_TTL
        {
            return Ok(secrets);
        }
        let secrets = webhooks::signing_secrets(&self.db, shop_id).await?;
        if let Ok(mut cache) = self.secret_cache.lock() {
            cache.insert(shop_id, (Instant::now(), secrets.clone()));
        }
        Ok(secrets)
    }

    async fn deliver(&self, job: job::Model) {
        if let Err(e) = self.try_deliver(&job).await {
            tracing::warn!(job = job.id, error = %e, "webhook delivery could not be recorded");
        }
    }

    async fn try_deliver(&self, job: &job::Model) -> Result<(), sea_orm::DbErr> {
        let Some(event) = (match webhooks::event_of_job(job) {
            Some(id) => webhooks::find_event_by_id(&self.db, id).await?,
            None => None,
        }) else {
            jobs::complete(&self.db, job.id, &self.id).await?;
            return Ok(());
        };
        let Some(url) = event.url.clone() else {
            jobs::complete(&self.db, job.id, &self.id).await?;
            return Ok(());
        };
        let Some(attempt) = webhooks::start_attempt(&self.db, event.id).await? else {
            return Ok(());
        };
        let secrets = self.secrets(event.shop_id).await?;
        let t = Utc::now().timestamp();
        let started = Instant::now();
        let result = self
            .client
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
            Err(e) => (None, Some(describe(&e))),
        };
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
            .filter(|_| job.attempts < job.max_attempts);
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
                )
                .await?;
                jobs::complete(&self.db, job.id, &self.id).await?;
            }
            Some(error) => {
                let retry_at = retry_wait
                    .and_then(|w| chrono::Duration::from_std(w).ok())
                    .map(|w| Utc::now() + w);
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
                )
                .await?;
                jobs::fail(&self.db, job, &self.id, &error, retry_at).await?;
            }
        }
        Ok(())
    }
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
