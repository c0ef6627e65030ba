"""How whist is drawn for a person: what a seat sees of the other hands
(`seen_lines`), and its parts of the benchmark: the opening
lead and the double-dummy table, each timed against DDS, with its checks
(`solver.games.whist.bench` measures).  Each bench part is a rich
renderable, reached through whist's `Game.reference_parts`; the report
around them is drawn by the command line (``cli/render_bench.py``)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from solver.games.base import Position
from solver.games.whist.bench import TableBench, VersusDds, WhistBench
from solver.games.whist.rules import Whist, dummy_in_view
from solver.seatview import SeatKnowledge
from solver.timing import rate_text, timing_cells


def seen_lines(sight: SeatKnowledge, pos: Position) -> list[str]:
    """How many cards each hand the seat cannot see holds: dummy's hand,
    face up once the lead is made (drawn apart), and at dummy's seat
    declarer's, whose cards the seat's player holds, are not counted."""
    assert isinstance(pos, Whist)
    dummy = dummy_in_view(pos.dummy, len(pos.play_record))
    seen = {sight.seat} if dummy is None else {sight.seat, dummy}
    if dummy is not None and sight.seat == dummy:
        assert pos.declarer is not None
        seen.add(pos.declarer)
    held = [f"{pos.seat_name(s)} {sight.hidden[s]}" for s in range(sight.nseats) if s not in seen]
    return ["Cards held: " + ", ".join(held)]


def _against_dds(
    bench: VersusDds, what: str, mismatches: list[Text], dds_note: Text | None
) -> list[RenderableType]:
    """The lines under a part timed against DDS: the ratios, the check of
    every value (`mismatches`, one line each) and the deals cut short."""
    lines: list[RenderableType] = []
    if bench.endplay is None:
        missing = f"endplay is not installed: DDS not timed, {what} not checked."
        lines.append(Text(missing, "yellow"))
    else:
        if bench.median_ratio is not None:
            lines.append(Text(ratios_text(bench)))
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


TARGET_FIGURE = "ratio of medians"
"""The figure the speed targets use: our median time over DDS's, as the
reference figures of the deal set are medians per solver
(solver/data/README.md)."""


def _times(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:,.2f}x"


def ratios_text(bench: VersusDds) -> str:
    """Our time over DDS's, both figures alike: the ratio of the medians
    (the targets' figure) and the median of the deals' ratios (a deal's
    ratio, the typical deal); neither is the kinder one by choice."""
    return (
        f"ours / DDS: ratio of medians {_times(bench.ratio_of_medians)}, median of the deals'"
        f" ratios {_times(bench.median_ratio)} (the targets use the {TARGET_FIGURE})"
    )


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
        *timing_cells(whist.ours),
        rate_text(whist.nodes_per_second),
        f"{whist.trick_starts:,}",
    )
    if whist.endplay is not None:
        dds_starts = whist.dds_trick_starts
        table.add_row(
            f"DDS (endplay {whist.endplay})",
            *timing_cells(whist.dds),
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
        "tricksolver", *timing_cells(bench.ours), rate_text(bench.nodes_per_second), f"{starts:,}"
    )
    if bench.endplay is not None:
        table.add_row(
            f"DDS (endplay {bench.endplay})",
            *timing_cells(bench.dds),
            "",
            "-",
        )
    mismatches = [
        Text(f"  board {deal.board}: {m}", "red") for deal in bench.deals for m in deal.mismatches
    ]
    return Group(table, *_against_dds(bench, "tables", mismatches, None))
