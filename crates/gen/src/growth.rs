//! Circuitry's growth generators: a tree grown outward from the
//! centre tile, which starts with three random links; every tile grows until
//! it has three links, so there are no crosses.
//!
//! `scan` lets every growing tile add one link per pass, in row-major order;
//! `frontier` picks a random tile from the frontier queue for each link.
//!
//! Greedy growth can strand a tile: every tree neighbour reaches three links
//! before choosing it. When nothing can grow but tiles are left, the most
//! recently stranded tile is linked to its tree neighbour with the fewest
//! links (a cross, rarely), and growth resumes from it. So the result is
//! always a spanning tree.

use crate::random::Random;
use crate::steps::{Step, StepSink};
use lightemall_model::{Dir, Grid, Tile, link_tiles};

/// Links a growing tile may have.
const MAX_LINKS: u32 = 3;

/// The growth state: tiles with their links so far. A tile is in the tree
/// exactly when it has a link (the tree always has at least two tiles).
struct Growth<'g> {
    grid: &'g Grid,
    offsets: [[(i8, i8); 8]; 2],
    tiles: Vec<Tile>,
    attached: usize,
    /// Tiles that were free beside a tile that stopped growing; the rescue
    /// candidates when growth stalls.
    stranded: Vec<u32>,
}

impl<'g> Growth<'g> {
    /// Start at the centre tile with up to three random links. Returns the
    /// state and the tiles the links reached, in the order linked.
    /// The centre tile with up to three links (each one a step: the demo's
    /// demo shows them), and the tiles they reached.
    fn start<S: StepSink>(
        grid: &'g Grid,
        random: &mut Random,
        steps: &mut S,
    ) -> (Growth<'g>, Vec<u32>) {
        let mut growth = Growth {
            grid,
            offsets: grid.offset_table(),
            tiles: vec![Tile::EMPTY; grid.len()],
            attached: 1,
            stranded: Vec::new(),
        };
        let centre = grid.index(grid.width() / 2, grid.height() / 2);
        let mut reached = Vec::new();
        for _ in 0..MAX_LINKS {
            if let Some(dir) = growth.pick_free(centre, random) {
                reached.push(growth.link(centre, dir) as u32);
                steps.step(Step {
                    processing: centre,
                    link: Some((centre, dir)),
                    frontier: &reached,
                });
            }
        }
        (growth, reached)
    }

    fn done(&self) -> bool {
        self.attached == self.grid.len()
    }

    /// Directions from `tile` toward a neighbour not yet in the tree.
    fn free_directions(&self, tile: usize) -> u8 {
        let (x, y) = self.grid.coords(tile);
        let mut free = 0;
        for (d, &offset) in self.offsets[y & 1]
            .iter()
            .enumerate()
            .take(usize::from(self.grid.topology().direction_count()))
        {
            if let Some((nx, ny)) = self.grid.step(x, y, offset)
                && self.tiles[self.grid.index(nx, ny)] == Tile::EMPTY
            {
                free |= 1 << d;
            }
        }
        free
    }

    fn can_grow(&self, tile: usize) -> bool {
        self.tiles[tile].degree() < MAX_LINKS && self.free_directions(tile) != 0
    }

    /// A random free direction of a tile that can still take a link.
    fn pick_free(&self, tile: usize, random: &mut Random) -> Option<Dir> {
        if self.tiles[tile].degree() >= MAX_LINKS {
            return None;
        }
        let free = self.free_directions(tile);
        if free == 0 {
            return None;
        }
        let mut nth = random.below(free.count_ones());
        self.grid.topology().directions().find(|d| {
            let hit = free & d.bit() != 0;
            if hit {
                if nth == 0 {
                    return true;
                }
                nth -= 1;
            }
            false
        })
    }

    /// Link `tile` toward `dir` to a tile not yet in the tree; returns that tile.
    fn link(&mut self, tile: usize, dir: Dir) -> usize {
        let topology = self.grid.topology();
        let other = self.grid.neighbour(tile, dir).unwrap_or(tile);
        link_tiles(topology, &mut self.tiles, tile, dir, other);
        self.attached += 1;
        if self.tiles[tile].degree() == MAX_LINKS {
            let free = self.free_directions(tile);
            for d in topology.directions().filter(|d| free & d.bit() != 0) {
                if let Some(n) = self.grid.neighbour(tile, d) {
                    self.stranded.push(n as u32);
                }
            }
        }
        other
    }

    /// Attach the most recently stranded tile to its tree neighbour with the
    /// fewest links. Returns the tile and the link made (from the tree side).
    fn rescue(&mut self) -> Option<(usize, Dir)> {
        let topology = self.grid.topology();
        while let Some(tile) = self.stranded.pop() {
            let tile = tile as usize;
            if self.tiles[tile] != Tile::EMPTY {
                continue;
            }
            let anchor = topology
                .directions()
                .filter_map(|d| {
                    self.grid
                        .neighbour(tile, d)
                        .map(|n| (n, topology.opposite(d)))
                })
                .filter(|&(n, _)| self.tiles[n] != Tile::EMPTY)
                .min_by_key(|&(n, _)| self.tiles[n].degree());
            if let Some((from, dir)) = anchor {
                self.link(from, dir);
                return Some((from, dir));
            }
        }
        None
    }
}

/// Growth with a random frontier tile chosen for each link.
pub fn frontier<S: StepSink>(grid: &Grid, random: &mut Random, steps: &mut S) -> Vec<Tile> {
    let (mut growth, mut frontier) = Growth::start(grid, random, steps);
    while !growth.done() {
        if frontier.is_empty() {
            let Some((from, dir)) = growth.rescue() else {
                break;
            };
            let tile = grid.neighbour(from, dir).unwrap_or(from);
            frontier.push(tile as u32);
            steps.step(Step {
                processing: from,
                link: Some((from, dir)),
                frontier: &frontier,
            });
            continue;
        }
        let pick = random.index(frontier.len());
        let tile = frontier[pick] as usize;
        let Some(dir) = growth.pick_free(tile, random) else {
            frontier.swap_remove(pick);
            continue;
        };
        let reached = growth.link(tile, dir);
        frontier.push(reached as u32);
        if !growth.can_grow(tile) {
            frontier.swap_remove(pick);
        }
        steps.step(Step {
            processing: tile,
            link: Some((tile, dir)),
            frontier: &frontier,
        });
    }
    growth.tiles
}

/// Growth in passes: each pass, every tile that can grow adds one link, in
/// row-major order. Tiles reached in a pass grow from the next pass on.
pub fn scan<S: StepSink>(grid: &Grid, random: &mut Random, steps: &mut S) -> Vec<Tile> {
    let (mut growth, mut active) = Growth::start(grid, random, steps);
    active.sort_unstable();
    let mut reached = Vec::new();
    while !growth.done() {
        if active.is_empty() {
            let Some((from, dir)) = growth.rescue() else {
                break;
            };
            active.push(grid.neighbour(from, dir).unwrap_or(from) as u32);
            steps.step(Step {
                processing: from,
                link: Some((from, dir)),
                frontier: &active,
            });
            continue;
        }
        reached.clear();
        for &tile in &active {
            let tile = tile as usize;
            if let Some(dir) = growth.pick_free(tile, random) {
                reached.push(growth.link(tile, dir) as u32);
                steps.step(Step {
                    processing: tile,
                    link: Some((tile, dir)),
                    frontier: &active,
                });
            }
        }
        active.retain(|&t| growth.can_grow(t as usize));
        reached.sort_unstable();
        active = merge_sorted(&active, &reached);
    }
    growth.tiles
}

fn merge_sorted(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
