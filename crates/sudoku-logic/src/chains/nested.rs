//! Nested levels: what a dynamic chain asks when its propagation stalls (basic techniques,
//! then chain searches of easier families on the reduced grid), the rules each level may
//! use, and the off potentials their hints give the outer chain.

use std::rc::Rc;

use sudoku_core::{Candidate, CandidateGrid, Cell, CellSet, Digit};

use super::context::{NestedKey, OutOfBudget};
use super::inner::InnerHint;
use super::potential::{Arena, Cause, Nested, Pot, PotSet};
use super::propagate::Propagator;
use super::rank::ChainHint;
use super::reach::StaticLinks;
use super::static_family::StaticChains;
use super::{Family, Links};
use crate::hints::{ALL_LITS, Hints, Producer, lits_of};
use crate::{Step, Technique, locking, subsets};

/// What a dynamic chain may use, besides the cell and unit rules, when propagation stalls
/// at a nesting level: basic techniques, then chain searches of an easier family.
#[derive(Clone, Copy)]
pub(crate) enum NestedRule {
    /// A basic technique's search: pointing and claiming, hidden pairs, naked pairs or
    /// X-wings ([`NESTED_BASIC`]).
    Basic(Producer),
    /// Every hint of a chaining family.
    Chains(Family),
}

impl NestedRule {
    /// Whether the two are the same rule.
    pub(crate) fn same(self, other: NestedRule) -> bool {
        match (self, other) {
            (NestedRule::Basic(a), NestedRule::Basic(b)) => std::ptr::fn_addr_eq(a, b),
            (NestedRule::Chains(a), NestedRule::Chains(b)) => a == b,
            _ => false,
        }
    }
}

/// The basic techniques a dynamic chain (+) may use when its propagation stalls, by their
/// searches, in the order asked (the first that finds anything is used): pointing and
/// claiming, hidden pairs, naked pairs, X-wings.
pub(crate) const NESTED_BASIC: [Producer; 4] = [
    locking::locking,
    |g, h| subsets::hidden_sets(g, 2, false, h),
    |g, h| subsets::naked_sets(g, 2, h),
    |g, h| subsets::fish(g, 2, h),
];

/// The chaining families a dynamic chain at nesting `level` may run, after the basic
/// techniques, when its propagation stalls: forcing chains at 2 and 3, multiple forcing
/// chains at 3, dynamic forcing chains from 4, and dynamic chains 3 levels down from 5.
pub(crate) fn nested_families(level: u8) -> [Option<Family>; 2] {
    [
        match level {
            2 | 3 => Some(Family::Static),
            4.. => Some(Family::Dynamic(0)),
            _ => None,
        },
        match level {
            3 => Some(Family::Multiple),
            5.. => Some(Family::Dynamic(level - 3)),
            _ => None,
        },
    ]
}

/// The most nested searches remembered by grid (then forgotten, all at once).
const NESTED_MEMO: usize = 4096;

impl Propagator<'_> {
    /// Off potentials that simpler techniques find on the reduced grid, with the crossed-out
    /// candidates they rely on as parents: the first technique (in order) that finds any.
    ///
    /// `only` picks rules by their place in [`Family::nested_rules`] (bit `k` for the
    /// `k`-th).
    pub(super) fn nested_rules(
        &mut self,
        to_off: &PotSet,
        only: u8,
    ) -> Result<Vec<(Candidate, Pot)>, OutOfBudget> {
        let mut out = Vec::new();
        let rules = self.family.nested_rules().into_iter().enumerate();
        for rule in rules.filter_map(|(k, r)| r.filter(|_| only >> k & 1 != 0)) {
            match rule {
                NestedRule::Basic(search) => {
                    let mut hints = Hints::all();
                    // Where the rules found nothing on the start grid, they can find
                    // something only where the propagation crossed candidates out.
                    if self.no_basic_rule_in_save() {
                        let (now, then) = (lits_of(&self.grid), lits_of(&self.save));
                        hints.changed = std::array::from_fn(|d| now[d] ^ then[d]);
                    }
                    let _ = search(&self.grid, &mut hints);
                    for step in &hints.steps {
                        let parents = self.rule_parents(step, to_off);
                        if parents.is_empty() {
                            continue;
                        }
                        for e in &step.eliminations {
                            let c = Candidate::new(e.cell(), e.digit());
                            let cause = Cause::Rule(step.technique);
                            let n = self.arena.push(c, false, cause, &parents);
                            out.push((c, n));
                        }
                    }
                }
                NestedRule::Chains(Family::Static) if self.no_static_hint_in_save() => {
                    // With no static hint on the start grid, every static hint on a reduced
                    // grid relies on a candidate crossed out, so the nested search gives it,
                    // and it is applied. So every static hint now passes through a strong
                    // link that the grid of the last nested static search (or the start
                    // grid) lacks: any other would have been found there, and what it
                    // removes is gone. Most stalls have new strong links (four in five, about
                    // nine each, on 40 elevens), but only one in six a forcing chain
                    // through one.
                    let before = self.static_before.unwrap_or(self.save);
                    self.static_before = Some(self.grid);
                    let links = StaticLinks::new(&self.grid);
                    let starts = links.forcing_starts_after(&before);
                    if starts.iter().flatten().all(|&m| m == 0) {
                        continue;
                    }
                    let found = self.nested_hints(Family::Static, |search| {
                        let all = StaticChains::with_links(search, links).all_from(starts)?;
                        Ok(all.into_sorted())
                    })?;
                    let grids = (&self.save, &self.grid);
                    add_nested(&mut self.arena, grids, &found, to_off, &mut out);
                }
                NestedRule::Chains(inner) => {
                    let found = self.nested_hints(inner, |search| {
                        super::hints(search, false, None, &ALL_LITS)
                    })?;
                    let grids = (&self.save, &self.grid);
                    add_nested(&mut self.arena, grids, &found, to_off, &mut out);
                }
            }
            if !out.is_empty() {
                break;
            }
        }
        Ok(out)
    }

    /// Every hint of the `inner` family on the reduced grid, as the outer chain uses them:
    /// found by `search` on a new propagator, or remembered from an earlier search on the
    /// same grid (a third of nested searches repeat one).
    fn nested_hints(
        &mut self,
        inner: Family,
        search: impl FnOnce(&mut Propagator<'_>) -> Result<Vec<ChainHint>, OutOfBudget>,
    ) -> Result<Rc<[InnerHint]>, OutOfBudget> {
        let key = NestedKey(inner, self.grid);
        if let Some(found) = self.work.memo.nested.get(&key) {
            return Ok(Rc::clone(found));
        }
        let mut prop = Propagator::new(inner, &self.grid, self.work);
        let hints = search(&mut prop)?;
        let found: Rc<[InnerHint]> = hints.iter().map(|h| InnerHint::of(&prop.arena, h)).collect();
        drop(prop);
        let memo = &mut self.work.memo.nested;
        if memo.len() >= NESTED_MEMO {
            memo.clear();
        }
        memo.insert(key, Rc::clone(&found));
        Ok(found)
    }

    /// Whether the basic nested rules find nothing on the grid every propagation of this
    /// search starts from (computed once: true for the searches of the step search, which
    /// asks the basic techniques first).
    fn no_basic_rule_in_save(&mut self) -> bool {
        let save = self.save;
        *self.save_basic_free.get_or_insert_with(|| {
            NESTED_BASIC.into_iter().all(|search| {
                let mut hints = Hints::first();
                let _ = search(&save, &mut hints);
                hints.steps.is_empty()
            })
        })
    }

    /// Whether the grid every propagation of this search starts from has no static hint
    /// (computed once: most nested searches run on such grids, since the static family
    /// comes first).
    fn no_static_hint_in_save(&mut self) -> bool {
        *self.save_static_free.get_or_insert_with(|| {
            let starts = StaticLinks::new(&self.save).implications(Links::XY).forcing_starts();
            starts.iter().flatten().all(|&m| m == 0)
        })
    }

    /// The crossed-out candidates a basic technique's step relies on (Sudoku Explainer's
    /// "rule parents"), as potentials of `to_off`.
    fn rule_parents(&self, step: &Step, to_off: &PotSet) -> Vec<Pot> {
        let mut out = Vec::new();
        let gone = |c: Cell, d: Digit| {
            self.save.candidates(c).contains(d) && !self.grid.candidates(c).contains(d)
        };
        let mut push = |c: Cell, d: Digit| {
            if let Some(n) = to_off.get(Candidate::new(c, d))
                && !out.contains(&n)
            {
                out.push(n);
            }
        };
        match step.technique {
            Technique::Pointing | Technique::Claiming | Technique::XWing => {
                let d = step.pattern[0].digit();
                let half = step.units.len() / 2;
                let (base, cover) = step.units.split_at(half);
                let cover: CellSet =
                    cover.iter().fold(CellSet::EMPTY, |s, u| s.union(u.cell_set()));
                for u in base {
                    for &c in u.cells() {
                        if gone(c, d) && !cover.contains(c) {
                            push(c, d);
                        }
                    }
                }
            }
            Technique::HiddenPair => {
                let unit = step.units[0];
                let digits = step.pattern_digits();
                let cells = step.pattern_cells();
                for &c in unit.cells() {
                    if cells.contains(c) {
                        continue;
                    }
                    for d in digits {
                        if self.save.candidates(c).contains(d) {
                            push(c, d);
                        }
                    }
                }
            }
            Technique::NakedPair => {
                let digits = step.pattern_digits();
                for c in step.pattern_cells() {
                    for d in self.save.candidates(c).difference(digits) {
                        push(c, d);
                    }
                }
            }
            _ => {}
        }
        out
    }
}

/// The off potentials that the hints of a nested search on the reduced grid give (`grids`:
/// the grid the propagation started from, and the reduced one): added to `arena` and `out`,
/// with the crossed-out candidates they rely on as parents. Hints that rely on none are
/// left out.
fn add_nested(
    arena: &mut Arena,
    (save, grid): (&CandidateGrid, &CandidateGrid),
    hints: &[InnerHint],
    to_off: &PotSet,
    out: &mut Vec<(Candidate, Pot)>,
) {
    for h in hints {
        let parents = h.parents(save, grid);
        let parents: Vec<Pot> = parents.into_iter().filter_map(|c| to_off.get(c)).collect();
        if parents.is_empty() {
            continue;
        }
        let cause = arena.push_nested(Nested {
            complexity: h.complexity,
            signature: h.signature,
            text: h.text.clone(),
        });
        for &c in &h.removable {
            let n = arena.push(c, false, cause, &parents);
            out.push((c, n));
        }
    }
}
