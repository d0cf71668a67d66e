//! Rerouting a spanning tree: add one link, which closes a loop, and drop
//! another link of that loop. The result is again a spanning tree, changed
//! only along the loop. The unique generator uses it to repair the regions
//! where a puzzle has more than one solution (as Net's `perturb` does).

use lightemall_model::{Dir, Grid, Tile};

/// One link of a tree: from `tile` toward `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The tile at one end.
    pub tile: usize,
    /// The direction from it to the tile at the other end.
    pub dir: Dir,
}

/// Reusable scratch space for rerouting the trees of one grid.
#[derive(Debug)]
pub struct Rerouter {
    /// The search that visited a tile last (tiles with an older mark are
    /// unvisited: no clearing between searches).
    mark: Vec<u32>,
    search: u32,
    /// The direction of the link by which the search reached each tile;
    /// the tile it came from is the neighbour the other way (one byte a
    /// tile where a [`Link`] took sixteen).
    came_by: Vec<Dir>,
    queue: Vec<u32>,
}

impl Rerouter {
    /// Scratch space for trees of `tiles` tiles.
    pub fn new(tiles: usize) -> Rerouter {
        Rerouter {
            mark: vec![0; tiles],
            search: 0,
            came_by: vec![Dir(0); tiles],
            queue: Vec::new(),
        }
    }

    /// The links of the tree `tiles` on the way from `from` to `to`, in
    /// order from `to` back to `from`; `None` if the search visits more
    /// than `max_visits` tiles first (or `to` is not in `from`'s tree).
    pub fn path(
        &mut self,
        grid: &Grid,
        tiles: &[Tile],
        from: usize,
        to: usize,
        max_visits: usize,
    ) -> Option<Vec<Link>> {
        self.next_search();
        self.mark[from] = self.search;
        self.queue.clear();
        self.queue.push(from as u32);
        let offsets = grid.offset_table();
        let mut head = 0;
        while head < self.queue.len() && head < max_visits {
            let tile = self.queue[head] as usize;
            head += 1;
            if tile == to {
                return self.walk_back(grid, from, to);
            }
            // The tile's wires, lowest direction first; its coordinates
            // worked out once for all of them.
            let (x, y) = grid.coords(tile);
            let mut wires = tiles[tile].0;
            while wires != 0 {
                let dir = Dir(wires.trailing_zeros() as u8);
                wires &= wires - 1;
                let Some((nx, ny)) = grid.step(x, y, offsets[y % 2][usize::from(dir.0)]) else {
                    continue;
                };
                let next = grid.index(nx, ny);
                if self.mark[next] != self.search {
                    self.mark[next] = self.search;
                    self.came_by[next] = dir;
                    self.queue.push(next as u32);
                }
            }
        }
        None
    }

    /// Add the link `add` (not yet in the tree) and drop the link of the
    /// loop it closes that `choose` picks (an index into the loop's other
    /// links). Returns false, leaving the tree as it was, if the loop could
    /// not be found within `max_visits` tiles.
    pub fn reroute(
        &mut self,
        grid: &Grid,
        tiles: &mut [Tile],
        add: Link,
        max_visits: usize,
        choose: impl FnOnce(&[Link]) -> usize,
    ) -> bool {
        let Some(other) = grid.neighbour(add.tile, add.dir) else {
            return false;
        };
        if tiles[add.tile].0 & add.dir.bit() != 0 {
            return false;
        }
        let Some(path) = self.path(grid, tiles, add.tile, other, max_visits) else {
            return false;
        };
        let Some(&drop) = path.get(choose(&path)) else {
            return false;
        };
        toggle(grid, tiles, add);
        toggle(grid, tiles, drop);
        true
    }

    fn next_search(&mut self) {
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.mark.fill(0);
            self.search = 1;
        }
    }

    /// The links from `to` back to `from` the last search came by; `None`
    /// cannot happen (each came by a link on the board), but a broken
    /// path must never reach a reroute.
    fn walk_back(&self, grid: &Grid, from: usize, to: usize) -> Option<Vec<Link>> {
        let topology = grid.topology();
        let mut links = Vec::new();
        let mut tile = to;
        while tile != from {
            let dir = self.came_by[tile];
            tile = grid.neighbour(tile, topology.opposite(dir))?;
            links.push(Link { tile, dir });
        }
        Some(links)
    }
}

/// Add the link if it is absent, remove it if present (both ends).
fn toggle(grid: &Grid, tiles: &mut [Tile], link: Link) {
    if let Some(other) = grid.neighbour(link.tile, link.dir) {
        let back = grid.topology().opposite(link.dir);
        tiles[link.tile].0 ^= link.dir.bit();
        tiles[other].0 ^= back.bit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Difficulty, kruskal, random::Random, random::Stream};
    use crate::{NoSteps, UnionFind};
    use lightemall_model::Topology;

    fn is_spanning_tree(grid: &Grid, tiles: &[Tile]) -> bool {
        let mut sets = UnionFind::new(tiles.len());
        let mut links = 0;
        for (tile, mask) in tiles.iter().enumerate() {
            for dir in grid.topology().directions() {
                if mask.0 & dir.bit() == 0 {
                    continue;
                }
                let Some(other) = grid.neighbour(tile, dir) else {
                    return false;
                };
                if tiles[other].0 & grid.topology().opposite(dir).bit() == 0 {
                    return false;
                }
                if tile < other {
                    links += 1;
                    if !sets.union(tile as u32, other as u32) {
                        return false;
                    }
                }
            }
        }
        links + 1 == tiles.len()
    }

    #[test]
    fn rerouting_keeps_a_spanning_tree() {
        for (topology, wrap) in [
            (Topology::Square, false),
            (Topology::Square, true),
            (Topology::Octo, false),
            (Topology::Hex, true),
        ] {
            let grid = Grid::new(topology, 7, 6, wrap).expect("valid grid");
            let mut random = Random::new(3, Stream::Tree);
            let mut tiles = kruskal(&grid, Difficulty::Medium, &mut random, &mut NoSteps);
            let mut rerouter = Rerouter::new(tiles.len());
            let mut changed = 0;
            for round in 0..200u32 {
                let tile = random.below(tiles.len() as u32) as usize;
                let dir = Dir((round % u32::from(topology.direction_count())) as u8);
                let before = tiles.clone();
                let add = Link { tile, dir };
                let pick = |path: &[Link]| round as usize % path.len();
                if rerouter.reroute(&grid, &mut tiles, add, usize::MAX, pick) {
                    changed += 1;
                    assert_ne!(tiles, before);
                    assert_eq!(tiles[tile].0 & dir.bit(), dir.bit());
                } else {
                    assert_eq!(tiles, before);
                }
                assert!(is_spanning_tree(&grid, &tiles), "{topology} round {round}");
            }
            assert!(changed > 50, "{topology}: only {changed} reroutes");
        }
    }

    #[test]
    fn a_search_too_short_changes_nothing() {
        // A 4x1 path: the loop closed by linking its ends (wrapping) has 4 tiles.
        let grid = Grid::new(Topology::Square, 4, 2, true).expect("valid grid");
        let mut random = Random::new(1, Stream::Tree);
        let mut tiles = kruskal(&grid, Difficulty::Medium, &mut random, &mut NoSteps);
        let before = tiles.clone();
        let mut rerouter = Rerouter::new(tiles.len());
        let absent = (0..tiles.len())
            .flat_map(|tile| {
                grid.topology()
                    .directions()
                    .map(move |dir| Link { tile, dir })
            })
            .find(|l| tiles[l.tile].0 & l.dir.bit() == 0)
            .expect("a tree of 8 tiles on a torus lacks some link");
        assert!(!rerouter.reroute(&grid, &mut tiles, absent, 1, |_| 0));
        assert_eq!(tiles, before);
    }
}
