//! The `sudoku` command as users run it, in one test binary: cargo runs test binaries one
//! after the other, so one binary keeps both cores busy across the modules' tests (measured:
//! the workspace's tests 22 s shorter, build and run, than with one binary per file).

mod batch;
mod canon;
mod cli;
mod common;
mod convert;
mod edges;
mod generate;
mod hostile;
mod logic;
mod marks;
mod print;
mod schema;
mod serate;
mod serve;
mod variants;
