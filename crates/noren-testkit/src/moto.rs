//! moto's S3-compatible server (PyPI `moto[server]`, installed by `make moto` into a venv under
//! `~/.cache/noren`) on a free port, for the tests of the S3 object store.

use crate::eventually;
use std::time::Duration;

/// moto's S3 server on a free port and its endpoint URL; without it the test fails
/// ([`crate::missing::missing`]), or answers `None` with `NOREN_ALLOW_SKIP=1`.
pub async fn start() -> Option<(Moto, String)> {
    let candidates = [
        std::env::var("NOREN_MOTO_SERVER").ok(),
        std::env::var("HOME")
            .ok()
            .map(|h| format!("{h}/.cache/noren/venv-moto/bin/moto_server")),
    ];
    let bin = candidates
        .into_iter()
        .flatten()
        .find(|p| std::path::Path::new(p).exists());
    let Some(bin) = bin else {
        crate::missing::missing(
            "this test needs moto_server: run `make moto` (tools/install-moto.sh)",
        );
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port();
    let moto = Moto(
        std::process::Command::new(bin)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("moto_server starts"),
    );
    let url = format!("http://127.0.0.1:{port}");
    eventually(
        &format!("moto_server listens on {port}"),
        Duration::from_secs(10),
        || async {
            tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .map(drop)
                .map_err(|e| e.to_string())
        },
    )
    .await;
    Some((moto, url))
}

/// Kills moto when the test ends, however it ends.
pub struct Moto(std::process::Child);

impl Moto {
    /// Stops the server's process (SIGSTOP): connections are still accepted by the kernel but
    /// nothing answers, as with a store that hangs. Its buckets are kept for [`Moto::resume`].
    pub fn pause(&self) {
        self.signal("STOP");
    }

    /// Lets a paused server go on (SIGCONT).
    pub fn resume(&self) {
        self.signal("CONT");
    }

    fn signal(&self, name: &str) {
        let status = std::process::Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.0.id().to_string())
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -{name} moto_server");
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
