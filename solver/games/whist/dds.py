"""DDS, the bridge double-dummy solver, through endplay: what "checked against DDS" means.

The calls whist's parts of the benchmark (`solver.games.whist.bench`) and
the tests against DDS make: the value of every legal card of the seat to
move (``SolveBoard``: target -1, solutions 3 -- every legal card with its
score --, mode 1, thread 0) and the whole double-dummy table of a deal
(``CalcDDtable``, one thread), each with the time of the C call alone
(`solver.timing.clock`).  endplay is imported inside the calls: without it
`dds_version` is None and nothing else here is called.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import metadata
from typing import NamedTuple

from solver import timing
from solver.cards import RANK_CHARS, SUIT_CHARS
from solver.notation import SEAT_LETTERS


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
    start = timing.clock()
    dds.SolveBoard(dds_deal._data, DDS_TARGET, DDS_SOLUTIONS, DDS_MODE, fut, DDS_THREAD)
    seconds = timing.clock() - start
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
    start = timing.clock()
    dds.CalcDDtable(table_deal, results)
    seconds = timing.clock() - start
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
