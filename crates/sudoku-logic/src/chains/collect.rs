//! The hints of one search as it finds them: each chain's complexity counted (up to what
//! could still beat the easiest kept), its difficulty, and the sorted list at the end.

use sudoku_core::Candidate;

use super::potential::Pot;
use super::propagate::Propagator;
use super::rank::{ChainHint, Kind, easier};
use crate::increments::length_difficulty;

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
