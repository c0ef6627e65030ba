"""Whist's parts of the benchmark, against DDS (`tricksolver bench`).

- **The opening lead** (part ``whist``).  For every deal of a PBN file (by
  default the bundled ``solver/data/deals100.pbn``), at its opening lead
  (tags ``LeadStrain`` and ``LeadSeat``, else its contract's; a board with
  no contract is played in no trumps, the dealer's left on lead): the time of our analysis of every
  card (`Solver.analyze` without a principal variation, one thread, one
  `Solver` for the whole set with its table cleared before each deal,
  outside the timing -- as DDS keeps its memory from call to call; a fresh
  table would add the page faults of first touching its memory to every
  deal; and the whole table written once before the first deal, as DDS is
  warmed up before its first, so that the first deals do not pay those
  faults either) and, in the same run, of DDS's (``SolveBoard`` through
  endplay, `solver.games.whist.dds`; only the C call is timed).  Our value
  of every card is checked against DDS's.  Both solvers' node counts are
  given in the one unit they share, the trick starts searched (DDS's
  ``futureTricks.nodes`` counts those), so the two trees compare
  independently of the machine.
- **The table** (part ``table``).  The same deals' whole double-dummy tables
  (every strain, every leader: `Solver.table`) against DDS's
  (``CalcDDtable``, one thread; only the C call is timed), every entry
  compared.

With `repeat` > 1 the deals are gone over that many times, round after
round (DDS never meets the same deal twice running, which it would answer
from its table), and each solve keeps its fastest time, for both solvers.
The parts are offered to the benchmark by whist's `Game.reference_parts`
(``game.py``) and drawn by ``drawing.py``.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from solver.cards import parse_strain, strain_text
from solver.doubledummy import Solver, declarer_tricks
from solver.errors import NotationError, TricksolverError
from solver.games.base import Position
from solver.games.game import Board, PartSettings, ReferenceDeals, Reporter, SkippedBoard
from solver.games.whist import ddslist, lin, pbn
from solver.games.whist.dds import DdsResult, dds_table, dds_values, dds_version, dds_warm_up
from solver.games.whist.rules import Whist
from solver.notation import SEAT_LETTERS, parse_fields
from solver.search_results import SearchStats, Table
from solver.timing import MS, Timing, per_second, timed

DATA_PACKAGE = "solver"
DATA_DIR = "data"
DEFAULT_DEALS_FILE = "deals100.pbn"
DEFAULT_WHIST_DEALS = 100
OPENING_LEAD_PART = "whist"  # the parts' names in --games
TABLE_PART = "table"
LEAD_STRAIN_TAG, LEAD_SEAT_TAG = pbn.LEAD_STRAIN_TAG, pbn.LEAD_SEAT_TAG

# -- the deals ------------------------------------------------------------------


@dataclass(frozen=True)
class BenchDeal:
    """A whist deal to analyse at its opening lead."""

    board: str
    deal: str  # PBN: "N:" then the hands N E S W
    strain: int  # 0..3 (S H D C) or NOTRUMP
    leader: int  # 0..3 (N E S W)

    def line(self) -> str:
        """The position in the one-line form."""
        return (
            f"{Whist.game}; trump={strain_text(self.strain)}; leader={SEAT_LETTERS[self.leader]};"
            f" hands={self.deal}"
        )

    def position(self) -> Whist:
        return Whist.from_fields(parse_fields(self.line()))


BYTE_ORDER_MARK = "\ufeff"  # (solver.position.BOM, which this module is imported before)
DEAL_FILES = (  # the hand records a file of deals may be: (its name, recognises, read)
    ("PBN", pbn.recognises, pbn.read_pbn),
    ("LIN", lin.recognises, lin.read_lin),
    (ddslist.TITLE, ddslist.recognises, ddslist.read_list),
)


def read_pbn(text: str, source: str = "PBN") -> list[BenchDeal]:
    """The boards of a hand record's text (PBN, LIN or a DDS list, read by
    the hand-record readers) with the strain and leader from
    ``LeadStrain``/``LeadSeat`` where a board has them, else its opening
    lead (its contract's; a DDS list's own; a board with no contract: no
    trumps, the seat on the dealer's left on lead).  NotationError for a
    text of no such format (naming them), a malformed deal, or no deal."""
    text = text.removeprefix(BYTE_ORDER_MARK)
    read = next((r for _, recognises, r in DEAL_FILES if recognises(text)), None)
    if read is None:
        known = ", ".join(name for name, _, _ in DEAL_FILES)
        raise NotationError(f"{source}: not a file of deals of a format known ({known})")
    deals = []
    for board in read(text, source):
        if isinstance(board, SkippedBoard):  # a deal the benchmark cannot solve
            raise NotationError(board.problem)
        deals.append(_bench_deal(board, source))
    if not deals:
        raise NotationError(f"{source}: no deal in the file")
    return deals


def _bench_deal(board: Board, source: str) -> BenchDeal:
    pos = board.position
    assert isinstance(pos, Whist)
    strain, seat = board.tag(LEAD_STRAIN_TAG), board.tag(LEAD_SEAT_TAG)
    try:
        if strain is not None and seat is not None:
            found = BenchDeal(board.name, pbn.deal_text(pos), parse_strain(strain), _seat(seat))
        else:
            assert pos.trump is not None
            found = BenchDeal(board.name, pbn.deal_text(pos), pos.trump, pos.to_move)
        found.position()  # check the deal now, naming the board
    except TricksolverError as e:
        raise NotationError(f"{source}: board {board.name}: {e}") from None
    return found


def _seat(text: str) -> int:
    seat = text.strip().upper()
    if len(seat) != 1 or seat not in SEAT_LETTERS:
        raise NotationError(f"unknown seat {text!r} (use N, E, S or W)")
    return SEAT_LETTERS.index(seat)


def default_deals_text() -> str:
    """The bundled standard deal set (solver/data/deals100.pbn)."""
    return (
        resources.files(DATA_PACKAGE)
        .joinpath(DATA_DIR, DEFAULT_DEALS_FILE)
        .read_text(encoding="utf-8")
    )


def load_deals(path: str | None = None, count: int | None = None) -> list[BenchDeal]:
    """The first `count` deals (all when None) of a PBN file, or of the
    bundled set when `path` is None."""
    if count is not None and count < 0:
        raise NotationError("the number of deals must not be negative")
    if path is None:
        deals = read_pbn(default_deals_text(), DEFAULT_DEALS_FILE)
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise NotationError(f"{path}: not a text file (UTF-8)") from None
        except OSError as e:
            raise NotationError(f"{path}: cannot read: {e.strerror or e}") from None
        deals = read_pbn(text, path)
    return deals if count is None else deals[:count]


DEALS = ReferenceDeals(
    read=load_deals,
    bundled=f"{DATA_PACKAGE}/{DATA_DIR}/{DEFAULT_DEALS_FILE} (bundled)",
    default_count=DEFAULT_WHIST_DEALS,
    count_key="whist_deals",
    source_key="deals_file",
)


# -- measurements ---------------------------------------------------------------


@dataclass(frozen=True)
class Mismatch:
    card: str
    ours: int | None  # None: a card one solver has and the other not
    dds: int | None


@dataclass(frozen=True)
class TimedDeal:
    """What the whist parts keep of every deal: our search and DDS's."""

    board: str
    exact: bool  # no limit cut our search short
    ours_ms: float  # wall time of our call
    nodes: int
    trick_starts: int  # of our nodes, those at a trick start
    dds_ms: float | None  # None without endplay

    @property
    def checked(self) -> bool:
        return self.exact and self.dds_ms is not None


@dataclass(frozen=True)
class WhistDeal(TimedDeal):
    """One deal of the whist part (the opening lead)."""

    position: str
    value: int  # our value of the best card (for the side on lead)
    search_ms: float  # the search's own timer (SearchStats.seconds)
    tt_hits: int
    dds_value: int | None
    mismatches: list[Mismatch] = field(default_factory=list)
    dds_trick_starts: int | None = None  # DDS's node count (it counts trick starts)


@dataclass(frozen=True)
class VersusDds:
    """Our times against DDS's over the deals of a whist part."""

    ours: Timing | None
    dds: Timing | None
    median_ratio: float | None  # median over deals of our time / DDS's
    ratio_of_medians: float | None
    nodes_per_second: float
    checked: int  # deals whose every value was compared with DDS
    inexact: int  # deals cut short by the time limit (not compared)
    mismatched: int  # deals with at least one value different
    endplay: str | None  # endplay's version; None: not installed
    trick_starts: int  # ours, all deals

    @staticmethod
    def fields_of(
        rows: Sequence[TimedDeal], wrong: Sequence[bool], endplay: str | None
    ) -> dict[str, Any]:
        """The fields, from the deals (`wrong`: which had a mismatch)."""
        ours = Timing.of([r.ours_ms / MS for r in rows])
        dds = Timing.of([r.dds_ms / MS for r in rows if r.dds_ms is not None])
        ratios = [r.ours_ms / r.dds_ms for r in rows if r.dds_ms]
        seconds = sum(r.ours_ms for r in rows) / MS
        return {
            "ours": ours,
            "dds": dds,
            "median_ratio": statistics.median(ratios) if ratios else None,
            "ratio_of_medians": (
                ours.median_ms / dds.median_ms if ours and dds and dds.median_ms else None
            ),
            "nodes_per_second": per_second(sum(r.nodes for r in rows), seconds),
            "checked": sum(r.checked for r in rows),
            "inexact": sum(not r.exact for r in rows),
            "mismatched": sum(wrong),
            "endplay": endplay,
            "trick_starts": sum(r.trick_starts for r in rows),
        }

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class WhistBench(VersusDds):
    deals: list[WhistDeal]
    dds_trick_starts: int | None = None  # DDS's, all deals


@dataclass(frozen=True)
class TableDeal(TimedDeal):
    """One deal of the table part: its whole double-dummy table (our time:
    Solver.table's; DDS's: CalcDDtable's)."""

    deal: str  # PBN
    mismatches: list[str] = field(default_factory=list)  # "H by N: ours 9, DDS 8"


@dataclass(frozen=True)
class TableBench(VersusDds):
    deals: list[TableDeal]


def dds_analyze(bench_deal: BenchDeal) -> DdsResult:
    """DDS's value of every legal card at the opening lead (equivalent
    cards expanded), with the time and the node count of the call."""
    return dds_values(bench_deal.deal, bench_deal.strain, bench_deal.leader)


def _timed_fields(
    bench_deal: BenchDeal, stats: SearchStats, seconds: float, dds_ms: float | None
) -> dict[str, Any]:
    """The fields of `TimedDeal` of a deal searched in `seconds` with `stats`."""
    return {
        "board": bench_deal.board,
        "exact": stats.exact,
        "ours_ms": seconds * MS,
        "nodes": stats.nodes,
        "trick_starts": stats.trick_starts,
        "dds_ms": dds_ms,
    }


def _start_part(
    name: str, deals: Sequence[BenchDeal], settings: PartSettings
) -> tuple[Reporter, str | None, Solver, list[Position]]:
    """A whist part's start, untimed: DDS warmed up (when it is used), the
    progress bar, our Solver with its table written through (as DDS is
    warmed up: no first-touch page faults in the timing), the positions."""
    report = settings.reporter
    endplay = dds_version() if settings.use_reference else None
    if endplay is not None:
        dds_warm_up()
    report.start(name, len(deals) * settings.repeat)
    solver = Solver(settings.tt_mb, max_seconds=settings.time_limit)
    solver.warm()
    return report, endplay, solver, [bench_deal.position() for bench_deal in deals]


def bench_whist(deals: Sequence[BenchDeal], settings: PartSettings) -> WhistBench:
    """Our opening-lead analysis of every deal against DDS's (when endplay
    is installed and `settings.use_reference`).  With `settings.repeat` > 1,
    that many rounds over the deals (so that DDS never solves the same deal
    twice running, which it would take from its table), and each deal keeps
    the fastest time of each solver."""
    report, endplay, solver, positions = _start_part(OPENING_LEAD_PART, deals, settings)
    rows: list[WhistDeal] = []
    for bench_deal, pos in zip(deals, positions, strict=True):
        analysis, ours_s = timed(solver, partial(solver.analyze, pos, pv=False))
        ours = {str(m.card): m.value for m in analysis.moves}
        dds_ms: float | None = None
        dds_value: int | None = None
        dds_trick_starts: int | None = None
        mismatches: list[Mismatch] = []
        if endplay is not None:
            theirs, dds_s, dds_trick_starts = dds_analyze(bench_deal)
            dds_ms = dds_s * MS
            dds_value = max(theirs.values())
            if analysis.stats.exact:
                mismatches = [
                    Mismatch(card, ours.get(card), theirs.get(card))
                    for card in sorted(set(ours) | set(theirs))
                    if ours.get(card) != theirs.get(card)
                ]
        rows.append(
            WhistDeal(
                **_timed_fields(bench_deal, analysis.stats, ours_s, dds_ms),
                position=bench_deal.line(),
                value=analysis.value,
                search_ms=analysis.stats.seconds * MS,
                tt_hits=analysis.stats.tt_hits,
                dds_value=dds_value,
                mismatches=mismatches,
                dds_trick_starts=dds_trick_starts,
            )
        )
        state = "ok" if not mismatches else f"{len(mismatches)} mismatches"
        report.step(OPENING_LEAD_PART, f"board {bench_deal.board}: {state}")
    for _ in range(settings.repeat - 1):
        for i, (bench_deal, pos) in enumerate(zip(deals, positions, strict=True)):
            analysis, ours_s = timed(solver, partial(solver.analyze, pos, pv=False))
            row = rows[i]
            dds_ms = row.dds_ms
            if dds_ms is not None:
                dds_ms = min(dds_ms, dds_analyze(bench_deal).seconds * MS)
            rows[i] = replace(
                row,
                ours_ms=min(row.ours_ms, ours_s * MS),
                search_ms=min(row.search_ms, analysis.stats.seconds * MS),
                dds_ms=dds_ms,
            )
            report.step(OPENING_LEAD_PART, f"board {bench_deal.board}: again")
    return summarize_whist(rows, endplay)


def summarize_whist(rows: list[WhistDeal], endplay: str | None) -> WhistBench:
    return WhistBench(
        **VersusDds.fields_of(rows, [bool(r.mismatches) for r in rows], endplay),
        deals=rows,
        dds_trick_starts=(
            sum(r.dds_trick_starts for r in rows if r.dds_trick_starts is not None)
            if endplay is not None
            else None
        ),
    )


def table_mismatches(pos: Position, table: Table, dds: dict[str, dict[str, int]]) -> list[str]:
    """Where our table of `pos` (`declarer_tricks`) and DDS's (tricks by
    strain and declarer, the lead from declarer's left) differ."""
    wrong = []
    for declarer, row in declarer_tricks(pos, table).items():
        seat = SEAT_LETTERS[declarer]
        for trump, ours in row.items():
            theirs = dds[strain_text(trump)][seat]
            if ours != theirs:
                wrong.append(f"{strain_text(trump)} by {seat}: ours {ours}, DDS {theirs}")
    return wrong


def bench_table(deals: Sequence[BenchDeal], settings: PartSettings) -> TableBench:
    """The double-dummy table (every strain, every leader) of each deal,
    ours (`Solver.table`) against DDS's (``CalcDDtable``, one thread), every
    entry compared.  Rounds as in `bench_whist`."""
    report, endplay, solver, positions = _start_part(TABLE_PART, deals, settings)
    rows: list[TableDeal] = []
    for bench_deal, pos in zip(deals, positions, strict=True):
        table, ours_s = timed(solver, partial(solver.table, pos))
        dds_ms: float | None = None
        wrong: list[str] = []
        if endplay is not None:
            theirs, dds_s = dds_table(bench_deal.deal)
            dds_ms = dds_s * MS
            if table.stats.exact:
                wrong = table_mismatches(pos, table, theirs)
        rows.append(
            TableDeal(
                **_timed_fields(bench_deal, table.stats, ours_s, dds_ms),
                deal=bench_deal.deal,
                mismatches=wrong,
            )
        )
        state = "ok" if not wrong else f"{len(wrong)} mismatches"
        report.step(TABLE_PART, f"board {bench_deal.board}: {state}")
    for _ in range(settings.repeat - 1):
        for i, (bench_deal, pos) in enumerate(zip(deals, positions, strict=True)):
            table, ours_s = timed(solver, partial(solver.table, pos))
            row = rows[i]
            dds_ms = row.dds_ms
            if dds_ms is not None:
                dds_ms = min(dds_ms, dds_table(bench_deal.deal)[1] * MS)
            rows[i] = replace(row, ours_ms=min(row.ours_ms, ours_s * MS), dds_ms=dds_ms)
            report.step(TABLE_PART, f"board {bench_deal.board}: again")
    mismatched = [bool(r.mismatches) for r in rows]
    return TableBench(**VersusDds.fields_of(rows, mismatched, endplay), deals=rows)
