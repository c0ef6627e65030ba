"""Double-dummy analysis: every card known to every player.

    >>> import solver
    >>> pos = solver.parse_position("N:AK... QJ... T9... 87...")  # a 2-card ending
    >>> solver.solve(pos).value    # E is on lead (left of the dealer N): no trick
    0

Values (see ``csrc/search.h``): in whist and Chinese Whist the tricks the side
to move takes from the position on (the trick in progress counted); in Cinch
its hand score minus the other side's; in Chinkway its quest score for the
round.  With three or more sides (Chinkway, 3-player Chinese Whist) the value
is *paranoid* (every other side plays against the side to move); `maxn`
gives the max^n values instead.  Every result carries the search statistics.
The searches release the GIL, so threads can run several at once (one
`Solver` per thread).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver import _core
from solver.cards import Card
from solver.errors import IllegalMoveError, PositionError
from solver.games.base import Move, Phase, Position

MIB = 1 << 20
DEFAULT_TT_MB = _core.DEFAULT_TT_BYTES // MIB


@dataclass(frozen=True)
class SearchStats:
    """What a search did: positions visited, table use, wall time, and
    whether it ran to the end (False when a node or time limit cut it).

    `nodes` counts every position visited (every card played in the
    search, and the root); `trick_starts` those of them at the start of a
    trick, which is what DDS counts as its nodes."""

    nodes: int
    tt_hits: int
    tt_stores: int
    seconds: float
    exact: bool
    trick_starts: int = 0

    @classmethod
    def of(cls, raw: dict[str, float | int | bool]) -> SearchStats:
        return cls(
            int(raw["nodes"]),
            int(raw["tt_hits"]),
            int(raw["tt_stores"]),
            float(raw["seconds"]),
            bool(raw["exact"]),
            int(raw["trick_starts"]),
        )

    def __add__(self, other: SearchStats) -> SearchStats:
        return SearchStats(
            self.nodes + other.nodes,
            self.tt_hits + other.tt_hits,
            self.tt_stores + other.tt_stores,
            self.seconds + other.seconds,
            self.exact and other.exact,
            self.trick_starts + other.trick_starts,
        )


NO_STATS = SearchStats(0, 0, 0, 0.0, True, 0)


@dataclass(frozen=True)
class Solution:
    """The value of a position for one side."""

    value: int
    side: int
    stats: SearchStats


@dataclass(frozen=True)
class CardValue:
    """A legal move and its value for the side to move; `equivalent` are the
    moves of its class (searched once, same value), itself included."""

    move: Move
    value: int
    equivalent: tuple[Move, ...]

    @property
    def card(self) -> Card:
        assert self.move.card is not None
        return self.move.card


@dataclass(frozen=True)
class Analysis:
    """The value of every legal move, best first, and a principal variation."""

    side: int  # the side to move
    seat: int  # the seat to move
    value: int  # the value of the position (of its best move)
    moves: list[CardValue]
    pv: list[Move] = field(default_factory=list)
    stats: SearchStats = NO_STATS

    @property
    def best(self) -> list[Move]:
        return [m.move for m in self.moves if m.value == self.value]


@dataclass(frozen=True)
class TableEntry:
    trump: int  # strain 0..3 or NOTRUMP
    leader: int  # the seat on lead to the first trick
    values: tuple[int, ...]  # the value for every side (paranoid for each)


@dataclass(frozen=True)
class Table:
    """Values of a deal for each trump and each leader the game allows."""

    entries: list[TableEntry]
    stats: SearchStats


def declarer_tricks(pos: Position, table: Table) -> dict[int, dict[int, int]]:
    """Whist, DDS style: for each declarer (seat) and strain, the tricks of
    declarer's side when the seat on declarer's left leads: the tricks of the
    deal minus the leader side's value.  (`table`: `Solver.table(pos)`.)"""
    core = Solver._core_of(pos)
    total = core.total_tricks - core.tricks_played
    out: dict[int, dict[int, int]] = {d: {} for d in range(4)}
    for entry in table.entries:
        declarer = (entry.leader - 1) % 4
        out[declarer][entry.trump] = total - entry.values[pos.sides()[entry.leader]]
    return out


class Solver:
    """Double-dummy searches with one transposition table.

    `tt_mb` sizes the table in MiB; `max_nodes` and `max_seconds` limit each
    search.  A limited result says so (``stats.exact`` is False) and its
    value is then a proven lower bound for the side, not the exact value.
    """

    def __init__(
        self, tt_mb: float = DEFAULT_TT_MB, max_nodes: int = 0, max_seconds: float = 0.0
    ) -> None:
        if tt_mb <= 0:
            raise PositionError("the table size must be positive (MiB)")
        if max_nodes < 0 or max_seconds < 0:
            raise PositionError("limits must not be negative")
        self._search = _core.Searcher(int(tt_mb * MIB), max_nodes, max_seconds)
        self._stopping = False  # interrupt() was called: multi-search calls stop early

    def clear(self) -> None:
        """Forget what the table holds (a new hand clears it by itself)."""
        self._search.clear()

    def warm(self) -> None:
        """Write the whole table now (and forget what it holds).  A fresh
        table gets its memory from the system page by page as searches
        first touch it, which the first searches pay for (on a virtual
        machine, up to a few tenths of a second for 256 MiB); benchmarks
        call this before they start timing."""
        self._search.touch()

    def interrupt(self) -> None:
        """Stop a search this Solver runs in another thread: it returns soon,
        its result not exact (as when a limit cuts it short)."""
        self._stopping = True
        self._search.request_stop()

    @staticmethod
    def _core_of(pos: Position) -> _core.PlayState:
        if pos.core is None:
            raise PositionError(f"the play has not begun ({pos.phase} phase): nothing to solve yet")
        if pos.is_over:
            raise IllegalMoveError("the hand is over: nothing to solve")
        return pos.core

    def solve(self, pos: Position, side: int | None = None) -> Solution:
        """The value for `side` (default: the side to move)."""
        core = self._core_of(pos)
        sd = core.sides[core.turn] if side is None else side
        if not 0 <= sd < core.nsides:
            raise PositionError(f"no side {sd}: sides are 0-{core.nsides - 1}")
        value = self._search.solve(core, sd)
        return Solution(value, sd, SearchStats.of(self._search.stats))

    def solve_near(self, pos: Position, side: int, guess: int) -> Solution:
        """The value for `side`, the search over targets starting at `guess`
        (a likely value: the value is the same, a good guess saves searches)."""
        core = self._core_of(pos)
        value = self._search.solve(core, self._side(core, side), guess)
        return Solution(value, side, SearchStats.of(self._search.stats))

    def reaches(self, pos: Position, side: int, target: int) -> tuple[bool, SearchStats]:
        """Whether `side` can reach at least `target` (one null-window search;
        a result cut short by a limit, ``stats.exact`` False, proves nothing)."""
        core = self._core_of(pos)
        yes = self._search.reaches(core, self._side(core, side), target)
        return yes, SearchStats.of(self._search.stats)

    def value_range(self, pos: Position, side: int) -> tuple[int, int]:
        """The lowest and highest value the position can have for `side` (the
        search's cheap bounds, in the units of `solve`)."""
        core = self._core_of(pos)
        lo, hi = _core.Searcher.value_range(core, self._side(core, side))
        base = _banked(pos, side)
        return lo - base, hi - base

    @property
    def max_nodes(self) -> int:
        """The node limit of each search (0: none); may be changed between searches."""
        return self._search.max_nodes

    @max_nodes.setter
    def max_nodes(self, n: int) -> None:
        if n < 0:
            raise PositionError("limits must not be negative")
        self._search.max_nodes = n

    @property
    def horizon(self) -> int:
        """0: every search exact.  Else a bounded search: each search stops
        at the start of trick `horizon` of the hand (counted as
        ``tricks_played``: the first trick is 0) and values the position
        there by the game's evaluation (`GAME_EVALUATE`, csrc/README.md), so
        its values are not exact (``stats.exact`` still tells only whether
        a limit cut the search).  The table is by exact keys then, and is
        emptied whenever the horizon changes: keep a Solver with a horizon
        apart from exact searches."""
        return self._search.horizon

    @horizon.setter
    def horizon(self, trick: int) -> None:
        if trick < 0:
            raise PositionError("the horizon must not be negative")
        self._search.horizon = trick

    @staticmethod
    def _side(core: _core.PlayState, side: int) -> int:
        if not 0 <= side < core.nsides:
            raise PositionError(f"no side {side}: sides are 0-{core.nsides - 1}")
        return side

    def analyze(self, pos: Position, pv: bool = True) -> Analysis:
        """The value of every legal move for the side to move, equivalent
        moves grouped, and (with `pv`) a principal variation to the end."""
        core = self._core_of(pos)
        self._stopping = False
        kind = "claim" if pos.phase == Phase.CLAIM else "play"
        rows = self._search.analyze(core)
        stats = SearchStats.of(self._search.stats)
        classes: dict[int, list[Move]] = {}
        for card, _, cls in rows:
            classes.setdefault(cls, []).append(Move(kind, Card(card)))
        moves = [
            CardValue(Move(kind, Card(card)), value, tuple(classes[cls]))
            for card, value, cls in rows
        ]
        moves.sort(key=lambda m: -m.value)
        best = moves[0].value
        line: list[Move] = []
        if pv and stats.exact:
            line, more = self._principal_variation(pos, core.sides[core.turn], best)
            stats = stats + more
        return Analysis(core.sides[core.turn], core.turn, best, moves, line, stats)

    def _principal_variation(
        self, pos: Position, side: int, value: int
    ) -> tuple[list[Move], SearchStats]:
        """A line of best play: at each step a move that keeps `side`'s value."""
        work = pos.copy()
        stats = NO_STATS
        line: list[Move] = []
        root = _banked(pos, side)  # tricks games count from the root on
        while not work.is_over and not self._stopping:
            core = work.core
            assert core is not None
            for move in work.legal_moves():
                work.play(move)
                if work.is_over:
                    keeps = _final(work, side) - root == value
                else:
                    target = value - (_banked(work, side) - root)
                    keeps = self._search.reaches(core, side, target)
                    stats = stats + SearchStats.of(self._search.stats)
                    if keeps:
                        keeps = not self._search.reaches(core, side, target + 1)
                        stats = stats + SearchStats.of(self._search.stats)
                if keeps:
                    line.append(move)
                    break
                work.undo()
            else:  # a limited search may find no move that keeps the value
                break
        return line, stats

    def maxn(self, pos: Position) -> tuple[tuple[int, ...], SearchStats]:
        """Max^n values of every side (tie rule in csrc/search.h)."""
        core = self._core_of(pos)
        values = self._search.maxn(core)
        return values, SearchStats.of(self._search.stats)

    def table(self, pos: Position) -> Table:
        """Values of the deal for each trump the game allows (and each
        leader, where the game lets any seat lead), from its first lead:
        every side's value."""
        entries = []
        stats = NO_STATS
        self._stopping = False
        # the search over targets starts at the value of the same trump with
        # the previous leader, which is seldom more than a trick away
        last: dict[int | None, int] = {}
        for start in table_positions(pos):
            if self._stopping:
                break
            core = self._core_of(start)
            first = self._search.solve(core, 0, last.get(start.trump))
            last[start.trump] = first
            stats = stats + SearchStats.of(self._search.stats)
            values = [first]
            if core.nsides == 2:  # zero-sum: the other side's value follows
                values.append(-first if pos.values_net else core.total_tricks - first)
            for side in range(len(values), core.nsides):
                if self._stopping:
                    break
                values.append(self._search.solve(core, side))
                stats = stats + SearchStats.of(self._search.stats)
            if len(values) < core.nsides:  # interrupted: no partial entry
                break
            assert start.trump is not None
            entries.append(TableEntry(start.trump, core.turn, tuple(values)))
        return Table(entries, stats)


def _banked(pos: Position, side: int) -> int:
    """What a side has won so far, in the units of the tricks games' values."""
    core = pos.core
    assert core is not None
    if pos.values_count_tricks:
        return sum(t for s, t in enumerate(core.tricks) if core.sides[s] == side)
    return 0


def _final(pos: Position, side: int) -> int:
    """The value of a finished hand for a side, in the solver's units."""
    core = pos.core
    assert core is not None
    if pos.values_count_tricks:
        return _banked(pos, side)
    scores = core.scores()
    seat = core.sides.index(side)
    if pos.values_net:
        other = core.sides.index(1 - side)
        return scores[seat] - scores[other]
    return scores[seat]


def value_after(start: Position, end: Position, side: int) -> int:
    """What `side` won from `start` to `end`, the same hand finished, in the
    solver's units (the value a search of `start` gives when the play
    follows the line that reached `end`): tricks from `start` on (the trick
    in progress counted), the Cinch net hand score, the Chinkway quest score."""
    if not end.is_over:
        raise PositionError("the hand is not over: nothing to count yet")
    return _final(end, side) - _banked(start, side)


def banked_between(start: Position, later: Position, side: int) -> int:
    """What `side` banked from `start` to `later` (the same hand, played on),
    in the units of the tricks games' values (0 in the other games): a value
    of `later` plus this is in the units of `start`'s values."""
    return _banked(later, side) - _banked(start, side)


def table_positions(pos: Position) -> list[Position]:
    """The first-lead positions of the deal under each trump the game allows
    (and each leader, where the game lets any seat lead): `Position.table_starts`."""
    return pos.table_starts()


_default: Solver | None = None


def _solver() -> Solver:
    global _default
    if _default is None:
        _default = Solver()
    return _default


def solve(pos: Position, side: int | None = None) -> Solution:
    """The value of `pos` for `side` (default the side to move)."""
    return _solver().solve(pos, side)


def analyze(pos: Position, pv: bool = True) -> Analysis:
    """The value of every legal move of `pos` for the side to move."""
    return _solver().analyze(pos, pv)


def table(pos: Position) -> Table:
    """The values of a deal under each trump (and leader) the game allows."""
    return _solver().table(pos)
