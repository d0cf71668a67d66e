//! The puzzle entry, as Net's Game > Specific: Ctrl+I opens one line in
//! the notice strip where the player types or pastes (Ctrl+V) a puzzle
//! ID, a Net game ID or a puzzle's JSON; Enter plays it, or says what is
//! wrong with it and keeps the line to mend; Esc closes it. Ctrl+V with
//! no line open opens one with the clipboard's text in it. While the
//! line is open, keys type into it and do nothing else.

use super::{Notice, Session};
use crate::action::Action;
use crate::keys::{Key, Modifiers, action_of};
use lightemall_engine::Game;
use lightemall_gen::PuzzleSource;

/// The most characters the line holds: more than a 1000x1000 Net game ID
/// (a million hex digits and its size), so that any ID can be pasted.
const MOST_CHARS: usize = 1 << 21;

/// The most characters of the line the notice shows: its end, where the
/// player types.
const SHOWN_CHARS: usize = 60;

/// The open line: what was typed, and what was wrong with it when Enter
/// was last pressed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    text: String,
    chars: usize,
    problem: Option<String>,
    /// The front end is asked for the clipboard's text.
    paste_wanted: bool,
}

impl Entry {
    /// The notice the line shows as: its end, a cursor, and what to do.
    fn line(&self) -> String {
        let skip = self.chars.saturating_sub(SHOWN_CHARS);
        let shown: String = self.text.chars().skip(skip).collect();
        let cut = if skip > 0 { "…" } else { "" };
        let help = match &self.problem {
            Some(problem) => problem.clone(),
            None => "Enter plays it · Ctrl+V pastes · Esc closes".to_string(),
        };
        format!("Puzzle ID: {cut}{shown}_ · {help}")
    }

    fn push(&mut self, ch: char) -> bool {
        if ch.is_control() || self.chars >= MOST_CHARS {
            return false;
        }
        self.text.push(ch);
        self.chars += 1;
        self.problem = None;
        true
    }
}

impl Session {
    /// Whether the puzzle entry is open: keys go to it
    /// ([`Session::key_pressed`], [`Session::typed`]).
    pub fn is_entering(&self) -> bool {
        self.entry.is_some()
    }

    /// Ctrl+I (or Ctrl+V, `paste`): open the entry, asked first in a game
    /// in progress, as N is.
    pub(super) fn open_entry(&mut self, action: Action, paste: bool, now_ms: u64) -> bool {
        let again = if paste {
            "Ctrl+V again"
        } else {
            "Ctrl+I again"
        };
        if self.asks_first(action, again, "opens a puzzle by its ID", now_ms) {
            return true;
        }
        self.entry = Some(Entry {
            paste_wanted: paste,
            ..Entry::default()
        });
        self.show_entry(now_ms)
    }

    /// A key pressed while the entry is open: Enter plays what it holds,
    /// Esc closes it, Backspace takes a character back, Ctrl+V pastes.
    /// `true` if the screen must change.
    pub(super) fn entry_key(&mut self, key: Key, mods: Modifiers, now_ms: u64) -> bool {
        let Some(entry) = self.entry.as_mut() else {
            return false;
        };
        match key {
            Key::Enter | Key::NumPadEnter => return self.play_entry(now_ms),
            Key::Escape => return self.close_entry(),
            Key::Backspace => {
                if entry.text.pop().is_some() {
                    entry.chars -= 1;
                    entry.problem = None;
                }
            }
            _ if action_of(key, mods) == Some(Action::Paste) => entry.paste_wanted = true,
            _ => return false,
        }
        self.show_entry(now_ms)
    }

    /// A character typed (as the keyboard's layout makes it); `true` if
    /// the entry took it.
    pub fn typed(&mut self, ch: char, now_ms: u64) -> bool {
        let took = self.entry.as_mut().is_some_and(|entry| entry.push(ch));
        took && self.show_entry(now_ms)
    }

    /// Whether the entry asks for the clipboard's text: the front end
    /// then answers with [`Session::pasted`]. Asked once.
    pub fn take_paste_request(&mut self) -> bool {
        self.entry
            .as_mut()
            .is_some_and(|entry| std::mem::take(&mut entry.paste_wanted))
    }

    /// The clipboard's text (its first line, trimmed), or why there is
    /// none, for the entry.
    pub fn pasted(&mut self, text: Result<String, String>, now_ms: u64) -> bool {
        let Some(entry) = self.entry.as_mut() else {
            return false;
        };
        match text {
            Ok(text) => {
                let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                line.trim().chars().for_each(|ch| {
                    entry.push(ch);
                });
            }
            Err(why) => entry.problem = Some(format!("nothing to paste: {why}")),
        }
        self.show_entry(now_ms)
    }

    /// Enter: play the line's puzzle, or say what is wrong with it.
    fn play_entry(&mut self, now_ms: u64) -> bool {
        let Some(entry) = self.entry.as_mut() else {
            return false;
        };
        let text = entry.text.trim().to_string();
        let game = match PuzzleSource::parse(&text) {
            _ if text.is_empty() => Err("type or paste a puzzle ID first".to_string()),
            Ok(source) => Game::to_play(source, (self.fresh.clock)())
                .map_err(|error| format!("cannot play it: {error}")),
            Err(error) => Err(format!("not a puzzle: {error}")),
        };
        match game {
            Ok(game) => {
                self.close_entry();
                self.replace(game, now_ms);
            }
            Err(problem) => {
                if let Some(entry) = self.entry.as_mut() {
                    entry.problem = Some(problem);
                }
                self.show_entry(now_ms);
            }
        }
        true
    }

    /// Close the entry, and its line with it; `true` if it was open.
    pub(super) fn close_entry(&mut self) -> bool {
        let open = self.entry.take().is_some();
        if open {
            self.notice = None;
        }
        open
    }

    /// The entry's line as the notice, shown while the entry is open.
    fn show_entry(&mut self, now_ms: u64) -> bool {
        if let Some(entry) = &self.entry {
            self.notice = Some(Notice {
                text: entry.line(),
                since_ms: now_ms,
            });
        }
        true
    }
}
