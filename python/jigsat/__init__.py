"""jigsat: packing and edge-matching puzzles solved by SAT and exact search.

Polyominoes, polycubes, rectangles and edge-matching tiles, read from a
puzzle file (TOML or BurrTools ``.xmpuzzle``), from TOML text, or built
from lists of cells::

    import jigsat

    soma = jigsat.Puzzle.from_file("puzzles/soma.toml")
    print(soma.solve().text())          # the first solution, checked
    print(soma.count())                 # Counts(count=11520, distinct=240)
    for s in soma.solutions():          # streamed; break stops the search
        ...

    dominoes = jigsat.Puzzle(board=(2, 3), pieces=[jigsat.Piece("d", [(0, 0), (1, 0)], count=3)])

    e2 = jigsat.Puzzle.from_file("bench/eternity2.toml")
    best = e2.best(time_limit=60)       # every tile placed, the most edges matched
    print(best.score, "of", best.max_score); print(best.board.text())

Every search runs on jigsat's own threads with the GIL released; Ctrl-C
raises KeyboardInterrupt and stops it. Errors are ``jigsat.PuzzleError``
(``InputError``, ``UsageError``, ``TimeLimitError``, ``SolverError``,
``BugError``) with the command line's messages.
"""

from ._jigsat import (
    Best,
    BugError,
    Counts,
    Disassembly,
    InputError,
    Move,
    Piece,
    Puzzle,
    PuzzleError,
    Solution,
    Solutions,
    SolverError,
    TimeLimitError,
    UsageError,
    set_memory_limit,
)

__all__ = [
    "Best",
    "BugError",
    "Counts",
    "Disassembly",
    "InputError",
    "Move",
    "Piece",
    "Puzzle",
    "PuzzleError",
    "Solution",
    "Solutions",
    "SolverError",
    "TimeLimitError",
    "UsageError",
    "set_memory_limit",
]

