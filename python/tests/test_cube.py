"""The wooden 3x3x3 cube built from Python lists, as the puzzle blogs do:
solved, counted, and every answer checked here by a checker of its own."""

import itertools

import jigsat
from conftest import PUZZLES

# Piet Hein's Soma cube: the seven irregular pieces of three and four cubes.
SOMA = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],
    "B": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
}


def cube():
    return jigsat.Puzzle(
        board=(3, 3, 3),
        pieces=[jigsat.Piece(name, cells) for name, cells in SOMA.items()],
        name="wooden cube",
    )


def rotations():
    """The 24 rotations of space, as signed permutations of the axes with
    determinant +1."""
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = [[0] * 3 for _ in range(3)]
            for row, col in enumerate(perm):
                m[row][col] = signs[row]
            det = (
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            )
            if det == 1:
                out.append(m)
    assert len(out) == 24
    return out


def normal(cells):
    lo = [min(c[a] for c in cells) for a in range(3)]
    return frozenset(tuple(c[a] - lo[a] for a in range(3)) for c in cells)


def looks(cells):
    return {
        normal([tuple(sum(m[r][k] * c[k] for k in range(3)) for r in range(3)) for c in cells])
        for m in rotations()
    }


LOOKS = {name: looks(cells) for name, cells in SOMA.items()}


def check(solution):
    """The puzzle's rules, from the lists above alone: every piece once, a
    rotation of its shape, no overlap, the whole cube covered."""
    pieces = solution.pieces
    assert sorted(pieces) == sorted(SOMA)
    covered = [tuple(c) for cells in pieces.values() for c in cells]
    assert sorted(covered) == sorted(itertools.product(range(3), repeat=3))
    for name, cells in pieces.items():
        assert normal(cells) in LOOKS[name], f"{name} is not its shape turned: {cells}"


def test_the_cube_built_from_lists_is_solved_and_the_solution_checks():
    solution = cube().solve()
    assert solution is not None
    check(solution)
    assert len(solution.text().splitlines()) >= 7
    assert solution.puzzle_name == "wooden cube"


def test_the_cube_has_240_solutions_up_to_symmetry():
    # Conway and Guy's count; 48 motions of the cube, none fixing a solution.
    counts = cube().count()
    assert (counts.count, counts.distinct) == (11520, 240)
    assert counts == jigsat.Puzzle.from_file(PUZZLES / "soma.toml").count()


def test_every_listed_solution_checks_and_they_are_distinct():
    seen = set()
    for solution in cube().solutions(threads=1):
        check(solution)
        seen.add(frozenset((n, frozenset(map(tuple, c))) for n, c in solution.pieces.items()))
    assert len(seen) == 240


def test_the_same_cube_with_other_engines():
    for engine in ("first-cell", "cadical", "varisat"):
        solution = cube().solve(engine=engine)
        check(solution)


def test_a_board_given_as_cells_is_the_same_board():
    cells = [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]
    as_cells = jigsat.Puzzle(board=cells, pieces=[jigsat.Piece(n, c) for n, c in SOMA.items()])
    assert as_cells.count() == cube().count()
    assert sorted(as_cells.board) == sorted(cells)


def test_plot_draws_voxels_with_matplotlib():
    from conftest import require_tool

    try:
        import matplotlib
    except ImportError:
        matplotlib = None
    require_tool("matplotlib (pip install matplotlib)", matplotlib)
    matplotlib.use("Agg")
    solution = cube().solve()
    ax = solution.plot(shade=False)
    # One Poly3DCollection per voxel with a face showing: all 27 of the
    # cube's but the hidden centre, in one colour per piece.
    assert len(ax.collections) == 26
    colours = {tuple(c.get_facecolor()[0]) for c in ax.collections}
    assert len(colours) == 7
    assert ax.get_title() == "wooden cube"
