//! Kruskal's algorithm on the grid: every edge gets a random weight, edges are
//! taken in order of weight and joined when they connect two separate trees.
//!
//! Weights are small integers (at most 201 values), so the edges are ordered
//! with a counting sort in linear time. Ties keep edge-index order (row-major,
//! then direction), which is part of the contract: it is what makes the same
//! seed give the same tree.
//!
//! For speed on large boards: weights are one byte per edge; the sort writes
//! each edge with both of its tiles already computed (no division or
//! neighbour lookup while joining); and the union-find lookups of a batch of
//! edges are started together, so their cache misses overlap.

use crate::params::Difficulty;
use crate::random::Random;
use crate::steps::{Step, StepSink};
use crate::union_find::UnionFind;
use lightemall_model::{Dir, Grid, Tile};

/// Marks a (tile, direction) slot whose edge leaves a non-wrapping board.
const NO_EDGE: u8 = u8::MAX;

/// An edge with its tiles: `from | to << 21 | k << 42`, direction `k + 1` from `from`.
type PackedEdge = u64;

const TILE_BITS: u32 = 21;
const _: () = assert!(lightemall_model::MAX_SIDE * lightemall_model::MAX_SIDE < 1 << TILE_BITS);

/// How many edges have their lookups started together.
const BATCH: usize = 16;

/// The solved tiles of a spanning tree built by Kruskal's algorithm.
pub fn kruskal<S: StepSink>(
    grid: &Grid,
    difficulty: Difficulty,
    random: &mut Random,
    steps: &mut S,
) -> Vec<Tile> {
    let weights = edge_weights(grid, difficulty, random);
    let order = sort_by_weight(grid, &weights);
    join_in_order(grid, &order, steps)
}

/// Calls `visit(x, y, k, neighbour)` for every (tile, forward direction) in
/// edge-index order, `neighbour` being `None` off a non-wrapping board.
fn for_each_slot(grid: &Grid, mut visit: impl FnMut(usize, usize, usize, Option<(usize, usize)>)) {
    let offsets = grid.offset_table();
    let forward: Vec<Dir> = grid.topology().forward_directions().collect();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            for (k, dir) in forward.iter().enumerate() {
                visit(x, y, k, grid.step(x, y, offsets[y & 1][usize::from(dir.0)]));
            }
        }
    }
}

/// One weight per (tile, forward direction), drawn in edge-index order, only
/// for edges that exist.
fn edge_weights(grid: &Grid, difficulty: Difficulty, random: &mut Random) -> Vec<u8> {
    let (low, high) = difficulty.weight_range();
    let half = usize::from(grid.topology().direction_count() / 2);
    let mut weights = Vec::with_capacity(grid.len() * half);
    for_each_slot(grid, |_, _, _, neighbour| {
        weights.push(match neighbour {
            Some(_) => random.small_between(u16::from(low), u16::from(high)) as u8,
            None => NO_EDGE,
        });
    });
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
    for batch in order.chunks(BATCH) {
        if links + 1 == grid.len() {
            break;
        }
        for &edge in batch {
            let (from, to, _) = unpack(edge);
            std::hint::black_box((sets.touch(from), sets.touch(to)));
        }
        for &edge in batch {
            let (from, to, dir) = unpack(edge);
            let joined = sets.union(from, to);
            let (from, to) = (from as usize, to as usize);
            if joined {
                tiles[from] = tiles[from].with(dir);
                tiles[to] = tiles[to].with(topology.opposite(dir));
                links += 1;
            }
            steps.step(Step {
                processing: from,
                link: joined.then_some((from, dir)),
                frontier: &[],
            });
        }
    }
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
