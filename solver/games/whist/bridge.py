"""A board as a bridge player reads it: who dealt, who is vulnerable, the
auction with its alerts and their explanations, the contract and its
declarer, the players, and the result (tricks, and relative to the
contract: ``3NT -1``, ``4♠ =``, ``+1``).

Read from a board of any format (`BridgeFacts.of`): its tags where it has
PBN's (``Dealer``, ``Vulnerable``, ``Contract``, ``Declarer``, ``Result``,
``West`` ... ``South``, ``Room``, ``Note``), else the facts its format read
in PBN's words (a LIN record's); the auction is the PBN text of the calls
(`Board.auction`), in which ``=n=`` refers to the note ``[Note "n:..."]``
and ``!`` marks the call before it as alerted.  `auction_text` writes
calls back in that form; `result_text` and `relative_text` say a number of
tricks against the contract.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import SUIT_SYMBOLS, parse_strain
from solver.errors import TricksolverError
from solver.games.base import Position
from solver.games.game import PLAY_CUT, Board
from solver.games.whist.par import BOOK, read_vulnerable, vulnerable_text
from solver.games.whist.rules import SEATS
from solver.notation import SEAT_LETTERS

BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$", re.IGNORECASE)
CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(X{0,2})$", re.IGNORECASE)
PASS, DOUBLE, REDOUBLE = "Pass", "X", "XX"
CALL_WORDS = {"p": PASS, "pass": PASS, "d": DOUBLE, "x": DOUBLE, "dbl": DOUBLE}
CALL_WORDS |= {"r": REDOUBLE, "xx": REDOUBLE, "rdbl": REDOUBLE}
ALL_PASS = "AP"  # PBN: the passes that end the auction
PASSES_AFTER = 3  # the passes ALL_PASS stands for
NOTE_REF = re.compile(r"^=(\d+)=$")
ALERT = "!"
AUCTION_END = ("-", "*", "+")  # PBN: no more calls (a call not made, the end)
NAG = re.compile(r"^\$\d+$")  # PBN's numeric annotation glyph, dropped
NAMES = ("North", "East", "South", "West")  # the tags of the players' names, N E S W
NO_TRUMP_WORD = "NT"
MINUS = "\u2212"  # the minus sign of an undertrick
CARD_CHARS = 2  # a card as hand records write it: its suit, then its rank


@dataclass(frozen=True)
class Call:
    """A call: `text` in PBN's words (``Pass``, ``X``, ``XX``, ``1NT``,
    ``4S``), `alert` whether it was alerted, `note` its explanation ("")."""

    text: str
    alert: bool = False
    note: str = ""


def call_word(word: str) -> str | None:
    """A call in PBN's words from PBN's or LIN's (``p``, ``d``, ``r``,
    ``1N``, ``2s``); None for no call."""
    key = word.strip().rstrip(ALERT).lower()
    if key in CALL_WORDS:
        return CALL_WORDS[key]
    m = BID.match(key)
    if m is None:
        return None
    strain = NO_TRUMP_WORD if m.group(2).upper().startswith("N") else m.group(2).upper()
    return m.group(1) + strain


def read_calls(text: str, notes: Sequence[str] = ()) -> list[Call]:
    """The calls of an auction's PBN text, each with its alert and the
    text of its note (`notes`: the values of the ``[Note "n:..."]`` tags);
    reading stops at a word that is no call (``-``, ``*``, or one unknown)."""
    by_number = {}
    for note in notes:
        number, _, said = note.partition(":")
        by_number[number.strip()] = said.strip()
    calls: list[Call] = []
    for word in text.split():
        ref = NOTE_REF.match(word)
        if ref is not None or word == ALERT or NAG.match(word):
            if calls:
                last = calls[-1]
                note = by_number.get(ref.group(1), "") if ref is not None else ""
                noted = "; ".join(n for n in (last.note, note) if n)
                calls[-1] = Call(last.text, last.alert or word == ALERT, noted)
            continue
        if word.upper() == ALL_PASS:
            calls += [Call(PASS)] * PASSES_AFTER
            continue
        if word in AUCTION_END:
            break
        called = call_word(word)
        if called is None:
            break
        calls.append(Call(called, word.endswith(ALERT)))
    return calls


def auction_text(calls: Sequence[Call]) -> tuple[str, list[str]]:
    """(the PBN text of `calls`, four a line, and the values of the
    ``[Note]`` tags their explanations need, numbered from 1)."""
    words: list[str] = []
    notes: list[str] = []
    for call in calls:
        word = call.text + (f" {ALERT}" if call.alert else "")
        if call.note:
            notes.append(f"{len(notes) + 1}:{call.note}")
            word += f" ={len(notes)}="
        words.append(word)
    lines = [" ".join(words[i : i + SEATS]) for i in range(0, len(words), SEATS)]
    return "\n".join(lines), notes


def contract_of(calls: Sequence[Call], dealer: int) -> tuple[str, int] | None:
    """(the contract the calls from `dealer` reached, ``4S``, ``3NTX``, and
    its declarer: the first of the side to name its strain); None when no
    bid was made."""
    last: tuple[int, str, str] | None = None  # (caller, level, strain)
    doubled = ""
    first_named: dict[tuple[int, str], int] = {}
    for i, call in enumerate(calls):
        caller = (dealer + i) % SEATS
        if call.text == PASS:
            continue
        if call.text in (DOUBLE, REDOUBLE):
            doubled = call.text
            continue
        level, strain = call.text[0], call.text[1:]
        first_named.setdefault((caller % 2, strain), caller)
        last, doubled = (caller, level, strain), ""
    if last is None:
        return None
    caller, level, strain = last
    return f"{level}{strain}{doubled}", first_named[(caller % 2, strain)]


@dataclass(frozen=True)
class BridgeFacts:
    """What a board's record says of its bridge: `dealer` (0..3, N E S W),
    `vulnerable` (PBN's word, "" when not said), `contract` (``3NTX``; ""
    for none, ``Pass`` when passed out), `declarer` (None when not said),
    `calls` (the auction), `result` (declarer's tricks, None when not
    said), `names` (N E S W; "" when not said) and `room`."""

    dealer: int
    vulnerable: str
    contract: str
    declarer: int | None
    calls: tuple[Call, ...]
    result: int | None
    names: tuple[str, str, str, str]
    room: str

    @classmethod
    def of(cls, board: Board, dealer: int) -> BridgeFacts:
        """The facts of a board (`dealer`: its position's dealer), each where
        the record holds it and reads (a value that does not read is left
        out: the record's problems were told when it was read)."""
        vulnerable = (board.fact("Vulnerable") or "").strip()
        try:
            vulnerable = vulnerable_text(read_vulnerable(vulnerable)) if vulnerable else ""
        except TricksolverError:
            vulnerable = ""
        contract = (board.fact("Contract") or "").strip().upper()
        m = CONTRACT.match(contract)
        if m is not None:
            strain = NO_TRUMP_WORD if m.group(2).startswith("N") else m.group(2)
            contract = m.group(1) + strain + m.group(3)
        elif contract in ("PASS", "P"):
            contract = PASS
        else:
            contract = ""
        declarer_text = (board.fact("Declarer") or "").strip().upper()
        declarer = SEAT_LETTERS.index(declarer_text) if declarer_text in SEAT_LETTERS else None
        if len(declarer_text) != 1:
            declarer = None
        result_text_ = (board.fact("Result") or "").strip()
        result = int(result_text_) if result_text_.isdigit() and len(result_text_) <= 2 else None
        names = tuple((board.fact(n) or "").strip() for n in NAMES)
        calls = tuple(read_calls(board.auction, board.facts_named("Note")))
        return cls(
            dealer,
            vulnerable,
            contract,
            declarer,
            calls,
            result,
            (names[0], names[1], names[2], names[3]),
            board.room,
        )

    @property
    def level(self) -> int | None:
        """The contract's level, None without one."""
        return int(self.contract[0]) if self.contract[:1].isdigit() else None

    @property
    def strain(self) -> int | None:
        """The contract's strain (0..3 S H D C, or NOTRUMP), None without one."""
        if self.level is None:
            return None
        return parse_strain(self.contract[1:].rstrip("X"))

    def contract_words(self) -> str:
        """The contract for a person: ``3NT by N``, ``4♠X by E``, ``passed out``."""
        if self.contract == PASS:
            return "passed out"
        if self.level is None:
            return ""
        by = "" if self.declarer is None else f" by {SEAT_LETTERS[self.declarer]}"
        return contract_symbols(self.contract) + by


def contract_symbols(contract: str) -> str:
    """A contract with its suit's symbol: ``4♠``, ``3NTX``."""
    strain = contract[1:].rstrip("X")
    doubled = contract[1 + len(strain) :]
    if strain == NO_TRUMP_WORD:
        return contract
    return contract[0] + SUIT_SYMBOLS[parse_strain(strain)] + doubled


def relative_text(level: int, tricks: int) -> str:
    """Declarer's `tricks` against a contract of `level`: ``=``, ``+1``, ``−2``."""
    over = tricks - (BOOK + level)
    return "=" if over == 0 else f"+{over}" if over > 0 else f"{MINUS}{-over}"


def result_text(contract: str, tricks: int) -> str:
    """``3NT −1``, ``4♠ =``, ``2♥X +1``: a contract and declarer's tricks."""
    return f"{contract_symbols(contract)} {relative_text(int(contract[0]), tricks)}"


def card_of(suit_first: str) -> str:
    """A card as hand records write it, suit first (``SA``, ``hT``), in our
    notation (``AS``); other text as it is."""
    if len(suit_first) != CARD_CHARS:
        return suit_first
    return suit_first[1:].upper() + suit_first[:1].upper()


def replay(pos: Position, cards: Sequence[tuple[str, str]]) -> tuple[str, str | None]:
    """The `cards` (each: the words naming it in a problem, the card suit
    first) played in turn from `pos` (left unchanged): (those that could be
    played, in our notation, space separated; the problem at the first that
    could not: its words, what is wrong, "the play is cut there"; None
    when every card was played)."""
    work = pos.copy()
    played: list[str] = []
    for words, card in cards:
        text = card_of(card)
        try:
            work.play(text)
        except TricksolverError as e:
            return " ".join(played), f"{words}: {e}; {PLAY_CUT}"
        played.append(text)
    return " ".join(played), None
