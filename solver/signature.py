"""The search signature: values and node counts on a fixed set of positions.

Like Stockfish's ``bench``, this runs the double-dummy searches on a fixed
set of positions of every game and prints one total node count.  The count
changes when, and only when, the search changes (its bounds, keys, move
ordering or table), so a refactoring that claims to change nothing proves it
by leaving the signature as it was; the test suite compares the quick set's
total with a stored figure.

Each record holds what a search returned (values, best moves, max^n
vectors) and its node count; the recommendation, decision-before-play and
match records hold their answers for fixed seeds (the sampling layers above
the search).  Two sets:

- ``quick`` (the test's): 12 whist bench deals, 4 mid-hand positions and 20
  endgames of every other variant, a recommendation and a decision of every
  game, a short match of every game;
- ``full``: the 100 bench deals, 20 positions and 60 endgames of every other
  variant, and the rest as in ``quick``.

Every table is fresh for every position (cleared), so each count depends on
that position alone.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from solver.budget import Budget
from solver.doubledummy import Solver
from solver.games.base import Phase, Position
from solver.games.whist.bench import load_deals
from solver.position import deal

SIGNATURE_TT_MB = 32  # the table of every search of the signature, MiB
SETS = ("quick", "full")

# (game, players, tricks left at the mid-hand positions): chosen so that a
# position solves in well under a second; every variant the rules cover
# but whist, whose positions are the bench deals at the opening lead
VARIANTS: tuple[tuple[str, int, int], ...] = (
    ("cinch", 4, 6),
    ("chinkway", 5, 6),
    ("chinese-whist", 4, 9),
    ("chinese-whist", 3, 9),
    ("chinese-whist", 2, 12),
)
ENDGAME_TRICKS = 3  # tricks left in an endgame (max^n is searched there too)


@dataclass(frozen=True)
class SetSize:
    whist_deals: int
    positions: int  # mid-hand positions of every other variant
    endgames: int  # endgames of every variant


SIZES = {"quick": SetSize(12, 4, 20), "full": SetSize(100, 20, 60)}


@dataclass
class Signature:
    """The records of one run and their total node count."""

    records: list[dict[str, Any]] = field(default_factory=list)

    @property
    def nodes(self) -> int:
        return sum(int(r.get("nodes", 0)) for r in self.records)

    @property
    def digest(self) -> str:
        """A short hash of every record (values and answers as well as counts)."""
        text = json.dumps(self.records, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _seeded_heuristic_start(game: str, players: int, seed: int) -> Position:
    """A deal of `game` at its first lead, decisions before play made by the
    heuristic player (imported here: the players sit above the search)."""
    from solver.players import HeuristicPlayer
    from solver.position import view_of

    pos = deal(game, players=players if game == "chinese-whist" else None, seed=seed)
    player = HeuristicPlayer()
    rng = random.Random(seed)
    while pos.phase not in (Phase.PLAY, Phase.CLAIM, Phase.OVER):
        pos.play(player.choose(view_of(pos, pos.to_move), rng))
    return pos


def _played_down(pos: Position, tricks_left: int, seed: int) -> Position:
    """`pos` played on at random until `tricks_left` tricks remain (and the
    claims of the last finished trick are made)."""
    rng = random.Random(seed)
    core = pos.core
    assert core is not None
    while not pos.is_over and (
        core.total_tricks - core.tricks_played > tricks_left or pos.phase == Phase.CLAIM
    ):
        pos.play(rng.choice(pos.legal_moves()))
        core = pos.core
        assert core is not None
    return pos


def _search_records(
    kind: str, pos: Position, solver: Solver, maxn: bool
) -> Iterator[dict[str, Any]]:
    where = pos.to_line()
    solver.clear()
    solution = solver.solve(pos)
    yield {"kind": kind, "search": "solve", "position": where, "value": solution.value,
           "nodes": solution.stats.nodes}  # fmt: skip
    solver.clear()
    analysis = solver.analyze(pos, pv=False)
    yield {
        "kind": kind, "search": "analyze", "position": where, "value": analysis.value,
        "moves": sorted((str(m.move), m.value) for m in analysis.moves),
        "nodes": analysis.stats.nodes,
    }  # fmt: skip
    if maxn:
        solver.clear()
        values, stats = solver.maxn(pos)
        yield {"kind": kind, "search": "maxn", "position": where, "values": list(values),
               "nodes": stats.nodes}  # fmt: skip


def _searches(size: SetSize, solver: Solver) -> Iterator[dict[str, Any]]:
    for bench_deal in load_deals(count=size.whist_deals):
        yield from _search_records("whist deal", bench_deal.position(), solver, maxn=False)
    for game, players, left in VARIANTS:
        name = f"{game}-{players}"
        for i in range(size.positions):
            pos = _played_down(_seeded_heuristic_start(game, players, 1 + i), left, i)
            yield from _search_records(f"{name} mid-hand", pos, solver, maxn=False)
    for game, players in (("whist", 4), *((g, p) for g, p, _ in VARIANTS)):
        name = f"{game}-{players}"
        for i in range(size.endgames):
            pos = _played_down(_seeded_heuristic_start(game, players, 1000 + i), ENDGAME_TRICKS, i)
            if not pos.is_over:
                yield from _search_records(f"{name} endgame", pos, solver, maxn=True)


def _sampled(size: SetSize) -> Iterator[dict[str, Any]]:
    """Answers of the layers above the search, for fixed seeds."""
    from solver.decisions import decide_before_play
    from solver.match import Match
    from solver.pimc import recommend

    for game, players in (("whist", 4), *((g, p) for g, p, _ in VARIANTS)):
        name = f"{game}-{players}"
        start = _seeded_heuristic_start(game, players, 7)
        pos = _played_down(start, 4 if game != "cinch" else 3, 7)
        rec = recommend(
            pos,
            pos.to_move,
            budget=Budget(worlds=6, jobs=1, tt_mb=SIGNATURE_TT_MB, search_nodes=200_000),
            seed=3,
        ).completed()
        yield {
            "kind": f"{name} recommend", "position": pos.to_line(), "best": str(rec.best),
            "means": sorted((str(m.move), round(m.mean, 9)) for m in rec.moves),
            "nodes": rec.stats.nodes,
        }  # fmt: skip
        before = deal(game, players=players if game == "chinese-whist" else None, seed=11)
        if before.phase not in (Phase.PLAY, Phase.CLAIM):
            decision = decide_before_play(
                before,
                before.to_move,
                budget=Budget(worlds=4, search_nodes=5_000, tt_mb=16),
                seed=5,
                first_worlds=2,
            ).completed()
            yield {
                "kind": f"{name} decision", "position": before.to_line(),
                "best": str(decision.move),
                "means": [(str(c.plan), round(c.mean, 9), c.worlds) for c in decision.candidates],
            }  # fmt: skip
        lineups = [",".join(["heuristic", *["random"] * (players - 1)])]
        if game == "cinch" or size.whist_deals > SIZES["quick"].whist_deals:
            lineups.append(",".join(["pimc", *["heuristic"] * (players - 1)]))
        for seats in lineups:
            match = Match.new(game, seats, players=players, seed=2)
            for index in range(2):
                match.play_deal(index)
            yield {"kind": f"{name} match {seats}", "hands": [list(r.hands) for r in match.results],
                   "scores": [r.scores for r in match.results]}  # fmt: skip


def run(
    which: str = "quick", progress: Callable[[dict[str, Any]], None] | None = None
) -> Signature:
    """The signature of one set (`SETS`)."""
    size = SIZES[which]
    solver = Solver(SIGNATURE_TT_MB)
    sig = Signature()
    for part in (_searches(size, solver), _sampled(size)):
        for record in part:
            sig.records.append(record)
            if progress is not None:
                progress(record)
    return sig
