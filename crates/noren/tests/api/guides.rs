//! What the guide tests share (`docs_payments`, `docs_order`, `docs_inbound`): the portal's pages
//! in English and Japanese, their ```` ```bash ```` blocks, the check that a Japanese page holds
//! the same commands as its English one (comments may be translated), the [`Guide`] that turns a
//! section's blocks into one `bash` script as a reader runs them, the JSON answers the pages
//! show (compared field by field with real ones), the demo's keys and the tools the pages call.

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

/// A folder where `noren` is this build, and `PATH` with it first: the pages' `noren` commands
/// run this build, as after `make run`. Keep the folder while the script runs.
pub fn noren_on_path() -> (tempfile::TempDir, String) {
    let bin_dir = tempfile::tempdir().expect("a bin directory");
    std::os::unix::fs::symlink(BIN, bin_dir.path().join("noren")).expect("link");
    let path = format!(
        "{}:{}",
        bin_dir.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    (bin_dir, path)
}

/// Whether `tool` runs here; without it the `section` guides cannot run, and the test fails
/// (`make test` installs `jq` and `openssl`), or skips loudly under `NOREN_ALLOW_SKIP=1`.
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
        noren_testkit::missing::missing(&format!(
            "the {section} guides' examples need `{tool}`, which is not installed"
        ));
    }
    found
}

/// Which copy of the pages a test reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Ja,
}

impl Lang {
    fn root(self) -> PathBuf {
        match self {
            Lang::En => portal().join("docs"),
            Lang::Ja => portal().join("i18n/ja/docusaurus-plugin-content-docs/current"),
        }
    }
}

/// The server settings of guides that wait for a webhook or notification: retries and polls
/// in milliseconds instead of the production schedule.
pub fn fast_webhooks() -> noren_testkit::Options {
    noren_testkit::Options::env(&[
        ("NOREN_WEBHOOK_RETRY_SCHEDULE", "100ms,200ms,300ms"),
        ("NOREN_WEBHOOK_POLL_MS", "20"),
        ("NOREN_WEBHOOK_TIMEOUT_MS", "2000"),
    ])
}

pub fn portal() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../portal")
}

/// The page at `path` under the docs (`index.md`, `payments/refunds.md`), in `lang`.
pub fn page(lang: Lang, path: &str) -> String {
    let file = lang.root().join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The ```` ```bash ```` blocks of a Markdown page, in order.
pub fn bash_blocks(markdown: &str) -> Vec<String> {
    code_blocks(markdown, "bash")
}

/// The code blocks of a Markdown page in `language` (```` ```json ````), in order.
pub fn code_blocks(markdown: &str, language: &str) -> Vec<String> {
    let fence = format!("```{language}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        match &mut current {
            None if line
                .trim_start()
                .strip_prefix(&fence)
                .is_some_and(|rest| rest.trim().is_empty() || rest.starts_with(' ')) =>
            {
                current = Some(String::new())
            }
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

/// Asserts that every Japanese page of `pages` holds its English page's commands, block by
/// block (the guide tests also run the Japanese pages; this names the page that drifted).
pub fn assert_same_commands(pages: &[&str]) {
    for path in pages {
        let [en, ja] = [Lang::En, Lang::Ja].map(|lang| {
            bash_blocks(&page(lang, path))
                .iter()
                .map(|b| commands(b))
                .collect::<Vec<_>>()
        });
        assert_eq!(en, ja, "{path}: the ja page's commands differ");
    }
}

/// A block of a page, named by a piece of text that no other block of that page holds.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub page: &'static str,
    pub holding: &'static str,
}

/// What the reader does after a block that its page says in words, not in a block (keep the
/// token an answer holds, choose a brand in the checkout). `shell` may read the block's saved
/// output in `$ANSWER`.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub after: Block,
    pub shell: &'static str,
}

/// A block that cannot run as written (it starts a server, or shows a body rather than a
/// command), and why.
#[derive(Clone, Copy, Debug)]
pub struct Skip {
    pub block: Block,
    pub why: &'static str,
}

/// A section's pages as one `bash` script, as a reader runs them: every block in page order,
/// with what the pages tell the reader to substitute, what the reader does between blocks, and
/// the blocks that cannot run as written. Each block's output is saved (to check answers the
/// pages describe) and printed.
pub struct Guide<'a> {
    pub lang: Lang,
    pub pages: &'a [&'a str],
    /// Runs before the first block: what the reader set up (the key in `NOREN_KEY`, a `curl`
    /// that fails on an HTTP error). `set -euo pipefail` comes first.
    pub setup: String,
    /// What the pages tell the reader to replace, and with what; each must still occur.
    pub replace: Vec<(&'a str, String)>,
    pub steps: &'a [Step],
    pub skip: &'a [Skip],
}

/// A [`Guide`]'s script, ready to run in its own working directory.
pub struct Script {
    text: String,
    /// The blocks that run, with the file that keeps each one's output.
    ran: Vec<(String, String, PathBuf)>,
    work: tempfile::TempDir,
}

impl Guide<'_> {
    pub fn script(&self) -> Script {
        let lang = self.lang;
        let work = tempfile::tempdir().expect("a working directory");
        let pages: Vec<(&str, Vec<String>)> = self
            .pages
            .iter()
            .map(|p| (*p, bash_blocks(&page(lang, p))))
            .collect();
        // Which block (page, index) each step and skip names: exactly one, or the list is stale.
        let find = |b: &Block, list: &str| -> (usize, usize) {
            let (p, blocks) = pages
                .iter()
                .enumerate()
                .find(|(_, (page, _))| *page == b.page)
                .map(|(p, (_, blocks))| (p, blocks))
                .unwrap_or_else(|| {
                    panic!("{list} names {}, which is not a page of this guide", b.page)
                });
            let hits: Vec<usize> = (0..blocks.len())
                .filter(|i| blocks[*i].contains(b.holding))
                .collect();
            match hits[..] {
                [i] => (p, i),
                [] => panic!(
                    "{list} names a block of {} ({lang:?}) that no longer exists: none holds {:?}",
                    b.page, b.holding
                ),
                _ => panic!(
                    "{list}: more than one block of {} ({lang:?}) holds {:?}",
                    b.page, b.holding
                ),
            }
        };
        let skipped: Vec<((usize, usize), &Skip)> = self
            .skip
            .iter()
            .map(|s| (find(&s.block, "the skip list"), s))
            .collect();
        let steps: Vec<((usize, usize), &Step)> = self
            .steps
            .iter()
            .map(|s| (find(&s.after, "a step"), s))
            .collect();

        // A failing block's output is printed too: it went to its file, not yet to stdout (fd 3).
        let mut text = format!(
            "set -euo pipefail\n{}\nmkdir .answers\nANSWER=/dev/null\nexec 3>&1\ntrap 's=$?; [ $s -eq 0 ] || cat \"$ANSWER\" >&3; exit $s' EXIT\n",
            self.setup
        );
        let mut used = vec![0; self.replace.len()];
        let mut ran = Vec::new();
        for (p, (path, blocks)) in pages.iter().enumerate() {
            for (i, block) in blocks.iter().enumerate() {
                let label = format!("{path} #{}", i + 1);
                if let Some((_, skip)) = skipped.iter().find(|(at, _)| *at == (p, i)) {
                    let why = skip.why.replace('\'', "'\\''");
                    text.push_str(&format!("echo '>>> {label}: not run, {why}'\n"));
                    continue;
                }
                let mut block = block.clone();
                for (n, (from, to)) in self.replace.iter().enumerate() {
                    used[n] += block.matches(from).count();
                    block = block.replace(from, to);
                }
                let file = format!(".answers/{}.txt", ran.len() + 1);
                text.push_str(&format!(
                    "echo '>>> {label}'\nANSWER={file}\n{{\n{block}}} > \"$ANSWER\"\ncat \"$ANSWER\"\n[ -z \"$(tail -c1 \"$ANSWER\")\" ] || echo\n"
                ));
                for (_, step) in steps.iter().filter(|(at, _)| *at == (p, i)) {
                    text.push_str(step.shell);
                    text.push('\n');
                }
                ran.push((path.to_string(), blocks[i].clone(), work.path().join(file)));
            }
        }
        for ((from, _), n) in self.replace.iter().zip(used) {
            assert!(
                n > 0,
                "no block of the guide ({lang:?}) holds {from:?} any more: drop its substitution"
            );
        }
        Script { text, ran, work }
    }
}

impl Script {
    /// How many blocks run.
    pub fn blocks(&self) -> usize {
        self.ran.len()
    }

    /// The working directory the script runs in.
    pub fn dir(&self) -> &Path {
        self.work.path()
    }

    /// Runs the script and answers everything it printed; a block that failed fails the test
    /// with that text.
    pub async fn run_to_success(&self, lang: Lang) -> String {
        let out = self.command().output().await.expect("bash runs");
        let said = said(&out);
        assert!(
            out.status.success(),
            "a guide's example failed ({lang:?}):\n{said}"
        );
        said
    }

    /// `bash` with the script, in its working directory.
    pub fn command(&self) -> tokio::process::Command {
        let mut bash = tokio::process::Command::new("bash");
        bash.arg("-c").arg(&self.text).current_dir(self.work.path());
        bash
    }

    /// What `block` printed, once the script has run.
    pub fn answer(&self, block: Block) -> String {
        let Block { page, holding } = block;
        let mut hits = self
            .ran
            .iter()
            .filter(|(p, text, _)| p == page && text.contains(holding));
        let (_, _, file) = hits
            .next()
            .unwrap_or_else(|| panic!("no block of {page} that ran holds {holding:?}"));
        assert!(
            hits.next().is_none(),
            "more than one block of {page} holds {holding:?}"
        );
        std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
    }

    /// [`Script::answer`], read as JSON.
    pub fn json(&self, block: Block) -> serde_json::Value {
        let text = self.answer(block);
        serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!(
                "{}, the block holding {:?}: not JSON ({e}): {text}",
                block.page, block.holding
            )
        })
    }
}

/// A finished script's output and errors, for assertions and failure messages.
pub fn said(out: &std::process::Output) -> String {
    format!(
        "{}\n--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The ```` ```json ```` block of a page (in `lang`) that holds `holding`: an answer the page
/// shows.
pub fn shown(lang: Lang, example: Block) -> serde_json::Value {
    let blocks = code_blocks(&page(lang, example.page), "json");
    let hits: Vec<&String> = blocks
        .iter()
        .filter(|b| b.contains(example.holding))
        .collect();
    let [block] = hits[..] else {
        panic!(
            "{} ({lang:?}): {} JSON blocks hold {:?}, not one",
            example.page,
            hits.len(),
            example.holding
        );
    };
    serde_json::from_str(block).unwrap_or_else(|e| {
        panic!(
            "{} ({lang:?}): the shown answer is not JSON ({e}): {block}",
            example.page
        )
    })
}

/// Asserts that a real `answer` has the fields a page `shows`, and no others: objects have the
/// same keys (and the first items of arrays the same fields), values the same JSON type; a
/// `null` shown stands for any value.
pub fn assert_shown(shows: &serde_json::Value, answer: &serde_json::Value, what: &str) {
    fn diff(
        shows: &serde_json::Value,
        answer: &serde_json::Value,
        at: &str,
        out: &mut Vec<String>,
    ) {
        use serde_json::Value;
        match (shows, answer) {
            (Value::Object(s), Value::Object(a)) => {
                out.extend(
                    s.keys()
                        .filter(|k| !a.contains_key(*k))
                        .map(|k| format!("{at}/{k} is shown, not answered")),
                );
                out.extend(
                    a.keys()
                        .filter(|k| !s.contains_key(*k))
                        .map(|k| format!("{at}/{k} is answered, not shown")),
                );
                for (k, v) in s {
                    if let Some(w) = a.get(k) {
                        diff(v, w, &format!("{at}/{k}"), out);
                    }
                }
            }
            (Value::Array(s), Value::Array(a)) => {
                if let (Some(v), Some(w)) = (s.first(), a.first()) {
                    diff(v, w, &format!("{at}/0"), out);
                }
            }
            (Value::Null, _) => {}
            (s, a) if std::mem::discriminant(s) != std::mem::discriminant(a) => {
                out.push(format!("{at} is shown as {s}, answered as {a}"));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    diff(shows, answer, "", &mut out);
    assert!(
        out.is_empty(),
        "{what}: the page shows another answer than the server's:\n  {}\nanswered: {answer}",
        out.join("\n  ")
    );
}

/// The pages under `dir` (paths under the docs, after `under`) that have a shell example.
fn pages_with_examples(dir: &Path, under: &str, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("the docs folder") {
        let path = entry.expect("an entry").path();
        let name = format!(
            "{under}{}",
            path.file_name().expect("a name").to_string_lossy()
        );
        if path.is_dir() {
            pages_with_examples(&path, &format!("{name}/"), found);
        } else if (name.ends_with(".md") || name.ends_with(".mdx"))
            && !bash_blocks(&std::fs::read_to_string(&path).expect("a page")).is_empty()
        {
            found.push(name);
        }
    }
}

#[test]
fn every_page_with_a_shell_example_is_run_by_a_guide_test() {
    let mut found = Vec::new();
    pages_with_examples(&Lang::En.root(), "", &mut found);
    let run: Vec<&str> = [
        &crate::docs_payments::PAGES[..],
        &crate::docs_order::PAGES[..],
        &crate::docs_inbound::PAGES[..],
        &crate::docs_operations::PAGES[..],
        &crate::docs_testing::PAGES[..],
        &crate::docs_testing::RUN_BY_CLIENTS[..],
    ]
    .concat();
    for name in &found {
        assert!(
            run.contains(&name.as_str()),
            "{name} has shell examples, but no guide test runs them"
        );
        assert!(
            Lang::Ja.root().join(name).is_file(),
            "{name} has no Japanese page"
        );
    }
    assert!(found.len() >= 14, "the docs' pages were found: {found:?}");
}

#[test]
#[should_panic(expected = "names a block of payments/idempotency.md (En) that no longer exists")]
fn a_skip_that_names_no_block_fails() {
    Guide {
        lang: Lang::En,
        pages: &["payments/idempotency.md"],
        setup: String::new(),
        replace: Vec::new(),
        steps: &[],
        skip: &[Skip {
            block: Block {
                page: "payments/idempotency.md",
                holding: "a command no page shows",
            },
            why: "it is gone",
        }],
    }
    .script();
}

#[test]
fn a_comment_is_not_a_command_but_a_quoted_hash_is() {
    let blocks = bash_blocks("text\n```bash\n# note\ncurl x # why\necho 'a # b'\n```\n");
    assert_eq!(blocks.len(), 1);
    assert_eq!(commands(&blocks[0]), ["curl x", "echo 'a # b'"]);
}
