//! The shop's catalogue as pricing reads it (append, the cart, the merchant's create), kept per
//! shop and language for a second.

use crate::store::menus::{self, Catalog};
use noren_core::cache::TtlCache;
use noren_core::db::Db;
use noren_core::domain::clock::Clock;
use noren_core::domain::lang::Lang;
use noren_core::http::state::{ShopCache, SlicePart};
use sea_orm::DbErr;
use std::sync::Arc;

/// Catalogues by (shop, language), for [`Catalogs::TTL`].
///
/// Why: reading a catalogue takes 9 statements (one per table), and each statement on SQLite is
/// a round trip to the connection's thread. An append read it on every request and ran at about
/// 750/s on the benchmark (`make bench`, `append`); with the catalogue kept, an append is one
/// read of the order's row and a short write. Pricing reads only what a merchant changes by an
/// import or a revert (names, prices, status, variations): stock is judged when it is taken, by
/// the conditional update of `order::store::cafeteria::take_stock`, so it is never read from
/// here and a kept catalogue cannot oversell. This process forgets a shop's catalogues when an
/// import or a revert changes its menus ([`ShopCache::forget`]); another process sees the change
/// within the TTL, as it sees the shop's rendered pages (`ShopPages`).
///
/// When a catalogue is missing, one request per shop reads it while the others wait for it
/// ([`Catalogs::read_lock`]), so that an expiry under load is one read, not one per connection.
pub struct Catalogs {
    kept: TtlCache<(i64, Lang), Arc<Catalog>>,
    /// Read locks, striped by shop id.
    locks: Vec<tokio::sync::Mutex<()>>,
}

impl Catalogs {
    /// Catalogues (shops × languages) a process keeps at most.
    pub const CAPACITY: u64 = 10_000;
    /// How long a catalogue is used after it was read.
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(1);

    /// Read lock stripes.
    const LOCKS: usize = 64;

    /// The catalogue of `shop_id` with its texts in `lang` and its fallbacks `langs`, read at
    /// most one TTL ago; `None` for an unknown shop (not kept).
    pub async fn get(
        &self,
        db: &Db,
        shop_id: i64,
        lang: Lang,
        langs: &[&str],
    ) -> Result<Option<Arc<Catalog>>, DbErr> {
        if let Some(c) = self.kept.get(&(shop_id, lang)) {
            return Ok(Some(c));
        }
        let stripe = shop_id.rem_euclid(Self::LOCKS as i64) as usize;
        let _reading = self.locks[stripe].lock().await;
        if let Some(c) = self.kept.get(&(shop_id, lang)) {
            return Ok(Some(c));
        }
        let Some(catalog) = menus::catalog(db, shop_id, langs).await? else {
            return Ok(None);
        };
        let catalog = Arc::new(catalog);
        self.kept.insert((shop_id, lang), catalog.clone());
        Ok(Some(catalog))
    }
}

impl SlicePart for Catalogs {
    fn new(_: &Db, clock: &Clock) -> Self {
        Catalogs {
            kept: TtlCache::new(Self::CAPACITY, Self::TTL, clock.clone()),
            locks: (0..Self::LOCKS)
                .map(|_| tokio::sync::Mutex::new(()))
                .collect(),
        }
    }
}

impl ShopCache for Catalogs {
    /// Forgets the catalogues of `shop_id` in every language (its menus or settings changed).
    fn forget(&self, shop_id: i64) {
        for lang in Lang::ALL {
            self.kept.invalidate(&(shop_id, lang));
        }
    }
}
