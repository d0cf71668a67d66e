//! Power flow for LightEmAll: breadth-first search from the station over
//! connected wires, the distance of every tile, the powered set with and
//! without a radius, and the diameter of a tree by two searches.
//!
//! Linear time. A [`Power`] keeps its buffers, so computing again on a board
//! of the same size allocates nothing. No I/O, no clock.

use lightemall_model::Board;

/// Distance of a tile the power did not reach.
const UNREACHED: u32 = u32::MAX;

/// Queue entries pack a tile's column, row and wires into one `u32`.
const SIDE_BITS: u32 = 10;
const _: () = assert!(lightemall_model::MAX_SIDE <= 1 << SIDE_BITS);

/// The result of a power search, reusable from one search to the next.
///
/// The search reads one byte per tile, the tile's usable wires (wires that
/// lead to a neighbour through no barrier), from a scratch copy that stays in
/// the cache; a visited tile's byte is cleared, so "visited" costs no extra
/// memory. The queue is kept in levels, so it is also the list of reached
/// tiles by distance.
#[derive(Clone, Debug, Default)]
pub struct Power {
    /// Wire hops from the station, `UNREACHED` if not connected.
    distance: Vec<u32>,
    /// Reached tiles in search order, packed `x | y << 10 | wires << 20`.
    order: Vec<u32>,
    /// `level_ends[d]`: how many tiles are at most `d` hops away.
    level_ends: Vec<u32>,
    /// Per tile, usable wires not yet visited.
    unvisited: Vec<u8>,
    width: usize,
}

impl Power {
    /// Search from `station` over connected wires of `board`.
    pub fn compute(&mut self, board: &Board, station: usize) {
        let grid = board.grid();
        let n = grid.len();
        self.width = grid.width();
        self.fill_unvisited(board);
        // The queue is written without a branch: every candidate is written
        // at `len`, and `len` only advances for a real visit. So it needs
        // room for one candidate past the last tile.
        self.order.clear();
        self.order.resize(n + 1, 0);
        self.level_ends.clear();

        let steps = Steps::new(grid);
        let at = grid.coords(station);
        let (order, unvisited, levels) =
            (&mut self.order, &mut self.unvisited, &mut self.level_ends);
        let len = match grid.topology().direction_count() {
            4 if !grid.wrap() => search_padded::<4>(&steps, order, unvisited, levels, at),
            6 if !grid.wrap() => search_padded::<6>(&steps, order, unvisited, levels, at),
            8 if !grid.wrap() => search_padded::<8>(&steps, order, unvisited, levels, at),
            4 => search::<4>(&steps, order, unvisited, levels, at),
            6 => search::<6>(&steps, order, unvisited, levels, at),
            _ => search::<8>(&steps, order, unvisited, levels, at),
        };
        self.order.truncate(len);
        self.fill_distances(n);
    }

    /// Each tile's usable wires (wires toward a neighbour through no barrier);
    /// on a non-wrapping board inside a border of empty tiles.
    fn fill_unvisited(&mut self, board: &Board) {
        let grid = board.grid();
        let usable = |i: usize| board.tile(i).0 & board.open_directions(i);
        self.unvisited.clear();
        if grid.wrap() {
            self.unvisited.extend((0..grid.len()).map(usable));
            return;
        }
        let stride = grid.width() + 2;
        self.unvisited.resize(stride, 0);
        for y in 0..grid.height() {
            self.unvisited.push(0);
            self.unvisited
                .extend((0..grid.width()).map(|x| usable(grid.index(x, y))));
            self.unvisited.push(0);
        }
        self.unvisited.resize(stride * (grid.height() + 2), 0);
    }

    /// Distances from the levels of the queue.
    fn fill_distances(&mut self, n: usize) {
        self.distance.clear();
        self.distance.resize(n, UNREACHED);
        let mut start = 0;
        for (level, &end) in self.level_ends.iter().enumerate() {
            for &entry in &self.order[start..end as usize] {
                let (x, y, _) = unpack(entry);
                self.distance[y * self.width + x] = level as u32;
            }
            start = end as usize;
        }
    }

    /// Wire hops from the station to `tile`, if connected.
    pub fn distance(&self, tile: usize) -> Option<u32> {
        self.distance.get(tile).copied().filter(|&d| d != UNREACHED)
    }

    /// Reached tiles in search order (non-decreasing distance).
    pub fn reached(&self) -> impl Iterator<Item = usize> + '_ {
        self.order.iter().map(|&entry| {
            let (x, y, _) = unpack(entry);
            y * self.width + x
        })
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
        self.powered_count(radius) == self.distance.len()
    }

    /// The reached tile farthest from the station and its distance.
    pub fn farthest(&self) -> (usize, u32) {
        match self.reached().last() {
            Some(tile) => (tile, self.level_ends.len() as u32 - 1),
            None => (0, 0),
        }
    }
}

/// The level-by-level search; returns how many tiles it reached.
///
/// Branch-free in the inner loop: every direction is tried (`DIRS` is the
/// topology's count, so the loop unrolls), a candidate is written at `len`
/// and `len` only advances for a real visit. A direction without a wire
/// still computes some tile on the board (steps always fold back across
/// edges) but changes nothing there. On plain slices, so the compiler knows
/// the queue and the tile bytes do not overlap.
fn search<const DIRS: usize>(
    steps: &Steps,
    order: &mut [u32],
    unvisited: &mut [u8],
    level_ends: &mut Vec<u32>,
    station: (usize, usize),
) -> usize {
    let width = steps.width as usize;
    let (sx, sy) = station;
    let first = sy * width + sx;
    order[0] = pack(sx, sy, unvisited[first]);
    unvisited[first] = 0;
    let (mut start, mut len) = (0, 1);
    while start < len {
        let end = len;
        level_ends.push(end as u32);
        for i in start..end {
            let (x, y, wires) = unpack(order[i]);
            for d in 0..DIRS {
                let (nx, ny) = steps.step(x, y, d);
                let other = ny * width + nx;
                let other_wires = unvisited[other];
                let visit = (wires >> d) & 1 != 0 && other_wires & steps.back[d] != 0;
                order[len] = pack(nx, ny, other_wires);
                len += usize::from(visit);
                unvisited[other] = if visit { 0 } else { other_wires };
            }
        }
        start = end;
    }
    len
}

/// The search on a non-wrapping board. Tile bytes sit in a grid padded with
/// a border of empty tiles, so every direction of every tile is a fixed index
/// offset away (per row parity) and stays in bounds: the inner loop tries all
/// `DIRS` directions without a branch, as in [`search`].
fn search_padded<const DIRS: usize>(
    steps: &Steps,
    order: &mut [u32],
    padded: &mut [u8],
    level_ends: &mut Vec<u32>,
    station: (usize, usize),
) -> usize {
    let stride = steps.width + 2;
    let mut delta = [[0isize; DIRS]; 2];
    for (parity, row) in delta.iter_mut().enumerate() {
        for (d, slot) in row.iter_mut().enumerate() {
            let (dx, dy) = steps.offsets[parity][d];
            *slot = dy * stride + dx;
        }
    }
    let at = |x: usize, y: usize| (y + 1) * stride as usize + x + 1;
    let (sx, sy) = station;
    order[0] = pack(sx, sy, padded[at(sx, sy)]);
    padded[at(sx, sy)] = 0;
    let (mut start, mut len) = (0, 1);
    while start < len {
        let end = len;
        level_ends.push(end as u32);
        for i in start..end {
            let (x, y, wires) = unpack(order[i]);
            let here = at(x, y) as isize;
            for (d, &offset) in delta[y & 1].iter().enumerate() {
                let other = (here + offset) as usize;
                let (dx, dy) = steps.offsets[y & 1][d];
                let other_wires = padded[other];
                let visit = (wires >> d) & 1 != 0 && other_wires & steps.back[d] != 0;
                let (nx, ny) = ((x as isize + dx) as usize, (y as isize + dy) as usize);
                order[len] = pack(nx, ny, other_wires);
                len += usize::from(visit);
                padded[other] = if visit { 0 } else { other_wires };
            }
        }
        start = end;
    }
    len
}

/// Neighbour arithmetic without branches. The search only follows wires that
/// lead to a neighbour (the board's open directions), so a step never leaves
/// the board except across a wrapping edge, which the selects below fold back.
struct Steps {
    /// `(dx, dy)` by row parity and direction.
    offsets: [[(isize, isize); 8]; 2],
    /// The bit of the opposite direction.
    back: [u8; 8],
    width: isize,
    height: isize,
}

impl Steps {
    fn new(grid: &lightemall_model::Grid) -> Steps {
        let topology = grid.topology();
        let mut steps = Steps {
            offsets: [[(0, 0); 8]; 2],
            back: [0; 8],
            width: grid.width() as isize,
            height: grid.height() as isize,
        };
        for (parity, row) in grid.offset_table().iter().enumerate() {
            for (d, &(dx, dy)) in row.iter().enumerate() {
                steps.offsets[parity][d] = (isize::from(dx), isize::from(dy));
            }
        }
        for d in topology.directions() {
            steps.back[usize::from(d.0)] = topology.opposite(d).bit();
        }
        steps
    }

    #[inline]
    fn step(&self, x: usize, y: usize, d: usize) -> (usize, usize) {
        let (dx, dy) = self.offsets[y & 1][d];
        let wrap = |v: isize, len: isize| {
            let v = if v < 0 { v + len } else { v };
            if v >= len { v - len } else { v }
        };
        (
            wrap(x as isize + dx, self.width) as usize,
            wrap(y as isize + dy, self.height) as usize,
        )
    }
}

fn pack(x: usize, y: usize, wires: u8) -> u32 {
    x as u32 | (y as u32) << SIDE_BITS | u32::from(wires) << (2 * SIDE_BITS)
}

fn unpack(entry: u32) -> (usize, usize, u8) {
    let mask = (1 << SIDE_BITS) - 1;
    (
        (entry & mask) as usize,
        (entry >> SIDE_BITS & mask) as usize,
        (entry >> (2 * SIDE_BITS)) as u8,
    )
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
