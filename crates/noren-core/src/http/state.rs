//! The application state: what every handler, service, extractor and layer can reach. It imports
//! no API slice (`pay`, `order`, `inbound`): what a slice keeps in memory (its read caches, the
//! hooks other slices give it) is a [`SlicePart`] the slice defines and finds with
//! [`AppState::slice`]. What a service does after its transaction commits is an [`Effects`] value,
//! applied in one place ([`Effects::apply`]).

use crate::cache::TtlCache;
use crate::config::Config;
use crate::connectors::Connectors;
use crate::db::Db;
use crate::domain::clock::{Clock, Now};
use crate::domain::secret_box::SecretBox;
use crate::http::auth_cache::AuthCache;
use crate::http::metrics::Metrics;
use crate::http::ratelimit::RateLimits;
use crate::jobs::Wake;
use crate::webhooks::endpoints::Owner;
use crate::webhooks::event::EventSettings;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

/// What every handler can reach: one pointer, so the clone each request makes is one counter
/// increment. Nothing in it is state that matters across processes (DESIGN.md "Scale-out"):
/// the database holds that.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub metrics: Arc<Metrics>,
    pub auth_cache: Arc<AuthCache>,
    pub statics: Arc<StaticDirs>,
    /// The portal pages' Content-Security-Policy, with the hashes of its build's inline scripts.
    pub portal_csp: axum::http::HeaderValue,
    pub specs: Arc<RenderedSpecs>,
    /// Base of links handed to customers (`{public_url}/checkout/{token}`).
    pub public_url: Arc<str>,
    pub connectors: Arc<Connectors>,
    /// Wakes this process's runner of webhook deliveries when an event was written.
    pub webhook_wake: Arc<Wake>,
    /// Shop numbers by shop id: they never change, and reading a payment by token shows one.
    pub shop_numbers: ShopNumbers,
    /// What each API slice keeps in this process (see [`Slices`]).
    pub slices: Slices,
    /// Per-key and per-address request limits of this process.
    pub rate_limits: Arc<RateLimits>,
    /// Encrypts webhook secrets and mini-program keys at rest (`NOREN_SECRET_KEY`).
    pub secret_box: Arc<SecretBox>,
    /// "Now" for every request and job path (tests move it instead of sleeping).
    pub clock: Clock,
    /// The owners' test clocks (issue 35): an owner's test mode asks them for its now
    /// ([`AppState::now_of`]).
    pub clocks: Arc<crate::clocks::Clocks>,
    /// A job runner with every kind registered (`app.rs` makes it): what an advance of a test
    /// clock runs its jobs with, whatever this process's runners are configured to run.
    pub runners: fn(&AppState) -> anyhow::Result<crate::jobs::Runner>,
    /// Where uploaded files live (menu import workbooks): `crate::objects`.
    pub objects: Arc<crate::objects::Objects>,
    /// This process's instance id and whether it is shutting down (`/readyz`).
    pub lifecycle: Arc<Lifecycle>,
    /// The requests of test keys, for the log streams (`noren logs tail`).
    pub request_log: Arc<crate::http::request_log::RequestLog>,
}

/// Shop numbers by shop id. They never change, so the TTL only bounds how long a deleted shop's
/// number stays in memory; the capacity bounds the memory.
pub struct ShopNumbers(TtlCache<i64, Arc<str>>);

impl ShopNumbers {
    /// Shop numbers a process remembers at most.
    pub const CAPACITY: u64 = 10_000;
    /// How long a shop number is remembered.
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(3600);

    pub fn new(clock: Clock) -> Self {
        ShopNumbers(TtlCache::new(Self::CAPACITY, Self::TTL, clock))
    }
}

impl AppState {
    /// A shop's number (remembered: shop numbers never change).
    pub async fn shop_number(&self, shop_id: i64) -> Result<Option<Arc<str>>, sea_orm::DbErr> {
        if let Some(n) = self.shop_numbers.0.get(&shop_id) {
            return Ok(Some(n));
        }
        let Some(shop) = crate::db::repo::accounts::find_shop(&self.db, shop_id).await? else {
            return Ok(None);
        };
        let number: Arc<str> = shop.number.into();
        self.shop_numbers.0.insert(shop_id, number.clone());
        Ok(Some(number))
    }

    /// Revokes a merchant key; this server stops accepting it at once (its auth cache is
    /// cleared), other processes within `NOREN_AUTH_CACHE_TTL_MS`.
    pub async fn revoke_api_key(
        &self,
        key_id: i64,
    ) -> Result<(), crate::db::repo::accounts::AccountError> {
        crate::db::repo::accounts::revoke_api_key(&self.db, key_id, self.clock.now()).await?;
        self.auth_cache.clear();
        Ok(())
    }

    /// Disables (or enables) a shop device; at once on this server, as [`Self::revoke_api_key`].
    pub async fn set_device_disabled(
        &self,
        device_id: i64,
        disabled: bool,
    ) -> Result<(), crate::db::repo::accounts::AccountError> {
        crate::db::repo::accounts::set_device_disabled(
            &self.db,
            device_id,
            disabled,
            self.clock.now(),
        )
        .await?;
        self.auth_cache.clear();
        Ok(())
    }

    /// What writing a webhook event at `now` (the owner's, [`AppState::now_of`]) needs.
    pub fn event_settings(&self, now: Now) -> EventSettings<'_> {
        EventSettings {
            fx: &self.config.fx_rates,
            max_deliveries: self.config.webhooks.max_deliveries(),
            now: now.at,
            clock: now.clock,
        }
    }

    /// Now for `owner`: its test clock's time while its test mode has one, else this process's
    /// (`crate::clocks`).
    pub async fn now_of(&self, owner: Owner) -> Result<Now, sea_orm::DbErr> {
        self.clocks.now(owner).await
    }
}

/// The specs as served, rendered once.
pub struct RenderedSpecs {
    pub pay_yaml: String,
    pub order_json: String,
    pub inbound_json: String,
    /// Internal: the hosted checkout's own endpoints.
    pub checkout_json: String,
}

/// Where the static builds are, resolved once at start-up.
#[derive(Clone, Debug, Default)]
pub struct StaticDirs {
    pub portal: Option<PathBuf>,
    pub checkout: Option<PathBuf>,
}

/// Something an API slice keeps in this process beside the database: a read cache, or the hooks
/// other slices give it. The slice defines the type; [`AppState::slice`] finds the process's one.
pub trait SlicePart: Send + Sync + 'static {
    /// The part as a fresh process has it: built on first use unless `app.rs` put one in at
    /// start-up ([`Slices::with`], for parts that need another slice, such as hooks).
    fn new(db: &Db, clock: &Clock) -> Self;
}

/// A slice's job runner's wake-up (the menu imports'): [`Effects::wake`] names it after a change
/// that queued a job, and `app.rs` gives the same [`Wake`] to the runner.
pub trait Wakes: SlicePart {
    /// The runner's wake-up.
    fn wake(&self) -> &Arc<Wake>;
}

/// A slice's cache kept per shop: [`Effects::forget`] names it after a change of the shop.
pub trait ShopCache: SlicePart {
    /// Forgets what is kept for `shop_id` (its data changed).
    fn forget(&self, shop_id: i64);
}

/// The slices' parts by type. A read is a shared lock and a hash lookup (tens of nanoseconds);
/// a part is built once, under the write lock, the first time it is asked for.
#[derive(Default)]
pub struct Slices(RwLock<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>);

impl Slices {
    /// With `part` instead of the one [`SlicePart::new`] would build.
    pub fn with<T: SlicePart>(self, part: T) -> Self {
        self.0
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(TypeId::of::<T>(), Arc::new(part));
        self
    }

    fn get<T: SlicePart>(&self, db: &Db, clock: &Clock) -> Arc<T> {
        let id = TypeId::of::<T>();
        if let Some(part) = self.0.read().unwrap_or_else(|e| e.into_inner()).get(&id)
            && let Ok(part) = part.clone().downcast::<T>()
        {
            return part;
        }
        let mut parts = self.0.write().unwrap_or_else(|e| e.into_inner());
        let part = parts
            .entry(id)
            .or_insert_with(|| Arc::new(T::new(db, clock)))
            .clone();
        // Keyed by the type's id, so the downcast holds; a fresh part would do if it did not.
        part.downcast::<T>()
            .unwrap_or_else(|_| Arc::new(T::new(db, clock)))
    }
}

impl AppState {
    /// This process's `T` of an API slice (its cache, its hooks).
    pub fn slice<T: SlicePart>(&self) -> Arc<T> {
        self.slices.get::<T>(&self.db, &self.clock)
    }
}

/// What a service does once its transaction has committed, returned with its answer instead of
/// being done by hand after each commit: forget the caches the change made stale, wake this
/// process's runners of the jobs it wrote. Applying cannot fail, and other processes see the
/// change within their caches' TTL and find the jobs at their next poll (DESIGN.md
/// "Scale-out").
/// Forgets one shop's entries of one cache.
type Forget = fn(&AppState, i64);
/// Wakes one slice's job runner.
type WakeRunner = fn(&AppState);

#[derive(Default)]
#[must_use = "apply the effects after the transaction commits"]
pub struct Effects {
    forget: Vec<(Forget, i64)>,
    wake_webhooks: bool,
    wake: Vec<WakeRunner>,
}

impl Effects {
    /// Nothing to do.
    pub fn none() -> Self {
        Effects::default()
    }

    /// Forget what the cache `T` keeps for `shop_id`.
    pub fn forget<T: ShopCache>(mut self, shop_id: i64) -> Self {
        fn forget_in<T: ShopCache>(state: &AppState, shop_id: i64) {
            state.slice::<T>().forget(shop_id);
        }
        self.forget.push((forget_in::<T>, shop_id));
        self
    }

    /// Wake the webhook delivery runner (an event was written).
    pub fn wake_webhooks(mut self) -> Self {
        self.wake_webhooks = true;
        self
    }

    /// Wake the job runner whose wake-up the slice part `W` is (an import was started:
    /// `wake::<ImportWake>()`).
    pub fn wake<W: Wakes>(mut self) -> Self {
        fn wake_in<W: Wakes>(state: &AppState) {
            state.slice::<W>().wake().wake();
        }
        self.wake.push(wake_in::<W>);
        self
    }

    /// These and `other`'s.
    pub fn and(mut self, other: Effects) -> Self {
        self.forget.extend(other.forget);
        self.wake_webhooks |= other.wake_webhooks;
        self.wake.extend(other.wake);
        self
    }

    /// Does them: call only after the transaction that made them committed.
    pub fn apply(self, state: &AppState) {
        for (forget, shop_id) in self.forget {
            forget(state, shop_id);
        }
        if self.wake_webhooks {
            state.webhook_wake.wake();
        }
        for wake in self.wake {
            wake(state);
        }
    }
}

/// This process's place in a deployment: its instance id (its `heartbeats` row) and whether it
/// is shutting down.
pub struct Lifecycle {
    pub instance: String,
    draining: AtomicBool,
    /// The last readiness report (`/readyz`).
    pub readiness: crate::http::readiness::Readiness,
}

impl Default for Lifecycle {
    fn default() -> Self {
        Lifecycle {
            instance: format!("{}-{}", std::process::id(), uuid::Uuid::new_v4().simple()),
            draining: AtomicBool::new(false),
            readiness: Default::default(),
        }
    }
}

impl Lifecycle {
    /// From now on `/readyz` answers 503: the process is shutting down.
    pub fn drain(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }
}
