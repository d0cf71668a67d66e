//! Fuzz the save file text: never a panic, and a save read prints back as
//! text that reads to the same save.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_engine::save::SaveFile;

fuzz_target!(|text: &str| {
    if let Ok(save) = SaveFile::parse(text) {
        let printed = save.print();
        assert_eq!(SaveFile::parse(&printed), Ok(save), "{printed}");
    }
});
