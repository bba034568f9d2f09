//! Tabu search (Hertz and de Werra) on box permutations.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Failure, Grid};

use super::filling::Prepared;
use super::{Run, Solver};

/// Tabu search (Hertz and de Werra, 1987), on the annealer's states: every box a permutation,
/// cost the digits missing from rows and columns. Each step examines every swap of two free
/// cells of a box and makes the best one (ties broken at random) whose cells are not tabu; the
/// two cells then stay tabu for `tenure` steps plus a random `0..=tenure/2`. Aspiration: a tabu
/// swap is allowed when it reaches a cost below the best seen. After `restart_after` steps
/// without progress the search restarts from a new random filling. A step is one examined
/// neighbourhood (up to 324 swaps).
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Solver, TabuSearch};
///
/// let puzzle: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let run = TabuSearch::default().run(&puzzle, 3, 1_000_000)?;
/// assert!(run.solution().is_some_and(|s| puzzle.is_solved_by(&s)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TabuSearch {
    /// Steps a swapped cell stays tabu (plus a random share of half of it).
    pub tenure: u32,
    /// Fix naked and hidden singles first.
    pub propagate: bool,
    /// Keep each digit among the cell's allowed digits.
    pub restrict: bool,
    /// Start again from a new random filling after this many steps without a new lowest cost
    /// in the current start (restricted swaps cannot reach every filling).
    pub restart_after: u64,
}

impl Default for TabuSearch {
    fn default() -> TabuSearch {
        TabuSearch { tenure: 4, propagate: true, restrict: true, restart_after: 1_000 }
    }
}

impl Solver for TabuSearch {
    fn name(&self) -> &str {
        "tabu"
    }

    fn run(&self, puzzle: &Grid, seed: u64, budget: u64) -> Result<Run, Failure> {
        let prep = Prepared::new(puzzle, self.propagate, self.restrict)?;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = prep.fill(&mut rng)?;
        let mut best = state.clone();
        let mut tabu_until = [0u64; 81];
        let (mut steps, mut start_best, mut improved_at) = (0, state.cost, 0);
        while best.cost > 0 && steps < budget && !prep.movable.is_empty() {
            steps += 1;
            if steps - improved_at > self.restart_after {
                state = prep.fill(&mut rng)?;
                (start_best, improved_at) = (state.cost, steps);
                tabu_until = [0; 81];
            }
            let mut chosen = None;
            let (mut best_delta, mut ties) = (i32::MAX, 0u32);
            for &b in &prep.movable {
                let cells = &prep.free[b as usize];
                for (k, &a) in cells.iter().enumerate() {
                    for &c in &cells[k + 1..] {
                        let (a, c) = (a as usize, c as usize);
                        if !prep.swap_allowed(&state.cells, a, c) {
                            continue;
                        }
                        let delta = state.swap_delta(a, c);
                        let tabu = tabu_until[a] > steps || tabu_until[c] > steps;
                        let aspires =
                            i64::from(state.cost) + i64::from(delta) < i64::from(best.cost);
                        if (tabu && !aspires) || delta > best_delta {
                            continue;
                        }
                        if delta < best_delta {
                            (best_delta, ties) = (delta, 0);
                        }
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            chosen = Some((a, c));
                        }
                    }
                }
            }
            let Some((a, c)) = chosen else { continue };
            state.swap(a, c, best_delta);
            let until = steps + u64::from(self.tenure + rng.random_range(0..=self.tenure / 2));
            tabu_until[a] = until;
            tabu_until[c] = until;
            if state.cost < start_best {
                (start_best, improved_at) = (state.cost, steps);
            }
            if state.cost < best.cost {
                best = state.clone();
            }
        }
        Ok(best.run(steps))
    }
}
