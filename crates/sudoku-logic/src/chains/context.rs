//! What chain searches share over a solve: the budget they count against, the buffers of
//! finished searches for the next ones, and what earlier searches learnt about the grid.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher, Hash, Hasher};
use std::rc::Rc;

use sudoku_core::{Cancel, CandidateGrid, Digit, Failure, Meter};

use super::Family;
use super::graph::Closure;
use super::inner::InnerHint;
use super::potential::{Arena, Fifo, PotSet};
use super::resume::Resume;
use crate::hints::Lits;

/// The chain search ran out of its budget, or its [`Cancel`] token was cancelled (the solver
/// tells the two apart by asking the token).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfBudget;

impl From<Failure> for OutOfBudget {
    fn from(_: Failure) -> OutOfBudget {
        OutOfBudget
    }
}

/// A search's growable buffers, emptied.
#[derive(Default)]
pub(crate) struct Scratch {
    pub(crate) arena: Arena,
    #[expect(clippy::vec_box, reason = "sets move between pool and outcomes by pointer")]
    pub(crate) sets: Vec<Box<PotSet>>,
    pub(crate) pending_on: Fifo,
    pub(crate) pending_off: Fifo,
}

/// What the static family learnt about a grid, for the searches after it.
#[derive(Default)]
pub(crate) struct Memo {
    /// The closure of the last grid's XY graph, from the static family, for the
    /// multiple-chain family on the same grid.
    pub(crate) xy_closure: Option<(CandidateGrid, Closure)>,
    /// Breadth-first layers for [`super::reach::StaticLinks::cycle_may_remove`].
    pub(crate) layers: Vec<Lits>,
    /// By digit, its places when its X links last gave no forcing chain (and so no X-cycle
    /// that removes anything): X links never leave their digit, so with the same places,
    /// again none.
    pub(crate) x_barren_at: [Option<u128>; 9],
    /// Nested searches by family and grid (see [`super::inner::InnerHint`]).
    pub(crate) nested: HashMap<NestedKey, Rc<[InnerHint]>, BuildHasherDefault<DefaultHasher>>,
}

/// A nested search's family and grid, as [`Memo::nested`] keys them: hashed by the grid's
/// candidates folded into one word (a grid's derived hash writes each cell's set apart),
/// compared in full.
#[derive(PartialEq, Eq)]
pub(crate) struct NestedKey(pub(crate) Family, pub(crate) CandidateGrid);

impl Hash for NestedKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
        let folded = (0..9).fold(0u64, |h, d| {
            let cells = self.1.digit_cells(Digit::from_index(d)).bits();
            (h ^ cells as u64 ^ ((cells >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .rotate_left(23)
                .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
        });
        state.write_u64(folded);
    }
}

/// What the chain searches of one solve share: a meter, a pool of buffers (a search grows
/// thousands of potentials), and memos.
pub(crate) struct ChainContext {
    /// Potentials propagated by every chain search of a solve, against a limit.
    pub(crate) meter: Meter,
    pub(crate) pool: Vec<Scratch>,
    pub(crate) memo: Memo,
    /// The solver's token, asked every [`ChainContext::CHECK_EVERY`] potentials.
    pub(crate) cancel: Cancel,
    /// The last search's propagations, if the search one nesting level up on its grid may
    /// continue them.
    pub(crate) resume: Option<Box<Resume>>,
}

impl ChainContext {
    /// Potentials between two looks at the cancellation token (a few microseconds of work).
    pub(crate) const CHECK_EVERY: u64 = 1024;

    /// For searches that may propagate `limit` potentials in all, stopping once `cancel` is
    /// cancelled.
    pub(crate) fn new(limit: u64, cancel: Cancel) -> ChainContext {
        ChainContext {
            meter: Meter::new(limit, sudoku_core::Work::ChainPotentials),
            pool: Vec::new(),
            memo: Memo::default(),
            cancel,
            resume: None,
        }
    }

    /// Counts one potential against the budget; every [`ChainContext::CHECK_EVERY`] potentials, also
    /// looks at the cancellation token.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.meter.charge(1)?;
        if self.meter.used().is_multiple_of(ChainContext::CHECK_EVERY) && self.cancel.is_cancelled()
        {
            return Err(OutOfBudget);
        }
        Ok(())
    }
}
