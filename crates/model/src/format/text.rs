//! A plain-text picture of a board, for tests, debugging and `--format text`.
//!
//! Square boards draw each tile as a box-drawing character. When the board has
//! barriers, a column between tiles shows `┃` for a barrier on the right and a
//! line between rows shows `━` for a barrier below. Octo and hex boards write
//! each tile as two hex digits of its mask; hex boards indent odd rows.

use super::hex_digit;
use crate::board::Board;
use crate::topology::{CellShape, Dir, Topology};

/// Box-drawing characters indexed by square mask (N=1 E=2 S=4 W=8).
const BOX: [char; 16] = [
    '·', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
];

/// The tile of a square board drawn as one character.
pub fn box_char(mask: u8) -> char {
    BOX[usize::from(mask & 15)]
}

/// A picture of the board, one line per row (plus barrier lines if any).
pub fn picture(board: &Board) -> String {
    if board.grid().topology() == Topology::Square {
        square_picture(board)
    } else {
        digit_picture(board)
    }
}

fn square_picture(board: &Board) -> String {
    let grid = board.grid();
    let barriers = board.has_barriers();
    let mut out = String::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            let index = grid.index(x, y);
            out.push(box_char(board.tile(index).0));
            if barriers {
                out.push(if board.has_barrier(index, Dir(1)) {
                    '┃'
                } else {
                    ' '
                });
            }
        }
        end_line(&mut out);
        if barriers {
            for x in 0..grid.width() {
                let below = board.has_barrier(grid.index(x, y), Dir(2));
                out.push(if below { '━' } else { ' ' });
                out.push(' ');
            }
            end_line(&mut out);
        }
    }
    out
}

/// End a line without trailing spaces.
fn end_line(out: &mut String) {
    out.truncate(out.trim_end_matches(' ').len());
    out.push('\n');
}

fn digit_picture(board: &Board) -> String {
    let grid = board.grid();
    let mut out = String::new();
    for y in 0..grid.height() {
        if grid.topology().spec().shape == CellShape::Hexagon && y % 2 == 1 {
            out.push_str("  ");
        }
        for x in 0..grid.width() {
            let mask = board.tile(grid.index(x, y)).0;
            if x > 0 {
                out.push_str("  ");
            }
            out.push(hex_digit(mask >> 4));
            out.push(hex_digit(mask));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::net::parse_net_id;

    #[test]
    fn square_boards_draw_with_box_characters() {
        // Net bits R=1 U=2 L=4 D=8: 9 = R+D (┌), 4 = L (╴), 2 = U (╵), 0 = empty.
        let board = parse_net_id("2x2:9420").expect("valid");
        insta::assert_snapshot!(picture(&board), @r"
        ┌╴
        ╵·
        ");
    }

    #[test]
    fn barriers_are_drawn_between_tiles() {
        let board = parse_net_id("2x2:9v4h20").expect("valid");
        insta::assert_snapshot!(picture(&board), @r"
        ┌┃╴
          ━
        ╵ ·
        ");
    }
}
