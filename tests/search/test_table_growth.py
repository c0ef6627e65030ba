"""The transposition table grows with the search (csrc/search/table.h).

A searcher's table starts small (2 MiB, or `table_start` bytes) and doubles
as the searches fill it, up to the size asked; growing keeps the entries
(exact ones rehashed, the pattern games' parts widened in place) or, for a
game whose layout does not describe its parts, forgets them.  Entries are
matched by their whole key, so none of this may change a value: these tests
compare a growing table with a fixed one and with the brute force, on random
positions of every game, and check that growth happens and stays within the
size asked.
"""

from __future__ import annotations

import random

import pytest

import solver
from solver import _core
from tests.randpos import VARIANTS, random_play
from tests.search.test_search_bruteforce import PLANS, Answer, disagreements, random_endgame

IDS = [f"{game}-{players}" for game, players in VARIANTS]
MIB = 1 << 20
TINY_START = 1 << 16  # TS_MIN_TT_BYTES: a start that the smallest searches outgrow
DEFAULT_START = 2 * MIB  # TT_START_BYTES
TT_BYTES = 64 * MIB
POSITIONS = 6  # random positions of each variant, each at one of TRICKS_LEFT
TRICKS_LEFT = (4, 5, 6)
MAXN_TRICKS_LEFT = 4  # max^n has no cutoffs: the most tricks left it is asked for here
ENDGAMES = 12  # brute-forced endgames of each variant
KEEP_TRICKS_LEFT = {  # enough to outgrow the default start (measured: most do)
    ("whist", 4): (7, 8),
    ("chinkway", 5): (7, 8),
    ("chinese-whist", 2): (12, 14),
    ("chinese-whist", 3): (9, 10),
    ("chinese-whist", 4): (9,),
    ("cinch", 4): (6,),
}


def positions(
    game: str, players: int, count: int, tricks_left: tuple[int, ...] = TRICKS_LEFT
) -> list[_core.PlayState]:
    """Random positions of a variant, a few tricks from the end."""
    rng = random.Random(f"{game}-{players}")
    out = []
    for seed in range(count):
        total = random_play(game, players, 0, seed).core.total_tricks  # type: ignore[union-attr]
        left = rng.choice(tricks_left)
        pos = random_play(game, players, max(0, total - left), seed)
        assert pos.core is not None
        out.append(pos.core)
    return out


def answers(searcher: _core.Searcher, core: _core.PlayState) -> tuple[object, ...]:
    """What the searches give on a position: every side's value, every
    card's value, max^n with more than two sides near the end."""
    values = tuple(searcher.solve(core, side) for side in range(core.nsides))
    cards = tuple((card, value) for card, value, _, _ in searcher.analyze(core))
    near_end = core.total_tricks - core.tricks_played <= MAXN_TRICKS_LEFT
    maxn = searcher.maxn(core) if core.nsides > 2 and near_end else ()
    return values, cards, maxn


@pytest.mark.parametrize("exact_keys", [False, True], ids=["patterns", "exact keys"])
@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_a_growing_table_gives_the_values_of_a_fixed_one(
    game: str, players: int, exact_keys: bool
) -> None:
    """Random positions of every game, each solved, analysed (and max^n) with
    a growing table (shared by all of them, and a fresh one each) and with a
    fixed one of the same size: the same answers, the growing tables grew,
    and never past the size asked."""
    shared = _core.Searcher(TT_BYTES, exact_keys=exact_keys, table_start=TINY_START)
    grew = 0
    for core in positions(game, players, POSITIONS):
        fixed = _core.Searcher(TT_BYTES, exact_keys=exact_keys, table_start=TT_BYTES)
        fresh = _core.Searcher(TT_BYTES, exact_keys=exact_keys, table_start=TINY_START)
        want = answers(fixed, core)
        assert fixed.table_bytes == TT_BYTES and fixed.table_growths == 0
        assert answers(fresh, core) == want, f"fresh growing table at {core.state_bytes().hex()}"
        assert answers(shared, core) == want, f"shared growing table at {core.state_bytes().hex()}"
        grew += fresh.table_growths
        assert TINY_START <= fresh.table_bytes <= TT_BYTES
    assert grew > 0, "no table grew"
    assert shared.table_growths > 0 and shared.table_bytes <= TT_BYTES


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_a_growing_table_agrees_with_brute_force(game: str, players: int) -> None:
    """Brute-forced endgames of every game (those of test_search_bruteforce)
    against searchers whose tables start at the least and grow: one fresh
    for each endgame and one shared by all."""
    plan = PLANS[(game, players)]
    shared = _core.Searcher(TT_BYTES, table_start=TINY_START)
    failures: list[str] = []
    grew = 0
    for seed in range(ENDGAMES):
        endgame = random_endgame(game, players, seed, plan.tricks)
        answer = Answer.of(endgame.hand)
        fresh = _core.Searcher(TT_BYTES, table_start=TINY_START)
        for name, searcher in (("fresh", fresh), ("shared", shared)):
            for problem in disagreements(searcher, endgame.core, answer):
                failures.append(f"{name} growing searcher: {problem}\n    at {endgame.where()}")
        grew += fresh.table_growths
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:20])
    assert grew + shared.table_growths > 0, "no table grew"


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_growth_keeps_the_entries(game: str, players: int) -> None:
    """A position searched again after its search grew the table (from the
    default start, whose parts double exactly) finds its entries: about as
    few nodes as on a fixed table.  Chinkway's layout does not describe its
    parts, so its growth forgets them: only that it is still right there."""
    grew = 0
    for core in positions(game, players, POSITIONS, KEEP_TRICKS_LEFT[(game, players)]):
        growing = _core.Searcher(TT_BYTES)
        fixed = _core.Searcher(TT_BYTES, table_start=TT_BYTES)
        value = growing.solve(core)
        assert fixed.solve(core) == value
        assert growing.solve(core) == value
        again = growing.stats["nodes"]
        assert fixed.solve(core) == value
        fixed_again = fixed.stats["nodes"]
        if growing.table_growths and game != "chinkway":
            assert again <= 2 * fixed_again + 8, (
                f"{again} nodes again, {fixed_again} on a fixed table"
            )
        grew += growing.table_growths > 0
    assert grew, "no search grew its table"


def test_the_table_starts_small_and_stays_within_the_size_asked() -> None:
    """A fresh table uses 2 MiB (or all of a smaller one); a 5-trick ending
    leaves it so; a search that fills it doubles it up to the size asked,
    ending at that size when it is not a power of two."""
    assert solver.Solver().table_bytes == DEFAULT_START
    assert solver.Solver(tt_mb=1).table_bytes == MIB
    ending = random_play("whist", 4, 8, 7)
    small = solver.Solver()
    small.solve(ending)
    assert small.table_bytes == DEFAULT_START
    deal = random_play("chinese-whist", 4, 4, 1)  # 9 tricks left: fills MiBs
    odd = solver.Solver(tt_mb=5)
    odd.solve(deal)
    assert odd.table_bytes == 5 * MIB
    one = solver.Solver(tt_mb=1)
    one.solve(deal)
    assert one.table_bytes == MIB
    searcher = _core.Searcher(3 * MIB, table_start=TINY_START)
    assert searcher.table_bytes == TINY_START
    assert deal.core is not None
    searcher.solve(deal.core)
    assert searcher.table_bytes == 3 * MIB and searcher.table_growths == 6  # 64 KiB .. 2 MiB, 3 MiB
