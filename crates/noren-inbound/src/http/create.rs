//! `POST /v3/inbound-external/{platform}/shops/{shopId}/reservations` (seed 001 §3, §5, §7):
//! a partner books a reservation.
//!
//! Decisions where the seed is silent:
//! - **Validation** (one 400 naming every bad field): names 1 to 255 characters; phone 0 to 20
//!   characters of the form `xxx-xxxx-xxxx`: three groups of digits joined by hyphens, of 2–5,
//!   1–4 and 3–4 digits (`03-1234-5678`, `090-1234-5678`, `0120-123-456`, `01267-2-3456`), an
//!   empty string meaning none; email 0 to 100 characters, one `@` with a non-empty local part
//!   and a domain that has a dot, no spaces; `numberOfGuests` ≥ 1; `requestedCourses` one to
//!   [`COURSES_MAX`] entries, each `courseAmountRequested` ≥ 1 and each course once;
//!   `originPlatformReservationNumber` 1 to 100 characters; `reservationStartTime` a JST time
//!   in ISO 8601 without a zone (`2026-12-04T19:00:00`, seconds optional, no fraction);
//!   `remark` up to [`REMARK_MAX`] characters. A course id that is not a course of the shop is a
//!   400 on `requestedCourses`.
//! - **Refusals** are 409 with a `reason`: `course_mix` when the courses are not one course and
//!   its child courses, then the availability engine's reasons (`cutoff_passed`, `party_size`,
//!   `outside_business_hours`, `course_not_valid`, `outside_course_hours`, `quantity_limit`,
//!   `slot_unavailable`; rules in `inbound/domain/availability.rs`), judged for the parent course.
//! - **Concurrency**: the shop is locked, the engine judges and the reservation is inserted in
//!   one transaction (`inbound/service/booking.rs`), so concurrent requests for the last
//!   seats book exactly what is left, on SQLite and PostgreSQL.
//! - **Prices**: each course's unit retail price is its `suggestedRetailPrice` when set and
//!   above 0, else its `settlementPrice`; `priceTotal` = Σ amount × unit retail price,
//!   `totalSettlementPrice` = Σ amount × `settlementPrice`. Unit prices are kept with the
//!   reservation (a later price change does not change it).
//! - **Status**: SUCCESS for a real-time bookable shop, else PENDING; `remarkStatus` 0 when a
//!   remark is given, else 1.
//! - **Idempotency**: `originPlatformReservationNumber` is unique per platform and mode. A
//!   repeat with the same request (SHA-256 of its canonical form: shop and every value as
//!   parsed) answers the existing reservation, whatever happened since (even if the slot is
//!   full now or it was cancelled); a different request is a 409 `duplicate_origin_number`.
//!   Two identical requests at once both answer the one reservation (the loser of the unique
//!   index reads the winner's). Answers are **200** whether the reservation was made now or
//!   before, as the payment API's create answers 200.

use super::dto::Reservation;
use crate::http::errors::no_shop;
use crate::service::booking::{self, Booking, Guest, Requested};
use axum::Json;
use axum::extract::{Path, State};
use chrono::NaiveDateTime;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Keyed, Object, Raw, Text, Unique, Value, Values, schema_name};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// Longest guest name (seed 001 §9).
pub const NAME_MAX: usize = 255;
/// Longest phone number (seed 001 §9).
pub const PHONE_MAX: usize = 20;
/// Longest email (seed 001 §9).
pub const EMAIL_MAX: usize = 100;
/// Longest origin reservation number (seed 001 §9).
pub const ORIGIN_MAX: usize = 100;
/// Longest remark (not in the seed).
pub const REMARK_MAX: usize = 2000;
/// Most guests per reservation the call takes (shops limit further with `maxGuests`).
pub const GUESTS_MAX: i64 = 1000;
/// Most entries in `requestedCourses`.
pub const COURSES_MAX: usize = 30;
/// Most orders of one course.
pub const AMOUNT_MAX: i64 = 1000;
/// The spec's pattern of a phone number (what [`Phone`] checks).
pub const PHONE_PATTERN: &str = "^([0-9]{2,5}-[0-9]{1,4}-[0-9]{3,4})?$";
/// The spec's pattern of a JST start time.
pub const START_PATTERN: &str = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?$";

pub type GuestName = Text<NAME_MAX>;
pub type OriginNumber = Text<ORIGIN_MAX>;
pub type Remark = Text<REMARK_MAX>;
pub type Guests = Int<1, GUESTS_MAX>;

/// A JST wall-clock time in ISO 8601 without a zone (`2026-12-04T19:00:00`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JstDateTime(pub NaiveDateTime);

impl Value for JstDateTime {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        let shaped = s.is_ascii()
            && (s.len() == 16 || s.len() == 19)
            && s.as_bytes()[10] == b'T'
            && s.as_bytes()[4] == b'-';
        let parsed = shaped
            .then(|| {
                NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S")
                    .or_else(|_| NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M"))
                    .ok()
            })
            .flatten();
        parsed.map(JstDateTime).ok_or_else(|| {
            "must be a JST time in ISO 8601 without a zone, e.g. 2026-12-04T19:00:00".to_string()
        })
    }
}

impl PartialSchema for JstDateTime {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(START_PATTERN))
            .examples([serde_json::json!("2026-12-04T19:00:00")])
            .into()
    }
}

schema_name!(JstDateTime);

/// A phone number `xxx-xxxx-xxxx` (module doc); empty means none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phone(pub Option<String>);

fn phone_ok(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    let digits = |g: &str, lo: usize, hi: usize| {
        (lo..=hi).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_digit())
    };
    matches!(groups.as_slice(), [a, b, c] if digits(a, 2, 5) && digits(b, 1, 4) && digits(c, 3, 4))
}

impl Value for Phone {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        if s.is_empty() {
            return Ok(Phone(None));
        }
        if s.chars().count() > PHONE_MAX {
            return Err(format!("must be at most {PHONE_MAX} characters"));
        }
        if !phone_ok(s) {
            return Err("must have the form xxx-xxxx-xxxx (digits in three groups of 2–5, 1–4 and 3–4, joined by hyphens)".into());
        }
        Ok(Phone(Some(s.to_string())))
    }
}

impl PartialSchema for Phone {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(PHONE_MAX))
            .pattern(Some(PHONE_PATTERN))
            .examples([serde_json::json!("090-1234-5678")])
            .into()
    }
}

schema_name!(Phone);

/// An email address (module doc); empty means none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuestEmail(pub Option<String>);

fn email_ok(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl Value for GuestEmail {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        if s.is_empty() {
            return Ok(GuestEmail(None));
        }
        if s.chars().count() > EMAIL_MAX {
            return Err(format!("must be at most {EMAIL_MAX} characters"));
        }
        if !email_ok(s) {
            return Err("must be an email address".into());
        }
        Ok(GuestEmail(Some(s.to_string())))
    }
}

impl PartialSchema for GuestEmail {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(EMAIL_MAX))
            .format(Some(utoipa::openapi::SchemaFormat::Custom("email".into())))
            .examples([serde_json::json!("alex@example.com")])
            .into()
    }
}

schema_name!(GuestEmail);

/// One requested course.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequestedCourse {
    /// A course of the shop or one of its child courses.
    #[schema(minimum = 1, example = 31)]
    pub course_id: i64,
    /// Orders of the course; at least 1.
    #[schema(minimum = 1, maximum = 1000, example = 2)]
    pub course_amount_requested: i64,
}

/// `requestedCourses`: one course and/or its child courses, each once, each amount ≥ 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestedCourses(pub Vec<RequestedCourse>);

impl RequestedCourses {
    /// The courses as the booking service takes them.
    pub fn requested(&self) -> Vec<Requested> {
        self.0
            .iter()
            .map(|r| Requested {
                course_id: r.course_id,
                amount: r.course_amount_requested,
            })
            .collect()
    }
}

/// One entry of `requestedCourses` as the request gives it (read with the shared nested
/// values, `noren_core::http::values::nested`, so every problem is named by its exact path:
/// `requestedCourses[0].courseAmountRequested`).
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct CourseAsked {
    #[schema(inline)]
    course_id: Int<1, { i64::MAX }>,
    #[schema(inline)]
    course_amount_requested: Int<1, AMOUNT_MAX>,
}

impl Keyed for CourseAsked {
    const KEY: &'static str = "courseId";
    fn key(&self) -> String {
        self.course_id.get().to_string()
    }
}

impl Value for RequestedCourses {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let asked = Unique::<Object<CourseAsked>, COURSES_MAX, 1>::parse(raw)?;
        Ok(RequestedCourses(
            asked
                .iter()
                .map(|c| RequestedCourse {
                    course_id: c.course_id.get(),
                    course_amount_requested: c.course_amount_requested.get(),
                })
                .collect(),
        ))
    }
}

impl PartialSchema for RequestedCourses {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(<RequestedCourse as PartialSchema>::schema())
            .min_items(Some(1))
            .max_items(Some(COURSES_MAX))
            .into()
    }
}

schema_name!(RequestedCourses);

// Seed 001 §3 "Reservation request", §5.
/// Values of the create call.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CreateValues {
    /// JST start time, ISO 8601 without a zone; must be a slot the availability call offers.
    #[schema(inline)]
    reservation_start_time: JstDateTime,
    /// 1 to 255 characters.
    #[schema(inline, example = "Alex")]
    guest_first_name: GuestName,
    /// 1 to 255 characters.
    #[schema(inline, example = "Smith")]
    guest_last_name: GuestName,
    /// 0 to 20 characters, `xxx-xxxx-xxxx`.
    #[schema(inline)]
    guest_phone_number: Option<Phone>,
    /// 0 to 100 characters.
    #[schema(inline)]
    guest_email: Option<GuestEmail>,
    /// At least 1.
    #[schema(inline, example = 2)]
    number_of_guests: Guests,
    /// A note for the restaurant (marked unread until it reads it).
    #[schema(inline, example = "One guest is vegetarian.")]
    remark: Option<Remark>,
    /// One course and/or its child courses.
    #[schema(inline)]
    requested_courses: RequestedCourses,
    /// The platform's own number, 1 to 100 characters, unique per platform (a repeat with the
    /// same body answers the existing reservation).
    #[schema(inline, example = "ACME-2026-000123")]
    origin_platform_reservation_number: OriginNumber,
    /// A hold of yours (`POST …/holds`) for exactly this shop, `reservationStartTime`,
    /// `numberOfGuests` and `requestedCourses`: its seats become the reservation's, so the
    /// booking is not refused for seats or `quantityLimit` while the hold lasts (409
    /// `hold_expired` after it, `hold_mismatch` when a value differs).
    #[schema(inline, example = "hld_8Xq2kLmN4pR7sT1vW3yZ5aB0")]
    hold_id: Option<HoldId>,
}

/// A hold's id as a create names it.
pub type HoldId = Text<64>;

/// The parsed request in a fixed form: what the idempotency hash is taken of.
#[derive(Serialize)]
struct Canonical<'a> {
    shop_id: i64,
    start: String,
    first: &'a str,
    last: &'a str,
    phone: Option<&'a str>,
    email: Option<&'a str>,
    guests: i64,
    remark: Option<&'a str>,
    courses: &'a [RequestedCourse],
    origin: &'a str,
    /// Left out when absent, so the hashes of requests without a hold stay as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    hold: Option<&'a str>,
}

impl CreateValues {
    fn request_hash(&self, shop_id: i64) -> String {
        let canonical = Canonical {
            shop_id,
            start: self
                .reservation_start_time
                .0
                .format("%Y-%m-%dT%H:%M:%S")
                .to_string(),
            first: self.guest_first_name.as_str(),
            last: self.guest_last_name.as_str(),
            phone: self
                .guest_phone_number
                .as_ref()
                .and_then(|p| p.0.as_deref()),
            email: self.guest_email.as_ref().and_then(|e| e.0.as_deref()),
            guests: self.number_of_guests.get(),
            remark: self.remark.as_ref().map(|r| r.as_str()),
            courses: &self.requested_courses.0,
            origin: self.origin_platform_reservation_number.as_str(),
            hold: self.hold_id.as_ref().map(|h| h.as_str()),
        };
        noren_core::fingerprint::of_json(&canonical)
    }
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/reservations",
    operation_id = "create_reservation",
    summary = "Create a reservation",
    description = "Books `numberOfGuests` at `reservationStartTime` (JST) with one course and/or its child courses. \
Availability is re-checked inside the booking's transaction, so concurrent requests never overbook. A real-time bookable \
shop creates the reservation as SUCCESS, others as PENDING (the restaurant confirms or rejects it). \
`priceTotal` = Σ amount × unit retail price (`suggestedRetailPrice` when set and above 0, else `settlementPrice`); \
`totalSettlementPrice` = Σ amount × `settlementPrice`. \
Idempotent on `originPlatformReservationNumber`: repeating the same request answers the existing reservation (200, \
as the first time); the same number with a different request is a 409 `duplicate_origin_number`. \
With `holdId` (a hold from `POST …/holds` for the same start, party and courses), the hold's seats become the \
reservation's: it is judged as when the hold was made and is not refused for seats or `quantityLimit`.",
    tag = "Reservations",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1),
    ),
    request_body = CreateValues,
    responses(
        (status = 200, description = "The reservation (made now, or earlier by the same request).", body = Reservation),
        (status = 400, description = "A value is missing or invalid, or a requested course is not a course of the shop; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "2 invalid fields", "errors": [{"field": "guestPhoneNumber", "message": "must have the form xxx-xxxx-xxxx (digits in three groups of 2–5, 1–4 and 3–4, joined by hyphens)"}, {"field": "numberOfGuests", "message": "must be at least 1"}]})),
        (status = 404, description = "No published shop has this id, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
        (status = 409, description = "Refused, with a `reason`: `slot_unavailable`, `outside_business_hours`, `party_size`, `outside_course_hours`, `course_not_valid`, `quantity_limit`, `cutoff_passed`, `course_mix`, `duplicate_origin_number`, or with `holdId`, `hold_expired` or `hold_mismatch`.", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "2026-12-04 19:00 (JST) has 1 seats left, not enough for 2 guests", "reason": "slot_unavailable"})),
    )
)]
pub async fn create_reservation(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, shop)): Path<(String, String)>,
    values: CreateValues,
) -> Result<Json<Reservation>, ApiError> {
    let shop_id: i64 = shop.parse().map_err(|_| no_shop(&shop))?;
    let hash = values.request_hash(shop_id);
    let booking = Booking {
        platform_id: p.platform_id,
        livemode: p.livemode(),
        shop_id,
        platform_code: p.platform_code.clone(),
        origin: values
            .origin_platform_reservation_number
            .as_str()
            .to_string(),
        hash,
        start: values.reservation_start_time.0,
        pax: values.number_of_guests.get(),
        courses: values.requested_courses.requested(),
        guest: Guest {
            first_name: values.guest_first_name.as_str().to_string(),
            last_name: values.guest_last_name.as_str().to_string(),
            phone: values.guest_phone_number.and_then(|p| p.0),
            email: values.guest_email.and_then(|e| e.0),
        },
        remark: values.remark.map(|r| r.into_string()),
        hold: values.hold_id.as_ref().map(|h| h.as_str().to_string()),
    };
    let record = booking::create(&state, booking).await?;
    Ok(Json(Reservation::from_record(&record)?))
}
