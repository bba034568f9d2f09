//! The 2D Ising model on a 4x4 periodic lattice, checked against exact enumeration of all
//! 65,536 states.

use rand::{Rng, RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tempering::{
    Budget, ExchangeConfig, Ladder, Metropolis, Model, Observer, ReplicaExchange, RoundInfo,
    SweepInfo,
};

pub(crate) struct Ising {
    pub(crate) l: usize,
}

impl Ising {
    fn neighbours(&self, i: usize) -> [usize; 4] {
        let (l, r, c) = (self.l, i / self.l, i % self.l);
        [
            ((r + 1) % l) * l + c,
            ((r + l - 1) % l) * l + c,
            r * l + (c + 1) % l,
            r * l + (c + l - 1) % l,
        ]
    }
    fn field(&self, s: &[i8], i: usize) -> i32 {
        self.neighbours(i).iter().map(|&j| i32::from(s[j])).sum()
    }
}

impl Model for Ising {
    type State = Vec<i8>;
    type Move = usize;
    fn energy(&self, s: &Vec<i8>) -> f64 {
        let e: i32 = (0..s.len()).map(|i| -i32::from(s[i]) * self.field(s, i)).sum();
        f64::from(e) / 2.0
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

fn magnetisation(s: &[i8]) -> f64 {
    f64::from(s.iter().map(|&x| i32::from(x)).sum::<i32>()).abs() / s.len() as f64
}

/// Exact <E>/N and <|m|> at inverse temperature `beta`, by enumerating all states.
fn exact(model: &Ising, beta: f64) -> (f64, f64) {
    let n = model.l * model.l;
    let (mut z, mut e_sum, mut m_sum) = (0.0, 0.0, 0.0);
    for bits in 0u32..(1 << n) {
        let s: Vec<i8> = (0..n).map(|i| if bits >> i & 1 == 1 { 1 } else { -1 }).collect();
        let e = model.energy(&s);
        let w = (-beta * e).exp();
        z += w;
        e_sum += w * e;
        m_sum += w * magnetisation(&s);
    }
    (e_sum / z / n as f64, m_sum / z)
}

/// Mean and standard error by batch means (20 batches), robust to autocorrelation.
fn batch_mean(xs: &[f64]) -> (f64, f64) {
    let k = 20;
    let size = xs.len() / k;
    let means: Vec<f64> =
        xs.chunks(size).take(k).map(|c| c.iter().sum::<f64>() / c.len() as f64).collect();
    let m = means.iter().sum::<f64>() / k as f64;
    let var = means.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (k - 1) as f64;
    (m, (var / k as f64).sqrt())
}

#[derive(Default)]
struct Samples {
    e: Vec<f64>,
    m: Vec<f64>,
}

impl Observer<Vec<i8>> for Samples {
    fn on_sweep(&mut self, info: &SweepInfo<'_, Vec<i8>>) -> bool {
        self.e.push(info.energy / 16.0);
        self.m.push(magnetisation(info.state));
        true
    }
}

const BETAS: [f64; 4] = [0.2, 0.4, 0.44, 0.7];

fn assert_close(what: &str, beta: f64, sampled: (f64, f64), exact: f64) {
    let (mean, se) = sampled;
    assert!(
        (mean - exact).abs() <= 4.0 * se + 1e-3,
        "{what} at beta {beta}: sampled {mean:.4} ± {se:.4}, exact {exact:.4}"
    );
}

#[test]
fn metropolis_matches_exact_enumeration() {
    let model = Ising { l: 4 };
    for (i, &beta) in BETAS.iter().enumerate() {
        let mut rng = Pcg64Mcg::seed_from_u64(100 + i as u64);
        let mut obs = Samples::default();
        let chain = Metropolis::new(beta).with_moves_per_sweep(16);
        chain.run(&model, vec![1; 16], &mut rng, &Budget::sweeps(60_000), &mut obs);
        let (e, m) = exact(&model, beta);
        // Drop the first 1000 sweeps as burn-in.
        assert_close("energy per spin", beta, batch_mean(&obs.e[1000..]), e);
        assert_close("|m|", beta, batch_mean(&obs.m[1000..]), m);
    }
}

struct PerSlot {
    e: Vec<Vec<f64>>,
    m: Vec<Vec<f64>>,
}

impl Observer<Vec<i8>> for PerSlot {
    fn on_round(&mut self, info: &RoundInfo<'_, Vec<i8>>) -> bool {
        for (k, (s, &e)) in info.states.iter().zip(&info.energies).enumerate() {
            self.e[k].push(e / 16.0);
            self.m[k].push(magnetisation(s));
        }
        true
    }
}

#[test]
fn replica_exchange_with_a_fixed_ladder_matches_exact_enumeration() {
    let model = Ising { l: 4 };
    let ladder = Ladder::given(BETAS.to_vec()).unwrap();
    let config = ExchangeConfig { sweeps_per_round: 1, moves_per_sweep: 16 };
    let mut remc = ReplicaExchange::new(&model, vec![vec![1; 16]; 4], ladder, config, 9).unwrap();
    let mut obs = PerSlot { e: vec![Vec::new(); 4], m: vec![Vec::new(); 4] };
    let report = remc.run(&model, &Budget::sweeps(60_000), &mut obs);
    assert_eq!(report.rounds, 60_000);
    assert!(report.round_trips > 100, "walkers should travel the ladder: {}", report.round_trips);
    for (k, &beta) in BETAS.iter().enumerate() {
        let (e, m) = exact(&model, beta);
        assert_close("energy per spin", beta, batch_mean(&obs.e[k][1000..]), e);
        assert_close("|m|", beta, batch_mean(&obs.m[k][1000..]), m);
    }
}
