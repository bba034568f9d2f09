//! The puzzle space as a `tempering` model: spins are clues over a fixed solution grid.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rand::{Rng, RngExt};
use sudoku_core::{Cell, CellSet, Grid};
use sudoku_metrics::Difficulty;
use sudoku_solve::Outcome;
use tempering::{Model, Neighbourhood};

use crate::KnownPuzzles;

/// A puzzle in the search: its solution grid, which of its cells are clues, and its difficulty
/// `U`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PuzzleState {
    /// The kept clues (bit `i` is cell `i`).
    pub clues: u128,
    /// The puzzle's unique solution.
    pub solution: Grid,
    /// The difficulty `U` of the puzzle.
    pub u: f64,
}

impl PuzzleState {
    /// The kept clues as a cell set.
    #[must_use]
    pub fn clue_cells(&self) -> CellSet {
        CellSet::from_bits(self.clues)
    }

    /// The number of clues.
    #[must_use]
    pub fn clue_count(&self) -> usize {
        self.clues.count_ones() as usize
    }

    /// The puzzle: the solution's digits on the clue cells.
    #[must_use]
    pub fn puzzle(&self) -> Grid {
        puzzle_of(&self.solution, self.clues)
    }
}

fn puzzle_of(solution: &Grid, clues: u128) -> Grid {
    let mut g = Grid::EMPTY;
    for c in CellSet::from_bits(clues) {
        g.set(c, solution.get(c));
    }
    g
}

/// Which moves the model proposes.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum Moves {
    /// The paper's: remove a clue or add one of the solution's digits, alternately. Every
    /// puzzle of a run shares one solution grid.
    #[default]
    Flips,
    /// As `Flips`, alternated with exchanges, as the puzzle community's "vicinity" searches
    /// do: one clue removed and a clue added at any cell with any digit the others allow
    /// (the same cell with another digit, or another cell), keeping a unique solution. The
    /// solution grid changes along the run.
    Vicinity,
    /// As `Vicinity`, with the {-2+2} moves that keep the clue pattern besides: the digits
    /// of two clues changed at once, the result unique (as the puzzle community's pattern
    /// games vary the digits of a pattern). A best-first expansion lists the whole {-1+1}
    /// vicinity and every such change of every pair of clues.
    Pattern {
        /// Only from puzzles whose `U` is at least this (in the energy's units: the ER for
        /// the ER energies); below it, a best-first expansion lists the vicinity alone and a
        /// chain proposes a flip instead. `None`: from every puzzle.
        above: Option<f64>,
    },
}

impl Moves {
    /// Pattern moves from every puzzle.
    ///
    /// ```
    /// use sudoku_generate::Moves;
    /// assert_eq!(Moves::PATTERN, Moves::Pattern { above: None });
    /// assert_eq!(Moves::PATTERN.to_string(), "pattern");
    /// ```
    pub const PATTERN: Moves = Moves::Pattern { above: None };
}

/// A proposed move: the state it leads to, with its `U` once [`Model::delta`] has rated it.
#[derive(Clone, Copy, Debug)]
pub struct PuzzleMove {
    clues: u128,
    solution: Grid,
    new_u: f64,
}

impl PuzzleMove {
    /// The puzzle the move leads to.
    #[must_use]
    pub fn puzzle(&self) -> Grid {
        puzzle_of(&self.solution, self.clues)
    }
}

/// The Hamiltonian `H = -J U + h * clues` over the puzzles of one solution grid, where `U` is
/// any [`Difficulty`].
///
/// With [`Moves::Flips`] (the default) moves flip one spin: even attempts remove a random clue,
/// odd attempts add a random one (the solution's digit), as the reference program alternates
/// them. A removal that makes the puzzle non-unique is rejected by the model; an addition never
/// breaks uniqueness. [`Moves::Vicinity`] makes every other pair of attempts an exchange;
/// [`Moves::Pattern`] makes every fourth an exchange and the next a change of two clues'
/// digits (from puzzles at or above its threshold; a flip below it). A puzzle
/// whose `U` cannot be computed within the rating's budget gets `+inf` energy, so it is never
/// accepted.
///
/// Ratings that draw random numbers are seeded by the puzzle: a puzzle's seed is the child of
/// the model's seed whose index is a 64-bit hash of its clues
/// ([`tempering::child_seed`]), so the energy is a fixed function of the puzzle, as
/// Metropolis needs.
///
/// # Examples
///
/// ```
/// use sudoku_generate::PuzzleModel;
/// use sudoku_metrics::Depth;
/// use tempering::Model;
///
/// let solution =
///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452".parse()?;
/// let model = PuzzleModel::new(solution, Depth::default(), 0);
/// let full = model.full_state();
/// assert_eq!(full.clue_count(), 81);
/// assert_eq!(model.energy(&full), 81.0); // depth 0, 81 clues, J = 100, h = 1
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Debug)]
pub struct PuzzleModel<U> {
    solution: Grid,
    difficulty: U,
    /// `U` of puzzles already rated. `U` is a function of the puzzle (random ratings are
    /// seeded by it), so the memo changes no result, only skips repeated work.
    memo: Mutex<HashMap<Grid, f64>>,
    /// Ratings asked for, and ratings found in the memo.
    lookups: AtomicU64,
    hits: AtomicU64,
    /// Puzzles left out of every listed vicinity ([`PuzzleModel::skipping`]), and how many
    /// neighbours they took out.
    skip: Option<Arc<KnownPuzzles>>,
    skipped: AtomicU64,
    /// The coupling of the difficulty, `J` (paper: 100).
    pub j: f64,
    /// The field on the clues, `h` (paper: 1).
    pub h: f64,
    /// Which moves are proposed.
    pub moves: Moves,
    seed: u64,
}

impl<U: Difficulty> PuzzleModel<U> {
    /// The model over `solution` with difficulty `U`, `J = 100` and `h = 1`.
    ///
    /// # Panics
    ///
    /// Panics if `solution` is not a complete valid grid.
    pub fn new(solution: Grid, difficulty: U, seed: u64) -> PuzzleModel<U> {
        assert!(solution.is_solved(), "the model needs a complete, valid solution grid");
        PuzzleModel {
            solution,
            difficulty,
            memo: Mutex::new(HashMap::new()),
            lookups: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            skip: None,
            skipped: AtomicU64::new(0),
            j: 100.0,
            h: 1.0,
            moves: Moves::Flips,
            seed,
        }
    }

    /// Ratings asked for so far, and how many the memo answered.
    #[must_use]
    pub fn memo_stats(&self) -> (u64, u64) {
        (self.lookups.load(Ordering::Relaxed), self.hits.load(Ordering::Relaxed))
    }

    /// Sets `J` and `h`.
    #[must_use]
    pub fn with_coupling(self, j: f64, h: f64) -> PuzzleModel<U> {
        PuzzleModel { j, h, ..self }
    }

    /// Sets the moves.
    #[must_use]
    pub fn with_moves(self, moves: Moves) -> PuzzleModel<U> {
        PuzzleModel { moves, ..self }
    }

    /// Leaves the puzzles of `known` (any puzzle isomorphic to one of them) out of every
    /// vicinity [`Neighbourhood::neighbours`] lists, so a best-first search neither rates nor
    /// expands them: their vicinities are taken as searched already. Puzzles the search
    /// starts from are not neighbours, so a known start is still expanded.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use sudoku_core::Grid;
    /// use sudoku_generate::{KnownPuzzles, Moves, PuzzleModel};
    /// use sudoku_metrics::Depth;
    /// use tempering::Neighbourhood;
    ///
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let solution = sudoku_solve::solve(&puzzle).unique().expect("unique");
    /// let model = PuzzleModel::new(solution, Depth::default(), 0).with_moves(Moves::Vicinity);
    /// let start = model.state(puzzle.filled_cells().bits());
    /// let all = model.neighbours(&start);
    /// // Take the first neighbour as known: it is left out, and only it.
    /// let first = all[0].puzzle();
    /// let model = model.skipping(Arc::new(KnownPuzzles::from_puzzles([first])));
    /// assert_eq!(model.neighbours(&start).len(), all.len() - 1);
    /// assert_eq!(model.skipped(), 1);
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn skipping(mut self, known: Arc<KnownPuzzles>) -> PuzzleModel<U> {
        self.set_skipping(known);
        self
    }

    /// As [`PuzzleModel::skipping`], in place.
    pub fn set_skipping(&mut self, known: Arc<KnownPuzzles>) {
        self.skip = Some(known);
    }

    /// How many listed neighbours were left out as known so far.
    #[must_use]
    pub fn skipped(&self) -> u64 {
        self.skipped.load(Ordering::Relaxed)
    }

    /// The solution grid the run starts from.
    #[must_use]
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The difficulty measure.
    #[must_use]
    pub fn difficulty(&self) -> &U {
        &self.difficulty
    }

    /// `U` of the puzzle with `clues` of `solution`, or `None` over budget.
    #[must_use]
    pub fn rate(&self, clues: u128, solution: &Grid) -> Option<f64> {
        self.lookups.fetch_add(1, Ordering::Relaxed);
        let puzzle = puzzle_of(solution, clues);
        if let Some(&u) = self.memo.lock().unwrap_or_else(PoisonError::into_inner).get(&puzzle) {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return (!u.is_nan()).then_some(u);
        }
        let u = self
            .difficulty
            .rate(&puzzle, tempering::child_seed(self.seed, puzzle_hash(clues)))
            .ok();
        let mut memo = self.memo.lock().unwrap_or_else(PoisonError::into_inner);
        if memo.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.insert(puzzle, u.unwrap_or(f64::NAN));
        u
    }

    /// The state keeping every clue.
    #[must_use]
    pub fn full_state(&self) -> PuzzleState {
        self.state(CellSet::ALL.bits())
    }

    /// The state keeping `clues` of the model's solution, rated.
    #[must_use]
    pub fn state(&self, clues: u128) -> PuzzleState {
        self.state_of(clues, self.solution)
    }

    /// The state keeping `clues` of `solution`, rated.
    #[must_use]
    pub fn state_of(&self, clues: u128, solution: Grid) -> PuzzleState {
        PuzzleState { clues, solution, u: self.rate(clues, &solution).unwrap_or(f64::NAN) }
    }

    /// An exchange from `state`: a clue removed and a clue added, the result unique. The
    /// added clue is guided by the exact solver: with the clue gone the puzzle has several
    /// solutions, and a cell where two of them differ, given one's digit, rules the other
    /// out; when the result still has several, their own difference guides the next try.
    /// `None` after a few tries.
    fn exchange<R: Rng + ?Sized>(&self, state: &PuzzleState, rng: &mut R) -> Option<PuzzleMove> {
        let n = state.clues.count_ones();
        if n == 0 {
            return None;
        }
        let from = nth_bit(state.clues, rng.random_range(0..n));
        let kept = state.clues & !(1 << from);
        let base = puzzle_of(&state.solution, kept);
        let (mut a, mut b) = match sudoku_solve::solve(&base) {
            Outcome::Multiple(a, b) => (a, b),
            // The clue was not needed: move it to another cell of the same solution.
            Outcome::Unique(solution) => {
                let empty = !kept & CellSet::ALL.bits() & !(1 << from);
                if empty == 0 {
                    return None;
                }
                let to = nth_bit(empty, rng.random_range(0..empty.count_ones()));
                return Some(PuzzleMove { clues: kept | (1 << to), solution, new_u: f64::NAN });
            }
            _ => return None,
        };
        for _ in 0..EXCHANGE_DRAWS {
            let differ: Vec<Cell> = Cell::all().filter(|&c| a.get(c) != b.get(c)).collect();
            let cell = differ[rng.random_range(0..differ.len())];
            let pick = if rng.random_bool(0.5) { a } else { b };
            let to = cell.index() as u8;
            if to == from && pick.get(cell) == state.solution.get(cell) {
                continue; // that would put the clue back
            }
            let mut puzzle = base;
            puzzle.set(cell, pick.get(cell));
            match sudoku_solve::solve(&puzzle) {
                Outcome::Unique(solution) => {
                    return Some(PuzzleMove { clues: kept | (1 << to), solution, new_u: f64::NAN });
                }
                Outcome::Multiple(x, y) => (a, b) = (x, y),
                _ => return None,
            }
        }
        None
    }

    /// Every exchange that removes the clue at `from`: with the clue gone and the puzzle still
    /// unique, the removal itself; otherwise every clue (cell and digit the others allow) that
    /// makes it unique again, other than the one removed.
    fn exchanges_from(&self, state: &PuzzleState, from: u8) -> Vec<PuzzleMove> {
        let kept = state.clues & !(1 << from);
        let base = puzzle_of(&state.solution, kept);
        match sudoku_solve::solve(&base) {
            Outcome::Unique(solution) => {
                vec![PuzzleMove { clues: kept, solution, new_u: f64::NAN }]
            }
            Outcome::Multiple(..) => {
                let mut moves = Vec::new();
                for cell in base.empty_cells() {
                    for digit in base.candidates(cell) {
                        if cell.index() == usize::from(from)
                            && state.solution.get(cell) == Some(digit)
                        {
                            continue;
                        }
                        let mut puzzle = base;
                        puzzle.set(cell, Some(digit));
                        if let Outcome::Unique(solution) = sudoku_solve::solve(&puzzle) {
                            let clues = kept | (1 << cell.index());
                            moves.push(PuzzleMove { clues, solution, new_u: f64::NAN });
                        }
                    }
                }
                moves
            }
            _ => Vec::new(),
        }
    }

    /// The {-1+1} vicinity: every exchange of each clue, clue by clue in cell order.
    fn vicinity(&self, state: &PuzzleState, clues: &[u8]) -> Vec<PuzzleMove> {
        use rayon::prelude::*;
        clues.par_iter().flat_map_iter(|&from| self.exchanges_from(state, from)).collect()
    }

    /// Every change of two clues' digits that keeps the puzzle unique (the clue pattern
    /// kept), pair by pair of clues in cell order. Changes of one digit are single exchanges,
    /// so both digits change.
    fn digit_pairs(&self, state: &PuzzleState, clues: &[u8]) -> Vec<PuzzleMove> {
        use rayon::prelude::*;
        clues
            .par_iter()
            .enumerate()
            .flat_map_iter(|(i, &a)| {
                clues[i + 1..].iter().flat_map(move |&b| self.digit_pairs_at(state, a, b))
            })
            .collect()
    }

    /// Every change of the digits of the clues at `a` and `b` (both changed) that keeps the
    /// puzzle unique.
    fn digit_pairs_at(&self, state: &PuzzleState, a: u8, b: u8) -> Vec<PuzzleMove> {
        let (Some(ca), Some(cb)) = (Cell::new(a.into()), Cell::new(b.into())) else {
            return Vec::new();
        };
        let base = puzzle_of(&state.solution, state.clues & !(1 << a) & !(1 << b));
        let mut moves = Vec::new();
        for x in base.candidates(ca) {
            if state.solution.get(ca) == Some(x) {
                continue;
            }
            let mut with_a = base;
            with_a.set(ca, Some(x));
            for y in with_a.candidates(cb) {
                if state.solution.get(cb) == Some(y) {
                    continue;
                }
                let mut puzzle = with_a;
                puzzle.set(cb, Some(y));
                if let Outcome::Unique(solution) = sudoku_solve::solve(&puzzle) {
                    moves.push(PuzzleMove { clues: state.clues, solution, new_u: f64::NAN });
                }
            }
        }
        moves
    }

    /// Whether pattern moves start from `state`: with [`Moves::Pattern`], if its `U` reaches
    /// the threshold.
    fn pattern_from(&self, state: &PuzzleState) -> bool {
        matches!(self.moves, Moves::Pattern { above } if above.is_none_or(|a| state.u >= a))
    }

    /// The energy of a given `U` and clue count.
    #[must_use]
    pub fn energy_of(&self, u: f64, clues: usize) -> f64 {
        if u.is_nan() { f64::INFINITY } else { -self.j * u + self.h * clues as f64 }
    }
}

/// The most ratings kept in the memo (about 100 MB); it is emptied when full.
const MEMO_LIMIT: usize = 1 << 20;

/// Tries an exchange move makes before giving up.
const EXCHANGE_DRAWS: u32 = 16;

/// A 64-bit mix of the clue mask (SplitMix64 finaliser on both halves).
fn puzzle_hash(clues: u128) -> u64 {
    mix(clues as u64) ^ mix((clues >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15)
}

/// The SplitMix64 finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A 64-bit identity of a puzzle (FNV-1a over its clues, then a SplitMix64 finaliser).
pub(crate) fn puzzle_key(puzzle: &Grid) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for cell in puzzle.filled_cells() {
        let digit = puzzle.get(cell).map_or(0, |d| u64::from(d.get()));
        h = (h ^ (cell.index() as u64 * 16 + digit)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    mix(h)
}

/// The `k`-th set bit of `x`.
fn nth_bit(mut x: u128, k: u32) -> u8 {
    for _ in 0..k {
        x &= x - 1;
    }
    x.trailing_zeros() as u8
}

impl<U: Difficulty> Model for PuzzleModel<U> {
    type State = PuzzleState;
    type Move = PuzzleMove;

    fn energy(&self, state: &PuzzleState) -> f64 {
        self.energy_of(state.u, state.clue_count())
    }

    fn propose<R: Rng + ?Sized>(
        &self,
        state: &PuzzleState,
        attempt: u32,
        rng: &mut R,
    ) -> Option<PuzzleMove> {
        match self.moves {
            Moves::Vicinity if attempt % 4 >= 2 => return self.exchange(state, rng),
            Moves::Pattern { .. } if attempt % 4 == 2 => return self.exchange(state, rng),
            Moves::Pattern { .. } if attempt % 4 == 3 && self.pattern_from(state) => {
                let n = state.clues.count_ones();
                if n < 2 {
                    return None;
                }
                let a = nth_bit(state.clues, rng.random_range(0..n));
                let b = nth_bit(state.clues & !(1 << a), rng.random_range(0..n - 1));
                let moves = self.digit_pairs_at(state, a, b);
                return (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())]);
            }
            _ => {}
        }
        let remove = attempt.is_multiple_of(2);
        let pool = if remove { state.clues } else { !state.clues & CellSet::ALL.bits() };
        let n = pool.count_ones();
        if n == 0 {
            return None;
        }
        let cell = nth_bit(pool, rng.random_range(0..n));
        let clues = state.clues ^ (1 << cell);
        if remove && sudoku_solve::solve(&puzzle_of(&state.solution, clues)).unique().is_none() {
            return None;
        }
        Some(PuzzleMove { clues, solution: state.solution, new_u: f64::NAN })
    }

    fn delta(&self, _: &PuzzleState, energy: f64, mv: &mut PuzzleMove) -> f64 {
        mv.new_u = self.rate(mv.clues, &mv.solution).unwrap_or(f64::NAN);
        self.energy_of(mv.new_u, mv.clues.count_ones() as usize) - energy
    }

    fn apply(&self, state: &mut PuzzleState, mv: PuzzleMove) {
        *state = PuzzleState { clues: mv.clues, solution: mv.solution, u: mv.new_u };
    }
}

/// Every move at once, for [`tempering::BestFirst`]: with [`Moves::Flips`], every removal that
/// keeps the puzzle unique and every addition; with [`Moves::Vicinity`], every exchange of one
/// clue (the puzzle community's {-1+1} vicinity: a clue removed, a clue added at any cell with
/// any digit, the result unique) and every removal of an unneeded clue; with
/// [`Moves::Pattern`], those and then (from a puzzle at or above its threshold) every change
/// of two clues' digits that keeps the puzzle unique. Listed clue by clue in cell order (in
/// parallel), so the order depends on the puzzle alone.
impl<U: Difficulty> Neighbourhood for PuzzleModel<U> {
    fn neighbours(&self, state: &PuzzleState) -> Vec<PuzzleMove> {
        use rayon::prelude::*;
        let moves = self.listed(state);
        let Some(known) = &self.skip else { return moves };
        let keep: Vec<bool> = moves.par_iter().map(|m| !known.contains(&m.puzzle())).collect();
        let before = moves.len();
        let kept: Vec<PuzzleMove> =
            moves.into_iter().zip(keep).filter_map(|(m, keep)| keep.then_some(m)).collect();
        self.skipped.fetch_add((before - kept.len()) as u64, Ordering::Relaxed);
        kept
    }

    fn key(&self, state: &PuzzleState) -> u64 {
        puzzle_key(&state.puzzle())
    }
}

impl<U: Difficulty> PuzzleModel<U> {
    /// Every move of [`Neighbourhood::neighbours`], known puzzles included.
    fn listed(&self, state: &PuzzleState) -> Vec<PuzzleMove> {
        use rayon::prelude::*;
        let clues: Vec<u8> =
            CellSet::from_bits(state.clues).iter().map(|c| c.index() as u8).collect();
        let solution = state.solution;
        match self.moves {
            Moves::Flips => {
                let mut moves: Vec<PuzzleMove> = clues
                    .par_iter()
                    .filter_map(|&from| {
                        let clues = state.clues & !(1 << from);
                        sudoku_solve::solve(&puzzle_of(&solution, clues))
                            .unique()
                            .is_some()
                            .then_some(PuzzleMove { clues, solution, new_u: f64::NAN })
                    })
                    .collect();
                let empty = CellSet::from_bits(!state.clues & CellSet::ALL.bits());
                moves.extend(empty.iter().map(|c| PuzzleMove {
                    clues: state.clues | (1 << c.index()),
                    solution,
                    new_u: f64::NAN,
                }));
                moves
            }
            Moves::Vicinity => self.vicinity(state, &clues),
            Moves::Pattern { .. } => {
                let mut moves = self.vicinity(state, &clues);
                if self.pattern_from(state) {
                    moves.extend(self.digit_pairs(state, &clues));
                }
                moves
            }
        }
    }
}
