//! Par: the fewest moves that turn the scrambled tiles into a solution.
//!
//! Each tile turns independently, so par is a sum over tiles of the fewest
//! turns from its scrambled orientation to its solved one. A symmetric tile
//! has several rotations that look solved (a straight line on a square
//! board is solved turned by 0 or by 2), and the fewest counts.

use lightemall_model::{Tile, Topology};

/// Which turns a move may make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turns {
    /// Clockwise only (a left click).
    Clockwise,
    /// Either way (left or right click).
    EitherWay,
}

/// The fewest moves that turn `scrambled` into `solution`, tile by tile, or
/// `None` if some solved tile is not a rotation of its scrambled one.
pub fn par(topology: Topology, scrambled: &[Tile], solution: &[Tile], turns: Turns) -> Option<u64> {
    if scrambled.len() != solution.len() {
        return None;
    }
    scrambled
        .iter()
        .zip(solution)
        .map(|(&from, &to)| fewest_turns(topology, from, to, turns).map(u64::from))
        .sum()
}

/// The fewest turns of one tile.
pub fn fewest_turns(topology: Topology, from: Tile, to: Tile, turns: Turns) -> Option<u32> {
    let n = u32::from(topology.direction_count());
    (0..n)
        .filter(|&k| from.rotated(topology, k) == to)
        .map(|k| match turns {
            Turns::Clockwise => k,
            Turns::EitherWay => k.min(n - k),
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_tiles_take_the_shortest_way() {
        let sq = Topology::Square;
        let (cw, either) = (Turns::Clockwise, Turns::EitherWay);
        // A corner N+E to W+N: three clockwise turns, or one anticlockwise.
        assert_eq!(fewest_turns(sq, Tile(3), Tile(9), cw), Some(3));
        assert_eq!(fewest_turns(sq, Tile(3), Tile(9), either), Some(1));
        // A straight line N+S to E+W: one turn either way, never three.
        assert_eq!(fewest_turns(sq, Tile(5), Tile(10), cw), Some(1));
        assert_eq!(fewest_turns(sq, Tile(5), Tile(5), cw), Some(0));
        // A cross or an empty tile is always solved.
        assert_eq!(fewest_turns(sq, Tile(15), Tile(15), cw), Some(0));
        // Not a rotation.
        assert_eq!(fewest_turns(sq, Tile(1), Tile(3), cw), None);
        // Hex: a wire NE to W is four clockwise, two anticlockwise.
        assert_eq!(fewest_turns(Topology::Hex, Tile(1), Tile(16), cw), Some(4));
        assert_eq!(
            fewest_turns(Topology::Hex, Tile(1), Tile(16), either),
            Some(2)
        );
        assert_eq!(
            par(sq, &[Tile(3), Tile(5)], &[Tile(9), Tile(10)], cw),
            Some(4)
        );
        assert_eq!(
            par(sq, &[Tile(3), Tile(5)], &[Tile(9), Tile(10)], either),
            Some(2)
        );
        assert_eq!(par(sq, &[Tile(3)], &[], cw), None);
    }
}
