//! Inbound reservations (migration 000012): the one read that feeds the availability engine
//! (`inbound/domain/availability.rs`), the reservation writes of create and update, and the loader that
//! turns rows into what the reservation calls answer (`inbound/dto.rs`).
//!
//! Modes never mix: every read and count here takes `livemode`, so a test reservation never
//! holds a live seat or uses up a live `quantityLimit`, and the other way round.
//!
//! Writers that decide on availability (create, update, hold) run in one transaction that begins
//! with [`lock_shop`]: a `SELECT … FOR UPDATE` of the shop's `inbound_shops` row. On PostgreSQL
//! it takes the row's lock until commit, so writers of one shop (and the operator's writes of its
//! settings, which update the row) queue there and each reads the reservations the previous one
//! committed (read committed: every statement sees the latest commits); on SQLite the
//! transaction is `BEGIN IMMEDIATE` (`db::begin_write`), which serialises every writer anyway. The engine then judges on data no other writer can change before the insert.

use crate::domain::availability::{CourseRules, Held, HoursEntry, ShopRules, TimeRange};
use crate::domain::reservation::ReservationStatus;
use chrono::{DateTime, NaiveTime, Utc};
use noren_core::db::entities::{
    inbound_business_hour, inbound_course, inbound_course_time_range, inbound_platform,
    inbound_reservation, inbound_reservation_course, inbound_shop,
};
use sea_orm::sea_query::{Expr, Func, UnionType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use std::collections::HashMap;

use crate::store::holds;
use noren_core::db::repo::{SelectFirst, Unique};

/// `ux_inbound_reservations_origin` (migration 000012): the platform's reservation number per
/// platform and mode.
pub const ORIGIN_NUMBER: Unique = Unique {
    name: "ux_inbound_reservations_origin",
    table: "inbound_reservations",
    columns: &["platform_id", "livemode", "origin_number"],
};

/// The statuses that hold seats and count toward `quantityLimit`.
fn active_statuses() -> Vec<&'static str> {
    ReservationStatus::ALL
        .into_iter()
        .filter(|s| s.is_active())
        .map(ReservationStatus::as_str)
        .collect()
}

/// What a read for the engine asks for.
#[derive(Clone, Debug)]
pub struct LoadQuery<'a> {
    pub shop_id: i64,
    pub livemode: bool,
    /// Reservations whose stay overlaps `[from, to)` are loaded as [`Held`].
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// The requested course (a parent course, or a child: its parent is loaded).
    pub course_id: Option<i64>,
    /// A reservation left out of the seats and counts (the one an update changes).
    pub exclude: Option<&'a str>,
    /// A hold left out of the seats and counts (the one a create turns into the reservation).
    pub exclude_hold: Option<&'a str>,
    /// Holds count while they are active at this instant (the state's clock).
    pub now: DateTime<Utc>,
}

/// A course with its child courses and the rules the engine applies.
#[derive(Clone, Debug)]
pub struct CourseSet {
    pub parent: inbound_course::Model,
    pub children: Vec<inbound_course::Model>,
    pub rules: CourseRules,
}

/// Everything the engine needs for one shop, mode and window.
#[derive(Clone, Debug)]
pub struct Booking {
    pub shop: inbound_shop::Model,
    pub rules: ShopRules,
    pub hours: Vec<HoursEntry>,
    pub held: Vec<Held>,
    /// `None` when no course was asked for, or the asked one is not a course of the shop.
    pub course: Option<CourseSet>,
}

fn hhmm(s: &str) -> Result<NaiveTime, DbErr> {
    NaiveTime::parse_from_str(s, "%H:%M")
        .map_err(|_| DbErr::Custom(format!("stored time {s:?} is not HH:MM")))
}

/// The engine's shop settings from a stored shop.
pub fn shop_rules(s: &inbound_shop::Model) -> ShopRules {
    ShopRules {
        slot_minutes: i64::from(s.slot_minutes.max(1)),
        seat_capacity: i64::from(s.seat_capacity),
        stay_minutes: i64::from(s.stay_minutes),
        cutoff_hours: i64::from(s.cutoff_hours),
        min_guests: i64::from(s.min_guests),
        max_guests: i64::from(s.max_guests),
        real_time: s.real_time_bookable,
    }
}

/// Loads the shop (published or not: callers decide), its hours, the asked course and the seats
/// held of mode `q.livemode` for judging one start at `start_at`, all read fresh inside the
/// caller's transaction (update; create and hold keep the settings, `inbound::store::configs`).
/// The seats held are only those whose stay overlaps the stay that starts then
/// ([`judged_stay`]), the ones the engine counts (`availability::judge`); `q.from` and `q.to`
/// are not read. `None`: no inbound shop has this id.
pub async fn load_for_start(
    db: &impl ConnectionTrait,
    q: &LoadQuery<'_>,
    start_at: DateTime<Utc>,
) -> Result<Option<Booking>, DbErr> {
    let Some((shop, hours)) = load_shop(db, q.shop_id).await? else {
        return Ok(None);
    };
    let rules = shop_rules(&shop);
    let (from, to) = judged_stay(&rules, start_at);
    let q = LoadQuery { from, to, ..*q };
    let course = match q.course_id {
        Some(id) => course_set(db, &q, id).await?,
        None => None,
    };
    let held = held(db, &q).await?;
    Ok(Some(Booking {
        rules,
        shop,
        hours,
        held,
        course,
    }))
}

/// The stay a start at `start_at` would take (`[start, start + stayMinutes)`): judging it
/// counts only the seats whose stay overlaps it. A day of a busy shop is a few dozen rows, a
/// stay a few, and on SQLite each row is a hand-off from the connection's thread.
pub fn judged_stay(rules: &ShopRules, start_at: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    (
        start_at,
        start_at + chrono::Duration::minutes(rules.stay_minutes.max(1)),
    )
}

/// The inbound shop `shop_id` (published or not) with its business hours; `None` when there is
/// none.
pub async fn load_shop(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<Option<(inbound_shop::Model, Vec<HoursEntry>)>, DbErr> {
    let Some(shop) = inbound_shop::Entity::find_by_id(shop_id).first(db).await? else {
        return Ok(None);
    };
    let hours = inbound_business_hour::Entity::find()
        .filter(inbound_business_hour::Column::ShopId.eq(shop_id))
        .all(db)
        .await?
        .into_iter()
        .map(|h| {
            Ok(HoursEntry {
                weekday: u32::try_from(h.weekday).unwrap_or(u32::MAX),
                start: hhmm(&h.start_time)?,
                end: hhmm(&h.end_time)?,
                last_order_cutoff_mins: i64::from(h.last_order_cutoff_mins),
            })
        })
        .collect::<Result<Vec<_>, DbErr>>()?;
    Ok(Some((shop, hours)))
}

/// The seats held by active reservations and active holds of `q.livemode` whose stay overlaps
/// `[q.from, q.to)`, except `q.exclude` and `q.exclude_hold`, read with one statement (the
/// reservations' and the holds' rows joined by `UNION ALL`). Reservations with the same stay
/// come as one [`Held`] with their guests summed (the engine sums overlapping stays anyway):
/// most share a slot and the shop's stay, so a day is a few dozen rows however many bookings it
/// has, and on SQLite each statement and each row returned costs a hand-off from the
/// connection's thread.
pub async fn held(db: &impl ConnectionTrait, q: &LoadQuery<'_>) -> Result<Vec<Held>, DbErr> {
    use inbound_reservation::Column as R;
    let mut reservations = inbound_reservation::Entity::find()
        .select_only()
        .column(R::StartAt)
        .column(R::EndAt)
        // A reservation does not expire; the holds' branch gives the column its type.
        .column_as(Expr::cust("NULL"), "expires_at")
        .column_as(
            Expr::expr(Func::sum(Expr::col(R::NumberOfGuests))),
            "guests",
        )
        .filter(R::ShopId.eq(q.shop_id))
        .filter(R::Livemode.eq(q.livemode))
        .filter(R::Status.is_in(active_statuses()))
        .filter(R::StartAt.lt(q.to))
        // A lower bound on the indexed start: a stay is at most a day (the operator CLI's
        // `stayMinutes` limit, 1440), so a stay that ends after `from` started less than a day
        // before it. Without it the index range ran from the shop's first reservation ever.
        .filter(R::StartAt.gt(q.from - chrono::Duration::days(1)))
        .filter(R::EndAt.gt(q.from));
    if let Some(id) = q.exclude {
        reservations = reservations.filter(R::Id.ne(id));
    }
    let mut both = reservations
        .group_by(R::StartAt)
        .group_by(R::EndAt)
        .into_query();
    both.union(
        UnionType::All,
        holds::held_query(q.shop_id, q.livemode, q.from, q.to, q.now, q.exclude_hold),
    );
    db.query_all(&both)
        .await?
        .into_iter()
        .map(|row| {
            Ok(Held {
                start: row.try_get_by_index(0)?,
                end: row.try_get_by_index(1)?,
                expires: row.try_get_by_index(2)?,
                guests: row.try_get_by_index(3)?,
            })
        })
        .collect()
}

/// A course with its child courses and its time ranges: what judging reads of a course apart
/// from its count of active reservations.
#[derive(Clone, Debug)]
pub struct CourseFamily {
    pub parent: inbound_course::Model,
    pub children: Vec<inbound_course::Model>,
    pub ranges: Vec<TimeRange>,
}

impl CourseFamily {
    /// The engine's rules of the course, with `active` reservations and holds counted.
    pub fn rules(&self, active: i64) -> CourseRules {
        let p = &self.parent;
        CourseRules {
            on_sale: p.published,
            valid_from: p.valid_from,
            valid_to: p.valid_to,
            order_min: p.order_min.map(i64::from),
            order_max: p.order_max.map(i64::from),
            quantity_limit: p.quantity_limit.map(i64::from),
            active_reservations: active,
            ranges: self.ranges.clone(),
        }
    }
}

/// The course `id` of `q.shop_id` (a child resolves to its parent) with its children, ranges
/// and count of active reservations and holds of the mode (except `q.exclude` and
/// `q.exclude_hold`); `None` when it is not a course of the shop.
pub async fn course_set(
    db: &impl ConnectionTrait,
    q: &LoadQuery<'_>,
    id: i64,
) -> Result<Option<CourseSet>, DbErr> {
    let Some(family) = course_family(db, q.shop_id, id).await? else {
        return Ok(None);
    };
    let active = course_active(db, q, &family.parent).await?;
    Ok(Some(CourseSet {
        rules: family.rules(active),
        parent: family.parent,
        children: family.children,
    }))
}

/// The course `id` of `shop_id` (a child resolves to its parent) with its children and time
/// ranges; `None` when it is not a course of the shop.
pub async fn course_family(
    db: &impl ConnectionTrait,
    shop_id: i64,
    id: i64,
) -> Result<Option<CourseFamily>, DbErr> {
    use inbound_course::Column as C;
    let Some(asked) = inbound_course::Entity::find_by_id(id)
        .filter(C::ShopId.eq(shop_id))
        .first(db)
        .await?
    else {
        return Ok(None);
    };
    let parent_id = asked.parent_course_id.unwrap_or(asked.id);
    let mut family = inbound_course::Entity::find()
        .filter(C::ShopId.eq(shop_id))
        .filter(
            Condition::any()
                .add(C::Id.eq(parent_id))
                .add(C::ParentCourseId.eq(parent_id)),
        )
        .order_by_asc(C::SortOrder)
        .order_by_asc(C::Id)
        .all(db)
        .await?;
    let Some(pos) = family.iter().position(|c| c.id == parent_id) else {
        return Ok(None);
    };
    let parent = family.remove(pos);
    let ranges = inbound_course_time_range::Entity::find()
        .filter(inbound_course_time_range::Column::CourseId.eq(parent_id))
        .order_by_asc(inbound_course_time_range::Column::SortOrder)
        .all(db)
        .await?
        .into_iter()
        .map(|r| {
            Ok(TimeRange {
                start: hhmm(&r.start_range)?,
                end: hhmm(&r.end_range)?,
            })
        })
        .collect::<Result<Vec<_>, DbErr>>()?;
    Ok(Some(CourseFamily {
        parent,
        children: family,
        ranges,
    }))
}

/// The active reservations and holds of `q.livemode` of the course `parent` (except
/// `q.exclude` and `q.exclude_hold`), counted only against a quantity limit, the one rule that
/// reads the count: most courses have none, and the two counts would be two more statements of
/// every booking. 0 without a limit.
pub async fn course_active(
    db: &impl ConnectionTrait,
    q: &LoadQuery<'_>,
    parent: &inbound_course::Model,
) -> Result<i64, DbErr> {
    if parent.quantity_limit.is_none() {
        return Ok(0);
    }
    use inbound_reservation::Column as R;
    let mut count = inbound_reservation::Entity::find()
        .filter(R::ShopId.eq(q.shop_id))
        .filter(R::CourseId.eq(parent.id))
        .filter(R::Livemode.eq(q.livemode))
        .filter(R::Status.is_in(active_statuses()));
    if let Some(x) = q.exclude {
        count = count.filter(R::Id.ne(x));
    }
    let active = count.count(db).await?
        + holds::count_for_course(db, q.shop_id, parent.id, q.livemode, q.now, q.exclude_hold)
            .await?;
    Ok(i64::try_from(active).unwrap_or(i64::MAX))
}

/// Locks the shop for the rest of the transaction (module doc) and answers its
/// `config_version` (`inbound::store::configs`); `None` when there is no inbound shop
/// `shop_id`. One statement: `SELECT … FOR UPDATE` on PostgreSQL, which takes the row's lock;
/// a plain `SELECT` on SQLite, where the transaction's `BEGIN IMMEDIATE` already excludes every
/// other writer (an `UPDATE` would also write the shop's page to the log on every booking).
pub async fn lock_shop(db: &impl ConnectionTrait, shop_id: i64) -> Result<Option<i64>, DbErr> {
    use inbound_shop::Column as C;
    let select = inbound_shop::Entity::find()
        .select_only()
        .column(C::ConfigVersion)
        .filter(C::ShopId.eq(shop_id))
        .lock_exclusive()
        .into_query();
    match db.query_one(&select).await? {
        Some(row) => Ok(Some(row.try_get_by_index(0)?)),
        None => Ok(None),
    }
}

/// A course line of a new reservation with its unit prices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLine {
    pub course_id: i64,
    pub amount: i32,
    pub price: i64,
    pub settlement_price: i64,
}

/// A reservation to insert (the id is made here).
#[derive(Clone, Debug)]
pub struct NewReservation {
    pub platform_id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub origin_number: String,
    pub request_hash: String,
    pub status: ReservationStatus,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub number_of_guests: i32,
    pub course_id: i64,
    pub guest_first_name: String,
    pub guest_last_name: String,
    pub guest_phone: Option<String>,
    pub guest_email: Option<String>,
    pub remark: Option<String>,
    pub lines: Vec<NewLine>,
}

/// `rsv_` and 24 random base62 characters.
pub fn new_id() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    format!("rsv_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
}

/// Inserts a reservation and its lines; prices are summed here (`priceTotal` = Σ amount × unit
/// retail price, `totalSettlementPrice` = Σ amount × unit settlement price). A repeated
/// origin number fails on [`ORIGIN_NUMBER`]. Answers the row as stored, built here: every
/// column is given, so no row comes back from the database (on SQLite each returned row is one
/// more hand-off from the connection's thread).
pub async fn insert(
    db: &impl ConnectionTrait,
    new: &NewReservation,
    now: DateTime<Utc>,
) -> Result<inbound_reservation::Model, DbErr> {
    let price_total = new
        .lines
        .iter()
        .map(|l| i64::from(l.amount) * l.price)
        .sum();
    let total_settlement_price = new
        .lines
        .iter()
        .map(|l| i64::from(l.amount) * l.settlement_price)
        .sum();
    let row = inbound_reservation::Model {
        id: new_id(),
        platform_id: new.platform_id,
        shop_id: new.shop_id,
        livemode: new.livemode,
        origin_number: new.origin_number.clone(),
        request_hash: new.request_hash.clone(),
        status: new.status.as_str().to_string(),
        start_at: new.start_at,
        end_at: new.end_at,
        number_of_guests: new.number_of_guests,
        course_id: new.course_id,
        guest_first_name: new.guest_first_name.clone(),
        guest_last_name: new.guest_last_name.clone(),
        guest_phone: new.guest_phone.clone(),
        guest_email: new.guest_email.clone(),
        remark: new.remark.clone(),
        cancel_remark: None,
        remark_status: if new.remark.is_some() { 0 } else { 1 },
        price_total,
        total_settlement_price,
        created_at: now,
        updated_at: now,
    };
    inbound_reservation::Entity::insert(inbound_reservation::ActiveModel::from(row.clone()))
        .exec_without_returning(db)
        .await?;
    insert_lines(db, &row.id, &new.lines).await?;
    Ok(row)
}

/// Inserts the lines with one statement.
async fn insert_lines(
    db: &impl ConnectionTrait,
    reservation_id: &str,
    lines: &[NewLine],
) -> Result<(), DbErr> {
    if lines.is_empty() {
        return Ok(());
    }
    inbound_reservation_course::Entity::insert_many(lines.iter().map(|l| {
        inbound_reservation_course::ActiveModel {
            reservation_id: Set(reservation_id.to_string()),
            course_id: Set(l.course_id),
            amount: Set(l.amount),
            price: Set(l.price),
            settlement_price: Set(l.settlement_price),
            ..Default::default()
        }
    }))
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The new values of an update (all fields, seed §7).
#[derive(Clone, Debug)]
pub struct Change {
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub number_of_guests: i32,
    pub course_id: i64,
    pub guest_first_name: String,
    pub guest_last_name: String,
    pub guest_phone: Option<String>,
    pub guest_email: Option<String>,
    pub remark: Option<String>,
    pub lines: Vec<NewLine>,
}

/// Replaces a reservation's values and lines (status and origin number stay). `remarkStatus`
/// becomes 0 (unread) when the remark changes to a non-empty one, and 1 when it is removed.
pub async fn update(
    db: &impl ConnectionTrait,
    row: inbound_reservation::Model,
    c: &Change,
    now: DateTime<Utc>,
) -> Result<inbound_reservation::Model, DbErr> {
    let remark_status = match (&c.remark, row.remark == c.remark) {
        (None, _) => 1,
        (Some(_), true) => row.remark_status,
        (Some(_), false) => 0,
    };
    let id = row.id.clone();
    let mut active: inbound_reservation::ActiveModel = row.into();
    active.start_at = Set(c.start_at);
    active.end_at = Set(c.end_at);
    active.number_of_guests = Set(c.number_of_guests);
    active.course_id = Set(c.course_id);
    active.guest_first_name = Set(c.guest_first_name.clone());
    active.guest_last_name = Set(c.guest_last_name.clone());
    active.guest_phone = Set(c.guest_phone.clone());
    active.guest_email = Set(c.guest_email.clone());
    active.remark = Set(c.remark.clone());
    active.remark_status = Set(remark_status);
    active.price_total = Set(c.lines.iter().map(|l| i64::from(l.amount) * l.price).sum());
    active.total_settlement_price = Set(c
        .lines
        .iter()
        .map(|l| i64::from(l.amount) * l.settlement_price)
        .sum());
    active.updated_at = Set(now);
    let row = active.update(db).await?;
    inbound_reservation_course::Entity::delete_many()
        .filter(inbound_reservation_course::Column::ReservationId.eq(id.as_str()))
        .exec(db)
        .await?;
    insert_lines(db, &id, &c.lines).await?;
    Ok(row)
}

/// The reservation of the platform and mode whose origin number is `origin`.
pub async fn find_by_origin(
    db: &impl ConnectionTrait,
    platform_id: i64,
    livemode: bool,
    origin: &str,
) -> Result<Option<inbound_reservation::Model>, DbErr> {
    use inbound_reservation::Column as R;
    inbound_reservation::Entity::find()
        .filter(R::PlatformId.eq(platform_id))
        .filter(R::Livemode.eq(livemode))
        .filter(R::OriginNumber.eq(origin))
        .first(db)
        .await
}

/// The reservation of the platform and mode whose id, else origin number, is `key` (the
/// `{reservationIdOrOriginNumber}` of get, update and cancel).
pub async fn find_by_id_or_origin(
    db: &impl ConnectionTrait,
    platform_id: i64,
    livemode: bool,
    key: &str,
) -> Result<Option<inbound_reservation::Model>, DbErr> {
    use inbound_reservation::Column as R;
    let found = inbound_reservation::Entity::find()
        .filter(R::PlatformId.eq(platform_id))
        .filter(R::Livemode.eq(livemode))
        .filter(
            Condition::any()
                .add(R::Id.eq(key))
                .add(R::OriginNumber.eq(key)),
        )
        .all(db)
        .await?;
    // An id wins over another reservation's origin number that happens to equal it.
    Ok(found
        .iter()
        .position(|r| r.id == key)
        .or(if found.is_empty() { None } else { Some(0) })
        .map(|i| found[i].clone()))
}

/// A reservation with what its answer shows: its course lines (with the course's internal
/// name) and the platform's code.
#[derive(Clone, Debug)]
pub struct ReservationRecord {
    pub row: inbound_reservation::Model,
    pub lines: Vec<RecordLine>,
    pub platform_code: String,
}

/// One course line of a stored reservation.
#[derive(Clone, Debug)]
pub struct RecordLine {
    pub line: NewLine,
    pub course_name: String,
}

/// Loads the answers of `rows` (kept in order): one statement for their lines, one for the
/// courses' names, one for the platforms, whatever the number of rows.
pub async fn records(
    db: &impl ConnectionTrait,
    rows: Vec<inbound_reservation::Model>,
) -> Result<Vec<ReservationRecord>, DbErr> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let lines = inbound_reservation_course::Entity::find()
        .filter(inbound_reservation_course::Column::ReservationId.is_in(ids))
        .order_by_asc(inbound_reservation_course::Column::Id)
        .all(db)
        .await?;
    let mut course_ids: Vec<i64> = lines.iter().map(|l| l.course_id).collect();
    course_ids.sort_unstable();
    course_ids.dedup();
    let names: HashMap<i64, String> = inbound_course::Entity::find()
        .select_only()
        .column(inbound_course::Column::Id)
        .column(inbound_course::Column::CourseName)
        .filter(inbound_course::Column::Id.is_in(course_ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut platform_ids: Vec<i64> = rows.iter().map(|r| r.platform_id).collect();
    platform_ids.sort_unstable();
    platform_ids.dedup();
    let platforms: HashMap<i64, String> = inbound_platform::Entity::find()
        .filter(inbound_platform::Column::Id.is_in(platform_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.code))
        .collect();
    let mut by_reservation: HashMap<String, Vec<RecordLine>> = HashMap::new();
    for line in lines {
        let course_name = names.get(&line.course_id).cloned().unwrap_or_default();
        by_reservation
            .entry(line.reservation_id.clone())
            .or_default()
            .push(RecordLine {
                line: NewLine {
                    course_id: line.course_id,
                    amount: line.amount,
                    price: line.price,
                    settlement_price: line.settlement_price,
                },
                course_name,
            });
    }
    Ok(rows
        .into_iter()
        .map(|row| ReservationRecord {
            lines: by_reservation.remove(&row.id).unwrap_or_default(),
            platform_code: platforms.get(&row.platform_id).cloned().unwrap_or_default(),
            row,
        })
        .collect())
}

/// The answer of one reservation.
pub async fn record(
    db: &impl ConnectionTrait,
    row: inbound_reservation::Model,
) -> Result<ReservationRecord, DbErr> {
    Ok(records(db, vec![row])
        .await?
        .pop()
        .expect("one row gives one record"))
}
