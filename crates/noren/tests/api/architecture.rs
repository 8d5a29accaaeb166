//! The module graph has no circle (issue 10: `http/state.rs` imports no API module, and nothing that
//! `app.rs` builds imports `app.rs`). Every `crate::…` path in a source file (tests excluded) is an
//! edge to the module file it names; a strongly connected component of more than one file fails.
//!
//! The same graph folded to folders (issue 19 item 2: `pay::store::attempts` is the folder
//! `pay`) obeys the layering: no circle between folders, the database layer imports no HTTP,
//! shared infrastructure imports no API slice, and a slice reaches another only through its
//! service. The three slices have the same inner layout, and no handler opens a transaction
//! (issue 19 item 1).
//!
//! Since issue 33 item 1 the slices and the infrastructure are crates of their own
//! (`noren-core`, `noren-pay`, `noren-order`, `noren-inbound`, under the application `noren`):
//! Cargo refuses a circle between them and a slice that names a crate it does not depend on;
//! `the_crates_depend_as_the_layers_do` keeps the dependencies themselves to the layering, and
//! the module rules read every crate as the one crate it was ([`as_one_crate`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The workspace's crates, each with the module its source is read as: the slices under their
/// folder's name, as when they were one crate (`noren-pay` is `pay`, its `crate::store` is
/// `crate::pay::store`), and the infrastructure (`noren-core`) and the application (`noren`) at
/// the top. So one graph holds the modules of every crate and the rules name them as before.
const CRATES: [(&str, &str); 5] = [
    ("noren-core", ""),
    ("noren-pay", "pay"),
    ("noren-order", "order"),
    ("noren-inbound", "inbound"),
    ("noren", ""),
];

/// `crates/<name>/src`.
fn crate_src(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("src")
}

/// The source folder of a slice's crate (`pay` → `crates/noren-pay/src`).
fn slice_src(slice: &str) -> std::path::PathBuf {
    crate_src(&format!("noren-{slice}"))
}

/// `text` with every path that starts with `from` (not `a::from`, not `xfrom`) starting with
/// `to` instead.
fn rebase(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for (i, _) in text.match_indices(from) {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        out.push_str(&text[last..i]);
        out.push_str(to);
        last = i + from.len();
    }
    out.push_str(&text[last..]);
    out
}

/// The source of a file of the crate read as `module` (see [`CRATES`]), its paths written as
/// in one crate: `crate::` of a slice's crate is `crate::<slice>::`, `noren_core::` is
/// `crate::`, `noren_pay::` is `crate::pay::`.
fn as_one_crate(text: &str, module: &str) -> String {
    let mut text = text.to_string();
    if !module.is_empty() {
        text = rebase(&text, "crate::", &format!("crate::{module}::"));
    }
    text = rebase(&text, "noren_core::", "crate::");
    for slice in SLICES {
        text = rebase(
            &text,
            &format!("noren_{slice}::"),
            &format!("crate::{slice}::"),
        );
    }
    text
}

/// Every module of the workspace's crates with its code (comments and unit tests left out), by
/// its name as one crate (`pay::store::attempts`).
fn workspace_modules() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (name, module) in CRATES {
        let mut found = BTreeMap::new();
        modules(&crate_src(name), module, true, &mut found);
        for (m, text) in found {
            let text = as_one_crate(&text, module);
            // The two crates at the top both have a `lib.rs`: the top module is both.
            let entry: &mut String = out.entry(m).or_default();
            entry.push_str(&text);
            entry.push('\n');
        }
    }
    out
}

/// The modules under `dir`, named from `module` (the crate's `lib.rs` and a folder's `mod.rs`
/// are the folder's module).
fn modules(dir: &Path, module: &str, top: bool, out: &mut BTreeMap<String, String>) {
    let prefix = if module.is_empty() {
        String::new()
    } else {
        format!("{module}::")
    };
    for entry in std::fs::read_dir(dir).expect("src readable") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        if path.is_dir() {
            modules(&path, &format!("{prefix}{name}"), false, out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let module = match stem {
                "mod" => module.to_string(),
                "lib" | "main" if top => module.to_string(),
                _ => format!("{prefix}{stem}"),
            };
            let text = std::fs::read_to_string(&path).expect("source readable");
            // Unit tests may reach anywhere, and a comment (a doc link) imports nothing.
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            let code: Vec<&str> = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            let entry = out.entry(module).or_default();
            entry.push_str(&code.join("\n"));
            entry.push('\n');
        }
    }
}

/// The modules the source of `module` refers to through `crate::a::b`, `crate::a::{b, c}` and
/// the same paths from `self::` and `super::` (as many `super::` as it has).
fn edges(text: &str, known: &BTreeMap<String, String>, module: &str) -> BTreeSet<String> {
    let resolve = |path: &str| -> Option<String> {
        let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
        while !parts.is_empty() {
            let m = parts.join("::");
            if known.contains_key(&m) {
                return Some(m);
            }
            parts.pop();
        }
        None
    };
    let here: Vec<&str> = module.split("::").filter(|p| !p.is_empty()).collect();
    let mut out = BTreeSet::new();
    for start in ["crate::", "self::", "super::"] {
        for (i, _) in text.match_indices(start) {
            // Only where a path starts: not `a::self::`, not `myself::`.
            let before = text[..i].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &text[i..];
            let path: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let path = path.trim_end_matches(':');
            let mut segments = path.split("::").peekable();
            let mut base: Vec<&str> = match segments.next() {
                Some("crate") => Vec::new(),
                Some("self") => here.clone(),
                _ => here[..here.len().saturating_sub(1)].to_vec(),
            };
            while segments.peek() == Some(&"super") {
                segments.next();
                base.pop();
            }
            let mut absolute = base.join("::");
            for segment in segments {
                if !absolute.is_empty() {
                    absolute.push_str("::");
                }
                absolute.push_str(segment);
            }
            out.extend(resolve(&absolute));
            if let Some(group) = rest[path.len()..].strip_prefix("::{") {
                let group = group.split('}').next().unwrap_or("");
                for item in group.split(',') {
                    let item = item.trim().split("::").next().unwrap_or("").trim();
                    if item.starts_with(|c: char| c.is_ascii_lowercase()) && item != "self" {
                        out.extend(resolve(&format!("{absolute}::{item}")));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_module_graph_has_no_circle() {
    let known = workspace_modules();
    let graph: BTreeMap<&String, BTreeSet<String>> = known
        .iter()
        .map(|(m, text)| {
            let mut e = edges(text, &known, m);
            e.remove(m);
            (m, e)
        })
        .collect();
    // Reachability by depth-first search from each module: a circle is a module that reaches
    // itself through another one.
    let mut circles = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&String> = graph[*start].iter().collect();
        while let Some(m) = stack.pop() {
            if m == *start {
                circles.push((*start).clone());
                break;
            }
            if seen.insert(m.clone())
                && let Some(next) = graph.get(m)
            {
                stack.extend(next.iter());
            }
        }
    }
    assert!(
        circles.is_empty(),
        "modules in a circle of imports: {circles:?}"
    );
    // The state is reachable from handlers without reaching the router.
    assert!(!graph[&"http::state".to_string()].iter().any(|m| m == "app"
        || m.starts_with("pay")
        || m.starts_with("order")
        || m.starts_with("inbound")));
}

/// The API slices.
const SLICES: [&str; 3] = ["pay", "order", "inbound"];

/// Shared infrastructure: imports no slice.
const INFRASTRUCTURE: [&str; 12] = [
    "cache",
    "config",
    "connectors",
    "db",
    "domain",
    "fingerprint",
    "http",
    "jobs",
    "objects",
    "signed",
    "webhooks",
    "testhook",
];

/// The layers inside a slice, from the bottom: a layer imports only the ones below it
/// (`http` → `service` → `store` → `domain`).
const LAYERS: [&str; 4] = ["domain", "store", "service", "http"];

/// The layer of a module of a slice (`pay::store::attempts` → 1, `store`), if it is in one.
fn layer(module: &str) -> Option<usize> {
    let mut parts = module.split("::");
    let slice = parts.next()?;
    let part = parts.next()?;
    SLICES
        .contains(&slice)
        .then(|| LAYERS.iter().position(|l| *l == part))
        .flatten()
}

/// The folder of a module: its first segment (`pay::store::attempts` → `pay`).
fn folder(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

/// The folder-level rules broken by `graph` (module → modules it imports), as
/// `"from -> to: rule"` lines.
fn layering_breaks(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    let mut folders: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    let mut breaks = BTreeSet::new();
    for (from, to) in graph {
        let f = folder(from);
        for t in to {
            let g = folder(t);
            if f == g
                && SLICES.contains(&f)
                && let (Some(lf), Some(lt)) = (layer(from), layer(t))
                && lf < lt
            {
                breaks.insert(format!(
                    "{f}: {} -> {}: a layer reaches up inside its slice ({from} -> {t})",
                    LAYERS[lf], LAYERS[lt]
                ));
            }
            if f == g || f.is_empty() || g.is_empty() {
                continue;
            }
            folders.entry(f).or_default().insert(g);
            if f == "db" && g == "http" {
                breaks.insert(format!(
                    "{f} -> {g}: the database layer imports HTTP ({from} -> {t})"
                ));
            }
            if INFRASTRUCTURE.contains(&f) && SLICES.contains(&g) {
                breaks.insert(format!(
                    "{f} -> {g}: infrastructure imports a slice ({from} -> {t})"
                ));
            }
            if SLICES.contains(&f)
                && SLICES.contains(&g)
                && !t.starts_with(&format!("{g}::service"))
            {
                breaks.insert(format!(
                    "{f} -> {g}: a slice reaches another's internals ({from} -> {t})"
                ));
            }
        }
    }
    for start in folders.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<(&str, Vec<&str>)> = folders[start]
            .iter()
            .map(|n| (*n, vec![*start, *n]))
            .collect();
        while let Some((f, path)) = stack.pop() {
            if f == *start {
                breaks.insert(format!(
                    "{start} -> {}: folders in a circle ({})",
                    path[1],
                    path.join(" -> ")
                ));
                continue;
            }
            if seen.insert(f)
                && let Some(next) = folders.get(f)
            {
                stack.extend(next.iter().map(|n| {
                    let mut p = path.clone();
                    p.push(*n);
                    (*n, p)
                }));
            }
        }
    }
    breaks
}

/// The rule part of a break (`"db -> webhooks: folders in a circle"`), without its example.
fn rule_of(line: &str) -> &str {
    line.split(" (").next().unwrap_or(line)
}

#[test]
fn the_folders_keep_their_layering() {
    let known = workspace_modules();
    let graph: BTreeMap<String, BTreeSet<String>> = known
        .iter()
        .map(|(m, text)| (m.clone(), edges(text, &known, m)))
        .collect();
    let breaks = layering_breaks(&graph);
    assert!(
        breaks.is_empty(),
        "breaks of the folder layering: {breaks:#?}"
    );
}

/// The folders and files directly inside `dir`, sorted (`name/` for a folder).
fn entries(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| {
            let path = e.expect("entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string();
            if path.is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_three_api_slices_have_the_same_inner_layout() {
    let layout = ["domain/", "http/", "lib.rs", "service/", "store/"];
    for slice in SLICES {
        let src = slice_src(slice);
        assert_eq!(entries(&src), layout, "crates/noren-{slice}/src/");
        for part in ["domain", "http", "service", "store"] {
            assert!(
                src.join(part).join("mod.rs").exists(),
                "crates/noren-{slice}/src/{part}/mod.rs"
            );
        }
    }
}

/// The source files under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What opening, committing or rolling back a transaction looks like in our code.
fn opens_a_transaction(text: &str) -> Option<&'static str> {
    [
        "begin_write",
        ".begin()",
        ".commit()",
        ".rollback()",
        "transaction(",
    ]
    .into_iter()
    .find(|needle| text.contains(needle))
}

#[test]
fn no_handler_opens_a_transaction() {
    // Handlers live in each slice's `http/` and in the shared `http/` plumbing; services own
    // every transaction (issue 19 item 1).
    let mut files = Vec::new();
    sources(&crate_src("noren-core").join("http"), &mut files);
    for slice in SLICES {
        sources(&slice_src(slice).join("http"), &mut files);
    }
    assert!(files.len() > 30, "found the handlers: {}", files.len());
    let mut opening = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        // Unit tests may set up what they like.
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        if let Some(needle) = opens_a_transaction(text) {
            opening.push(format!("{} ({needle})", file.display()));
        }
    }
    assert!(
        opening.is_empty(),
        "handlers that open a transaction: {opening:#?}"
    );
}

/// The source of every file under `dir`, unit tests (after `#[cfg(test)]`) left out.
fn code_under(dir: &Path) -> Vec<(std::path::PathBuf, String)> {
    let mut files = Vec::new();
    sources(dir, &mut files);
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).expect("readable");
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (file, code)
        })
        .collect()
}

#[test]
fn services_answer_their_own_errors_and_handlers_name_no_repository() {
    // Issue 33 item 2: a service returns its slice's typed error (`OrderError`, `PayError`,
    // `InboundError`) and only `http/` turns it into the error body; a handler reaches data
    // through its slice's service or store, never through `db::repo`.
    let mut breaks = Vec::new();
    for slice in SLICES {
        for (file, code) in code_under(&slice_src(slice).join("service")) {
            if let Some(needle) = http_error_in_service(&code) {
                breaks.push(format!("{}: a service names {needle}", file.display()));
            }
        }
        for (file, code) in code_under(&slice_src(slice).join("http")) {
            if code.contains("db::repo") {
                breaks.push(format!("{}: a handler names db::repo", file.display()));
            }
        }
    }
    assert!(breaks.is_empty(), "{breaks:#?}");
}

/// What answering HTTP from a service looks like.
fn http_error_in_service(code: &str) -> Option<&'static str> {
    ["ApiError", "axum::response", "IntoResponse", "StatusCode"]
        .into_iter()
        .find(|needle| code.contains(needle))
}

/// Functions of `code` longer than `max` lines, as `(name, lines)`: a function starts at a line
/// `fn name` (after `pub`, `async`, …) and ends at the first later line that is its indentation
/// and `}` (rustfmt's layout).
fn long_functions(code: &str, max: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let Some(at) = trimmed.find("fn ") else {
            continue;
        };
        let before = &trimmed[..at];
        let prefix_ok = before.split_whitespace().all(|w| {
            matches!(
                w,
                "pub" | "pub(crate)" | "pub(super)" | "async" | "const" | "unsafe" | "extern"
            )
        });
        if !prefix_ok || trimmed.ends_with(';') {
            continue;
        }
        let name: String = trimmed[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
            let len = end + 2;
            if len > max {
                out.push((name, len));
            }
        }
    }
    out
}

#[test]
fn no_function_outside_demo_data_is_over_150_lines() {
    // Issue 33 item 2. Data is left out: demo data (`demo.rs`, long lists of literal rows) and
    // the migrations (`db/migration/`, one table definition after another), which are never
    // edited once they land (STYLE.md).
    let mut long = Vec::new();
    let code = CRATES
        .iter()
        .flat_map(|(name, _)| code_under(&crate_src(name)));
    for (file, code) in code {
        let data = file.file_name().is_some_and(|n| n == "demo.rs")
            || file.components().any(|c| c.as_os_str() == "migration");
        if data {
            continue;
        }
        for (name, lines) in long_functions(&code, 150) {
            long.push(format!("{}: {name} ({lines} lines)", file.display()));
        }
    }
    assert!(long.is_empty(), "functions over 150 lines: {long:#?}");
}

#[test]
fn the_text_checks_see_what_they_look_for() {
    assert_eq!(
        http_error_in_service("pub fn f() -> Result<(), ApiError> {"),
        Some("ApiError")
    );
    assert_eq!(
        http_error_in_service("pub fn f() -> Result<(), PayError> {"),
        None
    );
    let body = |n: usize| {
        let mut f = String::from("pub async fn long(\n    a: i64,\n) -> i64 {\n");
        for _ in 0..n {
            f.push_str("    let _ = 1;\n");
        }
        f.push_str("    0\n}\n");
        f
    };
    // Five lines of signature and tail around the body.
    assert_eq!(long_functions(&body(145), 150), Vec::new());
    assert_eq!(
        long_functions(&body(146), 150),
        vec![("long".to_string(), 151)]
    );
    let nested = "impl X {\n    fn inner() {\n        x();\n    }\n}\n";
    assert_eq!(long_functions(nested, 2), vec![("inner".to_string(), 3)]);
}

#[test]
fn the_transaction_check_sees_each_way_of_opening_one() {
    assert_eq!(
        opens_a_transaction("let tx = begin_write(&state.db).await?;"),
        Some("begin_write")
    );
    assert_eq!(
        opens_a_transaction("let tx = state.db.begin().await?;"),
        Some(".begin()")
    );
    assert_eq!(
        opens_a_transaction("tx.commit().await?;"),
        Some(".commit()")
    );
    assert_eq!(
        opens_a_transaction("service::create(&state, new).await?"),
        None
    );
}

#[test]
fn the_checker_finds_a_deliberate_circle_and_each_rule() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let rules = |g| {
        layering_breaks(&g)
            .iter()
            .map(|l| rule_of(l).to_string())
            .collect::<BTreeSet<_>>()
    };
    // A circle between two folders, through modules deep inside them.
    let circle = rules(graph(&[
        ("db::repo::a", "webhooks::store"),
        ("webhooks::store", "db::repo::b"),
    ]));
    assert!(
        circle.contains("db -> webhooks: folders in a circle"),
        "{circle:?}"
    );
    assert!(
        circle.contains("webhooks -> db: folders in a circle"),
        "{circle:?}"
    );
    // Each layering rule.
    assert!(
        rules(graph(&[("db::repo::a", "http::error")]))
            .contains("db -> http: the database layer imports HTTP")
    );
    assert!(
        rules(graph(&[("jobs::runner", "order::cafeteria")]))
            .contains("jobs -> order: infrastructure imports a slice")
    );
    assert!(
        rules(graph(&[("pay::flow", "order::store::cafeteria")]))
            .contains("pay -> order: a slice reaches another's internals")
    );
    // Inside a slice, each of the four ways up that were once in the code.
    for (from, to, rule) in [
        (
            "pay::service::flow",
            "pay::http::payments",
            "pay: service -> http",
        ),
        (
            "order::service::lines",
            "order::http::dto",
            "order: service -> http",
        ),
        (
            "pay::store::attempts",
            "pay::service::hooks",
            "pay: store -> service",
        ),
        (
            "order::domain::import::parse",
            "order::store::menu_imports",
            "order: domain -> store",
        ),
    ] {
        let found = rules(graph(&[(from, to)]));
        assert!(
            found.contains(&format!("{rule}: a layer reaches up inside its slice")),
            "{from} -> {to}: {found:?}"
        );
    }
    // Down inside a slice is the rule.
    assert!(
        rules(graph(&[
            ("inbound::http::reservations", "inbound::service::holds"),
            ("inbound::service::holds", "inbound::store::holds"),
            ("inbound::store::holds", "inbound::domain::rules"),
        ]))
        .is_empty()
    );
    // What is allowed: a slice through another's service, a slice onto infrastructure, a
    // straight line of folders.
    assert!(
        rules(graph(&[
            ("pay::flow", "order::service"),
            ("pay::flow", "db::repo::a"),
            ("db::repo::a", "domain::clock")
        ]))
        .is_empty()
    );
}

#[test]
fn relative_paths_are_followed_to_the_module_they_name() {
    let known: BTreeMap<String, String> = [
        "pay",
        "pay::service",
        "pay::service::hooks",
        "pay::store",
        "pay::store::attempts",
        "pay::store::payments",
        "pay::http",
        "pay::http::payments",
    ]
    .into_iter()
    .map(|m| (m.to_string(), String::new()))
    .collect();
    let from = "pay::store::attempts";
    let found = |text: &str| edges(text, &known, from);
    assert!(
        found("use super::super::service::hooks::MoneyChange;").contains("pay::service::hooks")
    );
    assert!(found("use super::payments::find;").contains("pay::store::payments"));
    assert!(found("use super::{payments, attempts};").contains("pay::store::payments"));
    assert!(found("crate::pay::http::payments::not_payable()").contains("pay::http::payments"));
    // A module's own `mod.rs` has the folder as its module: `super` is the slice.
    let found = edges("use super::http::payments;", &known, "pay::store");
    assert!(found.contains("pay::http::payments"), "{found:?}");
    // Not a path start.
    assert!(found_nothing(&known, "let myself::x = a::self::b;"));
}

fn found_nothing(known: &BTreeMap<String, String>, text: &str) -> bool {
    edges(text, known, "pay::store::attempts").is_empty()
}

/// The files the slice table of `docs/ARCHITECTURE.md` names (`pay/http/payments.rs`, and
/// `order/domain/import/parse.rs` for `import/` (`parse.rs`)): the rows whose first cell is a
/// slice folder, every backticked name ending in `.rs` of the second cell.
fn table_files(doc: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (Some(first), Some(files)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Some(folder) = first
            .strip_prefix('`')
            .and_then(|f| f.strip_suffix('`'))
            .filter(|f| {
                f.ends_with('/') && f.split('/').next().is_some_and(|s| SLICES.contains(&s))
            })
        else {
            continue;
        };
        // Names inside the parentheses after `sub/` belong to that sub-folder.
        let (mut depth, mut sub, mut chars) = (0, String::new(), files.chars());
        while let Some(c) = chars.next() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                '`' => {
                    let name: String = chars.by_ref().take_while(|c| *c != '`').collect();
                    if name.ends_with('/') && depth == 0 {
                        sub = name;
                    } else if name.ends_with(".rs") {
                        if depth == 0 {
                            sub.clear();
                        }
                        named.insert(format!("{folder}{sub}{name}"));
                    }
                }
                _ => {}
            }
        }
    }
    named
}

/// The source files of the slices' folders, but `mod.rs`, named from the slice
/// (`crates/noren-pay/src/http/payments.rs` is `pay/http/payments.rs`).
fn slice_files() -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for slice in SLICES {
        let src = slice_src(slice);
        let mut files = Vec::new();
        for part in ["http", "service", "store", "domain"] {
            sources(&src.join(part), &mut files);
        }
        named.extend(
            files
                .iter()
                .filter(|f| f.file_name().is_some_and(|n| n != "mod.rs"))
                .filter_map(|f| f.strip_prefix(&src).ok())
                .map(|f| format!("{slice}/{}", f.to_string_lossy().replace('\\', "/"))),
        );
    }
    named
}

/// What is wrong with the table: files it does not name, and names of files that do not exist.
fn table_breaks(named: &BTreeSet<String>, files: &BTreeSet<String>) -> Vec<String> {
    let missing = files
        .difference(named)
        .map(|f| format!("{f}: not in the table"));
    let stale = named
        .difference(files)
        .map(|f| format!("{f}: in the table, not in src/"));
    missing.chain(stale).collect()
}

#[test]
fn the_slice_table_names_every_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../../docs/ARCHITECTURE.md")).expect("the guide");
    let named = table_files(&doc);
    let files = slice_files();
    assert!(files.len() > 60, "found the slices' files: {}", files.len());
    let breaks = table_breaks(&named, &files);
    assert!(
        breaks.is_empty(),
        "docs/ARCHITECTURE.md, the files of each slice: {breaks:#?}"
    );
}

#[test]
fn the_slice_table_check_sees_a_missing_and_a_stale_file() {
    let doc = "| Folder | Files |\n|---|---|\n\
               | `order/domain/` | `menu.rs` (`MenuStatus`), `import/` (`parse.rs`, `gone.rs`) |\n\
               | `shared/` | `other.rs` |\n";
    let named = table_files(doc);
    assert_eq!(
        named,
        BTreeSet::from([
            "order/domain/menu.rs".to_string(),
            "order/domain/import/parse.rs".to_string(),
            "order/domain/import/gone.rs".to_string(),
        ])
    );
    let files = BTreeSet::from([
        "order/domain/menu.rs".to_string(),
        "order/domain/import/parse.rs".to_string(),
        "order/domain/tax.rs".to_string(),
    ]);
    assert_eq!(
        table_breaks(&named, &files),
        [
            "order/domain/tax.rs: not in the table",
            "order/domain/import/gone.rs: in the table, not in src/"
        ]
    );
}

/// The workspace crates `crates/<name>/Cargo.toml` depends on (its `[dependencies]`, not the
/// ones of its tests).
fn workspace_dependencies(name: &str) -> BTreeSet<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("manifest readable");
    let mut section = "";
    let mut out = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section == "[dependencies]"
            && let Some(dep) = line.split(['=', '.', ' ']).next()
            && dep.starts_with("noren-")
        {
            out.insert(dep.to_string());
        }
    }
    out
}

#[test]
fn the_crates_depend_as_the_layers_do() {
    // The infrastructure depends on no slice, a slice on the infrastructure and at most the
    // one slice whose service it calls (ordering creates its orders' payments), and the
    // application on them all.
    let set = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    for (name, allowed) in [
        ("noren-core", set(&["noren-macros"])),
        ("noren-pay", set(&["noren-core"])),
        ("noren-order", set(&["noren-core", "noren-pay"])),
        ("noren-inbound", set(&["noren-core"])),
        (
            "noren",
            set(&["noren-core", "noren-pay", "noren-order", "noren-inbound"]),
        ),
    ] {
        assert_eq!(
            workspace_dependencies(name),
            allowed,
            "crates/{name}/Cargo.toml"
        );
    }
}

#[test]
fn each_crate_is_read_as_the_one_crate_it_was() {
    // A slice's own paths are under the slice, the others' under theirs.
    let text = "use crate::store::attempts;\nuse noren_core::db::repo;\n\
                use noren_pay::service::payments;\nlet x = $crate::y; a::crate::b;";
    assert_eq!(
        as_one_crate(text, "order"),
        "use crate::order::store::attempts;\nuse crate::db::repo;\n\
         use crate::pay::service::payments;\nlet x = $crate::order::y; a::crate::b;"
    );
    assert_eq!(
        as_one_crate("noren_core::http::state", ""),
        "crate::http::state"
    );
    // Every crate was read: a module of each, under its name as one crate.
    let known = workspace_modules();
    for module in [
        "app",
        "db::repo",
        "pay",
        "pay::service::flow",
        "order::service::cart",
    ] {
        assert!(known.contains_key(module), "{module}");
    }
    assert!(known.contains_key("inbound::store::holds"));
    assert!(
        !known.contains_key("pay::lib"),
        "a slice's lib.rs is the slice"
    );
}
