//! What the tests share: the top95 puzzles and a pencil-mark set made from them.

use rand::{RngExt, SeedableRng};
use sudoku_core::{CandidateGrid, Cell, Grid};
use sudoku_formats::{Format, Game, Marks, read, write};

/// The 95 puzzles of top95 (`tests/data/top95.txt`).
pub(crate) fn top95() -> Vec<Grid> {
    include_str!("../data/top95.txt").lines().map(|l| l.parse().expect("a puzzle")).collect()
}

/// A game in progress for each top95 puzzle: three digits placed (each one of its cell's
/// candidates, so none clashes) and the candidates left, with about one in four of those
/// crossed out where a cell keeps at least two; a title and an author on every other one.
pub(crate) fn marked() -> Vec<Game> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(95);
    top95()
        .into_iter()
        .enumerate()
        .map(|(k, puzzle)| {
            let mut board = CandidateGrid::new(&puzzle).expect("no clash");
            let mut game = Game::new(puzzle);
            for _ in 0..3 {
                let empty: Vec<Cell> = board
                    .empty_cells()
                    .iter()
                    .filter(|&c| !board.candidates(c).is_empty())
                    .collect();
                let cell = empty[rng.random_range(0..empty.len())];
                let choices: Vec<_> = board.candidates(cell).iter().collect();
                let digit = choices[rng.random_range(0..choices.len())];
                board.place(cell, digit);
                game.placed.set(cell, Some(digit));
            }
            let mut marks = Marks::of(&board);
            for cell in board.empty_cells() {
                let mut set = marks.get(cell);
                for d in set {
                    if set.len() > 2 && rng.random_bool(0.25) {
                        set.remove(d);
                    }
                }
                marks.set(cell, set);
            }
            game.marks = Some(marks);
            if k % 2 == 0 {
                game.meta.title = Some(format!("top95 #{}", k + 1));
                game.meta.author = Some("unknown".into());
            }
            game
        })
        .collect()
}

/// Writes `games` in `format` (one file each for a one-puzzle format) and reads them back.
pub(crate) fn round_trip(games: &[Game], format: Format) -> Vec<Game> {
    let files: Vec<String> = if format.holds_one() {
        games.iter().map(|g| write(std::slice::from_ref(g), format).expect("one game")).collect()
    } else {
        vec![write(games, format).expect("any number of games")]
    };
    files
        .iter()
        .flat_map(|text| read(text.as_bytes(), format))
        .map(|r| r.unwrap_or_else(|e| panic!("{format}: {e}")).game)
        .collect()
}
