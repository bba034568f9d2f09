//! The pair-reduction solver: binary decisions examined breadth first, one level at a time,
//! with the hypothesis/disproof/proof chain that explains the solution.

mod chain;
mod propagate;

use std::fmt;

use sudoku_core::{Cell, DigitSet, Failure, Grid, Meter, UNIT_CELLS, Work};

pub use chain::{ChainLine, Conclusion, Marker, Statement};
use propagate::{Candidates, Status};

/// Settings of the pair-reduction solver.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::PairReduction;
///
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let result = PairReduction::default().solve(&inkala2012)?;
/// assert!(result.level <= 2);
/// assert!(inkala2012.is_solved_by(&result.solution));
/// for line in &result.chain {
///     assert!(line.check(&inkala2012), "every step can be replayed: {line}");
/// }
/// println!("{}", result.chain.last().unwrap()); // PRF ... => SOL
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairReduction {
    /// The deepest level tried (1: decisions only, 2: one hypothesis, ...).
    pub max_level: u32,
    /// The most decision branches examined (each one a propagation) before giving up.
    pub budget: u64,
}

impl Default for PairReduction {
    fn default() -> PairReduction {
        PairReduction { max_level: 4, budget: 2_000_000 }
    }
}

/// A solved puzzle with its explanation: the record `sudoku explain --json` writes (with the
/// `serde` feature), `{"puzzle", "status": "ok", "solution", "level", "branches", "chain"}`,
/// the chain's lines as text.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_logic::PairReduction;
/// let puzzle: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let e = PairReduction::default().solve(&puzzle)?;
/// assert_eq!(e.puzzle, puzzle);
/// # #[cfg(feature = "serde")]
/// # {
/// let json = serde_json::to_string(&e)?;
/// assert!(json.starts_with(r#"{"puzzle":"..53....."#) && json.contains(r#""status":"ok""#));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The puzzle explained.
    pub puzzle: Grid,
    /// The solution.
    pub solution: Grid,
    /// The pair-reduction level: 0 when propagation alone solves the puzzle, 1 when examining
    /// decisions (without a hypothesis) does, 1 + the depth of nested hypotheses otherwise.
    pub level: u32,
    /// Decision branches examined (propagations), dead ends included.
    pub branches: u64,
    /// The chain of statements, in the seed's notation (see [`ChainLine`]).
    pub chain: Vec<ChainLine>,
}

/// A binary decision: exactly one of the two statements holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Decision([Statement; 2]);

/// What examining a position came to.
enum Verdict {
    // Boxed: the marks are some 400 bytes, the other outcomes none.
    Solved(Box<Candidates>),
    Contradiction,
    Unsolved,
}

struct Search {
    branches: Meter,
}

impl Statement {
    /// Restricts `c` to this statement.
    fn apply(self, c: &mut Candidates) {
        c.keep(self.cell.index(), c.get(self.cell.index()) & self.values.bits());
    }
}

/// The decisions at a propagated position: cell pair reductions, or constraint pair reductions
/// when there are none.
fn decisions(c: &Candidates) -> Vec<Decision> {
    let mut out = Vec::new();
    for p in 0..81 {
        let pair = c.get(p);
        if pair.count_ones() != 2 {
            continue;
        }
        for unit in Cell::new(p).expect("index below 81").units() {
            for cell in unit.cells() {
                let q = cell.index();
                let m = c.get(q);
                if q == p || m & pair != pair || m == pair {
                    continue;
                }
                let d = Decision([
                    Statement { cell: *cell, values: DigitSet::from_bits(pair) },
                    Statement { cell: *cell, values: DigitSet::from_bits(m & !pair) },
                ]);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    if out.is_empty() { constraint_pairs(c) } else { out }
}

/// Constraint pair reductions: a digit with exactly two places in a unit.
fn constraint_pairs(c: &Candidates) -> Vec<Decision> {
    let mut out = Vec::new();
    for unit in &UNIT_CELLS {
        for d in 0..9u16 {
            let mut places = unit.iter().filter(|cell| {
                let m = c.get(cell.index());
                m >> d & 1 != 0 && m.count_ones() > 1
            });
            if let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) {
                let digit = DigitSet::from_bits(1 << d);
                let dec = Decision([
                    Statement { cell: *a, values: digit },
                    Statement { cell: *b, values: digit },
                ]);
                let flipped = Decision([dec.0[1], dec.0[0]]);
                if !out.contains(&dec) && !out.contains(&flipped) {
                    out.push(dec);
                }
            }
        }
    }
    out
}

/// Records `fact`, proven at the current level, given the position it leads to (`status` of
/// the propagated `after`): either `pos` moves there, or the fact settles the position.
fn establish(
    ctx: &mut [Vec<Statement>],
    lines: &mut Vec<ChainLine>,
    fact: Statement,
    (status, after): (Status, Candidates),
    pos: &mut Candidates,
) -> Option<Verdict> {
    ctx.last_mut().expect("a context level").push(fact);
    match status {
        Status::Unsolved => {
            *pos = after;
            None
        }
        Status::Solved => {
            lines.push(ChainLine::new(Marker::Prf, ctx, None, Conclusion::Solution));
            Some(Verdict::Solved(Box::new(after)))
        }
        Status::Contradiction => {
            lines.push(ChainLine::new(Marker::Dis, ctx, None, Conclusion::Contradiction(None)));
            Some(Verdict::Contradiction)
        }
    }
}

impl Search {
    fn tick(&mut self) -> Result<(), Failure> {
        self.branches.charge(1)
    }

    /// Examines the propagated, unsolved position `base` reached by the statements `ctx`,
    /// forming at most `depth` nested hypotheses. Lines of the chain go to `lines`; the lines
    /// of hypotheses that come to nothing are dropped.
    fn examine(
        &mut self,
        base: &Candidates,
        ctx: &mut Vec<Vec<Statement>>,
        depth: u32,
        lines: &mut Vec<ChainLine>,
    ) -> Result<Verdict, Failure> {
        let mut pos = *base;
        'restart: loop {
            let mut open: Vec<(Statement, Statement, usize, Candidates)> = Vec::new();
            for Decision(branch) in decisions(&pos) {
                let mut after = [pos; 2];
                let mut status = [Status::Unsolved; 2];
                for k in 0..2 {
                    self.tick()?;
                    branch[k].apply(&mut after[k]);
                    status[k] = after[k].propagate();
                }
                if let Some(k) = status.iter().position(|&s| s == Status::Solved) {
                    lines.push(ChainLine::new(
                        Marker::Prf,
                        ctx,
                        Some(branch[k]),
                        Conclusion::Solution,
                    ));
                    return Ok(Verdict::Solved(Box::new(after[k])));
                }
                if let Some(k) = status.iter().position(|&s| s == Status::Contradiction) {
                    // One branch contradicts: the other is a fact (and if it contradicts too,
                    // so does this position).
                    let fact = branch[1 - k];
                    lines.push(ChainLine::new(
                        Marker::Dis,
                        ctx,
                        Some(branch[k]),
                        Conclusion::Contradiction(Some(fact)),
                    ));
                    match establish(ctx, lines, fact, (status[1 - k], after[1 - k]), &mut pos) {
                        None => continue 'restart,
                        Some(verdict) => return Ok(verdict),
                    }
                }
                for k in 0..2 {
                    open.push((branch[k], branch[1 - k], after[k].pairs(), after[k]));
                }
            }
            if depth == 0 {
                return Ok(Verdict::Unsolved);
            }
            // Every decision is inconclusive: hypotheses, the branch with most pairs first.
            open.sort_by_key(|o| std::cmp::Reverse(o.2));
            for (hypothesis, other, _, start) in open {
                let mark = lines.len();
                ctx.push(vec![hypothesis]);
                lines.push(ChainLine::new(Marker::Hyp, ctx, None, Conclusion::None));
                let verdict = self.examine(&start, ctx, depth - 1, lines)?;
                ctx.pop();
                match verdict {
                    Verdict::Solved(c) => return Ok(Verdict::Solved(c)),
                    Verdict::Unsolved => lines.truncate(mark),
                    Verdict::Contradiction => {
                        // The refutation's last line gains its consequence.
                        if let Some(last) = lines.last_mut() {
                            last.conclusion = Conclusion::Contradiction(Some(other));
                        }
                        let mut next = pos;
                        other.apply(&mut next);
                        let status = next.propagate();
                        if let Some(verdict) =
                            establish(ctx, lines, other, (status, next), &mut pos)
                        {
                            return Ok(verdict);
                        }
                        lines.push(ChainLine::new(Marker::Sta, ctx, None, Conclusion::None));
                        continue 'restart;
                    }
                }
            }
            return Ok(Verdict::Unsolved);
        }
    }
}

impl PairReduction {
    /// Solves `puzzle` by pair reduction, level by level, and explains the solution.
    ///
    /// # Errors
    ///
    /// [`FailureKind::NoSolution`](sudoku_core::FailureKind::NoSolution) when the givens contradict, [`FailureKind::NotUnique`](sudoku_core::FailureKind::NotUnique)
    /// when the puzzle has several solutions (checked first, by the exact solver within the
    /// same budget, counted in search nodes),
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) (in
    /// [`Work::SearchNodes`] when the check runs out, [`Work::DecisionBranches`] when the
    /// decisions do) or [`FailureKind::TooDeep`](sudoku_core::FailureKind::TooDeep) when the
    /// limits are reached.
    pub fn solve(&self, puzzle: &Grid) -> Result<Explanation, Failure> {
        sudoku_solve::Query::new(puzzle).with_budget(self.budget).unique()?;
        let mut start = Candidates::from_givens(&puzzle.to_bytes());
        let mut search = Search { branches: Meter::new(self.budget, Work::DecisionBranches) };
        let finish = |c: &Candidates, level, branches, chain| {
            let solution =
                Grid::try_from_bytes(c.solution().expect("solved")).expect("a valid solution");
            Ok(Explanation { puzzle: *puzzle, solution, level, branches, chain })
        };
        let sta = ChainLine::new(Marker::Sta, &[vec![]], None, Conclusion::None);
        match start.propagate() {
            Status::Contradiction => return Err(Failure::NO_SOLUTION),
            Status::Solved => {
                let prf = ChainLine::new(Marker::Prf, &[vec![]], None, Conclusion::Solution);
                return finish(&start, 0, 0, vec![sta, prf]);
            }
            Status::Unsolved => {}
        }
        for level in 1..=self.max_level {
            let mut lines = vec![sta.clone()];
            let mut ctx = vec![vec![]];
            match search.examine(&start, &mut ctx, level - 1, &mut lines)? {
                Verdict::Solved(c) => return finish(&c, level, search.branches.used(), lines),
                Verdict::Contradiction => return Err(Failure::NO_SOLUTION),
                Verdict::Unsolved => {}
            }
        }
        Err(Failure::too_deep(self.max_level))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Explanation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Explanation", 6)?;
        st.serialize_field("puzzle", &self.puzzle.to_string())?;
        st.serialize_field("status", &sudoku_core::Status::Ok)?;
        st.serialize_field("solution", &self.solution.to_string())?;
        st.serialize_field("level", &self.level)?;
        st.serialize_field("branches", &self.branches)?;
        let chain: Vec<String> = self.chain.iter().map(ToString::to_string).collect();
        st.serialize_field("chain", &chain)?;
        st.end()
    }
}

impl fmt::Display for Explanation {
    /// The chain, one line each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.chain {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
