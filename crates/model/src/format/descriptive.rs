//! Descriptive puzzle IDs: the tiles themselves, for any topology.
//!
//! `TOPOLOGY:WxH[w]:TILES[/BARRIERS][@X,Y]`, e.g. `hex:4x4:0a1b...@2,1`.
//! `TILES` has one hex digit per tile for square boards and two for octo and
//! hex boards (the direction mask of the contract). `BARRIERS`, if present,
//! has as many digits: per tile, the mask of directions blocked by a barrier.
//! `@X,Y` places the power station (default `0,0`).

use super::{hex_digit, hex_value};
use crate::board::Board;
use crate::error::ParseError;
use crate::grid::{Grid, parse_size};
use crate::puzzle::Puzzle;
use crate::tile::Tile;
use crate::topology::Topology;

const WHAT: &str = "puzzle ID";

fn digits_per_tile(topology: Topology) -> usize {
    if topology.direction_count() > 4 { 2 } else { 1 }
}

/// A station position as written in an ID, not yet checked against a board.
pub type StationXY = (u64, u64);

/// Split a trailing `@X,Y` station off an ID: the rest, and the station if present.
pub fn split_station(text: &str) -> Result<(&str, Option<StationXY>), ParseError> {
    let Some((body, station)) = text.rsplit_once('@') else {
        return Ok((text, None));
    };
    let column = body.chars().count() + 2;
    let bad = || {
        ParseError::new(
            WHAT,
            column,
            format!("station '{station}' is not of the form X,Y"),
        )
    };
    let (x, y) = station.split_once(',').ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
    Ok((body, Some((number(x)?, number(y)?))))
}

/// The `@X,Y` suffix for a station, empty for the default `(0, 0)`.
pub fn station_suffix(grid: &Grid, station: usize) -> String {
    match grid.coords(station) {
        (0, 0) => String::new(),
        (x, y) => format!("@{x},{y}"),
    }
}

/// Whether `text` starts with a topology name and a colon.
pub fn starts_with_topology(text: &str) -> bool {
    text.split_once(':')
        .is_some_and(|(head, _)| head.parse::<Topology>().is_ok())
}

/// Read a descriptive ID.
pub fn parse_descriptive_id(text: &str) -> Result<Puzzle, ParseError> {
    let text = text.trim();
    let (body, station) = split_station(text)?;
    let mut fields = body.splitn(3, ':');
    let (Some(topology), Some(size), Some(rest)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err(ParseError::new(WHAT, 1, "expected TOPOLOGY:WxH:TILES"));
    };
    let topology: Topology = topology
        .parse()
        .map_err(|e: crate::UnknownTopology| ParseError::new(WHAT, 1, e.to_string()))?;
    let size_column = topology.name().len() + 2;
    let (width, height, wrap) =
        parse_size(size).map_err(|m| ParseError::new(WHAT, size_column, m))?;
    let grid = Grid::new(topology, width, height, wrap)
        .map_err(|e| ParseError::new(WHAT, size_column, e.to_string()))?;
    let tiles_column = size_column + size.chars().count() + 1;
    let (tiles, barriers) = match rest.split_once('/') {
        Some((tiles, barriers)) => (tiles, Some(barriers)),
        None => (rest, None),
    };
    let masks = read_masks(grid, tiles, tiles_column)?;
    let mut board = Board::new(grid, masks.into_iter().map(Tile).collect())
        .map_err(|e| ParseError::new(WHAT, tiles_column, e.to_string()))?;
    if let Some(barriers) = barriers {
        let column = tiles_column + tiles.chars().count() + 1;
        let per_tile = digits_per_tile(topology);
        for (index, mask) in read_masks(grid, barriers, column)?.into_iter().enumerate() {
            if mask & !grid.open_directions(index) != 0 {
                let (x, y) = grid.coords(index);
                return Err(ParseError::new(
                    WHAT,
                    column + index * per_tile,
                    format!("tile ({x}, {y}) has a barrier toward no neighbour (mask {mask})"),
                ));
            }
            board.add_barriers(index, mask);
        }
    }
    let station = match station {
        Some((x, y)) => grid
            .checked_index(x, y)
            .map_err(|e| ParseError::new(WHAT, body.chars().count() + 2, e.to_string()))?,
        None => 0,
    };
    Ok(Puzzle {
        board,
        solution: None,
        station,
    })
}

fn read_masks(grid: Grid, digits: &str, column: usize) -> Result<Vec<u8>, ParseError> {
    let per_tile = digits_per_tile(grid.topology());
    let expected = grid.len() * per_tile;
    // Characters, not bytes: `12３4` is four characters, one of them wrong.
    if let Some((offset, found)) = digits
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_hexdigit())
    {
        return Err(ParseError::new(
            WHAT,
            column + offset,
            format!("unexpected '{found}'"),
        ));
    }
    let found = digits.chars().count();
    if found != expected {
        return Err(ParseError::new(
            WHAT,
            column,
            format!(
                "{found} digits for a {} board, which needs {expected}",
                grid.size_label()
            ),
        ));
    }
    let full = grid.topology().full_mask();
    let mut masks = Vec::with_capacity(grid.len());
    for (tile, chunk) in digits.as_bytes().chunks(per_tile).enumerate() {
        let at = column + tile * per_tile;
        let mut mask = 0u16;
        for (k, &byte) in chunk.iter().enumerate() {
            let value = hex_value(byte).ok_or_else(|| {
                let offset = tile * per_tile + k;
                let found = super::char_at(digits, offset);
                ParseError::new(WHAT, at + k, format!("unexpected '{found}'"))
            })?;
            mask = mask << 4 | u16::from(value);
        }
        if mask > u16::from(full) {
            return Err(ParseError::new(
                WHAT,
                at,
                format!(
                    "mask {mask} has directions a {} board lacks",
                    grid.topology()
                ),
            ));
        }
        masks.push(mask as u8);
    }
    Ok(masks)
}

/// The puzzle's board and station as a descriptive ID.
pub fn to_descriptive_id(board: &Board, station: usize) -> String {
    let grid = board.grid();
    let mut out = format!("{}:{}:", grid.topology(), grid.size_label());
    write_masks(&mut out, grid.topology(), board.tiles().iter().map(|t| t.0));
    if board.has_barriers() {
        out.push('/');
        let barriers = (0..grid.len()).map(|i| board.barrier_mask(i));
        write_masks(&mut out, grid.topology(), barriers);
    }
    out.push_str(&station_suffix(grid, station));
    out
}

fn write_masks(out: &mut String, topology: Topology, masks: impl Iterator<Item = u8>) {
    let two = digits_per_tile(topology) == 2;
    for mask in masks {
        if two {
            out.push(hex_digit(mask >> 4));
        }
        out.push(hex_digit(mask));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_topology() {
        for id in [
            "square:2x2:1234",
            "square:3x2w:123456/028000@2,1",
            "octo:2x2:ff01807f",
            "hex:2x2w:3f010203/04002000",
        ] {
            let puzzle = parse_descriptive_id(id).expect(id);
            assert_eq!(to_descriptive_id(&puzzle.board, puzzle.station), id);
        }
    }

    #[test]
    fn errors_say_where() {
        let check = |id: &str, column: usize| {
            let err = parse_descriptive_id(id).expect_err(id);
            assert_eq!(err.column, column, "{id}: {err}");
        };
        check("cube:2x2:1234", 1);
        check("square:2x0:1234", 8);
        check("square:2x2:12345", 12);
        check("square:2x2:12g4", 14);
        check("hex:2x2:4000000000", 9);
        check("hex:2x2:00400000", 11);
        check("square:2x2:1234@5,5", 17);
        check("square:2x2:1234@a", 17);
        check("hex:2x3w:123456", 5);
    }

    #[test]
    fn a_character_outside_ascii_is_named_whole() {
        let err = parse_descriptive_id("square:2x2:1é4").expect_err("not hex");
        assert_eq!(err.message, "unexpected 'é'");
        // Counted in characters: four digits, the third not one (was "6 digits").
        let err = parse_descriptive_id("square:2x2:12３4").expect_err("not hex");
        assert_eq!((err.column, err.message.as_str()), (14, "unexpected '３'"));
        let err = parse_descriptive_id("square:2x2:12３45").expect_err("not hex");
        assert_eq!((err.column, err.message.as_str()), (14, "unexpected '３'"));
        let err = parse_descriptive_id("square:2x2:1234@é").expect_err("bad station");
        assert_eq!(err.column, 17);
    }

    #[test]
    fn a_barrier_toward_no_neighbour_is_refused() {
        let err = parse_descriptive_id("square:2x2:1234/1000").expect_err("off the board");
        assert_eq!(err.column, 17, "{err}");
        assert!(err.message.contains("tile (0, 0)"), "{err}");
        assert!(
            parse_descriptive_id("square:2x2w:1234/1000").is_ok(),
            "wraps"
        );
        assert!(
            parse_descriptive_id("square:2x2:1234/2000").is_ok(),
            "between two tiles"
        );
    }
}
