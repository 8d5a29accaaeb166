//! Holds (issue 20, item 7; TableCheck's blockages, Reserve with Google's leases): a partner
//! takes a slot's seats for a few minutes while its guest fills the booking form. Creating one
//! runs exactly like booking (lock shop → load → judge → write, `inbound/service/booking.rs`),
//! so holds and reservations of a shop are serialised together and never overbook. An active
//! hold counts against the seats and the course's `quantityLimit`; it ends when it expires (on
//! the state's clock), when the partner releases it, or when a reservation is created with it
//! (`booking::create`, which then cannot fail for capacity).
//!
//! Idempotent by the partner's `Idempotency-Key`: a repeat with the same request answers the
//! same hold (in its current state, even expired), another request with the same key is a 409
//! `hold_mismatch`.

use crate::service::errors::{Doing, InboundError};
use crate::service::judging::{self, Asked, Requested};
use crate::store::configs::ShopConfigs;
use crate::store::holds::{self as repo, NewHold};
use crate::store::reads::InboundReads;
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use noren_core::db::begin_write;
use noren_core::db::entities::inbound_hold;
use noren_core::db::repo::on_constraint;
use noren_core::domain::jst;
use noren_core::domain::refusal::RefusalReason;
use noren_core::http::state::{AppState, Effects};

/// A hold's default length.
pub const DEFAULT_MINUTES: i64 = 5;
/// A hold's longest length.
pub const MAX_MINUTES: i64 = 30;

/// Where a hold stands at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldStatus {
    /// Holding its seats until `expiresAt`.
    Held,
    /// Became a reservation (`reservationId`).
    Used,
    /// Released by the partner.
    Released,
    /// Its time ran out.
    Expired,
}

impl HoldStatus {
    pub fn of(h: &inbound_hold::Model, now: DateTime<Utc>) -> Self {
        if h.reservation_id.is_some() {
            HoldStatus::Used
        } else if h.released_at.is_some() {
            HoldStatus::Released
        } else if h.expires_at <= now {
            HoldStatus::Expired
        } else {
            HoldStatus::Held
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            HoldStatus::Held => "HELD",
            HoldStatus::Used => "USED",
            HoldStatus::Released => "RELEASED",
            HoldStatus::Expired => "EXPIRED",
        }
    }
}

/// A hold as asked, its values checked (`inbound::http::holds::HoldValues`).
pub struct HoldRequest<'a> {
    pub platform_id: i64,
    pub livemode: bool,
    pub shop_id: i64,
    /// The partner's `Idempotency-Key`, if it sent one.
    pub key: Option<&'a str>,
    /// The request's fingerprint (shop and every value as parsed).
    pub hash: String,
    /// JST wall-clock start.
    pub start: NaiveDateTime,
    pub pax: i64,
    pub courses: Vec<Requested>,
    pub minutes: i64,
}

/// The requested courses as a hold keeps them: sorted by course, so two requests listing the
/// same courses in another order hold the same thing.
pub fn courses_text(courses: &[Requested]) -> String {
    let mut sorted: Vec<(i64, i64)> = courses.iter().map(|c| (c.course_id, c.amount)).collect();
    sorted.sort_unstable();
    let list: Vec<serde_json::Value> = sorted
        .into_iter()
        .map(|(id, amount)| serde_json::json!({"courseId": id, "courseAmountRequested": amount}))
        .collect();
    serde_json::Value::Array(list).to_string()
}

fn no_hold(id: &str) -> InboundError {
    InboundError::NoHold(id.to_string())
}

fn key_reused(key: &str) -> InboundError {
    InboundError::refused(
        RefusalReason::HoldMismatch,
        format!("Idempotency-Key {key} was used for a different hold request"),
    )
}

/// Takes the seats of `h`, or answers the hold an identical earlier request made.
pub async fn create(
    state: &AppState,
    h: HoldRequest<'_>,
) -> Result<inbound_hold::Model, InboundError> {
    let now = crate::service::time::platform(state, h.platform_id, h.livemode)
        .await?
        .at;
    let start_at = jst::to_utc(h.start);
    let shop_id = h.shop_id;
    let doing = move || format!("holding seats at shop {shop_id}");
    let tx = begin_write(&state.db).await.doing(doing)?;
    let Some(config) = state
        .slice::<ShopConfigs>()
        .lock(&tx, h.shop_id)
        .await
        .doing(doing)?
    else {
        return Err(InboundError::no_shop(h.shop_id));
    };
    if let Some(key) = h.key
        && let Some(existing) = repo::find_by_key(&tx, h.platform_id, h.livemode, key)
            .await
            .doing(doing)?
    {
        tx.rollback().await.doing(doing)?;
        return repeat(existing, &h.hash, key);
    }
    let judged = judging::judge(
        &tx,
        &config,
        &Asked {
            livemode: h.livemode,
            start: h.start,
            pax: h.pax,
            courses: &h.courses,
            own_hold: None,
            now,
            judged_at: now,
        },
    )
    .await?;
    let new = NewHold {
        platform_id: h.platform_id,
        shop_id: h.shop_id,
        livemode: h.livemode,
        idempotency_key: h.key.map(str::to_string),
        request_hash: h.hash.clone(),
        start_at,
        end_at: start_at + Duration::minutes(judged.rules.stay_minutes),
        number_of_guests: h.pax as i32,
        course_id: judged.family.parent.id,
        courses: courses_text(&h.courses),
        expires_at: now + Duration::minutes(h.minutes),
    };
    let row = match repo::insert(&tx, new, now).await {
        Ok(row) => row,
        Err(e) if on_constraint(&e, &repo::IDEMPOTENCY_KEY) => {
            // Another request with this key committed first: answer as a repeat of it.
            tx.rollback().await.doing(doing)?;
            let key = h.key.unwrap_or_default();
            let existing = repo::find_by_key(&state.db, h.platform_id, h.livemode, key)
                .await
                .doing(doing)?
                .ok_or_else(|| anyhow::anyhow!("hold key {key} taken but not found"))?;
            return repeat(existing, &h.hash, key);
        }
        Err(e) => return Err(e.into()),
    };
    tx.commit().await.doing(doing)?;
    Effects::none()
        .forget::<InboundReads>(h.shop_id)
        .apply(state);
    Ok(row)
}

fn repeat(
    existing: inbound_hold::Model,
    hash: &str,
    key: &str,
) -> Result<inbound_hold::Model, InboundError> {
    if existing.request_hash != hash {
        return Err(key_reused(key));
    }
    Ok(existing)
}

/// The hold `id` of the caller's platform and mode at `shop_id`.
pub async fn get(
    state: &AppState,
    platform_id: i64,
    livemode: bool,
    shop_id: i64,
    id: &str,
) -> Result<inbound_hold::Model, InboundError> {
    repo::find(&state.db, platform_id, livemode, id)
        .await
        .doing(|| format!("reading hold {id}"))?
        .filter(|h| h.shop_id == shop_id)
        .ok_or_else(|| no_hold(id))
}

/// Releases the hold `id`: its seats are free at once. Releasing a released or expired hold
/// changes nothing; a hold that became a reservation is a 409 `status_conflict` (cancel the
/// reservation instead).
pub async fn release(
    state: &AppState,
    platform_id: i64,
    livemode: bool,
    shop_id: i64,
    id: &str,
) -> Result<inbound_hold::Model, InboundError> {
    let now = crate::service::time::platform(state, platform_id, livemode)
        .await?
        .at;
    let doing = || format!("releasing hold {id}");
    let tx = begin_write(&state.db).await.doing(doing)?;
    let hold = repo::find(&tx, platform_id, livemode, id)
        .await
        .doing(doing)?
        .filter(|h| h.shop_id == shop_id)
        .ok_or_else(|| no_hold(id))?;
    if let Some(reservation) = &hold.reservation_id {
        return Err(InboundError::refused(
            RefusalReason::StatusConflict,
            format!("hold {id} became reservation {reservation}; cancel the reservation instead"),
        ));
    }
    let released = repo::release(&tx, hold, now).await.doing(doing)?;
    tx.commit().await.doing(doing)?;
    Effects::none().forget::<InboundReads>(shop_id).apply(state);
    Ok(released)
}

/// The hold a create names, checked against the booking inside the booking's transaction:
/// the caller's, active at `now`, and for the same shop, start, party and courses.
pub async fn check_for_booking(
    db: &impl sea_orm::ConnectionTrait,
    platform_id: i64,
    livemode: bool,
    id: &str,
    booking: (i64, DateTime<Utc>, i64, &[Requested]),
    now: DateTime<Utc>,
) -> Result<inbound_hold::Model, InboundError> {
    let (shop_id, start_at, pax, courses) = booking;
    let Some(hold) = repo::find(db, platform_id, livemode, id)
        .await
        .doing(|| format!("reading hold {id}"))?
    else {
        return Err(InboundError::Invalid {
            field: "holdId",
            message: format!("no hold {id} of this platform in this mode"),
        });
    };
    let status = HoldStatus::of(&hold, now);
    if status != HoldStatus::Held {
        return Err(InboundError::refused(
            RefusalReason::HoldExpired,
            match status {
                HoldStatus::Used => format!(
                    "hold {id} already became reservation {}",
                    hold.reservation_id.as_deref().unwrap_or_default()
                ),
                HoldStatus::Released => format!("hold {id} was released"),
                _ => format!(
                    "hold {id} expired at {} (JST)",
                    jst::from_utc(hold.expires_at).format("%Y-%m-%d %H:%M:%S")
                ),
            },
        ));
    }
    let mut differs = Vec::new();
    if hold.shop_id != shop_id {
        differs.push("shop");
    }
    if hold.start_at != start_at {
        differs.push("reservationStartTime");
    }
    if i64::from(hold.number_of_guests) != pax {
        differs.push("numberOfGuests");
    }
    if hold.courses != courses_text(courses) {
        differs.push("requestedCourses");
    }
    if !differs.is_empty() {
        return Err(InboundError::refused(
            RefusalReason::HoldMismatch,
            format!(
                "the booking differs from hold {id} in {}; send the hold's values",
                differs.join(", ")
            ),
        ));
    }
    Ok(hold)
}
