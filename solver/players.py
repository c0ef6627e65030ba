"""Players: who makes the decisions of a seat, behind one small interface.

A `Player` decides for one seat of a hand: it is given the seat's view (a
`solver.view.View`: what the seat has seen, and nothing else) and a seeded
random generator, and returns one of the legal moves.  The registry
`PLAYERS` maps a name (what ``--seats`` takes) to a player class; a new
player plugs in with one entry there.  `hint` is the recommendation a
person gets at the ``--human`` prompt: the choice of the player named
`HINT_PLAYER`.

Players here:

- ``random``: a legal move drawn at random;
- ``heuristic``: rules of thumb a card player uses (bid and name trump on
  length and honours, win cheaply, play low on a partner's winning trick,
  cash sure winners, Chinkway claims of the scarcest category...), reading
  the seat's view (`solver.heuristics.knowledge`);
- ``pimc``: every decision by sampling the worlds the seat cannot tell
  apart and solving them double-dummy, within a budget of worlds and search
  nodes (`PimcPlayer`; ``pimc:worlds=50,nodes=2M``, short ``pimc:50/2M``;
  ``,infer=heuristic`` weighs the worlds by the play, `solver.inference`;
  a world past its nodes is valued by a bounded search whose horizon the
  game's learned model values, ``,eval=middle`` the player as it was before
  it, the middle of the cheap bounds);
- ``epimc``: as ``pimc``, each card valued by Extended PIMC (`EpimcPlayer`,
  `solver.epimc`: the seat's next card chosen without seeing the hidden
  cards; ``epimc:16/300k``, ``epimc:16/300k,infer=heuristic``);
- ``pimc-classic``: the sampling player as it was before its budget
  (16 worlds, a node budget a world by game; `ClassicPimcPlayer`), kept
  for strength comparisons (benches/bench_strength.py, its default opponent).
- ``ismcts`` and ``mcts``: OpenSpiel's bots (the extra ``openspiel``), IS-MCTS
  and MCTS over worlds drawn from our sampler (`solver.openspiel.bots`;
  ``ismcts:200``, ``mcts:8/50``).

A name in ``--seats`` may carry the player's settings after a colon
(`make_player`, `parse_seats`); players without settings refuse them.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from solver import epimc
from solver.budget import MAX_NODES, Budget
from solver.decisions import Decision, candidate_plans, decide_before_play
from solver.doubledummy import EVALUATIONS, Evaluation, evaluation_named
from solver.errors import NotationError, PositionError
from solver.games.base import Move, Phase
from solver.games.registry import game
from solver.heuristics import decide, knowledge
from solver.inference import MODELS, NO_MODEL, model_named
from solver.pimc import ProgressFn, recommend
from solver.recommendation import Recommendation
from solver.sampling import stand_in
from solver.valuation import DEFAULT_EVALUATION, VALUATIONS, bounded_named, valuation_name
from solver.view import View

HINT_SEED = 0  # the generator of a hint is seeded with this: the same position, the same hint
# Who gives the hints: the pimc player (Extended PIMC is no stronger in matches at the
# same budget, and takes longer; docs/strength.md).
HINT_PLAYER = "pimc"


# -- the interface and the registry ----------------------------------------------------


@dataclass(frozen=True)
class Watch:
    """Who watches a decision while it is made (the web board's hint,
    streamed): `worlds` is told ``(done, total)`` as the worlds of a card
    decision are valued, `evaluations` the evaluations made before play,
    `executor` runs the worlds (None: the player's own way), and `stop`
    ends a card decision early with the worlds valued by then.  A player
    that samples nothing, or cannot report (Extended PIMC), decides as it
    would unwatched."""

    worlds: ProgressFn | None = None
    evaluations: Callable[[int], None] | None = None
    executor: Executor | None = None
    stop: threading.Event | None = None

    def recommend_args(self) -> dict[str, Any]:
        """What `solver.pimc.recommend` is told of the watch."""
        return {"progress": self.worlds, "executor": self.executor, "stop": self.stop}


UNWATCHED = Watch()


class Player(ABC):
    """Makes the decisions of one seat: a bid, a discard, trump, a card, a claim.

    `choose(view, rng)` is called when the seat of `view` is to move
    (``view.to_move == view.seat``) and returns one of ``view.legal_moves()``.

    **What a player may look at: its seat's view.**  The `View` holds what
    the seat has seen: its own cards, the cards lying face up (Chinese Whist
    piles, Cinch discards that are shown), the play so far (cards played,
    tricks won, Chinkway claims, Cinch calls), public information (dealer,
    trump, sides, the quest and the quest cards used) and, for every hidden
    place, how many cards it holds and which it cannot hold.  The drivers
    (`solver.wholegame`, `solver.match`, the hints) make it with
    `solver.view_of` and hand the player nothing else.  A player that needs
    full positions draws them from the view (`solver.sampling.Sampler`, or
    `solver.sampling.stand_in` for an interface that reads only what the
    seat sees from one).  tests/hidden/test_players.py runs every registered
    player at decisions of every game and phase, and checks that its choice,
    with the same seed, is the same whichever world of the view the
    position was.

    **Randomness** comes only from `rng`, which the caller seeds for each
    decision (from the game's seed, the hand and the number of moves made),
    so the same seed gives the same game and a saved game resumes exactly.
    """

    name: ClassVar[str]  # the name ``--seats`` takes
    summary: ClassVar[str]  # one line for help texts

    @abstractmethod
    def choose(self, view: View, rng: random.Random) -> Move:
        """One of the legal moves of the seat of `view` (the seat to move)."""

    def explain(self, view: View, rng: random.Random, watch: Watch = UNWATCHED) -> Advice:
        """The move `choose` makes, with the figures it was chosen by (a
        hint's reasons), its progress told to `watch`.  By default the move
        alone: a player that weighs nothing it could show."""
        return Advice(self.choose(view, rng), self.name)

    @classmethod
    def for_hint(cls) -> Player:
        """The player as it gives a person a hint (a sampling player within a
        time budget)."""
        return cls()

    @classmethod
    def from_settings(cls, text: str) -> Player:
        """The player with the settings written after its name and a colon
        (``pimc:50/2M``); NotationError for settings it does not take."""
        raise NotationError(f"player {cls.name!r} takes no settings (got {text!r})")

    def settings_text(self) -> str | None:
        """The player's settings in their short form (what `from_settings`
        reads back), None for a player without settings."""
        return None


@dataclass(frozen=True)
class Advice:
    """A player's move with what it was chosen by: in card play the
    recommendation over the worlds (`solver.pimc.Recommendation`: every
    move's mean and interval, the worlds and how they were valued), before
    play the decision's candidates (`solver.decisions.Decision`: every
    plan's mean over its worlds); neither for a player that weighs nothing.
    `note` says why there are no figures where a sampling player would have
    them (the only legal move; no world valued in time)."""

    move: Move
    player: str  # the player's name
    recommendation: Recommendation | None = None
    decision: Decision | None = None
    note: str | None = None


class RandomPlayer(Player):
    name = "random"
    summary = "a legal move at random"

    def choose(self, view: View, rng: random.Random) -> Move:
        return rng.choice(view.legal_moves())


class HeuristicPlayer(Player):
    name = "heuristic"
    summary = "rules of thumb: bid and name trump on length and honours, win cheaply, cash winners"

    def choose(self, view: View, rng: random.Random) -> Move:
        return decide(knowledge(view))


class SamplingPlayer(Player):
    """Every decision by sampling worlds from the seat's view and solving
    them double-dummy: the shared part of the sampling players.

    Card play and claims: the subclass's `_recommend` (PIMC, Extended PIMC)
    over worlds drawn from the view.  Bids, discards and trump:
    `solver.decisions.decide_before_play`, plans ranked by successive
    halving over worlds drawn from the view, the other seats' decisions
    before play made by the heuristic, at most `decision_samples` worlds a
    plan (more where the game's worlds are cheap, ``Game.player_worlds``: a
    Cinch call, as a whole Cinch deal solves in milliseconds; a move the
    game calls too bold, ``Game.too_bold``, only when no other is legal: a
    Shoot, which with every card known looks far safer than it is at the
    table), each world's search within `max_nodes` (None: the game's
    ``Game.player_decision_max_nodes``; past it what `_bounded_before_play`
    says: a bounded search, or, here and in `ClassicPimcPlayer`, a heuristic
    playout).  The
    decision's interface takes a position: it is given a world of the view
    (`solver.sampling.stand_in`), from which it reads only what the seat
    sees.  Reproducible: the worlds come from `rng`; with `seconds` (hints)
    a decision stops by then, which is not reproducible, and a card
    decision with no world valued in time takes the heuristic's move."""

    DECISION_SAMPLES = 8  # the most worlds a plan is valued on before play
    DECISION_FIRST_WORLDS = 2  # worlds of every plan in the first round of halving
    TT_MB = 64
    HINT_SECONDS = 10.0
    HINT_DECISION_SAMPLES = 64  # a hint before play: more worlds a plan, within HINT_SECONDS

    def __init__(
        self,
        seconds: float | None = None,
        decision_samples: int = DECISION_SAMPLES,
        max_nodes: int | None = None,
    ) -> None:
        self.seconds = seconds
        self.decision_samples = decision_samples
        self.max_nodes = max_nodes  # None: by game (Game.player_max_nodes and the like)

    @classmethod
    def for_hint(cls) -> Player:
        return cls(seconds=cls.HINT_SECONDS, decision_samples=cls.HINT_DECISION_SAMPLES)

    @abstractmethod
    def _recommend(self, view: View, seed: int, watch: Watch = UNWATCHED) -> Recommendation:
        """The recommendation a card (or a claim) is chosen by, its worlds
        told to `watch`."""

    def _bounded_before_play(self) -> Evaluation | None:
        """Before play, the evaluation of the bounded search that values a
        world past its nodes (`decide_before_play`'s `bounded`); None: the
        heuristic playout does."""
        return None

    def choose(self, view: View, rng: random.Random) -> Move:
        return self.explain(view, rng).move

    def explain(self, view: View, rng: random.Random, watch: Watch = UNWATCHED) -> Advice:
        moves = view.legal_moves()
        if len(moves) == 1:
            return Advice(moves[0], self.name, note="the only legal move")
        if view.phase not in (Phase.PLAY, Phase.CLAIM):
            decision = self._before_play(view, rng, watch.evaluations)
            return Advice(decision.move, self.name, decision=decision)
        try:
            rec = self._recommend(view, rng.randrange(1 << 31), watch)
        except PositionError:
            if self.seconds is None:
                raise
            move = decide(knowledge(view))  # no world valued in time
            return Advice(move, self.name, note="no world valued in time: the heuristic's move")
        if watch.stop is None or not watch.stop.is_set():
            rec = rec.completed()  # Ctrl-C: no move from the worlds valued so far
        # (the watcher's stop: the move of the worlds valued by then, as asked)
        return Advice(rec.best, self.name, recommendation=rec)

    def _before_play(
        self, view: View, rng: random.Random, progress: Callable[[int], None] | None = None
    ) -> Decision:
        g = game(view.game)
        nodes = g.player_decision_max_nodes if self.max_nodes is None else self.max_nodes
        samples, first = self.decision_samples, self.DECISION_FIRST_WORLDS
        position, seat = stand_in(view), view.seat
        plans = candidate_plans(position, seat)
        cheap = g.player_worlds(position)
        if cheap is not None:  # worlds cheap to solve: more of them a plan
            samples, first = max(samples, cheap[0]), max(first, cheap[1])
        # a move too bold only when nothing else is legal
        plans = [p for p in plans if not g.too_bold(position, p.move)] or plans
        decision = decide_before_play(
            position,
            seat,
            budget=Budget(seconds=self.seconds, worlds=samples, search_nodes=nodes),
            seed=rng.randrange(1 << 31),
            first_worlds=first,
            plans=plans,
            progress=progress,
            bounded=self._bounded_before_play(),
        )
        return decision.completed()  # Ctrl-C: no move from a part of the worlds


class ClassicPimcPlayer(SamplingPlayer):
    """The sampling player as it was before its budget in worlds and nodes
    (kept so that the two can be compared at the same time per decision:
    benches/bench_strength.py's default opponent): card play and claims by
    PIMC (`solver.pimc.recommend`), the move with the best mean over
    `samples` worlds drawn uniformly from the seat's view, every card
    analysed in full (no racing), each world's search within the game's
    node budget (``Game.player_max_nodes``, or `max_nodes`); a world it
    cannot finish is valued by playing the hand out with the heuristic
    player in every seat, so that whole Chinkway and Chinese Whist hands
    play in reasonable time (early in those hands most worlds are valued
    so, not exactly).  Before play, as `SamplingPlayer`."""

    name = "pimc-classic"
    summary = (
        "the pimc player before its budget: 16 worlds a card, a node budget a world by game"
        " (past it a heuristic playout), every card analysed in full"
    )
    SAMPLES = 16  # worlds of a card decision

    def __init__(
        self,
        samples: int = SAMPLES,
        seconds: float | None = None,
        decision_samples: int = SamplingPlayer.DECISION_SAMPLES,
        max_nodes: int | None = None,
    ) -> None:
        super().__init__(seconds, decision_samples, max_nodes)
        self.samples = samples

    def _recommend(self, view: View, seed: int, watch: Watch = UNWATCHED) -> Recommendation:
        """The recommendation a card is chosen by: the worlds of `samples`,
        each within the game's node limit (past it a heuristic playout, as
        before the bounded search), no racing."""
        nodes = game(view.game).player_max_nodes if self.max_nodes is None else self.max_nodes
        limits = Budget(tt_mb=self.TT_MB, search_nodes=nodes, seconds=self.seconds,
                        worlds=self.samples, jobs=1)  # fmt: skip
        return recommend(view, budget=limits, seed=seed, race=False, bounded=None,
                         **watch.recommend_args())  # fmt: skip


@dataclass(frozen=True)
class PimcBudget:
    """What a card decision of the `pimc` player may spend: at most `worlds`
    worlds and `nodes` search nodes in all (so that a match is reproducible:
    no clock).  Each world's search may use at most 1/MIN_WORLDS of the
    nodes (past it the world is valued by a bounded search within as many
    nodes again, `solver.valuation.bounded`, and where not even that fits by
    a heuristic playout), so that at
    least MIN_WORLDS worlds count (half as many where every world needs the
    bounded search); the worlds past the nodes are not drawn.  `infer`
    names the play model the worlds are weighed by (`solver.inference.MODELS`;
    ``none``: drawn uniformly), the setting ``infer=heuristic``.  `evaluation`
    values a bounded search's horizon (`solver.doubledummy.Evaluation`: the
    learned model by default; ``eval=middle``, the middle of the cheap bounds,
    is the player as it was before the learned evaluation).  `before`
    values a world past its nodes before play (`decide_before_play`'s
    `bounded`: the learned model's bounded search by default; None, the
    setting ``before=playout``, the heuristic playout, the player as it was
    before the bounded search came to decisions before play).  `first_pass`
    (``first_pass=N``, `solver.budget.Budget.first_pass`): the anytime
    split's first pass, every world valued within N nodes before any is
    deepened (None: `recommend`'s default; ``first_pass=0``: each world
    once within its share, with ``eval=middle`` the player as at issue 36's
    start)."""

    worlds: int
    nodes: int
    infer: str = NO_MODEL
    evaluation: Evaluation = DEFAULT_EVALUATION
    before: Evaluation | None = DEFAULT_EVALUATION
    first_pass: int | None = None
    MIN_WORLDS: ClassVar[int] = 6

    @property
    def world_nodes(self) -> int:
        return max(1, self.nodes // self.MIN_WORLDS)

    def text(self) -> str:
        """The short form, ``WORLDS/NODES``, with ``,infer=MODEL``,
        ``,eval=EVALUATION`` and ``,before=VALUATION`` where they are not
        the defaults."""
        text = f"{self.worlds}/{self.nodes}"
        if self.infer != NO_MODEL:
            text += f",infer={self.infer}"
        if self.evaluation != DEFAULT_EVALUATION:
            text += f",eval={self.evaluation}"
        if self.before != DEFAULT_EVALUATION:
            text += f",before={valuation_name(self.before)}"
        if self.first_pass is not None:
            text += f",first_pass={self.first_pass}"
        return text


SETTING_WORDS = {
    "worlds": "worlds", "w": "worlds", "nodes": "nodes", "n": "nodes", "infer": "infer",
    "eval": "evaluation", "evaluation": "evaluation", "before": "before",
    "first_pass": "first_pass",
}  # fmt: skip
SETTINGS_HELP = (
    f"worlds=W, nodes=N, infer={'|'.join([*MODELS, NO_MODEL])}, eval={'|'.join(EVALUATIONS)},"
    f" before={'|'.join(VALUATIONS)}, first_pass=N (0: off)"
)
SUFFIXES = {"k": 1_000, "m": 1_000_000, "g": 1_000_000_000}


# The most a budget may ask for: more worlds give no better estimate, and the
# search counts its nodes in 64 bits (a budget past these is a mistake).
MOST = {"worlds": 1_000_000, "nodes": MAX_NODES, "first_pass": MAX_NODES}


def _count(text: str, what: str, player: str) -> int:
    t = text.strip().lower()
    scale = SUFFIXES.get(t[-1:], 1)
    if scale > 1:
        t = t[:-1]
    try:
        value = round(float(t) * scale)
    except (ValueError, OverflowError):  # not a number; nan; inf
        value = 0
    if not 1 <= value <= MOST[what]:
        raise NotationError(
            f"{player}: {what} must be a count from 1 to {MOST[what]:,} (1000, 2k, 2M),"
            f" not {text!r}"
        )
    return value


def parse_budget(text: str, default: PimcBudget, player: str = "pimc") -> PimcBudget:
    """A budget from ``worlds=50,nodes=2M,infer=heuristic`` (keys
    ``worlds``/``w``, ``nodes``/``n``, ``infer``, any of them) or the short
    ``50/2M``, which other settings may follow (``50/2M,infer=heuristic``);
    what is not given is `default`'s.  NotationError for anything else,
    naming `player` (whose settings these are)."""
    worlds, nodes, infer = default.worlds, default.nodes, default.infer
    evaluation, before, first_pass = default.evaluation, default.before, default.first_pass
    items = text.strip().lower().split(",")
    if "=" not in items[0]:
        parts = items.pop(0).split("/")
        if len(parts) != 2:
            raise NotationError(
                f"{player}: a budget is WORLDS/NODES or worlds=W,nodes=N (e.g. {player}:50/2M),"
                f" not {text!r}"
            )
        worlds, nodes = _count(parts[0], "worlds", player), _count(parts[1], "nodes", player)
    for item in items:
        key, _, value = item.partition("=")
        word = SETTING_WORDS.get(key.strip())
        if word is None or not value.strip():
            raise NotationError(
                f"{player}: unknown setting {item.strip()!r} (settings: {SETTINGS_HELP})"
            )
        if word == "worlds":
            worlds = _count(value, "worlds", player)
        elif word == "nodes":
            nodes = _count(value, "nodes", player)
        elif word == "first_pass":
            first_pass = 0 if value.strip() == "0" else _count(value, "first_pass", player)
        elif word == "evaluation":
            try:
                evaluation = evaluation_named(value.strip())
            except PositionError as e:
                raise NotationError(f"{player}: {e}") from None
        elif word == "before":
            try:
                before = bounded_named(value.strip())
            except PositionError as e:
                raise NotationError(f"{player}: before play, {e}") from None
        else:
            model_named(value)  # NotationError for an unknown model
            infer = value.strip()
    return PimcBudget(worlds, nodes, infer, evaluation, before, first_pass)


class BudgetedPlayer(SamplingPlayer):
    """A sampling player whose card decisions keep within a `PimcBudget`
    (its settings, ``NAME:WORLDS/NODES``); its worlds weighed by a play
    model with ``infer=`` (`solver.inference`)."""

    name: ClassVar[str]
    DEFAULT_BUDGET = PimcBudget(worlds=32, nodes=1_000_000)

    def __init__(
        self,
        budget: PimcBudget = DEFAULT_BUDGET,
        seconds: float | None = None,
        decision_samples: int = SamplingPlayer.DECISION_SAMPLES,
    ) -> None:
        super().__init__(seconds, decision_samples)
        self.budget = budget
        self.inference = model_named(budget.infer)  # None: the worlds drawn uniformly

    @classmethod
    def from_settings(cls, text: str) -> Player:
        return cls(parse_budget(text, cls.DEFAULT_BUDGET, cls.name))

    def settings_text(self) -> str | None:
        return self.budget.text()

    def _bounded_before_play(self) -> Evaluation | None:
        return self.budget.before

    def _limits(self, jobs: int | None = None) -> Budget:
        """What a card decision's recommendation is told: the budget's worlds,
        each within its share of the nodes, the whole within the nodes."""
        return Budget(
            tt_mb=self.TT_MB, search_nodes=self.budget.world_nodes, run_nodes=self.budget.nodes,
            seconds=self.seconds, worlds=self.budget.worlds, jobs=jobs,
            first_pass=self.budget.first_pass,
        )  # fmt: skip


class PimcPlayer(BudgetedPlayer):
    """Every decision by sampling worlds from the seat's view and solving
    them double-dummy, within a budget of worlds and search nodes.

    Card play and claims: `solver.pimc.recommend` over at most
    `budget.worlds` worlds and `budget.nodes` search nodes in all (each
    world at most a share of them, past it a bounded search: exact for the
    next tricks, then the game's evaluation; the answer
    from the worlds valued within the nodes), racing over the legal cards
    (a card clearly worse than the leader is only proven worse).  The same
    generator, the same answer: nothing depends on the clock, but for a
    hint (`seconds`).  Before play, as `SamplingPlayer`.  The default
    budget, `DEFAULT_BUDGET`, takes about a second a decision on the
    development machine (benches/bench_recommend.py --player)."""

    name = "pimc"
    summary = (
        "every decision by sampling the hidden cards and solving each world double-dummy,"
        " within a budget of worlds and nodes (pimc:WORLDS/NODES, e.g. pimc:50/2M; with"
        " ',infer=heuristic' the worlds weighed by how likely the others' play was in them;"
        " ',eval=middle' the bounded search's horizon valued as before the learned model;"
        " ',before=playout' a world past its nodes before play played out, as before)"
    )

    def _recommend(self, view: View, seed: int, watch: Watch = UNWATCHED) -> Recommendation:
        """The recommendation within the budget: its worlds, each within its
        share of the nodes, and the whole within the nodes; cards raced."""
        return recommend(view, budget=self._limits(jobs=1), seed=seed, inference=self.inference,
                         bounded=self.budget.evaluation, **watch.recommend_args())  # fmt: skip


class EpimcPlayer(BudgetedPlayer):
    """As `PimcPlayer`, but card play and claims by Extended PIMC
    (`solver.epimc.recommend`): each card valued as the seat would really
    fare if it had to play its next card without seeing the hidden cards
    (postponing to its next decision), within the same kind of budget
    (``epimc:WORLDS/NODES``: the worlds, and the nodes of the whole
    decision, three quarters of them at most for the double-dummy values of the
    worlds, `solver.epimc.PIMC_SHARE`).  Before play, as `PimcPlayer`."""

    name = "epimc"
    summary = (
        "as pimc, each card valued by Extended PIMC: the seat's next card chosen without"
        " seeing the hidden cards (epimc:WORLDS/NODES, e.g. epimc:16/300k; ',infer=heuristic'"
        " as for pimc)"
    )

    @classmethod
    def from_settings(cls, text: str) -> Player:
        """As `BudgetedPlayer`'s, but ``first_pass=`` is refused: Extended
        PIMC values each world once, it has no anytime split."""
        budget = parse_budget(text, cls.DEFAULT_BUDGET, cls.name)
        if budget.first_pass is not None:
            raise NotationError(
                f"{cls.name}: first_pass= is pimc's setting (the anytime split);"
                f" {cls.name} values each world once"
            )
        return cls(budget)

    def _recommend(self, view: View, seed: int, watch: Watch = UNWATCHED) -> Recommendation:
        """The Extended PIMC recommendation within the budget (it reports
        no progress: `watch` is not told)."""
        return epimc.recommend(view, budget=self._limits(), seed=seed, inference=self.inference,
                               bounded=self.budget.evaluation)  # fmt: skip


class OpenSpielPlayer(Player):
    """One of OpenSpiel's bots (the extra ``openspiel``), its worlds drawn from
    our sampler of the seat's view: `bot` names it in `solver.openspiel.bots`
    (which reads its settings and makes its move from the view)."""

    bot: ClassVar[str]

    def __init__(self, settings: str = "") -> None:
        from solver.openspiel import bots

        self.settings = bots.read_settings(self.bot, settings)

    @classmethod
    def from_settings(cls, text: str) -> Player:
        return cls(text)

    def settings_text(self) -> str | None:
        return str(self.settings.text())

    def choose(self, view: View, rng: random.Random) -> Move:
        from solver.openspiel import bots

        return bots.bot_move(self.bot, view, self.settings, rng.randrange(1 << 31))


class IsmctsPlayer(OpenSpielPlayer):
    name = bot = "ismcts"
    summary = (
        "OpenSpiel's IS-MCTS over worlds from our sampler, random, heuristic or double-dummy"
        " rollouts (ismcts:SIMULATIONS[,rollout=heuristic|dd], e.g. ismcts:200; the extra"
        " 'openspiel')"
    )


class MctsPlayer(OpenSpielPlayer):
    name = bot = "mcts"
    summary = (
        "OpenSpiel's MCTS on worlds from our sampler, the move explored most over them"
        " (mcts:WORLDS/SIMULATIONS, e.g. mcts:8/50; the extra 'openspiel')"
    )


PLAYERS: dict[str, type[Player]] = {
    RandomPlayer.name: RandomPlayer,
    HeuristicPlayer.name: HeuristicPlayer,
    PimcPlayer.name: PimcPlayer,
    EpimcPlayer.name: EpimcPlayer,
    ClassicPimcPlayer.name: ClassicPimcPlayer,
    IsmctsPlayer.name: IsmctsPlayer,
    MctsPlayer.name: MctsPlayer,
}


def make_player(name: str) -> Player:
    """A player by its registered name (any case), with its settings after a
    colon where it takes some (``pimc:50/2M``); NotationError if unknown."""
    key, colon, settings = name.strip().lower().partition(":")
    key = key.strip()
    if key not in PLAYERS:
        raise NotationError(f"unknown player {key!r} (players: {', '.join(PLAYERS)})")
    if colon:
        return PLAYERS[key].from_settings(settings)
    return PLAYERS[key]()


def _player_specs(text: str) -> list[str]:
    """The comma list of --seats split into players: an item ``key=value``
    after a player with settings (``pimc:worlds=50,nodes=2M``) belongs to it."""
    specs: list[str] = []
    for item in (t.strip().lower() for t in text.split(",")):
        if "=" in item and ":" not in item and specs and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def _canonical(spec: str) -> str:
    """One spelling of a player and its settings (the short form), so that
    the same player in two spellings is one line-up."""
    player = make_player(spec)
    settings = player.settings_text()
    if settings is not None and ":" in spec:
        return f"{player.name}:{settings}"
    return spec.split(":")[0].strip()


def parse_players(text: str) -> list[str]:
    """Player names from a comma list, each in the short form of its settings
    (as `parse_seats` gives them; benches take lists of players so).
    NotationError for an unknown name, bad settings or an empty item."""
    specs = _player_specs(text)
    if not text.strip() or any(not n for n in specs):
        raise NotationError(f"--seats: expected player names separated by commas, got {text!r}")
    return [_canonical(n) for n in specs]


def parse_seats(text: str, nseats: int) -> list[str]:
    """Player names from a comma list, one per seat, seat 1 first.  A shorter
    list is repeated around the table when it divides the number of seats:
    ``heuristic,random`` at four seats is heuristic, random, heuristic, random
    (partners alike).  A name may carry settings (``pimc:worlds=50,nodes=2M``
    or ``pimc:50/2M``), returned in the short form.  NotationError for an
    unknown name, bad settings or a bad count."""
    names = parse_players(text)
    if nseats % len(names):
        raise NotationError(
            f"--seats: {len(names)} names for {nseats} seats (give one name per seat,"
            f" or a list that repeats around the table: 1 or a divisor of {nseats})"
        )
    return [names[s % len(names)] for s in range(nseats)]


def hint_player() -> type[Player]:
    """The player who gives the hints: `HINT_PLAYER`, by name."""
    return PLAYERS[HINT_PLAYER]


def hint(view: View) -> str:
    """A recommendation for the seat of `view` (the seat to move): the move
    the hint player would make, as text, with who recommends it."""
    advice = advise(view)
    return f"{advice.move} (the {advice.player} player's choice)"


def advise(view: View, watch: Watch = UNWATCHED) -> Advice:
    """The hint for the seat of `view` (the seat to move) with its figures:
    the move the hint player (`hint_player`) would make and what it weighed
    (`Player.explain`), its progress told to `watch` as it goes."""
    if view.to_move != view.seat:
        raise PositionError(f"seat {view.seat_name(view.seat)} is not to move")
    player = hint_player()
    advice = player.for_hint().explain(view, random.Random(HINT_SEED), watch)
    return replace(advice, player=player.name)


__all__ = [
    "HINT_PLAYER",
    "PLAYERS",
    "Advice",
    "BudgetedPlayer",
    "ClassicPimcPlayer",
    "EpimcPlayer",
    "HeuristicPlayer",
    "IsmctsPlayer",
    "MctsPlayer",
    "OpenSpielPlayer",
    "PimcBudget",
    "Player",
    "RandomPlayer",
    "SamplingPlayer",
    "Watch",
    "advise",
    "hint",
    "hint_player",
    "make_player",
    "parse_budget",
    "parse_seats",
]
