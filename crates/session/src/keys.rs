//! The window's keyboard (docs/contracts.md, "Keys"): which key does
//! what, for every front end. A front end names its library's keys as [`Key`]s (a
//! table of names, nothing more); a key maps to an [`Action`]; whether a
//! held key repeats is the action's.

use crate::action::{Action, Heading};

/// A key the game may use, by the name on the keycap, whatever the window
/// library calls it. `Slash` is `/` and `?`; `Equal` is `=` and `+`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
    F1,
    Slash,
    Escape,
    Tab,
    Space,
    Enter,
    Backspace,
    Equal,
    Minus,
    PageUp,
    PageDown,
    Home,
    End,
    NumPadEnter,
    NumPadPlus,
    NumPadMinus,
}

impl Key {
    /// Every key, in the order of the enum.
    pub const ALL: [Key; 46] = [
        Key::Up,
        Key::Down,
        Key::Left,
        Key::Right,
        Key::A,
        Key::B,
        Key::C,
        Key::D,
        Key::E,
        Key::F,
        Key::G,
        Key::H,
        Key::I,
        Key::J,
        Key::K,
        Key::L,
        Key::M,
        Key::N,
        Key::O,
        Key::P,
        Key::Q,
        Key::R,
        Key::S,
        Key::T,
        Key::U,
        Key::V,
        Key::W,
        Key::X,
        Key::Y,
        Key::Z,
        Key::F1,
        Key::Slash,
        Key::Escape,
        Key::Tab,
        Key::Space,
        Key::Enter,
        Key::Backspace,
        Key::Equal,
        Key::Minus,
        Key::PageUp,
        Key::PageDown,
        Key::Home,
        Key::End,
        Key::NumPadEnter,
        Key::NumPadPlus,
        Key::NumPadMinus,
    ];

    /// The key a window library names `name`, as the names of the enum
    /// spell it (`"Up"`, `"A"`, `"NumPadPlus"`): minifb's keys print as
    /// these, and a front end whose library names keys otherwise keeps a
    /// table of its own. `None` for a key the game does not use.
    pub fn named(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|key| format!("{key:?}") == name)
    }
}

/// Modifier keys held with a key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Either Shift.
    pub shift: bool,
    /// Either Ctrl.
    pub ctrl: bool,
}

/// The action of `key` pressed with `mods`, if it has one.
pub fn action_of(key: Key, mods: Modifiers) -> Option<Action> {
    if mods.ctrl {
        return ctrl_action(key, mods.shift);
    }
    if let Some(heading) = heading_of(key) {
        return Some(if mods.shift {
            Action::Shift(heading)
        } else {
            Action::Arrow(heading)
        });
    }
    plain_action(key, mods.shift)
}

/// Ctrl with a key; Shift matters only to H (Ctrl+Shift+H, solve, is
/// kept apart from the hint by it, and asks to be pressed twice).
fn ctrl_action(key: Key, shift: bool) -> Option<Action> {
    match key {
        Key::H if shift => Some(Action::Solve),
        Key::H => Some(Action::Hint),
        Key::K => Some(Action::Check),
        Key::R => Some(Action::Restart),
        Key::Z => Some(Action::Undo),
        Key::Y => Some(Action::Redo),
        Key::S => Some(Action::Save),
        Key::C => Some(Action::Copy),
        Key::D => Some(Action::Daily),
        Key::I => Some(Action::EnterId),
        Key::V => Some(Action::Paste),
        Key::T => Some(Action::Lessons),
        Key::O => Some(Action::Load),
        _ => None,
    }
}

/// Arrows and WASD move straight; Q, E, Z and C diagonally (octo mode).
fn heading_of(key: Key) -> Option<Heading> {
    let degrees = match key {
        Key::Up | Key::W => 0,
        Key::E => 45,
        Key::Right | Key::D => 90,
        Key::C => 135,
        Key::Down | Key::S => 180,
        Key::Z => 225,
        Key::Left | Key::A => 270,
        Key::Q => 315,
        _ => return None,
    };
    Some(Heading(degrees))
}

fn plain_action(key: Key, shift: bool) -> Option<Action> {
    let action = match key {
        Key::U if shift => Action::Redo,
        Key::K if shift => Action::ReturnToCheckpoint,
        Key::K => Action::Checkpoint,
        Key::Y => Action::KeepBranch,
        Key::U => Action::Undo,
        Key::R => Action::Radius,
        Key::H => Action::OctoMode,
        Key::M => Action::Fog,
        Key::T => Action::Theme,
        Key::N => Action::NewGame,
        Key::L => Action::Load,
        Key::F1 | Key::Slash => Action::Help,
        Key::B => Action::Scores,
        Key::Escape => Action::Quit,
        Key::P => Action::Pause,
        Key::J => Action::Jumble,
        Key::G => Action::GenerationDemo,
        Key::F => Action::Fit,
        Key::V => Action::GoToStar,
        Key::I => Action::GoToHint,
        Key::Tab => Action::SwitchArrows,
        Key::Space | Key::Enter | Key::NumPadEnter => Action::TurnCursor { clockwise: true },
        Key::Backspace => Action::TurnCursor { clockwise: false },
        Key::X => Action::LockCursor,
        Key::Equal | Key::NumPadPlus => Action::Zoom(1),
        Key::Minus | Key::NumPadMinus => Action::Zoom(-1),
        Key::PageUp => Action::Pan(Heading(0)),
        Key::PageDown => Action::Pan(Heading(180)),
        Key::Home => Action::Pan(Heading(270)),
        Key::End => Action::Pan(Heading(90)),
        _ => return None,
    };
    Some(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(key: Key, shift: bool, ctrl: bool, expect: Option<Action>) {
        let mods = Modifiers { shift, ctrl };
        assert_eq!(
            action_of(key, mods),
            expect,
            "{key:?} shift={shift} ctrl={ctrl}"
        );
    }

    #[test]
    fn the_keys_of_the_design() {
        check(Key::Up, false, false, Some(Action::Arrow(Heading(0))));
        check(Key::D, false, false, Some(Action::Arrow(Heading(90))));
        check(Key::S, false, false, Some(Action::Arrow(Heading(180))));
        check(Key::Q, false, false, Some(Action::Arrow(Heading(315))));
        check(Key::S, false, true, Some(Action::Save));
        check(Key::Z, false, true, Some(Action::Undo));
        check(Key::Z, false, false, Some(Action::Arrow(Heading(225))));
        check(Key::Y, false, true, Some(Action::Redo));
        check(Key::U, false, false, Some(Action::Undo));
        check(Key::U, true, false, Some(Action::Redo));
        check(Key::O, false, true, Some(Action::Load));
        check(Key::L, false, false, Some(Action::Load));
        check(Key::Slash, true, false, Some(Action::Help));
        check(Key::F1, false, false, Some(Action::Help));
        check(Key::B, false, false, Some(Action::Scores));
        check(Key::Escape, false, false, Some(Action::Quit));
        check(Key::Left, true, false, Some(Action::Shift(Heading(270))));
        check(Key::PageUp, false, false, Some(Action::Pan(Heading(0))));
        check(Key::Tab, false, false, Some(Action::SwitchArrows));
        check(
            Key::Backspace,
            false,
            false,
            Some(Action::TurnCursor { clockwise: false }),
        );
        check(Key::H, false, true, Some(Action::Hint));
        check(Key::H, true, true, Some(Action::Solve));
        check(Key::H, false, false, Some(Action::OctoMode));
        check(Key::R, false, true, Some(Action::Restart));
        check(Key::R, false, false, Some(Action::Radius));
        check(Key::Z, true, true, Some(Action::Undo));
        check(Key::K, false, false, Some(Action::Checkpoint));
        check(Key::K, true, false, Some(Action::ReturnToCheckpoint));
        check(Key::K, false, true, Some(Action::Check));
        check(Key::Y, false, false, Some(Action::KeepBranch));
        check(Key::C, false, true, Some(Action::Copy));
        check(Key::D, false, true, Some(Action::Daily));
        check(Key::T, false, true, Some(Action::Lessons));
        check(Key::T, false, false, Some(Action::Theme));
        check(Key::D, false, false, Some(Action::Arrow(Heading(90))));
    }

    /// How the help names `key` (every key has a name: the match has no
    /// catch-all, so a new key needs one).
    fn name(key: Key) -> &'static str {
        match key {
            Key::Up | Key::Down | Key::Left | Key::Right => "Arrows",
            Key::W | Key::A | Key::S | Key::D => "WASD",
            Key::Q | Key::E | Key::Z | Key::C => "Q E Z C",
            Key::B => "B",
            Key::F => "F",
            Key::G => "G",
            Key::H => "H",
            Key::I => "I",
            Key::J => "J",
            Key::K => "K",
            Key::L => "L",
            Key::M => "M",
            Key::N => "N",
            Key::O => "O",
            Key::P => "P",
            Key::R => "R",
            Key::T => "T",
            Key::U => "U",
            Key::V => "V",
            Key::X => "X",
            Key::Y => "Y",
            Key::F1 => "F1",
            Key::Slash => "?",
            Key::Escape => "Esc",
            Key::Tab => "Tab",
            Key::Space => "Space",
            Key::Enter | Key::NumPadEnter => "Enter",
            Key::Backspace => "Backspace",
            Key::Equal | Key::NumPadPlus => "+",
            Key::Minus | Key::NumPadMinus => "-",
            Key::PageUp | Key::PageDown => "PgUp/Dn",
            Key::Home | Key::End => "Home/End",
        }
    }

    #[test]
    fn every_key_the_input_knows_is_in_the_help() {
        let help: String = lightemall_view::HELP
            .iter()
            .map(|(keys, what)| format!("{keys}: {what}\n"))
            .collect();
        let held = [
            Modifiers::default(),
            Modifiers {
                shift: true,
                ctrl: false,
            },
            Modifiers {
                shift: false,
                ctrl: true,
            },
            Modifiers {
                shift: true,
                ctrl: true,
            },
        ];
        for key in Key::ALL {
            for mods in held {
                let Some(action) = action_of(key, mods) else {
                    continue;
                };
                // Shift that changes nothing (Shift+B is B) is not named.
                let unshifted = Modifiers {
                    shift: false,
                    ..mods
                };
                let shift = mods.shift && action_of(key, unshifted) != Some(action);
                let label = match (mods.ctrl, shift, action) {
                    (_, true, Action::Shift(_)) => "Shift+arrows".to_string(),
                    // With Ctrl, a key is its letter (Ctrl+S, not Ctrl+WASD).
                    (true, true, _) => format!("Ctrl+Shift+{key:?}"),
                    (true, false, _) => format!("Ctrl+{key:?}"),
                    (false, true, _) => format!("Shift+{}", name(key)),
                    (false, false, _) => name(key).to_string(),
                };
                let words = help.split(|c: char| c.is_whitespace() || matches!(c, ',' | '/' | ':'));
                let named =
                    help.contains(&label) && (label.len() > 1 || words.clone().any(|w| w == label));
                assert!(
                    named,
                    "{key:?} with {mods:?} ({action:?}) is not in the help as {label:?}:\n{help}"
                );
            }
        }
    }

    #[test]
    fn every_key_is_found_by_its_name_and_nothing_else_is() {
        for key in Key::ALL {
            assert_eq!(Key::named(&format!("{key:?}")), Some(key));
        }
        for name in ["", "up", "LeftShift", "Key0", "F2"] {
            assert_eq!(Key::named(name), None, "{name:?}");
        }
    }

    #[test]
    fn moves_repeat_when_held_and_toggles_do_not() {
        let mods = Modifiers::default();
        let repeats = |key| action_of(key, mods).is_some_and(|a| a.repeats());
        assert!(repeats(Key::Up));
        assert!(repeats(Key::Space));
        assert!(repeats(Key::U));
        let ctrl = Modifiers {
            ctrl: true,
            ..Modifiers::default()
        };
        let ctrl_shift = Modifiers {
            shift: true,
            ..ctrl
        };
        for (key, mods) in [(Key::H, ctrl), (Key::H, ctrl_shift), (Key::R, ctrl)] {
            let action = action_of(key, mods);
            assert!(action.is_some_and(|a| !a.repeats()), "{key:?} {mods:?}");
        }
        for key in [
            Key::R,
            Key::M,
            Key::T,
            Key::H,
            Key::P,
            Key::N,
            Key::Escape,
            Key::Tab,
        ] {
            assert!(!repeats(key), "{key:?}");
        }
    }
}
