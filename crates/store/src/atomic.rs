//! Atomic writes: the new text goes to a temporary file in the same folder,
//! is flushed to disk, and replaces the old file by a rename, which the OS
//! does all at once. Whatever happens before the rename, the old file is
//! untouched; a failed write removes its temporary file, and only its own.
//!
//! - Each write has a temporary file of its own: a random name, opened
//!   `O_EXCL` (`create_new`), so two writes at once (two processes, two
//!   threads, or a process that reuses a dead one's id) never share one,
//!   and a name taken already is skipped, never deleted.
//! - A symbolic link of ours (owned by the user who runs us) is written
//!   through: the file it names is replaced and the link stays. A link
//!   owned by anyone else is not followed and nothing is written: in a
//!   shared folder such as `/tmp` another user could plant one that names
//!   a file of ours. A path that names something other than a regular file
//!   (a folder, a FIFO, a device) is refused and left as it is.
//! - A read-only file (no write bit for its owner: judged by the mode, not
//!   by `access(2)`, which says "writable" to root whatever the mode) is
//!   refused and left as it is; a replaced file keeps its permissions.
//! - Temporary files of ours that a crash left behind are removed once
//!   they are [`STALE_AFTER`] old (younger ones may be a write under way);
//!   a process about to die of a signal can remove the ones under way
//!   ([`remove_files_under_way`]), as `lightemall render` does.

use crate::file::not_regular;
use rand_core::Rng;
use rand_pcg::Pcg64;
use std::cell::RefCell;
use std::fs::{self, File, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// How old a temporary file of ours must be to be taken for a crash's litter.
pub(crate) const STALE_AFTER: Duration = Duration::from_secs(3600);

/// How many symbolic links are followed before giving up (a loop).
const MAX_LINKS: usize = 40;

/// How many temporary names are tried before giving up.
const NAME_TRIES: usize = 16;

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

/// [`write_file_atomically`] with the contents written by `write` into the
/// temporary file as they are made, so they are never held in memory whole
/// (an image encoded as it is painted). An error from `write` is the
/// write's: the old file stays as it was.
pub fn write_file_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    write_through(path, &Steps::default(), |file| {
        let mut buffered = io::BufWriter::new(file);
        write(&mut buffered)?;
        buffered.flush()
    })
}

/// Whether a write to `path` would be refused because of what is there
/// now (something that is not a regular file, a read-only file, a link
/// that is not ours, a loop of links): a check before long work whose
/// result would go there.
pub fn check_replaceable(path: &Path) -> io::Result<()> {
    permissions_of_existing(&follow_links(path)?).map(drop)
}

/// The temporary files of the writes under way in this process.
static UNDER_WAY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Remove the temporary files of every write under way in this process:
/// for a signal handler, just before the process ends, so an interrupted
/// write leaves no litter (the files it would replace stay as they were).
/// A write whose temporary file is removed fails.
pub fn remove_files_under_way() {
    remove_under_way(|_| true);
}

/// The list of writes under way (a panic elsewhere leaves it usable).
fn under_way() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    UNDER_WAY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// [`remove_files_under_way`] for the temporary files `which` picks.
fn remove_under_way(which: impl Fn(&Path) -> bool) {
    under_way().retain(|temp| {
        if which(temp) {
            let _ = fs::remove_file(temp);
            false
        } else {
            true
        }
    });
}

/// The temporary file `temp` is a write's until the write ends.
fn set_under_way(temp: &Path, listed: bool) {
    let mut files = under_way();
    if listed {
        files.push(temp.to_path_buf());
    } else {
        files.retain(|file| file != temp);
    }
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The steps that touch the disk, apart so tests can make each fail.
pub(crate) struct Steps {
    pub write: fn(&mut File, &[u8]) -> io::Result<()>,
    pub sync: fn(&File) -> io::Result<()>,
    pub replace: fn(&Path, &Path) -> io::Result<()>,
    /// The temporary name for a file named `name`.
    pub temp_name: fn(&str) -> String,
}

impl Default for Steps {
    fn default() -> Steps {
        Steps {
            write: |file, bytes| file.write_all(bytes),
            sync: File::sync_all,
            replace: |temp, path| fs::rename(temp, path),
            temp_name: |name| format!(".{name}.{:016x}.tmp", random_u64()),
        }
    }
}

/// [`write_atomically`] with the steps given.
pub(crate) fn write_with(path: &Path, contents: &[u8], steps: &Steps) -> io::Result<()> {
    write_through(path, steps, |file| (steps.write)(file, contents))
}

/// Replace the file at `path` with what `write` writes into a temporary
/// file beside it, atomically, with the steps given.
fn write_through(
    path: &Path,
    steps: &Steps,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let target = follow_links(path)?;
    let permissions = permissions_of_existing(&target)?;
    let folder = folder_of(&target);
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    let (temp, mut file) = create_temp(folder, &name, steps)?;
    set_under_way(&temp, true);
    let written = write_synced(&mut file, write, permissions, steps)
        .and_then(|()| (steps.replace)(&temp, &target));
    set_under_way(&temp, false);
    drop(file);
    match written {
        Ok(()) => {
            sync_folder(folder);
            remove_stale_temps(folder, &name);
            Ok(())
        }
        Err(error) => {
            // The temporary file is ours (we created it) and useless now;
            // the old file stands.
            let _ = fs::remove_file(&temp);
            Err(error)
        }
    }
}

/// The file `path` names once symbolic links are followed (it need not
/// exist: a dangling link is written through, creating its target). Only
/// links owned by the user who runs us are followed.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    follow_links_as(path, current_user())
}

/// The effective user id of this process (`None` where there is none).
fn current_user() -> Option<u32> {
    #[cfg(unix)]
    {
        Some(rustix::process::geteuid().as_raw())
    }
    #[cfg(not(unix))]
    None
}

/// [`follow_links`] for the user `user`: a link owned by another is an
/// error, and nothing is followed through it.
fn follow_links_as(path: &Path, user: Option<u32>) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                check_link_owner(&meta, user)?;
                let link = fs::read_link(&path)?;
                path = folder_of(&path).join(link);
            }
            Ok(_) => return Ok(path),
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(path),
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("more than {MAX_LINKS} symbolic links in a row (a loop?)"),
    ))
}

/// `Err` if the link whose metadata is `meta` is not owned by `user`.
fn check_link_owner(meta: &fs::Metadata, user: Option<u32>) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if user.is_some_and(|user| meta.uid() != user) {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "a symbolic link owned by another user (uid {}); it is not followed",
                    meta.uid()
                ),
            ));
        }
    }
    let _ = (meta, user);
    Ok(())
}

/// Whether a file's permissions say read-only: no write bit for its owner
/// (the mode, not `access(2)`, which tells root every file is writable).
fn is_read_only(permissions: &Permissions) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        permissions.mode() & 0o200 == 0
    }
    #[cfg(not(unix))]
    permissions.readonly()
}

/// The permissions of the file a write replaces, if there is one; an
/// error if it is not a regular file or is read-only (it is never
/// replaced).
fn permissions_of_existing(path: &Path) -> io::Result<Option<Permissions>> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() && is_read_only(&meta.permissions()) => Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "it is read-only, so it is not replaced",
        )),
        Ok(meta) if meta.is_file() => Ok(Some(meta.permissions())),
        Ok(meta) => Err(not_regular(meta.file_type())),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// A new temporary file beside the target, under a name no one has: a
/// name that exists is another's and is left alone.
fn create_temp(folder: &Path, name: &str, steps: &Steps) -> io::Result<(PathBuf, File)> {
    let mut last = None;
    for _ in 0..NAME_TRIES {
        let temp = folder.join((steps.temp_name)(name));
        match File::options().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary name was free")))
}

fn write_synced(
    file: &mut File,
    write: impl FnOnce(&mut File) -> io::Result<()>,
    permissions: Option<Permissions>,
    steps: &Steps,
) -> io::Result<()> {
    if let Some(permissions) = permissions {
        file.set_permissions(permissions)?;
    }
    write(file)?;
    (steps.sync)(file)
}

/// 64 random bits for a temporary name: a generator per thread, seeded from
/// the time, the process id and the thread, so no two writers draw alike.
fn random_u64() -> u64 {
    thread_local! {
        static RANDOM: RefCell<Pcg64> = RefCell::new(seeded());
    }
    RANDOM.with(|random| random.borrow_mut().next_u64())
}

fn seeded() -> Pcg64 {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // `RandomState` is seeded by the OS once per process (and differs per
    // thread): mixed in, two processes with the same id and clock differ.
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(nanos);
    hasher.write_u32(std::process::id());
    let mixed = hasher.finish();
    Pcg64::new(
        (nanos << 64) ^ u128::from(mixed),
        u128::from(std::process::id()),
    )
}

/// Remove temporary files of ours for `name` that a crash left behind:
/// `.NAME.<hex or digits and dots>.tmp`, older than [`STALE_AFTER`].
/// Best effort: a file that cannot be read or removed is left.
fn remove_stale_temps(folder: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(middle) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.strip_suffix(".tmp"))
        else {
            continue;
        };
        let ours = !middle.is_empty() && middle.chars().all(|c| c.is_ascii_hexdigit() || c == '.');
        let stale = entry
            .metadata()
            .ok()
            .filter(|meta| meta.is_file())
            .and_then(|meta| meta.modified().ok())
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if ours && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
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

    /// A temporary name as a write would draw it.
    fn temp_path(folder: &Path, name: &str) -> PathBuf {
        folder.join((Steps::default().temp_name)(name))
    }

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

    #[test]
    fn a_name_taken_by_another_is_skipped_and_never_deleted() {
        let dir = scratch("taken");
        let path = dir.join("game.save");
        write_atomically(&path, "old save").expect("first write");
        // Another writer (or a dead one with our process id) holds the name.
        let theirs = dir.join(".game.save.taken.tmp");
        fs::write(&theirs, "their half-written save").expect("planted");
        let always_taken = Steps {
            temp_name: |name| format!(".{name}.taken.tmp"),
            ..Steps::default()
        };
        let error = write_with(&path, b"new save", &always_taken).expect_err("no free name");
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        let kept = fs::read_to_string(&theirs).expect("still there");
        assert_eq!(kept, "their half-written save");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "old save");
        // Random names: the next write does not meet it.
        write_atomically(&path, "new save").expect("a free name");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "new save");
        assert!(theirs.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn stale_temporary_files_of_ours_are_removed_and_no_others() {
        let dir = scratch("stale");
        fs::create_dir_all(&dir).expect("folder");
        let path = dir.join("game.save");
        let old = std::time::SystemTime::now() - STALE_AFTER - Duration::from_secs(60);
        let plant = |name: &str, aged: bool| {
            let file = File::create(dir.join(name)).expect("planted");
            if aged {
                file.set_modified(old).expect("aged");
            }
        };
        plant(".game.save.0123456789abcdef.tmp", true);
        plant(".game.save.4242.7.tmp", true);
        plant(".game.save.fedcba9876543210.tmp", false);
        plant(".game.save.my-notes.tmp", true);
        plant(".other.save.0123456789abcdef.tmp", true);
        write_atomically(&path, "a save").expect("written");
        assert_eq!(
            entries(&dir),
            [
                ".game.save.fedcba9876543210.tmp",
                ".game.save.my-notes.tmp",
                ".other.save.0123456789abcdef.tmp",
                "game.save"
            ]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_written_through_to_its_target() {
        use std::os::unix::fs::symlink;
        let dir = scratch("link");
        let elsewhere = dir.join("elsewhere");
        fs::create_dir_all(&elsewhere).expect("folders");
        let target = elsewhere.join("real.save");
        fs::write(&target, "old").expect("target");
        let link = dir.join("game.save");
        symlink("elsewhere/real.save", &link).expect("relative link");
        let chained = dir.join("chained.save");
        symlink(&link, &chained).expect("link to a link");
        write_atomically(&chained, "new").expect("written through");
        assert!(fs::symlink_metadata(&link).expect("exists").is_symlink());
        assert!(fs::symlink_metadata(&chained).expect("exists").is_symlink());
        assert_eq!(fs::read_to_string(&target).expect("target"), "new");
        assert_eq!(entries(&elsewhere), ["real.save"]);
        // A dangling link: its target is created.
        let dangling = dir.join("dangling.save");
        symlink("elsewhere/new.save", &dangling).expect("link");
        write_atomically(&dangling, "made").expect("written through");
        assert_eq!(
            fs::read_to_string(elsewhere.join("new.save")).expect("created"),
            "made"
        );
        // A loop is an error, not a hang.
        let (a, b) = (dir.join("a"), dir.join("b"));
        symlink(&b, &a).expect("link");
        symlink(&a, &b).expect("link");
        let error = write_atomically(&a, "x").expect_err("a loop");
        assert!(error.to_string().contains("symbolic links"), "{error}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("game.save");
        write_atomically(&path, "old").expect("first write");
        fs::set_permissions(&path, Permissions::from_mode(0o600)).expect("chmod");
        write_atomically(&path, "new").expect("second write");
        let mode = fs::metadata(&path).expect("exists").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A read-only file (mode 444) was replaced: the rename needs only the
    /// folder's write permission, and as root `access(2)` says writable.
    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_never_replaced() {
        use std::os::unix::fs::{PermissionsExt, symlink};
        let dir = scratch("read-only");
        let path = dir.join("k.png");
        write_atomically(&path, "old").expect("first write");
        for mode in [0o444, 0o400, 0o044] {
            fs::set_permissions(&path, Permissions::from_mode(mode)).expect("chmod");
            let error = write_atomically(&path, "new").expect_err("refused");
            assert_eq!(error.to_string(), "it is read-only, so it is not replaced");
            assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
            assert!(check_replaceable(&path).is_err(), "{mode:o}");
            let streamed = write_file_atomically_with(&path, |out| out.write_all(b"new"));
            assert!(streamed.is_err(), "{mode:o}");
            assert_eq!(fs::read_to_string(&path).expect("readable"), "old");
            let kept = fs::metadata(&path).expect("there").permissions().mode();
            assert_eq!(kept & 0o777, mode);
        }
        // Through a link (ours) to it: refused the same.
        let link = dir.join("link.png");
        symlink(&path, &link).expect("link");
        assert!(write_atomically(&link, "new").is_err());
        assert_eq!(fs::read_to_string(&path).expect("readable"), "old");
        assert_eq!(entries(&dir), ["k.png", "link.png"]);
        // Its owner may write again once it has a write bit.
        fs::set_permissions(&path, Permissions::from_mode(0o644)).expect("chmod");
        write_atomically(&link, "new").expect("written");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "new");
        let _ = fs::remove_dir_all(&dir);
    }

    /// A link planted by another user (in `/tmp`, say) was followed, and
    /// the file it named, ours, replaced.
    #[cfg(unix)]
    #[test]
    fn a_link_owned_by_another_user_is_not_followed() {
        use std::os::unix::fs::{MetadataExt, symlink};
        let dir = scratch("foreign-link");
        fs::create_dir_all(&dir).expect("folder");
        let ours = dir.join("precious");
        fs::write(&ours, "precious").expect("target");
        let link = dir.join("k.png");
        symlink(&ours, &link).expect("link");
        let owner = fs::symlink_metadata(&link).expect("there").uid();
        // As the link's owner: followed; as anyone else: refused.
        assert_eq!(follow_links_as(&link, Some(owner)).expect("ours"), ours);
        let error = follow_links_as(&link, Some(owner + 1)).expect_err("not ours");
        assert_eq!(error.kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(
            error.to_string(),
            format!("a symbolic link owned by another user (uid {owner}); it is not followed")
        );
        // A chain is refused at the first link that is not ours.
        let chained = dir.join("chained.png");
        symlink(&link, &chained).expect("link");
        assert!(follow_links_as(&chained, Some(owner + 1)).is_err());
        assert_eq!(fs::read_to_string(&ours).expect("kept"), "precious");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Writes under way are listed until they end, and removing them (a
    /// signal handler does, before the process dies) fails the write and
    /// leaves the old file and no temporary file.
    #[test]
    fn temporary_files_under_way_are_listed_and_can_be_removed() {
        let dir = scratch("under-way");
        let path = dir.join("k.png");
        write_atomically(&path, "old").expect("first write");
        let interrupted = Steps {
            write: |file, bytes| {
                file.write_all(&bytes[..2])?;
                // The signal arrives mid-write: this write's temporary file
                // is listed, and the handler removes it.
                let mine = |temp: &Path| temp.to_string_lossy().contains("-under-way/");
                let listed = under_way().iter().filter(|temp| mine(temp)).count();
                assert_eq!(listed, 1, "the write under way is listed");
                remove_under_way(mine);
                file.write_all(&bytes[2..])
            },
            ..Steps::default()
        };
        assert!(write_with(&path, b"new image", &interrupted).is_err());
        assert_eq!(fs::read_to_string(&path).expect("readable"), "old");
        assert_eq!(entries(&dir), ["k.png"]);
        write_atomically(&path, "new").expect("a later write");
        let still_listed = under_way().iter().any(|temp| temp.starts_with(&dir));
        assert!(!still_listed, "a finished write is no longer listed");
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn what_is_not_a_regular_file_is_never_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("not-regular");
        let folder = dir.join("folder");
        fs::create_dir_all(&folder).expect("folders");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        for (path, what) in [(&fifo, "a FIFO (named pipe)"), (&folder, "a folder")] {
            let error = write_atomically(path, "x").expect_err("refused");
            assert_eq!(error.to_string(), format!("{what}, not a regular file"));
        }
        assert!(
            fs::symlink_metadata(&fifo)
                .expect("kept")
                .file_type()
                .is_fifo()
        );
        assert!(folder.is_dir());
        assert_eq!(entries(&dir), ["fifo", "folder"]);
        let _ = fs::remove_dir_all(&dir);
    }
}
