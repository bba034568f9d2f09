//! Paper sizes.

use std::fmt;
use std::str::FromStr;

/// A sheet of paper: ISO A4 or US Letter, portrait.
///
/// # Examples
///
/// ```
/// use sudoku_print::Paper;
/// let letter: Paper = "letter".parse()?;
/// assert_eq!(letter.size(), (612.0, 792.0));
/// assert_eq!(Paper::default(), Paper::A4);
/// assert_eq!(Paper::A4.to_string(), "a4");
/// # Ok::<(), sudoku_print::UnknownPaper>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Every paper size, in the order of its names.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_print::Paper::ALL.len(), 2);
    /// ```
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Width and height in points (1/72 in), portrait.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_print::Paper::A4.size(), (595.28, 841.89));
    /// ```
    #[must_use]
    pub const fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// Its name: `a4` or `letter`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(sudoku_print::Paper::Letter.name(), "letter");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A paper name that is neither `a4` nor `letter`.
///
/// # Examples
///
/// ```
/// let e = "a3".parse::<sudoku_print::Paper>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown paper \"a3\": use a4 or letter");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown paper {0:?}: use a4 or letter")]
pub struct UnknownPaper(pub String);

impl FromStr for Paper {
    type Err = UnknownPaper;

    fn from_str(s: &str) -> Result<Paper, UnknownPaper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownPaper(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for paper in Paper::ALL {
            assert_eq!(paper.name().parse::<Paper>(), Ok(paper));
        }
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
    }

    #[test]
    fn the_error_is_send_sync_and_static() {
        fn check<T: Send + Sync + 'static>() {}
        check::<UnknownPaper>();
    }
}
