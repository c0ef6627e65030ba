"""Matches between line-ups of players, on duplicate deals.

A match plays N deals.  Every deal is played once for each distinct rotation
of the seat assignment (seat s gets the player of seat s - r, for r = 0, 1,
...; rotations that repeat an earlier assignment are left out), so every
line-up meets the same cards in every seat it can hold.  A *line-up* is a
player name in the assignment; its seats are the seats holding that name.

Score per deal of a line-up (docs/games.md): the sum, over the rotations of
the deal, of the mean hand score of the seats it holds (partners hold the
same score, so in a partnership game this is its side's hand score).  The
report gives each line-up's mean score per deal, and for every pair of
line-ups the mean of the paired differences per deal, with 95% intervals
(Student's t over the deals).
"""

from __future__ import annotations

import csv
import io
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.errors import NotationError
from solver.games.base import Position
from solver.games.registry import GAMES, game_name, seats_of
from solver.players import make_player, parse_seats
from solver.position import view_of
from solver.stats import t_quantile
from solver.wholegame import SEED_BITS

CONFIDENCE = 0.95
SCORE_PER_DEAL = (
    "the sum over the rotations of the deal of the mean hand score of the line-up's seats"
)


@dataclass(frozen=True)
class Summary:
    """Mean of a sample with its standard deviation and a t interval; the
    interval is None with fewer than two values."""

    n: int
    mean: float
    sd: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, values: Sequence[float], confidence: float = CONFIDENCE) -> Summary:
        n = len(values)
        if n == 0:
            return cls(0, math.nan, None, None, None)
        mean = math.fsum(values) / n
        if n < 2:
            return cls(n, mean, None, None, None)
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
        half = t_quantile(0.5 + confidence / 2.0, n - 1) * sd / math.sqrt(n)
        return cls(n, mean, sd, mean - half, mean + half)

    def to_json(self) -> dict[str, Any]:
        ci = None if self.low is None else [self.low, self.high]
        return {"mean": self.mean, "sd": self.sd, "ci95": ci}


def samples_to_resolve(sd: float, half_width: float, confidence: float = CONFIDENCE) -> int:
    """The fewest values (2 or more) whose t interval at `confidence` has a
    half-width of at most `half_width` when their standard deviation is
    `sd`: the sample a difference of `half_width` needs to be resolved."""
    if sd < 0 or half_width <= 0:
        raise ValueError(f"needs sd >= 0 and half_width > 0, got {sd}, {half_width}")
    p = 0.5 + confidence / 2.0
    n = max(2, math.ceil((t_quantile(p, 1e9) * sd / half_width) ** 2))  # the normal's guess
    while t_quantile(p, n - 1) * sd / math.sqrt(n) > half_width:  # t's is wider: step up
        n += 1
    return n


# -- the match -------------------------------------------------------------------------


def rotations(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of a seat assignment, the given one first."""
    n = len(seats)
    found: list[tuple[str, ...]] = []
    for r in range(n):
        assignment = tuple(seats[(s - r) % n] for s in range(n))
        if assignment not in found:
            found.append(assignment)
    return found


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal `index` (0-based) of a match."""
    return random.Random(f"tricksolver match {seed} deal {index}").getrandbits(SEED_BITS)


def match_deal(game: str, players: int, seed: int, index: int) -> Position:
    """Deal `index` of a match of `game` (its own name), at its first
    decision (``Game.match_deal``: the dealer goes round the table with the
    deals)."""
    return GAMES[game].match_deal(seed, players, index)


@dataclass(frozen=True)
class DealResult:
    index: int
    seed: int
    scores: dict[str, float]  # line-up -> score of the deal
    hands: list[tuple[int, ...]]  # every rotation's hand scores, seat by seat
    decisions: dict[str, int] = field(default_factory=dict)  # line-up -> its choices of 2+ moves
    seconds: dict[str, float] = field(default_factory=dict)  # line-up -> time spent on them
    # line-up -> the CPU time of its process spent on them (the players here
    # decide on one thread: unlike `seconds`, not inflated by a loaded machine)
    cpu_seconds: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Everything the deal's result holds (`from_json` reads it back)."""
        return {
            "deal": self.index,
            "seed": self.seed,
            "scores": self.scores,
            "hand_scores": [list(h) for h in self.hands],
            "decisions": self.decisions,
            "seconds": self.seconds,
            "cpu_seconds": self.cpu_seconds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealResult:
        return cls(
            int(data["deal"]),
            int(data["seed"]),
            {k: float(v) for k, v in data["scores"].items()},
            [tuple(int(x) for x in h) for h in data["hand_scores"]],
            {k: int(v) for k, v in data["decisions"].items()},
            {k: float(v) for k, v in data["seconds"].items()},
            {k: float(v) for k, v in data["cpu_seconds"].items()},
        )


@dataclass
class Match:
    """A match in progress: its settings and the deals played so far."""

    game: str
    players: int
    seats: list[str]  # a player name per seat, seat 1 first
    seed: int = 0
    results: list[DealResult] = field(default_factory=list)

    @classmethod
    def new(cls, game: str, seats: str, players: int | None = None, seed: int = 0) -> Match:
        """A match of `game` between the players of `seats` (a comma list,
        one name per seat; see `solver.players.parse_seats`)."""
        name = game_name(game)
        nseats = seats_of(GAMES[name], players)
        names = parse_seats(seats, nseats)
        if len(set(names)) < 2:
            raise NotationError(
                f"--seats: a match needs two different players or more, got only {names[0]!r}"
            )
        return cls(name, nseats, names, seed)

    @property
    def lineups(self) -> list[str]:
        """The distinct players, in the order of their first seat."""
        return list(dict.fromkeys(self.seats))

    @property
    def rotations(self) -> list[tuple[str, ...]]:
        return rotations(self.seats)

    def play_deal(self, index: int) -> DealResult:
        """Play deal `index` once per rotation; record and return its result."""
        seed = deal_seed(self.seed, index)
        totals = dict.fromkeys(self.lineups, 0.0)
        decisions = dict.fromkeys(self.lineups, 0)
        seconds = dict.fromkeys(self.lineups, 0.0)
        cpu_seconds = dict.fromkeys(self.lineups, 0.0)
        hands: list[tuple[int, ...]] = []
        for r, assignment in enumerate(self.rotations):
            pos = match_deal(self.game, self.players, seed, index)
            players = [make_player(name) for name in assignment]
            while not pos.is_over:
                seat = pos.to_move
                rng = random.Random(
                    f"tricksolver match {self.seed} deal {index} rotation {r}"
                    f" move {len(pos.history)}"
                )
                forced = len(pos.legal_moves()) == 1
                view = view_of(pos, seat)  # what the seat knows: all its player is given
                start, cpu_start = time.perf_counter(), time.process_time()
                move = players[seat].choose(view, rng)
                if not forced:  # a decision: its time counts for the line-up
                    decisions[assignment[seat]] += 1
                    seconds[assignment[seat]] += time.perf_counter() - start
                    cpu_seconds[assignment[seat]] += time.process_time() - cpu_start
                pos.play(move)
            scores = pos.scores()
            hands.append(scores)
            for name in self.lineups:
                held = [scores[s] for s in range(self.players) if assignment[s] == name]
                totals[name] += math.fsum(held) / len(held)
        result = DealResult(index, seed, totals, hands, decisions, seconds, cpu_seconds)
        self.results.append(result)
        return result

    def settings(self) -> Match:
        """The match without its results: what a worker needs to play a deal
        of it (`played_deal`)."""
        return Match(self.game, self.players, list(self.seats), self.seed)

    def add(self, result: DealResult) -> None:
        """Record a deal played elsewhere (`played_deal`, or read back by
        `DealResult.from_json`), the deals kept in their order; ValueError
        for a deal already recorded or not this match's."""
        if result.seed != deal_seed(self.seed, result.index):
            raise ValueError(f"deal {result.index} is not deal {result.index} of this match")
        if any(r.index == result.index for r in self.results):
            raise ValueError(f"deal {result.index} is recorded twice")
        self.results.append(result)
        self.results.sort(key=lambda r: r.index)

    def summaries(self) -> dict[str, Summary]:
        """Every line-up's score per deal."""
        return {name: Summary.of([r.scores[name] for r in self.results]) for name in self.lineups}

    def seconds_per_decision(self, cpu: bool = False) -> dict[str, float | None]:
        """Every line-up's mean time per decision (a choice among two moves
        or more) over the deals played; None before its first decision.
        Wall-clock time (with `cpu`, the CPU time of the process playing
        the deal): it varies from run to run, the scores do not."""
        out: dict[str, float | None] = {}
        for name in self.lineups:
            count = sum(r.decisions.get(name, 0) for r in self.results)
            spent = math.fsum(
                (r.cpu_seconds if cpu else r.seconds).get(name, 0.0) for r in self.results
            )
            out[name] = spent / count if count else None
        return out

    def differences(self) -> list[tuple[str, str, Summary]]:
        """(a, b, the paired difference a - b per deal) for every pair of line-ups."""
        names = self.lineups
        return [
            (a, b, Summary.of([r.scores[a] - r.scores[b] for r in self.results]))
            for i, a in enumerate(names)
            for b in names[i + 1 :]
        ]

    def to_json(self, requested: int | None = None, interrupted: bool = False) -> dict[str, Any]:
        times = self.seconds_per_decision()
        return {
            "game": self.game,
            "players": self.players,
            "seats": self.seats,
            "seed": self.seed,
            "deals": len(self.results),
            "deals_requested": len(self.results) if requested is None else requested,
            "interrupted": interrupted,
            "rotations": [list(a) for a in self.rotations],
            "score_per_deal": SCORE_PER_DEAL,
            "confidence": CONFIDENCE,
            "lineups": [
                {
                    "name": name,
                    "seats": self.seats.count(name),
                    "decisions": sum(r.decisions.get(name, 0) for r in self.results),
                    "seconds_per_decision": times[name],
                }
                | s.to_json()
                for name, s in self.summaries().items()
            ],
            "differences": [
                {"first": a, "second": b} | s.to_json() for a, b, s in self.differences()
            ],
            "per_deal": [
                {
                    "deal": r.index,
                    "seed": r.seed,
                    "scores": r.scores,
                    "hand_scores": [list(h) for h in r.hands],
                }
                for r in self.results
            ],
        }

    def to_csv(self) -> str:
        """The summary as CSV: a row per line-up, then a row per pair."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["kind", "name", "deals", "mean", "sd", "ci95_low", "ci95_high", "seconds_per_decision"]
        )

        def cells(s: Summary) -> list[Any]:
            return [s.n, s.mean, _blank(s.sd), _blank(s.low), _blank(s.high)]

        times = self.seconds_per_decision()
        for name, s in self.summaries().items():
            writer.writerow(["lineup", name, *cells(s), _blank(times[name])])
        for a, b, s in self.differences():
            writer.writerow(["difference", f"{a} - {b}", *cells(s)])
        return out.getvalue()


def played_deal(settings: Match, index: int) -> DealResult:
    """Deal `index` of the match `settings` played on its own (in a worker
    process: `solver.batch.run_calls`): the result `Match.play_deal` gives,
    which depends on the seed and the index alone."""
    return settings.settings().play_deal(index)


def _blank(value: float | None) -> Any:
    return "" if value is None else value


__all__ = [
    "CONFIDENCE",
    "SCORE_PER_DEAL",
    "DealResult",
    "Match",
    "Summary",
    "deal_seed",
    "match_deal",
    "played_deal",
    "rotations",
    "samples_to_resolve",
]
