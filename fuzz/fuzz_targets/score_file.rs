//! Fuzz the scores file text: never a panic, and a table read prints back
//! as text that reads to the same table.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_engine::score::ScoreTable;

fuzz_target!(|text: &str| {
    if let Ok(table) = ScoreTable::parse(text) {
        let printed = table.print();
        assert_eq!(ScoreTable::parse(&printed), Ok(table), "{printed}");
    }
});
