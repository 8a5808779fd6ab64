"""Taking assemblies apart and certified counts from Python equal the
command line's (`jigsat disasm`, `count --disassemble`, `count --certify`),
which the Rust tests hold to BurrTools' figures and checked proofs."""

import json

import pytest

import jigsat
from conftest import PUZZLES, REPO

BURRTOOLS = REPO / "tests" / "fixtures" / "burrtools"
CAGE = REPO / "tests" / "fixtures" / "cage.toml"


def test_a_solution_says_whether_it_comes_apart_as_disasm_does(cli):
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml")
    first = next(iter(soma.solutions(threads=1)))
    ours = first.disassemble()
    theirs = cli.json("disasm", PUZZLES / "soma.toml", "--solution", "1")["solutions"][0]
    assert ours.comes_apart is theirs["comes_apart"] is True
    assert ours.level == theirs["level"]
    assert [(m.pieces, m.direction, m.distance, m.separates) for m in ours.moves] == [
        (m["pieces"], m["direction"], m["distance"], m["separates"]) for m in theirs["moves"]
    ]
    assert sum(m.separates for m in ours.moves) == 6  # 7 pieces
    assert ours.plan.startswith("   1. ")
    assert "level" in repr(ours)


def test_a_piece_shut_in_a_cage_does_not_come_apart():
    cage = jigsat.Puzzle.from_file(CAGE)
    d = cage.solve().disassemble(max_states=10)
    assert not d.comes_apart
    assert d.level is None
    assert d.shut_in == ("cage", "cube")
    assert d.moves == []


def test_a_cap_of_states_reached_is_an_error_not_an_answer():
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml")
    with pytest.raises(jigsat.UsageError, match="the cap of 1 states"):
        soma.solve().disassemble(max_states=1)


def test_a_flat_solution_is_refused():
    flat = jigsat.Puzzle.from_file(PUZZLES / "pentomino-6x10.toml")
    with pytest.raises(jigsat.UsageError, match="flat"):
        flat.solve().disassemble()


def test_count_disassemble_equals_the_command_line(cli):
    path = BURRTOOLS / "soma.xmpuzzle"
    ours = jigsat.Puzzle.from_file(path).count(disassemble=True)
    theirs = cli.json("count", path, "--disassemble")
    assert (ours.count, ours.distinct) == (theirs["count"], theirs["distinct"])
    assert ours.come_apart == theirs["disassembly"]["come_apart"]
    assert ours.levels == theirs["disassembly"]["levels"]
    assert sum(ours.levels.values()) == ours.come_apart
    assert "come_apart=" in repr(ours)


def test_count_certify_equals_the_command_line(cli):
    path = PUZZLES / "tromino-choice.toml"
    ours = jigsat.Puzzle.from_file(path).count(certify=True)
    theirs = cli.json("count", path, "--certify")
    assert ours.certified is theirs["certified"] is True
    assert (ours.count, ours.distinct) == (theirs["count"], theirs["distinct"])
    assert ours.by == theirs["certificate"]["by"]
    assert ours.certificate["blocking"] == theirs["certificate"]["blocking"]
    assert ours.certificate["bytes"] > 0
    plain = jigsat.Puzzle.from_file(path).count()
    assert not plain.certified and plain.certificate is None and plain.levels is None


def test_certify_and_disassemble_together_are_refused():
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml")
    with pytest.raises(ValueError, match="one at a time"):
        soma.count(certify=True, disassemble=True)
