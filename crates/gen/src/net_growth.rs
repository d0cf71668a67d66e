//! Net's growth: a tree grown from the centre tile, each step a link
//! chosen evenly among every possible link from the tree to a tile outside
//! it (so a tile with more room to grow grows more often, unlike
//! [`crate::frontier`], which first picks a tile). No tile gets every wire
//! (a tile that looks the same every way round tells a player nothing):
//! once a tile has all its wires but one, its last possible link is
//! dropped, as Simon Tatham's Net drops the fourth of a T-piece.
//!
//! On the square grid Net proves that growth never strands a tile; should
//! another grid strand one, it is linked to a tree neighbour (a full tile,
//! rarely) and growth goes on from it. So the result is always a spanning
//! tree.

use crate::random::Random;
use crate::steps::{Step, StepSink};
use lightemall_model::{Dir, Grid, Tile, link_tiles};

/// No slot: a possible link not in the list.
const NONE: u32 = u32::MAX;

/// The possible links from the tree outward, each once, with the place of
/// each in the list (so that one is dropped in constant time).
struct Possible {
    /// Possible links, as `tile * DIRS + direction index`.
    links: Vec<u32>,
    /// Per `tile * DIRS + direction index`, its place in `links`, or [`NONE`].
    slot: Vec<u32>,
}

/// Room for every grid's directions in a link's number.
const DIRS: usize = 8;

impl Possible {
    fn new(tiles: usize) -> Possible {
        Possible {
            links: Vec::new(),
            slot: vec![NONE; tiles * DIRS],
        }
    }

    fn add(&mut self, tile: usize, dir: Dir) {
        let key = tile * DIRS + usize::from(dir.0);
        if self.slot[key] == NONE {
            self.slot[key] = self.links.len() as u32;
            self.links.push(key as u32);
        }
    }

    fn remove(&mut self, tile: usize, dir: Dir) {
        let key = tile * DIRS + usize::from(dir.0);
        let place = self.slot[key];
        if place == NONE {
            return;
        }
        self.links.swap_remove(place as usize);
        if let Some(&moved) = self.links.get(place as usize) {
            self.slot[moved as usize] = place;
        }
        self.slot[key] = NONE;
    }

    /// Take a possible link at random: its tile and direction.
    fn take(&mut self, random: &mut Random) -> Option<(usize, Dir)> {
        if self.links.is_empty() {
            return None;
        }
        let key = self.links[random.index(self.links.len())] as usize;
        let (tile, dir) = (key / DIRS, Dir((key % DIRS) as u8));
        self.remove(tile, dir);
        Some((tile, dir))
    }
}

/// Net's growth on `grid` (see the module's comment).
pub fn net_growth<S: StepSink>(grid: &Grid, random: &mut Random, steps: &mut S) -> Vec<Tile> {
    let topology = grid.topology();
    let most = u32::from(topology.direction_count()) - 1;
    let mut tiles = vec![Tile::EMPTY; grid.len()];
    let mut possible = Possible::new(grid.len());
    let centre = grid.index(grid.width() / 2, grid.height() / 2);
    let mut reached = vec![false; grid.len()];
    let mut count = 1;
    reached[centre] = true;
    enter(grid, &reached, &mut possible, centre);
    let mut shown = Vec::new();
    while count < grid.len() {
        let (tile, dir) = match possible.take(random) {
            Some(link) => link,
            None => match stranded_link(grid, &tiles, &reached) {
                Some(link) => link,
                None => break,
            },
        };
        let Some(other) = grid.neighbour(tile, dir) else {
            continue;
        };
        link_tiles(topology, &mut tiles, tile, dir, other);
        reached[other] = true;
        count += 1;
        if tiles[tile].degree() >= most {
            for d in topology.directions() {
                possible.remove(tile, d);
            }
        }
        for d in topology.directions() {
            if let Some(from) = grid.neighbour(other, d) {
                possible.remove(from, topology.opposite(d));
            }
        }
        enter(grid, &reached, &mut possible, other);
        if S::WANTS_STEPS {
            shown.clear();
            shown.extend(possible.links.iter().map(|&k| k / DIRS as u32));
            steps.step(Step {
                processing: tile,
                link: Some((tile, dir)),
                frontier: &shown,
            });
        }
    }
    tiles
}

/// Make the links from `tile`, just reached, to its neighbours outside the
/// tree possible.
fn enter(grid: &Grid, reached: &[bool], possible: &mut Possible, tile: usize) {
    for d in grid.topology().directions() {
        if grid.neighbour(tile, d).is_some_and(|n| !reached[n]) {
            possible.add(tile, d);
        }
    }
}

/// A link from the tree to a tile it stranded: from the tree neighbour
/// with the fewest links.
fn stranded_link(grid: &Grid, tiles: &[Tile], reached: &[bool]) -> Option<(usize, Dir)> {
    let topology = grid.topology();
    (0..tiles.len()).filter(|&t| !reached[t]).find_map(|t| {
        topology
            .directions()
            .filter_map(|d| grid.neighbour(t, d).map(|n| (n, topology.opposite(d))))
            .filter(|&(n, _)| reached[n])
            .min_by_key(|&(n, _)| tiles[n].degree())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Stream;
    use lightemall_model::{Board, Topology};

    #[test]
    fn net_growth_spans_every_grid_with_no_full_tile() {
        for topology in Topology::ALL {
            for wrap in [false, true] {
                let grid = Grid::new(topology, 12, 10, wrap).expect("grid");
                for seed in 0..4 {
                    let mut random = Random::new(seed, Stream::Tree);
                    let tiles = net_growth(&grid, &mut random, &mut crate::NoSteps);
                    let board = Board::new(grid, tiles.clone()).expect("board");
                    assert_eq!(board.check_solved(), Ok(()), "{topology} {wrap} {seed}");
                    let full = u32::from(topology.direction_count());
                    assert!(tiles.iter().all(|t| t.degree() < full), "{topology} {wrap}");
                }
            }
        }
    }
}
