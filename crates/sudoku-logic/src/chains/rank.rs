//! Ranking chains: what kind of chain a hint is, its complexity and difficulty, and the
//! order Sudoku Explainer sorts hints in (difficulty, then complexity, then kind), which
//! decides the step taken and so the rating.

use sudoku_core::{Candidate, Cell, Digit, Unit};

use super::potential::Pot;
use super::propagate::Propagator;
use super::{Family, Links};
use crate::Technique;
use crate::techniques::length_difficulty;

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
    fn sort_key(self) -> u8 {
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

/// The hints of a search as they are found: all of them, or only the easiest so far.
pub(crate) struct Collector {
    hints: Vec<ChainHint>,
    best_only: bool,
    /// Scratch space for counting a chain's potentials.
    walk: [Vec<Pot>; 2],
}

impl Collector {
    pub(crate) fn new(best_only: bool) -> Collector {
        Collector { hints: Vec::new(), best_only, walk: [Vec::new(), Vec::new()] }
    }

    /// A hint's complexity: the potentials of its chains (each target's distinct ones),
    /// with what nested techniques add; or more than `cap` as soon as it exceeds `cap`.
    fn complexity(&mut self, prop: &Propagator<'_>, kind: Kind, targets: &[Pot], cap: u32) -> u32 {
        let targets = match kind {
            Kind::Cycle(_) | Kind::Forcing(_) => &targets[..1],
            _ => targets,
        };
        let mut flat: u32 = 0;
        for &t in targets {
            flat += prop.arena.ancestor_count(t, cap - flat, &mut self.walk);
            if flat > cap {
                return flat;
            }
        }
        let nested =
            if prop.family.level() >= 2 { prop.arena.nested_complexity(targets) } else { 0 };
        flat + nested
    }

    fn hint(
        prop: &Propagator<'_>,
        kind: Kind,
        (removable, targets, placed): (Vec<Candidate>, Vec<Pot>, Option<Candidate>),
        complexity: u32,
    ) -> ChainHint {
        let base = match kind {
            Kind::Cycle(_) | Kind::Forcing(_) => kind.static_base(),
            _ => prop.family.difficulty(),
        };
        ChainHint {
            kind,
            family: prop.family,
            difficulty: base + length_difficulty(complexity),
            complexity,
            sort_key: kind.sort_key(),
            removable,
            targets,
            placed,
        }
    }

    /// The hint of a chain, whatever its complexity.
    pub(crate) fn finish(
        &mut self,
        prop: &Propagator<'_>,
        kind: Kind,
        removable: Vec<Candidate>,
        targets: Vec<Pot>,
    ) -> ChainHint {
        let complexity = self.complexity(prop, kind, &targets, u32::MAX);
        Collector::hint(prop, kind, (removable, targets, None), complexity)
    }

    /// Adds a hint; when only the easiest is wanted, only if it sorts before the one kept.
    /// The multiple-chain families' difficulty is the family's plus what the complexity
    /// adds, so one more complex than the kept one cannot: its count stops there.
    pub(crate) fn offer(
        &mut self,
        prop: &Propagator<'_>,
        kind: Kind,
        removable: Vec<Candidate>,
        targets: Vec<Pot>,
        placed: Option<Candidate>,
    ) {
        let kept = if self.best_only { self.hints.first() } else { None };
        let cap = kept.map_or(u32::MAX, |k| k.complexity);
        let complexity = self.complexity(prop, kind, &targets, cap);
        if complexity > cap {
            return;
        }
        let h = Collector::hint(prop, kind, (removable, targets, placed), complexity);
        match self.hints.first_mut() {
            Some(k) if self.best_only => {
                if easier(&h, k) == std::cmp::Ordering::Less {
                    *k = h;
                }
            }
            _ => self.hints.push(h),
        }
    }

    /// Adds the hint of a chain to `target` (an on target places its candidate, an off one
    /// removes it) proved by the chains to `targets` (`target`'s alone when empty).
    pub(crate) fn target_hint(
        &mut self,
        prop: &Propagator<'_>,
        kind: Kind,
        target: Pot,
        mut targets: Vec<Pot>,
    ) {
        let node = prop.arena.node(target);
        let (cand, on) = (node.cand, node.on);
        let removable = prop.removals(cand, on);
        if removable.is_empty() {
            return;
        }
        let placed = on.then_some(cand);
        if targets.is_empty() {
            targets.push(target);
        }
        self.offer(prop, kind, removable, targets, placed);
    }

    /// Adds a hint made elsewhere.
    pub(crate) fn push(&mut self, h: ChainHint) {
        self.hints.push(h);
    }

    /// The hints, sorted easiest first, one per set of removals.
    pub(crate) fn into_sorted(self) -> Vec<ChainHint> {
        let mut hints = self.hints;
        hints.sort_by(easier);
        let mut seen = std::collections::HashSet::with_capacity(hints.len());
        let mut kept: Vec<ChainHint> = Vec::with_capacity(hints.len());
        for h in hints {
            if seen.insert(h.removable.clone()) {
                kept.push(h);
            }
        }
        kept
    }
}
