//! Every format round-trips the top95 puzzles, and a pencil-mark set as far as it holds marks.

use sudoku_core::Board;
use sudoku_formats::{Format, Game};

use crate::util::{marked, round_trip, top95};

#[test]
fn every_format_round_trips_the_95_puzzles_of_top95() {
    let games: Vec<Game> = top95().into_iter().map(Game::new).collect();
    assert_eq!(games.len(), 95);
    for format in Format::ALL {
        assert_eq!(round_trip(&games, format), games, "{format}");
    }
}

#[test]
fn the_pencil_mark_set_keeps_what_each_format_holds() {
    let games = marked();
    for format in Format::ALL {
        let kept: Vec<Game> = games.iter().map(|g| format.retain(g)).collect();
        assert_eq!(round_trip(&games, format), kept, "{format}");
    }
}

#[test]
fn opensudoku_ipuz_and_hodoku_keep_placed_digits_and_marks_losslessly() {
    let games = marked();
    for format in [Format::OpenSudoku, Format::Ipuz, Format::Hodoku] {
        for (back, game) in round_trip(&games, format).iter().zip(&games) {
            assert_eq!(back.givens, game.givens, "{format}");
            assert_eq!(back.placed, game.placed, "{format}");
            assert_eq!(back.marks, game.marks, "{format}");
            assert_eq!(back.board(), game.board(), "{format}");
        }
    }
    // ipuz keeps the rest too.
    assert_eq!(round_trip(&games, Format::Ipuz), games);
}

#[test]
fn lines_keep_the_marks_of_cells_with_two_or_more() {
    let games = marked();
    for format in [Format::Line, Format::Json] {
        for (back, game) in round_trip(&games, format).iter().zip(&games) {
            let Board::Marks(g) = game.board() else { panic!("the set has marks") };
            let Board::Marks(b) = back.board() else {
                // No cell kept two candidates or more (random placed digits can leave none).
                assert!(back.marks.is_none(), "{format}");
                continue;
            };
            // Each empty cell keeps its marks, less the digits of the cells that became givens.
            for cell in back.givens.empty_cells() {
                let mut expected = g.candidates(cell);
                for peer in cell.peers() {
                    if let Some(d) = back.givens.get(peer) {
                        expected.remove(d);
                    }
                }
                assert_eq!(b.candidates(cell), expected, "{format} {cell}");
            }
            // What is lost: placed digits and cells with one mark become givens.
            assert!(back.placed.filled_cells().is_empty());
            assert!(back.givens.clue_count() >= game.digits().clue_count());
        }
    }
}

#[test]
fn what_a_format_does_not_hold_is_dropped() {
    let game = marked().remove(0);
    for format in [Format::Sdk, Format::Sdm, Format::Ss] {
        let back = round_trip(std::slice::from_ref(&game), format).remove(0);
        assert_eq!(back.givens, game.givens);
        assert!(back.placed.filled_cells().is_empty() && back.marks.is_none(), "{format}");
    }
    let sdk = round_trip(std::slice::from_ref(&game), Format::Sdk).remove(0);
    assert_eq!(sdk.meta.author.as_deref(), Some("unknown"));
    assert_eq!(sdk.meta.title, None, "SadMan has no title line");
}
