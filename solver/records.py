"""Files of many boards: hand records (a game's own formats, such as PBN or
LIN) and the project's notation holding many positions.

A file is read into `Board`\\ s, in the file's order: each with its name
(the board number, or its place in the file), its tags in order, its
position (the deal at its first decision: a played contract's opening
lead where the record names one), the play recorded (in the game's move
notation, in the order played), the auction as text and the comments.
`read_boards` finds the format: a game's hand-record format that
recognises the text (`solver.games.game.RecordFormat`, offered by
`Game.record_formats`), else the notation's two forms of many positions:

* TOML, an array of tables ``[[position]]``, each a position's keys (an
  optional key ``board`` names it)::

      [[position]]
      game = "whist"
      hands = "N:AK.Q.. QJ.K.. T9.A.. 87...A"

* one position a line in the one-line form (blank lines and lines starting
  with ``#`` skipped).

A text that is one position is no file of boards (`read_boards` gives
None): the commands read it as before.  A hand record's board that cannot
be read (its deal, dealer or contract malformed) is a `SkippedBoard`
among the boards `read_record` gives, and a board whose play does not fit
its deal has its play cut and the problem in `Board.problems`: the other
boards are read.  `read_boards` with ``strict`` refuses such a file (the
NotationError of its first problem); without, it leaves the skipped
boards out.  A text that is no file of boards any format knows and no
position is refused naming the formats known.  Bad input: NotationError
naming the board (and the tag or key) in one line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from solver.errors import NotationError, TricksolverError
from solver.games.base import Position
from solver.games.game import Board, RecordFormat, SkippedBoard, without_consequence
from solver.games.registry import GAMES
from solver.notation import MAX_DIGITS, MAX_FILE_TEXT, check_size, is_bare_deal, read_toml, to_toml
from solver.position import BOM, parse_position

__all__ = [
    "Board",
    "SkippedBoard",
    "board_problems",
    "choose_boards",
    "position_table",
    "read_boards",
    "read_record",
    "record_format",
    "record_formats",
]

POSITIONS_TABLE = "position"  # the TOML array of tables holding many positions
NOTATION_FILES = ("many positions: TOML [[position]] or one a line",)
BOARD_KEY = "board"  # a position's name in such a file
COMMENT = "#"
TOML_KEY = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_-]*\s*=")  # a line of a position in TOML


def record_formats() -> list[RecordFormat]:
    """Every game's hand-record formats, in the registry's order."""
    return [f for g in GAMES.values() for f in g.record_formats]


def record_format(name: str) -> RecordFormat | None:
    """The hand-record format named `name` (``pbn``), of whichever game has it."""
    return next((f for f in record_formats() if f.name == name), None)


def read_record(text: str, source: str = "file") -> list[Board | SkippedBoard] | None:
    """The boards of a file's text (`source` names it in errors), a board
    that cannot be read a `SkippedBoard`; None when the text is a single
    position (no file of boards).  NotationError when the text is neither,
    naming the formats known."""
    check_size(text, source, MAX_FILE_TEXT)
    text = text.removeprefix(BOM)
    for fmt in record_formats():
        if fmt.recognises(text):
            boards = list(fmt.read(text, source))
            if not any(isinstance(b, Board) for b in boards):
                problem = next((b.problem for b in boards if isinstance(b, SkippedBoard)), None)
                raise NotationError(problem or f"{source}: no board with a deal in the file")
            return boards
    if any(line.strip() == f"[[{POSITIONS_TABLE}]]" for line in text.splitlines()):
        return list(_toml_positions(text, source))
    lines = _position_lines(text)
    if len(lines) > 1 and all(_one_line(line) for _, line in lines):
        return [
            _line_board(number, line, source, place)
            for place, (number, line) in enumerate(lines, 1)
        ]
    if len(lines) > 1 and not _one_position(text):
        known = ", ".join([*(f.title for f in record_formats()), *NOTATION_FILES])
        raise NotationError(
            f"{source}: not a file of boards of a format known ({known}), nor a position"
        )
    return None


def _one_position(text: str) -> bool:
    """Whether a text of many lines is meant as one position: it reads as
    one, or it has the notation's ``key = value`` lines (its own error then
    says what is wrong with it)."""
    if any(TOML_KEY.match(line) for line in text.splitlines()):
        return True
    try:
        parse_position(text)
    except TricksolverError:
        return False
    return True


def read_boards(text: str, source: str = "file", strict: bool = False) -> list[Board] | None:
    """The boards of a file's text that could be read (`read_record`);
    None when the text is a single position.  `strict`: NotationError at
    the first problem of the file (a board skipped, a play cut)."""
    found = read_record(text, source)
    if found is None:
        return None
    problems = board_problems(found)
    if strict and problems:
        raise NotationError(without_consequence(problems[0]))
    return [b for b in found if isinstance(b, Board)]


def board_problems(boards: Sequence[Board | SkippedBoard]) -> list[str]:
    """The problems of boards as read, one line each, in order: a board
    skipped, a play cut."""
    return [
        p for b in boards for p in ((b.problem,) if isinstance(b, SkippedBoard) else b.problems)
    ]


def _position_lines(text: str) -> list[tuple[int, str]]:
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith(COMMENT)
    ]


def _one_line(line: str) -> bool:
    """A position in the one-line form (or a bare deal), not a TOML line."""
    if is_bare_deal(line):
        return True
    head = line.split(";", 1)[0].strip().lower()
    return ";" in line and "=" not in head and bool(head)


def _line_board(number: int, line: str, source: str, place: int) -> Board:
    try:
        pos = parse_position(line)
    except TricksolverError as e:
        raise NotationError(f"{source}: board {place} (line {number}): {e}") from None
    return Board(str(place), pos)


def _toml_positions(text: str, source: str) -> list[Board]:
    fields = read_toml(text, source, MAX_FILE_TEXT)
    tables = fields.get(POSITIONS_TABLE)
    if not isinstance(tables, list) or not tables:
        raise NotationError(f"{source}: [[{POSITIONS_TABLE}]] holds no position")
    boards = []
    for place, table in enumerate(tables, 1):
        keys = dict(table)
        name = str(keys.pop(BOARD_KEY, place))
        try:
            pos = parse_position(to_toml(keys))
        except TricksolverError as e:
            raise NotationError(f"{source}: board {name}: {e}") from None
        boards.append(Board(name, pos, tuple((k, str(v)) for k, v in keys.items())))
    return boards


def position_table(pos: Position, name: str | None = None) -> str:
    """One position as a table of a TOML file of many positions
    (``[[position]]`` and its keys, `name` its ``board`` key when given):
    such tables written one after the other make the file `read_boards` reads."""
    keys = {k: v for k, v in pos.to_fields().items() if v is not None}
    if name is not None:
        keys = {BOARD_KEY: name, **keys}
    return to_toml({POSITIONS_TABLE: [keys]})


AnyBoard = TypeVar("AnyBoard", bound=Board | SkippedBoard)
"""Boards as read: those that read, those skipped, or both (`choose_boards`
gives back the kind it is given)."""


def choose_boards(
    boards: Sequence[AnyBoard],
    wanted: str | None,
    source: str,
    room: str | None = None,
) -> list[AnyBoard]:
    """The boards named `wanted` (its number as the file gives it, every
    room's; a room's letter after the number, ``46c``, or `room`, picks
    one: ``open``, ``closed``, or their first letter), else the board at
    that place, from 1; every board (of `room`) when `wanted` is None.
    NotationError naming the boards (or rooms) there are."""
    key = "" if wanted is None else wanted.strip()
    named_so = any(b.name == key for b in boards)  # a name such as 12a is a name first
    if room is None and not named_so and key[-1:].isalpha() and key[:-1].strip().isdigit():
        key, room = key[:-1].strip(), key[-1]
    chosen = list(boards)
    if wanted is not None:
        named = [b for b in boards if b.name == key]
        # (a place of more digits than the notation's numbers is no place: int()
        # of thousands of digits would raise Python's own ValueError)
        if not named and key.isascii() and key.isdigit() and len(key) <= MAX_DIGITS:
            if 1 <= int(key) <= len(boards):
                named = [boards[int(key) - 1]]
        if not named:
            names = ", ".join(_names(boards))
            raise NotationError(f"{source}: no board {wanted!r} (boards: {names})")
        chosen = named
    if room is not None:
        word = room.strip().lower()
        in_room = [b for b in chosen if word and b.room.lower().startswith(word)]
        if not in_room:
            rooms = sorted({b.room for b in chosen if b.room})
            held = f"rooms: {', '.join(rooms)}" if rooms else "no room named"
            which = "the file" if wanted is None else f"board {key}"
            raise NotationError(f"{source}: no room {room!r} in {which} ({held})")
        chosen = in_room
    return chosen


def _names(boards: Sequence[Board | SkippedBoard]) -> list[str]:
    names = list(dict.fromkeys(b.name for b in boards))
    return names[:20] + (["..."] if len(names) > 20 else [])
