//! Kruskal's algorithm on the grid: every edge gets a random weight, edges are
//! taken in order of weight and joined when they connect two separate trees.
//!
//! Weights are small integers (at most 201 values), so the edges are ordered
//! with a counting sort in linear time. Ties keep edge-index order (row-major,
//! then direction), which is part of the contract: it is what makes the same
//! seed give the same tree.

use crate::params::Difficulty;
use crate::random::Random;
use crate::steps::{Step, StepSink};
use crate::union_find::UnionFind;
use lightemall_model::{Dir, Grid, Tile};

/// Marks a (tile, direction) slot whose edge leaves a non-wrapping board.
const NO_EDGE: u8 = u8::MAX;

/// The solved tiles of a spanning tree built by Kruskal's algorithm.
pub fn kruskal<S: StepSink>(
    grid: &Grid,
    difficulty: Difficulty,
    random: &mut Random,
    steps: &mut S,
) -> Vec<Tile> {
    let half = usize::from(grid.topology().direction_count() / 2);
    let weights = edge_weights(grid, difficulty, random);
    let order = sort_by_weight(&weights);
    join_in_order(grid, half, &order, steps)
}

/// One weight per (tile, forward direction), edge index `tile * half + k`
/// for direction `k + 1`. Drawn in edge-index order, only for edges that exist.
fn edge_weights(grid: &Grid, difficulty: Difficulty, random: &mut Random) -> Vec<u8> {
    let (low, high) = difficulty.weight_range();
    let topology = grid.topology();
    let mut weights = Vec::with_capacity(grid.len() * usize::from(topology.direction_count() / 2));
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            for dir in topology.forward_directions() {
                let weight = match grid.neighbour_xy(x, y, dir) {
                    Some(_) => random.between(u32::from(low), u32::from(high)) as u8,
                    None => NO_EDGE,
                };
                weights.push(weight);
            }
        }
    }
    weights
}

/// Edge indices ordered by weight, ties by index (a stable counting sort).
fn sort_by_weight(weights: &[u8]) -> Vec<u32> {
    let mut starts = [0u32; 257];
    for &w in weights {
        starts[usize::from(w) + 1] += 1;
    }
    for w in 1..257 {
        starts[w] += starts[w - 1];
    }
    let edges = starts[usize::from(NO_EDGE)] as usize;
    let mut order = vec![0u32; edges];
    for (edge, &w) in weights.iter().enumerate() {
        if w != NO_EDGE {
            let slot = &mut starts[usize::from(w)];
            order[*slot as usize] = edge as u32;
            *slot += 1;
        }
    }
    order
}

fn join_in_order<S: StepSink>(grid: &Grid, half: usize, order: &[u32], steps: &mut S) -> Vec<Tile> {
    let topology = grid.topology();
    let mut tiles = vec![Tile::EMPTY; grid.len()];
    let mut sets = UnionFind::new(grid.len());
    let mut links = 0;
    for &edge in order {
        if links + 1 == grid.len() {
            break;
        }
        let from = edge as usize / half;
        let dir = Dir((edge as usize % half) as u8 + 1);
        let (x, y) = grid.coords(from);
        let Some((nx, ny)) = grid.neighbour_xy(x, y, dir) else {
            continue;
        };
        let to = grid.index(nx, ny);
        let joined = sets.union(from as u32, to as u32);
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
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_sort_is_stable() {
        let order = sort_by_weight(&[3, NO_EDGE, 1, 3, 0, 1]);
        assert_eq!(order, vec![4, 2, 5, 0, 3]);
    }
}
