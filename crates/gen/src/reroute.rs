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
///
/// A bounded search ([`Rerouter::path`] with `max_visits` below the
/// number of tiles) goes breadth first, as its bound is counted in the
/// tiles such a search visits. An unbounded one climbs instead: the
/// rerouter keeps the tree rooted (each tile's way to its parent), climbs
/// from both ends to where they meet, and so costs the length of the
/// path, not the size of the tree. A tree has one path between two tiles,
/// so both find the same; the climb's path is checked link by link
/// against the tiles it is given, and a tree changed other than by this
/// rerouter's reroutes is rooted again.
#[derive(Debug)]
pub struct Rerouter {
    /// The direction of the link by which the search reached each tile;
    /// the tile it came from is the neighbour the other way (one byte a
    /// tile where a [`Link`] took sixteen).
    came_by: Vec<Dir>,
    queue: Vec<Queued>,
    /// The rooted tree: the way from each tile to its parent ([`ROOT`] at
    /// a root), true to the tiles while `rooted`.
    up: Vec<Dir>,
    rooted: bool,
    /// Which climb (or rooting) last reached each tile, by stamp.
    marks: Vec<u32>,
    stamp: u32,
}

/// The way up from a tile that has no parent.
const ROOT: Dir = Dir(u8::MAX);

/// A tile waiting in the search's queue, with its coordinates (worked out
/// when it is reached, not by a division when it is left) and its wires
/// but the one back to the tile it was reached from.
#[derive(Clone, Copy, Debug)]
struct Queued {
    x: u16,
    y: u16,
    wires: u8,
}

impl Rerouter {
    /// Scratch space for trees of `tiles` tiles.
    pub fn new(tiles: usize) -> Rerouter {
        Rerouter {
            came_by: vec![Dir(0); tiles],
            queue: Vec::new(),
            up: vec![ROOT; tiles],
            rooted: false,
            marks: vec![0; tiles],
            stamp: 0,
        }
    }

    /// The links of the tree `tiles` on the way from `from` to `to`, in
    /// order from `to` back to `from`; `None` if a breadth-first search
    /// from `from` (lowest direction first) would visit more than
    /// `max_visits` tiles before `to` (or `to` is not in `from`'s tree).
    ///
    /// `tiles` must be a tree (or a forest): the search goes on along
    /// every wire but the one it came by, and needs no record of the tiles
    /// it visited. It stops as soon as the answer is known: tiles are
    /// visited in the order they are reached, so `to` is visited within
    /// the bound exactly when it is reached at a place below it.
    pub fn path(
        &mut self,
        grid: &Grid,
        tiles: &[Tile],
        from: usize,
        to: usize,
        max_visits: usize,
    ) -> Option<Vec<Link>> {
        if max_visits == 0 {
            return None;
        }
        if from == to {
            return Some(Vec::new());
        }
        if max_visits >= tiles.len() {
            return self.tree_path(grid, tiles, from, to);
        }
        let topology = grid.topology();
        let mut back = [0u8; 8];
        for dir in topology.directions() {
            back[usize::from(dir.0)] = topology.opposite(dir).bit();
        }
        let offsets = grid.offset_table();
        let (width, height, wrap) = (grid.width(), grid.height(), grid.wrap());
        let (x, y) = grid.coords(from);
        // Tiles enter the queue with the wires they lead on by; a dead end
        // (none) is counted as reached but takes no place in the queue:
        // it has nowhere to lead, and only `to` needs its way back.
        let mut reached = 1;
        let mut queued = 1;
        self.queue.clear();
        self.queue.push(Queued::new(x, y, tiles[from].0));
        let mut head = 0;
        while head < queued {
            let Queued { x, y, wires } = self.queue[head];
            head += 1;
            let (x, y) = (usize::from(x), usize::from(y));
            // Lowest direction first.
            let mut wires = wires;
            while wires != 0 {
                let dir = Dir(wires.trailing_zeros() as u8);
                wires &= wires - 1;
                let (dx, dy) = offsets[y % 2][usize::from(dir.0)];
                let stepped = if wrap {
                    grid.step(x, y, (dx, dy))
                } else {
                    let (nx, ny) = (
                        x.wrapping_add_signed(dx.into()),
                        y.wrapping_add_signed(dy.into()),
                    );
                    (nx < width && ny < height).then_some((nx, ny))
                };
                let Some((nx, ny)) = stepped else {
                    continue;
                };
                if reached >= max_visits {
                    return None;
                }
                let next = grid.index(nx, ny);
                self.came_by[next] = dir;
                if next == to {
                    return self.walk_back(grid, from, to);
                }
                reached += 1;
                let onward = tiles[next].0 & !back[usize::from(dir.0)];
                // Written whether or not it leads on, kept only if it does.
                let entry = Queued::new(nx, ny, onward);
                if queued < self.queue.len() {
                    self.queue[queued] = entry;
                } else {
                    self.queue.push(entry);
                }
                queued += usize::from(onward != 0);
            }
        }
        None
    }

    /// Add the link `add` (not yet in the tree) and drop the link of the
    /// loop it closes that `choose` picks (an index into the loop's other
    /// links), given the tree as it is before the change; an index past the
    /// loop changes nothing. Returns false, leaving the tree as it was, if
    /// the loop could not be found within `max_visits` tiles (or `choose`
    /// picked none).
    pub fn reroute(
        &mut self,
        grid: &Grid,
        tiles: &mut [Tile],
        add: Link,
        max_visits: usize,
        choose: impl FnOnce(&[Link], &[Tile]) -> usize,
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
        let Some(&drop) = path.get(choose(&path, tiles)) else {
            return false;
        };
        toggle(grid, tiles, add);
        toggle(grid, tiles, drop);
        self.regraft(grid, add, other, drop, &path);
        true
    }

    /// The path from `from` to `to` (two different tiles) by climbing the
    /// rooted tree, rooted again first if it is not true to `tiles`.
    fn tree_path(
        &mut self,
        grid: &Grid,
        tiles: &[Tile],
        from: usize,
        to: usize,
    ) -> Option<Vec<Link>> {
        if self.rooted
            && let Some(path) = self.climb(grid, from, to)
            && wired(tiles, &path)
        {
            return Some(path);
        }
        self.root(grid, tiles);
        self.climb(grid, from, to)
    }

    /// Root every tree of the forest `tiles` at its lowest tile.
    fn root(&mut self, grid: &Grid, tiles: &[Tile]) {
        let topology = grid.topology();
        let seen = self.next_stamp();
        self.up.fill(ROOT);
        let mut queue = Vec::new();
        for start in 0..tiles.len() {
            if self.marks[start] == seen {
                continue;
            }
            self.marks[start] = seen;
            queue.clear();
            queue.push(start);
            while let Some(tile) = queue.pop() {
                for dir in topology.directions() {
                    if tiles[tile].0 & dir.bit() == 0 {
                        continue;
                    }
                    if let Some(next) = grid.neighbour(tile, dir)
                        && self.marks[next] != seen
                    {
                        self.marks[next] = seen;
                        self.up[next] = topology.opposite(dir);
                        queue.push(next);
                    }
                }
            }
        }
        self.rooted = true;
    }

    /// The parent of `tile` in the rooted tree.
    fn parent(&self, grid: &Grid, tile: usize) -> Option<usize> {
        step_up(grid, tile, self.up[tile])
    }

    /// The path from `from` to `to` in the rooted tree, ordered as
    /// [`Rerouter::path`] orders it: climb from both ends by turns; the
    /// first tile one climb finds the other has passed is where the two
    /// branches meet. `None` if they are in different trees.
    fn climb(&mut self, grid: &Grid, from: usize, to: usize) -> Option<Vec<Link>> {
        let (from_side, to_side) = (self.next_stamp(), self.next_stamp());
        self.marks[from] = from_side;
        self.marks[to] = to_side;
        let (mut a, mut b) = (Some(from), Some(to));
        let meeting = loop {
            if a.is_none() && b.is_none() {
                return None;
            }
            if let Some(tile) = a.and_then(|t| self.parent(grid, t)) {
                if self.marks[tile] == to_side {
                    break tile;
                }
                self.marks[tile] = from_side;
                a = Some(tile);
            } else {
                a = None;
            }
            if let Some(tile) = b.and_then(|t| self.parent(grid, t)) {
                if self.marks[tile] == from_side {
                    break tile;
                }
                self.marks[tile] = to_side;
                b = Some(tile);
            } else {
                b = None;
            }
        };
        Some(self.links_via(grid, from, to, meeting))
    }

    /// The links from `to` up to `meeting` and down to `from`.
    fn links_via(&self, grid: &Grid, from: usize, to: usize, meeting: usize) -> Vec<Link> {
        let topology = grid.topology();
        let mut links = Vec::new();
        let mut tile = to;
        while tile != meeting {
            let Some(parent) = self.parent(grid, tile) else {
                break;
            };
            let dir = topology.opposite(self.up[tile]);
            links.push(Link { tile: parent, dir });
            tile = parent;
        }
        let down_at = links.len();
        let mut tile = from;
        while tile != meeting {
            links.push(Link {
                tile,
                dir: self.up[tile],
            });
            let Some(parent) = self.parent(grid, tile) else {
                break;
            };
            tile = parent;
        }
        links[down_at..].reverse();
        links
    }

    /// Keep the rooted tree true after `add` (to `other`) joined the tree
    /// and `drop`, a link of `path` between them, left it: the part
    /// `drop` cut off hangs from the far end of `add` now, so the parents
    /// on the way from `add`'s end in that part up to the cut turn round.
    /// If the rooted tree did not hold `path`, it is rooted afresh later.
    fn regraft(&mut self, grid: &Grid, add: Link, other: usize, drop: Link, path: &[Link]) {
        if !self.rooted || !path.iter().all(|&link| self.holds(grid, link)) {
            self.rooted = false;
            return;
        }
        let topology = grid.topology();
        let (cut, far) = (drop.tile, grid.neighbour(drop.tile, drop.dir));
        let (child, mut tile, mut way) = if self.parent(grid, cut) == far {
            (cut, add.tile, add.dir)
        } else {
            let Some(far) = far else { return };
            (far, other, topology.opposite(add.dir))
        };
        loop {
            let old = std::mem::replace(&mut self.up[tile], way);
            if tile == child {
                return;
            }
            let Some(next) = step_up(grid, tile, old) else {
                self.rooted = false;
                return;
            };
            way = topology.opposite(old);
            tile = next;
        }
    }

    /// Whether `link` joins a tile to its parent, one way or the other.
    fn holds(&self, grid: &Grid, link: Link) -> bool {
        let other = grid.neighbour(link.tile, link.dir);
        self.up[link.tile] == link.dir
            || other.is_some_and(|o| self.up[o] == grid.topology().opposite(link.dir))
    }

    /// A stamp no tile carries yet.
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.marks.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
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

impl Queued {
    /// Coordinates fit 16 bits: boards are at most 1000 tiles a side.
    fn new(x: usize, y: usize, wires: u8) -> Queued {
        Queued {
            x: x as u16,
            y: y as u16,
            wires,
        }
    }
}

/// The tile the way `up` leads to from `tile` (none from a root).
fn step_up(grid: &Grid, tile: usize, up: Dir) -> Option<usize> {
    match up {
        ROOT => None,
        dir => grid.neighbour(tile, dir),
    }
}

/// Whether every link of `path` is a wire of `tiles`.
fn wired(tiles: &[Tile], path: &[Link]) -> bool {
    path.iter()
        .all(|link| tiles[link.tile].0 & link.dir.bit() != 0)
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

    /// A grid, a random stream after growing its tree, and the tree.
    fn tree_on(
        topology: Topology,
        width: usize,
        height: usize,
        wrap: bool,
        seed: u64,
    ) -> (Grid, Random, Vec<Tile>) {
        let grid = Grid::new(topology, width, height, wrap).expect("valid grid");
        let mut random = Random::new(seed, Stream::Tree);
        let tiles = kruskal(&grid, Difficulty::Medium, &mut random, &mut NoSteps);
        (grid, random, tiles)
    }

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
            let (grid, mut random, mut tiles) = tree_on(topology, 7, 6, wrap, 3);
            let mut rerouter = Rerouter::new(tiles.len());
            let mut changed = 0;
            for round in 0..200u32 {
                let tile = random.index(tiles.len());
                let dir = Dir((round % u32::from(topology.direction_count())) as u8);
                let before = tiles.clone();
                let add = Link { tile, dir };
                let pick = |path: &[Link], _: &[Tile]| round as usize % path.len();
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

    /// The search as first written: a breadth-first search that marks
    /// the tiles it reached and takes them off its queue until `to` comes
    /// off, or `max_visits` came off.
    fn reference_path(
        grid: &Grid,
        tiles: &[Tile],
        from: usize,
        to: usize,
        max_visits: usize,
    ) -> Option<Vec<Link>> {
        let mut came_by: Vec<Option<Dir>> = vec![None; tiles.len()];
        let mut seen = vec![false; tiles.len()];
        seen[from] = true;
        let mut queue = vec![from];
        let mut head = 0;
        while head < queue.len() && head < max_visits {
            let tile = queue[head];
            head += 1;
            if tile == to {
                let mut links = Vec::new();
                let mut at = to;
                while at != from {
                    let dir = came_by[at]?;
                    at = grid.neighbour(at, grid.topology().opposite(dir))?;
                    links.push(Link { tile: at, dir });
                }
                return Some(links);
            }
            for dir in grid.topology().directions() {
                if tiles[tile].0 & dir.bit() == 0 {
                    continue;
                }
                if let Some(next) = grid.neighbour(tile, dir)
                    && !seen[next]
                {
                    seen[next] = true;
                    came_by[next] = Some(dir);
                    queue.push(next);
                }
            }
        }
        None
    }

    #[test]
    fn the_search_finds_what_a_marking_breadth_first_search_finds() {
        for (topology, wrap) in [
            (Topology::Square, false),
            (Topology::Square, true),
            (Topology::Hex, false),
            (Topology::Hex, true),
            (Topology::Octo, false),
            (Topology::Octo, true),
        ] {
            let (grid, mut random, mut tiles) = tree_on(topology, 13, 10, wrap, 5);
            let mut rerouter = Rerouter::new(tiles.len());
            let (mut found, mut missed) = (0, 0);
            for round in 0..3000u32 {
                let from = random.index(tiles.len());
                let dir = Dir(random.below(u32::from(topology.direction_count())) as u8);
                let Some(to) = grid.neighbour(from, dir) else {
                    continue;
                };
                let max_visits = random.below(tiles.len() as u32 + 2) as usize;
                let expected = reference_path(&grid, &tiles, from, to, max_visits);
                let got = rerouter.path(&grid, &tiles, from, to, max_visits);
                assert_eq!(got, expected, "{topology} {from}->{to} within {max_visits}");
                if got.is_some() {
                    found += 1;
                } else {
                    missed += 1;
                }
                // Reroute now and then, so trees of many shapes are searched.
                let pick = |path: &[Link], _: &[Tile]| round as usize % path.len();
                rerouter.reroute(
                    &grid,
                    &mut tiles,
                    Link { tile: from, dir },
                    usize::MAX,
                    pick,
                );
            }
            assert!(
                found > 100 && missed > 100,
                "{topology}: {found} found, {missed} missed"
            );
        }
    }

    #[test]
    fn the_climb_finds_the_trees_one_path_as_the_tree_changes() {
        for (topology, wrap) in [
            (Topology::Square, false),
            (Topology::Hex, true),
            (Topology::Octo, true),
        ] {
            let (grid, mut random, mut tiles) = tree_on(topology, 12, 10, wrap, 9);
            let mut rerouter = Rerouter::new(tiles.len());
            // A second rerouter changes the tree behind the first one's back.
            let mut other = Rerouter::new(tiles.len());
            let mut rerouted = 0;
            for round in 0..2000u32 {
                let from = random.index(tiles.len());
                let to = random.index(tiles.len());
                let expected = reference_path(&grid, &tiles, from, to, usize::MAX);
                let got = rerouter.path(&grid, &tiles, from, to, usize::MAX);
                assert_eq!(got, expected, "{topology} {from}->{to} round {round}");
                let dir = Dir(random.below(u32::from(topology.direction_count())) as u8);
                let add = Link { tile: from, dir };
                let pick = |path: &[Link], _: &[Tile]| round as usize % path.len();
                let by = if round % 10 == 9 {
                    &mut other
                } else {
                    &mut rerouter
                };
                // Bounded now and then, so that a breadth-first path regrafts too.
                let reach = if round % 3 == 0 { 40 } else { usize::MAX };
                rerouted += usize::from(by.reroute(&grid, &mut tiles, add, reach, pick));
            }
            assert!(rerouted > 500, "{topology}: only {rerouted} reroutes");
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
        assert!(!rerouter.reroute(&grid, &mut tiles, absent, 1, |_, _| 0));
        assert_eq!(tiles, before);
    }
}
