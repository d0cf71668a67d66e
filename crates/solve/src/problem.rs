//! The fixed facts of a puzzle for the solver: each tile's distinct
//! orientations and who its neighbours are.
//!
//! Both are looked up, not stored per tile, so that a million-tile puzzle
//! costs the solver about a byte a tile here: the orientations of a tile
//! depend only on its wires (a table of the 256 wire sets), and a
//! neighbour is an index step worked out from the tile's row parity and
//! which edges it lies on (one byte a tile), so the hot loops never divide
//! for coordinates.

use lightemall_model::{Board, Dir, Tile, Topology};

/// A puzzle as the solver sees it. Never changes during a solve.
#[derive(Debug)]
pub struct Problem<'b> {
    pub board: &'b Board,
    /// Directions per tile.
    pub dirs: usize,
    /// Per wire set, its distinct orientations (the masks its rotations
    /// give, duplicates of symmetric tiles removed), `counts[mask]` of
    /// them.
    shapes: Box<[[u8; 8]; 256]>,
    counts: [u8; 256],
    /// Per tile, [`PARITY`] and the edges it lies on ([`LEFT`] ...).
    place: Vec<u8>,
    /// Per row parity and direction, the step of the index to the
    /// neighbour; and the correction where the step wraps around an edge.
    step: [[isize; 8]; 2],
    wraps: Option<Wraps>,
    /// The bit of the opposite direction, per direction.
    pub back: [u8; 8],
}

/// The row is odd.
const PARITY: u8 = 1;
/// The tile lies in the first column, the last, the first row, the last.
const LEFT: u8 = 2;
const RIGHT: u8 = 4;
const TOP: u8 = 8;
const BOTTOM: u8 = 16;

/// Per row parity and direction, the edges a step toward it crosses when
/// the tile lies on them, and the index correction for crossing each.
#[derive(Clone, Copy, Debug)]
struct Wraps {
    /// Per parity and direction: (edge flag, correction) across the side
    /// and across the top or bottom.
    across: [[[(u8, isize); 2]; 8]; 2],
}

impl<'b> Problem<'b> {
    pub fn new(board: &'b Board) -> Problem<'b> {
        let grid = board.grid();
        let topology = grid.topology();
        let (width, height) = (grid.width(), grid.height());
        let (shapes, counts) = shape_table(topology);
        let mut place = Vec::with_capacity(grid.len());
        place.extend((0..height).flat_map(|y| {
            let row = (if y % 2 == 1 { PARITY } else { 0 })
                | (if y == 0 { TOP } else { 0 })
                | (if y + 1 == height { BOTTOM } else { 0 });
            (0..width).map(move |x| {
                row | (if x == 0 { LEFT } else { 0 }) | (if x + 1 == width { RIGHT } else { 0 })
            })
        }));
        let offsets = grid.offset_table();
        let (w, len) = (width as isize, grid.len() as isize);
        let mut step = [[0isize; 8]; 2];
        let mut across = [[[(0u8, 0isize); 2]; 8]; 2];
        for parity in 0..2 {
            for d in 0..8 {
                let (dx, dy) = offsets[parity][d];
                step[parity][d] = isize::from(dy) * w + isize::from(dx);
                across[parity][d] = [
                    match dx {
                        1.. => (RIGHT, -w),
                        ..0 => (LEFT, w),
                        0 => (0, 0),
                    },
                    match dy {
                        1.. => (BOTTOM, -len),
                        ..0 => (TOP, len),
                        0 => (0, 0),
                    },
                ];
            }
        }
        let mut back = [0u8; 8];
        for dir in topology.directions() {
            back[usize::from(dir.0)] = topology.opposite(dir).bit();
        }
        Problem {
            board,
            dirs: usize::from(topology.direction_count()),
            shapes,
            counts,
            place,
            step,
            wraps: grid.wrap().then_some(Wraps { across }),
            back,
        }
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.place.len()
    }

    /// The distinct orientations of `tile` (the first
    /// [`Problem::count`] of these masks).
    #[inline]
    pub fn orientations(&self, tile: usize) -> &[u8; 8] {
        &self.shapes[usize::from(self.board.tiles()[tile].0)]
    }

    /// How many distinct orientations `tile` has.
    #[inline]
    pub fn count(&self, tile: usize) -> u8 {
        self.counts[usize::from(self.board.tiles()[tile].0)]
    }

    /// The neighbour a wire toward `dir` could reach: none off a
    /// non-wrapping board or through a barrier.
    #[inline]
    pub fn neighbour(&self, tile: usize, dir: Dir) -> Option<usize> {
        let d = usize::from(dir.0);
        if self.board.open_directions(tile) & 1 << d == 0 {
            return None;
        }
        let place = self.place[tile];
        let parity = usize::from(place & PARITY);
        let mut next = tile as isize + self.step[parity][d];
        if let Some(wraps) = &self.wraps {
            for (edge, correction) in wraps.across[parity][d] {
                if place & edge != 0 {
                    next += correction;
                }
            }
        }
        Some(next as usize)
    }

    /// The set of all orientations of a tile, as a candidate mask.
    pub fn all_candidates(&self, tile: usize) -> u8 {
        ((1u16 << self.count(tile)) - 1) as u8
    }
}

/// Per wire set of `topology`, its distinct orientations and their count.
fn shape_table(topology: Topology) -> (Box<[[u8; 8]; 256]>, [u8; 256]) {
    let mut shapes = Box::new([[0u8; 8]; 256]);
    let mut counts = [0u8; 256];
    for mask in 0..=255u8 {
        let tile = Tile(mask);
        let distinct = tile.orientation_count(topology);
        for (k, shape) in shapes[usize::from(mask)]
            .iter_mut()
            .enumerate()
            .take(distinct as usize)
        {
            *shape = tile.rotated(topology, k as u32).0;
        }
        counts[usize::from(mask)] = distinct as u8;
    }
    (shapes, counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_gen::Params;

    /// The neighbours and orientations agree with the model's own, on
    /// every topology, wrapping or not, with barriers.
    #[test]
    fn lookups_agree_with_the_model() {
        for id in [
            "square:7x5:kruskal:medium#1",
            "square:6x5w:kruskal:medium#2",
            "hex:7x6:kruskal:medium#3",
            "hex:6x6w:kruskal:medium#4",
            "octo:5x7:kruskal:medium#5",
            "octo:6x6w:kruskal:medium#6",
            "square:3x3w:kruskal:medium#7",
        ] {
            let params: Params = id.parse().expect("valid id");
            let mut board = lightemall_gen::generate(&params).expect("generates").board;
            let grid = *board.grid();
            let topology = grid.topology();
            board.add_barrier(4, topology.directions().next().expect("a direction"));
            let problem = Problem::new(&board);
            assert_eq!(problem.len(), grid.len(), "{id}");
            for tile in 0..grid.len() {
                for dir in topology.directions() {
                    let open = board.open_directions(tile) & dir.bit() != 0;
                    let expected = grid.neighbour(tile, dir).filter(|_| open);
                    assert_eq!(
                        problem.neighbour(tile, dir),
                        expected,
                        "{id} {tile} {dir:?}"
                    );
                }
                let shape = board.tiles()[tile];
                let count = shape.orientation_count(topology);
                assert_eq!(u32::from(problem.count(tile)), count, "{id} {tile}");
                for k in 0..count {
                    let mask = problem.orientations(tile)[k as usize];
                    assert_eq!(mask, shape.rotated(topology, k).0, "{id} {tile} {k}");
                }
            }
        }
    }
}
