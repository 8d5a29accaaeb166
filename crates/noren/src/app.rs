//! The application: shared state, the router with its layers, binding, serving and graceful
//! shutdown. `main.rs` and the test harness both start the server through [`Server`].

use crate::config::Config;
use crate::connectors::Connectors;
use crate::db::repo::attempts::EventSettings;
use crate::db::repo::token_reads::TokenReads;
use crate::db::{self, Db};
use crate::domain::secret_box::SecretBox;
use crate::http::auth_cache::AuthCache;
use crate::http::layers::{self, BODY_LIMIT};
use crate::http::metrics::Metrics;
use crate::http::ratelimit::{self, RateLimits};
use crate::http::serve::{self, ConnectionLimits};
use crate::http::{ops, statics};
use crate::openapi::{Generated, Specs};
use crate::webhooks::{self, Wake};
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
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::map_request_body::MapRequestBodyLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;

/// What every handler can reach: one pointer, so the clone each request makes is one counter
/// increment. Nothing in it is state that matters across processes (DESIGN.md "Scale-out"):
/// the database holds that.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub metrics: Arc<Metrics>,
    pub auth_cache: Arc<AuthCache>,
    pub statics: Arc<statics::StaticDirs>,
    pub specs: Arc<RenderedSpecs>,
    /// Base of links handed to customers (`{public_url}/checkout/{token}`).
    pub public_url: Arc<str>,
    pub connectors: Arc<Connectors>,
    /// Wakes this process's webhook worker when an event was written.
    pub webhook_wake: Arc<Wake>,
    /// Shop numbers by shop id: they never change, and reading a payment by token shows one.
    pub shop_numbers: Arc<std::sync::RwLock<std::collections::HashMap<i64, Arc<str>>>>,
    /// Reads by token, coalesced under load (see `repo::token_reads`).
    pub token_reads: TokenReads,
    /// Per-key and per-address request limits of this process.
    pub rate_limits: Arc<RateLimits>,
    /// Encrypts webhook secrets and mini-program keys at rest (`NOREN_SECRET_KEY`).
    pub secret_box: Arc<SecretBox>,
    /// Redeliveries per merchant key (see `pay::webhook_events`).
    pub redeliver_limiter: Arc<crate::pay::webhook_events::RedeliverLimiter>,
}

/// How many shop numbers a process remembers before it starts over.
const SHOP_NUMBERS_MAX: usize = 10_000;

impl AppState {
    /// A shop's number (remembered: shop numbers never change).
    pub async fn shop_number(&self, shop_id: i64) -> Result<Option<Arc<str>>, sea_orm::DbErr> {
        if let Some(n) = self
            .shop_numbers
            .read()
            .ok()
            .and_then(|m| m.get(&shop_id).cloned())
        {
            return Ok(Some(n));
        }
        let Some(shop) = crate::db::repo::accounts::find_shop(&self.db, shop_id).await? else {
            return Ok(None);
        };
        let number: Arc<str> = shop.number.into();
        if let Ok(mut m) = self.shop_numbers.write() {
            if m.len() >= SHOP_NUMBERS_MAX {
                m.clear();
            }
            m.insert(shop_id, number.clone());
        }
        Ok(Some(number))
    }

    /// Revokes a merchant key; this server stops accepting it at once (its auth cache is
    /// cleared), other processes within `NOREN_AUTH_CACHE_TTL_MS`.
    pub async fn revoke_api_key(
        &self,
        key_id: i64,
    ) -> Result<(), crate::db::repo::accounts::AccountError> {
        crate::db::repo::accounts::revoke_api_key(&self.db, key_id).await?;
        self.auth_cache.clear();
        Ok(())
    }

    /// Disables (or enables) a shop device; at once on this server, as [`Self::revoke_api_key`].
    pub async fn set_device_disabled(
        &self,
        device_id: i64,
        disabled: bool,
    ) -> Result<(), crate::db::repo::accounts::AccountError> {
        crate::db::repo::accounts::set_device_disabled(&self.db, device_id, disabled).await?;
        self.auth_cache.clear();
        Ok(())
    }

    /// What writing a webhook event needs.
    pub fn event_settings(&self) -> EventSettings<'_> {
        EventSettings {
            fx: &self.config.fx_rates,
            max_deliveries: webhooks::max_deliveries(&self.config.webhooks),
        }
    }
}

/// The specs as served, rendered once.
pub struct RenderedSpecs {
    pub pay_yaml: String,
    pub order_json: String,
    pub inbound_json: String,
    /// Internal: the hosted checkout's own endpoints.
    pub checkout_json: String,
}

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
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            timeout,
        ))
        .layer(middleware::from_fn(layers::normalize_errors))
        .layer(CatchPanicLayer::custom(layers::panic_response))
        .layer(middleware::from_fn(layers::check_target))
        .layer(middleware::from_fn_with_state(
            state.rate_limits.clone(),
            ratelimit::limit,
        ))
        .layer(middleware::from_fn(layers::security_headers))
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
        let statics = statics::StaticDirs {
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
        let auth_cache = Arc::new(AuthCache::new(config.auth_cache_ttl));
        let config_limits = config.limits.clone();
        let secret_box = Arc::new(config.secret_box()?);
        let state = AppState(Arc::new(Shared {
            db: db.clone(),
            config: Arc::new(config),
            metrics: Arc::new(Metrics::default()),
            auth_cache,
            statics: Arc::new(statics),
            specs: Arc::new(rendered),
            public_url,
            connectors: Arc::new(Connectors::default()),
            webhook_wake: Arc::new(Wake::default()),
            shop_numbers: Arc::default(),
            token_reads: TokenReads::start(db.clone()),
            rate_limits: Arc::new(RateLimits::new(&config_limits)),
            secret_box,
            redeliver_limiter: Arc::new(crate::pay::webhook_events::redeliver_limiter()),
        }));
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
        let (stop_worker, stopped) = tokio::sync::watch::channel(false);
        let worker = if self.state.config.webhooks.worker {
            let worker = webhooks::Worker::new(
                self.state.db.clone(),
                self.state.config.webhooks.clone(),
                self.state.webhook_wake.clone(),
                self.state.secret_box.clone(),
            )?;
            Some(tokio::spawn(worker.run(stopped)))
        } else {
            None
        };
        let limits = ConnectionLimits {
            header_timeout: self.state.config.limits.header_timeout,
            max_connections: self.state.config.limits.max_connections,
        };
        let (stop_serving, serving) = tokio::sync::watch::channel(false);
        let stopped_signal = |mut rx: tokio::sync::watch::Receiver<bool>| async move {
            let _ = rx.wait_for(|stop| *stop).await;
        };
        let metrics = self.metrics_listener.map(|listener| {
            let router = ops::metrics_router().with_state(self.state.clone());
            tokio::spawn(serve::serve(
                listener,
                router,
                limits,
                stopped_signal(serving.clone()),
            ))
        });
        let limiter = self.state.rate_limits.clone();
        let mut tidy_stop = serving.clone();
        let tidy = tokio::spawn(async move {
            loop {
                tokio::select! {
                    () = tokio::time::sleep(std::time::Duration::from_secs(60)) => limiter.forget_idle(),
                    _ = tidy_stop.wait_for(|stop| *stop) => break,
                }
            }
        });
        let served = serve::serve(self.listener, self.router, limits, async move {
            shutdown.await;
            let _ = stop_serving.send(true);
        })
        .await
        .context("server error");
        let _ = tidy.await;
        if let Some(m) = metrics {
            let _ = m.await;
        }
        // Deliveries in flight finish (each within the webhook timeout); claimed jobs that did
        // not start are picked up again when their lease runs out.
        let _ = stop_worker.send(true);
        if let Some(worker) = worker {
            let _ = worker.await;
        }
        served?;
        self.state.db.close_by_ref().await.ok();
        Ok(())
    }
}
