//! `PUT /v3/inbound-external/{platform}/shops/reservations/{reservationNumber}` (an id or an
//! origin number; the seed calls it `reservationIdOrOriginNumber`)
//! (seed 001 §7, §8; DESIGN.md "Inbound API decisions"): a partner changes a reservation.
//!
//! The call sits behind the platform's `updates_enabled` setting (`noren inbound platform set`),
//! off by default: while off it answers 403 with reason `updates_disabled`, before reading the
//! body. When on:
//! - every field of the reservation request is required (seed §7: "all fields must be sent"):
//!   `reservationStartTime`, `guestFirstName`, `guestLastName`, `guestPhoneNumber` and `remark`
//!   (an empty string clears them), `numberOfGuests`, `requestedCourses`; validated as on
//!   create (`inbound/http/create.rs`), every bad field in one 400. The origin number and email stay.
//! - only PENDING and SUCCESS reservations change (else 409 `status_conflict`); the status
//!   stays as it is.
//! - when the start time or the guest count changes (seed §8), the change must be one a
//!   cancellation could make for free: refused on the reservation's day (JST) with
//!   `cancellation_day_of`, and when the shop does not allow cancellation or the reservation is
//!   inside its `cancellationPolicyDays` with `cancellation_not_allowed` (moving it would escape
//!   the no-refund window); the policy is `inbound::domain::reservation::cancellation_outcome`.
//! - when the start time, guest count or courses change, the new booking is judged by the
//!   availability engine like a create (cutoff, party size, hours, course rules, seats), in one
//!   transaction under the shop's lock, with the reservation's own seats and course quantity
//!   left out. A change of names, phone or remark alone is not judged.
//! - prices are recomputed from the courses' current prices; `remarkStatus` becomes 0 when the
//!   remark changes to a new one.

use super::create::{GuestName, Guests, JstDateTime, Phone, RequestedCourses};
use super::dto::Reservation;
use crate::service::booking::{self, Rebooking};
use crate::store::platforms;
use crate::store::reservations::{self as repo};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use noren_core::domain::refusal::RefusalReason;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{FromValues, Raw, Value, Values, schema_name};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::create::REMARK_MAX;

/// A remark of 0 to `REMARK_MAX` characters; empty means none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemarkOrEmpty(pub Option<String>);

impl Value for RemarkOrEmpty {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        if s.is_empty() {
            return Ok(RemarkOrEmpty(None));
        }
        if s.chars().count() > REMARK_MAX {
            return Err(format!("must be at most {REMARK_MAX} characters"));
        }
        if s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
            return Err("must not contain control characters".into());
        }
        Ok(RemarkOrEmpty(Some(s.to_string())))
    }
}

impl PartialSchema for RemarkOrEmpty {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(REMARK_MAX))
            .examples([serde_json::json!("One guest is vegetarian.")])
            .into()
    }
}

schema_name!(RemarkOrEmpty);

/// Values of the update call: every field required.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct UpdateValues {
    /// JST start time, ISO 8601 without a zone.
    #[schema(inline)]
    reservation_start_time: JstDateTime,
    /// 1 to 255 characters.
    #[schema(inline, example = "Alex")]
    guest_first_name: GuestName,
    /// 1 to 255 characters.
    #[schema(inline, example = "Smith")]
    guest_last_name: GuestName,
    /// 0 to 20 characters, `xxx-xxxx-xxxx`; empty: none.
    #[schema(inline)]
    guest_phone_number: Phone,
    /// At least 1.
    #[schema(inline, example = 2)]
    number_of_guests: Guests,
    /// Empty: none.
    #[schema(inline)]
    remark: RemarkOrEmpty,
    /// One course and/or its child courses.
    #[schema(inline)]
    requested_courses: RequestedCourses,
}

#[utoipa::path(
    put,
    path = "/v3/inbound-external/{platform}/shops/reservations/{reservationNumber}",
    operation_id = "update_reservation",
    summary = "Update a reservation",
    description = "Replaces a reservation's start time, guests, names, phone, remark and courses (every field must be sent). \
**Disabled unless Noren has enabled updates for the platform**: until then every call answers 403 with reason \
`updates_disabled`. When enabled, a change of start time or guest count is refused on the reservation's day \
(`cancellation_day_of`) and inside the shop's cancellation policy (`cancellation_not_allowed`), and the new time, party and \
courses are re-checked like a new booking (the reservation's own seats excluded). Only PENDING and SUCCESS reservations \
change; the status stays.",
    tag = "Reservations",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("reservationNumber" = String, Path, description = "The reservation's id (`rsv_…`) or the platform's `originPlatformReservationNumber` (the seed's `reservationIdOrOriginNumber`; named like the get call's, whose path it shares).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    request_body = UpdateValues,
    responses(
        (status = 200, description = "The reservation as changed.", body = Reservation),
        (status = 400, description = "A value is missing or invalid, or a requested course is not a course of the shop; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid remark: is required", "errors": [{"field": "remark", "message": "is required"}]})),
        (status = 403, description = "Updates are disabled for this platform (reason `updates_disabled`).", body = InboundErrorBody,
            example = json!({"code": "forbidden", "message": "updating reservations is disabled for this platform; cancel and book again", "reason": "updates_disabled"})),
        (status = 404, description = "No reservation of the key's platform and mode has this id or origin number, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no reservation ACME-2026-000999"})),
        (status = 409, description = "Refused, with a `reason`: `status_conflict`, `cancellation_day_of`, `cancellation_not_allowed`, `course_mix`, or an availability reason (`slot_unavailable`, `outside_business_hours`, `party_size`, `outside_course_hours`, `course_not_valid`, `quantity_limit`, `cutoff_passed`).", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "cancellation is refused on the day of the reservation (2026-12-04 JST) and after it", "reason": "cancellation_day_of"})),
    )
)]
pub async fn update_reservation(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, key)): Path<(String, String)>,
    body: Bytes,
) -> Result<Json<Reservation>, ApiError> {
    if !platforms::updates_enabled(&state.db, p.platform_id).await? {
        return Err(ApiError::refused(
            StatusCode::FORBIDDEN,
            RefusalReason::UpdatesDisabled,
            "updating reservations is disabled for this platform; cancel and book again",
        ));
    }
    let values = UpdateValues::from_json(&body)?;
    let rebooking = Rebooking {
        platform_id: p.platform_id,
        livemode: p.livemode(),
        key: &key,
        start: values.reservation_start_time.0,
        pax: values.number_of_guests.get(),
        courses: values.requested_courses.requested(),
        first_name: values.guest_first_name.as_str().to_string(),
        last_name: values.guest_last_name.as_str().to_string(),
        phone: values.guest_phone_number.0,
        remark: values.remark.0,
    };
    let row = booking::update(&state, rebooking).await?;
    let record = repo::record(&state.db, row).await?;
    Ok(Json(Reservation::from_record(&record)?))
}
