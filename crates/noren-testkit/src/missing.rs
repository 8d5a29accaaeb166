//! What a test does when something it needs is not on the machine (moto, PostgreSQL's server
//! binaries, `jq`, HAProxy, root): it fails, naming what to install, so that a test that did not
//! run is never reported as passed. `make test` installs what its tests need first
//! (`tools/test-deps.sh`).
//!
//! `NOREN_ALLOW_SKIP=1` is the one way out, for a developer who knowingly runs part of the suite
//! on a machine without it: the test then says `SKIPPED: …` on stderr and returns early (libtest
//! still counts it as passed, which is why it is never the default and CI never sets it).

/// Fails the test with `what` (a sentence naming the tool and how to install it), or, with
/// `NOREN_ALLOW_SKIP=1`, prints `SKIPPED: {what}` and returns so that the caller returns early.
#[track_caller]
pub fn missing(what: &str) {
    if std::env::var("NOREN_ALLOW_SKIP").is_ok_and(|v| v == "1") {
        eprintln!("SKIPPED (NOREN_ALLOW_SKIP=1): {what}");
        return;
    }
    panic!("{what} (`make test` installs it; NOREN_ALLOW_SKIP=1 skips instead of failing)");
}
