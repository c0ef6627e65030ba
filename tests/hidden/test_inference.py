"""Inference from the play (solver/inference.py) against the exact posterior.

- The importance-resampled worlds follow the exact posterior that
  tests/reference/posterior.py computes by brute force, on small views of
  every variant: every world drawn is a world of the view, each card's
  place is drawn as often as the posterior says (within MARGIN_SIGMAS
  standard errors), and the worlds' total variation distance from the
  posterior is within what the draws allow; on the same views the uniform
  prior is further from the posterior than that (so the test can fail).
- A model that gives every move the same chance leaves the prior: every
  weight is equal.
- No peeking: two full positions with the same view of the seat give the
  same worlds; the advised seat's own moves are never weighed.
- The heuristic model's chances sum to 1 over the legal moves.
- Bad settings are one-line errors; the same seed gives the same worlds, and
  inference off gives exactly the worlds of before.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter, defaultdict

import numpy as np
import pytest

import solver
from solver import pimc, world_tasks
from solver.budget import Budget
from solver.cards import FULL_DECK, Card, CardSet
from solver.errors import NotationError
from solver.games.base import Move, Position
from solver.heuristics import SeatKnowledge, decide, seat_knowledge
from solver.inference import (
    DEFAULT_FACTOR,
    HeuristicModel,
    InferenceSampler,
    PlayModel,
    equivalent_moves,
    model_named,
)
from solver.players import PimcBudget, make_player, parse_seats
from solver.position import view_of
from solver.sampling import Sampler
from solver.view import View
from tests.cli_helpers import assert_one_line_error, run
from tests.hidden.test_sampling import small_views
from tests.hidden.test_view import IDS
from tests.randpos import VARIANTS, random_play
from tests.reference.posterior import Masks, posterior

LIMIT = 600  # fillings of a view the brute force tries, at most
DRAWS = 4_000  # worlds resampled from a view
FACTOR = 25  # candidates per world resampled in the comparison with the posterior
MARGIN_SIGMAS = 5.0  # a card's place drawn within this many standard errors of the posterior
TV_MARGIN = 2.0  # total variation within this many times its expected size
MIN_WORLDS = 12  # a view for the comparison has at least this many worlds
VIEWS_PER_VARIANT = 2
MIN_DISTANCE = 0.1  # a view for the comparison has its posterior this far from its prior
SEED = 7
EPSILON = 0.1
CHANCE_POSITIONS = 12  # random positions of every variant whose chances are summed
HAND_TRICKS = 13  # the most tricks of a hand


class AlikeModel(PlayModel):
    """Every move the same chance, whatever the cards.  (A random player,
    1 / the legal moves, is not this: how many cards a seat could follow
    with depends on its hidden cards, so its play tells about them.)"""

    name = "alike"
    CHANCE = 0.25

    def probability(self, position: Position, seat: int, move: Move) -> float:
        return self.CHANCE


class RecordingModel(HeuristicModel):
    """The heuristic model, noting every seat it is asked about."""

    def __init__(self) -> None:
        super().__init__(EPSILON)
        self.asked: Counter[int] = Counter()

    def probability(self, position: Position, seat: int, move: Move) -> float:
        self.asked[seat] += 1
        return super().probability(position, seat, move)


# -- the posterior ------------------------------------------------------------------


def others_moved(view: View) -> bool:
    """Whether a seat other than the view's made a move of the record."""
    masks = Sampler(view).sample_masks(1, seed=0)[0]
    world = view.world([CardSet(int(m)) for m in masks], play=False)
    for move in view.play_record:
        if world.to_move != view.seat:
            return True
        world.play(move)
    return False


def marginals(dist: dict[Masks, float]) -> dict[tuple[int, int], float]:
    """{(card bit, place): the chance the place holds the card}."""
    out: dict[tuple[int, int], float] = defaultdict(float)
    for masks, p in dist.items():
        for place, mask in enumerate(masks):
            bit = 1
            while bit <= mask:
                if mask & bit:
                    out[(bit, place)] += p
                bit <<= 1
    return out


def uniform(dist: dict[Masks, float]) -> dict[Masks, float]:
    """The same worlds, all alike (the prior)."""
    return {k: 1 / len(dist) for k in dist}


def total_variation(a: dict[Masks, float], b: dict[Masks, float]) -> float:
    return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)) / 2


@functools.cache
def posterior_views(game: str, players: int) -> list[tuple[View, dict[Masks, float]]]:
    """Small views whose record has moves of other seats, with their posterior."""
    found = []
    for view in small_views(game, players):
        if Sampler(view).count() < MIN_WORLDS or not others_moved(view):
            continue
        try:
            exact = posterior(view, HeuristicModel(EPSILON), LIMIT)
        except ValueError:  # too many fillings
            continue
        if len(exact) < MIN_WORLDS or total_variation(uniform(exact), exact) < MIN_DISTANCE:
            continue  # few worlds, or the play tells little about them
        assert len(exact) == Sampler(view).count(), view.to_line()
        found.append((view, exact))
        if len(found) == VIEWS_PER_VARIANT:
            break
    assert found, f"no small {game}-{players} view with moves of other seats"
    return found


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_resampled_worlds_follow_the_exact_posterior(game: str, players: int) -> None:
    for view, exact in posterior_views(game, players):
        sampler = Sampler(view)
        got = InferenceSampler(sampler, HeuristicModel(EPSILON), FACTOR).resample(DRAWS, SEED)
        rows = [tuple(int(m) for m in row) for row in got.masks]
        assert set(rows) <= set(exact), "a world drawn is not a world of the view"
        drawn = {k: n / DRAWS for k, n in Counter(rows).items()}
        # the error of a frequency: the weighed candidates', then the resampling's
        spread = 1 / got.ess + 1 / DRAWS
        exact_m, drawn_m = marginals(exact), marginals(drawn)
        worst = max(
            abs(drawn_m.get(k, 0.0) - p) / math.sqrt(max(p * (1 - p), 1 / DRAWS) * spread)
            for k, p in exact_m.items()
        )
        assert worst < MARGIN_SIGMAS, (worst, view.to_line())
        allowed = TV_MARGIN * sum(math.sqrt(p * (1 - p) * spread) for p in exact.values()) / 2
        assert total_variation(drawn, exact) < allowed, view.to_line()
        prior = uniform(exact)  # the uniform prior would fail here
        prior_m = marginals(prior)
        assert (
            total_variation(prior, exact) > allowed
            or max(
                abs(prior_m[k] - p) / math.sqrt(max(p * (1 - p), 1 / DRAWS) * spread)
                for k, p in exact_m.items()
            )
            > MARGIN_SIGMAS
        ), view.to_line()


def test_a_model_with_every_move_alike_leaves_the_prior() -> None:
    view, _ = posterior_views("whist", 4)[0]
    sampler = Sampler(view)
    weighing = InferenceSampler(sampler, AlikeModel(), DEFAULT_FACTOR)
    rows = sampler.sample_masks(200, seed=SEED)
    assert np.all(weighing.weights(rows) == 1.0)
    got = weighing.resample(50, SEED)
    assert got.ess == pytest.approx(got.candidates)
    # the heuristic model does not leave it
    assert not np.all(InferenceSampler(sampler, HeuristicModel(EPSILON)).weights(rows) == 1.0)


# -- no peeking -------------------------------------------------------------------


def midplay(seed: int, tricks: int) -> Position:
    """A whist hand played by the heuristic for some tricks."""
    pos = solver.deal("whist", seed=seed)
    assert pos.core is not None
    while pos.core.tricks_played < tricks:
        pos.play(decide(seat_knowledge(pos, pos.to_move)))
    pos.play(decide(seat_knowledge(pos, pos.to_move)))  # a trick in progress
    return pos


def test_positions_with_the_same_view_give_the_same_worlds() -> None:
    pos = midplay(SEED, 6)
    seat = pos.to_move
    view = view_of(pos, seat)
    other = Sampler(view).sample(1, seed=3)[0]
    assert view_of(other, seat) == view
    assert [other.holding(s) for s in range(4)] != [pos.holding(s) for s in range(4)]
    worlds = [
        InferenceSampler(Sampler(view_of(p, seat)), HeuristicModel(EPSILON)).sample_masks(32, 5)
        for p in (pos, other)
    ]
    assert np.array_equal(worlds[0], worlds[1])
    recs = [
        pimc.recommend(
            p, seat, budget=Budget(worlds=6, jobs=1), seed=5, inference=HeuristicModel(EPSILON)
        )
        for p in (pos, other)
    ]
    assert [m.values for m in recs[0].moves] == [m.values for m in recs[1].moves]


def test_the_seats_own_moves_are_not_weighed() -> None:
    pos = midplay(SEED + 1, 7)
    seat = pos.to_move
    view = view_of(pos, seat)
    model = RecordingModel()
    weighing = InferenceSampler(Sampler(view), model)
    weighing.resample(4, SEED)
    assert model.asked and seat not in model.asked
    own = sum(1 for s, _ in _movers(pos) if s == seat)
    assert own > 0
    assert sum(model.asked.values()) == weighing.factor * 4 * (len(view.play_record) - own)


def _movers(pos: Position) -> list[tuple[int, Move]]:
    """(seat, move) of every move of the play record."""
    work = pos.copy()
    out = []
    for move in reversed(pos.play_record):
        work.undo()
        out.append((work.to_move, move))
    return out[::-1]


# -- the model ---------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_the_heuristic_models_chances_sum_to_one(game: str, players: int) -> None:
    model = HeuristicModel(EPSILON)
    rng = random.Random(SEED)
    for i in range(CHANCE_POSITIONS):
        pos = random_play(game, players, rng.randrange(HAND_TRICKS // 2), seed=1000 * i + SEED)
        if pos.is_over:
            continue
        seat, legal = pos.to_move, pos.legal_moves()
        chances = [model.probability(pos, seat, m) for m in legal]
        assert sum(chances) == pytest.approx(1.0)
        choice = decide(seat_knowledge(pos, seat))
        assert model.probability(pos, seat, choice) == max(chances)
        if len(legal) > 1:
            assert min(chances) > 0
            assert max(chances) > EPSILON


def plain_equivalents(knowledge: SeatKnowledge, move: Move) -> set[Move]:
    """The moves equivalent to `move`, by a plain walk over pairs: two legal
    plays of a suit are next to each other when every card of the suit
    between them is out of play (as the seat knows) or a legal play too."""
    if move.kind != "play" or move.card is None:
        return {move}
    plays = [m for m in knowledge.legal if m.kind == "play" and m.card is not None]
    suit = FULL_DECK.suit(move.card.suit)

    def next_to(a: Card, b: Card) -> bool:
        low, high = sorted((a.rank, b.rank))
        between = [c for c in suit if low < c.rank < high]
        held = {m.card for m in plays}
        return all(c in knowledge.out or c in held for c in between)

    group = {move}
    grown = True
    while grown:
        grown = False
        for m in plays:
            if m not in group and m.card is not None and m.card.suit == move.card.suit:
                if any(g.card is not None and next_to(m.card, g.card) for g in group):
                    group.add(m)
                    grown = True
    return group


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_equivalent_cards_are_those_with_nothing_in_play_between(game: str, players: int) -> None:
    rng = random.Random(SEED)
    checked = 0
    for i in range(CHANCE_POSITIONS):
        pos = random_play(game, players, rng.randrange(HAND_TRICKS // 2), seed=1000 * i + SEED)
        while not pos.is_over:
            knowledge = seat_knowledge(pos, pos.to_move)
            for move in knowledge.legal:
                got = equivalent_moves(knowledge, move)
                assert len(got) == len(set(got))
                assert set(got) == plain_equivalents(knowledge, move)
                checked += len(got) > 1
            pos.play(rng.choice(pos.legal_moves()))
    assert checked > 0  # some cards were equivalent


def test_recommend_refuses_inference_before_play() -> None:
    deal = solver.deal("cinch", seed=4)
    result = run("recommend", deal.to_line(), "--inference", "heuristic")
    assert_one_line_error(result, "--inference", "card play")


@pytest.mark.parametrize("epsilon", [0.0, -0.1, 1.0, 1.5, math.nan])
def test_epsilon_out_of_bounds_is_refused(epsilon: float) -> None:
    with pytest.raises(NotationError, match="epsilon"):
        HeuristicModel(epsilon)


def test_the_inference_setting_reads_and_writes_back() -> None:
    short = make_player("pimc:16/300k,infer=heuristic")
    long = make_player("pimc:worlds=16,nodes=300k,infer=heuristic")
    assert short.settings_text() == long.settings_text() == "16/300000,infer=heuristic"
    assert make_player(f"pimc:{short.settings_text()}").settings_text() == short.settings_text()
    assert make_player("pimc:16/300k").settings_text() == "16/300000"
    assert parse_seats("pimc:16/300k,infer=heuristic,heuristic", 4) == [
        "pimc:16/300000,infer=heuristic", "heuristic",
    ] * 2  # fmt: skip
    assert PimcBudget(16, 300_000).infer == "none"
    assert model_named("none") is None


def test_recommend_refuses_an_unknown_model_in_one_line() -> None:
    line = "whist; seat=W; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS"
    assert_one_line_error(run("recommend", line, "--inference", "bogus"), "unknown model")


# -- reproducibility ----------------------------------------------------------------


def test_the_same_seed_gives_the_same_worlds() -> None:
    view = view_of(midplay(SEED, 5), midplay(SEED, 5).to_move)
    draws = [
        InferenceSampler(Sampler(view), HeuristicModel(EPSILON)).resample(64, seed)
        for seed in (1, 1, 2)
    ]
    assert np.array_equal(draws[0].masks, draws[1].masks)
    assert draws[0].ess == draws[1].ess
    assert not np.array_equal(draws[0].masks, draws[2].masks)


def test_inference_off_gives_the_worlds_of_before() -> None:
    pos = midplay(SEED, 8)
    view = view_of(pos, pos.to_move)
    sampler = Sampler(view)
    model = world_tasks.WorldTask(view.to_line(), 0, (), "value", 0)
    tasks = world_tasks.WorldTasks(sampler, 20, SEED, model)
    rows = [tuple(int(m) for m in row) for row in sampler.sample_masks(20, SEED)]
    assert [tasks[i].masks for i in range(20)] == rows
    limits = Budget(worlds=8, jobs=1)
    before = pimc.recommend(pos, budget=limits, seed=SEED)
    off = pimc.recommend(pos, budget=limits, seed=SEED, inference=None)
    on = pimc.recommend(pos, budget=limits, seed=SEED, inference=HeuristicModel(EPSILON))
    assert [m.values for m in before.moves] == [m.values for m in off.moves]
    assert off.to_json()["inference"] is None
    assert on.to_json()["inference"]["candidates"] == DEFAULT_FACTOR * 8
    assert 1 <= on.to_json()["inference"]["effective_worlds"] <= DEFAULT_FACTOR * 8


def test_chances_of_one_legal_move() -> None:
    for pos in itertools.islice(_single_move_positions(), 3):
        move = pos.legal_moves()[0]
        assert HeuristicModel(EPSILON).probability(pos, pos.to_move, move) == 1.0


def _single_move_positions() -> itertools.chain[Position]:
    def gen(seed: int) -> list[Position]:
        pos = midplay(seed, 10)
        out = []
        while not pos.is_over:
            if len(pos.legal_moves()) == 1:
                out.append(pos.copy())
            pos.play(decide(seat_knowledge(pos, pos.to_move)))
        return out

    return itertools.chain.from_iterable(gen(s) for s in range(SEED, SEED + 5))
