//! What booking and holding share (issue 20, item 7): the requested courses, their check and
//! prices against the shop's course set, and the answers for an unknown shop and a refusal.
//! `booking.rs` and `holds.rs` both judge with these, so a hold refuses exactly what a booking
//! would.

use crate::domain::availability::{self as engine, Inputs, ShopRules};
use crate::service::errors::{Doing, InboundError};
use crate::store::configs::ShopConfig;
use crate::store::reservations::{self as repo, CourseFamily, LoadQuery, NewLine};
use chrono::{DateTime, NaiveDateTime, Utc};
use noren_core::db::entities::inbound_course;
use noren_core::domain::refusal::RefusalReason;
use sea_orm::ConnectionTrait;
use std::sync::Arc;

/// One requested course: its id and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requested {
    pub course_id: i64,
    pub amount: i64,
}

/// What a booking's courses come to, or why they cannot be booked.
pub enum Courses {
    Lines { parent: i64, lines: Vec<NewLine> },
    Unknown(i64),
    Mix,
}

/// Checks `requested` against the course family (parent and children) loaded for its first
/// entry and prices the lines.
pub fn price_courses(
    family: Option<(&inbound_course::Model, &[inbound_course::Model])>,
    requested: &[Requested],
) -> Courses {
    let first = requested[0].course_id;
    let Some((parent, children)) = family else {
        return Courses::Unknown(first);
    };
    let mut lines = Vec::with_capacity(requested.len());
    for r in requested {
        let course = if r.course_id == parent.id {
            parent
        } else if let Some(child) = children.iter().find(|c| c.id == r.course_id) {
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
        parent: parent.id,
        lines,
    }
}

/// Why the courses of `c` (not [`Courses::Lines`]) cannot be booked at `shop_id`.
pub fn course_error(c: Courses, shop_id: i64) -> InboundError {
    match c {
        Courses::Unknown(id) => InboundError::Invalid {
            field: "requestedCourses",
            message: format!("no course {id} in shop {shop_id}"),
        },
        Courses::Mix | Courses::Lines { .. } => InboundError::refused(
            RefusalReason::CourseMix,
            "a reservation takes one course and its child courses only",
        ),
    }
}

/// A new booking or hold to judge, inside the writer's transaction (after the shop's lock).
pub struct Asked<'a> {
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

/// What a judged request comes to: the shop's rules, the course family and the priced lines.
pub struct Judged {
    pub rules: ShopRules,
    pub family: Arc<CourseFamily>,
    pub lines: Vec<NewLine>,
}

/// Judges `a` at the shop whose settings `config` are (read under the shop's lock,
/// `inbound::store::configs`): checks the courses against the asked course's family, then reads
/// the seats held around the start (and the course's count, when it has a `quantityLimit`) and
/// judges the start (`inbound/domain/availability.rs`). Create and hold refuse exactly the same
/// requests. An unpublished shop is a 404.
pub async fn judge(
    db: &impl ConnectionTrait,
    config: &ShopConfig,
    a: &Asked<'_>,
) -> Result<Judged, InboundError> {
    let shop_id = config.shop.shop_id;
    if !config.shop.published {
        return Err(InboundError::no_shop(shop_id));
    }
    let doing = || format!("judging a booking at shop {shop_id}");
    let family = config
        .family(db, a.courses[0].course_id)
        .await
        .doing(doing)?;
    let lines = match price_courses(
        family
            .as_deref()
            .map(|f| (&f.parent, f.children.as_slice())),
        a.courses,
    ) {
        Courses::Lines { lines, .. } => lines,
        other => return Err(course_error(other, shop_id)),
    };
    let family = family.ok_or_else(|| anyhow::anyhow!("priced lines without their family"))?;
    let start_at = noren_core::domain::jst::to_utc(a.start);
    let (from, to) = repo::judged_stay(&config.rules, start_at);
    let q = LoadQuery {
        shop_id,
        livemode: a.livemode,
        from,
        to,
        course_id: Some(family.parent.id),
        exclude: None,
        exclude_hold: a.own_hold,
        now: a.now,
    };
    let active = repo::course_active(db, &q, &family.parent)
        .await
        .doing(doing)?;
    let held = repo::held(db, &q).await.doing(doing)?;
    let course = family.rules(active);
    let inputs = Inputs {
        shop: &config.rules,
        hours: &config.hours,
        course: Some(&course),
        held: &held,
        now: a.judged_at,
        pax: a.pax,
    };
    engine::judge(&inputs, a.start)?;
    Ok(Judged {
        rules: config.rules.clone(),
        family,
        lines,
    })
}
