//! Canonical forms: the minimal lexicographic form ("minlex") of a puzzle or solution grid.
//!
//! Two puzzles are *isomorphic* when a symmetry of Sudoku maps one to the other: transposition,
//! band permutations, row permutations within bands, stack permutations, column permutations
//! within stacks (2 x 6^8 = 3,359,232 cell symmetries) and the 9! relabellings of digits. The
//! minlex form is the community's canonical representative of a class: of all the isomorphic
//! grids, written as 81 characters row by row with `0` for a blank, the smallest string, with
//! digits relabelled in order of first appearance (the first digit read becomes 1, the next new
//! one 2, ...). Blanks come before digits, so the minlex form of a puzzle has as many leading
//! blanks as its class allows. No solving is involved: any grid has a minlex form, whether it
//! has one solution, several, none, or clashing givens.
//!
//! # Algorithm
//!
//! The symmetries are not enumerated. The form is built one row at a time, keeping every
//! *candidate* (orientation, source rows chosen so far, column order, digit labels) whose rows
//! tie with the smallest rows found so far; a row strictly greater than the best one at the same
//! depth drops its candidate, so only exact ties survive and the result is the true minimum.
//!
//! - **Row 0.** For each orientation and each row, the smallest first row depends only on how
//!   many givens each stack of the row holds: stacks in increasing order of givens, givens to the
//!   right, labelled 1, 2, ... So the first row is chosen from 18 lines without fixing the column
//!   order; the column order is left *lazy* (which given goes to which slot, hence its label,
//!   is decided by the rows below). A first row with a repeated digit (clashing givens) is
//!   minimised by the general search below instead.
//! - **Next rows.** Rows of the same band come next, then each band's three rows in turn. For a
//!   candidate and a source row, a depth-first search over the output positions picks the
//!   source column of each position. Columns may only move where the rows above stay unchanged:
//!   a column must go to a position with the same content above (its *colour*), and a stack to a
//!   stack with the same colours. Each choice is compared at once with the best row at this
//!   depth; a strictly greater value prunes the branch, a strictly smaller one resets the best
//!   row and drops the candidates gathered so far. A digit not labelled yet takes the next label;
//!   in the row after a lazy first row, a digit of the first row takes the label of the first
//!   free given slot its column can reach, which fixes that column's position.
//! - **Ties.** Two columns of one stack with the same colour and the same value are
//!   interchangeable, as are two stacks with the same colours and values: only one of each is
//!   tried. Candidates that reach the same labels with the same rows are merged (their column
//!   orders differ by a symmetry of the rows so far, so their futures are the same), and
//!   identical rows of a band (or identical bands) are tried once. Once every column has its
//!   own colour the column order is fixed and each further row costs nine look-ups.
//!
//! The number of automorphisms (symmetries mapping the grid to itself up to relabelling) falls
//! out of the surviving candidates and the symmetries of the final columns.

use crate::{Cell, Digit, Grid, Transform};

/// The minlex form of a grid, the transform reaching it, and the grid's automorphism count.
///
/// Made by [`Grid::minlex`].
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
///
/// let puzzle: Grid =
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let canon = puzzle.minlex();
/// assert_eq!(canon.transform.apply(&puzzle), canon.grid);
/// assert_eq!(canon.grid.clue_count(), puzzle.clue_count());
/// assert_eq!(canon.grid.minlex().grid, canon.grid);
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Canonical {
    /// The minimal form: isomorphic puzzles, and only they, have the same one.
    pub grid: Grid,
    /// A symmetry with relabelling such that `transform.apply(&original) == grid`.
    pub transform: Transform,
    /// How many of the 3,359,232 cell symmetries map the grid to itself up to a relabelling
    /// of digits (1 for most puzzles and grids, 3,359,232 for the empty grid).
    pub automorphisms: u64,
}

impl Grid {
    /// The minimal lexicographic form of the grid under the symmetries of Sudoku, with the
    /// transform that reaches it; see the [module documentation](crate::canon) for the order
    /// and the algorithm.
    ///
    /// Isomorphic grids (one is a transform of the other) get the same form, other grids
    /// different ones. The grid need not be valid: clashing givens are compared as they are.
    ///
    /// # Examples
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::{Grid, Transform};
    ///
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    /// let copy = Transform::random(&mut rng).apply(&puzzle);
    /// assert_eq!(copy.minlex().grid, puzzle.minlex().grid);
    /// // Blanks are '0' in the order, so the form starts with as many blanks as it can.
    /// assert!(puzzle.minlex().grid.to_string().starts_with("......"));
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn minlex(&self) -> Canonical {
        Search::new(self).run()
    }
}

/// No position, column or stack yet.
const NONE: u8 = 0xFF;

/// A partial form: the orientation and rows chosen, the column order and the digit labels.
#[derive(Clone, Copy, Debug)]
struct Cand {
    /// 1 if the grid is read transposed.
    t: u8,
    /// The first row's column order is not fixed yet (see the module docs).
    lazy: bool,
    /// `rows[i]`: the source row of output row `i`.
    rows: [u8; 9],
    /// `cols[j]`: the source column of output column `j` (unused while `lazy`).
    cols: [u8; 9],
    /// `labels[d]`: the label of digit `d` (0: none yet).
    labels: [u8; 10],
    /// The next free label.
    next: u8,
    /// How many row orders this candidate stands for (identical rows tried once).
    weight: u64,
}

impl Cand {
    /// Candidates with the same key have the same rows and labels: the same future.
    fn key(&self) -> u128 {
        let mut k = u128::from(self.t);
        for &r in &self.rows {
            k = k << 4 | u128::from(r);
        }
        for &l in &self.labels[1..] {
            k = k << 4 | u128::from(l);
        }
        k
    }
}

/// The column assignment of one row being minimised.
#[derive(Clone, Copy, Debug)]
struct State {
    /// Output position -> source column.
    pos_col: [u8; 9],
    /// Source column -> output position.
    col_pos: [u8; 9],
    /// Output stack -> source stack.
    smap: [u8; 3],
    /// Source stack -> output stack.
    sinv: [u8; 3],
    labels: [u8; 10],
    next: u8,
}

/// What a row search needs to know about the candidate and the source row.
#[derive(Debug)]
struct RowCtx {
    /// The source row's digits, by source column.
    v: [u8; 9],
    /// The colour of each source column (its content in the rows above).
    cls: [u32; 9],
    /// The colour each output position must keep.
    colors: [u32; 9],
    /// Output stack -> the source stacks with the same colours (bit mask).
    compat: [u8; 3],
    /// Per source stack: its sorted (colour, value) pairs, to spot interchangeable stacks.
    ssig: [[u64; 3]; 3],
    /// Per source stack: it holds a given of a lazy first row (never interchangeable).
    spending: [bool; 3],
    /// The first row is lazy.
    lazy: bool,
    /// Lazy: the first row's digits by source column.
    row0: [u8; 9],
    /// Lazy: the source column of each digit of the first row.
    col0: [u8; 10],
    /// Lazy: the rank of each output position among the first row's givens.
    g0_rank: [u8; 9],
}

/// The search state shared by all candidates.
#[derive(Debug)]
struct Search {
    /// The grid and its transpose, row-major.
    g: [[u8; 81]; 2],
    /// The best row at the current depth (`NONE` past the part decided).
    best: [u8; 9],
    /// The rows of the form decided so far.
    out: [[u8; 9]; 9],
    /// The candidates tying with `best` at the current depth.
    next: Vec<Cand>,
    /// The depth (output row) being searched.
    depth: usize,
}

/// The stack of column or row `i`.
const fn stack(i: u8) -> u8 {
    i / 3
}

impl Search {
    fn new(grid: &Grid) -> Search {
        let a = grid.to_bytes();
        let mut t = [0u8; 81];
        for (i, v) in t.iter_mut().enumerate() {
            *v = a[i % 9 * 9 + i / 9];
        }
        Search {
            g: [a, t],
            best: [NONE; 9],
            out: [[0; 9]; 9],
            next: Vec::with_capacity(32),
            depth: 0,
        }
    }

    fn row(&self, t: u8, r: u8) -> [u8; 9] {
        let i = usize::from(r) * 9;
        self.g[usize::from(t)][i..i + 9].try_into().expect("nine cells")
    }

    /// Compares `val` at position `j` with the best row: false if greater (prune); if smaller,
    /// it becomes the best and the candidates gathered so far are dropped.
    #[inline]
    fn accept(&mut self, j: usize, val: u8) -> bool {
        let b = self.best[j];
        if val > b {
            return false;
        }
        if val < b {
            self.best[j] = val;
            for x in &mut self.best[j + 1..] {
                *x = NONE;
            }
            self.next.clear();
        }
        true
    }

    /// Compares a whole row with the best one (as [`Search::accept`] does cell by cell).
    fn accept_row(&mut self, row: &[u8; 9]) -> bool {
        match row.cmp(&self.best) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Less => {
                self.best = *row;
                self.next.clear();
                true
            }
            std::cmp::Ordering::Equal => true,
        }
    }

    fn run(mut self) -> Canonical {
        self.first_row();
        self.out[0] = self.best;
        dedup(&mut self.next);
        for k in 1..9 {
            self.depth = k;
            let cur = std::mem::take(&mut self.next);
            self.best = [NONE; 9];
            self.next_row(&cur);
            self.out[k] = self.best;
            dedup(&mut self.next);
        }
        self.finish()
    }

    /// Depth 0: the smallest first row over both orientations and all rows.
    fn first_row(&mut self) {
        for t in 0..2u8 {
            for &(r, weight) in self.row_choices(t, 0, 0, 0).as_slice() {
                let row = self.row(t, r);
                let mut cand = Cand {
                    t,
                    lazy: false,
                    rows: [0; 9],
                    cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                    labels: [0; 10],
                    next: 1,
                    weight,
                };
                cand.rows[0] = r;
                let mut seen = 0u16;
                let mut repeated = false;
                for &d in row.iter().filter(|&&d| d != 0) {
                    repeated |= seen & (1 << d) != 0;
                    seen |= 1 << d;
                }
                if repeated {
                    // Clashing givens: the general search, every column alike.
                    self.search_row(&cand, r, [0; 9], [0; 9], [0b111; 3]);
                    continue;
                }
                // Stacks by increasing number of givens, givens to the right, labels 1, 2, ...
                let mut counts = [0u8; 3];
                for (c, &d) in row.iter().enumerate() {
                    counts[c / 3] += u8::from(d != 0);
                }
                counts.sort_unstable();
                let mut form = [0u8; 9];
                let mut label = 0;
                for (s, &n) in counts.iter().enumerate() {
                    for slot in &mut form[s * 3 + 3 - usize::from(n)..s * 3 + 3] {
                        label += 1;
                        *slot = label;
                    }
                }
                if self.accept_row(&form) {
                    cand.lazy = true;
                    cand.next = label + 1;
                    self.next.push(cand);
                }
            }
        }
    }

    /// The source rows that may come next after rows `used` (the last being `last`), with the
    /// number of row orders each stands for: the rows left in the band of the last row, or at a
    /// band's start the rows of the bands left. Of identical rows of a band, and of identical
    /// bands, only the first is tried: the others give the same forms.
    fn row_choices(&self, t: u8, k: usize, used: u16, last: u8) -> RowChoices {
        let g = &self.g[usize::from(t)];
        let same_rows = |a: u8, b: u8| {
            let (a, b) = (usize::from(a) * 9, usize::from(b) * 9);
            g[a..a + 9] == g[b..b + 9]
        };
        let mut out = RowChoices { rows: [(0, 0); 9], len: 0 };
        let push_band = |out: &mut RowChoices, b: u8, times: u64| {
            let free = |r: u8| used & (1 << r) == 0;
            for r in (b * 3..b * 3 + 3).filter(|&r| free(r)) {
                if (b * 3..r).any(|o| free(o) && same_rows(o, r)) {
                    continue;
                }
                let n = (b * 3..b * 3 + 3).filter(|&o| free(o) && same_rows(o, r)).count();
                out.rows[out.len] = (r, times * n as u64);
                out.len += 1;
            }
        };
        if k % 3 != 0 {
            push_band(&mut out, stack(last), 1);
            return out;
        }
        let free_band = |b: u8| used & (0b111 << (b * 3)) == 0;
        let same_band = |a: u8, b: u8| (0..3).all(|i| same_rows(a * 3 + i, b * 3 + i));
        for b in (0..3).filter(|&b| free_band(b)) {
            if (0..b).any(|o| free_band(o) && same_band(o, b)) {
                continue;
            }
            let n = (0..3).filter(|&o| free_band(o) && same_band(o, b)).count();
            push_band(&mut out, b, n as u64);
        }
        out
    }

    /// Depth `k > 0`: every candidate with every source row allowed next.
    fn next_row(&mut self, cur: &[Cand]) {
        let k = self.depth;
        // Colours of the output columns: their labelled content in the rows above.
        let mut colors = [0u32; 9];
        for row in &self.out[..k] {
            for (c, &v) in colors.iter_mut().zip(row) {
                *c = *c * 10 + u32::from(v);
            }
        }
        let mut sigs = [[0u32; 3]; 3];
        for (s, sig) in sigs.iter_mut().enumerate() {
            *sig = [colors[s * 3], colors[s * 3 + 1], colors[s * 3 + 2]];
            sig.sort_unstable();
        }
        let fixed = {
            let mut sorted = colors;
            sorted.sort_unstable();
            sorted.windows(2).all(|w| w[0] != w[1])
        };
        for cand in cur {
            let used = cand.rows[..k].iter().fold(0u16, |m, &r| m | 1 << r);
            let choices = self.row_choices(cand.t, k, used, cand.rows[k - 1]);
            for &(r, w) in choices.as_slice() {
                let cand = Cand { weight: cand.weight * w, ..*cand };
                if cand.lazy {
                    self.lazy_row(&cand, r);
                } else if fixed {
                    self.fixed_row(&cand, r);
                } else {
                    let mut inv = [0u8; 9];
                    for (j, &x) in cand.cols.iter().enumerate() {
                        inv[usize::from(x)] = j as u8;
                    }
                    let cls = inv.map(|j| colors[usize::from(j)]);
                    let mut compat = [0u8; 3];
                    for (s, bits) in compat.iter_mut().enumerate() {
                        for src in 0..3u8 {
                            let at = stack(inv[usize::from(src) * 3]);
                            if sigs[s] == sigs[usize::from(at)] {
                                *bits |= 1 << src;
                            }
                        }
                    }
                    self.search_row(&cand, r, cls, colors, compat);
                }
            }
        }
    }

    /// Every column has its own colour: the column order cannot change, only labels are new.
    fn fixed_row(&mut self, cand: &Cand, r: u8) {
        let v = self.row(cand.t, r);
        let mut labels = cand.labels;
        let mut next = cand.next;
        for j in 0..9 {
            let d = usize::from(v[usize::from(cand.cols[j])]);
            let val = if d == 0 {
                0
            } else {
                if labels[d] == 0 {
                    labels[d] = next;
                    next += 1;
                }
                labels[d]
            };
            if !self.accept(j, val) {
                return;
            }
        }
        let mut leaf = Cand { labels, next, ..*cand };
        leaf.rows[self.depth] = r;
        self.next.push(leaf);
    }

    /// The row below a lazy first row: columns keep their given or blank status in the first
    /// row, and a digit of the first row is labelled by the slot its column takes there.
    fn lazy_row(&mut self, cand: &Cand, r: u8) {
        let row0 = self.row(cand.t, cand.rows[0]);
        let colors = self.out[0].map(|v| u32::from(v != 0));
        let cls = row0.map(|v| u32::from(v != 0));
        let mut g0_rank = [0u8; 9];
        let mut n = 0;
        for (j, &c) in colors.iter().enumerate() {
            if c != 0 {
                g0_rank[j] = n;
                n += 1;
            }
        }
        let count = |c: &[u32; 9], s: usize| c[s * 3] + c[s * 3 + 1] + c[s * 3 + 2];
        let mut compat = [0u8; 3];
        for (s, bits) in compat.iter_mut().enumerate() {
            for src in 0..3 {
                if count(&colors, s) == count(&cls, src) {
                    *bits |= 1 << src;
                }
            }
        }
        let mut col0 = [NONE; 10];
        for (x, &d) in row0.iter().enumerate() {
            if d != 0 {
                col0[usize::from(d)] = x as u8;
            }
        }
        let v = self.row(cand.t, r);
        let ctx = RowCtx::new(v, cls, colors, compat, Some((row0, col0, g0_rank)));
        self.dfs(&ctx, &State::new(cand), 0, cand, r);
    }

    /// The general search of the smallest row `r` under the column orders that keep colours.
    fn search_row(&mut self, cand: &Cand, r: u8, cls: [u32; 9], colors: [u32; 9], compat: [u8; 3]) {
        let v = self.row(cand.t, r);
        let ctx = RowCtx::new(v, cls, colors, compat, None);
        self.dfs(&ctx, &State::new(cand), 0, cand, r);
    }

    /// Chooses the source column of output position `j`, then goes on with `j + 1`.
    fn dfs(&mut self, ctx: &RowCtx, st: &State, j: usize, cand: &Cand, r: u8) {
        if j == 9 {
            let mut leaf =
                Cand { lazy: false, cols: st.pos_col, labels: st.labels, next: st.next, ..*cand };
            leaf.rows[self.depth] = r;
            self.next.push(leaf);
            return;
        }
        let pre = st.pos_col[j];
        if pre != NONE {
            // Placed already, by a digit of the first row above.
            let mut st2 = *st;
            let val = ctx.value(&mut st2, pre);
            if self.accept(j, val) {
                self.dfs(ctx, &st2, j + 1, cand, r);
            }
            return;
        }
        let s = j / 3;
        let stacks = if st.smap[s] != NONE {
            1u8 << st.smap[s]
        } else {
            let mapped = st
                .sinv
                .iter()
                .enumerate()
                .fold(0u8, |m, (src, &o)| if o != NONE { m | 1 << src } else { m });
            ctx.compat[s] & !mapped
        };
        let free_stack = st.smap[s] == NONE;
        let mut tried_stacks = 0u8;
        for src in 0..3usize {
            if stacks & (1 << src) == 0 {
                continue;
            }
            if free_stack && !ctx.spending[src] {
                let same = (0..3).any(|o| {
                    tried_stacks & (1 << o) != 0 && !ctx.spending[o] && ctx.ssig[o] == ctx.ssig[src]
                });
                if same {
                    continue;
                }
            }
            tried_stacks |= 1 << src;
            let mut tried = [(u32::MAX, 0u8); 3];
            for (n, x) in (src * 3..src * 3 + 3).enumerate() {
                if st.col_pos[x] != NONE || ctx.cls[x] != ctx.colors[j] {
                    continue;
                }
                let alike = !ctx.lazy || ctx.row0[x] == 0;
                if alike {
                    let key = (ctx.cls[x], ctx.v[x]);
                    if tried[..n].contains(&key) {
                        continue;
                    }
                    tried[n] = key;
                }
                let mut st2 = *st;
                ctx.place(&mut st2, j, x);
                let val = ctx.value(&mut st2, x as u8);
                if self.accept(j, val) {
                    self.dfs(ctx, &st2, j + 1, cand, r);
                }
            }
        }
    }

    /// The result: the form, the transform of a surviving candidate, the automorphisms.
    fn finish(self) -> Canonical {
        let mut grid = Grid::EMPTY;
        for (i, row) in self.out.iter().enumerate() {
            for (j, &v) in row.iter().enumerate() {
                grid.set(Cell::from_row_col(i, j), Digit::new(v));
            }
        }
        let leaf = self.next[0];
        // The column orders that keep every column's content: stacks with the same colours
        // may swap, and columns with the same colour within a stack.
        let mut colors = [0u32; 9];
        for row in &self.out {
            for (c, &v) in colors.iter_mut().zip(row) {
                *c = *c * 10 + u32::from(v);
            }
        }
        let mut stabiliser = 1u64;
        let mut sigs = [[0u32; 3]; 3];
        for (s, sig) in sigs.iter_mut().enumerate() {
            *sig = [colors[s * 3], colors[s * 3 + 1], colors[s * 3 + 2]];
            sig.sort_unstable();
            stabiliser *= match (sig[0] == sig[1], sig[1] == sig[2]) {
                (true, true) => 6,
                (true, false) | (false, true) => 2,
                (false, false) => 1,
            };
        }
        stabiliser *= match (sigs[0] == sigs[1], sigs[1] == sigs[2], sigs[0] == sigs[2]) {
            (true, true, _) => 6,
            (false, false, false) => 1,
            _ => 2,
        };
        let orders: u64 = self.next.iter().map(|c| c.weight).sum();
        Canonical { grid, transform: transform(&leaf), automorphisms: orders * stabiliser }
    }
}

impl State {
    fn new(cand: &Cand) -> State {
        State {
            pos_col: [NONE; 9],
            col_pos: [NONE; 9],
            smap: [NONE; 3],
            sinv: [NONE; 3],
            labels: cand.labels,
            next: cand.next,
        }
    }
}

impl RowCtx {
    fn new(
        v: [u8; 9],
        cls: [u32; 9],
        colors: [u32; 9],
        compat: [u8; 3],
        lazy: Option<([u8; 9], [u8; 10], [u8; 9])>,
    ) -> RowCtx {
        let (row0, col0, g0_rank) = lazy.unwrap_or(([0; 9], [NONE; 10], [0; 9]));
        let mut ssig = [[0u64; 3]; 3];
        let mut spending = [false; 3];
        for s in 0..3 {
            for i in 0..3 {
                let x = s * 3 + i;
                ssig[s][i] = u64::from(cls[x]) << 4 | u64::from(v[x]);
                spending[s] |= row0[x] != 0;
            }
            ssig[s].sort_unstable();
        }
        RowCtx { v, cls, colors, compat, ssig, spending, lazy: lazy.is_some(), row0, col0, g0_rank }
    }

    /// Puts source column `x` at output position `j`; a given of a lazy first row gets the
    /// label of its slot.
    #[inline]
    fn place(&self, st: &mut State, j: usize, x: usize) {
        st.pos_col[j] = x as u8;
        st.col_pos[x] = j as u8;
        let (s, src) = (j / 3, x / 3);
        st.smap[s] = src as u8;
        st.sinv[src] = s as u8;
        if self.lazy && self.row0[x] != 0 {
            st.labels[usize::from(self.row0[x])] = self.g0_rank[j] + 1;
        }
    }

    /// The label of source column `x`'s digit (0 for a blank), labelling it if it is new. A
    /// digit of a lazy first row whose column has no slot yet takes the first slot it can.
    #[inline]
    fn value(&self, st: &mut State, x: u8) -> u8 {
        let d = usize::from(self.v[usize::from(x)]);
        if d == 0 {
            return 0;
        }
        if st.labels[d] != 0 {
            return st.labels[d];
        }
        if self.lazy && self.col0[d] != NONE {
            let y = usize::from(self.col0[d]);
            let want = self.cls[y];
            let first_slot = |st: &State, s: usize| {
                (s * 3..s * 3 + 3).find(|&q| st.pos_col[q] == NONE && self.colors[q] == want)
            };
            let sy = y / 3;
            let q = if st.sinv[sy] != NONE {
                first_slot(st, usize::from(st.sinv[sy]))
            } else {
                (0..3)
                    .filter(|&s| st.smap[s] == NONE && self.compat[s] & (1 << sy) != 0)
                    .filter_map(|s| first_slot(st, s))
                    .min()
            };
            let q = q.expect("a compatible stack has a free slot of the same colour");
            self.place(st, q, y);
            return st.labels[d];
        }
        st.labels[d] = st.next;
        st.next += 1;
        st.labels[d]
    }
}

/// Merges candidates with the same rows and labels.
fn dedup(cands: &mut Vec<Cand>) {
    if cands.len() > 1 {
        cands.sort_unstable_by_key(Cand::key);
        cands.dedup_by_key(|c| c.key());
    }
}

/// The transform of a complete candidate: transposition, bands and rows, stacks and columns,
/// then the labels (digits absent from the grid take the labels left, in order).
fn transform(c: &Cand) -> Transform {
    let lines = |order: &[u8; 9]| {
        let blocks = [0, 3, 6].map(|i| usize::from(order[i] / 3));
        let inner: [usize; 9] = std::array::from_fn(|i| i / 3 * 3 + usize::from(order[i] % 3));
        (blocks, inner)
    };
    let valid = "a valid permutation by construction";
    let (bands, rows) = lines(&c.rows);
    let (stacks, cols) = lines(&c.cols);
    let mut t = if c.t == 1 { Transform::transpose() } else { Transform::IDENTITY };
    t = t
        .then(&Transform::try_permute_bands(bands).expect(valid))
        .then(&Transform::try_permute_rows(rows).expect(valid))
        .then(&Transform::try_permute_stacks(stacks).expect(valid))
        .then(&Transform::try_permute_cols(cols).expect(valid));
    let mut map = [0u8; 9];
    let mut used = 0u16;
    for d in 1..10 {
        if c.labels[d] != 0 {
            map[d - 1] = c.labels[d];
            used |= 1 << c.labels[d];
        }
    }
    let mut free = (1..10u8).filter(|l| used & (1 << l) == 0);
    for m in &mut map {
        if *m == 0 {
            *m = free.next().expect("nine labels for nine digits");
        }
    }
    t.then(&Transform::try_relabel(map.map(|l| Digit::new(l).expect("1..=9"))).expect(valid))
}

/// The source rows allowed next, with the number of row orders each stands for.
#[derive(Clone, Copy, Debug)]
struct RowChoices {
    rows: [(u8, u64); 9],
    len: usize,
}

impl RowChoices {
    fn as_slice(&self) -> &[(u8, u64)] {
        &self.rows[..self.len]
    }
}
