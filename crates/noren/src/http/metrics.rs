//! Request metrics in Prometheus text format: requests by method, route template and status,
//! and a latency histogram by method and route. Route templates (`/v3/predefined_payments/{token}`)
//! keep tokens out of the labels and the label set small.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Histogram bucket upper bounds, in seconds.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

struct RouteStats {
    /// Count per status code 100..=599, indexed by `status - 100`.
    statuses: Box<[AtomicU64]>,
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl RouteStats {
    fn new() -> Self {
        RouteStats {
            statuses: (100..600).map(|_| AtomicU64::new(0)).collect(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
            count: AtomicU64::new(0),
            sum_micros: AtomicU64::new(0),
        }
    }
}

/// The registry. Recording takes a read lock (a write lock only the first time a route is
/// seen) and a few relaxed atomic adds.
#[derive(Default)]
pub struct Metrics {
    routes: RwLock<HashMap<(String, String), Arc<RouteStats>>>,
}

impl Metrics {
    pub fn record(&self, method: &str, route: &str, status: u16, elapsed: Duration) {
        let stats = {
            let read = self.routes.read().unwrap_or_else(|p| p.into_inner());
            read.get(&(method.to_string(), route.to_string())).cloned()
        };
        let stats = match stats {
            Some(s) => s,
            None => {
                let mut write = self.routes.write().unwrap_or_else(|p| p.into_inner());
                write
                    .entry((method.to_string(), route.to_string()))
                    .or_insert_with(|| Arc::new(RouteStats::new()))
                    .clone()
            }
        };
        if let Some(slot) = status
            .checked_sub(100)
            .and_then(|i| stats.statuses.get(i as usize))
        {
            slot.fetch_add(1, Ordering::Relaxed);
        }
        let secs = elapsed.as_secs_f64();
        for (bound, bucket) in BUCKETS.iter().zip(&stats.buckets) {
            if secs <= *bound {
                bucket.fetch_add(1, Ordering::Relaxed);
            }
        }
        stats.count.fetch_add(1, Ordering::Relaxed);
        stats.sum_micros.fetch_add(
            u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let read = self.routes.read().unwrap_or_else(|p| p.into_inner());
        let mut keys: Vec<_> = read.keys().cloned().collect();
        keys.sort();
        let mut out = String::new();
        out.push_str(
            "# HELP noren_http_requests_total HTTP requests by method, route and status.\n",
        );
        out.push_str("# TYPE noren_http_requests_total counter\n");
        for key in &keys {
            let Some(stats) = read.get(key) else { continue };
            for (i, n) in stats.statuses.iter().enumerate() {
                let n = n.load(Ordering::Relaxed);
                if n > 0 {
                    let _ = writeln!(
                        out,
                        "noren_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{}\"}} {n}",
                        key.0,
                        escape(&key.1),
                        i + 100
                    );
                }
            }
        }
        out.push_str("# HELP noren_http_request_duration_seconds HTTP request latency.\n");
        out.push_str("# TYPE noren_http_request_duration_seconds histogram\n");
        for key in &keys {
            let Some(stats) = read.get(key) else { continue };
            let labels = format!("method=\"{}\",route=\"{}\"", key.0, escape(&key.1));
            for (bound, bucket) in BUCKETS.iter().zip(&stats.buckets) {
                let _ = writeln!(
                    out,
                    "noren_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {}",
                    bucket.load(Ordering::Relaxed)
                );
            }
            let count = stats.count.load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "noren_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {count}"
            );
            let _ = writeln!(
                out,
                "noren_http_request_duration_seconds_sum{{{labels}}} {}",
                stats.sum_micros.load(Ordering::Relaxed) as f64 / 1e6
            );
            let _ = writeln!(
                out,
                "noren_http_request_duration_seconds_count{{{labels}}} {count}"
            );
        }
        out
    }
}

fn escape(label: &str) -> String {
    label.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_requests_appear_as_counters_and_cumulative_buckets() {
        let m = Metrics::default();
        m.record("GET", "/healthz", 200, Duration::from_micros(300));
        m.record("GET", "/healthz", 200, Duration::from_millis(3));
        m.record("GET", "/healthz", 503, Duration::from_millis(30));
        let text = m.render();
        assert!(text.contains(
            "noren_http_requests_total{method=\"GET\",route=\"/healthz\",status=\"200\"} 2"
        ));
        assert!(text.contains(
            "noren_http_requests_total{method=\"GET\",route=\"/healthz\",status=\"503\"} 1"
        ));
        assert!(text.contains(
            "noren_http_request_duration_seconds_bucket{method=\"GET\",route=\"/healthz\",le=\"0.0005\"} 1"
        ));
        assert!(text.contains(
            "noren_http_request_duration_seconds_bucket{method=\"GET\",route=\"/healthz\",le=\"0.005\"} 2"
        ));
        assert!(text.contains(
            "noren_http_request_duration_seconds_count{method=\"GET\",route=\"/healthz\"} 3"
        ));
    }
}
