"""BBO's LIN hand records: read and written back.

A LIN record is ``key|value|`` pairs: ``pn|`` the players (S W N E; a
vugraph file's eight names: the open room's four, then the closed
room's), ``md|`` the deal (a digit for the dealer, 1 S, 2 W, 3 N, 4 E, then
the hands of S, W, N and E separated by commas, each ``S...H...D...C...``;
the last hand may be left out: the cards the others lack), ``sv|`` the
vulnerability (o or 0 none, n NS, e EW, b both), ``ah|`` the board's name
(``Board 7``), ``mb|`` each call (``p`` pass, ``d`` double, ``r``
redouble, ``1N``, a trailing ``!`` an alert), ``an|`` the explanation of
the call before it, ``pc|`` each card played (``SA``: suit then rank),
``mc|`` a claim (declarer's tricks in all), ``nt|`` commentary, ``qx|``
the board's room and number (``o46`` open room, ``c46`` closed).  A file
holds one or more records (one a line, or run together: a record starts at
``qx|``, or at a ``pn|``, ``st|`` or ``md|`` after the record's own deal);
pairs before the first record with a deal (a vugraph file's ``vg|``,
``rs|``, ``pn|``) are the file's header, whose names the records share.

A board's position is at the opening lead of the contract the auction
reached (trump its strain, the seat left of declarer on lead: declarer the
first of the side to name the strain), or, with no contract, no trumps and
the seat left of the dealer.  Its facts, in PBN's words: ``Dealer``,
``Vulnerable``, ``Contract``, ``Declarer``, ``Result`` (the claim, else
the tricks of a play to its end), the players' names; the auction in PBN's
calls with the alerts and their explanations (``=n=`` and ``Note``
facts, `solver.games.whist.bridge`), the commentary as comments, the play
in our order and notation.  A record whose deal, vulnerability or calls do
not read is skipped (`SkippedBoard`); a card that does not fit the deal
cuts the play there (a problem of the board).

Written back (`write_lin`): a record read from LIN as its text was read,
byte for byte; a board of another format as BBO writes one (``pn``,
``md``, ``ah``, ``sv``, the calls with ``an``, the commentary, the
cards, ``mc`` for its result), its room as ``qx``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import NOTRUMP, CardSet, parse_strain
from solver.errors import NotationError, TricksolverError
from solver.games.game import Board, SkippedBoard
from solver.games.whist.bridge import (
    ALERT,
    NAMES,
    NO_TRUMP_WORD,
    PASS,
    BridgeFacts,
    Call,
    auction_text,
    call_word,
    contract_of,
    replay,
)
from solver.games.whist.pbn import room_words, with_hand_left_out
from solver.games.whist.rules import SEATS, Whist
from solver.notation import MAX_DIGITS, SEAT_LETTERS

FORMAT = "lin"
PAIR = re.compile(r"([a-zA-Z]{2})\|([^|]*)\|")
LIN_SEATS = "SWNE"  # the order of md's hands and of its dealer digit (1 S .. 4 E)
VULNERABLE = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
LIN_VULNERABLE = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
LIN_CALLS = {"Pass": "p", "X": "d", "XX": "r"}
RECORD_STARTS = ("pn", "st", "md")  # after a record's deal, these start the next record
VUGRAPH = "vg"  # a vugraph file's header: its title, segment, scoring, boards and teams
VUGRAPH_TAGS = ("Event", "Stage", "Scoring", "", "", "HomeTeam", "", "VisitTeam")
VUGRAPH_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
KEPT_IN_PBN = {"pn", "md", "sv", "ah", "mb", "an", "pc", "mc", "nt", "qx", "pg", "st", "rh", "vg"}
CLOSED = "Closed"
ROOMS = {"o": "Open", "c": CLOSED}  # qx|'s first letter


@dataclass(frozen=True)
class LinRecord:
    """What `write_lin` needs to write a record back: its pairs, and its
    text as read (with the file's header before the first record)."""

    pairs: tuple[tuple[str, str], ...]
    text: str = ""


def recognises(text: str) -> bool:
    """A LIN text: ``md|`` (the deal) among ``key|value|`` pairs."""
    head = text.lstrip()[:2]
    return bool(PAIR.match(text.lstrip())) and "md|" in text and head.isalpha()


def _records(text: str) -> tuple[list[tuple[str, str]], list[tuple[list[tuple[str, str]], str]]]:
    """(the file's header pairs, each record's pairs and text as read)."""
    groups: list[list[re.Match[str]]] = [[]]
    for m in PAIR.finditer(text):
        key = m.group(1).lower()
        current = groups[-1]
        has_deal = any(c.group(1).lower() == "md" for c in current)
        if current and (key == "qx" or (key in RECORD_STARTS and has_deal)):
            groups.append([])
        groups[-1].append(m)
    header: list[tuple[str, str]] = []
    if not any(m.group(1).lower() == "md" for m in groups[0]):
        header = [_pair(m) for m in groups[0]]
        groups = groups[1:]
    records = []
    for i, group in enumerate(groups):
        begin = 0 if i == 0 else group[0].start()  # the first holds the header's text
        end = groups[i + 1][0].start() if i + 1 < len(groups) else len(text)
        records.append(([_pair(m) for m in group], text[begin:end]))
    return header, [r for r in records if any(k == "md" for k, _ in r[0])]


def _pair(m: re.Match[str]) -> tuple[str, str]:
    return m.group(1).lower(), m.group(2).strip("\r\n")


def read_lin(text: str, source: str = "LIN") -> list[Board | SkippedBoard]:
    """The boards of a LIN file's text (a record that cannot be read: a
    `SkippedBoard`)."""
    header, records = _records(text)
    boards: list[Board | SkippedBoard] = []
    for place, (pairs, raw) in enumerate(records, 1):
        values = dict(p for p in reversed(pairs))  # the first of each key
        name = _board_name(values, place)
        room = ROOMS.get(values.get("qx", "").strip()[:1].lower(), "")
        where = f"{source}: board {name}{room_words(room)}"
        try:
            boards.append(_board(name, room, where, pairs, header, LinRecord(tuple(pairs), raw)))
        except NotationError as e:
            boards.append(SkippedBoard(name, str(e), room))
    return boards


def _board_name(values: dict[str, str], place: int) -> str:
    for key in ("ah", "qx"):
        digits = re.sub(r"\D", "", values.get(key, ""))
        if digits and len(digits) <= MAX_DIGITS:
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


def read_calls(pairs: Sequence[tuple[str, str]], where: str) -> list[Call]:
    """The calls of a record's ``mb|`` pairs, each with its alert (a
    trailing ``!``) and its explanation (the ``an|`` after it)."""
    calls: list[Call] = []
    for key, value in pairs:
        if key == "mb":
            word = call_word(value)
            if word is None:
                raise NotationError(f"{where}: mb|{value}|: unknown call {value!r}")
            calls.append(Call(word, value.strip().endswith(ALERT)))
        elif key == "an" and calls:
            last = calls[-1]
            calls[-1] = Call(last.text, last.alert, "; ".join(n for n in (last.note, value) if n))
    return calls


def _names(
    pairs: Sequence[tuple[str, str]], header: Sequence[tuple[str, str]], room: str
) -> list[str]:
    """The players N E S W ("" where not named): the record's ``pn|``, else
    the header's (its second four for the closed room)."""
    own = [v for k, v in pairs if k == "pn"]
    shared = [v for k, v in header if k == "pn"]
    names = (own or shared or [""])[0].split(",")
    if not own and room == CLOSED and len(names) >= 2 * SEATS:
        names = names[SEATS:]
    names = (names + [""] * SEATS)[:SEATS]
    by_lin = dict(zip(LIN_SEATS, names, strict=True))
    return [by_lin[s].strip() for s in SEAT_LETTERS]


def _event(header: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The facts of a vugraph file's ``vg|`` (title, segment, scoring, first
    and last board, each team and its carry-over): PBN's ``Event``,
    ``Stage``, ``Scoring`` (``IMP`` for ``I``), ``HomeTeam``, ``VisitTeam``."""
    said = next((v for k, v in header if k == VUGRAPH), None)
    if said is None:
        return []
    fields = [f.strip() for f in said.split(",")]
    named = dict(zip(VUGRAPH_TAGS, fields, strict=False))
    named = {t: VUGRAPH_SCORING.get(v, v) if t == "Scoring" else v for t, v in named.items()}
    return [(t, v) for t, v in named.items() if t and v]


def lost_in_pbn(board: Board) -> list[str]:
    """What a LIN record written as PBN does not keep, one line: the keys
    PBN has no place for (``pg``, ``st``, ``rh`` carry nothing and are not
    named)."""
    if not isinstance(board.raw, LinRecord):
        return []
    lost = sorted({k for k, _ in board.raw.pairs} - KEPT_IN_PBN)
    if not lost:
        return []
    keys = ", ".join(f"{k}|" for k in lost)
    return [f"board {board.name}{room_words(board.room)}: LIN {keys} not kept in PBN"]


def _board(
    name: str,
    room: str,
    where: str,
    pairs: list[tuple[str, str]],
    header: Sequence[tuple[str, str]],
    raw: LinRecord,
) -> Board:
    values = dict(p for p in reversed(pairs))
    dealer, hands = read_md(values["md"], where)
    calls = read_calls(pairs, where)
    contract = contract_of(calls, dealer)
    trump, leader = NOTRUMP, (dealer + 1) % SEATS
    facts = [("Dealer", SEAT_LETTERS[dealer])]
    vul = values.get("sv", "").strip().lower()
    if vul:
        if vul not in VULNERABLE:
            raise NotationError(f"{where}: sv|{vul}|: unknown vulnerability (o, n, e or b)")
        facts.append(("Vulnerable", VULNERABLE[vul]))
    if contract is not None:
        text, declarer = contract
        trump = parse_strain(text[1:].rstrip("X"))
        leader = (declarer + 1) % SEATS
        facts += [("Contract", text), ("Declarer", SEAT_LETTERS[declarer])]
    elif calls:
        facts.append(("Contract", PASS))
    try:
        pos = Whist(hands, trump, leader, dealer=dealer)
    except TricksolverError as e:
        raise NotationError(f"{where}: md|: {e}") from None
    cards = [v for k, v in pairs if k == "pc"]
    played, problem = replay(
        pos, [(f"{where}: pc|{v}| (card {n})", v.strip()) for n, v in enumerate(cards, 1)]
    )
    work = pos.copy()
    for card in played.split():
        work.play(card)
    claim = values.get("mc", "").strip()
    if claim.isdigit() and len(claim) <= 2:
        facts.append(("Result", claim))
    elif work.is_over and contract is not None:
        won = work.tricks_won()
        facts.append(("Result", str(won[contract[1]] + won[(contract[1] + 2) % SEATS])))
    names = _names(pairs, header, room)
    facts += [(tag, names[seat]) for seat, tag in enumerate(NAMES) if names[seat]]
    facts += _event(header)
    if room:
        facts.append(("Room", room))
    auction, notes = auction_text(calls)
    facts += [("Note", note) for note in notes]
    return Board(
        name,
        pos,
        tuple(pairs),
        played,
        " ".join(auction.split()),
        tuple(v for k, v in pairs if k == "nt"),
        FORMAT,
        raw,
        tuple(facts),
        room,
        () if problem is None else (problem,),
    )


def write_lin(boards: Sequence[Board]) -> str:
    """A LIN file of `boards`: a record read from LIN as it was read, a
    board of another format as BBO writes one, one record a line."""
    parts = []
    for board in boards:
        if isinstance(board.raw, LinRecord) and board.raw.text:
            text = board.raw.text
        else:
            text = "".join(f"{k}|{v}|" for k, v in _pairs_of_other(board))
        parts.append(text if text.endswith("\n") else text + "\n")
    return "".join(parts)


def _pairs_of_other(board: Board) -> list[tuple[str, str]]:
    """The LIN pairs of a board read from another format."""
    pos = board.position
    assert isinstance(pos, Whist)
    facts = BridgeFacts.of(board, pos.dealer)
    pairs: list[tuple[str, str]] = []
    if board.room:
        pairs.append(("qx", board.room[0].lower() + board.name))
    by_lin = [facts.names[SEAT_LETTERS.index(s)] for s in LIN_SEATS]
    if any(by_lin):
        pairs.append(("pn", ",".join(by_lin)))
    hands = [CardSet.parse(h) for h in pos.to_fields()["hands"]]
    md = str(LIN_SEATS.index(SEAT_LETTERS[pos.dealer]) + 1) + ",".join(
        _lin_hand(hands[SEAT_LETTERS.index(s)]) for s in LIN_SEATS
    )
    pairs += [("st", ""), ("md", md), ("rh", ""), ("ah", f"Board {board.name}")]
    if facts.vulnerable:
        pairs.append(("sv", LIN_VULNERABLE[facts.vulnerable]))
    for call in facts.calls:
        word = LIN_CALLS.get(call.text, call.text.replace(NO_TRUMP_WORD, "N"))
        pairs.append(("mb", word + ALERT * call.alert))
        if call.note:
            pairs.append(("an", call.note))
    pairs += [("nt", c) for c in board.comments if "|" not in c]
    for number, card in enumerate(board.play.split(), 1):
        pairs.append(("pc", card[-1] + card[:-1]))
        if number % SEATS == 0:
            pairs.append(("pg", ""))
    if facts.result is not None:
        pairs.append(("mc", str(facts.result)))
    return pairs


def _lin_hand(hand: CardSet) -> str:
    """A hand as md| writes it: ``SAK3HQDJT9C...``."""
    suits = str(hand).split(".")
    return "".join(f"{letter}{cards}" for letter, cards in zip("SHDC", suits, strict=True))
