//! Prometheus metrics (`/metrics`) on the `metrics` crate, rendered by
//! `metrics-exporter-prometheus`. Two registries are rendered together:
//!
//! - **this server's** ([`Metrics`], `state.metrics`): `noren_http_requests_total{method,route,
//!   status}` and the histogram `noren_http_request_duration_seconds{method,route}` (recorded by
//!   `layers::observe`), and `noren_rate_limited_total{scope}` (by `http::ratelimit` and the
//!   redelivery limit). It belongs to the server, not the process, so that the several servers a
//!   test binary runs at once each count only their own requests.
//! - **the process's** global recorder ([`global`], installed once by the first server): whatever
//!   code without a state emits through the `metrics` macros, from any task or thread, e.g. a
//!   background job:
//!
//!   ```ignore
//!   metrics::counter!("noren_jobs_total", "kind" => "webhook", "outcome" => "done").increment(1);
//!   metrics::gauge!("noren_jobs_queued", "kind" => "webhook").set(queued as f64);
//!   ```
//!
//! In production a process runs one server, so both hold that process's numbers. In tests the
//! global one is shared by every server of the test binary: assert on a label only your test uses.
//!
//! Route templates (`/v3/predefined_payments/{token}`) keep tokens out of the labels and the label
//! set small; unmatched API paths are `unmatched`, static files `static`.

use axum::http::Method;
use metrics::{Counter, Histogram, counter, describe_counter, describe_histogram, histogram};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle, PrometheusRecorder};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};
use std::time::Duration;

/// Histogram bucket upper bounds, in seconds (the same as before the move to the `metrics` crate,
/// so dashboards keep their `le` values).
pub const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

const REQUESTS: &str = "noren_http_requests_total";
const DURATION: &str = "noren_http_request_duration_seconds";
const RATE_LIMITED: &str = "noren_rate_limited_total";

/// Both registries render every histogram with [`BUCKETS`] (a Prometheus histogram, not a
/// summary).
fn builder() -> PrometheusBuilder {
    PrometheusBuilder::new()
        .set_buckets(&BUCKETS)
        .expect("BUCKETS is not empty")
}

/// The process's global recorder, installed on first use; `None` if another recorder was
/// installed first (then macros outside a server go there, and `/metrics` shows only the
/// server's own registry).
pub fn global() -> Option<&'static PrometheusHandle> {
    static GLOBAL: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    GLOBAL
        .get_or_init(|| match builder().install_recorder() {
            Ok(handle) => Some(handle),
            Err(e) => {
                tracing::warn!(error = %e, "a global metrics recorder was already installed");
                None
            }
        })
        .as_ref()
}

/// The handles of one request series: registered once, then recorded without a lookup in the
/// exporter's registry.
struct Series {
    requests: Counter,
    duration: Histogram,
}

/// Series by (method, status), then route template.
type SeriesByCall = HashMap<(&'static str, u16), HashMap<Box<str>, Series>>;

/// One server's registry.
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
    global: Option<&'static PrometheusHandle>,
    /// Handles by (method, status), then route template. Registering through the `metrics`
    /// macros builds a `Key` (a `Vec` of labels, and the exporter copies it) on every call; with
    /// the handles kept here, a request costs two hash lookups under a read lock, borrowing the
    /// route from axum's `MatchedPath`, and two atomic updates: no allocation. The route string
    /// is copied once, the first time its series is seen.
    series: RwLock<SeriesByCall>,
    /// Whether a request was answered since [`Metrics::take_activity`] last looked: set by the
    /// first request after each look only (a read otherwise), so the cores do not trade the
    /// cache line on every request.
    active: AtomicBool,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// A fresh registry for one server (and the process's global recorder, if not yet there).
    pub fn new() -> Self {
        let recorder = builder().build_recorder();
        let handle = recorder.handle();
        metrics::with_local_recorder(&recorder, || {
            describe_counter!(REQUESTS, "HTTP requests by method, route and status.");
            describe_histogram!(
                DURATION,
                metrics::Unit::Seconds,
                "HTTP request latency by method and route."
            );
            describe_counter!(
                RATE_LIMITED,
                "Requests answered 429 by scope: key, address, failures (an address whose \
                 failed authentications are used up) or redeliver."
            );
        });
        Metrics {
            recorder,
            handle,
            global: global(),
            series: RwLock::default(),
            active: AtomicBool::new(false),
        }
    }

    /// Whether a request was answered since the last call (`noren::memory`'s idle trim).
    pub fn take_activity(&self) -> bool {
        self.active.swap(false, Ordering::Relaxed)
    }

    /// Counts one answered request and its latency.
    pub fn record_request(&self, method: &Method, route: &str, status: u16, elapsed: Duration) {
        if !self.active.load(Ordering::Relaxed) {
            self.active.store(true, Ordering::Relaxed);
        }
        let method = method_label(method);
        let secs = elapsed.as_secs_f64();
        {
            let series = self.series.read().unwrap_or_else(PoisonError::into_inner);
            if let Some(s) = series.get(&(method, status)).and_then(|m| m.get(route)) {
                s.requests.increment(1);
                s.duration.record(secs);
                return;
            }
        }
        let mut series = self.series.write().unwrap_or_else(PoisonError::into_inner);
        let s = series
            .entry((method, status))
            .or_default()
            .entry(route.into())
            .or_insert_with(|| {
                metrics::with_local_recorder(&self.recorder, || Series {
                    requests: counter!(
                        REQUESTS,
                        "method" => method,
                        "route" => route.to_owned(),
                        "status" => status.to_string()
                    ),
                    duration: histogram!(DURATION, "method" => method, "route" => route.to_owned()),
                })
            });
        s.requests.increment(1);
        s.duration.record(secs);
    }

    /// The counter of 429 answers for one limit (`key`, `address`, `failures`, `redeliver`);
    /// callers keep it, so that refusing a request registers nothing.
    pub fn rate_limited(&self, scope: &'static str) -> Counter {
        metrics::with_local_recorder(&self.recorder, || counter!(RATE_LIMITED, "scope" => scope))
    }

    /// The Prometheus text exposition: this server's registry, then the process's.
    pub fn render(&self) -> String {
        let mut out = self.handle.render();
        if let Some(global) = self.global {
            out.push_str(&global.render());
        }
        out
    }

    /// Folds recorded histogram samples into their buckets, so that memory stays flat between
    /// scrapes (the exporter keeps raw samples until then); `app::Server::run` calls it every
    /// few seconds.
    pub fn upkeep(&self) {
        self.handle.run_upkeep();
        if let Some(global) = self.global {
            global.run_upkeep();
        }
    }
}

/// The method as a label; methods outside the standard ones share one label, so that clients
/// cannot grow the label set.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_requests_appear_as_counters_and_cumulative_buckets() {
        let m = Metrics::new();
        m.record_request(&Method::GET, "/healthz", 200, Duration::from_micros(300));
        m.record_request(&Method::GET, "/healthz", 200, Duration::from_millis(3));
        m.record_request(&Method::GET, "/healthz", 503, Duration::from_millis(30));
        let text = m.render();
        for line in [
            r#"noren_http_requests_total{method="GET",route="/healthz",status="200"} 2"#,
            r#"noren_http_requests_total{method="GET",route="/healthz",status="503"} 1"#,
            r#"noren_http_request_duration_seconds_bucket{method="GET",route="/healthz",le="0.0005"} 1"#,
            r#"noren_http_request_duration_seconds_bucket{method="GET",route="/healthz",le="0.005"} 2"#,
            r#"noren_http_request_duration_seconds_bucket{method="GET",route="/healthz",le="+Inf"} 3"#,
            r#"noren_http_request_duration_seconds_count{method="GET",route="/healthz"} 3"#,
            "# TYPE noren_http_requests_total counter",
            "# TYPE noren_http_request_duration_seconds histogram",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line} missing from\n{text}"
            );
        }
    }

    #[test]
    fn each_server_counts_only_its_own_requests() {
        let a = Metrics::new();
        let b = Metrics::new();
        a.record_request(&Method::POST, "/v3/x", 201, Duration::from_millis(1));
        a.rate_limited("key").increment(1);
        assert!(
            a.render().contains(
                r#"noren_http_requests_total{method="POST",route="/v3/x",status="201"} 1"#
            )
        );
        assert!(
            a.render()
                .contains(r#"noren_rate_limited_total{scope="key"} 1"#)
        );
        assert!(!b.render().contains("/v3/x"));
        assert!(
            !b.render()
                .contains(r#"noren_rate_limited_total{scope="key"} 1"#)
        );
    }

    #[test]
    fn unknown_methods_share_one_label() {
        let m = Metrics::new();
        let odd = Method::from_bytes(b"BREW").expect("a token");
        m.record_request(&odd, "unmatched", 405, Duration::from_millis(1));
        assert!(m.render().contains(r#"method="other""#));
        assert!(!m.render().contains("BREW"));
    }
}
