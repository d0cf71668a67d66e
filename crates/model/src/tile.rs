//! A tile: the set of directions its wires point to, as a bit mask.

use crate::topology::{Dir, Topology};

/// A tile's wires as a direction mask: bit `i` set means a wire toward direction `i`.
///
/// A tile does not know its topology; operations that depend on the number of
/// directions take the [`Topology`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(pub u8);

impl Tile {
    /// The tile with no wires.
    pub const EMPTY: Tile = Tile(0);

    /// Whether the tile has a wire toward `dir`.
    #[inline]
    pub const fn has(self, dir: Dir) -> bool {
        self.0 & dir.bit() != 0
    }

    /// The number of wires.
    #[inline]
    pub const fn degree(self) -> u32 {
        self.0.count_ones()
    }

    /// The tile with a wire toward `dir` added.
    #[inline]
    pub const fn with(self, dir: Dir) -> Tile {
        Tile(self.0 | dir.bit())
    }

    /// The tile turned clockwise by `steps` steps: a wire at `i` moves to `i + steps`.
    #[inline]
    pub fn rotated(self, topology: Topology, steps: u32) -> Tile {
        let n = u32::from(topology.direction_count());
        let k = steps % n;
        if k == 0 {
            return self;
        }
        let mask = u32::from(self.0);
        let full = u32::from(topology.full_mask());
        Tile((((mask << k) | (mask >> (n - k))) & full) as u8)
    }

    /// The tile turned clockwise by one step.
    pub fn rotated_cw(self, topology: Topology) -> Tile {
        self.rotated(topology, 1)
    }

    /// The tile turned anticlockwise by one step.
    pub fn rotated_ccw(self, topology: Topology) -> Tile {
        self.rotated(topology, u32::from(topology.direction_count()) - 1)
    }

    /// The fewest clockwise steps (0..n) that turn `self` into `target`,
    /// or `None` if `target` is not a rotation of `self`.
    pub fn steps_to(self, topology: Topology, target: Tile) -> Option<u32> {
        (0..u32::from(topology.direction_count())).find(|&k| self.rotated(topology, k) == target)
    }

    /// The number of distinct orientations of this tile (1 for an empty or full
    /// tile, 2 for a straight line on a square board, `n` for most).
    pub fn orientation_count(self, topology: Topology) -> u32 {
        (1..=u32::from(topology.direction_count()))
            .find(|&k| self.rotated(topology, k) == self)
            .unwrap_or(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_each_wire_one_step_clockwise() {
        let sq = Topology::Square;
        // N -> E -> S -> W -> N
        assert_eq!(Tile(1).rotated_cw(sq), Tile(2));
        assert_eq!(Tile(8).rotated_cw(sq), Tile(1));
        assert_eq!(Tile(8).rotated_ccw(sq), Tile(4));
        // corner N+E -> E+S
        assert_eq!(Tile(3).rotated_cw(sq), Tile(6));
        assert_eq!(Tile(0x80).rotated_cw(Topology::Octo), Tile(1));
        assert_eq!(Tile(0b10_0001).rotated_cw(Topology::Hex), Tile(0b00_0011));
    }

    #[test]
    fn n_rotations_are_the_identity() {
        for topology in Topology::ALL {
            let n = u32::from(topology.direction_count());
            for mask in 0..=topology.full_mask() {
                let tile = Tile(mask);
                assert_eq!(tile.rotated(topology, n), tile);
                assert_eq!(tile.rotated_cw(topology).rotated_ccw(topology), tile);
                let steps = tile.orientation_count(topology);
                assert_eq!(tile.rotated(topology, steps), tile);
                assert_eq!(n % steps, 0);
            }
        }
    }

    #[test]
    fn symmetric_tiles_have_fewer_orientations() {
        let sq = Topology::Square;
        assert_eq!(Tile(0).orientation_count(sq), 1);
        assert_eq!(Tile(15).orientation_count(sq), 1);
        assert_eq!(Tile(5).orientation_count(sq), 2);
        assert_eq!(Tile(3).orientation_count(sq), 4);
        assert_eq!(Tile(0b1001).orientation_count(Topology::Hex), 3);
        assert_eq!(Tile(3).steps_to(sq, Tile(9)), Some(3));
        assert_eq!(Tile(3).steps_to(sq, Tile(5)), None);
    }
}
