//! The hypothesis/disproof/proof chain, in the notation of the seed (`STA`, `HYP`, `DIS`,
//! `PRF`; `G8: 3,9`; `#` opens a hypothesis, `+` joins facts, `=> CTR`, `=> SOL`).

use std::fmt;

use sudoku_core::{Cell, DigitSet, Grid};

use super::propagate::{Candidates, Status};

/// "Cell holds one of these values", such as `G8: 3,9`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Statement {
    /// The cell (`A1` is the top-left cell, letters name columns).
    pub cell: Cell,
    /// The values it may hold.
    pub values: DigitSet,
}

impl fmt::Display for Statement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.cell)?;
        let digits: Vec<String> = self.values.iter().map(|d| d.to_string()).collect();
        write!(f, "{}", digits.join(","))
    }
}

/// The kind of a chain line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Marker {
    /// A status: the facts established so far.
    Sta,
    /// A hypothesis is formed (one level deeper).
    Hyp,
    /// A disproof: the statements lead to a contradiction.
    Dis,
    /// A proof: the statements lead to the solution.
    Prf,
}

impl fmt::Display for Marker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Marker::Sta => "STA",
            Marker::Hyp => "HYP",
            Marker::Dis => "DIS",
            Marker::Prf => "PRF",
        })
    }
}

/// What a line concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Conclusion {
    /// Nothing (status and hypothesis lines).
    None,
    /// `=> CTR`, and the fact that the contradiction proves (`=> G4: 1,8`), if any.
    Contradiction(Option<Statement>),
    /// `=> SOL`.
    Solution,
}

/// One line of the chain: `DIS I8: 2,7 # G7: 5 # G4: 6 => CTR => G4: 1,8`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChainLine {
    /// The kind of line.
    pub marker: Marker,
    /// The statements in force: the facts of level 0, then each hypothesis level (its
    /// hypothesis first, then the facts proved under it).
    pub context: Vec<Vec<Statement>>,
    /// The decision branch examined, if any (`# G4: 6` at the end).
    pub branch: Option<Statement>,
    /// What follows.
    pub conclusion: Conclusion,
}

impl ChainLine {
    pub(crate) fn new(
        marker: Marker,
        context: &[Vec<Statement>],
        branch: Option<Statement>,
        conclusion: Conclusion,
    ) -> ChainLine {
        ChainLine { marker, context: context.to_vec(), branch, conclusion }
    }

    /// The number of `#` in the line: the decision levels it uses.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.context.len() - 1 + usize::from(self.branch.is_some())
    }

    /// Replays the line on `puzzle`: applies every statement of its context and its branch,
    /// propagates, and checks the conclusion (a contradiction for `=> CTR`, the solution for
    /// `=> SOL`). Lines without a conclusion check true.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// use sudoku_logic::{Conclusion, PairReduction};
    ///
    /// let puzzle: Grid =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let explained = PairReduction::default().solve(&puzzle)?;
    /// let mut line = explained.chain.last().unwrap().clone();
    /// assert!(line.check(&puzzle));
    /// // A line that claims what does not follow fails the check.
    /// line.conclusion = Conclusion::Contradiction(None);
    /// assert!(!line.check(&puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn check(&self, puzzle: &Grid) -> bool {
        let mut c = Candidates::from_givens(&puzzle.to_bytes());
        for s in self.context.iter().flatten().chain(&self.branch) {
            s.apply(&mut c);
        }
        let status = c.propagate();
        match self.conclusion {
            Conclusion::None => true,
            Conclusion::Contradiction(_) => status == Status::Contradiction,
            Conclusion::Solution => {
                status == Status::Solved
                    && c.solution()
                        .and_then(|s| Grid::try_from_bytes(s).ok())
                        .is_some_and(|s| puzzle.is_solved_by(&s))
            }
        }
    }
}

impl fmt::Display for ChainLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.marker)?;
        let join =
            |v: &[Statement]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + ");
        let facts = join(&self.context[0]);
        if self.marker == Marker::Sta
            && self.context.len() == 1
            && self.context[0].is_empty()
            && self.branch.is_none()
        {
            return f.write_str(" Original Sudoku");
        }
        if !facts.is_empty() {
            write!(f, " {facts}")?;
        }
        for level in &self.context[1..] {
            write!(f, " # {}", join(level))?;
        }
        if let Some(b) = self.branch {
            write!(f, " # {b}")?;
        }
        match self.conclusion {
            Conclusion::None => Ok(()),
            Conclusion::Contradiction(None) => f.write_str(" => CTR"),
            Conclusion::Contradiction(Some(s)) => write!(f, " => CTR => {s}"),
            Conclusion::Solution => f.write_str(" => SOL"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(cell: &str, digits: &[u8]) -> Statement {
        let bits = digits.iter().fold(0u16, |m, d| m | 1 << (d - 1));
        Statement { cell: cell.parse().unwrap(), values: DigitSet::from_bits(bits) }
    }

    #[test]
    fn lines_print_in_the_seed_notation() {
        let line = ChainLine::new(
            Marker::Dis,
            &[vec![st("I8", &[2, 7])], vec![st("G7", &[5]), st("G4", &[1, 8])]],
            Some(st("C5", &[2, 9])),
            Conclusion::Contradiction(Some(st("C5", &[6]))),
        );
        assert_eq!(line.to_string(), "DIS I8: 2,7 # G7: 5 + G4: 1,8 # C5: 2,9 => CTR => C5: 6");
        assert_eq!(line.depth(), 2);
        let hyp =
            ChainLine::new(Marker::Hyp, &[vec![], vec![st("I8", &[3, 9])]], None, Conclusion::None);
        assert_eq!(hyp.to_string(), "HYP # I8: 3,9");
        let sta = ChainLine::new(Marker::Sta, &[vec![]], None, Conclusion::None);
        assert_eq!(sta.to_string(), "STA Original Sudoku");
        let prf = ChainLine::new(Marker::Prf, &[vec![st("A1", &[4])]], None, Conclusion::Solution);
        assert_eq!(prf.to_string(), "PRF A1: 4 => SOL");
    }
}
