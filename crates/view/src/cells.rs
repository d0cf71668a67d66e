//! The geometry of a cell shape: how large a board of them is, where a
//! cell's centre is, its outline, and which cell a point is over. The
//! layout asks these questions of the [`CellGeometry`] of its topology's
//! [`CellShape`], chosen in one place ([`geometry`]), so a new cell shape is
//! one more implementation here and nothing else in the view.

use crate::scene::Point;
use lightemall_model::{CellShape, Grid};

const SQRT_3: f32 = 1.732_050_8;

/// Where a board's cells sit: its top-left corner, a tile's width, and the
/// distance between the centres of two rows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    pub origin: Point,
    pub cell: f32,
    pub row_pitch: f32,
}

/// The questions the layout asks of a cell shape.
pub(crate) trait CellGeometry: Sync {
    /// The board's size in pixels for tiles `cell` wide.
    fn board_size(&self, grid: &Grid, cell: f32) -> (f32, f32);

    /// The distance between the centres of two rows.
    fn row_pitch(&self, cell: f32) -> f32;

    /// The centre of the cell at column `x`, row `y` (on the board or off it).
    fn centre(&self, at: Placement, x: i64, y: i64) -> Point;

    /// The corners of a cell around `centre`, shrunk by `inset` pixels.
    fn outline(&self, centre: Point, cell: f32, inset: f32) -> Vec<Point>;

    /// The cell (on the board or not) whose area holds `p`.
    fn cell_at(&self, at: Placement, grid: &Grid, p: Point) -> (i64, i64);

    /// Whether the cells fill the board's bounding rectangle exactly.
    fn fills_board(&self) -> bool;
}

/// The geometry of `shape`: the one place the view matches on it.
pub(crate) fn geometry(shape: CellShape) -> &'static dyn CellGeometry {
    match shape {
        CellShape::Square => &Squares,
        CellShape::Hexagon => &Hexagons,
    }
}

/// Square cells in a plain grid.
struct Squares;

impl CellGeometry for Squares {
    fn board_size(&self, grid: &Grid, cell: f32) -> (f32, f32) {
        let (w, h) = (grid.width() as f32, grid.height() as f32);
        (cell * w, cell * h)
    }

    fn row_pitch(&self, cell: f32) -> f32 {
        cell
    }

    fn centre(&self, at: Placement, x: i64, y: i64) -> Point {
        let (x, y) = (x as f32, y as f32);
        // Whole-pixel centres keep even-width wires crisp on odd cells too.
        Point::new(
            at.origin.x + (at.cell * (x + 0.5)).floor(),
            at.origin.y + (at.cell * (y + 0.5)).floor(),
        )
    }

    fn outline(&self, c: Point, cell: f32, inset: f32) -> Vec<Point> {
        let h = (cell / 2.0 - inset).max(0.0);
        vec![
            Point::new(c.x - h, c.y - h),
            Point::new(c.x + h, c.y - h),
            Point::new(c.x + h, c.y + h),
            Point::new(c.x - h, c.y + h),
        ]
    }

    fn cell_at(&self, at: Placement, _grid: &Grid, p: Point) -> (i64, i64) {
        let fx = (p.x - at.origin.x) / at.cell;
        let fy = (p.y - at.origin.y) / at.cell;
        (fx.floor() as i64, fy.floor() as i64)
    }

    fn fills_board(&self) -> bool {
        true
    }
}

/// Pointy-top hexagons, odd rows shifted right by half a cell.
struct Hexagons;

impl CellGeometry for Hexagons {
    fn board_size(&self, grid: &Grid, cell: f32) -> (f32, f32) {
        let (w, h) = (grid.width() as f32, grid.height() as f32);
        let s = cell / SQRT_3;
        (cell * (w + 0.5), 2.0 * s + 1.5 * s * (h - 1.0))
    }

    fn row_pitch(&self, cell: f32) -> f32 {
        1.5 * cell / SQRT_3
    }

    fn centre(&self, at: Placement, x: i64, y: i64) -> Point {
        let shift = if y.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
        let (x, y) = (x as f32, y as f32);
        let s = at.cell / SQRT_3;
        Point::new(
            at.origin.x + at.cell * (x + 0.5 + shift),
            at.origin.y + s + at.row_pitch * y,
        )
    }

    fn outline(&self, c: Point, cell: f32, inset: f32) -> Vec<Point> {
        // Circumradius, less the inset measured across the flat sides.
        let r = (cell / 2.0 - inset).max(0.0) * 2.0 / SQRT_3;
        (0..6)
            .map(|k| {
                let a = (-90.0 + 60.0 * k as f32).to_radians();
                Point::new(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect()
    }

    fn cell_at(&self, at: Placement, grid: &Grid, p: Point) -> (i64, i64) {
        let fx = (p.x - at.origin.x) / at.cell;
        let s = at.cell / SQRT_3;
        // Clamped to just around the board: a pixel a billion cells away
        // is off the board as surely, and `± 1` below cannot overflow.
        let (w, h) = (grid.width() as f32, grid.height() as f32);
        let fy = (p.y - at.origin.y - s) / at.row_pitch;
        let guess_row = fy.round().clamp(-2.0, h + 2.0) as i64;
        let mut best = (0, 0);
        let mut best_d = f32::INFINITY;
        for row in guess_row - 1..=guess_row + 1 {
            let col = (fx - 0.5 * row.rem_euclid(2) as f32).floor();
            let guess_col = col.clamp(-2.0, w + 2.0) as i64;
            for col in guess_col - 1..=guess_col + 1 {
                let c = self.centre(at, col, row);
                let d = (c.x - p.x).powi(2) + (c.y - p.y).powi(2);
                if d < best_d {
                    best_d = d;
                    best = (col, row);
                }
            }
        }
        best
    }

    fn fills_board(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::Topology;

    #[test]
    fn every_centre_is_over_its_own_cell_and_inside_the_board() {
        for topology in Topology::ALL {
            let grid = Grid::new(topology, 5, 4, false).expect("valid grid");
            let cells = geometry(topology.spec().shape);
            let cell = 24.0;
            let at = Placement {
                origin: Point::new(10.0, 20.0),
                cell,
                row_pitch: cells.row_pitch(cell),
            };
            let (w, h) = cells.board_size(&grid, cell);
            for y in 0..4 {
                for x in 0..5 {
                    let c = cells.centre(at, x, y);
                    assert_eq!(cells.cell_at(at, &grid, c), (x, y), "{topology} ({x}, {y})");
                    for corner in cells.outline(c, cell, 0.0) {
                        let inside = corner.x >= 10.0 - 0.01
                            && corner.y >= 20.0 - 0.01
                            && corner.x <= 10.0 + w + 0.01
                            && corner.y <= 20.0 + h + 0.01;
                        assert!(inside, "{topology} ({x}, {y}): {corner:?} off {w}x{h}");
                    }
                }
            }
        }
    }
}
