//! The square grid: square cells in rows, four ports each, N E S W
//! (bits 1, 2, 4, 8 of a tile). Any size wraps.

use super::{Lattice, Point, Port, Step, Tiling, checked_cells, square_under, unit_square};
use crate::error::ModelError;

const fn step(dx: i8, dy: i8, back: u8) -> Step {
    Step { dx, dy, back }
}

/// N, E, S, W, each arriving at the port opposite.
static STEPS: [Step; 4] = [step(0, -1, 2), step(1, 0, 3), step(0, 1, 0), step(-1, 0, 1)];
static ROWS: [&[Step]; 1] = [&STEPS];

/// A board of squares, `width` by `height`, wrapping or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    pub(crate) lattice: Lattice,
}

impl Square {
    /// A board of `width` by `height` squares; every size can wrap.
    pub fn new(width: usize, height: usize, wrap: bool) -> Result<Square, ModelError> {
        checked_cells(width, height)?;
        Ok(Square::unchecked(width, height, wrap))
    }

    /// A board of a size already checked (by [`crate::Grid::new`]).
    pub(crate) fn unchecked(width: usize, height: usize, wrap: bool) -> Square {
        Square {
            lattice: Lattice {
                width,
                height,
                wrap,
                rows: &ROWS,
            },
        }
    }

    /// Whether a board of this size can wrap: always.
    pub fn can_wrap(_width: usize, _height: usize) -> bool {
        true
    }

    fn xy(&self, cell: usize) -> Option<(usize, usize)> {
        let width = self.lattice.width;
        (cell < self.lattice.cell_count()).then(|| (cell % width, cell / width))
    }
}

impl Tiling for Square {
    fn cell_count(&self) -> usize {
        self.lattice.cell_count()
    }

    fn ports(&self, cell: usize) -> u8 {
        if cell < self.cell_count() { 4 } else { 0 }
    }

    #[inline]
    fn across(&self, from: Port) -> Option<Port> {
        self.lattice.across(from)
    }

    fn centre(&self, cell: usize) -> Option<Point> {
        let (x, y) = self.xy(cell)?;
        Some(Point::new(x as f64 + 0.5, y as f64 + 0.5))
    }

    fn polygon(&self, cell: usize) -> Vec<Point> {
        self.xy(cell)
            .map_or_else(Vec::new, |(x, y)| unit_square(x, y))
    }

    fn port_point(&self, from: Port) -> Option<Point> {
        let corners = self.polygon(from.cell);
        let side = usize::from(from.port);
        let start = corners.get(side)?;
        Some(start.midpoint(corners[(side + 1) % corners.len()]))
    }

    fn cell_at(&self, point: Point) -> Option<usize> {
        square_under(point, self.lattice.width, self.lattice.height)
    }

    fn lattice(&self) -> Option<Lattice> {
        Some(self.lattice)
    }
}
