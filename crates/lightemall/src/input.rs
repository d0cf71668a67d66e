//! Reading puzzle text from an argument, a file or stdin, with a size bound.
//!
//! An argument that names something on disk is read as a file, and only a
//! regular file is read (`lightemall_store::open_regular`, which never
//! blocks): a folder, a FIFO, a device, a dangling link or an empty file is
//! an error naming the file and why, not "not a puzzle ID". So is an
//! argument that looks like a path (a `/` or a file extension, and no `:`,
//! which every puzzle ID has) but names nothing.
//!
//! An argument that is a puzzle ID (or Net ID, or JSON) as it stands is
//! read as that, even if a file of that name exists, and a note on stderr
//! says the file was not read: what a user typed as an ID is the ID, and
//! `./NAME` reads the file.

use lightemall_gen::PuzzleSource;
use std::io::{ErrorKind, Read};
use std::path::Path;

/// The most bytes read from a file or stdin. The largest board's JSON form
/// is about 5 MB; anything beyond this is not a puzzle.
const MAX_INPUT: u64 = 16 << 20;

/// The text of `arg`: stdin for `-`, a file's contents if `arg` names a file,
/// else `arg` itself.
pub fn puzzle_text(arg: &str) -> Result<String, String> {
    if arg == "-" {
        return read_bounded(std::io::stdin().lock(), "stdin");
    }
    let path = Path::new(arg);
    match std::fs::symlink_metadata(path) {
        Ok(_) if PuzzleSource::parse(arg).is_ok() => {
            lightemall_session::say(&format!(
                "note: '{arg}' is read as a puzzle ID, not as the file of that \
                 name (write ./{arg} to read the file)"
            ));
            Ok(arg.to_string())
        }
        Ok(meta) => read_file(path, arg, meta.file_type().is_symlink()),
        Err(e) if looks_like_a_path(arg) => Err(format!("cannot read {arg}: {e}")),
        Err(_) => Ok(arg.to_string()),
    }
}

/// The file [`puzzle_text`] reads for `arg`, if it reads one.
pub fn puzzle_file(arg: &str) -> Option<&Path> {
    let path = Path::new(arg);
    (arg != "-" && path.symlink_metadata().is_ok() && PuzzleSource::parse(arg).is_err())
        .then_some(path)
}

/// Whether `arg`, which names nothing on disk, was meant as a file: it is
/// no JSON object, has no `:` (every puzzle ID has one) and has a `/` or a
/// dot (`./typo.json`, `puzzle.txt`).
fn looks_like_a_path(arg: &str) -> bool {
    let arg = arg.trim();
    !arg.starts_with('{') && !arg.contains(':') && (arg.contains(['/', '\\']) || arg.contains('.'))
}

fn read_file(path: &Path, arg: &str, is_link: bool) -> Result<String, String> {
    let file = lightemall_store::open_regular(path).map_err(|e| match e.kind() {
        ErrorKind::NotFound if is_link => {
            let target = std::fs::read_link(path).unwrap_or_default();
            format!(
                "cannot read {arg}: a symbolic link to {}, which does not exist",
                target.display()
            )
        }
        _ => format!("cannot read {arg}: {e}"),
    })?;
    let text = read_bounded(file, arg)?;
    if text.trim().is_empty() {
        return Err(format!("{arg} is empty; that is no puzzle"));
    }
    Ok(text)
}

fn read_bounded(reader: impl Read, name: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!(
            "{name} is larger than {} MB; that is no puzzle",
            MAX_INPUT >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{name} is not UTF-8 text"))
}
