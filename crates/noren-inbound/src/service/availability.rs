//! The availability a partner asks for, one day or a range of days: the shop's reads
//! (`inbound::store::reads::InboundReads`, kept for a second and forgotten on this process's
//! writes) fed to the engine (`inbound::domain::availability`, whose module doc holds the
//! rules). Reads only: no transaction; create and hold judge the time again under the shop's
//! lock.

use crate::domain::availability::{self, Inputs, Slot};
use crate::service::errors::{Doing, InboundError};
use crate::store::reads::{InboundReads, Query};
use chrono::NaiveDate;
use noren_core::http::state::AppState;

/// A party asking at one shop in one mode, optionally for one course.
#[derive(Clone, Copy, Debug)]
pub struct Asking {
    /// The asking partner's platform: its clock judges the cutoff.
    pub platform_id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub pax: i64,
    pub course_id: Option<i64>,
}

/// The bookable slots of one JST day.
pub struct Day {
    /// In time order, each under the day it starts on.
    pub slots: Vec<Slot>,
    /// The shop confirms in real time.
    pub real_time: bool,
}

/// How many slots each day of a range has.
pub struct Days {
    /// Every day of the range, in order, with its count of bookable slots.
    pub days: Vec<(NaiveDate, usize)>,
    pub real_time: bool,
}

fn no_course(id: i64, shop_id: i64) -> InboundError {
    InboundError::Invalid {
        field: "courseId",
        message: format!("no course {id} in shop {shop_id}"),
    }
}

/// The slots `a` can book on `date`. An unknown or unpublished shop is
/// [`InboundError::NoShop`]; a `course_id` that is not a course of the shop is
/// [`InboundError::Invalid`] naming `courseId`.
pub async fn day(state: &AppState, a: Asking, date: NaiveDate) -> Result<Day, InboundError> {
    let now = crate::service::time::platform(state, a.platform_id, a.livemode)
        .await?
        .at;
    let reads = state
        .slice::<InboundReads>()
        .get(
            &state.db,
            Query {
                shop_id: a.shop_id,
                livemode: a.livemode,
                date,
                course_id: a.course_id,
                now,
            },
        )
        .await
        .doing(|| format!("reading the availability of shop {}", a.shop_id))?
        .filter(|r| r.shop.shop.published)
        .ok_or_else(|| InboundError::no_shop(a.shop_id))?;
    if let (Some(id), None) = (a.course_id, &reads.course) {
        return Err(no_course(id, a.shop_id));
    }
    let inputs = Inputs {
        shop: &reads.shop.rules,
        hours: &reads.shop.hours,
        course: reads.course.as_deref().map(|c| &c.rules),
        held: &reads.held,
        now,
        pax: a.pax,
    };
    Ok(Day {
        slots: availability::available_times(&inputs, date),
        real_time: reads.shop.rules.real_time,
    })
}

/// How many slots `a` can book on each of the `days` JST days from `from`: each count is
/// exactly the length of [`day`]'s slots for that day (the same reads and rules). Errors as
/// [`day`].
pub async fn calendar(
    state: &AppState,
    a: Asking,
    from: NaiveDate,
    days: u64,
) -> Result<Days, InboundError> {
    let now = crate::service::time::platform(state, a.platform_id, a.livemode)
        .await?
        .at;
    let reads = state
        .slice::<InboundReads>()
        .span(
            &state.db,
            Query {
                shop_id: a.shop_id,
                livemode: a.livemode,
                date: from,
                course_id: a.course_id,
                now,
            },
            days,
        )
        .await
        .doing(|| format!("reading the calendar of shop {}", a.shop_id))?
        .filter(|r| r.shop.shop.published)
        .ok_or_else(|| InboundError::no_shop(a.shop_id))?;
    if let (Some(id), None) = (a.course_id, &reads.course) {
        return Err(no_course(id, a.shop_id));
    }
    let days = reads
        .held
        .iter()
        .map(|(date, held)| {
            let inputs = Inputs {
                shop: &reads.shop.rules,
                hours: &reads.shop.hours,
                course: reads.course.as_deref().map(|c| &c.rules),
                held,
                now,
                pax: a.pax,
            };
            (*date, availability::available_times(&inputs, *date).len())
        })
        .collect();
    Ok(Days {
        days,
        real_time: reads.shop.rules.real_time,
    })
}
