//! Holds (issue 20, item 7): `POST …/shops/{shopId}/holds` takes a slot's seats for a few
//! minutes while the partner's guest fills the booking form; `GET` and `DELETE
//! …/shops/{shopId}/holds/{holdId}` read and release it; create takes `holdId`. The rules are in
//! `inbound/service/holds.rs`: a hold is judged exactly like a booking (409 with the same
//! reasons), counts against seats and `quantityLimit` until it expires, and the booking made
//! with it is not refused for capacity. A key sees only its platform's holds of its mode.

use super::create::{Guests, JstDateTime, RequestedCourse, RequestedCourses};
use crate::http::errors::{no_hold, no_shop};
use crate::service::holds::{
    self as service, DEFAULT_MINUTES, HoldRequest, HoldStatus, MAX_MINUTES,
};
use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, FixedOffset, Utc};
use noren_core::db::entities::inbound_hold;
use noren_core::domain::jst;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::extract::IdempotencyKey;
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Values};
use noren_core::webhooks::endpoints::Owner;
use serde::Serialize;
use utoipa::ToSchema;

type HoldMinutes = Int<1, MAX_MINUTES>;

/// Values of the hold call.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct HoldValues {
    /// JST start time, ISO 8601 without a zone: a slot the availability call offers (for
    /// example an entry of `availableStartTimes`).
    #[schema(inline)]
    reservation_start_time: JstDateTime,
    /// At least 1.
    #[schema(inline, example = 2)]
    number_of_guests: Guests,
    /// One course and/or its child courses, as the booking will ask for them.
    #[schema(inline)]
    requested_courses: RequestedCourses,
    /// How long to hold, 1 to 30 minutes; default 5.
    #[schema(inline, example = 5)]
    hold_minutes: Option<HoldMinutes>,
}

/// The parsed request in a fixed form: what the idempotency hash is taken of.
#[derive(Serialize)]
struct Canonical {
    shop_id: i64,
    start: String,
    guests: i64,
    courses: String,
    minutes: i64,
}

// Issue 20 item 7.
/// A hold on a slot's seats.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"id": "hld_8Xq2kLmN4pR7sT1vW3yZ5aB0", "shopId": 3, "status": "HELD",
    "reservationStartTime": "2026-12-05T00:30:00", "numberOfGuests": 2,
    "requestedCourses": [{"courseId": 31, "courseAmountRequested": 2}],
    "expiresAt": "2026-12-04T18:05:00+09:00", "reservationId": null, "livemode": false}))]
pub struct Hold {
    /// `hld_…`: send it as `holdId` when creating the reservation.
    pub id: String,
    pub shop_id: i64,
    /// `HELD` (holding its seats until `expiresAt`), `USED` (it became `reservationId`),
    /// `RELEASED` (by you) or `EXPIRED`.
    #[schema(example = "HELD")]
    pub status: String,
    /// JST, `yyyy-MM-ddTHH:mm:ss`.
    pub reservation_start_time: String,
    pub number_of_guests: i32,
    pub requested_courses: Vec<RequestedCourse>,
    /// When the hold ends unless it becomes a reservation first: RFC 3339 with the JST offset.
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: String,
    /// The reservation the hold became (`USED`).
    pub reservation_id: Option<String>,
    /// `false` for a hold made with an `ipk_test_` key.
    pub livemode: bool,
}

fn rfc3339_jst(t: DateTime<Utc>) -> String {
    let jst = FixedOffset::east_opt(9 * 3600).expect("+09:00");
    t.with_timezone(&jst)
        .format("%Y-%m-%dT%H:%M:%S%:z")
        .to_string()
}

impl Hold {
    fn of(h: inbound_hold::Model, now: DateTime<Utc>) -> Self {
        Hold {
            status: HoldStatus::of(&h, now).as_str().to_string(),
            reservation_start_time: jst::from_utc(h.start_at)
                .format("%Y-%m-%dT%H:%M:%S")
                .to_string(),
            number_of_guests: h.number_of_guests,
            requested_courses: serde_json::from_str(&h.courses).unwrap_or_default(),
            expires_at: rfc3339_jst(h.expires_at),
            reservation_id: h.reservation_id,
            livemode: h.livemode,
            shop_id: h.shop_id,
            id: h.id,
        }
    }
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/holds",
    operation_id = "create_hold",
    summary = "Hold a slot",
    description = "Takes the seats of `numberOfGuests` at `reservationStartTime` (JST) with the requested courses for \
`holdMinutes` (default 5, at most 30) while your guest fills the booking form. The hold is judged exactly like a \
booking (the same 409 reasons), counts against the shop's seats and the course's `quantityLimit` like a reservation \
until it expires, and is released early by `DELETE …/holds/{holdId}`. Create the reservation with `holdId` and the \
same start time, party and courses: its seats become the reservation's, so that booking is not refused for seats or \
`quantityLimit`. Idempotent with an `Idempotency-Key` header: the same request answers the same hold (in its current \
state), another request with the same key is a 409 `hold_mismatch`.",
    tag = "Holds",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1),
        ("Idempotency-Key" = Option<String>, Header, description = "Any unique string of yours (1–255 visible ASCII characters, e.g. a UUID): a repeat with the same key and request answers the same hold.", min_length = 1, max_length = 255, pattern = "^[!-~]([ -~]*[!-~])?$"),
    ),
    request_body = HoldValues,
    responses(
        (status = 200, description = "The hold (made now, or earlier with the same `Idempotency-Key`).", body = Hold),
        (status = 400, description = "A value is missing or invalid, or a requested course is not a course of the shop; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid holdMinutes: must be from 1 to 30", "errors": [{"field": "holdMinutes", "message": "must be from 1 to 30"}]})),
        (status = 404, description = "No published shop has this id, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
        (status = 409, description = "Refused, with a `reason`: `slot_unavailable`, `outside_business_hours`, `party_size`, `outside_course_hours`, `course_not_valid`, `quantity_limit`, `cutoff_passed`, `course_mix`, or `hold_mismatch` (the `Idempotency-Key` was used for another request).", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "2026-12-04 19:00 (JST) has 1 seats left, not enough for 2 guests", "reason": "slot_unavailable"})),
    )
)]
pub async fn create_hold(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, shop)): Path<(String, String)>,
    key: IdempotencyKey,
    values: HoldValues,
) -> Result<Json<Hold>, ApiError> {
    let shop_id: i64 = shop.parse().map_err(|_| no_shop(&shop))?;
    let courses = values.requested_courses.requested();
    let minutes = values
        .hold_minutes
        .map(|m| m.get())
        .unwrap_or(DEFAULT_MINUTES);
    let hash = noren_core::fingerprint::of_json(&Canonical {
        shop_id,
        start: values
            .reservation_start_time
            .0
            .format("%Y-%m-%dT%H:%M:%S")
            .to_string(),
        guests: values.number_of_guests.get(),
        courses: service::courses_text(&courses),
        minutes,
    });
    let hold = service::create(
        &state,
        HoldRequest {
            platform_id: p.platform_id,
            livemode: p.livemode(),
            shop_id,
            key: key.0.as_deref(),
            hash,
            start: values.reservation_start_time.0,
            pax: values.number_of_guests.get(),
            courses,
            minutes,
        },
    )
    .await?;
    let now = state
        .now_of(Owner::platform(p.platform_id, p.livemode()))
        .await?
        .at;
    Ok(Json(Hold::of(hold, now)))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/holds/{holdId}",
    operation_id = "get_hold",
    summary = "Retrieve a hold",
    description = "The hold with its `status` now: `HELD` until `expiresAt`, then `EXPIRED`; `RELEASED` after \
`DELETE`; `USED` once a reservation was created with it (`reservationId`).",
    tag = "Holds",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1),
        ("holdId" = String, Path, description = "The hold's id (`hld_…`).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The hold.", body = Hold),
        (status = 404, description = "No hold of your platform and mode has this id at this shop, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no hold hld_x"})),
    )
)]
pub async fn get_hold(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, shop, id)): Path<(String, String, String)>,
) -> Result<Json<Hold>, ApiError> {
    let shop_id: i64 = shop.parse().map_err(|_| no_hold(&id))?;
    let hold = service::get(&state, p.platform_id, p.livemode(), shop_id, &id).await?;
    let now = state
        .now_of(Owner::platform(p.platform_id, p.livemode()))
        .await?
        .at;
    Ok(Json(Hold::of(hold, now)))
}

#[utoipa::path(
    delete,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/holds/{holdId}",
    operation_id = "release_hold",
    summary = "Release a hold",
    description = "Frees the hold's seats at once (the guest left the form). Releasing a released or expired hold \
changes nothing and answers it again; a hold that became a reservation is a 409 `status_conflict` (cancel the \
reservation instead).",
    tag = "Holds",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1),
        ("holdId" = String, Path, description = "The hold's id (`hld_…`).", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The hold, now `RELEASED` (or `EXPIRED` if its time had run out).", body = Hold),
        (status = 404, description = "No hold of your platform and mode has this id at this shop, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no hold hld_x"})),
        (status = 409, description = "The hold became a reservation; `reason` is `status_conflict`.", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "hold hld_x became reservation rsv_y; cancel the reservation instead", "reason": "status_conflict"})),
    )
)]
pub async fn release_hold(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, shop, id)): Path<(String, String, String)>,
) -> Result<Json<Hold>, ApiError> {
    let shop_id: i64 = shop.parse().map_err(|_| no_hold(&id))?;
    let hold = service::release(&state, p.platform_id, p.livemode(), shop_id, &id).await?;
    let now = state
        .now_of(Owner::platform(p.platform_id, p.livemode()))
        .await?
        .at;
    Ok(Json(Hold::of(hold, now)))
}
