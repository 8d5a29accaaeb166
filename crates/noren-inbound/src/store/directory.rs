//! The shop search's reads (issue 20, item 12): every published shop with everything its answer
//! shows, and what the filters match, read at once and kept for [`ShopDirectory::TTL`].
//!
//! Why: the search answered from SQL ran a `LIKE` over every shop's texts in every language per
//! request and then read the page's shops (seven statements): about 2 % of `/healthz` in
//! `make bench` with 50 shops in five languages. Partners search the same few thousand shops
//! over and over; kept in memory, a search filters a vector of lower-cased strings and renders
//! the page.
//!
//! What it may show: shops are written by the operator CLI (another process), so a change shows
//! within one TTL, as the availability reads do (`reads.rs`); this process forgets the directory
//! when it writes a shop (`ShopCache::forget`). One request loads it while the others wait.
//!
//! The filters mean what the spec says: the name is a case-insensitive part of the Japanese or
//! English name or of a name in any language; each address part is a case-insensitive
//! beginning of the Japanese part or of that part in any language; the postal code equals the
//! shop's or a text's, with or without its hyphen.

use crate::store::catalog::{self, ShopBundle, ShopFilter};
use noren_core::cache::TtlCache;
use noren_core::db::Db;
use noren_core::db::entities::inbound_shop;
use noren_core::domain::clock::Clock;
use noren_core::http::state::{ShopCache, SlicePart};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::sync::Arc;

/// What the filters of one shop match, lower-cased.
#[derive(Clone, Debug, Default)]
struct Entry {
    shop_id: i64,
    real_time: bool,
    names: Vec<String>,
    states: Vec<String>,
    cities: Vec<String>,
    towns: Vec<String>,
    /// As stored (with or without the hyphen).
    postal_codes: Vec<String>,
}

/// Every published shop, in id order, with what its answer shows.
pub struct Directory {
    pub bundle: ShopBundle,
    entries: Vec<Entry>,
}

fn lower(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .filter(|s| !s.is_empty())
        .map(str::to_lowercase)
}

impl Directory {
    fn new(bundle: ShopBundle) -> Self {
        let entries = bundle
            .shops
            .iter()
            .map(|(s, _)| {
                let texts = bundle
                    .texts
                    .get(&s.shop_id)
                    .map(Vec::as_slice)
                    .unwrap_or(&[]);
                let mut e = Entry {
                    shop_id: s.shop_id,
                    real_time: s.real_time_bookable,
                    ..Entry::default()
                };
                e.names.push(s.name_ja.to_lowercase());
                e.names.extend(lower(&s.name_en));
                e.names
                    .extend(texts.iter().map(|t| t.shop_name.to_lowercase()));
                e.states.extend(lower(&s.address_state));
                e.cities.extend(lower(&s.address_city));
                e.towns.extend(lower(&s.address_town));
                e.postal_codes.extend(s.address_postal_code.clone());
                for t in texts {
                    e.states.extend(lower(&t.address_state));
                    e.cities.extend(lower(&t.address_city));
                    e.towns.extend(lower(&t.address_town));
                    e.postal_codes.extend(t.address_postal_code.clone());
                }
                e
            })
            .collect();
        Directory { bundle, entries }
    }

    /// The ids of the shops matching `f`, in id order.
    pub fn search(&self, f: &ShopFilter) -> Vec<i64> {
        let name = f.name.as_deref().map(str::to_lowercase);
        let prefix = |q: &Option<String>| q.as_deref().map(str::to_lowercase);
        let (state, city, town) = (
            prefix(&f.address_state),
            prefix(&f.address_city),
            prefix(&f.address_town),
        );
        let postal = f
            .postal_code
            .as_deref()
            .map(|code| (code.to_string(), code.replace('-', "")));
        let starts = |values: &[String], q: &Option<String>| {
            q.as_deref()
                .is_none_or(|q| values.iter().any(|v| v.starts_with(q)))
        };
        self.entries
            .iter()
            .filter(|e| {
                f.shop_ids
                    .as_ref()
                    .is_none_or(|ids| ids.contains(&e.shop_id))
                    && (!f.real_time_only || e.real_time)
                    && name
                        .as_deref()
                        .is_none_or(|q| e.names.iter().any(|n| n.contains(q)))
                    && starts(&e.states, &state)
                    && starts(&e.cities, &city)
                    && starts(&e.towns, &town)
                    && postal.as_ref().is_none_or(|(code, compact)| {
                        e.postal_codes.iter().any(|p| p == code || p == compact)
                    })
            })
            .map(|e| e.shop_id)
            .collect()
    }

    /// The bundle's row of shop `id` (its model and number).
    pub fn shop(&self, id: i64) -> Option<&(inbound_shop::Model, String)> {
        let at = self.entries.binary_search_by_key(&id, |e| e.shop_id).ok()?;
        self.bundle.shops.get(at)
    }
}

/// The kept directory of this process.
pub struct ShopDirectory {
    kept: TtlCache<(), Arc<Directory>>,
    loading: tokio::sync::Mutex<()>,
}

impl ShopDirectory {
    /// How long the directory is answered from memory.
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(1);

    /// The directory, read when the kept one is older than the TTL.
    pub async fn get(&self, db: &impl ConnectionTrait) -> Result<Arc<Directory>, DbErr> {
        if let Some(d) = self.kept.get(&()) {
            return Ok(d);
        }
        let _loading = self.loading.lock().await;
        if let Some(d) = self.kept.get(&()) {
            return Ok(d);
        }
        let ids: Vec<i64> = inbound_shop::Entity::find()
            .filter(inbound_shop::Column::Published.eq(true))
            .order_by_asc(inbound_shop::Column::ShopId)
            .all(db)
            .await?
            .into_iter()
            .map(|s| s.shop_id)
            .collect();
        let directory = Arc::new(Directory::new(catalog::shop_bundle(db, &ids).await?));
        self.kept.insert((), directory.clone());
        Ok(directory)
    }
}

impl SlicePart for ShopDirectory {
    fn new(_: &Db, clock: &Clock) -> Self {
        ShopDirectory {
            kept: TtlCache::new(1, Self::TTL, clock.clone()),
            loading: tokio::sync::Mutex::new(()),
        }
    }
}

impl ShopCache for ShopDirectory {
    fn forget(&self, _shop_id: i64) {
        self.kept.invalidate_all();
    }
}
