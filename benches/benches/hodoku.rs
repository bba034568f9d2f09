//! Criterion benchmarks of HoDoKu's ruleset: the whole solving path (level and score) of 10
//! puzzles per HoDoKu level, every 10th of that level's lines in
//! `../shared/data/hodoku/hodoku-rated-dev.tsv` (skipped with a message when the shared data
//! is absent). `cargo xtask bench hodoku` runs HoDoKu itself beside ours.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_core::Grid;
use sudoku_logic::HodokuSolver;
use sudoku_logic::hodoku::Level;

fn hodoku(c: &mut Criterion) {
    let Some(text) = sudoku_benches::shared_data()
        .and_then(|d| std::fs::read_to_string(d.join("hodoku/hodoku-rated-dev.tsv")).ok())
    else {
        eprintln!("hodoku bench: ../shared/data/hodoku/hodoku-rated-dev.tsv is absent; skipped");
        return;
    };
    let rows: Vec<(Grid, Level)> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?.parse().ok()?, f.next()?.parse().ok()?))
        })
        .collect();
    let solver = HodokuSolver::default();
    let mut group = c.benchmark_group("hodoku");
    group.sample_size(10);
    for level in Level::ALL {
        let puzzles: Vec<Grid> =
            rows.iter().filter(|r| r.1 == level).step_by(10).take(10).map(|r| r.0).collect();
        group.bench_function(format!("{}/10-puzzles", level.name().to_lowercase()), |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solver.solve(black_box(p)).map(|path| path.rating.score).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, hodoku);
criterion_main!(benches);
