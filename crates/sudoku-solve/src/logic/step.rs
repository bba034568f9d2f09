//! What a technique finds: a named, rated step with the pattern that justifies it.

use std::fmt;

use sudoku_core::{Cell, CellSet, Digit, DigitSet, Unit};

/// A solving technique, named as Sudoku Explainer 1.2.1 names it.
///
/// The variants that come in kinds (unique rectangles, BUG) carry the kind; the difficulty of
/// a step is on the [`Step`], since some techniques are rated by size as well.
///
/// # Examples
///
/// ```
/// use sudoku_solve::Technique;
/// assert_eq!(Technique::XWing.to_string(), "X-Wing");
/// assert_eq!(Technique::UniqueRectangle(2).to_string(), "Unique Rectangle type 2");
/// assert_eq!(Technique::HiddenSingle.base_difficulty(), 1.2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a unit (1.0).
    LastCell,
    /// The only place for a digit in a unit (box 1.2, row or column 1.5).
    HiddenSingle,
    /// A box's candidates for a digit lie in one line, and crossing them out of the rest of
    /// the line leaves a hidden single (1.7).
    DirectPointing,
    /// A line's candidates for a digit lie in one box, and crossing them out of the rest of
    /// the box leaves a hidden single (1.9).
    DirectClaiming,
    /// A hidden pair whose cleaning leaves a hidden single (2.0).
    DirectHiddenPair,
    /// The only candidate of a cell (2.3).
    NakedSingle,
    /// A hidden triple whose cleaning leaves a hidden single (2.5).
    DirectHiddenTriple,
    /// Locked candidates, box to line (2.6).
    Pointing,
    /// Locked candidates, line to box (2.8).
    Claiming,
    /// Two cells of a unit with the same two candidates (3.0).
    NakedPair,
    /// Basic fish of size 2 (3.2).
    XWing,
    /// Two digits confined to the same two cells of a unit (3.4).
    HiddenPair,
    /// Three cells of a unit with three candidates between them (3.6).
    NakedTriple,
    /// Basic fish of size 3 (3.8).
    Swordfish,
    /// Three digits confined to three cells of a unit (4.0).
    HiddenTriple,
    /// A bivalue pivot and two bivalue pincers (4.2).
    XyWing,
    /// A trivalue pivot and two bivalue pincers (4.4).
    XyzWing,
    /// A deadly pattern of four cells avoided; the type (1 to 4) (4.5 and up).
    UniqueRectangle(u8),
    /// A deadly loop of six or more cells avoided; the type (1 to 4) (4.5 and up).
    UniqueLoop(u8),
    /// Four cells of a unit with four candidates between them (5.0).
    NakedQuad,
    /// Basic fish of size 4 (5.2).
    Jellyfish,
    /// Four digits confined to four cells of a unit (5.4).
    HiddenQuad,
    /// Bivalue universal grave; the type (1 to 4) (5.6 and up).
    Bug(u8),
    /// Two cells whose every remaining pair of values is excluded by bivalue cells (6.2).
    AlignedPairExclusion,
}

impl Technique {
    /// The difficulty of the technique's simplest instance, on Sudoku Explainer's scale (a
    /// step may rate higher: see [`Step::difficulty`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_solve::Technique;
    /// assert_eq!(Technique::AlignedPairExclusion.base_difficulty(), 6.2);
    /// ```
    #[must_use]
    pub fn base_difficulty(self) -> f64 {
        f64::from(self.base_tenths()) / 10.0
    }

    pub(crate) fn base_tenths(self) -> u16 {
        match self {
            Technique::LastCell => 10,
            Technique::HiddenSingle => 12,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle(_) | Technique::UniqueLoop(_) => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::Bug(_) => 56,
            Technique::AlignedPairExclusion => 62,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Technique::LastCell => "Last Cell",
            Technique::HiddenSingle => "Hidden Single",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triplet",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triplet",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triplet",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::UniqueRectangle(t) => return write!(f, "Unique Rectangle type {t}"),
            Technique::UniqueLoop(t) => return write!(f, "Unique Loop type {t}"),
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::Bug(t) => return write!(f, "Bivalue Universal Grave type {t}"),
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
        };
        f.write_str(name)
    }
}

/// One candidate: a digit in a cell.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Digit};
/// use sudoku_solve::Candidate;
/// let c = Candidate { cell: Cell::from_row_col(2, 3), digit: Digit::new(7).unwrap() };
/// assert_eq!(c.to_string(), "D3=7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl fmt::Display for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.cell, self.digit)
    }
}

/// One logical step: what was found, how hard it is, why it holds, and what it changes.
///
/// `pattern` holds the candidates that make the pattern (the pair of a naked pair, the fish's
/// base candidates, ...), `units` the units it lives in; `placements` and `eliminations` are
/// what applying it does to the grid.
///
/// # Examples
///
/// ```
/// use sudoku_core::{CandidateGrid, Grid};
/// use sudoku_solve::{LogicalSolver, Technique};
///
/// let puzzle: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let marks = CandidateGrid::new(&puzzle).unwrap();
/// let step = LogicalSolver::default().next_step(&marks).expect("a step");
/// assert_eq!(step.technique, Technique::HiddenSingle);
/// assert_eq!(step.placements.len(), 1);
/// println!("{step}"); // e.g. "Hidden Single: 7 in box 1 => B3=7"
/// # Ok::<(), sudoku_core::ParseGridError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The difficulty on Sudoku Explainer's scale (1.0 to 6.2 for these techniques).
    pub difficulty: f64,
    /// The candidates that make the pattern.
    pub pattern: Vec<Candidate>,
    /// The units the pattern lives in.
    pub units: Vec<Unit>,
    /// Digits placed by the step.
    pub placements: Vec<Candidate>,
    /// Candidates crossed out by the step.
    pub eliminations: Vec<Candidate>,
}

impl Step {
    pub(crate) fn new(technique: Technique, tenths: u16) -> Step {
        Step {
            technique,
            difficulty: f64::from(tenths) / 10.0,
            pattern: Vec::new(),
            units: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }

    /// The difficulty in tenths (exact, for comparisons).
    pub(crate) fn tenths(&self) -> u16 {
        (self.difficulty * 10.0).round() as u16
    }

    pub(crate) fn with_pattern(mut self, cells: CellSet, digits: DigitSet) -> Step {
        self.pattern.reserve(cells.len() * digits.len());
        for c in cells {
            for d in digits {
                self.pattern.push(Candidate { cell: c, digit: d });
            }
        }
        self
    }

    pub(crate) fn with_units(mut self, units: &[Unit]) -> Step {
        self.units.extend_from_slice(units);
        self
    }

    pub(crate) fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push(Candidate { cell, digit });
        self
    }

    pub(crate) fn eliminate_all(mut self, cells: CellSet, digit: Digit) -> Step {
        self.eliminations.reserve(cells.len());
        for cell in cells {
            self.eliminations.push(Candidate { cell, digit });
        }
        self
    }

    /// The pattern's cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_solve::LogicalSolver;
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap()).unwrap();
    /// assert_eq!(step.pattern_cells().len(), 1);
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn pattern_cells(&self) -> CellSet {
        self.pattern.iter().map(|c| c.cell).collect()
    }

    /// The pattern's digits.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_solve::LogicalSolver;
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap()).unwrap();
    /// assert_eq!(step.pattern_digits().len(), 1);
    /// # Ok::<(), sudoku_core::ParseGridError>(())
    /// ```
    #[must_use]
    pub fn pattern_digits(&self) -> DigitSet {
        self.pattern.iter().map(|c| c.digit).collect()
    }
}

/// `Technique: what => placements; eliminations`, in the notation of solver logs: cells as
/// `A1` (column letter, row number), `r1c1`-free; eliminations as `A1<>5`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique)?;
        let digits = self.pattern_digits();
        let cells = self.pattern_cells();
        let digit_text: String = digits.iter().map(Digit::to_char).collect();
        let cell_text: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        match self.technique {
            Technique::LastCell | Technique::HiddenSingle | Technique::NakedSingle => {
                match self.units.first() {
                    Some(u) => write!(f, "{digit_text} in {u}")?,
                    None => write!(f, "{} has only {digit_text}", cell_text.join(","))?,
                }
            }
            _ => {
                write!(f, "{} in {}", digit_text, cell_text.join(","))?;
                if !self.units.is_empty() {
                    let units: Vec<String> = self.units.iter().map(|u| u.to_string()).collect();
                    write!(f, " ({})", units.join(", "))?;
                }
            }
        }
        f.write_str(" =>")?;
        let mut sep = " ";
        for p in &self.placements {
            write!(f, "{sep}{p}")?;
            sep = ", ";
        }
        for e in &self.eliminations {
            write!(f, "{sep}{}<>{}", e.cell, e.digit)?;
            sep = ", ";
        }
        Ok(())
    }
}
