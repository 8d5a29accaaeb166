//! Holds (migration 000016; issue 20, item 7): the rows of `inbound_holds` and the seats and
//! course counts that active ones take. A hold is active while it is neither released nor used
//! and `expires_at` is after now; every read here takes `now` from the caller (the state's
//! clock), so expiry needs no background job and tests move time instead of sleeping.
//!
//! Writers run inside the booking transaction that [`super::reservations::lock_shop`] opened,
//! so a hold and a reservation of one shop never both take the last seats.

use chrono::{DateTime, Utc};
use noren_core::db::entities::inbound_hold;
use noren_core::db::repo::{SelectFirst, Unique};
use sea_orm::sea_query::{Expr, Func, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QuerySelect, QueryTrait, Set,
};

/// `ux_inbound_holds_key`: a partner's `Idempotency-Key` per platform and mode.
pub const IDEMPOTENCY_KEY: Unique = Unique {
    name: "ux_inbound_holds_key",
    table: "inbound_holds",
    columns: &["platform_id", "livemode", "idempotency_key"],
};

/// `hld_` and 24 random base62 characters.
pub fn new_id() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    format!("hld_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
}

/// Active at `now`: not released, not used, not expired.
fn active(now: DateTime<Utc>) -> Condition {
    use inbound_hold::Column as H;
    Condition::all()
        .add(H::ReleasedAt.is_null())
        .add(H::ReservationId.is_null())
        .add(H::ExpiresAt.gt(now))
}

/// The statement for the seats of the shop's active holds of `livemode` whose stay overlaps
/// `[from, to)`, except `exclude`, grouped by stay and expiry: the columns `start_at`, `end_at`,
/// `expires_at` and `guests`. `reservations::held` reads it with the reservations' seats in one
/// statement.
pub fn held_query(
    shop_id: i64,
    livemode: bool,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    now: DateTime<Utc>,
    exclude: Option<&str>,
) -> SelectStatement {
    use inbound_hold::Column as H;
    let mut q = inbound_hold::Entity::find()
        .select_only()
        .column(H::StartAt)
        .column(H::EndAt)
        .column(H::ExpiresAt)
        .column_as(
            Expr::expr(Func::sum(Expr::col(H::NumberOfGuests))),
            "guests",
        )
        .filter(H::ShopId.eq(shop_id))
        .filter(H::Livemode.eq(livemode))
        .filter(active(now))
        .filter(H::StartAt.lt(to))
        // As for reservations: a stay is at most a day.
        .filter(H::StartAt.gt(from - chrono::Duration::days(1)))
        .filter(H::EndAt.gt(from));
    if let Some(id) = exclude {
        q = q.filter(H::Id.ne(id));
    }
    q.group_by(H::StartAt)
        .group_by(H::EndAt)
        .group_by(H::ExpiresAt)
        .into_query()
}

/// The active holds of a course (its parent id) of `livemode`, except `exclude`: they count
/// toward its `quantityLimit` like reservations.
pub async fn count_for_course(
    db: &impl ConnectionTrait,
    shop_id: i64,
    course_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
    exclude: Option<&str>,
) -> Result<u64, DbErr> {
    use inbound_hold::Column as H;
    let mut q = inbound_hold::Entity::find()
        .filter(H::ShopId.eq(shop_id))
        .filter(H::CourseId.eq(course_id))
        .filter(H::Livemode.eq(livemode))
        .filter(active(now));
    if let Some(id) = exclude {
        q = q.filter(H::Id.ne(id));
    }
    q.count(db).await
}

/// A hold to insert (the id is made here).
#[derive(Clone, Debug)]
pub struct NewHold {
    pub platform_id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub idempotency_key: Option<String>,
    pub request_hash: String,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub number_of_guests: i32,
    pub course_id: i64,
    pub courses: String,
    pub expires_at: DateTime<Utc>,
}

/// Inserts a hold; a repeated idempotency key fails on [`IDEMPOTENCY_KEY`].
pub async fn insert(
    db: &impl ConnectionTrait,
    new: NewHold,
    now: DateTime<Utc>,
) -> Result<inbound_hold::Model, DbErr> {
    inbound_hold::ActiveModel {
        id: Set(new_id()),
        platform_id: Set(new.platform_id),
        shop_id: Set(new.shop_id),
        livemode: Set(new.livemode),
        idempotency_key: Set(new.idempotency_key),
        request_hash: Set(new.request_hash),
        start_at: Set(new.start_at),
        end_at: Set(new.end_at),
        number_of_guests: Set(new.number_of_guests),
        course_id: Set(new.course_id),
        courses: Set(new.courses),
        expires_at: Set(new.expires_at),
        released_at: Set(None),
        reservation_id: Set(None),
        created_at: Set(now),
    }
    .insert(db)
    .await
}

/// The hold `id` of the platform and mode (any shop); `None` when it is not theirs.
pub async fn find(
    db: &impl ConnectionTrait,
    platform_id: i64,
    livemode: bool,
    id: &str,
) -> Result<Option<inbound_hold::Model>, DbErr> {
    use inbound_hold::Column as H;
    inbound_hold::Entity::find_by_id(id.to_string())
        .filter(H::PlatformId.eq(platform_id))
        .filter(H::Livemode.eq(livemode))
        .first(db)
        .await
}

/// The hold made with `key` by the platform in the mode.
pub async fn find_by_key(
    db: &impl ConnectionTrait,
    platform_id: i64,
    livemode: bool,
    key: &str,
) -> Result<Option<inbound_hold::Model>, DbErr> {
    use inbound_hold::Column as H;
    inbound_hold::Entity::find()
        .filter(H::PlatformId.eq(platform_id))
        .filter(H::Livemode.eq(livemode))
        .filter(H::IdempotencyKey.eq(key))
        .first(db)
        .await
}

/// Marks a hold released at `now` (if it was not already released or used).
pub async fn release(
    db: &impl ConnectionTrait,
    hold: inbound_hold::Model,
    now: DateTime<Utc>,
) -> Result<inbound_hold::Model, DbErr> {
    if hold.released_at.is_some() || hold.reservation_id.is_some() {
        return Ok(hold);
    }
    let mut active: inbound_hold::ActiveModel = hold.into();
    active.released_at = Set(Some(now));
    active.update(db).await
}

/// Marks a hold used by `reservation_id`.
pub async fn mark_used(
    db: &impl ConnectionTrait,
    hold: inbound_hold::Model,
    reservation_id: &str,
) -> Result<inbound_hold::Model, DbErr> {
    let mut active: inbound_hold::ActiveModel = hold.into();
    active.reservation_id = Set(Some(reservation_id.to_string()));
    active.update(db).await
}
