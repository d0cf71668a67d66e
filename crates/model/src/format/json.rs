//! The JSON form of a puzzle (docs/contracts.md, `lightemall gen --json`):
//! `{"id", "width", "height", "topology", "wrap", "station": [x, y],
//! "tiles": [...], "solution": [...], "barriers": [...]}`, tiles as row-major
//! direction masks. `barriers`, per tile the mask of blocked directions, is
//! present only when the board has barriers. `cells` is the grid-neutral
//! description (see [`crate::grids`]), one entry per tile in tile order:
//! `{"ports": k, "next": [[cell, port] or null, ...]}`, where each port
//! leads; a program can check a board by it without knowing the grid.
//!
//! Read back, everything is checked: a barrier must stand between two
//! tiles (not toward the edge of a board that does not wrap), and a
//! `solution` must be the tiles turned (each a rotation of its tile) into
//! a solved board, or `gen` would print and `render --solved` draw it.

use crate::board::Board;
use crate::error::ParseError;
use crate::grid::Grid;
use crate::grids::{GridCells, Port, Tiling};
use crate::puzzle::Puzzle;
use crate::tile::Tile;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

const WHAT: &str = "JSON puzzle";

/// The JSON object of a puzzle. Other fields may be added by callers; readers
/// ignore fields they do not know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleJson {
    /// The puzzle ID that reproduces the puzzle.
    #[serde(default)]
    pub id: String,
    /// Tiles per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `square`, `octo` or `hex`.
    pub topology: String,
    /// Whether the board wraps.
    #[serde(default)]
    pub wrap: bool,
    /// `[x, y]` of the power station.
    #[serde(default)]
    pub station: [u64; 2],
    /// The scrambled tiles.
    pub tiles: Vec<u8>,
    /// The solved tiles, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<u8>>,
    /// Per tile, the directions blocked by barriers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barriers: Option<Vec<u8>>,
    /// Per tile, its ports and where each leads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cells: Option<CellsJson>,
}

/// The `cells` of the JSON form: written from the grid itself (nothing
/// held per cell, so a million cells cost no memory to write), or read as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellsJson {
    /// The cells of a grid, to write.
    Of(GridCells),
    /// The cells as read, to check against the grid.
    Given(Vec<CellJson>),
}

/// One cell as read: its number of ports and where each leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellJson {
    /// How many ports.
    pub ports: u8,
    /// Per port, `[cell, port]` it leads to, or `null` off the board.
    pub next: Vec<Option<(u32, u8)>>,
}

impl Serialize for CellsJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            CellsJson::Given(cells) => cells.serialize(serializer),
            CellsJson::Of(grid) => {
                let mut seq = serializer.serialize_seq(Some(grid.cell_count()))?;
                for cell in 0..grid.cell_count() {
                    seq.serialize_element(&CellOf { grid, cell })?;
                }
                seq.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for CellsJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<CellJson>::deserialize(deserializer).map(CellsJson::Given)
    }
}

/// One cell of a grid, written as a [`CellJson`].
struct CellOf<'a> {
    grid: &'a GridCells,
    cell: usize,
}

impl Serialize for CellOf<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ports = self.grid.ports(self.cell);
        let next: Vec<Option<(usize, u8)>> = (0..ports)
            .map(|port| {
                let to = self.grid.across(Port {
                    cell: self.cell,
                    port,
                })?;
                Some((to.cell, to.port))
            })
            .collect();
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("ports", &ports)?;
        map.serialize_entry("next", &next)?;
        map.end()
    }
}

/// `given`, if it is exactly `grid`'s cells: first that every port it
/// names leads back (the description is symmetric), then that it is this
/// grid's.
fn check_cells(given: &[CellJson], grid: &GridCells) -> Result<(), String> {
    let n = given.len();
    if n != grid.cell_count() {
        return Err(format!("cells: {n} cells for {} tiles", grid.cell_count()));
    }
    for (cell, entry) in given.iter().enumerate() {
        if usize::from(entry.ports) != entry.next.len() {
            let ports = entry.ports;
            let listed = entry.next.len();
            return Err(format!(
                "cells: cell {cell} has {ports} ports but {listed} listed"
            ));
        }
        for (port, &to) in entry.next.iter().enumerate() {
            let Some((other, back)) = to else { continue };
            let leads_back = given
                .get(other as usize)
                .and_then(|c| c.next.get(usize::from(back)))
                .is_some_and(|&b| b == Some((cell as u32, port as u8)));
            if !leads_back {
                return Err(format!(
                    "cells: not symmetric: cell {cell} port {port} leads to cell {other} \
                     port {back}, which does not lead back"
                ));
            }
        }
    }
    for (cell, entry) in given.iter().enumerate() {
        let ports = grid.ports(cell);
        let expected = (0..ports).map(|port| {
            grid.across(Port { cell, port })
                .map(|to| (to.cell as u32, to.port))
        });
        if entry.ports != ports || !entry.next.iter().copied().eq(expected) {
            return Err(format!(
                "cells: cell {cell} is not as this board's grid has it"
            ));
        }
    }
    Ok(())
}

impl PuzzleJson {
    /// The JSON form of a puzzle with its ID.
    pub fn new(puzzle: &Puzzle, id: String) -> PuzzleJson {
        let board = &puzzle.board;
        let grid = board.grid();
        let (x, y) = grid.coords(puzzle.station);
        let masks = |tiles: &[Tile]| tiles.iter().map(|t| t.0).collect::<Vec<_>>();
        let barriers = board
            .has_barriers()
            .then(|| (0..grid.len()).map(|i| board.barrier_mask(i)).collect());
        PuzzleJson {
            id,
            width: grid.width(),
            height: grid.height(),
            topology: grid.topology().name().to_string(),
            wrap: grid.wrap(),
            station: [x as u64, y as u64],
            tiles: masks(board.tiles()),
            solution: puzzle.solution.as_deref().map(masks),
            barriers,
            cells: Some(CellsJson::Of(grid.cells())),
        }
    }

    /// Read JSON text into this form (no board checks yet).
    pub fn parse(text: &str) -> Result<PuzzleJson, ParseError> {
        serde_json::from_str(text)
            .map_err(|e| ParseError::new(WHAT, e.column(), format!("line {}: {e}", e.line())))
    }

    /// The puzzle this form describes, checked.
    pub fn to_puzzle(&self) -> Result<Puzzle, ParseError> {
        let err = |m: String| ParseError::new(WHAT, 1, m);
        let topology = self
            .topology
            .parse()
            .map_err(|e: crate::UnknownTopology| err(e.to_string()))?;
        let grid = Grid::new(topology, self.width, self.height, self.wrap)
            .map_err(|e| err(e.to_string()))?;
        let tiles = |masks: &[u8]| masks.iter().map(|&m| Tile(m)).collect::<Vec<_>>();
        let mut board =
            Board::new(grid, tiles(&self.tiles)).map_err(|e| err(format!("tiles: {e}")))?;
        if let Some(barriers) = &self.barriers {
            if barriers.len() != grid.len() {
                return Err(err(format!(
                    "{} barrier masks for {} tiles",
                    barriers.len(),
                    grid.len()
                )));
            }
            for (index, &mask) in barriers.iter().enumerate() {
                let off = mask & !grid.open_directions(index);
                if off != 0 {
                    let (x, y) = grid.coords(index);
                    return Err(err(format!(
                        "barriers: tile ({x}, {y}) has a barrier toward no neighbour \
                         (mask {mask}; {off} points off the board or is no direction)"
                    )));
                }
                board.add_barriers(index, mask);
            }
        }
        if let Some(CellsJson::Given(cells)) = &self.cells {
            check_cells(cells, &grid.cells()).map_err(err)?;
        }
        let solution = match &self.solution {
            Some(masks) => Some(checked_solution(&board, tiles(masks)).map_err(err)?),
            None => None,
        };
        let [x, y] = self.station;
        let station = grid
            .checked_index(x, y)
            .map_err(|e| err(format!("station: {e}")))?;
        Ok(Puzzle {
            board,
            solution,
            station,
        })
    }
}

/// `solution` if it is `board`'s tiles turned into a solved board.
fn checked_solution(board: &Board, solution: Vec<Tile>) -> Result<Vec<Tile>, String> {
    let solved = board
        .with_tiles(solution)
        .map_err(|e| format!("solution: {e}"))?;
    let grid = board.grid();
    let topology = grid.topology();
    for (index, (&tile, &to)) in board.tiles().iter().zip(solved.tiles()).enumerate() {
        if tile.steps_to(topology, to).is_none() {
            let (x, y) = grid.coords(index);
            return Err(format!(
                "solution: tile ({x}, {y}) is {} in the solution, which is no rotation of {}",
                to.0, tile.0
            ));
        }
    }
    solved
        .check_solved()
        .map_err(|e| format!("solution: not a solved board: {e}"))?;
    Ok(solved.tiles().to_vec())
}

/// Whether `text` looks like a JSON object.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::descriptive::parse_descriptive_id;

    #[test]
    fn round_trips() {
        let puzzle = parse_descriptive_id("hex:2x2w:3f010203/04002000@1,1").expect("valid");
        let json = PuzzleJson::new(&puzzle, "x".into());
        let text = serde_json::to_string(&json).expect("serialises");
        assert_eq!(
            PuzzleJson::parse(&text).and_then(|j| j.to_puzzle()),
            Ok(puzzle)
        );
    }

    #[test]
    fn a_solution_or_barriers_that_do_not_fit_are_refused() {
        let check = |text: &str, expected: &str| {
            let error = PuzzleJson::parse(text)
                .and_then(|j| j.to_puzzle())
                .expect_err(text)
                .to_string();
            assert!(error.contains(expected), "{text}: {error}");
        };
        let board = r#""width": 2, "height": 2, "topology": "square", "tiles": [3, 2, 6, 1]"#;
        check(
            r#"{"width":2,"height":2,"topology":"square","tiles":[1,1,1,1],"solution":[15,15,15,15]}"#,
            "tile (0, 0) is 15 in the solution, which is no rotation of 1",
        );
        // Rotations of the tiles (none turned), but not solved.
        check(
            &format!(r#"{{{board}, "solution": [3, 2, 6, 1]}}"#),
            "not a solved board",
        );
        check(
            &format!(r#"{{{board}, "barriers": [1, 0, 0, 0]}}"#),
            "tile (0, 0) has a barrier toward no neighbour",
        );
        check(
            &format!(r#"{{{board}, "barriers": [0, 0, 0, 64]}}"#),
            "tile (1, 1) has a barrier toward no neighbour",
        );
        // A real solution and a barrier between two tiles are fine.
        let good = format!(r#"{{{board}, "solution": [6, 8, 3, 8], "barriers": [0, 4, 0, 1]}}"#);
        let puzzle = PuzzleJson::parse(&good)
            .and_then(|j| j.to_puzzle())
            .expect("valid");
        assert!(puzzle.board.has_barriers());
        assert!(
            puzzle
                .solution_board()
                .expect("kept")
                .check_solved()
                .is_ok()
        );
    }

    /// The form an outside checker reads: per tile its ports, and where
    /// each leads, in tile order.
    #[test]
    fn cells_say_where_every_port_leads() {
        let check = |id: &str, expected: &str| {
            let puzzle = parse_descriptive_id(id).expect("valid");
            let json = PuzzleJson::new(&puzzle, String::new());
            let text = serde_json::to_string(&json.cells).expect("serialises");
            assert_eq!(text, expected, "{id}");
        };
        check(
            "square:2x2:0000",
            "[{\"ports\":4,\"next\":[null,[1,3],[2,0],null]},\
             {\"ports\":4,\"next\":[null,null,[3,0],[0,1]]},\
             {\"ports\":4,\"next\":[[0,2],[3,3],null,null]},\
             {\"ports\":4,\"next\":[[1,2],null,null,[2,1]]}]",
        );
        check(
            "hex:2x2w:00000000",
            "[{\"ports\":6,\"next\":[[2,3],[1,4],[2,5],[3,0],[1,1],[3,2]]},\
             {\"ports\":6,\"next\":[[3,3],[0,4],[3,5],[2,0],[0,1],[2,2]]},\
             {\"ports\":6,\"next\":[[1,3],[3,4],[1,5],[0,0],[3,1],[0,2]]},\
             {\"ports\":6,\"next\":[[0,3],[2,4],[0,5],[1,0],[2,1],[1,2]]}]",
        );
    }

    #[test]
    fn cells_that_are_not_the_grids_are_refused() {
        let board = r#""width": 2, "height": 2, "topology": "square", "tiles": [2, 8, 0, 0]"#;
        let check = |cells: [&str; 4], expected: &str| {
            let cells = cells.map(|next| format!(r#"{{"ports": 4, "next": {next}}}"#));
            let text = format!(r#"{{{board}, "cells": [{}]}}"#, cells.join(","));
            let result = PuzzleJson::parse(&text).and_then(|j| j.to_puzzle());
            match expected {
                "" => assert!(result.is_ok(), "{text}: {result:?}"),
                _ => {
                    let error = result.expect_err(&text).to_string();
                    assert!(error.contains(expected), "{text}: {error}");
                }
            }
        };
        let none = "[null, null, null, null]";
        let [a, b, c, d] = [
            "[null, [1, 3], [2, 0], null]",
            "[null, null, [3, 0], [0, 1]]",
            "[[0, 2], [3, 3], null, null]",
            "[[1, 2], null, null, [2, 1]]",
        ];
        check([a, b, c, d], "");
        check(
            [a, b, c, none],
            "not symmetric: cell 1 port 2 leads to cell 3 port 0",
        );
        let far = "[null, [7, 3], [2, 0], null]";
        check(
            [far, b, c, d],
            "not symmetric: cell 0 port 1 leads to cell 7",
        );
        check(["[null]", b, c, d], "cell 0 has 4 ports but 1 listed");
        check([none; 4], "cell 0 is not as this board's grid has it");
        let crossed = "[[1, 3], null, [2, 0], null]";
        let back = "[null, null, [3, 0], [0, 0]]";
        check(
            [crossed, back, c, d],
            "cell 0 is not as this board's grid has it",
        );
        let text = format!(r#"{{{board}, "cells": [{{"ports": 4, "next": {a}}}]}}"#);
        let error = PuzzleJson::parse(&text).and_then(|j| j.to_puzzle());
        assert!(
            error
                .expect_err("one cell")
                .to_string()
                .contains("1 cells for 4 tiles")
        );
    }

    #[test]
    fn bad_json_is_an_error() {
        for text in [
            "{",
            r#"{"width": 2}"#,
            r#"{"width": 2, "height": 2, "topology": "square", "tiles": [1, 2, 3]}"#,
            r#"{"width": 2, "height": 2, "topology": "square", "tiles": [1, 2, 3, 16]}"#,
            r#"{"width": 2, "height": 2, "topology": "square", "tiles": [1, 2, 3, 4], "station": [2, 0]}"#,
            r#"{"width": 100000, "height": 100000, "topology": "square", "tiles": []}"#,
            r#"{"width": -3, "height": 2, "topology": "square", "tiles": []}"#,
        ] {
            assert!(
                PuzzleJson::parse(text).and_then(|j| j.to_puzzle()).is_err(),
                "{text}"
            );
        }
    }
}
