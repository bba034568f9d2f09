//! A search saved to resume later: the portfolio of generations in a tagged, versioned JSON
//! envelope, with the results file the run writes to (so a resumed run keeps writing there).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::Portfolio;

/// The `format` tag of a checkpoint file.
pub const CHECKPOINT_FORMAT: &str = "sudoku-generate-checkpoint";

/// The version this library reads and writes. Version 7: a generation's fingerprint of the known
/// puzzles it leaves out ([`Generation::skip_known`](crate::Generation::skip_known)). Version 6: a clue limit in
/// `Start::BestOfRandom` (a field where there was a number). Version 5: the 0.2.0 seed derivation
/// (`tempering::child_seed`; a version 4 run would not resume exactly, its energies' ratings
/// being seeded otherwise). Version 4: best-first restarts (`Search::BestFirst` has a field).
/// Version 3: the depth phase's and replica exchange's parameters inside `Start` and `Search`
/// (2: a portfolio of generations with catalogue energies).
pub const CHECKPOINT_VERSION: u32 = 7;

/// Why a checkpoint could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckpointError {
    /// The text is not a checkpoint's JSON (or it was cut short).
    #[error("damaged or not a checkpoint: {0}")]
    NotACheckpoint(#[source] serde_json::Error),
    /// Another format, or another version of this one.
    #[error(
        "a {format:?} version {version} file, not a {CHECKPOINT_FORMAT} version {CHECKPOINT_VERSION}"
    )]
    WrongVersion {
        /// The file's format tag.
        format: String,
        /// The file's version.
        version: u32,
    },
    /// The header is right but the body does not parse (a file cut short, say).
    #[error("damaged checkpoint: {0}")]
    Damaged(#[source] serde_json::Error),
    /// The portfolio holds no generation.
    #[error("the checkpoint holds no run")]
    NoRun,
    /// Writing failed.
    #[error("cannot write the checkpoint: {0}")]
    Write(#[source] serde_json::Error),
}

/// A saved search: what [`Checkpoint::read`] gives back.
///
/// # Examples
///
/// ```
/// use sudoku_generate::{Checkpoint, GeneratorConfig, Portfolio, Search, Start};
/// use tempering::Budget;
///
/// let config = GeneratorConfig::paper()
///     .with_energy(GeneratorConfig::average_width().energy)
///     .with_start(Start::depth(3))
///     .with_search(Search::exchange(2))
///     .with_sweeps_per_round(2);
/// let mut portfolio = Portfolio::start(config, 7, 1)?;
/// portfolio.run(&Budget::sweeps(2), &mut [()]);
///
/// let mut file = Vec::new();
/// Checkpoint::write(&portfolio, None, 12.5, &mut file)?;
/// let saved = Checkpoint::read(std::str::from_utf8(&file)?)?;
/// assert_eq!(saved.portfolio.runs()[0].steps(), portfolio.runs()[0].steps());
/// assert_eq!(saved.elapsed_s, 12.5);
/// assert!(Checkpoint::read("{\"format\":\"other\",\"version\":1}").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Checkpoint {
    /// The generations, as they were when saved.
    pub portfolio: Portfolio,
    /// The results file the run wrote to, if any.
    pub out: Option<PathBuf>,
    /// Seconds the run had taken when saved, over all its sessions (0 in a checkpoint written
    /// before 0.3, which did not keep it): a resumed run counts its `elapsed_s` on from here.
    pub elapsed_s: f64,
}

#[derive(Serialize)]
struct Envelope<'a> {
    format: &'a str,
    version: u32,
    portfolio: &'a Portfolio,
    out: Option<&'a Path>,
    elapsed_s: f64,
}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

#[derive(Deserialize)]
struct Body {
    portfolio: Portfolio,
    #[serde(default)]
    out: Option<PathBuf>,
    #[serde(default)]
    elapsed_s: f64,
}

impl Checkpoint {
    /// Writes `portfolio` (with the results file `out` and the seconds `elapsed_s` the run
    /// has taken so far) as a checkpoint to `w`.
    ///
    /// # Errors
    ///
    /// [`CheckpointError::Write`] when `w` fails.
    pub fn write(
        portfolio: &Portfolio,
        out: Option<&Path>,
        elapsed_s: f64,
        w: impl Write,
    ) -> Result<(), CheckpointError> {
        let envelope = Envelope {
            format: CHECKPOINT_FORMAT,
            version: CHECKPOINT_VERSION,
            portfolio,
            out,
            elapsed_s,
        };
        serde_json::to_writer(w, &envelope).map_err(CheckpointError::Write)
    }

    /// Reads a checkpoint written by [`Checkpoint::write`]; the format and version are checked
    /// before the body.
    ///
    /// # Errors
    ///
    /// A [`CheckpointError`] saying what is wrong: not a checkpoint, another format or version,
    /// a damaged body, no run.
    pub fn read(text: &str) -> Result<Checkpoint, CheckpointError> {
        let header: Header = serde_json::from_str(text).map_err(CheckpointError::NotACheckpoint)?;
        if header.format != CHECKPOINT_FORMAT || header.version != CHECKPOINT_VERSION {
            return Err(CheckpointError::WrongVersion {
                format: header.format,
                version: header.version,
            });
        }
        let body: Body = serde_json::from_str(text).map_err(CheckpointError::Damaged)?;
        if body.portfolio.runs().is_empty() {
            return Err(CheckpointError::NoRun);
        }
        Ok(Checkpoint { portfolio: body.portfolio, out: body.out, elapsed_s: body.elapsed_s })
    }
}
