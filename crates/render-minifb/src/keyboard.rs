//! Key presses as events, in order. minifb's key levels lose a key pressed
//! and released between two updates (a quick tap, or any key while a slow
//! frame paints), so the window records every key event minifb reports
//! through its input callback, and this module turns them into presses:
//! a key going down is a press, a key reported down again while held is
//! the system's auto-repeat, and the modifiers held are those at the time.
//! The characters the keys type (as the keyboard's layout makes them, for
//! the puzzle entry) are recorded in the same order.

use lightemall_session::Modifiers;
use minifb::{InputCallback, Key};
use std::cell::RefCell;
use std::rc::Rc;

/// A key pressed, with the modifiers held at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    /// The key.
    pub key: Key,
    /// The system's auto-repeat of a held key, not a new press.
    pub repeat: bool,
    /// Shift and Ctrl as they were.
    pub mods: Modifiers,
}

/// What the keyboard did, in order: a key press, or a character typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A key went down (or repeated).
    Press(KeyPress),
    /// A character came of it.
    Char(char),
}

/// One event as minifb reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    /// The key, and down or up.
    Key(Key, bool),
    /// A character typed.
    Char(char),
}

/// Key events as minifb reported them.
type Log = Rc<RefCell<Vec<Event>>>;

/// The callback minifb calls for every key event.
struct Recorder(Log);

impl InputCallback for Recorder {
    fn add_char(&mut self, uni_char: u32) {
        if let Some(ch) = char::from_u32(uni_char) {
            self.0.borrow_mut().push(Event::Char(ch));
        }
    }

    fn set_key_state(&mut self, key: Key, state: bool) {
        self.0.borrow_mut().push(Event::Key(key, state));
    }
}

/// The keyboard: the events recorded, and the keys held.
#[derive(Debug, Default)]
pub struct Keyboard {
    log: Log,
    held: Vec<Key>,
}

impl Keyboard {
    /// Start recording the key events of `window`.
    pub fn attach(window: &mut minifb::Window) -> Keyboard {
        let keyboard = Keyboard::default();
        window.set_input_callback(Box::new(Recorder(Rc::clone(&keyboard.log))));
        keyboard
    }

    /// The presses and characters since the last call, in order.
    pub fn typed(&mut self) -> Vec<Typed> {
        let events = std::mem::take(&mut *self.log.borrow_mut());
        typed(&mut self.held, events)
    }

    /// The presses since the last call, in order (characters dropped).
    pub fn presses(&mut self) -> Vec<KeyPress> {
        let only = |t: Typed| match t {
            Typed::Press(press) => Some(press),
            Typed::Char(_) => None,
        };
        self.typed().into_iter().filter_map(only).collect()
    }

    /// Shift and Ctrl as held now.
    pub fn modifiers(&self) -> Modifiers {
        modifiers(&self.held)
    }
}

fn modifiers(held: &[Key]) -> Modifiers {
    let any = |keys: [Key; 2]| keys.iter().any(|k| held.contains(k));
    Modifiers {
        shift: any([Key::LeftShift, Key::RightShift]),
        ctrl: any([Key::LeftCtrl, Key::RightCtrl]),
    }
}

/// Replay `events` over the keys `held`: the presses they make, and the
/// characters typed among them.
fn typed(held: &mut Vec<Key>, events: Vec<Event>) -> Vec<Typed> {
    let mut out = Vec::new();
    for event in events {
        let (key, down) = match event {
            Event::Key(key, down) => (key, down),
            Event::Char(ch) => {
                out.push(Typed::Char(ch));
                continue;
            }
        };
        let was_held = held.contains(&key);
        if !down {
            held.retain(|&k| k != key);
            continue;
        }
        if !was_held {
            held.push(key);
        }
        out.push(Typed::Press(KeyPress {
            key,
            repeat: was_held,
            mods: modifiers(held),
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(key: Key, repeat: bool, shift: bool) -> Typed {
        Typed::Press(KeyPress {
            key,
            repeat,
            mods: Modifiers { shift, ctrl: false },
        })
    }

    fn presses(held: &mut Vec<Key>, events: Vec<(Key, bool)>) -> Vec<Typed> {
        let events = events.into_iter().map(|(k, d)| Event::Key(k, d)).collect();
        typed(held, events)
    }

    #[test]
    fn characters_come_in_order_with_the_presses() {
        let mut held = Vec::new();
        let events = vec![
            Event::Key(Key::A, true),
            Event::Char('a'),
            Event::Key(Key::A, false),
            Event::Key(Key::Enter, true),
        ];
        let out = typed(&mut held, events);
        assert_eq!(out[0], press(Key::A, false, false));
        assert_eq!(out[1], Typed::Char('a'));
        assert_eq!(out[2], press(Key::Enter, false, false));
    }

    #[test]
    fn a_tap_between_two_updates_is_still_a_press() {
        let mut held = Vec::new();
        let out = presses(&mut held, vec![(Key::U, true), (Key::U, false)]);
        assert_eq!(out, vec![press(Key::U, false, false)]);
        assert!(held.is_empty());
    }

    #[test]
    fn a_held_key_repeats_and_modifiers_count_as_they_were() {
        let mut held = Vec::new();
        let events = vec![
            (Key::LeftShift, true),
            (Key::U, true),
            (Key::U, true),
            (Key::LeftShift, false),
            (Key::U, true),
        ];
        let out = presses(&mut held, events);
        assert_eq!(out[1], press(Key::U, false, true));
        assert_eq!(out[2], press(Key::U, true, true));
        assert_eq!(out[3], press(Key::U, true, false));
        assert_eq!(held, vec![Key::U]);
    }
}
