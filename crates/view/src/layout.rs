//! Layout: where the panel, the board and every tile go for a board size and
//! an output size, and hit testing (pixel to tile or button), shared by every
//! front end.
//!
//! Square cells sit in a plain grid; hexagonal cells are pointy-top with odd
//! rows shifted right by half a cell (the model's `CellShape`, whose
//! geometry `cells.rs` holds). Wires are
//! drawn from a tile's centre halfway to its neighbour's centre, worked out
//! from the topology's offsets, so the layout never names a direction.

use crate::cells::{CellGeometry, Placement, geometry};
use crate::input::Button;
use crate::panel;
use crate::scene::{Point, Rect};
use lightemall_model::{Dir, Grid};

/// Space around the board, in pixels.
pub const MARGIN: f32 = 16.0;
/// How much wider an icon's wires are than a game's.
const ICON_WIRE_SCALE: f32 = 1.8;
/// The smallest tile the layout makes, in pixels.
pub const MIN_CELL: f32 = 2.0;
/// The strip at the bottom of a window where its notices show, below the
/// board's margin, so a notice covers no tile.
pub const NOTICE_STRIP: f32 = 30.0;
/// A notice's height in pixels.
const NOTICE_HEIGHT: f32 = 26.0;
/// What each line of a notice after its first adds to its height: a
/// notice of [`NOTICE_LINES`] still fits the strip and the margin above it.
const NOTICE_LINE: f32 = 14.0;
/// The most lines a notice takes.
pub const NOTICE_LINES: usize = 2;
/// The widest a notice gets, in pixels (on a wide window it stays a
/// readable line in the middle).
const NOTICE_MAX_WIDTH: f32 = 720.0;
/// The space between a notice and the bottom of the output.
const NOTICE_GAP: f32 = 4.0;
/// The most a stroke and its anti-aliasing reach past the shape it is
/// drawn along (an outline's half width, a glow's soft edge), in pixels.
const STROKE_BLEED: f32 = 8.0;

/// What a pixel is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A tile, by row-major index.
    Tile(usize),
    /// A panel button.
    Button(Button),
}

/// Where everything goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Output width in pixels.
    pub width: u32,
    /// Output height in pixels.
    pub height: u32,
    /// The panel's area, if there is a panel.
    pub panel: Option<Rect>,
    /// The board's bounds.
    pub board: Rect,
    /// A tile's width in pixels.
    pub cell: f32,
    /// Vertical distance between rows of centres.
    pub row_pitch: f32,
    grid: Grid,
    /// Columns and rows the tiles of a wrapping board are shown moved by.
    shift: (usize, usize),
    /// The space kept below the board: a margin, and a window's notice
    /// strip below it.
    bottom: f32,
    /// The parts of the output drawn, if not all of it (see
    /// [`Layout::within`]).
    sight: Vec<Rect>,
    /// Wires are drawn this many times their usual width (1; more on an
    /// icon, [`Layout::icon`], so they read at 48 pixels).
    wire_scale: f32,
}

/// The geometry of the grid's cells.
fn cells(grid: &Grid) -> &'static dyn CellGeometry {
    geometry(grid.topology().spec().shape)
}

/// Board size in pixels for a tile width.
fn board_size(grid: &Grid, cell: f32) -> (f32, f32) {
    cells(grid).board_size(grid, cell)
}

fn clamp_cell(cell: f32) -> f32 {
    if cell.is_finite() {
        cell.max(MIN_CELL)
    } else {
        MIN_CELL
    }
}

fn to_px(v: f32) -> u32 {
    // `as` saturates, and NaN becomes 0.
    v.ceil() as u32
}

impl Layout {
    /// The layout for tiles `cell` pixels wide: the output grows to fit the
    /// board, and the panel if asked for. Allocates nothing, so a caller can
    /// check the size before painting.
    pub fn with_cell(grid: &Grid, cell: f32, with_panel: bool) -> Layout {
        let cell = clamp_cell(cell);
        let (bw, bh) = board_size(grid, cell);
        let panel_h = if with_panel { panel::HEIGHT } else { 0.0 };
        let min_w = if with_panel { panel::MIN_WIDTH } else { 0.0 };
        let width = (bw + 2.0 * MARGIN).max(min_w).ceil();
        let height = (bh + 2.0 * MARGIN + panel_h).ceil();
        Layout::place(grid, cell, (width, height), with_panel, MARGIN)
    }

    /// The layout that fits the board into `width` x `height` pixels (a
    /// window), tiles as large as fit, in whole pixels. With a panel (a
    /// window's), the notice strip is kept free below the board.
    pub fn fit(grid: &Grid, width: u32, height: u32, with_panel: bool) -> Layout {
        let panel_h = if with_panel { panel::HEIGHT } else { 0.0 };
        let bottom = MARGIN + if with_panel { NOTICE_STRIP } else { 0.0 };
        let avail_w = width as f32 - 2.0 * MARGIN;
        let avail_h = height as f32 - MARGIN - bottom - panel_h;
        let (unit_w, unit_h) = board_size(grid, 1.0);
        let cell = (avail_w / unit_w).min(avail_h / unit_h).floor();
        let size = (width as f32, height as f32);
        Layout::place(grid, clamp_cell(cell), size, with_panel, bottom)
    }

    /// The board centred between the panel (if any) and the space kept
    /// below it, `bottom` (a margin, and the notice strip).
    fn place(grid: &Grid, cell: f32, size: (f32, f32), with_panel: bool, bottom: f32) -> Layout {
        let (width, height) = size;
        let panel_h = if with_panel { panel::HEIGHT } else { 0.0 };
        let (bw, bh) = board_size(grid, cell);
        let x = ((width - bw) / 2.0).floor();
        let y = (panel_h + (height - panel_h - (bottom - MARGIN) - bh) / 2.0).floor();
        let row_pitch = cells(grid).row_pitch(cell);
        Layout {
            width: to_px(width),
            height: to_px(height),
            panel: with_panel.then(|| Rect::new(0.0, 0.0, width, panel_h)),
            board: Rect::new(x, y, bw, bh),
            cell,
            row_pitch,
            grid: *grid,
            shift: (0, 0),
            bottom,
            sight: Vec::new(),
            wire_scale: 1.0,
        }
    }

    /// The layout of an application icon: the board alone, as large as
    /// fits in a `side` x `side` square with a margin of a twentieth of
    /// it, and wires drawn 1.8 times as wide as in a game, so a small
    /// board still reads at 48 pixels.
    pub fn icon(grid: &Grid, side: u32) -> Layout {
        let side = side as f32;
        let margin = (side / 20.0).round();
        let (unit_w, unit_h) = board_size(grid, 1.0);
        let cell = ((side - 2.0 * margin) / unit_w.max(unit_h)).floor();
        Layout {
            wire_scale: ICON_WIRE_SCALE,
            ..Layout::place(grid, clamp_cell(cell), (side, side), false, MARGIN)
        }
    }

    /// How many times their usual width wires are drawn (see
    /// [`Layout::icon`]).
    pub fn wire_scale(&self) -> f32 {
        self.wire_scale
    }

    /// The same layout with the tiles of a wrapping board shown moved by
    /// `dx` columns and `dy` rows, wrapping round (Net's view shift), so a
    /// region across the seam can be seen whole. Rows move by whole
    /// periods of the topology (`Topology::row_period`: pairs on hex
    /// boards), so every row keeps its offset. A board that does not wrap
    /// is not moved.
    pub fn shifted(mut self, dx: usize, dy: usize) -> Layout {
        if self.grid.wrap() {
            let dy = dy - dy % self.grid.topology().row_period();
            self.shift = (dx % self.grid.width(), dy % self.grid.height());
        }
        self
    }

    /// Where tile `(x, y)` is shown: its column and row after the shift.
    fn shown(&self, x: usize, y: usize) -> (i64, i64) {
        let (w, h) = (self.grid.width(), self.grid.height());
        (
            ((x + self.shift.0) % w) as i64,
            ((y + self.shift.1) % h) as i64,
        )
    }

    /// The grid laid out.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The centre of the cell at column `x`, row `y` (which may lie off the
    /// board, for wires toward the edge).
    pub fn centre_xy(&self, x: i64, y: i64) -> Point {
        cells(&self.grid).centre(self.placement(), x, y)
    }

    /// Where the cells sit, for the cell geometry.
    fn placement(&self) -> Placement {
        Placement {
            origin: Point::new(self.board.x, self.board.y),
            cell: self.cell,
            row_pitch: self.row_pitch,
        }
    }

    /// The centre of tile `index`.
    pub fn centre(&self, index: usize) -> Point {
        let (x, y) = self.grid.coords(index);
        let (col, row) = self.shown(x, y);
        self.centre_xy(col, row)
    }

    /// From a tile's centre to the middle of its side toward `dir` (to the
    /// corner, for a diagonal): half the way to the neighbour's centre.
    pub fn wire_vector(&self, index: usize, dir: Dir) -> Point {
        let (x, y) = self.grid.coords(index);
        let (dx, dy) = self.grid.topology().offset(dir, y);
        let from = self.centre_xy(x as i64, y as i64);
        let to = self.centre_xy(x as i64 + i64::from(dx), y as i64 + i64::from(dy));
        Point::new((to.x - from.x) / 2.0, (to.y - from.y) / 2.0)
    }

    /// The outline of tile `index`, shrunk by `inset` pixels on every side.
    pub fn outline(&self, index: usize, inset: f32) -> Vec<Point> {
        cells(&self.grid).outline(self.centre(index), self.cell, inset)
    }

    /// The side of tile `index` that faces `dir`, as its two ends (where a
    /// barrier is drawn). A direction through a corner (octo's diagonals)
    /// gets a short stroke across the corner.
    pub fn side(&self, index: usize, dir: Dir) -> (Point, Point) {
        let c = self.centre(index);
        let v = self.wire_vector(index, dir);
        let mid = Point::new(c.x + v.x, c.y + v.y);
        let outline = self.outline(index, 0.0);
        let sides = outline.iter().zip(outline.iter().cycle().skip(1));
        for (&a, &b) in sides {
            let (mx, my) = ((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            if (mx - mid.x).abs() + (my - mid.y).abs() < 0.01 * self.cell {
                return (a, b);
            }
        }
        let perp = Point::new(-v.y * 0.3, v.x * 0.3);
        (
            Point::new(mid.x - perp.x, mid.y - perp.y),
            Point::new(mid.x + perp.x, mid.y + perp.y),
        )
    }

    /// Whether tile `index` lies inside the fog's ellipse of `radius` tiles
    /// around `station` (measured in columns and rows; on a wrapping board
    /// the short way round, across the edges).
    pub fn in_sight(&self, index: usize, station: usize, radius: f32) -> bool {
        if station >= self.grid.len() {
            return false;
        }
        let (a, b) = (self.centre(index), self.centre(station));
        let mut dx = (a.x - b.x) / self.cell;
        let mut dy = (a.y - b.y) / self.row_pitch;
        if self.grid.wrap() {
            dx = round_the_torus(dx, self.grid.width() as f32);
            dy = round_the_torus(dy, self.grid.height() as f32);
        }
        dx * dx + dy * dy <= radius * radius
    }

    /// Whether a wire from `index` toward `dir` crosses the seam of a
    /// wrapping board: its neighbour is shown far away, on the other side.
    pub fn crosses_seam(&self, index: usize, dir: Dir) -> bool {
        self.grid.neighbour(index, dir).is_some_and(|next| {
            let (a, b) = (self.centre(index), self.centre(next));
            (a.x - b.x).abs() > 1.5 * self.cell || (a.y - b.y).abs() > 1.5 * self.row_pitch
        })
    }

    /// The panel's buttons and where they are.
    pub fn buttons(&self) -> Vec<(Button, Rect)> {
        match self.panel {
            Some(area) => panel::button_rects(area),
            None => Vec::new(),
        }
    }

    /// Where a notice (a message for the player) shows: a strip centred
    /// along the bottom of the output, in a window's notice strip, clear
    /// of the board (the margin alone is too thin for text).
    pub fn notice_area(&self) -> Rect {
        self.notice_area_for(1)
    }

    /// [`Layout::notice_area`] of a notice of `lines` lines (one up to
    /// [`NOTICE_LINES`]): a longer one grows up into the margin below the
    /// board, and still covers no tile of a board that fits.
    pub fn notice_area_for(&self, lines: usize) -> Rect {
        let (w, h) = (self.width as f32, self.height as f32);
        let notice_w = (w - 2.0 * MARGIN).min(NOTICE_MAX_WIDTH);
        let x = ((w - notice_w) / 2.0).floor();
        let extra = lines.clamp(1, NOTICE_LINES) - 1;
        let notice_h = NOTICE_HEIGHT + NOTICE_LINE * extra as f32;
        Rect::new(x, h - notice_h - NOTICE_GAP, notice_w, notice_h)
    }

    /// The most a notice covers: the area of one of [`NOTICE_LINES`].
    pub fn notice_room(&self) -> Rect {
        self.notice_area_for(NOTICE_LINES)
    }

    /// The most a notice's drawing covers: [`Layout::notice_room`] and its
    /// box's outline round it.
    pub fn notice_reach(&self) -> Rect {
        let room = self.notice_room();
        let b = STROKE_BLEED;
        Rect::new(room.x - b, room.y - b, room.w + 2.0 * b, room.h + 2.0 * b)
    }

    /// How far from a tile's centre, in pixels, its own drawing reaches:
    /// its cell (its wires end halfway to the next centre, its marks and
    /// the star within the cell). A tile whose centre is farther than
    /// this from an area draws nothing in it ([`Layout::is_visible`]);
    /// strokes reach [`STROKE_BLEED`] further ([`Layout::reach`]).
    pub fn tile_reach(&self) -> f32 {
        self.cell
    }

    /// How far from a tile's centre, in pixels, a change to the tile can
    /// change what is drawn: its own drawing, its neighbours' over it
    /// (their wires and marks reach into it, so one cell more) and
    /// [`STROKE_BLEED`]. A front end that repaints part of its frame
    /// repaints this much round a changed tile; a band of a picture
    /// painted alone paints this much more above and below it, so that
    /// every shape that reaches the band is painted whole. Every distance
    /// a front end or renderer needs of the tiles' drawing is asked here,
    /// so a theme that draws further changes it in one place.
    pub fn reach(&self) -> f32 {
        2.0 * self.tile_reach() + STROKE_BLEED
    }

    /// What the pixel `(x, y)` is over.
    pub fn hit(&self, x: f32, y: f32) -> Option<Hit> {
        let p = Point::new(x, y);
        if let Some((button, _)) = self.buttons().into_iter().find(|(_, r)| r.contains(p)) {
            return Some(Hit::Button(button));
        }
        // A zoomed board may reach under the panel or the notice strip,
        // which cover it.
        let covers = |area: Option<Rect>| area.is_some_and(|area| area.contains(p));
        if covers(self.panel) || covers(self.notice_strip()) {
            return None;
        }
        self.tile_at(p).map(Hit::Tile)
    }

    /// A window's layout with tiles `cell` pixels wide (zoomed in or out
    /// of [`Layout::fit`]), the board centred below the panel, then moved
    /// by `pan` pixels, in whole pixels. The pan is cut to
    /// [`Layout::pan_range`], so no edge goes further in than the margin.
    pub fn zoomed(grid: &Grid, width: u32, height: u32, cell: f32, pan: Point) -> Layout {
        let mut layout = Layout::centred(grid, width, height, cell);
        let (low, high) = layout.pan_limits();
        let finite = |v: f32| if v.is_finite() { v.round() } else { 0.0 };
        layout.board.x += finite(pan.x).clamp(low.x, high.x);
        layout.board.y += finite(pan.y).clamp(low.y, high.y);
        layout
    }

    /// The smallest and largest pan of a window's board with tiles `cell`
    /// pixels wide: enough for every edge of a board larger than the
    /// window to come to the window's edge (a margin from it), between
    /// the panel and the notice strip; none for a board that fits.
    pub fn pan_range(grid: &Grid, width: u32, height: u32, cell: f32) -> (Point, Point) {
        Layout::centred(grid, width, height, cell).pan_limits()
    }

    fn centred(grid: &Grid, width: u32, height: u32, cell: f32) -> Layout {
        let size = (width as f32, height as f32);
        Layout::place(
            grid,
            clamp_cell(cell.round()),
            size,
            true,
            MARGIN + NOTICE_STRIP,
        )
    }

    /// The strip below the board where a window's notices show, if this
    /// layout keeps one (a window's, with a panel).
    pub fn notice_strip(&self) -> Option<Rect> {
        let (w, h) = (self.width as f32, self.height as f32);
        (self.panel.is_some() && self.bottom > MARGIN)
            .then(|| Rect::new(0.0, h - NOTICE_STRIP, w, NOTICE_STRIP))
    }

    /// [`Layout::pan_range`] of this layout, placed with no pan.
    fn pan_limits(&self) -> (Point, Point) {
        let top = self.panel.map_or(0.0, |panel| panel.h);
        let axis = |start: f32, board: f32, from: f32, to: f32| {
            if board + 2.0 * MARGIN <= to - from {
                return (0.0, 0.0);
            }
            let high = (from + MARGIN - start).ceil();
            let low = (to - MARGIN - board - start).floor();
            (low.min(0.0), high.max(0.0))
        };
        let (x0, x1) = axis(self.board.x, self.board.w, 0.0, self.width as f32);
        let floor = self.height as f32 - self.notice_strip().map_or(0.0, |strip| strip.h);
        let (y0, y1) = axis(self.board.y, self.board.h, top, floor);
        (Point::new(x0, y0), Point::new(x1, y1))
    }

    /// The same layout, with only the tiles that can reach `area` counted
    /// as visible: a front end that repaints part of its frame draws the
    /// Scene of this layout there (everything else in place, the tiles
    /// elsewhere left out).
    pub fn within(self, area: Rect) -> Layout {
        self.within_areas(vec![area])
    }

    /// [`Layout::within`] several areas at once: the tiles that can reach
    /// any of them (none for no area).
    pub fn within_areas(mut self, areas: Vec<Rect>) -> Layout {
        // No area at all: one that no tile reaches.
        self.sight = if areas.is_empty() {
            vec![Rect::new(-1e9, -1e9, 0.0, 0.0)]
        } else {
            areas
        };
        self
    }

    /// The areas whose tiles are drawn: [`Layout::within`]'s, or the
    /// output.
    fn sight(&self) -> Vec<Rect> {
        if self.sight.is_empty() {
            vec![Rect::new(0.0, 0.0, self.width as f32, self.height as f32)]
        } else {
            self.sight.clone()
        }
    }

    /// Whether any of tile `index` can show in the output (a zoomed board
    /// reaches past the window's edges), or in the areas of
    /// [`Layout::within`].
    pub fn is_visible(&self, index: usize) -> bool {
        let c = self.centre(index);
        let r = self.tile_reach();
        let near =
            |a: &Rect| c.x > a.x - r && c.y > a.y - r && c.x < a.x + a.w + r && c.y < a.y + a.h + r;
        if self.sight.is_empty() {
            near(&Rect::new(0.0, 0.0, self.width as f32, self.height as f32))
        } else {
            self.sight.iter().any(near)
        }
    }

    /// Every tile [`Layout::is_visible`] keeps, in row-major order, found
    /// from the rows and columns that can reach the output (or the areas
    /// of [`Layout::within`]), not by asking every tile of a large board.
    pub fn visible_tiles(&self) -> Vec<usize> {
        let areas = self.sight();
        let mut tiles = Vec::new();
        for a in &areas {
            self.tiles_near(a, &mut tiles);
        }
        if areas.len() > 1 {
            tiles.sort_unstable();
            tiles.dedup();
        }
        tiles
    }

    /// Push the tiles [`Layout::is_visible`] keeps among those whose rows
    /// and columns can reach `a`, in row-major order.
    fn tiles_near(&self, a: &Rect, tiles: &mut Vec<usize>) {
        let r = self.tile_reach();
        let (w, h) = (self.grid.width(), self.grid.height());
        // Shown columns and rows, two more each way than any centre in
        // sight can have (square centres are floored, hex rows shifted).
        let span = |from: f32, to: f32, origin: f32, pitch: f32, count: usize| {
            let lo = ((from - r - origin) / pitch).floor() - 2.0;
            let hi = ((to + r - origin) / pitch).ceil() + 2.0;
            let last = count as f32 - 1.0;
            if !(lo.is_finite() && hi.is_finite()) || hi < 0.0 || lo > last {
                return 0..0;
            }
            lo.max(0.0) as usize..hi.min(last) as usize + 1
        };
        let unshift = |shown: std::ops::Range<usize>, by: usize, count: usize| {
            let mut actual: Vec<usize> = shown.map(|s| (s + count - by) % count).collect();
            actual.sort_unstable();
            actual
        };
        let cols = span(a.x, a.x + a.w, self.board.x, self.cell, w);
        let rows = span(a.y, a.y + a.h, self.board.y, self.row_pitch, h);
        let cols = unshift(cols, self.shift.0, w);
        for y in unshift(rows, self.shift.1, h) {
            tiles.extend(
                cols.iter()
                    .map(|&x| self.grid.index(x, y))
                    .filter(|&i| self.is_visible(i)),
            );
        }
    }

    /// The tile under `p`, if any.
    pub fn tile_at(&self, p: Point) -> Option<usize> {
        if !p.x.is_finite() || !p.y.is_finite() {
            return None;
        }
        let (col, row) = self.nearest_cell(p);
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let inside = (0..w).contains(&col) && (0..h).contains(&row);
        let in_bounds = !cells(&self.grid).fills_board() || self.board.contains(p);
        if !(inside && in_bounds) {
            // Checked first: a far pixel's cell is huge, and the shift
            // below would overflow.
            return None;
        }
        // Undo the shift: the tile shown at (col, row).
        let x = (col + w - self.shift.0 as i64).rem_euclid(w.max(1));
        let y = (row + h - self.shift.1 as i64).rem_euclid(h.max(1));
        Some(self.grid.index(x as usize, y as usize))
    }

    /// The cell (on the board or not) under `p`.
    fn nearest_cell(&self, p: Point) -> (i64, i64) {
        cells(&self.grid).cell_at(self.placement(), &self.grid, p)
    }
}

/// The whole-pixel rectangle of a square cell's outline (from
/// [`Layout::outline`]), or `None` for a hexagon.
pub fn square_cell(outline: &[Point]) -> Option<Rect> {
    match outline {
        [a, _, c, _] => {
            let (x0, y0) = (a.x.round(), a.y.round());
            Some(Rect::new(x0, y0, c.x.round() - x0, c.y.round() - y0))
        }
        _ => None,
    }
}

/// The shorter of the two ways round a loop of `period` between two points
/// `d` apart.
fn round_the_torus(d: f32, period: f32) -> f32 {
    let d = d.abs() % period;
    d.min(period - d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::Topology;

    fn grid(topology: Topology, w: usize, h: usize) -> Grid {
        Grid::new(topology, w, h, false).expect("valid grid")
    }

    #[test]
    fn every_centre_hits_its_own_tile() {
        for topology in Topology::ALL {
            let g = grid(topology, 7, 5);
            let layout = Layout::with_cell(&g, 40.0, true);
            for i in 0..g.len() {
                let c = layout.centre(i);
                assert_eq!(layout.hit(c.x, c.y), Some(Hit::Tile(i)), "{topology} {i}");
                // Near the edge of the cell, still the same tile.
                let v = layout.wire_vector(i, Dir(1));
                let near = Point::new(c.x + v.x * 0.9, c.y + v.y * 0.9);
                assert_eq!(
                    layout.tile_at(near),
                    Some(i),
                    "{topology} {i} near its side"
                );
            }
        }
    }

    #[test]
    fn outside_the_board_hits_nothing() {
        for topology in Topology::ALL {
            let layout = Layout::with_cell(&grid(topology, 3, 3), 30.0, false);
            assert_eq!(layout.hit(1.0, 1.0), None);
            assert_eq!(layout.hit(-5.0, 1e9), None);
            assert_eq!(layout.hit(f32::NAN, 3.0), None);
            assert_eq!(
                layout.hit(layout.width as f32 - 1.0, layout.height as f32 - 1.0),
                None
            );
        }
    }

    #[test]
    fn hex_rows_shift_and_wires_meet_halfway() {
        let g = grid(Topology::Hex, 4, 4);
        let layout = Layout::with_cell(&g, 40.0, false);
        let (even, odd) = (layout.centre(0), layout.centre(4));
        assert!((odd.x - even.x - 20.0).abs() < 1e-3);
        for i in 0..g.len() {
            for d in g.topology().directions() {
                if let Some(j) = g.neighbour(i, d) {
                    let (a, b) = (layout.centre(i), layout.centre(j));
                    let v = layout.wire_vector(i, d);
                    assert!((a.x + v.x - (a.x + b.x) / 2.0).abs() < 1e-3);
                    assert!((a.y + v.y - (a.y + b.y) / 2.0).abs() < 1e-3);
                    // Neighbours of a hexagon are one tile width apart.
                    let dist = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
                    assert!((dist - 40.0).abs() < 1e-2, "{i} {d:?}: {dist}");
                }
            }
        }
    }

    #[test]
    fn sides_are_shared_by_neighbours() {
        for topology in Topology::ALL {
            let g = grid(topology, 4, 4);
            let layout = Layout::with_cell(&g, 30.0, false);
            let i = g.index(1, 1);
            for d in topology.directions() {
                let j = g
                    .neighbour(i, d)
                    .expect("an inner tile has every neighbour");
                let (a, b) = layout.side(i, d);
                let (c, e) = layout.side(j, topology.opposite(d));
                let same = |p: Point, q: Point| (p.x - q.x).abs() + (p.y - q.y).abs() < 1e-3;
                assert!(
                    same(a, e) && same(b, c) || same(a, c) && same(b, e),
                    "{topology} {d:?}"
                );
            }
        }
    }

    #[test]
    fn every_button_is_hit_at_its_centre() {
        let layout = Layout::with_cell(&grid(Topology::Square, 3, 3), 20.0, true);
        let buttons = layout.buttons();
        assert_eq!(buttons.len(), Button::ALL.len());
        for (button, rect) in buttons {
            let c = rect.centre();
            assert_eq!(layout.hit(c.x, c.y), Some(Hit::Button(button)));
        }
        let none = Layout::with_cell(&grid(Topology::Square, 3, 3), 20.0, false);
        assert!(none.buttons().is_empty());
    }

    #[test]
    fn fit_and_with_cell_agree() {
        for topology in Topology::ALL {
            let g = grid(topology, 9, 6);
            let a = Layout::with_cell(&g, 24.0, true);
            // A window as large as the image and the notice strip.
            let b = Layout::fit(&g, a.width, a.height + NOTICE_STRIP as u32, true);
            assert_eq!(a.cell, b.cell, "{topology}");
            assert_eq!(a.board, b.board, "{topology}");
        }
    }

    #[test]
    fn a_zoomed_board_moves_with_the_pan_and_hides_under_the_panel() {
        let g = grid(Topology::Square, 200, 200);
        let fit = Layout::fit(&g, 800, 600, true);
        let same = Layout::zoomed(&g, 800, 600, fit.cell, Point::new(0.0, 0.0));
        assert_eq!(same.board, fit.board);
        let zoomed = Layout::zoomed(&g, 800, 600, 40.0, Point::new(120.0, -30.0));
        assert_eq!(zoomed.cell, 40.0);
        let centred = Layout::zoomed(&g, 800, 600, 40.0, Point::new(0.0, 0.0));
        assert_eq!(zoomed.board.x - centred.board.x, 120.0);
        assert_eq!(zoomed.board.y - centred.board.y, -30.0);
        // The board covers the whole window, but the panel keeps its clicks.
        let (_, easy) = zoomed.buttons()[0];
        assert_eq!(
            zoomed.hit(easy.x + 2.0, easy.y + 2.0),
            Some(Hit::Button(Button::Easy))
        );
        assert_eq!(zoomed.hit(400.0, 5.0), None);
        assert!(matches!(zoomed.hit(400.0, 400.0), Some(Hit::Tile(_))));
        let visible = (0..g.len()).filter(|&i| zoomed.is_visible(i)).count();
        assert!(visible < 600, "{visible} tiles of 40 px fit in 800x600");
        assert!((0..g.len()).all(|i| fit.is_visible(i)));
    }

    #[test]
    fn visible_tiles_are_the_tiles_visible_found_by_rows_and_columns() {
        for topology in Topology::ALL {
            for wrap in [false, true] {
                let g = Grid::new(topology, 37, 28, wrap).expect("a grid");
                for (cell, pan, shift, area) in [
                    (3.0, (0.0, 0.0), (0, 0), None),
                    (40.0, (120.0, -30.0), (0, 0), None),
                    (25.0, (-900.0, 400.0), (5, 7), None),
                    (
                        31.0,
                        (10.0, 10.0),
                        (36, 28),
                        Some(Rect::new(100.0, 150.0, 90.0, 60.0)),
                    ),
                    (
                        12.0,
                        (0.0, 0.0),
                        (3, 2),
                        Some(Rect::new(-50.0, 500.0, 400.0, 900.0)),
                    ),
                    (
                        12.0,
                        (0.0, 0.0),
                        (0, 0),
                        Some(Rect::new(5000.0, 0.0, 10.0, 10.0)),
                    ),
                ] {
                    let mut layout = Layout::zoomed(&g, 800, 600, cell, Point::new(pan.0, pan.1))
                        .shifted(shift.0, shift.1);
                    if let Some(area) = area {
                        // With a second area overlapping the first.
                        let other = Rect::new(area.x + 40.0, area.y - 30.0, 200.0, 50.0);
                        layout = if cell > 20.0 {
                            layout.within_areas(vec![area, other])
                        } else {
                            layout.within(area)
                        };
                    }
                    let every: Vec<usize> =
                        (0..g.len()).filter(|&i| layout.is_visible(i)).collect();
                    assert_eq!(
                        layout.visible_tiles(),
                        every,
                        "{topology} {wrap} {cell} {area:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn fog_on_a_wrapping_board_sees_across_the_edges() {
        for topology in Topology::ALL {
            let check = |wrap: bool, shift: (usize, usize), tile: (usize, usize), seen: bool| {
                let g = Grid::new(topology, 20, 20, wrap).expect("a grid");
                let layout = Layout::with_cell(&g, 30.0, false).shifted(shift.0, shift.1);
                let station = g.index(0, 0);
                assert_eq!(
                    layout.in_sight(g.index(tile.0, tile.1), station, 8.0),
                    seen,
                    "{topology} wrap {wrap} shift {shift:?} tile {tile:?}"
                );
            };
            for shift in [(0, 0), (7, 4), (19, 18)] {
                check(true, shift, (19, 0), true);
                check(true, shift, (0, 18), true);
                check(true, shift, (18, 19), true);
                check(true, shift, (10, 0), false);
                check(true, shift, (10, 10), false);
            }
            check(false, (0, 0), (19, 0), false);
            check(false, (0, 0), (3, 3), true);
        }
    }

    #[test]
    fn only_links_across_the_edge_cross_the_seam() {
        let g = Grid::new(Topology::Square, 5, 4, true).expect("a grid");
        for shift in [(0, 0), (2, 1)] {
            let layout = Layout::with_cell(&g, 30.0, false).shifted(shift.0, shift.1);
            let crossing = |x: usize, y: usize, d: u8| layout.crosses_seam(g.index(x, y), Dir(d));
            // The column shown at the right edge reaches the one shown at
            // the left; the column shown first reaches the second.
            let shown_last = (4 + 5 - shift.0) % 5;
            let shown_first = (shown_last + 1) % 5;
            assert!(crossing(shown_last, 0, 1), "{shift:?}");
            assert!(crossing(shown_first, 0, 3), "{shift:?}");
            assert!(!crossing(shown_first, 0, 1), "{shift:?}");
        }
        let flat = Grid::new(Topology::Square, 5, 4, false).expect("a grid");
        let layout = Layout::with_cell(&flat, 30.0, false);
        assert!((0..flat.len()).all(|i| !(0..4).any(|d| layout.crosses_seam(i, Dir(d)))));
    }

    #[test]
    fn a_wrapping_board_shifts_round_and_hits_follow() {
        for topology in Topology::ALL {
            let g = Grid::new(topology, 6, 4, true).expect("a wrapping grid");
            let plain = Layout::with_cell(&g, 30.0, false);
            let moved = plain.clone().shifted(2, 3);
            for i in 0..g.len() {
                let c = moved.centre(i);
                assert_eq!(moved.tile_at(c), Some(i), "{topology} {i}");
            }
            // Tile (0, 0) now shows where tile (2, 3) showed (hex: 2 rows).
            let rows = if topology == Topology::Hex { 2 } else { 3 };
            assert_eq!(
                moved.centre(0),
                plain.centre(g.index(2, rows)),
                "{topology}"
            );
        }
        let flat = grid(Topology::Square, 6, 4);
        let still = Layout::with_cell(&flat, 30.0, false).shifted(2, 3);
        assert_eq!(
            still.centre(0),
            Layout::with_cell(&flat, 30.0, false).centre(0)
        );
    }

    #[test]
    fn the_pan_cannot_lose_the_board() {
        let g = grid(Topology::Hex, 10, 10);
        let far = Layout::zoomed(&g, 800, 600, 30.0, Point::new(1e9, -1e9));
        let centre = far.board.centre();
        assert!((0.0..=800.0).contains(&centre.x), "{centre:?}");
        assert!(
            (panel::HEIGHT - 1.0..=600.0).contains(&centre.y),
            "{centre:?}"
        );
        let nan = Layout::zoomed(&g, 800, 600, f32::NAN, Point::new(f32::NAN, 0.0));
        assert_eq!(nan.cell, MIN_CELL);
    }

    /// The board of `grid` in an 800x600 window, tiles `cell` wide, panned
    /// as far as it goes toward `pan`.
    fn panned_to(grid: &Grid, cell: f32, pan: (f32, f32)) -> Rect {
        Layout::zoomed(grid, 800, 600, cell, Point::new(pan.0, pan.1)).board
    }

    #[test]
    fn every_edge_of_a_big_board_can_reach_the_windows_edge_and_no_further() {
        for topology in Topology::ALL {
            for (w, h, cell) in [(200, 200, 40.0), (1000, 1000, 2.0), (300, 20, 7.0)] {
                let g = grid(topology, w, h);
                let what = format!("{topology} {w}x{h} at {cell}");
                let (low, high) = Layout::pan_range(&g, 800, 600, cell);
                let far = 1e9;
                let left = panned_to(&g, cell, (far, 0.0));
                assert_eq!(left.x, MARGIN, "left edge: {what}");
                assert_eq!(panned_to(&g, cell, (high.x, 0.0)), left, "{what}");
                let right = panned_to(&g, cell, (-far, 0.0));
                let gap = 800.0 - right.x - right.w;
                assert!((MARGIN..MARGIN + 1.0).contains(&gap), "right {gap}: {what}");
                assert_eq!(panned_to(&g, cell, (low.x, 0.0)), right, "{what}");
                let bottom = panned_to(&g, cell, (0.0, -far));
                let gap = 600.0 - NOTICE_STRIP - bottom.y - bottom.h;
                if bottom.h + 2.0 * MARGIN > 600.0 - NOTICE_STRIP - panel::HEIGHT {
                    let top = panned_to(&g, cell, (0.0, far));
                    assert_eq!(top.y, panel::HEIGHT + MARGIN, "top edge: {what}");
                    assert!(
                        (MARGIN..MARGIN + 1.0).contains(&gap),
                        "bottom {gap}: {what}"
                    );
                } else {
                    assert_eq!((low.y, high.y), (0.0, 0.0), "{what} fits");
                }
            }
        }
    }

    #[test]
    fn a_windows_notice_covers_no_tile() {
        for topology in Topology::ALL {
            for (w, h) in [(5, 5), (30, 12), (12, 30), (200, 200)] {
                let g = grid(topology, w, h);
                for (width, height) in [(640, 480), (420, 330), (1280, 960), (900, 400)] {
                    let fit = Layout::fit(&g, width, height, true);
                    let area = fit.notice_area();
                    let what = format!("{topology} {w}x{h} in {width}x{height}");
                    let strip = fit.notice_strip().expect("a window's strip");
                    assert!(strip.contains(Point::new(area.x, area.y)), "{what}");
                    // Two lines reach into the margin, not onto the board.
                    let two = fit.notice_room();
                    let board_end = fit.board.y + fit.board.h;
                    assert!(two.y > area.y - 15.0 && two.y + two.h == area.y + area.h);
                    if board_end <= strip.y - MARGIN + 0.01 {
                        assert!(two.y >= board_end + 1.0, "{what}: {two:?} {board_end}");
                    }
                    let c = area.centre();
                    if area.overlaps(&fit.board) {
                        // The smallest tiles overflow: the strip covers them.
                        assert_eq!(fit.hit(c.x, c.y), None, "{what}");
                    }
                    let cell = 4.0 * fit.cell;
                    let zoomed = Layout::zoomed(&g, width, height, cell, Point::new(0.0, 0.0));
                    assert_eq!(zoomed.hit(c.x, c.y), None, "{what}: the strip covers it");
                }
            }
        }
    }

    #[test]
    fn a_board_that_fits_does_not_pan() {
        let g = grid(Topology::Square, 5, 5);
        let (low, high) = Layout::pan_range(&g, 800, 600, 60.0);
        assert_eq!((low, high), (Point::new(0.0, 0.0), Point::new(0.0, 0.0)));
        let fit = Layout::fit(&g, 800, 600, true);
        assert_eq!(panned_to(&g, fit.cell, (300.0, -200.0)), fit.board);
    }

    #[test]
    fn absurd_sizes_do_not_panic() {
        let g = grid(Topology::Square, 1000, 1000);
        let huge = Layout::with_cell(&g, 1e30, true);
        assert_eq!(huge.width, u32::MAX);
        let tiny = Layout::fit(&g, 0, 0, true);
        assert_eq!(tiny.cell, MIN_CELL);
        assert_eq!(Layout::with_cell(&g, f32::NAN, false).cell, MIN_CELL);
    }
}
