//! The JSON form of a puzzle (DESIGN.md, `lightemall gen --json`):
//! `{"id", "width", "height", "topology", "wrap", "station": [x, y],
//! "tiles": [...], "solution": [...], "barriers": [...]}`, tiles as row-major
//! direction masks. `barriers`, per tile the mask of blocked directions, is
//! present only when the board has barriers.

use crate::board::Board;
use crate::error::ParseError;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::tile::Tile;
use serde::{Deserialize, Serialize};

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
                board.add_barriers(index, mask);
            }
        }
        let solution = match &self.solution {
            Some(masks) => {
                let solved = board
                    .with_tiles(tiles(masks))
                    .map_err(|e| err(format!("solution: {e}")))?;
                Some(solved.tiles().to_vec())
            }
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
