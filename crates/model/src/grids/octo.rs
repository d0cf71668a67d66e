//! The octo grid: the square grid with its diagonals, eight ports a cell,
//! N NE E SE S SW W NW (bits 1 to 128 of a tile): the sides and the
//! corners of each square. Any size wraps.

use super::{Lattice, Point, Port, Step, Tiling, checked_cells, square_under, unit_square};
use crate::error::ModelError;

const fn step(dx: i8, dy: i8, back: u8) -> Step {
    Step { dx, dy, back }
}

/// Clockwise from N, each arriving at the port opposite (four ports on).
static STEPS: [Step; 8] = [
    step(0, -1, 4),
    step(1, -1, 5),
    step(1, 0, 6),
    step(1, 1, 7),
    step(0, 1, 0),
    step(-1, 1, 1),
    step(-1, 0, 2),
    step(-1, -1, 3),
];
static ROWS: [&[Step]; 1] = [&STEPS];

/// A board of squares with diagonals, `width` by `height`, wrapping or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Octo {
    pub(crate) lattice: Lattice,
}

impl Octo {
    /// A board of `width` by `height` cells; every size can wrap.
    pub fn new(width: usize, height: usize, wrap: bool) -> Result<Octo, ModelError> {
        checked_cells(width, height)?;
        Ok(Octo::unchecked(width, height, wrap))
    }

    /// A board of a size already checked (by [`crate::Grid::new`]).
    pub(crate) fn unchecked(width: usize, height: usize, wrap: bool) -> Octo {
        Octo {
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

impl Tiling for Octo {
    fn cell_count(&self) -> usize {
        self.lattice.cell_count()
    }

    fn ports(&self, cell: usize) -> u8 {
        if cell < self.cell_count() { 8 } else { 0 }
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

    /// An even port is the middle of a side (N, E, S, W), an odd one the
    /// corner between two sides (NE is the second corner clockwise from
    /// the top left).
    fn port_point(&self, from: Port) -> Option<Point> {
        let corners = self.polygon(from.cell);
        let port = usize::from(from.port);
        if corners.is_empty() || port >= 8 {
            return None;
        }
        let side = port / 2;
        Some(if port % 2 == 0 {
            corners[side].midpoint(corners[(side + 1) % 4])
        } else {
            corners[(side + 1) % 4]
        })
    }

    fn cell_at(&self, point: Point) -> Option<usize> {
        square_under(point, self.lattice.width, self.lattice.height)
    }

    fn lattice(&self) -> Option<Lattice> {
        Some(self.lattice)
    }
}
