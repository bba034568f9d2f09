//! What the local-search solvers share: the givens (optionally extended by singles), the digits
//! each free cell may take, and a filling where every box holds a permutation of 1..=9, scored by
//! the digits missing from its rows and columns.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{Failure, Grid, UNIT_CELLS};

use super::{Run, RunOutcome};

const ALL: u16 = 0x1ff;

/// A puzzle made ready for local search.
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    /// Fixed digits (0 = free): the givens, plus the singles when propagation was asked for.
    pub(crate) fixed: [u8; 81],
    /// For each free cell, the digits no fixed peer holds (bit `d - 1`).
    pub(crate) allowed: [u16; 81],
    /// The free cells of each box.
    pub(crate) free: [Vec<u8>; 9],
    /// The boxes with at least two free cells (the only ones a swap can change).
    pub(crate) movable: Vec<u8>,
    /// Whether moves and fillings keep every digit in a cell that allows it.
    pub(crate) restrict: bool,
}

impl Prepared {
    /// Prepares `puzzle`; `propagate` fixes naked and hidden singles first, `restrict` keeps
    /// every placement among the cell's allowed digits.
    pub(crate) fn new(puzzle: &Grid, propagate: bool, restrict: bool) -> Result<Prepared, Failure> {
        if let Some(c) = puzzle.first_conflict() {
            return Err(Failure::from(c));
        }
        let mut fixed = puzzle.to_bytes();
        if propagate {
            propagate_singles(&mut fixed)?;
        }
        let allowed = allowed_digits(&fixed);
        let mut free: [Vec<u8>; 9] = Default::default();
        for (b, cells) in UNIT_CELLS[18..].iter().enumerate() {
            free[b] =
                cells.iter().map(|c| c.index() as u8).filter(|&i| fixed[i as usize] == 0).collect();
        }
        let movable = (0..9u8).filter(|&b| free[b as usize].len() >= 2).collect();
        Ok(Prepared { fixed, allowed, free, movable, restrict })
    }

    /// Whether swapping the digits of free cells `a` and `b` keeps the placement allowed.
    #[inline]
    pub(crate) fn swap_allowed(&self, cells: &[u8; 81], a: usize, b: usize) -> bool {
        !self.restrict
            || (self.allowed[a] >> (cells[b] - 1) & 1 != 0
                && self.allowed[b] >> (cells[a] - 1) & 1 != 0)
    }

    /// Draws two distinct free cells of one box, uniformly among boxes with two or more.
    #[inline]
    pub(crate) fn random_pair<R: Rng + ?Sized>(&self, rng: &mut R) -> (usize, usize) {
        let b = self.movable[rng.random_range(0..self.movable.len())] as usize;
        let cells = &self.free[b];
        let i = rng.random_range(0..cells.len());
        let mut j = rng.random_range(0..cells.len() - 1);
        if j >= i {
            j += 1;
        }
        (cells[i] as usize, cells[j] as usize)
    }

    /// A random filling: each box gets its missing digits in random order (a random perfect
    /// matching of digits to allowed cells when restricted).
    pub(crate) fn fill<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Filling, Failure> {
        let mut cells = self.fixed;
        for (b, free) in self.free.iter().enumerate() {
            let present =
                UNIT_CELLS[18 + b].iter().fold(0u16, |m, c| match self.fixed[c.index()] {
                    0 => m,
                    v => m | 1 << (v - 1),
                });
            let mut missing: Vec<u8> = (1..=9u8).filter(|v| present >> (v - 1) & 1 == 0).collect();
            missing.shuffle(rng);
            if self.restrict {
                let order =
                    match_digits(free, &missing, &self.allowed).ok_or(Failure::NO_SOLUTION)?;
                for (&cell, &digit) in free.iter().zip(&order) {
                    cells[cell as usize] = digit;
                }
            } else {
                for (&cell, &digit) in free.iter().zip(&missing) {
                    cells[cell as usize] = digit;
                }
            }
        }
        Ok(Filling::new(cells))
    }
}

/// Assigns `digits` to `cells` so that each digit is allowed in its cell (Kuhn's augmenting
/// paths; 9 x 9 at most). Returns the digit of each cell.
fn match_digits(cells: &[u8], digits: &[u8], allowed: &[u16; 81]) -> Option<Vec<u8>> {
    fn augment(
        c: usize,
        cells: &[u8],
        digits: &[u8],
        allowed: &[u16; 81],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for (k, &d) in digits.iter().enumerate() {
            if allowed[cells[c] as usize] >> (d - 1) & 1 == 0 || seen[k] {
                continue;
            }
            seen[k] = true;
            if owner[k].is_none_or(|o| augment(o, cells, digits, allowed, seen, owner)) {
                owner[k] = Some(c);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; digits.len()];
    for c in 0..cells.len() {
        let mut seen = vec![false; digits.len()];
        if !augment(c, cells, digits, allowed, &mut seen, &mut owner) {
            return None;
        }
    }
    let mut order = vec![0; cells.len()];
    for (k, o) in owner.iter().enumerate() {
        order[o.expect("a perfect matching")] = digits[k];
    }
    Some(order)
}

/// The digits each empty cell may take given the filled ones (0 for filled cells).
fn allowed_digits(cells: &[u8; 81]) -> [u16; 81] {
    let mut used = [0u16; 27];
    for (u, unit) in UNIT_CELLS.iter().enumerate() {
        for c in unit {
            if cells[c.index()] != 0 {
                used[u] |= 1 << (cells[c.index()] - 1);
            }
        }
    }
    std::array::from_fn(|i| {
        if cells[i] != 0 {
            return 0;
        }
        let (r, c) = (i / 9, i % 9);
        ALL & !(used[r] | used[9 + c] | used[18 + r / 3 * 3 + c / 3])
    })
}

/// Fills naked and hidden singles until none is left.
fn propagate_singles(cells: &mut [u8; 81]) -> Result<(), Failure> {
    'again: loop {
        let allowed = allowed_digits(cells);
        for i in 0..81 {
            if cells[i] == 0 {
                match allowed[i].count_ones() {
                    0 => return Err(Failure::NO_SOLUTION),
                    1 => {
                        cells[i] = allowed[i].trailing_zeros() as u8 + 1;
                        continue 'again;
                    }
                    _ => {}
                }
            }
        }
        for unit in &UNIT_CELLS {
            let present = unit.iter().fold(0u16, |m, c| match cells[c.index()] {
                0 => m,
                v => m | 1 << (v - 1),
            });
            for d in 0..9 {
                if present >> d & 1 != 0 {
                    continue;
                }
                let mut places = unit.iter().filter(|c| allowed[c.index()] >> d & 1 != 0);
                match (places.next(), places.next()) {
                    (None, _) => return Err(Failure::NO_SOLUTION),
                    (Some(c), None) => {
                        cells[c.index()] = d as u8 + 1;
                        continue 'again;
                    }
                    _ => {}
                }
            }
        }
        return Ok(());
    }
}

/// A complete filling whose boxes are permutations, with the digit counts of every row and
/// column, and its cost: the digits missing from rows and columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Filling {
    pub(crate) cells: [u8; 81],
    rows: [[u8; 10]; 9],
    cols: [[u8; 10]; 9],
    pub(crate) cost: u32,
}

impl Filling {
    fn new(cells: [u8; 81]) -> Filling {
        let mut rows = [[0u8; 10]; 9];
        let mut cols = [[0u8; 10]; 9];
        for (i, &v) in cells.iter().enumerate() {
            rows[i / 9][v as usize] += 1;
            cols[i % 9][v as usize] += 1;
        }
        let missing = |t: &[[u8; 10]; 9]| -> u32 {
            t.iter().map(|c| c[1..].iter().filter(|&&n| n == 0).count() as u32).sum()
        };
        let cost = missing(&rows) + missing(&cols);
        Filling { cells, rows, cols, cost }
    }

    /// The cost change of swapping the (different) digits of cells `a` and `b` of one box.
    #[inline]
    pub(crate) fn swap_delta(&self, a: usize, b: usize) -> i32 {
        let (x, y) = (self.cells[a] as usize, self.cells[b] as usize);
        let change = |t: &[[u8; 10]; 9], p: usize, q: usize| -> i32 {
            if p == q {
                return 0;
            }
            // Line p loses x and gains y; line q loses y and gains x.
            i32::from(t[p][x] == 1) - i32::from(t[p][y] == 0) + i32::from(t[q][y] == 1)
                - i32::from(t[q][x] == 0)
        };
        change(&self.rows, a / 9, b / 9) + change(&self.cols, a % 9, b % 9)
    }

    /// Swaps the digits of cells `a` and `b`; `delta` is their [`Filling::swap_delta`].
    #[inline]
    pub(crate) fn swap(&mut self, a: usize, b: usize, delta: i32) {
        let (x, y) = (self.cells[a] as usize, self.cells[b] as usize);
        self.rows[a / 9][x] -= 1;
        self.rows[a / 9][y] += 1;
        self.rows[b / 9][y] -= 1;
        self.rows[b / 9][x] += 1;
        self.cols[a % 9][x] -= 1;
        self.cols[a % 9][y] += 1;
        self.cols[b % 9][y] -= 1;
        self.cols[b % 9][x] += 1;
        self.cells.swap(a, b);
        self.cost = self.cost.wrapping_add_signed(delta);
    }

    /// The result of a run whose best filling this is.
    pub(crate) fn run(&self, steps: u64) -> Run {
        let solution = if self.cost == 0 { Grid::try_from_bytes(self.cells).ok() } else { None };
        let outcome = match solution {
            Some(g) => RunOutcome::Solved(g),
            None => RunOutcome::GaveUp { best_cost: self.cost, best_filling: self.cells },
        };
        Run { outcome, steps }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn swap_delta_matches_recomputed_cost() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
        for restrict in [false, true] {
            let p = Prepared::new(&puzzle, false, restrict).unwrap();
            let mut f = p.fill(&mut rng).unwrap();
            for _ in 0..2_000 {
                let (a, b) = p.random_pair(&mut rng);
                if !p.swap_allowed(&f.cells, a, b) {
                    continue;
                }
                let d = f.swap_delta(a, b);
                f.swap(a, b, d);
                assert_eq!(f, Filling::new(f.cells), "counts and cost stay exact");
                if restrict {
                    let ok = |i: usize| p.allowed[i] >> (f.cells[i] - 1) & 1 != 0;
                    assert!(ok(a) && ok(b), "a restricted swap keeps both digits allowed");
                }
            }
        }
    }

    #[test]
    fn restricted_fillings_respect_the_givens() {
        let puzzle: Grid =
            "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
                .parse()
                .unwrap();
        let p = Prepared::new(&puzzle, true, true).unwrap();
        let f = p.fill(&mut rand_pcg::Pcg64Mcg::seed_from_u64(1)).unwrap();
        for i in 0..81 {
            if p.fixed[i] == 0 {
                assert!(p.allowed[i] >> (f.cells[i] - 1) & 1 != 0, "cell {i}");
            } else {
                assert_eq!(f.cells[i], p.fixed[i]);
            }
        }
    }

    #[test]
    fn singles_fill_an_easy_puzzle_and_catch_contradictions() {
        let easy: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        assert!(Prepared::new(&easy, true, true).unwrap().fixed.iter().all(|&v| v != 0));
        // Row 1 needs a 9 but every free cell of it sees one.
        let stuck: Grid =
            "12345678.........9..............................................................."
                .parse()
                .unwrap();
        assert_eq!(Prepared::new(&stuck, true, true).unwrap_err(), Failure::NO_SOLUTION);
    }
}
