//! The booking settings of inbound shops as create and hold judge them (the shop's rules, its
//! business hours, each asked course with its children and time ranges), kept per shop and
//! checked against the shop's `config_version` under the shop's lock.
//!
//! Why: reading them took six statements of every booking (shop, hours, asked course, its
//! family, its ranges, and the lock), each a round trip to the connection's thread on SQLite,
//! all inside the write transaction that serialises a shop's writers. They change only when
//! the operator edits the shop (`inbound::store::catalog`, which moves the version on in the
//! same transaction), so a booking now reads the version with the statement that locks the shop
//! ([`super::reservations::lock_shop`]) and judges on what is kept for that version; the seats
//! held and the course's count are read fresh every time. With the seats read in one statement
//! from a covering index and the answer built from what was written, `make bench` (`inb_create`,
//! 32 connections) went from about 1,450 to about 2,100 bookings a second.
//!
//! Exactness: what is kept for a version was read in a transaction that held the shop's lock
//! and saw that version, and every settings write moves the version on after its rows, in its
//! transaction; so a booking judges on settings at least as new as the version it locked. A
//! write from another process is seen by the next booking, with no TTL to wait for: the TTL
//! here only bounds memory.

use crate::domain::availability::{HoursEntry, ShopRules};
use crate::store::reservations::{self as repo, CourseFamily};
use noren_core::cache::TtlCache;
use noren_core::db::Db;
use noren_core::db::entities::inbound_shop;
use noren_core::domain::clock::Clock;
use noren_core::http::state::SlicePart;
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One shop's settings at one `config_version`.
pub struct ShopConfig {
    pub version: i64,
    pub shop: inbound_shop::Model,
    pub rules: ShopRules,
    pub hours: Vec<HoursEntry>,
    /// By asked course id (a child maps to its parent's family); `None`: not a course of the
    /// shop.
    families: Mutex<HashMap<i64, Option<Arc<CourseFamily>>>>,
}

impl ShopConfig {
    /// Course ids a shop's settings keep at most; more are read but not kept.
    pub const COURSES: usize = 256;

    /// The family of course `id` (`None`: not a course of the shop), read with `db` inside the
    /// transaction that locked the shop at [`Self::version`].
    pub async fn family(
        &self,
        db: &impl ConnectionTrait,
        id: i64,
    ) -> Result<Option<Arc<CourseFamily>>, DbErr> {
        if let Some(kept) = self.families().get(&id) {
            return Ok(kept.clone());
        }
        let family = repo::course_family(db, self.shop.shop_id, id)
            .await?
            .map(Arc::new);
        let mut families = self.families();
        if families.len() < Self::COURSES {
            families.insert(id, family.clone());
        }
        Ok(family)
    }

    fn families(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Option<Arc<CourseFamily>>>> {
        self.families.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The kept settings, by shop.
pub struct ShopConfigs {
    kept: TtlCache<i64, Arc<ShopConfig>>,
}

impl ShopConfigs {
    /// Shops a process keeps at most.
    pub const CAPACITY: u64 = 10_000;
    /// How long unused settings stay (memory only: the version decides what is current).
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(600);

    /// Locks the shop `shop_id` for the rest of `tx`'s transaction and answers its settings;
    /// `None` when no inbound shop has the id (published or not: callers decide).
    pub async fn lock(
        &self,
        tx: &impl ConnectionTrait,
        shop_id: i64,
    ) -> Result<Option<Arc<ShopConfig>>, DbErr> {
        let Some(version) = repo::lock_shop(tx, shop_id).await? else {
            return Ok(None);
        };
        if let Some(kept) = self.kept.get(&shop_id)
            && kept.version == version
        {
            return Ok(Some(kept));
        }
        let Some((shop, hours)) = repo::load_shop(tx, shop_id).await? else {
            return Ok(None);
        };
        let config = Arc::new(ShopConfig {
            version,
            rules: repo::shop_rules(&shop),
            shop,
            hours,
            families: Mutex::new(HashMap::new()),
        });
        self.kept.insert(shop_id, config.clone());
        Ok(Some(config))
    }
}

impl SlicePart for ShopConfigs {
    fn new(_: &Db, clock: &Clock) -> Self {
        ShopConfigs {
            kept: TtlCache::new(Self::CAPACITY, Self::TTL, clock.clone()),
        }
    }
}
