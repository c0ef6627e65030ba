"""What a double-dummy search answers: its statistics, bounds, and the
results of `Solver.solve`, `Solver.analyze` and `Solver.table`.

A value a search did not prove is a `Bounds` whose `low` and `high` differ
(`exact` False); every result carries the `SearchStats` of the searches that
made it.  Values are for a side, in the units of `solver.doubledummy`'s
module docstring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.cards import Card
from solver.games.base import Move


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

    def to_json(self) -> dict[str, Any]:
        """The JSON of the statistics (docs/json.md, ``stats``)."""
        return {
            "nodes": self.nodes,
            "trick_starts": self.trick_starts,
            "tt_hits": self.tt_hits,
            "tt_stores": self.tt_stores,
            "seconds": self.seconds,
            "exact": self.exact,
        }

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
class Bounds:
    """What a search proved about a value: ``low <= value <= high``, the
    value itself when `exact`.  `floor` and `ceiling` are the values the
    position can have at all (the cheap bounds, `Solver.value_range`): a
    bound at one of them was not proven by the search but known before it.
    A search cut short by a limit proves its `low` (the best value it found)
    and nothing above it beyond the cheap `high`."""

    low: int
    high: int
    floor: int
    ceiling: int

    @property
    def exact(self) -> bool:
        return self.low == self.high

    @property
    def low_known(self) -> bool:
        """The search proved more than the cheap floor."""
        return self.low > self.floor

    @property
    def high_known(self) -> bool:
        """The value is known to be below the cheap ceiling."""
        return self.high < self.ceiling

    def flipped(self, total: int) -> Bounds:
        """The other side's bounds in a zero-sum game: ``total - value``
        (`total` 0 where the value is a net score)."""
        return Bounds(total - self.high, total - self.low, total - self.ceiling, total - self.floor)

    def shifted(self, by: int) -> Bounds:
        """The same bounds `by` higher (a value counted from another point
        of the hand: `banked_between`)."""
        return Bounds(self.low + by, self.high + by, self.floor + by, self.ceiling + by)

    def to_json(self) -> dict[str, Any]:
        """The JSON of a value a search may cut short: `value` only when
        exact (else null), always `low`, `high` and `exact` (docs/json.md)."""
        return {
            "value": self.low if self.exact else None,
            "low": self.low,
            "high": self.high,
            "exact": self.exact,
        }

    @classmethod
    def of_value(cls, value: int) -> Bounds:
        return cls(value, value, value, value)


@dataclass(frozen=True)
class Solution:
    """The value of a position for one side."""

    value: int
    side: int
    stats: SearchStats


@dataclass(frozen=True)
class CardValue:
    """A legal move and its value for the side to move; `equivalent` are the
    moves of its class (searched once, same value), itself included.  When a
    limit cut the search short, `value` is only the proven lower bound: read
    `bounds` (and `exact`)."""

    move: Move
    value: int
    equivalent: tuple[Move, ...]
    proven: Bounds | None = None  # what a search cut short proved; None: exactly `value`

    @property
    def bounds(self) -> Bounds:
        return Bounds.of_value(self.value) if self.proven is None else self.proven

    @property
    def exact(self) -> bool:
        return self.bounds.exact

    @property
    def card(self) -> Card:
        assert self.move.card is not None
        return self.move.card


@dataclass(frozen=True)
class Analysis:
    """The value of every legal move, best first, and a principal variation."""

    side: int  # the side to move
    seat: int  # the seat to move
    value: int  # the value of the position (of its best move); a lower bound unless `exact`
    moves: list[CardValue]
    pv: list[Move] = field(default_factory=list)
    stats: SearchStats = NO_STATS
    proven: Bounds | None = None  # the position's value cut short; None: exactly `value`
    pv_cut: bool = False  # a limit stopped the principal variation before the end

    @property
    def bounds(self) -> Bounds:
        """What is known of the position's value (exact unless cut short)."""
        return Bounds.of_value(self.value) if self.proven is None else self.proven

    @property
    def exact(self) -> bool:
        """Every move's value is exact (no limit cut the search short)."""
        return all(m.exact for m in self.moves)

    @property
    def best(self) -> list[Move]:
        """The moves proven best: of an exact analysis those of its value; of
        one cut short those whose lower bound reaches every other move's
        upper bound (often none)."""
        if self.exact:
            return [m.move for m in self.moves if m.value == self.value]
        return [
            m.move
            for m in self.moves
            if all(m.bounds.low >= o.bounds.high for o in self.moves if o.move not in m.equivalent)
        ]


@dataclass(frozen=True)
class TableEntry:
    trump: int  # strain 0..3 or NOTRUMP
    leader: int  # the seat on lead to the first trick
    values: tuple[
        int, ...
    ]  # the value for every side (paranoid for each); lower bounds unless exact
    bounds: tuple[Bounds, ...] = ()  # what the search proved for every side (empty: `values` exact)

    def bounds_of(self, side: int) -> Bounds:
        return self.bounds[side] if self.bounds else Bounds.of_value(self.values[side])

    @property
    def exact(self) -> bool:
        return all(self.bounds_of(side).exact for side in range(len(self.values)))


@dataclass(frozen=True)
class Table:
    """Values of a deal for each trump and each leader the game allows."""

    entries: list[TableEntry]
    stats: SearchStats

    @property
    def exact(self) -> bool:
        return all(e.exact for e in self.entries)
