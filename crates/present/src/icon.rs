//! The application icon: a small solved puzzle, every tile lit, drawn by
//! the game's own view and renderer (`Layout::icon`: the board alone,
//! little margin, wide wires). The window shows it ([`icon_argb`], for
//! X11's `_NET_WM_ICON`); the installed PNGs (`assets/icons/`) are the
//! same pixels ([`icon_png`]), and a test keeps them equal.

use lightemall_engine::Game;
use lightemall_render_png::{Rasterizer, encode_png_compact, straight_rgba};
use lightemall_view::{FrameInput, Layout, distance_word, scene_of};

use lightemall_session::InstantClock;

/// The application's ID (reverse DNS): the name of its desktop entry,
/// its AppStream component and its icon. `xtask` spells it too (it has
/// no dependencies), and its tests check the two agree.
pub const APP_ID: &str = "io.github.lightemall.LightEmAll";

/// The icon's puzzle: a 3x3 tree branching from the star in the centre, as
/// solved (a descriptive ID holds the tiles as they stand).
pub const ICON_PUZZLE: &str = "square:3x3:2e82f82b8@1,1";

/// The sizes installed (`share/icons/hicolor/NxN/apps/`).
pub const ICON_SIZES: [u32; 5] = [48, 64, 128, 256, 512];

/// The sizes the window hands the window manager (it scales the nearest).
pub const WINDOW_ICON_SIZES: [u32; 3] = [32, 48, 64];

/// The icon, `side` x `side` pixels of straight RGBA.
pub fn icon_rgba(side: u32) -> Result<Vec<u8>, String> {
    let game = Game::from_id(ICON_PUZZLE, Box::new(InstantClock::default()))
        .map_err(|e| format!("the icon's puzzle: {e}"))?;
    if !game.is_solved() {
        return Err("the icon's puzzle is not lit whole".to_string());
    }
    let board = game.board();
    let distance: Vec<u32> = game.distances().map(distance_word).collect();
    let input = FrameInput {
        distance: &distance,
        ..FrameInput::plain(board, game.state().station)
    };
    let layout = Layout::icon(board.grid(), side);
    let mut rasterizer = Rasterizer::default();
    let pixmap = rasterizer
        .paint(&scene_of(&input, &layout))
        .map_err(|e| e.to_string())?;
    Ok(straight_rgba(pixmap))
}

/// The icon as PNG bytes (compressed hard: they are committed).
pub fn icon_png(side: u32) -> Result<Vec<u8>, String> {
    let rgba = icon_rgba(side)?;
    encode_png_compact(side, side, &rgba).map_err(|e| e.to_string())
}

/// The icon at [`WINDOW_ICON_SIZES`] as X11's `_NET_WM_ICON` wants it:
/// for each size its width, its height, then its pixels as `ARGB`
/// words, one to a `long` (64 bits on x86-64).
pub fn icon_argb() -> Result<Vec<u64>, String> {
    let mut words = Vec::new();
    for side in WINDOW_ICON_SIZES {
        let rgba = icon_rgba(side)?;
        words.push(u64::from(side));
        words.push(u64::from(side));
        words.extend(rgba.chunks_exact(4).map(|p| {
            let [r, g, b, a] = [p[0], p[1], p[2], p[3]].map(u64::from);
            (a << 24) | (r << 16) | (g << 8) | b
        }));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_icon_is_square_opaque_and_lit() {
        let rgba = icon_rgba(48).expect("an icon");
        assert_eq!(rgba.len(), 48 * 48 * 4);
        let colours: std::collections::HashSet<_> = rgba.chunks_exact(4).collect();
        assert!(colours.len() > 8, "more than a flat square");
    }

    /// `assets/icons/NxN.png`, installed as the application's icon, are
    /// what the renderer draws today (`cargo xtask icons` redraws them).
    #[test]
    fn the_committed_icons_are_what_the_renderer_draws() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/icons");
        for side in ICON_SIZES {
            let path = folder.join(format!("{side}x{side}.png"));
            let bytes = std::fs::read(&path).expect("a committed icon");
            let (w, h, pixels) = lightemall_render_png::decode_png(&bytes).expect("a PNG");
            assert_eq!((w, h), (side, side), "{}", path.display());
            assert!(
                pixels == icon_rgba(side).expect("an icon"),
                "{} differs from the renderer's icon: run `cargo xtask icons`",
                path.display()
            );
        }
    }

    #[test]
    fn the_window_icon_holds_each_size_with_its_dimensions() {
        let words = icon_argb().expect("an icon");
        let mut at = 0;
        for side in WINDOW_ICON_SIZES {
            assert_eq!(words[at], u64::from(side));
            assert_eq!(words[at + 1], u64::from(side));
            at += 2 + (side * side) as usize;
        }
        assert_eq!(at, words.len());
    }
}
