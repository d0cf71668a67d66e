//! Fuzz the JSON form of a puzzle: never a panic, and a puzzle read writes
//! back as JSON that reads to the same puzzle.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_model::format::json::PuzzleJson;

fuzz_target!(|text: &str| {
    let Ok(puzzle) = PuzzleJson::parse(text).and_then(|json| json.to_puzzle()) else {
        return;
    };
    let json = PuzzleJson::new(&puzzle, String::new());
    let written = serde_json::to_string(&json).expect("serialises");
    let again = PuzzleJson::parse(&written).and_then(|json| json.to_puzzle());
    assert_eq!(again, Ok(puzzle));
});
