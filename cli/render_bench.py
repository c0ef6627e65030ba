"""Drawing the benchmark's report (`tricksolver bench`): the settings, the
whist parts timed against DDS (the opening lead, the double-dummy table)
with their checks, and the full-deal solves of the other games.  Each
function returns a rich renderable; nothing is measured here
(`solver.bench` measures)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from solver.bench import (
    GAME_TITLES,
    PARANOID_PARTS,
    BenchReport,
    GameBench,
    TableBench,
    Timing,
    WhistBench,
)


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


def _timing_cells(timing: Timing | None) -> list[str]:
    if timing is None:
        return ["-", "-", "-"]
    return [_ms(timing.median_ms), _ms(timing.mean_ms), _ms(timing.p95_ms)]


def _rate(per_second: float) -> str:
    return f"{per_second / 1e6:,.2f} M" if per_second else "-"


def _against_dds(
    bench: WhistBench | TableBench, what: str, mismatches: list[Text], dds_note: Text | None
) -> list[RenderableType]:
    """The lines under a part timed against DDS: the ratios, the check of
    every value (`mismatches`, one line each) and the deals cut short."""
    lines: list[RenderableType] = []
    if bench.endplay is None:
        missing = f"endplay is not installed: DDS not timed, {what} not checked."
        lines.append(Text(missing, "yellow"))
    else:
        if bench.median_ratio is not None:
            lines.append(
                Text(
                    f"ours / DDS: median ratio {bench.median_ratio:,.1f}x"
                    f" (ratio of medians {bench.ratio_of_medians or 0:,.1f}x)"
                )
            )
        if dds_note is not None:
            lines.append(dds_note)
        plural = "" if bench.checked == 1 else "s"
        check = Text(f"checked against DDS: {bench.checked} deal{plural}, ")
        if not bench.checked:
            check = Text("checked against DDS: no deal (none was solved exactly)", "yellow")
        elif bench.mismatched:
            check.append(f"{bench.mismatched} with mismatches", style="bold red")
        else:
            check.append("no mismatch", style="green")
        lines.append(check)
        lines += mismatches
    if bench.inexact:
        lines.append(
            Text(
                f"{bench.inexact} deals hit the time limit: not exact (their times are lower"
                " bounds), not compared",
                style="yellow",
            )
        )
    return lines


def _bench_table(title: str) -> RichTable:
    table = RichTable(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("solver", style="bold")
    for name in ("median ms", "mean ms", "p95 ms"):
        table.add_column(name, justify="right")
    table.add_column("nodes/s", justify="right")
    table.add_column("trick starts", justify="right")
    return table


def whist_bench_view(whist: WhistBench) -> Group:
    table = _bench_table(f"Whist: opening lead, value of every card ({len(whist.deals)} deals)")
    table.add_row(
        "tricksolver",
        *_timing_cells(whist.ours),
        _rate(whist.nodes_per_second),
        f"{whist.trick_starts:,}",
    )
    if whist.endplay is not None:
        dds_starts = whist.dds_trick_starts
        table.add_row(
            f"DDS (endplay {whist.endplay})",
            *_timing_cells(whist.dds),
            "",
            "-" if dds_starts is None else f"{dds_starts:,}",
        )
    note = Text(
        "trick starts: the positions at a trick start searched, all deals"
        " (what DDS counts as its nodes)",
        "dim",
    )
    mismatches = [
        Text(f"  board {deal.board}: {m.card} ours {m.ours} DDS {m.dds}", "red")
        for deal in whist.deals
        for m in deal.mismatches
    ]
    return Group(table, *_against_dds(whist, "values", mismatches, note))


def table_bench_view(bench: TableBench) -> Group:
    table = _bench_table(
        f"Whist: double-dummy table, 5 strains x 4 leaders ({len(bench.deals)} deals)"
    )
    starts = sum(d.trick_starts for d in bench.deals)
    table.add_row(
        "tricksolver", *_timing_cells(bench.ours), _rate(bench.nodes_per_second), f"{starts:,}"
    )
    if bench.endplay is not None:
        table.add_row(
            f"DDS (endplay {bench.endplay})",
            *_timing_cells(bench.dds),
            "",
            "-",
        )
    mismatches = [
        Text(f"  board {deal.board}: {m}", "red") for deal in bench.deals for m in deal.mismatches
    ]
    return Group(table, *_against_dds(bench, "tables", mismatches, None))


def games_bench_view(games: list[GameBench]) -> RichTable:
    table = RichTable(
        title="Full-deal solves from the first lead (value for the side on lead)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("game", style="bold", no_wrap=True)
    table.add_column("deals", justify="right")
    table.add_column("median ms", justify="right")
    table.add_column("p95 ms", justify="right")
    table.add_column("nodes/s", justify="right")
    table.add_column("not exact", justify="right")
    table.add_column("max RSS MiB", justify="right")
    for game in games:
        table.add_row(
            game.title,
            str(len(game.solves)),
            _ms(game.timing.median_ms if game.timing else None),
            _ms(game.timing.p95_ms if game.timing else None),
            _rate(game.nodes_per_second),
            Text(str(game.inexact), style="yellow" if game.inexact else ""),
            _ms(game.max_rss_mb),
        )
    return table


def bench_view(report: BenchReport) -> Group:
    s = report.settings
    limit = f"{s.time_limit:g} s per solve" if s.time_limit else "none"
    head = RichTable.grid(padding=(0, 2))
    head.add_column(style="bold", no_wrap=True)
    head.add_column()
    head.add_row(
        "Machine",
        f"{report.machine['processor']}, {report.machine['cpus']} CPUs,"
        f" Python {report.machine['python']}",
    )
    head.add_row("Time limit", limit)
    if s.repeat > 1:
        head.add_row("Rounds", f"{s.repeat}: each solve's fastest time (both solvers)")
    head.add_row("Table", f"{report.table_mb:g} MiB per Solver ({s.solver_per_deal})")
    if report.whist is not None or report.table is not None:
        head.add_row("Deals", f"{s.whist_deals} from {s.deals_file}")
    if report.games:
        head.add_row(
            "Random deals",
            f"{s.game_deals} per game, seeds {s.seed} to {s.seed + s.game_deals - 1}",
        )
    parts: list[RenderableType] = [head, Text()]
    if report.whist is not None:
        parts += [whist_bench_view(report.whist), Text()]
    if report.table is not None:
        parts += [table_bench_view(report.table), Text()]
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
