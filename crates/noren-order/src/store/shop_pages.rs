//! The rendered answers of the shop call (`GET /api/order/shop/{id}`), kept per shop for a
//! second: the ordering API's one cache.

use axum::body::Bytes;
use noren_core::cache::TtlCache;
use noren_core::db::Db;
use noren_core::domain::clock::Clock;
use noren_core::domain::lang::Lang;
use noren_core::http::state::{ShopCache, SlicePart};
use std::sync::Arc;

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

    fn build(clock: Clock) -> Self {
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
}

impl SlicePart for ShopPages {
    fn new(_: &Db, clock: &Clock) -> Self {
        ShopPages::build(clock.clone())
    }
}

impl ShopCache for ShopPages {
    /// Forgets every page of `shop_id` (its menus, settings or stock changed).
    fn forget(&self, shop_id: i64) {
        self.pages.invalidate(&shop_id);
    }
}
