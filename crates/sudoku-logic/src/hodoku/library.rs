//! HoDoKu's regression library format: one technique on one grid per line,
//! `:<code>[-<variant>]:<candidates>:<grid>:<deleted>:<eliminations>:<placements>:<extra>`.
//! A case passes when every instance of the technique that HoDoKu's searches find for it (with
//! those candidates) has exactly the listed eliminations or placements (a fail case, variant
//! `x`, when there is none), as HoDoKu's own regression tester decides.

use std::fmt::Write;
use std::str::FromStr;

use sudoku_core::{CandidateGrid, Cell, CellSet, Digit};

use super::grid::{Grid, peers};
use super::{Found, HodokuTechnique as T, Options, finders};

/// Why a line is not a library case.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCaseError {
    /// Fewer than the seven fields.
    #[error(
        "expected :code:candidates:grid:deleted:eliminations:placements:extra, found {fields} fields"
    )]
    Fields {
        /// The fields found.
        fields: usize,
    },
    /// The grid field is not 81 cells (`+` marks a placed digit).
    #[error("the grid field has {cells} cells, expected 81")]
    Grid {
        /// The cells read.
        cells: usize,
    },
    /// A candidate entry is not `<digit><row><column>`.
    #[error("bad candidate entry {0:?}: expected <digit><row><column>, such as 436")]
    Candidate(String),
}

/// A case of HoDoKu's regression library.
///
/// # Examples
///
/// ```
/// use sudoku_logic::hodoku::{CaseOutcome, LibraryCase};
/// // A hidden single: 1 in r6c3 (the case's grid, no candidate deleted).
/// let line = ":0002:1:2+8.+64...74+6....+2.+8317+9+285+46.5+3..9.2+4.+42.3.7.+9.9.4...8+35+382+9+6471.+7......21+2..8...5:::163:";
/// let case: LibraryCase = line.parse()?;
/// assert_eq!(case.code, "0002");
/// assert!(matches!(case.check(), CaseOutcome::Passed | CaseOutcome::Failed { .. }));
/// # Ok::<(), sudoku_logic::hodoku::ParseCaseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LibraryCase {
    /// The technique's library code (`0401`).
    pub code: String,
    /// The variant after the code (`1`, `2`), if any; `x` marks a fail case.
    pub variant: Option<String>,
    /// The line with the variant removed, as the technique's steps must print.
    pub expected: String,
    /// The placed digits and the candidates left.
    pub marks: CandidateGrid,
    /// Which placed digits are givens (the rest were placed while solving).
    pub givens: CellSet,
    /// The candidates to remove after placing the digits, in the order listed.
    deleted: Vec<(u8, u8)>,
}

/// How a library case went.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaseOutcome {
    /// Every instance found has exactly the case's effects (a fail case: none was found).
    Passed,
    /// Otherwise: what was expected and what was found (`found` is empty when nothing was).
    Failed {
        /// The case's line.
        expected: String,
        /// The first step found that differs, in the library's format, or why.
        found: String,
    },
    /// This solver has no search for the case's technique.
    NotImplemented,
    /// HoDoKu's tester skips the case (an unknown code, or a variant it does not run).
    Ignored,
}

/// An entry `<digit><row><column>`.
fn entry(s: &str) -> Result<(u8, u8), ParseCaseError> {
    let b = s.as_bytes();
    let ok = b.len() == 3 && b.iter().all(|c| (b'1'..=b'9').contains(c));
    if !ok {
        return Err(ParseCaseError::Candidate(s.to_string()));
    }
    Ok(((b[1] - b'1') * 9 + (b[2] - b'1'), b[0] - b'0'))
}

impl FromStr for LibraryCase {
    type Err = ParseCaseError;

    fn from_str(line: &str) -> Result<LibraryCase, ParseCaseError> {
        let line = line.trim();
        let parts: Vec<&str> = line.split(':').collect();
        if parts.len() < 5 {
            return Err(ParseCaseError::Fields { fields: parts.len().saturating_sub(1) });
        }
        let (code, variant) = match parts[1].split_once('-') {
            Some((c, v)) => (c.to_string(), Some(v.to_string())),
            None => (parts[1].to_string(), None),
        };
        let mut rebuilt: Vec<&str> = parts.clone();
        rebuilt[1] = &code;
        let expected = rebuilt.join(":");
        let (mut values, mut givens, mut placed) = ([0u8; 81], CellSet::EMPTY, CellSet::EMPTY);
        let mut n = 0usize;
        let mut plus = false;
        for ch in parts[3].chars() {
            if ch == '+' {
                plus = true;
                continue;
            }
            if n < 81 {
                values[n] = ch.to_digit(10).map_or(0, |d| d as u8);
                let cell = Cell::new(n).expect("a cell");
                if values[n] != 0 {
                    if plus {
                        placed.insert(cell)
                    } else {
                        givens.insert(cell)
                    };
                }
            }
            plus = false;
            n += 1;
        }
        if n != 81 {
            return Err(ParseCaseError::Grid { cells: n });
        }
        let deleted = parts
            .get(4)
            .copied()
            .unwrap_or("")
            .split_whitespace()
            .map(entry)
            .collect::<Result<Vec<_>, _>>()?;
        let mut marks = CandidateGrid::from(&sudoku_core::Grid::EMPTY);
        for (i, &v) in values.iter().enumerate() {
            if let Some(d) = Digit::new(v) {
                marks.place(Cell::new(i).expect("a cell"), d);
            }
        }
        for &(c, d) in &deleted {
            marks.eliminate(
                Cell::new(usize::from(c)).expect("a cell"),
                Digit::new(d).expect("a digit"),
            );
        }
        let _ = placed;
        Ok(LibraryCase { code, variant, expected, marks, givens, deleted })
    }
}

impl LibraryCase {
    /// HoDoKu's grid of the case: the digits placed in reading order, then the listed
    /// candidates deleted in the listed order.
    pub(crate) fn grid(&self) -> Grid {
        let mut g = Grid::from_marks(&CandidateGrid::from(self.marks.grid()), self.givens);
        for &(c, d) in &self.deleted {
            g.del_candidate(c, d);
        }
        g
    }

    /// The step the search of `row` (a row of HoDoKu's step table) finds first on the case's
    /// grid with HoDoKu's default options, as HoDoKu prints it; `None` if it finds none (or this
    /// solver has no search for the row, or the row needs the solution: brute force).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_logic::HodokuTechnique;
    /// use sudoku_logic::hodoku::LibraryCase;
    /// // A BUG+1: r7c3 keeps its 7.
    /// let line = ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::";
    /// let case: LibraryCase = line.parse()?;
    /// let step = case.first_step(HodokuTechnique::BugPlus1);
    /// assert_eq!(step.as_deref(), Some("Bivalue Universal Grave + 1 => r7c3<>3, r7c3<>6"));
    /// # Ok::<(), sudoku_logic::hodoku::ParseCaseError>(())
    /// ```
    #[must_use]
    pub fn first_step(&self, row: T) -> Option<String> {
        let mut g = self.grid();
        let ctx = super::Ctx::new(Options::default(), None);
        finders::first(row, &mut g, &ctx).map(|f| f.text)
    }

    /// Runs HoDoKu's searches for the case's technique on its grid and compares what they find
    /// with the case, as HoDoKu's regression tester does.
    #[must_use]
    pub fn check(&self) -> CaseOutcome {
        let Some(technique) = T::from_library_code(&self.code) else {
            return CaseOutcome::Ignored;
        };
        let fail_case = self.variant.as_deref() == Some("x");
        let variant: Option<u32> = match self.variant.as_deref() {
            None | Some("x") => None,
            Some(v) => match v.parse() {
                Ok(n) => Some(n),
                Err(_) => return CaseOutcome::Ignored,
            },
        };
        let g = self.grid();
        let Some(found) = finders::all(technique, &self.code, variant, &g, &Options::default())
        else {
            return CaseOutcome::NotImplemented;
        };
        let prefix: String = self.expected.split(':').take(3).collect::<Vec<_>>().join(":") + ":";
        let lines: Vec<String> =
            found.iter().map(|f| render(f, &g)).filter(|l| l.starts_with(&prefix)).collect();
        if fail_case {
            return match lines.first() {
                None => CaseOutcome::Passed,
                Some(l) => {
                    CaseOutcome::Failed { expected: self.expected.clone(), found: l.clone() }
                }
            };
        }
        if lines.is_empty() {
            return CaseOutcome::Failed { expected: self.expected.clone(), found: String::new() };
        }
        let without_extra =
            |s: &str| s.rsplit_once(':').map_or(s.to_string(), |(a, _)| a.to_string());
        let mut exact = false;
        for l in &lines {
            if *l == self.expected {
                exact = true;
            } else if !(exact && without_extra(l) == without_extra(&self.expected)) {
                return CaseOutcome::Failed { expected: self.expected.clone(), found: l.clone() };
            }
        }
        CaseOutcome::Passed
    }
}

/// Whether a technique's library candidates are its eliminated digits (chains, loops, ALS,
/// Sue de Coq, forcing contradictions) rather than its values.
fn candidates_are_eliminations(t: T) -> bool {
    matches!(
        t,
        T::ContinuousNiceLoop
            | T::DiscontinuousNiceLoop
            | T::Aic
            | T::GroupedContinuousNiceLoop
            | T::GroupedDiscontinuousNiceLoop
            | T::GroupedAic
            | T::ForcingChainContradiction
            | T::ForcingNetContradiction
            | T::AlsXz
            | T::AlsXyWing
            | T::AlsXyChain
            | T::DeathBlossom
            | T::SueDeCoq
    )
}

/// `<digit><row><column>`.
fn write_entry(out: &mut String, (c, d): (u8, u8)) {
    let _ = write!(out, "{d}{}{}", c / 9 + 1, c % 9 + 1);
}

/// A found step in the library format, on the grid it was found on.
pub(crate) fn render(f: &Found, g: &Grid) -> String {
    let mut out = format!(":{}", f.technique.library_code());
    if f.siamese {
        out.push('1');
    }
    let mut cands: Vec<u8> = if candidates_are_eliminations(f.technique) {
        f.eliminations.iter().map(|e| e.1).collect()
    } else {
        Vec::new()
    };
    if cands.is_empty() {
        cands = f.values.clone();
    }
    cands.sort_unstable();
    cands.dedup();
    out.push(':');
    cands.iter().for_each(|d| out.push(char::from(b'0' + d)));
    out.push(':');
    for c in 0..81u8 {
        match g.value(usize::from(c)) {
            0 => out.push('.'),
            v => {
                if g.givens >> c & 1 == 0 {
                    out.push('+');
                }
                out.push(char::from(b'0' + v));
            }
        }
    }
    out.push(':');
    let mut first = true;
    for c in 0..81u8 {
        if g.value(usize::from(c)) != 0 {
            continue;
        }
        let seen: u16 = super::grid::cells(peers(c))
            .map(|p| g.value(usize::from(p)))
            .filter(|&v| v != 0)
            .fold(0, |m, v| m | 1 << (v - 1));
        for d in 1..=9u8 {
            if seen >> (d - 1) & 1 == 0 && !g.has(c, d) {
                if !first {
                    out.push(' ');
                }
                first = false;
                write_entry(&mut out, (c, d));
            }
        }
    }
    out.push(':');
    let mut elims = f.eliminations.clone();
    elims.sort_unstable_by_key(|&(c, d)| (d, c));
    elims.dedup();
    for (k, &e) in elims.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        write_entry(&mut out, e);
    }
    out.push(':');
    if elims.is_empty() {
        let mut first = true;
        for &v in &f.values {
            for &c in &f.cells {
                if !first {
                    out.push(' ');
                }
                first = false;
                write_entry(&mut out, (c, v));
            }
        }
    }
    out.push(':');
    if let Some(n) = f.chain_length {
        let _ = write!(out, "{n}");
    }
    out
}
