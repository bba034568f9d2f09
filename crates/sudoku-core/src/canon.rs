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
//! *partial form* (orientation, source rows chosen so far, column order, digit labels) whose rows
//! tie with the smallest rows found so far; a row strictly greater than the best one at the same
//! depth drops its partial form, so only exact ties survive and the result is the true minimum.
//!
//! - **Row 0.** For each orientation and each row, the smallest first row depends only on how
//!   many givens each stack of the row holds: stacks in increasing order of givens, givens to the
//!   right, labelled 1, 2, ... So the first row is chosen from 18 lines without fixing the column
//!   order; the column order is left *lazy* (which given goes to which slot, hence its label,
//!   is decided by the rows below). A first row with a repeated digit (clashing givens) is
//!   minimised by the general search below instead.
//! - **Next rows.** Rows of the same band come next, then each band's three rows in turn. For a
//!   partial form and a source row, a depth-first search over the output positions picks the
//!   source column of each position. Columns may only move where the rows above stay unchanged:
//!   a column must go to a position with the same content above (its *colour*), and a stack to a
//!   stack with the same colours. Each choice is compared at once with the best row at this
//!   depth; a strictly greater value prunes the branch, a strictly smaller one resets the best
//!   row and drops the partial forms gathered so far. A digit not labelled yet takes the next label;
//!   in the row after a lazy first row, a digit of the first row takes the label of the first
//!   free given slot its column can reach, which fixes that column's position.
//! - **Ties.** Two columns of one stack with the same colour and the same value are
//!   interchangeable, as are two stacks with the same colours and values: only one of each is
//!   tried. Candidates that reach the same labels with the same rows are merged (their column
//!   orders differ by a symmetry of the rows so far, so their futures are the same), and
//!   identical rows of a band (or identical bands) are tried once. Once every column has its
//!   own colour the column order is fixed and each further row costs nine look-ups.
//! - **Cheap cuts.** At each position the smallest value is followed first (a blank if one can
//!   go there), rows with more blanks are tried first, and a row with fewer blanks than the best
//!   row has leading blanks is skipped. Below a complete first row (solution grids), the second
//!   row starts 4 5 6 only if one of its boxes holds the digits of a box of the first row, so
//!   only such boxes may go first, and pairs of rows without one are skipped when another pair
//!   has one.
//!
//! On one core of an AMD EPYC this makes about 210,000 forms per second on the 49,158 17-clue
//! puzzles and 50,000 on solution grids (`cargo bench -p sudoku-benches --bench canon`).
//!
//! The number of automorphisms (symmetries mapping the grid to itself up to relabelling) falls
//! out of the surviving partial forms and the symmetries of the final columns.

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
    /// // Blanks come first in the order: the form starts with as many blanks as it can.
    /// assert_eq!(
    ///     puzzle.minlex().grid.to_string(),
    ///     ".....1..2..1.3..4..5.6.......27..1...6...2..58...4..3...3...9...2...7...9...8...1"
    /// );
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn minlex(&self) -> Canonical {
        Search::new(self).run()
    }
}

/// No position, column or stack yet.
const NONE: u8 = 0xFF;

/// The three columns (or rows) of stack (or band) `s`, as a bit mask.
const fn stack_bits(s: usize) -> u16 {
    0b111 << (s * 3)
}

/// The columns of a set of stacks (bit mask by stack), as a bit mask.
const STACK_COLS: [u16; 8] = {
    let mut t = [0u16; 8];
    let mut m = 0;
    while m < 8 {
        let mut s = 0;
        while s < 3 {
            if m & (1 << s) != 0 {
                t[m] |= stack_bits(s);
            }
            s += 1;
        }
        m += 1;
    }
    t
};

/// The bits of a mask, lowest first.
fn bits(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// A partial form: the orientation and rows chosen, the column order and the digit labels.
#[derive(Clone, Copy, Debug)]
struct Partial {
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
    /// How many row orders this partial form stands for (identical rows tried once).
    weight: u64,
    /// The rows and labels, to merge partial forms (set by [`dedup`]).
    key: u128,
}

impl Partial {
    /// Candidates with the same key have the same rows and labels: the same future.
    fn make_key(&self) -> u128 {
        let mut k = u128::from(self.t);
        for &r in &self.rows {
            k = k << 4 | u128::from(r);
        }
        for &l in &self.labels[1..] {
            k = k << 4 | u128::from(l);
        }
        k
    }

    /// The source rows used, as a bit mask.
    fn used(&self, k: usize) -> u16 {
        self.rows[..k].iter().fold(0, |m, &r| m | 1 << r)
    }
}

/// The column assignment of one row being minimised.
#[derive(Clone, Copy, Debug)]
struct State {
    /// Output position -> source column.
    pos_col: [u8; 9],
    /// The source columns not placed yet.
    free: u16,
    /// The output positions without a column yet.
    open: u16,
    /// The source stacks placed (bit mask).
    placed: u8,
    /// Output stack -> source stack.
    smap: [u8; 3],
    /// Source stack -> output stack.
    sinv: [u8; 3],
    labels: [u8; 10],
    next: u8,
}

impl State {
    /// The output stacks with a source stack (bit mask).
    fn mapped_out(&self) -> u8 {
        u8::from(self.smap[0] != NONE)
            | u8::from(self.smap[1] != NONE) << 1
            | u8::from(self.smap[2] != NONE) << 2
    }

    fn new(part: &Partial) -> State {
        State {
            pos_col: [NONE; 9],
            free: 0x1ff,
            open: 0x1ff,
            placed: 0,
            smap: [NONE; 3],
            sinv: [NONE; 3],
            labels: part.labels,
            next: part.next,
        }
    }
}

/// What the row searches of one partial form share: which columns may go where.
#[derive(Debug)]
struct Frame {
    /// The colour of each source column (its content in the rows above).
    cls: [u32; 9],
    /// Per output position: the source columns of its colour.
    elig: [u16; 9],
    /// Output stack -> the source stacks with the same colours (bit mask).
    compat: [u8; 3],
    /// Lazy: per source column, the output positions of its colour.
    slots: [u16; 9],
    /// Lazy: source stack -> the output stacks with the same colours (bit mask).
    src_to_out: [u8; 3],
    /// The first row is lazy: its givens are labelled by the slot they take.
    lazy: bool,
    /// Lazy: the first row's digits by source column.
    row0: [u8; 9],
    /// Lazy: the source column of each digit of the first row.
    col0: [u8; 10],
    /// Lazy: the rank of each output position among the first row's givens.
    g0_rank: [u8; 9],
    /// Lazy: the source columns given in the first row, whose slots are not decided.
    pending: u16,
    /// The source stacks that may go first (all but those that cannot start the best row).
    first_stacks: u8,
}

impl Frame {
    /// Colours `cls` of the source columns, `colors` the colours the output keeps, `compat`
    /// which stacks may go where.
    fn new(cls: [u32; 9], colors: &[u32; 9], compat: [u8; 3]) -> Frame {
        let elig = colors.map(|c| {
            cls.iter().enumerate().fold(0u16, |m, (x, &k)| if k == c { m | 1 << x } else { m })
        });
        Frame {
            cls,
            elig,
            compat,
            slots: [0; 9],
            src_to_out: [0; 3],
            lazy: false,
            row0: [0; 9],
            col0: [NONE; 10],
            g0_rank: [0; 9],
            pending: 0,
            first_stacks: 0b111,
        }
    }

    /// Puts source column `x` at output position `j`; a given of a lazy first row gets the
    /// label of its slot.
    #[inline]
    fn place(&self, st: &mut State, j: usize, x: usize) {
        st.pos_col[j] = x as u8;
        st.free &= !(1 << x);
        st.open &= !(1 << j);
        let (s, src) = (j / 3, x / 3);
        st.smap[s] = src as u8;
        st.sinv[src] = s as u8;
        st.placed |= 1 << src;
        if self.pending & (1 << x) != 0 {
            st.labels[usize::from(self.row0[x])] = self.g0_rank[j] + 1;
        }
    }

    /// The label of digit `d` (0 for a blank), labelling it if it is new. A digit of a lazy
    /// first row whose column has no slot yet takes the first slot it can reach.
    #[inline]
    fn value(&self, st: &mut State, d: u8) -> u8 {
        let d = usize::from(d);
        if d == 0 {
            return 0;
        }
        if st.labels[d] != 0 {
            return st.labels[d];
        }
        if self.col0[d] != NONE {
            let y = usize::from(self.col0[d]);
            let sy = y / 3;
            // The first free slot of y's colour in the stack y's stack went to, or else in the
            // stacks it may go to.
            let stacks = if st.sinv[sy] != NONE {
                stack_bits(usize::from(st.sinv[sy]))
            } else {
                STACK_COLS[usize::from(self.src_to_out[sy] & !st.mapped_out())]
            };
            let slots = st.open & self.slots[y] & stacks;
            let q = (slots != 0).then(|| slots.trailing_zeros() as usize);
            let q = q.expect("a compatible stack has a free slot of the same colour");
            self.place(st, q, y);
            return st.labels[d];
        }
        st.labels[d] = st.next;
        st.next += 1;
        st.labels[d]
    }

    /// Source stacks `a` and `b` (neither placed yet) are interchangeable for row `v`: the
    /// same colours and values, and no pending given.
    fn same_stacks(&self, v: &[u8; 9], a: usize, b: usize) -> bool {
        let sig = |s: usize| {
            let mut t = [0u64; 3];
            for (i, e) in t.iter_mut().enumerate() {
                *e = u64::from(self.cls[s * 3 + i]) << 4 | u64::from(v[s * 3 + i]);
            }
            t.sort_unstable();
            t
        };
        (self.pending & (stack_bits(a) | stack_bits(b))) == 0 && sig(a) == sig(b)
    }
}

/// The search state shared by all partial forms.
#[derive(Debug)]
struct Search {
    /// The grid and its transpose, row-major.
    g: [[u8; 81]; 2],
    /// Per orientation and row: the blank cells of the row (bit mask by column).
    blanks: [[u16; 9]; 2],
    /// Per orientation and row: the rows of its band with the same content (itself included).
    same_rows: [[u16; 9]; 2],
    /// Per orientation and band: the bands with the same content (itself included).
    same_bands: [[u8; 3]; 2],
    /// The best row at the current depth (`NONE` past the part decided).
    best: [u8; 9],
    /// The rows of the form decided so far.
    out: [[u8; 9]; 9],
    /// The partial forms tying with `best` at the current depth.
    next: Vec<Partial>,
    /// The depth (output row) being searched.
    depth: usize,
}

impl Search {
    fn new(grid: &Grid) -> Search {
        let a = grid.to_bytes();
        let mut t = [0u8; 81];
        for (i, v) in t.iter_mut().enumerate() {
            *v = a[i % 9 * 9 + i / 9];
        }
        let g = [a, t];
        let mut blanks = [[0u16; 9]; 2];
        let mut same_rows = [[0u16; 9]; 2];
        let mut same_bands = [[0u8; 3]; 2];
        for o in 0..2 {
            let row = |r: usize| &g[o][r * 9..r * 9 + 9];
            for r in 0..9 {
                blanks[o][r] = row(r)
                    .iter()
                    .enumerate()
                    .fold(0, |m, (c, &d)| if d == 0 { m | 1 << c } else { m });
                same_rows[o][r] = (0..9)
                    .filter(|&q| q / 3 == r / 3 && row(q) == row(r))
                    .fold(0, |m, q| m | 1 << q);
            }
            for b in 0..3 {
                same_bands[o][b] = (0..3)
                    .filter(|&c| g[o][b * 27..b * 27 + 27] == g[o][c * 27..c * 27 + 27])
                    .fold(0, |m, c| m | 1 << c);
            }
        }
        Search {
            g,
            blanks,
            same_rows,
            same_bands,
            best: [NONE; 9],
            out: [[0; 9]; 9],
            next: Vec::with_capacity(16),
            depth: 0,
        }
    }

    fn row(&self, t: u8, r: u8) -> [u8; 9] {
        let i = usize::from(r) * 9;
        self.g[usize::from(t)][i..i + 9].try_into().expect("nine cells")
    }

    /// Compares `val` at position `j` with the best row: false if greater (prune); if smaller,
    /// it becomes the best and the partial forms gathered so far are dropped.
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

    /// The number of leading blanks of the best row so far.
    fn leading_blanks(&self) -> u32 {
        self.best.iter().take_while(|&&v| v == 0).count() as u32
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
                let mut part = Partial {
                    t,
                    lazy: false,
                    rows: [0; 9],
                    cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
                    labels: [0; 10],
                    next: 1,
                    weight,
                    key: 0,
                };
                part.rows[0] = r;
                let mut seen = 0u16;
                let mut repeated = false;
                for &d in row.iter().filter(|&&d| d != 0) {
                    repeated |= seen & (1 << d) != 0;
                    seen |= 1 << d;
                }
                if repeated {
                    // Clashing givens: the general search, every column alike.
                    let frame = Frame::new([0; 9], &[0; 9], [0b111; 3]);
                    self.dfs(&frame, &row, &State::new(&part), 0, &part, r);
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
                    part.lazy = true;
                    part.next = label + 1;
                    self.next.push(part);
                }
            }
        }
    }

    /// The source rows that may come next after rows `used` (the last being `last`), with the
    /// number of row orders each stands for: the rows left in the band of the last row, or at a
    /// band's start the rows of the bands left. Of identical rows of a band, and of identical
    /// bands, only the first is tried: the others give the same forms.
    fn row_choices(&self, t: u8, k: usize, used: u16, last: u8) -> RowChoices {
        let t = usize::from(t);
        let mut out = RowChoices { rows: [(0, 0); 9], len: 0 };
        let push_band = |out: &mut RowChoices, b: usize, times: u64| {
            let free = stack_bits(b) & !used;
            for r in bits(free) {
                let same = self.same_rows[t][r] & free;
                if same & ((1 << r) - 1) == 0 {
                    out.rows[out.len] = (r as u8, times * u64::from(same.count_ones()));
                    out.len += 1;
                }
            }
        };
        if !k.is_multiple_of(3) {
            push_band(&mut out, usize::from(last / 3), 1);
            return out;
        }
        let free_bands = (0..3).filter(|&b| used & stack_bits(b) == 0).fold(0u8, |m, b| m | 1 << b);
        for b in 0..3 {
            let same = self.same_bands[t][b] & free_bands;
            if free_bands & (1 << b) != 0 && same & ((1 << b) - 1) == 0 {
                push_band(&mut out, b, u64::from(same.count_ones()));
            }
        }
        out
    }

    /// Depth `k > 0`: every partial form with every source row allowed next.
    fn next_row(&mut self, cur: &[Partial]) {
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
        // Complete first two rows (a solution grid's): the second row starts 4 5 6 when one of
        // its boxes holds the digits of a box of the first row, else 4 5 7 at best.
        let some_456 = k == 1
            && cur.iter().any(|c| {
                let choices = self.row_choices(c.t, k, c.used(k), c.rows[0]);
                choices
                    .as_slice()
                    .iter()
                    .any(|&(r, _)| self.full_pair(c.t, c.rows[0], r).is_some_and(|m| m != 0))
            });
        for part in cur {
            let mut choices = self.row_choices(part.t, k, part.used(k), part.rows[k - 1]);
            // Rows with more blanks first: they tend to make the best row, which prunes more.
            let row_blanks = self.blanks[usize::from(part.t)];
            let blanks = |r: u8| row_blanks[usize::from(r)].count_ones();
            choices.as_mut_slice().sort_unstable_by_key(|&(r, _)| std::cmp::Reverse(blanks(r)));
            let mut frame = if part.lazy {
                Some(self.lazy_frame(part))
            } else if fixed {
                None
            } else {
                let mut inv = [0u8; 9];
                for (j, &x) in part.cols.iter().enumerate() {
                    inv[usize::from(x)] = j as u8;
                }
                let cls = inv.map(|j| colors[usize::from(j)]);
                let mut compat = [0u8; 3];
                for (s, bits) in compat.iter_mut().enumerate() {
                    for src in 0..3 {
                        let at = usize::from(inv[src * 3] / 3);
                        if sigs[s] == sigs[at] {
                            *bits |= 1 << src;
                        }
                    }
                }
                Some(Frame::new(cls, &colors, compat))
            };
            for &(r, w) in choices.as_slice() {
                // A row with fewer blanks than the best row's leading blanks is worse.
                if blanks(r) < self.leading_blanks() {
                    continue;
                }
                let mut first_stacks = 0b111;
                if k == 1
                    && some_456
                    && let Some(m) = self.full_pair(part.t, part.rows[0], r)
                {
                    if m == 0 {
                        continue;
                    }
                    first_stacks = m;
                }
                let part = Partial { weight: part.weight * w, ..*part };
                let v = self.row(part.t, r);
                match &mut frame {
                    Some(frame) => {
                        frame.first_stacks = first_stacks;
                        self.dfs(frame, &v, &State::new(&part), 0, &part, r);
                    }
                    None => self.fixed_row(&part, &v, r),
                }
            }
        }
    }

    /// For complete rows `r0` and `r1` (as in solution grids), the stacks of `r1` whose box
    /// holds the digits of a box of `r0`: only they can start the second row with 4 5 6, and
    /// without one it starts 4 5 7 at best.
    fn full_pair(&self, t: u8, r0: u8, r1: u8) -> Option<u8> {
        let full = |r: u8| self.blanks[usize::from(t)][usize::from(r)] == 0;
        (full(r0) && full(r1)).then(|| {
            let boxes = |r: u8| {
                let row = self.row(t, r);
                [0, 1, 2].map(|s| row[s * 3..s * 3 + 3].iter().fold(0u16, |m, &d| m | 1 << d))
            };
            let (a, b) = (boxes(r0), boxes(r1));
            (0..3).filter(|&s| a.contains(&b[s])).fold(0, |m, s| m | 1 << s)
        })
    }

    /// The frame of the row below a lazy first row: columns keep their given or blank status
    /// in the first row, and a digit of the first row is labelled by the slot its column takes.
    fn lazy_frame(&self, part: &Partial) -> Frame {
        let row0 = self.row(part.t, part.rows[0]);
        let colors = self.out[0].map(|v| u32::from(v != 0));
        let cls = row0.map(|v| u32::from(v != 0));
        let count = |c: &[u32; 9], s: usize| c[s * 3] + c[s * 3 + 1] + c[s * 3 + 2];
        let mut compat = [0u8; 3];
        for (s, bits) in compat.iter_mut().enumerate() {
            for src in 0..3 {
                if count(&colors, s) == count(&cls, src) {
                    *bits |= 1 << src;
                }
            }
        }
        let mut frame = Frame::new(cls, &colors, compat);
        frame.lazy = true;
        frame.slots = std::array::from_fn(|x| {
            frame.elig.iter().enumerate().fold(0u16, |m, (j, &e)| m | (e >> x & 1) << j)
        });
        frame.src_to_out = std::array::from_fn(|src| {
            compat.iter().enumerate().fold(0u8, |m, (s, &c)| m | (c >> src & 1) << s)
        });
        frame.row0 = row0;
        let mut n = 0;
        for (j, &c) in colors.iter().enumerate() {
            if c != 0 {
                frame.g0_rank[j] = n;
                n += 1;
            }
        }
        for (x, &d) in row0.iter().enumerate() {
            if d != 0 {
                frame.col0[usize::from(d)] = x as u8;
                frame.pending |= 1 << x;
            }
        }
        frame
    }

    /// Every column has its own colour: the column order cannot change, only labels are new.
    fn fixed_row(&mut self, part: &Partial, v: &[u8; 9], r: u8) {
        let mut labels = part.labels;
        let mut next = part.next;
        for j in 0..9 {
            let d = usize::from(v[usize::from(part.cols[j])]);
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
        let mut leaf = Partial { labels, next, ..*part };
        leaf.rows[self.depth] = r;
        self.next.push(leaf);
    }

    /// Chooses the source column of output position `j` for source row `v` (values by source
    /// column), then goes on with `j + 1`. Only the choices of the smallest value are followed.
    fn dfs(&mut self, frame: &Frame, v: &[u8; 9], st: &State, j: usize, part: &Partial, r: u8) {
        if j == 9 {
            let mut leaf = Partial { lazy: false, cols: st.pos_col, ..*part };
            (leaf.labels, leaf.next) = (st.labels, st.next);
            leaf.rows[self.depth] = r;
            self.next.push(leaf);
            return;
        }
        let pre = st.pos_col[j];
        if pre != NONE {
            // Placed already, by a digit of the first row above.
            let mut st2 = *st;
            let val = frame.value(&mut st2, v[usize::from(pre)]);
            if self.accept(j, val) {
                self.dfs(frame, v, &st2, j + 1, part, r);
            }
            return;
        }
        let s = j / 3;
        let mut stacks = if st.smap[s] != NONE {
            1u8 << st.smap[s]
        } else {
            frame.compat[s] & !st.placed & if s == 0 { frame.first_stacks } else { 0b111 }
        };
        if st.smap[s] == NONE && stacks.count_ones() > 1 {
            // Of interchangeable stacks, only the first.
            for b in 1..3 {
                if stacks & (1 << b) != 0
                    && (0..b).any(|a| stacks & (1 << a) != 0 && frame.same_stacks(v, a, b))
                {
                    stacks &= !(1 << b);
                }
            }
        }
        let cols = STACK_COLS[usize::from(stacks)];
        let options = frame.elig[j] & st.free & cols;
        // Columns of one stack with the same value and colour are interchangeable, unless
        // they hold a pending given.
        let mut seen = [0u16; 3];
        let mut alike = |x: usize| {
            if frame.pending & (1 << x) != 0 {
                return false;
            }
            let d = v[x];
            let dup = seen[x / 3] & (1 << d) != 0;
            seen[x / 3] |= 1 << d;
            dup
        };
        if frame.lazy {
            // Below a lazy first row, a value may place other columns: keep each state.
            // (In the order met: a smaller value found later resets the best row.)
            for x in bits(options).filter(|&x| !alike(x)) {
                let mut st2 = *st;
                frame.place(&mut st2, j, x);
                let val = frame.value(&mut st2, v[x]);
                if self.accept(j, val) {
                    self.dfs(frame, v, &st2, j + 1, part, r);
                }
            }
            return;
        }
        let mut opts = [(0u8, 0u8); 9];
        let mut n = 0;
        let mut min = u8::MAX;
        for x in bits(options).filter(|&x| !alike(x)) {
            let d = usize::from(v[x]);
            let val = match (d, st.labels[d]) {
                (0, _) => 0,
                (_, 0) => st.next,
                (_, label) => label,
            };
            opts[n] = (val, x as u8);
            n += 1;
            min = min.min(val);
        }
        if n == 0 || !self.accept(j, min) {
            return;
        }
        for &(val, x) in &opts[..n] {
            if val == min {
                let mut st2 = *st;
                frame.place(&mut st2, j, usize::from(x));
                frame.value(&mut st2, v[usize::from(x)]);
                self.dfs(frame, v, &st2, j + 1, part, r);
            }
        }
    }

    /// The result: the form, the transform of a surviving partial form, the automorphisms.
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

/// Merges partial forms with the same rows and labels.
fn dedup(cands: &mut Vec<Partial>) {
    if cands.len() > 1 {
        for c in cands.iter_mut() {
            c.key = c.make_key();
        }
        cands.sort_unstable_by_key(|c| c.key);
        cands.dedup_by_key(|c| c.key);
    }
}

/// The transform of a complete partial form: transposition, bands and rows, stacks and columns,
/// then the labels (digits absent from the grid take the labels left, in order).
fn transform(c: &Partial) -> Transform {
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

    fn as_mut_slice(&mut self) -> &mut [(u8, u64)] {
        &mut self.rows[..self.len]
    }
}
