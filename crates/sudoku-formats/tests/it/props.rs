//! Property tests: no reader panics on any input, and every game a reader returns, or any
//! game at all, reads back as the format keeps it.

use proptest::prelude::*;
use sudoku_core::{Cell, Digit, DigitSet, Grid};
use sudoku_formats::{Format, Game, Marks, read, write};

use crate::util::top95;

fn format() -> impl Strategy<Value = Format> {
    proptest::sample::select(Format::ALL.to_vec())
}

/// Text a metadata field may hold: printable characters and line breaks.
fn text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[ -~é€\n]{0,12}")
}

/// Any game: a top95 puzzle, some of its empty cells placed with digits no peer holds, any
/// marks (even digits a peer holds), any solution cells and metadata.
fn game() -> impl Strategy<Value = Game> {
    (
        0..95usize,
        proptest::collection::vec((0..81usize, 1..=9u8), 0..12),
        proptest::option::of(proptest::collection::vec(0..512u16, 81)),
        proptest::option::of(proptest::collection::vec((0..81usize, 1..=9u8), 0..6)),
        (text(), text(), text(), text(), text()),
    )
        .prop_map(|(k, placed, marks, solution, (title, author, comment, difficulty, url))| {
            let puzzle = top95()[k];
            let mut game = Game::new(puzzle);
            for (i, d) in placed {
                let cell = Cell::new(i).unwrap();
                let digit = Digit::new(d);
                if game.digits().get(cell).is_none()
                    && game.digits().candidates(cell).contains(digit.unwrap())
                {
                    game.placed.set(cell, digit);
                }
            }
            game.marks = marks.map(|bits| {
                let mut m = Marks::EMPTY;
                for (i, b) in bits.into_iter().enumerate() {
                    m.set(Cell::new(i).unwrap(), DigitSet::from_bits(b));
                }
                m
            });
            game.solution = solution.map(|cells| {
                let mut g = Grid::EMPTY;
                for (i, d) in cells {
                    let cell = Cell::new(i).unwrap();
                    if g.candidates(cell).contains(Digit::new(d).unwrap()) && g.get(cell).is_none()
                    {
                        g.set(cell, Digit::new(d));
                    }
                }
                g
            });
            game.meta.title = title;
            game.meta.author = author;
            game.meta.comment = comment;
            game.meta.difficulty = difficulty;
            game.meta.url = url;
            game
        })
}

/// Bytes that look like the formats: their punctuation, digits and names.
fn formatish() -> impl Strategy<Value = Vec<u8>> {
    let piece = proptest::sample::select(vec![
        "<opensudoku",
        " version=\"2\"",
        "<folder name=\"a\">",
        "<game data=\"",
        "\"/>",
        "</folder>",
        "</opensudoku>",
        "version: 3\n",
        "version: 1\n",
        "0|0|1|",
        "5|12|0|",
        "1,2,|",
        "-|",
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"version\"",
        "\"http://ipuz.org/v2\"",
        "\"kind\"",
        "[\"http://ipuz.org/sudoku#1\"]",
        "\"puzzle\"",
        "\"saved\"",
        "\"solution\"",
        "\"charset\"",
        "\"empty\"",
        "\"given\"",
        "null",
        "0",
        "7",
        "12",
        "#A",
        "#L",
        "[Puzzle]",
        "|",
        "-----------",
        "+",
        ":0000:x:",
        ".---.",
        "'---'",
        "\n",
        " ",
        ".",
        "123456789",
        ".........",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ]);
    proptest::collection::vec(piece, 0..60).prop_map(|ps| ps.concat().into_bytes())
}

/// Each game read back in the format it was read from is what the format keeps of it.
fn reads_back(bytes: &[u8], format: Format) -> Result<(), TestCaseError> {
    let games: Vec<Game> =
        read(bytes, format).into_iter().filter_map(Result::ok).map(|i| i.game).collect();
    for game in games {
        let text = write(std::slice::from_ref(&game), format).expect("one game");
        let back: Vec<_> =
            read(text.as_bytes(), format).into_iter().map(|r| r.map(|i| i.game)).collect();
        prop_assert_eq!(back, vec![Ok(format.retain(&game))], "{}: {}", format, text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn no_reader_panics_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        for format in Format::ALL {
            let _ = read(&bytes, format);
            let _ = Format::guess(&bytes);
        }
    }

    #[test]
    fn readers_on_format_like_bytes_do_not_panic_and_read_back(bytes in formatish()) {
        for format in Format::ALL {
            reads_back(&bytes, format)?;
        }
    }

    #[test]
    fn any_game_reads_back_as_its_format_keeps_it(game in game(), format in format()) {
        let text = write(std::slice::from_ref(&game), format).unwrap();
        let back: Vec<_> = read(text.as_bytes(), format).into_iter().map(|r| r.map(|i| i.game)).collect();
        prop_assert_eq!(back, vec![Ok(format.retain(&game))], "{}", text);
    }

    #[test]
    fn format_names_round_trip(format in format()) {
        prop_assert_eq!(format.to_string().parse::<Format>(), Ok(format));
        prop_assert_eq!(format.name().to_uppercase().parse::<Format>(), Ok(format));
    }
}
