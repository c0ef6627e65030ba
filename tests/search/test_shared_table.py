"""One transposition table kept across the searches of a recommendation.

`solver.pimc` keeps each worker's table from world to world and from card
to card (the C core empties it itself when a search starts on a hand whose
rules differ: trump, sides, the Chinese Whist piles, the Chinkway quest...,
`hand_rules` in csrc/search/table.h).  Sound only if no entry of an earlier
position can change a later value: checked here by solving positions of
every game one after the other with one shared table, and each with a
fresh table, and finding every value equal -- the worlds of one view (what
a recommendation solves: the same seat's cards, the hidden ones dealt
again), positions of every game interleaved, and the searches the race of
`solver.valuation` makes (a card's value from a guess, null-window tests).
"""

from __future__ import annotations

import random

import pytest

import solver
from solver.banked import banked_between
from solver.games.base import Position
from solver.position import view_of
from solver.sampling import Sampler
from tests.randpos import VARIANTS, random_play

IDS = [f"{g}-{p}" for g, p in VARIANTS]
TRICKS_LEFT = {"chinkway": 5, "cinch": 4, "whist": 6}  # else (Chinese Whist) by players below
CHINESE_WHIST_LEFT = {2: 8, 3: 5, 4: 5}
SHARED_TT_MB = 16
FRESH_TT_MB = 1


def endgame(game: str, players: int, seed: int) -> Position:
    """A random hand of the variant played at random until a few tricks are left."""
    start = random_play(game, players, 0, seed)
    assert start.core is not None
    left = TRICKS_LEFT.get(game) or CHINESE_WHIST_LEFT[players]
    pos = random_play(game, players, max(0, start.core.total_tricks - left), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(pos.nseats)):  # into a trick, now and then
        if pos.is_over:
            break
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def answers(s: solver.Solver, pos: Position) -> list[tuple[str, int]]:
    """What the searches of a recommendation ask of a position: every card's
    value (analyze), the position's value for each side, and for each card
    its value from a guess and the null-window tests around it."""
    out = [(f"analyze {cv.move}", cv.value) for cv in s.analyze(pos, pv=False).moves]
    side = pos.sides()[pos.to_move]
    for sd in sorted(set(pos.sides())):
        out.append((f"solve side {sd}", s.solve(pos, sd).value))
    for move in pos.legal_moves()[:3]:
        after = pos.copy()
        after.play(move)
        if after.is_over:
            continue
        shift = banked_between(pos, after, side)
        value = s.solve_near(after, side, 0).value
        out.append((f"{move} from a guess", value + shift))
        for target in (value, value + 1):
            out.append((f"{move} reaches {target}", int(s.reaches(after, side, target)[0])))
    return out


def compare(positions: list[Position]) -> None:
    shared = solver.Solver(tt_mb=SHARED_TT_MB)
    failures = []
    for pos in positions:
        got = answers(shared, pos)
        want = answers(solver.Solver(tt_mb=FRESH_TT_MB), pos)
        if got != want:
            diff = [(a, b) for a, b in zip(got, want, strict=True) if a != b]
            failures.append(f"{pos.game}: {pos.to_line()}: shared, fresh {diff[:4]}")
    assert not failures, f"{len(failures)} positions differ:\n" + "\n".join(failures[:10])


def worlds_of_views(game: str, players: int, seeds: range, worlds: int) -> list[Position]:
    out: list[Position] = []
    for seed in seeds:
        pos = endgame(game, players, seed)
        if pos.is_over:
            continue
        view = view_of(pos, pos.to_move)
        out.extend(Sampler(view).sample(worlds, seed))
    return out


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_the_worlds_of_a_view_in_sequence_share_a_table(game: str, players: int) -> None:
    compare(worlds_of_views(game, players, range(3), 8))


def test_positions_of_every_game_in_sequence_share_a_table() -> None:
    positions = [endgame(g, p, seed) for g, p in VARIANTS for seed in range(100, 112)]
    random.Random(1).shuffle(positions)
    compare([p for p in positions if not p.is_over])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_the_worlds_of_many_views_in_sequence_share_a_table(game: str, players: int) -> None:
    compare(worlds_of_views(game, players, range(10, 40), 10))


@pytest.mark.slow
def test_many_positions_of_every_game_in_sequence_share_a_table() -> None:
    positions = [endgame(g, p, seed) for g, p in VARIANTS for seed in range(200, 300)]
    random.Random(2).shuffle(positions)
    compare([p for p in positions if not p.is_over])
