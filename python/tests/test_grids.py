"""Puzzles on the other grids built from plain lists with ``grid=``: the
published counts (Polyform Puzzler's, which the Rust tests hold the
command line to) from the pieces of the repository's puzzle files."""

import tomllib

import jigsat
from conftest import PUZZLES


def pieces_of(name):
    with open(PUZZLES / name, "rb") as f:
        doc = tomllib.load(f)
    return doc, [jigsat.Piece(p["name"], p["cells"]) for p in doc["piece"]]


def stick_cells(art):
    """The sticks of a drawing (docs/puzzle-format.md): `-` on even lines
    at odd columns, `|` on odd lines at even columns."""
    lines = art.strip("\n").split("\n")
    out = []
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch in " .+" or (x + y) % 2 == 0:
                continue
            out.append(((x - 1) // 2, y // 2, 0) if x % 2 else (x // 2, (y - 1) // 2, 1))
    return out


def test_hexagons_trihexes_and_tetrahexes_fill_the_37_hexagon():
    doc, pieces = pieces_of("polyhexes-hexagon37.toml")
    board = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    puzzle = jigsat.Puzzle(board=board, pieces=pieces, grid="hexagons")
    assert puzzle.count().distinct == 12_290


def test_triangles_hexiamonds_cannot_fill_3x12():
    doc, pieces = pieces_of("hexiamonds-3x12.toml")
    puzzle = jigsat.Puzzle(board=doc["board"]["size"], pieces=pieces, grid="triangles")
    counts = puzzle.count()
    assert (counts.count, counts.distinct) == (0, 0)


def test_sticks_fifteen_tetrasticks_without_h_cover_5x5_72_ways():
    with open(PUZZLES / "tetrasticks-5x5.toml", "rb") as f:
        doc = tomllib.load(f)
    pieces = [
        jigsat.Piece(p["name"], stick_cells(p["shape"])) for p in doc["piece"] if p["name"] != "H"
    ]
    puzzle = jigsat.Puzzle(board=(5, 5), pieces=pieces, grid="sticks")
    counts = puzzle.count()
    assert (counts.count, counts.distinct) == (8 * 72, 72)


def test_rhombic_and_tetra_octa_take_burrtools_voxels():
    # burrTxt on the examples converted: 2 and 1 assemblies.
    for name, grid, want in [
        ("rhombic-dimers.toml", "rhombic", (3, 2)),
        ("tetra-octa-wedges.toml", "tetra-octa", (3, 1)),
    ]:
        doc, pieces = pieces_of(name)
        pieces = [jigsat.Piece(p["name"], p["cells"], p["count"]) for p in doc["piece"]]
        board = [tuple(c) for c in doc["board"]["cells"]]
        puzzle = jigsat.Puzzle(board=board, pieces=pieces, grid=grid)
        counts = puzzle.count()
        assert (counts.count, counts.distinct) == want, name
