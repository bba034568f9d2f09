//! The families that assume each candidate of a cell or region in turn (Sudoku Explainer's
//! "multiple chains" driver): Nishio (7.5), cell and region forcing chains (8.0), dynamic
//! contradiction, double, cell and region forcing chains (8.5), with simpler techniques
//! (9.0) and nested chains (9.5 and up).

use sudoku_core::{Candidate, Cell, CellSet, Digit, Grid};

use super::Family;
use super::Links;
use super::collect::Collector;
use super::context::OutOfBudget;
use super::graph::Closure;
use super::potential::{Pot, PotSet, cand_at};
use super::propagate::Propagator;
use super::rank::Kind;
use super::reach::StaticLinks;
use crate::hints::{Lits, exactly_two, more_than_two, unit_bits_of, units_of};

/// What assuming a candidate true leads to: the potentials turned on and off, and the
/// contradiction met, if any (the sets then hold what was found up to it).
struct Outcome {
    on: Box<PotSet>,
    off: Box<PotSet>,
    absurd: Option<(Pot, Pot)>,
}

/// The multiple-chain search on a propagator's grid.
pub(crate) struct MultipleChains<'a, 'w> {
    prop: &'a mut Propagator<'w>,
    /// What assuming each candidate true led to, kept for the search: the cell, each unit
    /// and the candidate itself need it. By candidate, an index into `outcomes`.
    outcome_at: Vec<Option<u32>>,
    outcomes: Vec<Option<Outcome>>,
    /// The solution, when known (never in nested searches, whose grids rest on
    /// assumptions): a true assumption leads to no contradiction, so those searches are
    /// skipped.
    solution: Option<Grid>,
    /// The static implication graph's closure, for the multiple-chain family.
    closure: Option<Closure>,
    /// By digit, the cells changed since this family last found nothing.
    changed: Lits,
    collector: Collector,
}

impl<'a, 'w> MultipleChains<'a, 'w> {
    pub(crate) fn new(
        prop: &'a mut Propagator<'w>,
        solution: Option<&Grid>,
        changed: &Lits,
        collector: Collector,
    ) -> MultipleChains<'a, 'w> {
        MultipleChains {
            prop,
            outcome_at: Vec::new(),
            outcomes: Vec::new(),
            solution: solution.copied(),
            closure: None,
            changed: *changed,
            collector,
        }
    }

    /// Whether `cand` is in the solution, when it is known.
    fn truth(&self, cand: Candidate) -> Option<bool> {
        self.solution.map(|s| s.get(cand.cell()) == Some(cand.digit()))
    }

    /// What assuming `cand` true leads to, computed once per search; hand it back with
    /// [`MultipleChains::keep`].
    fn assume_on(&mut self, cand: Candidate) -> Result<Outcome, OutOfBudget> {
        if self.outcome_at.is_empty() {
            self.outcome_at = vec![None; 729];
        }
        if let Some(at) = self.outcome_at[cand.index()]
            && let Some(o) = self.outcomes[at as usize].take()
        {
            return Ok(o);
        }
        let (on, off, absurd) = self.prop.assume(cand, true)?;
        Ok(Outcome { on, off, absurd })
    }

    fn keep(&mut self, cand: Candidate, o: Outcome) {
        if self.outcome_at.is_empty() {
            self.outcome_at = vec![None; 729];
        }
        match self.outcome_at[cand.index()] {
            Some(at) => self.outcomes[at as usize] = Some(o),
            None => {
                self.outcome_at[cand.index()] = Some(self.outcomes.len() as u32);
                self.outcomes.push(Some(o));
            }
        }
    }

    /// Binary, region and cell forcing chains from every cell.
    pub(crate) fn all(mut self) -> Result<Collector, OutOfBudget> {
        let family = self.prop.family;
        // Static propagation reaches a subset of what the implication graph does: a cell or
        // region whose candidates lead to nothing in common there has no forcing chain.
        if family == Family::Multiple {
            self.closure = Some(match self.prop.work.memo.xy_closure.take() {
                Some((grid, closure)) if grid == self.prop.grid => closure,
                _ => StaticLinks::new(&self.prop.grid).implications(Links::XY).closure(),
            });
        }
        let nishio = family == Family::Nishio;
        for cell in Cell::all() {
            let values = self.prop.grid.candidates(cell);
            let card = values.len();
            if self.prop.grid.value(cell).is_some()
                || !(card > 2 || (card > 1 && family.is_dynamic()))
            {
                continue;
            }
            let mut cell_chains = !nishio && (card == 2 || (family.is_multiple() && card > 2));
            // By digit, the units where this cell starts a region forcing chain search (bit
            // `k` for the cell's `k`-th unit in `units_of` order).
            let mut regions = [0u8; 9];
            if !nishio {
                for d in values {
                    regions[d.index()] = self.region_units(cell, d);
                }
            }
            if let Some(closure) = &self.closure {
                cell_chains &=
                    closure.common_consequence(values.iter().map(|d| Candidate::new(cell, d)));
                if !cell_chains && regions == [0; 9] {
                    continue;
                }
            }
            let mut outcomes: Vec<(Candidate, Outcome)> = Vec::with_capacity(card);
            let mut cell_on: Option<Box<PotSet>> = None;
            let mut cell_off: Option<Box<PotSet>> = None;
            for d in values {
                let cand = Candidate::new(cell, d);
                // Nishio looks only for contradictions, which a true candidate never meets;
                // and with X links alone, what a candidate leads to depends only on its
                // digit's places: unchanged since Nishio last found nothing, nothing again.
                let unchanged = self.changed[d.index()] == 0;
                let o = if nishio && (self.truth(cand) == Some(true) || unchanged) {
                    Outcome { on: self.prop.take_set(), off: self.prop.take_set(), absurd: None }
                } else {
                    self.assume_on(cand)?
                };
                let double = card >= 3 && !nishio && family.is_dynamic();
                let contradiction = family.is_dynamic();
                self.binary(cand, &o, double, contradiction)?;
                self.region_chains(cell, d, regions[d.index()], &o)?;
                if cell_chains {
                    match (&mut cell_on, &mut cell_off) {
                        (Some(a), Some(b)) => {
                            a.retain(&self.prop.arena, &o.on);
                            b.retain(&self.prop.arena, &o.off);
                        }
                        _ => {
                            cell_on = Some(self.prop.copy_set(&o.on));
                            cell_off = Some(self.prop.copy_set(&o.off));
                        }
                    }
                }
                outcomes.push((cand, o));
            }
            if cell_chains {
                for (acc, on_side) in [(&cell_on, true), (&cell_off, false)] {
                    let Some(acc) = acc else { continue };
                    for &p in acc.order() {
                        let c = self.prop.arena.cand(p);
                        let targets: Vec<Pot> = outcomes
                            .iter()
                            .map(|(_, o)| {
                                let set = if on_side { &o.on } else { &o.off };
                                set.get(c).expect("in every outcome")
                            })
                            .collect();
                        self.collector.target_hint(self.prop, Kind::Cell(cell), p, targets);
                    }
                }
            }
            for set in [cell_on, cell_off].into_iter().flatten() {
                self.prop.give_set(set);
            }
            for (cand, o) in outcomes {
                self.keep(cand, o);
            }
        }
        let mut outcomes = std::mem::take(&mut self.outcomes);
        for (i, at) in std::mem::take(&mut self.outcome_at).into_iter().enumerate() {
            if let Some(o) = at.and_then(|at| outcomes[at as usize].take()) {
                self.prop.retire(cand_at(i), true, o.on, o.off);
            }
        }
        Ok(self.collector)
    }

    /// Contradiction forcing chains (from the candidate on, and off) and double forcing
    /// chains (its on and off potentials imply the same) of `cand`, whose on outcome is `o`.
    fn binary(
        &mut self,
        cand: Candidate,
        o: &Outcome,
        double: bool,
        contradiction: bool,
    ) -> Result<(), OutOfBudget> {
        let (on_on, on_off) = (&o.on, &o.off);
        if contradiction && let Some((a, b)) = o.absurd {
            self.collector.offer(
                self.prop,
                Kind::Binary { absurd: true },
                vec![cand],
                vec![a, b],
                None,
            );
        }
        // Assuming the candidate off serves only a contradiction (never met assuming a false
        // candidate off) or a double implication.
        if !double && (!contradiction || self.truth(cand) == Some(false)) {
            return Ok(());
        }
        let (off_on, off_off, absurd) = self.prop.assume(cand, false)?;
        if contradiction && let Some((a, b)) = absurd {
            let removable = self.prop.removals(cand, true);
            if !removable.is_empty() {
                let kind = Kind::Binary { absurd: true };
                self.collector.offer(self.prop, kind, removable, vec![a, b], Some(cand));
            }
        }
        if double {
            for &p in on_on.order() {
                let c = self.prop.arena.cand(p);
                if let Some(q) = off_on.get(c) {
                    let removable = self.prop.removals(c, true);
                    if !removable.is_empty() {
                        let kind = Kind::Binary { absurd: false };
                        self.collector.offer(self.prop, kind, removable, vec![p, q], Some(c));
                    }
                }
            }
            for &p in on_off.order() {
                let c = self.prop.arena.cand(p);
                if let Some(q) = off_off.get(c) {
                    let kind = Kind::Binary { absurd: false };
                    self.collector.offer(self.prop, kind, vec![c], vec![p, q], None);
                }
            }
        }
        self.prop.retire(cand, false, off_on, off_off);
        Ok(())
    }

    /// The units where `cell` is the first place of `d` and whose places may have a region
    /// forcing chain, as a mask over `units_of(cell)` (bit `k` for its `k`-th unit).
    fn region_units(&self, cell: Cell, d: Digit) -> u8 {
        let here = self.prop.grid.digit_cells(d).bits();
        let mut mask = 0;
        for (k, unit_cells) in unit_bits_of(cell).into_iter().enumerate() {
            let places = here & unit_cells;
            // The first place in the unit's order (`Unit::cells`, ascending) is the lowest.
            if (exactly_two(places) || (self.prop.family.is_multiple() && more_than_two(places)))
                && places.trailing_zeros() as usize == cell.index()
                && self.closure.as_ref().is_none_or(|closure| {
                    let places = CellSet::from_bits(places);
                    closure.common_consequence(places.iter().map(|c| Candidate::new(c, d)))
                })
            {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// Region forcing chains of `d` in the `units` (a mask, as [`Self::region_units`])
    /// whose first place is `cell`, whose on outcome is `own`.
    fn region_chains(
        &mut self,
        cell: Cell,
        d: Digit,
        units: u8,
        own: &Outcome,
    ) -> Result<(), OutOfBudget> {
        let (on_on, on_off) = (&own.on, &own.off);
        let chosen = units_of(cell).into_iter().enumerate().filter(|&(k, _)| units >> k & 1 != 0);
        for (_, unit) in chosen {
            let places = self.prop.grid.unit_positions(unit, d);
            let n = places.len();
            // The other places' outcomes (the cell's own is `own`), in the unit's order.
            let mut outcomes: Vec<(Candidate, Option<Outcome>)> = Vec::with_capacity(n);
            let mut region_on = self.prop.copy_set(on_on);
            let mut region_off = self.prop.copy_set(on_off);
            for c in places {
                let cand = Candidate::new(c, d);
                if c == cell {
                    outcomes.push((cand, None));
                    continue;
                }
                let o = self.assume_on(cand)?;
                region_on.retain(&self.prop.arena, &o.on);
                region_off.retain(&self.prop.arena, &o.off);
                outcomes.push((cand, Some(o)));
            }
            for (acc, on_side) in [(&region_on, true), (&region_off, false)] {
                for &p in acc.order() {
                    let c = self.prop.arena.cand(p);
                    let targets: Vec<Pot> = outcomes
                        .iter()
                        .map(|(_, o)| {
                            let o = o.as_ref().unwrap_or(own);
                            let set = if on_side { &o.on } else { &o.off };
                            set.get(c).expect("in every outcome")
                        })
                        .collect();
                    self.collector.target_hint(self.prop, Kind::Region(unit, d), p, targets);
                }
            }
            for (cand, o) in outcomes {
                if let Some(o) = o {
                    self.keep(cand, o);
                }
            }
            self.prop.give_set(region_on);
            self.prop.give_set(region_off);
        }
        Ok(())
    }
}
