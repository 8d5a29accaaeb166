//! The application state: what every handler, extractor and layer can reach. It imports no API
//! module (`pay`, `order`, `inbound`) and nothing that imports it, so the modules that use it do
//! not depend on the file that builds the router (`app.rs`).

use crate::cache::TtlCache;
use crate::config::Config;
use crate::connectors::Connectors;
use crate::db::Db;
use crate::db::repo::inbound_reads::InboundReads;
use crate::db::repo::token_reads::TokenReads;
use crate::domain::clock::Clock;
use crate::domain::lang::Lang;
use crate::domain::secret_box::SecretBox;
use crate::http::auth_cache::AuthCache;
use crate::http::metrics::Metrics;
use crate::http::ratelimit::{RateLimits, RedeliverLimiter};
use crate::jobs::Wake;
use crate::webhooks::event::EventSettings;
use axum::body::Bytes;
use std::path::PathBuf;
use std::sync::Arc;

/// What every handler can reach: one pointer, so the clone each request makes is one counter
/// increment. Nothing in it is state that matters across processes (DESIGN.md "Scale-out"):
/// the database holds that.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The shop call's rendered answers, per shop, language and menu profile, for [`ShopPages::TTL`].
///
/// Why: the answer is the shop's whole catalogue (about 120 KB for 200 menus, read with 9
/// statements and serialised: about 4 ms), and every phone at every table asks for it. Rendering
/// it once a second per shop lets the call run at a fraction of `/healthz` instead of about 1 %
/// (`make bench`, `shop`). What it shows may be one TTL old in another process, which the
/// catalogue tolerates: stock and status are judged when an append takes them, never by this
/// read. This process forgets a shop's pages when it changes the shop's menus or stock
/// ([`ShopPages::forget`]).
///
/// When a page is missing, one request per shop renders it while the others wait for it
/// ([`ShopPages::render_lock`]): without that, the 32 connections of the benchmark all rendered
/// the same page each time it expired, and the read's p99 was 120 ms instead of a few.
pub struct ShopPages {
    pages: TtlCache<i64, Arc<ShopRenders>>,
    /// Render locks, striped by shop id.
    locks: Vec<tokio::sync::Mutex<()>>,
}

/// One shop's rendered answers by (language, profile).
#[derive(Default)]
pub struct ShopRenders(std::sync::Mutex<std::collections::HashMap<(Lang, Option<String>), Bytes>>);

impl ShopPages {
    /// Shops whose pages a process keeps at most.
    pub const CAPACITY: u64 = 10_000;
    /// How long a rendered page is answered.
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(1);
    /// Renders kept per shop (languages × profiles); more are rendered but not kept.
    pub const PER_SHOP: usize = 32;

    /// Render lock stripes.
    const LOCKS: usize = 64;

    pub fn new(clock: Clock) -> Self {
        ShopPages {
            pages: TtlCache::new(Self::CAPACITY, Self::TTL, clock),
            locks: (0..Self::LOCKS)
                .map(|_| tokio::sync::Mutex::new(()))
                .collect(),
        }
    }

    /// Held while rendering a page of `shop_id`: the request that renders it holds it, the
    /// others wait, then find the page.
    pub async fn render_lock(&self, shop_id: i64) -> tokio::sync::MutexGuard<'_, ()> {
        let stripe = shop_id.rem_euclid(Self::LOCKS as i64) as usize;
        self.locks[stripe].lock().await
    }

    /// The page of `shop_id` in `lang` for `profile`, if rendered less than a TTL ago.
    pub fn get(&self, shop_id: i64, lang: Lang, profile: Option<&str>) -> Option<Bytes> {
        let renders = self.pages.get(&shop_id)?;
        let renders = renders.0.lock().unwrap_or_else(|e| e.into_inner());
        renders.get(&(lang, profile.map(str::to_string))).cloned()
    }

    pub fn put(&self, shop_id: i64, lang: Lang, profile: Option<&str>, page: Bytes) {
        let renders = match self.pages.get(&shop_id) {
            Some(r) => r,
            None => {
                let r = Arc::new(ShopRenders::default());
                self.pages.insert(shop_id, r.clone());
                r
            }
        };
        let mut renders = renders.0.lock().unwrap_or_else(|e| e.into_inner());
        if renders.len() < Self::PER_SHOP {
            renders.insert((lang, profile.map(str::to_string)), page);
        }
    }

    /// Forgets every page of `shop_id` (its menus, settings or stock changed).
    pub fn forget(&self, shop_id: i64) {
        self.pages.invalidate(&shop_id);
    }
}

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
    /// Rendered answers of `GET /api/order/shop/{id}` (see [`ShopPages`]).
    pub shop_pages: Arc<ShopPages>,
    /// Reads by token, coalesced under load (see `repo::token_reads`).
    pub token_reads: TokenReads,
    /// The inbound availability call's reads, kept per shop (see `repo::inbound_reads`).
    pub inbound_reads: Arc<InboundReads>,
    /// Per-key and per-address request limits of this process.
    pub rate_limits: Arc<RateLimits>,
    /// Encrypts webhook secrets and mini-program keys at rest (`NOREN_SECRET_KEY`).
    pub secret_box: Arc<SecretBox>,
    /// "Now" for every request and job path (tests move it instead of sleeping).
    pub clock: Clock,
    /// Where uploaded files live (menu import workbooks): `crate::objects`.
    pub objects: Arc<crate::objects::Objects>,
    /// Wakes this process's runner of menu imports when one was started.
    pub import_wake: Arc<Wake>,
    /// Redeliveries per merchant key (`POST /v3/webhook_events/{id}/redeliver`).
    pub redeliver_limiter: Arc<RedeliverLimiter>,
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

    /// What writing a webhook event needs.
    pub fn event_settings(&self) -> EventSettings<'_> {
        EventSettings {
            fx: &self.config.fx_rates,
            max_deliveries: self.config.webhooks.max_deliveries(),
            now: self.clock.now(),
        }
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
