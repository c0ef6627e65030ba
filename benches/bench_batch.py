"""Deals a second for double-dummy tables of many whist deals: tricksolver's
batch runs (`solver.batch`, a process pool) against DDS's ``CalcAllTables``
(through endplay's `calc_all_tables`), on the same deals with the same
number of workers (processes for tricksolver, DDS threads), in one run.

    python benches/bench_batch.py [--deals 1000] [--seed 1] [--workers 1,2] [--json]

The deals are seeded random full whist deals.  Every table of every run is
compared with DDS's (declarer's tricks, every declarer and strain): a
difference fails the run.  Printed: a row per solver and number of workers,
its seconds (wall), deals a second, the growth from the first number of
workers, and the CPU seconds it used (the pool's worker processes; DDS's
threads) with the deals a CPU second (on a machine shared with other work,
the wall figures follow the share of the cores the run got); and how well
the batch's difficulty estimate orders boards (Spearman's rank correlation
between `solver.batch.table_difficulty` and the seconds of each board's
table, over endings of 1 to 13 tricks: `--order N`, 0 to leave it out).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solver  # noqa: E402
from solver.batch import run_boards, table_difficulty, table_job  # noqa: E402
from solver.budget import Budget  # noqa: E402
from solver.doubledummy import declarer_tricks  # noqa: E402
from solver.games.game import Board  # noqa: E402
from solver.games.whist.dds import STRAINS  # noqa: E402

GAME = "whist"
DEFAULT_DEALS = 1000
DEFAULT_WORKERS = "1,2"
TT_MB = 64  # a full deal's table fits (the search's default is larger than needed)
ORDER_BOARDS = 60  # endings timed for the difficulty's rank correlation
SEATS = 4
DDS_CHUNK = 40  # deals a CalcAllTables call takes at most (200 tables of a strain each)
FULL_TRICKS = 13


def deals(count: int, seed: int) -> list[Board]:
    return [Board(str(i + 1), solver.deal(GAME, seed=seed * 1_000_003 + i)) for i in range(count)]


def pbn_of(pos: solver.Position) -> str:
    """The deal as PBN (north first), as DDS reads it."""
    hands = pos.to_fields()["hands"]
    return "N:" + " ".join(hands)


def ours_by_strain(pos: solver.Position, table: solver.Table) -> list[list[int]]:
    """declarer_tricks as DDS's table: [strain S H D C NT][declarer N E S W]."""
    tricks = declarer_tricks(pos, table)
    return [[tricks[d][s] for d in range(SEATS)] for s in range(len(STRAINS))]


def cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def run_ours(boards: list[Board], workers: int) -> tuple[float, float, dict[int, list[list[int]]]]:
    """Wall seconds, CPU seconds of the worker processes, the tables."""
    job = table_job(Budget(tt_mb=TT_MB))
    cpu = cpu_seconds(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    found = run_boards(job, boards, jobs=workers)
    tables = {i: ours_by_strain(boards[i].position, t) for i, t in found}
    seconds = time.perf_counter() - start  # (the pool shut down, its workers waited for)
    return seconds, cpu_seconds(resource.RUSAGE_CHILDREN) - cpu, tables


def run_dds(boards: list[Board], workers: int) -> tuple[float, float, dict[int, list[list[int]]]]:
    """Wall seconds, CPU seconds of this process (DDS's threads), the tables."""
    import endplay._dds as dds
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    dds.SetMaxThreads(workers)
    dealt = [Deal(pbn_of(b.position)) for b in boards]
    cpu = cpu_seconds(resource.RUSAGE_SELF)
    start = time.perf_counter()
    found = [
        t
        for i in range(0, len(dealt), DDS_CHUNK)
        for t in calc_all_tables(dealt[i : i + DDS_CHUNK])
    ]
    seconds = time.perf_counter() - start
    used = cpu_seconds(resource.RUSAGE_SELF) - cpu
    return seconds, used, {i: [list(row) for row in t.to_list()] for i, t in enumerate(found)}


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 0.0


def ending(seed: int) -> solver.Position:
    """A random whist deal cut to an ending of 1 to 13 tricks (each seat
    keeps its first cards of the shuffle)."""
    rng = random.Random(seed)
    tricks = rng.randint(1, FULL_TRICKS)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for seat in range(SEATS):
        mine = cards[seat * FULL_TRICKS : seat * FULL_TRICKS + tricks]
        suits = [
            "".join(
                "AKQJT98765432"[12 - c % 13] for c in sorted(mine, reverse=True) if c // 13 == s
            )
            for s in range(4)
        ]
        hands.append(".".join(suits))
    return solver.parse_position(f"whist; trump=NT; leader=N; hands=N:{' '.join(hands)}")


def order_quality(count: int, seed: int) -> float:
    """Spearman's rho between the difficulty estimate and each table's seconds."""
    analyzer = solver.Solver(tt_mb=TT_MB)
    estimates, seconds = [], []
    for i in range(count):
        pos = ending(seed * 7919 + i)
        analyzer.clear()
        start = time.perf_counter()
        analyzer.table(pos)
        seconds.append(time.perf_counter() - start)
        estimates.append(table_difficulty(pos))
    return spearman(estimates, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", default=DEFAULT_WORKERS, help="numbers of workers, e.g. 1,2")
    parser.add_argument(
        "--order", type=int, default=ORDER_BOARDS, help="endings timed for the order"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    boards = deals(args.deals, args.seed)
    counts = [int(w) for w in args.workers.split(",")]
    rows = []
    reference: dict[int, list[list[int]]] | None = None
    for name, run in (("tricksolver (process pool)", run_ours), ("DDS CalcAllTables", run_dds)):
        for workers in counts:
            seconds, cpu, tables = run(boards, workers)
            if reference is None:
                reference = tables
            wrong = [i for i in range(len(boards)) if tables.get(i) != reference.get(i)]
            if wrong:
                print(
                    f"{name}, {workers} workers: tables differ on deals {wrong[:10]}",
                    file=sys.stderr,
                )
                return 1
            rows.append({"solver": name, "workers": workers, "seconds": seconds,
                         "cpu_seconds": cpu, "deals_per_second": len(boards) / seconds,
                         "deals_per_cpu_second": len(boards) / cpu if cpu else None})  # fmt: skip
            print(
                f"done: {name}, {workers} workers, {seconds:.1f} s, cpu {cpu:.1f} s",
                file=sys.stderr,
            )
    rho = order_quality(args.order, args.seed) if args.order else None
    if args.json:
        print(json.dumps({"deals": len(boards), "seed": args.seed, "tables_equal": True,
                          "runs": rows, "difficulty_spearman": rho}, indent=2))  # fmt: skip
        return 0
    print(f"{len(boards)} whist deals (seed {args.seed}), every table equal to DDS's")
    print(f"{'solver':<28} {'workers':>7} {'seconds':>9} {'deals/s':>9} {'growth':>7}"
          f" {'cpu s':>9} {'deals/cpu s':>11}")  # fmt: skip
    for row in rows:
        first = next(r for r in rows if r["solver"] == row["solver"])
        growth = row["deals_per_second"] / first["deals_per_second"]
        per_cpu = row["deals_per_cpu_second"] or 0.0
        print(f"{row['solver']:<28} {row['workers']:>7} {row['seconds']:>9.1f}"
              f" {row['deals_per_second']:>9.2f} {growth:>6.2f}x {row['cpu_seconds']:>9.1f}"
              f" {per_cpu:>11.2f}")  # fmt: skip
    if rho is not None:
        print(f"difficulty estimate vs seconds, {args.order} endings: Spearman rho {rho:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
