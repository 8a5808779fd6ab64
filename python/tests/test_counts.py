"""Counts and listings equal the command line's (`jigsat count`, `jigsat
solve --all`), which the Rust tests hold to the published figures."""

import jigsat
from conftest import PUZZLES


def cli_counts(cli, name):
    out = cli.json("count", PUZZLES / name)
    return out["count"], out["distinct"]


def test_soma_counts_equal_the_command_line(cli):
    counts = jigsat.Puzzle.from_file(PUZZLES / "soma.toml").count()
    assert (counts.count, counts.distinct) == cli_counts(cli, "soma.toml")


def test_6x10_counts_equal_the_command_line(cli):
    counts = jigsat.Puzzle.from_file(PUZZLES / "pentomino-6x10.toml").count()
    assert (counts.count, counts.distinct) == cli_counts(cli, "pentomino-6x10.toml")


def cells_of(solution):
    return frozenset((name, frozenset(map(tuple, cells))) for name, cells in solution.placements)


def test_6x10_listing_gives_every_solution_on_a_fixed_board_once(cli):
    puzzle = jigsat.Puzzle.from_file(PUZZLES / "pentomino-6x10.toml")
    count, distinct = cli_counts(cli, "pentomino-6x10.toml")
    fixed = [cells_of(s) for s in puzzle.solutions(fixed_board=True)]
    assert len(fixed) == count
    assert len(set(fixed)) == count
    classes = [cells_of(s) for s in puzzle.solutions()]
    assert len(set(classes)) == distinct
    # Each class's representative is one of the fixed-board solutions.
    assert set(classes) <= set(fixed)


def test_the_classes_listed_are_the_command_lines(cli):
    out = cli.json("solve", PUZZLES / "soma.toml", "--all", "-j", "1")
    theirs = {
        frozenset((p["piece"], frozenset(map(tuple, p["cells"]))) for p in s)
        for s in (s["pieces"] if isinstance(s, dict) else s for s in out["solutions"])
    }
    ours = {cells_of(s) for s in jigsat.Puzzle.from_file(PUZZLES / "soma.toml").solutions(threads=1)}
    assert len(ours) == 240
    assert ours == theirs


def test_dimacs_is_the_command_lines_and_a_model_reads_back(cli):
    puzzle = jigsat.Puzzle.from_file(PUZZLES / "tetromino-4x5.toml")
    ours = puzzle.to_dimacs(encoding="sequential")
    theirs = cli("dimacs", PUZZLES / "tetromino-4x5.toml", "--encoding", "sequential").stdout
    strip = lambda t: [l for l in t.splitlines() if not l.startswith("c puzzle") and not l.startswith("c file")]
    assert strip(ours) == strip(theirs)
    # No solver here: a model that names no placement falsifies a clause.
    try:
        puzzle.decode("s SATISFIABLE\nv 0\n", encoding="sequential")
    except jigsat.InputError as e:
        assert "<model>" in str(e)
    else:
        raise AssertionError("an empty model was accepted")
