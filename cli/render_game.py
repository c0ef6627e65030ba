"""The log of a game as `tricksolver play --json` writes it: the settings
and seats, every hand's deal, every move with its seat, each hand's result,
and the totals, at the end of the game or when play stops (after --hands,
on quit or Ctrl-C: what was played).  Types as in `solver.cli.render_json`
(``docs/schemas/play.schema.json``)."""

from __future__ import annotations

from typing import Any

from solver.games.base import Position
from solver.wholegame import HandResult, Step, WholeGame

from .render_json import position_json, side_of

STOPS = ("over", "hands", "quit", "interrupted")  # why the log ends


def scores_json(pos: Position, scores: tuple[int, ...] | list[int]) -> list[dict[str, Any]]:
    """Points seat by seat (partners hold the same)."""
    return [
        {"seat": pos.seat_name(s), "side": side_of(pos, s), "points": scores[s]}
        for s in range(pos.nseats)
    ]


class GameLog:
    """What a game played: call `before` before each step and `step` after
    it; `to_json` at the end."""

    def __init__(
        self, game: WholeGame, players: list[str], human: int | None, resumed: bool
    ) -> None:
        self.game = game
        self.resumed = resumed
        self.players = players
        self.human = human
        self.start_scores = list(game.scores)
        self.hands: list[dict[str, Any]] = []

    def before(self) -> None:
        """Open the hand about to be played when it is a new one (its deal:
        the position at its first decision, or where a resumed game stood)."""
        game = self.game
        if self.hands and self.hands[-1]["hand"] == game.hand:
            return
        pos = game.position
        self.hands.append(
            {
                "hand": game.hand,
                "dealer": pos.seat_name(pos.dealer),
                "resumed": self.resumed and not self.hands,
                "deal": position_json(pos),
                "moves": [],
                "result": None,
            }
        )

    def step(self, step: Step) -> None:
        hand = self.hands[-1]
        pos = step.position
        hand["moves"].append({"seat": pos.seat_name(step.seat), "move": str(step.move)})
        if step.result is not None:
            hand["result"] = self._result(step.result)

    @staticmethod
    def _result(result: HandResult) -> dict[str, Any]:
        pos = result.position
        return {
            "played": pos.to_line(),
            "scores": scores_json(pos, result.scores),
            "totals": scores_json(pos, result.totals),
            "tricks": [
                {"seat": pos.seat_name(s), "tricks": n} for s, n in enumerate(pos.tricks_won())
            ],
        }

    def to_json(self, stopped: str) -> dict[str, Any]:
        """The log; `stopped` one of `STOPS`."""
        assert stopped in STOPS
        game = self.game
        pos = game.position
        winners = None if game.winners is None else [pos.seat_name(s) for s in game.winners]
        return {
            "kind": "game",
            "game": game.game,
            "players": game.nseats,
            "seat_names": [pos.seat_name(s) for s in range(game.nseats)],
            "seats": ["human" if s == self.human else self.players[s] for s in range(game.nseats)],
            "seed": game.seed,
            "target": game.target,
            "rounds": game.rounds,
            "max_hands": game.max_hands,
            "start_scores": scores_json(pos, self.start_scores),
            "hands": self.hands,
            "scores": scores_json(pos, game.scores),
            "over": game.is_over,
            "winners": winners,
            "by_hand_limit": game.by_hand_limit,
            "stopped": stopped,
        }
