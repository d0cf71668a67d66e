//! The hexagonal grid: pointy-top hexagons in rows, odd rows shifted
//! right by half a cell, six ports a cell, NE E SE SW W NW (bits 1 to 32
//! of a tile). A hexagon is one unit wide; rows are `sqrt(3) / 2` apart.
//! A board wraps only at an even height, so a row keeps its neighbours'
//! offsets across the wrap.

use super::{Lattice, Point, Port, Step, Tiling, checked_cells};
use crate::error::ModelError;

const fn step(dx: i8, dy: i8, back: u8) -> Step {
    Step { dx, dy, back }
}

/// Clockwise from NE, on even rows, each arriving at the port opposite.
static EVEN: [Step; 6] = [
    step(0, -1, 3),
    step(1, 0, 4),
    step(0, 1, 5),
    step(-1, 1, 0),
    step(-1, 0, 1),
    step(-1, -1, 2),
];
/// The same on odd rows, shifted half a cell right.
static ODD: [Step; 6] = [
    step(1, -1, 3),
    step(1, 0, 4),
    step(1, 1, 5),
    step(0, 1, 0),
    step(-1, 0, 1),
    step(0, -1, 2),
];
static ROWS: [&[Step]; 2] = [&EVEN, &ODD];

/// A hexagon's corner radius, for a hexagon one unit wide.
const RADIUS: f64 = 0.577_350_269_189_625_8;
/// The distance between the centres of two rows.
const ROW_PITCH: f64 = 1.5 * RADIUS;

/// A board of hexagons, `width` by `height`, wrapping or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hex {
    pub(crate) lattice: Lattice,
}

impl Hex {
    /// A board of `width` by `height` hexagons, refused if it wraps at an
    /// odd height.
    pub fn new(width: usize, height: usize, wrap: bool) -> Result<Hex, ModelError> {
        checked_cells(width, height)?;
        if wrap && !Hex::can_wrap(width, height) {
            return Err(ModelError::OddWrappingHexHeight { height });
        }
        Ok(Hex::unchecked(width, height, wrap))
    }

    /// A board of a size already checked (by [`crate::Grid::new`]).
    pub(crate) fn unchecked(width: usize, height: usize, wrap: bool) -> Hex {
        Hex {
            lattice: Lattice {
                width,
                height,
                wrap,
                rows: &ROWS,
            },
        }
    }

    /// Whether a board of this size can wrap: when its height is even.
    pub fn can_wrap(_width: usize, height: usize) -> bool {
        height.is_multiple_of(2)
    }

    /// The centre of the hexagon at column `x`, row `y`, on the board or off it.
    fn centre_of(x: i64, y: i64) -> Point {
        let shift = if y.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
        Point::new(x as f64 + 0.5 + shift, RADIUS + ROW_PITCH * y as f64)
    }
}

impl Tiling for Hex {
    fn cell_count(&self) -> usize {
        self.lattice.cell_count()
    }

    fn ports(&self, cell: usize) -> u8 {
        if cell < self.cell_count() { 6 } else { 0 }
    }

    #[inline]
    fn across(&self, from: Port) -> Option<Port> {
        self.lattice.across(from)
    }

    fn centre(&self, cell: usize) -> Option<Point> {
        let width = self.lattice.width;
        (cell < self.cell_count())
            .then(|| Hex::centre_of((cell % width) as i64, (cell / width) as i64))
    }

    /// Corners clockwise from the top, so side `p` (corner `p` to corner
    /// `p + 1`) is port `p`: NE first.
    fn polygon(&self, cell: usize) -> Vec<Point> {
        let Some(c) = self.centre(cell) else {
            return Vec::new();
        };
        let half = RADIUS / 2.0;
        vec![
            Point::new(c.x, c.y - RADIUS),
            Point::new(c.x + 0.5, c.y - half),
            Point::new(c.x + 0.5, c.y + half),
            Point::new(c.x, c.y + RADIUS),
            Point::new(c.x - 0.5, c.y + half),
            Point::new(c.x - 0.5, c.y - half),
        ]
    }

    fn port_point(&self, from: Port) -> Option<Point> {
        let corners = self.polygon(from.cell);
        let side = usize::from(from.port);
        let start = corners.get(side)?;
        Some(start.midpoint(corners[(side + 1) % corners.len()]))
    }

    /// The hexagon whose centre is nearest: a hexagon is the set of points
    /// nearer its centre than any other's.
    fn cell_at(&self, point: Point) -> Option<usize> {
        // Far points (and NaN) are off the board: refused before any
        // arithmetic on them could overflow.
        let (width, height) = (self.lattice.width as f64, self.lattice.height as f64);
        if !((-1.0..=width + 1.0).contains(&point.x) && (-1.0..=height + 1.0).contains(&point.y)) {
            return None;
        }
        let row = ((point.y - RADIUS) / ROW_PITCH).round() as i64;
        let distance = |x: i64, y: i64| {
            let c = Hex::centre_of(x, y);
            (c.x - point.x).powi(2) + (c.y - point.y).powi(2)
        };
        let (x, y) = (row - 1..=row + 1)
            .flat_map(|y| {
                let column = point.x.floor() as i64;
                (column - 1..=column + 1).map(move |x| (x, y))
            })
            .min_by(|&(ax, ay), &(bx, by)| distance(ax, ay).total_cmp(&distance(bx, by)))?;
        let (width, height) = (self.lattice.width as i64, self.lattice.height as i64);
        ((0..width).contains(&x) && (0..height).contains(&y)).then(|| (y * width + x) as usize)
    }

    fn lattice(&self) -> Option<Lattice> {
        Some(self.lattice)
    }
}
