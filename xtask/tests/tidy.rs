//! Tidy checks over the whole source tree, as an ordinary test so that
//! `cargo test` runs them: every Rust file opens with a `//!` comment; a
//! test is ignored only with its reason, and none expects a panic; the
//! core crates call no bare `.unwrap()` outside their tests; each crate
//! depends exactly on the crates its layer
//! lists, all below it, as docs/ARCHITECTURE.md shows; only the window crate
//! uses a window library; no two modules of a crate import each other;
//! every document a file names is in the repository.

use std::fs;
use std::path::{Path, PathBuf};

/// Crates that must never panic on input.
const CORE_CRATES: &[&str] = &[
    "model", "gen", "power", "solve", "engine", "view", "session", "present",
];

/// The crates under `crates/`, lowest layer first, each with the crates it
/// uses: exactly its `lightemall-*` dependencies, each of them earlier in
/// the list (so no arrow points up). The table "Who uses whom" in
/// docs/ARCHITECTURE.md must say the same. A new crate is placed here.
const LAYERS: &[(&str, &[&str])] = &[
    ("model", &[]),
    ("gen", &["model"]),
    ("power", &["model"]),
    ("solve", &["model", "gen"]),
    ("engine", &["model", "gen", "power", "solve"]),
    ("store", &["engine"]),
    ("view", &["model"]),
    ("render-png", &["view"]),
    ("session", &["model", "gen", "engine", "store", "view"]),
    (
        "present",
        &["model", "engine", "view", "render-png", "session"],
    ),
    (
        "render-minifb",
        &["model", "engine", "view", "session", "present"],
    ),
    (
        "lightemall",
        &[
            "model",
            "gen",
            "power",
            "solve",
            "engine",
            "store",
            "view",
            "render-png",
            "session",
            "present",
            "render-minifb",
        ],
    ),
];

/// Window libraries, and the one crate that may use them: the front end
/// (`session`, `present`) knows none, so a second window needs no copy of it.
const WINDOW_LIBRARIES: &[&str] = &["minifb"];
const WINDOW_CRATE: &str = "render-minifb";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        // `vendor` holds other projects' code, patched (see its README).
        if name == "target" || name == "vendor" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn all_rust_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&workspace_root(), &mut files);
    assert!(files.len() > 10, "found only {} Rust files", files.len());
    files
}

#[test]
fn every_file_opens_with_a_doc_comment() {
    let missing: Vec<_> = all_rust_files()
        .into_iter()
        .filter(|path| {
            let text = fs::read_to_string(path).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .collect();
    assert!(
        missing.is_empty(),
        "files without a `//!` comment: {missing:#?}"
    );
}

/// A test is ignored only with its reason (`#[ignore = "needs ..."]`, so
/// `cargo test` reports why it was skipped), and none expects a panic.
#[test]
fn ignored_tests_say_why_and_none_expects_a_panic() {
    let bare_ignore = concat!("#[", "ignore]");
    let panicking = concat!("#[", "should_panic");
    let offenders: Vec<_> = all_rust_files()
        .into_iter()
        .filter(|path| {
            let text = fs::read_to_string(path).unwrap_or_default();
            text.contains(bare_ignore) || text.contains(panicking)
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "tests ignored without a reason, or expecting a panic, in: {offenders:#?}"
    );
}

/// The one file allowed unsafe code: the window's call to glibc's
/// `malloc_trim`. Everywhere else the workspace lint denies it.
const UNSAFE_FILE: &str = "crates/render-minifb/src/memory.rs";

#[test]
fn unsafe_code_is_allowed_in_one_file_only() {
    let allow = concat!("allow(", "unsafe_code)");
    let root = workspace_root();
    let mut allowing: Vec<String> = all_rust_files()
        .into_iter()
        .filter(|path| fs::read_to_string(path).unwrap_or_default().contains(allow))
        .map(|path| {
            let relative = path.strip_prefix(&root).unwrap_or(&path);
            relative.to_string_lossy().into_owned()
        })
        .collect();
    allowing.sort();
    assert_eq!(allowing, [UNSAFE_FILE], "files allowing unsafe code");
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    assert!(
        manifest.contains("unsafe_code = \"deny\"")
            || manifest.contains("unsafe_code = \"forbid\""),
        "the workspace no longer denies unsafe code"
    );
}

#[test]
fn core_crates_do_not_unwrap() {
    let bare = concat!(".unwrap", "()");
    let mut offenders = Vec::new();
    for krate in CORE_CRATES {
        let mut files = Vec::new();
        rust_files(
            &workspace_root().join("crates").join(krate).join("src"),
            &mut files,
        );
        for path in files {
            let text = fs::read_to_string(&path).unwrap_or_default();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (number, line) in code.lines().enumerate() {
                if line.contains(bare) && !line.contains("tidy: unwrap is safe") {
                    offenders.push(format!("{}:{}", path.display(), number + 1));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "bare unwrap in core code: {offenders:#?}"
    );
}

/// `eprintln!` panics when stderr cannot be written (a full device, a
/// closed pipe), which lost a game at Esc: the program's messages go
/// through `lightemall_session::say`, which ignores a failed write.
#[test]
fn no_message_write_can_panic() {
    let forbidden = [concat!("eprintln", "!"), concat!("eprint", "!(")];
    let mut offenders = Vec::new();
    let mut files = Vec::new();
    rust_files(&workspace_root().join("crates"), &mut files);
    for path in files
        .iter()
        .filter(|p| p.components().any(|c| c.as_os_str() == "src"))
    {
        let text = fs::read_to_string(path).unwrap_or_default();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (number, line) in code.lines().enumerate() {
            if forbidden.iter().any(|f| line.contains(f)) {
                offenders.push(format!("{}:{}", path.display(), number + 1));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "eprintln! in program code: {offenders:#?}"
    );
}

/// The names in the `[dependencies]` table of a crate's `Cargo.toml`.
fn dependencies(krate: &str) -> Vec<String> {
    let manifest = workspace_root()
        .join("crates")
        .join(krate)
        .join("Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap_or_default();
    let mut section = "";
    let mut names = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section == "[dependencies]"
            && let Some((name, _)) = line.split_once(['=', '.'])
        {
            names.push(name.trim().to_string());
        }
    }
    names
}

fn crate_names() -> Vec<String> {
    let mut crates: Vec<String> = fs::read_dir(workspace_root().join("crates"))
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| entry.path().join("Cargo.toml").exists())
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    crates.sort();
    crates
}

#[test]
fn the_layering_points_only_down() {
    for (layer, (krate, uses)) in LAYERS.iter().enumerate() {
        for used in *uses {
            let below = LAYERS[..layer].iter().any(|(name, _)| name == used);
            assert!(below, "LAYERS: {krate} uses {used}, which is not below it");
        }
    }
}

#[test]
fn crates_depend_exactly_as_layered() {
    let crates = crate_names();
    assert!(crates.len() > 5, "found only {crates:?}");
    let mut offenders = Vec::new();
    for krate in &crates {
        let Some((_, allowed)) = LAYERS.iter().find(|(name, _)| name == krate) else {
            offenders.push(format!("{krate} is not in LAYERS"));
            continue;
        };
        let deps = dependencies(krate);
        let mut used: Vec<&str> = deps
            .iter()
            .filter_map(|d| d.strip_prefix("lightemall-"))
            .collect();
        used.sort_unstable();
        let mut expected = allowed.to_vec();
        expected.sort_unstable();
        if used != expected {
            offenders.push(format!("{krate} uses {used:?}; LAYERS says {expected:?}"));
        }
        for dependency in &deps {
            if WINDOW_LIBRARIES.contains(&dependency.as_str()) && krate != WINDOW_CRATE {
                offenders.push(format!("{krate} -> {dependency} (a window library)"));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "dependencies against the layering: {offenders:#?}"
    );
}

/// The table of docs/ARCHITECTURE.md under "Who uses whom": rows of
/// `| crate | used crates, comma separated, or - |`.
fn documented_layers() -> Vec<(String, Vec<String>)> {
    let doc = fs::read_to_string(workspace_root().join("docs/ARCHITECTURE.md")).unwrap_or_default();
    let Some((_, section)) = doc.split_once("## Who uses whom") else {
        return Vec::new();
    };
    section
        .lines()
        .take_while(|line| !line.starts_with("## "))
        .filter_map(|line| {
            let cells: Vec<_> = line
                .trim()
                .strip_prefix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            let name = cells.first()?.trim_matches('`');
            let uses = cells.get(1)?;
            let known = LAYERS.iter().any(|(n, _)| *n == name);
            known.then(|| {
                let uses = uses
                    .split(',')
                    .map(|u| u.trim().trim_matches('`').to_string())
                    .filter(|u| !u.is_empty() && u != "-")
                    .collect();
                (name.to_string(), uses)
            })
        })
        .collect()
}

#[test]
fn the_architecture_doc_shows_the_layering() {
    let expected: Vec<(String, Vec<String>)> = LAYERS
        .iter()
        .map(|(name, uses)| {
            (
                name.to_string(),
                uses.iter().map(|u| u.to_string()).collect(),
            )
        })
        .collect();
    assert_eq!(
        documented_layers(),
        expected,
        "docs/ARCHITECTURE.md, \"Who uses whom\""
    );
}

/// Every `*.md` document a source file or document names exists in the
/// repository (at that path from the root, from the naming file's folder,
/// or its crate's), so no reference points outside it; nor do references
/// to the request documents the project was asked from ("seed 002").
#[test]
fn every_document_named_exists() {
    let root = workspace_root();
    let mut files = Vec::new();
    collect(&root, &mut files, &["rs", "md", "toml"]);
    let mut offenders = Vec::new();
    // This file spells out the patterns it looks for.
    let this_file = root.join("xtask/tests/tidy.rs");
    for path in files.iter().filter(|p| **p != this_file) {
        let text = fs::read_to_string(path).unwrap_or_default();
        for name in document_names(&text) {
            let folder = path.parent().unwrap_or(&root);
            let found = [root.join(&name), folder.join(&name)]
                .iter()
                .any(|p| p.exists())
                || crate_folder(path).is_some_and(|c| c.join(&name).exists());
            if !found {
                offenders.push(format!("{}: {name}", path.display()));
            }
        }
        for (number, line) in text.lines().enumerate() {
            if names_a_request_document(line) {
                offenders.push(format!("{}:{}: {line}", path.display(), number + 1));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "documents named but not in the repository: {offenders:#?}"
    );
}

/// The `NAME.md` paths in `text` (letters, digits, `_ - . /`).
fn document_names(text: &str) -> Vec<String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "_-./".contains(c);
    let mut names = Vec::new();
    for (at, _) in text.match_indices(".md") {
        let after = text[at + 3..].chars().next();
        if after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let start = text[..at]
            .char_indices()
            .rev()
            .take_while(|(_, c)| allowed(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let name = text[start..at + 3].trim_start_matches("./");
        if name.len() > 3 && !name.starts_with('.') && !name.contains("*") {
            names.push(name.to_string());
        }
    }
    names
}

/// "seed 002", "seed 003's": the request documents, which the repository
/// does not carry.
fn names_a_request_document(line: &str) -> bool {
    line.match_indices("seed 0").any(|(at, found)| {
        let digits = line[at + found.len()..].chars().take(2);
        digits.filter(char::is_ascii_digit).count() == 2
    })
}

/// The crate folder (`crates/NAME`) holding `path`, if any.
fn crate_folder(path: &Path) -> Option<PathBuf> {
    let crates = workspace_root().join("crates");
    let rest = path.strip_prefix(&crates).ok()?;
    let name = rest.components().next()?;
    Some(crates.join(name))
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>, extensions: &[&str]) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == "target" || name == "vendor" || name == "fuzz" || name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            collect(&path, out, extensions);
        } else if path
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

/// The top-level modules of its crate that a source file's `text` names
/// as `crate::NAME`, outside tests and comments.
fn modules_named(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut names = Vec::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, found) in line.match_indices("crate::") {
            let name: String = line[at + found.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// No two modules of a crate import each other: a circle hides which of
/// the two is the lower layer (`lib.rs` and `main.rs`, the roots, aside).
#[test]
fn no_two_modules_import_each_other() {
    let mut offenders = Vec::new();
    for krate in crate_names() {
        let src = workspace_root().join("crates").join(&krate).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let mut uses: Vec<(String, Vec<String>)> = Vec::new();
        for path in &files {
            let Ok(rest) = path.strip_prefix(&src) else {
                continue;
            };
            let first = rest
                .components()
                .next()
                .map(|c| c.as_os_str().to_string_lossy());
            let module = first
                .unwrap_or_default()
                .trim_end_matches(".rs")
                .to_string();
            if module == "lib" || module == "main" {
                continue;
            }
            let named = modules_named(&fs::read_to_string(path).unwrap_or_default());
            match uses.iter_mut().find(|(m, _)| *m == module) {
                Some((_, all)) => all.extend(named),
                None => uses.push((module, named)),
            }
        }
        for (a, named) in &uses {
            for b in named.iter().filter(|b| *b != a && a < *b) {
                let back = uses.iter().any(|(m, n)| m == b && n.contains(a));
                if back {
                    offenders.push(format!("{krate}: {a} <-> {b}"));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "modules importing each other: {offenders:#?}"
    );
}
