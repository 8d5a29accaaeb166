//! A partner platform's test clock (issue 35): `/v3/inbound-external/{platform}/test_clock`, with
//! the partner's test key (`ipk_test_…`). While it exists the platform's test mode runs on it:
//! availability and its cutoff hours, holds and their expiry, bookings, the platform's
//! cancellations (the day-of and policy rules) and updates, its notifications' retries and
//! endpoint disabling. The merchant's own calls stay on the shop's clock (`service::time`).
//! JSON bodies with camelCase members and JST times, as everywhere in this API; the rules are
//! `noren_core::clocks`, shared with the shops' clocks of the payment API.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use noren_core::clocks::{AdvanceRan, Advanced, ClockError};
use noren_core::db::entities::test_clock;
use noren_core::domain::jst;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, FieldError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{FromValues, Rfc3339, Text, Values};
use noren_core::webhooks::endpoints::Owner;
use serde::Serialize;
use utoipa::ToSchema;

type Name = Text<100>;

/// The platform's test clock: the time its test mode runs on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "clock_7Hq2mX9pL4tV1cK8nB3sR6wY", "name": "cancellation rules",
    "frozenTime": "2027-01-15T18:00:00+09:00", "status": "ready", "livemode": false,
    "lastAdvance": {"ran": {"webhook": 1}, "total": 1},
    "createdAt": "2026-12-01T19:00:00+09:00", "updatedAt": "2026-12-01T19:05:00+09:00"
}))]
pub struct TestClock {
    /// `clock_…`.
    pub id: String,
    #[schema(required = true)]
    pub name: Option<String>,
    /// The platform's test-mode "now" (RFC 3339 in JST). It moves only when advanced.
    #[schema(format = DateTime)]
    pub frozen_time: String,
    /// `ready`, or `advancing` while an advance runs what came due.
    #[schema(example = "ready")]
    pub status: String,
    /// Always false: clocks are for test mode.
    pub livemode: bool,
    /// What the last advance ran; null before the first.
    #[schema(required = true)]
    pub last_advance: Option<AdvanceRan>,
    /// Real time, not the clock's.
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

impl From<test_clock::Model> for TestClock {
    fn from(c: test_clock::Model) -> Self {
        let last_advance = AdvanceRan::last(&c);
        TestClock {
            id: c.public_id,
            name: c.name,
            frozen_time: jst::rfc3339(c.frozen_time),
            status: c.status,
            livemode: false,
            last_advance,
            created_at: jst::rfc3339(c.created_at),
            updated_at: jst::rfc3339(c.updated_at),
        }
    }
}

/// A deleted clock.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedTestClock {
    pub id: String,
    /// Always true.
    pub deleted: bool,
}

/// The create's body (it may be empty).
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
// Unknown members are refused (one 400 naming them): the schema says so.
#[serde(deny_unknown_fields)]
#[values(body = "json")]
pub struct CreateClockValues {
    /// Where the clock starts (RFC 3339 with its offset), in the years 2000 to 2099; default now.
    #[schema(inline, example = "2027-01-15T18:00:00+09:00")]
    frozen_time: Option<Rfc3339>,
    /// A label for you (at most 100 characters).
    #[schema(inline, example = "cancellation rules")]
    name: Option<Name>,
}

/// The advance's body.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
#[values(body = "json")]
pub struct AdvanceClockValues {
    /// The clock's new time (RFC 3339 with its offset): not before its current time, at most 2
    /// years after it.
    #[schema(inline, example = "2027-01-20T09:00:00+09:00")]
    frozen_time: Rfc3339,
}

/// The platform in test mode, or 403 for a live key.
fn owner(p: &Partner) -> Result<Owner, ApiError> {
    let owner = p.owner();
    if owner.livemode {
        return Err(ApiError::Forbidden(
            "test clocks are for test mode only: use a test key (ipk_test_…); live mode always \
             runs on real time"
                .into(),
        ));
    }
    Ok(owner)
}

/// A clock refusal in this API's words (`frozenTime`).
fn refused(e: ClockError) -> ApiError {
    match e {
        ClockError::Invalid { message, .. } => {
            ApiError::invalid(vec![FieldError::new("frozenTime", message)])
        }
        other => other.into(),
    }
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/test_clock",
    operation_id = "create_test_clock",
    summary = "Create the test clock",
    description = "Puts the platform's test mode on a clock of its own, stopped at `frozenTime`: from now on \
availability and its cutoff hours, holds, bookings, the platform's cancellations and updates, and its notifications' \
retries read it, and what is created is stamped with it. Live mode, other platforms, the merchants' own calls and \
`/healthz` keep their time. One clock per platform and mode.",
    tag = "Test clocks",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = CreateClockValues,
    responses(
        (status = 201, description = "The clock.", body = TestClock),
        (status = 400, description = "A value is invalid; `errors` names the field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid frozenTime: must be in the years 2000 to 2099",
                "errors": [{"field": "frozenTime", "message": "must be in the years 2000 to 2099"}]})),
        (status = 403, description = "A live key: clocks are for test mode only.", body = InboundErrorBody,
            example = json!({"code": "forbidden", "message": "test clocks are for test mode only: use a test key (ipk_test_…); live mode always runs on real time"})),
        (status = 404, description = "`{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "The platform's test mode has a clock already.", body = InboundErrorBody),
    )
)]
pub async fn create_test_clock(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
    body: Bytes,
) -> Result<(StatusCode, Json<TestClock>), ApiError> {
    let owner = owner(&partner)?;
    let values = if body.iter().all(u8::is_ascii_whitespace) {
        CreateClockValues::from_json(b"{}")?
    } else {
        CreateClockValues::from_json(&body)?
    };
    let frozen_time = values
        .frozen_time
        .map_or_else(|| state.clock.now(), |t| t.0);
    let name = values.name.map(Text::into_string);
    let clock = state
        .clocks
        .create(owner, name, frozen_time)
        .await
        .map_err(refused)?;
    Ok((StatusCode::CREATED, Json(clock.into())))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/test_clock",
    operation_id = "get_test_clock",
    summary = "Retrieve the test clock",
    tag = "Test clocks",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The clock.", body = TestClock),
        (status = 403, description = "A live key: clocks are for test mode only.", body = InboundErrorBody),
        (status = 404, description = "The platform's test mode has no clock (it runs on real time), or `{platform}` is not the key's platform.", body = InboundErrorBody),
    )
)]
pub async fn get_test_clock(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
) -> Result<Json<TestClock>, ApiError> {
    let owner = owner(&partner)?;
    let clock = state
        .clocks
        .get(owner)
        .await?
        .ok_or(ClockError::NotFound)
        .map_err(refused)?;
    Ok(Json(clock.into()))
}

#[utoipa::path(
    delete,
    path = "/v3/inbound-external/{platform}/test_clock",
    operation_id = "delete_test_clock",
    summary = "Delete the test clock",
    description = "The platform's test mode is back on real time. What was made under the clock keeps its \
times; a notification retry waiting on the clock keeps the wait it had left.",
    tag = "Test clocks",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "Deleted.", body = DeletedTestClock),
        (status = 403, description = "A live key: clocks are for test mode only.", body = InboundErrorBody),
        (status = 404, description = "The platform's test mode has no clock, or `{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "The clock is advancing.", body = InboundErrorBody),
    )
)]
pub async fn delete_test_clock(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
) -> Result<Json<DeletedTestClock>, ApiError> {
    let owner = owner(&partner)?;
    let clock = state.clocks.delete(owner).await.map_err(refused)?;
    Ok(Json(DeletedTestClock {
        id: clock.public_id,
        deleted: true,
    }))
}

#[utoipa::path(
    post,
    path = "/v3/inbound-external/{platform}/test_clock/advance",
    operation_id = "advance_test_clock",
    summary = "Advance the test clock",
    description = "Moves the clock to `frozenTime` and runs, in the order they fell due, every timer of the \
platform's test mode due by then: notification deliveries and their retries, and endpoint disabling. Holds expire \
and cutoffs pass as the clock says. Answers when everything due has run (`status` `ready`, `lastAdvance` counting \
it). Notifications are signed as always: their signature timestamp is real time (your receiver checks it against \
its own clock).",
    tag = "Test clocks",
    security(("partnerBearer" = []), ("partnerApiKey" = [])),
    params(("platform" = String, Path, description = "The platform code the key is bound to.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = AdvanceClockValues,
    responses(
        (status = 200, description = "The clock at its new time, with what ran.", body = TestClock),
        (status = 400, description = "`frozenTime` is missing, invalid, or more than 2 years ahead of the clock.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid frozenTime: at most 2 years per advance: at most 2029-01-15T09:00:00Z from the clock's 2027-01-15T09:00:00Z",
                "errors": [{"field": "frozenTime", "message": "at most 2 years per advance: at most 2029-01-15T09:00:00Z from the clock's 2027-01-15T09:00:00Z"}]})),
        (status = 403, description = "A live key: clocks are for test mode only.", body = InboundErrorBody),
        (status = 404, description = "The platform's test mode has no clock, or `{platform}` is not the key's platform.", body = InboundErrorBody),
        (status = 409, description = "`frozenTime` is before the clock's time (clocks never move backwards), or another advance is running.", body = InboundErrorBody),
    )
)]
pub async fn advance_test_clock(
    State(state): State<AppState>,
    partner: Partner,
    Path(_platform): Path<String>,
    body: Bytes,
) -> Result<Json<TestClock>, ApiError> {
    let owner = owner(&partner)?;
    let values = AdvanceClockValues::from_json(&body)?;
    let runner = (state.runners)(&state).map_err(ApiError::Internal)?;
    let Advanced { clock, .. } = state
        .clocks
        .advance(owner, values.frozen_time.0, &runner)
        .await
        .map_err(refused)?;
    Ok(Json(clock.into()))
}
