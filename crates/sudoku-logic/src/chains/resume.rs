//! What a dynamic chain search that found nothing leaves for the search one nesting level up
//! on the same grid: its propagations, to be continued rather than run again (the
//! propagator's `assume`, `retire` and `go_on` use them).

use sudoku_core::{CandidateGrid, Grid};

use super::Family;
#[cfg(doc)]
use super::potential::literal;
use super::potential::{Arena, Pot, PotSet};

/// A finished search's propagations, kept for the search one nesting level up on the same
/// grid, which continues them instead of running them again.
///
/// A dynamic chain one level up runs this level's nested rules first, in the same order, at
/// every stall, and more after them ([`Family::continues`]). So its propagation from an
/// assumption is this level's, potential for potential, up to where this level's ended: at
/// a contradiction (the same one, where it ends too) or at a stall where none of this
/// level's rules found anything, where it goes on with the rules it adds. The next search
/// takes the arena over, so the kept potentials stay valid; it makes the same assumptions
/// in the same order (the search's loop depends on the grid, the solution and whether the
/// family is dynamic, not on its level), so its hints are those a search from scratch finds.
pub(crate) struct Resume {
    pub(super) family: Family,
    pub(super) grid: CandidateGrid,
    pub(super) solution: Option<Grid>,
    pub(super) arena: Arena,
    /// By assumption ([`literal`]), where its propagation ended.
    pub(super) ends: Vec<Option<Box<End>>>,
}

/// Where a propagation ended: what it found, the contradiction if it met one, the reduced
/// grid and the grid of its last nested static search.
pub(super) struct End {
    /// The on and off potentials; `None` while the search still uses them.
    pub(super) sets: Option<(Box<PotSet>, Box<PotSet>)>,
    pub(super) absurd: Option<(Pot, Pot)>,
    pub(super) grid: CandidateGrid,
    pub(super) static_before: Option<CandidateGrid>,
}
