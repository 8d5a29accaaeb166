//! What booking and holding share (issue 20, item 7): the requested courses, their check and
//! prices against the shop's course set, and the answers for an unknown shop and a refusal.
//! `booking.rs` and `holds.rs` both judge with these, so a hold refuses exactly what a booking
//! would.

use crate::domain::refusal::RefusalReason;
use crate::http::error::{ApiError, Doing, FieldError};
use crate::inbound::domain::availability::{self as engine, Inputs, ShopRules};
use crate::inbound::store::reservations::{self as repo, LoadQuery, NewLine};
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDateTime, Utc};
use sea_orm::ConnectionTrait;

/// One requested course: its id and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requested {
    pub course_id: i64,
    pub amount: i64,
}

/// The answer for an unknown (or unpublished) shop.
pub fn no_shop(id: impl std::fmt::Display) -> ApiError {
    ApiError::NotFound(format!("no shop with id {id}"))
}

/// What a booking's courses come to, or why they cannot be booked.
pub enum Courses {
    Lines { parent: i64, lines: Vec<NewLine> },
    Unknown(i64),
    Mix,
}

/// Checks `requested` against the course set loaded for its first entry and prices the lines.
pub fn price_courses(set: Option<&repo::CourseSet>, requested: &[Requested]) -> Courses {
    let first = requested[0].course_id;
    let Some(set) = set else {
        return Courses::Unknown(first);
    };
    let mut lines = Vec::with_capacity(requested.len());
    for r in requested {
        let course = if r.course_id == set.parent.id {
            &set.parent
        } else if let Some(child) = set.children.iter().find(|c| c.id == r.course_id) {
            child
        } else {
            return Courses::Mix;
        };
        let retail = course
            .suggested_retail_price
            .filter(|p| *p > 0)
            .unwrap_or(course.settlement_price);
        lines.push(NewLine {
            course_id: course.id,
            amount: r.amount as i32,
            price: retail,
            settlement_price: course.settlement_price,
        });
    }
    Courses::Lines {
        parent: set.parent.id,
        lines,
    }
}

pub fn course_error(c: Courses, shop_id: i64) -> ApiError {
    match c {
        Courses::Unknown(id) => ApiError::invalid(vec![FieldError::new(
            "requestedCourses",
            format!("no course {id} in shop {shop_id}"),
        )]),
        Courses::Mix => ApiError::refused(
            StatusCode::CONFLICT,
            RefusalReason::CourseMix,
            "a reservation takes one course and its child courses only",
        ),
        Courses::Lines { .. } => unreachable!("not an error"),
    }
}

pub fn refusal(r: engine::Refusal) -> ApiError {
    ApiError::refused(StatusCode::CONFLICT, r.reason, r.message)
}

/// A new booking or hold to judge, inside the writer's transaction (after the shop's lock).
pub struct Asked<'a> {
    pub shop_id: i64,
    pub livemode: bool,
    /// JST wall-clock start.
    pub start: NaiveDateTime,
    pub pax: i64,
    /// At least one.
    pub courses: &'a [Requested],
    /// A hold whose seats are this booking's own: left out of the seats and counts.
    pub own_hold: Option<&'a str>,
    /// Now, on the state's clock (which holds are active).
    pub now: DateTime<Utc>,
    /// The instant the rules are judged at: `now`, or a hold's creation for its booking.
    pub judged_at: DateTime<Utc>,
}

/// What a judged request comes to: the shop's rules, the parent course and the priced lines.
pub struct Judged {
    pub rules: ShopRules,
    pub parent: i64,
    pub lines: Vec<NewLine>,
}

/// Loads the shop's rules, the course and the seats held around the start, checks the courses
/// and judges the start (`inbound/domain/availability.rs`): create and hold refuse exactly the
/// same requests. A missing or unpublished shop is a 404.
pub async fn judge(db: &impl ConnectionTrait, a: &Asked<'_>) -> Result<Judged, ApiError> {
    let start_at = crate::domain::jst::to_utc(a.start);
    let shop_id = a.shop_id;
    let booking = repo::load_for_start(
        db,
        &LoadQuery {
            shop_id,
            livemode: a.livemode,
            from: start_at,
            to: start_at,
            course_id: Some(a.courses[0].course_id),
            exclude: None,
            exclude_hold: a.own_hold,
            now: a.now,
        },
        start_at,
    )
    .await
    .doing(|| format!("judging a booking at shop {shop_id}"))?
    .filter(|l| l.shop.published)
    .ok_or_else(|| no_shop(shop_id))?;
    let (parent, lines) = match price_courses(booking.course.as_ref(), a.courses) {
        Courses::Lines { parent, lines } => (parent, lines),
        other => return Err(course_error(other, shop_id)),
    };
    let inputs = Inputs {
        shop: &booking.rules,
        hours: &booking.hours,
        course: booking.course.as_ref().map(|c| &c.rules),
        held: &booking.held,
        now: a.judged_at,
        pax: a.pax,
    };
    engine::judge(&inputs, a.start).map_err(refusal)?;
    Ok(Judged {
        rules: booking.rules,
        parent,
        lines,
    })
}
