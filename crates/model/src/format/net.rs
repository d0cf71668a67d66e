//! Net game IDs from Simon Tatham's Portable Puzzle Collection.
//!
//! `WxH[w]:desc`, where `desc` has one hex digit per tile, row-major, with bits
//! R=1 U=2 L=4 D=8, each optionally followed by `v` (a barrier right of the
//! tile) and `h` (a barrier below it). Net IDs describe square boards only.

use super::hex_digit;
use crate::board::Board;
use crate::error::ParseError;
use crate::grid::{Grid, parse_size};
use crate::tile::Tile;
use crate::topology::{Dir, Topology};

const WHAT: &str = "Net game ID";

/// Our square directions (N E S W) paired with Net's bits (U=2 R=1 D=8 L=4).
const NET_BITS: [(u8, u8); 4] = [(1, 2), (2, 1), (4, 8), (8, 4)];
const EAST: Dir = Dir(1);
const SOUTH: Dir = Dir(2);

fn from_net_bits(net: u8) -> Tile {
    Tile(
        NET_BITS
            .iter()
            .filter(|(_, n)| net & n != 0)
            .fold(0, |m, (ours, _)| m | ours),
    )
}

fn to_net_bits(tile: Tile) -> u8 {
    NET_BITS
        .iter()
        .filter(|(ours, _)| tile.0 & ours != 0)
        .fold(0, |m, (_, n)| m | n)
}

/// Whether `text` looks like a Net game ID (`WxH[w]:...`) rather than another form.
pub fn looks_like_net_id(text: &str) -> bool {
    text.split_once(':')
        .is_some_and(|(params, _)| params.starts_with(|c: char| c.is_ascii_digit()))
}

/// Read a Net game ID (`WxH[w]:desc`) as a square board.
pub fn parse_net_id(text: &str) -> Result<Board, ParseError> {
    let text = text.trim();
    let (params, desc) = text
        .split_once(':')
        .ok_or_else(|| ParseError::new(WHAT, 1, "expected 'WxH:' before the tiles"))?;
    let (width, height, wrap) = parse_size(params).map_err(|m| ParseError::new(WHAT, 1, m))?;
    let grid = Grid::new(Topology::Square, width, height, wrap)
        .map_err(|e| ParseError::new(WHAT, 1, e.to_string()))?;
    parse_net_desc(grid, desc, params.len() + 2)
}

/// Read the part of a Net game ID after the colon for a square `grid`.
/// `column` is the 1-based position of `desc` in the whole text, for errors.
pub fn parse_net_desc(grid: Grid, desc: &str, column: usize) -> Result<Board, ParseError> {
    let mut tiles = Vec::with_capacity(grid.len());
    // A mask per tile, not a list: repeated barriers (`1vvvv...`) cost
    // nothing, where a list grew 16 bytes a letter (282 MB for 16 MB).
    let mut barriers = vec![0u8; grid.len()];
    for (offset, byte) in desc.bytes().enumerate() {
        let at = column + offset;
        match byte {
            b'v' | b'h' if tiles.is_empty() => {
                return Err(ParseError::new(WHAT, at, "a barrier before any tile"));
            }
            b'v' => barriers[tiles.len() - 1] |= EAST.bit(),
            b'h' => barriers[tiles.len() - 1] |= SOUTH.bit(),
            _ => {
                let value = super::hex_value(byte).ok_or_else(|| {
                    let found = super::char_at(desc, offset);
                    ParseError::new(WHAT, at, format!("unexpected '{found}'"))
                })?;
                if tiles.len() == grid.len() {
                    return Err(ParseError::new(
                        WHAT,
                        at,
                        format!(
                            "more than {} tiles for a {} board",
                            grid.len(),
                            grid.size_label()
                        ),
                    ));
                }
                tiles.push(from_net_bits(value));
            }
        }
    }
    if tiles.len() != grid.len() {
        return Err(ParseError::new(
            WHAT,
            column + desc.len(),
            format!(
                "{} tiles for a {} board, which has {}",
                tiles.len(),
                grid.size_label(),
                grid.len()
            ),
        ));
    }
    let mut board =
        Board::new(grid, tiles).map_err(|e| ParseError::new(WHAT, column, e.to_string()))?;
    for (index, mask) in barriers.into_iter().enumerate() {
        board.add_barriers(index, mask);
    }
    Ok(board)
}

/// The board as a Net game ID, or `None` if it is not a square board.
pub fn to_net_id(board: &Board) -> Option<String> {
    let grid = board.grid();
    if grid.topology() != Topology::Square {
        return None;
    }
    let mut out = format!("{}:", grid.size_label());
    out.push_str(&net_desc(board));
    Some(out)
}

/// The tiles and barriers of a square board as Net's `desc` (the part after the colon).
pub fn net_desc(board: &Board) -> String {
    let mut out = String::with_capacity(board.grid().len() + 16);
    for (index, &tile) in board.tiles().iter().enumerate() {
        out.push(hex_digit(to_net_bits(tile)));
        if board.has_barrier(index, EAST) {
            out.push('v');
        }
        if board.has_barrier(index, SOUTH) {
            out.push('h');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn net_bits_map_to_ours() {
        // Net: R=1 U=2 L=4 D=8. Ours: N=1 E=2 S=4 W=8.
        assert_eq!(from_net_bits(1), Tile(2));
        assert_eq!(from_net_bits(2), Tile(1));
        assert_eq!(from_net_bits(4), Tile(8));
        assert_eq!(from_net_bits(8), Tile(4));
        for v in 0..16 {
            assert_eq!(to_net_bits(from_net_bits(v)), v);
        }
    }

    #[test]
    fn reads_and_writes_with_barriers() {
        let id = "3x2w:1v2h34vh56";
        let board = parse_net_id(id).expect("valid id");
        assert!(board.grid().wrap());
        assert!(board.has_barrier(0, EAST));
        assert!(board.has_barrier(1, SOUTH));
        assert!(board.has_barrier(3, EAST) && board.has_barrier(3, SOUTH));
        assert_eq!(to_net_id(&board).as_deref(), Some(id));
    }

    #[test]
    fn errors_say_where() {
        let check = |id: &str, column: usize| {
            let err = parse_net_id(id).expect_err(id);
            assert_eq!(err.column, column, "{id}: {err}");
        };
        check("2x2:12g4", 7);
        check("2x2:123", 8);
        check("2x2:12345", 9);
        check("2x2:v1234", 5);
        check("2x2", 1);
        check("0x5:1", 1);
        check("100000x100000:1", 1);
        check("3x3w5:1", 1);
    }

    #[test]
    fn a_character_outside_ascii_is_named_whole() {
        let err = parse_net_id("2x2:12€4").expect_err("not hex");
        assert_eq!((err.column, err.message.as_str()), (7, "unexpected '€'"));
    }
}
