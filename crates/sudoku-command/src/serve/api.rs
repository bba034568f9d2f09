//! The JSON API: each endpoint reads a small JSON body, computes on the blocking pool within
//! the request's limits, and answers with a library record, as the command's JSON lines hold
//! it (`docs/schema.md`; the endpoints in `docs/serve.md`).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sudoku_core::{Board, Cancel, CandidateGrid, Cell, Digit, Grid, Problem, Status, Work};
use sudoku_logic::{Builtin, Detail, Hint, RulesetName, Solver};
use sudoku_metrics::{Rating, RatingDefaults, RatingSet};
use sudoku_solve::Progress;

use super::jobs::Jobs;
use super::limits::Limits;
use super::reply::{self, Refusal};
use crate::rate::Rated;
use crate::schema::Failed;

/// The most work one rating may do in a request, in its budget's unit: its budget, times its
/// samples or runs where it has them (`se-rating` is bounded by the chain budget instead, and
/// stops when its request is cancelled; the other ratings cannot be stopped, only bounded).
pub(crate) const MAX_WORK: u64 = 100_000_000;

/// `POST /api/hint`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    /// 81 cells or 729 pencil marks.
    grid: String,
    /// Pencil marks crossed out on the grid's empty cells (`A1<>5`).
    #[serde(default)]
    eliminations: Vec<String>,
    /// The ruleset (`style` is another name for the field).
    #[serde(default, alias = "style")]
    ruleset: RulesetName,
    /// Also the step's picture.
    #[serde(default)]
    svg: bool,
    /// How much of the step to show (`technique`, `cells`, `result`, `full`).
    #[serde(default)]
    detail: Detail,
}

/// The hint record, with its picture when asked.
#[derive(Serialize)]
struct HintReply {
    #[serde(flatten)]
    hint: Hint,
    #[serde(skip_serializing_if = "Option::is_none")]
    svg: Option<String>,
}

/// The logical solver of a ruleset within the server's budgets, stopped by `cancel`.
fn solver(ruleset: RulesetName, limits: &Limits, cancel: &Cancel) -> Solver<Builtin> {
    ruleset
        .solver()
        .with_budget(limits.node_budget)
        .with_chain_budget(limits.chain_budget)
        .with_cancel(cancel.clone())
}

/// The next step on a grid: the `Hint` record (`{"grid","status","step"}` or `error`), and
/// `svg` when asked.
pub(crate) async fn hint(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let limits = jobs.limits;
    let r: HintRequest = match reply::body(req, &limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let crossed = match r.eliminations.iter().map(|e| elimination(e)).collect::<Result<Vec<_>, _>>()
    {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let work = move |cancel: &Cancel| {
        let marks = r.grid.parse::<CandidateGrid>().map(|mut m| {
            for &(cell, digit) in &crossed {
                m.eliminate(cell, digit);
            }
            m
        });
        let hint = match marks {
            Ok(m) => solver(r.ruleset, &limits, cancel).hint(&Board::Marks(m)),
            Err(e) => Hint::unreadable(Problem::invalid(e)),
        }
        .with_detail(r.detail);
        let svg = if r.svg { hint.svg() } else { None };
        HintReply { hint, svg }
    };
    match jobs.run(work).await {
        Ok(h) => reply::record(h.hint.status(), &h),
        Err(e) => e.into_response(),
    }
}

/// A crossed-out pencil mark, `A1<>5`, or a 400 answer naming it.
fn elimination(text: &str) -> Result<(Cell, Digit), Refusal> {
    Progress::parse_crossed_out(text).map(|c| (c.cell(), c.digit())).map_err(Refusal::bad)
}

/// `POST /api/explain`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    /// 81 cells or 729 pencil marks.
    puzzle: String,
    /// The ruleset (`style` is another name for the field).
    #[serde(default, alias = "style")]
    ruleset: RulesetName,
}

/// A puzzle's givens for `what` (an endpoint that needs them), or the `invalid` record naming
/// what is wrong (pencil marks: `canon needs givens, not pencil marks`).
fn grid(puzzle: &str, what: &'static str) -> Result<Grid, Box<Response>> {
    let board = board(puzzle)?;
    board.givens_for(what).copied().map_err(|f| {
        let failed = Failed::puzzle(board.to_string(), f.into());
        Box::new(reply::record(failed.status, &failed))
    })
}

/// A puzzle's givens or pencil marks, or the `invalid` record naming what is wrong.
fn board(puzzle: &str) -> Result<Board, Box<Response>> {
    puzzle.trim().parse::<Board>().map_err(|e| {
        let failed = Failed::invalid(&e);
        Box::new(reply::record(failed.status, &failed))
    })
}

/// The whole solving path: the `SolvingPath` record of either ruleset (`se_rating` or
/// `hodoku`), from a puzzle or pencil marks, or the puzzle's failure.
pub(crate) async fn explain(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let limits = jobs.limits;
    let r: ExplainRequest = match reply::body(req, &limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let puzzle = match board(&r.puzzle) {
        Ok(b) => b,
        Err(response) => return *response,
    };
    let work = move |cancel: &Cancel| {
        let failed = |f| {
            let failed = Failed::puzzle(puzzle.to_string(), Problem::from(f));
            reply::record(failed.status, &failed)
        };
        let path = solver(r.ruleset, &limits, cancel).solve(&puzzle);
        path.map_or_else(failed, |p| reply::record(p.end.status(), &p))
    };
    jobs.run(work).await.unwrap_or_else(IntoResponse::into_response)
}

/// Rating names: a list or one comma-separated string.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Metrics {
    List(Vec<String>),
    Text(String),
}

/// `POST /api/rate`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RateRequest {
    puzzle: String,
    /// The ratings, as `sudoku rate --metrics` names them (default `se-rating,hodoku`).
    metrics: Option<Metrics>,
    /// The seed of the sampled ratings.
    #[serde(default)]
    seed: u64,
}

/// What fills in the parameters a rating spec leaves out, in the server: a budget of a million
/// (search nodes, states, steps: each rating's own unit), the server's chain budget, 100
/// tie-break samples and 10 runs of the randomised solvers.
pub(crate) fn rating_defaults(limits: &Limits) -> RatingDefaults {
    RatingDefaults {
        samples: 100,
        runs: 10,
        budget: Some(1_000_000),
        chain_budget: limits.chain_budget,
        hidden_singles: false,
    }
}

/// A 400 answer unless the rating's work fits a request ([`MAX_WORK`], the chain budget).
pub(crate) fn within_limits(r: &Rating, limits: &Limits) -> Result<(), Refusal> {
    let budget = r.budget.unwrap_or(0);
    let (work, max) = if r.kind.entry().unit == Work::ChainPotentials {
        (budget, limits.chain_budget)
    } else {
        (budget.saturating_mul(u64::from(r.samples.unwrap_or(1).max(1))), MAX_WORK)
    };
    if work > max {
        return Err(Refusal::bad(format!(
            "{r}: too much work for one request: at most {max} {} (budget times samples)",
            r.kind.entry().unit
        )));
    }
    Ok(())
}

/// The ratings asked for, within the server's limits.
fn rating_set(metrics: Option<Metrics>, limits: &Limits) -> Result<RatingSet, Refusal> {
    let specs: Vec<String> = match metrics {
        None => vec!["se-rating".into(), "hodoku".into()],
        Some(Metrics::List(v)) => v,
        Some(Metrics::Text(t)) => t.split(',').map(|s| s.trim().to_string()).collect(),
    };
    let set = RatingSet::parse(&specs, &rating_defaults(limits)).map_err(Refusal::bad)?;
    for r in set.ratings() {
        within_limits(r, limits)?;
    }
    Ok(set)
}

/// The ratings of a puzzle: `{"puzzle","status", one field per rating}` as `rate --json`.
pub(crate) async fn rate(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let limits = jobs.limits;
    let r: RateRequest = match reply::body(req, &limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let set = match rating_set(r.metrics, &limits) {
        Ok(set) => set,
        Err(e) => return e.into_response(),
    };
    let puzzle = match board(&r.puzzle) {
        Ok(b) => b,
        Err(response) => return *response,
    };
    let work = move |cancel: &Cancel| Rated {
        puzzle: puzzle.to_string(),
        status: Status::Ok,
        ratings: set.with_cancel(cancel.clone()).evaluate_board(&puzzle, r.seed),
    };
    match jobs.run(work).await {
        Ok(rated) => reply::record(rated.status, &rated),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/check`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    /// The givens.
    puzzle: String,
    /// The player's grid (81 cells: givens and entries).
    progress: String,
    /// The pencil marks the player crossed out on empty cells (`A1<>5`).
    #[serde(default)]
    eliminations: Vec<String>,
}

/// Checks a player's progress against the puzzle's unique solution.
pub(crate) async fn check(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let limits = jobs.limits;
    let r: CheckRequest = match reply::body(req, &limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let puzzle = match grid(&r.puzzle, "check") {
        Ok(g) => g,
        Err(response) => return *response,
    };
    let progress = match r.progress.parse::<Progress>() {
        Ok(p) => p,
        Err(e) => {
            let failed = Failed::invalid(&e);
            return reply::record(failed.status, &failed);
        }
    };
    let crossed: Result<Vec<_>, _> =
        r.eliminations.iter().map(|e| Progress::parse_crossed_out(e)).collect();
    let progress = match crossed {
        Ok(c) => progress.with_crossed_out(c),
        Err(e) => return Refusal::bad(e.to_string()).into_response(),
    };
    let work = move |_: &Cancel| match progress.check(&puzzle, limits.node_budget) {
        Ok(c) => reply::record(c.status(), &c),
        Err(f) => {
            let failed = Failed::puzzle(puzzle.to_string(), f.into());
            reply::record(failed.status, &failed)
        }
    };
    jobs.run(work).await.unwrap_or_else(IntoResponse::into_response)
}

/// `POST /api/canon`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    puzzle: String,
}

/// `sudoku canon --json`'s record, without its place.
#[derive(Debug, Serialize)]
struct Canon {
    puzzle: String,
    status: Status,
    canonical: String,
    automorphisms: u64,
}

/// The canonical (minlex) form of a puzzle.
pub(crate) async fn canon(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let r: PuzzleRequest = match reply::body(req, &jobs.limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let puzzle = match grid(&r.puzzle, "canon") {
        Ok(g) => g,
        Err(response) => return *response,
    };
    let work = move |_: &Cancel| {
        let c = puzzle.minlex();
        Canon {
            puzzle: puzzle.to_string(),
            status: Status::Ok,
            canonical: c.grid.to_string(),
            automorphisms: c.automorphisms,
        }
    };
    match jobs.run(work).await {
        Ok(c) => reply::record(c.status, &c),
        Err(e) => e.into_response(),
    }
}

/// `POST /api/read`'s body: a file's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadRequest {
    text: String,
}

/// The first puzzle of a text, read as the command reads a file.
#[derive(Debug, Serialize)]
struct ReadReply {
    puzzle: Option<String>,
    status: Status,
    line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Problem>,
}

/// The first puzzle in a file's text (81-character lines, 9-line blocks or JSON lines), or
/// what is wrong with it, with its line.
pub(crate) async fn read(State(jobs): State<Arc<Jobs>>, req: Request) -> Response {
    let r: ReadRequest = match reply::body(req, &jobs.limits).await {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let first = crate::input::read_text(r.text.as_bytes()).next();
    let reply = match first {
        Some(Ok(p)) => ReadReply {
            puzzle: Some(p.grid.to_string()),
            status: Status::Ok,
            line: p.line,
            error: None,
        },
        Some(Err(e)) => ReadReply {
            puzzle: None,
            status: Status::Invalid,
            line: e.line,
            error: Some(Problem::invalid(&e.kind)),
        },
        None => ReadReply {
            puzzle: None,
            status: Status::Invalid,
            line: 0,
            error: Some(Problem::invalid("the text holds no puzzle")),
        },
    };
    reply::record(reply.status, &reply)
}

/// The server's counts and limits.
pub(crate) async fn status(State(jobs): State<Arc<Jobs>>) -> Response {
    reply::json(axum::http::StatusCode::OK, &jobs.status())
}
