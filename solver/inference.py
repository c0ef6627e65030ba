"""Inference from the play: worlds weighed by how likely the other seats were
to play as they did.

PIMC (`solver.pimc`) draws the worlds a seat cannot tell apart *uniformly*
(`solver.sampling`): a world where an opponent ducked holding the ace counts
as much as one where it had no ace.  Inference weighs each world by the
chance that the other seats would have made the moves they made in it:

- A `PlayModel` says how another seat plays: `probability(position, seat,
  move)` is the chance that a player of the model at `seat` makes `move` in
  the full position `position` (a world), read **only from what that seat
  can see** (`solver.heuristics.seat_knowledge`), so that the weights never
  depend on cards the seat could not see.  `HeuristicModel` is the heuristic
  player (`solver.heuristics.decide`) with an error rate `epsilon`.
- The *likelihood* of a world (`log_likelihood`) replays the view's public
  play record from the first lead on the world
  (``view.world(fills, play=False)``, then every move of
  ``view.play_record``) and multiplies the model's probability of every move
  made by a seat other than the view's own (the advised seat's own moves
  tell nothing about the cards it cannot see).  It is summed in log space.
  The play record holds the cards played and the Chinkway claims; the
  decisions before the first lead (Cinch calls, trump, excess trumps and
  discards, the Chinkway dealer's discards and trump) are not in it, so
  inference covers the play only.
- `InferenceSampler` is *importance resampling from the exact prior*: it
  draws ``factor * n`` candidate worlds with the exact uniform `Sampler`
  (seeded), weighs each by its likelihood, and draws `n` of them in
  proportion to their weights by systematic resampling (seeded; the drawn
  worlds then shuffled, so that any first worlds of them are a fair
  sample).  It returns card masks like `Sampler.sample_masks`, so PIMC's
  workers are unchanged, and reports the Kish effective sample size of the
  candidates' weights, (sum w)^2 / sum w^2: how many uniform worlds the
  weighed candidates are worth.  The same seed gives the same worlds.

tests/reference/posterior.py is the slow reference: the exact posterior
over every world of a small view, which tests/hidden/test_inference.py compares
the resampled worlds with.  docs/recommend.md says what inference costs
and what it does not cover.
"""

from __future__ import annotations

import hashlib
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from solver.cards import LANE_BITS, RANK_CHARS, CardSet
from solver.errors import NotationError, PositionError
from solver.games.base import Move, Position
from solver.heuristics import SeatKnowledge, decide, seat_knowledge
from solver.sampling import Sampler
from solver.view import View

# The heuristic model's error rate.  Measured (benches/bench_inference.py, whist-4, 6 hands,
# 64 worlds, 8 candidates a world): against heuristic players 0.1 puts the unseen cards where
# they are in 38/45/53% of the worlds at a quarter/half/three quarters of the hand, 0.3 in
# 37/43/48% (uniform worlds: 33/35/38%); against pimc players 0.1 gives 32/37/50%, 0.3
# 33/36/52% (uniform: 34/37/46%); and 0.3 keeps 1.5 to 4 times the effective worlds of 0.1
# (ESS 6-24% of the candidates against 2-14%), which PIMC's few worlds need.
DEFAULT_EPSILON = 0.3
LEAST_EPSILON = 1e-6  # an error rate must be at least this (every legal move stays possible)
DEFAULT_FACTOR = 8  # candidate worlds drawn per world kept
MOST_FACTOR = 1_000  # the most candidates per world kept (more is a mistake)
MEMO_WORLDS = 100_000  # likelihoods of distinct worlds kept per sampler (small views repeat)
RANKS = len(RANK_CHARS)  # cards of a suit
RESAMPLE_SEED = "inference resampling {seed}"  # the generator of the resampling, from the seed


class PlayModel(ABC):
    """How another seat plays: a chance for each of its legal moves.

    `probability(position, seat, move)` is the chance that a player of this
    model at `seat` (the seat to move in `position`, a full position) makes
    `move`; it reads only what `seat` can see, and the chances of the legal
    moves sum to 1.  `name` is what the settings (``infer=NAME``) call it."""

    name: ClassVar[str]

    @abstractmethod
    def probability(self, position: Position, seat: int, move: Move) -> float:
        """The chance that `seat` makes `move` in `position` (0 for an illegal move)."""

    def text(self) -> str:
        """The model in words, for the JSON and the tables."""
        return self.name


class HeuristicModel(PlayModel):
    """The heuristic player (`solver.heuristics.decide`), who errs with
    probability `epsilon`.

    The heuristic's move and the moves equivalent to it (`equivalent_moves`:
    cards of the same suit held by the seat, next to it in rank once the
    cards the seat knows are out of play are left out) share ``1 - epsilon``
    equally; every other legal move shares `epsilon` equally; when every
    legal move is equivalent to the heuristic's, they share 1.  A single
    legal move has probability 1.  `epsilon` is in [LEAST_EPSILON, 1): at 0
    one wrong guess would rule a world out."""

    name = "heuristic"

    def __init__(self, epsilon: float = DEFAULT_EPSILON) -> None:
        if not LEAST_EPSILON <= epsilon < 1:
            raise NotationError(
                f"inference: epsilon must be from {LEAST_EPSILON:g} up to (not including) 1,"
                f" not {epsilon!r}"
            )
        self.epsilon = epsilon

    def text(self) -> str:
        return f"{self.name} (epsilon {self.epsilon:g})"

    def probability(self, position: Position, seat: int, move: Move) -> float:
        legal = position.legal_moves()  # the seat's own: it sees them
        if len(legal) == 1:
            return 1.0 if move == legal[0] else 0.0
        return self.chances(seat_knowledge(position, seat)).get(move, 0.0)

    def chances(self, knowledge: SeatKnowledge) -> dict[Move, float]:
        """Every legal move of the seat of `knowledge` with its chance."""
        legal = knowledge.legal
        if len(legal) == 1:
            return {legal[0]: 1.0}
        likely = equivalent_moves(knowledge, decide(knowledge))
        others = [m for m in legal if m not in likely]
        share = (1 - self.epsilon) if others else 1.0
        got = {m: share / len(likely) for m in likely}
        got.update({m: self.epsilon / len(others) for m in others})
        return got


def equivalent_moves(knowledge: SeatKnowledge, move: Move) -> list[Move]:
    """`move` and the legal moves equivalent to it: plays of the same suit
    whose cards lie next to it in rank once the cards the seat knows are out
    of play (`SeatKnowledge.out`: played, discards it saw) are left out, that
    is, with no card still in play between them but the seat's own legal
    cards.  Any other kind of move (a claim) is equivalent only to itself."""
    if move.kind != "play" or move.card is None:
        return [move]
    legal = {m.card.index: m for m in knowledge.legal if m.kind == "play" and m.card is not None}
    out = knowledge.out.mask
    lane = move.card.suit * LANE_BITS  # the index of the suit's lowest card
    found = [move]
    for step in (1, -1):
        i = move.card.index + step
        while lane <= i < lane + RANKS:
            if i in legal:
                found.append(legal[i])
            elif not out >> i & 1:
                break  # a card still in play lies between
            i += step
    return found


def log_likelihood(view: View, world: Position, model: PlayModel) -> float:
    """The log of the chance that the seats other than `view.seat` made the
    moves of the view's play record in `world`, a world of the view at its
    first lead (``view.world(fills, play=False)``; it is played on).
    -inf when the model gives a move no chance."""
    total = 0.0
    for move in view.play_record:
        seat = world.to_move
        if seat != view.seat:
            p = model.probability(world, seat, move)
            if p <= 0:
                return -math.inf
            total += math.log(p)
        world.play(move)
    return total


def kish_ess(weights: npt.NDArray[np.float64]) -> float:
    """The Kish effective sample size of `weights`: (sum w)^2 / sum w^2."""
    squares = float(np.sum(weights * weights))
    return float(np.sum(weights)) ** 2 / squares if squares > 0 else 0.0


@dataclass(frozen=True)
class Resampled:
    """Worlds drawn by `InferenceSampler.resample`: `masks` as
    `Sampler.sample_masks` gives them; `candidates` the worlds weighed;
    `ess` the Kish effective sample size of their weights (at most
    `candidates`)."""

    masks: npt.NDArray[np.uint64]
    candidates: int
    ess: float


class InferenceSampler:
    """Worlds of `sampler`'s view drawn in proportion to their likelihood
    under `model` (importance resampling from the exact uniform prior,
    `factor` candidates per world).  PositionError (from the sampler) if no
    world is consistent, ValueError for a factor outside 1..MOST_FACTOR, and
    PositionError if the model gives every candidate no chance."""

    def __init__(self, sampler: Sampler, model: PlayModel, factor: int = DEFAULT_FACTOR) -> None:
        if not 1 <= factor <= MOST_FACTOR:
            raise ValueError(f"the inference factor must be from 1 to {MOST_FACTOR}, not {factor}")
        self.sampler, self.model, self.factor = sampler, model, factor
        self.view = sampler.view
        self._memo: dict[tuple[int, ...], float] = {}

    def log_weight(self, masks: tuple[int, ...]) -> float:
        """The log-likelihood of the world of one row of card masks."""
        got = self._memo.get(masks)
        if got is None:
            world = self.view.world([CardSet(m) for m in masks], play=False)
            got = log_likelihood(self.view, world, self.model)
            if len(self._memo) >= MEMO_WORLDS:
                self._memo.clear()
            self._memo[masks] = got
        return got

    def weights(self, rows: npt.NDArray[np.uint64]) -> npt.NDArray[np.float64]:
        """The likelihood of each row's world, scaled so that the largest is 1."""
        logs = np.array([self.log_weight(tuple(int(m) for m in row)) for row in rows])
        top = float(np.max(logs)) if len(logs) else 0.0
        if top == -math.inf:
            raise PositionError("inference: the model gives every world drawn no chance")
        return np.exp(logs - top)

    def resample(self, n: int, seed: int = 0) -> Resampled:
        """n worlds: ``factor * n`` candidates drawn with
        ``sampler.sample_masks(factor * n, seed)``, weighed, and n of them
        drawn by systematic resampling, then shuffled (both from a generator
        seeded from `seed`)."""
        if n < 0:
            raise ValueError("n must be 0 or more")
        rows = self.sampler.sample_masks(self.factor * n, seed)
        if n == 0:
            return Resampled(rows, 0, 0.0)
        w = self.weights(rows)
        gen = np.random.default_rng(_resample_seed(seed))
        cumulative = np.cumsum(w / np.sum(w))
        points = (gen.random() + np.arange(n)) / n
        picks = np.minimum(np.searchsorted(cumulative, points, side="right"), len(rows) - 1)
        picks = gen.permutation(picks)
        return Resampled(rows[picks], len(rows), kish_ess(w))

    def sample_masks(self, n: int, seed: int = 0) -> npt.NDArray[np.uint64]:
        """`resample(n, seed)`'s masks: a drop-in for `Sampler.sample_masks`."""
        return self.resample(n, seed).masks


def _resample_seed(seed: int) -> int:
    digest = hashlib.sha256(RESAMPLE_SEED.format(seed=seed).encode()).digest()
    return int.from_bytes(digest[:8], "little")


MODELS: dict[str, type[HeuristicModel]] = {HeuristicModel.name: HeuristicModel}
NO_MODEL = "none"  # the setting that turns inference off


def model_named(name: str) -> PlayModel | None:
    """The play model a setting names (``heuristic``), with its default
    settings; None for ``none``.  NotationError for any other name."""
    key = name.strip().lower()
    if key == NO_MODEL:
        return None
    if key not in MODELS:
        raise NotationError(
            f"inference: unknown model {name.strip()!r} (models: {', '.join([*MODELS, NO_MODEL])})"
        )
    return MODELS[key]()


__all__ = [
    "DEFAULT_EPSILON",
    "DEFAULT_FACTOR",
    "MODELS",
    "NO_MODEL",
    "HeuristicModel",
    "InferenceSampler",
    "PlayModel",
    "Resampled",
    "equivalent_moves",
    "kish_ess",
    "log_likelihood",
    "model_named",
]
