#![no_main]
//! The `json` reader of `sudoku-formats` on any bytes: no panic, and what it reads writes and
//! reads back as the format keeps it.

use libfuzzer_sys::fuzz_target;

#[path = "formats_check.rs"]
mod check;

fuzz_target!(|data: &[u8]| check::reads_back(data, sudoku_formats::Format::Json));
