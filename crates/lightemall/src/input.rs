//! Reading puzzle text from an argument, a file or stdin, with a size bound.

use std::io::Read;
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
    if path.is_file() {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot open {arg}: {e}"))?;
        return read_bounded(file, arg);
    }
    Ok(arg.to_string())
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
