"""Whole games: hands dealt in turn and scored across hands until the game ends.

A `WholeGame` holds the running totals, the number of the hand being played,
and that hand as a `Position`.  Moves go to the position; when one ends the
hand, its score is added to the totals, the end of the game is checked and,
if the game goes on, the next hand is dealt (docs/games.md):

each game's rules of a whole game are its `Game`'s (``deal_hand``,
``winners``, ``target_of``...: its folder's ``whole_game.py``): a number of
rounds, a target of points, or one deal.

Every hand is dealt from a seed made of the game's seed and the hand's
number, and every decision's random generator from the game's seed, the
hand's number and the number of moves made in the hand, so the same seed
gives the same game, and a saved game (`to_toml`) resumes exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from solver.errors import IllegalMoveError, NotationError, PositionError, TricksolverError
from solver.files import write_whole
from solver.games.base import Move, Position
from solver.games.game import HandToDeal
from solver.games.registry import GAMES, game_name, game_of, seats_of
from solver.notation import read_text_file, read_toml, whole_number
from solver.players import Player
from solver.position import parse_position, view_of
from solver.view import View

SEED_BITS = 31  # hand seeds are drawn below 2**31
KEYS = ("game", "players", "seed", "hand", "dealer", "scores", "position")
OPTIONAL_KEYS = ("max_hands", "humans")  # absent in games saved before them: the defaults
# Every game ends: one whose players never reach its end (random callers in
# Cinch Shoot often and fail, and neither side reaches its target) ends after
# this many hands, won by the highest total (docs/rules.md, "Whole games").
DEFAULT_MAX_HANDS = 100
MAX_HANDS_LIMIT = 100_000  # a longer limit is a mistake (a game of random players: minutes)


def hand_seed(seed: int, hand: int) -> int:
    """The seed of the deal of hand `hand` (1-based) of a game."""
    return random.Random(f"tricksolver game {seed} hand {hand}").getrandbits(SEED_BITS)


def decision_rng(seed: int, hand: int, moves: int) -> random.Random:
    """The generator a player draws from at a decision: from the game's
    seed, the hand and the moves made in it, all public."""
    return random.Random(f"tricksolver game {seed} hand {hand} move {moves}")


def moves_made(pos: Position) -> int:
    """How many decisions have been made in a hand, read from the position
    (so a position read from its notation counts the same): the calls,
    discards, the naming of trump, the cards played and the claims."""
    g = game_of(pos)
    named = pos.trump is not None and not g.names_trump_at_deal
    return len(pos.play_record) + named + g.discards_and_calls(pos)


@dataclass(frozen=True)
class HandResult:
    """A hand once it is over."""

    number: int  # the hand (Chinkway: the round), from 1
    dealer: int  # seat, 0-based
    scores: tuple[int, ...]  # every seat's score of the hand
    totals: tuple[int, ...]  # every seat's total after it
    position: Position  # the hand as played


@dataclass(frozen=True)
class Step:
    """One decision of a game, as `WholeGame.step` made it."""

    hand: int
    seat: int  # 0-based: the seat whose move it was
    move: Move
    position: Position  # the hand after the move (the live position, until the next step)
    result: HandResult | None  # when the move ended the hand
    decider: int  # the seat whose player chose it (`Game.decider`: whist's declarer for dummy)


class WholeGame:
    """A game of several hands: totals, the hand number, the hand in play.

    Make one with `WholeGame.new` (or read a saved one with `from_toml` /
    `load`); moves with `play`, or let players decide with `step` / `run`.
    `scores` are every seat's totals over the hands completed (partners
    hold the same total); `winners` are the seats that won, once `is_over`.
    A game ends after `max_hands` hands if its own end has not come by then
    (`by_hand_limit`): the highest total wins, ties share it.
    """

    def __init__(
        self,
        seed: int,
        hand: int,
        scores: Sequence[int],
        position: Position,
        max_hands: int = DEFAULT_MAX_HANDS,
        humans: Sequence[int] = (),
    ) -> None:
        self.game = position.game
        self.nseats = position.nseats
        self.seed = seed
        self.hand = hand
        self.scores = list(scores)
        self.position = position
        self.max_hands = max_hands
        self.results: list[HandResult] = []
        self.winners: tuple[int, ...] | None = None
        self.by_hand_limit = False  # the game ended at `max_hands`, not by its own end
        self.humans = tuple(humans)  # the seats a person plays (0-based): saved, asked again
        self._check()
        if position.is_over:
            before = [t - s for t, s in zip(self.scores, position.scores(), strict=True)]
            self.winners = self._winners(position, before)
            if self.winners is None:
                raise PositionError(
                    f"hand {hand} is over but the game is not: a saved game's hand is in play"
                )

    @classmethod
    def new(
        cls,
        game: str,
        players: int | None = None,
        seed: int = 0,
        target: int | None = None,
        rounds: int | None = None,
        max_hands: int = DEFAULT_MAX_HANDS,
    ) -> WholeGame:
        """A new game at its first decision.  `players` where the game is
        played by several numbers (default: the most); `target` where a game
        may be played to a choice of points (`Game.targets`), `rounds` where
        it has a number of rounds (`Game.default_rounds`); `max_hands` the
        hands after which it ends in any case."""
        g = GAMES[game_name(game)]
        nseats = seats_of(g, players)
        if target is not None and not g.targets:
            takers = [(t.title, t.targets) for t in GAMES.values() if t.targets]
            points = "; ".join(f"{title} ({_or_list(ts)} points)" for title, ts in takers)
            raise PositionError(f"a target is for {points}; {g.name} has its own end")
        if rounds is not None and g.default_rounds is None:
            titles = _or_list(t.title for t in GAMES.values() if t.default_rounds is not None)
            raise PositionError(f"a number of rounds is for {titles}, not {g.name}")
        if rounds is not None and rounds < 1:
            raise PositionError(f"a game has 1 round or more, not {rounds}")
        first = g.deal_hand(HandToDeal(hand_seed(seed, 1), nseats, 1, None, target, rounds))
        return cls(seed, 1, [0] * first.nseats, first, max_hands)

    # -- checks ---------------------------------------------------------------------

    def _check(self) -> None:
        pos = self.position
        n = self.nseats
        if self.hand < 1:
            raise PositionError(f"hand: hands are numbered from 1, not {self.hand}")
        if not 1 <= self.max_hands <= MAX_HANDS_LIMIT:
            raise PositionError(
                f"max_hands: a game has 1 to {MAX_HANDS_LIMIT:,} hands, not {self.max_hands}"
            )
        if self.hand > self.max_hands:
            raise PositionError(f"hand: hand {self.hand} is past the game's {self.max_hands}")
        if len(self.scores) != n:
            raise PositionError(f"scores: {n} seats need {n} totals, not {len(self.scores)}")
        if any(not 0 <= s < n for s in self.humans) or len(set(self.humans)) < len(self.humans):
            raise PositionError(f"humans: seats from 1 to {n}, each once")
        if pos.dealer != (self.hand - 1) % n:
            raise PositionError(
                f"dealer: hand {self.hand} is dealt by seat {(self.hand - 1) % n + 1}"
                f" (seat 1 deals the first hand and the deal passes clockwise),"
                f" not seat {pos.dealer + 1}"
            )
        sides = pos.sides()
        g = game_of(pos)
        if g.totals_by_side and any(
            self.scores[s] != self.scores[sides.index(sides[s])] for s in range(n)
        ):
            raise PositionError("scores: partners hold the same total")
        g.check_game_hand(pos, self.hand)
        if not pos.is_over and g.already_won(pos, self.scores):
            raise PositionError("scores: the game was already over before this hand")

    # -- the game -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def target(self) -> int | None:
        """The points that win; None for a game that ends otherwise."""
        return game_of(self.position).target_of(self.position)

    @property
    def rounds(self) -> int | None:
        """The rounds of the game; None for a game without a number of rounds."""
        return game_of(self.position).rounds_of(self.position)

    def rng(self) -> random.Random:
        """The random generator of the decision to make now."""
        return decision_rng(self.seed, self.hand, moves_made(self.position))

    def play(self, move: Move | str) -> HandResult | None:
        """Make a move in the hand in play.  When it ends the hand: the
        scores are added, the end of the game is checked, the next hand is
        dealt if the game goes on, and the hand's result is returned."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        pos = self.position
        pos.play(move)
        if not pos.is_over:
            return None
        before = list(self.scores)
        hand_scores = pos.scores()
        self.scores = [t + s for t, s in zip(self.scores, hand_scores, strict=True)]
        result = HandResult(self.hand, pos.dealer, hand_scores, tuple(self.scores), pos)
        self.results.append(result)
        self.winners = self._winners(pos, before)
        if self.winners is None:
            self.hand += 1
            deal = HandToDeal(hand_seed(self.seed, self.hand), pos.nseats, self.hand, pos)
            self.position = game_of(pos).deal_hand(deal)
        return result

    def _winners(self, pos: Position, before: Sequence[int]) -> tuple[int, ...] | None:
        """The winners once hand `self.hand` (`pos`, over) is scored: by the
        game's own end, else at the hand limit by the highest total."""
        winners = game_of(pos).winners(pos, list(before), self.scores)
        if winners is None and self.hand >= self.max_hands:
            self.by_hand_limit = True
            best = max(self.scores)
            winners = tuple(s for s in range(self.nseats) if self.scores[s] == best)
        return winners

    def take_back(self, seat: int) -> list[tuple[int, Move]]:
        """Take back `seat`'s latest choice in the hand in play and every
        move made after it (the other seats' replies), so that `seat` is to
        decide again (its choices are those its player made: whist's
        declarer's include dummy's cards, `Game.decider`): a move that was
        the only legal one was no choice, and is taken back on the way to
        the choice before it.  Returns the moves
        taken back, (seat, move), the latest first.  Only the moves of the
        hand in play can be taken back (a hand over is scored); with no
        choice of `seat` in it, IllegalMoveError and nothing is changed."""
        if self.is_over:
            raise IllegalMoveError("the game is over: no move to take back")
        trial = self.position.copy()
        taken: list[tuple[int, Move]] = []
        while trial.history:
            move = trial.undo()
            mover = trial.to_move
            taken.append((mover, move))
            chooser = game_of(trial).decider(trial, mover)
            if chooser == seat and len(trial.legal_moves()) > 1:
                for _ in taken:
                    self.position.undo()
                return taken
        who = self.position.seat_name(seat)
        raise IllegalMoveError(f"seat {who} has made no choice in hand {self.hand} to take back")

    def decider(self) -> int:
        """The seat whose player makes the decision now: the seat to move, or
        the seat that decides for it (`Game.decider`: whist's declarer
        decides dummy's cards)."""
        pos = self.position
        return game_of(pos).decider(pos, pos.to_move)

    def step(self, players: Sequence[Player]) -> Step:
        """The seat to move makes its decision (players: one per seat), from
        its view of the hand; where another seat decides for it (whist's
        declarer for dummy, `Game.decider`), that seat's player decides,
        from the view of the seat to move, which holds what the deciding
        seat sees."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        view = self._view(self.position.to_move)
        pos, seat, hand = self.position, self.position.to_move, self.hand
        decider = self.decider()
        move = players[decider].choose(view, self.rng())
        result = self.play(move)
        return Step(hand, seat, move, pos, result, decider)

    def _view(self, seat: int) -> View:
        """The view of `seat` in the hand in play.  A position read from a
        saved game may not show it (a Cinch redeal that drew cards back from
        the dead wood is not written out): the hand is then dealt again from
        the game's seed and its moves made on it (`Game.moves_from_deal`),
        which gives the same position with its history, and the game goes
        on with that."""
        try:
            return view_of(self.position, seat)
        except PositionError:
            again = self._dealt_again()
            if again is None:
                raise
            self.position = again
            return view_of(again, seat)

    def _dealt_again(self) -> Position | None:
        """The hand in play dealt again and its moves made on it, if that
        gives the same position (None otherwise)."""
        pos = self.position
        g = game_of(pos)
        moves = g.moves_from_deal(pos)
        if moves is None:
            return None
        work = g.deal_hand(HandToDeal(hand_seed(self.seed, self.hand), pos.nseats, self.hand, pos))
        try:
            for move in moves:
                work.play(move)
        except TricksolverError:
            return None
        return work if work.to_line() == pos.to_line() else None

    def run(self, players: Sequence[Player], max_hands: int | None = None) -> Iterator[Step]:
        """Play on, step by step, to the end of the game or of `max_hands` more hands."""
        if len(players) != self.nseats:
            raise PositionError(f"{self.nseats} seats need {self.nseats} players")
        played = 0
        while not self.is_over and (max_hands is None or played < max_hands):
            step = self.step(players)
            played += step.result is not None
            yield step

    # -- notation -------------------------------------------------------------------

    def to_fields(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.nseats,
            "seed": self.seed,
            "hand": self.hand,
            "dealer": self.position.dealer + 1,
            "scores": list(self.scores),
            "max_hands": self.max_hands,
            **({"humans": [s + 1 for s in self.humans]} if self.humans else {}),
            "position": {k: v for k, v in self.position.to_fields().items() if v is not None},
        }

    def to_toml(self) -> str:
        """The saved game: the game's keys, then the hand in play as a table."""
        return tomli_w.dumps(self.to_fields())

    @classmethod
    def from_toml(cls, text: str) -> WholeGame:
        """A game from its saved form; NotationError or PositionError if bad."""
        fields = read_toml(text, "saved game")
        unknown = sorted(set(fields) - set(KEYS) - set(OPTIONAL_KEYS))
        if unknown:
            raise NotationError(
                f"saved game: unknown key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}"
                f" (known: {', '.join((*KEYS, *OPTIONAL_KEYS))})"
            )
        missing = [k for k in KEYS if k not in fields]
        if missing:
            raise NotationError(
                f"saved game: missing key{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            )
        name = game_name(_typed(fields, "game", str))
        position_fields = fields["position"]
        if not isinstance(position_fields, dict):
            raise NotationError("saved game: 'position' must be a table of the hand's keys")
        pos = parse_position(tomli_w.dumps(position_fields))
        if pos.game != name:
            raise PositionError(f"saved game: the position is {pos.game}, not {name}")
        players = _typed(fields, "players", int)
        if players != pos.nseats:
            raise PositionError(f"saved game: players is {players}; the position has {pos.nseats}")
        dealer = _typed(fields, "dealer", int)
        if dealer != pos.dealer + 1:
            raise PositionError(
                f"saved game: dealer is seat {dealer}; the position's is seat {pos.dealer + 1}"
            )
        scores = fields["scores"]
        if not isinstance(scores, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in scores
        ):
            raise NotationError("saved game: scores must be a list of whole numbers, one per seat")
        max_hands = _typed(fields, "max_hands", int) if "max_hands" in fields else DEFAULT_MAX_HANDS
        humans = fields.get("humans", [])
        if not isinstance(humans, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in humans
        ):
            raise NotationError("saved game: humans must be a list of seat numbers (from 1)")
        seed, hand = _typed(fields, "seed", int), _typed(fields, "hand", int)
        return cls(seed, hand, scores, pos, max_hands, [s - 1 for s in humans])

    @classmethod
    def load(cls, path: str | Path) -> WholeGame:
        """A saved game from a file."""
        return cls.from_toml(read_text_file(path))

    @staticmethod
    def check_save_path(path: str | Path) -> None:
        """Refuse, before a game starts, a file it could not be saved to (a
        directory, a missing folder, no permission): NotationError naming it.
        Nothing is left behind: a file that did not exist is removed again."""
        target = Path(path)
        if target.is_dir():
            raise NotationError(f"{path}: is a directory, not a file to save the game to")
        existed = target.exists()
        try:
            with target.open("a", encoding="utf-8"):
                pass
        except OSError as e:
            raise NotationError(f"{path}: cannot write: {e.strerror or e}") from None
        if not existed:
            target.unlink(missing_ok=True)

    def save(self, path: str | Path) -> None:
        """The game saved to `path`, whole or not at all (`files.write_whole`:
        a failed save leaves the file as it was)."""
        write_whole(path, self.to_toml())


def _or_list(items: Iterable[object]) -> str:
    """Items as text: "a", "a or b", "a, b or c"."""
    *most, last = [str(i) for i in items]
    return f"{', '.join(most)} or {last}" if most else last


def _typed(fields: dict[str, Any], key: str, kind: type) -> Any:
    value = fields[key]
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return whole_number(value, f"saved game: {key}")
    if not isinstance(value, kind) or isinstance(value, bool):
        what = "a whole number" if kind is int else "text"
        raise NotationError(f"saved game: {key} must be {what}, not {value!r}")
    return value


__all__ = [
    "HandResult",
    "Step",
    "WholeGame",
    "decision_rng",
    "hand_seed",
    "moves_made",
]
