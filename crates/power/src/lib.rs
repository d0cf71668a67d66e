//! Power flow for LightEmAll: breadth-first search from the station over
//! connected wires, the distance of every tile, the powered set with and
//! without a radius, and the diameter of a tree by two searches.
//!
//! Linear time. A [`Power`] keeps its buffers, so computing again on a board
//! of the same size allocates nothing. No I/O, no clock.

use lightemall_model::Board;

/// Distance of a tile the power did not reach.
const UNREACHED: u32 = u32::MAX;

/// The result of a power search, reusable from one search to the next.
#[derive(Clone, Debug, Default)]
pub struct Power {
    /// Wire hops from the station, `UNREACHED` if not connected.
    distance: Vec<u32>,
    /// Reached tiles in search order, so by non-decreasing distance.
    order: Vec<u32>,
}

impl Power {
    /// Search from `station` over connected wires of `board`.
    pub fn compute(&mut self, board: &Board, station: usize) {
        let grid = board.grid();
        let topology = grid.topology();
        let (width, height) = (grid.width() as isize, grid.height() as isize);
        let wrap = grid.wrap();
        let n = grid.len();
        // Offsets by row parity and direction, and the opposite wire's bit.
        let mut offsets = [[(0isize, 0isize); 8]; 2];
        let mut back = [0u8; 8];
        for d in topology.directions() {
            for (parity, row) in offsets.iter_mut().enumerate() {
                let (dx, dy) = topology.offset(d, parity);
                row[usize::from(d.0)] = (isize::from(dx), isize::from(dy));
            }
            back[usize::from(d.0)] = topology.opposite(d).bit();
        }
        self.distance.clear();
        self.distance.resize(n, UNREACHED);
        self.order.clear();
        self.order.reserve(n);
        let tiles = board.tiles();
        self.distance[station] = 0;
        self.order.push(station as u32);
        let mut head = 0;
        while head < self.order.len() {
            let tile = self.order[head] as usize;
            head += 1;
            let next_distance = self.distance[tile] + 1;
            let mut wires = tiles[tile].0 & board.open_directions(tile);
            let (x, y) = ((tile as isize) % width, (tile as isize) / width);
            while wires != 0 {
                let d = wires.trailing_zeros() as usize;
                wires &= wires - 1;
                let (dx, dy) = offsets[(y & 1) as usize][d];
                let (mut nx, mut ny) = (x + dx, y + dy);
                if wrap {
                    nx = nx.rem_euclid(width);
                    ny = ny.rem_euclid(height);
                }
                let other = (ny * width + nx) as usize;
                if tiles[other].0 & back[d] != 0 && self.distance[other] == UNREACHED {
                    self.distance[other] = next_distance;
                    self.order.push(other as u32);
                }
            }
        }
    }

    /// Wire hops from the station to `tile`, if connected.
    pub fn distance(&self, tile: usize) -> Option<u32> {
        self.distance.get(tile).copied().filter(|&d| d != UNREACHED)
    }

    /// Reached tiles in search order (non-decreasing distance).
    pub fn reached(&self) -> &[u32] {
        &self.order
    }

    /// Whether `tile` gets power: connected, and within `radius` hops if given.
    pub fn is_powered(&self, tile: usize, radius: Option<u32>) -> bool {
        self.distance(tile)
            .is_some_and(|d| radius.is_none_or(|r| d <= r))
    }

    /// How many tiles get power.
    pub fn powered_count(&self, radius: Option<u32>) -> usize {
        match radius {
            None => self.order.len(),
            Some(r) => self
                .order
                .partition_point(|&t| self.distance[t as usize] <= r),
        }
    }

    /// Whether every tile of the board gets power.
    pub fn all_powered(&self, radius: Option<u32>) -> bool {
        self.powered_count(radius) == self.distance.len()
    }

    /// The reached tile farthest from the station and its distance.
    pub fn farthest(&self) -> (usize, u32) {
        match self.order.last() {
            Some(&t) => (t as usize, self.distance[t as usize]),
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
