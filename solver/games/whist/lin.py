"""BBO's LIN hand records: read and written back.

A LIN record is ``key|value|`` pairs: ``pn|`` the players (S W N E),
``md|`` the deal (a digit for the dealer, 1 S, 2 W, 3 N, 4 E, then the
hands of S, W, N and E separated by commas, each ``S...H...D...C...``; the
last hand may be left out: the cards the others lack), ``sv|`` the
vulnerability (o or 0 none, n NS, e EW, b both), ``ah|`` the board's name
(``Board 7``), ``mb|`` each call (``p`` pass, ``d`` double, ``r``
redouble, ``1N``, a trailing ``!`` an alert), ``an|`` a call's
explanation, ``pc|`` each card played (``SA``: suit then rank), ``mc|`` a
claim, ``qx|`` the board's place in a match.  A file holds one or more
records (one a line, or run together: a record starts at ``qx|``, or at an
``md|`` after the record's own).

A board's position is at the opening lead of the contract the auction
reached (trump its strain, the seat left of declarer on lead: declarer the
first of the side to name the strain), or, with no contract, no trumps and
the seat left of the dealer.  The auction is kept as text (the calls
separated by spaces), the play in our order and notation.  Written back
(`write_lin`), each record's pairs as read, one record a line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import NOTRUMP, CardSet, parse_strain
from solver.errors import NotationError, TricksolverError
from solver.games.game import Board
from solver.games.whist.pbn import with_hand_left_out
from solver.games.whist.rules import SEATS, Whist
from solver.notation import SEAT_LETTERS

FORMAT = "lin"
PAIR = re.compile(r"([a-zA-Z]{2})\|([^|]*)\|")
LIN_SEATS = "SWNE"  # the order of md's hands and of its dealer digit (1 S .. 4 E)
VULNERABLE = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
PASS_CALLS = {"p", "pass"}
DOUBLES = {"d", "r", "x", "xx", "dbl", "rdbl"}
BID = re.compile(r"^([1-7])(N|NT|S|H|D|C)$", re.IGNORECASE)
CARD_CHARS = 2  # a card of pc|: its suit, then its rank


@dataclass(frozen=True)
class LinRecord:
    """What `write_lin` needs to write a record back: its pairs, as read."""

    pairs: tuple[tuple[str, str], ...]


def recognises(text: str) -> bool:
    """A LIN text: ``md|`` (the deal) among ``key|value|`` pairs."""
    head = text.lstrip()[:2]
    return bool(PAIR.match(text.lstrip())) and "md|" in text and head.isalpha()


def _records(text: str) -> list[list[tuple[str, str]]]:
    pairs = [(m.group(1).lower(), m.group(2)) for m in PAIR.finditer(text.replace("\r", ""))]
    records: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    for key, value in pairs:
        starts = key == "qx" or (key == "md" and any(k == "md" for k, _ in current))
        if starts and any(k == "md" for k, _ in current):
            records.append(current)
            current = []
        current.append((key, value.strip("\n")))
    if current:
        records.append(current)
    return [r for r in records if any(k == "md" for k, _ in r)]


def read_lin(text: str, source: str = "LIN") -> list[Board]:
    """The boards of a LIN file's text."""
    boards = []
    for place, pairs in enumerate(_records(text), 1):
        values = dict(p for p in reversed(pairs))  # the first of each key
        name = _board_name(values, place)
        boards.append(_board(name, f"{source}: board {name}", pairs, values))
    return boards


def _board_name(values: dict[str, str], place: int) -> str:
    for key in ("ah", "qx"):
        digits = re.sub(r"\D", "", values.get(key, ""))
        if digits:
            return str(int(digits))
    return str(place)


def read_md(md: str, where: str) -> tuple[int, list[CardSet]]:
    """(the dealer, the hands N E S W) of an ``md`` value."""
    text = md.strip()
    if not text or text[0] not in "1234":
        raise NotationError(f"{where}: md|{md}|: expected the dealer's digit 1-4 first")
    dealer = SEAT_LETTERS.index(LIN_SEATS[int(text[0]) - 1])
    items = text[1:].split(",")
    if not 3 <= len(items) <= SEATS:
        raise NotationError(f"{where}: md|{md}|: expected 3 or 4 hands, got {len(items)}")
    items += [""] * (SEATS - len(items))
    hands: dict[int, CardSet] = {}
    for i, item in enumerate(items):
        seat = SEAT_LETTERS.index(LIN_SEATS[i])
        if not item.strip():
            continue
        m = re.fullmatch(r"(?i)S([^SHDC]*)H([^SHDC]*)D([^SHDC]*)C([^SHDC]*)", item.strip())
        if m is None:
            raise NotationError(
                f"{where}: md|: hand {SEAT_LETTERS[seat]} {item!r}: expected S...H...D...C..."
            )
        try:
            hands[seat] = CardSet.parse(".".join(g.upper() for g in m.groups()))
        except TricksolverError as e:
            raise NotationError(f"{where}: md|: hand {SEAT_LETTERS[seat]}: {e}") from None
    return dealer, with_hand_left_out([hands.get(s) for s in range(SEATS)], f"{where}: md|")


def contract_of(calls: Sequence[str], dealer: int) -> tuple[str, int] | None:
    """(the contract, e.g. ``4S`` or ``3NTX``, its declarer) that `calls`
    (from the dealer) reached; None for no bid (passed out, or none made)."""
    last: tuple[int, str] | None = None  # (caller, strain)
    level = ""
    doubled = ""
    first_named: dict[tuple[int, str], int] = {}
    for i, call in enumerate(calls):
        caller = (dealer + i) % SEATS
        word = call.strip().rstrip("!").lower()
        if word in PASS_CALLS:
            continue
        if word in DOUBLES:
            doubled = "X" if word in ("d", "x", "dbl") else "XX"
            continue
        m = BID.match(word)
        if m is None:
            raise NotationError(f"unknown call {call!r}")
        level, strain = (
            m.group(1),
            "NT" if m.group(2).upper().startswith("N") else m.group(2).upper(),
        )
        first_named.setdefault((caller % 2, strain), caller)
        last, doubled = (caller, strain), ""
    if last is None:
        return None
    caller, strain = last
    return f"{level}{strain}{doubled}", first_named[(caller % 2, strain)]


def _board(name: str, where: str, pairs: list[tuple[str, str]], values: dict[str, str]) -> Board:
    dealer, hands = read_md(values["md"], where)
    calls = [v for k, v in pairs if k == "mb"]
    try:
        contract = contract_of(calls, dealer)
    except TricksolverError as e:
        raise NotationError(f"{where}: mb|: {e}") from None
    trump, leader = NOTRUMP, (dealer + 1) % SEATS
    tags = [("Dealer", SEAT_LETTERS[dealer])]
    vul = values.get("sv", "").strip().lower()
    if vul:
        if vul not in VULNERABLE:
            raise NotationError(f"{where}: sv|{vul}|: unknown vulnerability (o, n, e or b)")
        tags.append(("Vulnerable", VULNERABLE[vul]))
    if contract is not None:
        text, declarer = contract
        strain = text[1:].rstrip("X")
        trump = parse_strain(strain)
        leader = (declarer + 1) % SEATS
        tags += [("Contract", text), ("Declarer", SEAT_LETTERS[declarer])]
    try:
        pos = Whist(hands, trump, leader, dealer=dealer)
    except TricksolverError as e:
        raise NotationError(f"{where}: md|: {e}") from None
    work = pos.copy()
    played = []
    for number, value in enumerate((v for k, v in pairs if k == "pc"), 1):
        card = value.strip()
        text = card[1:].upper() + card[0].upper() if len(card) == CARD_CHARS else card
        try:
            work.play(text)
        except TricksolverError as e:
            raise NotationError(f"{where}: pc|{value}| (card {number}): {e}") from None
        played.append(text)
    comments = tuple(v for k, v in pairs if k in ("an", "nt"))
    return Board(
        name,
        pos,
        tuple(pairs),
        " ".join(played),
        " ".join(calls),
        comments,
        FORMAT,
        LinRecord(tuple(pairs)),
        tuple(tags),
    )


def write_lin(boards: Sequence[Board]) -> str:
    """A LIN file of `boards` (read from LIN), one record a line, as read."""
    lines = []
    for board in boards:
        if not isinstance(board.raw, LinRecord):
            raise NotationError(f"board {board.name}: LIN writes back boards read from LIN")
        lines.append("".join(f"{k}|{v}|" for k, v in board.raw.pairs))
    return "\n".join(lines) + "\n"
