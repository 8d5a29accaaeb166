//! Operations routes: liveness, readiness (checks the database) and Prometheus metrics.

use crate::app::AppState;
use crate::db;
use crate::http::error::ApiError;
use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use serde_json::json;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
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

async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        state.metrics.render(),
    )
}
