//! Fuzz `parse_net_id`: never a panic, and a board read prints back as a
//! Net game ID that reads to the same board.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_model::format::net::{parse_net_id, to_net_id};

fuzz_target!(|text: &str| {
    if let Ok(board) = parse_net_id(text) {
        let id = to_net_id(&board).expect("a Net board is square");
        assert_eq!(parse_net_id(&id).as_ref(), Ok(&board), "{id}");
    }
});
