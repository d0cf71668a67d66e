//! Fuzz the save writer: whatever a save holds, the text the writer
//! accepts ([`SaveFile::to_text`]) reads back, and a save whose puzzle is
//! one line is always accepted (times and counts saturate, never wrap),
//! unless it holds more seeded jumbles than its board allows.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_engine::moves::parse_moves;
use lightemall_engine::save::SaveFile;
use std::time::Duration;

fuzz_target!(|input: (&str, u64, u32, u64, u8, &str, &str)| {
    let (puzzle, millis, nanos, moves_made, flags, moves, redo) = input;
    let (Ok(moves), Ok(redo)) = (parse_moves(moves), parse_moves(redo)) else {
        return;
    };
    let save = SaveFile {
        puzzle: puzzle.to_string(),
        elapsed: Duration::from_millis(millis).saturating_add(Duration::from_nanos(nanos.into())),
        moves_made,
        assisted: flags & 1 != 0,
        radius_on: flags & 2 != 0,
        fog_on: flags & 4 != 0,
        moves,
        redo,
    };
    match save.to_text() {
        Ok(text) => {
            let read = SaveFile::parse(&text).expect("what the writer accepts reads back");
            assert_eq!((&read.moves, &read.redo), (&save.moves, &save.redo));
        }
        // Seeded jumbles are bounded by the puzzle's board (issue 31).
        Err(error) => assert!(
            puzzle.contains('\n')
                || puzzle.trim() != puzzle
                || error.to_string().contains("seeded jumbles"),
            "a save with a one-line puzzle refused: {error}"
        ),
    }
});
