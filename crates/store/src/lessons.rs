//! Whether the player has met the game yet: the first-start lessons are
//! offered only to a data folder with no scores, no saves and no record
//! that the lessons were finished or skipped (`lessons.txt`).

use crate::{SAVE_EXTENSION, SCORES_FILE, Store, StoreError, write_atomically};

/// The file that says the lessons were finished or skipped.
pub const LESSONS_FILE: &str = "lessons.txt";

/// Its text.
const LESSONS_DONE: &str = "lightemall lessons 1\ndone\n";

impl Store {
    /// Whether the player has never played here: no scores, no save of
    /// any slot, and the lessons neither finished nor skipped. A folder
    /// that cannot be read counts as played (nothing is offered then).
    pub fn is_first_start(&self) -> bool {
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            // No folder yet is the very first start.
            return !self.folder.exists();
        };
        !entries.filter_map(Result::ok).any(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name == SCORES_FILE || name == LESSONS_FILE || name.ends_with(SAVE_EXTENSION)
        })
    }

    /// Record that the lessons were finished or skipped: never offered
    /// again at start (the help still offers them).
    pub fn set_lessons_done(&self) -> Result<(), StoreError> {
        let path = self.folder.join(LESSONS_FILE);
        write_atomically(&path, LESSONS_DONE).map_err(|source| StoreError::Io { path, source })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::scratch;

    #[test]
    fn a_folder_is_a_first_start_until_a_score_a_save_or_the_lessons_are_there() {
        let store = Store {
            folder: scratch("lessons"),
        };
        assert!(store.is_first_start(), "no folder yet");
        std::fs::create_dir_all(&store.folder).unwrap();
        assert!(store.is_first_start(), "an empty folder");
        std::fs::write(store.folder.join("daily.txt"), "").unwrap();
        assert!(store.is_first_start(), "other files do not count");
        store.set_lessons_done().unwrap();
        assert!(!store.is_first_start());
        for name in [SCORES_FILE, "autosave-2.lightemall-save"] {
            std::fs::remove_dir_all(&store.folder).unwrap();
            std::fs::create_dir_all(&store.folder).unwrap();
            std::fs::write(store.folder.join(name), "").unwrap();
            assert!(!store.is_first_start(), "{name}");
        }
        let _ = std::fs::remove_dir_all(&store.folder);
    }
}
