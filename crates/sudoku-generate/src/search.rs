//! The main phase at run time: the one place a configured [`Search`] becomes one of
//! `tempering`'s optimizers, and the one trait every use goes through.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use sudoku_metrics::Difficulty;
use tempering::{
    Annealing, AnnealingState, BestFirst, Budget, Cooling, ExchangeConfig, Ladder, MarkovChain,
    Metropolis, Observer, Optimizer, ReplicaExchange, StopReason,
};

use crate::config::BEST_FIRST_FRONTIER;
use crate::{Adjustment, GenerateError, GeneratorConfig, PuzzleModel, PuzzleState, Search};

/// The width phase's model: the configured energy over puzzles.
pub(crate) type WidthModel = PuzzleModel<Box<dyn Difficulty>>;

/// The main phase's optimizer in progress, serialised whole in checkpoints.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) enum Searcher {
    Exchange(ReplicaExchange<PuzzleState>),
    Annealing(MarkovChain<PuzzleState, Pcg64Mcg, AnnealingState>),
    Metropolis(MarkovChain<PuzzleState, Pcg64Mcg, Metropolis>),
    BestFirst(BestFirst<PuzzleState, crate::PuzzleMove>),
}

/// What a generation asks of its optimizer, whichever it is: every `tempering` optimizer over
/// the width model is one.
pub(crate) trait MainPhase {
    /// Sweeps per chain or replica (expansions of best-first) since the phase began.
    fn sweeps(&self) -> u64;
    /// The lowest-energy puzzle found and its energy.
    fn best(&self) -> (&PuzzleState, f64);
    /// Runs under `budget`, reporting to `observer`.
    fn drive(
        &mut self,
        model: &WidthModel,
        budget: &Budget,
        observer: &mut dyn Observer<PuzzleState>,
    ) -> StopReason;
}

impl<T: Optimizer<WidthModel>> MainPhase for T {
    fn sweeps(&self) -> u64 {
        Optimizer::sweeps(self)
    }
    fn best(&self) -> (&PuzzleState, f64) {
        Optimizer::best(self)
    }
    fn drive(
        &mut self,
        model: &WidthModel,
        budget: &Budget,
        observer: &mut dyn Observer<PuzzleState>,
    ) -> StopReason {
        tempering::drive(self, model, budget, observer)
    }
}

impl Searcher {
    /// The configured optimizer, starting from `starts` (lowest energy first): a best-first
    /// search from all of them, a Markov chain or every replica from the first. A chain draws
    /// from `Pcg64Mcg::seed_from_u64(seed)`, replica exchange derives its replicas' streams
    /// from `seed`.
    pub(crate) fn new(
        config: &GeneratorConfig,
        model: &WidthModel,
        starts: Vec<PuzzleState>,
        seed: u64,
    ) -> Result<Searcher, GenerateError> {
        let first = *starts.first().ok_or(GenerateError::NoStart)?;
        let moves = 2 * config.move_pairs;
        let rng = || Pcg64Mcg::seed_from_u64(seed);
        Ok(match config.search {
            Search::ReplicaExchange { replicas, beta_hot, adjustment } => {
                let ladder = Ladder::linear(beta_hot, beta_hot * replicas as f64, replicas)?;
                let ladder = match adjustment {
                    Adjustment::None => ladder,
                    Adjustment::Watanabe(p) => ladder.adaptive(p)?,
                    Adjustment::EqualAcceptance(rate) => ladder.equal_acceptance(rate)?,
                };
                let exchange_config = ExchangeConfig {
                    sweeps_per_round: config.sweeps_per_round,
                    moves_per_sweep: moves,
                };
                Searcher::Exchange(ReplicaExchange::new(
                    model,
                    vec![first; replicas],
                    ladder,
                    exchange_config,
                    seed,
                )?)
            }
            Search::Annealing { t0, alpha, t_min } => {
                let a = Annealing::new(t0, alpha)
                    .with_cooling(Cooling::PerChain(u64::from(moves)))
                    .with_reheat_below(t_min)
                    .with_moves_per_sweep(moves);
                Searcher::Annealing(MarkovChain::new(model, first, rng(), AnnealingState::new(a)))
            }
            Search::Metropolis { beta } => {
                let m = Metropolis::new(beta).with_moves_per_sweep(moves);
                Searcher::Metropolis(MarkovChain::new(model, first, rng(), m))
            }
            // A run expands about one puzzle a second: the best 20,000 waiting are plenty, and
            // keep checkpoints small.
            Search::BestFirst { restart_after, partial } => {
                let mut search =
                    BestFirst::new(model, starts)?.with_frontier_limit(BEST_FIRST_FRONTIER);
                if let Some(plateau) = restart_after {
                    search = search.with_restarts(plateau);
                }
                if let Some(chunk) = partial {
                    search = search.with_partial(chunk);
                }
                Searcher::BestFirst(search)
            }
        })
    }

    /// The optimizer, whichever it is.
    pub(crate) fn phase(&self) -> &dyn MainPhase {
        match self {
            Searcher::Exchange(x) => x,
            Searcher::Annealing(c) => c,
            Searcher::Metropolis(c) => c,
            Searcher::BestFirst(b) => b,
        }
    }

    /// How many times a best-first search went back to its starts after a plateau (0 for the
    /// other searches).
    pub(crate) fn restarts(&self) -> u64 {
        match self {
            Searcher::BestFirst(b) => b.epochs() - 1,
            _ => 0,
        }
    }

    /// The optimizer, to run it.
    pub(crate) fn phase_mut(&mut self) -> &mut dyn MainPhase {
        match self {
            Searcher::Exchange(x) => x,
            Searcher::Annealing(c) => c,
            Searcher::Metropolis(c) => c,
            Searcher::BestFirst(b) => b,
        }
    }
}
