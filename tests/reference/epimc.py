"""Extended PIMC computed plainly (the definition of solver/epimc.py), for
checking the fast version on small endings.

Every value is a fresh `Solver.solve` of the position after a move, no
null-window search, no analysis of many moves at once, no table shared
between worlds: at each of the other seats' turns on the path every legal
card is valued, the seat's opponents take the least value for the seat's
side and its partners the most, the lowest card of those (rank 2 lowest,
then spades, hearts, diamonds, clubs) is played; at the seat's next
decision every legal card is valued.  The worlds are grouped by what the
seat sees there: the cards played on the way and its `seat_knowledge`; a group
plays the card with the best sum (ties: spades first, high card first).
Unlike tests/reference/minimax.py this uses the solver's search (checked
against minimax in tests/search/test_search_bruteforce.py): what it checks is the
postponing, the grouping and the pruning, not the search.
"""

from __future__ import annotations

from solver.banked import banked_between, value_after
from solver.doubledummy import Solver
from solver.games.base import Move, Position
from solver.heuristics import seat_knowledge

TT_MB = 1


def child_value(world: Position, pos: Position, move: Move, side: int) -> int:
    """The value for `side` of the position after `move` in `pos` (a later
    position of `world`'s hand), in `world`'s units."""
    child = pos.copy()
    child.play(move)
    if child.is_over:
        return value_after(world, child, side)
    return Solver(tt_mb=TT_MB).solve(child, side).value + banked_between(world, child, side)


def lowest_first(move: Move) -> tuple[int, int]:
    card = move.card
    assert card is not None
    return (int(card.rank), int(card.suit))


def spades_high_first(move_text: str) -> tuple[int, int]:
    card = Move.parse(move_text).card
    assert card is not None
    return (int(card.suit), -int(card.rank))


def pimc_values(world: Position, seat: int) -> dict[str, int]:
    """v(w, m) for every legal move of `seat` (to move in `world`)."""
    side = world.sides()[seat]
    return {str(m): child_value(world, world, m, side) for m in world.legal_moves()}


def next_decision(world: Position, move: Move, seat: int) -> tuple[object, dict[str, int]]:
    """After `move`, the other seats' value-keeping lowest cards until `seat`
    is to move: (the seat's view there, every legal move's value), or
    (None, {"": the final value}) when the hand ends first."""
    side = world.sides()[seat]
    pos = world.copy()
    pos.play(move)
    path = []
    while not pos.is_over and pos.to_move != seat:
        values = {m: child_value(world, pos, m, side) for m in pos.legal_moves()}
        partner = pos.sides()[pos.to_move] == side
        target = max(values.values()) if partner else min(values.values())
        played = min((m for m in values if values[m] == target), key=lowest_first)
        pos.play(played)
        path.append(str(played))
    if pos.is_over:
        return None, {"": value_after(world, pos, side)}
    values = {str(m): child_value(world, pos, m, side) for m in pos.legal_moves()}
    return (path, seat_knowledge(pos, seat)), values


def epimc_values(worlds: list[Position], seat: int) -> dict[str, list[int]]:
    """e(w, m) for every legal move of `seat` in every world (in order)."""
    out: dict[str, list[int]] = {}
    for move in worlds[0].legal_moves():
        found = [next_decision(w, move, seat) for w in worlds]
        sums: dict[str, dict[str, int]] = {}
        for key, values in found:
            if key is not None:
                group = sums.setdefault(repr(key), dict.fromkeys(values, 0))
                for m2, v in values.items():
                    group[m2] += v
        chosen = {
            key: max(sorted(group, key=spades_high_first), key=lambda m2: group[m2])
            for key, group in sums.items()
        }
        out[str(move)] = [
            values[""] if key is None else values[chosen[repr(key)]] for key, values in found
        ]
    return out
