//! Results kept to record later. A win that cannot be recorded now (the
//! folder's lock held by another LightEmAll for too long, a damaged
//! table) is written to a file of its own, `scores-pending-*.txt` (a
//! scores table of one result, a new file: no lock needed), which the
//! scores read as part of the table and the next recording folds in and
//! removes.

use crate::{SCORES_FILE, Store, StoreError, read_text, write_atomically};
use lightemall_engine::score::{Score, ScoreTable};
use std::io::ErrorKind;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The start of a pending result's file name.
const PREFIX: &str = "scores-pending-";

impl Store {
    /// Keep `score` in a file of its own, to be recorded later; the file.
    pub fn keep_score_for_later(&self, score: Score) -> Result<PathBuf, StoreError> {
        let mut table = ScoreTable::default();
        table.scores.push(score);
        let io = |path: PathBuf| move |source| StoreError::Io { path, source };
        let text = table.to_text().map_err(|source| StoreError::Scores {
            path: self.folder.join(SCORES_FILE),
            source,
        })?;
        std::fs::create_dir_all(&self.folder).map_err(io(self.folder.clone()))?;
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        for n in 0..1000 {
            let path = self
                .folder
                .join(format!("{PREFIX}{seconds}-{}-{n}.txt", std::process::id()));
            if std::fs::symlink_metadata(&path).is_ok() {
                continue;
            }
            write_atomically(&path, &text).map_err(io(path.clone()))?;
            return Ok(path);
        }
        Err(io(self.folder.clone())(std::io::Error::new(
            ErrorKind::AlreadyExists,
            "no free name for a pending result",
        )))
    }

    /// The pending results' files, oldest name first.
    pub(crate) fn pending_files(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                name.starts_with(PREFIX) && name.ends_with(".txt")
            })
            .map(|entry| entry.path())
            .collect();
        files.sort();
        files
    }

    /// The results of the pending files (each a scores table; a file that
    /// is not one is left alone and skipped), with their files.
    pub(crate) fn pending(&self) -> (Vec<Score>, Vec<PathBuf>) {
        let mut scores = Vec::new();
        let mut files = Vec::new();
        for path in self.pending_files() {
            let Ok(table) = read_text(&path).and_then(|text| {
                ScoreTable::parse(&text).map_err(|source| StoreError::Scores {
                    path: path.clone(),
                    source,
                })
            }) else {
                continue;
            };
            scores.extend(table.scores);
            files.push(path);
        }
        (scores, files)
    }

    /// Record the pending results now if the folder's lock is free: how
    /// many were recorded. `Ok(0)` if there were none.
    pub fn record_pending(&self) -> Result<usize, StoreError> {
        if self.pending_files().is_empty() {
            return Ok(0);
        }
        let _lock = self.lock_within(Duration::ZERO)?;
        self.write_scores(None).map(|(_, recorded)| recorded)
    }
}
