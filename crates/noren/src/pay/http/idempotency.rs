//! The HTTP side of `Idempotency-Key` (the creates and the refund): the header as a spec
//! parameter, the request's fingerprint, the work's answer rendered for
//! `pay::service::idempotency::once` to keep, and a kept answer sent again with
//! `Idempotent-Replayed: true`.

use crate::db::Executor;
use crate::http::auth::Merchant;
use crate::http::error::ApiError;
use crate::http::extract::IDEMPOTENCY_KEY_MAX as MAX_LEN;
use crate::http::state::AppState;
use crate::http::values::Values;
use crate::pay::service::idempotency::{self as service, Answer, Call, Outcome, Reply};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub use crate::http::extract::IdempotencyKey;

/// The header of a replayed answer.
pub const REPLAYED: &str = "idempotent-replayed";

/// A fingerprint of the request's values, independent of their order.
pub fn fingerprint(values: &Values) -> String {
    crate::fingerprint::of_pairs(values.0.iter().map(|(k, v)| (k.as_str(), v.as_str())))
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

/// Visible ASCII, spaces allowed inside (HTTP trims them at the ends): what the extractor checks.
const PATTERN: &str = "^[!-~]([ -~]*[!-~])?$";

/// The header as an OpenAPI parameter, written from the extractor's own bounds ([`MAX_LEN`],
/// [`PATTERN`]) so that the spec and the check cannot drift: `params(CreateValues,
/// IdempotencyKey)`.
impl utoipa::IntoParams for IdempotencyKey {
    fn into_params(
        _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        use utoipa::openapi::{Required, Schema};
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX_LEN))
            .pattern(Some(PATTERN));
        vec![
            ParameterBuilder::new()
                .name("Idempotency-Key")
                .parameter_in(ParameterIn::Header)
                .description(Some(format!(
                    "Any unique string (1–{MAX_LEN} visible ASCII characters, e.g. a UUID). A repeat with the same\n\
                     key and parameters within 24 hours answers the first answer again, with\n\
                     `Idempotent-Replayed: true`; a repeat sent while the first request is still running\n\
                     waits for it and answers the same; the same key with other parameters answers 409.\n\
                     \n\
                     Leave the header out for no key; an empty one is refused (400)."
                )))
                .required(Required::False)
                .schema(Some(Schema::Object(schema.build())))
                .example(Some(serde_json::json!("3f1c2a9e-5b7d-4e8a-9c0f-1d2e3f4a5b6c")))
                .build(),
        ]
    }
}
