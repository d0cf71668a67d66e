//! Topologies: the set of directions a tile can have and where each one leads.
//!
//! Every topology-specific fact lives here, as data: direction names, the
//! neighbour offset of each direction (per row parity, for the hexagonal grid),
//! the angle a wire is drawn at, and the cell shape. Code above `model` asks a
//! [`Topology`] and never matches on a direction by name, so a new topology is
//! one new table in this file.

use crate::error::ModelError;
use crate::grids::{GridCells, Hex, Octo, Square};
use std::fmt;
use std::str::FromStr;

/// A direction, as its index in the topology's clockwise order (bit `i` of a tile mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dir(pub u8);

impl Dir {
    /// The bit of this direction in a tile mask.
    pub const fn bit(self) -> u8 {
        1 << self.0
    }
}

/// The shape of a cell, which decides how a renderer lays out the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellShape {
    /// Square cells in a plain grid.
    Square,
    /// Pointy-top hexagons, odd rows shifted right by half a cell.
    Hexagon,
}

/// One direction of a topology.
#[derive(Clone, Copy, Debug)]
pub struct DirectionSpec {
    /// Short name, as move tokens spell it (`N`, `NE`, ...).
    pub name: &'static str,
    /// Neighbour offset `(dx, dy)` from a tile on an even row.
    pub even_row: (i8, i8),
    /// Neighbour offset `(dx, dy)` from a tile on an odd row.
    pub odd_row: (i8, i8),
    /// Angle of the wire, degrees clockwise from straight up.
    pub angle_degrees: f32,
}

/// The facts of one topology.
#[derive(Debug)]
pub struct TopologySpec {
    /// Name as the CLI and puzzle IDs spell it.
    pub name: &'static str,
    /// Cell shape for layout.
    pub shape: CellShape,
    /// Directions in clockwise order; rotation moves a wire from `i` to `i + 1`.
    pub directions: &'static [DirectionSpec],
}

const fn same(name: &'static str, dx: i8, dy: i8, angle_degrees: f32) -> DirectionSpec {
    DirectionSpec {
        name,
        even_row: (dx, dy),
        odd_row: (dx, dy),
        angle_degrees,
    }
}

const fn shifted(
    name: &'static str,
    even_row: (i8, i8),
    odd_row: (i8, i8),
    angle_degrees: f32,
) -> DirectionSpec {
    DirectionSpec {
        name,
        even_row,
        odd_row,
        angle_degrees,
    }
}

static SQUARE: TopologySpec = TopologySpec {
    name: "square",
    shape: CellShape::Square,
    directions: &[
        same("N", 0, -1, 0.0),
        same("E", 1, 0, 90.0),
        same("S", 0, 1, 180.0),
        same("W", -1, 0, 270.0),
    ],
};

static OCTO: TopologySpec = TopologySpec {
    name: "octo",
    shape: CellShape::Square,
    directions: &[
        same("N", 0, -1, 0.0),
        same("NE", 1, -1, 45.0),
        same("E", 1, 0, 90.0),
        same("SE", 1, 1, 135.0),
        same("S", 0, 1, 180.0),
        same("SW", -1, 1, 225.0),
        same("W", -1, 0, 270.0),
        same("NW", -1, -1, 315.0),
    ],
};

static HEX: TopologySpec = TopologySpec {
    name: "hex",
    shape: CellShape::Hexagon,
    directions: &[
        shifted("NE", (0, -1), (1, -1), 30.0),
        shifted("E", (1, 0), (1, 0), 90.0),
        shifted("SE", (0, 1), (1, 1), 150.0),
        shifted("SW", (-1, 1), (0, 1), 210.0),
        shifted("W", (-1, 0), (-1, 0), 270.0),
        shifted("NW", (-1, -1), (0, -1), 330.0),
    ],
};

/// A topology: which directions tiles have and where they lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Topology {
    /// Four directions, N E S W.
    #[default]
    Square,
    /// Eight directions, the original LightEmAll game's "hex mode": square cells with diagonals.
    Octo,
    /// A real hexagonal grid, six directions.
    Hex,
}

impl Topology {
    /// Every topology, in the order the UI cycles through them.
    pub const ALL: [Topology; 3] = [Topology::Square, Topology::Octo, Topology::Hex];

    /// The facts of this topology.
    #[inline]
    pub fn spec(self) -> &'static TopologySpec {
        match self {
            Topology::Square => &SQUARE,
            Topology::Octo => &OCTO,
            Topology::Hex => &HEX,
        }
    }

    /// Name as the CLI and puzzle IDs spell it.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Number of directions (4, 6 or 8).
    #[inline]
    pub fn direction_count(self) -> u8 {
        self.spec().directions.len() as u8
    }

    /// The mask with every direction set.
    #[inline]
    pub fn full_mask(self) -> u8 {
        (((1u16) << self.direction_count()) - 1) as u8
    }

    /// All directions in clockwise order.
    pub fn directions(self) -> impl Iterator<Item = Dir> {
        (0..self.direction_count()).map(Dir)
    }

    /// The directions that name each edge of the grid once: the first half
    /// after direction 0 (E and S for square boards).
    pub fn forward_directions(self) -> impl Iterator<Item = Dir> {
        (1..=self.direction_count() / 2).map(Dir)
    }

    /// The direction pointing back.
    #[inline]
    pub fn opposite(self, dir: Dir) -> Dir {
        // No `%`: this is on the hot path of the solver and the generators.
        let n = self.direction_count();
        let turned = dir.0 + n / 2;
        Dir(if turned >= n { turned - n } else { turned })
    }

    /// The facts of one direction. `dir` must belong to this topology.
    #[inline]
    pub fn direction(self, dir: Dir) -> &'static DirectionSpec {
        &self.spec().directions[usize::from(dir.0) % self.spec().directions.len()]
    }

    /// The direction with this name (as move tokens spell it), if this topology has it.
    pub fn direction_named(self, name: &str) -> Option<Dir> {
        self.spec()
            .directions
            .iter()
            .position(|d| d.name.eq_ignore_ascii_case(name))
            .map(|i| Dir(i as u8))
    }

    /// How many rows the neighbour offsets take to repeat: 1 when every
    /// row has the same offsets (square, octo), 2 when odd rows differ
    /// (hex, whose odd rows are shifted). A wrapping board's height must be
    /// a multiple of it (so a row keeps its offsets across the wrap), and
    /// a view of a wrapping board moves by whole periods of rows.
    pub fn row_period(self) -> usize {
        let alike = self
            .spec()
            .directions
            .iter()
            .all(|d| d.even_row == d.odd_row);
        if alike { 1 } else { 2 }
    }

    /// The grid-neutral cells of a board of this topology, `width` by
    /// `height`: refused if it cannot wrap at this size. Sides are not
    /// bounded here (a board of one cell is a board); [`crate::Grid::new`]
    /// bounds them.
    pub fn cells(self, width: usize, height: usize, wrap: bool) -> Result<GridCells, ModelError> {
        Ok(match self {
            Topology::Square => GridCells::Square(Square::new(width, height, wrap)?),
            Topology::Octo => GridCells::Octo(Octo::new(width, height, wrap)?),
            Topology::Hex => GridCells::Hex(Hex::new(width, height, wrap)?),
        })
    }

    /// Neighbour offset `(dx, dy)` of `dir` from a tile on row `y`.
    #[inline]
    pub fn offset(self, dir: Dir, y: usize) -> (i8, i8) {
        let spec = self.direction(dir);
        if y.is_multiple_of(2) {
            spec.even_row
        } else {
            spec.odd_row
        }
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for an unknown topology name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown topology '{0}' (expected square, octo or hex)")]
pub struct UnknownTopology(pub String);

impl FromStr for Topology {
    type Err = UnknownTopology;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Topology::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownTopology(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_offsets_cancel() {
        for topology in Topology::ALL {
            for dir in topology.directions() {
                let back = topology.opposite(dir);
                for y in 0..2usize {
                    let (dx, dy) = topology.offset(dir, y);
                    let y2 = (y as i64 + i64::from(dy)).rem_euclid(2) as usize;
                    let (bx, by) = topology.offset(back, y2);
                    assert_eq!((dx + bx, dy + by), (0, 0), "{topology} {dir:?} row {y}");
                }
            }
        }
    }

    #[test]
    fn only_hex_rows_repeat_in_pairs() {
        let periods = Topology::ALL.map(Topology::row_period);
        assert_eq!(periods, [1, 1, 2]);
    }

    #[test]
    fn names_round_trip() {
        for topology in Topology::ALL {
            assert_eq!(topology.name().parse::<Topology>(), Ok(topology));
            for dir in topology.directions() {
                let name = topology.direction(dir).name;
                assert_eq!(topology.direction_named(name), Some(dir));
            }
        }
        assert!("cube".parse::<Topology>().is_err());
    }

    #[test]
    fn masks_match_the_contract() {
        assert_eq!(Topology::Square.full_mask(), 0b1111);
        assert_eq!(Topology::Hex.full_mask(), 0b11_1111);
        assert_eq!(Topology::Octo.full_mask(), 0xff);
        assert_eq!(Topology::Octo.direction_named("SW"), Some(Dir(5)));
        assert_eq!(Topology::Hex.direction_named("W"), Some(Dir(4)));
        assert_eq!(Topology::Square.direction_named("NE"), None);
    }
}
