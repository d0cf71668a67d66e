//! Fuzz `PuzzleSource::parse`, every form a user may give (seeded ID,
//! descriptive ID, Net game ID, JSON): never a panic, and what reads prints
//! back as an ID that reads to the same puzzle. Nothing is generated: a
//! seeded ID is only read and printed.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_gen::{Params, PuzzleSource};
use lightemall_model::format::descriptive::{parse_descriptive_id, to_descriptive_id};

fuzz_target!(|text: &str| {
    match PuzzleSource::parse(text) {
        Ok(PuzzleSource::Seeded(params)) => {
            let again: Params = params.to_string().parse().expect("a printed ID reads");
            assert_eq!(again, params);
        }
        Ok(PuzzleSource::Given(puzzle)) => {
            let id = to_descriptive_id(&puzzle.board, puzzle.station);
            let again = parse_descriptive_id(&id).expect("a printed ID reads");
            assert_eq!(again.board, puzzle.board);
            assert_eq!(again.station, puzzle.station);
        }
        Err(error) => assert!(!error.to_string().contains('\n')),
    }
});
