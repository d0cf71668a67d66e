//! What ends the window besides the player, and how the game outlives it.
//! SIGTERM (a desktop's logout), SIGHUP (the terminal gone) and SIGINT
//! (Ctrl+C) only set a flag here ([`listen`]); the loop reads it on its
//! next turn, keeps the game as closing the window does, and ends with
//! the signal's exit code (128 + its number). A lost display cannot wait
//! for the loop (Xlib exits on the spot): the loop hands its game's save
//! here as it plays ([`LastWords::publish`]), and the hook Xlib calls
//! writes it.

use lightemall_engine::Game;
use lightemall_engine::save::SaveFile;
use lightemall_session::{Files, say};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The last signal asking to end, 0 for none.
static SIGNAL: AtomicUsize = AtomicUsize::new(0);

/// The game to save if the display is lost, and where.
static LAST_WORDS: Mutex<Option<(Files, SaveFile)>> = Mutex::new(None);

/// A log this short is handed over at every change.
const SHORT_LOG: usize = 10_000;
/// How often the game's save is handed over while it changes, past
/// [`SHORT_LOG`] moves.
const PUBLISH_EVERY: Duration = Duration::from_millis(250);

/// Have SIGTERM, SIGHUP and SIGINT end the window through its loop, and
/// a lost display save the game.
pub fn listen() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    for signal in [SIGTERM, SIGHUP, SIGINT] {
        // Not listened to: the signal ends the program as it always did.
        let _ = signal_hook::flag::register_usize(signal, &SIGNAL, signal as usize);
    }
    minifb::Window::on_display_lost(display_lost);
}

/// The signal that asked the program to end, if one did.
pub fn signalled() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => i32::try_from(signal).ok(),
    }
}

/// Xlib's hook for a lost display: the game handed over last is saved.
fn display_lost() {
    say("the display was lost");
    let words = match LAST_WORDS.try_lock() {
        Ok(mut words) => words.take(),
        Err(std::sync::TryLockError::Poisoned(words)) => words.into_inner().take(),
        Err(std::sync::TryLockError::WouldBlock) => None,
    };
    let Some((files, save)) = words else {
        return;
    };
    match files.autosave_file(&save) {
        Ok(saved) => say(&saved),
        Err(error) => {
            say(&format!("could not autosave: {error}"));
            match files.rescue_file(&save) {
                Ok(saved) => say(&format!("the game was {saved}")),
                Err(error) => say(&format!("could not save the game anywhere: {error}")),
            }
        }
    }
}

/// What the loop hands over: the version of the game it handed last.
#[derive(Debug, Default)]
pub struct LastWords {
    handed: Option<(u64, Instant)>,
}

impl LastWords {
    /// Hand over `game`'s save (of the session's `version`) if it changed
    /// since the last: at once while its log is short (a copy costs
    /// microseconds), at most every [`PUBLISH_EVERY`] once it is long.
    pub fn publish(&mut self, files: &Files, game: &Game, version: u64) {
        let due = match self.handed {
            Some((handed, _)) if handed == version => false,
            Some((_, at)) => game.history().len() < SHORT_LOG || at.elapsed() >= PUBLISH_EVERY,
            None => true,
        };
        if !due {
            return;
        }
        self.handed = Some((version, Instant::now()));
        let words = (files.clone(), game.to_save());
        if let Ok(mut last) = LAST_WORDS.lock() {
            *last = Some(words);
        }
    }
}
