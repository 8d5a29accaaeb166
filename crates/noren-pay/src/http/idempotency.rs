//! The HTTP side of `Idempotency-Key` (the creates and the refund; the header itself, and its
//! spec parameter, are `noren_core::http::extract::IdempotencyKey`): the request's fingerprint, the work's answer rendered for
//! `pay::service::idempotency::once` to keep, and a kept answer sent again with
//! `Idempotent-Replayed: true`.

use crate::service::idempotency::{self as service, Answer, Call, Outcome, Reply};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use noren_core::db::Executor;
use noren_core::http::auth::Merchant;
use noren_core::http::error::ApiError;
use noren_core::http::state::AppState;
use noren_core::http::values::Values;
use serde::Serialize;

pub use noren_core::http::extract::IdempotencyKey;

/// The header of a replayed answer.
pub const REPLAYED: &str = "idempotent-replayed";

/// A fingerprint of the request's values, independent of their order.
pub fn fingerprint(values: &Values) -> String {
    noren_core::fingerprint::of_pairs(values.0.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// Runs `work` at most once per key (`pay::service::idempotency::once`) and answers as the
/// first request was answered. `work` answers the call's body or its error; a 2xx or 4xx is
/// kept for repeats, a 5xx is not (a retry runs again).
///
/// ```ignore
/// let hash = fingerprint(&values);
/// idempotency::once(&state, &merchant, key, "refund", hash, async |db| {
///     run(&state, &merchant, values, db).await
/// })
/// .await
/// ```
pub async fn once<T, W>(
    state: &AppState,
    merchant: &Merchant,
    key: IdempotencyKey,
    operation: &str,
    request_hash: String,
    work: W,
) -> Response
where
    T: Serialize,
    W: AsyncFnOnce(&Executor<'_>) -> Result<T, ApiError>,
{
    let call = Call {
        shop_id: merchant.0.shop.id,
        livemode: merchant.0.livemode(),
        key: key.0.as_deref(),
        operation,
        request_hash: &request_hash,
    };
    let reply = service::once(state, call, async move |db| outcome(work(db).await).await).await;
    match reply {
        Ok(Reply::First(answer)) => json_response(answer, false),
        Ok(Reply::Replayed(answer)) => json_response(answer, true),
        Ok(Reply::Failed(res)) => res,
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// The work's result as the service keeps it: the body or the error body, with its status.
async fn outcome<T: Serialize>(res: Result<T, ApiError>) -> Outcome<Response> {
    match res {
        Ok(v) => match serde_json::to_string(&v) {
            Ok(body) => Outcome::Done(Answer {
                status: StatusCode::OK.as_u16(),
                body,
            }),
            Err(e) => Outcome::Failed(ApiError::Internal(e.into()).into_response()),
        },
        // Sent as it is (a 503 keeps its `Retry-After`), never kept.
        Err(e) if e.status().is_server_error() => Outcome::Failed(e.into_response()),
        Err(e) => Outcome::Refused(render(e).await),
    }
}

/// An error's answer as its status and JSON body (what [`json_response`] sends again).
async fn render(e: ApiError) -> Answer {
    let res = e.into_response();
    let status = res.status().as_u16();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    Answer {
        status,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

fn json_response(answer: Answer, replayed: bool) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let mut res = (status, answer.body).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if replayed {
        res.headers_mut()
            .insert(REPLAYED, HeaderValue::from_static("true"));
    }
    res
}
