//! Tidy checks over the whole source tree, as an ordinary test so that
//! `cargo test` runs them: every Rust file opens with a `//!` comment; no test
//! is ignored or expected to panic; the core crates call no bare `.unwrap()`
//! outside their tests; each crate depends only on the layers below it, and
//! only the window crate on a window library.

use std::fs;
use std::path::{Path, PathBuf};

/// Crates that must never panic on input.
const CORE_CRATES: &[&str] = &["model", "gen", "power", "solve", "engine", "view", "ui"];

/// The crates under `crates/`, lowest layer first: a crate may depend only
/// on crates before it (DESIGN.md's architecture). A new crate must be
/// placed here.
const LAYERS: &[&str] = &[
    "model",
    "gen",
    "power",
    "solve",
    "engine",
    "store",
    "view",
    "render-png",
    "ui",
    "render-minifb",
    "lightemall",
];

/// Window libraries, and the one crate that may use them: the front end
/// (`ui`) knows none, so a second window needs no copy of it.
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

#[test]
fn no_ignored_or_panicking_tests() {
    let banned = [concat!("#[", "ignore"), concat!("#[", "should_panic")];
    let offenders: Vec<_> = all_rust_files()
        .into_iter()
        .filter(|path| {
            let text = fs::read_to_string(path).unwrap_or_default();
            banned.iter().any(|b| text.contains(b))
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "ignored or should_panic tests in: {offenders:#?}"
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

#[test]
fn crates_depend_only_on_the_layers_below() {
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
    let mut offenders = Vec::new();
    for krate in &crates {
        let Some(layer) = LAYERS.iter().position(|l| l == krate) else {
            offenders.push(format!("{krate} is not in LAYERS"));
            continue;
        };
        for dependency in dependencies(krate) {
            if let Some(inner) = dependency.strip_prefix("lightemall-") {
                let below = LAYERS[..layer].contains(&inner);
                if !below {
                    offenders.push(format!("{krate} -> {dependency}"));
                }
            }
            if WINDOW_LIBRARIES.contains(&dependency.as_str()) && krate != WINDOW_CRATE {
                offenders.push(format!("{krate} -> {dependency} (a window library)"));
            }
        }
    }
    assert!(crates.len() > 5, "found only {crates:?}");
    assert!(
        offenders.is_empty(),
        "dependencies against the layering: {offenders:#?}"
    );
}
