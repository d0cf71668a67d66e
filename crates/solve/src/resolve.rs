//! Turning what a user gave (a [`PuzzleSource`]: a seeded ID, a descriptive
//! ID, a Net game ID, JSON) into a puzzle and the ID that reproduces it.
//! Every entry point resolves through here: the CLI's commands and the
//! engine's games.

use crate::{GenerateError, Progress, generate_watched};
use lightemall_gen::{Params, PuzzleSource};
use lightemall_model::Puzzle;
use lightemall_model::format::descriptive::to_descriptive_id;

/// A puzzle ready to use, with its ID and, if generated, its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The puzzle (a given one keeps the solution it came with, if any).
    pub puzzle: Puzzle,
    /// The ID that reproduces it: the seeded ID of a generated puzzle, the
    /// descriptive ID (its scrambled tiles and station) of a given one.
    pub id: String,
    /// The generation parameters, for generated puzzles.
    pub params: Option<Params>,
}

/// The puzzle `source` names, generated (by every generator, `unique` and
/// `graded` included) if it is seeded.
pub fn resolve(source: PuzzleSource) -> Result<Resolved, GenerateError> {
    resolve_watched(source, &mut |_| {})
}

/// [`resolve`], telling `watch` how a generation is getting on.
pub fn resolve_watched(
    source: PuzzleSource,
    watch: &mut dyn FnMut(Progress),
) -> Result<Resolved, GenerateError> {
    Ok(match source {
        PuzzleSource::Seeded(params) => Resolved {
            puzzle: generate_watched(&params, watch)?,
            id: params.to_string(),
            params: Some(params),
        },
        PuzzleSource::Given(puzzle) => Resolved {
            id: to_descriptive_id(&puzzle.board, puzzle.station),
            puzzle,
            params: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Resolving `text` gives an ID that resolves to the same puzzle.
    fn check_round_trip(text: &str, seeded: bool) {
        let source = PuzzleSource::parse(text).expect("reads");
        let resolved = resolve(source).expect("resolves");
        assert_eq!(resolved.params.is_some(), seeded, "{text}");
        let again = resolve(PuzzleSource::parse(&resolved.id).expect("ID reads")).expect("again");
        assert_eq!(again.puzzle.board, resolved.puzzle.board, "{text}");
        assert_eq!(again.puzzle.station, resolved.puzzle.station, "{text}");
        assert_eq!(again.id, resolved.id, "{text}");
    }

    #[test]
    fn ids_reproduce_their_puzzles() {
        check_round_trip("square:5x5:unique:medium#3", true);
        check_round_trip("hex:6x6w:graded:easy#1@2,3", true);
        check_round_trip("octo:4x4:kruskal:hard#9", true);
        check_round_trip("square:3x2w:123456/028000@2,1", false);
        check_round_trip("hex:2x2w:3f010203/04002000", false);
        check_round_trip("3x3:2d8cb2654", false);
    }

    #[test]
    fn a_station_moves_with_the_source() {
        let source = PuzzleSource::parse("square:5x5:unique:medium#3").expect("reads");
        let moved = source.with_station((1, 2)).expect("on the board");
        let resolved = resolve(moved).expect("resolves");
        assert_eq!(resolved.id, "square:5x5:unique:medium#3@1,2");
        assert_eq!(resolved.puzzle.station, 2 * 5 + 1);
        let source = PuzzleSource::parse("square:5x5:unique:medium#3").expect("reads");
        assert!(matches!(
            source.with_station((5, 0)),
            Err(lightemall_model::ModelError::PositionOutOfRange { x: 5, .. })
        ));
    }
}
