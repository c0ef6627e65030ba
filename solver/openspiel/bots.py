"""OpenSpiel's bots at our table: a seat's decision by IS-MCTS or by MCTS
over determinizations, on the OpenSpiel game of its hand.

- ``ismcts``: OpenSpiel's `ISMCTSBot` with `simulations` simulations, each
  from a world drawn from our exact sampler of the seat's view
  (`HandState.resample_from_infostate`), its leaves valued by a random
  rollout (OpenSpiel's `RandomRolloutEvaluator`), by our heuristic
  player in every seat (`HeuristicRollouts`) or by double-dummy play to the
  end (`DoubleDummyRollouts`: a line of best play for the side to move,
  within a node budget a search);
- ``mcts``: `worlds` worlds drawn from our sampler of the seat's view, each
  searched by OpenSpiel's (perfect-information) `MCTSBot` with
  `simulations` simulations and random rollouts; the move explored most
  over all the worlds.

Either is given only the seat's view: the root of IS-MCTS is a world of
the view (`solver.sampling.stand_in`, the view its anchor), from which the
search takes only the seat's information state, its legal actions and the
worlds it resamples from that information state.  Everything random is
seeded from `seed` (numpy generators and a seeded probability sampler), so
a decision is reproducible.  The
exploration constant is `UCT_C` times the game's range of hand scores
(`Game.score_bounds`), as the returns are scores, not wins.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from solver.budget import MAX_NODES
from solver.doubledummy import Solver
from solver.errors import NotationError
from solver.games.base import Move, Position
from solver.games.registry import game
from solver.heuristics import heuristic_playout, to_first_lead
from solver.openspiel.actions import move_of
from solver.openspiel.games import VARIANTS, HandGame, HandState
from solver.sampling import Sampler, stand_in
from solver.view import View

UCT_C = 0.5  # the exploration constant, per point of the game's range of scores
ROLLOUTS = ("random", "heuristic", "dd")  # what values a leaf of IS-MCTS
DD_LEAF_NODES = 100_000  # the default node budget of a leaf's double-dummy search
DD_LEAF_TT_MB = 16  # the table of the leaves' searches, kept over a decision's simulations
MOST_SIMULATIONS = 100_000
MOST_WORLDS = 10_000


@dataclass(frozen=True)
class IsmctsSettings:
    """``ismcts:SIMULATIONS`` or ``ismcts:simulations=S,rollout=random|heuristic|dd``,
    with ``nodes=N`` the budget of each leaf's search for ``rollout=dd``."""

    simulations: int = 100
    rollout: str = "random"
    nodes: int = DD_LEAF_NODES

    def text(self) -> str:
        out = f"{self.simulations}"
        if self.rollout != "random":
            out += f",rollout={self.rollout}"
        if self.nodes != DD_LEAF_NODES:
            out += f",nodes={self.nodes}"
        return out


@dataclass(frozen=True)
class MctsSettings:
    """``mcts:WORLDS/SIMULATIONS`` or ``mcts:worlds=W,simulations=S``."""

    worlds: int = 8
    simulations: int = 50

    def text(self) -> str:
        return f"{self.worlds}/{self.simulations}"


def _count(text: str, what: str, most: int, player: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or not 1 <= int(t) <= most:
        raise NotationError(f"{player}: {what} must be a count from 1 to {most:,}, not {text!r}")
    return int(t)


def _settings(text: str, player: str, keys: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in text.split(","):
        key, eq, value = item.strip().lower().partition("=")
        if not eq or key not in keys or not value.strip():
            raise NotationError(
                f"{player}: unknown setting {item.strip()!r} (settings: "
                + ", ".join(f"{k}=..." for k in keys)
                + ")"
            )
        out[key] = value.strip()
    return out


def parse_ismcts(text: str) -> IsmctsSettings:
    """IS-MCTS settings from their text (`IsmctsSettings`); NotationError else."""
    t = text.strip().lower()
    if t.split(",")[0].strip().isdigit():  # the short form first: SIMULATIONS[,rollout=R]
        head, _, rest = t.partition(",")
        t = f"simulations={head}" + (f",{rest}" if rest else "")
    given = _settings(t, "ismcts", ("simulations", "rollout", "nodes"))
    rollout = given.get("rollout", "random")
    if rollout not in ROLLOUTS:
        raise NotationError(f"ismcts: rollout is {', '.join(ROLLOUTS)}, not {rollout!r}")
    if "nodes" in given and rollout != "dd":
        raise NotationError("ismcts: nodes=N is the budget of rollout=dd's searches")
    sims = given.get("simulations")
    nodes = given.get("nodes")
    default = IsmctsSettings()
    count = (
        default.simulations
        if sims is None
        else _count(sims, "simulations", MOST_SIMULATIONS, "ismcts")
    )
    budget = default.nodes if nodes is None else _count(nodes, "nodes", MAX_NODES, "ismcts")
    return IsmctsSettings(count, rollout, budget)


def parse_mcts(text: str) -> MctsSettings:
    """MCTS settings from their text (`MctsSettings`); NotationError else."""
    t = text.strip().lower()
    if "=" not in t:
        parts = t.split("/")
        if len(parts) != 2:
            raise NotationError(
                f"mcts: settings are WORLDS/SIMULATIONS (e.g. mcts:8/50), not {text!r}"
            )
        t = f"worlds={parts[0]},simulations={parts[1]}"
    given = _settings(t, "mcts", ("worlds", "simulations"))
    default = MctsSettings()
    worlds = given.get("worlds")
    sims = given.get("simulations")
    return MctsSettings(
        default.worlds if worlds is None else _count(worlds, "worlds", MOST_WORLDS, "mcts"),
        default.simulations
        if sims is None
        else _count(sims, "simulations", MOST_SIMULATIONS, "mcts"),
    )


class _UniformPrior(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator with no preference among the legal actions (IS-MCTS
    asks for a prior only of its AlphaZero-like variants)."""

    def prior(self, state: HandState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class HeuristicRollouts(_UniformPrior):
    """A leaf valued by our heuristic player in every seat to the hand's end."""

    def evaluate(self, state: HandState) -> Any:
        assert state.position is not None
        return np.array(heuristic_playout(state.position).scores(), dtype=float)


class DoubleDummyRollouts(_UniformPrior):
    """A leaf valued by double-dummy play to the hand's end: the decisions
    before play made by the heuristic player, then a line of best play for
    the side to move (`Solver.principal_variation`: every card keeps that
    side's double-dummy value; with three sides or more its paranoid value),
    and the hand's scores at its end.  Each search within `max_nodes`; a
    leaf whose search is cut short is played out by the heuristic player in
    every seat instead (counted in `playouts`).  One table for all the
    leaves of a decision (a table's entries hold in every world)."""

    def __init__(self, max_nodes: int = DD_LEAF_NODES) -> None:
        self.solver = Solver(tt_mb=DD_LEAF_TT_MB, max_nodes=max_nodes)
        self.playouts = 0

    def line_end(self, position: Position) -> Position:
        """The hand played to its end from `position` as `evaluate` plays it."""
        work = to_first_lead(position)
        if work.is_over:
            return work
        solution = self.solver.solve(work)
        if solution.stats.exact:
            line, _, cut = self.solver.principal_variation(work, solution.side, solution.value)
            if not cut:
                for move in line:
                    work.play(move)
                return work
        self.playouts += 1
        return heuristic_playout(work)

    def evaluate(self, state: HandState) -> Any:
        assert state.position is not None
        return np.array(self.line_end(state.position).scores(), dtype=float)


@cache
def _game(game: str, players: int) -> HandGame:
    variant = next(v for v in VARIANTS if v.game.name == game and v.players == players)
    loaded: HandGame = pyspiel.load_game(variant.short_name)
    return loaded


def state_of(position: Position) -> HandState:
    """The OpenSpiel state of a position (dealt; its deal's chance history left out)."""
    state: HandState = _game(position.game, position.nseats).new_initial_state()
    state.position = position.copy()
    return state


def _uct_c(view: View) -> float:
    low, high = game(view.game).score_bounds(view.nseats)
    return UCT_C * (high - low)


def ismcts_move(view: View, settings: IsmctsSettings, seed: int) -> Move:
    """The move of OpenSpiel's IS-MCTS for the seat of `view` (to move): its
    root a world of the view, whose information state for the seat is the
    view's and whose resampled worlds are the view's sampler's."""
    sampler = Sampler(view)
    state = state_of(stand_in(view, sampler))
    state.anchors = {view.seat: view}
    state._samplers[view.seat] = sampler  # the root's worlds: the same sampler
    hand_game = state.get_game()
    evaluator: mcts.Evaluator
    if settings.rollout == "random":
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(seed)
        )
    elif settings.rollout == "heuristic":
        evaluator = HeuristicRollouts()
    else:
        evaluator = DoubleDummyRollouts(settings.nodes)
    bot = ismcts.ISMCTSBot(
        hand_game,
        evaluator,
        _uct_c(view),
        settings.simulations,
        random_state=np.random.RandomState(seed),
    )
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
    return move_of(view.legal_moves(), bot.step(state))


def mcts_move(view: View, settings: MctsSettings, seed: int) -> Move:
    """The move explored most by OpenSpiel's MCTS over `settings.worlds`
    worlds drawn from our sampler of the view."""
    worlds = Sampler(view).sample(settings.worlds, seed=seed)
    visits: Counter[int] = Counter()
    rng = np.random.RandomState(seed)
    uct_c = _uct_c(view)
    for world in worlds:
        state = state_of(world)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(
            state.get_game(), uct_c, settings.simulations, evaluator, solve=False, random_state=rng
        )
        root = bot.mcts_search(state)
        for child in root.children:
            visits[child.action] += child.explore_count
    legal = sorted(visits)
    best = max(legal, key=lambda a: (visits[a], -a))
    return move_of(view.legal_moves(), best)


Settings = IsmctsSettings | MctsSettings


def read_settings(bot: str, text: str) -> Settings:
    """The settings of bot `bot` (``ismcts`` or ``mcts``) from their text
    after the colon, the defaults for none; NotationError for bad ones."""
    if bot == "ismcts":
        return parse_ismcts(text) if text.strip() else IsmctsSettings()
    return parse_mcts(text) if text.strip() else MctsSettings()


def bot_move(bot: str, view: View, settings: Settings, seed: int) -> Move:
    """The move of bot `bot` with `settings` for the seat of `view` (to
    move), seeded by `seed`."""
    if isinstance(settings, IsmctsSettings):
        return ismcts_move(view, settings, seed)
    return mcts_move(view, settings, seed)
