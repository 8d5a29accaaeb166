//! Operations routes: liveness, readiness (checks the database) and Prometheus metrics.

use crate::db;
use crate::http::error::ApiError;
use crate::http::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::IntoResponse;
use axum::routing::get;
use serde_json::json;

/// `/healthz` and `/readyz`, and `/metrics` unless it has a listener of its own
/// (`NOREN_METRICS_LISTEN`).
pub fn router(with_metrics: bool) -> Router<AppState> {
    let router = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz));
    if with_metrics {
        router.route("/metrics", get(metrics))
    } else {
        router
    }
}

/// `/metrics` alone, for its own listener.
pub fn metrics_router() -> Router<AppState> {
    Router::new().route("/metrics", get(metrics))
}

/// The process is up.
async fn healthz() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"status":"ok"}"#,
    )
}

/// The process can serve: the database answers.
async fn readyz(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    if db::ping(&state.db).await {
        Ok(axum::Json(json!({"status": "ready"})))
    } else {
        Err(ApiError::Unavailable("database unavailable".into()))
    }
}

/// Prometheus metrics; with `NOREN_METRICS_TOKEN` set, only for `Authorization: Bearer <token>`.
async fn metrics(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<impl IntoResponse, ApiError> {
    if let Some(token) = &state.config.limits.metrics_token {
        let given = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        let same = given.len() == token.len()
            && bool::from(subtle::ConstantTimeEq::ct_eq(
                given.as_bytes(),
                token.as_bytes(),
            ));
        if !same {
            return Err(ApiError::Unauthorized(
                "metrics need `Authorization: Bearer <NOREN_METRICS_TOKEN>`".into(),
            ));
        }
    }
    Ok((
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        state.metrics.render(),
    ))
}
