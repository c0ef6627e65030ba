"""Parallel analyze and table (solver.parallel) give the values of the
one-thread searches, on random positions of every game."""

from __future__ import annotations

import random

import pytest

import solver
from solver import Solver
from solver.parallel import Solvers
from tests import randpos

TRICKS_LEFT = {"whist": 5, "chinkway": 3, "chinese-whist": 4, "cinch": 4}
TABLE_TRICKS = {"whist": 4, "chinkway": 3, "chinese-whist": 3, "cinch": 3}


def position(game: str, players: int, seed: int, left: int) -> object:
    start = randpos.random_start(game, players, seed)
    assert start.core is not None
    return randpos.random_play(game, players, start.core.total_tricks - left, seed)


@pytest.mark.parametrize("game,players", randpos.VARIANTS)
def test_parallel_analyze_gives_the_one_thread_values(game: str, players: int) -> None:
    together = Solvers(2, 8)
    for seed in range(5):
        pos = position(game, players, 200 + seed, TRICKS_LEFT[game])
        one = Solver(8).analyze(pos)
        two = together.analyze(pos)
        assert two.exact and two.value == one.value
        assert sorted((str(m.move), m.value) for m in two.moves) == sorted(
            (str(m.move), m.value) for m in one.moves
        )
        assert {m.move: m.equivalent for m in two.moves} == {
            m.move: m.equivalent for m in one.moves
        }
        assert len(two.pv) == len(one.pv)  # a line to the end (not always the same line)


RANKS = "AKQJT98765432"


def whist_ending(seed: int, cards: int) -> str:
    """A random whist deal of `cards` cards a seat, as a PBN deal."""
    rng = random.Random(seed)
    deck = rng.sample([(suit, rank) for suit in range(4) for rank in RANKS], 4 * cards)
    hands = []
    for seat in range(4):
        held = deck[seat * cards : (seat + 1) * cards]
        hands.append(".".join("".join(r for r in RANKS if (suit, r) in held) for suit in range(4)))
    return "N:" + " ".join(hands)


@pytest.mark.parametrize("seed", range(6))
def test_parallel_table_gives_the_one_thread_table(seed: int) -> None:
    """Whist endings: 20 entries (5 strains, 4 leaders) over 2 threads."""
    pos = solver.parse_position(whist_ending(seed, 5))
    one = Solver(8).table(pos)
    two = Solvers(2, 8).table(pos)
    assert len(two.entries) == 20
    assert [(e.trump, e.leader, e.values) for e in two.entries] == [
        (e.trump, e.leader, e.values) for e in one.entries
    ]


def test_parallel_table_of_a_cinch_deal() -> None:
    """Cinch: one trump, named: one thread's work, the same entry."""
    for seed in range(3):
        pos = randpos.random_start("cinch", 4, 400 + seed)
        one = Solver(16).table(pos)
        two = Solvers(2, 16).table(pos)
        assert [(e.trump, e.leader, e.values) for e in two.entries] == [
            (e.trump, e.leader, e.values) for e in one.entries
        ]
