"""Drawing the benchmark's report (`tricksolver bench`): the settings, the
parts against a reference solver (each drawn by its game's own `view`,
`solver.games.game.ReferencePart`), the full-deal solves of the games, and
the search signature (`tricksolver bench --signature`).  Each function
returns a rich renderable or text; nothing is measured here (`solver.bench`
and `solver.signature` measure)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from solver.bench import GAME_TITLES, PARANOID_PARTS, REFERENCE_PARTS, BenchReport, GameBench
from solver.signature import Signature
from solver.timing import count_text, rate_text, seconds_text


def games_bench_view(games: list[GameBench]) -> RichTable:
    table = RichTable(
        title="Full-deal solves from the first lead (value for the side on lead)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    table.add_column("game", style="bold", no_wrap=True)
    heads = ("deals", "median\ns", "p95\ns", "max\ns", "nodes\nmedian", "nodes\nmax",
             "nodes\n/s", "not\nexact")  # fmt: skip
    for head in heads:
        table.add_column(head, justify="right", no_wrap=True)
    for game in games:
        timing, nodes = game.timing, game.nodes
        times = (timing.median_ms, timing.p95_ms, timing.max_ms) if timing else (None,) * 3
        table.add_row(
            game.title,
            str(len(game.solves)),
            *(seconds_text(ms) for ms in times),
            count_text(nodes.median if nodes else None),
            count_text(nodes.max if nodes else None),
            rate_text(game.nodes_per_second),
            Text(str(game.inexact), style="yellow" if game.inexact else ""),
        )
    return table


def bench_view(report: BenchReport) -> Group:
    s = report.settings
    limit = f"{s.budget.search_seconds:g} s per solve" if s.budget.search_seconds else "none"
    head = RichTable.grid(padding=(0, 2))
    head.add_column(style="bold", no_wrap=True)
    head.add_column()
    head.add_row(
        "Machine",
        f"{report.machine.get('model') or report.machine['processor']},"
        f" {report.machine['cpus']} CPUs, Python {report.machine['python']}",
    )
    if s.busy:
        head.add_row("Busy", f"{s.busy} neighbour process(es) searching beside the benchmark")
    head.add_row("Time limit", limit)
    if s.repeat > 1:
        head.add_row("Rounds", f"{s.repeat}: each solve's fastest time (both solvers)")
    head.add_row("Table", f"{report.table_mb:g} MiB per Solver ({s.solver_per_deal})")
    for deals in s.reference_deals:
        if deals.used:
            head.add_row("Deals", f"{deals.count} from {deals.source}")
    if report.games:
        head.add_row(
            "Random deals",
            f"{s.game_deals} per game, seeds {s.seed} to {s.seed + s.game_deals - 1}",
        )
    parts: list[RenderableType] = [head, Text()]
    for name, result in report.references.items():
        if result is not None:
            parts += [REFERENCE_PARTS[name].view(result), Text()]
    if report.games:
        parts += [games_bench_view(report.games), Text()]
        if set(PARANOID_PARTS) & {g.name for g in report.games}:
            paranoid = " and ".join(GAME_TITLES[name] for name in PARANOID_PARTS)
            parts.append(
                Text(
                    f"{paranoid}: paranoid value; random decisions before the first lead.",
                    style="dim",
                )
            )
    rss = "-" if report.max_rss_mb is None else f"{report.max_rss_mb:,.1f} MiB"
    parts.append(
        Text(
            f"Peak memory: process max RSS {rss}; search table {report.table_mb:g}"
            " MiB per Solver (in C, unseen by tracemalloc)"
        )
    )
    return Group(*parts)


def bench_json(report: BenchReport) -> dict[str, Any]:
    """The report's JSON (`BenchReport.to_json`), a full-deal solve's
    or a deal's `value` null where a limit cut it short (`exact` false): a value the
    search did not prove is not given as one."""
    data = report.to_json()
    rows = [solve for game in data["games"] for solve in game["solves"]]
    rows += [deal for name in REFERENCE_PARTS if data.get(name) for deal in data[name]["deals"]]
    for row in rows:
        if "value" in row and not row["exact"]:
            row["value"] = None
    return data


# -- the search signature ---------------------------------------------------------------


def signature_text(which: str, signature: Signature) -> str:
    """The signature as Stockfish's ``bench`` ends: the total node count on
    the last line, alone, for a script to read."""
    return "\n".join(
        [
            f"Signature: the {which} set, {len(signature.records)} records",
            f"Digest: {signature.digest}",
            f"Nodes searched: {signature.nodes}",
        ]
    )


def signature_json(which: str, signature: Signature) -> dict[str, Any]:
    return {
        "set": which,
        "nodes": signature.nodes,
        "digest": signature.digest,
        "records": signature.records,
    }


def signature_stop(which: str, done: list[dict[str, Any]]) -> str:
    """What a signature stopped short had finished: its records so far."""
    nodes = Signature(records=list(done)).nodes
    return f"{len(done)} records of the {which} signature done ({nodes:,} nodes); no total"
