"""Every world of a small view, by brute force: the reference of solver.sampling.

A world puts each card the view's seat has not seen (`view.pool`) in one of
the view's hidden places, each holding its size.  This module tries every such
filling and keeps those consistent with the view, judged without the view's
own voids and counts:

- the rules: the world at the first lead (`View.world(..., play=False)`) must
  replay the view's play record through the C core, which checks following suit
  card by card (so a void the view failed to note, or noted wrongly, shows as a
  different set of worlds); a view before play has no record;
- what the seat knows: its own cards, the cards it has seen, in place;
- Cinch: some redeal must have produced the hands (`redeal_possible`): every
  hand splits into the trumps its seat kept, cards from the stock (never a
  discard the seat saw) and cards from the dead wood (non-trumps; all of them
  discards the seat saw, in the first hand of a game), by explicit search over
  subsets; the discard piles and the widow hold what the redeal left there.

Unlike `rules.py`, this module uses the `solver` package: it enumerates the
worlds of a `solver.view.View`.  It is slow (about 0.1 ms a world) and meant for
views with a few thousand fillings at most.

The Cinch out-of-play places (widow, discard piles, dead wood) can hold
thousands of splits even late in a hand; they are not enumerated card by card.
Their splits do not change the play, and the splits consistent with one filling
of the hands are counted by the formula in `_out_of_play_splits`, after one
representative split is built and checked.  `enumerate_worlds` therefore keys
the worlds by the cards of the other places only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from math import comb, factorial

from solver.cards import FULL_DECK, CardSet
from solver.errors import IllegalMoveError, PositionError
from solver.games.base import Position
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinese_whist.view import ChineseWhistView
from solver.games.chinkway import Chinkway
from solver.games.chinkway.view import ChinkwayView
from solver.games.cinch import PLAY_HAND as CINCH_HAND
from solver.games.cinch import Cinch
from solver.games.cinch.view import CinchView
from solver.view import View

OUT_OF_PLAY = ("widow", "discards", "dead wood")  # Cinch places whose splits are counted


class TooManyWorlds(ValueError):
    """The view has more fillings than the enumeration limit."""


def enumerated_places(view: View) -> list[int]:
    """Indices of the places the enumeration fills card by card (the keys)."""
    if isinstance(view, CinchView):
        return [i for i, p in enumerate(view.places) if p.key[0] not in OUT_OF_PLAY]
    return list(range(len(view.places)))


def fillings(view: View, limit: int) -> int:
    """How many fillings of the enumerated places there are."""
    n, total = len(view.pool), 1
    for i in enumerated_places(view):
        size = view.places[i].size
        total *= comb(n, size)
        n -= size
    if total > limit:
        raise TooManyWorlds(f"{total} fillings, more than {limit}")
    return total


def fill_places(cards: CardSet, sizes: list[int]) -> Iterator[list[CardSet]]:
    """Every way to put cards of `cards` in places of `sizes`, in order."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(list(cards), sizes[0]):
        here = CardSet(chosen)
        for rest in fill_places(cards - here, sizes[1:]):
            yield [here, *rest]


def enumerate_worlds(view: View, limit: int = 20_000) -> dict[tuple[int, ...], int]:
    """{masks of the enumerated places: number of consistent worlds with them}."""
    fillings(view, limit)
    keyed = enumerated_places(view)
    others = [i for i in range(len(view.places)) if i not in keyed]
    worlds: dict[tuple[int, ...], int] = {}
    for chosen in fill_places(view.pool, [view.places[i].size for i in keyed]):
        rest = view.pool - CardSet(c for f in chosen for c in f)
        splits, split = _out_of_play_splits(view, others, rest)
        if not splits:
            continue
        fills = [CardSet()] * len(view.places)
        for i, f in zip(keyed, chosen, strict=True):
            fills[i] = f
        for i, f in zip(others, split, strict=True):
            fills[i] = f
        if consistent_world(view, fills) is not None:
            worlds[tuple(f.mask for f in chosen)] = splits
    return worlds


def consistent_world(view: View, fills: list[CardSet]) -> Position | None:
    """The world of `fills` at its first lead if the rules, what the seat
    knows and (Cinch) a redeal accept it, else None."""
    try:
        world = view.world(fills, play=False)
    except PositionError:
        return None
    if (
        rules_accept(view, world)
        and knowledge_matches(view, world) is None
        and redeal_possible(view, world) is None
    ):
        return world
    return None


def _out_of_play_splits(view: View, others: list[int], rest: CardSet) -> tuple[int, list[CardSet]]:
    """(how many ways the Cinch out-of-play places can hold `rest`, one of them)."""
    if not others:
        return (1, []) if not rest else (0, [])
    assert isinstance(view, CinchView)
    trumps = FULL_DECK.suit(view.trump)
    places = [view.places[i] for i in others]
    if places[0].key[0] == "dead wood":
        return 1, [rest]  # one place takes everything; the checks judge it
    # The widow (any cards) and the hidden discard piles (non-trumps only):
    # the widow must take every trump left, then any of the non-trumps; the
    # piles share the rest in any order.
    widow = next((p.size for p in places if p.key[0] == "widow"), 0)
    piles = [p.size for p in places if p.key[0] == "discards"]
    left_trumps = rest & trumps
    if len(left_trumps) > widow:
        return 0, []
    others_cards = list(rest - trumps)
    count = comb(len(others_cards), widow - len(left_trumps)) * factorial(sum(piles))
    for size in piles:
        count //= factorial(size)
    split, start = [], widow - len(left_trumps)
    for p in places:
        if p.key[0] == "widow":
            split.append(left_trumps | CardSet(others_cards[:start]))
        else:
            split.append(CardSet(others_cards[start : start + p.size]))
            start += p.size
    return count, split


def rules_accept(view: View, world: Position) -> bool:
    """Whether the world at its first lead replays the view's play record
    (before play, a world with no play yet, there is none)."""
    if world.core is None:
        return not view.play_record
    core = world.core.copy()
    try:
        for move in view.play_record:
            assert move.card is not None
            core.play(move.card.index)
    except IllegalMoveError:
        return False
    return True


def knowledge_matches(view: View, world: Position) -> str | None:
    """None if every card the view knows is where the view saw it, else why not."""
    if isinstance(view, ChineseWhistView):
        assert isinstance(world, ChineseWhist)
        if world.down[view.seat] != view.down[view.seat]:
            return "the seat's own down cards differ"
        for s in range(view.nseats):
            if not _subset(view.down[s], world.down[s]):
                return f"seat {s + 1}'s known down cards are not in its hand"
            for (top, under, has), (wtop, wunder) in zip(
                view.piles[s], world.piles[s], strict=True
            ):
                if top != wtop or has != (wunder is not None) or (under and under != wunder):
                    return f"seat {s + 1}'s piles differ"
        return None
    hands = world.hands  # type: ignore[attr-defined]
    if hands[view.seat] != view.known[view.seat]:  # type: ignore[attr-defined]
        return "the seat's own hand differs"
    for s in range(view.nseats):
        if not _subset(view.known[s], hands[s]):  # type: ignore[attr-defined]
            return f"hand {s + 1}'s known cards are not in it"
    if isinstance(view, ChinkwayView):
        assert isinstance(world, Chinkway)
        if not _subset(CardSet(view.discards), CardSet(world.discards)):
            return "the dealer's known discards differ"
    return None


def _subset(small: CardSet, big: CardSet) -> bool:
    return not small - big


def redeal_possible(view: View, world: Position) -> str | None:
    """Cinch: None if a redeal with the view's public counts could have dealt
    the world's hands and left its piles and widow, else why not."""
    if not isinstance(view, CinchView):
        return None
    assert isinstance(world, Cinch)
    rd, trumps = view.redeal, FULL_DECK.suit(view.trump)
    seen = CardSet(c for d in view.discards for c in d) - trumps  # discards the seat saw
    for s in range(view.nseats):
        hand = world.hands[s]
        kept = min(rd.kept[s], CINCH_HAND)
        if not _hand_splits(hand, trumps, seen, kept, rd.from_dead_wood[s], view.first_hand):
            return f"no redeal gives hand {s + 1}"
        pile = world.discards[s]
        if pile & trumps != view.discards[s] & trumps:
            return f"seat {s + 1}'s face-up trumps differ"
        if rd.drawn_back == 0:
            if not _subset(view.discards[s], pile) or len(pile - trumps) != rd.discarded[s]:
                return f"seat {s + 1}'s discards differ"
        elif (view.first_hand or s == view.seat) and not _subset(pile - trumps, view.discards[s]):
            return f"seat {s + 1}'s pile holds a card it did not discard"
    widow = world.widow or CardSet()
    if len(widow) != rd.widow or widow & seen:
        return "the widow differs"
    left = CardSet(c for d in world.discards for c in d) - trumps
    if len(left) != sum(rd.discarded) - rd.drawn_back:
        return "the discard piles hold the wrong number of cards"
    return None


def _hand_splits(
    hand: CardSet, trumps: CardSet, seen: CardSet, kept: int, dead: int, first_hand: bool
) -> bool:
    """Whether a hand is `kept` trumps it kept, plus cards from the stock
    (never a seen discard), plus `dead` cards from the dead wood (non-trumps;
    seen discards, in the first hand)."""
    for keep in itertools.combinations(list(hand & trumps), kept):
        rest = hand - CardSet(keep)
        for drawn in itertools.combinations(list(rest), dead):
            from_dead = CardSet(drawn)
            from_stock = rest - from_dead
            if from_dead & trumps or from_stock & seen:
                continue
            if first_hand and not _subset(from_dead, seen):
                continue
            return True
    return False
