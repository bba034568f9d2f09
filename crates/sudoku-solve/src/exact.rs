//! The exact solver: solve, count solutions up to a limit, check uniqueness, random grids.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{CandidateGrid, Cell, Digit, DigitSet, Grid, Transform};

use crate::board::Board;
use crate::kernel::{self, Kernel, SearchKernel};

/// What a puzzle's solutions are, as far as it matters to a solver: none, one, or several.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{solve, Outcome};
///
/// let puzzle: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// match solve(&puzzle) {
///     Outcome::Unique(solution) => assert!(puzzle.is_solved_by(&solution)),
///     other => panic!("expected a unique solution, got {other:?}"),
/// }
/// assert!(matches!(solve(&Grid::EMPTY), Outcome::Multiple(..)));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more solutions; two different ones are given.
    Multiple(Grid, Grid),
}

impl Outcome {
    /// The solution if it is unique.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert_eq!(sudoku_solve::solve(&Grid::EMPTY).unique(), None);
    /// ```
    #[must_use]
    pub fn unique(&self) -> Option<Grid> {
        match self {
            Outcome::Unique(g) => Some(*g),
            _ => None,
        }
    }

    /// The number of solutions, capped at 2.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// assert_eq!(sudoku_solve::solve(&Grid::EMPTY).count_capped(), 2);
    /// ```
    #[must_use]
    pub fn count_capped(&self) -> u64 {
        match self {
            Outcome::None => 0,
            Outcome::Unique(_) => 1,
            Outcome::Multiple(..) => 2,
        }
    }
}

/// A search stopped because it used up its node budget.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{CountLimits, count_solutions};
///
/// let err = count_solutions(&Grid::EMPTY, CountLimits::default().with_budget(1_000)).unwrap_err();
/// assert_eq!(err.nodes, 1_000);
/// assert!(err.solutions_found > 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("budget exceeded: {nodes} search nodes used, {solutions_found} solutions found so far")]
pub struct BudgetExceeded {
    /// The nodes searched (the budget).
    pub nodes: u64,
    /// Solutions found before the search stopped (a lower bound on the count).
    pub solutions_found: u64,
}

/// Depth-first search over propagated boards, counting solutions up to a limit.
pub(crate) struct Search {
    limit: u64,
    budget: u64,
    nodes: u64,
    found: u64,
    /// The first two solved boards; converted to grids only when a caller asks for them.
    first: [Option<Board>; 2],
    out_of_budget: bool,
}

/// The first nodes of a search are shallow: they branch on the first bivalue cell, and their
/// boards propagate without the column pass (the stack rule). Scoring
/// the branch cell (see [`Board::branch`]) and the column pass save nodes only in deep
/// searches; in shallow ones (multi-solution puzzles counted to two need about 7 nodes) they
/// cost a fifth and a quarter of the instructions. The root board is shallow too.
const SHALLOW_NODES: u64 = 8;

impl Search {
    fn new(limit: u64, budget: u64) -> Search {
        Search { limit, budget, nodes: 0, found: 0, first: [None; 2], out_of_budget: false }
    }

    fn done(&self) -> bool {
        self.found >= self.limit || self.out_of_budget
    }

    fn record(&mut self, board: &Board) {
        if self.found < 2 {
            self.first[self.found as usize] = Some(*board);
        }
        self.found += 1;
    }

    /// Searches below a propagated board, which it uses up as scratch (the caller has no
    /// further use for it, so no copy is made for the last branch); the recursion goes through
    /// `kernel`, so that one search runs in one build (see `kernel.rs`).
    #[inline(always)]
    pub(crate) fn run<K: Kernel>(&mut self, kernel: K, board: &mut Board) {
        if board.is_solved() {
            self.record(board);
            return;
        }
        if self.nodes >= self.budget {
            self.out_of_budget = true;
            return;
        }
        self.nodes += 1;
        let deep = self.nodes > SHALLOW_NODES;
        let br = board.branch(deep);
        let mut digits = br.digits;
        let rest = board;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
                // Last candidate: continue in place rather than copy.
                if rest.place(d, br.band, br.bit) && rest.propagate_with(kernel, deep) {
                    kernel.run(self, rest);
                }
                return;
            }
            let mut child = *rest;
            if child.place(d, br.band, br.bit) && child.propagate_with(kernel, deep) {
                kernel.run(self, &mut child);
                if self.done() {
                    return;
                }
            }
            rest.eliminate(d, br.band, br.bit);
        }
    }

    /// Builds the board of a puzzle's cells (0 empty), propagates it and searches below it;
    /// nothing if its givens contradict.
    #[inline(always)]
    pub(crate) fn start_at<K: Kernel>(&mut self, kernel: K, cells: &[u8; 81]) {
        if let Some(mut board) = Board::from_bytes(cells)
            && board.propagate_root(kernel)
        {
            self.run(kernel, &mut board);
        }
    }

    /// Counts the solutions of a puzzle (none if its givens contradict), with the fastest
    /// kernel this CPU supports.
    fn start(&mut self, puzzle: &Grid) {
        kernel::start_best(self, &puzzle.to_bytes());
    }

    /// The outcome of a count-to-two search: none, one or two solutions, or out of budget.
    fn outcome(&self) -> Result<Outcome, BudgetExceeded> {
        match self.found {
            _ if self.out_of_budget && self.found < 2 => {
                Err(BudgetExceeded { nodes: self.nodes, solutions_found: self.found })
            }
            0 => Ok(Outcome::None),
            1 => Ok(Outcome::Unique(self.solution(0))),
            _ => Ok(Outcome::Multiple(self.solution(0), self.solution(1))),
        }
    }

    /// The count after a search: settled (capped at the limit), or out of budget.
    fn count(&self) -> Result<Count, BudgetExceeded> {
        if self.out_of_budget && self.found < self.limit {
            return Err(BudgetExceeded { nodes: self.nodes, solutions_found: self.found });
        }
        Ok(Count { solutions: self.found.min(self.limit), capped: self.found >= self.limit })
    }

    /// The `i`-th recorded solution.
    fn solution(&self, i: usize) -> Grid {
        let bytes = self.first[i].expect("a recorded solution").solution_bytes();
        // A solved board satisfies every rule by construction, so the grid is built without
        // `Grid::try_from_bytes`'s rule check (11 % of the time on multi-solution sets).
        let mut grid = Grid::EMPTY;
        for (cell, &v) in Cell::all().zip(&bytes) {
            grid.set(cell, Digit::new(v));
        }
        debug_assert!(grid.is_solved());
        grid
    }
}

/// Solves a puzzle, counting up to two solutions.
///
/// Puzzles with a solution finish quickly (see `docs/benchmarks.md`). A grid with few givens
/// and **no** solution can take far longer to refute (fuzzing found such grids); for untrusted
/// input use [`solve_within`]. A grid
/// whose givens break a rule has no solution.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::solve;
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let solution = solve(&puzzle).unique().expect("unique");
/// assert!(puzzle.is_solved_by(&solution));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[must_use]
pub fn solve(puzzle: &Grid) -> Outcome {
    let mut s = Search::new(2, u64::MAX);
    s.start(puzzle);
    match s.found {
        0 => Outcome::None,
        1 => Outcome::Unique(s.solution(0)),
        _ => Outcome::Multiple(s.solution(0), s.solution(1)),
    }
}

/// [`solve`] within a budget of `budget` search nodes (branching points).
///
/// # Errors
///
/// [`BudgetExceeded`] when the search needs more nodes.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Outcome, solve_within};
///
/// // Ten givens, no solution, and a long search to prove it.
/// let dead: Grid =
///     "24......56...7....5..............256.7........3..................................".parse()?;
/// assert!(solve_within(&dead, 1_000).is_err());
/// assert!(matches!(solve_within(&Grid::EMPTY, 1_000), Ok(Outcome::Multiple(..))));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
pub fn solve_within(puzzle: &Grid, budget: u64) -> Result<Outcome, BudgetExceeded> {
    let mut s = Search::new(2, budget);
    s.start(puzzle);
    s.outcome()
}

/// The solutions of pencil marks (each empty cell holds one of its candidates), counted up to
/// two within a budget of `budget` search nodes, as [`solve_within`] for a grid. Marks that
/// cross out a solution digit of their grid can leave it with no solution; marks narrower
/// than their grid can make a grid with several solutions unique.
///
/// # Errors
///
/// [`BudgetExceeded`] when the search needs more nodes.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Cell, Grid};
/// use sudoku_solve::{Outcome, solve_marks_within};
///
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut marks = CandidateGrid::new(&puzzle).unwrap();
/// let solution = sudoku_solve::solve(&puzzle).unique().unwrap();
/// assert_eq!(solve_marks_within(&marks, 1_000), Ok(Outcome::Unique(solution)));
/// // Cross out B1's solution digit: nothing fits any more.
/// let b1 = Cell::new(1).unwrap();
/// marks.eliminate(b1, solution.get(b1).unwrap());
/// assert_eq!(solve_marks_within(&marks, 1_000), Ok(Outcome::None));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
pub fn solve_marks_within(marks: &CandidateGrid, budget: u64) -> Result<Outcome, BudgetExceeded> {
    let mut cells = [0u16; 81];
    for (cell, set) in Cell::all().zip(&mut cells) {
        *set = marks.value(cell).map_or(marks.candidates(cell), DigitSet::single).into();
    }
    let mut s = Search::new(2, budget);
    let mut board = Board::from_candidates(&cells);
    if board.propagate_with(kernel::Portable, false) {
        kernel::Portable.run(&mut s, &mut board);
    }
    s.outcome()
}

/// The first solution found, without checking whether there are others.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// let any = sudoku_solve::first_solution(&Grid::EMPTY).expect("the empty grid has solutions");
/// assert!(any.is_solved());
/// ```
#[must_use]
pub fn first_solution(puzzle: &Grid) -> Option<Grid> {
    let mut s = Search::new(1, u64::MAX);
    s.start(puzzle);
    (s.found > 0).then(|| s.solution(0))
}

/// The first solution within `budget` branching nodes, and the nodes used.
#[cfg(feature = "stochastic")]
pub(crate) fn first_solution_within(puzzle: &Grid, budget: u64) -> (Option<Grid>, u64) {
    let mut s = Search::new(1, budget);
    s.start(puzzle);
    ((s.found > 0).then(|| s.solution(0)), s.nodes)
}

/// The count-to-`limits` search with one build of the search (`kernel`): the count, the nodes
/// visited and the first two solutions. For the tests and the fuzz target that check that every
/// build searches alike.
///
/// # Panics
///
/// If the running CPU does not support `kernel` (see [`SearchKernel::is_available`]).
#[doc(hidden)]
pub fn count_with_kernel(
    puzzle: &Grid,
    limits: CountLimits,
    kernel: SearchKernel,
) -> (Result<Count, BudgetExceeded>, u64, Vec<Grid>) {
    let mut s = Search::new(limits.limit, limits.budget);
    kernel::start(&mut s, &puzzle.to_bytes(), kernel);
    let solutions = (0..s.found.min(2) as usize).map(|i| s.solution(i)).collect();
    (s.count(), s.nodes, solutions)
}

/// [`count_solutions`] with one build of the search (`kernel`), for benchmarks that compare
/// the builds.
///
/// # Errors
///
/// [`BudgetExceeded`] when the budget runs out before the count is settled.
///
/// # Panics
///
/// If the running CPU does not support `kernel` (see [`SearchKernel::is_available`]).
#[doc(hidden)]
pub fn count_solutions_with_kernel(
    puzzle: &Grid,
    limits: CountLimits,
    kernel: SearchKernel,
) -> Result<Count, BudgetExceeded> {
    let mut s = Search::new(limits.limit, limits.budget);
    kernel::start(&mut s, &puzzle.to_bytes(), kernel);
    s.count()
}

/// The number of branching nodes the count-to-two search visits: a measure of how much guessing
/// the exact solver needs. Used by the benchmarks.
#[doc(hidden)]
#[must_use]
pub fn search_nodes(puzzle: &Grid) -> u64 {
    let mut s = Search::new(2, u64::MAX);
    s.start(puzzle);
    s.nodes
}

/// Whether the puzzle has exactly one solution.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// assert!(!sudoku_solve::is_unique(&Grid::EMPTY));
/// ```
#[must_use]
pub fn is_unique(puzzle: &Grid) -> bool {
    let mut s = Search::new(2, u64::MAX);
    s.start(puzzle);
    s.found == 1
}

/// How far [`count_solutions`] counts: up to `limit` solutions, within `budget` search nodes
/// (branching points). Named fields, so the two numbers cannot be swapped by accident.
///
/// # Examples
///
/// ```
/// use sudoku_solve::CountLimits;
/// let limits = CountLimits::up_to(100).with_budget(1_000_000);
/// assert_eq!((limits.limit, limits.budget), (100, 1_000_000));
/// assert_eq!(CountLimits::default().limit, u64::MAX);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CountLimits {
    /// Stop counting at this many solutions.
    pub limit: u64,
    /// Search nodes allowed.
    pub budget: u64,
}

impl Default for CountLimits {
    /// Count every solution, within 10,000,000 search nodes.
    fn default() -> CountLimits {
        CountLimits { limit: u64::MAX, budget: 10_000_000 }
    }
}

impl CountLimits {
    /// Count up to `limit` solutions (with the default budget).
    #[must_use]
    pub fn up_to(limit: u64) -> CountLimits {
        CountLimits { limit, ..CountLimits::default() }
    }

    /// Sets the node budget.
    #[must_use]
    pub fn with_budget(self, budget: u64) -> CountLimits {
        CountLimits { budget, ..self }
    }
}

/// The result of [`count_solutions`]: how many solutions, and whether counting stopped at the
/// limit (then there may be more).
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{CountLimits, count_solutions};
/// let n = count_solutions(&Grid::EMPTY, CountLimits::up_to(10))?;
/// assert_eq!((n.solutions, n.capped), (10, true));
/// assert_eq!(n.to_string(), "10+");
/// # Ok::<(), sudoku_solve::BudgetExceeded>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// The solutions found (at most the limit).
    pub solutions: u64,
    /// Whether counting stopped at the limit: the true count is at least `solutions`.
    pub capped: bool,
}

/// `13`, or `10+` when capped.
impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.solutions, if self.capped { "+" } else { "" })
    }
}

/// Counts the solutions of `puzzle`, stopping at `limits.limit` (the count is then capped)
/// or, unsettled, after `limits.budget` search nodes.
///
/// # Errors
///
/// [`BudgetExceeded`] when the budget runs out before the count is settled.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_solve::{Count, CountLimits, count_solutions};
///
/// let thirteen: Grid =
///     "...3.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let all = count_solutions(&thirteen, CountLimits::up_to(100))?;
/// assert_eq!(all, Count { solutions: 13, capped: false });
/// let some = count_solutions(&thirteen, CountLimits::up_to(5))?;
/// assert_eq!(some, Count { solutions: 5, capped: true });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_solutions(puzzle: &Grid, limits: CountLimits) -> Result<Count, BudgetExceeded> {
    let mut s = Search::new(limits.limit, limits.budget);
    s.start(puzzle);
    s.count()
}

/// A random complete grid.
///
/// Randomised search fills the empty grid (random cell among the fewest-candidate ones, random
/// digit order), and a uniformly random symmetry [`Transform`] is applied to the result.
///
/// On bias: every grid within an equivalence class under the symmetry group is equally likely,
/// because of the final transform. Across classes, the search is not an exact uniform sampler
/// (no practical exact sampler is known short of enumerating the 5.47e9 classes), but with full
/// propagation the fill almost never backtracks, and no bias has been measured.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let grid = sudoku_solve::random_solution(&mut rng);
/// assert!(grid.is_solved());
/// ```
pub fn random_solution<R: Rng + ?Sized>(rng: &mut R) -> Grid {
    let mut board = Board::empty();
    let filled = fill_random(&mut board, rng);
    debug_assert!(filled);
    let grid =
        Grid::try_from_bytes(board.solution_bytes()).expect("a filled board is a valid grid");
    Transform::random(rng).apply(&grid)
}

fn fill_random<R: Rng + ?Sized>(board: &mut Board, rng: &mut R) -> bool {
    if !board.propagate() {
        return false;
    }
    if board.is_solved() {
        return true;
    }
    let br = board.random_branch(rng);
    let mut digits: Vec<usize> = (0..9).filter(|d| br.digits & (1 << d) != 0).collect();
    digits.shuffle(rng);
    for d in digits {
        let mut child = *board;
        if child.place(d, br.band, br.bit) && fill_random(&mut child, rng) {
            *board = child;
            return true;
        }
    }
    false
}

impl Board {
    /// A random cell among those with the fewest candidates.
    fn random_branch<R: Rng + ?Sized>(&self, rng: &mut R) -> crate::board::Branch {
        let mut best = u32::MAX;
        let mut ties: Vec<crate::board::Branch> = Vec::new();
        for band in 0..3 {
            for bit in 0..27 {
                let digits = self.digits_at(band, bit);
                let n = digits.count_ones();
                if n < 2 {
                    continue;
                }
                if n < best {
                    best = n;
                    ties.clear();
                }
                if n == best {
                    ties.push(crate::board::Branch { band, bit, digits });
                }
            }
        }
        ties[rng.random_range(0..ties.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_cell_with_no_candidate_means_no_solution() {
        // Row 1 holds 2..9 and column A holds 1 elsewhere: A1 can hold nothing.
        let p: Grid =
            ".23456789...........................1............................................"
                .parse()
                .unwrap();
        assert_eq!(solve(&p), Outcome::None);
        assert_eq!(
            count_solutions(&p, CountLimits::up_to(10).with_budget(100)).map(|c| c.solutions),
            Ok(0)
        );
    }

    #[test]
    fn random_solutions_are_valid_and_reproducible() {
        let a: Vec<Grid> = {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
            (0..50).map(|_| random_solution(&mut rng)).collect()
        };
        let b: Vec<Grid> = {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
            (0..50).map(|_| random_solution(&mut rng)).collect()
        };
        assert_eq!(a, b);
        assert!(a.iter().all(Grid::is_solved));
        assert!(a.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn empty_grid_count_hits_the_budget() {
        let e =
            count_solutions(&Grid::EMPTY, CountLimits::default().with_budget(10_000)).unwrap_err();
        assert_eq!(e.nodes, 10_000);
        let n = count_solutions(&Grid::EMPTY, CountLimits::up_to(1000).with_budget(u64::MAX));
        assert_eq!(n, Ok(Count { solutions: 1000, capped: true }));
    }
}
