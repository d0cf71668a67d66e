//! Power flow for LightEmAll: breadth-first search from the station over
//! connected wires, the distance of every tile, the powered set with and
//! without a radius, and the diameter of a tree by two searches.
//!
//! Linear time. A [`Power`] keeps its buffers, so computing again on a board
//! of the same size allocates nothing. No I/O, no clock.

mod layout;
mod live;
mod search;

pub use live::{LivePower, Update};

use layout::Layout;
use lightemall_model::Board;
use search::{Buffers, Steps, Walk};

/// Distance of a tile the power did not reach: the most a cell's word holds.
const UNREACHED: u32 = (1 << (32 - DISTANCE_SHIFT)) - 1;

/// Where a cell's distance starts in its word; below it, its wires and
/// the edge bit (`layout::EDGE`).
const DISTANCE_SHIFT: u32 = 9;

const _: () = assert!(lightemall_model::MAX_SIDE * lightemall_model::MAX_SIDE < UNREACHED as usize);

/// The result of a power search, reusable from one search to the next.
///
/// The search reads one word per cell: the tile's usable wires (wires that
/// lead to a neighbour through no barrier) in the low byte, whether it lies
/// on a wrapping board's edge in the next bit, its distance above. Visiting a tile writes its distance and clears its wires in one
/// store to the line it has just read, so "visited" costs no extra memory
/// and a visit touches one cache line. The queue is kept in levels, so it is also the list of reached
/// tiles by distance. See `search.rs` for the inner loop.
#[derive(Clone, Debug, Default)]
pub struct Power {
    layout: Layout,
    /// Per cell: wire hops from the station (`UNREACHED` if not connected)
    /// above `DISTANCE_SHIFT`, and below it the usable wires not yet
    /// followed (cleared as the search visits).
    words: Vec<u32>,
    /// Reached tiles in search order, as queue entries of the layout's search.
    order: Vec<u32>,
    /// `level_ends[d]`: how many tiles are at most `d` hops away.
    level_ends: Vec<u32>,
    /// Scratch: one level's steps (see `search.rs`).
    pending: Vec<u32>,
    /// The walk of the last layout searched, kept because making its
    /// tables costs as much as searching a small board.
    walk: Option<Walk>,
}

impl Power {
    /// Search from `station` over connected wires of `board`. A station off
    /// the board powers nothing.
    pub fn compute(&mut self, board: &Board, station: usize) {
        let grid = board.grid();
        self.layout = Layout::new(grid);
        self.layout
            .fill_words(board, UNREACHED << DISTANCE_SHIFT, &mut self.words);
        // Every entry the search reads it wrote first: no need to clear.
        self.order.resize(grid.len(), 0);
        self.level_ends.clear();
        if station >= grid.len() {
            self.order.clear();
            return;
        }
        let steps = Steps::new(grid);
        let start = grid.coords(station);
        let buffers = Buffers {
            words: &mut self.words,
            order: &mut self.order,
            level_ends: &mut self.level_ends,
            pending: &mut self.pending,
        };
        let layout = &self.layout;
        let walk = match self.walk.take() {
            Some(walk) if walk.fits(&steps, layout) => walk,
            _ => Walk::new(&steps, layout),
        };
        let reached = search::search(self.walk.insert(walk), &steps, start, buffers);
        self.order.truncate(reached);
    }

    /// Wire hops from the station to `tile`, if connected.
    pub fn distance(&self, tile: usize) -> Option<u32> {
        if tile >= self.layout.width * self.layout.height {
            return None;
        }
        let d = self.distance_at(self.layout.cell_of_tile(tile));
        (d != UNREACHED).then_some(d)
    }

    /// Every tile's distance, row-major, as [`Power::distance`] gives it,
    /// a row at a time (no division a tile to find its cell): for a front
    /// end that copies them all.
    pub fn distances(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        let layout = self.layout;
        (0..layout.height).flat_map(move |y| {
            let first = layout.cell(0, y);
            self.words[first..first + layout.width].iter().map(|&word| {
                let d = word >> DISTANCE_SHIFT;
                (d != UNREACHED).then_some(d)
            })
        })
    }

    /// The distance recorded for a cell (`UNREACHED` if none).
    fn distance_at(&self, cell: usize) -> u32 {
        self.words[cell] >> DISTANCE_SHIFT
    }

    /// Record a cell's distance (its wires are the search's scratch, and
    /// no longer needed after it).
    fn set_distance_at(&mut self, cell: usize, d: u32) {
        self.words[cell] = d << DISTANCE_SHIFT;
    }

    /// Reached tiles in search order (non-decreasing distance).
    pub fn reached(&self) -> impl Iterator<Item = usize> + '_ {
        self.order
            .iter()
            .map(|&entry| self.layout.tile_of_cell(search::cell_of(entry)))
    }

    /// Whether `tile` gets power: connected, and within `radius` hops if given.
    pub fn is_powered(&self, tile: usize, radius: Option<u32>) -> bool {
        self.distance(tile)
            .is_some_and(|d| radius.is_none_or(|r| d <= r))
    }

    /// How many tiles get power.
    pub fn powered_count(&self, radius: Option<u32>) -> usize {
        let all = self.order.len();
        match radius {
            Some(r) => self
                .level_ends
                .get(r as usize)
                .map_or(all, |&end| end as usize),
            None => all,
        }
    }

    /// Whether every tile of the board gets power.
    pub fn all_powered(&self, radius: Option<u32>) -> bool {
        self.powered_count(radius) == self.layout.width * self.layout.height
    }

    /// The reached tile farthest from the station and its distance.
    pub fn farthest(&self) -> (usize, u32) {
        match self.reached().last() {
            Some(tile) => (tile, self.level_ends.len() as u32 - 1),
            None => (0, 0),
        }
    }
}

/// The longest path of a tree: its two ends and its length in wire hops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diameter {
    /// One end.
    pub from: usize,
    /// The other end.
    pub to: usize,
    /// Wire hops between them.
    pub length: u32,
}

/// The diameter of the wires connected to `start`, by two searches: the
/// farthest tile from `start` is one end, the farthest from it the other.
/// Exact on a tree (every solved board is one).
pub fn diameter(board: &Board, start: usize, power: &mut Power) -> Diameter {
    power.compute(board, start);
    let (from, _) = power.farthest();
    power.compute(board, from);
    let (to, length) = power.farthest();
    Diameter { from, to, length }
}

/// The starting power radius: half the diameter of the solution, plus one.
pub fn initial_radius(diameter: u32) -> u32 {
    diameter / 2 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::format::net::parse_net_id;

    fn check(net_id: &str, station: usize, radius: Option<u32>, expect: &str) {
        let board = parse_net_id(net_id).expect("valid id");
        let mut power = Power::default();
        power.compute(&board, station);
        let width = board.grid().width();
        let mut picture = String::new();
        for tile in 0..board.grid().len() {
            picture.push(match power.distance(tile) {
                Some(d) if power.is_powered(tile, radius) => {
                    char::from_digit(d % 10, 10).unwrap_or('?')
                }
                Some(_) => '-',
                None => '.',
            });
            if tile % width == width - 1 {
                picture.push('\n');
            }
        }
        assert_eq!(picture, expect, "{net_id} from {station} radius {radius:?}");
    }

    #[test]
    fn power_follows_connected_wires() {
        // ┌─┐  Net bits R=1 U=2 L=4 D=8. (1,1) points east at (2,1),
        // ╵╶╵  which does not point back.
        check("3x2:95c212", 0, None, "012\n1.3\n");
        check("3x2:95c212", 5, None, "321\n4.0\n");
        check("3x2:95c212", 0, Some(2), "012\n1.-\n");
    }

    #[test]
    fn barriers_and_wrapping() {
        // Two tiles pointing at each other across the wrap edge.
        check("2x2w:4100", 0, None, "01\n..\n");
        check("2x2:1v400", 0, None, "0.\n..\n");
    }

    #[test]
    fn a_station_off_the_board_powers_nothing() {
        check("3x2:95c212", 6, None, "...\n...\n");
        check("3x2:95c212", usize::MAX, None, "...\n...\n");
    }

    #[test]
    fn diameter_of_a_path() {
        let board = parse_net_id("3x2:95c212").expect("valid id");
        let mut power = Power::default();
        let d = diameter(&board, 0, &mut power);
        assert_eq!(
            d,
            Diameter {
                from: 5,
                to: 3,
                length: 4
            }
        );
        assert_eq!(initial_radius(d.length), 3);
        assert_eq!(power.powered_count(None), 5);
        assert!(!power.all_powered(None));
    }
}
