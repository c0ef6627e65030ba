"""The sampler of worlds (solver/sampling.py) against brute force.

- `count()` equals the number of worlds tests/reference/enumerate_worlds.py
  finds by trying every filling of the hidden places on many small random views
  of every game (late in a hand, every kind of constraint among them), and the
  closed forms of full deals.
- Uniformity: on one small view for each kind of constraint of each game
  (`KINDS`; the test fails if no view of the kind is found), the count is the
  brute force's and a chi-square test of many draws against the enumerated
  worlds does not reject (p > ALPHA); no drawn world lies outside them.  The chi-square tail is
  computed here (`chi2_sf`: the regularized incomplete gamma function, by its
  series and continued fraction) and checked against closed forms.  A negative
  control shows the test rejects a biased sampler.
- Every world drawn from views at every stage of random hands is consistent:
  it replays the play record through the rules, the seat's cards and the cards
  it saw are in place, a Cinch redeal could have dealt it, and (when a position
  can show it) its view from the seat is the view.
- Seeds reproduce, the fast paths and the positions agree, a view with no world
  is refused in one line.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from math import factorial

import numpy as np
import numpy.typing as npt
import pytest

import solver
from solver import sampling
from solver.cards import FULL_DECK, CardSet
from solver.errors import PositionError
from solver.games.base import Phase, Position
from solver.games.chinkway import Chinkway
from solver.games.chinkway.view import ChinkwayView
from solver.games.cinch import Cinch
from solver.games.cinch.before_play import CinchDealView
from solver.games.cinch.view import CinchView
from solver.games.whist import Whist
from solver.games.whist.view import WhistView
from solver.position import parse_view, view_of
from solver.sampling import Sampler
from solver.view import View
from tests.hidden.test_view import IDS, cinch_excess, late, start, views_of
from tests.randpos import VARIANTS
from tests.reference.enumerate_worlds import (
    TooManyWorlds,
    enumerate_worlds,
    enumerated_places,
    fillings,
    knowledge_matches,
    redeal_possible,
)

ALPHA = 1e-4  # a chi-square p-value below this rejects uniformity
MIN_EXPECTED = 5.0  # cells expected fewer times than this are pooled into one
DRAWS_PER_WORLD = 30  # draws per distinct world in the uniformity tests
MIN_DRAWS = 6_000
LIMIT = 1_500  # fillings of a view the brute force tries, at most
SCAN = 400  # random hands scanned for small views, per variant
COUNT_VIEWS = 10  # small views of each variant whose count is checked
TRICKS_LEFT = {
    "whist": (1, 2, 2, 3),
    "chinkway": (1, 1, 2),
    "chinese-whist": (2, 3, 4),
    "cinch": (1, 1, 2),
}


# -- the chi-square tail -----------------------------------------------------------


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with `df` degrees of freedom: the regularized
    upper incomplete gamma function Q(df/2, x/2), by its power series below
    a + 1 and by its continued fraction (modified Lentz) above."""
    a, z = df / 2, x / 2
    if z <= 0:
        return 1.0
    scale = math.exp(-z + a * math.log(z) - math.lgamma(a))
    if z < a + 1:
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-16:
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1 - scale * total)
    tiny = 1e-300
    b = z + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return scale * h


def test_chi2_tail_matches_closed_forms() -> None:
    for x in (0.01, 0.5, 1.0, 2.0, 3.7, 10.0, 25.0, 60.0, 150.0):
        assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9, abs=1e-300)
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
        assert chi2_sf(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-9)
        poisson = sum((x / 2) ** k / math.factorial(k) for k in range(10))
        assert chi2_sf(x, 20) == pytest.approx(math.exp(-x / 2) * poisson, rel=1e-9)
    assert chi2_sf(0.0, 3) == 1.0


Key = tuple[int, ...]


def chi_square_p(
    draws: npt.NDArray[np.uint64], keyed: list[int], expected: dict[Key, int]
) -> float:
    """The p-value of the draws (rows of `sample_masks`) against worlds drawn
    with probability proportional to `expected`; cells expected fewer than
    MIN_EXPECTED times are pooled.  Asserts every draw is an expected world."""
    observed = Counter(tuple(int(row[i]) for i in keyed) for row in draws)
    strays = set(observed) - set(expected)
    assert not strays, f"drawn worlds that are not consistent: {len(strays)}"
    total, n = sum(expected.values()), len(draws)
    stat, pooled_o, pooled_e, cells = 0.0, 0, 0.0, 0
    for key, weight in expected.items():
        e = n * weight / total
        if e < MIN_EXPECTED:
            pooled_o += observed[key]
            pooled_e += e
            continue
        stat += (observed[key] - e) ** 2 / e
        cells += 1
    if pooled_e > 0:
        stat += (pooled_o - pooled_e) ** 2 / pooled_e
        cells += 1
    return chi2_sf(stat, max(1, cells - 1))


# -- small views and their worlds ----------------------------------------------------


def whist_ending(seed: int) -> Whist:
    """A whist ending: the cards still held some tricks into a random deal, as a
    position of its own (the cards played before are out of play)."""
    rng = random.Random(seed)
    pos = start("whist", 4, seed)
    tricks = rng.randrange(8, 12)
    while pos.core is not None and pos.core.tricks_played < tricks:
        pos.play(rng.choice(pos.legal_moves()))
    assert isinstance(pos, Whist) and pos.trump is not None
    return Whist([pos.holding(s) for s in range(4)], pos.trump, pos.to_move)


class SmallViews:
    """Views with at most LIMIT fillings of one variant, made on demand and kept:
    random hands played until one to three tricks remain, then some cards
    more; a random seat.  Iterating goes through SCAN hands at most."""

    def __init__(self, game: str, players: int) -> None:
        self.kept: list[View] = []
        self.source = self.scan(game, players)

    @staticmethod
    def scan(game: str, players: int) -> Iterator[View]:
        for seed in range(SCAN):
            rng = random.Random(seed)
            if game == "whist" and seed % 3 == 0:
                first: Position = whist_ending(seed)
            else:
                first = start(game, players, seed)
            pos = late(first, rng, rng.choice(TRICKS_LEFT[game]))
            if pos.is_over:
                continue
            view = view_of(pos, rng.randrange(pos.nseats))
            try:
                fillings(view, LIMIT)
            except TooManyWorlds:
                continue
            yield view

    def __iter__(self) -> Iterator[View]:
        yield from self.kept
        for view in self.source:
            self.kept.append(view)
            yield view


@functools.cache
def small_views(game: str, players: int) -> SmallViews:
    return SmallViews(game, players)


@functools.cache
def reference(view: View) -> dict[Key, int]:
    return enumerate_worlds(view, LIMIT)


def hand_places(view: View) -> list[int]:
    return [i for i, p in enumerate(view.places) if p.key[0] in ("hand", "down")]


def cinch(view: View) -> CinchView:
    assert isinstance(view, CinchView)
    return view


def trump_counted(view: View) -> bool:
    t = cinch(view).trump
    return any(
        view.places[i].suit_min[t] > 0 or 0 < view.places[i].suit_max[t] < view.places[i].size
        for i in hand_places(view)
    )


# Each kind of constraint of each game, as a test of a view.
KINDS: dict[str, dict[str, Callable[[View], bool]]] = {
    "whist": {
        "no constraint": lambda v: all(p.voids == 0 for p in v.places),
        "void": lambda v: any(v.places[i].voids for i in hand_places(v)),
        "ending": lambda v: isinstance(v, WhistView) and len(v.out) > 0,
    },
    "chinkway": {
        "void": lambda v: any(v.places[i].voids for i in hand_places(v)),
        "the dealer's discards": lambda v: any(p.key[0] == "discards" for p in v.places),
        "the dealer's view": lambda v: isinstance(v, ChinkwayView) and v.seat == v.dealer,
        "claim": lambda v: v.phase == Phase.CLAIM,
    },
    "chinese-whist": {
        "void in the down cards": lambda v: any(v.places[i].voids for i in hand_places(v)),
        "face-down cards": lambda v: any(p.key[0] == "under" for p in v.places),
    },
    "cinch": {
        "void": lambda v: any(v.places[i].voids for i in hand_places(v)),
        "trump count": trump_counted,
        "only trumps": lambda v: any(
            cinch(v).redeal.kept[v.places[i].key[1]] >= 6 for i in hand_places(v)
        ),
        "widow": lambda v: any(p.key[0] == "widow" for p in v.places),
        "hidden discards": lambda v: any(p.key[0] == "discards" for p in v.places),
        "dead wood, first hand": lambda v: cinch(v).redeal.drawn_back > 0 and cinch(v).first_hand,
        "dead wood, later hand": lambda v: (
            cinch(v).redeal.drawn_back > 0 and not cinch(v).first_hand
        ),
    },
}
MIN_WORLDS = 20  # a view for a uniformity test has at least this many distinct worlds
TARGET_FILLINGS = 300  # and about this many fillings, if it can
PATIENCE = 60  # views looked at past the first usable one
CASES = [(game, players, kind) for game, players in VARIANTS for kind in KINDS[game]]


def view_of_kind(game: str, players: int, kind: str) -> View:
    """A small view with the kind of constraint and at least MIN_WORLDS worlds:
    the first with TARGET_FILLINGS / 3 fillings or more, else the largest of
    those met within PATIENCE views of the first."""
    best: View | None = None
    waited = 0
    for view in small_views(game, players):
        if best is not None:
            waited += 1
            if waited > PATIENCE:
                break
        if not KINDS[game][kind](view) or Sampler(view).count() < MIN_WORLDS:
            continue
        size = fillings(view, LIMIT)
        if best is not None and size <= fillings(best, LIMIT):
            continue
        if len(reference(view)) < MIN_WORLDS:
            continue
        if size >= TARGET_FILLINGS // 3:
            return view
        best = view
    assert best is not None, f"no small {game}-{players} view with {kind} among {SCAN} hands"
    return best


def assert_counted_and_drawn_uniformly(view: View, expected: dict[Key, int]) -> None:
    """The sampler counts the worlds the enumeration `expected` finds, and its
    draws pass the chi-square test of uniformity against them."""
    sampler = Sampler(view)
    assert sampler.count() == sum(expected.values()), view.to_line()
    n = max(MIN_DRAWS, DRAWS_PER_WORLD * len(expected))
    p = chi_square_p(sampler.sample_masks(n, seed=1), enumerated_places(view), expected)
    assert p > ALPHA, (p, view.to_line())


# -- the tests --------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_count_is_the_number_of_worlds_brute_force_finds(game: str, players: int) -> None:
    views = list(itertools.islice(small_views(game, players), COUNT_VIEWS))
    assert len(views) == COUNT_VIEWS
    for view in views:
        assert Sampler(view).count() == sum(reference(view).values()), view.to_line()


@pytest.mark.parametrize(
    ("game", "players", "kind"), CASES, ids=[f"{g}-{p}-{k}" for g, p, k in CASES]
)
def test_worlds_are_drawn_uniformly(game: str, players: int, kind: str) -> None:
    view = view_of_kind(game, players, kind)
    assert_counted_and_drawn_uniformly(view, reference(view))


def test_the_uniformity_test_rejects_a_biased_sampler() -> None:
    view = view_of_kind("whist", 4, "void")
    expected, keyed = reference(view), enumerated_places(view)
    draws = Sampler(view).sample_masks(max(MIN_DRAWS, DRAWS_PER_WORLD * len(expected)), seed=1)
    favoured = sorted(expected)[: len(expected) // 2]
    rng = random.Random(0)
    # Keep every world of the favoured half, two in three of the others.
    biased = [
        row
        for row in draws
        if tuple(int(row[i]) for i in keyed) in favoured or rng.random() < 2 / 3
    ]
    assert chi_square_p(np.array(biased), keyed, expected) < ALPHA
    assert chi_square_p(draws, keyed, expected) > ALPHA


def test_large_counts_are_drawn_exactly_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counts too large for int64 are drawn with Python's integers: force that
    path on a small view and test it the same way."""
    monkeypatch.setattr(sampling, "INT64_LIMIT", 1)
    view = view_of_kind("chinkway", 5, "void")
    expected = reference(view)
    draws = Sampler(view).sample_masks(max(MIN_DRAWS, DRAWS_PER_WORLD * len(expected)), seed=2)
    assert chi_square_p(draws, enumerated_places(view), expected) > ALPHA


def test_counts_of_full_deals_are_the_multinomials() -> None:
    def multinomial(*sizes: int) -> int:
        return factorial(sum(sizes)) // math.prod(factorial(s) for s in sizes)

    whist = Sampler(view_of(solver.deal("whist", seed=1), 0))
    assert whist.count() == multinomial(13, 13, 13)
    pos = solver.deal("chinkway", seed=1)
    while pos.phase != Phase.PLAY:
        pos.play(pos.legal_moves()[0])
    assert Sampler(view_of(pos, pos.dealer)).count() == multinomial(10, 10, 10, 10)
    other = (pos.dealer + 2) % 5
    assert Sampler(view_of(pos, other)).count() == multinomial(10, 10, 10, 10, 2)
    for players, unseen in ((4, 3 + 24), (3, 2 + 24), (2, 2 + 24)):
        cw = solver.deal("chinese-whist", players=players, seed=1)
        expected = factorial(unseen) // (2 if players == 2 else 1)
        assert Sampler(view_of(cw, 0)).count() == expected  # naming trump
        cw.play("trump S")
        assert Sampler(view_of(cw, 0)).count() == expected


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_every_world_drawn_is_consistent(game: str, players: int) -> None:
    for n, (_, view) in enumerate(views_of(game, players)[::3]):
        for world in Sampler(view).sample(2, seed=n):
            assert world.play_record == view.play_record
            assert (world.phase, world.to_move) == (view.phase, view.to_move)
            assert knowledge_matches(view, world) is None
            assert redeal_possible(view, world) is None
            if not isinstance(world, Cinch) or world.widow:
                assert view_of(world, view.seat) == view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_of_the_choice_of_trump_are_consistent(players: int) -> None:
    pos = solver.deal("chinese-whist", players=players, seed=players)
    for seat in range(players):
        view = view_of(pos, seat)
        for world in Sampler(view).sample(3, seed=seat):
            assert (world.phase, world.to_move) == (Phase.TRUMP, pos.dealer)
            assert knowledge_matches(view, world) is None
            assert view_of(world, seat) == view


def test_worlds_are_positions_the_solver_takes() -> None:
    view = next(iter(small_views("chinkway", 5)))
    for world in Sampler(view).sample(3, seed=4):
        assert world.legal_moves()
        solution = solver.solve(world)
        assert solution.value >= 0


def test_the_same_seed_gives_the_same_worlds() -> None:
    _, view = views_of("chinkway", 5)[3]
    sampler = Sampler(view)
    first = sampler.sample_masks(50, seed=7)
    assert np.array_equal(first, Sampler(view).sample_masks(50, seed=7))
    assert not np.array_equal(first, sampler.sample_masks(50, seed=8))
    worlds = sampler.sample(5, seed=7)
    rows = sampler.sample_masks(5, seed=7)
    assert [w.to_line() for w in worlds] == [sampler.world(row).to_line() for row in rows]
    raw = sampler.sample_raw(50, seed=7)
    for row_raw, row_masks in zip(raw, first, strict=True):
        for p in range(len(sampler.places)):
            cards = CardSet(c for c, where in zip(sampler.pool, row_raw, strict=True) if where == p)
            assert cards.mask == int(row_masks[p])


def test_each_place_gets_its_size_in_every_world() -> None:
    for game, players in VARIANTS:
        for _, view in views_of(game, players)[::7]:
            sampler = Sampler(view)
            raw = sampler.sample_raw(200, seed=3)
            for p, place in enumerate(sampler.places):
                assert np.all((raw == p).sum(axis=1) == place.size)


def test_worlds_need_the_unseen_cards_in_their_places() -> None:
    view = next(v for v in small_views("whist", 4) if len(v.places) == 3)
    fills = [CardSet(int(m)) for m in Sampler(view).sample_masks(1, seed=0)[0]]
    assert view.world(fills).play_record == view.play_record
    with pytest.raises(PositionError, match="3 hidden places"):
        view.world(fills[:-1])
    card = next(iter(fills[0]))
    moved = [fills[0] - CardSet([card]), fills[1] | CardSet([card]), fills[2]]
    with pytest.raises(PositionError, match=f"{view.places[0].name} holds"):
        view.world(moved)
    outside = next(c for c in FULL_DECK if c not in view.pool)
    foreign = [fills[0] - CardSet([card]) | CardSet([outside]), fills[1], fills[2]]
    with pytest.raises(PositionError, match="the fills must hold the unseen cards"):
        view.world(foreign)


def test_a_view_with_no_world_is_refused() -> None:
    # N leads two spades; E, S and W discard hearts, so none holds a spade, yet
    # QS is unseen: no hand can hold it.
    ending = "whist; seat=N; leader=N; hands=1:AK... - - -; out=" + " ".join(
        str(c) for c in FULL_DECK - CardSet.parse("AKQ.65432..")
    )
    view = parse_view(ending + "; play=AS 2H 3H 4H")
    with pytest.raises(PositionError) as caught:
        Sampler(view)
    assert "no world is consistent with the view" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert Sampler(parse_view(ending + "; play=AS QS 3H 4H")).count() == factorial(3)


# -- before play ------------------------------------------------------------------

KNOWN_BEFORE_PLAY = 8  # of each other hand of ten, the cards a cut-down view knows
BEFORE_PLAY_FILLINGS = 2520  # its fillings: 8 cards into four hands of 2


def chinkway_before_play(discards: int, cut_down: bool) -> tuple[Chinkway, ChinkwayView]:
    """A Chinkway deal at the dealer's discards or trump and the dealer's view;
    cut down: the view also knows `KNOWN_BEFORE_PLAY` cards of every other hand."""
    pos = solver.deal("chinkway", seed=6)
    assert isinstance(pos, Chinkway)
    for _ in range(discards):
        pos.play(pos.legal_moves()[0])
    view = view_of(pos, pos.dealer)
    assert isinstance(view, ChinkwayView)
    if cut_down:
        hands = [
            h if s == pos.dealer else CardSet(list(h)[:KNOWN_BEFORE_PLAY])
            for s, h in enumerate(pos.hands)
        ]
        view = ChinkwayView(
            pos.dealer, pos.round, pos.dealer, hands, pos.discards, None, None, pos.quest_used
        )
    return pos, view


@pytest.mark.parametrize("discards", [0, 2])
def test_before_play_the_count_and_the_draws_match_brute_force(discards: int) -> None:
    _, view = chinkway_before_play(discards, cut_down=True)
    expected = enumerate_worlds(view, BEFORE_PLAY_FILLINGS)
    assert sum(expected.values()) == BEFORE_PLAY_FILLINGS
    assert_counted_and_drawn_uniformly(view, expected)


def test_worlds_before_play_keep_what_the_seat_knows_and_nothing_else() -> None:
    pos, view = chinkway_before_play(1, cut_down=False)
    dealer = pos.dealer
    seen_in: list[CardSet] = [CardSet()] * pos.nseats
    quests = set()
    worlds = Sampler(view).sample(40, seed=3)
    for world in worlds:
        assert isinstance(world, Chinkway)
        assert (world.phase, world.to_move) == (pos.phase, dealer)
        assert world.hands[dealer] == pos.hands[dealer] and world.discards == pos.discards
        assert (world.round, world.dealer, world.quest_used) == (pos.round, dealer, pos.quest_used)
        assert knowledge_matches(view, world) is None
        assert view_of(world, dealer) == view
        assert world.quest_deck is not None and world.quest_removed is not None
        quests.add((tuple(world.quest_deck), tuple(world.quest_removed)))
        seen_in = [a | h for a, h in zip(seen_in, world.hands, strict=True)]
    # nothing else is fixed: every unseen card turns up in every other hand,
    # and the quest deck (a second pack no seat knows) is drawn again
    for s in range(pos.nseats):
        if s != dealer:
            assert seen_in[s] == view.pool
    assert len(quests) == len(worlds)
    again = Sampler(view).sample(40, seed=3)
    assert [w.to_line() for w in again] == [w.to_line() for w in worlds]
    assert [w.to_line() for w in Sampler(view).sample(3, seed=4)] != [
        w.to_line() for w in worlds[:3]
    ]


CINCH_KNOWN_BEFORE_PLAY = 8  # of each other hand of nine, the cards a cut-down view knows
CINCH_FILLINGS = 19 * 18 * 17  # its fillings: 19 cards, one into each other hand, the stock


@pytest.mark.parametrize("calls", [0, 4])
def test_cinch_before_play_the_count_and_the_draws_match_brute_force(calls: int) -> None:
    pos = solver.deal("cinch", seed=3)
    for _ in range(calls):
        pos.play(pos.legal_moves()[-1])
    assert isinstance(pos, Cinch) and pos.phase == (Phase.BID if calls < 4 else Phase.TRUMP)
    seat = pos.to_move
    hands = [
        h if s == seat else CardSet(list(h)[:CINCH_KNOWN_BEFORE_PLAY])
        for s, h in enumerate(pos.hands)
    ]
    view = CinchDealView(seat, pos.dealer, hands, pos.bids)
    assert (view.phase, view.to_move) == (pos.phase, seat)
    expected = enumerate_worlds(view, CINCH_FILLINGS)
    assert sum(expected.values()) == CINCH_FILLINGS
    assert_counted_and_drawn_uniformly(view, expected)


@pytest.mark.parametrize("first_hand", [True, False])
def test_cinch_worlds_before_play_keep_what_the_seat_knows_and_nothing_else(
    first_hand: bool,
) -> None:
    pos = cinch_excess(first_hand)
    seat, trumps = pos.to_move, FULL_DECK.suit(0)
    view = view_of(pos, seat)
    worlds = Sampler(view).sample(60, seed=2)
    stocks, seeds = set(), set()
    seen_in: list[CardSet] = [CardSet()] * pos.nseats
    for world in worlds:
        assert isinstance(world, Cinch)
        assert (world.phase, world.to_move, world.hands[seat]) == (
            Phase.DISCARD,
            seat,
            pos.hands[seat],
        )
        assert world.bids == pos.bids and world.first_hand == first_hand
        assert world.discards[seat] == pos.discards[seat]
        for s in range(pos.nseats):
            assert len(world.discards[s] - trumps) == len(pos.discards[s] - trumps)
            if first_hand:
                assert world.discards[s] == pos.discards[s]
            seen_in[s] = seen_in[s] | world.hands[s]
        assert view_of(world, seat) == view
        assert world.widow is not None
        stocks.add(world.widow)
        seeds.add(world.seed)
    # nothing else fixed: the others' hands and what they drew vary
    for s in range(pos.nseats):
        if s != seat:
            assert len(seen_in[s]) > len(pos.hands[s])
    assert len(seeds) == len(worlds) and len(stocks) > 1
    again = Sampler(view).sample(60, seed=2)
    assert [w.to_line() for w in again] == [w.to_line() for w in worlds]
