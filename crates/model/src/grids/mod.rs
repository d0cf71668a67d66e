//! The grid-neutral model of a board: a set of cells, each with `k` ports
//! in clockwise order (the sides of its polygon, or for the octo grid its
//! sides and corners); port `p` of cell `c` leads to port `q` of another
//! cell, or off the board. A tile is a mask over its cell's ports, and one
//! clockwise turn moves port `p` to `p + 1 mod k` ([`turned`]).
//!
//! A grid is one file here (`square.rs`, `octo.rs`, `hex.rs`): its cells,
//! where each port leads (wrapping or not), each cell's polygon and the
//! cell under a point, and which sizes can wrap. Each fills in [`Tiling`],
//! the one seam the layers above ask; [`GridCells`] is any of them. Cells
//! are numbered row-major on the grids with rows, and port `p` of such a
//! cell is bit `p` of today's direction masks, so the masks of the tiles
//! are the same in both descriptions.
//!
//! A regular grid is also a [`Lattice`]: every cell of a row class steps
//! to its neighbours by the same offsets, so hot loops can find
//! neighbours by arithmetic instead of asking cell by cell.

mod hex;
mod octo;
mod square;

pub use hex::Hex;
pub use octo::Octo;
pub use square::Square;

use crate::error::ModelError;

/// The most ports a cell can have: a tile mask is one byte.
pub const MAX_PORTS: u8 = 8;

/// Port `port` of cell `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Port {
    /// The cell's number (row-major on grids with rows).
    pub cell: usize,
    /// The port's place in the cell's clockwise order.
    pub port: u8,
}

/// A point in board units: x to the right, y down, a square cell or a
/// hexagon's width one unit, the board's top-left corner at (0, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Across, to the right.
    pub x: f64,
    /// Down.
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// The point halfway to `other`.
    pub fn midpoint(self, other: Point) -> Point {
        Point::new((self.x + other.x) / 2.0, (self.y + other.y) / 2.0)
    }
}

/// What every layer asks of a grid on one board. A cell or port the
/// board lacks has no ports, leads nowhere and has no polygon: a question
/// about it is answered, never a panic.
pub trait Tiling {
    /// How many cells the board has.
    fn cell_count(&self) -> usize;

    /// How many ports `cell` has (0 for a cell the board lacks).
    fn ports(&self, cell: usize) -> u8;

    /// Where port `from` leads: a port of another cell (or of the same
    /// cell, across the wrap of a board one cell wide), or `None` off the
    /// board. Symmetric: `across(across(p)) == p`.
    fn across(&self, from: Port) -> Option<Port>;

    /// The centre of `cell`, where its wires meet.
    fn centre(&self, cell: usize) -> Option<Point>;

    /// The corners of `cell`'s polygon, clockwise (empty for a cell the
    /// board lacks). Polygons tile the board without overlap.
    fn polygon(&self, cell: usize) -> Vec<Point>;

    /// Where port `from`'s wire meets its cell's outline: the middle of
    /// its side, or its corner. A port and the port it leads to meet at
    /// the same point, except across the wrap of a wrapping board.
    fn port_point(&self, from: Port) -> Option<Point>;

    /// The cell whose polygon holds `point`, if any.
    fn cell_at(&self, point: Point) -> Option<usize>;

    /// The grid as a lattice, when its neighbours follow by arithmetic.
    fn lattice(&self) -> Option<Lattice>;
}

/// One port's step on a [`Lattice`]: the neighbour's offset and the port
/// it arrives at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Columns to the right (-1, 0 or 1).
    pub dx: i8,
    /// Rows down (-1, 0 or 1).
    pub dy: i8,
    /// The port of the neighbour that leads back.
    pub back: u8,
}

/// A grid of `width` by `height` cells, numbered row-major, whose port `p`
/// of a cell on row `y` leads by `rows[y % rows.len()][p]`, wrapping
/// across the edges on a wrapping board. Every cell has the same ports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lattice {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Whether steps wrap around the edges (a torus).
    pub wrap: bool,
    /// Per row class, each port's step.
    pub rows: &'static [&'static [Step]],
}

impl Lattice {
    /// How many rows the steps take to repeat.
    pub fn period(&self) -> usize {
        self.rows.len()
    }

    /// How many ports every cell has.
    pub fn ports(&self) -> u8 {
        self.rows.first().map_or(0, |row| row.len() as u8)
    }

    /// The step of port `port` from a cell on row `y`.
    #[inline]
    pub fn step(&self, y: usize, port: u8) -> Option<Step> {
        let row = self.rows.get(y % self.period().max(1))?;
        row.get(usize::from(port)).copied()
    }

    /// How many cells the lattice has.
    pub fn cell_count(&self) -> usize {
        self.width * self.height
    }

    /// Where port `from` leads, by arithmetic.
    #[inline]
    pub fn across(&self, from: Port) -> Option<Port> {
        if from.cell >= self.cell_count() {
            return None;
        }
        let (x, y) = (from.cell % self.width, from.cell / self.width);
        let step = self.step(y, from.port)?;
        let nx = step_side(x, step.dx, self.width, self.wrap)?;
        let ny = step_side(y, step.dy, self.height, self.wrap)?;
        Some(Port {
            cell: ny * self.width + nx,
            port: step.back,
        })
    }
}

/// `at` moved by `delta` (-1, 0 or 1) along a side of `len` cells.
#[inline]
fn step_side(at: usize, delta: i8, len: usize, wrap: bool) -> Option<usize> {
    match delta {
        0 => Some(at),
        d if d > 0 => match at + 1 {
            next if next < len => Some(next),
            _ if wrap => Some(0),
            _ => None,
        },
        _ => match at {
            0 if wrap => Some(len - 1),
            0 => None,
            _ => Some(at - 1),
        },
    }
}

/// `mask` over `ports` ports turned clockwise by `steps`: the wire at
/// port `p` moves to `p + steps mod ports`. Bits at or past `ports` are
/// dropped.
pub fn turned(mask: u8, ports: u8, steps: u32) -> u8 {
    let n = u32::from(ports.min(MAX_PORTS));
    if n == 0 {
        return 0;
    }
    let full = (1u32 << n) - 1;
    let mask = u32::from(mask) & full;
    let k = steps % n;
    (((mask << k) | (mask >> (n - k))) & full) as u8
}

/// The rows-and-columns size every grid file takes, checked for what no
/// grid can have: a product past the board limit's reach.
fn checked_cells(width: usize, height: usize) -> Result<usize, ModelError> {
    width
        .checked_mul(height)
        .filter(|&cells| cells <= u32::MAX as usize)
        .ok_or(ModelError::SizeOutOfRange {
            width: width as u64,
            height: height as u64,
        })
}

/// Any grid of this crate, on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridCells {
    /// Squares, four ports.
    Square(Square),
    /// Squares with their diagonals, eight ports.
    Octo(Octo),
    /// Pointy-top hexagons, odd rows shifted right, six ports.
    Hex(Hex),
}

impl GridCells {
    fn as_tiling(&self) -> &dyn Tiling {
        match self {
            GridCells::Square(grid) => grid,
            GridCells::Octo(grid) => grid,
            GridCells::Hex(grid) => grid,
        }
    }
}

impl Tiling for GridCells {
    fn cell_count(&self) -> usize {
        self.as_tiling().cell_count()
    }

    fn ports(&self, cell: usize) -> u8 {
        self.as_tiling().ports(cell)
    }

    #[inline]
    fn across(&self, from: Port) -> Option<Port> {
        match self {
            GridCells::Square(grid) => grid.across(from),
            GridCells::Octo(grid) => grid.across(from),
            GridCells::Hex(grid) => grid.across(from),
        }
    }

    fn centre(&self, cell: usize) -> Option<Point> {
        self.as_tiling().centre(cell)
    }

    fn polygon(&self, cell: usize) -> Vec<Point> {
        self.as_tiling().polygon(cell)
    }

    fn port_point(&self, from: Port) -> Option<Point> {
        self.as_tiling().port_point(from)
    }

    fn cell_at(&self, point: Point) -> Option<usize> {
        self.as_tiling().cell_at(point)
    }

    fn lattice(&self) -> Option<Lattice> {
        self.as_tiling().lattice()
    }
}

/// The square cell of column `x`, row `y` of a board of squares: its
/// corners clockwise from the top left, so side `p` runs from corner `p`
/// to corner `p + 1` (N, E, S, W).
fn unit_square(x: usize, y: usize) -> Vec<Point> {
    let (x, y) = (x as f64, y as f64);
    vec![
        Point::new(x, y),
        Point::new(x + 1.0, y),
        Point::new(x + 1.0, y + 1.0),
        Point::new(x, y + 1.0),
    ]
}

/// The square under `point` on a board of `width` by `height` unit squares.
fn square_under(point: Point, width: usize, height: usize) -> Option<usize> {
    let inside = |v: f64, len: usize| v >= 0.0 && v < len as f64;
    if !(inside(point.x, width) && inside(point.y, height)) {
        return None;
    }
    Some(point.y as usize * width + point.x as usize)
}

#[cfg(test)]
mod tests;
