"""Strength of one player against another in every game: duplicate-deal matches.

For each variant (game and number of players) a `solver.match.Match` between
``--new`` and ``--old`` (by default the budgeted ``pimc`` player and
``pimc-classic``, the pimc player as it was before its budget) on ``--deals``
duplicate deals: every deal played once per rotation of the seats, so both
players hold the same cards in the same seats.  Reported per variant: the
mean paired difference per deal (new - old, in the game's score per deal,
docs/games.md) with its standard deviation and 95% t interval, whether the
interval excludes zero, the deals an interval of half-width ``--resolve``
needs at that spread, and each player's mean time per decision (a choice
among two moves or more; wall clock and CPU), so that the comparison is read
at the same time per decision (the target the project set: better in every
game, intervals excluding zero in at least four of the six variants and
none significantly worse).  Set ``--new`` to a budget whose time per
decision matches the old player's (``pimc:WORLDS/NODES``).

Large matches in chunks: ``--first`` is the first deal's index (the deals
of a seed are the same whatever the chunk), ``--jobs`` plays the deals on
that many processes (`solver.batch.run_calls`), ``--save DIR`` writes a
chunk's every deal to ``DIR/VARIANT-sSEED-FIRST-LAST.json`` as it finishes
(a chunk cut short keeps its finished deals), and ``--combine FILE...``
reads chunks back (the same players and seed, no deal twice) into one
interval a variant.

The scores are reproducible (same seed, same deals, same results); the times
are the clock's.  Ctrl-C stops and prints the deals finished.

    python benches/bench_strength.py --deals 40
    python benches/bench_strength.py --variants cinch-4,whist-4 --new pimc:16/500k --deals 100
    python benches/bench_strength.py --variants chinese-whist-3 --deals 10 --json
    python benches/bench_strength.py --variants cinch-4 --new heuristic --old random \\
        --deals 2 --first 2 --jobs 2 --save /tmp/strength
    python benches/bench_strength.py --combine /tmp/strength/cinch-4-s0-2-3.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.batch import run_calls  # noqa: E402
from solver.errors import TricksolverError  # noqa: E402
from solver.match import DealResult, Match, played_deal, samples_to_resolve  # noqa: E402
from tests.randpos import chosen_variants, variant_name  # noqa: E402

MAX_DEALS = 100_000
MAX_JOBS = 64  # processes: far past what a machine here has
RESOLVE = 0.5  # the half-width, in score a deal, whose deals needed a row gives
CHUNK_FORMAT = 1  # the version of a saved chunk's layout


def verdict(ci: list[float] | None) -> str:
    """What a 95% interval of new - old says."""
    if ci is None:
        return "-"
    return "better" if ci[0] > 0 else "worse" if ci[1] < 0 else "tie"


def seat_list(new: str, old: str, players: int) -> str:
    """The seats of a match: ``new,old`` around the table where the seats
    pair up (two players, or partners at four), else `new` against the
    field (``new,old,old`` at three); the match's rotations give `new`
    every seat either way."""
    if players % 2 == 0:
        return f"{new},{old}"
    return ",".join([new] + [old] * (players - 1))


def played(contest: Match, indices: Sequence[int], jobs: int) -> Iterator[DealResult]:
    """The deals `indices` of `contest`, played in this process (one job)
    or on `jobs` processes, as they finish."""
    if jobs == 1:
        for i in indices:
            yield contest.settings().play_deal(i)
        return
    items = [(i, i) for i in indices]
    for _, result in run_calls(partial(played_deal, contest.settings()), items, jobs=jobs):
        yield result


def chunk_path(folder: Path, name: str, seed: int, first: int, deals: int) -> Path:
    return folder / f"{name}-s{seed}-{first}-{first + deals - 1}.json"


def chunk_json(contest: Match, new: str, old: str, first: int, deals: int) -> dict[str, Any]:
    """A chunk as saved: the settings and every deal finished."""
    return {
        "format": CHUNK_FORMAT,
        "variant": variant_name(contest.game, contest.players),
        "new": new,
        "old": old,
        "seed": contest.seed,
        "seats": contest.seats,
        "deals_requested": [first, first + deals - 1],
        "per_deal": [r.to_json() for r in contest.results],
    }


def row_of(contest: Match, new: str, old: str, seed: int, resolve: float) -> dict[str, Any]:
    """A variant's row: new - old per deal and each side's time a decision
    (`new` and `old` as given: the match names its line-ups in full)."""
    data = contest.to_json()
    (diff,) = data["differences"]  # the line-ups in the order of their first seat: new's
    cpu = contest.seconds_per_decision(cpu=True)
    spent = [sum(r.cpu_seconds.values()) for r in contest.results]
    ci = diff["ci95"]
    return {
        "variant": variant_name(contest.game, contest.players),
        "new": new,
        "old": old,
        "seed": seed,
        "deals": data["deals"],
        "difference": diff["mean"],
        "sd": diff["sd"],
        "ci95": ci,
        "verdict": verdict(ci),
        "resolve": resolve,
        "deals_to_resolve": None if diff["sd"] is None else samples_to_resolve(diff["sd"], resolve),
        "seconds_per_decision": contest.seconds_per_decision(),
        "cpu_seconds_per_decision": cpu,
        "cpu_seconds_per_deal": sum(spent) / len(spent) if spent else None,
    }


def run_variant(
    game: str,
    players: int,
    new: str,
    old: str,
    deals: int,
    seed: int,
    *,
    first: int = 0,
    jobs: int = 1,
    save: Path | None = None,
    resolve: float = RESOLVE,
) -> dict[str, Any]:
    name = variant_name(game, players)
    contest = Match.new(game, seat_list(new, old, players), players=players, seed=seed)
    path = None if save is None else chunk_path(save, name, seed, first, deals)
    start = time.perf_counter()
    interrupted = False
    try:
        for result in played(contest, range(first, first + deals), jobs):
            contest.add(result)
            if path is not None:
                path.write_text(json.dumps(chunk_json(contest, new, old, first, deals)) + "\n")
            so_far = contest.seconds_per_decision(cpu=True)
            spent = ", ".join(f"{k} {v:.3f}" for k, v in so_far.items() if v is not None)
            (_, _, diff) = contest.differences()[0]
            print(
                f"  {name}: deal {result.index} ({len(contest.results)}/{deals}),"
                f" mean {diff.mean:+.3f}, CPU s a decision: {spent}",
                file=sys.stderr,
                flush=True,
            )
    except KeyboardInterrupt:
        interrupted = True
    row = row_of(contest, new, old, seed, resolve)
    row |= {"interrupted": interrupted, "wall_seconds": time.perf_counter() - start}
    return row


def combined(paths: Sequence[Path], resolve: float) -> list[dict[str, Any]]:
    """A row a variant from saved chunks; ValueError for a variant's chunks
    of other players or seeds, or a deal in two of them (variants may
    differ in players: the old side given more time in one)."""
    contests: dict[str, tuple[tuple[str, str, int], Match]] = {}
    for path in paths:
        data = json.loads(path.read_text())
        if data.get("format") != CHUNK_FORMAT:
            raise ValueError(f"{path}: not a bench_strength chunk (format {CHUNK_FORMAT})")
        these = (data["new"], data["old"], int(data["seed"]))
        if data["variant"] not in contests:
            game, players = chosen_variants(data["variant"])[0]
            contest = Match.new(game, ",".join(data["seats"]), players=players, seed=these[2])
            contests[data["variant"]] = (these, contest)
        settings, contest = contests[data["variant"]]
        if these != settings:
            raise ValueError(f"{path}: {these} is not the other chunks' {settings}")
        if data["seats"] != contest.seats:
            raise ValueError(f"{path}: seats {data['seats']} are not {contest.seats}")
        for deal in data["per_deal"]:
            try:
                contest.add(DealResult.from_json(deal))
            except ValueError as e:
                raise ValueError(f"{path}: {data['variant']}: {e}") from None
    if not contests:
        raise ValueError("no chunk to combine")
    return [row_of(c, *settings, resolve) for settings, c in contests.values()]


def print_rows(rows: list[dict[str, Any]]) -> None:
    head = f"{'variant':18} {'deals':>5} {'mean':>8} {'sd':>6} {'95% interval':>18} {'':7}"
    players = None
    for r in rows:
        if (r["new"], r["old"], r["seed"]) != players:  # a head for every change of players
            players = (r["new"], r["old"], r["seed"])
            print(f"{r['new']} - {r['old']}, seed {r['seed']}")
            print(f"{head} {'needed':>6}  CPU s a decision new/old, a deal")
        ci = "-" if r["ci95"] is None else f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]"
        sd = "-" if r["sd"] is None else f"{r['sd']:.2f}"
        need = "-" if r["deals_to_resolve"] is None else str(r["deals_to_resolve"])
        t = [v for v in r["cpu_seconds_per_decision"].values()]
        times = "/".join("-" if v is None else f"{v:.3f}" for v in t)
        per_deal = r["cpu_seconds_per_deal"]
        deal = "-" if per_deal is None else f"{per_deal:.0f}"
        cells = f"{r['variant']:18} {r['deals']:5} {r['difference']:+8.3f} {sd:>6} {ci:>18}"
        print(f"{cells} {r['verdict']:7} {need:>6}  {times} s, {deal} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--variants", default="", help="comma list, e.g. cinch-4 (default: all)")
    ap.add_argument("--new", default="pimc")
    ap.add_argument("--old", default="pimc-classic")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--first", type=int, default=0, help="the first deal's index (default 0)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="processes playing deals (default 1)")
    ap.add_argument("--save", type=Path, help="a folder: every chunk's deals as they finish")
    ap.add_argument("--combine", type=Path, nargs="+", metavar="FILE", help="saved chunks")
    ap.add_argument(
        "--resolve", type=float, default=RESOLVE, help=f"half-width (default {RESOLVE})"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not args.resolve > 0:
        raise SystemExit("bench_strength: --resolve must be above 0")
    if args.combine:
        try:
            rows = combined(args.combine, args.resolve)
        except (OSError, ValueError, KeyError, TypeError, TricksolverError) as e:
            raise SystemExit(f"bench_strength: --combine: {e}") from None
        show(args.json, rows)
        return
    if not 2 <= args.deals <= MAX_DEALS:
        raise SystemExit(f"bench_strength: --deals must be 2 to {MAX_DEALS:,}")
    if not 0 <= args.first <= MAX_DEALS or not 1 <= args.jobs <= MAX_JOBS:
        raise SystemExit(f"bench_strength: --first 0 to {MAX_DEALS:,}, --jobs 1 to {MAX_JOBS}")
    try:
        variants = chosen_variants(args.variants)
    except ValueError as e:
        raise SystemExit(f"bench_strength: --variants: {e}") from None
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for game, players in variants:
            row = run_variant(
                game, players, args.new, args.old, args.deals, args.seed,
                first=args.first, jobs=args.jobs, save=args.save, resolve=args.resolve,
            )  # fmt: skip
            rows.append(row)
            if row["interrupted"]:
                break
    except TricksolverError as e:
        raise SystemExit(f"bench_strength: {e}") from None
    show(args.json, rows)
    if rows and rows[-1]["interrupted"]:
        raise SystemExit(130)


def show(as_json: bool, rows: list[dict[str, Any]]) -> None:
    if as_json:
        print(json.dumps({"rows": rows}, indent=2))
    else:
        print_rows(rows)


if __name__ == "__main__":
    main()
