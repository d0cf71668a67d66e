//! The grid: a topology with a size and wrapping, and the neighbour relation.

use crate::error::ModelError;
use crate::grids::{GridCells, Hex, Lattice, Octo, Square};
use crate::limits::{MAX_SIDE, MIN_SIDE};
use crate::topology::{Dir, Topology};

/// The shape of a board: topology, size and wrapping. Tiles are indexed
/// row-major, `index = y * width + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    topology: Topology,
    width: usize,
    height: usize,
    wrap: bool,
}

impl Grid {
    /// A grid, refused if a side is outside `MIN_SIDE..=MAX_SIDE` or a
    /// wrapping hex board has an odd height. Nothing is allocated.
    pub fn new(
        topology: Topology,
        width: usize,
        height: usize,
        wrap: bool,
    ) -> Result<Grid, ModelError> {
        let in_range = |side: usize| (MIN_SIDE..=MAX_SIDE).contains(&side);
        if !in_range(width) || !in_range(height) {
            return Err(ModelError::SizeOutOfRange {
                width: width as u64,
                height: height as u64,
            });
        }
        if wrap && !height.is_multiple_of(topology.row_period()) {
            return Err(ModelError::OddWrappingHexHeight { height });
        }
        Ok(Grid {
            topology,
            width,
            height,
            wrap,
        })
    }

    /// The topology.
    #[inline]
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// Tiles per row.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether neighbours wrap around the edges (a torus).
    #[inline]
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// Number of tiles.
    #[inline]
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    /// Always false: a grid has at least four tiles.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Row-major index of `(x, y)`.
    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// `(x, y)` of a row-major index.
    #[inline]
    pub fn coords(&self, index: usize) -> (usize, usize) {
        (index % self.width, index / self.width)
    }

    /// The index of `(x, y)`, or an error if it is off the board.
    pub fn checked_index(&self, x: u64, y: u64) -> Result<usize, ModelError> {
        if x < self.width as u64 && y < self.height as u64 {
            Ok(self.index(x as usize, y as usize))
        } else {
            Err(ModelError::PositionOutOfRange {
                x,
                y,
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The neighbour of `(x, y)` toward `dir`, if the board has one there.
    #[inline]
    pub fn neighbour_xy(&self, x: usize, y: usize, dir: Dir) -> Option<(usize, usize)> {
        self.step(x, y, self.topology.offset(dir, y))
    }

    /// Every direction's offset by row parity: `table[y % 2][dir]`. Hot loops
    /// look offsets up here once instead of asking the topology each time.
    pub fn offset_table(&self) -> [[(i8, i8); 8]; 2] {
        let mut table = [[(0, 0); 8]; 2];
        for dir in self.topology.directions() {
            for (parity, row) in table.iter_mut().enumerate() {
                row[usize::from(dir.0)] = self.topology.offset(dir, parity);
            }
        }
        table
    }

    /// `(x, y)` moved by an offset of [`Grid::offset_table`] (each part -1, 0
    /// or 1), wrapping or not; `None` off the edge of a non-wrapping board.
    #[inline]
    pub fn step(&self, x: usize, y: usize, (dx, dy): (i8, i8)) -> Option<(usize, usize)> {
        let nx = Self::step_side(x, dx, self.width, self.wrap)?;
        let ny = Self::step_side(y, dy, self.height, self.wrap)?;
        Some((nx, ny))
    }

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

    /// The index of the neighbour of tile `index` toward `dir`, if any.
    #[inline]
    pub fn neighbour(&self, index: usize, dir: Dir) -> Option<usize> {
        let (x, y) = self.coords(index);
        self.neighbour_xy(x, y, dir).map(|(x, y)| self.index(x, y))
    }

    /// The mask of directions from tile `index` that lead to a neighbour.
    pub fn open_directions(&self, index: usize) -> u8 {
        let (x, y) = self.coords(index);
        self.topology
            .directions()
            .filter(|&d| self.neighbour_xy(x, y, d).is_some())
            .fold(0, |mask, d| mask | d.bit())
    }

    /// [`Grid::open_directions`] of every tile, row-major. Only the border of
    /// a non-wrapping board is worked out; every other tile has all directions.
    pub fn open_masks(&self) -> Vec<u8> {
        let full = self.topology.full_mask();
        let mut masks = vec![full; self.len()];
        if !self.wrap {
            let border = (0..self.width)
                .flat_map(|x| [(x, 0), (x, self.height - 1)])
                .chain((0..self.height).flat_map(|y| [(0, y), (self.width - 1, y)]));
            for (x, y) in border {
                masks[self.index(x, y)] = self.open_directions(self.index(x, y));
            }
        }
        masks
    }

    /// The grid-neutral cells of this grid (see [`crate::grids`]).
    pub fn cells(&self) -> GridCells {
        let (w, h, wrap) = (self.width, self.height, self.wrap);
        match self.topology {
            Topology::Square => GridCells::Square(Square::unchecked(w, h, wrap)),
            Topology::Octo => GridCells::Octo(Octo::unchecked(w, h, wrap)),
            Topology::Hex => GridCells::Hex(Hex::unchecked(w, h, wrap)),
        }
    }

    /// This grid as a lattice: the fast path behind [`Grid::cells`] for
    /// loops that step to neighbours by arithmetic.
    pub fn lattice(&self) -> Lattice {
        match self.cells() {
            GridCells::Square(cells) => cells.lattice,
            GridCells::Octo(cells) => cells.lattice,
            GridCells::Hex(cells) => cells.lattice,
        }
    }

    /// The size as `WxH`, with `w` appended for wrapping boards.
    pub fn size_label(&self) -> String {
        let wrap = if self.wrap { "w" } else { "" };
        format!("{}x{}{wrap}", self.width, self.height)
    }
}

/// Parse `WxH` or `WxHw` (sides as decimal digits) into width, height and wrap,
/// checking the range before anything is allocated.
pub fn parse_size(text: &str) -> Result<(usize, usize, bool), String> {
    let (body, wrap) = match text.strip_suffix('w') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let (w, h) = body
        .split_once('x')
        .ok_or_else(|| format!("size '{text}' is not of the form WxH"))?;
    let side = |s: &str| -> Result<u64, String> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("size '{text}' is not of the form WxH"));
        }
        // Saturate: a huge number is still "out of range", not a parse failure.
        Ok(s.parse::<u64>().unwrap_or(u64::MAX))
    };
    let (width, height) = (side(w)?, side(h)?);
    let in_range = |v: u64| (MIN_SIDE as u64..=MAX_SIDE as u64).contains(&v);
    if !in_range(width) || !in_range(height) {
        // The sides as typed: a number past u64 saturated above, and
        // quoting the saturated value would name a size nobody typed.
        return Err(format!(
            "board size {w}x{h} is out of range: each side must be {MIN_SIDE} to {MAX_SIDE}"
        ));
    }
    Ok((width as usize, height as usize, wrap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_bounded_before_allocation() {
        assert!(Grid::new(Topology::Square, 2, 2, false).is_ok());
        assert!(Grid::new(Topology::Square, 1000, 1000, true).is_ok());
        assert!(Grid::new(Topology::Square, 1, 5, false).is_err());
        assert!(Grid::new(Topology::Square, 1001, 5, false).is_err());
        assert_eq!(
            Grid::new(Topology::Hex, 4, 5, true),
            Err(ModelError::OddWrappingHexHeight { height: 5 })
        );
        assert!(Grid::new(Topology::Hex, 4, 5, false).is_ok());
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("10x7"), Ok((10, 7, false)));
        assert_eq!(parse_size("5x5w"), Ok((5, 5, true)));
        for bad in [
            "",
            "x",
            "10",
            "10x",
            "-3x4",
            "0x5",
            "3x 4",
            "100000x100000",
            "99999999999999999999999x2",
        ] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    /// A number past 2^64-1 was quoted saturated (`18446744073709551615x2`
    /// for `18446744073709551617x2`): the error quotes what was typed.
    #[test]
    fn a_size_out_of_range_is_quoted_as_typed() {
        for typed in [
            "18446744073709551617x2",
            "00001001x5",
            "99999999999999999999999x2w",
        ] {
            let body = typed.trim_end_matches('w');
            assert_eq!(
                parse_size(typed),
                Err(format!(
                    "board size {body} is out of range: each side must be 2 to 1000"
                )),
                "{typed}"
            );
        }
    }

    #[test]
    fn hex_neighbours_follow_the_contract() {
        let grid = Grid::new(Topology::Hex, 4, 4, false).expect("valid grid");
        let t = Topology::Hex;
        let at = |x, y, name| grid.neighbour_xy(x, y, t.direction_named(name).expect("dir"));
        assert_eq!(at(1, 2, "NE"), Some((1, 1)));
        assert_eq!(at(1, 2, "SW"), Some((0, 3)));
        assert_eq!(at(1, 1, "NE"), Some((2, 0)));
        assert_eq!(at(1, 1, "SW"), Some((1, 2)));
        assert_eq!(at(0, 0, "NW"), None);
    }

    #[test]
    fn neighbours_are_mutual() {
        for topology in Topology::ALL {
            for wrap in [false, true] {
                let grid = Grid::new(topology, 5, 4, wrap).expect("valid grid");
                for i in 0..grid.len() {
                    for d in topology.directions() {
                        if let Some(j) = grid.neighbour(i, d) {
                            assert_eq!(grid.neighbour(j, topology.opposite(d)), Some(i));
                        }
                    }
                }
            }
        }
    }
}
