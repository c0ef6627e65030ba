"""Whole games: hands dealt in turn and scored across hands until the game ends.

A `WholeGame` holds the running totals, the number of the hand being played,
and that hand as a `Position`.  Moves go to the position; when one ends the
hand, its score is added to the totals, the end of the game is checked and,
if the game goes on, the next hand is dealt (docs/games.md):

- Chinkway: ten rounds (the position's option ``rounds``); seat 1 deals the
  first and the deal passes clockwise; the round number gives the
  partnerships (rounds 1-5 players {2,3} v {4,5}, 6-10 {2,4} v {3,5}); the
  quest deck is carried from round to round, its used cards public.  Each
  seat adds its hand score; the highest total wins, ties are shared.
- Cinch: hands until a side has 15; the deal passes clockwise; only the
  first hand's discards are shown.  The bidder goes out first: when both
  sides reach 15 on one hand, the bidding side wins if it made its bid.
- Chinese Whist (2, 3, 4 players): hands until a side (a player, with 2 or
  3) has the position's ``target`` (10; 5 or 7); the deal passes clockwise.
  If two players of three reach it together, the higher total wins; equal
  totals play on.
- Plain whist: one deal; the side with more tricks wins.

Every hand is dealt from a seed made of the game's seed and the hand's
number, and every decision's random generator from the game's seed, the
hand's number and the number of moves made in the hand, so the same seed
gives the same game, and a saved game (`to_toml`) resumes exactly.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from solver.cards import FULL_DECK
from solver.errors import IllegalMoveError, NotationError, PositionError
from solver.games.base import Move, Position
from solver.games.chinese_whist import DEFAULT_TARGET, ChineseWhist
from solver.games.chinkway import ROUNDS, Chinkway
from solver.games.cinch import Cinch
from solver.games.registry import game_name
from solver.games.whist import Whist
from solver.notation import read_text_file
from solver.players import Player
from solver.position import parse_position

CINCH_TARGET = 15  # the first side to 15 points wins
SEATS = {"whist": 4, "chinkway": 5, "cinch": 4}  # Chinese Whist: 2, 3 or 4
CHINESE_WHIST_PLAYERS = (2, 3, 4)
SEED_BITS = 31  # hand seeds are drawn below 2**31
KEYS = ("game", "players", "seed", "hand", "dealer", "scores", "position")


def game_seats(name: str, players: int | None) -> int:
    """The seats of a game of `name` (a game's own name) with `players`
    (None: its usual number; Chinese Whist 2, 3 or 4, default 4)."""
    if name == "chinese-whist":
        players = 4 if players is None else players
        if players not in CHINESE_WHIST_PLAYERS:
            raise PositionError(f"Chinese Whist is for 2, 3 or 4 players, not {players}")
        return players
    if players is not None and players != SEATS[name]:
        raise PositionError(f"{name} is for {SEATS[name]} players, not {players}")
    return SEATS[name]


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
    made = len(pos.play_record) + (pos.trump is not None and not isinstance(pos, Whist))
    if isinstance(pos, Chinkway):
        made += len(pos.discards)
    if isinstance(pos, Cinch):
        made += len(pos.bids)
        if pos.trump is not None:  # excess trumps are the only trumps discarded
            made += sum(len(d & FULL_DECK.suit(pos.trump)) for d in pos.discards)
    return made


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
    seat: int  # 0-based
    move: Move
    position: Position  # the hand after the move (the live position, until the next step)
    result: HandResult | None  # when the move ended the hand


class WholeGame:
    """A game of several hands: totals, the hand number, the hand in play.

    Make one with `WholeGame.new` (or read a saved one with `from_toml` /
    `load`); moves with `play`, or let players decide with `step` / `run`.
    `scores` are every seat's totals over the hands completed (partners
    hold the same total); `winners` are the seats that won, once `is_over`.
    """

    def __init__(self, seed: int, hand: int, scores: Sequence[int], position: Position) -> None:
        self.game = position.game
        self.nseats = position.nseats
        self.seed = seed
        self.hand = hand
        self.scores = list(scores)
        self.position = position
        self.results: list[HandResult] = []
        self.winners: tuple[int, ...] | None = None
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
    ) -> WholeGame:
        """A new game at its first decision.  `players` only for Chinese Whist
        (2, 3 or 4; default 4); `target` for Chinese Whist (5, 7 or 10; default
        10); `rounds` for Chinkway (default 10)."""
        name = game_name(game)
        nseats = game_seats(name, players)
        if target is not None and name != "chinese-whist":
            raise PositionError(
                f"a target is for Chinese Whist (5, 7 or 10 points); {name} has its own end"
            )
        if rounds is not None and name != "chinkway":
            raise PositionError(f"a number of rounds is for Chinkway, not {name}")
        if rounds is not None and rounds < 1:
            raise PositionError(f"a game has 1 round or more, not {rounds}")
        first = _deal(
            name,
            nseats,
            hand_seed(seed, 1),
            1,
            None,
            target if target is not None else DEFAULT_TARGET,
            rounds if rounds is not None else ROUNDS,
        )
        return cls(seed, 1, [0] * first.nseats, first)

    # -- checks ---------------------------------------------------------------------

    def _check(self) -> None:
        pos = self.position
        n = self.nseats
        if self.hand < 1:
            raise PositionError(f"hand: hands are numbered from 1, not {self.hand}")
        if len(self.scores) != n:
            raise PositionError(f"scores: {n} seats need {n} totals, not {len(self.scores)}")
        if pos.dealer != (self.hand - 1) % n:
            raise PositionError(
                f"dealer: hand {self.hand} is dealt by seat {(self.hand - 1) % n + 1}"
                f" (seat 1 deals the first hand and the deal passes clockwise),"
                f" not seat {pos.dealer + 1}"
            )
        sides = pos.sides()
        if isinstance(pos, Chinkway):
            if pos.round != self.hand:
                raise PositionError(f"hand {self.hand} is round {self.hand}, not {pos.round}")
            if pos.quest_deck is None or pos.quest_removed is None:
                raise PositionError(
                    "position: the quest deck (quest_deck, quest_removed) is needed to"
                    " deal the next round"
                )
        elif any(self.scores[s] != self.scores[sides.index(sides[s])] for s in range(n)):
            raise PositionError("scores: partners hold the same total")
        if isinstance(pos, Cinch) and pos.first_hand != (self.hand == 1):
            raise PositionError(
                f"position: first_hand must be {'true' if self.hand == 1 else 'false'}"
                f" in hand {self.hand} (discards are shown in the first hand only)"
            )
        if isinstance(pos, Whist) and self.hand != 1:
            raise PositionError("a game of plain whist is one deal (hand 1)")
        if not pos.is_over and self._already_won():
            raise PositionError("scores: the game was already over before this hand")

    def _already_won(self) -> bool:
        pos = self.position
        if isinstance(pos, Cinch):
            return max(self.scores) >= CINCH_TARGET
        if isinstance(pos, ChineseWhist):
            return _single_top(self.scores, pos.sides(), pos.target) is not None
        return False

    # -- the game -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def target(self) -> int | None:
        """The points that win (Cinch, Chinese Whist); None for the others."""
        if isinstance(self.position, Cinch):
            return CINCH_TARGET
        if isinstance(self.position, ChineseWhist):
            return self.position.target
        return None

    @property
    def rounds(self) -> int | None:
        """Chinkway: the rounds of the game."""
        return self.position.rounds if isinstance(self.position, Chinkway) else None

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
            self.position = _next_hand(pos, self.seed, self.hand)
        return result

    def step(self, players: Sequence[Player]) -> Step:
        """The seat to move makes its decision (players: one per seat)."""
        if self.is_over:
            raise IllegalMoveError("the game is over")
        pos, seat, hand = self.position, self.position.to_move, self.hand
        move = players[seat].choose(pos, seat, self.rng())
        result = self.play(move)
        return Step(hand, seat, move, pos, result)

    def run(self, players: Sequence[Player], max_hands: int | None = None) -> Iterator[Step]:
        """Play on, step by step, to the end of the game or of `max_hands` more hands."""
        if len(players) != self.nseats:
            raise PositionError(f"{self.nseats} seats need {self.nseats} players")
        played = 0
        while not self.is_over and (max_hands is None or played < max_hands):
            step = self.step(players)
            played += step.result is not None
            yield step

    def _winners(self, pos: Position, before: Sequence[int]) -> tuple[int, ...] | None:
        """The seats that have won after the hand `pos` (totals before it:
        `before`), or None if the game goes on."""
        sides = pos.sides()
        after = self.scores
        if isinstance(pos, Whist):
            won = pos.tricks_won()
            best = max(range(self.nseats), key=lambda s: won[s] + won[(s + 2) % self.nseats])
            return _side_seats(sides, sides[best])
        if isinstance(pos, Chinkway):
            if pos.round < pos.rounds:
                return None
            top = max(after)
            return tuple(s for s in range(self.nseats) if after[s] == top)
        if isinstance(pos, Cinch):
            bidding = sides[pos.bidder]
            made = after[pos.bidder] > before[pos.bidder]
            reached = {sides[s] for s in range(self.nseats) if after[s] >= CINCH_TARGET}
            if not reached:
                return None
            if bidding in reached and (made or len(reached) == 1):
                return _side_seats(sides, bidding)  # the bidder goes out first
            return _side_seats(sides, 1 - bidding)
        assert isinstance(pos, ChineseWhist)
        side_won = _single_top(after, sides, pos.target)
        return None if side_won is None else _side_seats(sides, side_won)

    # -- notation -------------------------------------------------------------------

    def to_fields(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.nseats,
            "seed": self.seed,
            "hand": self.hand,
            "dealer": self.position.dealer + 1,
            "scores": list(self.scores),
            "position": {k: v for k, v in self.position.to_fields().items() if v is not None},
        }

    def to_toml(self) -> str:
        """The saved game: the game's keys, then the hand in play as a table."""
        return tomli_w.dumps(self.to_fields())

    @classmethod
    def from_toml(cls, text: str) -> WholeGame:
        """A game from its saved form; NotationError or PositionError if bad."""
        try:
            fields = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise NotationError(f"saved game: not valid TOML: {e}") from None
        unknown = sorted(set(fields) - set(KEYS))
        if unknown:
            raise NotationError(
                f"saved game: unknown key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}"
                f" (known: {', '.join(KEYS)})"
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
        return cls(_typed(fields, "seed", int), _typed(fields, "hand", int), scores, pos)

    @classmethod
    def load(cls, path: str | Path) -> WholeGame:
        """A saved game from a file."""
        return cls.from_toml(read_text_file(path))

    def save(self, path: str | Path) -> None:
        try:
            Path(path).write_text(self.to_toml(), encoding="utf-8")
        except OSError as e:
            raise NotationError(f"{path}: cannot write: {e.strerror or e}") from None


# -- dealing ---------------------------------------------------------------------------


def _deal(
    game: str,
    players: int,
    seed: int,
    hand: int,
    previous: Position | None,
    target: int,
    rounds: int,
) -> Position:
    """Hand `hand` of a game; the previous hand carries the Chinkway quest
    deck, the Chinese Whist target and the rounds."""
    dealer = (hand - 1) % players
    if game == "chinkway":
        if previous is None:
            return Chinkway.deal(seed, round_no=hand, dealer=dealer, rounds=rounds)
        assert isinstance(previous, Chinkway) and previous.quest is not None
        return Chinkway.deal(
            seed,
            round_no=hand,
            dealer=dealer,
            quest_deck=previous.quest_deck,
            quest_used=previous.quest_used + previous.quest,
            quest_removed=previous.quest_removed,
            rounds=previous.rounds,
        )
    if game == "cinch":
        shoot = previous.shoot_rule if isinstance(previous, Cinch) else "in-play"
        return Cinch.deal(seed, dealer=dealer, first_hand=hand == 1, shoot_rule=shoot)
    if game == "chinese-whist":
        if isinstance(previous, ChineseWhist):
            return ChineseWhist.deal(
                players, seed, dealer, notrump=previous.notrump, target=previous.target
            )
        return ChineseWhist.deal(players, seed, dealer, target=target)
    return Whist.deal(seed)


def _next_hand(previous: Position, seed: int, hand: int) -> Position:
    return _deal(
        previous.game,
        previous.nseats,
        hand_seed(seed, hand),
        hand,
        previous,
        DEFAULT_TARGET,
        ROUNDS,
    )


def _side_seats(sides: Sequence[int], side: int) -> tuple[int, ...]:
    return tuple(s for s in range(len(sides)) if sides[s] == side)


def _single_top(totals: Sequence[int], sides: Sequence[int], target: int) -> int | None:
    """The side alone at the top with `target` or more, if any."""
    top = max(totals)
    leaders = {sides[s] for s in range(len(totals)) if totals[s] == top}
    return leaders.pop() if top >= target and len(leaders) == 1 else None


def _typed(fields: dict[str, Any], key: str, kind: type) -> Any:
    value = fields[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        what = "a whole number" if kind is int else "text"
        raise NotationError(f"saved game: {key} must be {what}, not {value!r}")
    return value


__all__ = [
    "CINCH_TARGET",
    "HandResult",
    "Step",
    "WholeGame",
    "decision_rng",
    "hand_seed",
    "moves_made",
]
