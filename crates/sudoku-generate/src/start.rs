//! Where a generation starts ([`Start`]): the paper's depth phase, random minimal puzzles
//! (of at most a number of clues, if asked), or puzzles given by the caller.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ParseConfigError;

/// How a generation finds the puzzle its replicas start from.
///
/// # Examples
///
/// ```
/// use sudoku_generate::Start;
/// assert_eq!("random:2000".parse::<Start>()?, Start::random(2000));
/// assert_eq!(Start::depth(3).to_string(), "depth:0.05:3:100000");
/// assert_eq!("depth".parse::<Start>()?, Start::depth_phase());
/// # Ok::<(), sudoku_generate::ParseConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Start {
    /// The paper's depth phase: Metropolis at inverse temperature `beta` on the depth, from
    /// the full solution grid, until the depth reaches `target` or after `max_sweeps` sweeps.
    /// [`Start::depth_phase`] gives the paper's values.
    DepthPhase {
        /// The inverse temperature (0.05).
        beta: f64,
        /// The depth that ends the phase (8).
        target: u32,
        /// The most sweeps (100,000).
        max_sweeps: u64,
    },
    /// `count` random minimal puzzles (at least one), rated by the run's energy in
    /// parallel: chains and replicas start from the lowest-energy one,
    /// [`Search::BestFirst`](crate::Search::BestFirst) from all of them. With `max_clues`, a puzzle of more clues is
    /// drawn again (the `i`-th start from its own random stream until one fits), so the
    /// starts are random minimal puzzles of at most that many clues: the hardest puzzles
    /// known have 21 to 23 (a search over the {-1+1} vicinity keeps the clue count), where
    /// random removal makes 24 or 25 most often (`docs/generator.md`). From
    /// [`Start::FEWEST_MAX_CLUES`] (21, about one random minimal puzzle in 450) up.
    BestOfRandom {
        /// How many start puzzles.
        count: u32,
        /// The most clues a start puzzle may have; `None` for any number.
        max_clues: Option<u8>,
    },
    /// This many puzzles given to [`Generation::start_from`](crate::Generation::start_from)
    /// (the vicinity of known hard puzzles, say), used as random minimal puzzles are. Where
    /// the puzzles come from (a file, a database) is the caller's business: the configuration
    /// only counts them.
    Given(u32),
}

impl Start {
    /// The lowest clue limit of [`Start::BestOfRandom`]: random removal makes minimal puzzles
    /// of 21 clues about once in 450 draws, of 20 or fewer too rarely to wait for.
    pub const FEWEST_MAX_CLUES: u8 = 21;

    /// `count` random minimal puzzles of any clue count (`random:N`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::Start;
    /// assert_eq!(Start::random(20), Start::BestOfRandom { count: 20, max_clues: None });
    /// assert_eq!(Start::random(20).to_string(), "random:20");
    /// ```
    #[must_use]
    pub const fn random(count: u32) -> Start {
        Start::BestOfRandom { count, max_clues: None }
    }

    /// `count` random minimal puzzles of at most `max_clues` clues (`random:N:C`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::Start;
    /// let start = Start::random_up_to(2000, 22);
    /// assert_eq!(start, Start::BestOfRandom { count: 2000, max_clues: Some(22) });
    /// assert_eq!(start.to_string(), "random:2000:22");
    /// assert_eq!("random:2000:22".parse::<Start>()?, start);
    /// # Ok::<(), sudoku_generate::ParseConfigError>(())
    /// ```
    #[must_use]
    pub const fn random_up_to(count: u32, max_clues: u8) -> Start {
        Start::BestOfRandom { count, max_clues: Some(max_clues) }
    }

    /// `count` random minimal puzzles instead of this start: a random start keeps its clue
    /// limit, any other becomes [`Start::random`]`(count)` (Python's `generate(start=N)`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku_generate::Start;
    /// assert_eq!(Start::random_up_to(2000, 22).with_count(20), Start::random_up_to(20, 22));
    /// assert_eq!(Start::depth(8).with_count(20), Start::random(20));
    /// ```
    #[must_use]
    pub const fn with_count(self, count: u32) -> Start {
        match self {
            Start::BestOfRandom { max_clues, .. } => Start::BestOfRandom { count, max_clues },
            _ => Start::random(count),
        }
    }

    /// The paper's depth phase: beta = 0.05 until depth 8 (at most 100,000 sweeps).
    #[must_use]
    pub const fn depth_phase() -> Start {
        Start::depth(8)
    }

    /// The paper's depth phase, until depth `target`.
    #[must_use]
    pub const fn depth(target: u32) -> Start {
        Start::DepthPhase { beta: 0.05, target, max_sweeps: 100_000 }
    }
}

/// `depth` (the paper's) or `depth:BETA:TARGET:MAX_SWEEPS`, `random:N`, `random:N:C`,
/// `given:N`.
impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            s if s == Start::depth_phase() => f.write_str("depth"),
            Start::DepthPhase { beta, target, max_sweeps } => {
                write!(f, "depth:{beta}:{target}:{max_sweeps}")
            }
            Start::BestOfRandom { count, max_clues: None } => write!(f, "random:{count}"),
            Start::BestOfRandom { count, max_clues: Some(c) } => write!(f, "random:{count}:{c}"),
            Start::Given(n) => write!(f, "given:{n}"),
        }
    }
}

impl FromStr for Start {
    type Err = ParseConfigError;

    fn from_str(s: &str) -> Result<Start, ParseConfigError> {
        let unknown = || ParseConfigError::UnknownStart(s.to_string());
        let parts: Vec<&str> = s.split(':').collect();
        Ok(match parts[..] {
            ["depth"] => Start::depth_phase(),
            ["depth", beta, target, max_sweeps] => Start::DepthPhase {
                beta: beta.parse().map_err(|_| unknown())?,
                target: target.parse().map_err(|_| unknown())?,
                max_sweeps: max_sweeps.parse().map_err(|_| unknown())?,
            },
            ["random", n] => Start::random(n.parse().map_err(|_| unknown())?),
            ["random", n, c] => match c.parse::<u8>() {
                Ok(c) if (Start::FEWEST_MAX_CLUES..=81).contains(&c) => {
                    Start::random_up_to(n.parse().map_err(|_| unknown())?, c)
                }
                _ => return Err(unknown()),
            },
            ["given", n] => Start::Given(n.parse().map_err(|_| unknown())?),
            _ => return Err(unknown()),
        })
    }
}
