//! Build script: the commit `lightemall --version` names, where git can
//! tell it (a build from a clone); nothing otherwise (a source tarball).

use std::process::Command;

fn main() {
    let suffix = git(&["rev-parse", "--short=12", "HEAD"])
        .map(|commit| format!(" (commit {commit})"))
        .unwrap_or_default();
    println!("cargo:rustc-env=LIGHTEMALL_COMMIT_SUFFIX={suffix}");
    // Built again when HEAD moves (a commit, a checkout: each appends to
    // the reflog). Uncommitted changes are not named.
    for path in ["HEAD", "logs/HEAD"] {
        if let Some(file) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={file}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// What `git ARGS` prints, trimmed, if it runs and succeeds.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}
