//! Random minimal puzzles, one per line: `random_puzzles [--count N] [--seed S]`.
//!
//! Each puzzle: a random solution grid (seeded), its 81 cells removed in a random order while
//! the puzzle stays unique, so every remaining clue is needed. The baseline of what "random"
//! puzzles are like (rating distributions) and test material for the raters.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use clap::Parser;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{Cell, Grid};
use sudoku_solve::random_solution;

/// A random minimal puzzle with solution grid drawn from `rng`.
fn random_minimal(rng: &mut Pcg64Mcg) -> Grid {
    let mut puzzle = random_solution(rng);
    let mut cells: Vec<Cell> = Cell::all().collect();
    cells.shuffle(rng);
    for cell in cells {
        let digit = puzzle.get(cell);
        puzzle.set(cell, None);
        if sudoku_solve::solve(&puzzle).unique().is_none() {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

/// Random minimal puzzles, one per line.
#[derive(Parser, Debug)]
struct Args {
    /// How many puzzles.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Seed of the whole list.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() {
    let args = Args::parse();
    let mut rng = Pcg64Mcg::seed_from_u64(args.seed);
    for _ in 0..args.count {
        println!("{}", random_minimal(&mut rng));
    }
}
