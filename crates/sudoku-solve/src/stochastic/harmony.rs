//! Harmony search (Geem) with the missing-digit cost.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Failure, Grid, UNIT_CELLS};

use super::{Run, RunOutcome, Solver};

/// Harmony search (Geem, 2007): a memory of candidate fillings; each improvisation fills every
/// free cell from a random remembered filling (probability `consider_rate`, then nudged by +-1
/// with probability `pitch_rate`) or with a random digit, and replaces the worst remembered
/// filling when it is better. A step is an improvisation.
///
/// The cost is the number of digits missing from the rows, columns and boxes: Geem's
/// `|sum - 45|` has false zeros (every cell 5), as the thesis found.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{HarmonySearch, Solver};
///
/// // Harmony search rarely solves more than very easy puzzles; it is a rating tool.
/// let puzzle: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let search = HarmonySearch::default();
/// let start = search.run(&puzzle, 1, 0)?.best_cost();
/// let after = search.run(&puzzle, 1, 10_000)?.best_cost();
/// assert!(after < start, "{start} -> {after}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HarmonySearch {
    /// Fillings remembered (HMS).
    pub memory_size: usize,
    /// Probability of taking a cell's digit from memory (HMCR).
    pub consider_rate: f64,
    /// Probability of nudging a remembered digit by +-1 (PAR).
    pub pitch_rate: f64,
}

impl Default for HarmonySearch {
    /// The thesis's settings: HMS 50, HMCR 0.7, PAR 0.1.
    fn default() -> HarmonySearch {
        HarmonySearch { memory_size: 50, consider_rate: 0.7, pitch_rate: 0.1 }
    }
}

/// Digits missing from the 27 units.
fn cost(cells: &[u8; 81]) -> u32 {
    UNIT_CELLS
        .iter()
        .map(|unit| {
            let present = unit.iter().fold(0u16, |m, c| m | 1 << cells[c.index()]);
            9 - (present >> 1).count_ones()
        })
        .sum()
}

impl Solver for HarmonySearch {
    fn name(&self) -> &str {
        "harmony"
    }

    fn run(&self, puzzle: &Grid, seed: u64, budget: u64) -> Result<Run, Failure> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(Failure::from(c));
        }
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let givens = puzzle.to_bytes();
        let free: Vec<usize> = (0..81).filter(|&i| givens[i] == 0).collect();
        let random_filling = |rng: &mut Pcg64Mcg| {
            let mut f = givens;
            for &i in &free {
                f[i] = rng.random_range(1..=9);
            }
            f
        };
        let size = self.memory_size.max(1);
        let mut memory: Vec<[u8; 81]> = (0..size).map(|_| random_filling(&mut rng)).collect();
        let mut costs: Vec<u32> = memory.iter().map(cost).collect();
        let (mut steps, mut solved) = (0, costs.contains(&0));
        while steps < budget && !solved {
            steps += 1;
            let mut new = givens;
            for &i in &free {
                new[i] = if rng.random::<f64>() < self.consider_rate {
                    let v = memory[rng.random_range(0..size)][i];
                    if rng.random::<f64>() < self.pitch_rate {
                        pitch(v, rng.random_bool(0.5))
                    } else {
                        v
                    }
                } else {
                    rng.random_range(1..=9)
                };
            }
            let c = cost(&new);
            let worst = (0..size).max_by_key(|&k| costs[k]).expect("memory is not empty");
            if c < costs[worst] {
                memory[worst] = new;
                costs[worst] = c;
                solved = c == 0;
            }
        }
        let best = (0..size).min_by_key(|&k| costs[k]).expect("memory is not empty");
        if costs[best] == 0 {
            let solution = Grid::try_from_bytes(memory[best]).expect("cost 0 is a solution");
            return Ok(Run { outcome: RunOutcome::Solved(solution), steps });
        }
        Ok(Run {
            outcome: RunOutcome::GaveUp { best_cost: costs[best], best_filling: memory[best] },
            steps,
        })
    }
}

/// A digit nudged up or down by one, staying within 1..=9.
fn pitch(v: u8, up: bool) -> u8 {
    match (v, up) {
        (9, true) => 8,
        (1, false) => 2,
        (v, true) => v + 1,
        (v, false) => v - 1,
    }
}
