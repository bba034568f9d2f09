//! Constraint relaxation: how many solutions the puzzle has once some of its "these two cells
//! differ" constraints are dropped.

use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::{Cell, Failure, Grid, Meter, Work};

use crate::Difficulty;

/// The 810 peer pairs `(a, b)`, `a < b`, in row-major order of `a` then `b`.
fn peer_pairs() -> Vec<(u8, u8)> {
    Cell::all()
        .flat_map(|a| {
            a.peers()
                .iter()
                .filter(move |b| b.index() > a.index())
                .map(move |b| (a.index() as u8, b.index() as u8))
        })
        .collect()
}

/// `relaxation`: remove `removed` of the 810 peer-pair constraints at random, count the
/// solutions of the relaxed puzzle up to `cap`, and average `log10(count)` over `samples`
/// random relaxations (thesis: k = 45, Spearman 0.40 / 0.46). A puzzle that needs little
/// reasoning keeps few solutions when constraints go; a hard one, whose solution hangs on long
/// chains of constraints, gains many.
///
/// The cap (default 1,000, so a sample scores at most 3) bounds the work per sample; a sample
/// whose count needs more than `budget` search nodes is [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded). The
/// count is a plain search (no deduction beyond the relaxed candidates), so the very hardest
/// puzzles (Sudoku Explainer 10 and up) mostly exceed the default budget: this rating is for
/// puzzles people solve.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::{Difficulty, Relaxation};
///
/// let easy: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// // Sudoku Explainer rates this one 6.6 (the easy one 1.2).
/// let harder: Grid =
///     "...6...94....8..1..5...987.2.9.1..5....8.4....8..5.4.1.764...8..1..7....39...8...".parse()?;
/// let r = Relaxation::default();
/// assert!(r.rate(&harder, 1)? > r.rate(&easy, 1)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Relaxation {
    /// Constraints removed per sample (k).
    pub removed: u32,
    /// Random relaxations averaged.
    pub samples: u32,
    /// Solutions counted at most per sample.
    pub cap: u64,
    /// Search nodes per sample (default 50,000,000: enough for most hard puzzles, see
    /// docs/ratings.md).
    pub budget: u64,
}

impl Default for Relaxation {
    fn default() -> Relaxation {
        Relaxation { removed: 45, samples: 20, cap: 1_000, budget: 50_000_000 }
    }
}

/// A depth-first counter over an arbitrary "differ" graph. Its candidate masks are not
/// [`sudoku_core::CandidateGrid`]s: with constraints removed, a placement crosses a digit out
/// of the cell's remaining neighbours, not of its Sudoku peers.
struct Counter<'a> {
    neighbours: &'a [u128; 81],
    found: u64,
    cap: u64,
    nodes: Meter,
}

impl Counter<'_> {
    /// Counts completions of `cells` with candidate masks `cands`; false when out of budget.
    fn count(&mut self, cells: &mut [u8; 81], cands: &[u16; 81]) -> bool {
        if self.found >= self.cap {
            return true;
        }
        if self.nodes.charge(1).is_err() {
            return false;
        }
        let mut pick = None;
        let mut fewest = u32::MAX;
        for i in 0..81 {
            if cells[i] == 0 {
                let n = cands[i].count_ones();
                if n < fewest {
                    (pick, fewest) = (Some(i), n);
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        let Some(i) = pick else {
            self.found += 1;
            return true;
        };
        let mut digits = cands[i];
        while digits != 0 && self.found < self.cap {
            let d = digits.trailing_zeros();
            digits &= digits - 1;
            let mut next = *cands;
            let mut nb = self.neighbours[i];
            while nb != 0 {
                let j = nb.trailing_zeros() as usize;
                nb &= nb - 1;
                next[j] &= !(1 << d);
            }
            cells[i] = d as u8 + 1;
            let ok = self.count(cells, &next);
            cells[i] = 0;
            if !ok {
                return false;
            }
        }
        true
    }
}

impl Relaxation {
    /// Sets the number of random relaxations.
    #[must_use]
    pub fn with_samples(self, samples: u32) -> Relaxation {
        Relaxation { samples, ..self }
    }

    /// The solution count of one random relaxation (at most `cap`).
    fn sample(&self, puzzle: &Grid, pairs: &[(u8, u8)], mut rng: Pcg64Mcg) -> Result<u64, Failure> {
        let mut neighbours = [0u128; 81];
        for &(a, b) in pairs {
            neighbours[a as usize] |= 1 << b;
            neighbours[b as usize] |= 1 << a;
        }
        let mut order: Vec<usize> = (0..pairs.len()).collect();
        let (removed, _) =
            order.partial_shuffle(&mut rng, (self.removed as usize).min(pairs.len()));
        for &k in removed.iter() {
            let (a, b) = pairs[k];
            neighbours[a as usize] &= !(1 << b);
            neighbours[b as usize] &= !(1 << a);
        }
        let mut cells = puzzle.to_bytes();
        let mut cands = [0x1ffu16; 81];
        for i in 0..81 {
            if cells[i] != 0 {
                let mut nb = neighbours[i];
                while nb != 0 {
                    let j = nb.trailing_zeros() as usize;
                    nb &= nb - 1;
                    cands[j] &= !(1 << (cells[i] - 1));
                }
            }
        }
        // Givens that clash on a kept constraint leave no solution.
        if (0..81).any(|i| cells[i] != 0 && cands[i] >> (cells[i] - 1) & 1 == 0) {
            return Ok(0);
        }
        for i in 0..81 {
            if cells[i] != 0 {
                cands[i] = 0;
            }
        }
        let mut counter = Counter {
            neighbours: &neighbours,
            found: 0,
            cap: self.cap,
            nodes: Meter::new(self.budget, Work::SearchNodes),
        };
        if counter.count(&mut cells, &cands) {
            Ok(counter.found)
        } else {
            Err(counter.nodes.exceeded())
        }
    }

    /// The solution counts of the samples, in sample order.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) when a sample needs more nodes than the budget.
    pub fn counts(&self, puzzle: &Grid, seed: u64) -> Result<Vec<u64>, Failure> {
        let pairs = peer_pairs();
        // Sample `i` draws from the `i`-th child stream of `seed`, whichever thread runs it.
        (0..u64::from(self.samples.max(1)))
            .into_par_iter()
            .map(|i| self.sample(puzzle, &pairs, tempering::stream(seed, i)))
            .collect()
    }
}

impl Difficulty for Relaxation {
    fn name(&self) -> &str {
        crate::RatingKind::Relaxation.name()
    }
    fn rate(&self, puzzle: &Grid, seed: u64) -> Result<f64, Failure> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(Failure::from(c));
        }
        let counts = self.counts(puzzle, seed)?;
        Ok(counts.iter().map(|&c| (c.max(1) as f64).log10()).sum::<f64>() / counts.len() as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_810_peer_pairs() {
        assert_eq!(peer_pairs().len(), 810);
    }

    #[test]
    fn with_nothing_removed_a_unique_puzzle_counts_one() {
        let p: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let r = Relaxation { removed: 0, samples: 2, ..Relaxation::default() };
        assert_eq!(r.counts(&p, 0).unwrap(), vec![1, 1]);
        assert!(r.rate(&p, 0).unwrap().abs() < 1e-12);
        // Dropping constraints can only add solutions.
        let loose = Relaxation { removed: 200, samples: 4, ..Relaxation::default() };
        assert!(loose.counts(&p, 0).unwrap().iter().all(|&c| c >= 1));
    }
}
