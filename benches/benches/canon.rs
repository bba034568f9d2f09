//! Canonical (minlex) forms: puzzles per second on the 17-clue set and on solution grids.
//!
//! The full set of 49,158 17-clue puzzles is read from `../shared/data/bench/puzzles2_17_clue`
//! when present, else the 1,000-puzzle sample `testdata/17-clue-1000.txt`; the grids are the
//! solutions of the sample.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_benches::{read_puzzles, shared_data, workspace_root};
use sudoku_core::Grid;

/// The 17-clue puzzles and the name of their set, or `None` (with a message) if neither file
/// is there.
#[allow(clippy::print_stderr)]
fn seventeens() -> Option<(&'static str, Vec<Grid>)> {
    let full = shared_data().map(|d| d.join("bench/puzzles2_17_clue"));
    if let Some(path) = full.filter(|p| p.is_file()) {
        match read_puzzles(&path) {
            Ok(p) if !p.is_empty() => return Some(("17-clue-all", p)),
            Ok(_) => eprintln!("canon: {} holds no puzzle", path.display()),
            Err(e) => eprintln!("canon: {e}"),
        }
    }
    let sample = workspace_root().join("testdata/17-clue-1000.txt");
    match read_puzzles(&sample) {
        Ok(p) if !p.is_empty() => Some(("17-clue-1000", p)),
        _ => {
            eprintln!("canon: no 17-clue set (../shared/data or testdata): skipped");
            None
        }
    }
}

fn canon(c: &mut Criterion) {
    let Some((name, puzzles)) = seventeens() else { return };
    let mut group = c.benchmark_group("canon/minlex");
    group.sample_size(10);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| puzzles.iter().map(|p| black_box(p.minlex()).automorphisms).sum::<u64>())
    });
    let grids: Vec<Grid> =
        puzzles.iter().take(5000).filter_map(|p| sudoku_solve::solve(p).unique()).collect();
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function("solution-grids", |b| {
        b.iter(|| grids.iter().map(|g| black_box(g.minlex()).automorphisms).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, canon);
criterion_main!(benches);
