//! Chains: bidirectional cycles, forcing chains, Nishio, multiple (cell and region), dynamic
//! and nested forcing chains, as Sudoku Explainer 1.2.1 defines and rates them.
//!
//! Every chain is a graph of *potentials*: a candidate assumed or deduced true ("on") or false
//! ("off"), each with the potentials it follows from. A search propagates an assumption with
//! two rules (an on candidate turns off its cell's other candidates and its peers' copies; an
//! off candidate turns on the other candidate of a bivalue cell or the other place of a
//! bilocal unit), breadth first, on candidates first. Dynamic searches cross out each off
//! candidate as they go, so later links see the reduced grid; nested searches (level 1 and
//! up) run simpler techniques on that grid when propagation stalls. The order of everything
//! here follows Sudoku Explainer's, because which chain wins a tie decides the rating.
//!
//! The parts, one job each:
//! - [`potential`]: candidates and potentials as typed ids, the arena potentials live in, sets
//!   of potentials by candidate;
//! - [`propagate`]: the propagator, the rules that grow potentials (nested levels included),
//!   which every family borrows for its search;
//! - [`static_family`] (cycles and forcing chains, with [`reach`]'s bitset reachability) and
//!   [`multiple`] (Nishio, cell, region, dynamic and nested forcing chains): the families;
//! - [`nested`]: what a dynamic chain asks when its propagation stalls (nested levels), and
//!   [`inner`]: a nested search's hint as the outer chain uses it;
//! - [`rank`]: a hint's kind, complexity and difficulty, and the order hints sort in;
//!   [`collect`]: a search's hints as it finds them;
//! - [`explain`]: a hint as a [`Step`];
//! - [`work`]: what the searches of one solve share (budget meter, buffer pool, memos);
//! - [`resume`]: a finished level's propagations, which the level above continues.

mod collect;
mod context;
mod explain;
mod graph;
mod inner;
mod multiple;
mod nested;
mod potential;
mod propagate;
mod rank;
mod reach;
mod resume;
mod static_family;

use sudoku_core::{CandidateGrid, Grid};

use super::Step;
use super::Technique;
use super::hints::{ALL_LITS, Lits};
use collect::Collector;
pub(crate) use context::{ChainContext, OutOfBudget};
use multiple::MultipleChains;
use nested::NestedRule;
use propagate::Propagator;
use rank::ChainHint;
use static_family::StaticChains;

/// The links a static chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Links {
    /// Between the places of one digit: a unit's (X-chains).
    X,
    /// Between the candidates of one cell: a bivalue cell's (Y-chains).
    Y,
    /// Both.
    XY,
}

impl Links {
    /// Whether links between a digit's places in a unit are used.
    pub(crate) fn x(self) -> bool {
        self != Links::Y
    }

    /// Whether links between a cell's candidates are used.
    pub(crate) fn y(self) -> bool {
        self != Links::X
    }

    /// Sudoku Explainer's order among chains of equal difficulty and complexity.
    fn sort_key(self) -> u8 {
        match self {
            Links::XY => 4,
            Links::Y => 3,
            Links::X => 2,
        }
    }
}

/// A chaining family: the techniques one search finds, from cycles to nested forcing chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Family {
    /// Bidirectional cycles and forcing chains (6.5 to 7.0 and up).
    Static,
    /// Nishio forcing chains: one digit's links, dynamic (7.5).
    Nishio,
    /// Cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains (8.5); with simpler techniques at level 1 (9.0); nested from
    /// level 2 (9.5 + 0.5 per level above 2).
    Dynamic(u8),
}

impl Family {
    /// Whether each off potential is crossed out of the grid as the search goes.
    pub(crate) fn is_dynamic(self) -> bool {
        matches!(self, Family::Nishio | Family::Dynamic(_))
    }

    /// Whether cells and regions with more than two candidates start chains.
    pub(crate) fn is_multiple(self) -> bool {
        matches!(self, Family::Multiple | Family::Dynamic(_))
    }

    /// The nesting level (0 below dynamic chains (+)).
    pub(crate) fn level(self) -> u8 {
        match self {
            Family::Dynamic(level) => level,
            _ => 0,
        }
    }

    /// The difficulty of the family's forcing chains before their length counts (the static
    /// family's chains have their own, by kind).
    pub(crate) fn difficulty(self) -> f64 {
        let tenths = match self {
            Family::Static => unreachable!("static chains are rated by their kind"),
            Family::Nishio => Technique::NishioForcingChain.base_tenths(),
            Family::Multiple => Technique::CellForcingChain.base_tenths(),
            Family::Dynamic(level) => Technique::DynamicCellForcingChain(level).base_tenths(),
        };
        f64::from(tenths) / 10.0
    }

    /// Whether a search of this family continues the propagations of a search of `prev` on
    /// the same grid (see [`resume::Resume`]): if so, the nested rules it adds to
    /// `prev`'s, as a mask over [`Family::nested_rules`]. Both are dynamic chains (the same
    /// links, the grid reduced as they go), and each of `prev`'s rules stands in the same
    /// place in this family's list: dynamic chains (+) continue plain ones, nested chains
    /// of levels 2 and 3 those one level down, and level 5 level 4 (not level 4 level 3:
    /// it trades the static and multiple chains for dynamic ones).
    ///
    /// [`resume::Resume`]: resume::Resume
    pub(crate) fn continues(self, prev: Family) -> Option<u8> {
        if !matches!((self, prev), (Family::Dynamic(_), Family::Dynamic(_))) || self == prev {
            return None;
        }
        let mut added = 0;
        for (k, (mine, theirs)) in
            self.nested_rules().into_iter().zip(prev.nested_rules()).enumerate()
        {
            match (mine, theirs) {
                (Some(_), None) => added |= 1 << k,
                (Some(a), Some(b)) if a.same(b) => {}
                (None, None) => {}
                _ => return None,
            }
        }
        Some(added)
    }

    /// What a dynamic chain of this level may use when propagation stalls, in order (the
    /// first that finds anything is used), as the technique table says: basic techniques
    /// from level 1, then chain searches of easier families from level 2.
    fn nested_rules(self) -> [Option<NestedRule>; 6] {
        let level = self.level();
        let basic = |search| (level >= 1).then_some(NestedRule::Basic(search));
        let [a, b] = nested::nested_families(level);
        let [p, h, n, x] = nested::NESTED_BASIC;
        [
            basic(p),
            basic(h),
            basic(n),
            basic(x),
            a.map(NestedRule::Chains),
            b.map(NestedRule::Chains),
        ]
    }
}

/// Every hint of the propagator's family on its grid, sorted easiest first (difficulty, then
/// complexity, then kind), one per set of removals; with `best_only`, at most the easiest.
///
/// `solution`, when known, lets searches skip what cannot succeed; `changed` holds, by digit,
/// the cells changed since this family last found nothing (see
/// [`super::hints::Hints::changed`]).
fn hints(
    prop: &mut Propagator<'_>,
    best_only: bool,
    solution: Option<&Grid>,
    changed: &Lits,
) -> Result<Vec<ChainHint>, OutOfBudget> {
    let collector = match prop.family {
        Family::Static => StaticChains::new(prop).all()?,
        _ => MultipleChains::new(prop, solution, changed, Collector::new(best_only)).all()?,
    };
    Ok(collector.into_sorted())
}

/// The first (easiest) hint of a chaining family, as a step.
///
/// `changed` holds, by digit, the cells changed since this family last found nothing (see
/// [`super::hints::Hints::changed`]).
pub(crate) fn first_step(
    family: Family,
    g: &CandidateGrid,
    solution: Option<&Grid>,
    changed: &Lits,
    work: &mut ChainContext,
) -> Result<Option<Step>, OutOfBudget> {
    let mut prop = Propagator::new(family, g, work);
    prop.continue_previous(solution);
    prop.record_for_next(solution);
    let best = match family {
        Family::Static => StaticChains::new(&mut prop).best()?,
        _ => hints(&mut prop, true, solution, changed)?.into_iter().next(),
    };
    let step = best.map(|h| explain::step(&prop.arena, &prop.grid, &h));
    // Nothing found: the next search, one level up, may continue this one's propagations.
    prop.finish(step.is_none());
    Ok(step)
}

/// Every hint of a chaining family, easiest first, as steps.
pub(crate) fn all_steps(
    family: Family,
    g: &CandidateGrid,
    work: &mut ChainContext,
) -> Result<Vec<Step>, OutOfBudget> {
    let mut prop = Propagator::new(family, g, work);
    let hints = hints(&mut prop, false, None, &ALL_LITS)?;
    Ok(hints.iter().map(|h| explain::step(&prop.arena, &prop.grid, h)).collect())
}

#[cfg(test)]
mod tests {
    use super::Family;

    #[test]
    fn dynamic_chains_continue_the_level_below_while_its_rules_come_first() {
        // Dynamic chains (+) add the four basic techniques, level 2 the static chains,
        // level 3 the cell and region chains; level 4 trades those for dynamic chains, and
        // level 5 adds nested chains of level 2 to level 4's.
        assert_eq!(Family::Dynamic(1).continues(Family::Dynamic(0)), Some(0b00_1111));
        assert_eq!(Family::Dynamic(2).continues(Family::Dynamic(1)), Some(0b01_0000));
        assert_eq!(Family::Dynamic(3).continues(Family::Dynamic(2)), Some(0b10_0000));
        assert_eq!(Family::Dynamic(3).continues(Family::Dynamic(1)), Some(0b11_0000));
        assert_eq!(Family::Dynamic(4).continues(Family::Dynamic(3)), None);
        assert_eq!(Family::Dynamic(5).continues(Family::Dynamic(4)), Some(0b10_0000));
        // Not downwards, not itself, not across families.
        assert_eq!(Family::Dynamic(1).continues(Family::Dynamic(2)), None);
        assert_eq!(Family::Dynamic(2).continues(Family::Dynamic(2)), None);
        assert_eq!(Family::Dynamic(0).continues(Family::Nishio), None);
        assert_eq!(Family::Dynamic(1).continues(Family::Multiple), None);
    }
}
