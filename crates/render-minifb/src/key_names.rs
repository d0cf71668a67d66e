//! minifb's keys as the session's: minifb names its keys as the
//! session's `Key`s are named (`Key::named`), so no table is kept here.
//! What a key does is the session's key table (`lightemall_session::action_of`).

use lightemall_session::Key;

/// The session's key for minifb's `key`, if the game may use it.
pub fn key_of(key: minifb::Key) -> Option<Key> {
    Key::named(&format!("{key:?}"))
}

#[cfg(test)]
fn table_key_of(key: minifb::Key) -> Option<Key> {
    let key = match key {
        minifb::Key::Up => Key::Up,
        minifb::Key::Down => Key::Down,
        minifb::Key::Left => Key::Left,
        minifb::Key::Right => Key::Right,
        minifb::Key::A => Key::A,
        minifb::Key::B => Key::B,
        minifb::Key::C => Key::C,
        minifb::Key::D => Key::D,
        minifb::Key::E => Key::E,
        minifb::Key::F => Key::F,
        minifb::Key::G => Key::G,
        minifb::Key::H => Key::H,
        minifb::Key::I => Key::I,
        minifb::Key::J => Key::J,
        minifb::Key::K => Key::K,
        minifb::Key::L => Key::L,
        minifb::Key::M => Key::M,
        minifb::Key::N => Key::N,
        minifb::Key::O => Key::O,
        minifb::Key::P => Key::P,
        minifb::Key::Q => Key::Q,
        minifb::Key::R => Key::R,
        minifb::Key::S => Key::S,
        minifb::Key::T => Key::T,
        minifb::Key::U => Key::U,
        minifb::Key::V => Key::V,
        minifb::Key::W => Key::W,
        minifb::Key::X => Key::X,
        minifb::Key::Y => Key::Y,
        minifb::Key::Z => Key::Z,
        minifb::Key::F1 => Key::F1,
        minifb::Key::Slash => Key::Slash,
        minifb::Key::Escape => Key::Escape,
        minifb::Key::Tab => Key::Tab,
        minifb::Key::Space => Key::Space,
        minifb::Key::Enter => Key::Enter,
        minifb::Key::Backspace => Key::Backspace,
        minifb::Key::Equal => Key::Equal,
        minifb::Key::Minus => Key::Minus,
        minifb::Key::PageUp => Key::PageUp,
        minifb::Key::PageDown => Key::PageDown,
        minifb::Key::Home => Key::Home,
        minifb::Key::End => Key::End,
        minifb::Key::NumPadEnter => Key::NumPadEnter,
        minifb::Key::NumPadPlus => Key::NumPadPlus,
        minifb::Key::NumPadMinus => Key::NumPadMinus,
        _ => return None,
    };
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_names_and_modifiers_have_none() {
        assert_eq!(key_of(minifb::Key::Up), Some(Key::Up));
        assert_eq!(key_of(minifb::Key::Slash), Some(Key::Slash));
        assert_eq!(key_of(minifb::Key::NumPadPlus), Some(Key::NumPadPlus));
        assert_eq!(key_of(minifb::Key::LeftShift), None);
    }

    /// minifb's names are the session's for every key the game uses.
    #[test]
    fn every_key_minifb_names_is_the_sessions_of_that_name() {
        let keys = [
            minifb::Key::Up,
            minifb::Key::A,
            minifb::Key::Z,
            minifb::Key::F1,
            minifb::Key::Slash,
            minifb::Key::Escape,
            minifb::Key::Tab,
            minifb::Key::Space,
            minifb::Key::Enter,
            minifb::Key::Backspace,
            minifb::Key::Equal,
            minifb::Key::Minus,
            minifb::Key::PageUp,
            minifb::Key::End,
            minifb::Key::NumPadEnter,
            minifb::Key::NumPadMinus,
            minifb::Key::F2,
            minifb::Key::LeftCtrl,
        ];
        for key in keys {
            assert_eq!(key_of(key), table_key_of(key), "{key:?}");
        }
    }
}
