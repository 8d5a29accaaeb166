//! The shop's test clock (issue 35): `…/v3/test_clock`, with a merchant's secret test key. While
//! it exists the shop's test mode runs on it: payment expiry, the refund window (2102),
//! idempotency keys, webhook retries and endpoint disabling, and the times written on what it
//! creates. Advancing runs every timer that came due before it answers. The rules are
//! `noren_core::clocks` (shared with the partner platforms' clocks of the inbound API).

use crate::http::dto::iso;
use axum::extract::State;
use axum::http::StatusCode;
use noren_core::clocks::{AdvanceRan, Advanced};
use noren_core::db::entities::test_clock;
use noren_core::http::auth::SecretKey;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::Json;
use noren_core::http::state::AppState;
use noren_core::http::values::{Rfc3339, Text, Values};
use noren_core::webhooks::endpoints::Owner;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

type Name = Text<100>;

/// The shop's test clock: the time its test mode runs on.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "clock_4Kq9xT2mP7vL1sR8wZ3yB6nC", "name": "expiry walkthrough",
    "frozen_time": "2026-12-01T12:00:00.000Z", "status": "ready", "livemode": false,
    "last_advance": {"ran": {"webhook": 3}, "total": 3},
    "create_time": "2026-12-01T09:00:00.000Z", "update_time": "2026-12-01T09:05:00.000Z"
}))]
pub struct TestClock {
    /// `clock_…`.
    pub id: String,
    #[schema(required = true)]
    pub name: Option<String>,
    /// The shop's test-mode "now" (RFC 3339, UTC). It moves only when advanced.
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
    pub create_time: String,
    #[schema(format = DateTime)]
    pub update_time: String,
}

impl From<test_clock::Model> for TestClock {
    fn from(c: test_clock::Model) -> Self {
        let last_advance = AdvanceRan::last(&c);
        TestClock {
            id: c.public_id,
            name: c.name,
            frozen_time: iso(c.frozen_time),
            status: c.status,
            livemode: false,
            last_advance,
            create_time: iso(c.created_at),
            update_time: iso(c.updated_at),
        }
    }
}

/// A deleted clock.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedTestClock {
    pub id: String,
    pub deleted: bool,
}

/// The shop in test mode, or 403 for a live key.
fn owner(key: &SecretKey) -> Result<Owner, ApiError> {
    let owner = key.0.owner();
    if owner.livemode {
        return Err(ApiError::Forbidden(
            "test clocks are for test mode only: use a test key (sk_test_…); live mode always \
             runs on real time"
                .into(),
        ));
    }
    Ok(owner)
}

/// Values of the create call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CreateClockValues {
    /// Where the clock starts (RFC 3339), in the years 2000 to 2099; default now.
    #[param(inline, example = "2026-12-01T12:00:00Z")]
    frozen_time: Option<Rfc3339>,
    /// A label for you (at most 100 characters).
    #[param(inline, example = "expiry walkthrough")]
    name: Option<Name>,
}

/// Values of the advance call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdvanceClockValues {
    /// The clock's new time (RFC 3339): not before its current time, at most 2 years after it.
    #[param(inline, example = "2026-12-01T14:00:00Z")]
    frozen_time: Rfc3339,
}

const LIVE_KEY: &str =
    "A live key (clocks are for test mode only), a device key (dk_…), or a disabled shop device.";

/// Create the test clock
///
/// Puts the shop's test mode on a clock of its own, stopped at `frozen_time`: from now on every
/// time rule of the shop's test payments reads it (expiry, the refund window, idempotency keys,
/// webhook retries) and what is created is stamped with it. Live mode, other shops and
/// `/healthz` keep real time. One clock per shop and mode.
#[utoipa::path(
    post,
    path = "/v3/test_clock",
    operation_id = "create_test_clock",
    tag = "Test clocks",
    security(("apiKey" = [])),
    params(CreateClockValues),
    responses(
        (status = 201, description = "The clock.", body = TestClock),
        (status = 400, description = "A value is invalid; `errors` names the field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid frozen_time: must be an RFC 3339 time with its offset, e.g. 2026-12-01T10:00:00Z",
                "errors": [{"field": "frozen_time", "message": "must be an RFC 3339 time with its offset, e.g. 2026-12-01T10:00:00Z"}]})),
        (status = 403, description = LIVE_KEY, body = ErrorBody,
            example = json!({"code": "forbidden", "message": "test clocks are for test mode only: use a test key (sk_test_…); live mode always runs on real time"})),
        (status = 409, description = "The shop's test mode has a clock already.", body = ErrorBody),
    )
)]
pub async fn create_test_clock(
    State(state): State<AppState>,
    key: SecretKey,
    values: CreateClockValues,
) -> Result<(StatusCode, Json<TestClock>), ApiError> {
    let owner = owner(&key)?;
    let frozen_time = match values.frozen_time {
        Some(t) => t.0,
        None => state.clock.now(),
    };
    let name = values.name.map(Text::into_string);
    let clock = state.clocks.create(owner, name, frozen_time).await?;
    Ok((StatusCode::CREATED, Json(clock.into())))
}

/// Retrieve the test clock
#[utoipa::path(
    get,
    path = "/v3/test_clock",
    operation_id = "get_test_clock",
    tag = "Test clocks",
    security(("apiKey" = [])),
    responses(
        (status = 200, description = "The clock.", body = TestClock),
        (status = 403, description = LIVE_KEY, body = ErrorBody),
        (status = 404, description = "The shop's test mode has no clock (it runs on real time).", body = ErrorBody),
    )
)]
pub async fn get_test_clock(
    State(state): State<AppState>,
    key: SecretKey,
) -> Result<Json<TestClock>, ApiError> {
    let owner = owner(&key)?;
    let clock = state
        .clocks
        .get(owner)
        .await?
        .ok_or(noren_core::clocks::ClockError::NotFound)?;
    Ok(Json(clock.into()))
}

/// Delete the test clock
///
/// The shop's test mode is back on real time. What was made under the clock keeps its times;
/// a webhook retry waiting on the clock keeps the wait it had left.
#[utoipa::path(
    delete,
    path = "/v3/test_clock",
    operation_id = "delete_test_clock",
    tag = "Test clocks",
    security(("apiKey" = [])),
    responses(
        (status = 200, description = "Deleted.", body = DeletedTestClock),
        (status = 403, description = LIVE_KEY, body = ErrorBody),
        (status = 404, description = "The shop's test mode has no clock.", body = ErrorBody),
        (status = 409, description = "The clock is advancing.", body = ErrorBody),
    )
)]
pub async fn delete_test_clock(
    State(state): State<AppState>,
    key: SecretKey,
) -> Result<Json<DeletedTestClock>, ApiError> {
    let owner = owner(&key)?;
    let clock = state.clocks.delete(owner).await?;
    Ok(Json(DeletedTestClock {
        id: clock.public_id,
        deleted: true,
    }))
}

/// Advance the test clock
///
/// Moves the clock to `frozen_time` and runs, in the order they fell due, every timer of the
/// shop's test mode due by then: webhook deliveries and their retries (a retry a failed attempt
/// asks for runs too if it falls due before `frozen_time`), and endpoint disabling. Answers when
/// they have run (`status` `ready`, `last_advance` counting them). Webhooks sent meanwhile are
/// signed as always: their signature timestamp is real time (your receiver checks it against
/// its own clock), while the event log shows the clock's times.
#[utoipa::path(
    post,
    path = "/v3/test_clock/advance",
    operation_id = "advance_test_clock",
    tag = "Test clocks",
    security(("apiKey" = [])),
    params(AdvanceClockValues),
    responses(
        (status = 200, description = "The clock at its new time, with what ran.", body = TestClock),
        (status = 400, description = "`frozen_time` is missing, invalid, or more than 2 years ahead of the clock.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid frozen_time: at most 2 years per advance: at most 2028-12-01T12:00:00Z from the clock's 2026-12-01T12:00:00Z",
                "errors": [{"field": "frozen_time", "message": "at most 2 years per advance: at most 2028-12-01T12:00:00Z from the clock's 2026-12-01T12:00:00Z"}]})),
        (status = 403, description = LIVE_KEY, body = ErrorBody),
        (status = 404, description = "The shop's test mode has no clock.", body = ErrorBody),
        (status = 409, description = "`frozen_time` is before the clock's time (clocks never move backwards), or another advance is running.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "a test clock never moves backwards: it is at 2026-12-01T14:00:00Z, after the 2026-12-01T12:00:00Z asked for"})),
    )
)]
pub async fn advance_test_clock(
    State(state): State<AppState>,
    key: SecretKey,
    values: AdvanceClockValues,
) -> Result<Json<TestClock>, ApiError> {
    let owner = owner(&key)?;
    let runner = (state.runners)(&state).map_err(ApiError::Internal)?;
    let Advanced { clock, .. } = state
        .clocks
        .advance(owner, values.frozen_time.0, &runner)
        .await?;
    Ok(Json(clock.into()))
}
