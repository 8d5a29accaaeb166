//! How webhook events are delivered (DESIGN.md "Webhooks"): the settings `config.rs` reads from
//! `NOREN_WEBHOOK_*`. They live here, with the delivery, so that the webhook code needs nothing
//! from the configuration module (which imports it).

use std::time::Duration;

/// How webhook events are delivered (DESIGN.md "Webhooks").
#[derive(Clone, Debug)]
pub struct WebhookSettings {
    /// `NOREN_WEBHOOK_WORKER`: `on` (default) runs deliveries in this process; `off` leaves them
    /// to other processes on the same database.
    pub worker: bool,
    /// `NOREN_WEBHOOK_TIMEOUT_MS`: how long a receiver has to answer (default 10000).
    pub timeout: Duration,
    /// `NOREN_WEBHOOK_RETRY_SCHEDULE`: the waits before each retry (default
    /// `10s,30s,1m,5m,15m,30m,1h,2h,4h,8h`: up to 10 retries).
    pub schedule: Vec<Duration>,
    /// `NOREN_WEBHOOK_CONCURRENCY`: deliveries in flight at once per process (default 128).
    pub concurrency: usize,
    /// `NOREN_WEBHOOK_PER_DESTINATION`: deliveries in flight at once per process to one
    /// destination (scheme, host and port; default 8), so that receivers that hang cannot take
    /// every slot: it takes 16 of them at once to fill the default 128.
    pub per_destination: usize,
    /// `NOREN_WEBHOOK_POLL_MS`: how often an idle worker looks for due deliveries (default 1000;
    /// events made by this process wake it at once).
    pub poll: Duration,
    /// `NOREN_WEBHOOK_ALLOW_PRIVATE`: `off` (default) or `on`, which lets deliveries reach the
    /// private ranges 10/8, 172.16/12, 192.168/16, 100.64/10 and fc00::/7 (self-hosted
    /// deployments). Loopback stays test-only; link-local and metadata addresses stay refused.
    pub allow_private: bool,
    /// `NOREN_WEBHOOK_TEST_LOOPBACK`: `on` (default, for `make run`) lets test-mode deliveries
    /// reach loopback; `off` refuses it in both modes (a shared server).
    pub test_loopback: bool,
}

impl WebhookSettings {
    /// What deliveries may reach besides public addresses.
    pub fn reach(&self) -> crate::domain::destination::Reach {
        crate::domain::destination::Reach {
            private: self.allow_private,
            test_loopback: self.test_loopback,
        }
    }

    /// How long a claimed delivery is held before another worker may take it over: longer than
    /// any request can take, so a live worker never loses its claim.
    pub fn lease(&self) -> Duration {
        self.timeout * 2 + Duration::from_secs(1)
    }

    /// How many deliveries one event gets: the first and the retries.
    pub fn max_deliveries(&self) -> i32 {
        self.schedule.len() as i32 + 1
    }
}
