"""The standard benchmark of the double-dummy search (`tricksolver bench`).

Two parts:

- **Whist against DDS.**  For every deal of a PBN file (by default the
  bundled ``solver/data/deals100.pbn``), at its opening lead (tags
  ``LeadStrain`` and ``LeadSeat``): the time of our analysis of every card
  (`Solver.analyze` without a principal variation, one thread, one `Solver`
  for the whole set with its table cleared before each deal, outside the
  timing -- as DDS keeps its memory from call to call; a fresh table would
  add the page faults of first touching its memory to every deal; and the
  whole table written once before the first deal, as DDS is warmed up
  before its first, so that the first deals do not pay those faults
  either) and, in the same run, of
  DDS's (``SolveBoard`` through endplay: target -1, solutions 3 -- every
  legal card with its score --, mode 1, thread 0; only the C call is timed).
  Our value of every card is checked against DDS's.  Both solvers' node
  counts are given in the one unit they share, the trick starts searched
  (DDS's ``futureTricks.nodes`` counts those), so the two trees compare
  independently of the machine.
- **The whist table.**  The same deals' whole double-dummy tables (every
  strain, every leader: `Solver.table`) against DDS's (``CalcDDtable``, one
  thread; only the C call is timed), every entry compared.
- **The other games.**  Full-deal solves from the first lead of random deals,
  one per seed (random decisions before play: Chinkway discards and trump,
  Chinese Whist trump, Cinch bids, trump and discards): the value for the side
  on lead (paranoid where there are more than two sides).

Every solve is limited by `time_limit` (a slow one is reported as not exact).
With `repeat` > 1 the deals are gone over that many times, round after round
(DDS never meets the same deal twice running, which it would answer from its
table), and each solve keeps its fastest time, for both solvers: on a noisy
machine the figures then move much less from run to run.
Memory: the search's table lives in C, where tracemalloc cannot see it, so
the report gives the table size asked for and the process's peak resident
set size (`resource.getrusage`).
"""

from __future__ import annotations

import os
import platform
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from importlib import metadata, resources
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from solver.cards import RANK_CHARS, SUIT_CHARS, parse_strain, strain_text
from solver.doubledummy import DEFAULT_TT_MB, Solver, Table, declarer_tricks
from solver.errors import NotationError, TricksolverError
from solver.games import registry
from solver.games.base import Phase, Position
from solver.notation import SEAT_LETTERS
from solver.position import deal, parse_position

DATA_PACKAGE = "solver"
DATA_DIR = "data"
DEFAULT_DEALS_FILE = "deals100.pbn"
DEFAULT_WHIST_DEALS = 100
DEFAULT_GAME_DEALS = 20
DEFAULT_TIME_LIMIT = 60.0  # seconds per solve
MS = 1000.0
_clock = time.perf_counter  # every timing of the benchmark (a test replaces it)

# The benchmark's games: name -> (game, players).  "whist" (the opening
# lead) and "table" (the double-dummy table) are the PBN parts; the others
# are the games' full-deal parts (`Game.bench_parts`, from the registry).
PBN_PARTS: dict[str, tuple[str, int]] = {"whist": ("whist", 4), "table": ("whist", 4)}
FULL_DEAL_PARTS: dict[str, tuple[str, int]] = {
    name: (g.name, players) for g in registry.GAMES.values() for name, players in g.bench_parts
}
GAMES: dict[str, tuple[str, int]] = {**PBN_PARTS, **FULL_DEAL_PARTS}


def _aliases() -> dict[str, list[str]]:
    """The names that choose several parts: all, and a game of several parts
    by its name, its `bench_aliases` and its name with a number of players."""
    aliases = {"all": list(GAMES)}
    for game in registry.GAMES.values():
        names = [name for name, _ in game.bench_parts]
        if len(names) > 1:
            aliases.update({alias: names for alias in (game.name, *game.bench_aliases)})
            aliases.update({f"{game.name}-{n}": [name] for name, n in game.bench_parts})
    return aliases


def _titles() -> dict[str, str]:
    """Every part's title; a game of several parts adds the number of players."""
    titles = {"whist": "Whist", "table": "Whist table"}
    for game in registry.GAMES.values():
        several = len(game.bench_parts) > 1
        for name, players in game.bench_parts:
            titles[name] = f"{game.title} {players}p" if several else game.title
    return titles


GAME_ALIASES = _aliases()
GAME_TITLES = _titles()
# the full-deal parts whose values are paranoid (three sides or more)
PARANOID_PARTS = [
    name
    for name, (game, players) in FULL_DEAL_PARTS.items()
    if registry.game(game).many_sides(players)
]


def parse_games(text: str) -> list[str]:
    """Benchmark game names from a comma-separated list, in the order of
    `GAMES` (aliases: all, chinese-whist or cw for the three player counts)."""
    chosen: set[str] = set()
    for word in (w.strip().lower() for w in text.split(",")):
        if not word:
            continue
        if word in GAMES:
            chosen.add(word)
        elif word in GAME_ALIASES:
            chosen.update(GAME_ALIASES[word])
        else:
            names = ", ".join([*GAMES, *GAME_ALIASES])
            raise NotationError(f"unknown benchmark game {word!r} (games: {names})")
    if not chosen:
        raise NotationError("no benchmark game given")
    return [g for g in GAMES if g in chosen]


# -- the deals of the whist part ------------------------------------------------


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
            f"whist; trump={strain_text(self.strain)}; leader={SEAT_LETTERS[self.leader]};"
            f" hands={self.deal}"
        )

    def position(self) -> Position:
        return parse_position(self.line())


_TAG = re.compile(r'^\[\s*(\w+)\s+"([^"]*)"\s*\]$')
_LEFT = 1  # the seat on lead is left of the declarer


def read_pbn(text: str, source: str = "PBN") -> list[BenchDeal]:
    """The boards of a PBN text that hold a deal, with the strain and leader
    from ``LeadStrain``/``LeadSeat`` (else ``Contract``/``Declarer``)."""
    deals: list[BenchDeal] = []
    tags: dict[str, str] = {}

    def flush() -> None:
        if "Deal" in tags:
            deals.append(_bench_deal(tags, len(deals) + 1, source))
        tags.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("%", ";")):
            if not line:
                flush()
            continue
        match = _TAG.match(line)
        if match is None:
            continue  # play or auction sections, commentary
        name, value = match.groups()
        if name in tags:  # a new board without a blank line before it
            flush()
        tags[name] = value
    flush()
    if not deals:
        raise NotationError(f"{source}: no [Deal] in the file")
    return deals


def _bench_deal(tags: dict[str, str], number: int, source: str) -> BenchDeal:
    board = tags.get("Board", str(number))
    where = f"{source}: board {board}"
    try:
        if "LeadStrain" in tags and "LeadSeat" in tags:
            strain = parse_strain(tags["LeadStrain"])
            leader = _seat(tags["LeadSeat"])
        elif "Contract" in tags and "Declarer" in tags:
            contract = tags["Contract"].strip().upper()
            match = re.match(r"^[1-7](NT|N|S|H|D|C)", contract)
            if match is None:
                raise NotationError(f"cannot read contract {tags['Contract']!r}")
            strain = parse_strain(match.group(1))
            leader = (_seat(tags["Declarer"]) + _LEFT) % 4
        else:
            raise NotationError("needs the tags LeadStrain and LeadSeat (or Contract, Declarer)")
        found = BenchDeal(board, tags["Deal"].strip(), strain, leader)
        found.position()  # check the deal now, naming the board
    except TricksolverError as e:
        raise NotationError(f"{where}: {e}") from None
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


# -- DDS through endplay --------------------------------------------------------


def dds_version() -> str | None:
    """endplay's version when endplay (with its DDS library) can be loaded, else None."""
    try:
        import endplay._dds  # noqa: F401
    except Exception:  # not installed, or its library does not load
        return None
    try:
        return metadata.version("endplay")
    except metadata.PackageNotFoundError:
        return "unknown"


DDS_TARGET = -1  # find the maximum
DDS_SOLUTIONS = 3  # every legal card with its score
DDS_MODE = 1  # always search
DDS_THREAD = 0


class DdsResult(NamedTuple):
    """What DDS's ``SolveBoard`` gave."""

    values: dict[str, int]  # every legal card (as ``AS``) with its tricks
    seconds: float  # of the C call
    trick_starts: int  # DDS's own node count: the trick starts it searched


def dds_analyze(bench_deal: BenchDeal) -> DdsResult:
    """DDS's value of every legal card at the opening lead (equivalent
    cards expanded), with the time and the node count of the call."""
    return dds_values(bench_deal.deal, bench_deal.strain, bench_deal.leader)


def dds_values(pbn: str, strain: int, leader: int, played: Sequence[str] = ()) -> DdsResult:
    """DDS's value of every legal card of the seat to move, for the deal
    `pbn` (the hands at the start of the current trick) led by `leader`,
    after the cards `played` to that trick (fewer than four)."""
    import endplay._dds as dds
    from endplay.types import Card as DdsCard
    from endplay.types import Deal, Denom, Player, Rank

    dds_deal = Deal(pbn, first=Player(leader), trump=Denom(strain))
    for text in played:
        rank = RANK_CHARS.index(text[0].upper()) + 2
        suit = SUIT_CHARS.index(text[1].upper())
        dds_deal.play(DdsCard(suit=Denom(suit), rank=Rank(1 << rank)))
    fut = dds.futureTricks()
    start = _clock()
    dds.SolveBoard(dds_deal._data, DDS_TARGET, DDS_SOLUTIONS, DDS_MODE, fut, DDS_THREAD)
    seconds = _clock() - start
    values: dict[str, int] = {}
    for i in range(fut.cards):
        # `rank` is 2..14; `equals` a bit set (bit r: rank r) of the same
        # hand's cards equivalent to it.
        ranks = (1 << fut.rank[i]) | fut.equals[i]
        for rank in range(2, 15):
            if ranks >> rank & 1:
                card = RANK_CHARS[rank - 2] + SUIT_CHARS[fut.suit[i]]
                values[card] = int(fut.score[i])
    return DdsResult(values, seconds, int(fut.nodes))


STRAINS = ("S", "H", "D", "C", "NT")  # DDS's order of the strains (ours too)


def dds_table(pbn: str) -> tuple[dict[str, dict[str, int]], float]:
    """DDS's double-dummy table of a whole deal (``CalcDDtable``, one
    thread): the tricks of every declarer (N E S W) in every strain (S H D
    C NT), the lead from declarer's left; and the seconds of the C call.
    (For a deal of fewer than 13 cards a hand, DDS counts declarer's tricks
    as 13 less the defenders': they are brought back to the deal's.)"""
    import endplay._dds as dds
    from endplay.types import Deal

    dds.SetMaxThreads(1)  # (endplay's default is two threads for tables)
    table_deal = dds.ddTableDeal()
    table_deal.cards = Deal(pbn)._data.remainCards
    results = dds.ddTableResults()
    start = _clock()
    dds.CalcDDtable(table_deal, results)
    seconds = _clock() - start
    first_hand = pbn.split(":", 1)[1].split()[0]
    missing = 13 - sum(len(suit) for suit in first_hand.split("."))  # tricks not in the deal
    tricks = {
        strain: {seat: int(results.resTable[i][j]) - missing for j, seat in enumerate(SEAT_LETTERS)}
        for i, strain in enumerate(STRAINS)
    }
    return tricks, seconds


_WARM_UP = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"  # not a deal of the set


def dds_warm_up() -> None:
    """One small DDS call, so that its first-call setup is not timed.  (DDS
    keeps its table for a repeated deal, so this is not a deal of the set.)"""
    dds_values(_WARM_UP, 0, 1)


# -- measurements ---------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """Times of a set of solves, in milliseconds."""

    count: int
    median_ms: float
    mean_ms: float
    p95_ms: float
    max_ms: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Timing | None:
        if not seconds:
            return None
        ms = sorted(s * MS for s in seconds)
        return cls(len(ms), statistics.median(ms), statistics.fmean(ms), percentile(ms, 95), ms[-1])


def percentile(values: Sequence[float], pct: float) -> float:
    """The `pct` percentile, linear between the closest ranks."""
    data = sorted(values)
    if not data:
        raise ValueError("no values")
    pos = (len(data) - 1) * pct / 100.0
    low = int(pos)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (pos - low)


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
            "nodes_per_second": _per_second(sum(r.nodes for r in rows), seconds),
            "checked": sum(r.checked for r in rows),
            "inexact": sum(not r.exact for r in rows),
            "mismatched": sum(wrong),
            "endplay": endplay,
            "trick_starts": sum(r.trick_starts for r in rows),
        }


@dataclass(frozen=True)
class WhistBench(VersusDds):
    deals: list[WhistDeal]
    dds_trick_starts: int | None = None  # DDS's, all deals


@dataclass(frozen=True)
class GameSolve:
    """One full-deal solve of another game."""

    seed: int
    position: str
    seat: str  # the seat on lead
    side: int
    value: int
    exact: bool
    ms: float  # wall time of the solve call
    search_ms: float  # the search's own timer (SearchStats.seconds)
    nodes: int
    tt_hits: int


@dataclass(frozen=True)
class GameBench:
    name: str  # a key of GAMES
    title: str
    solves: list[GameSolve]
    timing: Timing | None
    nodes_per_second: float
    inexact: int
    max_rss_mb: float | None  # the process's peak RSS after this game's solves


@dataclass(frozen=True)
class BenchSettings:
    whist_deals: int
    deals_file: str
    game_deals: int
    games: list[str]
    seed: int
    time_limit: float
    tt_mb: float
    repeat: int = 1  # rounds over the deals; each solve keeps its fastest time
    solver_per_deal: str = (
        "one Solver per game, its table written through once before the first solve"
        " and cleared before each solve (untimed)"
    )


@dataclass(frozen=True)
class BenchReport:
    settings: BenchSettings
    machine: dict[str, Any]
    whist: WhistBench | None
    games: list[GameBench]
    table_mb: float  # the transposition table asked for, per Solver
    max_rss_mb: float | None  # the process's peak resident set size
    table: TableBench | None = None  # the double-dummy table part

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Reporter(Protocol):
    """What the benchmark tells about its progress (the CLI draws a bar)."""

    def start(self, name: str, total: int) -> None: ...
    def step(self, name: str, detail: str) -> None: ...


class _Quiet:
    def start(self, name: str, total: int) -> None:
        pass

    def step(self, name: str, detail: str) -> None:
        pass


def max_rss_mb() -> float | None:
    """The peak resident set size of this process, in MiB (None where the
    `resource` module is missing)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    per_mb = 1 << 20 if sys.platform == "darwin" else 1 << 10  # bytes on macOS, else KiB
    return peak / per_mb


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }


_Result = TypeVar("_Result")


def _timed(solver: Solver, call: Callable[[], _Result]) -> tuple[_Result, float]:
    """`call()` (a search of `solver`) with the solver's table cleared
    first, outside the timing, and its wall time in seconds."""
    solver.clear()
    start = _clock()
    result = call()
    return result, _clock() - start


def _per_second(nodes: int, seconds: float) -> float:
    return nodes / seconds if seconds > 0 else 0.0


def _start_part(
    name: str,
    deals: Sequence[BenchDeal],
    time_limit: float,
    tt_mb: float,
    use_dds: bool,
    reporter: Reporter | None,
    repeat: int,
) -> tuple[Reporter, str | None, Solver, list[Position]]:
    """A whist part's start, untimed: DDS warmed up (when it is used), the
    progress bar, our Solver with its table written through (as DDS is
    warmed up: no first-touch page faults in the timing), the positions."""
    report = reporter or _Quiet()
    endplay = dds_version() if use_dds else None
    if endplay is not None:
        dds_warm_up()
    report.start(name, len(deals) * repeat)
    solver = Solver(tt_mb, max_seconds=time_limit)
    solver.warm()
    return report, endplay, solver, [bench_deal.position() for bench_deal in deals]


def bench_whist(
    deals: Sequence[BenchDeal],
    time_limit: float = DEFAULT_TIME_LIMIT,
    tt_mb: float = DEFAULT_TT_MB,
    use_dds: bool = True,
    reporter: Reporter | None = None,
    repeat: int = 1,
) -> WhistBench:
    """Our opening-lead analysis of every deal against DDS's (when endplay
    is installed and `use_dds`).  With `repeat` > 1, `repeat` rounds over
    the deals (so that DDS never solves the same deal twice running, which
    it would take from its table), and each deal keeps the fastest time of
    each solver."""
    report, endplay, solver, positions = _start_part(
        "whist", deals, time_limit, tt_mb, use_dds, reporter, repeat
    )
    rows: list[WhistDeal] = []
    for bench_deal, pos in zip(deals, positions, strict=True):
        analysis, ours_s = _timed(solver, partial(solver.analyze, pos, pv=False))
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
                board=bench_deal.board,
                exact=analysis.stats.exact,
                ours_ms=ours_s * MS,
                nodes=analysis.stats.nodes,
                trick_starts=analysis.stats.trick_starts,
                dds_ms=dds_ms,
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
        report.step("whist", f"board {bench_deal.board}: {state}")
    for _ in range(repeat - 1):
        for i, (bench_deal, pos) in enumerate(zip(deals, positions, strict=True)):
            analysis, ours_s = _timed(solver, partial(solver.analyze, pos, pv=False))
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
            report.step("whist", f"board {bench_deal.board}: again")
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


@dataclass(frozen=True)
class TableDeal(TimedDeal):
    """One deal of the table part: its whole double-dummy table (our time:
    Solver.table's; DDS's: CalcDDtable's)."""

    deal: str  # PBN
    mismatches: list[str] = field(default_factory=list)  # "H by N: ours 9, DDS 8"


@dataclass(frozen=True)
class TableBench(VersusDds):
    deals: list[TableDeal]


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


def bench_table(
    deals: Sequence[BenchDeal],
    time_limit: float = DEFAULT_TIME_LIMIT,
    tt_mb: float = DEFAULT_TT_MB,
    use_dds: bool = True,
    reporter: Reporter | None = None,
    repeat: int = 1,
) -> TableBench:
    """The double-dummy table (every strain, every leader) of each deal,
    ours (`Solver.table`) against DDS's (``CalcDDtable``, one thread), every
    entry compared.  Rounds as in `bench_whist`."""
    report, endplay, solver, positions = _start_part(
        "table", deals, time_limit, tt_mb, use_dds, reporter, repeat
    )
    rows: list[TableDeal] = []
    for bench_deal, pos in zip(deals, positions, strict=True):
        table, ours_s = _timed(solver, partial(solver.table, pos))
        dds_ms: float | None = None
        wrong: list[str] = []
        if endplay is not None:
            theirs, dds_s = dds_table(bench_deal.deal)
            dds_ms = dds_s * MS
            if table.stats.exact:
                wrong = table_mismatches(pos, table, theirs)
        rows.append(
            TableDeal(
                board=bench_deal.board,
                exact=table.stats.exact,
                ours_ms=ours_s * MS,
                nodes=table.stats.nodes,
                trick_starts=table.stats.trick_starts,
                dds_ms=dds_ms,
                deal=bench_deal.deal,
                mismatches=wrong,
            )
        )
        state = "ok" if not wrong else f"{len(wrong)} mismatches"
        report.step("table", f"board {bench_deal.board}: {state}")
    for _ in range(repeat - 1):
        for i, (bench_deal, pos) in enumerate(zip(deals, positions, strict=True)):
            table, ours_s = _timed(solver, partial(solver.table, pos))
            row = rows[i]
            dds_ms = row.dds_ms
            if dds_ms is not None:
                dds_ms = min(dds_ms, dds_table(bench_deal.deal)[1] * MS)
            rows[i] = replace(row, ours_ms=min(row.ours_ms, ours_s * MS), dds_ms=dds_ms)
            report.step("table", f"board {bench_deal.board}: again")
    mismatched = [bool(r.mismatches) for r in rows]
    return TableBench(**VersusDds.fields_of(rows, mismatched, endplay), deals=rows)


def random_first_lead(name: str, seed: int) -> Position:
    """A random deal of a benchmark game at its first lead: the deal of
    `seed`, then random legal decisions (drawn with the same seed) until
    the first card."""
    game, players = GAMES[name]
    pos = deal(game, players=players, seed=seed)
    rng = random.Random(seed)
    while pos.phase not in (Phase.PLAY, Phase.CLAIM, Phase.OVER):
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def bench_game(
    name: str,
    count: int = DEFAULT_GAME_DEALS,
    seed: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    tt_mb: float = DEFAULT_TT_MB,
    reporter: Reporter | None = None,
    repeat: int = 1,
) -> GameBench:
    """Full-deal solves of one game (not whist): the value for the side on
    lead of `count` random deals, seeds `seed`, `seed + 1`, ...  With
    `repeat` > 1, that many rounds over the deals, each solve keeping its
    fastest time."""
    if name not in FULL_DEAL_PARTS:
        raise NotationError(f"no full-deal benchmark for {name!r}")
    report = reporter or _Quiet()
    report.start(name, count * repeat)
    solves: list[GameSolve] = []
    solver = Solver(tt_mb, max_seconds=time_limit)
    solver.warm()
    positions = [random_first_lead(name, s) for s in range(seed, seed + count)]
    for s, pos in zip(range(seed, seed + count), positions, strict=True):
        result, seconds = _timed(solver, partial(solver.solve, pos))
        solves.append(
            GameSolve(
                seed=s,
                position=pos.to_line(),
                seat=pos.seat_name(pos.to_move),
                side=result.side,
                value=result.value,
                exact=result.stats.exact,
                ms=seconds * MS,
                search_ms=result.stats.seconds * MS,
                nodes=result.stats.nodes,
                tt_hits=result.stats.tt_hits,
            )
        )
        report.step(name, f"seed {s}: {'exact' if result.stats.exact else 'time limit'}")
    for _ in range(repeat - 1):
        for i, (row, pos) in enumerate(zip(solves, positions, strict=True)):
            result, seconds = _timed(solver, partial(solver.solve, pos))
            solves[i] = replace(
                row,
                ms=min(row.ms, seconds * MS),
                search_ms=min(row.search_ms, result.stats.seconds * MS),
            )
            report.step(name, f"seed {row.seed}: again")
    total = sum(r.ms for r in solves) / MS
    return GameBench(
        name=name,
        title=GAME_TITLES[name],
        solves=solves,
        timing=Timing.of([r.ms / MS for r in solves]),
        nodes_per_second=_per_second(sum(r.nodes for r in solves), total),
        inexact=sum(not r.exact for r in solves),
        max_rss_mb=max_rss_mb(),
    )


def run(
    games: Sequence[str] = tuple(GAMES),
    whist_deals: int = DEFAULT_WHIST_DEALS,
    deals_file: str | None = None,
    game_deals: int = DEFAULT_GAME_DEALS,
    seed: int = 0,
    time_limit: float = DEFAULT_TIME_LIMIT,
    tt_mb: float = DEFAULT_TT_MB,
    use_dds: bool = True,
    reporter: Reporter | None = None,
    repeat: int = 1,
) -> BenchReport:
    """The whole benchmark: the whist part (if "whist" is in `games`; the
    deals file is read before any timing) and the full-deal solves of the
    other games."""
    if time_limit < 0 or game_deals < 0:
        raise NotationError("the time limit and the number of deals must not be negative")
    if tt_mb <= 0:
        raise NotationError("the table size must be positive (MiB)")
    if repeat < 1:
        raise NotationError("the number of rounds (repeat) must be at least 1")
    for name in games:
        if name not in GAMES:
            raise NotationError(f"unknown benchmark game {name!r}")
    pbn_parts = set(PBN_PARTS) & set(games)
    deals = load_deals(deals_file, whist_deals) if pbn_parts else []
    whist = (
        bench_whist(deals, time_limit, tt_mb, use_dds, reporter, repeat)
        if "whist" in games
        else None
    )
    table = (
        bench_table(deals, time_limit, tt_mb, use_dds, reporter, repeat)
        if "table" in games
        else None
    )
    others = [
        bench_game(name, game_deals, seed, time_limit, tt_mb, reporter, repeat)
        for name in games
        if name in FULL_DEAL_PARTS
    ]
    settings = BenchSettings(
        whist_deals=len(deals),
        deals_file=deals_file or f"{DATA_PACKAGE}/{DATA_DIR}/{DEFAULT_DEALS_FILE} (bundled)",
        game_deals=game_deals,
        games=list(games),
        seed=seed,
        time_limit=time_limit,
        tt_mb=tt_mb,
        repeat=repeat,
    )
    return BenchReport(settings, machine(), whist, others, tt_mb, max_rss_mb(), table)


__all__ = [
    "GAMES",
    "BenchDeal",
    "BenchReport",
    "DdsResult",
    "GameBench",
    "GameSolve",
    "Mismatch",
    "TableBench",
    "TableDeal",
    "TimedDeal",
    "VersusDds",
    "Reporter",
    "Timing",
    "WhistBench",
    "WhistDeal",
    "bench_game",
    "bench_table",
    "bench_whist",
    "dds_table",
    "dds_values",
    "dds_version",
    "load_deals",
    "parse_games",
    "random_first_lead",
    "read_pbn",
    "run",
]
