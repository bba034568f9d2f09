//! Watanabe's difficulty metrics: normal width, average width and depth.
//!
//! Semantics (see the crate docs): pencil marks are naked singles only by default; the branch cell
//! is an empty cell with the fewest candidates (the first in row-major order for normal width,
//! uniformly random among the tied cells for average width); every candidate of the branch cell
//! is tried; the width is the number of nodes of the complete search tree.

use std::collections::HashSet;

use rand::{Rng, RngExt};
use rayon::prelude::*;
use sudoku_core::{Failure, Grid, Meter, Transform, Work};

use crate::marks::{Marks, Propagation, State, nth_bit};

/// The default node budget of a width search: enough for every published hard puzzle (the
/// paper's record has normal width 183,530), small enough to stop within a second or so.
pub const DEFAULT_WIDTH_BUDGET: u64 = 50_000_000;

/// The default state budget of a depth search.
pub const DEFAULT_DEPTH_BUDGET: u64 = 5_000_000;

/// The size of a complete search tree, and the solutions at its leaves.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::NormalWidth;
///
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let w = NormalWidth::default().evaluate(&inkala2012)?;
/// assert_eq!((w.width, w.solutions), (3599, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Width {
    /// Nodes of the tree: root, inner nodes, dead ends and solutions each count 1.
    pub width: u64,
    /// Solution leaves (the puzzle's number of solutions: the tree is exhaustive).
    pub solutions: u64,
}

/// A mean over random samples with its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mean {
    /// The sample mean.
    pub mean: f64,
    /// The standard error of the mean, `sqrt((E[x^2] - E[x]^2) / n)`.
    pub stderr: f64,
    /// The number of samples.
    pub samples: u32,
}

impl Mean {
    /// The mean and standard error of `values`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_metrics::Mean;
    /// let m = Mean::of(&[1.0, 3.0]);
    /// assert!((m.mean - 2.0).abs() < 1e-12 && (m.stderr - 0.5f64.sqrt()).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn of(values: &[f64]) -> Mean {
        let n = values.len() as f64;
        if values.is_empty() {
            return Mean { mean: f64::NAN, stderr: f64::NAN, samples: 0 };
        }
        let mean = values.iter().sum::<f64>() / n;
        let sq = values.iter().map(|v| v * v).sum::<f64>() / n;
        Mean {
            mean,
            stderr: ((sq - mean * mean).max(0.0) / n).sqrt(),
            samples: values.len() as u32,
        }
    }
}

/// How the branch cell is chosen among the tied cells.
trait TieBreak {
    fn pick(&mut self, ties: u128) -> usize;
}

/// The first tied cell in row-major order.
struct FirstTie;

impl TieBreak for FirstTie {
    #[inline]
    fn pick(&mut self, ties: u128) -> usize {
        ties.trailing_zeros() as usize
    }
}

/// A uniformly random tied cell.
struct RandomTie<R>(R);

impl<R: Rng> TieBreak for RandomTie<R> {
    #[inline]
    fn pick(&mut self, ties: u128) -> usize {
        let n = ties.count_ones();
        if n == 1 {
            ties.trailing_zeros() as usize
        } else {
            nth_bit(ties, self.0.random_range(0..n))
        }
    }
}

/// Depth-first walk of the complete search tree.
struct TreeWalk<T> {
    tie: T,
    mode: Propagation,
    meter: Meter,
    solutions: u64,
}

impl<T: TieBreak> TreeWalk<T> {
    /// Counts the node `m`, propagated to `state`, and its subtree. False when over budget.
    fn node(&mut self, m: &mut Marks, state: State) -> bool {
        if self.meter.charge(1).is_err() {
            return false;
        }
        match state {
            State::Dead => true,
            State::Solved => {
                self.solutions += 1;
                true
            }
            State::Open { ties } => {
                let cell = self.tie.pick(ties);
                let mut cands = m.candidates(cell);
                while cands != 0 {
                    let d = cands.trailing_zeros() as usize;
                    cands &= cands - 1;
                    if cands == 0 {
                        // The last child may take over the parent's state.
                        let state = m.guess(cell, d, self.mode);
                        return self.node(m, state);
                    }
                    let mut child = *m;
                    let state = child.guess(cell, d, self.mode);
                    if !self.node(&mut child, state) {
                        return false;
                    }
                }
                true
            }
        }
    }

    fn run(mut self, puzzle: &Grid) -> Result<Width, Failure> {
        let ok = match Marks::new(puzzle) {
            Some(mut m) => {
                let state = m.propagate(self.mode);
                self.node(&mut m, state)
            }
            None => {
                // Givens in conflict: the root is a dead end (one node, whatever the budget).
                let _ = self.meter.charge(1);
                true
            }
        };
        if ok {
            Ok(Width { width: self.meter.used(), solutions: self.solutions })
        } else {
            Err(self.meter.exceeded())
        }
    }
}

/// Normal width: the size of the search tree with row-major tie-breaking.
///
/// It depends on the puzzle's orientation (a transposed puzzle can have another width).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Failure, Grid, Work};
/// use sudoku_metrics::NormalWidth;
///
/// let fig5: Grid =
///     ".61..7..3.92..3..............853..........5.45....8....4......1...16.8..6........".parse()?;
/// assert_eq!(NormalWidth::default().evaluate(&fig5)?.width, 183_530);
/// // A budget turns an exponential search into a clear outcome.
/// let err = NormalWidth::default().with_budget(10_000).evaluate(&Grid::EMPTY).unwrap_err();
/// assert_eq!(err, Failure::budget_exceeded(10_000, Work::SearchNodes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NormalWidth {
    /// The most nodes to visit before giving up.
    pub budget: u64,
    /// The deduction between branchings.
    pub propagation: Propagation,
}

impl Default for NormalWidth {
    fn default() -> NormalWidth {
        NormalWidth { budget: DEFAULT_WIDTH_BUDGET, propagation: Propagation::NakedSingles }
    }
}

impl NormalWidth {
    /// Sets the node budget.
    #[must_use]
    pub fn with_budget(self, budget: u64) -> NormalWidth {
        NormalWidth { budget, ..self }
    }

    /// Sets the deduction between branchings.
    #[must_use]
    pub fn with_propagation(self, propagation: Propagation) -> NormalWidth {
        NormalWidth { propagation, ..self }
    }

    /// The width and solution count of `puzzle`.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) if the tree has more nodes than the budget.
    pub fn evaluate(&self, puzzle: &Grid) -> Result<Width, Failure> {
        TreeWalk {
            tie: FirstTie,
            mode: self.propagation,
            meter: Meter::new(self.budget, Work::SearchNodes),
            solutions: 0,
        }
        .run(puzzle)
    }
}

/// Average width: the mean tree size over random tie-breaking samples, with its standard error.
///
/// Sample `i` uses its own generator, seeded from the `i`-th draw of a `Pcg64Mcg` seeded with
/// `seed`, and samples run in parallel: the result is the same for any number of threads.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_metrics::AverageWidth;
///
/// let inkala2010: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let m = AverageWidth::default().with_samples(200).evaluate(&inkala2010, 1)?;
/// assert_eq!(m.samples, 200);
/// assert!((m.mean - 177.3).abs() < 5.0 * m.stderr + 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AverageWidth {
    /// The number of random tie-breaking samples (the paper uses 100).
    pub samples: u32,
    /// The most nodes each sample may visit.
    pub budget: u64,
    /// The deduction between branchings.
    pub propagation: Propagation,
}

impl Default for AverageWidth {
    fn default() -> AverageWidth {
        AverageWidth {
            samples: 100,
            budget: DEFAULT_WIDTH_BUDGET,
            propagation: Propagation::NakedSingles,
        }
    }
}

impl AverageWidth {
    /// Sets the number of samples.
    #[must_use]
    pub fn with_samples(self, samples: u32) -> AverageWidth {
        AverageWidth { samples, ..self }
    }

    /// Sets the node budget of each sample.
    #[must_use]
    pub fn with_budget(self, budget: u64) -> AverageWidth {
        AverageWidth { budget, ..self }
    }

    /// Sets the deduction between branchings.
    #[must_use]
    pub fn with_propagation(self, propagation: Propagation) -> AverageWidth {
        AverageWidth { propagation, ..self }
    }

    /// The widths of the individual samples, in sample order.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) if any sample's tree has more nodes than the budget.
    pub fn sample_widths(&self, puzzle: &Grid, seed: u64) -> Result<Vec<u64>, Failure> {
        // Sample `i` breaks ties with the `i`-th child stream of `seed`, whichever thread runs it.
        (0..u64::from(self.samples))
            .into_par_iter()
            .map(|i| {
                let walk = TreeWalk {
                    tie: RandomTie(tempering::stream(seed, i)),
                    mode: self.propagation,
                    meter: Meter::new(self.budget, Work::SearchNodes),
                    solutions: 0,
                };
                walk.run(puzzle).map(|w| w.width)
            })
            .collect()
    }

    /// The mean width over the samples, with its standard error.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) if any sample's tree has more nodes than the budget.
    pub fn evaluate(&self, puzzle: &Grid, seed: u64) -> Result<Mean, Failure> {
        let widths = self.sample_widths(puzzle, seed)?;
        Ok(Mean::of(&widths.iter().map(|&w| w as f64).collect::<Vec<_>>()))
    }
}

/// The mean normal width over the 8 rotations and reflections of the puzzle: a width that does
/// not depend on the puzzle's orientation (normal width does, through row-major tie-breaking).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Grid, Transform};
/// use sudoku_metrics::DihedralWidth;
///
/// let p: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let w = DihedralWidth::default().evaluate(&p)?;
/// let turned = Transform::transpose().apply(&p);
/// assert_eq!(DihedralWidth::default().evaluate(&turned)?, w);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DihedralWidth {
    /// The normal-width search used for each orientation.
    pub width: NormalWidth,
}

impl DihedralWidth {
    /// The 8 rotations and reflections of the square, as Sudoku transforms.
    #[must_use]
    pub fn orientations() -> [Transform; 8] {
        // Column c becomes 8 - c: reverse the stacks, then the columns within each stack.
        let mirror = Transform::try_permute_stacks([2, 1, 0])
            .and_then(|t| Ok(t.then(&Transform::try_permute_cols([2, 1, 0, 5, 4, 3, 8, 7, 6])?)))
            .expect("valid permutations");
        let turn = Transform::transpose().then(&mirror); // a quarter turn
        let mut out = [Transform::IDENTITY; 8];
        for k in 1..4 {
            out[k] = out[k - 1].then(&turn);
        }
        for k in 0..4 {
            out[4 + k] = out[k].then(&Transform::transpose());
        }
        out
    }

    /// The mean normal width over the 8 orientations.
    ///
    /// # Errors
    ///
    /// [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) if any orientation's tree exceeds the budget.
    pub fn evaluate(&self, puzzle: &Grid) -> Result<f64, Failure> {
        let mut sum = 0u64;
        for t in DihedralWidth::orientations() {
            sum += self.width.evaluate(&t.apply(puzzle))?.width;
        }
        Ok(sum as f64 / 8.0)
    }
}

/// Depth: the fewest correct placements at branch cells, over every sequence of tie choices,
/// before pencil marks finish the grid. Defined for puzzles with a unique solution.
///
/// Computed breadth first over the states reached by correct placements; a state is fully
/// described by its set of filled cells, so each level is deduplicated exactly and the first
/// level holding a solved state gives the minimum.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Failure, Grid};
/// use sudoku_metrics::Depth;
///
/// let inkala2012: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// assert_eq!(Depth::default().evaluate(&inkala2012)?, 8);
/// assert_eq!(Depth::default().evaluate(&Grid::EMPTY), Err(Failure::NOT_UNIQUE));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Depth {
    /// The most states to expand before giving up.
    pub budget: u64,
    /// The deduction between branchings.
    pub propagation: Propagation,
}

impl Default for Depth {
    fn default() -> Depth {
        Depth { budget: DEFAULT_DEPTH_BUDGET, propagation: Propagation::NakedSingles }
    }
}

impl Depth {
    /// Sets the state budget.
    #[must_use]
    pub fn with_budget(self, budget: u64) -> Depth {
        Depth { budget, ..self }
    }

    /// Sets the deduction between branchings.
    #[must_use]
    pub fn with_propagation(self, propagation: Propagation) -> Depth {
        Depth { propagation, ..self }
    }

    /// The depth of `puzzle`.
    ///
    /// # Errors
    ///
    /// [`FailureKind::NoSolution`](sudoku_core::FailureKind::NoSolution) or [`FailureKind::NotUnique`](sudoku_core::FailureKind::NotUnique) when the puzzle does not have
    /// exactly one solution; [`FailureKind::BudgetExceeded`](sudoku_core::FailureKind::BudgetExceeded) when more states than the budget
    /// would be needed (in [`Work::SearchNodes`](sudoku_core::Work::SearchNodes) when the
    /// uniqueness check, run first within the same budget, needs more nodes).
    pub fn evaluate(&self, puzzle: &Grid) -> Result<u32, Failure> {
        let solution =
            sudoku_solve::Query::new(puzzle).with_budget(self.budget).unique()?.to_bytes();
        self.evaluate_with_solution(puzzle, &solution)
    }

    /// The depth of `puzzle` whose unique solution is already known (as 81 digit bytes).
    fn evaluate_with_solution(&self, puzzle: &Grid, solution: &[u8; 81]) -> Result<u32, Failure> {
        let mut root = Marks::new(puzzle).ok_or(Failure::NO_SOLUTION)?;
        let mut frontier = match root.propagate(self.propagation) {
            State::Solved => return Ok(0),
            State::Dead => return Err(Failure::NO_SOLUTION),
            State::Open { ties } => vec![(root, ties)],
        };
        let mut seen: HashSet<u128> = HashSet::new();
        let mut expanded = Meter::new(self.budget, Work::States);
        for depth in 1.. {
            let mut next = Vec::new();
            for (m, ties) in &frontier {
                let mut rest = *ties;
                while rest != 0 {
                    let cell = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    expanded.charge(1)?;
                    let mut child = *m;
                    match child.guess(cell, solution[cell] as usize - 1, self.propagation) {
                        State::Solved => return Ok(depth),
                        // Correct placements never contradict; a dead state means the puzzle
                        // and solution disagree.
                        State::Dead => return Err(Failure::NO_SOLUTION),
                        State::Open { ties } => {
                            if seen.insert(child.empty()) {
                                next.push((child, ties));
                            }
                        }
                    }
                }
            }
            frontier = next;
        }
        unreachable!("every level fills at least one cell, so the loop ends by depth 81")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_grid_has_width_one_and_depth_zero() {
        let g: Grid =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
                .parse()
                .unwrap();
        assert_eq!(NormalWidth::default().evaluate(&g), Ok(Width { width: 1, solutions: 1 }));
        assert_eq!(Depth::default().evaluate(&g), Ok(0));
    }

    #[test]
    fn conflicting_givens_are_a_single_dead_node() {
        let mut g = Grid::EMPTY;
        g.set(sudoku_core::Cell::new(0).unwrap(), sudoku_core::Digit::new(1));
        g.set(sudoku_core::Cell::new(1).unwrap(), sudoku_core::Digit::new(1));
        assert_eq!(NormalWidth::default().evaluate(&g), Ok(Width { width: 1, solutions: 0 }));
        assert_eq!(Depth::default().evaluate(&g), Err(Failure::NO_SOLUTION));
    }

    #[test]
    fn dihedral_orientations_are_distinct_and_closed() {
        let o = DihedralWidth::orientations();
        for (i, a) in o.iter().enumerate() {
            for b in &o[i + 1..] {
                assert_ne!(a, b);
            }
            for b in &o {
                assert!(o.contains(&a.then(b)), "the group is closed");
            }
        }
    }

    #[test]
    fn average_width_is_reproducible() {
        let p: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let a = AverageWidth::default().with_samples(20);
        assert_eq!(a.sample_widths(&p, 5), a.sample_widths(&p, 5));
        assert_ne!(a.sample_widths(&p, 5), a.sample_widths(&p, 6));
    }
}
