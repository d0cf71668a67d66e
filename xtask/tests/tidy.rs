//! Tidy checks over the whole source tree, as an ordinary test so that
//! `cargo test` runs them: every Rust file opens with a `//!` comment; no test
//! is ignored or expected to panic; the core crates call no bare `.unwrap()`
//! outside their tests.

use std::fs;
use std::path::{Path, PathBuf};

/// Crates that must never panic on input.
const CORE_CRATES: &[&str] = &["model", "gen", "power", "solve", "engine", "view"];

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
        if name == "target" || name.to_string_lossy().starts_with('.') {
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
