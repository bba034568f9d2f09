//! Integration tests of `sudoku-formats`: round trips of every format, the ipuz fields, errors,
//! and readers on random bytes.

mod errors;
mod ipuz;
mod props;
mod roundtrip;
mod util;
