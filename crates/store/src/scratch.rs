//! Test folders: one per test, named by the process and the test, empty
//! at the start.

use std::path::PathBuf;

/// A folder for the test `name` of this process, removed if a former run
/// left it; the test creates it when it needs it.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lightemall-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
