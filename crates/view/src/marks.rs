//! Error marks: wires that cannot be part of a solution as the board stands.
//! A wire is marked when it points off the board or into a barrier, when it
//! points at a locked tile with no wire back, or when it lies on a loop.
//!
//! Loops are found as the 2-core of the connected wires (leaves pruned until
//! none is left): every loop is marked, and so is a wire that joins two loops.

use lightemall_model::{Board, Dir};

/// Per tile, the mask of its wires marked as errors. `locked` may be empty.
pub fn error_marks(board: &Board, locked: &[bool]) -> Vec<u8> {
    let mut marks = dangling(board, locked);
    for (mark, lp) in marks.iter_mut().zip(loops(board)) {
        *mark |= lp;
    }
    marks
}

fn is_locked(locked: &[bool], tile: usize) -> bool {
    locked.get(tile).copied().unwrap_or(false)
}

/// Wires off the board, into a barrier, or at a locked tile that does not answer.
fn dangling(board: &Board, locked: &[bool]) -> Vec<u8> {
    let grid = board.grid();
    let topology = grid.topology();
    (0..grid.len())
        .map(|i| {
            let tile = board.tile(i);
            let blocked = tile.0 & !board.open_directions(i);
            let unanswered = topology
                .directions()
                .filter(|&d| tile.has(d) && board.open_directions(i) & d.bit() != 0)
                .filter(|&d| {
                    grid.neighbour(i, d).is_some_and(|j| {
                        is_locked(locked, j) && !board.tile(j).has(topology.opposite(d))
                    })
                })
                .fold(0, |m, d| m | d.bit());
            blocked | unanswered
        })
        .collect()
}

/// Linked neighbours of `i`, as (direction, tile).
fn links(board: &Board, i: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
    board
        .grid()
        .topology()
        .directions()
        .filter_map(move |d| board.linked(i, d).map(|j| (d, j)))
}

/// Wires on loops: prune tiles with fewer than two links until none is left.
fn loops(board: &Board) -> Vec<u8> {
    let n = board.grid().len();
    let mut degree: Vec<u32> = (0..n).map(|i| links(board, i).count() as u32).collect();
    let mut alive = vec![true; n];
    let mut queue: Vec<usize> = (0..n).filter(|&i| degree[i] < 2).collect();
    while let Some(i) = queue.pop() {
        if !alive[i] {
            continue;
        }
        alive[i] = false;
        for (_, j) in links(board, i) {
            if alive[j] {
                degree[j] = degree[j].saturating_sub(1);
                if degree[j] < 2 {
                    queue.push(j);
                }
            }
        }
    }
    (0..n)
        .map(|i| {
            if !alive[i] {
                return 0;
            }
            links(board, i)
                .filter(|&(_, j)| alive[j])
                .fold(0, |m, (d, _)| m | d.bit())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::format::net::parse_net_id;
    use lightemall_model::{Grid, Tile, Topology};

    fn square(w: usize, h: usize, masks: &[u8]) -> Board {
        let grid = Grid::new(Topology::Square, w, h, false).expect("valid grid");
        Board::new(grid, masks.iter().map(|&m| Tile(m)).collect()).expect("valid board")
    }

    #[test]
    fn a_loop_is_marked_and_a_tree_is_not() {
        // ┌┐ / └┘ (N=1 E=2 S=4 W=8)
        assert_eq!(
            error_marks(&square(2, 2, &[6, 12, 3, 9]), &[]),
            vec![6, 12, 3, 9]
        );
        assert_eq!(error_marks(&square(2, 2, &[6, 12, 1, 1]), &[]), vec![0; 4]);
    }

    #[test]
    fn wires_off_the_board_or_at_a_locked_mismatch() {
        // (0,0) points N off the board; (1,0) points W at (0,0).
        let board = square(2, 2, &[1, 8, 0, 0]);
        assert_eq!(error_marks(&board, &[]), vec![1, 0, 0, 0]);
        assert_eq!(
            error_marks(&board, &[true, false, false, false]),
            vec![1, 8, 0, 0]
        );
    }

    #[test]
    fn barriers_count_as_edges() {
        let board = parse_net_id("2x2:1v400").expect("valid id");
        assert_eq!(error_marks(&board, &[])[0], 2);
    }
}
