//! Shared helpers of the benchmarks: locating and loading puzzle sets.

/// The workspace README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

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

/// The shared data folder (`../shared/data` beside the workspace), if present.
#[must_use]
pub fn shared_data() -> Option<PathBuf> {
    let p = workspace_root().join("../shared/data");
    p.is_dir().then_some(p)
}

/// The well-formed puzzles of a file; malformed lines are skipped.
///
/// # Errors
///
/// A message naming the file if it cannot be opened.
pub fn read_puzzles(path: &Path) -> Result<Vec<Grid>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(PuzzleReader::new(std::io::BufReader::new(file))
        .filter_map(Result::ok)
        .map(|p| p.grid)
        .collect())
}

/// The well-formed puzzles of `testdata/<name>`.
///
/// # Panics
///
/// Panics if the file cannot be read: the test data is part of the repository.
#[must_use]
pub fn testdata(name: &str) -> Vec<Grid> {
    read_puzzles(&workspace_root().join("testdata").join(name)).unwrap_or_else(|e| panic!("{e}"))
}

/// Replaces the part of a Markdown file between the lines `<!-- NAME:begin -->` and
/// `<!-- NAME:end -->` with `body`.
///
/// # Errors
///
/// A message if the file cannot be read or written or lacks the markers.
pub fn replace_section(path: &Path, name: &str, body: &str) -> Result<(), String> {
    let begin = format!("<!-- {name}:begin -->\n");
    let end = format!("<!-- {name}:end -->");
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (Some(b), Some(e)) = (text.find(&begin), text.find(&end)) else {
        return Err(format!("{}: no {name} markers", path.display()));
    };
    if e < b {
        return Err(format!("{}: {name} markers out of order", path.display()));
    }
    let new = format!("{}{begin}{body}{}", &text[..b], &text[e..]);
    std::fs::write(path, new).map_err(|e| format!("{}: {e}", path.display()))
}

/// With a `doc` file (`--doc FILE`), writes `table` into its `name` section (see
/// [`replace_section`]) and says so on stderr as `bin`.
///
/// # Errors
///
/// The message of [`replace_section`].
#[allow(clippy::print_stderr)]
pub fn write_doc_table(
    doc: Option<&Path>,
    bin: &str,
    name: &str,
    table: &str,
) -> Result<(), String> {
    if let Some(doc) = doc {
        replace_section(doc, name, table)?;
        eprintln!("{bin}: table written to {}", doc.display());
    }
    Ok(())
}

/// Average ranks from 0 (ties share the mean rank).
///
/// ```
/// assert_eq!(sudoku_benches::ranks(&[5.0, 1.0, 5.0]), vec![1.5, 0.0, 1.5]);
/// ```
pub fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]].total_cmp(&v[idx[i]]).is_eq() {
            j += 1;
        }
        for &k in &idx[i..=j] {
            r[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    r
}

/// Spearman's rank correlation.
///
/// ```
/// let r = sudoku_benches::spearman(&[1.0, 2.0, 3.0], &[10.0, 30.0, 20.0]);
/// assert!((r - 0.5).abs() < 1e-12);
/// ```
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
