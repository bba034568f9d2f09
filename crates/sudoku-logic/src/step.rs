//! What a technique finds: a named, rated step with the pattern that justifies it.

use std::fmt;

use sudoku_core::{Candidate, Cell, CellSet, Digit, DigitSet, Unit};

/// A solving technique, named as Sudoku Explainer 1.2.1 names it.
///
/// The variants that come in kinds (unique rectangles, BUG) carry the kind; the difficulty of
/// a step is on the [`Step`], since some techniques are rated by size as well. A technique's
/// record (its name, its place in the step search, its finder, its difficulty) is one row of
/// the technique table ([`technique_table`](crate::technique_table)); the name shown is the
/// row's, with the kind or nesting level added.
///
/// # Examples
///
/// ```
/// use sudoku_logic::Technique;
/// assert_eq!(Technique::XWing.to_string(), "X-Wing");
/// assert_eq!(Technique::UniqueRectangle(2).to_string(), "Unique Rectangle type 2");
/// assert_eq!(Technique::HiddenSingle.base_difficulty(), 1.2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a unit.
    LastCell,
    /// The only place for a digit in a unit (rated higher in a row or column than in a box).
    HiddenSingle,
    /// A box's candidates for a digit lie in one line, and crossing them out of the rest of
    /// the line leaves a hidden single.
    DirectPointing,
    /// A line's candidates for a digit lie in one box, and crossing them out of the rest of
    /// the box leaves a hidden single.
    DirectClaiming,
    /// A hidden pair whose cleaning leaves a hidden single.
    DirectHiddenPair,
    /// The only candidate of a cell.
    NakedSingle,
    /// A hidden triple whose cleaning leaves a hidden single.
    DirectHiddenTriple,
    /// Locked candidates, box to line.
    Pointing,
    /// Locked candidates, line to box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Basic fish of size 2.
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Basic fish of size 3.
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// A deadly pattern of four cells avoided; the type (1 to 4).
    UniqueRectangle(u8),
    /// A deadly loop of six or more cells avoided; the type (1 to 4).
    UniqueLoop(u8),
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Basic fish of size 4.
    Jellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Bivalue universal grave; the type (1 to 4).
    Bug(u8),
    /// Two cells whose every remaining pair of values is excluded by bivalue cells.
    AlignedPairExclusion,
    /// A loop of strong and weak links on one digit.
    BidirectionalXCycle,
    /// A loop through bivalue cells.
    BidirectionalYCycle,
    /// A loop mixing both kinds of links.
    BidirectionalCycle,
    /// A one-digit chain from a candidate to its own negation.
    ForcingXChain,
    /// A chain from a candidate to its own negation.
    ForcingChain,
    /// Three cells whose every remaining triple of values is excluded.
    AlignedTripletExclusion,
    /// A one-digit assumption that leads to a contradiction, crossing out as it goes.
    NishioForcingChain,
    /// Every candidate of a cell implies the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a unit implies the same conclusion.
    RegionForcingChain,
    /// An assumption that leads to a contradiction, crossing out as it goes; the nesting
    /// level (0: dynamic, 1: dynamic (+), n >= 2: nested forcing chains of level n).
    DynamicContradictionForcingChain(u8),
    /// A candidate and its negation imply the same conclusion (dynamic); the nesting level.
    DynamicDoubleForcingChain(u8),
    /// Every candidate of a cell implies the same conclusion (dynamic); the nesting level.
    DynamicCellForcingChain(u8),
    /// Every place of a digit in a unit implies the same conclusion (dynamic); the nesting
    /// level.
    DynamicRegionForcingChain(u8),
    /// A technique of HoDoKu's ruleset ([`crate::HodokuSolver`]), named as HoDoKu names it.
    Hodoku(crate::HodokuTechnique),
}

/// A candidate taken as true (`on`) or false in a chain.
///
/// # Examples
///
/// ```
/// use sudoku_core::{Cell, Digit};
/// use sudoku_logic::{Candidate, Literal};
/// let c = Candidate::new(Cell::from_row_col(0, 0), Digit::new(5).unwrap());
/// assert_eq!(Literal { candidate: c, on: true }.to_string(), "A1=5");
/// assert_eq!(Literal { candidate: c, on: false }.to_string(), "A1<>5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    /// The candidate.
    pub candidate: Candidate,
    /// Whether it is taken as true.
    pub on: bool,
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = if self.on { "=" } else { "<>" };
        write!(f, "{}{op}{}", self.candidate.cell(), self.candidate.digit())
    }
}

/// Why a link of a chain holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The chain's starting assumption.
    Assumption,
    /// A cell holds one digit: one true candidate turns the others off; a cell left with one
    /// candidate turns it on.
    Cell,
    /// A digit goes once in this unit: one true place turns the others off; a last place
    /// turns on.
    Unit(Unit),
    /// A technique applied to the grid reduced by the chain so far (nested chains), as text.
    Technique(String),
}

/// One link of a chain: the conclusion follows from the premises.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Implication {
    /// What it follows from (empty for the assumption).
    pub premises: Vec<Literal>,
    /// What follows.
    pub conclusion: Literal,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Implication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let premises: Vec<String> = self.premises.iter().map(ToString::to_string).collect();
        match &self.reason {
            Reason::Assumption => write!(f, "assume {}", self.conclusion),
            Reason::Technique(t) => {
                write!(f, "{} -> {} ({t})", premises.join(" & "), self.conclusion)
            }
            _ => write!(f, "{} -> {}", premises.join(" & "), self.conclusion),
        }
    }
}

/// A chain of implications from an assumption to a conclusion, in dependency order: every
/// premise is concluded by an earlier implication (or is the assumption).
///
/// Displayed in the usual arrow notation: `A1=5 -> B1<>5 -> B3=5`, with a branch's premises
/// joined by `&` when a link needs several.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Chain {
    /// The implications, the assumption first and the conclusion last.
    pub implications: Vec<Implication>,
}

impl Chain {
    /// The chain's conclusion.
    #[must_use]
    pub fn conclusion(&self) -> Option<Literal> {
        self.implications.last().map(|i| i.conclusion)
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A simple chain (each link from the previous one) reads as one arrow path.
        let simple = self.implications.windows(2).all(|w| w[1].premises == [w[0].conclusion]);
        if simple {
            let lits: Vec<String> =
                self.implications.iter().map(|i| i.conclusion.to_string()).collect();
            return f.write_str(&lits.join(" -> "));
        }
        let parts: Vec<String> = self.implications.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join("; "))
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
/// use sudoku_logic::{LogicalSolver, Technique};
///
/// let puzzle: Grid =
///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
/// let marks = CandidateGrid::new(&puzzle).unwrap();
/// let step = LogicalSolver::default().next_step(&marks)?.expect("a step");
/// assert_eq!(step.technique, Technique::HiddenSingle);
/// assert_eq!(step.placements.len(), 1);
/// println!("{step}"); // e.g. "Hidden Single: 7 in box 1 => B3=7"
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The difficulty on Sudoku Explainer's scale (1.0 to 11-odd; chains add to their base for
    /// length and nesting).
    pub difficulty: f64,
    /// The candidates that make the pattern.
    pub pattern: Vec<Candidate>,
    /// The units the pattern lives in.
    pub units: Vec<Unit>,
    /// Digits placed by the step.
    pub placements: Vec<Candidate>,
    /// Candidates crossed out by the step.
    pub eliminations: Vec<Candidate>,
    /// The chains that prove a chaining step (empty for other techniques): one per branch
    /// (a cycle's loop; a forcing chain; both halves of a contradiction or double forcing
    /// chain; one per candidate of the cell or place of the digit).
    pub chains: Vec<Chain>,
    /// The step's line as its ruleset writes it, where the ruleset has a notation of its own
    /// (HoDoKu's: `Skyscraper: 4 in r1c3,r9c2 (connected by r1c7,r9c7) => r2c8,r3c8<>4`);
    /// `None` for Sudoku Explainer's steps, written from the fields above.
    pub text: Option<Box<str>>,
}

impl Step {
    /// A step of `technique` at its base difficulty (see [`Step::harder`]).
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            difficulty: f64::from(technique.base_tenths()) / 10.0,
            pattern: Vec::new(),
            units: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            chains: Vec::new(),
            text: None,
        }
    }

    /// A single: places `digit` in `cell`, the whole pattern, within `units` (each vector
    /// allocated once, at its size: singles are most of the steps).
    pub(crate) fn single(
        technique: Technique,
        (cell, digit): (Cell, Digit),
        units: &[Unit],
    ) -> Step {
        let placed = Candidate::new(cell, digit);
        Step {
            pattern: vec![placed],
            units: units.to_vec(),
            placements: vec![placed],
            ..Step::new(technique)
        }
    }

    /// The step rated `tenths` above its technique's base (the increments of the technique
    /// table, [`super::techniques`]).
    pub(crate) fn harder(mut self, tenths: u16) -> Step {
        self.difficulty = f64::from(self.tenths() + tenths) / 10.0;
        self
    }

    /// The difficulty in tenths (exact, for comparisons).
    pub(crate) fn tenths(&self) -> u16 {
        (self.difficulty * 10.0).round() as u16
    }

    pub(crate) fn with_pattern(mut self, cells: CellSet, digits: DigitSet) -> Step {
        self.pattern.reserve(cells.len() * digits.len());
        for c in cells {
            for d in digits {
                self.pattern.push(Candidate::new(c, d));
            }
        }
        self
    }

    pub(crate) fn with_units(mut self, units: &[Unit]) -> Step {
        self.units.extend_from_slice(units);
        self
    }

    pub(crate) fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push(Candidate::new(cell, digit));
        self
    }

    pub(crate) fn eliminate_all(mut self, cells: CellSet, digit: Digit) -> Step {
        self.eliminations.reserve(cells.len());
        for cell in cells {
            self.eliminations.push(Candidate::new(cell, digit));
        }
        self
    }

    /// The step's difficulty as text: Sudoku Explainer's with one decimal (`4.2`), HoDoKu's
    /// score as a whole number (`130`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap())?.unwrap();
    /// assert_eq!(step.rating_text(), "1.2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rating_text(&self) -> String {
        match self.technique {
            Technique::Hodoku(_) => format!("{}", self.difficulty as u32),
            _ => format!("{:.1}", self.difficulty),
        }
    }

    /// The pattern's cells.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap())?.unwrap();
    /// assert_eq!(step.pattern_cells().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pattern_cells(&self) -> CellSet {
        self.pattern.iter().map(|c| c.cell()).collect()
    }

    /// The pattern's digits.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::{CandidateGrid, Grid};
    /// use sudoku_logic::LogicalSolver;
    /// let puzzle: Grid =
    ///     "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..".parse()?;
    /// let step = LogicalSolver::default().next_step(&CandidateGrid::new(&puzzle).unwrap())?.unwrap();
    /// assert_eq!(step.pattern_digits().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pattern_digits(&self) -> DigitSet {
        self.pattern.iter().map(|c| c.digit()).collect()
    }
}

/// `Technique: what => placements; eliminations`, in the notation of solver logs: cells as
/// `A1` (column letter, row number), `r1c1`-free; eliminations as `A1<>5`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(text) = &self.text {
            return f.write_str(text);
        }
        write!(f, "{}: ", self.technique)?;
        if !self.chains.is_empty() {
            let links: usize = self.chains.iter().map(|c| c.implications.len()).sum();
            if links <= 16 {
                let chains: Vec<String> = self.chains.iter().map(ToString::to_string).collect();
                f.write_str(&chains.join(" | "))?;
            } else {
                let from: Vec<String> = self.pattern.iter().map(ToString::to_string).collect();
                let n = self.chains.len();
                let noun = if n == 1 { "chain" } else { "chains" };
                write!(f, "{n} {noun} from {}", from.join(","))?;
            }
            return self.write_outcome(f);
        }
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
        self.write_outcome(f)
    }
}

impl Step {
    fn write_outcome(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(" =>")?;
        let mut sep = " ";
        for p in &self.placements {
            write!(f, "{sep}{p}")?;
            sep = ", ";
        }
        for e in &self.eliminations {
            write!(f, "{sep}{}<>{}", e.cell(), e.digit())?;
            sep = ", ";
        }
        Ok(())
    }
}
