//! Booking (seed 001 §3, §5, §7): creating a reservation and changing its time, guests or
//! courses. Each runs lock shop → load → judge (`inbound::domain::availability`) → write in one
//! write transaction: the shop row's lock serialises writers on PostgreSQL, `BEGIN IMMEDIATE`
//! on SQLite, so concurrent requests never overbook. After commit the shop's availability reads
//! are forgotten in this process ([`InboundReads`]). The decisions are listed in
//! `inbound::http::create` and `inbound::http::update`, with the values they check.

use crate::domain::availability::{self as engine, Inputs};
use crate::domain::reservation::{ReservationStatus, cancellation_outcome};
use crate::service::errors::{Doing, InboundError};
use crate::service::holds;
use crate::service::judging::{self, Asked, Judged};
pub use crate::service::judging::{Courses, Requested, course_error, price_courses};
use crate::store::configs::{ShopConfig, ShopConfigs};
use crate::store::holds as holds_repo;
use crate::store::reads::InboundReads;
use crate::store::reservations::{
    self as repo, Change, CourseFamily, LoadQuery, NewReservation, RecordLine, ReservationRecord,
};
use chrono::{Duration, NaiveDateTime};
use noren_core::db::begin_write;
use noren_core::db::entities::{inbound_hold, inbound_reservation};
use noren_core::db::repo::on_constraint;
use noren_core::db::together::Together;
use noren_core::domain::jst;
use noren_core::domain::refusal::RefusalReason;
use noren_core::http::state::{AppState, Effects, SlicePart};
use sea_orm::DatabaseTransaction;
use std::sync::Arc;

/// Who the reservation is for.
#[derive(Clone, Debug)]
pub struct Guest {
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
}

/// A booking as asked, its values checked (`inbound::http::create::CreateValues`).
pub struct Booking {
    pub platform_id: i64,
    pub livemode: bool,
    pub shop_id: i64,
    /// The code of the caller's platform (the answer's `originPlatform`).
    pub platform_code: String,
    pub origin: String,
    /// The request's fingerprint: a repeat with the same one answers the same reservation.
    pub hash: String,
    /// JST wall-clock start.
    pub start: NaiveDateTime,
    pub pax: i64,
    /// At least one.
    pub courses: Vec<Requested>,
    pub guest: Guest,
    pub remark: Option<String>,
    /// A hold of the caller's (`hld_…`) for exactly this shop, start, party and courses: its
    /// seats become the reservation's, so capacity cannot refuse the booking.
    pub hold: Option<String>,
}

/// The bookings of each shop that run together: they queue for the shop's lock anyway, so the
/// ones that wait at the same time share one transaction and its commit (`db::together`).
#[derive(Default)]
pub struct ShopBookings(Together<i64, Booked, NotBooked>);

impl SlicePart for ShopBookings {
    fn new(_: &noren_core::db::Db, _: &noren_core::domain::clock::Clock) -> Self {
        Self::default()
    }
}

/// What a booking's transaction did.
pub enum Booked {
    /// The reservation, inserted: its row, what was inserted and the course family it names.
    New(
        Box<(
            inbound_reservation::Model,
            NewReservation,
            Arc<CourseFamily>,
        )>,
    ),
    /// Nothing: a reservation with the same origin number exists (judging refused, or the
    /// hold is used up, maybe by that very reservation).
    Earlier(Box<inbound_reservation::Model>),
}

/// Why a booking's transaction wrote nothing, besides [`Booked::Earlier`].
pub enum NotBooked {
    Inbound(InboundError),
    /// The insert hit [`repo::ORIGIN_NUMBER`]: another request with this number committed
    /// first (on another shop, or between our read and insert).
    OriginTaken,
}

impl From<sea_orm::DbErr> for NotBooked {
    fn from(e: sea_orm::DbErr) -> Self {
        NotBooked::Inbound(e.into())
    }
}

impl From<InboundError> for NotBooked {
    fn from(e: InboundError) -> Self {
        NotBooked::Inbound(e)
    }
}

/// Books `b`, or answers the reservation an identical earlier request made (a different
/// request with the same origin number is the 409 `duplicate_origin_number`), with what its
/// answer shows. With a hold, the booking is judged as at the hold's creation and without the
/// hold's own seats, and the hold becomes the reservation's in the same transaction.
///
/// The transaction ([`ShopBookings`]: maybe shared with other bookings at the shop, each in a
/// savepoint): lock the shop (its settings come from [`ShopConfigs`] by the version the lock
/// read), read the seats held around the start, insert the reservation and its lines. An
/// earlier reservation with the same origin number is looked for only when that fails (the
/// insert hits [`repo::ORIGIN_NUMBER`], or judging refuses: the earlier one may hold the very
/// seats, or have used the hold), so a first booking reads nothing it does not judge on.
pub async fn create(state: &AppState, b: Booking) -> Result<ReservationRecord, InboundError> {
    let now = crate::service::time::platform(state, b.platform_id, b.livemode)
        .await?
        .at;
    let shop_id = b.shop_id;
    let (platform_id, livemode, hash) = (b.platform_id, b.livemode, b.hash.clone());
    let (origin, platform_code) = (b.origin.clone(), b.platform_code.clone());
    let configs = state.slice::<ShopConfigs>();
    let booked = state
        .slice::<ShopBookings>()
        .0
        .write(
            &state.db,
            shop_id,
            Box::new(move |tx| Box::pin(async move { book(tx, &configs, b, now).await })),
        )
        .await;
    let doing = move || format!("booking at shop {shop_id}");
    let (row, new, family) = match booked {
        Ok(Booked::New(done)) => *done,
        Ok(Booked::Earlier(existing)) => return repeat(state, *existing, &hash).await,
        Err(NotBooked::Inbound(e)) => return Err(e),
        Err(NotBooked::OriginTaken) => {
            let existing = repo::find_by_origin(&state.db, platform_id, livemode, &origin)
                .await
                .doing(doing)?
                .ok_or_else(|| anyhow::anyhow!("origin number {origin} taken but not found"))?;
            return repeat(state, existing, &hash).await;
        }
    };
    Effects::none().forget::<InboundReads>(shop_id).apply(state);
    let name = |id: i64| {
        std::iter::once(&family.parent)
            .chain(&family.children)
            .find(|c| c.id == id)
            .map(|c| c.course_name.clone())
            .unwrap_or_default()
    };
    Ok(ReservationRecord {
        lines: new
            .lines
            .into_iter()
            .map(|line| RecordLine {
                course_name: name(line.course_id),
                line,
            })
            .collect(),
        platform_code,
        row,
    })
}

/// [`create`]'s statements, in the shop's transaction (or a savepoint of it).
async fn book(
    tx: &DatabaseTransaction,
    configs: &ShopConfigs,
    b: Booking,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Booked, NotBooked> {
    let start_at = jst::to_utc(b.start);
    let shop_id = b.shop_id;
    let doing = move || format!("booking at shop {shop_id}");
    let Some(config) = configs.lock(tx, b.shop_id).await.doing(doing)? else {
        return Err(InboundError::no_shop(b.shop_id).into());
    };
    let (
        hold,
        Judged {
            rules,
            family,
            lines,
        },
    ) = match judge(tx, &config, &b, start_at, now).await {
        Ok(j) => j,
        Err(failed @ InboundError::Failed(_)) => return Err(failed.into()),
        Err(refused) => {
            let earlier = repo::find_by_origin(tx, b.platform_id, b.livemode, &b.origin)
                .await
                .doing(doing)?;
            return match earlier {
                Some(existing) => Ok(Booked::Earlier(Box::new(existing))),
                None => Err(refused.into()),
            };
        }
    };
    let new = NewReservation {
        platform_id: b.platform_id,
        shop_id: b.shop_id,
        livemode: b.livemode,
        origin_number: b.origin,
        request_hash: b.hash,
        status: if rules.real_time {
            ReservationStatus::Success
        } else {
            ReservationStatus::Pending
        },
        start_at,
        end_at: start_at + Duration::minutes(rules.stay_minutes),
        number_of_guests: b.pax as i32,
        course_id: family.parent.id,
        guest_first_name: b.guest.first_name,
        guest_last_name: b.guest.last_name,
        guest_phone: b.guest.phone,
        guest_email: b.guest.email,
        remark: b.remark,
        lines,
    };
    let row = match repo::insert(tx, &new, now).await {
        Ok(row) => row,
        Err(e) if on_constraint(&e, &repo::ORIGIN_NUMBER) => return Err(NotBooked::OriginTaken),
        Err(e) => return Err(e.into()),
    };
    if let Some(hold) = hold {
        holds_repo::mark_used(tx, hold, &row.id)
            .await
            .doing(doing)?;
    }
    Ok(Booked::New(Box::new((row, new, family))))
}

/// Checks the hold `b` names, if any, and judges `b` (inside the shop's lock).
async fn judge(
    tx: &DatabaseTransaction,
    config: &ShopConfig,
    b: &Booking,
    start_at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(Option<inbound_hold::Model>, Judged), InboundError> {
    let hold = match b.hold.as_deref() {
        Some(id) => Some(
            holds::check_for_booking(
                tx,
                b.platform_id,
                b.livemode,
                id,
                (b.shop_id, start_at, b.pax, &b.courses),
                now,
            )
            .await?,
        ),
        None => None,
    };
    let judged = judging::judge(
        tx,
        config,
        &Asked {
            livemode: b.livemode,
            start: b.start,
            pax: b.pax,
            courses: &b.courses,
            own_hold: hold.as_ref().map(|h| h.id.as_str()),
            now,
            judged_at: hold.as_ref().map_or(now, |h| h.created_at),
        },
    )
    .await?;
    Ok((hold, judged))
}

/// An existing reservation with the same origin number: its answer when the request is the
/// same, else the duplicate refusal.
async fn repeat(
    state: &AppState,
    existing: inbound_reservation::Model,
    hash: &str,
) -> Result<ReservationRecord, InboundError> {
    if existing.request_hash != hash {
        return Err(duplicate(&existing.origin_number));
    }
    Ok(repo::record(&state.db, existing).await?)
}

/// A change of a reservation's time, guests, courses, names, phone or remark, its values
/// checked (`inbound::http::update::UpdateValues`).
pub struct Rebooking<'a> {
    pub platform_id: i64,
    pub livemode: bool,
    /// The reservation's id or origin number, as the path gave it.
    pub key: &'a str,
    pub start: NaiveDateTime,
    pub pax: i64,
    pub courses: Vec<Requested>,
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    pub remark: Option<String>,
}

/// Changes a PENDING or SUCCESS reservation: its time and guests only while it could still be
/// cancelled for free (the shop's policy), and availability judged again when the time, the
/// guests or the courses change (its own seats left out).
pub async fn update(
    state: &AppState,
    r: Rebooking<'_>,
) -> Result<inbound_reservation::Model, InboundError> {
    let now = crate::service::time::platform(state, r.platform_id, r.livemode)
        .await?
        .at;
    let start_at = jst::to_utc(r.start);
    let key = r.key;
    let doing = move || format!("updating reservation {key}");
    let found = repo::find_by_id_or_origin(&state.db, r.platform_id, r.livemode, key)
        .await
        .doing(doing)?
        .ok_or_else(|| InboundError::NoReservation(key.to_string()))?;
    let tx = begin_write(&state.db).await.doing(doing)?;
    repo::lock_shop(&tx, found.shop_id).await.doing(doing)?;
    // Read again under the lock: a cancel may have committed since.
    let row = repo::find_by_id_or_origin(&tx, r.platform_id, r.livemode, &found.id)
        .await
        .doing(doing)?
        .ok_or_else(|| InboundError::NoReservation(key.to_string()))?;
    let status = ReservationStatus::parse(&row.status);
    if !status.is_some_and(|s| s.is_active()) {
        return Err(InboundError::refused(
            RefusalReason::StatusConflict,
            format!(
                "cannot update a reservation in status {}; allowed from: PENDING, SUCCESS",
                row.status
            ),
        ));
    }
    let booking = repo::load_for_start(
        &tx,
        &LoadQuery {
            shop_id: row.shop_id,
            livemode: r.livemode,
            from: start_at,
            to: start_at,
            course_id: Some(r.courses[0].course_id),
            exclude: Some(&row.id),
            exclude_hold: None,
            now,
        },
        start_at,
    )
    .await
    .doing(doing)?
    .ok_or_else(|| InboundError::NoReservation(key.to_string()))?;
    let (parent, lines) = match price_courses(
        booking
            .course
            .as_ref()
            .map(|c| (&c.parent, c.children.as_slice())),
        &r.courses,
    ) {
        Courses::Lines { parent, lines } => (parent, lines),
        other => return Err(course_error(other, row.shop_id)),
    };
    let moved = start_at != row.start_at || r.pax != i64::from(row.number_of_guests);
    if moved {
        match cancellation_outcome(row.start_at, now, booking.shop.cancellation_policy_days) {
            Ok(ReservationStatus::Cancelled) => {}
            Ok(_) => {
                return Err(InboundError::refused(
                    RefusalReason::CancellationNotAllowed,
                    format!(
                        "the reservation is inside the shop's cancellation policy ({} days): its time and guests can no longer change",
                        booking.shop.cancellation_policy_days
                    ),
                ));
            }
            Err(r) => return Err(r.into()),
        }
    }
    let old_courses = repo::record(&tx, row.clone()).await.doing(doing)?;
    let same_courses = old_courses.lines.len() == lines.len()
        && old_courses
            .lines
            .iter()
            .zip(&lines)
            .all(|(a, b)| a.line.course_id == b.course_id && a.line.amount == b.amount);
    if moved || !same_courses {
        let inputs = Inputs {
            shop: &booking.rules,
            hours: &booking.hours,
            course: booking.course.as_ref().map(|c| &c.rules),
            held: &booking.held,
            now,
            pax: r.pax,
        };
        engine::judge(&inputs, r.start)?;
    }
    let change = Change {
        start_at,
        end_at: start_at + Duration::minutes(booking.rules.stay_minutes),
        number_of_guests: r.pax as i32,
        course_id: parent,
        guest_first_name: r.first_name,
        guest_last_name: r.last_name,
        guest_phone: r.phone,
        guest_email: row.guest_email.clone(),
        remark: r.remark,
        lines,
    };
    let row = repo::update(&tx, row, &change, now).await.doing(doing)?;
    tx.commit().await.doing(doing)?;
    Effects::none()
        .forget::<InboundReads>(row.shop_id)
        .apply(state);
    Ok(row)
}

/// Another request already used the origin number `origin`.
pub fn duplicate(origin: &str) -> InboundError {
    InboundError::refused(
        RefusalReason::DuplicateOriginNumber,
        format!(
            "originPlatformReservationNumber {origin} is already used by a reservation with a different request"
        ),
    )
}
