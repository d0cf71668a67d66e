//! Scrambling: each tile turned a random number of steps, never leaving the
//! board already solved.

use crate::random::Random;
use lightemall_model::{Board, Tile};

/// The solution's tiles, each rotated by a random number of steps. If that
/// happens to solve the board (likely only on tiny boards), the first leaf is
/// turned one more step: its neighbour's wire then points at nothing, so the
/// board cannot be solved.
pub fn scramble(solution: &Board, random: &mut Random) -> Vec<Tile> {
    let topology = solution.grid().topology();
    let n = u16::from(topology.direction_count());
    let mut tiles: Vec<Tile> = solution
        .tiles()
        .iter()
        .map(|tile| tile.rotated(topology, u32::from(random.small_below(n))))
        .collect();
    let still_solved = solution
        .with_tiles(tiles.clone())
        .is_ok_and(|board| board.check_solved().is_ok());
    if still_solved {
        if let Some(leaf) = tiles.iter_mut().find(|t| t.degree() == 1) {
            *leaf = leaf.rotated_cw(topology);
        }
    }
    tiles
}
