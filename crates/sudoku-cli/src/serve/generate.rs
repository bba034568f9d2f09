//! `POST /api/generate`: a puzzle in a difficulty band, with progress. The answer is a stream
//! of JSON lines (`application/x-ndjson`): `{"tries","elapsed_s"}` every quarter second while
//! the band search draws random minimal puzzles, then the band line (`status` `ok` with the
//! puzzle, or `budget_exceeded` with `error`), as `sudoku band --json` writes it.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use sudoku_core::{Cancel, Problem, Status};
use sudoku_generate::{Band, BandPuzzle, BandSearch, Symmetry};
use sudoku_logic::Level;
use sudoku_metrics::{Rating, RatingKind, RatingSet, RatingValue};
use tokio::task::JoinHandle;

use super::api::{rating_defaults, within_limits};
use super::jobs::{CancelOnDrop, Jobs, Limits, time_limit_failure};
use super::reply::{self, Refusal};

/// How often a progress line is written.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// `POST /api/generate`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateRequest {
    /// `rating=lo..hi` (as `sudoku band`), or `hodoku=LEVEL` / `hodoku=LEVEL..LEVEL`.
    band: String,
    /// `none`, `half-turn`, `quarter-turn`, `mirror` or `diagonal`.
    #[serde(default)]
    symmetry: Option<String>,
    /// The list's seed (default 1) and the puzzle's index in it (default 0).
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    index: u64,
    /// Random puzzles to draw at most (the server's limit by default).
    #[serde(default)]
    max_tries: Option<u64>,
}

/// What to search for: a band of any rating, or HoDoKu levels.
#[derive(Clone, Copy, Debug)]
enum Target {
    Band(Band),
    Levels(Level, Level),
}

impl Target {
    fn parse(text: &str) -> Result<Target, Refusal> {
        let levels = text.split_once('=').and_then(|(rating, range)| {
            let (lo, hi) = range.split_once("..").unwrap_or((range, range));
            let level = |s: &str| s.trim().parse::<Level>().ok();
            (rating.trim() == "hodoku").then_some(())?;
            Some((level(lo)?, level(hi)?))
        });
        if let Some((lo, hi)) = levels {
            if lo > hi {
                return Err(Refusal::bad(format!("empty level range in {text:?}")));
            }
            return Ok(Target::Levels(lo, hi));
        }
        let band: Band = text.parse().map_err(Refusal::bad)?;
        Ok(Target::Band(band))
    }

    /// The band searched, its rating's parameters filled in as `/api/rate` fills them: for
    /// levels, HoDoKu's score up to the highest level's maximum (a puzzle of a level never
    /// scores more), the level checked on each puzzle found.
    fn band(self, limits: &Limits) -> Result<Band, Refusal> {
        let mut band = match self {
            Target::Band(b) => b,
            Target::Levels(_, hi) => {
                let max = hi.max_score().map_or(f64::INFINITY, f64::from);
                Band { rating: Rating::new(RatingKind::Hodoku), lo: 0.0, hi: max }
            }
        };
        let spec = [band.rating.to_string()];
        let filled = RatingSet::parse(&spec, &rating_defaults(limits)).map_err(Refusal::bad)?;
        if let Some(r) = filled.ratings().first() {
            within_limits(r, limits)?;
            band.rating = *r;
        }
        Ok(band)
    }

    fn accepts(self, value: &RatingValue) -> bool {
        match (self, value) {
            (Target::Band(_), _) => true,
            (Target::Levels(lo, hi), RatingValue::Hodoku(h)) => (lo..=hi).contains(&h.level),
            (Target::Levels(..), _) => false,
        }
    }

    fn name(self) -> String {
        match self {
            Target::Band(b) => b.to_string(),
            Target::Levels(lo, hi) if lo == hi => format!("hodoku={}", lo.name().to_lowercase()),
            Target::Levels(lo, hi) => {
                format!("hodoku={}..{}", lo.name().to_lowercase(), hi.name().to_lowercase())
            }
        }
    }
}

/// A search: the target, the band search, the list's seed and where it starts.
#[derive(Clone, Copy, Debug)]
struct Job {
    target: Target,
    search: BandSearch,
    seed: u64,
    index: u64,
}

impl Job {
    /// The band line of a puzzle found at `index`, or of none after `tries`.
    fn line(&self, found: Option<(u64, BandPuzzle)>, tries: u64, error: Option<Problem>) -> Value {
        let target = self.target.name();
        match (found, error) {
            (Some((index, p)), _) => {
                let key = self.search.band.rating.kind.key();
                json!({
                    "status": Status::Ok,
                    "puzzle": p.puzzle.to_string(),
                    "index": index,
                    "seed": self.seed,
                    "target": target,
                    key: p.value,
                    "clues": p.puzzle.clue_count(),
                    "symmetry": self.search.symmetry.name(),
                    "tries": tries,
                })
            }
            (None, error) => {
                let error = error.unwrap_or_else(|| {
                    Problem::new(
                        Status::BudgetExceeded,
                        format!("no puzzle in {target} among {tries} random minimal puzzles"),
                    )
                });
                json!({
                    "status": error.code,
                    "puzzle": null,
                    "index": self.index,
                    "seed": self.seed,
                    "target": target,
                    "tries": tries,
                    "error": error,
                })
            }
        }
    }

    /// Draws random minimal puzzles until one is on target, `tries` counting them.
    fn run(&self, cancel: &Cancel, tries: &AtomicU64) -> Value {
        let mut index = self.index;
        let mut used = 0u64;
        while used < self.search.max_tries {
            let search = self.search.with_max_tries(self.search.max_tries - used);
            let found = search.find_cancellable(self.seed, index, cancel, |t| {
                tries.store(used + t, Ordering::Relaxed);
            });
            match found {
                Ok(Some(p)) if self.target.accepts(&p.value) => {
                    return self.line(Some((index, p)), used + p.tries, None);
                }
                Ok(Some(p)) => used += p.tries,
                Ok(None) => break,
                Err(f) => return self.line(None, tries.load(Ordering::Relaxed), Some(f.into())),
            }
            index += 1;
        }
        self.line(None, self.search.max_tries, None)
    }
}

/// What the stream of one request holds: the computation, the token that cancels it when
/// the client goes away (the stream is dropped), and the counter its progress reads.
struct Progress {
    handle: JoinHandle<Value>,
    guard: Option<CancelOnDrop>,
    tries: Arc<AtomicU64>,
    started: Instant,
    limit: Duration,
    job: Job,
    done: bool,
}

fn line(v: &Value) -> Result<Bytes, Infallible> {
    let mut text = v.to_string();
    text.push('\n');
    Ok(Bytes::from(text))
}

impl Progress {
    /// The next line: progress, or the last line when the search ends or time runs out.
    async fn next(mut self) -> Option<(Result<Bytes, Infallible>, Progress)> {
        if self.done {
            return None;
        }
        let left = self.limit.saturating_sub(self.started.elapsed());
        let tick = PROGRESS_EVERY.min(left);
        let last = tokio::select! {
            res = &mut self.handle => Some(res.unwrap_or_else(|e| {
                self.job.line(None, 0, Some(Problem::invalid(format!("internal error: {e}"))))
            })),
            () = tokio::time::sleep(tick) => None,
        };
        let tries = self.tries.load(Ordering::Relaxed);
        let out = match last {
            Some(v) => {
                self.done = true;
                if let Some(g) = self.guard.take() {
                    g.disarm();
                }
                v
            }
            None if self.started.elapsed() >= self.limit => {
                self.done = true;
                if let Some(g) = self.guard.take() {
                    g.time_out();
                }
                self.job.line(None, tries, Some(time_limit_failure(self.limit).into()))
            }
            None => json!({"tries": tries, "elapsed_s": self.started.elapsed().as_secs_f64()}),
        };
        Some((line(&out), self))
    }
}

/// Streams the search's progress and its band line.
pub(crate) async fn generate(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let limits = jobs.limits;
    let r: GenerateRequest = match reply::body(req, &limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let job = match job(&r, &limits) {
        Ok(j) => j,
        Err(e) => return e.into_response(),
    };
    let (turn, cancel, guard) = match jobs.turn().await {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let tries = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&tries);
    let handle = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        job.run(&cancel, &counter)
    });
    let progress = Progress {
        handle,
        guard: Some(guard),
        tries,
        started: Instant::now(),
        limit: limits.generate_time_limit,
        job,
        done: false,
    };
    let stream = futures_util::stream::unfold(progress, Progress::next);
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn job(r: &GenerateRequest, limits: &Limits) -> Result<Job, Refusal> {
    let target = Target::parse(&r.band)?;
    let symmetry: Symmetry =
        r.symmetry.as_deref().unwrap_or("none").parse().map_err(Refusal::bad)?;
    let max_tries = r.max_tries.unwrap_or(limits.max_tries).clamp(1, limits.max_tries);
    let search =
        BandSearch::new(target.band(limits)?).with_symmetry(symmetry).with_max_tries(max_tries);
    Ok(Job { target, search, seed: r.seed.unwrap_or(1), index: r.index })
}
