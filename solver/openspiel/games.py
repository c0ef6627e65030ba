"""Our games as OpenSpiel Python games: a hand from the deal to its score.

One `Variant` per game and number of players (`VARIANTS`), registered with
`pyspiel.register_game` under its `short_name` (``python_tricksolver_`` and
the game's name, ``-`` as ``_``, then the number of players when the game
has several).  A state (`HandState`) is first a chance node for every card
of the deal, drawn uniformly from the game's `Game.deal_pool` until it is
empty; `Game.dealt` then lays the cards out as the game's `deal` does, so a
hand dealt so has the distribution of our `deal` (see `solver.games.game`).
Then come the decisions, before play and in play, as the position's
`legal_moves` (action ids: `solver.openspiel.actions`), until the hand is
over; the returns are then the hand scores (`Position.scores`), 0 before.

The information state and the observation of a seat are its `Sight`
(`solver.openspiel.sight`): made from our view of the seat, they hold what
it knows and nothing else.  The view holds the public record of the hand,
so the observation is the information state (both perfect recall).
`HandState.resample_from_infostate` draws a world from the exact
`solver.sampling.Sampler` of the seat's view, seeded from the probability
sampler given and the number of draws already made from this state, so
that a seeded bot stays reproducible; the world keeps that view as the
seat's anchor (`HandState.anchors`), for a world that cannot show it by
itself (see `solver.openspiel.sight`).  A resampled state holds the world's
position but not a history of actions leading to it (its `history()` is
empty): play it on, never serialize it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from solver.cards import Card, CardSet
from solver.errors import PositionError
from solver.games.base import Move, Position
from solver.games.game import Game
from solver.games.registry import GAMES
from solver.openspiel.actions import (
    BID_BASE,
    CALLS,
    CARD_KINDS,
    CARDS,
    NUM_ACTIONS,
    TRUMP_BASE,
    action_card,
    action_of,
    card_action,
    move_of,
)
from solver.openspiel.sight import Sight, dealing, sight, tensor_size, view_for
from solver.sampling import Sampler
from solver.view import View

PREFIX = "python_tricksolver_"
SEED_BITS = 53  # the bits of a seed read from a probability sampler's number in [0, 1)
CACHES = ("_sights", "_samplers", "_pool")  # a state's parts not pickled (made again)
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


@dataclass(frozen=True)
class Variant:
    """One of our games with a number of players, as an OpenSpiel game."""

    game: Game
    players: int

    @property
    def short_name(self) -> str:
        name = PREFIX + self.game.name.replace("-", "_")
        return name if len(self.game.seat_counts) == 1 else f"{name}_{self.players}"

    @property
    def long_name(self) -> str:
        return f"tricksolver {self.game.seats_title(self.players)}"

    def max_decisions(self) -> int:
        """A bound on a hand's decisions: each card is played, claimed and
        discarded at most once; trump is named once; each seat calls once."""
        return len(CARD_KINDS) * CARDS + 1 + self.players

    def game_type(self) -> pyspiel.GameType:
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.players,
            min_num_players=self.players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
        )

    def game_info(self) -> pyspiel.GameInfo:
        low, high = self.game.score_bounds(self.players)
        return pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=CARDS,
            num_players=self.players,
            min_utility=float(low),
            max_utility=float(high),
            max_game_length=self.max_decisions(),
        )


VARIANTS: tuple[Variant, ...] = tuple(Variant(g, n) for g in GAMES.values() for n in g.seat_counts)


class HandGame(pyspiel.Game):  # type: ignore[misc]
    """A hand of one `Variant`, as an OpenSpiel game: each variant registers
    a subclass of its own (`game_class`) whose `variant` it is."""

    variant: Variant

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.variant.game_type(), self.variant.game_info(), params or {})

    def new_initial_state(self) -> HandState:
        return HandState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SightObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError("only the seat's own observation is supported (public and private)")
        return SightObserver(self.variant.players)


class HandState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (`drawn`, the cards so far) or played (`position`)."""

    def __init__(self, game: HandGame) -> None:
        super().__init__(game)
        self.variant: Variant = game.variant
        self.drawn: list[Card] = []
        self.position: Position | None = None
        self._sights: dict[int, Sight] = {}
        self._samplers: dict[int, Sampler] = {}
        self._resamples = 0
        self._pool: CardSet | None = None
        # A world's views of the seat it was drawn for (`sight`'s anchor).
        self.anchors: dict[int, View] = {}

    # -- the game tree -------------------------------------------------------

    def current_player(self) -> int:
        if self.position is None:
            return CHANCE
        if self.position.is_over:
            return TERMINAL
        return self.position.to_move

    def _legal_actions(self, player: int) -> list[int]:
        assert self.position is not None and player == self.position.to_move
        return sorted(action_of(m) for m in self.position.legal_moves())

    def pool(self) -> CardSet:
        """The cards the chance node draws from (`Game.deal_pool`; cached)."""
        if self._pool is None:
            self._pool = self.variant.game.deal_pool(self.drawn, self.variant.players)
        return self._pool

    def chance_outcomes(self) -> list[tuple[int, float]]:
        pool = self.pool()
        chance = 1.0 / len(pool)
        return sorted((card_action(c), chance) for c in pool)

    def _apply_action(self, action: int) -> None:
        self._sights.clear()
        self._samplers.clear()
        if self.position is None:
            card = action_card(action)
            if card not in self.pool():
                raise PositionError(f"{card} is not a card left to deal")
            self.drawn.append(card)
            self._pool = None
            if not self.pool():
                self.position = self.variant.game.dealt(self.drawn, self.variant.players)
            return
        self.position.play(move_of(self.position.legal_moves(), action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {action_card(action)}"
        if action < CARDS:
            return str(action_card(action))
        if action < BID_BASE:
            return str(Move("trump", value=action - TRUMP_BASE))
        return str(Move("bid", value=CALLS[action - BID_BASE]))

    def is_terminal(self) -> bool:
        return self.position is not None and self.position.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.variant.players
        assert self.position is not None
        return [float(s) for s in self.position.scores()]

    def __str__(self) -> str:
        if self.position is None:
            return f"dealing: {' '.join(str(c) for c in self.drawn)}"
        return self.position.to_line()

    # -- what a seat knows -----------------------------------------------------

    def sight(self, player: int) -> Sight:
        """What `player` knows now (cached until the next action)."""
        if player not in self._sights:
            if self.position is None:
                self._sights[player] = dealing(player, self.variant.players, len(self.drawn))
            else:
                self._sights[player] = sight(self.position, player, self.anchors.get(player))
        return self._sights[player]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HandState:
        """A state of the same information state for `player_id`: a world
        drawn exactly and uniformly from our sampler of its view, seeded from
        `probability_sampler()` and the draws made from this state before."""
        if self.position is None or self.position.is_over:
            raise PositionError("a world is drawn at a decision of the hand, not while dealing")
        view = view_for(self.position, player_id, self.anchors.get(player_id))
        if player_id not in self._samplers:
            self._samplers[player_id] = Sampler(view)
        seed = int(probability_sampler() * (1 << SEED_BITS))
        self._resamples += 1
        world = self._samplers[player_id].sample(1, seed=seed + self._resamples)[0]
        other = self._with(world)
        other.anchors = {player_id: view}
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (OpenSpiel's clone and serialization) without the caches."""
        return {k: v for k, v in vars(self).items() if k not in CACHES}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._sights, self._samplers, self._pool = {}, {}, None

    def _with(self, position: Position | None) -> HandState:
        other = HandState(self.get_game())
        other.drawn = list(self.drawn)
        other.position = position
        return other


class SightObserver:
    """The observer of `HandState`s (OpenSpiel's PyObserver interface): a
    seat's `Sight` as a tensor (with one piece, ``sight``) and a string."""

    def __init__(self, players: int) -> None:
        self.tensor = np.zeros(tensor_size(players), np.float32)
        self.dict = {"sight": self.tensor}

    def set_from(self, state: HandState, player: int) -> None:
        self.tensor[:] = state.sight(player).tensor

    def string_from(self, state: HandState, player: int) -> str:
        return state.sight(player).text


def game_class(variant: Variant) -> type[HandGame]:
    """The `HandGame` subclass of a variant (OpenSpiel makes its games by
    calling it with their parameters; a class, not a closure, which the
    registry would free after the interpreter at exit)."""
    name = "HandGame_" + variant.short_name.removeprefix(PREFIX)
    return type(name, (HandGame,), {"variant": variant})


GAME_CLASSES = {v.short_name: game_class(v) for v in VARIANTS}


def register() -> None:
    """Register every variant with OpenSpiel (once; again is harmless)."""
    known = set(pyspiel.registered_names())
    for variant in VARIANTS:
        if variant.short_name not in known:
            pyspiel.register_game(variant.game_type(), GAME_CLASSES[variant.short_name])


def short_names() -> list[str]:
    """The registered names, one per variant."""
    return [v.short_name for v in VARIANTS]


__all__ = ["VARIANTS", "HandGame", "HandState", "Variant", "register", "short_names"]
