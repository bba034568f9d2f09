"""The binding: arguments in, records out, errors as exceptions, the GIL released and Ctrl-C
heard; where a function translates the command's flags, it is held against the command."""

import ast
import doctest
import inspect
import json
import pathlib
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import sudoku_rs

XY = "8.....9...6.....84..47....69..46..7..389.754..7..38..97....28..24.....5...6.....2"
XY_SOLUTION = "827614935169253784354789216912465378638927541475138629791542863243896157586371492"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
EMPTY = "." * 81
CLASH = "11" + "." * 79
# Two solutions: an unavoidable rectangle of the XY solution left open.
TWO = "8.7.149351.9.53784354789216912465378638927541475138629791542863243896157586371492"


def puzzles_of(path, limit=None, max_er=None):
    """The puzzles of a test file (first field of each line), optionally only those whose
    reference ER (second field, `ER/EP/ED`) is at most `max_er`."""
    out = []
    for line in pathlib.Path(path).read_text().splitlines():
        fields = line.split()
        if not fields or line.startswith("#"):
            continue
        if max_er is not None and float(fields[1].split("/")[0]) > max_er:
            continue
        out.append(fields[0])
    return out[:limit]


def json_lines(stdout):
    return [json.loads(l) for l in stdout.splitlines() if l.strip()]


# --- values: arguments in, records out ------------------------------------------------------
# The engines are tested in Rust (their crates' tests, the command's); these tests check the
# binding: that arguments reach the engine, that its records come back as the Python values
# the stub promises, and that the batch functions keep input order for any thread count.


def test_se_rating_returns_float_tuples_and_takes_any_iterable():
    assert sudoku_rs.se_rating(XY) == (4.2, 1.2, 1.2)
    assert all(isinstance(x, float) for x in sudoku_rs.se_rating(XY))
    # Any iterable of strings: a generator, a tuple; results in input order.
    assert sudoku_rs.se_rating_many(p for p in [XY, NO_SINGLES]) == [(4.2, 1.2, 1.2)] * 2
    assert sudoku_rs.se_rating_many((XY,), threads=1) == [(4.2, 1.2, 1.2)]
    # stop= reaches the solver: the XY-Wing is no diamond (ER 20.0 as serate writes it).
    assert sudoku_rs.se_rating(XY, stop="diamond")[0] == 20.0
    assert sudoku_rs.se_rating(XY, stop="pearl") == sudoku_rs.se_rating_many([XY], stop="pearl")[0]
    with pytest.raises(ValueError):
        sudoku_rs.se_rating(XY, stop="ruby")
    with pytest.raises(TypeError):
        sudoku_rs.se_rating(XY, "diamond")  # keyword-only
    with pytest.raises(TypeError):
        sudoku_rs.se_rating_many([XY, 7])  # not a string


def test_rate_returns_the_record_as_a_dict_in_its_field_order():
    names = sudoku_rs.ratings()
    assert len(names) == 15 and "se-rating" in names and "hodoku" in names
    every = sudoku_rs.rate(XY, names, samples=10, runs=3, seed=5)
    assert list(every) == [n.replace("-", "_") for n in names]
    assert every["se_rating"] == {"er": 4.2, "ep": 1.2, "ed": 1.2}
    assert every["depth"] == 2 and every["normal_width"] == 55
    assert set(every["average_width"]) == {"mean", "stderr", "samples"}
    # The metrics as a list or a comma-separated string; seed and samples reach the rating.
    text = sudoku_rs.rate(XY, "se-rating,average-width", samples=5, seed=9)
    assert text == sudoku_rs.rate(XY, ["se-rating", "average-width"], samples=5, seed=9)
    assert text["average_width"]["samples"] == 5


def test_results_are_the_same_for_any_thread_count(testdata):
    puzzles = puzzles_of(testdata / "se-bands.txt", max_er=8.0)
    one = sudoku_rs.rate_many(puzzles, "se-rating,average-width", threads=1, samples=5)
    two = sudoku_rs.rate_many(puzzles, "se-rating,average-width", threads=2, samples=5)
    every = sudoku_rs.rate_many(puzzles, "se-rating,average-width", samples=5)
    assert one == two == every
    assert [r["se_rating"] for r in one[:3]] == [sudoku_rs.rate(p, "se-rating")["se_rating"] for p in puzzles[:3]]
    assert sudoku_rs.se_rating_many(puzzles, threads=1) == sudoku_rs.se_rating_many(puzzles, threads=3)


def test_solve_and_count_return_strings_and_tuples():
    assert sudoku_rs.solve(XY) == XY_SOLUTION
    assert sudoku_rs.solve_many([XY, XY], threads=2) == [XY_SOLUTION, XY_SOLUTION]
    assert sudoku_rs.count_solutions(EMPTY, limit=10) == (10, True)
    assert sudoku_rs.count_solutions(XY) == (1, False)
    assert sudoku_rs.count_many([XY, EMPTY]) == [(1, False), (2, True)]
    assert sudoku_rs.check(XY) == 30 and sudoku_rs.parse(XY + " # comment") == XY
    with pytest.raises(sudoku_rs.BudgetExceededError):
        sudoku_rs.count_solutions(EMPTY, limit=10**9, budget=10)  # budget= reaches the solver


# An X-Sudoku (ER 9.3 in ../shared/data/variants/x.txt): unique under its rules only.
X_PUZZLE = "1...9.4..63.4.......9.8.6.2..7.............7.3..........3...2.59..2......8..5...."
X_SOLUTION = "172396458638425719549187632427539186891642573365718924713864295954273861286951347"
ROWS = "".join(str(r) * 9 for r in range(1, 10))


def test_rules_reach_the_solver_and_bad_specs_raise_value_error():
    assert sudoku_rs.solve(X_PUZZLE, rules="x") == X_SOLUTION
    assert sudoku_rs.solve_many([X_PUZZLE], rules="x") == [X_SOLUTION]
    assert sudoku_rs.count_solutions(X_PUZZLE, rules="x") == (1, False)
    assert sudoku_rs.count_solutions(X_PUZZLE)[0] == 2  # classic: several
    assert sudoku_rs.count_many([X_PUZZLE], rules="x") == [(1, False)]
    assert sudoku_rs.check(X_PUZZLE, rules="x") == 20
    assert sudoku_rs.check_many([X_PUZZLE], rules="x") == [20]
    assert sudoku_rs.solve(XY, rules="classic") == XY_SOLUTION
    # Two 1s in a box are fine in a jigsaw of rows, and clash on a diagonal under x.
    box_clash = "1.........1" + "." * 70
    with pytest.raises(sudoku_rs.InvalidPuzzleError):
        sudoku_rs.count_solutions(box_clash)
    assert sudoku_rs.count_solutions(box_clash, rules="jigsaw:" + ROWS)[0] == 2
    with pytest.raises(sudoku_rs.InvalidPuzzleError):
        sudoku_rs.count_solutions("1" + "." * 79 + "1", rules="x")
    with pytest.raises(ValueError, match="unknown rule"):
        sudoku_rs.solve(XY, rules="queen")


def test_canon_takes_the_variants_symmetries():
    turned = X_PUZZLE[::-1]  # the half turn keeps both diagonals
    swapped = X_PUZZLE[9:18] + X_PUZZLE[:9] + X_PUZZLE[18:]  # a row swap does not
    form = sudoku_rs.canon(X_PUZZLE, rules="x")
    assert form["canonical_rules"] == "x"
    assert sudoku_rs.canon(turned, rules="x")["canonical"] == form["canonical"]
    assert sudoku_rs.canon(swapped, rules="x")["canonical"] != form["canonical"]
    # Classic: one class, and the form is the command's.
    classic = sudoku_rs.canon(X_PUZZLE)
    assert sudoku_rs.canon(swapped)["canonical"] == classic["canonical"]
    assert "canonical_rules" not in classic
    # Jigsaw: the layout moves with the puzzle; transposing both keeps the form.
    transpose = lambda s: "".join(s[i % 9 * 9 + i // 9] for i in range(81))
    a = sudoku_rs.canon(X_PUZZLE, rules="jigsaw:" + ROWS)
    b = sudoku_rs.canon(transpose(X_PUZZLE), rules="jigsaw:" + transpose(ROWS))
    assert a == b and a["canonical_rules"].startswith("jigsaw:")
    with pytest.raises(sudoku_rs.InvalidPuzzleError):
        sudoku_rs.canon("1" + "." * 79 + "1", rules="x")


def test_explain_and_hint_return_their_records():
    ours = sudoku_rs.explain(XY)
    assert {"puzzle", "solution", "status", "se_rating", "steps"} <= set(ours)
    assert ours["se_rating"] == {"er": 4.2, "ep": 1.2, "ed": 1.2}
    assert (ours["puzzle"], ours["solution"], ours["status"]) == (XY, XY_SOLUTION, "solved")
    assert ours["steps"][0]["text"] == "Hidden Single: 8 in box 2 => E3=8"
    xy = [s for s in ours["steps"] if s["technique"] == "XY-Wing"]
    assert xy and xy[0]["difficulty"] == 4.2 and xy[0]["eliminations"] == ["B4<>5"]
    assert sudoku_rs.explain_many([XY, XY], threads=2) == [ours, ours]
    hint = sudoku_rs.hint(XY)
    assert (hint["grid"], hint["status"]) == (XY, "ok") and "source" not in hint
    assert hint["step"] == ours["steps"][0]
    assert sudoku_rs.hint(XY_SOLUTION) == {"grid": XY_SOLUTION, "status": "solved"}


def pencil_marks(puzzle):
    """The 729-character pencil marks of a puzzle: nine per cell, a given as its digit alone,
    an empty cell's candidates where no peer holds them."""
    rows = [puzzle[r * 9 : r * 9 + 9] for r in range(9)]
    out = []
    for r in range(9):
        for c in range(9):
            if rows[r][c] not in ".0":
                out.append("".join(d if d == rows[r][c] else "." for d in "123456789"))
                continue
            box = [rows[r // 3 * 3 + i][c // 3 * 3 + j] for i in range(3) for j in range(3)]
            seen = set(rows[r]) | {rows[k][c] for k in range(9)} | set(box)
            out.append("".join("." if d in seen else d for d in "123456789"))
    return "".join(out)


# ER 4.2, no naked single at the start: its marks read back as they are.
NO_SINGLES = "..6...5..7.....1..85.4.1..231.....9.4..9.6..3.9.....545..3.8.29..4.....1..8...7.."


def test_pencil_marks_are_taken_where_the_command_takes_them():
    marks = pencil_marks(NO_SINGLES)
    assert len(marks) == 729
    solution = sudoku_rs.solve(NO_SINGLES)
    assert sudoku_rs.solve(marks) == solution
    assert sudoku_rs.count_solutions(marks) == (1, False)
    for style in ("explainer", "hodoku"):
        ours = sudoku_rs.explain(marks, style=style)
        assert ours["puzzle"] == marks
        assert ours["steps"] == sudoku_rs.explain(NO_SINGLES, style=style)["steps"]
    rated = sudoku_rs.rate(marks, "se-rating,hodoku,hodoku-score")
    assert rated == sudoku_rs.rate(NO_SINGLES, "se-rating,hodoku,hodoku-score")
    assert sudoku_rs.se_rating(marks) == sudoku_rs.se_rating(NO_SINGLES) == (4.2, 1.2, 1.2)
    with pytest.raises(sudoku_rs.InvalidPuzzleError, match="depth needs givens, not pencil marks"):
        sudoku_rs.rate(marks, "se-rating,depth")
    mixed = sudoku_rs.rate_many([marks], "se-rating,depth", errors="return")[0]
    assert mixed["se_rating"]["er"] == 4.2 and mixed["depth"].code == "invalid"
    bad = marks[:10] + "x" + marks[11:]
    with pytest.raises(sudoku_rs.InvalidPuzzleError) as e:
        sudoku_rs.solve(bad)
    assert (e.value.line, e.value.column) == (1, 11)


def test_step_pictures_are_svg_text():
    hardest = sudoku_rs.step_svg(XY)
    assert hardest.startswith("<svg") and "XY-Wing" in hardest
    assert sudoku_rs.step_svg(XY, 3) != hardest  # step= picks the step
    assert sudoku_rs.hint(XY, svg=True)["svg"].startswith("<svg")
    assert "svg" not in sudoku_rs.hint(XY)
    with pytest.raises(IndexError):
        sudoku_rs.step_svg(XY, 1000)


def test_check_progress_converts_its_arguments_and_record_and_raises_typed_errors():
    mine = "814" + INKALA[3:]
    r = sudoku_rs.check_progress(INKALA, mine, crossed_out=("D1<>7", "A2<>1"))
    # The record as a dict in the schema's field order, its lists as lists of strings.
    assert list(r) == ["puzzle", "status", "solvable", "wrong", "clashes", "changed_givens", "excluded", "message"]
    assert (r["puzzle"], r["status"], r["solvable"]) == (INKALA, "ok", False)
    assert (r["wrong"], r["excluded"]) == (["C1=4"], ["D1<>7"])
    assert sudoku_rs.check_progress(INKALA, INKALA)["solvable"] is True
    with pytest.raises(sudoku_rs.InvalidPuzzleError, match="expected 81 cells, found 3"):
        sudoku_rs.check_progress(INKALA, "123")
    with pytest.raises(sudoku_rs.InvalidPuzzleError, match="not an elimination"):
        sudoku_rs.check_progress(INKALA, INKALA, crossed_out=["D1=7"])
    with pytest.raises(sudoku_rs.MultipleSolutionsError):
        sudoku_rs.check_progress(EMPTY, EMPTY)
    with pytest.raises(sudoku_rs.BudgetExceededError):
        sudoku_rs.check_progress(INKALA, INKALA, budget=1)
    with pytest.raises(TypeError):
        sudoku_rs.check_progress(INKALA, INKALA, crossed_out="D1<>7")  # a string is no list


# The generation functions translate keyword arguments into the command's flags: these tests
# hold them against the command with the same flags.


def test_band_generation_equals_the_commands(run_cli):
    status, out, err = run_cli("band", "se-rating=2.0..4.5", "--count", "4", "--seed", "7", "--json")
    assert status == 0, err
    cli = json_lines(out)
    ours = sudoku_rs.generate_band("se-rating=2.0..4.5", 4, seed=7)
    assert ours == cli
    assert sudoku_rs.generate_band("se-rating=2.0..4.5", 2, seed=7, first=2, threads=1) == cli[2:]


def test_the_hard_puzzle_search_equals_the_commands(run_cli):
    # start=20 keeps the explainer preset's clue limit (22), as --start random:20:22 does.
    status, out, err = run_cli("generate", "--steps", "2", "--start", "random:20:22", "--seed", "3", "--json", "--no-progress")
    assert status == 0, err
    cli = json.loads(out.splitlines()[-1])
    ours = sudoku_rs.generate(steps=2, start=20, seed=3)
    for key in ("puzzle", "solution", "clues", "se_rating", "energy", "steps", "seed", "stop_reason"):
        assert ours[key] == cli[key], key
    assert ours["stop_reason"] == "step_limit"
    assert sudoku_rs.count_solutions(ours["puzzle"]) == (1, False)


def test_a_search_from_given_puzzles_that_skips_known_ones_equals_the_commands(run_cli, testdata, tmp_path):
    starts = puzzles_of(testdata / "se-bands.txt", max_er=7.0)[:3]
    (tmp_path / "starts.txt").write_text("\n".join(starts) + "\n")
    plain = sudoku_rs.generate(steps=2, start=starts, moves="pattern", runs=2, seed=5)
    # The starts are known (they are expanded all the same), and so is the plain search's best.
    known = starts + [plain["puzzle"]]
    (tmp_path / "known.txt").write_text("\n".join(known) + "\n")
    status, out, err = run_cli(
        "generate", "--start", f"file:{tmp_path / 'starts.txt'}", "--moves", "pattern", "--steps", "2",
        "--runs", "2", "--known", str(tmp_path / "known.txt"), "--skip-known", "--seed", "5",
        "--json", "--no-progress",
    )
    assert status == 0, err
    cli = json.loads(out.splitlines()[-1])
    ours = sudoku_rs.generate(steps=2, start=starts, moves="pattern", runs=2, known=known, skip_known=True, seed=5, threads=1)
    for key in ("puzzle", "se_rating", "energy", "steps", "seed", "runs", "stop_reason", "known", "best_new"):
        assert ours[key] == cli[key], key
    assert ours["runs"] == 2 and not ours["known"] and ours["best_new"]["puzzle"] == ours["puzzle"]
    assert ours["puzzle"] != plain["puzzle"] and ours["puzzle"] not in starts
    # Without skip_known the search finds the known best again, and says so.
    again = sudoku_rs.generate(steps=2, start=starts, moves="pattern", runs=2, known=known, seed=5)
    assert again["puzzle"] == plain["puzzle"] and again["known"]


def test_a_search_refuses_settings_that_do_not_fit(testdata):
    start = puzzles_of(testdata / "se-bands.txt", max_er=7.0)[:1]
    with pytest.raises(ValueError, match="known"):
        sudoku_rs.generate(steps=1, start=start, skip_known=True)
    with pytest.raises(ValueError, match="best-first"):
        sudoku_rs.generate(steps=1, start=start, search="exchange", known=start, skip_known=True)
    with pytest.raises(sudoku_rs.InvalidPuzzleError) as bad:
        sudoku_rs.generate(steps=1, start=[start[0], "not a puzzle"])
    assert bad.value.index == 1
    with pytest.raises(TypeError, match="start"):
        sudoku_rs.generate(steps=1, start=start[0])
    with pytest.raises(ValueError, match="runs"):
        sudoku_rs.generate(steps=1, start=start, runs=0)
    with pytest.raises(ValueError):
        sudoku_rs.generate(steps=1, start=start, moves="sideways")


def test_read_puzzles_chunks_as_the_command_does(run_cli, testdata):
    path = testdata / "top95.txt"
    whole = sudoku_rs.read_puzzles(path)
    assert len(whole) == 95 and all(len(p) == 81 for _, p in whole)
    status, out, err = run_cli("check", "--json", "--chunk", "2/3", str(path))
    assert status == 0, err
    cli = [(r["line"], r["puzzle"]) for r in json_lines(out)]
    assert sudoku_rs.read_puzzles(path, chunk=(2, 3)) == cli == whole[1::3]


def test_rate_file_writes_the_commands_tsv_and_chunks_merge_back(run_cli, testdata, tmp_path):
    puzzles = puzzles_of(testdata / "se-bands.txt", max_er=6.0)[:40]
    lines = puzzles[:7] + ["not a puzzle", TWO] + puzzles[7:]
    path = tmp_path / "puzzles.txt"
    path.write_text("# a comment\n" + "\n".join(lines) + "\n")
    metrics = "se-rating,depth,average-width:samples=5"
    status, expected, _ = run_cli("rate", "--metrics", metrics, str(path))
    assert status == 1  # an invalid line
    assert sudoku_rs.rate_file(path, tmp_path / "whole.tsv", metrics, batch=7) == len(lines)
    assert (tmp_path / "whole.tsv").read_text() == expected
    chunks = []
    for k in (1, 2, 3):
        out = tmp_path / f"chunk-{k}.tsv"
        sudoku_rs.rate_file(path, out, metrics, chunk=(k, 3), threads=1)
        status, cli_chunk, _ = run_cli("rate", "--metrics", metrics, "--chunk", f"{k}/3", str(path))
        assert out.read_text() == cli_chunk
        chunks.append(str(out))
    merged = subprocess.run(
        [str(pathlib.Path(__file__).resolve().parents[3] / "scripts" / "merge-chunks.sh"), *chunks],
        check=True, capture_output=True, text=True,
    ).stdout
    assert merged == expected


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["12x", "x", "1111", CLASH, "." * 80, "." * 80 + "x"])
def test_invalid_puzzles_raise_the_commands_code_and_message(run_cli, bad):
    status, out, _ = run_cli("check", "--json", "-", stdin=bad + "\n")
    assert status == 1
    error = json_lines(out)[0]["error"]
    with pytest.raises(sudoku_rs.InvalidPuzzleError) as e:
        sudoku_rs.check(bad)
    assert (e.value.code, e.value.message) == (error["code"], error["message"])
    assert e.value.code == "invalid" and e.value.index is None


def test_errors_carry_positions():
    with pytest.raises(sudoku_rs.InvalidPuzzleError) as e:
        sudoku_rs.solve_many([XY, XY, "12x" + "." * 78])
    assert (e.value.index, e.value.line, e.value.column) == (2, 1, 3)
    assert str(e.value) == "puzzle 2: invalid character 'x' at line 1, column 3"
    assert isinstance(e.value, sudoku_rs.SudokuError) and isinstance(e.value, ValueError)
    # The first failure in input order is raised, whatever finishes first.
    with pytest.raises(sudoku_rs.MultipleSolutionsError) as e:
        sudoku_rs.se_rating_many([XY, EMPTY, "x"])
    assert (e.value.code, e.value.index) == ("multiple", 1)


def test_errors_can_be_returned_in_place():
    out = sudoku_rs.solve_many([XY, EMPTY, CLASH, "x"], errors="return")
    assert out[0] == XY_SOLUTION
    assert [type(x).__name__ for x in out[1:]] == ["MultipleSolutionsError", "InvalidPuzzleError", "InvalidPuzzleError"]
    assert [x.index for x in out[1:]] == [1, 2, 3]
    rated = sudoku_rs.rate_many([XY, TWO], "se-rating,normal-width", errors="return")
    assert rated[0]["se_rating"] == {"er": 4.2, "ep": 1.2, "ed": 1.2}
    assert isinstance(rated[1]["se_rating"], sudoku_rs.MultipleSolutionsError)
    assert rated[1]["normal_width"] > 0  # the widths are defined for any puzzle
    checked = sudoku_rs.check_many([XY, "x"])
    assert checked[0] == 30 and checked[1].code == "invalid"


def test_unsolvable_and_over_budget_puzzles(run_cli):
    none = "12345678." + "." * 8 + "9" + "." * 63
    with pytest.raises(sudoku_rs.NoSolutionError) as e:
        sudoku_rs.solve(none)
    assert e.value.code == "none"
    status, out, _ = run_cli("rate", "--metrics", "se-rating", "--chain-budget", "1000", "--json", INKALA)
    cli = json_lines(out)[0]["se_rating"]["error"]
    with pytest.raises(sudoku_rs.BudgetExceededError) as e:
        sudoku_rs.se_rating(INKALA, chain_budget=1000)
    assert (e.value.code, e.value.message) == (cli["code"], cli["message"])
    with pytest.raises(ValueError):
        sudoku_rs.rate(XY, "no-such-rating")
    with pytest.raises(TypeError):
        sudoku_rs.solve_many(XY)  # a string is not a sequence of puzzles
    with pytest.raises(ValueError):
        sudoku_rs.solve_many([XY], errors="ignore")


def test_exceptions_pickle():
    import pickle

    e = sudoku_rs.InvalidPuzzleError("bad", "invalid", 3, 1, 2)
    back = pickle.loads(pickle.dumps(e))
    assert (type(back), back.code, back.index, back.line, back.column) == (type(e), "invalid", 3, 1, 2)


# --- the GIL -------------------------------------------------------------------------------


@pytest.mark.parametrize("call", ["batch", "search"])
def test_the_gil_is_released_during_long_calls(testdata, call):
    puzzles = [p for _, p in sudoku_rs.read_puzzles(testdata / "top1465.txt")][:40]
    work = {
        "batch": lambda: sudoku_rs.se_rating_many(puzzles, threads=1),
        "search": lambda: sudoku_rs.generate(seconds=0.5, start=5, seed=1),
    }[call]
    done = threading.Event()
    worker = threading.Thread(target=lambda: (work(), done.set()))
    started = time.monotonic()
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1  # Python code runs here only while the call has let go of the GIL
        time.sleep(0.002)
    worker.join()
    elapsed = time.monotonic() - started
    assert elapsed > 0.1 and ticks >= elapsed / 0.002 / 10, (ticks, elapsed)


# --- Ctrl-C ---------------------------------------------------------------------------------


def _interrupt(code, after):
    """Runs `code` in a fresh interpreter; once it prints "ready" (just before the call under
    test), waits `after` seconds and sends SIGINT. Returns (exit status, the rest of stdout,
    seconds from the signal to the exit). The child restores Python's own SIGINT handler first:
    a test run in the background (nohup, a CI job) inherits SIGINT ignored, and Python then
    leaves it ignored."""
    prologue = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
    p = subprocess.Popen(
        [sys.executable, "-u", "-c", prologue + textwrap.dedent(code)], stdout=subprocess.PIPE, text=True
    )
    assert p.stdout.readline().strip() == "ready"
    time.sleep(after)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=300)
    return p.returncode, out, time.monotonic() - sent


def test_ctrl_c_stops_a_batch_with_keyboard_interrupt(testdata):
    code = f"""
        import sudoku_rs
        puzzles = [p for _, p in sudoku_rs.read_puzzles({str(testdata / "top1465.txt")!r})] * 50
        print("ready")
        try:
            sudoku_rs.se_rating_many(puzzles)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
    """
    status, out, after = _interrupt(code, 1.0)
    assert out.strip() == "interrupted" and status == 0
    assert after < 30


def test_ctrl_c_stops_a_search_with_the_best_so_far():
    # The start phase (20 random minimal puzzles, rated) takes well under a second; the
    # search after it runs until the signal.
    code = """
        import sudoku_rs
        print("ready")
        g = sudoku_rs.generate(seconds=600, start=20, seed=2)
        print(g["stop_reason"], len(g["puzzle"]))
    """
    status, out, after = _interrupt(code, 8.0)
    assert status == 0 and out.split() == ["interrupted", "81"]
    assert after < 60


# --- documentation --------------------------------------------------------------------------


STUB = pathlib.Path(sudoku_rs.__file__).with_name("__init__.pyi")


def _stub_docs():
    tree = ast.parse(STUB.read_text())
    return {n.name: ast.get_docstring(n) for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_every_public_function_is_typed_and_documented_with_its_stub_docstring():
    docs = _stub_docs()
    functions = [n for n in sudoku_rs.__all__ if callable(getattr(sudoku_rs, n)) and not n[0].isupper()]
    assert sorted(functions) == sorted(docs)
    for name in functions:
        assert docs[name], name
        assert inspect.cleandoc(getattr(sudoku_rs, name).__doc__) == docs[name], name


def test_docstring_examples_run():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    texts = dict(_stub_docs())
    texts["module"] = sudoku_rs.__doc__
    texts["SudokuError"] = sudoku_rs.SudokuError.__doc__
    for name, text in texts.items():
        test = parser.get_doctest(text, {"sudoku_rs": sudoku_rs, **vars(sudoku_rs)}, name, str(STUB), 0)
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 20


def test_ruleset_is_the_keyword_and_style_its_other_name():
    by_ruleset = sudoku_rs.explain(XY, ruleset="hodoku")
    assert "hodoku" in by_ruleset and "se_rating" not in by_ruleset
    assert sudoku_rs.explain(XY, style="hodoku") == by_ruleset
    assert sudoku_rs.hint(XY, ruleset="hodoku") == sudoku_rs.hint(XY, style="hodoku")
    assert "se_rating" in sudoku_rs.explain(XY)
    with pytest.raises(ValueError, match="another name"):
        sudoku_rs.explain(XY, ruleset="hodoku", style="explainer")
    with pytest.raises(ValueError, match="unknown ruleset"):
        sudoku_rs.hint(XY, ruleset="sukaku")


def test_hint_detail_is_passed_through_and_checked():
    # The levels themselves are tested in sudoku-logic; here: the keyword, its record, errors.
    full = sudoku_rs.hint(XY)
    assert sudoku_rs.hint(XY, detail="full") == full and "detail" not in full
    vague = sudoku_rs.hint(XY, detail="technique")
    assert vague["detail"] == "technique"
    assert vague["step"] == {"technique": "Hidden Single", "text": "Hidden Single"}
    where = sudoku_rs.hint(XY, detail="cells", ruleset="hodoku")
    assert {"units", "cells"} <= set(where["step"]) and "placements" not in where["step"]
    result = sudoku_rs.hint(XY, detail="result", svg=True)
    assert result["step"]["placements"] == full["step"]["placements"]
    assert result["svg"].startswith("<svg")
    with pytest.raises(ValueError, match="unknown detail"):
        sudoku_rs.hint(XY, detail="everything")


def test_generate_band_passes_needs_and_clues_through():
    # The search itself is tested in sudoku-generate; here: the keywords, the record, errors.
    [p] = sudoku_rs.generate_band("hodoku=hard..unfair", needs=["hodoku:sk"], seed=3)
    assert p["needs"] == ["hodoku:Skyscraper"] and len(p["first_use"]["marks"]) == 729
    assert p["puzzle"] == sudoku_rs.generate_band("hodoku=hard..unfair", needs=["Skyscraper"], seed=3)[0]["puzzle"]
    [q] = sudoku_rs.generate_band("hodoku=easy", clues=(28, 30))
    assert 28 <= q["clues"] <= 30 and q["clue_range"] == "28..30"
    with pytest.raises(ValueError, match="unknown technique"):
        sudoku_rs.generate_band("hodoku=easy", needs=["Sky Scraper"])
    with pytest.raises(ValueError, match="clue counts from 17 to 80"):
        sudoku_rs.generate_band("hodoku=easy", clues=(30, 20))
