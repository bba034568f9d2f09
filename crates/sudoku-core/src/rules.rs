//! Rules as data: the houses of a board (rows, columns, boxes or a jigsaw layout, and the extra
//! houses of a variant) and the constraints beyond houses (anti-knight, anti-king,
//! non-consecutive), as one [`Rules`] value that every layer reads. Classic Sudoku is
//! [`Rules::classic`], the default.
//!
//! The text form is a *rules spec*: rule names joined by commas, such as `windoku,anti-knight`
//! or `jigsaw:LAYOUT` (81 region digits 1-9, row by row); `classic` is the spec of no rule
//! beyond rows, columns and boxes. See `docs/variants.md`.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::{Cell, CellSet, Digit, Grid, ParseGridError, SolutionError};

/// A rule beyond classic Sudoku's rows, columns and boxes (a jigsaw layout, which replaces the
/// boxes, is not one: see [`Rules::layout`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::Rule;
/// assert_eq!(Rule::AntiKnight.name(), "anti-knight");
/// assert_eq!("windoku".parse::<Rule>(), Ok(Rule::Windoku));
/// assert_eq!(Rule::ALL.len(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// Both main diagonals (A1..I9 and I1..A9) hold 1-9 (`x`).
    X,
    /// The four windows r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8 hold 1-9 (`windoku`); the five
    /// groups they imply are houses too (see [`House::Window`]).
    Windoku,
    /// The nine cells at the same place inside their boxes hold 1-9 (`disjoint-groups`);
    /// needs the boxes, so it does not combine with a jigsaw layout.
    DisjointGroups,
    /// Two cells a chess knight's move apart never hold the same digit (`anti-knight`).
    AntiKnight,
    /// Two cells a king's move apart never hold the same digit (`anti-king`).
    AntiKing,
    /// Orthogonally adjacent cells never hold consecutive digits (`non-consecutive`; 1 and 9
    /// are not consecutive).
    NonConsecutive,
}

impl Rule {
    /// Every rule, in the order a spec lists them ([`Rules`]'s `Display`).
    pub const ALL: [Rule; 6] = [
        Rule::X,
        Rule::Windoku,
        Rule::DisjointGroups,
        Rule::AntiKnight,
        Rule::AntiKing,
        Rule::NonConsecutive,
    ];

    /// The rule's name in a rules spec.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_core::Rule::DisjointGroups.name(), "disjoint-groups");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::X => "x",
            Rule::Windoku => "windoku",
            Rule::DisjointGroups => "disjoint-groups",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::NonConsecutive => "non-consecutive",
        }
    }

    /// Whether the rule is defined by the 3x3 boxes (so that it cannot go with a jigsaw
    /// layout): only [`Rule::DisjointGroups`]. The windoku windows are fixed places and
    /// their five implied groups follow from rows and columns alone, so windoku goes with
    /// jigsaw.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Rule;
    /// assert!(Rule::DisjointGroups.needs_boxes() && !Rule::Windoku.needs_boxes());
    /// ```
    #[must_use]
    pub const fn needs_boxes(self) -> bool {
        matches!(self, Rule::DisjointGroups)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = RulesError;

    fn from_str(s: &str) -> Result<Rule, RulesError> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| RulesError::Unknown { name: s.to_string() })
    }
}

/// The names a rules spec knows, for error messages.
const KNOWN: &str = "classic, x, windoku, disjoint-groups, anti-knight, anti-king, \
                     non-consecutive, jigsaw:LAYOUT";

/// Why a rules spec or a jigsaw layout is not valid.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Rules, RulesError};
/// let e = "windoku,knight".parse::<Rules>().unwrap_err();
/// assert_eq!(e, RulesError::Unknown { name: "knight".into() });
/// assert!(e.to_string().starts_with("unknown rule \"knight\": the rules are classic, x,"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A name that is not a rule.
    #[error("unknown rule {name:?}: the rules are {KNOWN}")]
    Unknown {
        /// The name given.
        name: String,
    },
    /// The spec, or a part between commas, is empty.
    #[error("empty rule in rules spec {spec:?}: the rules are {KNOWN}")]
    Empty {
        /// The whole spec.
        spec: String,
    },
    /// A rule (or `jigsaw`) is named twice.
    #[error("rule {name} is given twice")]
    Duplicate {
        /// The rule's name.
        name: String,
    },
    /// `classic` is combined with other rules (it means none).
    #[error("classic means no rule beyond rows, columns and boxes, and takes no other rule")]
    ClassicCombined,
    /// A rule that needs the 3x3 boxes is combined with a jigsaw layout.
    #[error("{rule} is defined by the 3x3 boxes and does not combine with jigsaw")]
    NeedsBoxes {
        /// The rule.
        rule: Rule,
    },
    /// The jigsaw layout does not have 81 characters.
    #[error("a jigsaw layout has 81 region digits 1-9, row by row, not {len} characters")]
    LayoutLength {
        /// The characters given.
        len: usize,
    },
    /// A character of the layout is not a region digit.
    #[error("jigsaw layout: {ch:?} at {cell} is not a region digit 1-9")]
    LayoutChar {
        /// Where.
        cell: Cell,
        /// The character.
        ch: char,
    },
    /// A region of the layout does not have nine cells.
    #[error("jigsaw region {region} has {size} cells, not 9")]
    RegionSize {
        /// The region's digit, 1..=9.
        region: u8,
        /// Its cells.
        size: usize,
    },
    /// A region of the layout is not orthogonally connected.
    #[error("jigsaw region {region} is not connected: {cell} cannot be reached from {from}")]
    Disconnected {
        /// The region's digit, 1..=9.
        region: u8,
        /// The region's first cell (row-major).
        from: Cell,
        /// The first of its cells not reachable from `from` through the region.
        cell: Cell,
    },
}

/// A house under some rules: nine cells that hold 1-9.
///
/// # Examples
///
/// ```
/// use sudoku_core::House;
/// assert_eq!(House::Window(1).to_string(), "window r2-4c6-8");
/// assert_eq!(House::Window(2).to_string(), "window group r2-4c159");
/// assert_eq!(House::Group(0).to_string(), "disjoint group 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum House {
    /// Row 0..9.
    Row(u8),
    /// Column 0..9.
    Col(u8),
    /// Box 0..9 (not under jigsaw).
    Box(u8),
    /// Jigsaw region 0..9 (the layout's digit minus one).
    Region(u8),
    /// The main diagonal A1..I9 (`x`).
    Diagonal,
    /// The anti-diagonal I1..A9 (`x`).
    AntiDiagonal,
    /// A windoku group 0..9, `3 * g(row) + g(col)` where `g` maps rows (columns) 2-4 to 0,
    /// 6-8 to 1 and 1, 5, 9 to 2: groups 0, 1, 3, 4 are the four windows, and 2, 5, 6, 7, 8
    /// the five groups the windows imply (every solution holds 1-9 in them too), which are
    /// houses as in SukakuExplainer.
    Window(u8),
    /// Disjoint group 0..9: the cells at row `i / 3`, column `i % 3` inside their boxes.
    Group(u8),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const PART: [&str; 3] = ["2-4", "6-8", "159"];
        match *self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", (b'A' + i) as char),
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Region(i) => write!(f, "region {}", i + 1),
            House::Diagonal => f.write_str("diagonal A1-I9"),
            House::AntiDiagonal => f.write_str("diagonal I1-A9"),
            House::Window(i) => {
                let (r, c) = (i as usize / 3 % 3, i as usize % 3);
                let word = if r < 2 && c < 2 { "window" } else { "window group" };
                write!(f, "{word} r{}c{}", PART[r], PART[c])
            }
            House::Group(i) => write!(f, "disjoint group {}", i + 1),
        }
    }
}

/// The windoku group of a row or column index: 1-3 -> 0, 5-7 -> 1, 0, 4, 8 -> 2 (0-based).
const fn window_part(i: usize) -> usize {
    match i {
        1..=3 => 0,
        5..=7 => 1,
        _ => 2,
    }
}

/// The rules of a board: its houses and the constraints beyond them, with per-cell tables
/// (peers, non-consecutive neighbours) worked out once. Cloning is cheap (the tables are
/// shared).
///
/// Parse a rules spec with [`FromStr`] and print one with `Display` (canonical: `jigsaw:`
/// first, then the rules in [`Rule::ALL`] order; `classic` for none). Two rules values are
/// equal when their specs are.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Rule, Rules};
///
/// let rules: Rules = "anti-knight,windoku".parse()?;
/// assert_eq!(rules.to_string(), "windoku,anti-knight");
/// assert!(rules.has(Rule::AntiKnight) && !rules.is_classic());
/// // 27 classic houses and 9 windoku groups.
/// assert_eq!(rules.houses().len(), 36);
/// // A1's peers: 20 classic ones, and E5, I5, E9, I9 of the window group r159c159 (its
/// // knight cells, B3 and C2, are in its box).
/// assert_eq!(rules.peers(Cell::from_row_col(0, 0)).len(), 24);
/// assert_eq!(Rules::default(), Rules::classic());
/// # Ok::<(), sudoku_core::RulesError>(())
/// ```
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Rules {
    flags: u8,
    /// The jigsaw region (0..9) of every cell, if there is a layout.
    layout: Option<Box<[u8; 81]>>,
    tables: Arc<Tables>,
}

/// What the rules imply per cell and house, worked out once.
#[derive(Debug)]
struct Tables {
    houses: Vec<(House, [Cell; 9])>,
    peers: [CellSet; 81],
    neighbours: [CellSet; 81],
    /// The cell symmetries of a variant, found on first use ([`Rules::symmetry_count`]).
    group: std::sync::OnceLock<crate::symmetry::Group>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::classic()
    }
}

impl Rules {
    /// Classic Sudoku: rows, columns and boxes, nothing else.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Rules};
    /// let classic = Rules::classic();
    /// assert!(classic.is_classic());
    /// assert_eq!(classic.to_string(), "classic");
    /// let c5 = Cell::from_row_col(4, 2);
    /// assert_eq!(classic.peers(c5), c5.peers());
    /// ```
    #[must_use]
    pub fn classic() -> Rules {
        Rules::build(0, None)
    }

    /// The rules of a set of [`Rule`]s, on boxes or on a jigsaw `layout` (81 region digits
    /// 1-9, row by row).
    ///
    /// # Errors
    ///
    /// [`RulesError::Duplicate`] for a rule given twice, [`RulesError::NeedsBoxes`] for
    /// disjoint groups with a layout, and the layout's errors ([`RulesError::LayoutLength`],
    /// [`RulesError::LayoutChar`], [`RulesError::RegionSize`], [`RulesError::Disconnected`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Rule, Rules, RulesError};
    /// let x = Rules::try_new(&[Rule::X], None)?;
    /// assert_eq!(x.to_string(), "x");
    /// let rows = "111111111222222222333333333444444444555555555666666666777777777888888888999999999";
    /// assert_eq!(
    ///     Rules::try_new(&[Rule::DisjointGroups], Some(rows)).unwrap_err(),
    ///     RulesError::NeedsBoxes { rule: Rule::DisjointGroups }
    /// );
    /// # Ok::<(), RulesError>(())
    /// ```
    pub fn try_new(rules: &[Rule], layout: Option<&str>) -> Result<Rules, RulesError> {
        let mut flags = 0u8;
        for &r in rules {
            if flags & r.bit() != 0 {
                return Err(RulesError::Duplicate { name: r.name().to_string() });
            }
            flags |= r.bit();
        }
        let layout = match layout {
            None => None,
            Some(text) => {
                let regions = parse_layout(text)?;
                if let Some(&r) = rules.iter().find(|r| r.needs_boxes()) {
                    return Err(RulesError::NeedsBoxes { rule: r });
                }
                Some(Box::new(regions))
            }
        };
        Ok(Rules::build(flags, layout))
    }

    /// The same rules on another (valid) jigsaw layout, regions 0..9.
    pub(crate) fn with_layout(&self, regions: [u8; 81]) -> Rules {
        Rules::build(self.flags, Some(Box::new(regions)))
    }

    /// The cell symmetries of a variant (worked out on first use).
    pub(crate) fn group(&self) -> &crate::symmetry::Group {
        self.tables.group.get_or_init(|| crate::symmetry::Group::of(self))
    }

    fn build(flags: u8, layout: Option<Box<[u8; 81]>>) -> Rules {
        let tables = Arc::new(Tables::new(flags, layout.as_deref()));
        Rules { flags, layout, tables }
    }

    /// Whether these are classic rules (no extra rule, the 3x3 boxes).
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(!"x".parse::<sudoku_core::Rules>()?.is_classic());
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn is_classic(&self) -> bool {
        self.flags == 0 && self.layout.is_none()
    }

    /// Whether `rule` is one of these rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Rule, Rules};
    /// assert!(!Rules::classic().has(Rule::X));
    /// ```
    #[must_use]
    pub fn has(&self, rule: Rule) -> bool {
        self.flags & rule.bit() != 0
    }

    /// The rules beyond rows, columns and boxes (or regions), in [`Rule::ALL`] order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Rule, Rules};
    /// let r: Rules = "anti-king,x".parse()?;
    /// assert_eq!(r.rules().collect::<Vec<_>>(), [Rule::X, Rule::AntiKing]);
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    pub fn rules(&self) -> impl Iterator<Item = Rule> + '_ {
        Rule::ALL.into_iter().filter(|&r| self.has(r))
    }

    /// The jigsaw region (0..9, the layout's digit minus one) of every cell, row-major; `None`
    /// when the rules have the 3x3 boxes.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Rules;
    /// let rows = "111111111222222222333333333444444444555555555666666666777777777888888888999999999";
    /// let r: Rules = format!("jigsaw:{rows}").parse()?;
    /// assert_eq!(r.layout().map(|l| l[80]), Some(8));
    /// assert_eq!(Rules::classic().layout(), None);
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn layout(&self) -> Option<&[u8; 81]> {
        self.layout.as_deref()
    }

    /// Every house (nine cells that hold 1-9): rows, columns, then boxes or regions, then the
    /// diagonals, the windoku groups and the disjoint groups that the rules add; each with its
    /// cells in row-major order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{House, Rules};
    /// let x: Rules = "x".parse()?;
    /// let (house, cells) = x.houses()[27];
    /// assert_eq!(house, House::Diagonal);
    /// assert_eq!(cells[8].to_string(), "I9");
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn houses(&self) -> &[(House, [Cell; 9])] {
        &self.tables.houses
    }

    /// The cells that may not hold the same digit as `cell`: its house mates and, under
    /// anti-knight and anti-king, the cells a knight's or king's move away.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Rules};
    /// let r: Rules = "anti-king".parse()?;
    /// // E5: 20 classic peers; its 8 king neighbours are all in its box already.
    /// assert_eq!(r.peers(Cell::from_row_col(4, 4)).len(), 20);
    /// // C3's diagonal neighbour D4 is in another box.
    /// assert!(r.peers(Cell::from_row_col(2, 2)).contains(Cell::from_row_col(3, 3)));
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn peers(&self, cell: Cell) -> CellSet {
        self.tables.peers[cell.index()]
    }

    /// The cells whose digit may not differ from `cell`'s by one: its orthogonal neighbours
    /// under non-consecutive, none otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Rules};
    /// let nc: Rules = "non-consecutive".parse()?;
    /// assert_eq!(nc.non_consecutive_neighbours(Cell::from_row_col(0, 0)).len(), 2);
    /// assert!(Rules::classic().non_consecutive_neighbours(Cell::from_row_col(0, 0)).is_empty());
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn non_consecutive_neighbours(&self, cell: Cell) -> CellSet {
        self.tables.neighbours[cell.index()]
    }

    /// The clash of two cells holding `a` and `b`, if the rules forbid it: the first house
    /// (in [`Rules::houses`] order) that holds both when the digits are equal, a knight's or a
    /// king's move, or consecutive digits in orthogonal neighbours. Worked out from the
    /// cells' coordinates, not from the tables, so that it checks them.
    fn clash_of(&self, (x, a): (Cell, Digit), (y, b): (Cell, Digit)) -> Option<ClashKind> {
        let (r1, c1, r2, c2) = (x.row(), x.col(), y.row(), y.col());
        let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
        if x == y {
            return None;
        }
        if a != b {
            let consecutive = a.get().abs_diff(b.get()) == 1 && dr + dc == 1;
            return (consecutive && self.has(Rule::NonConsecutive))
                .then_some(ClashKind::Consecutive);
        }
        let house = if r1 == r2 {
            Some(House::Row(r1 as u8))
        } else if c1 == c2 {
            Some(House::Col(c1 as u8))
        } else {
            match &self.layout {
                None if x.box_() == y.box_() => Some(House::Box(x.box_() as u8)),
                Some(l) if l[x.index()] == l[y.index()] => Some(House::Region(l[x.index()])),
                _ => None,
            }
        };
        let x_rule = self.has(Rule::X);
        let window = |r: usize, c: usize| (window_part(r) * 3 + window_part(c)) as u8;
        let group = |r: usize, c: usize| (r % 3 * 3 + c % 3) as u8;
        let house = house
            .or_else(|| (x_rule && r1 == c1 && r2 == c2).then_some(House::Diagonal))
            .or_else(|| (x_rule && r1 + c1 == 8 && r2 + c2 == 8).then_some(House::AntiDiagonal))
            .or_else(|| {
                (self.has(Rule::Windoku) && window(r1, c1) == window(r2, c2))
                    .then(|| House::Window(window(r1, c1)))
            })
            .or_else(|| {
                (self.has(Rule::DisjointGroups) && group(r1, c1) == group(r2, c2))
                    .then(|| House::Group(group(r1, c1)))
            });
        if let Some(h) = house {
            Some(ClashKind::House(h))
        } else if self.has(Rule::AntiKnight) && dr.min(dc) == 1 && dr.max(dc) == 2 {
            Some(ClashKind::Knight)
        } else if self.has(Rule::AntiKing) && dr <= 1 && dc <= 1 {
            Some(ClashKind::King)
        } else {
            None
        }
    }

    /// The first two digits of `grid` that the rules forbid together (the earliest pair of
    /// cells in row-major order), or `None`: the check of a puzzle's givens under its rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cell, Digit, Grid, Rules};
    /// let mut grid = Grid::EMPTY;
    /// grid.set(Cell::from_row_col(0, 0), Digit::new(5));
    /// grid.set(Cell::from_row_col(1, 2), Digit::new(5));
    /// assert_eq!(Rules::classic().first_clash(&grid).unwrap().to_string(),
    ///     "digit 5 appears twice in box 1, at A1 and C2");
    /// grid.set(Cell::from_row_col(1, 2), None);
    /// grid.set(Cell::from_row_col(2, 1), Digit::new(5));
    /// grid.set(Cell::from_row_col(0, 0), None);
    /// grid.set(Cell::from_row_col(3, 3), Digit::new(5));
    /// let knight: Rules = "anti-knight,disjoint-groups".parse()?;
    /// assert_eq!(knight.first_clash(&grid).unwrap().to_string(),
    ///     "digit 5 at B3 and D4, a knight's move apart");
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    #[must_use]
    pub fn first_clash(&self, grid: &Grid) -> Option<Clash> {
        let filled: Vec<(Cell, Digit)> =
            Cell::all().filter_map(|c| grid.get(c).map(|d| (c, d))).collect();
        for (i, &x) in filled.iter().enumerate() {
            for &y in &filled[i + 1..] {
                if let Some(kind) = self.clash_of(x, y) {
                    return Some(Clash { first: x, second: y, kind });
                }
            }
        }
        None
    }

    /// Checks that `solution` is complete, breaks none of these rules and keeps every given of
    /// `puzzle`: a check of a solver's answer that does not use the solver (nor the peers
    /// tables: it compares every pair of cells by their coordinates).
    ///
    /// # Errors
    ///
    /// [`SolutionError::Incomplete`], [`SolutionError::Clash`] or
    /// [`SolutionError::ChangedGiven`], the first found.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Grid, Rules, SolutionError};
    /// let solution: Grid =
    ///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    ///         .parse()?;
    /// assert_eq!(Rules::classic().check_solution(&Grid::EMPTY, &solution), Ok(()));
    /// let x: Rules = "x".parse()?;
    /// assert!(matches!(x.check_solution(&Grid::EMPTY, &solution), Err(SolutionError::Clash(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_solution(&self, puzzle: &Grid, solution: &Grid) -> Result<(), SolutionError> {
        if let Some(cell) = Cell::all().find(|&c| solution.get(c).is_none()) {
            return Err(SolutionError::Incomplete { cell });
        }
        if let Some(clash) = self.first_clash(solution) {
            return Err(SolutionError::Clash(clash));
        }
        for cell in Cell::all() {
            if let (Some(given), Some(found)) = (puzzle.get(cell), solution.get(cell))
                && given != found
            {
                return Err(SolutionError::ChangedGiven { cell, given, found });
            }
        }
        Ok(())
    }

    /// Parses a puzzle as [`Grid`]'s `FromStr` does (the line or the block form), its givens
    /// checked under these rules instead of classic Sudoku's: under jigsaw, two equal digits
    /// in a 3x3 box are allowed, and two in a region are not.
    ///
    /// # Errors
    ///
    /// What `Grid`'s `FromStr` reports, with [`ParseGridError::Clash`] for clashing givens
    /// under non-classic rules ([`ParseGridError::Conflict`] under classic ones).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{ParseGridError, Rules};
    /// let rows: Rules = "jigsaw:111111111222222222333333333444444444555555555666666666777777777888888888999999999".parse()?;
    /// // 1 at A1 and B2: a box clash, but in two regions (rows) and columns.
    /// let p = format!("1.........1{}", ".".repeat(70));
    /// assert!(p.parse::<sudoku_core::Grid>().is_err());
    /// assert_eq!(rows.parse_grid(&p)?.clue_count(), 2);
    /// let x: Rules = "x".parse()?;
    /// assert!(matches!(x.parse_grid(&p), Err(ParseGridError::Conflict(_))));
    /// let q = format!("1{}1", ".".repeat(79));
    /// assert!(matches!(x.parse_grid(&q), Err(ParseGridError::Clash(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_grid(&self, text: &str) -> Result<Grid, ParseGridError> {
        let grid = if self.layout.is_some() {
            let mut content = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
            let Some((first_index, first)) = content.next() else {
                return Err(ParseGridError::Empty);
            };
            if content.next().is_none() {
                let line = first.trim_end_matches('\r');
                return crate::parse::parse_line_form_under(line, first_index + 1, Some(self));
            }
            return crate::parse::parse_block_form(text, Some(self));
        } else {
            text.parse::<Grid>()?
        };
        match self.is_classic() {
            true => Ok(grid),
            false => self.first_clash(&grid).map_or(Ok(grid), |c| Err(ParseGridError::Clash(c))),
        }
    }

    /// `Ok` for classic rules, else the error that says `what` (a command, a rating) does not
    /// support variant rules yet: for the parts of the workspace that are still classic-only,
    /// so that they never ignore rules silently.
    ///
    /// # Errors
    ///
    /// [`UnsupportedRules`] when the rules are not classic.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Rules;
    /// assert!(Rules::classic().require_classic("rate").is_ok());
    /// let e = "x".parse::<Rules>()?.require_classic("rate").unwrap_err();
    /// assert_eq!(e.to_string(), "rate does not support variant rules yet (given --rules x)");
    /// # Ok::<(), sudoku_core::RulesError>(())
    /// ```
    pub fn require_classic(&self, what: &'static str) -> Result<(), UnsupportedRules> {
        if self.is_classic() {
            Ok(())
        } else {
            Err(UnsupportedRules { what, rules: self.to_string() })
        }
    }
}

/// Something classic-only was given variant rules ([`Rules::require_classic`]).
///
/// # Examples
///
/// ```
/// let e = "windoku".parse::<sudoku_core::Rules>()?.require_classic("hint").unwrap_err();
/// assert_eq!((e.what, e.rules.as_str()), ("hint", "windoku"));
/// # Ok::<(), sudoku_core::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} does not support variant rules yet (given --rules {rules})")]
#[non_exhaustive]
pub struct UnsupportedRules {
    /// What does not support them.
    pub what: &'static str,
    /// The rules given, as a spec.
    pub rules: String,
}

/// Why two cells clash under some rules ([`Clash`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::{ClashKind, House};
/// assert_ne!(ClashKind::House(House::Diagonal), ClashKind::Knight);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ClashKind {
    /// The same digit twice in a house.
    House(House),
    /// The same digit a knight's move apart (anti-knight).
    Knight,
    /// The same digit a king's move apart (anti-king).
    King,
    /// Consecutive digits in orthogonal neighbours (non-consecutive).
    Consecutive,
}

/// Two cells whose digits the rules forbid together ([`Rules::first_clash`]).
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Digit, Grid, Rules};
/// let mut grid = Grid::EMPTY;
/// grid.set(Cell::from_row_col(0, 0), Digit::new(4));
/// grid.set(Cell::from_row_col(0, 1), Digit::new(5));
/// let nc: Rules = "non-consecutive".parse()?;
/// let clash = nc.first_clash(&grid).unwrap();
/// assert_eq!(clash.second.0.to_string(), "B1");
/// assert_eq!(clash.to_string(), "4 at A1 and 5 at B1 are consecutive orthogonal neighbours");
/// # Ok::<(), sudoku_core::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clash {
    /// The first cell (row-major) and its digit.
    pub first: (Cell, Digit),
    /// The second cell and its digit.
    pub second: (Cell, Digit),
    /// What the rules forbid.
    pub kind: ClashKind,
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ((x, a), (y, b)) = (self.first, self.second);
        match self.kind {
            ClashKind::House(h) => write!(f, "digit {a} appears twice in {h}, at {x} and {y}"),
            ClashKind::Knight => write!(f, "digit {a} at {x} and {y}, a knight's move apart"),
            ClashKind::King => write!(f, "digit {a} at {x} and {y}, a king's move apart"),
            ClashKind::Consecutive => {
                write!(f, "{a} at {x} and {b} at {y} are consecutive orthogonal neighbours")
            }
        }
    }
}

impl Tables {
    fn new(flags: u8, layout: Option<&[u8; 81]>) -> Tables {
        let has = |r: Rule| flags & r.bit() != 0;
        let cell = |i: usize| Cell::from_row_col(i / 9, i % 9);
        let mut houses: Vec<(House, [Cell; 9])> = Vec::with_capacity(47);
        let mut add = |house: House, pick: &dyn Fn(usize, usize) -> bool| {
            let mut cells = [Cell::from_row_col(0, 0); 9];
            let mut n = 0;
            for i in (0..81).filter(|&i| pick(i / 9, i % 9)) {
                cells[n] = cell(i);
                n += 1;
            }
            debug_assert_eq!(n, 9, "{house}");
            houses.push((house, cells));
        };
        for k in 0..9 {
            add(House::Row(k as u8), &|r, _| r == k);
        }
        for k in 0..9 {
            add(House::Col(k as u8), &|_, c| c == k);
        }
        for k in 0..9 {
            match layout {
                None => add(House::Box(k as u8), &|r, c| r / 3 * 3 + c / 3 == k),
                Some(l) => add(House::Region(k as u8), &|r, c| usize::from(l[r * 9 + c]) == k),
            }
        }
        if has(Rule::X) {
            add(House::Diagonal, &|r, c| r == c);
            add(House::AntiDiagonal, &|r, c| r + c == 8);
        }
        if has(Rule::Windoku) {
            for k in 0..9 {
                add(House::Window(k as u8), &|r, c| window_part(r) * 3 + window_part(c) == k);
            }
        }
        if has(Rule::DisjointGroups) {
            for k in 0..9 {
                add(House::Group(k as u8), &|r, c| r % 3 * 3 + c % 3 == k);
            }
        }
        let mut peers = [CellSet::EMPTY; 81];
        for (_, cells) in &houses {
            let set: CellSet = cells.iter().copied().collect();
            for c in cells {
                peers[c.index()] = peers[c.index()].union(set);
            }
        }
        let mut neighbours = [CellSet::EMPTY; 81];
        for i in 0..81 {
            let (r, c) = ((i / 9) as isize, (i % 9) as isize);
            let near = |moves: &[(isize, isize)], set: &mut CellSet| {
                for &(dr, dc) in moves {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..9).contains(&r2) && (0..9).contains(&c2) {
                        set.insert(cell((r2 * 9 + c2) as usize));
                    }
                }
            };
            if has(Rule::AntiKnight) {
                let knight =
                    [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
                near(&knight, &mut peers[i]);
            }
            if has(Rule::AntiKing) {
                near(&[(1, 1), (1, -1), (-1, 1), (-1, -1)], &mut peers[i]);
            }
            if has(Rule::NonConsecutive) {
                near(&[(1, 0), (-1, 0), (0, 1), (0, -1)], &mut neighbours[i]);
            }
            peers[i].remove(cell(i));
        }
        Tables { houses, peers, neighbours, group: std::sync::OnceLock::new() }
    }
}

/// The regions (0..9) of a layout text, checked: 81 digits 1-9, nine regions of nine
/// orthogonally connected cells.
fn parse_layout(text: &str) -> Result<[u8; 81], RulesError> {
    let len = text.chars().count();
    if len != 81 {
        return Err(RulesError::LayoutLength { len });
    }
    let mut regions = [0u8; 81];
    for (i, ch) in text.chars().enumerate() {
        let cell = Cell::from_row_col(i / 9, i % 9);
        match ch {
            '1'..='9' => regions[i] = ch as u8 - b'1',
            _ => return Err(RulesError::LayoutChar { cell, ch }),
        }
    }
    for k in 0..9u8 {
        let size = regions.iter().filter(|&&r| r == k).count();
        if size != 9 {
            return Err(RulesError::RegionSize { region: k + 1, size });
        }
    }
    for k in 0..9u8 {
        let start = regions.iter().position(|&r| r == k).expect("nine cells");
        let mut reached = [false; 81];
        let mut stack = vec![start];
        reached[start] = true;
        while let Some(i) = stack.pop() {
            let (r, c) = (i / 9, i % 9);
            let next = [
                (r > 0).then(|| i - 9),
                (r < 8).then_some(i + 9),
                (c > 0).then(|| i - 1),
                (c < 8).then_some(i + 1),
            ];
            for j in next.into_iter().flatten() {
                if regions[j] == k && !reached[j] {
                    reached[j] = true;
                    stack.push(j);
                }
            }
        }
        if let Some(cut) = (0..81).find(|&i| regions[i] == k && !reached[i]) {
            let cell = |i: usize| Cell::from_row_col(i / 9, i % 9);
            return Err(RulesError::Disconnected {
                region: k + 1,
                from: cell(start),
                cell: cell(cut),
            });
        }
    }
    Ok(regions)
}

impl FromStr for Rules {
    type Err = RulesError;

    /// Parses a rules spec: `classic`, or rule names and at most one `jigsaw:LAYOUT` joined by
    /// commas, in any order (spaces around a name are allowed).
    fn from_str(spec: &str) -> Result<Rules, RulesError> {
        let mut rules = Vec::new();
        let mut layout = None;
        let mut classic = false;
        for part in spec.split(',').map(str::trim) {
            if part.is_empty() {
                return Err(RulesError::Empty { spec: spec.to_string() });
            }
            if part == "classic" {
                if classic {
                    return Err(RulesError::Duplicate { name: "classic".into() });
                }
                classic = true;
            } else if let Some(text) = part.strip_prefix("jigsaw:") {
                if layout.is_some() {
                    return Err(RulesError::Duplicate { name: "jigsaw".into() });
                }
                layout = Some(text);
            } else if part == "jigsaw" {
                return Err(RulesError::LayoutLength { len: 0 });
            } else {
                let rule: Rule = part.parse()?;
                if rules.contains(&rule) {
                    return Err(RulesError::Duplicate { name: rule.name().to_string() });
                }
                rules.push(rule);
            }
        }
        if classic && (layout.is_some() || !rules.is_empty()) {
            return Err(RulesError::ClassicCombined);
        }
        Rules::try_new(&rules, layout)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_classic() {
            return f.write_str("classic");
        }
        let mut sep = "";
        if let Some(l) = &self.layout {
            f.write_str("jigsaw:")?;
            for &r in l.iter() {
                write!(f, "{}", r + 1)?;
            }
            sep = ",";
        }
        for r in self.rules() {
            write!(f, "{sep}{r}")?;
            sep = ",";
        }
        Ok(())
    }
}

/// The spec, as `Display` writes it.
impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.flags == other.flags && self.layout == other.layout
    }
}

impl Eq for Rules {}

impl std::hash::Hash for Rules {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.flags, &self.layout).hash(state);
    }
}

impl From<Rules> for String {
    fn from(r: Rules) -> String {
        r.to_string()
    }
}

impl TryFrom<String> for Rules {
    type Error = RulesError;

    fn try_from(s: String) -> Result<Rules, RulesError> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str =
        "111111111222222222333333333444444444555555555666666666777777777888888888999999999";

    fn all_rules() -> Vec<Rules> {
        let mut out = Vec::new();
        for mask in 0u8..64 {
            let rules: Vec<Rule> = Rule::ALL.into_iter().filter(|r| mask & r.bit() != 0).collect();
            out.push(Rules::try_new(&rules, None).unwrap());
            if let Ok(j) = Rules::try_new(&rules, Some(ROWS)) {
                out.push(j);
            }
        }
        out
    }

    #[test]
    fn houses_have_nine_distinct_cells_and_peers_agree_with_the_pair_check() {
        let d = Digit::new(1).unwrap();
        for rules in all_rules() {
            for (h, cells) in rules.houses() {
                let set: CellSet = cells.iter().copied().collect();
                assert_eq!(set.len(), 9, "{rules} {h}");
            }
            for x in Cell::all() {
                let from_pairs: CellSet =
                    Cell::all().filter(|&y| rules.clash_of((x, d), (y, d)).is_some()).collect();
                assert_eq!(rules.peers(x), from_pairs, "{rules} {x}");
                assert!(!rules.peers(x).contains(x));
                for y in rules.peers(x) {
                    assert!(rules.peers(y).contains(x));
                }
            }
        }
    }

    #[test]
    fn every_cell_is_in_one_house_of_each_partition() {
        let r: Rules = "windoku,disjoint-groups".parse().unwrap();
        assert_eq!(r.houses().len(), 45);
        for c in Cell::all() {
            let n = r.houses().iter().filter(|(_, cells)| cells.contains(&c)).count();
            assert_eq!(n, 5, "{c}");
        }
    }

    #[test]
    fn windoku_groups_are_named_by_their_rows_and_columns() {
        let r: Rules = "windoku".parse().unwrap();
        let windows: Vec<String> = r.houses()[27..].iter().map(|(h, _)| h.to_string()).collect();
        assert_eq!(windows[0], "window r2-4c2-4");
        assert_eq!(windows[4], "window r6-8c6-8");
        assert_eq!(windows[8], "window group r159c159");
    }

    #[test]
    fn specs_and_errors() {
        let ok = |s: &str| s.parse::<Rules>().unwrap().to_string();
        assert_eq!(ok("classic"), "classic");
        assert_eq!(ok(" x , anti-king"), "x,anti-king");
        assert_eq!(ok(&format!("anti-knight,jigsaw:{ROWS}")), format!("jigsaw:{ROWS},anti-knight"));
        let err = |s: &str| s.parse::<Rules>().unwrap_err();
        assert_eq!(err(""), RulesError::Empty { spec: String::new() });
        assert_eq!(err("x,,windoku"), RulesError::Empty { spec: "x,,windoku".into() });
        assert_eq!(err("x,x"), RulesError::Duplicate { name: "x".into() });
        assert_eq!(err("classic,x"), RulesError::ClassicCombined);
        assert_eq!(
            err(&format!("jigsaw:{ROWS},jigsaw:{ROWS}")),
            RulesError::Duplicate { name: "jigsaw".into() }
        );
        assert_eq!(err("jigsaw"), RulesError::LayoutLength { len: 0 });
        assert_eq!(err("jigsaw:123"), RulesError::LayoutLength { len: 3 });
        let mut bad = ROWS.to_string();
        bad.replace_range(10..11, "0");
        assert_eq!(
            err(&format!("jigsaw:{bad}")),
            RulesError::LayoutChar { cell: Cell::from_row_col(1, 1), ch: '0' }
        );
        bad.replace_range(10..11, "1");
        assert_eq!(err(&format!("jigsaw:{bad}")), RulesError::RegionSize { region: 1, size: 10 });
        // Swap A2 (region 2) and B1 (region 1): region 1 loses B1 and gains A2, both touch.
        // Swap A3 (3) and E1 (1): region 1 = A1-D1, A3, F1-I1 is cut.
        let mut cut: Vec<u8> = ROWS.bytes().collect();
        cut.swap(4, 18);
        let cut = String::from_utf8(cut).unwrap();
        assert_eq!(
            err(&format!("jigsaw:{cut}")),
            RulesError::Disconnected {
                region: 1,
                from: Cell::from_row_col(0, 0),
                cell: Cell::from_row_col(0, 5)
            }
        );
        assert_eq!(
            err(&format!("disjoint-groups,jigsaw:{ROWS}")),
            RulesError::NeedsBoxes { rule: Rule::DisjointGroups }
        );
    }

    #[test]
    fn classic_peers_are_the_constant_table() {
        let r = Rules::classic();
        for c in Cell::all() {
            assert_eq!(r.peers(c), c.peers());
        }
        assert_eq!(r.houses().len(), 27);
    }
}
