//! A throwaway PostgreSQL cluster for the test process, started once with `initdb` and
//! `postgres` (found on `PATH` or under `/usr/lib/postgresql/*/bin`), with one fresh database
//! per test.
//!
//! As root, the server runs as the unprivileged `nobody` (PostgreSQL refuses root). The
//! postmaster is started from a thread that lives as long as the test process and gets
//! `PR_SET_PDEATHSIG`, so it dies with the process; a leftover data folder of a dead process is
//! removed the next time.
//!
//! Without binaries the PostgreSQL half of each test fails ([`crate::missing::missing`]), or is
//! skipped with a loud message under `NOREN_ALLOW_SKIP=1`.

use sea_orm::{ConnectionTrait, Database};
use std::net::TcpListener;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

struct Cluster {
    port: u16,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();

/// A URL to a brand-new empty database; `None` only when PostgreSQL is unavailable and
/// `NOREN_ALLOW_SKIP=1` lets the test skip its PostgreSQL half.
pub async fn fresh_database() -> Option<String> {
    let cluster = match CLUSTER.get_or_init(start_cluster) {
        Ok(c) => c,
        Err(why) => {
            crate::missing::missing(&format!(
                "the PostgreSQL half of this test cannot run: {why}; install PostgreSQL's \
                 server binaries (initdb, postgres)"
            ));
            return None;
        }
    };
    let admin = format!("postgres://postgres@127.0.0.1:{}/postgres", cluster.port);
    let name = format!("t_{}", uuid::Uuid::new_v4().simple());
    // The port may open a moment before the server accepts queries.
    let deadline = Instant::now() + Duration::from_secs(20);
    let conn = loop {
        match Database::connect(&admin).await {
            Ok(c) => break c,
            Err(e) if Instant::now() > deadline => panic!("cannot reach the test cluster: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    };
    conn.execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create test database");
    conn.close().await.ok();
    Some(format!(
        "postgres://postgres@127.0.0.1:{}/{name}",
        cluster.port
    ))
}

pub(crate) fn find_bin_dir() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if dir.join("initdb").is_file() && dir.join("postgres").is_file() {
                return Some(dir);
            }
            // Debian links initdb into PATH but not postgres: follow the link.
            if let Ok(target) = std::fs::canonicalize(dir.join("initdb"))
                && let Some(parent) = target.parent()
                && parent.join("postgres").is_file()
            {
                return Some(parent.to_path_buf());
            }
        }
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|bin| bin.join("initdb").is_file() && bin.join("postgres").is_file())
        .collect();
    versions.sort_by_key(|p| {
        p.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    versions.pop()
}

/// The uid/gid to run PostgreSQL as: ourselves, or `nobody` when we are root.
pub(crate) fn run_as() -> Option<(u32, u32)> {
    // SAFETY: getuid has no preconditions.
    if unsafe { libc::getuid() } != 0 {
        return None;
    }
    // SAFETY: getpwnam returns a pointer into static storage or null; read it at once.
    let pw = unsafe { libc::getpwnam(c"nobody".as_ptr()) };
    if pw.is_null() {
        return Some((65534, 65534));
    }
    // SAFETY: checked non-null above.
    unsafe { Some(((*pw).pw_uid, (*pw).pw_gid)) }
}

pub(crate) fn as_user(cmd: &mut Command, ids: Option<(u32, u32)>, die_with_parent: bool) {
    // SAFETY: the closure runs between fork and exec and only makes async-signal-safe calls.
    unsafe {
        cmd.pre_exec(move || {
            if let Some((uid, gid)) = ids
                && (libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(gid) != 0
                    || libc::setuid(uid) != 0)
            {
                return Err(std::io::Error::last_os_error());
            }
            // Set after setuid: changing credentials clears the parent-death signal.
            if die_with_parent {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGINT);
            }
            Ok(())
        });
    }
}

fn pid_alive(pid: i32) -> bool {
    // SAFETY: kill with signal 0 only checks for existence.
    unsafe { libc::kill(pid, 0) == 0 }
}

fn remove_stale_clusters(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("noren-pg-")) else {
            continue;
        };
        if let Ok(pid) = pid.parse::<i32>()
            && !pid_alive(pid)
        {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

fn start_cluster() -> Result<Cluster, String> {
    let bin = find_bin_dir().ok_or("no PostgreSQL server binaries (initdb, postgres) found")?;
    let tmp = std::env::temp_dir();
    remove_stale_clusters(&tmp);
    let root = tmp.join(format!("noren-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).map_err(|e| format!("cannot create {}: {e}", root.display()))?;
    let ids = run_as();
    if let Some((uid, gid)) = ids {
        std::os::unix::fs::chown(&root, Some(uid), Some(gid))
            .map_err(|e| format!("cannot hand {} to nobody: {e}", root.display()))?;
    }
    std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o700))
        .map_err(|e| e.to_string())?;
    let data = root.join("data");
    let mut initdb = Command::new(bin.join("initdb"));
    initdb
        .args([
            "-U",
            "postgres",
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C",
            "-D",
        ])
        .arg(&data)
        .current_dir(&root)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    as_user(&mut initdb, ids, false);
    let out = initdb
        .output()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let port = free_port()?;
    let mut postgres = Command::new(bin.join("postgres"));
    postgres
        .arg("-D")
        .arg(&data)
        .args(["-p", &port.to_string(), "-k"])
        .arg(&root)
        .args([
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "fsync=off",
            "-c",
            "synchronous_commit=off",
            "-c",
            "full_page_writes=off",
            "-c",
            "max_connections=500",
            "-c",
            "shared_buffers=64MB",
        ])
        .current_dir(&root)
        .stdout(Stdio::null())
        .stderr(
            File::create(root.join("postgres.log"))
                .map(Stdio::from)
                .unwrap_or(Stdio::null()),
        );
    as_user(&mut postgres, ids, true);
    // The parent-death signal fires when the *thread* that forked exits, so fork from a thread
    // that never does.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("noren-test-postgres".into())
        .spawn(move || {
            let spawned = postgres.spawn().map(|c| c.id());
            let _ = tx.send(spawned);
            loop {
                std::thread::park();
            }
        })
        .map_err(|e| e.to_string())?;
    rx.recv()
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot start postgres: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            let log = std::fs::read_to_string(root.join("postgres.log")).unwrap_or_default();
            return Err(format!("postgres did not start in 30 s: {log}"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(Cluster { port })
}

use std::fs::File;
