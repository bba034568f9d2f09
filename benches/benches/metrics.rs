//! Criterion benchmarks of the Watanabe metrics on the paper's puzzles.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_core::Grid;
use sudoku_metrics::{AverageWidth, Depth, NormalWidth};

fn metrics(c: &mut Criterion) {
    let puzzles = [
        (
            "inkala-2010",
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
        ),
        (
            "inkala-2012",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ),
        (
            "fig5",
            ".61..7..3.92..3..............853..........5.45....8....4......1...16.8..6........",
        ),
    ];
    let mut group = c.benchmark_group("metrics");
    group.sample_size(10);
    for (id, text) in puzzles {
        let p: Grid = text.parse().expect("valid puzzle");
        group.bench_function(format!("normal-width/{id}"), |b| {
            b.iter(|| black_box(NormalWidth::default().evaluate(&p)).map(|w| w.width))
        });
        group.bench_function(format!("depth/{id}"), |b| {
            b.iter(|| black_box(Depth::default().evaluate(&p)))
        });
        if id != "fig5" {
            group.bench_function(format!("average-width-10/{id}"), |b| {
                b.iter(|| {
                    black_box(AverageWidth::default().with_samples(10).evaluate(&p, 1))
                        .map(|m| m.mean)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, metrics);
criterion_main!(benches);
