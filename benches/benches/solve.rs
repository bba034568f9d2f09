//! Criterion benchmarks of the exact solver on the local puzzle samples.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_benches::testdata;

fn solve(c: &mut Criterion) {
    let sets = [
        ("17-clue", "17-clue-1000.txt"),
        ("top1465", "top1465.txt"),
        ("hardest-11plus", "hardest-11plus-500.txt"),
        ("serg-multi", "serg-multi-1000.txt"),
        ("top95", "top95.txt"),
    ];
    let mut group = c.benchmark_group("solve/exact");
    group.sample_size(20);
    for (id, file) in sets {
        let puzzles = testdata(file);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(format!("count-to-2/{id}"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| black_box(sudoku_solve::solve(p)).count_capped())
                    .sum::<u64>()
            })
        });
        group.bench_function(format!("first/{id}"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| black_box(sudoku_solve::first_solution(p)).is_some())
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
