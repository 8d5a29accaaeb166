//! What booking and holding share (issue 20, item 7): the requested courses, their check and
//! prices against the shop's course set, and the answers for an unknown shop and a refusal.
//! `booking.rs` and `holds.rs` both judge with these, so a hold refuses exactly what a booking
//! would.

use crate::domain::refusal::RefusalReason;
use crate::http::error::{ApiError, FieldError};
use crate::inbound::domain::availability as engine;
use crate::inbound::store::reservations::{self as repo, NewLine};
use axum::http::StatusCode;

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
