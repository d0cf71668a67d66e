//! Atomic writes: the new text goes to a temporary file in the same folder,
//! is flushed to disk, and replaces the old file by a rename, which the OS
//! does all at once. Whatever happens before the rename, the old file is
//! untouched; a failed write removes its temporary file.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// Replace the file at `path` with `text`, atomically. Missing folders are
/// created.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    write_then(path, text, |temp, path| fs::rename(temp, path))
}

/// [`write_atomically`] with the final step given, so tests can make it fail.
fn write_then(
    path: &Path,
    text: &str,
    replace: impl FnOnce(&Path, &Path) -> io::Result<()>,
) -> io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    fs::create_dir_all(folder)?;
    let temp = folder.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = write_synced(&temp, text).and_then(|()| replace(&temp, path));
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

fn write_synced(path: &Path, text: &str) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
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
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("lightemall-store-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
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

    #[test]
    fn a_failed_rename_leaves_the_old_file_intact() {
        let dir = scratch("failed-rename");
        let path = dir.join("game.save");
        write_atomically(&path, "old save").expect("first write");
        let failed = write_then(&path, "new save", |_, _| {
            Err(io::Error::other("simulated crash before the rename"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read_to_string(&path).expect("readable"), "old save");
        assert_eq!(entries(&dir), ["game.save"], "the temporary file is gone");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_writer_killed_mid_write_leaves_the_old_file_intact() {
        let dir = scratch("killed");
        let path = dir.join("game.save");
        write_atomically(&path, "old save").expect("first write");
        // The writer dies after half the text reached the temporary file:
        // nothing past that point runs, the temporary file stays behind.
        let mut temp_left = PathBuf::new();
        let _ = write_then(&path, "a new save, much longer", |temp, _| {
            let half = fs::read_to_string(temp)?;
            fs::write(temp, &half[..half.len() / 2])?;
            temp_left = temp.with_extension("crashed");
            fs::rename(temp, &temp_left)?;
            Err(io::Error::other("killed"))
        });
        assert_eq!(fs::read_to_string(&path).expect("readable"), "old save");
        write_atomically(&path, "next save").expect("a later write works");
        assert_eq!(fs::read_to_string(&path).expect("readable"), "next save");
        let _ = fs::remove_dir_all(&dir);
    }
}
