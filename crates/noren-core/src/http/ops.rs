//! Operations routes: liveness, readiness (the database and migrations, with the object store
//! reported; 503 while shutting down) and Prometheus metrics.

use crate::db;
use crate::db::repo::heartbeats;
use crate::http::error::ApiError;
use crate::http::readiness::{CHECK_TIMEOUT, Database, Migrations, Report, Verdict};
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

/// The process can serve: it is not shutting down, the database takes a write and gives it back
/// (this process's heartbeat row), and every migration this binary knows is applied; the object
/// store is reported. Answered from the last report of the checks, refreshed at most once a
/// second off the check's path (`http/readiness.rs` says why and what fails it). A database
/// migrated by a newer version is reported but still ready: processes of the older version keep
/// serving through a rolling deploy (expand, deploy, contract).
async fn readyz(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    if state.lifecycle.draining() {
        return Err(ApiError::Unavailable(
            "shutting down: finishing the requests in flight".into(),
        ));
    }
    let readiness = &state.lifecycle.readiness;
    let report = readiness
        .report(state.clock.now(), check(state.clone()))
        .await;
    match report.verdict(state.clock.now()) {
        Verdict::Ready([database, migrations, object_store]) => Ok(axum::Json(json!({
            "status": "ready",
            "checks": {"database": database, "migrations": migrations, "objectStore": object_store},
        }))),
        Verdict::NotReady(why) => {
            tracing::warn!(%why, "not ready");
            Err(ApiError::Unavailable(format!("not ready: {why}")))
        }
    }
}

/// Runs the readiness checks at once, each bounded by [`CHECK_TIMEOUT`]: this process's heartbeat
/// written and read back, the schema, and the object store.
async fn check(state: AppState) -> Report {
    use tokio::time::timeout;
    let now = state.clock.now();
    let checks = state.db.for_checks();
    let (beat, schema, store) = tokio::join!(
        timeout(
            CHECK_TIMEOUT,
            heartbeats::beat(&checks, &state.lifecycle.instance, now)
        ),
        timeout(CHECK_TIMEOUT, db::schema(&checks)),
        timeout(CHECK_TIMEOUT, state.objects.reachable()),
    );
    let database = match beat {
        Ok(Ok(())) => Database::Ok,
        Ok(Err(e)) => Database::Failed(match db::outage::classify(&e) {
            Some(outage) => format!("{outage:?}: {e}"),
            None => e.to_string(),
        }),
        Err(_) => Database::Slow,
    };
    let migrations = match schema {
        Ok(Ok(db::Schema::Current)) => Migrations::Ok,
        Ok(Ok(db::Schema::Ahead(unknown))) => Migrations::Ahead(unknown.join(", ")),
        Ok(Ok(db::Schema::Behind(n))) => Migrations::Behind(n),
        Ok(Err(e)) => Migrations::Failed(e.to_string()),
        Err(_) => Migrations::Slow,
    };
    let object_store = match store {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer within {} s", CHECK_TIMEOUT.as_secs())),
    };
    if let Err(e) = &object_store {
        tracing::warn!(error = %e, "the object store does not answer: uploads and imports fail");
    }
    let database_ok_at = if database == Database::Ok {
        Some(now)
    } else {
        state
            .lifecycle
            .readiness
            .last()
            .and_then(|r| r.database_ok_at)
    };
    Report {
        at: now,
        database,
        database_ok_at,
        migrations,
        object_store,
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
