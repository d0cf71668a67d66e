//! Fuzz the move tokens: never a panic, and tokens read print back as
//! tokens that read to the same moves.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_engine::moves::{parse_moves, print_moves};

fuzz_target!(|text: &str| {
    if let Ok(moves) = parse_moves(text) {
        let printed = print_moves(&moves);
        assert_eq!(parse_moves(&printed), Ok(moves), "{printed}");
    }
});
