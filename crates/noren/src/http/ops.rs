//! Operations routes: liveness, readiness (the database, migrations and object store; 503 while
//! shutting down) and Prometheus metrics.

use crate::db;
use crate::db::repo::heartbeats;
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

/// How long each readiness check may take before it counts as failed.
const CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// The process can serve: it is not shutting down, the database takes a write and gives it back
/// (this process's heartbeat row), every migration this binary knows is applied, and the object
/// store answers. A database migrated by a newer version is reported but still ready: processes
/// of the older version keep serving through a rolling deploy (expand, deploy, contract).
async fn readyz(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    use tokio::time::timeout;
    if state.lifecycle.draining() {
        return Err(ApiError::Unavailable(
            "shutting down: finishing the requests in flight".into(),
        ));
    }
    let now = state.clock.now();
    let (beat, schema, store) = tokio::join!(
        timeout(
            CHECK_TIMEOUT,
            heartbeats::beat(&state.db, &state.lifecycle.instance, now)
        ),
        timeout(CHECK_TIMEOUT, db::schema(&state.db)),
        timeout(CHECK_TIMEOUT, state.objects.reachable()),
    );
    let late = |what: &str| format!("{what}: no answer within {} s", CHECK_TIMEOUT.as_secs());
    let mut failed = Vec::new();
    let database = match beat {
        Ok(Ok(())) => "ok",
        Ok(Err(e)) => {
            failed.push(format!("database: {e}"));
            "failed"
        }
        Err(_) => {
            failed.push(late("database"));
            "failed"
        }
    };
    let migrations = match schema {
        Ok(Ok(db::Schema::Current)) => "ok".to_string(),
        Ok(Ok(db::Schema::Ahead(unknown))) => format!("ahead ({})", unknown.join(", ")),
        Ok(Ok(db::Schema::Behind(n))) => {
            failed.push(format!(
                "migrations: {n} of this version not applied (run `noren migrate`)"
            ));
            "behind".to_string()
        }
        Ok(Err(e)) => {
            failed.push(format!("migrations: {e}"));
            "failed".to_string()
        }
        Err(_) => {
            failed.push(late("migrations"));
            "failed".to_string()
        }
    };
    let object_store = match store {
        Ok(Ok(())) => "ok",
        Ok(Err(e)) => {
            failed.push(format!("object store: {e}"));
            "failed"
        }
        Err(_) => {
            failed.push(late("object store"));
            "failed"
        }
    };
    if !failed.is_empty() {
        let why = failed.join("; ");
        tracing::warn!(%why, "not ready");
        return Err(ApiError::Unavailable(format!("not ready: {why}")));
    }
    Ok(axum::Json(json!({
        "status": "ready",
        "checks": {"database": database, "migrations": migrations, "objectStore": object_store},
    })))
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
