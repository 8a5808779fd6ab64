"""The solutions stream: a loop may stop early, and the search stops
with it."""

import os

import jigsat
from conftest import PUZZLES


def threads():
    return len(os.listdir("/proc/self/task"))


def settles_to(n):
    """Whether the process comes back to `n` threads: a bounded number of
    looks, no timing asserted."""
    import time

    for _ in range(200):
        if threads() <= n:
            return True
        time.sleep(0.05)
    return False


def test_a_loop_stops_after_ten_and_the_search_with_it():
    y25 = jigsat.Puzzle.from_file(PUZZLES / "y25.toml")  # minutes to list in full
    before = threads()
    solutions = y25.solutions()
    taken = []
    for s in solutions:
        assert len(s.placements) == 25
        taken.append(s)
        if len(taken) == 10:
            break
    assert len({frozenset((n, frozenset(c)) for n, c in s.placements) for s in taken}) == 10
    solutions.close()
    assert next(solutions, None) is None
    assert settles_to(before)


def test_dropping_the_iterator_stops_the_search():
    y25 = jigsat.Puzzle.from_file(PUZZLES / "y25.toml")
    before = threads()
    first = next(iter(y25.solutions()))
    assert first is not None
    assert settles_to(before)


def test_a_with_block_closes_it():
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml")
    with soma.solutions() as solutions:
        first = next(solutions)
    assert next(solutions, None) is None
    assert sorted(first.pieces) == ["A", "B", "L", "P", "T", "V", "Z"]


def test_copies_are_numbered_as_the_pictures_number_them():
    y25 = jigsat.Puzzle.from_file(PUZZLES / "y25.toml")
    solution = y25.solve()
    assert sorted(solution.pieces) == sorted(f"Y#{k}" for k in range(1, 26))
    assert {name for name, _ in solution.placements} == {"Y"}
    dominoes = jigsat.Puzzle(board=(2, 3), pieces=[jigsat.Piece("d", [(0, 0), (1, 0)], count=3)])
    assert dominoes.count().count == 3
    assert all(len(c) == 2 for c in dominoes.solve().pieces["d#1"])


def test_pictures_and_files():
    soma = jigsat.Puzzle.from_file(PUZZLES / "soma.toml").solve()
    assert soma.svg().lstrip().startswith(("<svg", "<?xml"))
    assert soma.html().startswith("<!DOCTYPE html>")
    assert '"piece": "V"' in soma.json()
    stl = soma.stl()
    assert int.from_bytes(stl[80:84], "little") * 50 + 84 == len(stl)
    assert str(soma) == soma.text()
    assert soma.text(ascii=True).isascii()
    assert soma == soma


SHARED = f"""
import json, sys, threading, jigsat
soma = jigsat.Puzzle.from_file({str(PUZZLES / "soma.toml")!r})
solutions = soma.solutions()
taken = [[], []]
def drain(k):
    for s in solutions:
        taken[k].append(sorted((n, sorted(map(tuple, c))) for n, c in s.placements))
threads = [threading.Thread(target=drain, args=(k,)) for k in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps(taken))
"""


def test_two_threads_share_one_iterator_and_each_solution_goes_to_one(cli):
    """Two threads drain one iterator: every class once, none twice, no
    deadlock (a child process, so that one is a failure, not a hang)."""
    import json
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [sys.executable, "-c", SHARED], capture_output=True, text=True, timeout=300
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("two threads on one solutions() iterator deadlocked")
    assert done.returncode == 0, done.stderr
    taken = json.loads(done.stdout)
    every = [repr(s) for k in taken for s in k]
    assert len(every) == len(set(every)), "a solution went to both threads"
    assert len(every) == cli.json("count", PUZZLES / "soma.toml")["distinct"]
