"""`Puzzle.best`: the best score of an edge-matching board, as `jigsat solve
--best` finds it. The score and the mismatched edges are counted again
here from the board's JSON alone."""

import json

import pytest

import jigsat
from conftest import PUZZLES, REPO


def recount(doc):
    """The matched inner edges and the mismatched ones, as (x, y, side),
    from a board's tiles (the `equal` rule)."""
    at = {tuple(t["at"][:2]): t["edges"] for t in doc["tiles"]}
    score, bad = 0, []
    for (x, y), edges in at.items():
        for side, (dx, dy), mine, theirs in (("right", (1, 0), 1, 3), ("bottom", (0, 1), 2, 0)):
            other = at.get((x + dx, y + dy))
            if other is None:
                continue
            if edges[mine] == other[theirs]:
                score += 1
            else:
                bad.append((x, y, side))
    return score, sorted(bad)


def test_the_score_and_the_mismatched_edges_are_the_boards(cli, tmp_path):
    path = tmp_path / "board.toml"
    cli("generate", "edges", "--size", "8x8", "--border", "0", "--colours", "6", "--clues", "2", "-o", path)
    best = jigsat.Puzzle.from_file(path).best(time_limit=1, threads=2, seed=3)
    doc = json.loads(best.json())
    score, bad = recount(doc)
    assert (best.score, best.max_score) == (score, 112)
    assert doc["score"] == score
    assert sorted((x, y, side) for x, y, side, _ in best.mismatched) == bad
    assert len(bad) == best.max_score - best.score
    assert best.ended in ("time limit", "solved")
    assert best.seed == 3
    assert 0 <= best.seconds <= 1.5
    assert best.board.text()
    assert "<svg" in best.board.svg()


def test_a_full_score_is_a_solution(cli):
    best = jigsat.Puzzle.from_file(PUZZLES / "big-cats.toml").best(time_limit=60)
    assert (best.score, best.max_score, best.ended, best.mismatched) == (12, 12, "solved", [])
    assert best.board.text()


def test_tiles_that_cannot_all_be_placed_give_none():
    puzzle = jigsat.Puzzle.from_file(REPO / "tests" / "fixtures" / "tile-nowhere.toml")
    assert puzzle.best(time_limit=5) is None


def test_a_packing_puzzle_and_bad_options_are_refused():
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml")
    with pytest.raises(jigsat.UsageError, match="edge-matching"):
        soma.best(time_limit=1)
    cats = jigsat.Puzzle.from_file(PUZZLES / "big-cats.toml")
    with pytest.raises(ValueError, match="time_limit"):
        cats.best(time_limit=0)
    with pytest.raises(ValueError, match="threads"):
        cats.best(time_limit=1, threads=0)
    for seed in (-1, 2**64):
        with pytest.raises(ValueError, match="seed"):
            cats.best(time_limit=1, seed=seed)
    with pytest.raises(TypeError):
        cats.best()
