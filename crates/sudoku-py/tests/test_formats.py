"""Puzzle file formats: read_games, convert and read_puzzles(format=...), held against
`sudoku convert`."""

import pytest

import sudoku_rs

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_convert_writes_what_the_command_writes(run_cli):
    sdm = P.replace(".", "0") + "\n"
    for to in ["opensudoku", "hodoku", "line", "json", "sdm", "ipuz", "ss", "sdk"]:
        code, out, err = run_cli("convert", "--from", "sdm", "--to", to, stdin=sdm)
        assert code == 0, err
        assert sudoku_rs.convert(sdm, to, format="sdm") == out, to


def test_read_games_keeps_givens_placed_digits_and_marks():
    library = f":0000:x:4+9{P[2:]}:118 128:::\n"
    [game] = sudoku_rs.read_games(library, "hodoku")
    assert game["line"] == 1
    assert game["givens"] == P and game["placed"] == "." + "9" + "." * 79
    assert len(game["marks"]) == 729 and game["puzzle"] == game["marks"]
    assert sudoku_rs.read_games(sudoku_rs.convert(library, "ipuz"), "ipuz")[0] == game


def test_a_bad_entry_raises_with_its_line_or_is_kept():
    text = P.replace(".", "0") + "\n12\n" + P + "\n"
    with pytest.raises(sudoku_rs.InvalidPuzzleError) as e:
        sudoku_rs.read_games(text, "sdm")
    assert e.value.line == 2 and str(e.value) == "line 2: expected 81 cells, found 2"
    kept = sudoku_rs.read_games(text, "sdm", invalid="keep")
    assert [g["line"] for g in kept] == [1, 2, 3] and kept[1]["puzzle"] is None
    assert [g["line"] for g in sudoku_rs.read_games(text, "sdm", invalid="skip")] == [1, 3]
    with pytest.raises(ValueError, match="unknown format"):
        sudoku_rs.read_games(text, "pdf")
    with pytest.raises(ValueError, match="one puzzle per file"):
        sudoku_rs.convert(P + "\n" + P + "\n", "ss", format="line")


def test_read_puzzles_reads_a_file_in_a_format(tmp_path):
    f = tmp_path / "p.opensudoku"
    zeros = P.replace(".", "0")
    f.write_text(f'<opensudoku>\n<game data="{zeros}"/>\n<game data="12"/>\n<game data="{zeros}"/>\n</opensudoku>\n')
    assert sudoku_rs.read_puzzles(f, format="opensudoku", invalid="skip") == [(2, P), (4, P)]
    assert sudoku_rs.read_puzzles(f, format="opensudoku", invalid="keep", chunk=(2, 3)) == [(3, None)]
    with pytest.raises(sudoku_rs.InvalidPuzzleError) as e:
        sudoku_rs.read_puzzles(f, format="opensudoku")
    assert e.value.line == 3 and "field data" in str(e.value)
