"""What a side has won so far in a hand, in the solver's units: the tricks
banked (the tricks games), and the value from one position to a later one of
the same hand (`solver.review` reads a played hand by them)."""

from __future__ import annotations

from solver.errors import PositionError
from solver.games.base import Position


def banked(pos: Position, side: int) -> int:
    """What a side has won so far in the hand, in the units of the tricks
    games' values (its tricks; 0 in the games valued by score): a position's
    value plus this is the side's whole hand (`solver.review`)."""
    core = pos.core
    assert core is not None
    if pos.values_count_tricks:
        return sum(t for s, t in enumerate(core.tricks) if core.sides[s] == side)
    return 0


def final_value(pos: Position, side: int) -> int:
    """The value of a finished hand for a side, in the solver's units."""
    core = pos.core
    assert core is not None
    if pos.values_count_tricks:
        return banked(pos, side)
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
    return final_value(end, side) - banked(start, side)


def banked_between(start: Position, later: Position, side: int) -> int:
    """What `side` banked from `start` to `later` (the same hand, played on),
    in the units of the tricks games' values (0 in the other games): a value
    of `later` plus this is in the units of `start`'s values."""
    return banked(later, side) - banked(start, side)
