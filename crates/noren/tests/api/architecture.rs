//! The module graph has no circle (issue 10: `state.rs` imports no API module, and nothing that
//! `app.rs` builds imports `app.rs`). Every `crate::…` path in a source file (tests excluded) is an
//! edge to the module file it names; a strongly connected component of more than one file fails.

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
