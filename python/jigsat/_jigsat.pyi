"""Type stubs of jigsat's native module (re-exported by ``jigsat``)."""

from os import PathLike
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from typing_extensions import TypedDict, Unpack

Cell = Union[Tuple[int, int], Tuple[int, int, int]]

class CnfOptions(TypedDict, total=False):
    """The options that shape the CNF (``jigsat dimacs``)."""

    encoding: str
    """The at-most-one encoding: auto, pairwise, sequential, ladder, commander, product, binary, bimander."""
    card: Optional[str]
    """The cardinality encoding for copies: sequential, totalizer."""
    edges: Optional[str]
    """The edge-matching encoding: pairs, colours, direct, pairs-balance."""
    symmetry: bool
    """Symmetry breaking (default True)."""

class SearchOptions(CnfOptions, total=False):
    """The command line's options of a search."""

    time_limit: Optional[float]
    """Give up after this many seconds (above 0, at most 1e9, as ``--time-limit``): TimeLimitError."""
    threads: Optional[int]
    """Threads for the search, 1 to 1024 as ``-j`` (default: one per core)."""
    engine: str
    """auto, an exact search (dlx, first-cell, ...), a SAT solver (cadical, varisat, ...) or a solver program's path."""
    model: str
    """The CNF model: auto, placement, order."""
    precheck: bool
    """The colouring pre-check (default True)."""

class ListingOptions(SearchOptions, total=False):
    """The options of ``Puzzle.solutions``."""

    fixed_board: bool
    """Every solution on a fixed board instead of one per class."""

class PuzzleError(Exception):
    """Base of every jigsat error; its message is the command line's."""

class InputError(PuzzleError):
    """A puzzle jigsat cannot read: the message names the place and what was expected."""

class UsageError(PuzzleError):
    """An option or a call that does not fit the puzzle."""

class TimeLimitError(PuzzleError):
    """The time limit ran out before the answer."""

class SolverError(PuzzleError):
    """A solver broke down or gave no answer."""

class BugError(PuzzleError):
    """A bug in jigsat (a failed check or a panic): please report it."""

class Piece:
    """A piece to build a puzzle from: a name, its cells, its copies."""

    name: str
    cells: List[Tuple[int, int, int]]
    count: int
    def __init__(self, name: str, cells: Sequence[Sequence[int]], count: int = 1) -> None: ...

class Counts:
    """The numbers of ``jigsat count``."""

    count: int
    """Solutions on a board that does not move."""
    distinct: int
    """Solutions up to the board's symmetries."""
    come_apart: Optional[int]
    """With ``disassemble=True``: how many distinct ones come apart; else None."""
    levels: Optional[Dict[str, int]]
    """With ``disassemble=True``: how many have each level (``{"98.2.4.2": 1}``); else None."""
    certified: bool
    """With ``certify=True``: every solution checked, a checked proof there are no others."""
    by: Optional[str]
    """With ``certify=True``: who wrote the proof (``"cadical"`` or ``"exact-cover search"``)."""
    certificate: Optional[Dict[str, int]]
    """With ``certify=True``: ``variables``, ``clauses``, ``blocking``, ``bytes``, ``added``, ``deleted``."""

class Move:
    """One move of a disassembly: pieces slid together along an axis."""

    pieces: List[str]
    direction: str
    """``"+x"``, ``"-x"``, ``"+y"``, ``"-y"``, ``"+z"`` or ``"-z"``."""
    distance: int
    separates: bool
    """This move takes the pieces away for good."""

class Disassembly:
    """How an assembly comes apart by sliding pieces (``jigsat disasm``), or that it does not."""

    comes_apart: bool
    level: Optional[str]
    """BurrTools' level text (``"98.2.4.2"``); None when it does not come apart."""
    moves: List[Move]
    states: int
    shut_in: Optional[Tuple[str, str]]
    """``(outer, inner)`` when a piece is shut inside another: nothing searched."""
    plan: str
    """The moves as ``jigsat disasm`` prints them."""

class Solution:
    """One solution, checked against the puzzle's rules."""

    @property
    def pieces(self) -> Dict[str, List[Cell]]:
        """Each piece's name mapped to its cells; copies as ``"Y#1"``, ``"Y#2"``, ..."""
    @property
    def placements(self) -> List[Tuple[str, List[Cell]]]:
        """Every piece on the board as ``(name, cells)``, copies with the same name."""
    @property
    def puzzle_name(self) -> str: ...
    def text(self, *, ascii: bool = False) -> str:
        """The text drawing of ``jigsat solve``."""
    def svg(self) -> str:
        """The picture of ``--format svg``."""
    def html(self) -> str:
        """The page of ``--format html``."""
    def json(self) -> str:
        """The solution in the contract's JSON."""
    def stl(self, *, unit: float = 10.0, gap: float = 0.2) -> bytes:
        """The assembly as binary STL."""
    def _repr_html_(self) -> str:
        """The page in an iframe, for Jupyter."""
    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draws the solution with matplotlib's voxels; returns the axes."""
    def disassemble(
        self, *, thorough: bool = False, time_limit: Optional[float] = None, max_states: Optional[int] = None
    ) -> Disassembly:
        """Whether the pieces come apart by sliding them, BurrTools' level, the moves."""

class Best:
    """The best board of ``Puzzle.best``: every tile placed, the frame kept, its score counted from the board."""

    @property
    def score(self) -> int:
        """The inner edges that match."""
    @property
    def max_score(self) -> int:
        """The inner edges: a solution's score."""
    @property
    def mismatched(self) -> List[Tuple[int, int, str, Tuple[str, str]]]:
        """``(x, y, side, (label, label))`` per edge that does not match: the tile left of it (``"right"``) or above it (``"bottom"``) first."""
    @property
    def seconds(self) -> float:
        """Seconds from the start of the run to this board."""
    @property
    def ended(self) -> str:
        """``"solved"`` (a checked solution), ``"time limit"`` or ``"fixed"`` (every position a clue)."""
    @property
    def seed(self) -> int:
        """The run's seed: another seed searches other boards."""
    @property
    def board(self) -> Solution:
        """The board, to draw: ``.text()``, ``.svg()``, ``.html()``."""
    def json(self) -> str:
        """The document of ``jigsat solve --best --format json``."""

class Solutions(Iterator[Solution]):
    """The solutions of a run as the search finds them; closing it stops the search.

    Threads may share one: each solution goes to one of them."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Solution: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Solutions": ...
    def __exit__(self, *args: Any) -> bool: ...

class Puzzle:
    """A puzzle: a board and pieces (or tiles), read and checked as the command line reads a file."""

    def __init__(
        self,
        board: Union[Sequence[int], Sequence[Sequence[int]]],
        pieces: Sequence[Piece],
        *,
        name: Optional[str] = None,
        rotations: Optional[str] = None,
        mirror: Optional[bool] = None,
        fill: Optional[str] = None,
    ) -> None: ...
    @staticmethod
    def from_file(path: Union[str, "PathLike[str]"], problem: Optional[str] = None) -> "Puzzle":
        """Reads a puzzle file (TOML or ``.xmpuzzle``); Ctrl-C raises KeyboardInterrupt, even on a FIFO."""
    @staticmethod
    def from_toml(text: str) -> "Puzzle": ...
    @property
    def name(self) -> str: ...
    @property
    def piece_names(self) -> List[str]: ...
    @property
    def board(self) -> List[Cell]: ...
    @property
    def warnings(self) -> List[str]: ...
    def to_toml(self) -> str: ...
    def solve(self, **options: Unpack[SearchOptions]) -> Optional[Solution]:
        """The first solution (checked), or None when the puzzle has none (proved)."""
    def count(
        self,
        *,
        disassemble: bool = False,
        certify: bool = False,
        thorough: bool = False,
        **options: Unpack[SearchOptions],
    ) -> Counts:
        """``.count`` on a fixed board and ``.distinct`` up to symmetry; ``disassemble=True``
        adds ``.come_apart`` and ``.levels``, ``certify=True`` ``.certified`` and ``.certificate``."""
    def design(
        self,
        *,
        all: bool = False,
        unique: bool = False,
        disassemble: bool = False,
        **options: Unpack[SearchOptions],
    ) -> List[Dict[str, Any]]:
        """Per choice of pieces from the pool (``jigsat design``): dicts with ``pieces``
        ({name: copies}), ``count``, ``distinct``, ``come_apart``, ``highest_level``."""
    def best(self, *, time_limit: float, threads: Optional[int] = None, seed: Optional[int] = None) -> Optional[Best]:
        """The best score of an edge-matching board (``jigsat solve --best``) within ``time_limit`` seconds,
        its choices drawn from ``seed`` (0 to 2**64 - 1, default 1), or None when the tiles cannot all be placed (proved)."""
    def solutions(self, **options: Unpack[ListingOptions]) -> Solutions:
        """One solution per class (every one on a fixed board with ``fixed_board=True``), streamed."""
    def to_dimacs(self, **options: Unpack[CnfOptions]) -> str:
        """The CNF in DIMACS format (``jigsat dimacs``)."""
    def decode(self, model: str, **options: Unpack[CnfOptions]) -> Optional[Solution]:
        """A SAT solver's answer to ``to_dimacs``'s CNF, read back and checked."""

def set_memory_limit(bytes: int) -> None:
    """The memory budget in bytes for every run (``--max-memory``; 0: the default)."""
