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
None): the commands read it as before.  Bad input: NotationError naming
the board (and the tag or key) in one line.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.errors import NotationError, TricksolverError
from solver.games.base import Position
from solver.games.game import Board, RecordFormat
from solver.games.registry import GAMES
from solver.notation import MAX_DIGITS, MAX_FILE_TEXT, check_size, is_bare_deal, read_toml, to_toml
from solver.position import BOM, parse_position

__all__ = [
    "Board",
    "choose_boards",
    "position_table",
    "read_boards",
    "record_format",
    "record_formats",
]

POSITIONS_TABLE = "position"  # the TOML array of tables holding many positions
BOARD_KEY = "board"  # a position's name in such a file
COMMENT = "#"


def record_formats() -> list[RecordFormat]:
    """Every game's hand-record formats, in the registry's order."""
    return [f for g in GAMES.values() for f in g.record_formats]


def record_format(name: str) -> RecordFormat | None:
    """The hand-record format named `name` (``pbn``), of whichever game has it."""
    return next((f for f in record_formats() if f.name == name), None)


def read_boards(text: str, source: str = "file") -> list[Board] | None:
    """The boards of a file's text (`source` names it in errors); None when
    the text is a single position (no file of boards)."""
    check_size(text, source, MAX_FILE_TEXT)
    text = text.removeprefix(BOM)
    for fmt in record_formats():
        if fmt.recognises(text):
            boards = list(fmt.read(text, source))
            if not boards:
                raise NotationError(f"{source}: no board with a deal in the file")
            return boards
    if any(line.strip() == f"[[{POSITIONS_TABLE}]]" for line in text.splitlines()):
        return _toml_positions(text, source)
    lines = _position_lines(text)
    if len(lines) > 1 and all(_one_line(line) for _, line in lines):
        return [
            _line_board(number, line, source, place)
            for place, (number, line) in enumerate(lines, 1)
        ]
    return None


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


def choose_boards(boards: Sequence[Board], wanted: str | None, source: str) -> list[Board]:
    """The board named `wanted` (its number as the file gives it; when no
    board has that name, the board at that place, from 1), or every board
    when `wanted` is None; NotationError naming the boards there are."""
    if wanted is None:
        return list(boards)
    key = wanted.strip()
    named = [b for b in boards if b.name == key]
    if named:
        return named[:1]
    # (a place of more digits than the notation's numbers is no place: int()
    # of thousands of digits would raise Python's own ValueError)
    if key.isascii() and key.isdigit() and len(key) <= MAX_DIGITS and 1 <= int(key) <= len(boards):
        return [boards[int(key) - 1]]
    names = ", ".join(b.name for b in boards[:20]) + (", ..." if len(boards) > 20 else "")
    raise NotationError(f"{source}: no board {wanted!r} (boards: {names})")
