//! The library's modules import downward only: the graph of which module's code names
//! which other module has no cycle. The test reads the `src/` tree, collects every
//! file's edges and prints the first cycle it finds, each edge with the path that makes
//! it.
//!
//! A module is a file (`src/a.rs` and `src/a/mod.rs` are `crate::a`, `src/a/b.rs` is
//! `crate::a::b`). Its edges are the paths its code names: `use` trees (with their
//! braces expanded) and every `crate::…`, `super::…` and `child::…` path elsewhere in
//! the code, for each module `child` it declares (a `mod x;` declaration alone is no
//! edge). A
//! path goes to the longest module path it starts with; `crate::Name` goes where the
//! crate root re-exports `Name` from. A child naming its parent's items (`super::X`)
//! is an edge to the parent.
//!
//! Good-enough parsing, with these limits: comments, doc comments (intra-doc links
//! included), string and character literals are skipped; `#[cfg(test)]` modules (the
//! unit tests beside the code) are skipped, since tests may compare layers; inline
//! modules other than those count as their file; paths built by macros, the
//! build-generated tables (`include!` of `OUT_DIR`) and method calls (a type's methods
//! may be implemented in several files: `convert::grouping` calls `local_moves`'
//! methods on the row `Planner`) are not seen; a glob (`use a::*`) is an edge to `a`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One module: its file and what its code names.
struct Module {
    file: PathBuf,
    /// The code with comments, literals and test modules blanked out.
    code: String,
}

/// Every `.rs` file under `dir`, by module path.
fn modules(root: &Path) -> BTreeMap<String, Module> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files
        .into_iter()
        .map(|file| {
            let rel = file.strip_prefix(root).expect("under src/");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            let path = std::iter::once("crate".to_string())
                .chain(parts)
                .collect::<Vec<_>>()
                .join("::");
            let text = std::fs::read_to_string(&file).expect("a source file");
            let code = without_tests(&strip(&text));
            (path, Module { file, code })
        })
        .collect()
}

/// `text` with comments, string literals and character literals replaced by spaces
/// (newlines kept, so line numbers hold).
fn strip(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_'))
        {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let rest: String = b[j + 1..].iter().collect();
            let end = rest.find(&close).map_or(b.len(), |k| {
                j + 1 + rest[..k].chars().count() + close.chars().count()
            });
            for &ch in &b[i..end] {
                out.push(blank(ch));
            }
            i = end;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..b.len()).find(|&k| b[k] == '\'').map(|k| k + 1)
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for &ch in &b[i..end] {
                        out.push(blank(ch));
                    }
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `code` (stripped) without its `#[cfg(test)] mod NAME { … }` modules.
fn without_tests(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = find_test_module(&out) {
        let open = at + out[at..].find('{').expect("a module body");
        let mut depth = 0;
        let mut end = out.len();
        for (k, ch) in out[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        let blanked: String = out[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..end, &blanked);
    }
    out
}

/// Where a `#[cfg(test)]` attribute on an inline module starts.
fn find_test_module(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = code[from..].find("#[cfg(test)]") {
        let at = from + k;
        let rest = code[at + "#[cfg(test)]".len()..].trim_start();
        let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
        if let Some(r) = rest.strip_prefix("mod ") {
            let name_end = r.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
            if r[name_end..].trim_start().starts_with('{') {
                return Some(at);
            }
        }
        from = at + 1;
    }
    None
}

/// Whether `c` may be part of an identifier.
fn ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The leaves of a `use` tree (`a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`),
/// `self` leaves folded into their prefix and renames (`as x`) dropped.
fn use_leaves(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut leaves = Vec::new();
    expand("", &tree, &mut leaves);
    leaves
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let join = |p: &str, s: &str| {
        if p.is_empty() {
            s.to_string()
        } else if s == "self" {
            p.to_string()
        } else {
            format!("{p}::{s}")
        }
    };
    match tree.find('{') {
        None => {
            let tree = tree.split(" as ").next().unwrap_or(tree);
            let path = tree.trim_end_matches("::*").replace(' ', "");
            if !path.is_empty() && path != "*" {
                out.push(join(prefix, &path));
            }
        }
        Some(open) => {
            let head = tree[..open].trim().trim_end_matches("::").replace(' ', "");
            let prefix = if head.is_empty() {
                prefix.to_string()
            } else {
                join(prefix, &head)
            };
            let close = tree.rfind('}').expect("a closed use group");
            // Split the group at top-level commas.
            let (mut depth, mut start) = (0, open + 1);
            for (k, ch) in tree[open + 1..close].char_indices() {
                let k = open + 1 + k;
                match ch {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&prefix, &tree[start..k], out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            expand(&prefix, &tree[start..close], out);
        }
    }
}

/// The paths `code` names, each with its line: `use` leaves, `crate::`/`super::` paths
/// anywhere, and paths that start with one of `children` (the modules it declares).
fn named_paths(code: &str, children: &BTreeSet<String>) -> Vec<(usize, String)> {
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut paths = Vec::new();
    // `use` statements (also `pub use`, `pub(crate) use`).
    let mut from = 0;
    while let Some(k) = code[from..].find("use ") {
        let at = from + k;
        from = at + 4;
        if at > 0 && code[..at].chars().next_back().is_some_and(ident) {
            continue;
        }
        let Some(end) = code[at..].find(';') else {
            break;
        };
        for leaf in use_leaves(&code[at + 4..at + end]) {
            paths.push((line_of(at), leaf));
        }
    }
    // `crate::…`, `super::…` and `child::…` paths in the code.
    let starts = ["crate", "super"]
        .into_iter()
        .map(String::from)
        .chain(children.iter().cloned());
    for start in starts.map(|s| s + "::") {
        let mut from = 0;
        while let Some(k) = code[from..].find(&start) {
            let at = from + k;
            from = at + start.len();
            // Not the middle of a path (`super::super::x` is one path).
            if code[..at].ends_with("::") || code[..at].chars().next_back().is_some_and(ident) {
                continue;
            }
            // Identifiers joined by `::`.
            let mut end = at;
            loop {
                let rest = &code[end..];
                let word = rest.find(|c: char| !ident(c)).unwrap_or(rest.len());
                end += word;
                if word == 0 || !code[end..].starts_with("::") {
                    break;
                }
                end += 2;
            }
            let path = code[at..end].trim_end_matches(':').to_string();
            paths.push((line_of(at), path));
        }
    }
    paths
}

/// The modules `module` declares with `mod NAME;` (its children in files).
fn children(module: &str, all: &BTreeMap<String, Module>) -> BTreeSet<String> {
    all.keys()
        .filter_map(|m| {
            let rest = m.strip_prefix(module)?.strip_prefix("::")?;
            (!rest.contains("::")).then(|| rest.to_string())
        })
        .collect()
}

/// The module a path named in `module` goes to, if it is one of the crate's (`None`
/// for other crates' paths).
fn resolve(
    module: &str,
    path: &str,
    all: &BTreeMap<String, Module>,
    root_exports: &BTreeMap<String, String>,
) -> Option<String> {
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<String> = module.split("::").map(String::from).collect();
    match segs.first().copied() {
        Some("crate") => {
            base = vec!["crate".to_string()];
            segs.remove(0);
        }
        Some("super") => {
            while segs.first() == Some(&"super") {
                base.pop();
                segs.remove(0);
            }
        }
        Some("self") => {
            segs.remove(0);
        }
        Some(first) if children(module, all).contains(first) => {}
        _ => return None,
    }
    let mut full: Vec<String> = base;
    full.extend(segs.iter().map(|s| s.to_string()));
    // The crate root's re-exports: `crate::Name` is where `Name` comes from.
    if full.len() >= 2 && full[0] == "crate" && !all.contains_key(&full[..2].join("::")) {
        if let Some(from) = root_exports.get(&full[1]) {
            return resolve("crate", from, all, &BTreeMap::new());
        }
    }
    (1..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|m| all.contains_key(m))
}

/// The crate root's `pub use` leaves: each name and the path it is re-exported from
/// (`use path as name;` too, as another crate is re-exported under a module's name).
fn root_exports(root: &Module) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in root.code.lines() {
        let line = line.trim().trim_start_matches("pub ");
        let renamed = line
            .strip_prefix("use ")
            .and_then(|l| l.strip_suffix(';'))
            .and_then(|l| l.split_once(" as "));
        if let Some((path, name)) = renamed.filter(|(p, _)| !p.contains('{')) {
            out.insert(name.trim().to_string(), path.trim().to_string());
        }
    }
    for (_, leaf) in named_paths(&root.code, &BTreeSet::new()) {
        if let Some((_, name)) = leaf.rsplit_once("::") {
            out.entry(name.to_string()).or_insert(leaf.clone());
        }
    }
    out
}

/// Each edge `from → to` with where it is made (file:line and the path).
type Edges = BTreeMap<String, BTreeMap<String, String>>;

fn edges(all: &BTreeMap<String, Module>) -> Edges {
    let exports = root_exports(&all["crate"]);
    let mut edges = Edges::new();
    for (name, m) in all {
        let out = edges.entry(name.clone()).or_default();
        for (line, path) in named_paths(&m.code, &children(name, all)) {
            let Some(to) = resolve(name, &path, all, &exports) else {
                continue;
            };
            if to == *name {
                continue;
            }
            out.entry(to)
                .or_insert_with(|| format!("{}:{line}: {path}", m.file.display()));
        }
    }
    edges
}

/// A cycle of `edges`, as the modules along it (the first repeated at the end).
fn find_cycle(edges: &Edges) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        n: &str,
        edges: &Edges,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(n.to_string(), Mark::Open);
        stack.push(n.to_string());
        for to in edges.get(n).into_iter().flat_map(BTreeMap::keys) {
            match marks.get(to).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let at = stack.iter().position(|s| s == to).expect("on the stack");
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(to.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(to, edges, marks, stack) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        stack.pop();
        marks.insert(n.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in edges.keys() {
        if marks.get(n).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(n, edges, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// The library's graph (`src/`).
fn graph() -> (BTreeMap<String, Module>, Edges) {
    graph_of("src")
}

/// The graph of the crate whose sources are in `src` (from the repository's root).
fn graph_of(src: &str) -> (BTreeMap<String, Module>, Edges) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let all = modules(&root);
    let edges = edges(&all);
    (all, edges)
}

/// The crates the library is built from (`crates/`), each one's sources and at least
/// how many modules it has.
const CRATES: [(&str, usize); 3] = [
    ("crates/tetris-printer-core/src", 9),
    ("crates/tetris-printer-gen/src", 5),
    ("crates/tetris-printer-search/src", 4),
];

/// The first import cycle of `edges`, shown edge by edge.
fn cycle_of(edges: &Edges) -> Option<String> {
    let cycle = find_cycle(edges)?;
    let steps: Vec<String> = cycle
        .windows(2)
        .map(|w| format!("  {} → {}  ({})", w[0], w[1], edges[&w[0]][&w[1]]))
        .collect();
    Some(steps.join("\n"))
}

#[test]
fn modules_import_downward_only() {
    let (all, edges) = graph();
    if let Some(cycle) = cycle_of(&edges) {
        panic!("an import cycle:\n{cycle}");
    }
    // The graph is real: every module is in it and the parser sees its kinds of edges.
    assert!(all.len() > 40, "{} modules", all.len());
    let has = |from: &str, to: &str| edges.get(from).is_some_and(|e| e.contains_key(to));
    assert!(
        has("crate::align", "crate::convert"),
        "a `use crate::…` edge"
    );
    assert!(
        !has("crate::blocks", "crate::echo") && !has("crate::blocks", "crate"),
        "another crate's module (the core's `echo`, re-exported) is no edge"
    );
    assert!(
        has("crate::convert", "crate::convert::write"),
        "a `use child::…` edge"
    );
    assert!(
        has("crate::convert", "crate::convert::direct"),
        "a `child::…` path"
    );
}

/// The crates the library is built from import downward too (between crates Cargo
/// allows no cycle). Read from the workspace: a packaged copy of the library has no
/// `crates/`, and then the test checks nothing.
#[test]
fn the_crates_import_downward_only() {
    if !Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .is_dir()
    {
        eprintln!("crates/: not in a workspace, the crates' imports are not checked");
        return;
    }
    for (src, least) in CRATES {
        let (all, edges) = graph_of(src);
        if let Some(cycle) = cycle_of(&edges) {
            panic!("an import cycle in {src}:\n{cycle}");
        }
        assert!(all.len() >= least, "{src}: {} modules", all.len());
        assert!(
            edges.values().map(BTreeMap::len).sum::<usize>() > 0,
            "{src}: no edges seen"
        );
    }
}

#[test]
fn root_re_exports_resolve_to_their_module_or_to_no_edge() {
    let module = |code: &str| Module {
        file: PathBuf::from("lib.rs"),
        code: code.to_string(),
    };
    let all = BTreeMap::from([
        (
            "crate".to_string(),
            module("pub use b::Name;\npub use other::m;\n"),
        ),
        ("crate::a".to_string(), module("")),
        ("crate::b".to_string(), module("")),
    ]);
    let exports = root_exports(&all["crate"]);
    let resolve = |path: &str| resolve("crate::a", path, &all, &exports);
    assert_eq!(resolve("crate::Name").as_deref(), Some("crate::b"));
    assert_eq!(resolve("crate::m::X"), None);
}

/// Direct placement takes a row planner and names none: nothing under
/// `convert::direct` names `convert::planners`.
#[test]
fn direct_placement_names_no_planner() {
    let (_, edges) = graph();
    for (from, to) in &edges {
        if from.starts_with("crate::convert::direct") {
            for (to, at) in to {
                assert!(
                    !to.starts_with("crate::convert::planners"),
                    "{from} names {to} ({at})"
                );
            }
        }
    }
}

#[test]
fn the_parser_reads_use_trees_and_skips_comments_and_tests() {
    assert_eq!(
        use_leaves("super::{a::{B, C as D}, self, e::*}"),
        ["super::a::B", "super::a::C", "super", "super::e"]
    );
    let code = strip("// crate::x\nlet s = \"crate::y\"; let c = '{'; crate::z::f();\n");
    let children = BTreeSet::from(["kid".to_string()]);
    let paths: Vec<String> = named_paths(&code, &children)
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    assert_eq!(paths, ["crate::z::f"]);
    let paths = named_paths("let p = kid::plan(s); let q = a::kid::x;", &children);
    assert_eq!(paths, [(1, "kid::plan".to_string())]);
    let code = without_tests("fn a() {}\n#[cfg(test)]\nmod tests {\n use crate::q;\n}\n");
    assert!(named_paths(&code, &children).is_empty(), "{code}");
}
