"""Bad input raises jigsat.PuzzleError (a subclass per kind) with the
command line's message, word for word; limits hold from Python."""

import pytest

import jigsat
from conftest import PUZZLES

BAD = {
    "unknown-field.toml": '[board]\nsize = [2, 2]\nsizes = 3\n[[piece]]\nname = "o"\nsize = [2, 2]\n',
    "bad-rotations.toml": '[board]\nsize = [2, 2]\n[rules]\nrotations = "sideways"\n[[piece]]\nname = "o"\nsize = [2, 2]\n',
    "no-pieces.toml": "[board]\nsize = [2, 2]\n",
    "not-toml.toml": "[board\n",
    "two-names.toml": '[board]\nsize = [2, 1]\n[[piece]]\nname = "a"\nsize = [1, 1]\n[[piece]]\nname = "a"\nsize = [1, 1]\n',
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_file_raises_the_command_lines_message(cli, tmp_path, name):
    path = tmp_path / name
    path.write_text(BAD[name])
    done = cli("solve", path, check=False)
    assert done.returncode == 2
    expected = done.stderr.strip().removeprefix("jigsat: ")
    with pytest.raises(jigsat.InputError) as raised:
        jigsat.Puzzle.from_file(path)
    assert str(raised.value) == expected
    assert isinstance(raised.value, jigsat.PuzzleError)


def test_a_missing_file_names_it(cli, tmp_path):
    path = tmp_path / "missing.toml"
    done = cli("solve", path, check=False)
    with pytest.raises(jigsat.InputError) as raised:
        jigsat.Puzzle.from_file(path)
    assert str(raised.value) == done.stderr.strip().removeprefix("jigsat: ")


def test_toml_text_errors_name_the_line():
    with pytest.raises(jigsat.InputError, match=r"^<toml>:3:1: "):
        jigsat.Puzzle.from_toml(BAD["unknown-field.toml"])


def test_a_bad_built_puzzle_names_the_field():
    with pytest.raises(jigsat.InputError, match=r"^puzzle: piece\[1\]"):
        jigsat.Puzzle(board=(2, 2), pieces=[jigsat.Piece("a", [(0, 0)]), jigsat.Piece("b", [])])
    with pytest.raises(jigsat.InputError, match="rotations"):
        jigsat.Puzzle(board=(2, 1), pieces=[jigsat.Piece("d", [(0, 0), (1, 0)])], rotations="sideways")
    with pytest.raises(TypeError):
        jigsat.Piece("a", [(0, 0, 0, 0)])
    with pytest.raises(TypeError):
        jigsat.Puzzle(board=(2, 2), pieces=["not a piece"])


def test_an_impossible_puzzle_solves_to_none():
    bar = jigsat.Piece("bar", [(0, 0), (1, 0), (2, 0)])
    assert jigsat.Puzzle(board=(2, 2), pieces=[bar], fill="partial").solve() is None
    assert jigsat.Puzzle(board=(2, 2), pieces=[bar], fill="partial").count() == jigsat.Puzzle(
        board=(2, 2), pieces=[bar], fill="partial"
    ).count()


def test_bad_options_are_usage_errors():
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml")
    with pytest.raises(jigsat.UsageError, match="unknown solver 'glucose'"):
        soma.solve(engine="glucose")
    with pytest.raises(jigsat.UsageError, match="--encoding"):
        soma.solve(encoding="tiny")
    with pytest.raises(ValueError):
        soma.solve(time_limit=-1)
    with pytest.raises(TypeError, match="engin"):
        soma.solve(engin="dlx")
    with pytest.raises(TypeError, match="fixed_board"):
        soma.count(fixed_board=True)


def test_the_time_limit_holds():
    y25 = jigsat.Puzzle.from_file(PUZZLES / "y25.toml")
    with pytest.raises(jigsat.TimeLimitError, match="time limit of 0.3 s reached"):
        y25.count(time_limit=0.3)
    with pytest.raises(jigsat.TimeLimitError):
        for _ in y25.solutions(time_limit=0.3):
            pass


def test_the_memory_budget_holds(cli):
    y25 = jigsat.Puzzle.from_file(PUZZLES / "y25.toml")
    jigsat.set_memory_limit(1000)
    try:
        with pytest.raises(jigsat.UsageError, match="the limit is"):
            y25.to_dimacs()
    finally:
        jigsat.set_memory_limit(0)
    assert y25.to_dimacs().startswith("c ")


def test_a_panic_inside_is_a_bug_error_not_a_crash():
    from jigsat import _jigsat

    with pytest.raises(jigsat.BugError, match="please report it.*raised on purpose"):
        _jigsat._panic_for_tests()
    # The interpreter and the library live on after it.
    dominoes = jigsat.Puzzle(board=(2, 2), pieces=[jigsat.Piece("d", [(0, 0), (1, 0)], 2)])
    assert dominoes.solve() is not None


def test_time_limit_and_threads_take_what_the_command_line_takes(cli):
    """`time_limit=` and `threads=` take what `--time-limit` and `-j` take;
    anything else is a ValueError naming the option (1e308 was a panic,
    BugError, and `threads` had no bound)."""
    soma = PUZZLES / "soma.toml"
    puzzle = jigsat.Puzzle.from_file(soma)
    for seconds in (1e308, float("inf"), float("nan"), 0, -1, 1e9 * 1.5):
        with pytest.raises(ValueError, match="^time_limit: "):
            puzzle.solve(time_limit=seconds)
        assert cli("solve", soma, "--time-limit", str(seconds), check=False).returncode == 2
    for threads in (0, -1, 1025, 2**64):
        with pytest.raises(ValueError, match="^threads: "):
            puzzle.count(threads=threads)
        assert cli("count", soma, "-j", str(threads), check=False).returncode == 2
    with pytest.raises(TypeError):
        puzzle.count(threads=2.5)
    dominoes = jigsat.Puzzle(board=(2, 3), pieces=[jigsat.Piece("d", [(0, 0), (1, 0)], count=3)])
    assert dominoes.count(time_limit=1e9, threads=2).count == 3
