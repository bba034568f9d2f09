#![no_main]
//! Parsing: any bytes through the puzzle reader and the grid parser; good grids round-trip.

use libfuzzer_sys::fuzz_target;
use sudoku_core::{Grid, PuzzleReader};

fuzz_target!(|data: &[u8]| {
    for p in PuzzleReader::new(data).flatten() {
        let again: Grid = p.grid.to_string().parse().expect("a printed grid parses");
        assert_eq!(again, p.grid);
        let block: Grid = format!("{:#}", p.grid).parse().expect("the block form parses");
        assert_eq!(block, p.grid);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(g) = text.parse::<Grid>() {
            assert!(g.first_conflict().is_none());
        }
    }
});
