"""The exceptions of sudoku_rs: one per status word of the ``sudoku`` command's JSON."""

from __future__ import annotations

from typing import Optional

__all__ = [
    "SudokuError",
    "InvalidPuzzleError",
    "NoSolutionError",
    "MultipleSolutionsError",
    "BudgetExceededError",
]


class SudokuError(ValueError):
    """A puzzle that could not be handled.

    Attributes:
        message: what went wrong, the message the ``sudoku`` command gives.
        code: the status word of ``docs/schema.md`` (``invalid``, ``none``, ``multiple``,
            ``budget_exceeded``).
        index: the puzzle's position in a batch's input (from 0), or ``None``.
        line: the line of the problem in the text or file (from 1), or ``None``.
        column: the column of a bad character (from 1), or ``None``.

    >>> import sudoku_rs
    >>> try:
    ...     sudoku_rs.solve_many(["1" * 81])
    ... except sudoku_rs.SudokuError as e:
    ...     print(e.code, e.index)
    invalid 0
    """

    def __init__(
        self,
        message: str,
        code: str = "error",
        index: Optional[int] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        super().__init__(message, code, index, line, column)
        self.message = message
        self.code = code
        self.index = index
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = []
        if self.index is not None:
            where.append(f"puzzle {self.index}")
        if self.line is not None and self.column is None:
            where.append(f"line {self.line}")
        prefix = ", ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message


class InvalidPuzzleError(SudokuError):
    """Text that is not a puzzle (code ``invalid``): a wrong length, a bad character (with
    its ``line`` and ``column``), clashing givens."""


class NoSolutionError(SudokuError):
    """A puzzle without a solution (code ``none``)."""


class MultipleSolutionsError(SudokuError):
    """A puzzle with more than one solution, where one is needed (code ``multiple``)."""


class BudgetExceededError(SudokuError):
    """The work needed more than its budget (code ``budget_exceeded``)."""
