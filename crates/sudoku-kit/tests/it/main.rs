//! Integration tests of sudoku-kit: the workspace README's example is `examples/readme.rs`.

mod readme;
