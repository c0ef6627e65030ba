"""Our whist analysis against DDS: the value of every legal card.

- `test_golden_endings`: every record of tests/data/dds_golden.jsonl with at
  most 10 tricks left (52 minus the cards played, divided by 4, rounded up):
  752 positions, some seconds.  Part of the default suite.
- `test_golden_endings_without_bmi2`: the same for the records with at most 8
  tricks left, in a process where the search's portable bit loops stand in
  for the BMI2 instructions (``TRICKSOLVER_NO_BMI2=1``).
- `test_golden_all` (slow): all 2,000 records, 1,000 of them full deals at the
  opening lead.  Skipped unless ``TRICKSOLVER_FULL=1``: at the solver's present
  speed on full deals this takes hours.
- `test_live_dds` (slow): fresh random positions (a random deal, trump and
  leader, then 0 to 44 random legal cards) solved by DDS through endplay in
  the same run.  Skipped unless ``TRICKSOLVER_FULL=1``; if endplay cannot be
  imported it FAILS (endplay is a test dependency: ``pip install -e '.[test]'``).
  ``TRICKSOLVER_SEED`` fixes the draw (the seed is printed on failure);
  ``TRICKSOLVER_LIVE_COUNT`` sets the number of positions (default 40).

See tests/data/README.md for the golden file.
"""

from __future__ import annotations

import json
import math
import os
import random
import secrets
import subprocess
import sys
from typing import Any

import pytest

import solver
from solver import Phase, Position
from solver.cards import NOTRUMP, strain_text
from solver.doubledummy import declarer_tricks
from solver.games.whist.dds import dds_values, dds_version
from tests.paths import DATA, ROOT

GOLDEN = DATA / "dds_golden.jsonl"
TABLES = DATA / "dds_tables.jsonl"
FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
ENDING_TRICKS = 10  # the default suite's records: at most this many tricks left
ENDING_RECORDS = 752  # how many of the golden records that is
PORTABLE_TRICKS = 8  # the records checked again without BMI2
needs_full = pytest.mark.skipif(not FULL, reason="set TRICKSOLVER_FULL=1 to run (slow)")


def golden() -> list[dict[str, Any]]:
    with GOLDEN.open(encoding="ascii") as f:
        return [json.loads(line) for line in f]


def tricks_left(record: dict[str, Any]) -> int:
    return math.ceil((52 - len(record["play"].split())) / 4)


def record_position(record: dict[str, Any]) -> Position:
    return solver.parse_position(
        f"whist; trump={record['trump']}; leader={record['leader']};"
        f" hands={record['deal']}; play={record['play']}"
    )


def card_values(analyzer: solver.Solver, pos: Position) -> dict[str, int]:
    analysis = analyzer.analyze(pos, pv=False)
    assert analysis.stats.exact
    return {str(m.card): m.value for m in analysis.moves}


def check_records(records: list[dict[str, Any]]) -> None:
    analyzer = solver.Solver(tt_mb=32)
    wrong = []
    for record in records:
        got = card_values(analyzer, record_position(record))
        if got != record["values"]:
            wrong.append(f"{json.dumps(record)}\n  ours: {got}")
    assert not wrong, f"{len(wrong)} of {len(records)} differ from DDS:\n" + "\n".join(wrong[:5])


def test_golden_endings() -> None:
    records = [r for r in golden() if tricks_left(r) <= ENDING_TRICKS]
    assert len(records) == ENDING_RECORDS
    check_records(records)


def test_table_equals_dds_dd_table() -> None:
    """`Solver.table` of whole deals, as `declarer_tricks` (what `tricksolver
    table` shows), against DDS's table (tricks of every declarer in every
    strain, the lead from declarer's left; made by
    tests/data/make_dds_tables.py).  The search over targets of each leader
    starts at the previous leader's value, so this also checks that."""
    with TABLES.open(encoding="ascii") as f:
        records = [json.loads(line) for line in f]
    assert len(records) == 12
    analyzer = solver.Solver(tt_mb=32)
    for record in records:
        pos = solver.parse_position(f"whist; trump=NT; leader=N; hands={record['deal']}")
        table = analyzer.table(pos)
        assert len(table.entries) == 20 and table.stats.exact
        ours: dict[str, dict[str, int]] = {strain: {} for strain in record["tricks"]}
        for declarer, row in declarer_tricks(pos, table).items():
            for trump, tricks in row.items():
                ours[strain_text(trump)]["NESW"[declarer]] = tricks
        assert ours == record["tricks"], record["deal"]


def test_warm_table_forgets_and_agrees() -> None:
    """Solver.warm writes the whole table: what it held is gone (a search
    after it takes the nodes of a fresh one), and the values still agree
    with DDS."""
    records = [r for r in golden() if tricks_left(r) <= PORTABLE_TRICKS][:20]
    assert len(records) == 20
    fresh = solver.Solver(tt_mb=8)
    analyzer = solver.Solver(tt_mb=8)
    for record in records:
        pos = record_position(record)
        analyzer.analyze(pos, pv=False)  # fills the table
        analyzer.warm()
        again = analyzer.analyze(pos, pv=False)
        fresh.clear()
        expected = fresh.analyze(pos, pv=False)
        assert {str(m.card): m.value for m in again.moves} == record["values"]
        assert again.stats.nodes == expected.stats.nodes
        assert again.stats.tt_hits == expected.stats.tt_hits


def test_golden_endings_without_bmi2() -> None:
    script = (
        "from tests.search.test_dds import golden, tricks_left, check_records, PORTABLE_TRICKS\n"
        "check_records([r for r in golden() if tricks_left(r) <= PORTABLE_TRICKS])\n"
    )
    env = dict(os.environ, TRICKSOLVER_NO_BMI2="1")
    root = ROOT
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-3000:]


@pytest.mark.slow
@needs_full
def test_golden_all() -> None:
    """All 2,000 golden records (hours: 1,000 are full deals).  TRICKSOLVER_FULL=1."""
    records = golden()
    assert len(records) == 2000
    check_records(records)


# -- live against DDS -----------------------------------------------------------------


def random_position(rng: random.Random) -> Position:
    """A random deal, trump and leader, then 0 to 44 random legal cards."""
    dealt = solver.deal("whist", seed=rng.randrange(1 << 30))
    hands = "N:" + " ".join(str(dealt.holding(seat)) for seat in range(4))
    trump = strain_text(rng.randrange(NOTRUMP + 1))
    leader = "NESW"[rng.randrange(4)]
    pos = solver.parse_position(f"whist; trump={trump}; leader={leader}; hands={hands}")
    for _ in range(rng.randint(0, 44)):
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def dds_of(pos: Position) -> dict[str, int]:
    """DDS's values: the hands at the start of the trick in progress, its
    leader and its cards so far."""
    core = pos.core
    assert core is not None and pos.phase == Phase.PLAY and pos.trump is not None
    trick = pos.current_trick()
    at_start = [pos.holding(seat) for seat in range(4)]
    for seat, card in trick:
        at_start[seat] = at_start[seat] | solver.CardSet([card])
    pbn = "N:" + " ".join(str(hand) for hand in at_start)
    values = dds_values(pbn, pos.trump, core.leader, [str(card) for _, card in trick]).values
    return values


@pytest.mark.slow
@needs_full
def test_live_dds() -> None:
    """Fresh random positions against endplay's DDS.  TRICKSOLVER_FULL=1;
    fails (does not skip) without endplay."""
    if dds_version() is None:
        pytest.fail(
            "endplay (DDS) cannot be imported: it is a test dependency, install it with"
            " pip install -e '.[test]'"
        )
    seed = int(os.environ.get("TRICKSOLVER_SEED", secrets.randbelow(1_000_000)))
    count = int(os.environ.get("TRICKSOLVER_LIVE_COUNT", "40"))
    rng = random.Random(seed)
    analyzer = solver.Solver(tt_mb=64)
    for i in range(count):
        pos = random_position(rng)
        ours, theirs = card_values(analyzer, pos), dds_of(pos)
        assert ours == theirs, f"seed {seed}, position {i}: {pos.to_line()}\n  ours {ours}"
