//! Atomic writes: the new text goes to a temporary file in the same folder,
//! is flushed to disk, and replaces the old file by a rename, which the OS
//! does all at once. Whatever happens before the rename, the old file is
//! untouched; a failed write removes its temporary file. Each write has a
//! temporary file of its own (process id and a counter), so two writes at
//! once, from two processes or two threads, never share one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Replace the file at `path` with `contents`, atomically. Missing folders
/// are created.
pub fn write_atomically(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    fs::create_dir_all(folder_of(path))?;
    write_with(path, contents.as_ref(), &Steps::default())
}

/// [`write_atomically`] into a folder that must exist already (a file the
/// user named, such as an image: a typo in its folder is an error).
pub fn write_file_atomically(path: &Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    write_with(path, contents.as_ref(), &Steps::default())
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The three steps that touch the disk, apart so tests can make each fail.
pub(crate) struct Steps {
    pub write: fn(&mut File, &[u8]) -> io::Result<()>,
    pub sync: fn(&File) -> io::Result<()>,
    pub replace: fn(&Path, &Path) -> io::Result<()>,
}

impl Default for Steps {
    fn default() -> Steps {
        Steps {
            write: |file, bytes| file.write_all(bytes),
            sync: File::sync_all,
            replace: |temp, path| fs::rename(temp, path),
        }
    }
}

/// [`write_atomically`] with the steps given.
pub(crate) fn write_with(path: &Path, contents: &[u8], steps: &Steps) -> io::Result<()> {
    let folder = folder_of(path);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let temp = temp_path(folder, &name.to_string_lossy());
    let written = write_synced(&temp, contents, steps).and_then(|()| (steps.replace)(&temp, path));
    match written {
        Ok(()) => {
            sync_folder(folder);
            Ok(())
        }
        Err(error) => {
            // The temporary file is ours and useless now; the old file stands.
            let _ = fs::remove_file(&temp);
            Err(error)
        }
    }
}

/// A temporary name no other write uses now: the process id keeps
/// processes apart, the counter the threads of one process.
fn temp_path(folder: &Path, name: &str) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let count = WRITES.fetch_add(1, Ordering::Relaxed);
    folder.join(format!(".{name}.{}.{count}.tmp", std::process::id()))
}

fn write_synced(path: &Path, contents: &[u8], steps: &Steps) -> io::Result<()> {
    // `create_new`: a temporary file is never shared, not even with a stale one.
    let mut file = File::options().write(true).create_new(true).open(path)?;
    (steps.write)(&mut file, contents)?;
    (steps.sync)(&file)
}

/// Make the rename itself durable. Best effort: not every platform can open
/// a folder to sync it, and the rename has happened either way.
fn sync_folder(folder: &Path) {
    if let Ok(handle) = File::open(folder) {
        let _ = handle.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::scratch;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("folder exists")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_behind() {
        let dir = scratch("replace");
        let path = dir.join("game.save");
        write_atomically(&path, "old").expect("first write");
        write_atomically(&path, "new").expect("second write");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "new");
        assert_eq!(entries(&dir), ["game.save"]);
        let _ = fs::remove_dir_all(&dir);
    }

    /// The disk fills up half way through the text.
    fn disk_full(file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(&bytes[..bytes.len() / 2])?;
        Err(io::Error::from_raw_os_error(28))
    }

    #[test]
    fn a_failure_at_any_step_leaves_the_old_file_intact() {
        let failing = [
            (
                "write",
                Steps {
                    write: disk_full,
                    ..Steps::default()
                },
            ),
            (
                "fsync",
                Steps {
                    sync: |_| Err(io::Error::other("fsync failed")),
                    ..Steps::default()
                },
            ),
            (
                "rename",
                Steps {
                    replace: |_, _| Err(io::Error::other("crash before the rename")),
                    ..Steps::default()
                },
            ),
        ];
        for (step, steps) in failing {
            let dir = scratch(&format!("failed-{step}"));
            let path = dir.join("game.save");
            write_atomically(&path, "old save").expect("first write");
            let failed = write_with(&path, b"a new save, much longer", &steps);
            assert!(failed.is_err(), "{step}");
            assert_eq!(fs::read_to_string(&path).expect("readable"), "old save");
            assert_eq!(entries(&dir), ["game.save"], "{step}: temporary file left");
            let _ = fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_temporary_file_left_by_a_crash_is_not_reused() {
        let dir = scratch("crashed");
        let path = dir.join("game.save");
        write_atomically(&path, "old save").expect("first write");
        // A writer killed mid-write leaves its half-written temporary file.
        let stale = temp_path(&dir, "game.save");
        fs::write(&stale, "a new sa").expect("planted");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "old save");
        write_atomically(&path, "next save").expect("a later write works");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "next save");
        assert_eq!(fs::read_to_string(&stale).expect("untouched"), "a new sa");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn two_threads_writing_one_file_never_mix_their_texts() {
        let dir = scratch("threads");
        let path = dir.join("game.save");
        let texts: Vec<String> = (0..4).map(|t| format!("save {t}\n").repeat(2000)).collect();
        std::thread::scope(|scope| {
            for text in &texts {
                let path = &path;
                scope.spawn(move || {
                    for _ in 0..50 {
                        write_atomically(path, text).expect("every write succeeds");
                    }
                });
            }
        });
        let last = fs::read_to_string(&path).expect("readable");
        assert!(texts.contains(&last), "a mixed file");
        assert_eq!(entries(&dir), ["game.save"]);
        let _ = fs::remove_dir_all(&dir);
    }
}
