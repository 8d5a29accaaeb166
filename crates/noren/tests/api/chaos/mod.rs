//! Faults of what Noren depends on, each on the real parts (issue 32; `make chaos`): a
//! `noren serve` process (`NOREN_BIN`, else this build's binary) under steady load while the
//! disk under its database fills, its PostgreSQL restarts, its object store goes away, its
//! webhook receivers misbehave, or its clock jumps. Each scenario prints one line of figures
//! and fails on a lost acknowledged write, a corrupted database, a hung request or an error
//! that is not the error body.
//!
//! Ignored by `make test` (they mount filesystems as root, start and stop databases, and run
//! for minutes); `make chaos` runs them one at a time, in `make ci`. Time is real here: the
//! faults happen to separate processes, so the scenarios poll for what they wait for.

mod disk_full;
mod litestream;
mod load;
mod object_store;
mod postgres_disk_full;
mod postgres_restart;
mod receivers;
mod saturation;

use std::collections::BTreeMap;
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_noren");

/// A request slower than this counts as hung (the server's request timeout is 30 s; an outage
/// is answered within the 3 s a request waits for a database connection).
pub const HUNG_AFTER: Duration = Duration::from_secs(5);

pub fn bin() -> String {
    std::env::var("NOREN_BIN").unwrap_or_else(|_| BIN.to_string())
}

/// Whether this test may mount filesystems (root); a failure when it may not (CI runs as root),
/// a loud skip under `NOREN_ALLOW_SKIP=1`.
pub fn can_mount() -> bool {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        noren_testkit::missing::missing("this fault needs root (it mounts a small filesystem)");
    }
    root
}

/// A small tmpfs mounted for one test, unmounted when dropped.
pub struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    /// Mounts `size_mib` MiB of tmpfs on a fresh folder.
    pub fn mount(size_mib: u32) -> Tmpfs {
        let dir = tempfile::Builder::new()
            .prefix("noren-chaos-")
            .tempdir()
            .expect("mount point");
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size_mib}m,mode=0755")])
            .arg("tmpfs")
            .arg(dir.path())
            .status()
            .expect("mount runs");
        assert!(status.success(), "mount -t tmpfs");
        Tmpfs { dir }
    }

    pub fn path(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// Fills what is left of the filesystem with one file and answers its path.
    pub fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let path = self.path().join("filler");
        let mut file = std::fs::File::create(&path).expect("filler");
        let chunk = vec![0x5au8; 16 * 1024];
        while file.write_all(&chunk).is_ok() {}
        // The last partial chunk too.
        while file.write_all(&chunk[..512]).is_ok() {}
        let _ = file.sync_all();
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

/// What a load saw: answers by status, transport errors, hung requests, and the first few
/// answers that broke a rule.
#[derive(Default)]
pub struct Seen {
    inner: Mutex<SeenInner>,
}

#[derive(Default)]
struct SeenInner {
    statuses: BTreeMap<u16, usize>,
    transport: usize,
    hung: usize,
    slowest: Duration,
    broken: Vec<String>,
}

impl Seen {
    pub fn status(&self, status: u16, took: Duration) {
        let mut s = self.inner.lock().expect("seen");
        *s.statuses.entry(status).or_default() += 1;
        s.slowest = s.slowest.max(took);
        if took > HUNG_AFTER {
            s.hung += 1;
        }
    }

    pub fn transport(&self, what: String) {
        let mut s = self.inner.lock().expect("seen");
        s.transport += 1;
        if s.broken.len() < 10 {
            s.broken.push(what);
        }
    }

    pub fn broken(&self, what: String) {
        let mut s = self.inner.lock().expect("seen");
        if s.broken.len() < 10 {
            s.broken.push(what);
        }
    }

    pub fn count(&self, status: u16) -> usize {
        self.inner
            .lock()
            .expect("seen")
            .statuses
            .get(&status)
            .copied()
            .unwrap_or(0)
    }

    /// Answers with a 2xx status.
    pub fn successes(&self) -> usize {
        let s = self.inner.lock().expect("seen");
        s.statuses
            .iter()
            .filter(|(status, _)| (200..300).contains(*status))
            .map(|(_, n)| n)
            .sum()
    }

    pub fn total(&self) -> usize {
        let s = self.inner.lock().expect("seen");
        s.statuses.values().sum::<usize>() + s.transport
    }

    pub fn hung(&self) -> usize {
        self.inner.lock().expect("seen").hung
    }

    pub fn transport_errors(&self) -> usize {
        self.inner.lock().expect("seen").transport
    }

    pub fn rule_breaks(&self) -> Vec<String> {
        self.inner.lock().expect("seen").broken.clone()
    }

    /// `200×N 503×M …, slowest S ms`.
    pub fn summary(&self) -> String {
        let s = self.inner.lock().expect("seen");
        let mut parts: Vec<String> = s
            .statuses
            .iter()
            .map(|(status, n)| format!("{status}×{n}"))
            .collect();
        if s.transport > 0 {
            parts.push(format!("transport×{}", s.transport));
        }
        format!("{}; slowest {} ms", parts.join(" "), s.slowest.as_millis())
    }
}

/// Checks an error answer: the error body with a `code`, and `Retry-After` on a 503. Anything
/// else is recorded as a broken rule.
pub async fn check_error(seen: &Seen, what: &str, res: reqwest::Response) {
    let status = res.status().as_u16();
    let retry_after = res.headers().get("retry-after").is_some();
    let body: serde_json::Value = res.json().await.unwrap_or_default();
    if body["code"].as_str().is_none() || body["message"].as_str().is_none() {
        seen.broken(format!("{what}: {status} without the error body"));
    }
    if status == 503 && !retry_after {
        seen.broken(format!("{what}: 503 without Retry-After"));
    }
    if status == 500 {
        seen.broken(format!("{what}: 500 {}", body["message"]));
    }
}

/// One line of the chaos table, printed for CI's log and the closing note.
pub fn report(scenario: &str, figures: &str) {
    println!("chaos | {scenario:<34} | {figures}");
}

/// Starts `noren serve` on `database_url` on a free port with `env`, its log appended to `log`;
/// answers the process and its base URL once it listens.
pub async fn serve(
    database_url: &str,
    env: &[(&str, &str)],
    log: &std::path::Path,
) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let err = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .expect("log file");
    let mut child = Command::new(bin())
        .arg("serve")
        .env("NOREN_DATABASE_URL", database_url)
        .env("NOREN_LISTEN", "127.0.0.1:0")
        .env("NOREN_LOG_LEVEL", "info")
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(err)
        .spawn()
        .expect("serve starts");
    let stdout = child.stdout.take().expect("stdout");
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("reads");
        line
    })
    .await
    .expect("line");
    let base = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| {
            panic!(
                "expected a listening line, got {line:?}; log: {}",
                log.display()
            )
        })
        .to_string();
    (child, base)
}

/// A folder for a scenario's logs, kept (and named on stderr) when the scenario fails.
pub struct Logs(Option<tempfile::TempDir>);

impl Logs {
    pub fn new(scenario: &str) -> Logs {
        Logs(Some(
            tempfile::Builder::new()
                .prefix(&format!("noren-chaos-{scenario}-"))
                .tempdir()
                .expect("logs"),
        ))
    }

    pub fn file(&self, name: &str) -> std::path::PathBuf {
        self.0.as_ref().expect("logs").path().join(name)
    }
}

impl Drop for Logs {
    fn drop(&mut self) {
        if std::thread::panicking()
            && let Some(dir) = self.0.take()
        {
            eprintln!("chaos logs kept in {}", dir.keep().display());
        }
    }
}
