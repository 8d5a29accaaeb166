//! Test-only pause points: compiled in, inert unless `NOREN_TEST_PAUSE_AT` names one.
//!
//! The crash tests (`tests/api/crash.rs`) need a process to stop at an exact point so they can
//! SIGKILL it there. With `NOREN_TEST_PAUSE_AT=after_payment_insert` a `noren serve` process
//! writes the point's name to the file `NOREN_TEST_PAUSE_MARKER` (when set) on reaching it and
//! then waits forever, its transaction open. Never set these in production: a request that
//! reaches the point never answers. Unset (the default), [`pause_at`] is one load of a
//! `OnceLock`.

use std::sync::OnceLock;

/// In `pay::store::payments::create`, after the payment's row is inserted and before the
/// transaction that holds it (with the `Idempotency-Key` and its answer) commits.
pub const AFTER_PAYMENT_INSERT: &str = "after_payment_insert";

struct Pause {
    at: String,
    marker: Option<String>,
}

fn pause() -> Option<&'static Pause> {
    static PAUSE: OnceLock<Option<Pause>> = OnceLock::new();
    PAUSE
        .get_or_init(|| {
            let at = std::env::var("NOREN_TEST_PAUSE_AT").ok()?;
            let marker = std::env::var("NOREN_TEST_PAUSE_MARKER").ok();
            Some(Pause { at, marker })
        })
        .as_ref()
}

/// Waits forever when `NOREN_TEST_PAUSE_AT` is `point`; returns at once otherwise.
pub async fn pause_at(point: &'static str) {
    let Some(p) = pause().filter(|p| p.at == point) else {
        return;
    };
    tracing::warn!(point, "NOREN_TEST_PAUSE_AT: paused for a crash test");
    if let Some(marker) = &p.marker {
        let _ = std::fs::write(marker, point);
    }
    std::future::pending::<()>().await;
}
