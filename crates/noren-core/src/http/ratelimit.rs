//! Rate limits (DESIGN.md "Limits"), per process, with `governor`'s keyed GCRA limiters:
//!
//! - every request that presents a key (`X-Auth-API-Key` or `Authorization: Bearer`) counts
//!   against that key (`NOREN_RATE_LIMIT_PER_KEY`, default 100 per second);
//! - every other API request counts against the client's address (`NOREN_RATE_LIMIT_PER_ADDRESS`,
//!   default 100 per second; IPv6 addresses by their /64, which one client usually holds whole);
//! - failed authentications (401) and unknown payment tokens (404 without a key) count against
//!   the address (`NOREN_RATE_LIMIT_FAILURES`, default 20 per minute): once they are used up,
//!   every API request from that address answers 429 until the next one is allowed, so keys
//!   and tokens cannot be guessed at speed; the refusal is one map lookup, before any
//!   authentication.
//! - except for keys this process has already seen authenticate (issue 20, item 4): behind an
//!   office NAT or a proxy one misconfigured client must not lock out everyone. A key that
//!   authenticated within [`KNOWN_KEY_TTL`] ([`RateLimits::authenticated`], called by the
//!   extractors of `http/auth.rs`) passes a blocked address and is held to its own per-key
//!   limit. Only a successful authentication makes a key known, so a guess never does; a known
//!   key that then fails (revoked) is forgotten and counts as a failure like any other.
//!
//! A refused request answers DESIGN.md's 429 body with `Retry-After` (whole seconds). Every
//! limited answer carries `RateLimit-Policy` and `RateLimit` in the structured form of the IETF
//! draft (draft-ietf-httpapi-ratelimit-headers): `"key";q=100;w=1` and `"key";r=57;t=1`.
//! The limiters read the state's clock ([`LimiterClock`]), so a test moves time instead of
//! sleeping. On PostgreSQL the three limits are counted in the database, so they hold across
//! every process that shares it ([`shared`]; a process falls back to its own limiter when the
//! database cannot be asked); on SQLite (one process) they are counted in memory. What stays per
//! process: the blocked addresses (each process learns of a block on the next failure it sees
//! from that address, so N processes let at most N − 1 more failures through per refill), the
//! keys known to have authenticated, and the redelivery limit. The
//! operations paths (`/healthz`, `/readyz`, `/metrics`) are not limited: load balancers and
//! scrapers poll them. Each 429 counts in `noren_rate_limited_total{scope}` (`key`, `address`,
//! `failures`) on `/metrics`.

mod shared;

use crate::config::{Limits, Rate};
use crate::db::Db;
use crate::domain::clock::Clock;
use crate::http::error::{ErrorBody, ErrorCode, error_response};
use crate::http::metrics::Metrics;
use crate::http::paths::is_api_path;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{Quota, RateLimiter};
use sha2::{Digest, Sha256};
use shared::{Shared, Subject};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

type Keyed<K> = RateLimiter<K, DashMapStateStore<K>, LimiterClock, StateInformationMiddleware>;

/// The state's clock as `governor` reads it: the time since the limiter was made. Advancing
/// the state's clock refills the buckets as the same real time would. `Utc::now()` costs a
/// vDSO `clock_gettime`, like the TSC read of governor's default clock within a few ns.
#[derive(Clone, Debug)]
pub struct LimiterClock {
    clock: Clock,
    origin: chrono::DateTime<chrono::Utc>,
}

impl LimiterClock {
    pub fn new(clock: Clock) -> Self {
        let origin = clock.now();
        LimiterClock { clock, origin }
    }
}

impl governor::clock::Clock for LimiterClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        (self.clock.now() - self.origin)
            .to_std()
            .unwrap_or_default()
    }
}

/// One named limit: its rate and the limiter that enforces it (in the database when processes
/// share one, else in memory).
struct Limit<K: Subject> {
    name: &'static str,
    rate: Rate,
    limiter: Keyed<K>,
    shared: Option<Shared<K>>,
    /// `noren_rate_limited_total{scope=name}`.
    refused: metrics::Counter,
}

/// What a check said.
enum Outcome {
    Allowed { remaining: u32 },
    Refused { wait: Duration },
}

impl<K: Subject> Limit<K> {
    fn new(
        name: &'static str,
        rate: Rate,
        metrics: &Metrics,
        clock: &LimiterClock,
        shared: Option<&Db>,
    ) -> Self {
        let count = NonZeroU32::new(rate.count).unwrap_or(NonZeroU32::MIN);
        let period = rate.window / rate.count.max(1);
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(count))
            .allow_burst(count);
        Limit {
            name,
            rate,
            limiter: RateLimiter::dashmap_with_clock(quota, clock.clone())
                .with_middleware::<StateInformationMiddleware>(),
            shared: shared.map(|db| Shared::new(name, rate, db.clone(), clock.clock.clone())),
            refused: metrics.rate_limited(name),
        }
    }

    async fn check(&self, key: &K) -> Outcome {
        if let Some(shared) = &self.shared
            && let Some(said) = shared.check(key).await
        {
            return said;
        }
        match self.limiter.check_key(key) {
            Ok(snapshot) => Outcome::Allowed {
                remaining: snapshot.remaining_burst_capacity(),
            },
            Err(not_until) => Outcome::Refused {
                wait: not_until.wait_time_from(governor::clock::Clock::now(self.limiter.clock())),
            },
        }
    }

    /// Checks `key`: the headers to add to the answer, or the 429 answer.
    async fn apply(&self, key: &K) -> Result<[(HeaderName, HeaderValue); 2], Box<Response>> {
        match self.check(key).await {
            Outcome::Allowed { remaining } => {
                let used = self.rate.count.saturating_sub(remaining);
                let reset = self.rate.window / self.rate.count.max(1) * used;
                Ok([
                    (POLICY, self.policy()),
                    (STATE, self.state(remaining, reset)),
                ])
            }
            Outcome::Refused { wait } => {
                self.refused.increment(1);
                let mut res = too_many(
                    format!(
                        "too many requests for this {}: at most {} per {}; retry after {} s",
                        self.name,
                        self.rate.count,
                        per(self.rate),
                        seconds(wait).max(1)
                    ),
                    wait,
                );
                res.headers_mut().insert(POLICY, self.policy());
                res.headers_mut().insert(STATE, self.state(0, wait));
                Err(Box::new(res))
            }
        }
    }

    fn policy(&self) -> HeaderValue {
        let value = format!(
            "\"{}\";q={};w={}",
            self.name,
            self.rate.count,
            self.rate.window.as_secs()
        );
        HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("\"default\""))
    }

    fn state(&self, remaining: u32, reset: Duration) -> HeaderValue {
        let value = format!("\"{}\";r={remaining};t={}", self.name, seconds(reset));
        HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("\"default\""))
    }
}

/// Whole seconds, rounded up (a client that waits this long is allowed again).
fn seconds(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// How long a key that authenticated stays known (each authentication against the database,
/// at least once per auth cache TTL while the key is in use, starts it again).
pub const KNOWN_KEY_TTL: Duration = Duration::from_secs(24 * 60 * 60);

/// Keys remembered as known at most (32 bytes each).
pub const KNOWN_KEYS: u64 = 100_000;

/// The limits of one process.
pub struct RateLimits {
    per_key: Option<Limit<[u8; 32]>>,
    per_address: Option<Limit<IpAddr>>,
    failures: Option<Limit<IpAddr>>,
    /// Addresses whose failures are used up, and until when. A cache with a time to live (the
    /// failure window) so that it never grows without bound.
    blocked: moka::sync::Cache<IpAddr, Duration>,
    /// `noren_rate_limited_total{scope="failures"}`: requests refused for a blocked address.
    blocked_refused: metrics::Counter,
    /// SHA-256 of the keys that authenticated recently: they pass a blocked address.
    known_keys: moka::sync::Cache<[u8; 32], ()>,
    client_ip_header: Option<HeaderName>,
    clock: LimiterClock,
}

impl RateLimits {
    /// The limits of `limits`, counted in `shared` when given (PostgreSQL: every process on the
    /// database shares them), else in memory.
    pub fn new(limits: &Limits, metrics: &Metrics, clock: Clock, shared: Option<&Db>) -> Self {
        let clock = LimiterClock::new(clock);
        let ttl = limits
            .failures
            .map(|r| r.window)
            .unwrap_or(Duration::from_secs(60));
        RateLimits {
            per_key: limits
                .per_key
                .map(|r| Limit::new("key", r, metrics, &clock, shared)),
            per_address: limits
                .per_address
                .map(|r| Limit::new("address", r, metrics, &clock, shared)),
            failures: limits
                .failures
                .map(|r| Limit::new("failures", r, metrics, &clock, shared)),
            blocked: moka::sync::Cache::builder()
                .max_capacity(100_000)
                .time_to_live(ttl)
                .build(),
            blocked_refused: metrics.rate_limited("failures"),
            known_keys: moka::sync::Cache::builder()
                .max_capacity(KNOWN_KEYS)
                .time_to_live(KNOWN_KEY_TTL)
                .build(),
            client_ip_header: limits.client_ip_header.clone(),
            clock,
        }
    }

    fn now(&self) -> Duration {
        governor::clock::Clock::now(&self.clock)
    }

    /// Remembers that the key whose SHA-256 is `hash` authenticated (a merchant or partner
    /// key, as sent): it passes an address blocked by other clients' failures.
    pub fn authenticated(&self, hash: &[u8; 32]) {
        self.known_keys.insert(*hash, ());
    }

    /// Forgets the state of keys and addresses that are back at full capacity (called every
    /// minute, so that the limiters' memory follows the active clients).
    pub fn forget_idle(&self) {
        if let Some(l) = &self.per_key {
            l.limiter.retain_recent();
            l.limiter.shrink_to_fit();
        }
        for l in [&self.per_address, &self.failures].into_iter().flatten() {
            l.limiter.retain_recent();
            l.limiter.shrink_to_fit();
        }
    }

    /// Removes the shared buckets that are full again (called every minute, like
    /// [`RateLimits::forget_idle`]).
    pub async fn forget_full(&self) {
        if let Some(shared) = self.per_key.as_ref().and_then(|l| l.shared.as_ref()) {
            shared.forget_full().await;
        }
        for l in [&self.per_address, &self.failures].into_iter().flatten() {
            if let Some(shared) = &l.shared {
                shared.forget_full().await;
            }
        }
    }

    /// The client's address: the last entry of the trusted proxy's header when one is
    /// configured, else the connection's peer. IPv6 addresses are cut to their /64. The last
    /// entry of the header's *last line*: a proxy may append its own line after the ones the
    /// client sent (HAProxy's `option forwardfor` does), and the client writes the others.
    fn client_ip(&self, req: &Request) -> Option<IpAddr> {
        let from_header = self.client_ip_header.as_ref().and_then(|name| {
            let value = req
                .headers()
                .get_all(name)
                .iter()
                .next_back()?
                .to_str()
                .ok()?;
            value.rsplit(',').next()?.trim().parse::<IpAddr>().ok()
        });
        let ip = from_header.or_else(|| {
            req.extensions()
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip())
        })?;
        Some(match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => {
                    let bits = u128::from(v6) & !((1u128 << 64) - 1);
                    IpAddr::V6(Ipv6Addr::from(bits))
                }
            },
            v4 => v4,
        })
    }

    /// Counts a failure of `ip`; when they are used up, the address is refused until the
    /// next one is allowed.
    async fn failed(&self, ip: IpAddr) {
        let Some(failures) = &self.failures else {
            return;
        };
        let wait = match failures.check(&ip).await {
            Outcome::Allowed { remaining: 0 } => failures.rate.window / failures.rate.count.max(1),
            Outcome::Allowed { .. } => return,
            Outcome::Refused { wait } => wait,
        };
        self.blocked.insert(ip, self.now() + wait);
    }
}

/// The key a request presents, if any: `X-Auth-API-Key`, else a bearer token.
fn presented_key(headers: &HeaderMap) -> Option<&[u8]> {
    if let Some(v) = headers.get("x-auth-api-key") {
        return Some(v.as_bytes());
    }
    let auth = headers.get(header::AUTHORIZATION)?.as_bytes();
    Some(
        auth.strip_prefix(b"Bearer ")
            .or_else(|| auth.strip_prefix(b"bearer "))
            .unwrap_or(auth),
    )
}

fn too_many(message: String, wait: Duration) -> Response {
    let mut res = error_response(
        StatusCode::TOO_MANY_REQUESTS,
        &ErrorBody {
            code: ErrorCode::TooManyRequests,
            message,
            errors: Vec::new(),
            reason: None,
        },
    );
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds(wait).max(1)));
    res
}

fn per(rate: Rate) -> &'static str {
    match rate.window.as_secs() {
        1 => "second",
        60 => "minute",
        _ => "hour",
    }
}

const POLICY: HeaderName = HeaderName::from_static("ratelimit-policy");
const STATE: HeaderName = HeaderName::from_static("ratelimit");

/// The middleware. Runs on API paths only: static pages are not limited here.
pub async fn limit(State(limits): State<Arc<RateLimits>>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    if !is_api_path(path) || matches!(path, "/healthz" | "/readyz" | "/metrics") {
        return next.run(req).await;
    }
    let ip = limits.client_ip(&req);
    let key = presented_key(req.headers()).map(|k| -> [u8; 32] { Sha256::digest(k).into() });
    let known = key.is_some_and(|hash| limits.known_keys.contains_key(&hash));
    if let Some(ip) = ip
        && !known
        && let Some(until) = limits.blocked.get(&ip)
    {
        let now = limits.now();
        if until > now {
            limits.blocked_refused.increment(1);
            let mut res = too_many(
                "too many failed requests (unknown keys or payment tokens) from this address; \
                 retry later"
                    .into(),
                until - now,
            );
            if let Some(f) = &limits.failures {
                res.headers_mut().insert(POLICY, f.policy());
                res.headers_mut().insert(STATE, f.state(0, until - now));
            }
            return res;
        }
    }
    let checked = match (&key, ip) {
        (Some(hash), _) => match &limits.per_key {
            Some(l) => Some(l.apply(hash).await),
            None => None,
        },
        (None, Some(ip)) => match &limits.per_address {
            Some(l) => Some(l.apply(&ip).await),
            None => None,
        },
        (None, None) => None,
    };
    let headers = match checked {
        Some(Err(refused)) => return *refused,
        Some(Ok(headers)) => Some(headers),
        None => None,
    };
    let mut res = next.run(req).await;
    if let Some(headers) = headers {
        res.headers_mut().extend(headers);
    }
    let status = res.status();
    if known && status == StatusCode::UNAUTHORIZED {
        // Revoked since it authenticated: it no longer passes a blocked address.
        if let Some(hash) = &key {
            limits.known_keys.invalidate(hash);
        }
    }
    if let Some(ip) = ip
        && (status == StatusCode::UNAUTHORIZED
            || (status == StatusCode::NOT_FOUND && key.is_none()))
    {
        limits.failed(ip).await;
    }
    res
}

/// Redeliveries one merchant key may ask for per minute (a burst of this many, then one every
/// `60 / n` seconds): `POST /v3/webhook_events/{id}/redeliver`.
pub const REDELIVERIES_PER_KEY_PER_MINUTE: u32 = 10;

/// Redeliveries by merchant key id.
pub type RedeliverLimiter = RateLimiter<
    i64,
    DashMapStateStore<i64>,
    LimiterClock,
    governor::middleware::NoOpMiddleware<Duration>,
>;

pub fn redeliver_limiter(clock: Clock) -> RedeliverLimiter {
    let per_minute = NonZeroU32::new(REDELIVERIES_PER_KEY_PER_MINUTE).unwrap_or(NonZeroU32::MIN);
    RateLimiter::dashmap_with_clock(Quota::per_minute(per_minute), LimiterClock::new(clock))
}
