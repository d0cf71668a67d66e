//! Keeping the game whatever ends the window. As the game is played it
//! is kept in the window's autosave slot once the player pauses
//! ([`QUIET_MS`]) and at least every [`KEEP_EVERY_MS`] of play, so a
//! window killed outright (SIGKILL, a crash, the power) loses seconds,
//! never the game; leaving (Esc, closing, a signal) keeps it exactly, or
//! rescues it to a file of its own and says where. Results that could not
//! be recorded at the win are recorded once the folder is free.

use super::Session;
use crate::files::Recorded;
use lightemall_engine::score::{Score, preset_name};

/// How long the game must rest after a change before it is kept.
pub const QUIET_MS: u64 = 1_000;
/// The longest a game in continuous play goes unkept.
pub const KEEP_EVERY_MS: u64 = 5_000;
/// How often results kept for later are tried again.
const RETRY_RESULTS_MS: u64 = 3_000;

/// What the session knows of what it kept.
#[derive(Debug, Default)]
pub(super) struct Keeping {
    /// The session's version when the game was last kept (or first seen).
    kept_version: u64,
    /// The version last seen changing, and when.
    seen: Option<(u64, u64)>,
    /// When the game was last kept, or first changed since it was.
    kept_ms: Option<u64>,
    /// Whether a failure to keep was told (once, in the log).
    failure_told: bool,
    /// Results may wait to be recorded: when they were last tried.
    results_tried_ms: Option<u64>,
    /// No result waits (tried, and none was left).
    results_done: bool,
}

impl Session {
    /// Keep the game if it changed and rested, and record the results
    /// kept for later if the folder is free: called on every turn of the
    /// front end's loop. `true` if the screen must change (a notice).
    pub fn keep_up(&mut self, now_ms: u64) -> bool {
        self.keep_if_due(now_ms);
        self.record_waiting(now_ms)
    }

    fn keep_if_due(&mut self, now_ms: u64) {
        let version = self.version;
        let keeping = &mut self.keeping;
        // A lesson is never kept: the autosave holds real games.
        if version == keeping.kept_version || self.game.moves_made() == 0 || self.lessons.is_some()
        {
            return;
        }
        let changed_ms = match keeping.seen {
            Some((seen, at)) if seen == version => at,
            _ => {
                keeping.seen = Some((version, now_ms));
                now_ms
            }
        };
        let kept_ms = *keeping.kept_ms.get_or_insert(now_ms);
        let rested = now_ms.saturating_sub(changed_ms) >= QUIET_MS;
        let overdue = now_ms.saturating_sub(kept_ms) >= KEEP_EVERY_MS;
        if !(rested || overdue) {
            return;
        }
        keeping.kept_version = version;
        keeping.kept_ms = Some(now_ms);
        match self.files.autosave(&self.game) {
            Ok(_) => self.keeping.failure_told = false,
            Err(error) if !self.keeping.failure_told => {
                self.keeping.failure_told = true;
                self.notices
                    .push(format!("could not keep the game as it is played: {error}"));
            }
            Err(_) => {}
        }
    }

    /// Try the results kept for later, every [`RETRY_RESULTS_MS`] until
    /// none is left.
    fn record_waiting(&mut self, now_ms: u64) -> bool {
        let keeping = &mut self.keeping;
        let due = keeping
            .results_tried_ms
            .is_none_or(|tried| now_ms.saturating_sub(tried) >= RETRY_RESULTS_MS);
        if keeping.results_done || !due || self.files.store.is_none() {
            return false;
        }
        keeping.results_tried_ms = Some(now_ms);
        match self.files.record_waiting() {
            Ok(0) => {
                self.keeping.results_done = true;
                false
            }
            Ok(n) => {
                self.keeping.results_done = true;
                let what = if n == 1 { "result" } else { "results" };
                self.tell(format!("recorded {n} {what} kept from earlier"), now_ms)
            }
            Err(_) => false,
        }
    }

    /// Record a win's `score`, telling a new best time or why it could not
    /// be recorded (then it is kept and recorded later); whether it is the
    /// best time, if recorded.
    pub(super) fn record(&mut self, score: Score, now_ms: u64) -> Option<bool> {
        let preset = score.preset.clone();
        match self.files.record(score) {
            Ok(Recorded::Now { new_best: true }) => {
                let name = preset_name(&preset);
                self.tell(format!("A new best time for {name}!"), now_ms);
                Some(true)
            }
            Ok(Recorded::Now { new_best: false }) => Some(false),
            Ok(Recorded::Later(text)) => {
                self.keeping.results_done = false;
                self.tell(text, now_ms);
                None
            }
            Err(error) => {
                self.tell(error, now_ms);
                None
            }
        }
    }

    /// A won daily recorded with its proof code, and the line saying so
    /// told: the streak it makes; nothing for a game that is no daily.
    pub(super) fn record_daily(&mut self, now_ms: u64) -> Option<u32> {
        let date = self.game.facts().daily?;
        match self
            .files
            .record_daily(&self.game, date, lightemall_store::today())
        {
            Ok((streak, line)) => {
                self.tell(line, now_ms);
                Some(streak)
            }
            Err(error) => {
                self.tell(format!("the daily could not be recorded: {error}"), now_ms);
                None
            }
        }
    }

    /// The game saved anywhere it can be, the window being gone: its
    /// autosave slot, or a rescue file of its own; the log says where.
    pub(super) fn keep_on_leaving(&mut self) {
        if self.lessons.is_some() {
            // The game after them has no move yet: nothing to keep.
            return;
        }
        if let Err(error) = self.files.autosave(&self.game) {
            self.notices.push(format!("could not autosave: {error}"));
            self.rescue();
        }
    }

    /// The game rescued to a file of its own; the log says where.
    pub(super) fn rescue(&mut self) {
        match self.files.rescue(&self.game) {
            Ok(saved) => self.notices.push(format!("the game was {saved}")),
            Err(error) => self
                .notices
                .push(format!("could not save the game anywhere: {error}")),
        }
    }
}
