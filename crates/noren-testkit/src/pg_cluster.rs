//! A PostgreSQL cluster of one test's own, driven with `pg_ctl`, for the faults that stop or
//! restart the database (the chaos tests): the shared cluster of [`crate::postgres`] serves
//! every other test of the process and must never go down.
//!
//! As root, the server runs as `nobody`, as in [`crate::postgres`]. The cluster is stopped
//! (`-m immediate`) and its folder removed when the value is dropped.

use crate::postgres::{as_user, find_bin_dir, run_as};
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How `pg_ctl` stops the server.
#[derive(Clone, Copy, Debug)]
pub enum Stop {
    /// Disconnects clients, rolls back their transactions, shuts down cleanly.
    Fast,
    /// Quits at once, as a crash would; recovery replays the log at the next start.
    Immediate,
}

impl Stop {
    fn flag(self) -> &'static str {
        match self {
            Stop::Fast => "fast",
            Stop::Immediate => "immediate",
        }
    }
}

pub struct PgCluster {
    bin: PathBuf,
    root: tempfile::TempDir,
    ids: Option<(u32, u32)>,
    pub port: u16,
}

impl PgCluster {
    /// `initdb`, then `pg_ctl start`; without PostgreSQL's binaries the test fails
    /// ([`crate::missing::missing`]), or this answers `None` with `NOREN_ALLOW_SKIP=1`.
    pub fn start() -> Option<PgCluster> {
        PgCluster::start_in(&std::env::temp_dir())
    }

    /// [`PgCluster::start`] with the whole cluster (data and log) in a new folder of `parent`,
    /// a small filesystem of the test's own, say.
    pub fn start_in(parent: &std::path::Path) -> Option<PgCluster> {
        let Some(bin) = find_bin_dir() else {
            crate::missing::missing("no PostgreSQL server binaries (initdb, pg_ctl) here");
            return None;
        };
        let root = tempfile::Builder::new()
            .prefix("noren-pgctl-")
            .tempdir_in(parent)
            .expect("cluster folder");
        let ids = run_as();
        if let Some((uid, gid)) = ids {
            std::os::unix::fs::chown(root.path(), Some(uid), Some(gid)).expect("chown");
        }
        std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o700))
            .expect("chmod");
        let data = root.path().join("data");
        let mut initdb = Command::new(bin.join("initdb"));
        initdb
            .args(["-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"])
            .args(["--locale=C", "-D"])
            .arg(&data)
            .current_dir(root.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        as_user(&mut initdb, ids, false);
        assert!(initdb.status().expect("initdb runs").success(), "initdb");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let cluster = PgCluster {
            bin,
            root,
            ids,
            port,
        };
        cluster.pg_ctl(&["start", "-w", "-t", "30"]);
        Some(cluster)
    }

    fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    fn pg_ctl(&self, args: &[&str]) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            self.port,
            self.root.path().display()
        );
        let mut cmd = Command::new(self.bin.join("pg_ctl"));
        cmd.arg("-D")
            .arg(self.data())
            .arg("-l")
            .arg(self.root.path().join("postgres.log"))
            .arg("-o")
            .arg(options)
            .args(args)
            .current_dir(self.root.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        as_user(&mut cmd, self.ids, false);
        let status = cmd.status().expect("pg_ctl runs");
        assert!(status.success(), "pg_ctl {args:?}: {status}");
    }

    /// A URL to a new empty database on this cluster.
    pub async fn database(&self, name: &str) -> String {
        use sea_orm::ConnectionTrait;
        let admin = self.url("postgres");
        let deadline = Instant::now() + Duration::from_secs(20);
        let conn = loop {
            match sea_orm::Database::connect(&admin).await {
                Ok(c) => break c,
                Err(e) if Instant::now() > deadline => panic!("cannot reach the cluster: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        };
        conn.execute_unprepared(&format!("CREATE DATABASE {name}"))
            .await
            .expect("create database");
        conn.close().await.ok();
        self.url(name)
    }

    pub fn url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.port)
    }

    /// `pg_ctl restart -m MODE`, waiting until the server takes connections again; answers how
    /// long the database was away.
    pub fn restart(&self, mode: Stop) -> Duration {
        let began = Instant::now();
        self.pg_ctl(&["restart", "-w", "-t", "30", "-m", mode.flag()]);
        began.elapsed()
    }

    /// `pg_ctl stop -m MODE`.
    pub fn stop(&self, mode: Stop) {
        self.pg_ctl(&["stop", "-w", "-t", "30", "-m", mode.flag()]);
    }

    /// `pg_ctl start`, waiting until the server takes connections.
    pub fn start_again(&self) {
        self.pg_ctl(&["start", "-w", "-t", "30"]);
    }

    /// Whether the server runs (`pg_ctl status`): after a PANIC it restarts by itself unless its
    /// recovery fails too.
    pub fn running(&self) -> bool {
        let mut cmd = Command::new(self.bin.join("pg_ctl"));
        cmd.arg("-D")
            .arg(self.data())
            .arg("status")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        as_user(&mut cmd, self.ids, false);
        cmd.status().is_ok_and(|s| s.success())
    }

    /// The server's log.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.root.path().join("postgres.log")).unwrap_or_default()
    }
}

impl Drop for PgCluster {
    fn drop(&mut self) {
        let mut cmd = Command::new(self.bin.join("pg_ctl"));
        cmd.arg("-D")
            .arg(self.data())
            .args(["stop", "-m", "immediate"])
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        as_user(&mut cmd, self.ids, false);
        let _ = cmd.status();
    }
}
