//! Power kept up to date move by move. After a tile turns, only the tiles
//! whose distance changes are visited: the part of the board the turn cuts
//! off or connects, not the whole board.
//!
//! A turn is an edge change at one tile: some links go, some come. First the
//! links that went are taken away (the turned tile keeps only the wires it
//! had before and has now): a tile whose every shortest way to the station
//! ran through a lost link is *affected*. Tiles are decided in order of
//! distance, so a tile's possible parents (the linked neighbours one hop
//! nearer) are decided before it, and it is affected when none of them is
//! left. Affected tiles forget their distance. Then the new links are put in
//! and distances are lowered from every tile that borders the affected ones
//! and across every new link, nearest first (Dijkstra with unit steps), which
//! settles exactly the tiles whose distance fell. This is the classic
//! dynamic shortest-path update (Ramalingam and Reps) on a graph with unit
//! weights; it holds for any board, loops included, not only trees.
//!
//! When the change is large (a turn next to the station that cuts off half
//! of a big board) the update gives up past a bound and searches the whole
//! board instead, so a move never costs much more than a full search.

use crate::layout::Layout;
use crate::search::Steps;
use crate::{Power, UNREACHED};
use lightemall_model::Board;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What the last update changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Update {
    /// Only the tiles listed by [`LivePower::changed`].
    Tiles,
    /// Anything: the board was searched again from scratch.
    All,
}

/// The powered set and distances of a game, updated move by move.
///
/// [`LivePower::compute`] searches the whole board (a new game, a load, a
/// jumble, a station move: every distance in the station's part then moves
/// by one); [`LivePower::turned`] updates after one tile turned, visiting
/// only the tiles whose distance changes.
#[derive(Clone, Debug, Default)]
pub struct LivePower {
    /// The full search; its layout and per-cell distances are the live ones.
    power: Power,
    /// Usable wires per cell, as the board stands (the search's own copy is
    /// cleared as it visits).
    wires: Vec<u8>,
    /// How many tiles are at each distance; no trailing zero.
    at_distance: Vec<u32>,
    /// The station's cell, if the station is on the board.
    station: Option<usize>,
    steps: Option<Stepper>,
    /// Tiles whose distance changed in the last update, each once.
    changed: Vec<usize>,
    update: Option<Update>,
    /// Scratch: tiles to decide or to settle, nearest first, as `(distance, cell)`.
    heap: BinaryHeap<Reverse<(u32, usize)>>,
    /// Scratch: the cells that lost their distance in this update.
    affected: Vec<usize>,
    /// Scratch: every distance written in this update, as `(cell, distance
    /// before)`.
    written: Vec<(usize, u32)>,
}

impl LivePower {
    /// Search the whole board from `station` (off the board: nothing).
    pub fn compute(&mut self, board: &Board, station: usize) {
        self.power.compute(board, station);
        let layout = self.power.layout;
        layout.fill(board, &mut self.wires);
        self.steps = Some(Stepper::new(board, layout));
        self.station = (station < board.grid().len()).then(|| layout.cell_of_tile(station));
        let ends = &self.power.level_ends;
        self.at_distance.clear();
        self.at_distance
            .extend(ends.iter().enumerate().map(|(d, &end)| match d {
                0 => end,
                _ => end - ends[d - 1],
            }));
        self.changed.clear();
        self.update = Some(Update::All);
    }

    /// Bring the power up to date after `tile` of `board` turned (or its
    /// wires changed otherwise). `board` is the board after the turn, the
    /// same board as before in every other tile. Before any
    /// [`LivePower::compute`], this computes from `station`.
    pub fn turned(&mut self, board: &Board, tile: usize, station: usize) {
        let fits = self.power.layout == Layout::new(board.grid())
            && tile < board.grid().len()
            && self.station
                == (station < board.grid().len()).then(|| self.power.layout.cell_of_tile(station));
        if !fits {
            return self.compute(board, station);
        }
        self.changed.clear();
        self.update = Some(Update::Tiles);
        let cell = self.power.layout.cell_of_tile(tile);
        let before = self.wires[cell];
        let now = board.tiles()[tile].0 & board.open_directions(tile);
        if before == now {
            return;
        }
        let limit = (board.grid().len() / 8).max(64);
        self.wires[cell] = before & now;
        let cut_small = self.cut(cell, before & !now, limit);
        self.wires[cell] = now;
        if !(cut_small && self.relink(cell, now & !before, limit)) {
            return self.compute(board, station);
        }
        self.list_changed();
    }

    /// What the last update changed: a few tiles, or anything.
    pub fn last_update(&self) -> Update {
        self.update.unwrap_or(Update::All)
    }

    /// The tiles whose distance (so whether they are powered) changed in the
    /// last update, each once, when [`LivePower::last_update`] is
    /// [`Update::Tiles`].
    pub fn changed(&self) -> &[usize] {
        &self.changed
    }

    /// Wire hops from the station to `tile`, if connected.
    pub fn distance(&self, tile: usize) -> Option<u32> {
        self.power.distance(tile)
    }

    /// Every tile's distance, row-major (see [`Power::distances`]).
    pub fn distances(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        self.power.distances()
    }

    /// Whether `tile` gets power: connected, and within `radius` hops if given.
    pub fn is_powered(&self, tile: usize, radius: Option<u32>) -> bool {
        self.power.is_powered(tile, radius)
    }

    /// How many tiles get power.
    pub fn powered_count(&self, radius: Option<u32>) -> usize {
        let levels = match radius {
            Some(r) => &self.at_distance[..self.at_distance.len().min(r as usize + 1)],
            None => &self.at_distance[..],
        };
        levels.iter().map(|&n| n as usize).sum()
    }

    /// Whether every tile of the board gets power.
    pub fn all_powered(&self, radius: Option<u32>) -> bool {
        let layout = &self.power.layout;
        self.powered_count(radius) == layout.width * layout.height
    }

    /// The distance of the farthest connected tile (0 when only the station
    /// or nothing is).
    pub fn farthest_distance(&self) -> u32 {
        self.at_distance.len().saturating_sub(1) as u32
    }

    /// Take away the links of `cell` toward `lost` and forget the distance
    /// of every tile that loses its last shortest way to the station.
    /// `false` if more than `limit` tiles are affected (then distances are
    /// half updated and the caller searches again).
    fn cut(&mut self, cell: usize, lost: u8, limit: usize) -> bool {
        let Some(steps) = self.steps else {
            return false;
        };
        self.heap.clear();
        self.affected.clear();
        self.written.clear();
        let power = &self.power;
        for d in bits(lost) {
            let other = steps.next(cell, d);
            if self.wires[other] & steps.back[d] == 0 {
                continue;
            }
            for (child, parent) in [(cell, other), (other, cell)] {
                let (below, above) = (power.distance_at(child), power.distance_at(parent));
                if above != UNREACHED && below == above + 1 {
                    self.heap.push(Reverse((below, child)));
                }
            }
        }
        while let Some(Reverse((d, v))) = self.heap.pop() {
            if self.power.distance_at(v) != d
                || Some(v) == self.station
                || self.has_parent(&steps, v, d)
            {
                continue;
            }
            self.forget(v);
            if self.affected.len() > limit {
                return false;
            }
            for &child in self.links(&steps, v).cells() {
                if self.power.distance_at(child) == d + 1 {
                    self.heap.push(Reverse((d + 1, child)));
                }
            }
        }
        true
    }

    /// Put in the links of `cell` toward `gained` and lower every distance
    /// that falls: the affected tiles from their neighbours, and across the
    /// new links. `false` if more than `limit` tiles change.
    fn relink(&mut self, cell: usize, gained: u8, limit: usize) -> bool {
        let Some(steps) = self.steps else {
            return false;
        };
        self.heap.clear();
        for i in 0..self.affected.len() {
            let v = self.affected[i];
            let nearest = self
                .links(&steps, v)
                .cells()
                .iter()
                .map(|&n| self.power.distance_at(n))
                .min()
                .unwrap_or(UNREACHED);
            self.lower(v, nearest.saturating_add(1));
        }
        for d in bits(gained) {
            let other = steps.next(cell, d);
            if self.wires[other] & steps.back[d] != 0 {
                let (here, there) = (self.power.distance_at(cell), self.power.distance_at(other));
                self.lower(other, here.saturating_add(1));
                self.lower(cell, there.saturating_add(1));
            }
        }
        while let Some(Reverse((d, v))) = self.heap.pop() {
            if self.power.distance_at(v) != d {
                continue;
            }
            if self.written.len() > limit + self.affected.len() {
                return false;
            }
            for &n in self.links(&steps, v).cells() {
                self.lower(n, d + 1);
            }
        }
        true
    }

    /// Whether `v`, `d` hops away, keeps a linked neighbour `d - 1` hops away.
    fn has_parent(&self, steps: &Stepper, v: usize, d: u32) -> bool {
        self.links(steps, v)
            .cells()
            .iter()
            .any(|&n| self.power.distance_at(n).wrapping_add(1) == d)
    }

    /// The linked neighbours of `v` (copied out, so the caller may change
    /// distances while going through them).
    fn links(&self, steps: &Stepper, v: usize) -> Links {
        let mut links = Links::default();
        for d in bits(self.wires[v]) {
            let n = steps.next(v, d);
            if self.wires[n] & steps.back[d] != 0 {
                links.cells[links.len] = n;
                links.len += 1;
            }
        }
        links
    }

    /// Mark `v` affected: its distance is forgotten.
    fn forget(&mut self, v: usize) {
        self.affected.push(v);
        self.set_distance(v, UNREACHED);
    }

    /// Give `v` the distance `d` if that is nearer, and queue it.
    fn lower(&mut self, v: usize, d: u32) {
        if d < self.power.distance_at(v) {
            self.set_distance(v, d);
            self.heap.push(Reverse((d, v)));
        }
    }

    fn set_distance(&mut self, v: usize, d: u32) {
        let before = self.power.distance_at(v);
        self.written.push((v, before));
        if before != UNREACHED {
            self.at_distance[before as usize] -= 1;
        }
        if d != UNREACHED {
            let level = d as usize;
            if level >= self.at_distance.len() {
                self.at_distance.resize(level + 1, 0);
            }
            self.at_distance[level] += 1;
        }
        while self.at_distance.last() == Some(&0) {
            self.at_distance.pop();
        }
        self.power.set_distance_at(v, d);
    }

    /// The tiles whose distance differs from before the update, each once.
    fn list_changed(&mut self) {
        // A stable sort keeps each cell's first write, whose "before" is
        // the distance before the update.
        self.written.sort_by_key(|&(cell, _)| cell);
        self.written.dedup_by_key(|&mut (cell, _)| cell);
        let layout = self.power.layout;
        let power = &self.power;
        self.changed.extend(
            self.written
                .iter()
                .filter(|&&(cell, before)| power.distance_at(cell) != before)
                .map(|&(cell, _)| layout.tile_of_cell(cell)),
        );
    }
}

/// Up to eight linked neighbours.
#[derive(Default)]
struct Links {
    cells: [usize; 8],
    len: usize,
}

impl Links {
    fn cells(&self) -> &[usize] {
        &self.cells[..self.len]
    }
}

/// The directions set in `wires`, lowest first.
fn bits(wires: u8) -> impl Iterator<Item = usize> {
    let mut left = wires;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let d = left.trailing_zeros() as usize;
            left &= left - 1;
            d
        })
    })
}

/// Where a direction leads from a cell of the layout, and the wire that
/// answers it.
#[derive(Clone, Copy, Debug)]
struct Stepper {
    layout: Layout,
    offsets: [[(isize, isize); 8]; 2],
    back: [u8; 8],
}

impl Stepper {
    fn new(board: &Board, layout: Layout) -> Stepper {
        let steps = Steps::new(board.grid());
        Stepper {
            layout,
            offsets: steps.offsets,
            back: steps.back,
        }
    }

    /// The cell toward direction `d` of cell `cell` (a tile of the board):
    /// on a padded layout a border cell past the edge, whose wires are empty.
    fn next(&self, cell: usize, d: usize) -> usize {
        let layout = &self.layout;
        let border = usize::from(layout.padded);
        let (column, row) = (cell % layout.stride, cell / layout.stride);
        let (x, y) = (column - border, row - border);
        let (dx, dy) = self.offsets[y & 1][d];
        if layout.padded {
            return (row as isize + dy) as usize * layout.stride + (column as isize + dx) as usize;
        }
        let fold = |v: isize, len: usize| v.rem_euclid(len as isize) as usize;
        layout.cell(
            fold(x as isize + dx, layout.width),
            fold(y as isize + dy, layout.height),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::format::net::parse_net_id;

    /// Distances as a picture, as in `lib.rs`'s tests.
    fn picture(live: &LivePower, width: usize, tiles: usize) -> String {
        let mut out = String::new();
        for tile in 0..tiles {
            out.push(match live.distance(tile) {
                Some(d) => char::from_digit(d % 10, 10).unwrap_or('?'),
                None => '.',
            });
            if tile % width == width - 1 {
                out.push('\n');
            }
        }
        out
    }

    #[test]
    fn a_turn_cuts_off_and_connects_only_what_it_touches() {
        // ┌─┐
        // ╵╶╵  (1,1) points east at (2,1), which does not point back.
        let mut board = parse_net_id("3x2:95c212").expect("valid id");
        let mut live = LivePower::default();
        live.compute(&board, 0);
        assert_eq!(picture(&live, 3, 6), "012\n1.3\n");
        assert_eq!(live.last_update(), Update::All);
        // (1,0) turns from ─ to │: (2,0) and (2,1) are cut off.
        board.rotate(1, 1);
        live.turned(&board, 1, 0);
        assert_eq!(picture(&live, 3, 6), "0..\n1..\n");
        assert_eq!(live.last_update(), Update::Tiles);
        let mut changed = live.changed().to_vec();
        changed.sort_unstable();
        assert_eq!(changed, [1, 2, 5]);
        assert_eq!(live.powered_count(None), 2);
        assert_eq!(live.farthest_distance(), 1);
        // And back: connected again.
        board.rotate(1, 3);
        live.turned(&board, 1, 0);
        assert_eq!(picture(&live, 3, 6), "012\n1.3\n");
        assert_eq!(live.powered_count(Some(2)), 4);
        assert_eq!(live.farthest_distance(), 3);
    }

    #[test]
    fn a_turn_that_changes_no_link_changes_nothing() {
        let mut board = parse_net_id("3x2:95c212").expect("valid id");
        let mut live = LivePower::default();
        live.compute(&board, 0);
        // (1,1) is a dead end pointing at nothing that answers.
        board.rotate(4, 2);
        live.turned(&board, 4, 0);
        assert_eq!(live.changed(), &[] as &[usize]);
        assert_eq!(picture(&live, 3, 6), "012\n1.3\n");
    }
}
