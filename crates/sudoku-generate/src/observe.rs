//! Observer adapters: how a generation's phases report to the caller's `tempering::Observer`
//! and keep their own records.

use sudoku_logic::SeRating;
use sudoku_metrics::{Depth, NormalWidth, SeRater};
use tempering::{Observer, RoundInfo, SweepInfo};

use crate::{BestRecord, PuzzleState, RoundRecord};

/// Runs the depth phase until the depth reaches `target`, or until the caller's observer says
/// stop (then `interrupted`).
pub(crate) struct DepthReached<'a, O: ?Sized> {
    pub(crate) target: f64,
    pub(crate) caller: &'a mut O,
    pub(crate) interrupted: bool,
}

impl<O: Observer<PuzzleState> + ?Sized> Observer<PuzzleState> for DepthReached<'_, O> {
    fn on_sweep(&mut self, info: &SweepInfo<'_, PuzzleState>) -> bool {
        if !self.caller.keep_going() {
            self.interrupted = true;
            return false;
        }
        info.state.u < self.target
    }
}

/// Records the main phase's rounds and bests, and forwards them to the caller: sweeps, rounds,
/// rated states and `keep_going` as they come (`Observer<PuzzleState>`), every new best rated
/// (`Observer<BestRecord>::on_best`).
pub(crate) struct Recorder<'a, O: ?Sized> {
    /// Records carry ER/EP/ED when the energy is ER.
    pub(crate) rates_se: bool,
    pub(crate) history: &'a mut Vec<RoundRecord>,
    pub(crate) bests: &'a mut Vec<BestRecord>,
    pub(crate) caller: &'a mut O,
    /// A single chain is recorded every this many sweeps, as a round.
    pub(crate) every: u64,
}

impl<O> Observer<PuzzleState> for Recorder<'_, O>
where
    O: Observer<PuzzleState> + Observer<BestRecord> + ?Sized,
{
    fn on_best(&mut self, state: &PuzzleState, energy: f64, sweep: u64) {
        let puzzle = state.puzzle();
        let se: Option<SeRating> =
            self.rates_se.then(|| SeRater::default().evaluate(&puzzle).ok().map(|r| r.0)).flatten();
        let record = BestRecord {
            se,
            puzzle,
            clues: state.clue_count(),
            u: state.u,
            energy,
            sweep,
            depth: Depth::default().evaluate(&puzzle).ok(),
            normal_width: NormalWidth::default().evaluate(&puzzle).ok().map(|w| w.width),
        };
        Observer::<BestRecord>::on_best(self.caller, &record, energy, sweep);
        self.bests.push(record);
    }

    fn on_round(&mut self, info: &RoundInfo<'_, PuzzleState>) -> bool {
        self.history.push(RoundRecord {
            sweep: info.sweeps,
            betas: info.betas.to_vec(),
            energies: info.energies.clone(),
        });
        Observer::<PuzzleState>::on_round(self.caller, info)
    }

    fn keep_going(&mut self) -> bool {
        Observer::<PuzzleState>::keep_going(self.caller)
    }

    fn on_rated(&mut self, state: &PuzzleState, energy: f64, sweep: u64) {
        Observer::<PuzzleState>::on_rated(self.caller, state, energy, sweep);
    }

    fn on_sweep(&mut self, info: &SweepInfo<'_, PuzzleState>) -> bool {
        if info.sweep.is_multiple_of(self.every.max(1)) {
            self.history.push(RoundRecord {
                sweep: info.sweep,
                // A search without temperature reports none (JSON has no infinity).
                betas: if info.beta.is_finite() { vec![info.beta] } else { Vec::new() },
                energies: vec![info.energy],
            });
        }
        Observer::<PuzzleState>::on_sweep(self.caller, info)
    }
}
