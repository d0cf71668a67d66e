//! The files of LightEmAll: save files (with an autosave slot) and the
//! scores table, in the platform's data directory (XDG on Linux).
//!
//! The engine turns games into text and back ([`SaveFile`], [`ScoreTable`]);
//! this crate only moves that text to and from disk, safely:
//! - every write is atomic ([`write_atomically`]): a crash or a failed
//!   write leaves the previous file whole;
//! - a file that is not ours, is newer, or is damaged is refused when read
//!   and is never overwritten;
//! - a read-change-write holds the folder's lock ([`LOCK_FILE`]), so two
//!   games saving or recording a score at once take turns and lose nothing;
//! - only regular files are read, and reads are bounded in size.

mod atomic;
mod daily;
mod file;
mod lessons;
mod lock;
mod pending;
#[cfg(test)]
mod scratch;
mod slots;

pub use atomic::{
    check_replaceable, remove_files_under_way, write_atomically, write_file_atomically,
    write_file_atomically_with,
};
pub use daily::{DAILY_FILE, Dailies, Repair, today};
pub use file::open_regular;
pub use lessons::LESSONS_FILE;
use lightemall_engine::save::{SaveError, SaveFile};
use lightemall_engine::score::{Score, ScoreError, ScoreTable};
use lock::FolderLock;
pub use lock::{LOCK_FILE, SlotClaim};
pub use slots::{AUTOSAVE_SLOTS, autosave_slot, is_autosave_slot};
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// The largest file read: the engine's bound on a save, which its writer
/// checks too ([`SaveFile::to_text`]), so no save is written that would
/// then be refused.
const MAX_FILE: u64 = lightemall_engine::save::MAX_BYTES as u64;

/// The extension of save files.
pub const SAVE_EXTENSION: &str = "lightemall-save";
/// The slot the game saves to when it quits and resumes from.
pub const AUTOSAVE_SLOT: &str = "autosave";
/// The scores file's name.
pub const SCORES_FILE: &str = "scores.txt";

/// What went wrong with a file, always naming it.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The OS gave no data directory (no home directory).
    #[error("this system has no data directory for saves (is HOME set?)")]
    NoDataDirectory,
    /// The data directory the environment gives is a relative path.
    #[error("the data directory {} is a relative path (is HOME set to a full path?)", .0.display())]
    RelativeDataDirectory(PathBuf),
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a usable save.
    #[error("{path}: {source}")]
    Save {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SaveError,
    },
    /// The file is not a usable scores table.
    #[error("{path}: {source}")]
    Scores {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ScoreError,
    },
    /// The file is not a usable daily file.
    #[error("{path}: {source}")]
    Daily {
        /// The file.
        path: PathBuf,
        /// Why.
        source: lightemall_engine::streak::DailyLogError,
    },
    /// A file that is in the way and not ours to replace.
    #[error("will not overwrite {path}: {reason}")]
    WouldOverwrite {
        /// The file.
        path: PathBuf,
        /// What it is.
        reason: String,
    },
}

/// The default folder: `lightemall` in the platform's data directory
/// (`$XDG_DATA_HOME/lightemall` or `~/.local/share/lightemall` on Linux).
/// A relative one (`HOME=rel`) would put saves wherever the game was
/// started from: refused, as no data directory.
pub fn default_folder() -> Result<PathBuf, StoreError> {
    let dir = dirs::data_dir().ok_or(StoreError::NoDataDirectory)?;
    if dir.is_relative() {
        return Err(StoreError::RelativeDataDirectory(dir));
    }
    Ok(dir.join("lightemall"))
}

/// A folder holding save slots and the scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    /// The folder; created on the first write.
    pub folder: PathBuf,
}

impl Store {
    /// The store in [`default_folder`].
    pub fn in_default_folder() -> Result<Store, StoreError> {
        default_folder().map(|folder| Store { folder })
    }

    /// The file of a named save slot.
    pub fn slot_path(&self, slot: &str) -> PathBuf {
        self.folder.join(format!("{slot}.{SAVE_EXTENSION}"))
    }

    /// Save to a named slot (e.g. [`AUTOSAVE_SLOT`]). A file already
    /// there that is not a save this release can read (foreign, newer,
    /// damaged) is left alone.
    pub fn save_slot(&self, slot: &str, save: &SaveFile) -> Result<(), StoreError> {
        let _lock = self.lock()?;
        write_save(&self.slot_path(slot), save)
    }

    /// The folder's lock, for one read-change-write.
    fn lock(&self) -> Result<FolderLock, StoreError> {
        self.lock_within(lock::PATIENCE)
    }

    /// The folder's lock, waiting at most `patience` for another writer.
    pub(crate) fn lock_within(&self, patience: Duration) -> Result<FolderLock, StoreError> {
        FolderLock::take_within(&self.folder, patience).map_err(|source| StoreError::Io {
            path: self.folder.join(LOCK_FILE),
            source,
        })
    }

    /// Read a named slot; `None` if it was never saved.
    pub fn load_slot(&self, slot: &str) -> Result<Option<SaveFile>, StoreError> {
        let path = self.slot_path(slot);
        match read_text(&path) {
            Err(StoreError::Io { source, .. }) if source.kind() == ErrorKind::NotFound => Ok(None),
            text => parse_save(&path, &text?).map(Some),
        }
    }

    /// The scores table (empty if there is none yet), with the results
    /// kept to record later ([`Store::keep_score_for_later`]).
    pub fn scores(&self) -> Result<ScoreTable, StoreError> {
        let mut table = self.table()?;
        for score in self.pending().0 {
            table.record(score);
        }
        Ok(table)
    }

    /// The scores file's table alone.
    fn table(&self) -> Result<ScoreTable, StoreError> {
        let path = self.folder.join(SCORES_FILE);
        match read_text(&path) {
            Err(StoreError::Io { source, .. }) if source.kind() == ErrorKind::NotFound => {
                Ok(ScoreTable::default())
            }
            text => ScoreTable::parse(&text?).map_err(|source| StoreError::Scores { path, source }),
        }
    }

    /// Add a result to the scores table and write it back (with any
    /// results kept to record later). `true` if the result is among the
    /// best kept. A damaged table is refused, not replaced.
    pub fn record_score(&self, score: Score) -> Result<bool, StoreError> {
        self.record_score_within(score, lock::PATIENCE)
            .map(|recorded| recorded.kept)
    }

    /// [`Store::record_score`], waiting at most `patience` for the
    /// folder's lock (a window must not freeze for the 5 s a command
    /// waits: it keeps the result for later instead); whether the result
    /// is kept and whether it is its preset's new best time.
    pub fn record_score_within(
        &self,
        score: Score,
        patience: Duration,
    ) -> Result<Recording, StoreError> {
        let _lock = self.lock_within(patience)?;
        self.write_scores(Some(score)).map(|(recorded, _)| recorded)
    }

    /// With the folder's lock held: the table, the pending results and
    /// `score` recorded in it, written back, and the pending results'
    /// files removed. What became of `score`, and how many pending
    /// results were recorded.
    pub(crate) fn write_scores(
        &self,
        score: Option<Score>,
    ) -> Result<(Recording, usize), StoreError> {
        let mut table = self.table()?;
        let (pending, files) = self.pending();
        let recorded = pending.len();
        for earlier in pending {
            table.record(earlier);
        }
        let mut recording = Recording::default();
        if let Some(score) = score {
            let beats = |best: &Score| (score.elapsed, score.moves) < (best.elapsed, best.moves);
            recording.new_best = table.best(&score.preset).is_none_or(beats);
            recording.kept = table.record(score);
        }
        let path = self.folder.join(SCORES_FILE);
        let text = table.to_text().map_err(|source| StoreError::Scores {
            path: path.clone(),
            source,
        })?;
        write_atomically(&path, text).map_err(|source| StoreError::Io { path, source })?;
        for file in files {
            // Recorded now: a file that will not go is read again, and
            // recorded twice, only if it cannot be removed at all.
            let _ = std::fs::remove_file(file);
        }
        Ok((recording, recorded))
    }
}

/// What became of a result recorded in the scores table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recording {
    /// Among the best results kept for its preset.
    pub kept: bool,
    /// Its preset's best time (the fewest moves breaking a tie).
    pub new_best: bool,
}

/// Write a save file atomically, unless a file at `path` is not a save
/// this release can read, or the save is one it could not read back (then
/// nothing is written, and the old file stands). The caller holds the
/// folder's lock.
fn write_save(path: &Path, save: &SaveFile) -> Result<(), StoreError> {
    let text = save.to_text().map_err(|source| StoreError::Save {
        path: path.to_path_buf(),
        source,
    })?;
    match read_text(path) {
        Err(StoreError::Io { source, .. }) if source.kind() == ErrorKind::NotFound => {}
        existing => {
            if let Err(error) = existing.and_then(|text| parse_save(path, &text)) {
                return Err(StoreError::WouldOverwrite {
                    path: path.to_path_buf(),
                    // The path is said once, by this error.
                    reason: match error {
                        StoreError::Io { source, .. } => source.to_string(),
                        StoreError::Save { source, .. } => source.to_string(),
                        other => other.to_string(),
                    },
                });
            }
        }
    }
    write_atomically(path, text).map_err(|source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Read and check a save file.
pub fn read_save(path: &Path) -> Result<SaveFile, StoreError> {
    parse_save(path, &read_text(path)?)
}

fn parse_save(path: &Path, text: &str) -> Result<SaveFile, StoreError> {
    SaveFile::parse(text).map_err(|source| StoreError::Save {
        path: path.to_path_buf(),
        source,
    })
}

/// The UTF-8 text of a file, refused past [`MAX_FILE`] bytes.
fn read_text(path: &Path) -> Result<String, StoreError> {
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let too_large = || {
        io(std::io::Error::new(
            ErrorKind::InvalidData,
            format!("larger than {} MB: not a LightEmAll file", MAX_FILE >> 20),
        ))
    };
    let file = open_regular(path).map_err(io)?;
    // A regular file says its size: refused before a byte is read (the
    // bound on the read below still holds if it grows meanwhile).
    let size = file.metadata().map_or(0, |m| m.len());
    if size > MAX_FILE {
        return Err(too_large());
    }
    // Room for it all at once: a growing buffer would double past it.
    let mut bytes = Vec::with_capacity(size as usize + 1);
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| {
        io(std::io::Error::new(
            ErrorKind::InvalidData,
            "not UTF-8 text: not a LightEmAll file",
        ))
    })
}
