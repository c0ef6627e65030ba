"""DDS's list files (``hands/list*.txt``, read by its test program dtest):
deals with the results DDS found for them.

The file starts ``NUMBER n``; then each deal is a run of lines, each a
keyword and its values:

- ``PBN dealer vulnerable trump first "N:... ... ... ..."``: the deal (PBN
  hands, suits ``S.H.D.C``), with DDS's numbers: the dealer and the seat
  on lead (0..3, N E S W), the vulnerability (0 none, 1 both, 2 N-S, 3
  E-W) and the trump (0..3 S H D C, 4 no trumps);
- ``TABLE`` twenty numbers: the double-dummy table, the tricks of each
  declarer (N E S W) for each strain in turn (S H D C NT);
- ``PLAY n "SACK..."``: n cards played from the opening lead (suit then
  rank), and ``TRACE n ...``: DDS's values along that play;
- ``FUT`` (the value of each card at the lead), ``PAR`` and ``PAR2`` (par,
  as DDS's ``CalcPar`` and ``DealerPar`` give it).

A deal is read as a board named by its place (from 1): its position at its
opening lead (the trump and the seat on lead of its PBN line), its play,
and its results as tags: the table as ``OptimumResultTable`` (its rows as
`pbn.table_lines` writes them, so that a table computed is compared with
it), the other lines as ``DdsFut``, ``DdsPar``, ``DdsPar2`` and
``DdsTrace``, as written.  Written back (`write_list`) as read.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import NOTRUMP
from solver.errors import NotationError, TricksolverError
from solver.games.game import LEFT_OUT, Board, SkippedBoard
from solver.games.whist.bridge import CARD_CHARS, replay
from solver.games.whist.par import vulnerable_text
from solver.games.whist.pbn import TABLE_STRAINS, TABLE_TAG, read_deal, table_lines
from solver.games.whist.rules import SEATS, Whist
from solver.notation import SEAT_LETTERS

FORMAT = "dds-list"
TITLE = "DDS list (dtest's hands/list*.txt)"
COUNT_WORD = "NUMBER"
DEAL_WORD = "PBN"
TABLE_WORD = "TABLE"
PLAY_WORD = "PLAY"
RESULT_TAGS = {"FUT": "DdsFut", "PAR": "DdsPar", "PAR2": "DdsPar2", "TRACE": "DdsTrace"}
KEYWORDS = (DEAL_WORD, TABLE_WORD, PLAY_WORD, *RESULT_TAGS)
DDS_VULNERABLE = ((False, False), (True, True), (True, False), (False, True))  # 0..3
DEAL_FIELDS = 6  # PBN, dealer, vulnerable, trump, first, the deal
TABLE_FIELDS = 1 + len(TABLE_STRAINS) * SEATS
PLAY_FIELDS = 3  # PLAY, the number of cards, the cards
LAST_DDS_STRAIN = 4  # DDS numbers no trumps 4, after the suits 0..3
HEAD = re.compile(rf"^\s*{COUNT_WORD}\s+\d+\s*$")


@dataclass(frozen=True)
class ListDeal:
    """What `write_list` needs to write a deal back: its lines, as read
    (and the file's first line, ``NUMBER n``, as read)."""

    lines: tuple[str, ...]
    head: str = ""


def recognises(text: str) -> bool:
    """A DDS list: its first line that is not blank is ``NUMBER n``."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return bool(HEAD.match(first))


def read_list(text: str, source: str = "DDS list") -> list[Board | SkippedBoard]:
    """The deals of a DDS list, in order (a deal whose PBN line does not
    read: a `SkippedBoard`)."""
    groups: list[list[str]] = []
    head, *rest = text.splitlines() or [""]
    for line in rest:
        word = line.split(maxsplit=1)[0] if line.strip() else ""
        if word == DEAL_WORD:
            groups.append([])
        if groups and line.strip():
            groups[-1].append(line)
    boards: list[Board | SkippedBoard] = []
    for place, lines in enumerate(groups, 1):
        try:
            boards.append(_board(str(place), lines, head, f"{source}: deal {place}"))
        except NotationError as e:
            boards.append(SkippedBoard(str(place), str(e)))
    return boards


def _fields(line: str, where: str) -> list[str]:
    try:
        return shlex.split(line)
    except ValueError:
        raise NotationError(f"{where}: {line.split()[0]}: unbalanced quotes") from None


def _number(text: str, last: int, what: str, where: str) -> int:
    if not text.isdigit() or int(text) > last:
        raise NotationError(f"{where}: {DEAL_WORD}: {what} {text!r}: expected 0 to {last}")
    return int(text)


def _board(name: str, lines: list[str], head: str, where: str) -> Board:
    by_word = {line.split()[0]: line for line in lines}
    fields = _fields(by_word[DEAL_WORD], where)
    if len(fields) != DEAL_FIELDS:
        raise NotationError(f"{where}: {DEAL_WORD}: expected {DEAL_FIELDS - 1} values")
    dealer = _number(fields[1], SEATS - 1, "dealer", where)
    vulnerable = DDS_VULNERABLE[_number(fields[2], len(DDS_VULNERABLE) - 1, "vulnerable", where)]
    strain = _number(fields[3], LAST_DDS_STRAIN, "trump", where)
    leader = _number(fields[4], SEATS - 1, "first", where)
    _, hands = read_deal(fields[5], where)
    try:
        pos = Whist(hands, NOTRUMP if strain == LAST_DDS_STRAIN else strain, leader, dealer=dealer)
    except TricksolverError as e:
        raise NotationError(f"{where}: {DEAL_WORD}: {e}") from None
    tags = [
        ("Dealer", SEAT_LETTERS[dealer]),
        ("Vulnerable", vulnerable_text(vulnerable)),
        ("Deal", fields[5]),
    ]
    problems: list[str] = []
    if TABLE_WORD in by_word:
        table = by_word[TABLE_WORD].split()
        if len(table) == TABLE_FIELDS and all(t.isdigit() for t in table[1:]):
            tricks = {
                d: {s: int(table[1 + k * SEATS + d]) for k, s in enumerate(TABLE_STRAINS)}
                for d in range(SEATS)
            }
            tags.append((TABLE_TAG, table_lines(tricks)))
        else:
            problems.append(
                f"{where}: {TABLE_WORD}: expected {TABLE_FIELDS - 1} numbers; {LEFT_OUT}"
            )
    tags += [
        (tag, by_word[word].split(maxsplit=1)[1].strip())
        for word, tag in RESULT_TAGS.items()
        if word in by_word and len(by_word[word].split()) > 1
    ]
    play = ""
    if PLAY_WORD in by_word:
        play, problem = _read_play(pos, _fields(by_word[PLAY_WORD], where), where)
        problems += [] if problem is None else [problem]
    return Board(
        name,
        pos,
        tuple(tags),
        play,
        format=FORMAT,
        raw=ListDeal(tuple(lines), head),
        problems=tuple(problems),
    )


def _read_play(pos: Whist, fields: list[str], where: str) -> tuple[str, str | None]:
    """(the cards of a PLAY line in our notation, the problem that cut it)."""
    if len(fields) != PLAY_FIELDS:
        return "", f"{where}: {PLAY_WORD}: expected the number of cards and the cards; {LEFT_OUT}"
    cards = [fields[2][i : i + CARD_CHARS] for i in range(0, len(fields[2]), CARD_CHARS)]
    return replay(
        pos, [(f"{where}: {PLAY_WORD}: card {n}, {c}", c) for n, c in enumerate(cards, 1)]
    )


def write_list(boards: Sequence[Board]) -> str:
    """A DDS list of `boards` read from DDS lists, their lines as read."""
    first = boards[0].raw if boards else None
    head = first.head if isinstance(first, ListDeal) else ""
    lines = [head if head.split()[1:] == [str(len(boards))] else f"{COUNT_WORD} {len(boards)}"]
    for board in boards:
        if not isinstance(board.raw, ListDeal):
            raise NotationError(f"board {board.name}: a DDS list writes back deals read from one")
        lines += board.raw.lines
    return "\n".join(lines) + "\n"
