//! Ranking chains: what kind of chain a hint is, its complexity and difficulty, and the
//! order Sudoku Explainer sorts hints in (difficulty, then complexity, then kind), which
//! decides the step taken and so the rating.

use sudoku_core::{Candidate, Cell, Digit, Unit};

use super::potential::Pot;
use super::{Family, Links};
use crate::Technique;
use crate::increments::length_difficulty;

/// What kind of chain a hint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A loop of alternating links; what sees an on and an off potential of it goes.
    Cycle(Links),
    /// A chain from a candidate (on or off) to its negation.
    Forcing(Links),
    /// Contradiction (absurd) or double forcing chains, from one candidate on and off.
    Binary { absurd: bool },
    /// Every candidate of a cell implies the same conclusion.
    Cell(Cell),
    /// Every place of a digit in a unit implies the same conclusion.
    Region(Unit, Digit),
}

impl Kind {
    /// The base difficulty of a static chain (from the technique table): cycles 6.5 (7.0 with
    /// both kinds of links), forcing chains 6.6 (7.0).
    pub(crate) fn static_base(self) -> f64 {
        let technique = match self {
            Kind::Cycle(Links::XY) => Technique::BidirectionalCycle,
            Kind::Cycle(Links::Y) => Technique::BidirectionalYCycle,
            Kind::Cycle(Links::X) => Technique::BidirectionalXCycle,
            Kind::Forcing(Links::XY) => Technique::ForcingChain,
            Kind::Forcing(_) => Technique::ForcingXChain,
            _ => unreachable!("only static chains have a base of their own"),
        };
        f64::from(technique.base_tenths()) / 10.0
    }

    /// The last key of Sudoku Explainer's order among hints of equal difficulty and
    /// complexity.
    pub(super) fn sort_key(self) -> u8 {
        match self {
            Kind::Cycle(links) | Kind::Forcing(links) => links.sort_key(),
            Kind::Binary { absurd } => {
                if absurd {
                    7
                } else {
                    1
                }
            }
            Kind::Cell(_) => 5,
            Kind::Region(..) => 6,
        }
    }
}

/// A chain found, before it becomes a [`crate::Step`].
#[derive(Clone, Debug)]
pub(crate) struct ChainHint {
    pub(crate) kind: Kind,
    pub(crate) family: Family,
    pub(crate) difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) sort_key: u8,
    /// Candidates removed, sorted.
    pub(crate) removable: Vec<Candidate>,
    /// The chains' final potentials, in Sudoku Explainer's order.
    pub(crate) targets: Vec<Pot>,
    /// The candidate placed, if the hint places one.
    pub(crate) placed: Option<Candidate>,
}

/// The order of hints: difficulty, then complexity, then kind.
pub(crate) fn easier(a: &ChainHint, b: &ChainHint) -> std::cmp::Ordering {
    a.difficulty
        .partial_cmp(&b.difficulty)
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(a.complexity.cmp(&b.complexity))
        .then(a.sort_key.cmp(&b.sort_key))
}

/// Where a static hint lands in the order of the hints list: difficulty, complexity, sort
/// key, then the order found (family, candidate, cycle/forcing on/forcing off, cycle
/// number). The static family finds its best hint without listing the others.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rank {
    pub(crate) difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) sort_key: u8,
    pub(crate) order: (u8, Candidate, u8, u32),
}

impl Rank {
    /// The rank of a static chain of `kind` and `complexity`, found at `order`.
    pub(crate) fn of(kind: Kind, complexity: u32, order: (u8, Candidate, u8, u32)) -> Rank {
        Rank {
            difficulty: kind.static_base() + length_difficulty(complexity),
            complexity,
            sort_key: kind.sort_key(),
            order,
        }
    }

    /// Whether `self` sorts strictly before `other`.
    pub(crate) fn before(&self, other: &Rank) -> bool {
        match self.difficulty.partial_cmp(&other.difficulty) {
            Some(std::cmp::Ordering::Less) => true,
            Some(std::cmp::Ordering::Greater) => false,
            _ => {
                (self.complexity, self.sort_key, self.order)
                    < (other.complexity, other.sort_key, other.order)
            }
        }
    }
}
