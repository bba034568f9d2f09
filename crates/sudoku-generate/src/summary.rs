//! The result of a generation: its best candidates re-rated, the hardest chosen, with all its
//! ratings.

use serde::{Deserialize, Serialize};
use sudoku_core::Grid;
use sudoku_logic::SeRating;
use sudoku_metrics::{AverageWidth, Depth, Mean, NormalWidth, SeRater};

use tempering::Model;

use crate::{Generation, is_minimal, minimize};

/// The final result: the hardest candidate by average width, with all its ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its Sudoku Explainer ER/EP/ED (from the logical solver), whatever the energy.
    pub se: Option<SeRating>,
    /// Its clue count.
    pub clues: usize,
    /// Whether every clue is needed.
    pub minimal: bool,
    /// Its depth.
    pub depth: Option<u32>,
    /// Its normal width.
    pub normal_width: Option<u64>,
    /// Its average width (mean, standard error, samples).
    pub average_width: Option<Mean>,
    /// Its energy in the run's Hamiltonian.
    pub energy: f64,
    /// The lowest energy found in the run (its puzzle may rate lower by average width).
    pub best_energy: f64,
    /// Width-phase sweeps per replica (REMC steps).
    pub steps: u64,
    /// Depth-phase sweeps.
    pub depth_steps: u64,
    /// How many times a best-first search with restarts went back to its starts after a
    /// plateau (0 for the other searches).
    #[serde(default)]
    pub restarts: u64,
    /// The run's seed.
    pub seed: u64,
}

impl Generation {
    /// The run's result, rated (costly: it runs ratings, not a getter). With a backtracking
    /// energy (widths, depth), re-rates the last `rerate_candidates` best puzzles (and the depth
    /// phase's result when there are none) by average width, and returns the hardest; with a
    /// human-model energy, returns the lowest-energy puzzle. Either way the summary carries the
    /// puzzle's depth, normal and average width, and ER/EP/ED.
    #[must_use]
    pub fn rate_summary(&self) -> Summary {
        let (best_state, best_energy) = self.search.phase().best();
        let mut candidates: Vec<(Grid, f64)> = self
            .bests
            .iter()
            .rev()
            .take(self.config.rerate_candidates.max(1))
            .map(|b| (b.puzzle, b.energy))
            .collect();
        if candidates.is_empty() {
            candidates.push((best_state.puzzle(), best_energy));
        }
        if self.config.energy.is_for_people() {
            let lowest = candidates.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1));
            candidates = lowest.into_iter().collect();
        }
        let rater = AverageWidth::default()
            .with_samples(self.config.rerate_samples)
            .with_budget(self.config.rating_budget);
        let rated: Vec<(Grid, f64, Option<Mean>)> = candidates
            .into_iter()
            .map(|(p, e)| (p, e, rater.evaluate(&p, self.seed).ok()))
            .collect();
        let (mut puzzle, mut energy, mut average_width) = rated
            .into_iter()
            .max_by(|a, b| {
                let key = |x: &Option<Mean>| x.map_or(f64::NEG_INFINITY, |m| m.mean);
                key(&a.2).total_cmp(&key(&b.2))
            })
            .expect("at least one candidate");
        let mut minimal = is_minimal(&puzzle);
        if self.config.minimal && !minimal {
            puzzle = minimize(&puzzle);
            minimal = true;
            let model = Generation::width_model(&self.config, self.solution, self.seed);
            let clues = puzzle.filled_cells().bits();
            let solution = match sudoku_solve::solve(&puzzle) {
                sudoku_solve::Outcome::Unique(s) => s,
                _ => unreachable!("removing clues while unique keeps the puzzle unique"),
            };
            energy = model.energy(&model.state_of(clues, solution));
            average_width = rater.evaluate(&puzzle, self.seed).ok();
        }
        let solution = match sudoku_solve::solve(&puzzle) {
            sudoku_solve::Outcome::Unique(s) => s,
            _ => unreachable!("every puzzle of a generation has a unique solution"),
        };
        Summary {
            puzzle,
            solution,
            se: SeRater::default().evaluate(&puzzle).ok().map(|r| r.0),
            clues: puzzle.clue_count(),
            minimal,
            depth: Depth::default().evaluate(&puzzle).ok(),
            normal_width: NormalWidth::default().evaluate(&puzzle).ok().map(|w| w.width),
            average_width,
            energy,
            best_energy,
            steps: self.search.phase().sweeps(),
            depth_steps: self.depth_steps,
            restarts: self.search.restarts(),
            seed: self.seed,
        }
    }
}
