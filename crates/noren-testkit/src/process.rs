//! The real `noren` binary as a child process, for tests of the front door and of crashes.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Starts `bin serve` on `database_url` on a free port with the extra `env`, waits for its
/// `listening on` line and answers the process and its base URL. Kill or stop it yourself.
pub async fn serve(bin: &str, database_url: &str, env: &[(&str, &str)]) -> (Child, String) {
    let mut child = Command::new(bin)
        .arg("serve")
        .env("NOREN_DATABASE_URL", database_url)
        .env("NOREN_LISTEN", "127.0.0.1:0")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
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
        .unwrap_or_else(|| panic!("expected a listening line, got {line:?}"))
        .to_string();
    (child, base)
}
