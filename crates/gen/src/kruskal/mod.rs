//! Kruskal's algorithm on the grid: every edge gets a random weight, edges are
//! taken in order of weight and joined when they connect two separate trees.
//!
//! Weights are small integers (at most 201 values), so the edges are ordered
//! with a counting sort in linear time. Ties keep edge-index order (row-major,
//! then direction), which is part of the contract: it is what makes the same
//! seed give the same tree.
//!
//! Here edges are joined one by one, each a step of the live demo. Boards
//! no one watches, of any size, take the faster [`banded`] path to the same
//! tree.

mod banded;

use crate::params::Difficulty;
use crate::random::Random;
use crate::steps::{Step, StepSink};
use crate::union_find::UnionFind;
use lightemall_model::{Dir, Grid, Tile, link_tiles};

/// Marks a (tile, direction) slot whose edge leaves a non-wrapping board.
const NO_EDGE: u8 = u8::MAX;

/// An edge with its tiles: `from | to << 21 | k << 42`, direction `k + 1` from `from`.
type PackedEdge = u64;

const TILE_BITS: u32 = 21;
const _: () = assert!(lightemall_model::MAX_SIDE * lightemall_model::MAX_SIDE < 1 << TILE_BITS);

/// The solved tiles of a spanning tree built by Kruskal's algorithm.
///
/// When `steps` wants to see each edge taken in order (the live demo), the
/// edges are joined one by one; otherwise the faster banded method
/// (`kruskal/banded.rs`) builds the same tree.
pub fn kruskal<S: StepSink>(
    grid: &Grid,
    difficulty: Difficulty,
    random: &mut Random,
    steps: &mut S,
) -> Vec<Tile> {
    let weights = edge_weights(grid, difficulty, random);
    if !S::WANTS_STEPS {
        return banded::kruskal(grid, &weights);
    }
    let order = sort_by_weight(grid, &weights);
    join_in_order(grid, &order, steps)
}

/// The edge slots of a grid: slot `tile * half + k` is the edge from `tile`
/// toward forward direction `k + 1` (E and S on square boards). Neighbour
/// arithmetic for hot loops, with the offsets looked up once.
struct Slots {
    width: isize,
    height: isize,
    wrap: bool,
    half: usize,
    /// `(dx, dy)` of forward direction `k + 1`, by row parity.
    offsets: [[(isize, isize); 4]; 2],
}

impl Slots {
    fn new(grid: &Grid) -> Slots {
        let table = grid.offset_table();
        let half = usize::from(grid.topology().direction_count() / 2);
        let mut offsets = [[(0, 0); 4]; 2];
        for (parity, row) in offsets.iter_mut().enumerate() {
            for (k, slot) in row.iter_mut().enumerate().take(half) {
                let (dx, dy) = table[parity][k + 1];
                *slot = (isize::from(dx), isize::from(dy));
            }
        }
        Slots {
            width: grid.width() as isize,
            height: grid.height() as isize,
            wrap: grid.wrap(),
            half,
            offsets,
        }
    }

    /// The other end of slot `k` of `(x, y)`, if the edge exists.
    #[inline]
    fn neighbour(&self, x: usize, y: usize, k: usize) -> Option<(usize, usize)> {
        let (dx, dy) = self.offsets[y & 1][k];
        let (nx, ny) = (x as isize + dx, y as isize + dy);
        if self.wrap {
            let fold = |v: isize, len: isize| {
                if v < 0 {
                    v + len
                } else if v >= len {
                    v - len
                } else {
                    v
                }
            };
            Some((
                fold(nx, self.width) as usize,
                fold(ny, self.height) as usize,
            ))
        } else if (0..self.width).contains(&nx) && (0..self.height).contains(&ny) {
            Some((nx as usize, ny as usize))
        } else {
            None
        }
    }
}

/// Calls `visit(x, y, k, neighbour)` for every slot in edge-index order,
/// `neighbour` being `None` off a non-wrapping board.
fn for_each_slot(grid: &Grid, mut visit: impl FnMut(usize, usize, usize, Option<(usize, usize)>)) {
    let slots = Slots::new(grid);
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            for k in 0..slots.half {
                visit(x, y, k, slots.neighbour(x, y, k));
            }
        }
    }
}

/// One weight per (tile, forward direction), drawn in edge-index order, only
/// for edges that exist.
fn edge_weights(grid: &Grid, difficulty: Difficulty, random: &mut Random) -> Vec<u8> {
    let (low, high) = difficulty.weight_range();
    let slots = Slots::new(grid);
    let (width, height) = (grid.width(), grid.height());
    let mut weights = vec![NO_EDGE; grid.len() * slots.half];
    let mut chunks = weights.chunks_exact_mut(slots.half);
    for y in 0..height {
        let inner_row = grid.wrap() || (y > 0 && y + 1 < height);
        for x in 0..width {
            let Some(chunk) = chunks.next() else { break };
            // Away from the edges of the board every edge exists.
            let inner = inner_row && (grid.wrap() || (x > 0 && x + 1 < width));
            for (k, weight) in chunk.iter_mut().enumerate() {
                if inner || slots.neighbour(x, y, k).is_some() {
                    *weight = random.small_between(u16::from(low), u16::from(high)) as u8;
                }
            }
        }
    }
    weights
}

/// The edges ordered by weight, ties by index (a stable counting sort).
fn sort_by_weight(grid: &Grid, weights: &[u8]) -> Vec<PackedEdge> {
    let mut starts = [0usize; 257];
    for &w in weights {
        starts[usize::from(w) + 1] += 1;
    }
    for w in 1..257 {
        starts[w] += starts[w - 1];
    }
    let mut order: Vec<PackedEdge> = vec![0; starts[usize::from(NO_EDGE)]];
    let mut slot = 0;
    for_each_slot(grid, |x, y, k, neighbour| {
        let w = usize::from(weights[slot]);
        slot += 1;
        if let Some((nx, ny)) = neighbour {
            let (from, to) = (grid.index(x, y) as u64, grid.index(nx, ny) as u64);
            order[starts[w]] = from | to << TILE_BITS | (k as u64) << (2 * TILE_BITS);
            starts[w] += 1;
        }
    });
    order
}

/// `(from, to, dir)` of a packed edge.
#[inline]
fn unpack(edge: PackedEdge) -> (u32, u32, Dir) {
    let mask = (1 << TILE_BITS) - 1;
    (
        (edge & mask) as u32,
        (edge >> TILE_BITS & mask) as u32,
        Dir((edge >> (2 * TILE_BITS)) as u8 + 1),
    )
}

fn join_in_order<S: StepSink>(grid: &Grid, order: &[PackedEdge], steps: &mut S) -> Vec<Tile> {
    let topology = grid.topology();
    let mut tiles = vec![Tile::EMPTY; grid.len()];
    let mut sets = UnionFind::new(grid.len());
    let mut links = 0;
    for &edge in order {
        if links + 1 == grid.len() {
            break;
        }
        let (from, to, dir) = unpack(edge);
        let joined = sets.union(from, to);
        let (from, to) = (from as usize, to as usize);
        if joined {
            link_tiles(topology, &mut tiles, from, dir, to);
            links += 1;
        }
        steps.step(Step {
            processing: from,
            link: joined.then_some((from, dir)),
            frontier: &[],
        });
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Stream;
    use lightemall_model::Topology;

    #[test]
    fn counting_sort_is_stable() {
        let grid = Grid::new(Topology::Square, 3, 2, false).expect("valid grid");
        // Slots (tile, k): (0,E) (0,S) (1,E) (1,S) (2,-) (2,S) (3,E) (3,-) (4,E) (4,-) (5,-) (5,-)
        let weights = [
            3, 1, 3, 0, NO_EDGE, 1, 2, NO_EDGE, 0, NO_EDGE, NO_EDGE, NO_EDGE,
        ];
        let order: Vec<_> = sort_by_weight(&grid, &weights)
            .into_iter()
            .map(|e| {
                let (from, to, dir) = unpack(e);
                (from, to, dir.0)
            })
            .collect();
        assert_eq!(
            order,
            vec![
                (1, 4, 2),
                (4, 5, 1),
                (0, 3, 2),
                (2, 5, 2),
                (3, 4, 1),
                (0, 1, 1),
                (1, 2, 1)
            ]
        );
    }

    #[test]
    fn bands_of_any_height_build_the_same_tree() {
        for topology in Topology::ALL {
            for wrap in [false, true] {
                for seed in 0..6 {
                    let grid =
                        Grid::new(topology, 7 + seed as usize, 10, wrap).expect("valid grid");
                    let difficulty = [Difficulty::Easy, Difficulty::Hard][seed as usize % 2];
                    let weights =
                        edge_weights(&grid, difficulty, &mut Random::new(seed, Stream::Tree));
                    let order = sort_by_weight(&grid, &weights);
                    let expected = join_in_order(&grid, &order, &mut crate::steps::NoSteps);
                    for rows in 1..=11 {
                        let banded = banded::kruskal_in_bands(&grid, &weights, rows);
                        assert_eq!(
                            banded, expected,
                            "{topology} wrap {wrap} seed {seed} rows {rows}"
                        );
                    }
                }
            }
        }
    }
}
