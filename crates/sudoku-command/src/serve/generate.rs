//! `POST /api/generate`: a puzzle in a difficulty band, with progress. The answer is a stream
//! of JSON lines (`application/x-ndjson`): `{"tries","elapsed_s"}` every quarter second while
//! the band search draws random minimal puzzles, then the band line ([`BandLine`]: `status`
//! `ok` with the puzzle, or `budget_exceeded` or `cancelled` with `error`), as `sudoku band
//! --json` writes it.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sudoku_core::{Cancel, Failure};
use sudoku_generate::{Band, BandLine, BandSearch, Need, Needs, Symmetry};
use sudoku_metrics::RatingSet;
use tokio::task::JoinHandle;

use super::api::{rating_defaults, within_limits};
use super::jobs::{CancelOnDrop, Jobs, time_limit_failure};
use super::limits::Limits;
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
    /// Techniques the puzzle's path must take (`hodoku:Skyscraper`, `explainer:X-Wing`; at
    /// most four), as `sudoku band --needs`.
    #[serde(default)]
    needs: Vec<String>,
}

/// The band's rating with its parameters filled in as `/api/rate` fills them, within the
/// server's limits.
fn filled(mut band: Band, limits: &Limits) -> Result<Band, Refusal> {
    let spec = [band.rating.to_string()];
    let filled = RatingSet::parse(&spec, &rating_defaults(limits)).map_err(Refusal::bad)?;
    if let Some(r) = filled.ratings().first() {
        within_limits(r, limits)?;
        band.rating = *r;
    }
    Ok(band)
}

/// A search: the band search, the list's seed and the puzzle's index.
#[derive(Clone, Copy, Debug)]
struct Job {
    search: BandSearch,
    seed: u64,
    index: u64,
}

impl Job {
    /// Draws random minimal puzzles until one is in the band, `tries` counting them.
    fn run(&self, cancel: &Cancel, tries: &AtomicU64) -> BandLine {
        let found = self.search.find_cancellable(self.seed, self.index, cancel, |t| {
            tries.store(t, Ordering::Relaxed);
        });
        match found {
            Ok(found) => BandLine::new(&self.search, self.seed, self.index, found),
            Err(f) => self.stopped(f),
        }
    }

    fn stopped(&self, failure: Failure) -> BandLine {
        BandLine::stopped(&self.search, self.seed, self.index, failure)
    }
}

/// A progress line: random puzzles drawn so far and seconds since the search began.
#[derive(Serialize)]
struct ProgressLine {
    tries: u64,
    elapsed_s: f64,
}

/// What the stream of one request holds: the computation, the token that cancels it when
/// the client goes away (the stream is dropped), and the counter its progress reads.
struct Progress {
    handle: JoinHandle<BandLine>,
    guard: Option<CancelOnDrop>,
    tries: Arc<AtomicU64>,
    started: Instant,
    limit: Duration,
    job: Job,
    done: bool,
}

/// A JSON line with its keys sorted, as every JSON line of the command.
fn line(record: &impl Serialize) -> Result<Bytes, Infallible> {
    let mut text = serde_json::to_value(record).map_or_else(|e| e.to_string(), |v| v.to_string());
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
            res = &mut self.handle => Some(res.unwrap_or_else(|_| self.job.stopped(Failure::CANCELLED))),
            () = tokio::time::sleep(tick) => None,
        };
        let tries = self.tries.load(Ordering::Relaxed);
        let out = match last {
            Some(band_line) => {
                self.done = true;
                if let Some(g) = self.guard.take() {
                    g.disarm();
                }
                line(&band_line)
            }
            None if self.started.elapsed() >= self.limit => {
                self.done = true;
                if let Some(g) = self.guard.take() {
                    g.time_out();
                }
                line(&self.job.stopped(time_limit_failure(self.limit)))
            }
            None => line(&ProgressLine { tries, elapsed_s: self.started.elapsed().as_secs_f64() }),
        };
        Some((out, self))
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
    let band: Band = r.band.parse().map_err(Refusal::bad)?;
    let symmetry: Symmetry =
        r.symmetry.as_deref().unwrap_or("none").parse().map_err(Refusal::bad)?;
    let max_tries = r.max_tries.unwrap_or(limits.max_tries).clamp(1, limits.max_tries);
    let needs: Vec<Need> = r
        .needs
        .iter()
        .map(|n| n.parse::<Need>())
        .collect::<Result<_, _>>()
        .map_err(Refusal::bad)?;
    let search = BandSearch::new(filled(band, limits)?)
        .with_symmetry(symmetry)
        .with_max_tries(max_tries)
        .with_needs(Needs::of(&needs).map_err(Refusal::bad)?);
    Ok(Job { search, seed: r.seed.unwrap_or(1), index: r.index })
}
