//! The application: the router with its layers, binding, serving and graceful shutdown (the
//! state it serves is in `http/state.rs`). `main.rs` and the test harness both start the server through [`Server`].

use crate::config::Config;
use crate::connectors::Connectors;
use crate::db::{self, Db};
use crate::http::auth_cache::AuthCache;
use crate::http::layers::{self, BODY_LIMIT};
use crate::http::metrics::Metrics;
use crate::http::ratelimit::{self, RateLimits};
use crate::http::serve::{self, ConnectionLimits};
use crate::http::state::{AppState, RenderedSpecs, Shared, ShopNumbers, Slices, StaticDirs};
use crate::http::{ops, statics};
use crate::jobs::{Runner, Wake};
use crate::openapi::{Generated, Specs};
use crate::pay::service::hooks::PaymentHooks;
use crate::webhooks::deliver::Delivery;
use crate::{inbound, order, pay};
use anyhow::Context;
use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::http::header;
use axum::middleware;
use axum::response::IntoResponse;
use axum::routing::{any, get};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::CompressionLevel;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::map_request_body::MapRequestBodyLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;

/// The three API routers and the checkout's (without state) and the specs generated from them.
pub fn api_routes() -> (Router<AppState>, Specs) {
    let (pay, pay_api) = pay::router().split_for_parts();
    let (order, order_api) = order::router().split_for_parts();
    let (inbound, inbound_api) = inbound::router().split_for_parts();
    let (checkout, checkout_api) = pay::checkout_router().split_for_parts();
    (
        pay.merge(order).merge(inbound).merge(checkout),
        Specs::new(Generated {
            pay: pay_api,
            order: order_api,
            inbound: inbound_api,
            checkout: checkout_api,
        }),
    )
}

/// The specs alone, for `noren openapi` and the test that checks the committed copies.
pub fn specs() -> Specs {
    api_routes().1
}

async fn pay_yaml(State(s): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/yaml; charset=utf-8")],
        s.specs.pay_yaml.clone(),
    )
}

async fn order_json(State(s): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        s.specs.order_json.clone(),
    )
}

async fn inbound_json(State(s): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        s.specs.inbound_json.clone(),
    )
}

async fn checkout_json(State(s): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        s.specs.checkout_json.clone(),
    )
}

/// The request body limit: `BODY_LIMIT`, or the upload call's own (a 20 MiB workbook). Bodies
/// announced larger are refused at once (413); others are cut off at the limit.
async fn limit_body(
    req: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    let limit = crate::order::http::import::body_limit(req.uri().path()).unwrap_or(BODY_LIMIT);
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    }
    let req = req.map(|b| Body::new(http_body_util::Limited::new(b, limit)));
    next.run(req).await
}

/// The whole application with its layers (see `http::layers` for the order).
pub fn build_router(state: AppState, api: Router<AppState>) -> Router {
    let separate_metrics = state.config.limits.metrics_listen.is_some();
    let timeout = state.config.limits.request_timeout;
    Router::new()
        .merge(api)
        .merge(ops::router(!separate_metrics))
        .route("/openapi/pay.yaml", get(pay_yaml))
        .route("/openapi/order.json", get(order_json))
        .route("/openapi/inbound.json", get(inbound_json))
        .route("/openapi/internal/checkout.json", get(checkout_json))
        .route("/checkout", any(statics::checkout))
        .route("/checkout/{*rest}", any(statics::checkout))
        .fallback(statics::portal)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(MapRequestBodyLayer::new(Body::new))
        .layer(middleware::from_fn(limit_body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            timeout,
        ))
        .layer(middleware::from_fn(layers::normalize_errors))
        .layer(CatchPanicLayer::custom(layers::panic_response))
        .layer(middleware::from_fn_with_state(
            state.request_log.clone(),
            noren_core::http::request_log::record,
        ))
        .layer(middleware::from_fn(layers::check_target))
        .layer(middleware::from_fn_with_state(
            state.rate_limits.clone(),
            ratelimit::limit,
        ))
        .layer(middleware::from_fn_with_state(
            state.portal_csp.clone(),
            layers::security_headers,
        ))
        // gzip or brotli for clients that ask (portal pages were 0.85–2.2 MB raw); level 5:
        // brotli's default (11) takes ~50x longer on a 2 MB bundle for a few per cent.
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(5)))
        .layer(middleware::from_fn_with_state(
            state.metrics.clone(),
            layers::observe,
        ))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}

/// A bound, migrated server, ready to run.
pub struct Server {
    listener: TcpListener,
    /// `/metrics` on its own address (`NOREN_METRICS_LISTEN`).
    metrics_listener: Option<TcpListener>,
    router: Router,
    state: AppState,
}

impl Server {
    /// Connects to and migrates the database, finds the static builds and binds the listener.
    pub async fn prepare(config: Config) -> anyhow::Result<Server> {
        let db = db::connect_and_migrate(&config.database_url).await?;
        Self::prepare_with_db(config, db).await
    }

    /// As [`Server::prepare`], on an already migrated database.
    pub async fn prepare_with_db(config: Config, db: Db) -> anyhow::Result<Server> {
        let listener = TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", config.listen))?;
        let addr = listener.local_addr()?;
        let metrics_listener = match config.limits.metrics_listen {
            Some(at) => Some(
                TcpListener::bind(at)
                    .await
                    .with_context(|| format!("cannot listen on {at} (NOREN_METRICS_LISTEN)"))?,
            ),
            None => None,
        };
        let public_url: Arc<str> = match &config.public_url {
            Some(url) => url.as_str().into(),
            None => format!("http://{addr}").into(),
        };
        let statics = StaticDirs {
            portal: statics::find_dir(config.portal_dir.as_deref(), "portal/build"),
            checkout: statics::find_dir(config.checkout_dir.as_deref(), "checkout/dist"),
        };
        if statics.portal.is_none() {
            tracing::warn!("portal build not found: run `make portal` or set NOREN_PORTAL_DIR");
        }
        let (api, specs) = api_routes();
        let rendered = RenderedSpecs {
            pay_yaml: specs.pay_yaml(),
            order_json: specs.order_json(),
            inbound_json: specs.inbound_json(),
            checkout_json: specs.checkout_json(),
        };
        let clock = crate::domain::clock::Clock::system();
        let auth_cache = Arc::new(AuthCache::new(config.auth_cache_ttl, clock.clone()));
        let metrics = Arc::new(Metrics::new());
        let config_limits = config.limits.clone();
        let secret_box = Arc::new(config.secret_box()?);
        let objects = Arc::new(crate::objects::Objects::open(
            &config.objects,
            &config.data_dir,
        )?);
        let state = AppState::new(Shared {
            db: db.clone(),
            config: Arc::new(config),
            metrics: metrics.clone(),
            auth_cache,
            portal_csp: layers::portal_csp_for(statics.portal.as_deref()),
            statics: Arc::new(statics),
            specs: Arc::new(rendered),
            public_url,
            connectors: Arc::new(Connectors::default()),
            webhook_wake: Arc::new(Wake::default()),
            shop_numbers: ShopNumbers::new(clock.clone()),
            slices: Slices::default().with(PaymentHooks::following(vec![Arc::new(
                crate::order::service::cafeteria::FollowPayments,
            )])),
            rate_limits: Arc::new(RateLimits::new(
                &config_limits,
                &metrics,
                clock.clone(),
                // Processes on PostgreSQL share their limits through it; SQLite is one process.
                (db.get_database_backend() == sea_orm::DbBackend::Postgres).then_some(&db),
            )),
            secret_box,
            clocks: Arc::new(noren_core::clocks::Clocks::new(db.clone(), clock.clone())),
            runners: |state| job_runner(state, Workers::All),
            clock,
            objects,
            lifecycle: Arc::default(),
            request_log: Arc::default(),
        });
        let router = build_router(state.clone(), api);
        Ok(Server {
            listener,
            metrics_listener,
            router,
            state,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or_else(|_| self.state.config.listen)
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` resolves, then lets in-flight requests finish.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        // Rows of processes that have not answered `/readyz` for a day are gone.
        let day_ago = self.state.clock.now() - chrono::Duration::days(1);
        if let Err(e) = crate::db::repo::heartbeats::forget_before(&self.state.db, day_ago).await {
            tracing::warn!(error = %e, "cannot remove old heartbeats");
        }
        let (stop_worker, stopped) = tokio::sync::watch::channel(false);
        let runner = job_runner(&self.state, Workers::Configured)?;
        let worker_id = runner.worker().to_string();
        let worker = (!runner.queues().is_empty()).then(|| runner.spawn(stopped));
        let config_limits = &self.state.config.limits;
        let (delay, drain) = (config_limits.shutdown_delay, config_limits.shutdown_drain);
        let limits = ConnectionLimits {
            header_timeout: config_limits.header_timeout,
            max_connections: config_limits.max_connections,
            drain,
        };
        let (stop_serving, serving) = tokio::sync::watch::channel(false);
        let stopped_signal = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|stop| *stop).await;
        };
        let metrics_server = self.metrics_listener.map(|listener| {
            let router = ops::metrics_router().with_state(self.state.clone());
            tokio::spawn(serve::serve(
                listener,
                router,
                limits,
                stopped_signal(serving.clone()),
            ))
        });
        let limiter = self.state.rate_limits.clone();
        let metrics = self.state.metrics.clone();
        let mut tidy_stop = serving.clone();
        let (tidy_db, tidy_clock) = (self.state.db.clone(), self.state.clock.clone());
        let tidy = tokio::spawn(async move {
            // Every 5 s the metrics fold their histogram samples; every minute the limiters
            // forget idle clients and the shared buckets that are full again; every hour (the
            // first a minute after start) the webhook endpoints' delivery log loses what is
            // older than its 30 days.
            let mut ticks = 0u32;
            loop {
                tokio::select! {
                    () = tokio::time::sleep(std::time::Duration::from_secs(5)) => {}
                    _ = tidy_stop.wait_for(|stop| *stop) => break,
                }
                metrics.upkeep();
                ticks = ticks.wrapping_add(1);
                if ticks.is_multiple_of(12) {
                    limiter.forget_idle();
                    limiter.forget_full().await;
                }
                if ticks % 720 == 12 {
                    let now = tidy_clock.now();
                    match crate::webhooks::recovery::prune_log(&tidy_db, now).await {
                        Ok(n) if n > 0 => tracing::info!(attempts = n, "delivery log pruned"),
                        Ok(_) => {}
                        Err(e) => {
                            tracing::warn!(error = %e, "the delivery log could not be pruned")
                        }
                    }
                }
            }
        });
        let lifecycle = self.state.lifecycle.clone();
        let served = serve::serve(self.listener, self.router, limits, async move {
            shutdown.await;
            // `/readyz` answers 503 from now on; the process goes on accepting for the delay,
            // so that a balancer's health check takes it out before connections are refused.
            lifecycle.drain();
            tracing::info!(
                delay_ms = delay.as_millis() as u64,
                "shutting down: not ready"
            );
            tokio::time::sleep(delay).await;
            let _ = stop_serving.send(true);
        })
        .await
        .context("server error");
        let _ = tidy.await;
        if let Some(m) = metrics_server {
            let _ = m.await;
        }
        // Jobs in flight get the drain time to finish (a delivery takes at most the webhook
        // timeout); the ones still running then are cut, and every job this process still
        // holds goes back to pending for another process at once, not after its lease.
        let _ = stop_worker.send(true);
        if let Some(mut worker) = worker
            && tokio::time::timeout(drain, &mut worker).await.is_err()
        {
            tracing::warn!(
                "jobs still running after {} ms; cutting them",
                drain.as_millis()
            );
            worker.abort();
            let _ = worker.await;
        }
        let now = self.state.clock.now();
        match crate::db::repo::jobs::release(&self.state.db, &worker_id, now).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(jobs = n, "released jobs to other processes"),
            Err(e) => {
                tracing::warn!(error = %e, "cannot release jobs; they come back when their lease runs out")
            }
        }
        served?;
        self.state.db.close_by_ref().await.ok();
        Ok(())
    }
}

/// Which job kinds [`job_runner`] registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workers {
    /// The kinds this process's configuration runs (`NOREN_WEBHOOK_WORKER=off` and
    /// `NOREN_IMPORT_WORKER=off` leave theirs to other processes on the same database).
    Configured,
    /// Every kind: what a test runs with [`Runner::run_due`] after moving the clock.
    All,
}

/// The job runner of `state`, each kind registered with its wake-up handle.
///
/// # Errors
/// When the webhook delivery's HTTP client cannot be built.
pub fn job_runner(state: &AppState, which: Workers) -> anyhow::Result<Runner> {
    let mut runner = Runner::new(state.db.clone(), state.clock.clone());
    if which == Workers::All || state.config.webhooks.worker {
        runner.register(
            Delivery::new(
                state.config.webhooks.clone(),
                state.secret_box.clone(),
                state.clock.clone(),
            )?,
            state.webhook_wake.clone(),
        );
    }
    if which == Workers::All || state.config.import_worker {
        runner.register(
            crate::order::service::import::Import::new(state.clone()),
            crate::order::service::import::ImportWake::of(state),
        );
    }
    Ok(runner)
}
