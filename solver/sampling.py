"""Exact, uniform sampling of the worlds consistent with a seat's view.

A *world* is a complete position at the view's decision: every card the
seat has not seen (the view's `pool`) put in one of the view's hidden places,
each place holding its size and respecting its constraints.  `Sampler` draws
worlds uniformly among all of them, by counting, never by rejection::

    >>> import solver
    >>> pos = solver.deal("whist", seed=2)
    >>> sampler = Sampler(solver.view_of(pos, seat=2))
    >>> sampler.count()  # 39 cards into three hands of 13
    84478098072866400
    >>> worlds = sampler.sample(3, seed=1)  # positions, each playable and solvable

How it counts.  The unseen cards fall into *classes*: their suit, and
whether the seat has seen the card (`View.seen`, empty in most games).
Every constraint of a place counts cards per class, so whether a world is
consistent depends only on its *shape*, the number of cards of each class in
each place, and a shape has
``prod over classes of multinomial(cards of the class; counts per place)``
worlds.  A dynamic program over the places, its state the vector of cards of
each class not yet placed, sums them:

    f_i(rest) = sum over shapes v place i may hold, v <= rest, of
                prod_c C(rest_c, v_c) * f_{i+1}(rest - v)

and the last place takes the rest (1 if it may hold it, else 0).  Places whose
only constraints say which classes they may hold, and say it alike (piles
of discards, face-down cards under piles, hands with no void), are first
merged into one place: its cards split among them in
``multinomial(size; their sizes)`` ways, all consistent.  The tables are built
once, for the states the program reaches.

How it samples.  Walking the program, place i takes shape v with probability
``prod_c C(rest_c, v_c) * f_{i+1}(rest - v) / f_i(rest)``, drawn exactly with
integers (`random.Random.randrange` over the exact counts); then within each
class a uniform random permutation deals the class's cards to the places by
the shape, and a merged place's cards are dealt to its places by another
(numpy, vectorised over the worlds).  Every world thus has probability
exactly ``1 / count()``.  The view's chances outside the places (before
play: the order of a stock, a second pack, a hand's seed; `View.world_with`)
are drawn from a generator of their own, independent of the fills.  The same
seed gives the same worlds.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb, factorial

import numpy as np
import numpy.typing as npt

from solver.cards import Card, CardSet
from solver.errors import PositionError
from solver.games.base import Position
from solver.view import SUITS, HiddenPlace, View

MAX_DECK = 52
INT64_LIMIT = 1 << 63  # counts below this are drawn with numpy, larger ones in Python
BINOM = [[comb(n, k) for k in range(MAX_DECK + 1)] for n in range(MAX_DECK + 1)]

CHANCES_SEED = "chances {seed}"  # the generator of a sample's chances outside the places
Shape = tuple[int, ...]  # cards of each class


@dataclass(frozen=True)
class _Group:
    """A place of the program: one hidden place, or several alike merged, with
    its bounds on the cards of each suit and on the seen cards it holds."""

    members: tuple[int, ...]  # indices into the view's places
    size: int
    suit_lo: tuple[int, ...]
    suit_hi: tuple[int, ...]
    seen_lo: int
    seen_hi: int

    @classmethod
    def single(cls, index: int, place: HiddenPlace) -> _Group:
        return cls(
            (index,), place.size, place.suit_min, place.suit_max, place.seen_min, place.seen_max
        )

    @classmethod
    def merged(cls, indices: list[int], places: tuple[HiddenPlace, ...]) -> _Group:
        """Alike places that only say which classes they may hold: the same
        classes, for all their cards together."""
        size = sum(places[i].size for i in indices)
        first = places[indices[0]]
        only_seen = first.seen_min == first.size
        return cls(
            tuple(indices),
            size,
            (0,) * SUITS,
            tuple(0 if hi == 0 else size for hi in first.suit_max),
            size if only_seen else 0,
            0 if first.seen_max == 0 else size,
        )

    def fits(self, classes: list[tuple[int, int]], shape: Shape) -> bool:
        """Whether the group may hold `shape` (cards of each class)."""
        suits = [0] * SUITS
        seen = 0
        for (suit, is_seen), n in zip(classes, shape, strict=True):
            suits[suit] += n
            seen += n * is_seen
        return self.seen_lo <= seen <= self.seen_hi and all(
            self.suit_lo[s] <= suits[s] <= self.suit_hi[s] for s in range(SUITS)
        )


@dataclass
class _Node:
    """A state of the program: its count and the shapes it may take next."""

    total: int
    cumulative: list[int]  # running sums of the shapes' weights
    shapes: list[Shape]
    arrays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None = None

    def as_arrays(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(shapes, cumulative weights) as arrays; the weights only if they fit int64."""
        if self.arrays is None:
            cumulative = self.cumulative if self.total < INT64_LIMIT else [0]
            self.arrays = (
                np.array(self.shapes, dtype=np.int64),
                np.array(cumulative, dtype=np.int64),
            )
        return self.arrays


class Sampler:
    """Draws worlds uniformly among those consistent with `view`.

    `count()` is their exact number; `sample(n, seed)` returns positions;
    `sample_masks` and `sample_raw` are the fast paths (numpy arrays).
    PositionError if no world is consistent.
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.places: tuple[HiddenPlace, ...] = view.places
        # 1. Classes: suit, and whether the seat has seen the card (`View.seen`).
        classes: dict[tuple[int, int], list[Card]] = {}
        for card in view.pool:
            key = (int(card.suit), int(card in view.seen))
            classes.setdefault(key, []).append(card)
        self._classes = sorted(classes)
        self.pool: tuple[Card, ...] = tuple(c for k in self._classes for c in classes[k])
        self._sizes: Shape = tuple(len(classes[k]) for k in self._classes)
        # 2. Places merged and ordered; the largest goes last (never enumerated).
        self._groups, self._shapes = self._merge()
        # 3. The program, from the full pool.
        self._levels: list[dict[Shape, _Node]] = [{} for _ in self._groups]
        self._total = self._f(0, self._sizes) if self._groups else 1
        if self._total == 0:
            raise PositionError(self._why_none())
        self._splits = 1
        for g in self._groups:
            self._splits *= factorial(g.size)
            for m in g.members:
                self._splits //= factorial(self.places[m].size)

    # -- building ---------------------------------------------------------

    def _allowed_classes(self, place: HiddenPlace) -> frozenset[int] | None:
        """The classes a place may hold, if that is all its constraints say
        (then it may merge with alike places); None if it counts cards."""
        allowed = set(range(len(self._classes)))
        for s in range(SUITS):
            lo, hi = place.suit_min[s], place.suit_max[s]
            if lo > 0 or 0 < hi < place.size:
                return None
            if hi == 0:
                allowed -= {i for i, k in enumerate(self._classes) if k[0] == s}
        lo, hi = place.seen_min, place.seen_max
        if lo == place.size:  # only seen cards
            allowed -= {i for i, k in enumerate(self._classes) if k[1] == 0}
        elif lo > 0 or 0 < hi < place.size:
            return None
        elif hi == 0:
            allowed -= {i for i, k in enumerate(self._classes) if k[1] == 1}
        return frozenset(allowed)

    def _merge(self) -> tuple[list[_Group], list[list[Shape]]]:
        """The groups in the program's order, and the shapes each but the last
        may hold.  The largest group goes last; the others from the fewest shapes."""
        alike: dict[frozenset[int], list[int]] = {}
        groups: list[_Group] = []
        for i, place in enumerate(self.places):
            allowed = self._allowed_classes(place)
            if allowed is None:
                groups.append(_Group.single(i, place))
            else:
                alike.setdefault(allowed, []).append(i)
        groups += [_Group.merged(members, self.places) for members in alike.values()]
        if not groups:
            return [], []
        last = max(range(len(groups)), key=lambda i: groups[i].size)
        rest = groups[:last] + groups[last + 1 :]
        shapes = [self._allowed_shapes(g) for g in rest]
        order = sorted(range(len(rest)), key=lambda i: len(shapes[i]))
        return [rest[i] for i in order] + [groups[last]], [shapes[i] for i in order]

    def _allowed_shapes(self, group: _Group) -> list[Shape]:
        """Every shape the group may hold within the pool."""
        caps = []
        for (suit, is_seen), n in zip(self._classes, self._sizes, strict=True):
            room = group.seen_hi if is_seen else group.size - group.seen_lo
            caps.append(min(n, group.suit_hi[suit], room))
        return [
            shape
            for shape in _compositions(group.size, tuple(caps))
            if group.fits(self._classes, shape)
        ]

    def _f(self, level: int, rest: Shape) -> int:
        """The number of shapes-weighted worlds of places level.. from `rest`."""
        if level == len(self._groups) - 1:
            return int(self._groups[level].fits(self._classes, rest))
        memo = self._levels[level]
        node = memo.get(rest)
        if node is not None:
            return node.total
        total, cumulative, shapes = 0, [], []
        for shape in self._shapes[level]:
            if any(v > r for v, r in zip(shape, rest, strict=True)):
                continue
            after = tuple(r - v for r, v in zip(rest, shape, strict=True))
            ways = self._f(level + 1, after)
            if not ways:
                continue
            for r, v in zip(rest, shape, strict=True):
                ways *= BINOM[r][v]
            total += ways
            cumulative.append(total)
            shapes.append(shape)
        memo[rest] = _Node(total, cumulative, shapes)
        return total

    def _why_none(self) -> str:
        in_suit = [0] * SUITS
        for (suit, _), n in zip(self._classes, self._sizes, strict=True):
            in_suit[suit] += n
        for place in self.places:
            low = [place.suit_min[s] for s in range(SUITS)]
            high = [min(place.suit_max[s], in_suit[s]) for s in range(SUITS)]
            if any(lo > hi for lo, hi in zip(low, high, strict=True)) or not (
                sum(low) <= place.size <= sum(high)
            ):
                return (
                    f"no world is consistent with the view: {place.name} cannot hold"
                    f" {place.size} of the unseen cards ({place.describe()})"
                )
        return (
            "no world is consistent with the view: the unseen cards cannot be shared out"
            " as the voids and counts require ("
            + "; ".join(p.describe() for p in self.places)
            + ")"
        )

    # -- the API ----------------------------------------------------------

    def count(self) -> int:
        """The exact number of worlds consistent with the view."""
        return self._total * self._splits

    def _draw_shapes(
        self, n: int, gen: np.random.Generator, rng: random.Random
    ) -> npt.NDArray[np.int64]:
        """(n, groups, classes): the shape of each group in each world, drawn
        level by level for all the worlds in the same state at once."""
        last = len(self._groups) - 1
        out = np.zeros((n, last + 1, len(self._classes)), dtype=np.int64)
        states: list[Shape] = [self._sizes]
        ids = np.zeros(n, dtype=np.int64)
        for level in range(last):
            nodes = self._levels[level]
            after: dict[Shape, int] = {}
            new_ids = np.empty(n, dtype=np.int64)
            for sid in np.unique(ids):
                idx = np.flatnonzero(ids == sid)
                node = nodes[states[sid]]
                shapes, cumulative = node.as_arrays()
                if node.total < INT64_LIMIT:
                    draws = gen.integers(0, node.total, size=len(idx), dtype=np.int64)
                    picks = np.searchsorted(cumulative, draws, side="right")
                else:
                    picks = np.array(
                        [
                            bisect.bisect_right(node.cumulative, rng.randrange(node.total))
                            for _ in idx
                        ],
                        dtype=np.int64,
                    )
                out[idx, level] = shapes[picks]
                rest = states[sid]
                next_of = np.array(
                    [
                        after.setdefault(
                            tuple(r - v for r, v in zip(rest, shape, strict=True)), len(after)
                        )
                        for shape in node.shapes
                    ],
                    dtype=np.int64,
                )
                new_ids[idx] = next_of[picks]
            states = list(after)
            ids = new_ids
        out[:, last] = np.array(states, dtype=np.int64)[ids]
        return out

    def sample_raw(self, n: int, seed: int = 0) -> npt.NDArray[np.int16]:
        """(n, len(pool)): for each world, the index in `places` of the place
        holding each card of `pool`.  The fast path."""
        if n < 0:
            raise ValueError("n must be 0 or more")
        rng = random.Random(seed)
        gen = np.random.default_rng(seed)
        ncards = len(self.pool)
        if not self._groups or n == 0:
            return np.zeros((n, ncards), dtype=np.int16)
        shapes = self._draw_shapes(n, gen, rng)
        # Group labels in class order, then a random permutation within each class.
        labels = np.empty((n, ncards), dtype=np.int16)
        start = 0
        for c, size in enumerate(self._sizes):
            ends = np.cumsum(shapes[:, :, c], axis=1)  # (n, groups)
            labels[:, start : start + size] = (
                ends[:, :, None] <= np.arange(size)[None, None, :]
            ).sum(axis=1)
            start += size
        class_of = np.repeat(np.arange(len(self._sizes)), self._sizes)
        perm = np.argsort(gen.random((n, ncards)) + class_of[None, :], axis=1)
        labels = np.take_along_axis(labels, perm, axis=1)
        # Group labels to places; a merged group deals its cards at random.
        out = np.empty_like(labels)
        for g, group in enumerate(self._groups):
            mask = labels == g
            if len(group.members) == 1:
                out[mask] = group.members[0]
                continue
            base = np.repeat(
                np.array(group.members, dtype=np.int16),
                [self.places[m].size for m in group.members],
            )
            order = np.argsort(gen.random((n, group.size)), axis=1)
            out[mask] = base[order].ravel()
        return out

    def sample_masks(self, n: int, seed: int = 0) -> npt.NDArray[np.uint64]:
        """(n, len(places)): for each world, the card mask (`CardSet.mask`) of
        the unseen cards of each place."""
        raw = self.sample_raw(n, seed)
        bits = np.array([c.bit for c in self.pool], dtype=np.uint64)
        masks = np.zeros((n, len(self.places)), dtype=np.uint64)
        for p in range(len(self.places)):
            masks[:, p] = np.bitwise_or.reduce(np.where(raw == p, bits, np.uint64(0)), axis=1)
        return masks

    def world(
        self, masks: npt.NDArray[np.uint64] | list[int], rng: random.Random | None = None
    ) -> Position:
        """The position of one row of `sample_masks`; with `rng`, the view's
        chances outside the places drawn from it (`View.world_with`)."""
        fills = [CardSet(int(m)) for m in masks]
        return self.view.world(fills) if rng is None else self.view.world_with(fills, rng)

    def sample(self, n: int, seed: int = 0) -> list[Position]:
        """n worlds drawn uniformly and independently, as positions at the
        view's decision (the chances outside the places from a generator of
        their own, seeded from `seed`)."""
        rng = random.Random(CHANCES_SEED.format(seed=seed))
        return [self.world(row, rng) for row in self.sample_masks(n, seed)]


STAND_IN_SEED = 0  # the seed of `stand_in`'s world


def stand_in(view: View, sampler: Sampler | None = None) -> Position:
    """A world of `view` (the first the sampler draws from STAND_IN_SEED):
    a full position the seat cannot tell from the real one, for an interface
    that takes a position and reads from it only what the seat may know (a
    player's decision before play, the root of a search over information
    states).  What is read from it must not depend on which world it is:
    the players' no-peeking test (tests/hidden/test_players.py) checks it.
    `sampler`: the view's sampler, if made already."""
    return (sampler or Sampler(view)).sample(1, STAND_IN_SEED)[0]


def _compositions(total: int, caps: Shape) -> Iterator[Shape]:
    """Every vector with sum `total` and entry i at most caps[i]."""
    if not caps:
        if total == 0:
            yield ()
        return
    room = sum(caps[1:])
    for first in range(max(0, total - room), min(total, caps[0]) + 1):
        for rest in _compositions(total - first, caps[1:]):
            yield (first, *rest)
