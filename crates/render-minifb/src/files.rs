//! The session's files, all through `lightemall-store`: the autosave slot
//! (Esc, closing the window, `--resume`), the save slot of Ctrl+S and
//! Ctrl+O, and the scores table a win is recorded in.

use lightemall_engine::{Clock, Game};
use lightemall_store::{AUTOSAVE_SLOT, Store};

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

    /// The game saved in `slot`, reloaded by replaying its moves.
    pub fn load(&self, slot: &str, clock: Box<dyn Clock>) -> Result<Game, String> {
        let store = self.store()?;
        let save = store
            .load_slot(slot)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("nothing saved yet at {}", store.slot_path(slot).display()))?;
        Game::from_save(&save, clock)
            .map_err(|e| format!("{}: {e}", store.slot_path(slot).display()))
    }

    /// Record a won game's result (nothing for an assisted game).
    pub fn record_win(&self, game: &Game) -> Result<Option<String>, String> {
        let Some(score) = game.score() else {
            return Ok(None);
        };
        let kept = self
            .store()?
            .record_score(score)
            .map_err(|e| e.to_string())?;
        Ok(kept.then(|| format!("a best result for {}", game.preset())))
    }
}
