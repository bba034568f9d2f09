//! Which ruleset explains and rates.

use std::fmt;

/// Which ruleset explains and rates: Sudoku Explainer's techniques and ER/EP/ED
/// ([`LogicalSolver`](crate::LogicalSolver)) or HoDoKu's techniques, level and score ([`HodokuSolver`](crate::HodokuSolver)).
///
/// # Examples
///
/// ```
/// use sudoku_logic::Ruleset;
/// assert_eq!("hodoku".parse::<Ruleset>(), Ok(Ruleset::Hodoku));
/// assert_eq!(Ruleset::Explainer.to_string(), "explainer");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Ruleset {
    /// Sudoku Explainer 1.2.1's techniques, order and ratings.
    #[default]
    Explainer,
    /// HoDoKu 2.2.4's default techniques, order, score and level.
    Hodoku,
}

impl Ruleset {
    /// Both rulesets.
    pub const ALL: [Ruleset; 2] = [Ruleset::Explainer, Ruleset::Hodoku];

    /// The ruleset's name: `explainer` or `hodoku`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Explainer => "explainer",
            Ruleset::Hodoku => "hodoku",
        }
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a ruleset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {0:?}: expected explainer or hodoku")]
pub struct ParseRulesetError(pub String);

impl std::str::FromStr for Ruleset {
    type Err = ParseRulesetError;

    fn from_str(s: &str) -> Result<Ruleset, ParseRulesetError> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseRulesetError(s.to_string()))
    }
}
