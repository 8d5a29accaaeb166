//! The partner's reservation calls after booking (seed 001 §7; issue 12, items 1, 3 and 6): list
//! (`GET shops/reservations`), get (`GET shops/reservations/{reservationNumber}`) and cancel
//! (`PATCH shops/reservations/{reservationIdOrOriginNumber}/cancel`).
//!
//! A partner key sees only reservations made through its platform in its mode (an `ipk_test_`
//! key: test reservations; the other families: live ones); any other reservation answers 404,
//! exactly like one that does not exist. `{reservationNumber}` is Noren's id (`rsv_…`) or the
//! platform's `originPlatformReservationNumber` (an id wins if both match).
//!
//! Cancel follows `inbound::domain::reservation` (JST dates: refused on the day of the reservation and
//! when the shop's `cancellationPolicyDays` is negative; more than that many days ahead →
//! `CANCELLED`, otherwise `CANCELLED_NO_REFUND`); its optional `remark` (at most
//! [`CANCEL_REMARK_MAX`] characters) is kept as the cancellation remark. The status change and
//! its notification to the platform (`notify.rs`) commit together.

use super::dto::Reservation;
use crate::domain::reservation::Change;
use crate::service::notify::ChangedBy;
use crate::service::reservations as service;
use crate::store::reservation_changes::{self as changes, ChangeError, ListQuery, Scope};
use crate::store::reservations;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody, database_error};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Offset, Page, Raw, Text, Value, Values, schema_name};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

/// Page size of the list: default [`LIST_DEFAULT`], at most [`LIST_MAX`] (seed 001 §9).
pub const LIST_MAX: i64 = 30;
pub const LIST_DEFAULT: u64 = 10;
/// At most this many `reservationNumbers` (seed 001 §9).
pub const NUMBERS_MAX: usize = 30;
/// An origin number's longest form (seed 001 §5); ids are shorter.
const NUMBER_MAX: usize = 100;
/// The longest `reservationNumbers` value: 30 numbers of 100 characters and their commas.
pub const NUMBERS_TEXT_MAX: usize = NUMBERS_MAX * (NUMBER_MAX + 1);
/// The spec's pattern of `reservationNumbers`: text without control characters (as
/// [`noren_core::http::values::TEXT_PATTERN`]) of at most 30 comma-separated entries.
const NUMBERS_PATTERN: &str = "^[^,\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]*(,[^,\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]*){0,29}$";
/// The longest cancellation remark (as long as an admin order's memo is short; enough for a
/// reason in any language).
pub const CANCEL_REMARK_MAX: usize = 500;

type ListLimit = Int<1, LIST_MAX>;
type CancelRemark = Text<CANCEL_REMARK_MAX>;

/// The reservations a partner key sees: its platform's, in its mode.
fn scope(platform_id: i64, livemode: bool) -> Scope {
    Scope::Partner {
        platform_id,
        livemode,
    }
}

pub(crate) use crate::http::errors::no_reservation;

/// A page of reservations.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReservationList {
    /// The page, newest first.
    pub rows: Vec<Reservation>,
    /// How many reservations match in all (every page).
    #[schema(example = 1)]
    pub count: u64,
}

/// Values of the list call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ListValues {
    /// Page size, 1 to 30 (default 10).
    #[param(inline, example = 10)]
    limit: Option<ListLimit>,
    /// Reservations to skip (default 0).
    #[param(inline)]
    offset: Option<Offset>,
    /// Only these reservations: up to 30 ids (`rsv_…`) or origin numbers, comma-separated
    /// (each matches either). Empty entries are ignored: a value that names none (`,`) matches
    /// no reservation.
    #[param(inline, example = "ACME-2026-000123,rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw")]
    reservation_numbers: Option<ReservationNumbers>,
}

/// `reservationNumbers`: up to 30 comma-separated reservation ids or origin numbers. Entries are
/// trimmed and empty ones ignored, so a value that names none (`,`) matches no reservation; an
/// entry no reservation has (one longer than any number, say) matches none either. Only what
/// the spec's schema refuses is refused: control characters, more than 30 entries, more than
/// 3,030 characters.
pub struct ReservationNumbers(Vec<String>);

schema_name!(ReservationNumbers);

impl Value for ReservationNumbers {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = Text::<NUMBERS_TEXT_MAX>::parse(raw)?;
        let entries: Vec<&str> = text.as_str().split(',').collect();
        if entries.len() > NUMBERS_MAX {
            return Err(format!("must name at most {NUMBERS_MAX} reservations"));
        }
        Ok(ReservationNumbers(
            entries
                .into_iter()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .collect(),
        ))
    }
}

impl utoipa::PartialSchema for ReservationNumbers {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .min_length(Some(1))
            .max_length(Some(NUMBERS_TEXT_MAX))
            .pattern(Some(NUMBERS_PATTERN))
            .into()
    }
}

pub(crate) async fn answers(
    state: &AppState,
    rows: Vec<noren_core::db::entities::inbound_reservation::Model>,
) -> Result<Vec<Reservation>, ApiError> {
    reservations::records(&state.db, rows)
        .await?
        .iter()
        .map(|r| Reservation::from_record(r).map_err(ApiError::Internal))
        .collect()
}

pub(crate) async fn answer(
    state: &AppState,
    row: noren_core::db::entities::inbound_reservation::Model,
) -> Result<Reservation, ApiError> {
    answers(state, vec![row])
        .await?
        .pop()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the reservation has no answer")))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/reservations",
    operation_id = "list_reservations",
    summary = "List reservations",
    description = "The reservations made through the key's platform in the key's mode (an \
`ipk_test_` key sees test reservations, the others live ones), newest first. \
`reservationNumbers` narrows the list to up to 30 reservations, each given by its id or its \
origin number; unknown numbers are left out (they never answer another platform's data).",
    tag = "Reservations",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ListValues,
    ),
    responses(
        (status = 200, description = "A page of reservations and the number of all that match.", body = ReservationList),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid limit: must be from 1 to 30", "errors": [{"field": "limit", "message": "must be from 1 to 30"}]})),
        (status = 404, description = "`{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no platform other-platform"})),
    )
)]
pub async fn list_reservations(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path(_platform): Path<String>,
    values: ListValues,
) -> Result<Json<ReservationList>, ApiError> {
    let numbers = values.reservation_numbers.map(|n| n.0);
    if numbers.as_ref().is_some_and(Vec::is_empty) {
        // A filter that names no reservation matches none.
        return Ok(Json(ReservationList {
            rows: Vec::new(),
            count: 0,
        }));
    }
    let q = ListQuery {
        scope: scope(p.platform_id, p.livemode()),
        numbers,
        statuses: None,
        offset: Page::new(values.offset, None).offset,
        limit: values.limit.map(|l| l.get() as u64).unwrap_or(LIST_DEFAULT),
    };
    let (rows, count) = changes::list(&state.db, &q).await?;
    Ok(Json(ReservationList {
        rows: answers(&state, rows).await?,
        count,
    }))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/reservations/{reservationNumber}",
    operation_id = "get_reservation",
    summary = "Retrieve a reservation",
    description = "One reservation of the key's platform and mode, by its id (`rsv_…`) or its \
origin number. Another platform's reservation, or one of the other mode, answers 404 as if it \
did not exist.",
    tag = "Reservations",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("reservationNumber" = String, Path, description = "The reservation's id or its `originPlatformReservationNumber`.", max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    responses(
        (status = 200, description = "The reservation.", body = Reservation),
        (status = 404, description = "No reservation of the key's platform and mode has this id or origin number, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no reservation ACME-2026-000999"})),
    )
)]
pub async fn get_reservation(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, key)): Path<(String, String)>,
) -> Result<Json<Reservation>, ApiError> {
    let row = changes::find(&state.db, scope(p.platform_id, p.livemode()), &key)
        .await?
        .ok_or_else(|| no_reservation(&key))?;
    Ok(Json(answer(&state, row).await?))
}

// Seed 001 §3 "Cancel request".
/// The body of the cancel call; it may be left out.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CancelValues {
    /// Why the guest cancels, kept with the reservation (at most 500 characters).
    #[schema(inline, example = "Flight cancelled.")]
    remark: Option<CancelRemark>,
}

/// Maps a refused or missing change to its answer.
pub(crate) fn change_error(key: &str, e: ChangeError) -> ApiError {
    match e {
        ChangeError::NotFound => no_reservation(key),
        ChangeError::Refused(r) => ApiError::refused(StatusCode::CONFLICT, r.reason, r.message),
        ChangeError::Db(e) => database_error(format!("reservation {key}"), e),
    }
}

/// Applies `change` through the service (one transaction with its notification) and answers
/// the reservation.
pub(crate) async fn apply_change(
    state: &AppState,
    scope: Scope,
    key: &str,
    change: Change,
    cancel_remark: Option<String>,
    by: ChangedBy,
) -> Result<Reservation, ApiError> {
    let row = service::change(state, scope, key, change, cancel_remark, by)
        .await
        .map_err(|e| change_error(key, e))?;
    answer(state, row).await
}

#[utoipa::path(
    patch,
    path = "/v3/inbound-external/{platform}/shops/reservations/{reservationIdOrOriginNumber}/cancel",
    operation_id = "cancel_reservation",
    summary = "Cancel a reservation",
    description = "Cancels a PENDING or SUCCESS reservation of the key's platform and mode. \
Dates are JST calendar dates: cancelling on the day of the reservation (from 00:00 JST) or later \
is refused (`cancellation_day_of`), and a shop whose `cancellationPolicyDays` is negative refuses \
every cancellation (`cancellation_not_allowed`). More than `cancellationPolicyDays` days before \
the reservation's date the status becomes CANCELLED (full refund), otherwise \
CANCELLED_NO_REFUND. Example with `cancellationPolicyDays` 1 and a reservation on 12-03: until \
12-01 23:59 JST → CANCELLED; on 12-02 → CANCELLED_NO_REFUND; on 12-03 → refused. The platform's \
webhook receives a `reservation.status_changed` notification.",
    tag = "Reservations",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(
        ("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("reservationIdOrOriginNumber" = String, Path, description = "The reservation's id or its `originPlatformReservationNumber`.", max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
    ),
    request_body(content = Option<CancelValues>, description = "Optional: `{\"remark\": \"…\"}`."),
    responses(
        (status = 200, description = "The cancelled reservation (status CANCELLED or CANCELLED_NO_REFUND).", body = Reservation),
        (status = 400, description = "The body is invalid; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid remark: must be at most 500 characters", "errors": [{"field": "remark", "message": "must be at most 500 characters"}]})),
        (status = 404, description = "No reservation of the key's platform and mode has this id or origin number, or `{platform}` is not the key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no reservation ACME-2026-000999"})),
        (status = 409, description = "Refused, with a `reason`: `cancellation_day_of`, `cancellation_not_allowed` or `status_conflict` (already cancelled or rejected; the message names the current status and the allowed ones).", body = InboundErrorBody,
            example = json!({"code": "conflict", "message": "cancellation is refused on the day of the reservation (2026-12-03 JST) and after it", "reason": "cancellation_day_of"})),
    )
)]
pub async fn cancel_reservation(
    State(state): State<AppState>,
    Partner(p): Partner,
    Path((_platform, key)): Path<(String, String)>,
    values: CancelValues,
) -> Result<Json<Reservation>, ApiError> {
    let remark = values.remark.map(Text::into_string);
    Ok(Json(
        apply_change(
            &state,
            scope(p.platform_id, p.livemode()),
            &key,
            Change::PartnerCancel,
            remark,
            ChangedBy::Partner,
        )
        .await?,
    ))
}
