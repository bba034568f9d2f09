//! A nested search's hint as the outer chain uses it, and as the memo of nested searches
//! keeps it ([`super::context::Memo`]).

use sudoku_core::{Candidate, CandidateGrid, CandidateSet, Cell, Digit, Unit};

use super::explain;
use super::potential::{Arena, Cause};
use super::rank::{ChainHint, Kind};

/// A hint of a nested search, as the outer chain uses it: what it removes, its complexity,
/// signature and account, and what its links rest on.
pub(crate) struct InnerHint {
    pub(super) removable: Vec<Candidate>,
    pub(super) complexity: u32,
    pub(super) signature: u64,
    pub(super) text: String,
    /// In the order of its chains, the on potentials whose link rests on the candidates of a
    /// cell or on the places of a digit in a unit: the crossed-out ones among those are the
    /// hint's parents in the outer chain.
    rests_on: Vec<Rest>,
}

/// What a link rests on ([`InnerHint::rests_on`]).
#[derive(Clone, Copy, Debug)]
enum Rest {
    /// The candidates of a cell.
    Cell(Cell),
    /// The places of a digit in a unit.
    Unit(Unit, Digit),
}

impl InnerHint {
    pub(super) fn of(arena: &Arena, h: &ChainHint) -> InnerHint {
        let mut rests_on = Vec::new();
        let mut chain = Vec::new();
        for &t in &h.targets {
            arena.chain(t, &mut chain);
            for &p in &chain {
                let node = arena.node(p);
                if !node.on {
                    continue;
                }
                let cause = match (node.cause, h.kind) {
                    (Cause::Assumed, Kind::Cell(_)) => Cause::Cell,
                    (Cause::Assumed, Kind::Region(u, _)) => Cause::Unit(u),
                    (c, _) => c,
                };
                let (cell, d) = (node.cand.cell(), node.cand.digit());
                match cause {
                    Cause::Cell => rests_on.push(Rest::Cell(cell)),
                    Cause::Unit(u) => {
                        let unit = match u {
                            Unit::Box(_) => Unit::Box(cell.box_() as u8),
                            Unit::Row(_) => Unit::Row(cell.row() as u8),
                            Unit::Col(_) => Unit::Col(cell.col() as u8),
                        };
                        rests_on.push(Rest::Unit(unit, d));
                    }
                    _ => {}
                }
            }
        }
        InnerHint {
            removable: h.removable.clone(),
            complexity: h.complexity,
            signature: arena.signature(&h.targets),
            text: explain::describe(h),
            rests_on,
        }
    }

    /// The crossed-out candidates (in `initial`, not in `current`) its links rest on, each
    /// once (Sudoku Explainer's "rule parents" of a nested chain).
    pub(super) fn parents(
        &self,
        initial: &CandidateGrid,
        current: &CandidateGrid,
    ) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = Vec::new();
        let mut seen = CandidateSet::EMPTY;
        let mut add = |c: Candidate| {
            if seen.insert(c) {
                out.push(c);
            }
        };
        for &rest in &self.rests_on {
            match rest {
                Rest::Cell(cell) => {
                    for v in initial.candidates(cell).difference(current.candidates(cell)) {
                        add(Candidate::new(cell, v));
                    }
                }
                Rest::Unit(unit, d) => {
                    for &c in unit.cells() {
                        if initial.candidates(c).contains(d) && !current.candidates(c).contains(d) {
                            add(Candidate::new(c, d));
                        }
                    }
                }
            }
        }
        out
    }
}
