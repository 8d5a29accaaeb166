//! `Idempotency-Key` on creates and refunds (DESIGN.md): a repeat with the same key and the same
//! parameters within 24 hours answers the first answer again (with `Idempotent-Replayed: true`);
//! a repeat sent while the first is still running waits for it and answers the same; the same key
//! with other parameters is a 409.
//! Answers of 5xx are not kept, so a retry with the same key runs again. The key's claim, the
//! change it protects and the stored answer commit in one transaction ([`once`]).

use crate::db::Executor;
use crate::db::begin_write;
use crate::http::auth::Merchant;
use crate::http::error::ApiError;
use crate::http::state::AppState;
use crate::http::values::Values;
use crate::pay::store::idempotency::{self, Claim, Key};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub use crate::http::extract::IDEMPOTENCY_HEADER as HEADER;
use crate::http::extract::IDEMPOTENCY_KEY_MAX as MAX_LEN;
pub const REPLAYED: &str = "idempotent-replayed";

pub use crate::http::extract::IdempotencyKey;

/// A fingerprint of the request's values, independent of their order.
pub fn fingerprint(values: &Values) -> String {
    crate::fingerprint::of_pairs(values.0.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

fn json_response(status: StatusCode, body: String, replayed: bool) -> Response {
    let mut res = (status, body).into_response();
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

/// Runs `work` at most once per key: the first answer is stored and replayed for repeats.
///
/// `work` gets the connection to write through. With a key it is one write transaction that
/// holds the key's claim, the work's change and the stored answer, and commits them together
/// (a crash before the commit leaves none of them; a retry runs again). `work` must send every
/// query through it: on SQLite the transaction holds the one write lock, so a write through
/// the pool would wait for it. Without a key, `work` runs on the pool as it would anyway.
///
/// ```ignore
/// let hash = fingerprint(&values);
/// idempotency::once(&state, &merchant, key, "refund", hash, async |db| {
///     run(&state, &merchant, values, db).await
/// })
/// .await
/// ```
pub async fn once<T, F>(
    state: &AppState,
    merchant: &Merchant,
    key: IdempotencyKey,
    operation: &str,
    request_hash: String,
    work: F,
) -> Response
where
    T: Serialize,
    F: AsyncFnOnce(&Executor<'_>) -> Result<T, ApiError>,
{
    let Some(key) = key.0 else {
        return match work(&Executor::Db(&state.db)).await {
            Ok(v) => axum::Json(v).into_response(),
            Err(e) => e.into_response(),
        };
    };
    let k = Key {
        shop_id: merchant.0.shop.id,
        livemode: merchant.0.livemode(),
        key: &key,
        operation,
        request_hash: &request_hash,
        now: state.clock.now(),
    };
    let tx = match begin_write(&state.db).await {
        Ok(tx) => tx,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let id = match idempotency::claim(&tx, &k).await {
        Ok(Claim::Fresh(id)) => id,
        Ok(other) => return answer_of(other),
        Err(e) => return ApiError::from(e).into_response(),
    };
    // Dropping `tx` without a commit rolls back the claim and whatever `work` wrote.
    let outcome = work(&Executor::Tx(&tx)).await;
    let (status, body) = match outcome {
        Ok(v) => match serde_json::to_string(&v) {
            Ok(body) => (StatusCode::OK, body),
            Err(e) => return ApiError::Internal(e.into()).into_response(),
        },
        Err(e) if e.status().is_server_error() => return e.into_response(),
        Err(e) => {
            // A refusal changed nothing; on PostgreSQL the statement that failed (an order_no
            // taken) has aborted the transaction, so the answer is kept in a new one.
            drop(tx);
            let (status, body) = render(e).await;
            keep_refusal(state, &k, status, &body).await;
            return json_response(status, body, false);
        }
    };
    let stored = async {
        idempotency::store(&tx, id, status.as_u16(), &body).await?;
        tx.commit().await
    };
    match stored.await {
        Ok(()) => json_response(status, body, false),
        // Nothing of it was kept (the change included): the client may retry with the key.
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// What a key's record answers instead of running the request again.
fn answer_of(claim: Claim) -> Response {
    match claim {
        Claim::Replay { status, body } => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
            json_response(status, body, true)
        }
        Claim::Mismatch => {
            ApiError::Conflict("this Idempotency-Key was already used with other parameters".into())
                .into_response()
        }
        Claim::InFlight | Claim::Fresh(_) => ApiError::Conflict(
            "a request with this Idempotency-Key is still being processed; retry in a moment"
                .into(),
        )
        .into_response(),
    }
}

async fn render(e: ApiError) -> (StatusCode, String) {
    let res = e.into_response();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// Stores a client error as the key's answer, in a transaction of its own (the work's was
/// rolled back). If another request took the key meanwhile, its record stands.
async fn keep_refusal(state: &AppState, k: &Key<'_>, status: StatusCode, body: &str) {
    let kept = async {
        let tx = begin_write(&state.db).await?;
        if let Claim::Fresh(id) = idempotency::claim(&tx, k).await? {
            idempotency::store(&tx, id, status.as_u16(), body).await?;
            tx.commit().await?;
        }
        Ok::<(), sea_orm::DbErr>(())
    };
    if let Err(e) = kept.await {
        // The answer stands; a repeat runs again rather than replaying it.
        tracing::warn!(error = %e, "cannot store an idempotent answer");
    }
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
