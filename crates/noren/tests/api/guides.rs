//! What the guide tests share (`docs_order`, `docs_inbound`): the portal's pages, their
//! ```` ```bash ```` blocks, the check that a Japanese page holds the same commands as its
//! English one (comments may be translated), the demo's keys and the tools the pages call.

use noren_testkit::TestApp;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `noren` binary, which the guides call.
pub const BIN: &str = env!("CARGO_BIN_EXE_noren");

/// Runs `noren demo --json` on the app's database and answers its output (keys and ids).
pub fn demo(app: &TestApp) -> serde_json::Value {
    let out = Command::new(BIN)
        .args(["demo", "--json"])
        .env("NOREN_DATABASE_URL", &app.database_url)
        .env("NOREN_DATA_DIR", app.data_dir())
        .output()
        .expect("demo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Whether `tool` runs here; without it the `section` guides cannot run: a loud skip on a
/// developer's machine, a failure in CI (`.ci/run` installs `jq` and `openssl`).
pub fn have(tool: &str, section: &str) -> bool {
    let found = Command::new(tool)
        .arg(if tool == "openssl" {
            "version"
        } else {
            "--version"
        })
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "`{tool}` is missing: CI must install it to run the {section} guides"
        );
        eprintln!("SKIPPED: the {section} guides' examples need `{tool}`, which is not installed");
    }
    found
}

pub fn portal() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../portal")
}

/// The English page `name` of the docs section `section` (`order`, `inbound`).
pub fn page(section: &str, name: &str) -> String {
    read(&portal().join("docs").join(section).join(name))
}

/// The Japanese page `name` of the docs section `section`.
pub fn page_ja(section: &str, name: &str) -> String {
    read(
        &portal()
            .join("i18n/ja/docusaurus-plugin-content-docs/current")
            .join(section)
            .join(name),
    )
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The ```` ```bash ```` blocks of a Markdown page, in order.
pub fn bash_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line.trim_start().starts_with("```bash") => current = Some(String::new()),
            Some(block) if line.trim_start().starts_with("```") => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

/// A block's commands without its comments (which a translation may change).
fn commands(block: &str) -> Vec<String> {
    block
        .lines()
        .map(|l| match l.find(" # ") {
            Some(i) if !l[..i].contains('\'') && !l[..i].contains('"') => l[..i].trim_end(),
            _ => l.trim_end(),
        })
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Asserts that every Japanese page of `section` holds its English page's commands.
pub fn assert_same_commands(section: &str, pages: &[&str]) {
    for name in pages {
        let (en, ja): (Vec<_>, Vec<_>) = (
            bash_blocks(&page(section, name))
                .iter()
                .map(|b| commands(b))
                .collect(),
            bash_blocks(&page_ja(section, name))
                .iter()
                .map(|b| commands(b))
                .collect(),
        );
        assert_eq!(en, ja, "{section}/{name}: the ja page's commands differ");
    }
}

#[test]
fn a_comment_is_not_a_command_but_a_quoted_hash_is() {
    let blocks = bash_blocks("text\n```bash\n# note\ncurl x # why\necho 'a # b'\n```\n");
    assert_eq!(blocks.len(), 1);
    assert_eq!(commands(&blocks[0]), ["curl x", "echo 'a # b'"]);
}
