//! Benchmarks of sudoku-core: parsing, printing and candidates.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_benches::testdata;
use sudoku_core::Grid;

fn core(c: &mut Criterion) {
    let puzzles = testdata("top95.txt");
    let lines: Vec<String> = puzzles.iter().map(Grid::to_string).collect();
    c.bench_function("core/parse/top95", |b| {
        b.iter(|| {
            lines.iter().map(|l| black_box(l.parse::<Grid>().is_ok() as usize)).sum::<usize>()
        })
    });
    c.bench_function("core/display/top95", |b| {
        b.iter(|| puzzles.iter().map(|g| black_box(g.to_string()).len()).sum::<usize>())
    });
    c.bench_function("core/all_candidates/top95", |b| {
        b.iter(|| puzzles.iter().map(|g| black_box(g.all_candidates())[0].len()).sum::<usize>())
    });
}

criterion_group!(benches, core);
criterion_main!(benches);
