//! Shared helpers of the criterion benchmarks: loading puzzle sets.

use std::path::{Path, PathBuf};

use sudoku_core::{Grid, PuzzleReader};

/// The workspace root.
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("benches live in the workspace")
        .to_path_buf()
}

/// The well-formed puzzles of `testdata/<name>`.
///
/// # Panics
///
/// Panics if the file cannot be read: the test data is part of the repository.
#[must_use]
pub fn testdata(name: &str) -> Vec<Grid> {
    let path = workspace_root().join("testdata").join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PuzzleReader::new(std::io::BufReader::new(file))
        .filter_map(Result::ok)
        .map(|p| p.grid)
        .collect()
}
