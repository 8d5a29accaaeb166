//! The restaurant's side of inbound reservations (issue 12, item 6), under
//! `/api/admin/inbound/reservations`, with the merchant key in `X-Auth-API-Key` (as the order
//! admin calls): list the shop's reservations, read one, confirm or reject a PENDING one, mark
//! its remark read, cancel it, or refund half.
//!
//! A key sees only its own shop's reservations of its mode (`sk_test_`/`dk_test_`: test
//! reservations; live keys: live ones); any other id answers 404. Every status change follows
//! `inbound::domain::reservation` (refusals are 409 `status_conflict` naming the current and the allowed
//! statuses) and notifies the platform the reservation came from (`notify.rs`), in the same
//! transaction.

use super::dto::Reservation;
use super::reservations::{
    CANCEL_REMARK_MAX, ReservationList, answer, answers, apply_change, no_reservation,
};
use crate::domain::reservation::{Change, ReservationStatus};
use crate::service::notify::ChangedBy;
use crate::store::reservation_changes::{self as changes, ListQuery, Scope};
use axum::Json;
use axum::extract::{Path, State};
use noren_core::http::auth::Merchant;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Limit, Offset, Page, Raw, Text, Value, Values, schema_name};
use utoipa::PartialSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{IntoParams, Modify, ToSchema};

/// The merchant key's scheme in the inbound spec (the admin calls).
pub struct MerchantKeyScheme;

impl Modify for MerchantKeyScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "merchantApiKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Auth-API-Key",
                "The restaurant's merchant key (`sk_test_…`, `sk_live_…`, or a device key \
                 `dk_…`): the calls under `/api/admin/inbound` act on the key's own shop, in the \
                 key's mode.",
            ))),
        );
    }
}

/// The `status` filter: status names joined by `,`, each exactly as served (no spaces, no
/// empty names), as the spec's pattern says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusFilter(Vec<String>);

impl Value for StatusFilter {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        parse_statuses(raw.text()?).map(StatusFilter)
    }
}

impl PartialSchema for StatusFilter {
    fn schema() -> RefOr<Schema> {
        let names = ReservationStatus::ALL.map(|s| s.as_str()).join("|");
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(format!("^({names})(,({names}))*$")))
            .into()
    }
}

schema_name!(StatusFilter);

type Remark = Text<CANCEL_REMARK_MAX>;

fn scope(m: &Merchant) -> Scope {
    Scope::Merchant {
        shop_id: m.0.shop.id,
        livemode: m.0.livemode(),
    }
}

/// Values of the merchant's list.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AdminListValues {
    /// Only reservations in these statuses, comma-separated without spaces (e.g. `PENDING` or
    /// `PENDING,SUCCESS`).
    #[param(inline, example = "PENDING")]
    status: Option<StatusFilter>,
    #[param(inline)]
    offset: Option<Offset>,
    /// Page size, 1 to 100 (default 10).
    #[param(inline)]
    limit: Option<Limit>,
}

/// The `status` filter: status names joined by `,`, each exactly as served (what the spec's
/// pattern on `status` says).
fn parse_statuses(raw: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for name in raw.split(',') {
        let st = ReservationStatus::parse(name).ok_or_else(|| {
            format!(
                "unknown status {name}; statuses: {}",
                ReservationStatus::ALL.map(|s| s.as_str()).join(", ")
            )
        })?;
        out.push(st.as_str().to_string());
    }
    if out.is_empty() {
        return Err("must name at least one status".into());
    }
    Ok(out)
}

#[utoipa::path(
    get,
    path = "/api/admin/inbound/reservations",
    operation_id = "list_reservations_admin",
    summary = "List the shop's reservations (merchant)",
    description = "The inbound reservations of the key's shop in the key's mode, from every \
platform, newest first; `status` narrows them (e.g. `PENDING`: the requests waiting for a \
confirmation).",
    tag = "Merchant",
    security(("merchantApiKey" = [])),
    params(AdminListValues),
    responses(
        (status = 200, description = "A page of reservations and the number of all that match.", body = ReservationList),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid status: unknown status DONE; statuses: PENDING, SUCCESS, NOT_AVAILABLE, CANCELLED, CANCELLED_NO_REFUND, CANCELLED_HALF_REFUND", "errors": [{"field": "status", "message": "unknown status DONE; statuses: PENDING, SUCCESS, NOT_AVAILABLE, CANCELLED, CANCELLED_NO_REFUND, CANCELLED_HALF_REFUND"}]})),
        (status = 401, description = "The merchant key is missing, malformed, unknown or revoked.", body = InboundErrorBody,
            example = json!({"code": "unauthorized", "message": "missing API key: send it in the X-Auth-API-Key header"})),
    )
)]
pub async fn list_reservations_admin(
    State(state): State<AppState>,
    m: Merchant,
    values: AdminListValues,
) -> Result<Json<ReservationList>, ApiError> {
    let statuses = values.status.map(|s| s.0);
    let page = Page::new(values.offset, values.limit);
    let q = ListQuery {
        scope: scope(&m),
        numbers: None,
        statuses,
        offset: page.offset,
        limit: page.limit,
    };
    let (rows, count) = changes::list(&state.db, &q).await?;
    Ok(Json(ReservationList {
        rows: answers(&state, rows).await?,
        count,
    }))
}

#[utoipa::path(
    get,
    path = "/api/admin/inbound/reservations/{id}",
    operation_id = "get_reservation_admin",
    summary = "Retrieve a reservation (merchant)",
    tag = "Merchant",
    security(("merchantApiKey" = [])),
    params(("id" = String, Path, description = "The reservation's id (`rsv_…`).", max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The reservation.", body = Reservation),
        (status = 401, description = "The merchant key is missing, malformed, unknown or revoked.", body = InboundErrorBody,
            example = json!({"code": "unauthorized", "message": "missing API key: send it in the X-Auth-API-Key header"})),
        (status = 404, description = "No reservation of the key's shop and mode has this id.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no reservation rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw"})),
    )
)]
pub async fn get_reservation_admin(
    State(state): State<AppState>,
    m: Merchant,
    Path(id): Path<String>,
) -> Result<Json<Reservation>, ApiError> {
    let row = changes::find(&state.db, scope(&m), &id)
        .await?
        .ok_or_else(|| no_reservation(&id))?;
    Ok(Json(answer(&state, row).await?))
}

/// The optional body of the merchant's cancel and half refund.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct AdminCancelValues {
    /// Why the restaurant cancels, kept with the reservation (at most 500 characters).
    #[schema(inline, example = "Kitchen closed for repairs.")]
    remark: Option<Remark>,
}

macro_rules! status_call {
    ($fn:ident, $op:literal, $path:literal, $summary:literal, $desc:literal, $change:expr,
     $ok:literal, $conflict:literal, body) => {
        #[utoipa::path(
            post,
            path = $path,
            operation_id = $op,
            summary = $summary,
            description = $desc,
            tag = "Merchant",
            security(("merchantApiKey" = [])),
            params(("id" = String, Path, description = "The reservation's id (`rsv_…`).", max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
            request_body(content = Option<AdminCancelValues>, description = "Optional: `{\"remark\": \"…\"}`."),
            responses(
                (status = 200, description = $ok, body = Reservation),
                (status = 400, description = "The body is invalid; `errors` names every bad field.", body = InboundErrorBody,
                    example = json!({"code": "client", "message": "invalid remark: must be at most 500 characters", "errors": [{"field": "remark", "message": "must be at most 500 characters"}]})),
                (status = 401, description = "The merchant key is missing, malformed, unknown or revoked.", body = InboundErrorBody,
                    example = json!({"code": "unauthorized", "message": "missing API key: send it in the X-Auth-API-Key header"})),
                (status = 404, description = "No reservation of the key's shop and mode has this id.", body = InboundErrorBody,
                    example = json!({"code": "not_found", "message": "no reservation rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw"})),
                (status = 409, description = "The reservation's status does not allow it (`status_conflict`; the message names the current status and the allowed ones).", body = InboundErrorBody,
                    example = json!({"code": "conflict", "message": $conflict, "reason": "status_conflict"})),
            )
        )]
        pub async fn $fn(
            State(state): State<AppState>,
            m: Merchant,
            Path(id): Path<String>,
            values: AdminCancelValues,
        ) -> Result<Json<Reservation>, ApiError> {
            let remark = values.remark.map(Text::into_string);
            Ok(Json(
                apply_change(&state, scope(&m), &id, $change, remark, ChangedBy::Merchant).await?,
            ))
        }
    };
    ($fn:ident, $op:literal, $path:literal, $summary:literal, $desc:literal, $change:expr,
     $ok:literal, $conflict:literal) => {
        #[utoipa::path(
            post,
            path = $path,
            operation_id = $op,
            summary = $summary,
            description = $desc,
            tag = "Merchant",
            security(("merchantApiKey" = [])),
            params(("id" = String, Path, description = "The reservation's id (`rsv_…`).", max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
            responses(
                (status = 200, description = $ok, body = Reservation),
                (status = 401, description = "The merchant key is missing, malformed, unknown or revoked.", body = InboundErrorBody,
                    example = json!({"code": "unauthorized", "message": "missing API key: send it in the X-Auth-API-Key header"})),
                (status = 404, description = "No reservation of the key's shop and mode has this id.", body = InboundErrorBody,
                    example = json!({"code": "not_found", "message": "no reservation rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw"})),
                (status = 409, description = "The reservation's status does not allow it (`status_conflict`; the message names the current status and the allowed ones).", body = InboundErrorBody,
                    example = json!({"code": "conflict", "message": $conflict, "reason": "status_conflict"})),
            )
        )]
        pub async fn $fn(
            State(state): State<AppState>,
            m: Merchant,
            Path(id): Path<String>,
        ) -> Result<Json<Reservation>, ApiError> {
            Ok(Json(
                apply_change(&state, scope(&m), &id, $change, None, ChangedBy::Merchant).await?,
            ))
        }
    };
}

status_call!(
    confirm_reservation,
    "confirm_reservation",
    "/api/admin/inbound/reservations/{id}/confirm",
    "Confirm a pending reservation (merchant)",
    "PENDING → SUCCESS. The platform is notified (`reservation.status_changed`).",
    Change::Confirm,
    "The reservation, now SUCCESS.",
    "cannot confirm a reservation in status CANCELLED; allowed from: PENDING"
);

status_call!(
    reject_reservation,
    "reject_reservation",
    "/api/admin/inbound/reservations/{id}/reject",
    "Reject a pending reservation (merchant)",
    "PENDING → NOT_AVAILABLE (the restaurant cannot take it); its seats are free again. The \
platform is notified (`reservation.status_changed`).",
    Change::Reject,
    "The reservation, now NOT_AVAILABLE.",
    "cannot reject a reservation in status SUCCESS; allowed from: PENDING"
);

status_call!(
    cancel_reservation_admin,
    "cancel_reservation_admin",
    "/api/admin/inbound/reservations/{id}/cancel",
    "Cancel a reservation (merchant)",
    "PENDING or SUCCESS → CANCELLED (the restaurant cancels: full refund; the partners' \
cancellation policy does not apply). The platform is notified (`reservation.status_changed`).",
    Change::MerchantCancel,
    "The reservation, now CANCELLED.",
    "cannot cancel a reservation in status NOT_AVAILABLE; allowed from: PENDING, SUCCESS",
    body
);

status_call!(
    half_refund_reservation,
    "half_refund_reservation",
    "/api/admin/inbound/reservations/{id}/half-refund",
    "Cancel with half refunded (merchant)",
    "SUCCESS or CANCELLED_NO_REFUND → CANCELLED_HALF_REFUND: the restaurant keeps half (from \
SUCCESS), or gives half back after a late cancellation (from CANCELLED_NO_REFUND). Not from \
PENDING (reject it instead) nor from CANCELLED (already refunded in full). The platform is \
notified (`reservation.status_changed`).",
    Change::HalfRefund,
    "The reservation, now CANCELLED_HALF_REFUND.",
    "cannot half-refund a reservation in status PENDING; allowed from: SUCCESS, CANCELLED_NO_REFUND",
    body
);

#[utoipa::path(
    post,
    path = "/api/admin/inbound/reservations/{id}/remark-read",
    operation_id = "mark_reservation_remark_read",
    summary = "Mark a reservation's remark read (merchant)",
    description = "Sets `remarkStatus` to 1 (read). Repeating it changes nothing. Not a status \
change: no notification.",
    tag = "Merchant",
    security(("merchantApiKey" = [])),
    params(("id" = String, Path, description = "The reservation's id (`rsv_…`).", max_length = 100, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The reservation, `remarkStatus` 1.", body = Reservation),
        (status = 401, description = "The merchant key is missing, malformed, unknown or revoked.", body = InboundErrorBody,
            example = json!({"code": "unauthorized", "message": "missing API key: send it in the X-Auth-API-Key header"})),
        (status = 404, description = "No reservation of the key's shop and mode has this id.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no reservation rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw"})),
    )
)]
pub async fn mark_reservation_remark_read(
    State(state): State<AppState>,
    m: Merchant,
    Path(id): Path<String>,
) -> Result<Json<Reservation>, ApiError> {
    let now = state.now_of(m.owner()).await?.at;
    let row = changes::mark_remark_read(&state.db, scope(&m), &id, now)
        .await?
        .ok_or_else(|| no_reservation(&id))?;
    Ok(Json(answer(&state, row).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_filter_takes_exact_names_joined_by_commas() {
        let all = ReservationStatus::ALL.map(|s| s.as_str()).join(",");
        assert_eq!(parse_statuses(&all).expect("every status").len(), 6);
        assert_eq!(parse_statuses("PENDING").expect("one"), ["PENDING"]);
        // What the spec's pattern refuses is refused too (a schema-invalid value never passes).
        for bad in [
            "PENDING,",
            ",PENDING",
            " PENDING",
            "PENDING, SUCCESS",
            "pending",
            "DONE",
        ] {
            assert!(parse_statuses(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
