"""Fixtures: the repository's test data and the `sudoku` command, to compare with."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _target_dir() -> pathlib.Path:
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    return pathlib.Path(json.loads(meta.stdout)["target_directory"])


@pytest.fixture(scope="session")
def cli() -> str:
    """The `sudoku` binary: $SUDOKU_CLI, else built here (release, as users run it)."""
    path = os.environ.get("SUDOKU_CLI")
    if path:
        return path
    subprocess.run(["cargo", "build", "--release", "-p", "sudoku-command"], cwd=ROOT, check=True)
    return str(_target_dir() / "release" / "sudoku")


@pytest.fixture(scope="session")
def run_cli(cli):
    """Runs `sudoku ARGS` with `stdin`; returns (exit status, stdout, stderr)."""

    def run(*args, stdin=""):
        p = subprocess.run([cli, *args], input=stdin, capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def testdata() -> pathlib.Path:
    return ROOT / "testdata"
