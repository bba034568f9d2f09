//! Criterion benchmarks of the exact solver on the local puzzle samples.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_benches::testdata;
use sudoku_solve::Query;

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
        // Every build of the search this CPU runs (portable; POPCNT/BMI/AVX2; AVX-512, chosen
        // at run time) on the same puzzles: the gains `kernel.rs` is there for.
        for kernel in sudoku_solve::SearchKernel::available() {
            group.bench_function(format!("count-to-2-{}-kernel/{id}", kernel.name()), |b| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .map(|p| {
                            let query = Query::new(p).with_budget(u64::MAX).with_kernel(kernel);
                            black_box(query.run()).map_or(0, |s| s.count())
                        })
                        .sum::<u64>()
                })
            });
        }
        group.bench_function(format!("first/{id}"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| {
                        let any = Query::new(p).with_limit(1).with_budget(u64::MAX).search();
                        black_box(any.first()).is_some()
                    })
                    .count()
            })
        });
    }
    group.finish();
}

/// The logical solver: one technique search on a stuck grid (every producer runs), and whole
/// ratings of the Sudoku Explainer-rated sample.
fn logical(c: &mut Criterion) {
    use sudoku_core::{CandidateGrid, Grid};
    use sudoku_logic::LogicalSolver;
    let solver = LogicalSolver::default();
    let mut group = c.benchmark_group("solve/logical");
    group.sample_size(20);
    // Inkala 2012 needs chains from the start: every basic technique is tried and fails (a
    // zero chain budget stops right after them).
    let inkala: Grid =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            .parse()
            .expect("valid");
    let stuck = CandidateGrid::new(&inkala).expect("valid");
    let basic_only = solver.clone().with_chain_budget(0);
    group.bench_function("all-techniques-fail/inkala-2012", |b| {
        b.iter(|| black_box(basic_only.next_step(black_box(&stuck))).is_err())
    });
    // A whole rating through forcing chains (serate: 7.3/1.2/1.2).
    let chained: Grid =
        "..5..43.....63...8.9.....7..28..7...56.8.........5........76.2..86.1..9.7.9...5.."
            .parse()
            .expect("valid");
    group.bench_function("se-rating/forcing-chains-7.3", |b| {
        b.iter(|| solver.solve(black_box(&chained)).map(|p| p.rating.er))
    });
    let rated: Vec<Grid> =
        std::fs::read_to_string(sudoku_benches::workspace_root().join("testdata/se-rated.txt"))
            .expect("testdata")
            .lines()
            .filter_map(|l| l.get(..81)?.parse().ok())
            .take(500)
            .collect();
    group.throughput(Throughput::Elements(rated.len() as u64));
    group.bench_function("se-rating/se-rated-500", |b| {
        b.iter(|| rated.iter().filter_map(|p| solver.solve(p).ok()).count())
    });
    group.finish();
}

criterion_group!(benches, solve, logical);
criterion_main!(benches);
