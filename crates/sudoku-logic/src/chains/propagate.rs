//! The propagator: what a potential implies, by the cell and unit rules and, in dynamic
//! chains, by simpler techniques on the grid reduced as the search goes (nested levels, whose
//! rules are in [`super::nested`]). Every chaining family borrows one for its search.

use sudoku_core::{Candidate, CandidateGrid, CellSet, Digit, Grid};

use super::context::{ChainContext, OutOfBudget, Scratch};
use super::potential::{Arena, Cause, Fifo, Pot, PotSet, cand_at, literal};
use super::resume::{End, Resume};
use super::{Family, Links};
use crate::hints::{unit_bits_of, units_of};

/// One chain search's potentials and grid, and the rules that grow them.
pub(crate) struct Propagator<'w> {
    pub(crate) family: Family,
    /// The grid the search is on; dynamic propagation crosses candidates out of it as it
    /// goes, and restores it afterwards.
    pub(crate) grid: CandidateGrid,
    /// The grid as the current propagation found it.
    pub(crate) save: CandidateGrid,
    pub(crate) arena: Arena,
    pub(crate) work: &'w mut ChainContext,
    /// The potentials an on candidate turns off ([`Propagator::on_to_off`]).
    buf: Vec<(Candidate, Cause)>,
    /// Scratch space for the on potentials an off potential implies.
    made: Vec<Pot>,
    pending_on: Fifo,
    pending_off: Fifo,
    /// Emptied sets, for reuse: a set is 729 slots, too many to zero for every search.
    /// Boxed so that taking and returning a set moves a pointer.
    #[expect(clippy::vec_box, reason = "sets move between pool and outcomes by pointer")]
    sets: Vec<Box<PotSet>>,
    /// Whether the grid propagations start from has no static hint, once known.
    pub(super) save_static_free: Option<bool>,
    /// In the current propagation, the grid of the last nested static search (whose hints
    /// were all applied since: see [`Propagator::nested_rules`]).
    pub(super) static_before: Option<CandidateGrid>,
    /// Whether the basic nested rules find nothing on that grid, once known.
    pub(super) save_basic_free: Option<bool>,
    /// Where the last propagation ended: the reduced grid and [`Propagator::static_before`].
    last_end: Option<(CandidateGrid, Option<CandidateGrid>)>,
    /// The previous nesting level's propagations on this grid, continued instead of run
    /// again (see [`Resume`]), and the rules this search adds to that level's, as a mask
    /// over [`Family::nested_rules`].
    resume: Option<(Box<Resume>, u8)>,
    /// This search's propagations, for the next nesting level (see [`Resume`]).
    record: Option<Box<Resume>>,
}

impl Drop for Propagator<'_> {
    fn drop(&mut self) {
        // The buffers go back to the pool for the next search.
        self.arena.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        let scratch = Scratch {
            arena: std::mem::take(&mut self.arena),
            sets: std::mem::take(&mut self.sets),
            pending_on: std::mem::take(&mut self.pending_on),
            pending_off: std::mem::take(&mut self.pending_off),
        };
        self.work.pool.push(scratch);
    }
}

/// What a static search does at each step of [`Propagator::layered`]: which off potentials
/// to make, what to note of each potential made, and when to stop.
pub(crate) trait Layered {
    /// On potential `p` sees `c`: `None` to skip it; else make its off potential, and
    /// queue it (to expand later) if `Some(true)`.
    fn off(&mut self, arena: &Arena, p: Pot, c: Candidate, to_off: &PotSet) -> Option<bool>;
    /// An off potential was made.
    fn made_off(&mut self, _arena: &Arena, _off: Pot) {}
    /// Between the on and the off half of a layer: whether to go on.
    fn before_offs(&mut self) -> bool {
        true
    }
    /// An on potential was made (new or met before).
    fn made_on(&mut self, on: Pot, c: Candidate);
    /// After a whole layer: whether to go on.
    fn after_layer(&mut self) -> bool {
        true
    }
}

impl<'w> Propagator<'w> {
    pub(crate) fn new(
        family: Family,
        grid: &CandidateGrid,
        work: &'w mut ChainContext,
    ) -> Propagator<'w> {
        let scratch = work.pool.pop().unwrap_or_default();
        Propagator {
            family,
            grid: *grid,
            save: *grid,
            arena: scratch.arena,
            work,
            buf: Vec::with_capacity(32),
            made: Vec::with_capacity(4),
            pending_on: scratch.pending_on,
            pending_off: scratch.pending_off,
            sets: scratch.sets,
            save_static_free: None,
            static_before: None,
            save_basic_free: None,
            last_end: None,
            resume: None,
            record: None,
        }
    }

    pub(crate) fn take_set(&mut self) -> Box<PotSet> {
        self.sets.pop().unwrap_or_else(|| Box::new(PotSet::new()))
    }

    pub(crate) fn give_set(&mut self, mut set: Box<PotSet>) {
        set.clear();
        self.sets.push(set);
    }

    pub(crate) fn copy_set(&mut self, from: &PotSet) -> Box<PotSet> {
        let mut set = self.take_set();
        for &p in from.order() {
            set.add(self.arena.cand(p), p);
        }
        set
    }

    /// Continues the propagations of the search one nesting level down on this grid, if it
    /// was the last search kept (see [`Resume`]); gives its buffers back otherwise.
    pub(crate) fn continue_previous(&mut self, solution: Option<&Grid>) {
        let Some(mut previous) = self.work.resume.take() else { return };
        let fits = previous.grid == self.grid && previous.solution.as_ref() == solution;
        match self.family.continues(previous.family).filter(|_| fits) {
            Some(added) => {
                std::mem::swap(&mut self.arena, &mut previous.arena);
                self.resume = Some((previous, added));
            }
            None => self.recycle(previous),
        }
    }

    /// Keeps this search's propagations for the search one nesting level up, if there is
    /// one that continues them.
    pub(crate) fn record_for_next(&mut self, solution: Option<&Grid>) {
        let Family::Dynamic(level) = self.family else { return };
        if Family::Dynamic(level.saturating_add(1)).continues(self.family).is_none() {
            return;
        }
        self.record = Some(Box::new(Resume {
            family: self.family,
            grid: self.grid,
            solution: solution.copied(),
            arena: Arena::default(),
            ends: (0..2 * 729).map(|_| None).collect(),
        }));
    }

    /// Ends the search: its propagations are kept for the next search if `keep` (and they
    /// were recorded), else their buffers go back to the pool.
    pub(crate) fn finish(&mut self, keep: bool) {
        if let Some((resume, _)) = self.resume.take() {
            self.recycle(resume);
        }
        match self.record.take() {
            Some(mut record) if keep => {
                record.arena = std::mem::take(&mut self.arena);
                self.work.resume = Some(record);
            }
            Some(record) => self.recycle(record),
            None => {}
        }
    }

    fn recycle(&mut self, resume: Box<Resume>) {
        for end in resume.ends.into_iter().flatten() {
            if let Some((on, off)) = end.sets {
                self.give_set(on);
                self.give_set(off);
            }
        }
    }

    /// What assuming `cand` on (or off) leads to: the potentials found on and off, and the
    /// contradiction met, if any (see [`Propagator::propagate`]). Continued from the search
    /// one level down when it was kept ([`Resume`]). Hand the sets back with
    /// [`Propagator::retire`].
    #[expect(clippy::type_complexity, reason = "the two sets and the contradiction")]
    pub(crate) fn assume(
        &mut self,
        cand: Candidate,
        on: bool,
    ) -> Result<(Box<PotSet>, Box<PotSet>, Option<(Pot, Pot)>), OutOfBudget> {
        let lit = literal(cand, on);
        let kept = self.resume.as_mut().and_then(|(r, added)| Some((r.ends[lit].take()?, *added)));
        let (to_on, to_off, absurd) = match kept {
            Some((end, added)) => {
                let End { sets, absurd, grid, static_before } = *end;
                let (mut to_on, mut to_off) = sets.expect("handed back");
                let absurd = match absurd {
                    Some(_) => {
                        self.last_end = Some((grid, static_before));
                        absurd
                    }
                    None => self.go_on(&mut to_on, &mut to_off, (grid, static_before), added)?,
                };
                (to_on, to_off, absurd)
            }
            None => {
                let p = self.arena.push(cand, on, Cause::Assumed, &[]);
                let (mut to_on, mut to_off) = (self.take_set(), self.take_set());
                if on {
                    to_on.add(cand, p);
                } else {
                    to_off.add(cand, p);
                }
                let absurd = self.propagate(&mut to_on, &mut to_off)?;
                (to_on, to_off, absurd)
            }
        };
        if let Some(record) = &mut self.record
            && let Some((grid, static_before)) = self.last_end
        {
            record.ends[lit] = Some(Box::new(End { sets: None, absurd, grid, static_before }));
        }
        Ok((to_on, to_off, absurd))
    }

    /// Hands back the sets [`Propagator::assume`] gave for `cand` on (or off): kept for the
    /// next level if the search records, else back to the pool.
    pub(crate) fn retire(
        &mut self,
        cand: Candidate,
        on: bool,
        to_on: Box<PotSet>,
        to_off: Box<PotSet>,
    ) {
        let end = self.record.as_mut().and_then(|r| r.ends[literal(cand, on)].as_mut());
        match end {
            Some(end) if end.sets.is_none() => end.sets = Some((to_on, to_off)),
            _ => {
                self.give_set(to_on);
                self.give_set(to_off);
            }
        }
    }

    /// Goes on with a propagation that ended at a stall one level down (on the reduced
    /// `grid`, with its last nested static search's grid): the rules this level adds
    /// (`added`, a mask over [`Family::nested_rules`]) at that stall, then on as
    /// [`Propagator::propagate`] does.
    fn go_on(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        (grid, static_before): (CandidateGrid, Option<CandidateGrid>),
        added: u8,
    ) -> Result<Option<(Pot, Pot)>, OutOfBudget> {
        self.save = self.grid;
        self.grid = grid;
        self.static_before = static_before;
        self.run(to_on, to_off, Some(added))
    }

    pub(crate) fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.work.tick()
    }

    /// The removals of a conclusion: an on target keeps only its digit in its cell, an off
    /// target loses its digit.
    pub(crate) fn removals(&self, cand: Candidate, on: bool) -> Vec<Candidate> {
        if on {
            let (cell, d) = (cand.cell(), cand.digit());
            self.grid
                .candidates(cell)
                .iter()
                .filter(|&v| v != d)
                .map(|v| Candidate::new(cell, v))
                .collect()
        } else {
            vec![cand]
        }
    }

    /// The potentials an on candidate turns off: its cell's other candidates (with `y`),
    /// then its digit in the box, row and column (each candidate once).
    fn on_to_off(&mut self, cand: Candidate, y: bool) {
        self.buf.clear();
        let (cell, d) = (cand.cell(), cand.digit());
        if y {
            for v in self.grid.candidates(cell) {
                if v != d {
                    self.buf.push((Candidate::new(cell, v), Cause::Cell));
                }
            }
        }
        // The digit's places, unit by unit, in ascending cell order (as `Unit::cells`).
        let mut left = self.grid.digit_cells(d).bits() & !(1u128 << cell.index());
        for (u, unit_cells) in units_of(cell).into_iter().zip(unit_bits_of(cell)) {
            let mut m = left & unit_cells;
            left &= !m;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                self.buf.push((cand_at(c * 9 + d.index()), Cause::Unit(u)));
            }
        }
    }

    /// The potentials an off candidate turns on: the other candidate of its cell if two are
    /// left (with Y links), the other place of its digit in each unit with two places (with
    /// X links); each with the candidates crossed out since the search began as extra
    /// parents.
    ///
    /// Candidates in `known` (on already) are left out: they imply nothing new.
    fn off_to_on(
        &mut self,
        p: Pot,
        links: Links,
        (to_off, known): (&PotSet, Option<&PotSet>),
        out: &mut Vec<Pot>,
    ) {
        out.clear();
        let is_known = |c: Candidate| known.is_some_and(|k| k.contains(c));
        let cand = self.arena.cand(p);
        let (cell, d) = (cand.cell(), cand.digit());
        // The parents: `p`, then the crossed-out candidates (at most eight).
        let mut parents = [p; 9];
        let values = self.grid.candidates(cell);
        let others = values.bits() & !(1 << d.index());
        // The other candidate of a cell left with two.
        let partner = (links.y() && others != 0 && others & (others - 1) == 0)
            .then(|| Candidate::new(cell, Digit::from_index(others.trailing_zeros() as usize)));
        if let Some(oc) = partner
            && !is_known(oc)
        {
            let mut n = 1;
            for v in self.save.candidates(cell).difference(values) {
                if let Some(q) = to_off.get(Candidate::new(cell, v)) {
                    parents[n] = q;
                    n += 1;
                }
            }
            out.push(self.arena.push(oc, true, Cause::Cell, &parents[..n]));
        }
        if links.x() {
            let here = self.grid.digit_cells(d).bits();
            let own = 1u128 << cell.index();
            for (k, unit_cells) in unit_bits_of(cell).into_iter().enumerate() {
                // The other place, if the unit has exactly two.
                let others = here & unit_cells & !own;
                if others == 0 || others & (others - 1) != 0 {
                    continue;
                }
                let u = units_of(cell)[k];
                let oc = cand_at(others.trailing_zeros() as usize * 9 + d.index());
                if is_known(oc) || out.iter().any(|&n| self.arena.cand(n) == oc) {
                    continue;
                }
                // Crossed-out places, in the unit's cell order (ascending, as the set's).
                let mut n = 1;
                let places = CellSet::from_bits(here & unit_cells);
                for c in self.save.unit_positions(u, d).difference(places) {
                    if let Some(q) = to_off.get(Candidate::new(c, d)) {
                        parents[n] = q;
                        n += 1;
                    }
                }
                out.push(self.arena.push(oc, true, Cause::Unit(u), &parents[..n]));
            }
        }
    }

    /// Propagates the assumptions in `to_on` and `to_off` to everything they imply, on
    /// potentials first, crossing out each off potential as it goes when the family is
    /// dynamic, and asking simpler techniques when it stalls at nested levels. On a
    /// contradiction, returns the potentials found on and off (the sets then hold what was
    /// found so far). The grid is restored afterwards.
    pub(crate) fn propagate(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
    ) -> Result<Option<(Pot, Pot)>, OutOfBudget> {
        self.save = self.grid;
        self.static_before = None;
        self.run(to_on, to_off, None)
    }

    /// Propagates from every potential of `to_on` and `to_off`, or (`stalled`: a mask of
    /// nested rules) from a stall, asking those rules first; notes where it ended and
    /// restores the grid.
    fn run(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        stalled: Option<u8>,
    ) -> Result<Option<(Pot, Pot)>, OutOfBudget> {
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut pending_off = std::mem::take(&mut self.pending_off);
        pending_on.clear();
        pending_off.clear();
        let start = match stalled {
            None => {
                pending_on.extend(to_on.order().iter().copied());
                pending_off.extend(to_off.order().iter().copied());
                Ok(())
            }
            Some(rules) => self
                .nested_rules(to_off, rules)
                .map(|found| queue_offs(found, to_off, &mut pending_off)),
        };
        let r = start
            .and_then(|()| self.propagate_queues(to_on, to_off, &mut pending_on, &mut pending_off));
        self.pending_on = pending_on;
        self.pending_off = pending_off;
        self.last_end = Some((self.grid, self.static_before));
        self.grid = self.save;
        r
    }

    fn propagate_queues(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        pending_on: &mut Fifo,
        pending_off: &mut Fifo,
    ) -> Result<Option<(Pot, Pot)>, OutOfBudget> {
        let links = if self.family == Family::Nishio { Links::X } else { Links::XY };
        let mut made = Vec::with_capacity(4);
        loop {
            if let Some(p) = pending_on.pop_front() {
                self.tick()?;
                self.on_to_off(self.arena.cand(p), links.y());
                for i in 0..self.buf.len() {
                    let (c, cause) = self.buf[i];
                    if let Some(on) = to_on.get(c) {
                        let off = self.arena.push(c, false, cause, &[p]);
                        return Ok(Some((on, off)));
                    }
                    if !to_off.contains(c) {
                        let off = self.arena.push(c, false, cause, &[p]);
                        to_off.add(c, off);
                        pending_off.push_back(off);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                self.tick()?;
                self.off_to_on(p, links, (to_off, Some(to_on)), &mut made);
                let cand = self.arena.cand(p);
                if self.family.is_dynamic() {
                    self.grid.eliminate(cand.cell(), cand.digit());
                }
                for &on in &made {
                    let c = self.arena.cand(on);
                    if let Some(off) = to_off.get(c) {
                        return Ok(Some((on, off)));
                    }
                    if !to_on.contains(c) {
                        to_on.add(c, on);
                        pending_on.push_back(on);
                    }
                }
            } else {
                break;
            }
            if pending_on.is_empty() && pending_off.is_empty() && self.family.level() > 0 {
                let found = self.nested_rules(to_off, ALL_RULES)?;
                queue_offs(found, to_off, pending_off);
            }
        }
        Ok(None)
    }

    /// A static search from the pending potentials, a layer at a time (every on potential
    /// of the layer, then every off one), as the forcing chain and cycle searches go; the
    /// grid does not change. `search` says which potentials to make and when to stop.
    pub(crate) fn layered(
        &mut self,
        (to_on, to_off): (&mut PotSet, &mut PotSet),
        (pending_on, pending_off): (&mut Fifo, &mut Fifo),
        links: Links,
        search: &mut impl Layered,
    ) -> Result<(), OutOfBudget> {
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                self.tick()?;
                self.on_to_off(self.arena.cand(p), links.y());
                for i in 0..self.buf.len() {
                    let (c, cause) = self.buf[i];
                    let Some(queue) = search.off(&self.arena, p, c, to_off) else { continue };
                    let off = self.arena.push(c, false, cause, &[p]);
                    search.made_off(&self.arena, off);
                    if queue {
                        pending_off.push_back(off);
                        to_off.add(c, off);
                    }
                }
            }
            if !search.before_offs() {
                break;
            }
            // Taken out while `off_to_on` borrows self; lost (and regrown) only on a budget
            // stop.
            let mut ons = std::mem::take(&mut self.made);
            while let Some(p) = pending_off.pop_front() {
                self.tick()?;
                self.off_to_on(p, links, (to_off, None), &mut ons);
                for &on in &ons {
                    let c = self.arena.cand(on);
                    search.made_on(on, c);
                    if !to_on.contains(c) {
                        pending_on.push_back(on);
                        to_on.add(c, on);
                    }
                }
            }
            self.made = ons;
            if !search.after_layer() {
                break;
            }
        }
        Ok(())
    }
}

/// Adds the off potentials nested rules found to `to_off` and the queue, each candidate once.
fn queue_offs(found: Vec<(Candidate, Pot)>, to_off: &mut PotSet, pending_off: &mut Fifo) {
    for (c, n) in found {
        if !to_off.contains(c) {
            to_off.add(c, n);
            pending_off.push_back(n);
        }
    }
}

/// Every nested rule ([`Propagator::nested_rules`]'s mask).
const ALL_RULES: u8 = 0b11_1111;
