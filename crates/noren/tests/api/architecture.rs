//! The module graph has no circle (issue 10: `state.rs` imports no API module, and nothing that
//! `app.rs` builds imports `app.rs`). Every `crate::…` path in a source file (tests excluded) is an
//! edge to the module file it names; a strongly connected component of more than one file fails.
//!
//! The same graph folded to folders (issue 19 item 2: `db::repo::attempts` is the folder `db`,
//! `state.rs` its own) obeys the layering: no circle between folders, the database layer imports
//! no HTTP, shared infrastructure imports no API slice, and a slice reaches another only through
//! its service. What breaks these rules today is listed in `KNOWN`, each with the issue step that
//! removes it; the list may only shrink (an entry that no longer breaks a rule fails too).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("src readable") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        if path.is_dir() {
            modules(&path, &format!("{prefix}{name}::"), out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let module = match stem {
                "mod" => prefix.trim_end_matches("::").to_string(),
                "lib" | "main" if prefix.is_empty() => String::new(),
                _ => format!("{prefix}{stem}"),
            };
            let text = std::fs::read_to_string(&path).expect("source readable");
            // Unit tests may reach anywhere.
            let text = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            out.insert(module, text);
        }
    }
}

/// The modules a source refers to through `crate::a::b` and `crate::a::{b, c}`.
fn edges(text: &str, known: &BTreeMap<String, String>) -> BTreeSet<String> {
    let resolve = |path: &str| -> Option<String> {
        let mut parts: Vec<&str> = path.split("::").collect();
        while !parts.is_empty() {
            let m = parts.join("::");
            if known.contains_key(&m) {
                return Some(m);
            }
            parts.pop();
        }
        None
    };
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let path: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let path = path.trim_end_matches(':');
        out.extend(resolve(path));
        if let Some(group) = rest[path.len()..].strip_prefix("::{") {
            let group = group.split('}').next().unwrap_or("");
            for item in group.split(',') {
                let item = item.trim().split("::").next().unwrap_or("").trim();
                if item.starts_with(|c: char| c.is_ascii_lowercase()) && item != "self" {
                    out.extend(resolve(&format!("{path}::{item}")));
                }
            }
        }
    }
    out
}

#[test]
fn the_module_graph_has_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut known = BTreeMap::new();
    modules(&src, "", &mut known);
    let graph: BTreeMap<&String, BTreeSet<String>> = known
        .iter()
        .map(|(m, text)| {
            let mut e = edges(text, &known);
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
    assert!(!graph[&"state".to_string()].iter().any(|m| m == "app"
        || m.starts_with("pay")
        || m.starts_with("order")
        || m.starts_with("inbound")));
}

/// The API slices.
const SLICES: [&str; 3] = ["pay", "order", "inbound"];

/// Shared infrastructure: imports no slice.
const INFRASTRUCTURE: [&str; 9] = [
    "cache",
    "db",
    "fingerprint",
    "http",
    "jobs",
    "objects",
    "signed",
    "webhooks",
    "testhook",
];

/// Folder-level breaks of the layering that exist today, and what removes them (issue 19 item 1
/// moves each API's queries, caches and rules into its slice).
const KNOWN: &[(&str, &str)] = &[
    (
        "config -> webhooks: folders in a circle",
        "a circle only through db -> webhooks (below); webhooks no longer imports config",
    ),
    (
        "db -> webhooks: folders in a circle",
        "payment and reservation repositories write outbox rows through webhooks::store: the \
         slices' services write them, and the outbox queries leave db's callers (item 1)",
    ),
    (
        "jobs -> db: folders in a circle",
        "a circle only through db -> webhooks (above)",
    ),
    (
        "webhooks -> jobs: folders in a circle",
        "a circle only through db -> webhooks (above)",
    ),
    (
        "http -> state: folders in a circle",
        "the extractors read AppState, which holds the auth cache, limits and metrics of http: \
         those move to infrastructure modules state may import (item 1)",
    ),
    (
        "state -> http: folders in a circle",
        "the same circle as http -> state",
    ),
];

/// The folder of a module: its first segment (`db::repo::attempts` → `db`).
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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut known = BTreeMap::new();
    modules(&src, "", &mut known);
    let graph: BTreeMap<String, BTreeSet<String>> = known
        .iter()
        .map(|(m, text)| (m.clone(), edges(text, &known)))
        .collect();
    let breaks = layering_breaks(&graph);
    let found: BTreeSet<String> = breaks.iter().map(|l| rule_of(l).to_string()).collect();
    let allowed: BTreeSet<String> = KNOWN.iter().map(|(rule, _)| rule.to_string()).collect();
    let new: Vec<&String> = found.difference(&allowed).collect();
    let gone: Vec<&String> = allowed.difference(&found).collect();
    assert!(
        new.is_empty(),
        "new breaks of the folder layering: {new:#?}\nall: {breaks:#?}"
    );
    assert!(
        gone.is_empty(),
        "fixed, so take them out of KNOWN: {gone:#?}"
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
