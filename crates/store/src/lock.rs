//! One writer at a time in a folder: a read-change-write (record a score,
//! check the file a save would replace) holds the folder's lock file, so
//! two games finishing or saving at the same moment take turns instead of
//! losing one result. The lock is the OS's advisory file lock (`flock` on
//! Linux): it is released when its holder ends, even by a crash, so a
//! stale lock file never blocks anyone. A holder that never lets go (a
//! process stopped in a debugger) makes the others give up after
//! [`PATIENCE`] with an error, never hang.
//!
//! The lock file is opened without following a symbolic link (one planted
//! there would make us create or lock some other file) and without
//! blocking, and must be a regular file: a FIFO in its place is refused
//! at once, where opening it would wait for a writer forever.

use crate::file::{check_regular, non_blocking_no_follow};
use std::fs::{self, File, TryLockError};
use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

/// The lock file's name. It stays in the folder: removing a lock file
/// while another process waits on it would let two writers in at once.
pub const LOCK_FILE: &str = ".lightemall.lock";

/// How long a writer waits for the lock before giving up.
pub(crate) const PATIENCE: Duration = Duration::from_secs(5);

/// How long a writer sleeps between tries.
const RETRY: Duration = Duration::from_millis(5);

/// The folder's lock, held until dropped.
#[derive(Debug)]
pub(crate) struct FolderLock {
    // Closing the file releases the lock.
    _file: File,
}

impl FolderLock {
    /// Take the lock of `folder` (created if missing), waiting up to
    /// `patience` ([`PATIENCE`] for a command) for another writer to finish.
    pub(crate) fn take_within(folder: &Path, patience: Duration) -> io::Result<FolderLock> {
        fs::create_dir_all(folder)?;
        let file = open_lock_file(&folder.join(LOCK_FILE))?;
        let started = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(FolderLock { _file: file }),
                Err(TryLockError::Error(error)) => return Err(error),
                Err(TryLockError::WouldBlock) if started.elapsed() >= patience => {
                    return Err(io::Error::new(
                        io::ErrorKind::WouldBlock,
                        "another LightEmAll has been writing here for too long; try again",
                    ));
                }
                Err(TryLockError::WouldBlock) => std::thread::sleep(RETRY),
            }
        }
    }
}

/// A window's hold on one save slot for as long as it plays: two windows
/// never keep their games in the same slot. Like the folder's lock it is
/// the OS's lock on a file (`.SLOT.claim`), so a window that dies lets go
/// of its slot.
#[derive(Debug)]
pub struct SlotClaim {
    // Closing the file lets the slot go.
    _file: File,
}

impl SlotClaim {
    /// Claim `slot` of `folder` (created if missing) if no other holds it:
    /// `Ok(None)` if another does.
    pub(crate) fn try_take(folder: &Path, slot: &str) -> io::Result<Option<SlotClaim>> {
        fs::create_dir_all(folder)?;
        let file = open_lock_file(&folder.join(format!(".{slot}.claim")))?;
        match file.try_lock() {
            Ok(()) => Ok(Some(SlotClaim { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(error)) => Err(error),
        }
    }

    /// Whether another holds `slot` of `folder` now (a slot that cannot be
    /// claimed, in a folder we may not write, is held by no one).
    pub(crate) fn is_held(folder: &Path, slot: &str) -> bool {
        let path = folder.join(format!(".{slot}.claim"));
        let Ok(file) = open_lock_file_to_read(&path) else {
            return false;
        };
        matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
    }
}

/// Open an existing claim file to test it, without creating it or
/// following a link.
fn open_lock_file_to_read(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.read(true);
    non_blocking_no_follow(&mut options);
    let file = options.open(path)?;
    check_regular(&file)?;
    Ok(file)
}

/// Open (or create) the lock file: a regular file, never through a link.
fn open_lock_file(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.write(true).create(true).truncate(false);
    non_blocking_no_follow(&mut options);
    let file = options.open(path).map_err(|error| {
        // What the OS says of a symbolic link under `O_NOFOLLOW` ("too many
        // levels of symbolic links") and of a FIFO no one reads ("no such
        // device or address") would puzzle anyone.
        match fs::symlink_metadata(path) {
            Ok(meta) if !meta.is_file() => crate::file::not_regular(meta.file_type()),
            _ => error,
        }
    })?;
    check_regular(&file)?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::scratch;

    #[test]
    fn a_held_lock_keeps_others_out_until_it_is_dropped() {
        let dir = scratch("held");
        let held = FolderLock::take_within(&dir, PATIENCE).expect("free");
        let waited = FolderLock::take_within(&dir, Duration::from_millis(50));
        let error = waited.expect_err("held by another");
        assert_eq!(error.kind(), io::ErrorKind::WouldBlock);
        assert!(error.to_string().contains("try again"), "{error}");
        drop(held);
        FolderLock::take_within(&dir, Duration::ZERO).expect("free again");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_that_is_a_link_or_a_fifo_is_refused_at_once() {
        let dir = scratch("lock-kinds");
        fs::create_dir_all(&dir).expect("folder");
        let lock = dir.join(LOCK_FILE);
        let target = dir.join("not-the-lock");
        std::os::unix::fs::symlink(&target, &lock).expect("symlink");
        let error = FolderLock::take_within(&dir, Duration::ZERO).expect_err("a link");
        assert_eq!(error.to_string(), "a symbolic link, not a regular file");
        assert!(!target.exists(), "the link's target was created");
        fs::remove_file(&lock).expect("removed");
        let made = std::process::Command::new("mkfifo")
            .arg(&lock)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let error = FolderLock::take_within(&dir, Duration::ZERO).expect_err("a FIFO");
        assert_eq!(error.to_string(), "a FIFO (named pipe), not a regular file");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_waiting_writer_gets_the_lock_when_the_holder_lets_go() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let dir = scratch("wait");
        let held = FolderLock::take_within(&dir, PATIENCE).expect("free");
        let released = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let waiter = scope.spawn(|| {
                let lock = FolderLock::take_within(&dir, PATIENCE);
                // Only the holder's letting go can have let it in.
                (lock.map(drop), released.load(Ordering::SeqCst))
            });
            std::thread::sleep(Duration::from_millis(30));
            released.store(true, Ordering::SeqCst);
            drop(held);
            let (lock, after_release) = waiter.join().expect("no panic");
            lock.expect("got it");
            assert!(after_release, "the waiter got the lock while it was held");
        });
        let _ = fs::remove_dir_all(&dir);
    }
}
