//! `GET /v3/inbound-external/{platform}/shops/{shopId}/availability` (seed 001 §3, §7): the
//! slots a party can book on one JST day, from the availability engine
//! (`inbound/domain/availability.rs`, whose module doc holds the rules) fed by the shop's reads, kept
//! for a second and forgotten on this process's reservation writes (`crate::store::reads`).
//!
//! A day without business hours and a past day answer an empty list (never an error); a bad
//! `requestDate`, `pax` or `courseId` (not a course of the shop) is a 400 naming the field; an
//! unknown or unpublished shop is a 404. Only reservations of the key's mode hold seats: a test
//! key never sees live bookings' seats as taken, nor the other way round.

use crate::service::availability::{self as service, Asking};
use axum::Json;
use axum::extract::{Path, State};
use chrono::NaiveDate;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Raw, Reader, Value, Values, schema_name};
use serde::Serialize;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

/// The default party size (seed 001 §9).
pub const PAX_DEFAULT: i64 = 2;
/// The largest party the call takes (a bigger one is a 400; shops limit parties further with
/// `maxGuests`, which gives an empty list).
pub const PAX_MAX: i64 = 1000;
/// Course ids are positive.
pub const ID_MAX: i64 = i64::MAX;

type Pax = Int<1, PAX_MAX>;
type CourseId = Int<1, ID_MAX>;

/// A JST calendar day, `yyyy-MM-dd` (seed 001 §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JstDate(pub NaiveDate);

impl Value for JstDate {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        let ok = s.len() == 10 && s.as_bytes()[4] == b'-' && s.as_bytes()[7] == b'-';
        ok.then(|| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok())
            .flatten()
            .map(JstDate)
            .ok_or_else(|| "must be a date in the form yyyy-MM-dd (JST)".to_string())
    }
}

impl PartialSchema for JstDate {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
            .pattern(Some("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"))
            .examples([serde_json::json!("2026-12-04")])
            .into()
    }
}

schema_name!(JstDate);

/// Values of the availability call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AvailabilityValues {
    /// The JST day, `yyyy-MM-dd`.
    #[param(inline)]
    request_date: JstDate,
    /// Party size; default 2.
    #[param(inline, example = 2)]
    pax: Option<Pax>,
    /// Only slots where this course (a course of the shop, or one of its child courses) can be
    /// ordered: its validity, order time ranges, `orderMin..orderMax` and `quantityLimit`.
    #[param(inline, example = 31)]
    course_id: Option<CourseId>,
}

// Seed 001 §3 "Availability response".
/// The slots of one day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"requestedDate": "2026-12-05", "requestedPax": 2,
    "availableTimes": ["00:00", "00:30", "17:00", "17:30", "20:00"],
    "availableStartTimes": ["2026-12-05T00:00:00", "2026-12-05T00:30:00", "2026-12-05T17:00:00",
        "2026-12-05T17:30:00", "2026-12-05T20:00:00"], "realTime": true}))]
pub struct Availability {
    /// The JST day asked for.
    #[schema(value_type = String, format = Date, example = "2026-12-05")]
    pub requested_date: String,
    pub requested_pax: i64,
    /// JST start times (`HH:mm`) on `requestedDate` that can be booked now, in time order.
    /// Every slot is listed under the calendar day it starts on, so `requestedDate` and a
    /// listed time together are exactly the `reservationStartTime` to book: for a shop open
    /// Friday 17:00 to 02:00, Friday lists `17:00` … `23:30`, and Friday night's `00:00` …
    /// `01:30` are listed under Saturday (before Saturday's own evening).
    pub available_times: Vec<String>,
    /// The same slots as full JST start times (`yyyy-MM-ddTHH:mm:ss`), in the same order: each
    /// can be sent as `reservationStartTime` as it is.
    #[schema(example = json!(["2026-12-05T00:00:00", "2026-12-05T17:00:00"]))]
    pub available_start_times: Vec<String>,
    /// The shop confirms in real time (a booking starts as SUCCESS); not a guarantee that a
    /// booking succeeds.
    pub real_time: bool,
}

pub(crate) use crate::http::errors::no_shop;

/// The most days a calendar answers (issue 20, item 8).
pub const CALENDAR_DAYS_MAX: i64 = 62;

/// Values of the calendar call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[values(check = Self::check)]
pub struct CalendarValues {
    /// The first JST day, `yyyy-MM-dd`.
    #[param(inline)]
    from: JstDate,
    /// The last JST day, `yyyy-MM-dd`: not before `from`, at most 62 days in all.
    #[param(inline)]
    to: JstDate,
    /// Party size; default 2.
    #[param(inline, example = 2)]
    pax: Option<Pax>,
    /// Only slots where this course (a course of the shop, or one of its child courses) can be
    /// ordered, as for the availability call.
    #[param(inline, example = 31)]
    course_id: Option<CourseId>,
}

impl CalendarValues {
    /// `to` is not before `from`, and the range is at most [`CALENDAR_DAYS_MAX`] days.
    fn check(r: &mut Reader<'_>) {
        let (Some(from), Some(to)) = (r.get::<JstDate>("from"), r.get::<JstDate>("to")) else {
            return;
        };
        let days = (to.0 - from.0).num_days() + 1;
        if days < 1 {
            r.error("to", "must not be before from");
        } else if days > CALENDAR_DAYS_MAX {
            r.error(
                "to",
                format!("must be at most {CALENDAR_DAYS_MAX} days after from (inclusive)"),
            );
        }
    }
}

// Issue 20 item 8.
/// One day of the calendar.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarDay {
    /// The JST day.
    #[schema(value_type = String, format = Date, example = "2026-12-05")]
    pub date: String,
    /// Some slot of the day can be booked now.
    pub available: bool,
    /// How many slots of the day can be booked now: exactly the length of the availability
    /// call's `availableTimes` for this day, party and course.
    pub available_slot_count: i64,
}

/// Which days of a range have bookable slots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"from": "2026-12-01", "to": "2026-12-03", "requestedPax": 2,
    "days": [{"date": "2026-12-01", "available": true, "availableSlotCount": 14},
             {"date": "2026-12-02", "available": false, "availableSlotCount": 0},
             {"date": "2026-12-03", "available": true, "availableSlotCount": 3}],
    "realTime": true}))]
pub struct Calendar {
    #[schema(value_type = String, format = Date, example = "2026-12-01")]
    pub from: String,
    #[schema(value_type = String, format = Date, example = "2026-12-31")]
    pub to: String,
    pub requested_pax: i64,
    /// Every day from `from` to `to`, in order.
    pub days: Vec<CalendarDay>,
    /// The shop confirms in real time (as in the availability answer).
    pub real_time: bool,
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/availability",
    operation_id = "get_availability",
    summary = "Check availability",
    description = "The JST start times a party of `pax` can book on `requestDate`, optionally for one course. A slot is \
offered when it is on the shop's slot grid (every `slotMinutes`, usually 30, from opening to the last order time), at least \
`cutoffHours` ahead, the party fits the shop's `minGuests..maxGuests` (and the course's `orderMin..orderMax`), the course \
is valid then and orderable at that time (`orderAvailableTimeRanges`) and not sold out (`quantityLimit`), and the seats \
left for the stay (reservations hold their seats for the shop's stay, 2 hours by default) take the party. A day without \
business hours or in the past answers an empty list. Each slot is listed under the JST day it starts on (a late slot of \
a night opening, 00:30 after a 17:00–02:00 evening, is listed under the next day), so `requestDate` plus a listed time is \
the exact start to book; `availableStartTimes` gives the same slots as full start times. The answer is advice, not a hold, and may be up to one second old \
(a booking made through another server a moment ago can still show as free): create judges the time again and answers \
409 `slot_unavailable` when it is taken.",
    tag = "Availability",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1),
        AvailabilityValues
    ),
    responses(
        (status = 200, description = "The day's bookable slots.", body = Availability),
        (status = 400, description = "`requestDate`, `pax` or `courseId` is invalid (`courseId` must be a course of the shop); `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid requestDate: must be a date in the form yyyy-MM-dd (JST)", "errors": [{"field": "requestDate", "message": "must be a date in the form yyyy-MM-dd (JST)"}]})),
        (status = 404, description = "No published shop has this id, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn get_availability(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, shop)): Path<(String, String)>,
    values: AvailabilityValues,
) -> Result<Json<Availability>, ApiError> {
    let shop_id: i64 = shop.parse().map_err(|_| no_shop(&shop))?;
    let date = values.request_date.0;
    let asking = Asking {
        platform_id: p.platform_id,
        shop_id,
        livemode: p.livemode(),
        pax: values.pax.map(|p| p.get()).unwrap_or(PAX_DEFAULT),
        course_id: values.course_id.map(|c| c.get()),
    };
    let day = service::day(&state, asking, date).await?;
    Ok(Json(Availability {
        requested_date: date.format("%Y-%m-%d").to_string(),
        requested_pax: asking.pax,
        available_times: day.slots.iter().map(|s| s.label()).collect(),
        available_start_times: day.slots.iter().map(|s| s.start_time()).collect(),
        real_time: day.real_time,
    }))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/availability/calendar",
    operation_id = "get_availability_calendar",
    summary = "Check availability for a range of days",
    description = "For each JST day from `from` to `to` (at most 62 days), whether a party of `pax` can book some slot \
now and how many slots, optionally for one course: what a month view needs, in one call. Each day's count is exactly \
the length of the availability call's `availableTimes` for that day (the same rules, slots listed under the day they \
start on); ask the availability call for the day's times. A day without business hours or in the past has 0.",
    tag = "Availability",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1),
        CalendarValues
    ),
    responses(
        (status = 200, description = "Every day of the range.", body = Calendar),
        (status = 400, description = "`from`, `to`, `pax` or `courseId` is invalid (`to` before `from`, or more than 62 days; `courseId` must be a course of the shop); `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid to: must be at most 62 days after from (inclusive)", "errors": [{"field": "to", "message": "must be at most 62 days after from (inclusive)"}]})),
        (status = 404, description = "No published shop has this id, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn get_availability_calendar(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, shop)): Path<(String, String)>,
    values: CalendarValues,
) -> Result<Json<Calendar>, ApiError> {
    let shop_id: i64 = shop.parse().map_err(|_| no_shop(&shop))?;
    let (from, to) = (values.from.0, values.to.0);
    let asking = Asking {
        platform_id: p.platform_id,
        shop_id,
        livemode: p.livemode(),
        pax: values.pax.map(|p| p.get()).unwrap_or(PAX_DEFAULT),
        course_id: values.course_id.map(|c| c.get()),
    };
    // CalendarValues::check keeps the range at 1 to CALENDAR_DAYS_MAX days.
    let days = ((to - from).num_days() + 1).clamp(1, CALENDAR_DAYS_MAX) as u64;
    let found = service::calendar(&state, asking, from, days).await?;
    Ok(Json(Calendar {
        from: from.format("%Y-%m-%d").to_string(),
        to: to.format("%Y-%m-%d").to_string(),
        requested_pax: asking.pax,
        days: found
            .days
            .into_iter()
            .map(|(date, count)| CalendarDay {
                date: date.format("%Y-%m-%d").to_string(),
                available: count > 0,
                available_slot_count: count as i64,
            })
            .collect(),
        real_time: found.real_time,
    }))
}
