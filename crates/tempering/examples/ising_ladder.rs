//! Replica exchange on a 2D Ising model: how the temperature ladders adapt.
//!
//! Run with `cargo run --release -p tempering --example ising_ladder`.
#![allow(clippy::print_stdout)]

use rand::{Rng, RngExt};
use tempering::{Budget, ExchangeConfig, Ladder, Model, Observer, ReplicaExchange, RoundInfo};

/// An L x L periodic Ising ferromagnet; a move flips one spin.
struct Ising {
    l: usize,
}

impl Ising {
    fn field(&self, s: &[i8], i: usize) -> i32 {
        let (l, r, c) = (self.l, i / self.l, i % self.l);
        [
            ((r + 1) % l) * l + c,
            ((r + l - 1) % l) * l + c,
            r * l + (c + 1) % l,
            r * l + (c + l - 1) % l,
        ]
        .iter()
        .map(|&j| i32::from(s[j]))
        .sum()
    }
}

impl Model for Ising {
    type State = Vec<i8>;
    type Move = usize;
    fn energy(&self, s: &Vec<i8>) -> f64 {
        f64::from((0..s.len()).map(|i| -i32::from(s[i]) * self.field(s, i)).sum::<i32>()) / 2.0
    }
    fn propose<R: Rng + ?Sized>(&self, s: &Vec<i8>, _: u32, rng: &mut R) -> Option<usize> {
        Some(rng.random_range(0..s.len()))
    }
    fn delta(&self, s: &Vec<i8>, _: f64, i: &mut usize) -> f64 {
        f64::from(2 * i32::from(s[*i]) * self.field(s, *i))
    }
    fn apply(&self, s: &mut Vec<i8>, i: usize) {
        s[i] = -s[i];
    }
}

/// Averages the per-pair exchange acceptance over a window of rounds.
struct Window {
    from: u64,
    to: u64,
    sum: Vec<f64>,
    n: u64,
}

impl Observer<Vec<i8>> for Window {
    fn on_round(&mut self, info: &RoundInfo<'_, Vec<i8>>) -> bool {
        if (self.from..self.to).contains(&info.round) {
            self.sum.iter_mut().zip(info.acceptance).for_each(|(s, p)| *s += p);
            self.n += 1;
        }
        true
    }
}

fn show(label: &str, values: &[f64]) {
    let cells: Vec<String> = values.iter().map(|v| format!("{v:.2}")).collect();
    println!("  {label:<28} {}", cells.join(" "));
}

fn main() -> Result<(), tempering::ConfigError> {
    let model = Ising { l: 16 };
    let n = 256;
    let config = ExchangeConfig { sweeps_per_round: 20, moves_per_sweep: n as u32 };
    let linear = Ladder::linear(0.1, 1.0, 10)?;
    for ladder in [linear.clone(), linear.clone().adaptive(0.5)?, linear.equal_acceptance(0.3)?] {
        println!("{:?}", ladder.adaptation());
        show("betas at start", ladder.betas());
        let mut remc = ReplicaExchange::new(&model, vec![vec![1; n]; 10], ladder, config, 1)?;
        let mut first = Window { from: 0, to: 20, sum: vec![0.0; 9], n: 0 };
        remc.run(&model, &Budget::sweeps(20 * 20), &mut first);
        let mut last = Window { from: 300, to: 400, sum: vec![0.0; 9], n: 0 };
        let report = remc.run(&model, &Budget::sweeps(20 * 400), &mut last);
        show(
            "acceptance, rounds 1-20",
            &first.sum.iter().map(|s| s / first.n as f64).collect::<Vec<_>>(),
        );
        show(
            "acceptance, rounds 301-400",
            &last.sum.iter().map(|s| s / last.n as f64).collect::<Vec<_>>(),
        );
        show("betas at end", remc.betas());
        println!("  round trips: {}, best energy: {}\n", report.round_trips, report.best_energy);
    }
    Ok(())
}
