"""The exact posterior over every world of a small view: the reference of
solver/inference.py.

Every world the brute force of `enumerate_worlds` finds (and, in Cinch,
every split of the cards out of play among the widow and the discard piles,
tried card by card and kept when the same checks accept it) is weighed by
its likelihood: the product, over the moves of the view's play record made
by a seat other than the view's own, of the model's chance of the move,
computed by a plain loop that replays the record on the world at its first
lead.  The weights are then divided by their sum.  Slow (one replay a world)
and meant for views with a few thousand worlds at most.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import factorial

from solver.cards import CardSet
from solver.games.base import Position
from solver.inference import PlayModel
from solver.view import View
from tests.reference.enumerate_worlds import (
    TooManyWorlds,
    consistent_world,
    enumerate_worlds,
    enumerated_places,
    fill_places,
    fillings,
)

Masks = tuple[int, ...]  # the unseen cards of every place of the view, in its order


def likelihood(view: View, world: Position, model: PlayModel) -> float:
    """The chance that the other seats made the record's moves in `world` (at its first lead)."""
    chance = 1.0
    for move in view.play_record:
        if world.to_move != view.seat:
            chance *= model.probability(world, world.to_move, move)
        world.play(move)
    return chance


def worlds(view: View, limit: int) -> Iterator[tuple[Masks, Position]]:
    """Every world of the view as (masks of all its places, the world at its
    first lead); TooManyWorlds past `limit` fillings of all the places."""
    keyed = enumerated_places(view)
    others = [i for i in range(len(view.places)) if i not in keyed]
    sizes = [view.places[i].size for i in others]
    splits = factorial(sum(sizes))
    for size in sizes:
        splits //= factorial(size)
    if fillings(view, limit) * splits > limit:
        raise TooManyWorlds(f"more than {limit} fillings")
    for key in enumerate_worlds(view, limit):
        fills = [CardSet()] * len(view.places)
        for i, mask in zip(keyed, key, strict=True):
            fills[i] = CardSet(mask)
        rest = view.pool - CardSet(c for f in fills for c in f)
        for split in fill_places(rest, sizes):  # sizes hold the rest: all of it
            for i, f in zip(others, split, strict=True):
                fills[i] = f
            world = consistent_world(view, fills)
            if world is not None:
                yield tuple(f.mask for f in fills), world


def posterior(view: View, model: PlayModel, limit: int) -> dict[Masks, float]:
    """{masks of every place: the world's posterior probability} under `model`,
    from the uniform prior over the worlds of the view."""
    weights = {masks: likelihood(view, world, model) for masks, world in worlds(view, limit)}
    total = sum(weights.values())
    return {masks: w / total for masks, w in weights.items()}
