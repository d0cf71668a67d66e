//! The session's files, all through `lightemall-store`: the autosave slot
//! (Esc, closing the window, `--resume`), the save slot of Ctrl+S and
//! Ctrl+O, and the scores table a win is recorded in.

use lightemall_engine::daily::Date;
use lightemall_engine::proof;
use lightemall_engine::save::SaveFile;
use lightemall_engine::score::Score;
use lightemall_engine::streak::DailyResult;
use lightemall_engine::{Clock, Game};
use lightemall_store::{AUTOSAVE_SLOT, SAVE_EXTENSION, SlotClaim, Store};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How long a win waits for the folder's lock before its result is kept
/// for later: the window does not freeze meanwhile.
const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(300);

/// The slot Ctrl+S writes and Ctrl+O / L reads.
pub const SAVE_SLOT: &str = "saved";

/// Where the session keeps its files; without a store it plays without
/// any (no data directory), and every file action then says so.
#[derive(Clone, Debug)]
pub struct Files {
    /// The store, if there is one.
    pub store: Option<Store>,
    /// The slot this window keeps its game in as it plays and when it
    /// leaves: [`AUTOSAVE_SLOT`], or `autosave-2` ... when another window
    /// holds that one.
    autosave_slot: String,
    /// This window's hold on its slot, while it plays (shared by clones).
    _claim: Option<Arc<SlotClaim>>,
    /// Whether the window starts with the lessons (the very first start).
    lessons_first: bool,
}

impl Default for Files {
    fn default() -> Files {
        Files::unclaimed(None)
    }
}

impl Files {
    /// The files of `store`, keeping the game in [`AUTOSAVE_SLOT`] without
    /// claiming it (for tests and for a store that cannot hold a claim).
    pub fn unclaimed(store: Option<Store>) -> Files {
        Files {
            store,
            autosave_slot: AUTOSAVE_SLOT.to_string(),
            _claim: None,
            lessons_first: false,
        }
    }

    /// The files of a new window: its game kept in the first autosave
    /// slot no other window holds. A store that cannot hold a claim (a
    /// folder that cannot be written) keeps [`AUTOSAVE_SLOT`], unclaimed:
    /// saving there fails and says why.
    pub fn claimed(store: Option<Store>) -> Files {
        match store.as_ref().map(Store::claim_autosave) {
            Some(Ok((slot, claim))) => Files {
                store,
                autosave_slot: slot,
                _claim: Some(Arc::new(claim)),
                lessons_first: false,
            },
            _ => Files::unclaimed(store),
        }
    }

    /// The files of a window going on with the game of `slot`, which it
    /// claims: refused if another window plays it.
    pub fn resuming(store: Store, slot: &str) -> Result<Files, String> {
        let claim = store.claim_slot(slot).map_err(|e| e.to_string())?;
        Ok(Files {
            store: Some(store),
            autosave_slot: slot.to_string(),
            _claim: Some(Arc::new(claim)),
            lessons_first: false,
        })
    }

    /// These files, with the lessons played first if this is the very
    /// first start here (`offered`: the window was started plainly, with
    /// no puzzle or option asked for) and nobody has played here.
    pub fn offering_lessons(mut self, offered: bool) -> Files {
        self.lessons_first = offered && self.store.as_ref().is_some_and(Store::is_first_start);
        self
    }

    /// Whether the window starts with the lessons.
    pub fn lessons_first(&self) -> bool {
        self.lessons_first
    }

    /// Note that the lessons were finished or skipped.
    pub fn set_lessons_done(&self) -> Result<(), String> {
        self.store()?.set_lessons_done().map_err(|e| e.to_string())
    }

    /// The slot this window keeps its game in.
    pub fn autosave_slot(&self) -> &str {
        &self.autosave_slot
    }

    fn store(&self) -> Result<&Store, String> {
        self.store
            .as_ref()
            .ok_or_else(|| "there is no folder for saves on this system".to_string())
    }

    /// Save `game` in `slot`; a line saying where, or what went wrong.
    pub fn save(&self, slot: &str, game: &Game) -> Result<String, String> {
        self.save_file(slot, &game.to_save())
    }

    fn save_file(&self, slot: &str, save: &SaveFile) -> Result<String, String> {
        let store = self.store()?;
        store.save_slot(slot, save).map_err(|e| e.to_string())?;
        Ok(format!("saved to {}", store.slot_path(slot).display()))
    }

    /// The autosave on quitting (and as the game is played). A game not
    /// played yet (no move made) never replaces a game kept there: it is
    /// not saved, and the kept one stays.
    pub fn autosave(&self, game: &Game) -> Result<String, String> {
        self.autosave_file(&game.to_save())
    }

    /// [`Files::autosave`] of a game's save.
    pub fn autosave_file(&self, save: &SaveFile) -> Result<String, String> {
        let store = self.store()?;
        let slot = &self.autosave_slot;
        if save.moves_made == 0 && store.has_slot(slot) {
            return Ok(format!(
                "kept the game at {}: this one has no move yet",
                store.slot_path(slot).display()
            ));
        }
        self.save_file(slot, save)
    }

    /// A last resort when the autosave failed and the window is gone: the
    /// game in a new slot of its own (`rescued-TIME-PID`), or, if the
    /// store cannot take it (no folder, a lock held, a full disk), a file
    /// of that name in the temporary folder. A line saying where.
    pub fn rescue(&self, game: &Game) -> Result<String, String> {
        self.rescue_file(&game.to_save())
    }

    /// [`Files::rescue`] of a game's save.
    pub fn rescue_file(&self, save: &SaveFile) -> Result<String, String> {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let slot = format!("rescued-{seconds}-{}", std::process::id());
        let in_store = self.store().and_then(|store| {
            store
                .save_slot(&slot, save)
                .map(|()| store.slot_path(&slot))
                .map_err(|e| e.to_string())
        });
        let path = match in_store {
            Ok(path) => path,
            Err(_) => {
                let path: PathBuf =
                    std::env::temp_dir().join(format!("lightemall-{slot}.{SAVE_EXTENSION}"));
                let text = save.to_text().map_err(|e| e.to_string())?;
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

    /// The dailies solved here, and what was left out of a damaged file.
    pub fn dailies(&self) -> Result<lightemall_store::Dailies, String> {
        self.store()?.dailies().map_err(|e| e.to_string())
    }

    /// Record `score` (a win's, taken when it was won). One that cannot
    /// be recorded now (the folder's lock held, a damaged table) is kept
    /// in a file of its own to be recorded later
    /// ([`Files::record_waiting`]); `Err` only if it cannot be kept either.
    pub fn record(&self, score: Score) -> Result<Recorded, String> {
        let store = self.store()?;
        match store.record_score_within(score.clone(), LOCK_PATIENCE) {
            Ok(recording) => Ok(Recorded::Now {
                new_best: recording.new_best,
            }),
            Err(error) => match store.keep_score_for_later(score) {
                Ok(kept) => Ok(Recorded::Later(format!(
                    "the result could not be recorded now ({error}); it is kept in {} and recorded later",
                    kept.display()
                ))),
                Err(also) => Err(format!(
                    "the result could not be recorded: {error}; nor kept for later: {also}"
                )),
            },
        }
    }

    /// Record the results kept for later if the folder is free now: how
    /// many were. `Err` while they still cannot be.
    pub fn record_waiting(&self) -> Result<usize, String> {
        self.store()?.record_pending().map_err(|e| e.to_string())
    }

    /// Record a won daily (the daily of `date`, won on `today`) with its
    /// proof code: the streak it makes, and a line telling it and how to
    /// share it (short enough for the window's notice strip) and, if the
    /// daily file was damaged, what was left out.
    pub fn record_daily(
        &self,
        game: &Game,
        date: Date,
        today: Date,
    ) -> Result<(u32, String), String> {
        let result = DailyResult {
            date,
            solved_on: today,
            elapsed: game.elapsed(),
            moves: game.moves_made(),
            par: game.facts().par,
            assisted: game.is_assisted(),
            proof: Some(proof::encode(game)),
        };
        let (_, dailies) = self
            .store()?
            .record_daily(result)
            .map_err(|e| e.to_string())?;
        let streak = dailies.log.streaks(today).current;
        let mut line = format!("Daily solved: streak {streak} · Ctrl+C copies it to share");
        if let Some(repair) = dailies.repaired {
            line = format!("{line}; {}", repair.message());
        }
        Ok((streak, line))
    }
}

/// What became of a win's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// Recorded in the scores table; whether it is the preset's best time.
    Now {
        /// The preset's best time.
        new_best: bool,
    },
    /// Kept to be recorded later: a line saying why and where.
    Later(String),
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
