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

import itertools
from collections.abc import Iterator

from solver.cards import CardSet
from solver.errors import PositionError
from solver.games.base import Position
from solver.inference import PlayModel
from solver.view import View
from tests.reference.enumerate_worlds import (
    enumerate_worlds,
    enumerated_places,
    knowledge_matches,
    redeal_possible,
    rules_accept,
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


def _splits(cards: CardSet, sizes: list[int]) -> Iterator[list[CardSet]]:
    """Every way to put `cards` in places of `sizes` (all of them)."""
    if not sizes:
        if not cards:
            yield []
        return
    for chosen in itertools.combinations(list(cards), sizes[0]):
        here = CardSet(chosen)
        for rest in _splits(cards - here, sizes[1:]):
            yield [here, *rest]


def worlds(view: View, limit: int) -> Iterator[tuple[Masks, Position]]:
    """Every world of the view as (masks of all its places, the world at its first lead)."""
    keyed = enumerated_places(view)
    others = [i for i in range(len(view.places)) if i not in keyed]
    for key in enumerate_worlds(view, limit):
        fills = [CardSet()] * len(view.places)
        for i, mask in zip(keyed, key, strict=True):
            fills[i] = CardSet(mask)
        rest = view.pool - CardSet(c for f in fills for c in f)
        for split in _splits(rest, [view.places[i].size for i in others]):
            for i, f in zip(others, split, strict=True):
                fills[i] = f
            try:
                world = view.world(fills, play=False)
            except PositionError:
                continue
            if (
                rules_accept(view, world)
                and knowledge_matches(view, world) is None
                and redeal_possible(view, world) is None
            ):
                yield tuple(f.mask for f in fills), world


def posterior(view: View, model: PlayModel, limit: int) -> dict[Masks, float]:
    """{masks of every place: the world's posterior probability} under `model`,
    from the uniform prior over the worlds of the view."""
    weights = {masks: likelihood(view, world, model) for masks, world in worlds(view, limit)}
    total = sum(weights.values())
    return {masks: w / total for masks, w in weights.items()}
