"""`Puzzle.design()` gives the rows of `jigsat design`, which the Rust
tests hold to `count` of each choice alone."""

import jigsat
from conftest import PUZZLES


def test_design_rows_equal_the_command_line(cli):
    puzzle = jigsat.Puzzle.from_file(PUZZLES / "tromino-choice.toml")
    rows = puzzle.design()
    out = cli.json("design", PUZZLES / "tromino-choice.toml")
    assert rows == out["choices"]
    assert sum(r["count"] for r in rows) == puzzle.count().count
    assert sum(r["distinct"] for r in rows) == puzzle.count().distinct


def test_design_unique_and_all_filter_the_rows():
    puzzle = jigsat.Puzzle.from_file(PUZZLES / "hexiamonds-hexagon-nine.toml")
    rows = puzzle.design()
    assert puzzle.design(unique=True) == [r for r in rows if r["distinct"] == 1]
    every = puzzle.design(all=True)
    # Nine of twelve: C(12, 9) choices, those without a solution at 0.
    assert len(every) == 220
    assert [r for r in every if r["distinct"] > 0] == rows
    assert all(sum(r["pieces"].values()) == 9 for r in every)
