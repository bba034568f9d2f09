//! `sudoku canon`: the canonical (minlex) form of every puzzle, or with `--dedup` the first
//! puzzle of each class of isomorphic puzzles; under `--rules`, the form under the variant's
//! own symmetries (`Rules::canonical`), and under jigsaw the layout's form with it.

use std::collections::HashSet;
use std::io::Write;

use serde::Serialize;
use sudoku_core::{Grid, Rules};

use crate::Status;
use crate::batch::{Batch, BatchArgs, Layout};
use crate::input::Record;

#[derive(clap::Args, Debug)]
pub(crate) struct CanonArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Print one JSON object per puzzle instead of text.
    #[arg(long)]
    json: bool,
    /// Keep only the first puzzle of each class (puzzles with the same canonical form), in
    /// input order. Memory grows with the number of distinct classes: one form is kept for
    /// each.
    #[arg(long)]
    dedup: bool,
}

#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: usize,
    puzzle: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    automorphisms: Option<u64>,
    /// The rules of the form, when not classic: the rules given, or under jigsaw the layout
    /// moved with the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical_rules: Option<Rules>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<sudoku_core::Problem>,
    /// The form itself with its rules' spec, for `--dedup`.
    #[serde(skip)]
    form: Option<(Grid, String)>,
}

fn canon_record(rules: &Rules, record: Record) -> JsonRecord {
    let Record { source, result, rules: own } = record;
    let rules = own.as_ref().unwrap_or(rules);
    match result {
        Ok(p) => match p.board.givens_for("canon") {
            Ok(grid) => {
                let canon = rules.canonical(grid);
                let form_rules = rules.transformed(&canon.transform);
                JsonRecord {
                    source,
                    line: p.line,
                    puzzle: Some(grid.to_string()),
                    status: "ok",
                    canonical: Some(canon.grid.to_string()),
                    automorphisms: Some(canon.automorphisms),
                    error: None,
                    form: Some((canon.grid, form_rules.to_string())),
                    canonical_rules: (!form_rules.is_classic()).then_some(form_rules),
                }
            }
            // Pencil marks: one line saying canon needs givens.
            Err(f) => JsonRecord {
                source,
                line: p.line,
                puzzle: Some(p.board.to_string()),
                status: f.code(),
                canonical: None,
                automorphisms: None,
                error: Some(f.into()),
                form: None,
                canonical_rules: None,
            },
        },
        Err(e) => JsonRecord {
            source,
            line: e.line,
            puzzle: None,
            status: "invalid",
            canonical: None,
            automorphisms: None,
            error: Some(sudoku_core::Problem::invalid(&e.kind)),
            form: None,
            canonical_rules: None,
        },
    }
}

pub(crate) fn run(args: &CanonArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let layout = match (args.dedup, args.json) {
        (true, _) => Layout {
            header: None,
            place: None,
            not_resumable: Some("--dedup writes one line per class, not per puzzle"),
        },
        (false, true) => Layout::json(),
        // One line per puzzle, but only invalid lines name their place.
        (false, false) => Layout { header: None, place: None, not_resumable: None },
    };
    let batch = Batch { args: &args.batch, command: "canon", layout };
    // The forms seen so far (--dedup): one per class.
    let mut seen: HashSet<(Grid, String)> = HashSet::new();
    let (mut puzzles, mut invalid) = (0usize, 0usize);
    let rules = args.batch.rules.clone();
    let status = batch.run(
        out,
        move |r| canon_record(&rules, r),
        |out, rec| {
            let bad = rec.status == "invalid";
            if bad {
                invalid += 1;
            } else {
                puzzles += 1;
            }
            if let Some(form) = rec.form.clone()
                && args.dedup
                && !seen.insert(form)
            {
                return Ok(false);
            }
            if args.json {
                serde_json::to_writer(&mut *out, &rec)?;
                writeln!(out)?;
            } else if let Some(form) = &rec.canonical {
                // Under jigsaw the layout is part of the form: "PUZZLE LAYOUT", as the variant
                // files write a jigsaw puzzle.
                match rec.canonical_rules.as_ref().and_then(Rules::layout) {
                    Some(l) => {
                        let layout: String = l.iter().map(|&r| char::from(b'1' + r)).collect();
                        writeln!(out, "{form} {layout}")?;
                    }
                    None => writeln!(out, "{form}")?,
                }
            } else if let Some(e) = &rec.error {
                let message = &e.message;
                writeln!(out, "{}:{}: invalid: {message}", rec.source, rec.line)?;
            }
            Ok(bad)
        },
    )?;
    if args.dedup {
        eprintln!(
            "sudoku canon: {puzzles} puzzles in {} classes, {invalid} invalid lines",
            seen.len()
        );
    }
    Ok(status)
}
