//! Puzzles of a chosen difficulty: random minimal puzzles, optionally symmetric, kept when a
//! rating of the catalogue puts them in a band. What publishers and apps need, many per second
//! for the common bands; the `index`-th puzzle of a seed depends on nothing else, so a list is
//! the same for any thread count and resumes from any index.

use std::fmt;
use std::iter::FusedIterator;
use std::str::FromStr;

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use sudoku_core::{Cancel, Cell, Failure, Grid};
use sudoku_logic::hodoku::Level;
use sudoku_logic::{HodokuRating, SeRating};
use sudoku_metrics::{ParseRatingError, Rating, RatingKind, RatingValue};

use crate::needs::{FirstUse, Needs};

/// A rating band: puzzles whose rating lies in `lo..=hi` (`se-rating=4.0..5.0`), or, for
/// HoDoKu's rating, whose level lies in a range of levels (`hodoku=hard`,
/// `hodoku=medium..unfair`), the band a puzzle app asks for.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{Band, Bounds};
/// use sudoku_logic::hodoku::Level;
/// let band: Band = "se-rating=4.0..5.0".parse()?;
/// assert_eq!(band.bounds, Bounds::Values { lo: 4.0, hi: 5.0 });
/// assert_eq!(band.to_string(), "se-rating=4..5");
///
/// let hard: Band = "hodoku=hard".parse()?;
/// assert_eq!(hard.bounds, Bounds::Levels { lo: Level::Hard, hi: Level::Hard });
/// assert_eq!(hard.to_string(), "hodoku=hard");
/// assert!("se-rating=hard".parse::<Band>().is_err(), "levels are HoDoKu's");
/// let bad = "hodoku=diabolical".parse::<Band>().unwrap_err().to_string();
/// assert!(bad.ends_with("the levels are easy, medium, hard, unfair, extreme"), "{bad}");
/// # Ok::<(), sudoku_generate::ParseBandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Band {
    /// The rating.
    pub rating: Rating,
    /// The values or levels accepted.
    pub bounds: Bounds,
}

/// What a band accepts: the rating's number in `lo..=hi`, or HoDoKu's level in `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum Bounds {
    /// The rating's number ([`RatingValue::number`]) in `lo..=hi`.
    Values {
        /// The lowest value accepted.
        lo: f64,
        /// The highest value accepted.
        hi: f64,
    },
    /// HoDoKu's level in `lo..=hi` (the `hodoku` rating only).
    Levels {
        /// The easiest level accepted.
        lo: Level,
        /// The hardest level accepted.
        hi: Level,
    },
}

impl Band {
    /// Whether a puzzle rated `value` lies in the band.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::Band;
    /// use sudoku_metrics::RatingValue;
    /// let band: Band = "depth=2..3".parse()?;
    /// assert!(band.contains(&RatingValue::Count(3)) && !band.contains(&RatingValue::Count(4)));
    /// # Ok::<(), sudoku_generate::ParseBandError>(())
    /// ```
    #[must_use]
    pub fn contains(&self, value: &RatingValue) -> bool {
        match (self.bounds, value) {
            (Bounds::Values { lo, hi }, v) => (lo..=hi).contains(&v.number()),
            (Bounds::Levels { lo, hi }, RatingValue::Hodoku(h)) => (lo..=hi).contains(&h.level),
            (Bounds::Levels { .. }, _) => false,
        }
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bounds {
            Bounds::Values { lo, hi } => write!(f, "{}={lo}..{hi}", self.rating),
            Bounds::Levels { lo, hi } => {
                let word = |l: Level| l.name().to_ascii_lowercase();
                write!(f, "{}={}", self.rating, word(lo))?;
                if hi != lo {
                    write!(f, "..{}", word(hi))?;
                }
                Ok(())
            }
        }
    }
}

/// Why a band could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseBandError {
    /// Not `rating=lo..hi` (nor `hodoku=LEVEL` or `hodoku=LEVEL..LEVEL`).
    #[error(
        "a band is rating=lo..hi (such as se-rating=4.0..5.0) or hodoku=LEVEL[..LEVEL] (such as hodoku=hard), not {0:?}"
    )]
    Syntax(String),
    /// HoDoKu's rating with a level that is not one of its levels (`hodoku=diabolical`).
    #[error("{level:?} is not a HoDoKu level: the levels are {}", level_names())]
    UnknownLevel {
        /// The word given as a level.
        level: String,
    },
    /// Levels given for a rating other than HoDoKu's.
    #[error("levels ({names}) are HoDoKu's: hodoku={0}, not {1:?}", names = level_names())]
    Levels(String, String),
    /// The rating is not in the catalogue.
    #[error(transparent)]
    Rating(#[from] ParseRatingError),
}

/// HoDoKu's levels from its level table, as bands write them: `easy, medium, ...`.
fn level_names() -> String {
    let names: Vec<String> = Level::ALL.iter().map(|l| l.name().to_ascii_lowercase()).collect();
    names.join(", ")
}

impl FromStr for Band {
    type Err = ParseBandError;

    fn from_str(s: &str) -> Result<Band, ParseBandError> {
        let syntax = || ParseBandError::Syntax(s.to_string());
        let (rating, range) = s.split_once('=').ok_or_else(syntax)?;
        let (lo, hi) = range.split_once("..").unwrap_or((range, range));
        if let (Ok(lo), Ok(hi)) = (lo.parse::<Level>(), hi.parse::<Level>()) {
            let rating: Rating = rating.parse()?;
            if rating.kind != RatingKind::Hodoku {
                return Err(ParseBandError::Levels(range.trim().to_string(), s.to_string()));
            }
            if lo > hi {
                return Err(syntax());
            }
            return Ok(Band { rating, bounds: Bounds::Levels { lo, hi } });
        }
        let rating: Rating = rating.parse()?;
        let number = |x: &str| x.trim().parse::<f64>().is_ok();
        if rating.kind == RatingKind::Hodoku
            && let Some(word) =
                [lo, hi].into_iter().find(|x| !number(x) && x.parse::<Level>().is_err())
        {
            return Err(ParseBandError::UnknownLevel { level: word.trim().to_string() });
        }
        if !range.contains("..") {
            return Err(syntax());
        }
        let lo: f64 = lo.trim().parse().map_err(|_| syntax())?;
        let hi: f64 = hi.trim().parse().map_err(|_| syntax())?;
        if lo.is_nan() || hi.is_nan() || lo > hi {
            return Err(syntax());
        }
        Ok(Band { rating, bounds: Bounds::Values { lo, hi } })
    }
}

/// Which symmetry the clue pattern has.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[non_exhaustive]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// Unchanged by a half turn (the classic newspaper symmetry).
    HalfTurn,
    /// Unchanged by a quarter turn.
    QuarterTurn,
    /// Unchanged by the left-right mirror.
    Mirror,
    /// Unchanged by the main-diagonal reflection.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, with [`Symmetry::name`]s `none`, `half-turn`, `quarter-turn`,
    /// `mirror`, `diagonal`.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::HalfTurn,
        Symmetry::QuarterTurn,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// Its command-line name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::HalfTurn => "half-turn",
            Symmetry::QuarterTurn => "quarter-turn",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The cells a clue at `cell` comes with (itself included).
    #[must_use]
    pub fn orbit(self, cell: Cell) -> Vec<Cell> {
        let (r, c) = (cell.row(), cell.col());
        let at = Cell::from_row_col;
        let mut cells = match self {
            Symmetry::None => vec![cell],
            Symmetry::HalfTurn => vec![cell, at(8 - r, 8 - c)],
            Symmetry::QuarterTurn => {
                vec![cell, at(c, 8 - r), at(8 - r, 8 - c), at(8 - c, r)]
            }
            Symmetry::Mirror => vec![cell, at(r, 8 - c)],
            Symmetry::Diagonal => vec![cell, at(c, r)],
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Whether `puzzle`'s clue pattern has this symmetry.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_generate::Symmetry;
    /// let p: Grid = "1...............................................................................2".parse()?;
    /// assert!(Symmetry::HalfTurn.holds(&p) && !Symmetry::Mirror.holds(&p));
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn holds(self, puzzle: &Grid) -> bool {
        Cell::all().all(|c| {
            let given = puzzle.get(c).is_some();
            self.orbit(c).iter().all(|&o| puzzle.get(o).is_some() == given)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Symmetry, String> {
        Symmetry::ALL.into_iter().find(|y| y.name() == s).ok_or_else(|| {
            format!("unknown symmetry {s:?}; use none, half-turn, quarter-turn, mirror or diagonal")
        })
    }
}

/// A random minimal puzzle: a random solution grid, its cells (or symmetry orbits) removed in
/// a random order while the puzzle stays unique. Minimal: no clue (no orbit, with a symmetry)
/// can go.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_generate::{Symmetry, random_minimal};
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let p = random_minimal(&mut rng, Symmetry::HalfTurn);
/// assert!(sudoku_solve::solve(&p).unique().is_some() && Symmetry::HalfTurn.holds(&p));
/// ```
pub fn random_minimal<R: Rng + ?Sized>(rng: &mut R, symmetry: Symmetry) -> Grid {
    let mut puzzle = sudoku_solve::random_solution(rng);
    let mut orbits: Vec<Vec<Cell>> = Cell::all()
        .map(|c| symmetry.orbit(c))
        .filter(|o| o[0] == o.iter().copied().min().expect("an orbit has a cell"))
        .collect();
    orbits.shuffle(rng);
    for orbit in orbits {
        let kept: Vec<_> = orbit.iter().map(|&c| puzzle.get(c)).collect();
        for &c in &orbit {
            puzzle.set(c, None);
        }
        if sudoku_solve::solve(&puzzle).unique().is_none() {
            for (&c, &d) in orbit.iter().zip(&kept) {
                puzzle.set(c, d);
            }
        }
    }
    puzzle
}

/// A random unique puzzle of `lo..=hi` clues whose pattern has `symmetry`, or `None` when
/// this draw could not make one: a random solution grid, a target clue count drawn in the
/// range, then clues removed (one symmetry orbit at a time, in random order) while the
/// puzzle stays unique and has more clues than the target. A target above the minimal count
/// leaves a puzzle that is not minimal (every clue removable is not removed); a draw that
/// stops above `hi` (minimal before reaching it) or lands below `lo` (an orbit of several
/// cells stepped over the range) is `None`.
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_generate::{Symmetry, random_with_clues};
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let p = std::iter::repeat_with(|| random_with_clues(&mut rng, Symmetry::None, 26, 30))
///     .flatten()
///     .next()
///     .expect("common clue counts");
/// assert!((26..=30).contains(&p.clue_count()));
/// assert!(sudoku_solve::solve(&p).unique().is_some());
/// ```
pub fn random_with_clues<R: Rng + ?Sized>(
    rng: &mut R,
    symmetry: Symmetry,
    lo: u8,
    hi: u8,
) -> Option<Grid> {
    let target = usize::from(rng.random_range(lo.min(hi)..=hi.max(lo)));
    let mut puzzle = sudoku_solve::random_solution(rng);
    let mut orbits: Vec<Vec<Cell>> = Cell::all()
        .map(|c| symmetry.orbit(c))
        .filter(|o| o[0] == o.iter().copied().min().expect("an orbit has a cell"))
        .collect();
    orbits.shuffle(rng);
    for orbit in orbits {
        if puzzle.clue_count() <= target {
            break;
        }
        let kept: Vec<_> = orbit.iter().map(|&c| puzzle.get(c)).collect();
        for &c in &orbit {
            puzzle.set(c, None);
        }
        if sudoku_solve::solve(&puzzle).unique().is_none() {
            for (&c, &d) in orbit.iter().zip(&kept) {
                puzzle.set(c, d);
            }
        }
    }
    (usize::from(lo)..=usize::from(hi)).contains(&puzzle.clue_count()).then_some(puzzle)
}

/// Whether every clue of `puzzle` is needed: removing any one leaves several solutions.
///
/// # Examples
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_generate::{is_minimal, minimize};
/// let solved: Grid =
///     "812753649943682175675491283154237896369845721287169534521974368438526917796318452".parse()?;
/// assert!(!is_minimal(&solved));
/// let p = minimize(&solved);
/// assert!(is_minimal(&p) && sudoku_solve::solve(&p).unique().is_some() && p.is_solved_by(&solved));
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[must_use]
pub fn is_minimal(puzzle: &Grid) -> bool {
    Cell::all().filter(|&c| puzzle.get(c).is_some()).all(|c| {
        let mut q = *puzzle;
        q.set(c, None);
        sudoku_solve::solve(&q).unique().is_none()
    })
}

/// `puzzle` with clues removed, in row-major order, while it stays unique: a minimal puzzle
/// with the same solution (a unique puzzle is returned unchanged otherwise only if minimal).
#[must_use]
pub fn minimize(puzzle: &Grid) -> Grid {
    let mut p = *puzzle;
    for c in Cell::all() {
        let Some(d) = p.get(c) else { continue };
        p.set(c, None);
        if sudoku_solve::solve(&p).unique().is_none() {
            p.set(c, Some(d));
        }
    }
    p
}

/// A puzzle found in a band.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BandPuzzle {
    /// The puzzle (minimal, unique).
    pub puzzle: Grid,
    /// Its rating in full.
    pub value: RatingValue,
    /// Random puzzles drawn to find it (this one included).
    pub tries: u64,
    /// Where its path first takes the technique the search asked for ([`BandSearch::needs`]);
    /// `None` when it asked for none.
    pub first_use: Option<FirstUse>,
}

impl BandPuzzle {
    /// HoDoKu's level and score, when the band's rating is HoDoKu's (`hodoku=...`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{BandSearch, Level};
    /// let found = BandSearch::new("hodoku=easy".parse()?).find(1, 0).expect("a common level");
    /// let rating = found.hodoku().expect("rated by HoDoKu");
    /// assert_eq!(rating.level, Level::Easy);
    /// assert_eq!(found.se(), None, "not rated by Sudoku Explainer");
    /// # Ok::<(), sudoku_generate::ParseBandError>(())
    /// ```
    #[must_use]
    pub fn hodoku(&self) -> Option<HodokuRating> {
        match self.value {
            RatingValue::Hodoku(rating) => Some(rating),
            _ => None,
        }
    }

    /// Sudoku Explainer's ER/EP/ED, when the band's rating is Sudoku Explainer's
    /// (`se-rating=...`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::BandSearch;
    /// let found = BandSearch::new("se-rating=1.0..2.0".parse()?).find(1, 0).expect("a common band");
    /// let se = found.se().expect("rated by Sudoku Explainer");
    /// assert!((1.0..=2.0).contains(&se.er) && se.ep <= se.er);
    /// assert_eq!(found.hodoku(), None, "not rated by HoDoKu");
    /// # Ok::<(), sudoku_generate::ParseBandError>(())
    /// ```
    #[must_use]
    pub fn se(&self) -> Option<SeRating> {
        match self.value {
            RatingValue::Se(rating, _) => Some(rating),
            _ => None,
        }
    }
}

/// No puzzle of the band in a search's tries: the `index`-th puzzle of `seed`'s list is
/// missing (an item of [`BandPuzzles`]).
///
/// # Examples
///
/// ```
/// use sudoku_generate::{BandMiss, BandSearch};
/// // No random minimal puzzle is that hard: every try misses.
/// let search = BandSearch::new("se-rating=11.9..12.0".parse()?).with_max_tries(2);
/// let miss: BandMiss = search.puzzles(7).next().expect("endless").unwrap_err();
/// assert_eq!((miss.seed, miss.index, miss.tries), (7, 0, 2));
/// assert_eq!(miss.to_string(), "no puzzle of the band in 2 random minimal puzzles (puzzle 0 of seed 7)");
/// # Ok::<(), sudoku_generate::ParseBandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no puzzle of the band in {tries} random minimal puzzles (puzzle {index} of seed {seed})")]
#[non_exhaustive]
pub struct BandMiss {
    /// The seed of the list.
    pub seed: u64,
    /// The puzzle's place in the list.
    pub index: u64,
    /// Random puzzles drawn, and missed ([`BandSearch::max_tries`]).
    pub tries: u64,
}

/// The puzzles of a band search, in the order of `seed`'s list: the 0th, the 1st, ...
/// ([`BandSearch::puzzles`]).
///
/// The `n`-th item is [`BandSearch::find`]`(seed, n)`, or a [`BandMiss`] in its place when the
/// search's tries missed the band, so a position always names the same puzzle and a list
/// resumes from any index: `.skip(k)` starts at the `k`-th without drawing the ones before
/// it. It never ends on its own (it stops after index `u64::MAX`): take as many as you need.
/// One puzzle is searched at a time, on the calling thread; for many puzzles on all cores,
/// call [`BandSearch::find`] for each index in parallel, which gives the same puzzles.
///
/// # Examples
///
/// ```
/// use sudoku_generate::BandSearch;
/// let search = BandSearch::new("se-rating=1.0..2.0".parse()?);
/// let second = search.puzzles(7).nth(1).expect("endless")?;
/// assert_eq!(Some(second), search.find(7, 1));
/// assert_eq!(search.puzzles(7).skip(1).next(), Some(Ok(second)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct BandPuzzles {
    search: BandSearch,
    seed: u64,
    /// The index of the next item; `None` once index `u64::MAX` was given.
    next: Option<u64>,
}

impl Iterator for BandPuzzles {
    type Item = Result<BandPuzzle, BandMiss>;

    fn next(&mut self) -> Option<Self::Item> {
        let index = self.next?;
        self.next = index.checked_add(1);
        let BandPuzzles { search, seed, .. } = *self;
        Some(search.find(seed, index).ok_or(BandMiss { seed, index, tries: search.max_tries }))
    }

    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        // Each puzzle depends on its index alone: the skipped ones need not be drawn.
        self.next = self.next.and_then(|i| i.checked_add(u64::try_from(n).ok()?));
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.next {
            None => (0, Some(0)),
            Some(i) => {
                let left = u64::MAX - i;
                match usize::try_from(left).ok().and_then(|l| l.checked_add(1)) {
                    Some(left) => (left, Some(left)),
                    None => (usize::MAX, None),
                }
            }
        }
    }
}

impl FusedIterator for BandPuzzles {}

/// Draws random minimal puzzles until one rates in the band.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{BandSearch, Symmetry};
/// let search = BandSearch::new("se-rating=2.0..4.5".parse()?).with_symmetry(Symmetry::HalfTurn);
/// let found = search.find(7, 0).expect("common band");
/// let er = found.value.number();
/// assert!((2.0..=4.5).contains(&er), "{er}");
/// assert_eq!(search.find(7, 0), Some(found), "the index-th puzzle of a seed is fixed");
/// # Ok::<(), sudoku_generate::ParseBandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BandSearch {
    /// The band.
    pub band: Band,
    /// The clue pattern's symmetry.
    pub symmetry: Symmetry,
    /// Random puzzles drawn per requested puzzle before giving up (100,000).
    pub max_tries: u64,
    /// Techniques every puzzle's path must take (none by default): technique practice.
    pub needs: Needs,
    /// The clue counts of the puzzles drawn, `(lo, hi)`: random puzzles of that many clues
    /// ([`random_with_clues`], not minimal when the range lies above their minimal count);
    /// `None` (the default): random minimal puzzles.
    pub clues: Option<(u8, u8)>,
}

impl BandSearch {
    /// A search of `band`, any pattern, 100,000 tries per puzzle.
    #[must_use]
    pub fn new(band: Band) -> BandSearch {
        BandSearch {
            band,
            symmetry: Symmetry::None,
            max_tries: 100_000,
            needs: Needs::default(),
            clues: None,
        }
    }

    /// Sets the symmetry.
    #[must_use]
    pub fn with_symmetry(self, symmetry: Symmetry) -> BandSearch {
        BandSearch { symmetry, ..self }
    }

    /// Asks that every puzzle's path take the techniques of `needs` (checked once a puzzle
    /// is in the band); each found puzzle tells where the first is first used.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::{BandSearch, Needs};
    /// let needs = Needs::of(&["hodoku:Locked Candidates Type 1 (Pointing)".parse()?])?;
    /// let search = BandSearch::new("hodoku=easy..medium".parse()?).with_needs(needs);
    /// let found = search.find(7, 0).expect("a common technique");
    /// let at = found.first_use.expect("told where");
    /// let next = sudoku_logic::HodokuSolver::default().solve(&found.puzzle)?.steps[at.step].technique;
    /// assert_eq!(next.to_string(), "Locked Candidates Type 1 (Pointing)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_needs(self, needs: Needs) -> BandSearch {
        BandSearch { needs, ..self }
    }

    /// Draws puzzles of `lo..=hi` clues instead of minimal ones (see [`BandSearch::clues`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::BandSearch;
    /// let search = BandSearch::new("se-rating=1.0..3.0".parse()?).with_clues(28, 30);
    /// let found = search.find(7, 0).expect("easy puzzles of 28 to 30 clues are common");
    /// assert!((28..=30).contains(&found.puzzle.clue_count()));
    /// # Ok::<(), sudoku_generate::ParseBandError>(())
    /// ```
    #[must_use]
    pub fn with_clues(self, lo: u8, hi: u8) -> BandSearch {
        BandSearch { clues: Some((lo.min(hi), hi.max(lo).min(81))), ..self }
    }

    /// Sets the tries per puzzle.
    #[must_use]
    pub fn with_max_tries(self, max_tries: u64) -> BandSearch {
        BandSearch { max_tries, ..self }
    }

    /// The `index`-th puzzle of `seed`'s list, or `None` when `max_tries` random puzzles
    /// missed the band (a puzzle the rating cannot rate within its budget is a miss).
    ///
    /// The `index`-th puzzle draws its random puzzles from the `index`-th child stream of
    /// the seed's first child (`tempering::stream(tempering::child_seed(seed, 0), index)`), so
    /// it depends on `seed` and `index` alone; every puzzle is rated with `seed` itself, as
    /// `sudoku rate --seed` rates (whose samples use the seed's children, not the streams the
    /// puzzles come from).
    #[must_use]
    pub fn find(&self, seed: u64, index: u64) -> Option<BandPuzzle> {
        self.find_cancellable(seed, index, &Cancel::never(), |_| {}).unwrap_or(None)
    }

    /// The puzzles of `seed`'s list in order, as an iterator: the `n`-th item is
    /// [`BandSearch::find`]`(seed, n)`, or a [`BandMiss`] in its place when `max_tries` random
    /// puzzles missed the band. A miss is an item, not skipped: the `n`-th item is always the
    /// `n`-th puzzle of the list, and a band out of reach ends
    /// `collect::<Result<Vec<_>, _>>()` at its first miss instead of searching without end.
    ///
    /// # Examples
    ///
    /// Three puzzles HoDoKu grades Hard:
    ///
    /// ```
    /// use sudoku_generate::{BandPuzzle, BandSearch, Level};
    /// let search = BandSearch::new("hodoku=hard".parse()?);
    /// let hard: Vec<BandPuzzle> = search.puzzles(7).take(3).collect::<Result<_, _>>()?;
    /// assert!(hard.iter().all(|found| found.hodoku().map(|h| h.level) == Some(Level::Hard)));
    /// assert_eq!(search.find(7, 2).as_ref(), hard.last(), "the same puzzles as find");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn puzzles(&self, seed: u64) -> BandPuzzles {
        BandPuzzles { search: *self, seed, next: Some(0) }
    }

    /// [`BandSearch::find`], watched and stoppable: `on_try` hears the number of random
    /// puzzles drawn so far after each one (for progress), and the search stops once `cancel`
    /// is cancelled, between tries and inside the logical solvers' ratings
    /// ([`Rating::evaluate_cancellable`]). Not cancelled, it finds what
    /// [`BandSearch::find`] finds.
    ///
    /// # Errors
    ///
    /// [`FailureKind::Cancelled`](sudoku_core::FailureKind::Cancelled) once `cancel` is
    /// cancelled.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{Cancel, Failure};
    /// use sudoku_generate::BandSearch;
    /// let search = BandSearch::new("se-rating=2.0..4.5".parse()?);
    /// let mut tries = 0;
    /// let found = search.find_cancellable(7, 0, &Cancel::never(), |t| tries = t)?;
    /// assert_eq!(found, search.find(7, 0));
    /// assert_eq!(found.map(|f| f.tries), Some(tries));
    /// let cancel = Cancel::new();
    /// cancel.cancel();
    /// assert_eq!(search.find_cancellable(7, 0, &cancel, |_| {}), Err(Failure::CANCELLED));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_cancellable(
        &self,
        seed: u64,
        index: u64,
        cancel: &Cancel,
        mut on_try: impl FnMut(u64),
    ) -> Result<Option<BandPuzzle>, Failure> {
        let mut rng = tempering::stream(tempering::child_seed(seed, 0), index);
        for tries in 1..=self.max_tries {
            cancel.check()?;
            let puzzle = match self.clues {
                None => random_minimal(&mut rng, self.symmetry),
                Some((lo, hi)) => match random_with_clues(&mut rng, self.symmetry, lo, hi) {
                    Some(p) => p,
                    None => {
                        on_try(tries);
                        continue;
                    }
                },
            };
            let rated = self.band.rating.evaluate_cancellable(&puzzle, seed, cancel);
            on_try(tries);
            let value = match rated {
                Ok(value) => value,
                Err(f) if f == Failure::CANCELLED => return Err(f),
                Err(_) => continue,
            };
            if !self.band.contains(&value) {
                continue;
            }
            if self.needs.is_empty() {
                return Ok(Some(BandPuzzle { puzzle, value, tries, first_use: None }));
            }
            match self.needs.check(&puzzle, cancel) {
                Ok(Some(at)) => {
                    return Ok(Some(BandPuzzle { puzzle, value, tries, first_use: Some(at) }));
                }
                Ok(None) => {}
                Err(f) if f == Failure::CANCELLED => return Err(f),
                Err(_) => {}
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Out of reach of random minimal puzzles: one try, one miss.
    fn missing() -> BandSearch {
        BandSearch::new("se-rating=11.9..12.0".parse().expect("a band")).with_max_tries(1)
    }

    #[test]
    fn the_puzzles_end_after_the_last_index() {
        let mut puzzles = missing().puzzles(3);
        assert_eq!(puzzles.size_hint(), (usize::MAX, None));
        puzzles.next = Some(u64::MAX - 1);
        assert_eq!(puzzles.size_hint(), (2, Some(2)));
        let miss = |index| Some(Err(BandMiss { seed: 3, index, tries: 1 }));
        assert_eq!(puzzles.next(), miss(u64::MAX - 1));
        assert_eq!(puzzles.next(), miss(u64::MAX));
        assert_eq!((puzzles.next(), puzzles.size_hint()), (None, (0, Some(0))));
        assert_eq!(puzzles.next(), None, "fused");
    }

    #[test]
    fn nth_skips_to_its_index_without_overflowing() {
        let mut puzzles = missing().puzzles(3);
        assert_eq!(puzzles.nth(5), Some(Err(BandMiss { seed: 3, index: 5, tries: 1 })));
        assert_eq!(puzzles.next(), Some(Err(BandMiss { seed: 3, index: 6, tries: 1 })));
        puzzles.next = Some(u64::MAX - 1);
        assert_eq!(puzzles.nth(usize::MAX), None, "past the last index");
        assert_eq!(puzzles.next(), None);
    }

    #[test]
    fn the_miss_is_send_and_sync() {
        fn check<T: Send + Sync + 'static>() {}
        check::<BandMiss>();
    }
}
