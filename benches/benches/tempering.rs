//! Per-step overhead of the tempering optimizers on a model whose moves cost almost nothing.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, RngExt, SeedableRng};
use tempering::{Budget, ExchangeConfig, Ladder, Metropolis, Model, ReplicaExchange};

/// A walk on the integers with energy |x|: the cheapest possible model.
struct Walk;

impl Model for Walk {
    type State = i64;
    type Move = i64;
    fn energy(&self, x: &i64) -> f64 {
        x.abs() as f64
    }
    fn propose<R: Rng + ?Sized>(&self, x: &i64, _: u32, rng: &mut R) -> Option<i64> {
        Some(x + if rng.random_bool(0.5) { 1 } else { -1 })
    }
    fn delta(&self, x: &i64, _: f64, to: &mut i64) -> f64 {
        (to.abs() - x.abs()) as f64
    }
    fn apply(&self, x: &mut i64, to: i64) {
        *x = to;
    }
}

fn overhead(c: &mut Criterion) {
    let mut group = c.benchmark_group("tempering");
    let steps = 100_000u64;
    group.throughput(Throughput::Elements(steps));
    group.bench_function("metropolis/step", |b| {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        b.iter(|| {
            Metropolis::new(1.0)
                .run(&Walk, black_box(0), &mut rng, &Budget::sweeps(steps), &mut ())
                .energy
        })
    });
    group.bench_function("replica-exchange/10-replicas/step", |b| {
        b.iter(|| {
            let ladder = Ladder::linear(0.1, 1.0, 10).unwrap().adaptive(0.8).unwrap();
            let config = ExchangeConfig { sweeps_per_round: 100, moves_per_sweep: 1 };
            let mut remc = ReplicaExchange::new(&Walk, vec![0; 10], ladder, config, 3).unwrap();
            // 10 replicas x steps/10 sweeps = `steps` proposals in all.
            remc.run(&Walk, &Budget::sweeps(steps / 10), &mut ()).best_energy
        })
    });
    group.finish();
}

criterion_group!(benches, overhead);
criterion_main!(benches);
