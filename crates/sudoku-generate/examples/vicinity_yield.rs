//! How much each kind of move yields from given puzzles: the {-1+1} vicinity against the
//! pattern moves (two clues' digits changed at once), by the ER of the neighbours they list.
//!
//! ```text
//! cargo run --release -p sudoku-generate --example vicinity_yield -- PUZZLES [THRESHOLD]
//! ```
//!
//! For each puzzle of the file (the first 81 characters of each line), prints its ER (with
//! the energy's tie-break), then for each kind: neighbours listed, seconds to list them,
//! seconds to rate them (on all threads), how many rate at or above the threshold (11.0 by
//! default) and the highest; then the totals.

// An example's report is its output.
#![allow(clippy::print_stdout)]

use std::io::BufRead;
use std::time::Instant;

use rayon::prelude::*;
use sudoku_core::Grid;
use sudoku_generate::{Energy, Moves, PuzzleModel, PuzzleMove, PuzzleState};
use sudoku_metrics::Difficulty;
use tempering::{Model, Neighbourhood};

/// What one kind of move gave: neighbours, seconds listing, seconds rating, hits, best.
#[derive(Default)]
struct Yield {
    listed: usize,
    list_s: f64,
    rate_s: f64,
    hits: usize,
    best: f64,
}

impl Yield {
    fn add(&mut self, other: &Yield) {
        self.listed += other.listed;
        self.list_s += other.list_s;
        self.rate_s += other.rate_s;
        self.hits += other.hits;
        self.best = self.best.max(other.best);
    }
}

impl std::fmt::Display for Yield {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:5} listed in {:6.3} s, rated in {:7.2} s, {:4} at or above, best {:5.2}",
            self.listed, self.list_s, self.rate_s, self.hits, self.best
        )
    }
}

fn measure<U: Difficulty>(
    model: &PuzzleModel<U>,
    state: &PuzzleState,
    moves: &[PuzzleMove],
    list_s: f64,
    threshold: f64,
) -> Yield {
    let t = Instant::now();
    let rated: Vec<f64> = moves
        .par_iter()
        .map(|mv| {
            let mut mv = *mv;
            let mut next = *state;
            model.delta(state, model.energy(state), &mut mv);
            model.apply(&mut next, mv);
            next.u
        })
        .collect();
    Yield {
        listed: moves.len(),
        list_s,
        rate_s: t.elapsed().as_secs_f64(),
        hits: rated.iter().filter(|&&u| u >= threshold).count(),
        best: rated.iter().copied().filter(|u| !u.is_nan()).fold(0.0, f64::max),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        return Err("usage: vicinity_yield PUZZLES [THRESHOLD]".into());
    };
    let threshold: f64 = args.get(2).map_or(Ok(11.0), |t| t.parse())?;
    let energy: Energy = "se-rating".parse()?;
    let (mut single_total, mut pattern_total) = (Yield::default(), Yield::default());
    for line in std::io::BufReader::new(std::fs::File::open(path)?).lines() {
        let line = line?;
        let Some(text) = line.get(..81) else { continue };
        let puzzle: Grid = text.parse()?;
        let Some(solution) = sudoku_solve::solve(&puzzle).unique() else { continue };
        let clues = puzzle.filled_cells().iter().fold(0u128, |m, c| m | 1 << c.index());
        let model =
            PuzzleModel::new(solution, energy.difficulty(10_000_000), 1).with_moves(Moves::PATTERN);
        let state = model.state(clues);
        let t = Instant::now();
        let moves = model.neighbours(&state);
        let list_s = t.elapsed().as_secs_f64();
        let vicinity = PuzzleModel::new(solution, energy.difficulty(10_000_000), 1)
            .with_moves(Moves::Vicinity);
        let t = Instant::now();
        let single = vicinity.neighbours(&state).len();
        let single_s = t.elapsed().as_secs_f64();
        let (first, pairs) = moves.split_at(single);
        let a = measure(&model, &state, first, single_s, threshold);
        let b = measure(&model, &state, pairs, list_s - single_s, threshold);
        println!("{text} {:5.2}\n  vicinity {a}\n  pattern  {b}", state.u);
        single_total.add(&a);
        pattern_total.add(&b);
    }
    println!(
        "total (at or above {threshold})\n  vicinity {single_total}\n  pattern  {pattern_total}"
    );
    Ok(())
}
