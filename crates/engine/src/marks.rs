//! Edge marks: the player's notes on the edge between two tiles, `wire`
//! (they must connect) or `cut` (they must not). A mark costs no move and
//! turns no tile; the token `E x,y,D` cycles the edge from tile (x, y)
//! toward D through none, wire, cut and none again, and names the same
//! edge from either side. Marks are kept by undo, redo and saves as every
//! move is: they are in the log.

use lightemall_model::{Dir, Grid};
use std::collections::BTreeMap;

/// What the player marked on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeMark {
    /// The two tiles must connect.
    Wire,
    /// They must not.
    Cut,
}

impl EdgeMark {
    /// Its name, as `replay --json` spells it.
    pub fn name(self) -> &'static str {
        match self {
            EdgeMark::Wire => "wire",
            EdgeMark::Cut => "cut",
        }
    }
}

/// An edge, named from the side with the lower (tile, direction): the
/// same edge from either side is one key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// Row-major index of the tile it is named from.
    pub tile: usize,
    /// The direction from that tile.
    pub dir: Dir,
}

impl Edge {
    /// The edge from `tile` toward `dir`, if a tile lies that way.
    pub fn between(grid: &Grid, tile: usize, dir: Dir) -> Option<Edge> {
        let other = grid.neighbour(tile, dir)?;
        let back = grid.topology().opposite(dir);
        let (a, b) = ((tile, dir.0), (other, back.0));
        let (tile, dir) = a.min(b);
        Some(Edge {
            tile,
            dir: Dir(dir),
        })
    }
}

/// Every edge mark of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    marks: BTreeMap<Edge, EdgeMark>,
}

impl Marks {
    /// The mark of `edge`, if any.
    pub fn get(&self, edge: Edge) -> Option<EdgeMark> {
        self.marks.get(&edge).copied()
    }

    /// Every mark, edges in order.
    pub fn iter(&self) -> impl Iterator<Item = (Edge, EdgeMark)> + '_ {
        self.marks.iter().map(|(edge, mark)| (*edge, *mark))
    }

    /// How many edges are marked.
    pub fn len(&self) -> usize {
        self.marks.len()
    }

    /// Whether no edge is marked.
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// Cycle `edge` one step: none, wire, cut, none (`forward`), or back.
    pub fn cycle(&mut self, edge: Edge, forward: bool) {
        let next = match (self.get(edge), forward) {
            (None, true) | (Some(EdgeMark::Cut), false) => Some(EdgeMark::Wire),
            (Some(EdgeMark::Wire), true) | (None, false) => Some(EdgeMark::Cut),
            (Some(EdgeMark::Cut), true) | (Some(EdgeMark::Wire), false) => None,
        };
        match next {
            Some(mark) => self.marks.insert(edge, mark),
            None => self.marks.remove(&edge),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::Topology;

    fn grid(topology: Topology, wrap: bool) -> Grid {
        Grid::new(topology, 3, 2, wrap).unwrap()
    }

    #[test]
    fn an_edge_is_one_key_from_either_side() {
        for topology in Topology::ALL {
            for wrap in [false, true] {
                let Ok(grid) = Grid::new(topology, 4, 4, wrap) else {
                    continue;
                };
                for tile in 0..grid.len() {
                    for dir in topology.directions() {
                        let Some(edge) = Edge::between(&grid, tile, dir) else {
                            assert_eq!(grid.neighbour(tile, dir), None);
                            continue;
                        };
                        let other = grid.neighbour(tile, dir).unwrap();
                        let back = topology.opposite(dir);
                        assert_eq!(Edge::between(&grid, other, back), Some(edge));
                        assert!(edge.tile == tile.min(other));
                    }
                }
            }
        }
    }

    #[test]
    fn off_the_board_there_is_no_edge() {
        let square = grid(Topology::Square, false);
        let north = Topology::Square.direction_named("N").unwrap();
        assert_eq!(Edge::between(&square, 0, north), None);
        let wrapping = grid(Topology::Square, true);
        assert!(Edge::between(&wrapping, 0, north).is_some());
    }

    #[test]
    fn a_mark_cycles_none_wire_cut_and_back() {
        let edge = Edge {
            tile: 0,
            dir: Dir(1),
        };
        let mut marks = Marks::default();
        let mut seen = Vec::new();
        for _ in 0..3 {
            marks.cycle(edge, true);
            seen.push(marks.get(edge));
        }
        assert_eq!(seen, [Some(EdgeMark::Wire), Some(EdgeMark::Cut), None]);
        for expected in [Some(EdgeMark::Cut), Some(EdgeMark::Wire), None] {
            marks.cycle(edge, false);
            assert_eq!(marks.get(edge), expected);
        }
        assert!(marks.is_empty());
    }
}
