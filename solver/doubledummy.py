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
gives the max^n values instead, by default by score (``MAXN_BY``: every side
maximises its score, three-player Chinese Whist its points above par), or by
tricks.  Every result carries the search statistics.
The searches release the GIL, so threads can run several at once, each with
its own `Solver`: a Solver asked to search while it searches in another
thread raises `SolverBusyError` (the module's functions keep one Solver per
thread).
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, TypeVar

from solver import _core, deadline
from solver.banked import banked, banked_between, final_value, value_after
from solver.budget import DEFAULT_TT_MB, MIB, Budget, node_limit, table_mib, time_limit
from solver.cards import Card
from solver.errors import IllegalMoveError, PositionError, SolverBusyError
from solver.games.base import Move, Phase, Position
from solver.objectives import MaxnBy
from solver.search_results import (
    NO_STATS,
    Analysis,
    Bounds,
    CardValue,
    SearchStats,
    Solution,
    Table,
    TableEntry,
)

MAXN_BY = {MaxnBy.SCORE: _core.MAXN_BY_SCORE, MaxnBy.TRICKS: _core.MAXN_BY_TRICKS}
"""The binding's number of each `MaxnBy` (what each side maximises in max^n)."""


def declarer_tricks(pos: Position, table: Table) -> dict[int, dict[int, int]]:
    """Whist, DDS style: for each declarer (seat) and strain, the tricks of
    declarer's side when the seat on declarer's left leads: the tricks of the
    deal minus the leader side's value.  (`table`: `Solver.table(pos)`; of a
    table cut short, read `declarer_bounds`.)"""
    return {
        d: {strain: b.low for strain, b in row.items()}
        for d, row in declarer_bounds(pos, table).items()
    }


def declarer_bounds(pos: Position, table: Table) -> dict[int, dict[int, Bounds]]:
    """`declarer_tricks` as what the search proved: bounds, exact when no
    limit cut the search short."""
    core = Solver._core_of(pos)
    total = core.total_tricks - core.tricks_played
    out: dict[int, dict[int, Bounds]] = {d: {} for d in range(4)}
    for entry in table.entries:
        declarer = (entry.leader - 1) % 4
        out[declarer][entry.trump] = entry.bounds_of(pos.sides()[entry.leader]).flipped(total)
    return out


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _exclusive(method: _Method) -> _Method:
    """A Solver method that uses its table or its statistics: one thread at
    a time, another raising SolverBusyError (never a wrong value: two
    searches on one table and one statistics record gave 84 wrong values
    marked exact in 1,200)."""

    @functools.wraps(method)
    def guarded(self: Solver, *args: Any, **kwargs: Any) -> Any:
        if not self._busy.acquire(blocking=False):
            raise SolverBusyError(
                "this Solver is searching in another thread: give each thread its own Solver"
            )
        try:
            return method(self, *args, **kwargs)
        finally:
            self._busy.release()

    return guarded  # type: ignore[return-value]


class Evaluation(StrEnum):
    """The evaluations at a bounded search's horizon (`Solver.evaluation`):
    ``middle``, the middle of the game's cheap bounds; ``learned``, the
    game's learned model (csrc/search/evaluate.h, trained by train/)."""

    MIDDLE = "middle"
    LEARNED = "learned"


MIDDLE = Evaluation.MIDDLE
LEARNED = Evaluation.LEARNED
EVALUATIONS = tuple(Evaluation)


def evaluation_named(name: str) -> Evaluation:
    """The evaluation called `name`; PositionError naming the known ones."""
    try:
        return Evaluation(name)
    except ValueError:
        raise PositionError(
            f"unknown evaluation {name!r} (one of {', '.join(EVALUATIONS)})"
        ) from None


def _evaluation_kind(name: str) -> int:
    return _core.EVAL_LEARNED if evaluation_named(name) == LEARNED else _core.EVAL_MIDDLE


class Solver:
    """Double-dummy searches with one transposition table.

    `tt_mb` sizes the table in MiB (0: the default); `max_nodes` and
    `max_seconds` limit each search (0: no limit); impossible values raise
    `PositionError` (`table_mib`, `node_limit`, `time_limit`).  A limited
    result says so (``stats.exact`` is False) and its value is then a proven
    lower bound for the side, not the exact value (`analyze` and `table`
    carry `Bounds`).  The table starts small and grows with the searches up
    to `tt_mb` (`table_bytes`).  With a time limit the part in use is
    written before the first search (`warm`), so that the limit counts the
    search and not the system's first supply of the table's memory (1.8 s
    for a whole 256 MiB table on a busy 2-core virtual machine, which ate a
    0.2 s limit whole).  One thread at a time: a search asked for while
    another thread's runs raises `SolverBusyError` (`interrupt` alone may
    come from any thread).

    `deadline` (None: none) is the wall-clock time (`solver.deadline`) at
    which any search of this Solver stops, the one running then and every
    later one, as under a time limit (not exact: bounds, an estimate): the
    budget of a whole command handed down to its searches.

    `evaluation` (``middle`` or ``learned``) values the positions where a
    bounded search (`horizon`) stops: see `evaluation`.
    """

    def __init__(
        self,
        tt_mb: float = DEFAULT_TT_MB,
        max_nodes: int = 0,
        max_seconds: float = 0.0,
        evaluation: str = MIDDLE,
    ) -> None:
        tt_mb = table_mib(tt_mb)
        kind = _evaluation_kind(evaluation)
        node_limit(max_nodes)
        time_limit(max_seconds)
        try:
            self._search = _core.Searcher(int(tt_mb * MIB), max_nodes, max_seconds)
        except MemoryError:
            raise PositionError(
                f"cannot have a table of {tt_mb:g} MiB: not enough memory"
            ) from None
        self._stopping = False  # interrupt() was called: multi-search calls stop early
        self._search.evaluation = kind
        self._fresh = False  # the table was just written whole and holds nothing yet
        self._warm_first = max_seconds > 0  # a time limit: warm before the first search
        self._busy = threading.Lock()  # held by the thread searching (`_exclusive`)
        self._deadline: float | None = None
        self._alarm: threading.Timer | None = None  # stops the search running at the deadline

    @classmethod
    def of(cls, budget: Budget) -> Solver:
        """The Solver of a command's `budget`: its table, each search's node
        and time limits, and the command's deadline (`solver.budget`)."""
        made = cls(budget.table(), max_nodes=budget.core_nodes, max_seconds=budget.core_seconds)
        made.deadline = budget.deadline
        return made

    @property
    def deadline(self) -> float | None:
        """The wall-clock time (`solver.deadline.clock`) at which every
        search stops; None: none.  May be set between searches, from the
        thread that searches."""
        return self._deadline

    @deadline.setter
    def deadline(self, when: float | None) -> None:
        if when == self._deadline:
            return
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
        self._deadline = when
        if when is None:
            return
        # a search running at the deadline is stopped from this timer's thread
        # (the weak reference lets a Solver dropped before it go)
        me = weakref.ref(self)

        def ring() -> None:
            found = me()
            if found is not None and found._deadline == when:
                found._search.request_stop()

        self._alarm = threading.Timer(max(0.0, when - deadline.clock()), ring)
        self._alarm.daemon = True
        self._alarm.start()

    @_exclusive
    def clear(self) -> None:
        """Forget what the table holds (a new hand clears it by itself)."""
        self._search.clear()

    @property
    def table_bytes(self) -> int:
        """The bytes of the table in use now.  The table starts small (2 MiB,
        or `tt_mb` when less) and doubles as the searches fill it, up to
        `tt_mb`, so that a small position touches little memory."""
        return self._search.table_bytes

    @_exclusive
    def warm(self) -> None:
        """Write the part of the table in use now (and forget what it
        holds).  A fresh table gets its memory from the system page by page
        as searches first touch it, which the first searches pay for (on a
        virtual machine, up to a few tenths of a second for 256 MiB);
        benchmarks call this before they start timing (a Solver with a time
        limit does it before its first search, in the thread that searches;
        a second call on a fresh table does nothing).  The table starts
        small (`table_bytes`) and grows with the searches: what a growth
        adds is supplied during the search that needs it."""
        self._warm()

    def _warm(self) -> None:
        self._warm_first = False
        if not self._fresh:
            self._search.touch()
            self._fresh = True

    def _begin(self) -> None:
        """Before a call that searches: the table warmed first under a time
        limit, an interrupt of an earlier call forgotten."""
        if self._warm_first:
            self._warm()
        self._fresh = False
        self._stopping = False
        self._search.clear_stop()
        if deadline.passed(self._deadline):  # the budget is spent: stop at once (not exact)
            self._search.request_stop()

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

    @_exclusive
    def solve(self, pos: Position, side: int | None = None) -> Solution:
        """The value for `side` (default: the side to move)."""
        core = self._core_of(pos)
        sd = core.sides[core.turn] if side is None else side
        if not 0 <= sd < core.nsides:
            raise PositionError(f"no side {sd}: sides are 0-{core.nsides - 1}")
        self._begin()
        value = self._search.solve(core, sd)
        return Solution(value, sd, SearchStats.of(self._search.stats))

    @_exclusive
    def solve_near(self, pos: Position, side: int, guess: int) -> Solution:
        """The value for `side`, the search over targets starting at `guess`
        (a likely value: the value is the same, a good guess saves searches)."""
        core = self._core_of(pos)
        self._begin()
        value = self._search.solve(core, self._side(core, side), guess)
        return Solution(value, side, SearchStats.of(self._search.stats))

    @_exclusive
    def reaches(self, pos: Position, side: int, target: int) -> tuple[bool, SearchStats]:
        """Whether `side` can reach at least `target` (one null-window search;
        a result cut short by a limit, ``stats.exact`` False, proves nothing)."""
        core = self._core_of(pos)
        self._begin()
        yes = self._search.reaches(core, self._side(core, side), target)
        return yes, SearchStats.of(self._search.stats)

    def value_range(self, pos: Position, side: int) -> tuple[int, int]:
        """The lowest and highest value the position can have for `side` (the
        search's cheap bounds, in the units of `solve`)."""
        core = self._core_of(pos)
        lo, hi = _core.Searcher.value_range(core, self._side(core, side))
        base = banked(pos, side)
        return lo - base, hi - base

    def move_range(self, pos: Position, move: Move, side: int) -> tuple[int, int, bool]:
        """The cheap bounds for `side` of the position after `move` (legal in
        `pos`), in `pos`'s units: `value_range` of that position shifted by
        what the move banked (`banked_between`), or twice the hand's value
        from `pos` when the move ends it (`value_after`; then True).  Made
        on a copy of the C play state alone: a `Position` copy costs far more
        than the search's bounds (this is called for every move of every
        world a recommendation values)."""
        core = self._core_of(pos)
        after = core.copy()
        assert move.card is not None
        after.play(move.card.index)
        if after.phase == _core.PHASE_OVER:
            done = pos.copy()
            done.play(move)
            v = value_after(pos, done, side)
            return v, v, True
        lo, hi = _core.Searcher.value_range(after, self._side(after, side))
        base = banked(pos, side)  # value_range(after) + banked_between(pos, after): lo - base
        return lo - base, hi - base, False

    @property
    def max_nodes(self) -> int:
        """The node limit of each search (0: none); may be changed between searches."""
        return self._search.max_nodes

    @max_nodes.setter
    @_exclusive
    def max_nodes(self, n: int) -> None:
        self._search.max_nodes = node_limit(n)

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
    @_exclusive
    def horizon(self, trick: int) -> None:
        if trick < 0:
            raise PositionError("the horizon must not be negative")
        self._search.horizon = trick

    @property
    def evaluation(self) -> Evaluation:
        """What values a bounded search's horizon (`horizon`): ``middle``,
        the middle of the game's cheap bounds, or ``learned``, the game's
        learned model (csrc/search/evaluate.h).  Settable between searches;
        the table is emptied when it changes."""
        return LEARNED if self._search.evaluation == _core.EVAL_LEARNED else MIDDLE

    @evaluation.setter
    @_exclusive
    def evaluation(self, name: str) -> None:
        self._search.evaluation = _evaluation_kind(name)

    @staticmethod
    def _side(core: _core.PlayState, side: int) -> int:
        if not 0 <= side < core.nsides:
            raise PositionError(f"no side {side}: sides are 0-{core.nsides - 1}")
        return side

    @_exclusive
    def analyze(self, pos: Position, pv: bool = True) -> Analysis:
        """The value of every legal move for the side to move, equivalent
        moves grouped, and (with `pv`) a principal variation to the end.
        Cut short by a limit, each move's `value` is a proven lower bound and
        its `bounds` say what is known; the line is then left out."""
        core = self._core_of(pos)
        self._begin()
        kind = "claim" if pos.phase == Phase.CLAIM else "play"
        rows = self._search.analyze(core)
        stats = SearchStats.of(self._search.stats)
        side = core.sides[core.turn]
        classes: dict[int, list[Move]] = {}
        for card, _, cls, _ in rows:
            classes.setdefault(cls, []).append(Move(kind, Card(card)))
        moves = []
        for card, value, cls, high in rows:
            move = Move(kind, Card(card))
            proven = None if value == high else self._move_bounds(pos, move, side, value, high)
            moves.append(CardValue(move, value, tuple(classes[cls]), proven))
        return self._analysis_of(pos, moves, stats, pv)

    @_exclusive
    def analysis_of(
        self, pos: Position, moves: list[CardValue], stats: SearchStats, pv: bool
    ) -> Analysis:
        """The analysis of `pos` from the values of its moves (every class
        valued, as `move_values` gives them in shares): best first, the
        position's bounds when cut short, and (with `pv`, when exact) a
        principal variation searched by this Solver."""
        self._begin()
        return self._analysis_of(pos, moves, stats, pv)

    def _analysis_of(
        self, pos: Position, moves: list[CardValue], stats: SearchStats, pv: bool
    ) -> Analysis:
        core = self._core_of(pos)
        side = core.sides[core.turn]
        # best first; equal moves in the game's card order (`legal_moves`), so
        # that the order does not depend on how the search was split (--jobs)
        place = {str(m): i for i, m in enumerate(pos.legal_moves())}
        moves = sorted(moves, key=lambda m: (-m.value, -m.bounds.high, place[str(m.move)]))
        best = moves[0].value
        root = None
        if not stats.exact:
            floor, ceiling = self.value_range(pos, side)
            root = Bounds(
                max(m.bounds.low for m in moves), max(m.bounds.high for m in moves), floor, ceiling
            )
        line: list[Move] = []
        cut = False
        if pv and stats.exact:
            line, more, cut = self._principal_variation(pos, side, best)
            # the values' exactness: a line cut short is `pv_cut`
            stats = replace(stats + more, exact=stats.exact)
        return Analysis(side, core.turn, best, moves, line, stats, root, cut)

    @_exclusive
    def move_values(
        self, pos: Position, classes: Sequence[tuple[Move, ...]]
    ) -> tuple[list[CardValue], SearchStats]:
        """The value of each class of equivalent moves (`move_classes`) for
        the side to move, each by a search of the position after its first
        move (the best value so far its first target): a share of `analyze`
        (solver.parallel deals the classes out to threads).  Cut short by a
        limit or an interrupt, the moves not finished have bounds."""
        core = self._core_of(pos)
        side = core.sides[core.turn]
        self._begin()
        values: list[CardValue] = []
        stats = NO_STATS
        best: int | None = None
        for moves in classes:
            after = pos.copy()
            after.play(moves[0])
            if after.is_over:
                value = value_after(pos, after, side)
                values += [CardValue(m, value, moves) for m in moves]
                continue
            proven = None  # the bounds of a class not valued exactly
            if self._stopping:
                proven = self._bounds_after(pos, after, side, None, None)
                value = proven.low
            else:
                shift = banked_between(pos, after, side)
                guess = None if best is None else best - shift
                value = self._search.solve(self._core_of(after), side, guess) + shift
                done = SearchStats.of(self._search.stats)
                stats = stats + done
                if done.exact:
                    best = value if best is None else max(best, value)
                else:
                    proven = self._bounds_after(pos, after, side, value, None)
            if proven is not None:
                stats = replace(stats, exact=False)
            values += [CardValue(m, value, moves, proven) for m in moves]
        return values, stats

    def _move_bounds(self, pos: Position, move: Move, side: int, low: int, high: int) -> Bounds:
        """What a search cut short proved for `move`: its bounds `low` and
        `high`, with the cheap bounds of the position after it (in `pos`'s
        units)."""
        floor, ceiling, over = self.move_range(pos, move, side)
        if over:
            return Bounds.of_value(floor)
        return self._bounded_by(floor, ceiling, low, high)

    def _bounds_after(
        self, pos: Position, after: Position, side: int, low: int | None, high: int | None
    ) -> Bounds:
        """`low` and `high` (None: not proven) in `pos`'s units, joined with the
        cheap bounds of `after` (a position after a move of `pos`, not over)."""
        shift = banked_between(pos, after, side)
        floor, ceiling = self.value_range(after, side)
        return self._bounded_by(floor + shift, ceiling + shift, low, high)

    @staticmethod
    def _bounded_by(floor: int, ceiling: int, low: int | None, high: int | None) -> Bounds:
        """`low` and `high` (None: not proven) joined with the cheap bounds
        `floor` and `ceiling`."""
        return Bounds(
            floor if low is None else max(low, floor),
            ceiling if high is None else min(high, ceiling),
            floor,
            ceiling,
        )

    @_exclusive
    def principal_variation(
        self, pos: Position, side: int, value: int
    ) -> tuple[list[Move], SearchStats, bool]:
        """A line of best play for `side` keeping `value` (its exact value
        from `pos`): the moves, the searches' statistics, and whether a limit
        (or an interrupt) stopped it before the end."""
        self._begin()
        return self._principal_variation(pos, side, value)

    def _principal_variation(
        self, pos: Position, side: int, value: int
    ) -> tuple[list[Move], SearchStats, bool]:
        """A line of best play: at each step a move that keeps `side`'s value;
        True when a limit (or an interrupt) stopped it before the end."""
        work = pos.copy()
        stats = NO_STATS
        line: list[Move] = []
        root = banked(pos, side)  # tricks games count from the root on
        while not work.is_over:
            if self._stopping:
                return line, stats, True
            core = work.core
            assert core is not None
            for move in work.legal_moves():
                work.play(move)
                if work.is_over:
                    keeps = final_value(work, side) - root == value
                else:
                    target = value - (banked(work, side) - root)
                    keeps = self._search.reaches(core, side, target)
                    stats = stats + SearchStats.of(self._search.stats)
                    if keeps and stats.exact:
                        keeps = not self._search.reaches(core, side, target + 1)
                        stats = stats + SearchStats.of(self._search.stats)
                    if not stats.exact:  # a search cut short proves nothing
                        return line, stats, True
                if keeps:
                    line.append(move)
                    break
                work.undo()
            else:  # no move keeps the value: cannot happen with exact searches
                return line, stats, True
        return line, stats, False

    @_exclusive
    def maxn(self, pos: Position, by: MaxnBy = MaxnBy.SCORE) -> tuple[tuple[int, ...], SearchStats]:
        """Max^n values of every side, each maximising its objective `by`
        (`MaxnBy`: ``score`` or ``tricks``; the tie rule in csrc/search.h)."""
        if by not in MAXN_BY:
            raise PositionError(f"by must be one of {', '.join(MAXN_BY)}, not {by!r}")
        core = self._core_of(pos)
        self._begin()
        values = self._search.maxn(core, MAXN_BY[by])
        return values, SearchStats.of(self._search.stats)

    @_exclusive
    def table(self, pos: Position, starts: Sequence[Position] | None = None) -> Table:
        """Values of the deal for each trump the game allows (and each
        leader, where the game lets any seat lead), from its first lead:
        every side's value.  A cell cut short by a limit holds its proven
        lower bound in `values` and what is known in `bounds`.  `starts`:
        only these of `table_positions(pos)` (a share of the table)."""
        entries = []
        stats = NO_STATS
        self._begin()
        # the search over targets starts at the value of the same trump with
        # the previous leader, which is seldom more than a trick away
        last: dict[int | None, int] = {}
        for start in table_positions(pos) if starts is None else starts:
            if self._stopping:
                break
            core = self._core_of(start)
            first = self._search.solve(core, 0, last.get(start.trump))
            done = SearchStats.of(self._search.stats)
            if done.exact:
                last[start.trump] = first
            stats = stats + done
            bounds = [self.proven_bounds(start, 0, first, done.exact)]
            if core.nsides == 2:  # zero-sum: the other side's value follows
                total = 0 if pos.values_net else core.total_tricks
                bounds.append(bounds[0].flipped(total))
            for side in range(len(bounds), core.nsides):
                if self._stopping:
                    break
                value = self._search.solve(core, side)
                done = SearchStats.of(self._search.stats)
                stats = stats + done
                bounds.append(self.proven_bounds(start, side, value, done.exact))
            if len(bounds) < core.nsides:  # interrupted: no partial entry
                break
            assert start.trump is not None
            values = tuple(b.low for b in bounds)
            kept = () if all(b.exact for b in bounds) else tuple(bounds)
            entries.append(TableEntry(start.trump, core.turn, values, kept))
        return Table(entries, stats)

    def proven_bounds(self, pos: Position, side: int, value: int, exact: bool) -> Bounds:
        """What a search of `pos` for `side` that returned `value` proved:
        the value when `exact`, else `value` as a lower bound up to the
        position's cheap ceiling (`value_range`)."""
        if exact:
            return Bounds.of_value(value)
        floor, ceiling = self.value_range(pos, side)
        return Bounds(max(value, floor), ceiling, floor, ceiling)


def move_classes(pos: Position) -> list[tuple[Move, ...]]:
    """The legal moves of `pos` (in play) in the classes the search treats as
    one (`CardValue.equivalent`), found without a search: the classes are the
    core's, a search of one node on a small table gives them."""
    core = Solver._core_of(pos)
    probe = _core.Searcher(_core_min_table(), 1, 0.0)
    kind = "claim" if pos.phase == Phase.CLAIM else "play"
    classes: dict[int, list[Move]] = {}
    for card, _, cls, _ in probe.analyze(core):
        classes.setdefault(cls, []).append(Move(kind, Card(card)))
    return [tuple(moves) for moves in classes.values()]


def _core_min_table() -> int:
    return 1 << 16  # TS_MIN_TT_BYTES: the least table the core makes


def table_positions(pos: Position) -> list[Position]:
    """The first-lead positions of the deal under each trump the game allows
    (and each leader, where the game lets any seat lead): `Position.table_starts`."""
    return pos.table_starts()


_defaults = threading.local()  # the module functions' Solver, one per thread


def _solver() -> Solver:
    default: Solver | None = getattr(_defaults, "solver", None)
    if default is None:
        default = _defaults.solver = Solver()
    return default


def solve(pos: Position, side: int | None = None) -> Solution:
    """The value of `pos` for `side` (default the side to move)."""
    return _solver().solve(pos, side)


def analyze(pos: Position, pv: bool = True) -> Analysis:
    """The value of every legal move of `pos` for the side to move."""
    return _solver().analyze(pos, pv)


def table(pos: Position) -> Table:
    """The values of a deal under each trump (and leader) the game allows."""
    return _solver().table(pos)
