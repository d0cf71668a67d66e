//! Where the player looks on a board larger than the window: the view
//! centred on a tile (the star, a hint's tile), the whole board fitted,
//! and a hint's tile brought into view when it is off screen.

use super::Session;
use super::viewport::zoomed_cell;
use lightemall_view::{Layout, Point};

/// What F, V and I say when there is nothing to go to.
pub const NO_HINT_TO_GO_TO: &str = "no hint to go to: Ctrl+H asks for one";

impl Session {
    /// Centre the view on `tile` at the zoom shown, as far as the pan goes
    /// (a board that fits is not moved); `true` if the view moved.
    pub(super) fn centre_on(&mut self, tile: usize) -> bool {
        let Some((width, height)) = self.window else {
            return false;
        };
        let before = self.viewport.pan;
        let grid = *self.game.board().grid();
        let cell = zoomed_cell(&grid, self.viewport.zoom, width, height);
        let (dx, dy) = self.viewport.shift;
        let centred =
            Layout::zoomed(&grid, width, height, cell, Point::new(0.0, 0.0)).shifted(dx, dy);
        let at = centred.centre(tile);
        let top = centred.panel.map_or(0.0, |panel| panel.h);
        let middle = Point::new(width as f32 / 2.0, (top + height as f32) / 2.0);
        self.viewport.pan = ((middle.x - at.x).round(), (middle.y - at.y).round());
        self.clamp_pan();
        self.viewport.pan != before
    }

    /// F: the whole board in the window (the zoom and pan of a new game
    /// that fits).
    pub(super) fn fit(&mut self) -> bool {
        let before = (self.viewport.zoom, self.viewport.pan);
        self.viewport.zoom = 0;
        self.viewport.pan = (0.0, 0.0);
        before != (0, (0.0, 0.0))
    }

    /// I: centre the view on the latest hint's tile, while it is marked.
    pub(super) fn go_to_hint(&mut self, now_ms: u64) -> bool {
        match self.hint_mark(now_ms) {
            Some(mark) => self.centre_on(mark.tile),
            None => self.tell(NO_HINT_TO_GO_TO.to_string(), now_ms),
        }
    }

    /// Bring `tile` into view if it is not (a hint's tile, far off on a
    /// big board): the view centred on it. `true` if the view moved.
    pub(super) fn bring_into_view(&mut self, tile: usize) -> bool {
        let Some((width, height)) = self.window else {
            return false;
        };
        let layout = self.layout(width, height);
        let at = layout.centre(tile);
        let top = layout.panel.map_or(0.0, |panel| panel.y + panel.h);
        let bottom = layout.notice_room().y;
        let seen = (0.0..=width as f32).contains(&at.x) && (top..=bottom).contains(&at.y);
        !seen && self.centre_on(tile)
    }
}
