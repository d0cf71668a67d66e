//! Where the session's board is shown in a window: fitted, or zoomed and
//! panned by the viewport, a wrapping board's tiles shifted round. The
//! session asks it to keep its pan in range; the frame asks it to lay out.

use super::Session;
use lightemall_model::Grid;
use lightemall_view::{Layout, Point};

/// How much one zoom step (a wheel notch, + or -) enlarges the tiles.
pub const ZOOM_STEP: f32 = 1.25;

impl Session {
    /// Where everything goes in a window of `width` x `height` pixels: the
    /// board fitted, or zoomed and panned by the viewport, a wrapping
    /// board's tiles shifted round.
    pub fn layout(&self, width: u32, height: u32) -> Layout {
        let grid = self.shown_grid();
        let viewport = self.viewport();
        let (dx, dy) = viewport.shift;
        if (viewport.zoom, viewport.pan) == (0, (0.0, 0.0)) {
            return Layout::fit(grid, width, height, true).shifted(dx, dy);
        }
        let cell = zoomed_cell(grid, viewport.zoom, width, height);
        let (x, y) = viewport.pan;
        Layout::zoomed(grid, width, height, cell, Point::new(x, y)).shifted(dx, dy)
    }

    /// The grid on screen: the demo's while it runs, else the game's.
    pub(crate) fn shown_grid(&self) -> &Grid {
        match self.demo() {
            Some(demo) => &demo.params.grid,
            None => self.game().board().grid(),
        }
    }
}

/// The tile width `zoom` steps from the one that fits the window.
pub(crate) fn zoomed_cell(grid: &Grid, zoom: i32, width: u32, height: u32) -> f32 {
    Layout::fit(grid, width, height, true).cell * ZOOM_STEP.powi(zoom)
}
