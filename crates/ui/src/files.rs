//! The session's files, all through `lightemall-store`: the autosave slot
//! (Esc, closing the window, `--resume`), the save slot of Ctrl+S and
//! Ctrl+O, and the scores table a win is recorded in.

use lightemall_engine::score::Score;
use lightemall_engine::{Clock, Game};
use lightemall_store::{AUTOSAVE_SLOT, SAVE_EXTENSION, Store};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The slot Ctrl+S writes and Ctrl+O / L reads.
pub const SAVE_SLOT: &str = "saved";

/// Where the session keeps its files; `None` plays without any (no data
/// directory), and every file action then says so.
#[derive(Clone, Debug, Default)]
pub struct Files {
    /// The store, if there is one.
    pub store: Option<Store>,
}

impl Files {
    fn store(&self) -> Result<&Store, String> {
        self.store
            .as_ref()
            .ok_or_else(|| "there is no folder for saves on this system".to_string())
    }

    /// Save `game` in `slot`; a line saying where, or what went wrong.
    pub fn save(&self, slot: &str, game: &Game) -> Result<String, String> {
        let store = self.store()?;
        store
            .save_slot(slot, &game.to_save())
            .map_err(|e| e.to_string())?;
        Ok(format!("saved to {}", store.slot_path(slot).display()))
    }

    /// The autosave on quitting.
    pub fn autosave(&self, game: &Game) -> Result<String, String> {
        self.save(AUTOSAVE_SLOT, game)
    }

    /// A last resort when the autosave failed and the window is gone: the
    /// game in a new slot of its own (`rescued-TIME-PID`), or, if the
    /// store cannot take it (no folder, a lock held, a full disk), a file
    /// of that name in the temporary folder. A line saying where.
    pub fn rescue(&self, game: &Game) -> Result<String, String> {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let slot = format!("rescued-{seconds}-{}", std::process::id());
        let in_store = self.store().and_then(|store| {
            store
                .save_slot(&slot, &game.to_save())
                .map(|()| store.slot_path(&slot))
                .map_err(|e| e.to_string())
        });
        let path = match in_store {
            Ok(path) => path,
            Err(_) => {
                let path: PathBuf =
                    std::env::temp_dir().join(format!("lightemall-{slot}.{SAVE_EXTENSION}"));
                let text = game.to_save().to_text().map_err(|e| e.to_string())?;
                write_new(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
                path
            }
        };
        Ok(format!(
            "saved to {} (`lightemall replay --save FILE` reads it)",
            path.display()
        ))
    }

    /// The game saved in `slot`, reloaded by replaying its moves (a large
    /// seeded board before its rating, as N makes one:
    /// `Game::from_save_to_play`).
    pub fn load(&self, slot: &str, clock: Box<dyn Clock>) -> Result<Game, String> {
        let store = self.store()?;
        let save = store
            .load_slot(slot)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("nothing saved yet at {}", store.slot_path(slot).display()))?;
        Game::from_save_to_play(save, clock)
            .map_err(|e| format!("{}: {e}", store.slot_path(slot).display()))
    }

    /// The scores table.
    pub fn scores(&self) -> Result<lightemall_engine::score::ScoreTable, String> {
        self.store()?.scores().map_err(|e| e.to_string())
    }

    /// Record a won game's result: `Some(true)` if it is the preset's new
    /// best time, `Some(false)` if not, `None` for an assisted game (not
    /// recorded).
    pub fn record_win(&self, game: &Game) -> Result<Option<bool>, String> {
        match game.score() {
            Some(score) => self.record(score).map(Some),
            None => Ok(None),
        }
    }

    /// Record `score` (a win's, taken when it was won); `Ok(true)` if it
    /// is the best time of its preset.
    pub fn record(&self, score: Score) -> Result<bool, String> {
        let store = self.store()?;
        let before = store.scores().map_err(|e| e.to_string())?;
        let beats = |best: &Score| (score.elapsed, score.moves) < (best.elapsed, best.moves);
        let new_best = before.best(&score.preset).is_none_or(beats);
        store.record_score(score).map_err(|e| e.to_string())?;
        Ok(new_best)
    }
}

/// Write a new file, never one that exists: in a shared folder such as
/// `/tmp` a link planted under the name must not be followed
/// (`create_new` is `O_EXCL`, which does not follow one).
fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    let mut file = std::fs::File::options()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}
