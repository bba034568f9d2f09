//! `sudoku print`: puzzles as a printable sheet (PDF or SVG), laid out by `sudoku_print`: a
//! title and a difficulty label over each grid, so many a page, and the answers after them.
//!
//! This file only translates: the inputs are read as every subcommand reads them, each puzzle
//! is solved by the exact solver and labelled with the ratings its record carries (or, with
//! `--rate`, rated by the catalogue as `sudoku rate` rates it), and the library lays the sheet
//! out and draws it.

use std::io::{IsTerminal as _, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use rayon::prelude::*;
use sudoku_core::{Board, Grid, Rules};
use sudoku_logic::{HodokuRating, SeRating};
use sudoku_metrics::{Mean, RatingDefaults, RatingKind, RatingSet, RatingValue};
use sudoku_print::{Options, PER_PAGE, Paper, Puzzle};

use crate::input::{Extras, Record, read_all_with_extras};
use crate::{Status, error_chain, thread_pool};

#[derive(clap::Args, Debug)]
pub(crate) struct PrintArgs {
    /// Puzzles (81 characters) or files of them, as the other subcommands read them: one per
    /// line, 9-line blocks, the JSON lines other subcommands write (their ratings label the
    /// puzzles), or the files of --from's formats (their titles and difficulty label them);
    /// `-` or nothing reads standard input.
    inputs: Vec<String>,
    /// Read the files (and standard input) in this format: sdk, sdm, ss, opensudoku, ipuz,
    /// hodoku, line or json (docs/formats.md). Without it, a .sdk, .sdm, .ss, .opensudoku or
    /// .ipuz file is read in its format and anything else line by line.
    #[arg(long, value_name = "FORMAT")]
    from: Option<sudoku_formats::Format>,
    /// Write the sheet to this file (PDF, or SVG for a name ending in .svg) instead of
    /// standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// The sheet's format: pdf or svg (default: by --out's extension, else pdf). An SVG holds
    /// the pages one under the other.
    #[arg(long, value_name = "FORMAT")]
    to: Option<SheetFormat>,
    /// Puzzles a page: 1, 2 (one above the other), 4 (2 x 2), 6 (2 columns of 3), 9 (3 x 3)
    /// or 12 (3 columns of 4).
    #[arg(long, default_value_t = 6, value_parser = parse_per_page)]
    per_page: usize,
    /// The paper: a4 or letter.
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Add answer pages: each puzzle's solution, 20 small grids a page, givens in bold.
    #[arg(long)]
    answers: bool,
    /// A heading on every page of puzzles (the PDF's title too).
    #[arg(long)]
    title: Option<String>,
    /// Rate every puzzle with --metrics's ratings (default se-rating), as `sudoku rate`
    /// does, and label it with them instead of the ratings its record carries.
    #[arg(long)]
    rate: bool,
    /// The ratings of the labels, comma-separated, as `sudoku rate --metrics` takes them
    /// (name:key=value...): those computed with --rate, else those the records carry (default:
    /// every rating a record carries, Sudoku Explainer's ER/EP/ED and HoDoKu's level among them).
    #[arg(long, value_delimiter = ',')]
    metrics: Vec<String>,
    /// Seed of the random ratings (--rate).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The work each rating may do per puzzle (--rate), in its own unit, as `sudoku rate
    /// --budget` says.
    #[arg(long)]
    budget: Option<u64>,
    /// Potentials se-rating's chain searches may visit per puzzle (--rate).
    #[arg(long, default_value_t = sudoku_logic::LogicalSolver::default().ruleset.chain_budget)]
    chain_budget: u64,
    /// Worker threads for --rate (0: one per core). The sheet is the same for any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// What the sheet is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SheetFormat {
    Pdf,
    Svg,
}

fn parse_per_page(s: &str) -> Result<usize, String> {
    let n: usize = s.parse().map_err(|_| format!("invalid count {s:?}"))?;
    if !PER_PAGE.contains(&n) {
        return Err(sudoku_print::PrintError::PerPage { per_page: n }.to_string());
    }
    Ok(n)
}

/// The sheet's format: `--to`, else `--out`'s extension, else PDF.
fn sheet_format(to: Option<SheetFormat>, out: Option<&Path>) -> anyhow::Result<SheetFormat> {
    if let Some(to) = to {
        return Ok(to);
    }
    let Some(path) = out else { return Ok(SheetFormat::Pdf) };
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("pdf") => Ok(SheetFormat::Pdf),
        Some("svg") => Ok(SheetFormat::Svg),
        _ => bail!(
            "cannot tell the sheet's format from {}: name it .pdf or .svg, or give --to",
            path.display()
        ),
    }
}

/// A puzzle read: where it came from, its givens, what its record says of it.
struct Read {
    source: String,
    line: usize,
    givens: Grid,
    extras: Extras,
}

pub(crate) fn run(args: &PrintArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let format = sheet_format(args.to, args.out.as_deref())?;
    if args.out.is_none() && format == SheetFormat::Pdf && std::io::stdout().is_terminal() {
        bail!("a PDF is no text for the terminal: give --out sheet.pdf, or pipe it");
    }
    if let Some(path) = &args.out {
        crate::check_output_path(path)?;
    }
    let defaults = RatingDefaults {
        chain_budget: args.chain_budget,
        budget: args.budget,
        ..RatingDefaults::default()
    };
    let specs = if args.metrics.is_empty() && args.rate {
        vec!["se-rating".to_string()]
    } else {
        args.metrics.clone()
    };
    let ratings = if specs.is_empty() { None } else { Some(RatingSet::parse(&specs, &defaults)?) };
    let mut invalid = false;
    let mut unreadable = false;
    let mut read = Vec::new();
    read_all_with_extras(
        &args.inputs,
        args.from,
        &Rules::classic(),
        |record: Record, extras| {
            let record = record.refusing_variants("print");
            let place = record.place();
            match record.result {
                Ok(entry) => match entry.board {
                    Board::Givens(givens) => read.push(Read { source: place.0, line: place.1, givens, extras }),
                    Board::Marks(_) => {
                        invalid = true;
                        eprintln!("sudoku print: {}:{}: invalid: pencil marks cannot be printed; give the puzzle's givens", place.0, place.1);
                    }
                },
                Err(e) => {
                    invalid = true;
                    eprintln!("sudoku print: {}:{}: invalid: {}", place.0, place.1, e.kind);
                }
            }
            Ok(())
        },
        |source, e| {
            unreadable = true;
            eprintln!("sudoku print: {source}: {}", error_chain(e));
        },
    )
    .context("failed to read the puzzles")?;

    // Solved (and rated) on the pool, in input order whatever the thread count.
    let pool = thread_pool(args.threads)?;
    let rate = if args.rate { ratings.as_ref() } else { None };
    let done: Vec<Result<Labelled, String>> = pool.install(|| {
        read.par_iter().map(|r| labelled(r, rate, ratings.as_ref(), args.seed)).collect()
    });
    let mut puzzles = Vec::new();
    for (r, result) in read.iter().zip(done) {
        match result {
            Ok(l) => {
                for warning in &l.warnings {
                    invalid = true;
                    eprintln!("sudoku print: {}:{}: {warning}", r.source, r.line);
                }
                let title = match title_of(&r.extras) {
                    Some(t) => format!("{}. {t}", puzzles.len() + 1),
                    None => format!("Puzzle {}", puzzles.len() + 1),
                };
                let mut puzzle = Puzzle::new(title, r.givens).with_solution(l.solution);
                if !l.label.is_empty() {
                    puzzle = puzzle.with_label(l.label);
                }
                puzzles.push(puzzle);
            }
            Err(message) => {
                invalid = true;
                eprintln!("sudoku print: {}:{}: {message}", r.source, r.line);
            }
        }
    }
    if puzzles.is_empty() {
        if !invalid && !unreadable {
            eprintln!(
                "sudoku print: no puzzles in the input (it is empty, or holds only comments and blank lines)"
            );
        }
        return Ok(Status::of(unreadable, true));
    }
    let mut options = Options::default()
        .with_paper(args.paper)
        .with_per_page(args.per_page)?
        .with_answers(args.answers);
    if let Some(title) = &args.title {
        options = options.with_title(title.clone());
    }
    let document = sudoku_print::layout(&puzzles, &options)?;
    let bytes = match format {
        SheetFormat::Pdf => sudoku_print::to_pdf(&document),
        SheetFormat::Svg => sudoku_print::to_svg(&document).into_bytes(),
    };
    match &args.out {
        Some(path) => std::fs::write(path, bytes)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out.write_all(&bytes)?,
    }
    Ok(Status::of(unreadable, invalid))
}

/// A puzzle ready for the sheet: its solution and label, and what went wrong on the way
/// (a rating that failed), which does not keep it off the sheet.
struct Labelled {
    solution: Grid,
    label: String,
    warnings: Vec<String>,
}

/// Solves a puzzle (it must have one solution) and labels it: with `rate`'s ratings computed,
/// else with the ratings its record carries (those of `wanted`, or all), else with its
/// format's difficulty.
fn labelled(
    r: &Read,
    rate: Option<&RatingSet>,
    wanted: Option<&RatingSet>,
    seed: u64,
) -> Result<Labelled, String> {
    let solution =
        sudoku_solve::Query::new(&r.givens).unique().map_err(|f| format!("{}: {f}", f.code()))?;
    let mut warnings = Vec::new();
    let parts: Vec<String> = match rate {
        Some(set) => set
            .evaluate(&r.givens, seed)
            .0
            .into_iter()
            .filter_map(|(kind, value)| match value {
                Ok(v) => Some(label(kind, &v)),
                Err(f) => {
                    warnings.push(format!("{}: {kind} not rated: {f}", f.code()));
                    None
                }
            })
            .collect(),
        None => carried(&r.extras, wanted),
    };
    Ok(Labelled { solution, label: parts.join(", "), warnings })
}

/// A rating as a label: Sudoku Explainer's `ER/EP/ED 7.1/7.1/2.6`, HoDoKu's `HoDoKu Hard
/// (844)`, any other its name and value (`depth 3`).
fn label(kind: RatingKind, value: &RatingValue) -> String {
    match value {
        RatingValue::Se(..) => format!("ER/EP/ED {value}"),
        RatingValue::Hodoku(_) => format!("HoDoKu {value}"),
        _ => format!("{} {value}", kind.name()),
    }
}

/// The labels of the ratings a puzzle's record carries (the ratings of `wanted`, else every
/// one of the catalogue), those made for people first, each part in the catalogue's order;
/// else its format's difficulty field.
fn carried(extras: &Extras, wanted: Option<&RatingSet>) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(json) = &extras.json {
        // The ratings made for people first: a label too long for its place loses its end.
        let people = sudoku_metrics::CATALOGUE.iter().filter(|e| e.for_people);
        let others = sudoku_metrics::CATALOGUE.iter().filter(|e| !e.for_people);
        for entry in people.chain(others) {
            let asked = wanted.is_none_or(|set| set.ratings().iter().any(|r| r.kind == entry.kind));
            if let Some(value) =
                json.get(&entry.kind.key()).filter(|_| asked).and_then(rating_value)
            {
                parts.push(label(entry.kind, &value));
            }
        }
    }
    if parts.is_empty()
        && let Some(difficulty) = extras.meta.as_ref().and_then(|m| m.difficulty.as_ref())
    {
        parts.push(difficulty.clone());
    }
    parts
}

/// A rating's value as the JSON records write it (docs/schema.md): a count or number, a
/// mean, Sudoku Explainer's `{"er","ep","ed"}`, HoDoKu's `{"level","score"}`; `None` for an
/// error or anything else.
fn rating_value(json: &serde_json::Value) -> Option<RatingValue> {
    use serde_json::Value;
    match json {
        Value::Number(n) => {
            n.as_u64().map(RatingValue::Count).or_else(|| n.as_f64().map(RatingValue::Number))
        }
        Value::Object(o) if o.contains_key("er") => {
            let se: SeRating = serde_json::from_value(json.clone()).ok()?;
            Some(RatingValue::Se(se, se.er))
        }
        Value::Object(o) if o.contains_key("level") => {
            serde_json::from_value::<HodokuRating>(json.clone()).ok().map(RatingValue::Hodoku)
        }
        Value::Object(o) if o.contains_key("mean") => {
            serde_json::from_value::<Mean>(json.clone()).ok().map(RatingValue::Mean)
        }
        _ => None,
    }
}

/// The title a record gives its puzzle: a JSON line's `title`, or its format's title.
fn title_of(extras: &Extras) -> Option<String> {
    let json = extras.json.as_ref().and_then(|o| o.get("title")).and_then(|t| t.as_str());
    let meta = extras.meta.as_ref().and_then(|m| m.title.as_deref());
    json.or(meta).map(str::trim).filter(|t| !t.is_empty()).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_come_from_the_records_fields() {
        let json: serde_json::Value = serde_json::json!({
            "puzzle": "x",
            "se_rating": {"er": 7.1, "ep": 7.1, "ed": 2.6},
            "hodoku": {"level": "Hard", "score": 844},
            "depth": 3,
            "normal_width": {"error": {"code": "budget_exceeded", "message": "..."}}
        });
        let extras = Extras { json: json.as_object().cloned(), meta: None };
        assert_eq!(
            carried(&extras, None),
            ["ER/EP/ED 7.1/7.1/2.6", "HoDoKu Hard (844)", "depth 3"]
        );
        let only = RatingSet::parse(&["hodoku"], &RatingDefaults::default()).unwrap();
        assert_eq!(carried(&extras, Some(&only)), ["HoDoKu Hard (844)"]);
    }

    #[test]
    fn the_format_comes_from_to_or_the_extension() {
        assert_eq!(sheet_format(None, None).unwrap(), SheetFormat::Pdf);
        assert_eq!(sheet_format(None, Some(Path::new("a/b.SVG"))).unwrap(), SheetFormat::Svg);
        assert_eq!(
            sheet_format(Some(SheetFormat::Svg), Some(Path::new("b.pdf"))).unwrap(),
            SheetFormat::Svg
        );
        let e = sheet_format(None, Some(Path::new("sheet.png"))).unwrap_err();
        assert!(e.to_string().contains("name it .pdf or .svg"), "{e}");
    }
}
