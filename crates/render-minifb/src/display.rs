//! Whether there is a display to open a window on, asked before anything
//! else so that a headless machine gets one clear line, not a panic.

/// The message for a machine with no display: what to do instead.
pub const NO_DISPLAY: &str = "no display to open the game window on (DISPLAY is not set); \
     `lightemall render -o puzzle.png` draws puzzles without one";

/// `Err` with [`NO_DISPLAY`] when no X display is named. This build talks
/// X11 only (Wayland desktops provide one through XWayland), so `DISPLAY`
/// must be set; whether it can be reached is learnt when the window opens.
pub fn check_display() -> Result<(), String> {
    check_display_in(std::env::var_os("DISPLAY").as_deref())
}

fn check_display_in(display: Option<&std::ffi::OsStr>) -> Result<(), String> {
    match display {
        Some(name) if !name.is_empty() => Ok(()),
        _ => Err(NO_DISPLAY.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn an_unset_or_empty_display_is_refused_with_the_way_out() {
        for display in [None, Some(OsStr::new(""))] {
            let message = check_display_in(display).expect_err("no display");
            assert!(message.contains("lightemall render"), "{message}");
        }
        assert_eq!(check_display_in(Some(OsStr::new(":0"))), Ok(()));
    }
}
