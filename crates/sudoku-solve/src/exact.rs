//! The exact solver's search, its outcome, the unbudgeted [`solve`], and random grids; the
//! budgeted questions are asked through [`crate::Query`].

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{Cell, Digit, Grid, Transform};

use crate::board::Board;
#[cfg(target_arch = "x86_64")]
use crate::kernel::{Avx512, Bmi};
use crate::kernel::{Kernel, Portable, SearchKernel};

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

/// Depth-first search over propagated boards, counting solutions up to a limit.
#[derive(Clone, Copy)]
pub(crate) struct Search {
    pub(crate) limit: u64,
    pub(crate) budget: u64,
    pub(crate) nodes: u64,
    pub(crate) found: u64,
    /// The first two solved boards; converted to grids only when a caller asks for them.
    pub(crate) first: [Option<Board>; 2],
    pub(crate) out_of_budget: bool,
}

/// The first nodes of a search are shallow: they branch on the first bivalue cell, and their
/// boards propagate without the column pass (the stack rule). Scoring
/// the branch cell (see [`Board::branch`]) and the column pass save nodes only in deep
/// searches; in shallow ones (multi-solution puzzles counted to two need about 7 nodes) they
/// cost a fifth and a quarter of the instructions. The root board is shallow too.
const SHALLOW_NODES: u64 = 8;

impl Search {
    pub(crate) fn new(limit: u64, budget: u64) -> Search {
        Search { limit, budget, nodes: 0, found: 0, first: [None; 2], out_of_budget: false }
    }

    /// The outcome of a count-to-two search run to the end (no budget).
    fn outcome(&self) -> Outcome {
        match self.first {
            [None, _] => Outcome::None,
            [Some(a), None] => Outcome::Unique(grid_of(&a)),
            [Some(a), Some(b)] => Outcome::Multiple(grid_of(&a), grid_of(&b)),
        }
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
    pub(crate) fn run<K: Enter>(&mut self, kernel: K, board: &mut Board) {
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
    pub(crate) fn start_at<K: Enter>(&mut self, kernel: K, cells: &[u8; 81]) {
        if let Some(mut board) = Board::from_bytes(cells)
            && board.propagate_root(kernel)
        {
            self.run(kernel, &mut board);
        }
    }

    /// Builds the board of pencil marks, propagates it (no column pass, as below a search's
    /// root) and searches below it with `kernel`.
    #[inline(always)]
    pub(crate) fn start_marks<K: Enter>(&mut self, kernel: K, cells: &[u16; 81]) {
        let mut board = Board::from_candidates(cells);
        if board.propagate_with(kernel, false) {
            kernel.run(self, &mut board);
        }
    }
}

/// A solved board as a grid.
pub(crate) fn grid_of(board: &Board) -> Grid {
    let bytes = board.solution_bytes();
    // A solved board satisfies every rule by construction, so the grid is built without
    // `Grid::try_from_bytes`'s rule check (11 % of the time on multi-solution sets). (Under
    // variant rules, `variant.rs`, the rules are not classic Sudoku's: a jigsaw solution may
    // repeat a digit in a box, so only completeness is asserted.)
    let mut grid = Grid::EMPTY;
    for (cell, &v) in Cell::all().zip(&bytes) {
        grid.set(cell, Digit::new(v));
    }
    debug_assert!(grid.is_complete());
    grid
}

/// Solves a puzzle, counting up to two solutions, with no budget: the one unbudgeted entry
/// point, for puzzles known to be well-formed (a subset of a solution grid, a published set).
///
/// Puzzles with a solution finish quickly (see `docs/benchmarks.md`). A grid with few givens
/// and **no** solution can take far longer to refute (fuzzing found such grids); for untrusted
/// input ask a [`Query`](crate::Query), which has a node budget. A grid whose givens break a
/// rule has no solution.
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
    start_best(&mut s, &puzzle.to_bytes());
    s.outcome()
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

/// A kernel the search is entered in: the recursion goes through it, so that every level of
/// one search runs in the same build (see `kernel.rs`).
pub(crate) trait Enter: Kernel {
    /// Searches below a propagated board.
    fn run(self, search: &mut Search, board: &mut Board);
    /// Builds and propagates the root board of a puzzle's cells, then searches below it.
    fn start(self, search: &mut Search, cells: &[u8; 81]);
}

impl Enter for Portable {
    fn run(self, search: &mut Search, board: &mut Board) {
        search.run(self, board);
    }

    fn start(self, search: &mut Search, cells: &[u8; 81]) {
        search.start_at(self, cells);
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Enter for Bmi {
    fn run(self, search: &mut Search, board: &mut Board) {
        // SAFETY: a `Bmi` exists only when `Bmi::detect` found every feature that `bmi_run`
        // enables on the running CPU.
        unsafe { bmi_run(self, search, board) }
    }

    fn start(self, search: &mut Search, cells: &[u8; 81]) {
        // SAFETY: as in `run`.
        unsafe { bmi_start(self, search, cells) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
fn bmi_run(kernel: Bmi, search: &mut Search, board: &mut Board) {
    search.run(kernel, board);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
fn bmi_start(kernel: Bmi, search: &mut Search, cells: &[u8; 81]) {
    search.start_at(kernel, cells);
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
impl Enter for Avx512 {
    fn run(self, search: &mut Search, board: &mut Board) {
        // SAFETY: an `Avx512` exists only when `Avx512::detect` found every feature that
        // `avx512_run` enables on the running CPU.
        unsafe { avx512_run(self, search, board) }
    }

    fn start(self, search: &mut Search, cells: &[u8; 81]) {
        // SAFETY: as in `run`.
        unsafe { avx512_start(self, search, cells) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "popcnt,bmi1,bmi2,lzcnt,avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd"
)]
fn avx512_run(kernel: Avx512, search: &mut Search, board: &mut Board) {
    search.run(kernel, board);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(
    enable = "popcnt,bmi1,bmi2,lzcnt,avx2,avx512f,avx512bw,avx512vl,avx512dq,avx512cd"
)]
fn avx512_start(kernel: Avx512, search: &mut Search, cells: &[u8; 81]) {
    search.start_at(kernel, cells);
}

/// Runs a search on a puzzle's cells with `kernel`.
///
/// # Panics
///
/// If the running CPU does not support `kernel`.
pub(crate) fn start(search: &mut Search, cells: &[u8; 81], kernel: SearchKernel) {
    match kernel {
        SearchKernel::Portable => Portable.start(search, cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx2 => Bmi::detect().expect("an AVX2 CPU").start(search, cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx512 => Avx512::detect().expect("an AVX-512 CPU").start(search, cells),
        #[cfg(not(target_arch = "x86_64"))]
        _ => panic!("the {} kernel needs an x86-64 CPU", kernel.name()),
    }
}

/// Runs a search on a puzzle's cells with the fastest kernel this CPU supports.
#[inline]
pub(crate) fn start_best(search: &mut Search, cells: &[u8; 81]) {
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(k) = Avx512::detect() {
            return k.start(search, cells);
        }
        if let Some(k) = Bmi::detect() {
            return k.start(search, cells);
        }
    }
    Portable.start(search, cells);
}

/// Runs a search on pencil marks (each cell's candidates as 9 bits) with `kernel`: the root
/// board is propagated in portable code, the search below it in the kernel's build.
///
/// # Panics
///
/// If the running CPU does not support `kernel`.
pub(crate) fn start_marks(search: &mut Search, cells: &[u16; 81], kernel: SearchKernel) {
    match kernel {
        SearchKernel::Portable => search.start_marks(Portable, cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx2 => search.start_marks(Bmi::detect().expect("an AVX2 CPU"), cells),
        #[cfg(target_arch = "x86_64")]
        SearchKernel::Avx512 => {
            search.start_marks(Avx512::detect().expect("an AVX-512 CPU"), cells);
        }
        #[cfg(not(target_arch = "x86_64"))]
        _ => panic!("the {} kernel needs an x86-64 CPU", kernel.name()),
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
        let none = crate::Query::new(&p).with_limit(10).with_budget(100).run();
        assert_eq!(none.map(|s| s.count()), Ok(0));
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
}
