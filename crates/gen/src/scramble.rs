//! Scrambling: each tile turned a random number of steps, never leaving the
//! board already solved.

use crate::random::Random;
use lightemall_model::Board;

/// The solved board with each tile rotated by a random number of steps. If
/// that happens to solve the board (likely only on tiny boards), the first
/// leaf is turned one more step: its neighbour's wire then points at nothing,
/// so the board is not solved as it stands.
pub fn scramble(solution: &Board, random: &mut Random) -> Board {
    let topology = solution.grid().topology();
    let n = u16::from(topology.direction_count());
    let mut board = solution.clone();
    for index in 0..board.grid().len() {
        board.rotate(index, u32::from(random.small_below(n)));
    }
    if board.check_solved().is_ok()
        && let Some(leaf) = board.tiles().iter().position(|t| t.degree() == 1)
    {
        board.rotate(leaf, 1);
    }
    board
}
