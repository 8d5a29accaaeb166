//! The availability call's reads, kept per shop for [`InboundReads::TTL`].
//!
//! Why: an availability answer needs the partner's key, the shop, its hours, the asked course
//! (with its children, time ranges and active-reservation count) and the seats held around the
//! day: eight statements, about 1.5 ms on SQLite, against a few microseconds for the engine.
//! Partners ask for the same shops and days over and over, and for the next days after one (a
//! calendar of a month), so the reads are kept, and the held seats of a week are read with one
//! statement ([`held_days`]). Measured with `make bench` (`inb_avail`, 32 connections): about
//! 2 % of `/healthz` before, above half of it after; the 30-day scan from cold went from 45 ms
//! to about 14 ms.
//!
//! What it may show:
//! - This process forgets a shop's reads when it commits a reservation write of that shop
//!   (create, update, cancel, a merchant's confirm, reject, cancel or half refund:
//!   [`InboundReads::forget`]), so a booking made here is reflected by the next answer.
//! - Changes made elsewhere (another server on the same PostgreSQL, the operator CLI editing a
//!   shop or course) show within one TTL.
//!
//! Availability is advice, never a promise: create and update judge the requested time again
//! inside their transaction on fresh seats (`reservations::held`, under the shop's lock), so a stale answer
//! can at worst offer a slot that create then refuses with `slot_unavailable`, never overbook.
//!
//! A load that raced with a write is not kept: [`InboundReads::forget`] moves the shop's
//! generation on, and a load keeps what it read only when the generation it saw before reading
//! is still current. When a shop's reads are missing, one request per shop stripe loads them
//! while the others wait and then find them (as `order::store::shop_pages::ShopPages` does for rendered shop pages):
//! without that, every connection would load the same rows each time the TTL ends.

use crate::domain::availability::{Held, HoursEntry, ShopRules, day_stays};
use crate::store::reservations::{self as repo, CourseSet, LoadQuery};
use chrono::{DateTime, Days, NaiveDate, Utc};
use noren_core::cache::TtlCache;
use noren_core::db::Db;
use noren_core::db::entities::inbound_shop;
use noren_core::domain::clock::Clock;
use noren_core::http::state::{ShopCache, SlicePart};
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// One shop's kept reads.
pub struct ShopReads {
    pub shop: inbound_shop::Model,
    pub rules: ShopRules,
    pub hours: Vec<HoursEntry>,
    parts: Mutex<Parts>,
}

/// The reads of one shop that depend on the request: per (mode, course) and (mode, window).
#[derive(Default)]
struct Parts {
    /// `None`: the id is not a course of the shop.
    courses: HashMap<(bool, i64), Option<Arc<CourseSet>>>,
    /// Seats held around a JST day.
    held: HashMap<(bool, NaiveDate), Arc<Vec<Held>>>,
}

impl Parts {
    fn len(&self) -> usize {
        self.courses.len() + self.held.len()
    }
}

/// What the availability call asks for.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    pub shop_id: i64,
    pub livemode: bool,
    /// The JST day.
    pub date: NaiveDate,
    /// The requested course (a parent course, or a child: its parent is read).
    pub course_id: Option<i64>,
    /// Now, on the state's clock: holds active then are read (each with its expiry, which the
    /// engine judges again at its own `now`).
    pub now: DateTime<Utc>,
}

impl Query {
    /// The repository's query for the seats held over `[from, to)`.
    fn load(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> LoadQuery<'static> {
        LoadQuery {
            shop_id: self.shop_id,
            livemode: self.livemode,
            from,
            to,
            course_id: None,
            exclude: None,
            exclude_hold: None,
            now: self.now,
        }
    }
}

/// What the calendar reads: the shop, the course and each day's held seats.
pub struct SpanReads {
    pub shop: Arc<ShopReads>,
    pub course: Option<Arc<CourseSet>>,
    pub held: Vec<(NaiveDate, Arc<Vec<Held>>)>,
}

/// What the availability call reads for one request.
pub struct Reads {
    pub shop: Arc<ShopReads>,
    /// `None` when no course was asked for, or the asked one is not a course of the shop.
    pub course: Option<Arc<CourseSet>>,
    pub held: Arc<Vec<Held>>,
}

pub struct InboundReads {
    shops: TtlCache<i64, Arc<ShopReads>>,
    /// Moved on by every [`Self::forget`] of a shop of the stripe.
    generations: Vec<AtomicU64>,
    /// Load locks, by the same stripes.
    locks: Vec<tokio::sync::Mutex<()>>,
}

impl InboundReads {
    /// Shops whose reads a process keeps at most.
    pub const CAPACITY: u64 = 10_000;
    /// How long reads are answered from memory.
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(1);
    /// Course and day reads kept per shop (a month of days and a few courses in both modes);
    /// more are read but not kept. With the TTL it bounds the memory: only shops asked for in
    /// the last second are kept, each with at most this many parts of a few dozen rows.
    pub const PER_SHOP: usize = 96;
    const STRIPES: usize = 64;

    fn build(clock: Clock) -> Self {
        InboundReads {
            shops: TtlCache::new(Self::CAPACITY, Self::TTL, clock),
            generations: (0..Self::STRIPES).map(|_| AtomicU64::new(0)).collect(),
            locks: (0..Self::STRIPES)
                .map(|_| tokio::sync::Mutex::new(()))
                .collect(),
        }
    }

    fn stripe(shop_id: i64) -> usize {
        shop_id.rem_euclid(Self::STRIPES as i64) as usize
    }

    fn generation(&self, shop_id: i64) -> u64 {
        self.generations[Self::stripe(shop_id)].load(Ordering::Acquire)
    }

    /// The reads for the availability of `shop_id` on the JST day `date` in mode `livemode`,
    /// with the course `course_id` (its parent and children) when asked; `None` when no
    /// inbound shop has the id. The seats held are those of active reservations whose stay
    /// overlaps the stays of the day's slots (`availability::day_stays`).
    pub async fn get(&self, db: &impl ConnectionTrait, q: Query) -> Result<Option<Reads>, DbErr> {
        if let Some(found) = self.kept(q) {
            return Ok(Some(found));
        }
        let _loading = self.locks[Self::stripe(q.shop_id)].lock().await;
        if let Some(found) = self.kept(q) {
            return Ok(Some(found));
        }
        let generation = self.generation(q.shop_id);
        let shop = match self.shops.get(&q.shop_id) {
            Some(shop) => shop,
            None => {
                let Some((shop, hours)) = repo::load_shop(db, q.shop_id).await? else {
                    return Ok(None);
                };
                Arc::new(ShopReads {
                    rules: repo::shop_rules(&shop),
                    shop,
                    hours,
                    parts: Mutex::new(Parts::default()),
                })
            }
        };
        let course = match q.course_id {
            Some(id) => {
                let kept = lock(&shop.parts).courses.get(&(q.livemode, id)).cloned();
                match kept {
                    Some(c) => c,
                    None => repo::course_set(db, &q.load(q.now, q.now), id)
                        .await?
                        .map(Arc::new),
                }
            }
            None => None,
        };
        let kept_held = lock(&shop.parts).held.get(&(q.livemode, q.date)).cloned();
        let (held, days) = match kept_held {
            Some(h) => (h, Vec::new()),
            None => {
                let days = held_days(db, &shop, q).await?;
                let held = days.first().map(|(_, h)| h.clone()).unwrap_or_default();
                (held, days)
            }
        };
        if self.generation(q.shop_id) == generation {
            {
                let mut parts = lock(&shop.parts);
                if parts.len() + 2 <= Self::PER_SHOP {
                    if let Some(id) = q.course_id {
                        parts.courses.insert((q.livemode, id), course.clone());
                    }
                    parts.held.insert((q.livemode, q.date), held.clone());
                }
                for (day, h) in days.into_iter().skip(1) {
                    if parts.len() < Self::PER_SHOP {
                        parts.held.insert((q.livemode, day), h);
                    }
                }
            }
            if self.shops.get(&q.shop_id).is_none() {
                self.shops.insert(q.shop_id, shop.clone());
            }
            // A forget between the check above and the insert: its invalidation may have
            // run before the insert, so do it again.
            if self.generation(q.shop_id) != generation {
                self.shops.invalidate(&q.shop_id);
            }
        }
        Ok(Some(Reads { shop, course, held }))
    }

    /// The reads for `q` if every part is kept.
    /// The reads of `days` days from `q.date` for the calendar: the shop and the course as
    /// [`Self::get`] keeps them, and the seats held on each day, read at once in one statement
    /// (not kept: a month is more parts than a shop keeps).
    pub async fn span(
        &self,
        db: &impl ConnectionTrait,
        q: Query,
        days: u64,
    ) -> Result<Option<SpanReads>, DbErr> {
        let Some(first) = self.get(db, q).await? else {
            return Ok(None);
        };
        let held = held_span(db, &first.shop, q, days).await?;
        Ok(Some(SpanReads {
            shop: first.shop,
            course: first.course,
            held,
        }))
    }

    fn kept(&self, q: Query) -> Option<Reads> {
        let shop = self.shops.get(&q.shop_id)?;
        let (course, held) = {
            let parts = lock(&shop.parts);
            let course = match q.course_id {
                Some(id) => parts.courses.get(&(q.livemode, id))?.clone(),
                None => None,
            };
            (course, parts.held.get(&(q.livemode, q.date))?.clone())
        };
        Some(Reads { shop, course, held })
    }
}

impl SlicePart for InboundReads {
    fn new(_: &Db, clock: &Clock) -> Self {
        InboundReads::build(clock.clone())
    }
}

impl ShopCache for InboundReads {
    /// Forgets every read of `shop_id`: a reservation write of the shop (or a change of its
    /// catalogue) committed in this process.
    fn forget(&self, shop_id: i64) {
        self.generations[Self::stripe(shop_id)].fetch_add(1, Ordering::AcqRel);
        self.shops.invalidate(&shop_id);
    }
}

/// The instants a day's stays cover (`availability::day_stays`).
type Stays = (DateTime<Utc>, DateTime<Utc>);

/// Days whose held seats one read brings (see [`held_days`]).
const HELD_DAYS: u64 = 7;

/// The seats held around `q.date` and the [`HELD_DAYS`] − 1 days after it, read with one
/// statement: a partner that asks for one day usually asks for the next ones too (a calendar).
/// Starts with `q.date`'s.
async fn held_days(
    db: &impl ConnectionTrait,
    shop: &ShopReads,
    q: Query,
) -> Result<Vec<(NaiveDate, Arc<Vec<Held>>)>, DbErr> {
    held_span(db, shop, q, HELD_DAYS).await
}

/// The seats held on each of `days` days from `q.date`, read in one statement over the stays
/// of them all and split by day.
async fn held_span(
    db: &impl ConnectionTrait,
    shop: &ShopReads,
    q: Query,
    days: u64,
) -> Result<Vec<(NaiveDate, Arc<Vec<Held>>)>, DbErr> {
    let windows: Vec<(NaiveDate, Option<Stays>)> = (0..days)
        .map_while(|i| q.date.checked_add_days(Days::new(i)))
        .map(|day| (day, day_stays(&shop.rules, &shop.hours, day)))
        .collect();
    let from = windows.iter().filter_map(|(_, w)| w.map(|w| w.0)).min();
    let to = windows.iter().filter_map(|(_, w)| w.map(|w| w.1)).max();
    let rows = match (from, to) {
        (Some(from), Some(to)) => repo::held(db, &q.load(from, to)).await?,
        _ => Vec::new(),
    };
    Ok(windows
        .into_iter()
        .map(|(day, window)| {
            let held = match window {
                Some((from, to)) => rows
                    .iter()
                    .copied()
                    .filter(|h| h.start < to && from < h.end)
                    .collect(),
                None => Vec::new(),
            };
            (day, Arc::new(held))
        })
        .collect())
}

fn lock(parts: &Mutex<Parts>) -> std::sync::MutexGuard<'_, Parts> {
    parts.lock().unwrap_or_else(|e| e.into_inner())
}
