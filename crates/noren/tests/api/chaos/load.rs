//! The load of the chaos scenarios: payment creates (every other one with an
//! `Idempotency-Key`), cafeteria orders and inbound reservations for one shop, each write answered
//! 2xx noted with the moment of its answer, then read back.

use super::{Seen, check_error};
use crate::inbound_booking::{Shop, booking};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a write was, to read it back.
#[derive(Clone, Debug)]
pub enum Write {
    /// A payment's token; with the number of its idempotent create, if it had a key.
    Payment {
        token: String,
        idempotent: Option<usize>,
    },
    /// A cafeteria order's id.
    Order(String),
    /// An inbound reservation's origin number.
    Reservation(String),
}

/// A write answered 2xx, and when.
#[derive(Clone, Debug)]
pub struct Acked {
    pub write: Write,
    pub at: Instant,
}

/// The payment create of number `n` (the same request each time for one `n`).
pub fn create_payment(
    client: &reqwest::Client,
    base: &str,
    key: &str,
    n: usize,
    idempotent: bool,
) -> reqwest::RequestBuilder {
    let mut req = client
        .post(format!(
            "{base}/v3/predefined_payments/create_online_payment"
        ))
        .header("X-Auth-API-Key", key)
        .query(&[
            ("amount", "1000".to_string()),
            ("order_no", format!("CH-{n}")),
            ("custom", format!("chaos load {n} {}", "x".repeat(200))),
        ]);
    if idempotent {
        req = req.header("Idempotency-Key", format!("ch-{n}"));
    }
    req
}

/// The JST date `days` from now, as the inbound API writes it.
pub fn jst_day(days: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::hours(9) + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

/// The load: `clients` tasks creating payments (every other one with an `Idempotency-Key`)
/// and one creating a cafeteria order and an inbound reservation every 100 ms, until `stop`.
/// Every write answered 2xx goes to `acked` with the moment of its answer.
pub struct Load {
    stop: Arc<AtomicBool>,
    seen: Arc<Seen>,
    acked: Arc<Mutex<Vec<Acked>>>,
    /// The largest the server's log (`noren.db-wal`) was, sampled every 50 ms, in bytes.
    wal_peak: Arc<AtomicU64>,
    tasks: tokio::task::JoinSet<()>,
}

impl Load {
    /// Starts the load on `base` for `shop`; with `wal`, samples that file's size too.
    pub fn start(
        client: &reqwest::Client,
        base: &str,
        shop: &Shop,
        clients: usize,
        wal: Option<PathBuf>,
    ) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let seen = Arc::new(Seen::default());
        let acked = Arc::new(Mutex::new(Vec::new()));
        let next = Arc::new(AtomicUsize::new(0));
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..clients {
            let (client, base, key) = (client.clone(), base.to_string(), shop.merchant.clone());
            let (stop, seen, acked, next) =
                (stop.clone(), seen.clone(), acked.clone(), next.clone());
            tasks.spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    let idempotent = n % 2 == 0;
                    let began = Instant::now();
                    match create_payment(&client, &base, &key, n, idempotent)
                        .send()
                        .await
                    {
                        Ok(res) if res.status().is_success() => {
                            seen.status(res.status().as_u16(), began.elapsed());
                            let body: Value = res.json().await.unwrap_or_default();
                            match body["predefined_payment"]["token"].as_str() {
                                Some(t) => acked.lock().expect("acked").push(Acked {
                                    write: Write::Payment {
                                        token: t.to_string(),
                                        idempotent: idempotent.then_some(n),
                                    },
                                    at: Instant::now(),
                                }),
                                None => seen.broken(format!("create {n}: 2xx without a token")),
                            }
                        }
                        Ok(res) => {
                            seen.status(res.status().as_u16(), began.elapsed());
                            check_error(&seen, &format!("create {n}"), res).await;
                        }
                        Err(e) => seen.transport(format!("create {n}: {e}")),
                    }
                }
            });
        }
        let (client, base) = (client.clone(), base.to_string());
        let template = booking(shop, "", &format!("{}T19:00:00", jst_day(3)), 1);
        let (merchant, partner, shop) = (shop.merchant.clone(), shop.live.clone(), shop.id);
        // One guest at 19:00 three days on (the shop seats 500), under a new origin number each.
        let (stop2, seen2, acked2) = (stop.clone(), seen.clone(), acked.clone());
        tasks.spawn(async move {
            let mut i = 0;
            while !stop2.load(Ordering::Relaxed) {
                i += 1;
                let order = client
                    .post(format!("{base}/api/admin/orders/cafeteria"))
                    .header("X-Auth-API-Key", &merchant)
                    .json(&json!({"shopId": shop, "mutable": true}));
                let origin = format!("CH-R-{i}");
                let mut body = template.clone();
                body["originPlatformReservationNumber"] = json!(origin);
                let reservation = client
                    .post(format!(
                        "{base}/v3/inbound-external/acme-travel/shops/{shop}/reservations"
                    ))
                    .bearer_auth(&partner)
                    .json(&body);
                for (what, req) in [("order", order), ("reservation", reservation)] {
                    let began = Instant::now();
                    match req.send().await {
                        Ok(res) if res.status().is_success() => {
                            seen2.status(res.status().as_u16(), began.elapsed());
                            let body: Value = res.json().await.unwrap_or_default();
                            let write = match what {
                                "order" => body["id"].as_str().map(|id| Write::Order(id.into())),
                                _ => Some(Write::Reservation(origin.clone())),
                            };
                            match write {
                                Some(write) => acked2.lock().expect("acked").push(Acked {
                                    write,
                                    at: Instant::now(),
                                }),
                                None => seen2.broken(format!("{what} {i}: 2xx without an id")),
                            }
                        }
                        Ok(res) => {
                            seen2.status(res.status().as_u16(), began.elapsed());
                            check_error(&seen2, &format!("{what} {i}"), res).await;
                        }
                        Err(e) => seen2.transport(format!("{what} {i}: {e}")),
                    }
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        let wal_peak = Arc::new(AtomicU64::new(0));
        let (peak, stop3) = (wal_peak.clone(), stop.clone());
        tasks.spawn(async move {
            let Some(wal) = wal else { return };
            while !stop3.load(Ordering::Relaxed) {
                if let Ok(m) = std::fs::metadata(&wal) {
                    peak.fetch_max(m.len(), Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
        Load {
            stop,
            seen,
            acked,
            wal_peak,
            tasks,
        }
    }

    /// Stops the load and waits for every request in flight.
    /// Answers what the load saw, what was acknowledged, and the log's peak size in MiB.
    pub async fn finish(mut self) -> (Arc<Seen>, Vec<Acked>, f64) {
        self.stop.store(true, Ordering::Relaxed);
        while let Some(t) = self.tasks.join_next().await {
            t.expect("load task");
        }
        let acked = self.acked.lock().expect("acked").clone();
        let peak = self.wal_peak.load(Ordering::Relaxed) as f64 / (1024.0 * 1024.0);
        (self.seen, acked, peak)
    }
}

/// The longest time between `from`, the acknowledgements of `acked` and `to` (a writer that
/// stalls shows here, even when the requests it held died with it).
pub fn longest_pause(acked: &[Acked], from: Instant, to: Instant) -> Duration {
    let mut at: Vec<Instant> = acked.iter().map(|a| a.at).collect();
    at.push(from);
    at.push(to);
    at.sort();
    at.windows(2).map(|w| w[1] - w[0]).max().unwrap_or_default()
}

/// Payments, orders and reservations among `writes`.
pub fn kinds<'a>(writes: impl Iterator<Item = &'a Acked>) -> [usize; 3] {
    let mut n = [0; 3];
    for a in writes {
        n[match a.write {
            Write::Payment { .. } => 0,
            Write::Order(_) => 1,
            Write::Reservation(_) => 2,
        }] += 1;
    }
    n
}

/// The writes of `acked` that `base` does not answer, 8 reads at a time.
pub async fn missing(
    client: &reqwest::Client,
    base: &str,
    shop: &Shop,
    acked: &[Acked],
) -> Vec<(Acked, String)> {
    let gone = Arc::new(Mutex::new(Vec::new()));
    let mut tasks = tokio::task::JoinSet::new();
    let chunk = acked.len().div_ceil(8).max(1);
    for part in acked.chunks(chunk) {
        let (part, gone, client, base) = (
            part.to_vec(),
            gone.clone(),
            client.clone(),
            base.to_string(),
        );
        let (merchant, partner) = (shop.merchant.clone(), shop.live.clone());
        tasks.spawn(async move {
            for a in part {
                let req = match &a.write {
                    Write::Payment { token, .. } => {
                        client.get(format!("{base}/v3/predefined_payments/{token}?simple=true"))
                    }
                    Write::Order(id) => client
                        .get(format!("{base}/api/admin/cafeteria/{id}"))
                        .header("X-Auth-API-Key", &merchant),
                    Write::Reservation(origin) => client
                        .get(format!(
                            "{base}/v3/inbound-external/acme-travel/shops/reservations/{origin}"
                        ))
                        .bearer_auth(&partner),
                };
                let status = req.send().await.expect("read back").status();
                if status != 200 {
                    gone.lock()
                        .expect("gone")
                        .push((a.clone(), status.to_string()));
                }
            }
        });
    }
    while let Some(t) = tasks.join_next().await {
        t.expect("read-back task");
    }
    let mut gone = std::mem::take(&mut *gone.lock().expect("gone"));
    gone.sort_by_key(|(a, _)| a.at);
    gone
}
