"""Reading and writing the two text forms of a position.

Both forms carry the same keys (documented per game in ``docs/rules.md``):

* the file form is TOML::

      game = "whist"
      dealer = "N"
      trump = "S"
      hands = ["AKQ2.T9.8765.432", "...", "...", "..."]   # seat 1 (N) first
      play = "2C 3C 4C 5C | AS"

* the one-line form is ``key=value`` fields separated by ``;``, optionally
  opened by the bare game name::

      whist; dealer=N; trump=S; hands=N:AKQ2.T9.8765.432 ... ... ...; play=2C 3C

  Lists with one entry per seat are written ``1:a b c`` (PBN style, first
  seat named, then clockwise) or as entries separated by ``,``.

A bare PBN deal (``N:AKQ2.T9.8765.432 ...``) reads as a deal of the game
that reads PBN (`solver.games.registry.pbn_game`: plain whist).
This module only turns text into a dict of keys and back; the games check
what the keys mean.
"""

from __future__ import annotations

import re
import tomllib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import tomli_w

from solver.cards import NOTRUMP, SUIT_CHARS, SUIT_SYMBOLS
from solver.errors import NotationError

Fields = dict[str, Any]

# What the notation accepts at most (docs/rules.md, "Limits of the notation"):
# a position, view or saved game is a few kilobytes; more is a mistake, and
# reading it whole would cost time and memory before the first error.
MAX_TEXT = 1 << 20  # characters of a position, view or saved game
MAX_FILE_TEXT = 1 << 28  # characters of a file of many boards (solver.records), each board MAX_TEXT
MAX_DIGITS = 20  # digits of a whole number (a seed: 64 bits are 20 digits)
MAX_NUMBER = 10**MAX_DIGITS
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")  # ASCII digits only

_PBN_DEAL = re.compile(r"^\s*[NESW1-5]:\S+(\s+\S+){3}\s*$", re.IGNORECASE)
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
SEAT_LETTERS = "NESW"


def is_bare_deal(text: str) -> bool:
    """Is the text a bare PBN deal (``N:AKQ2.T9.8765.432 ...``), no keys?"""
    stripped = text.strip()
    return bool(_PBN_DEAL.match(stripped)) and "=" not in stripped


def check_size(text: str, what: str = "position", limit: int = MAX_TEXT) -> None:
    """NotationError for a text longer than the notation allows (`limit`:
    `MAX_TEXT`, or `MAX_FILE_TEXT` for a file of many boards)."""
    if len(text) > limit:
        raise NotationError(
            f"{what}: {len(text):,} characters, more than the {limit:,} a {what} may have"
        )


def read_toml(text: str, what: str = "position", limit: int = MAX_TEXT) -> Fields:
    """The keys of a TOML text; NotationError (starting with `what`) for bad
    TOML, a text too long, arrays or tables nested too deeply, or a number
    Python will not read (thousands of digits)."""
    check_size(text, what, limit)
    try:
        return dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as e:
        raise NotationError(f"{what}: not valid TOML: {e}") from None
    except RecursionError:
        raise NotationError(f"{what}: arrays or tables nested too deeply") from None
    except ValueError:  # an integer past Python's digit limit (4,300 digits)
        raise NotationError(f"{what}: a number too long to read") from None


def parse_fields(text: str) -> Fields:
    """The keys of a position in either text form; of a bare PBN deal, its
    ``hands`` alone (the game that reads such deals is the registry's)."""
    check_size(text)
    stripped = text.strip()
    if not stripped:
        raise NotationError("empty position")
    if is_bare_deal(stripped):
        return {"hands": stripped}
    if "\n" in stripped or stripped.startswith("game ="):
        return read_toml(text)
    return _parse_line(stripped)


def _parse_line(text: str) -> Fields:
    fields: Fields = {}
    for i, part in enumerate(p.strip() for p in text.split(";")):
        if not part:
            continue
        if "=" not in part:
            if i == 0:
                fields["game"] = part
                continue
            raise NotationError(f"expected key=value, got {part!r}")
        key, value = (s.strip() for s in part.split("=", 1))
        key = key.lower().replace("-", "_")
        if not _KEY.match(key):
            raise NotationError(f"bad key {key!r}")
        if key in fields:
            raise NotationError(f"key {key!r} given twice")
        fields[key] = value
    return fields


def to_toml(fields: Mapping[str, Any]) -> str:
    return tomli_w.dumps({k: v for k, v in fields.items() if v is not None})


def to_line(fields: Mapping[str, Any]) -> str:
    parts = []
    for key, value in fields.items():
        if value is None:
            continue
        if key == "game":
            parts.append(str(value))
        elif isinstance(value, bool):
            parts.append(f"{key}={'true' if value else 'false'}")
        elif isinstance(value, list):
            parts.append(f"{key}={seat_list_text(value)}")
        else:
            parts.append(f"{key}={value}")
    return "; ".join(parts)


class Notated(ABC):
    """Something written in the notation (a position, a view): its keys, its
    two text forms, and equality by its one-line form."""

    @abstractmethod
    def _fields(self) -> Fields:
        """The notation's keys, in order."""

    def to_fields(self) -> Fields:
        return self._fields()

    def to_toml(self) -> str:
        return to_toml(self._fields())

    def to_line(self) -> str:
        return to_line(self._fields())

    def __str__(self) -> str:
        return self.to_line()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.to_line()}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_line() == self.to_line()


def read_text_file(path: str | Path, limit: int = MAX_TEXT) -> str:
    """The text of a file (UTF-8); NotationError naming `path` if it cannot be
    read or is longer than `limit` characters (a position, view or saved
    game: `MAX_TEXT`; a file of boards: `MAX_FILE_TEXT`), a file of more than
    four bytes a character refused before it is read."""
    try:
        if Path(path).stat().st_size > 4 * limit:  # UTF-8: at most 4 bytes a character
            raise NotationError(f"{path}: larger than the {limit:,} characters a file may have")
        with open(path, encoding="utf-8") as f:
            return read_bounded(f, str(path), limit)
    except UnicodeDecodeError:
        raise NotationError(f"{path}: not a text file (UTF-8)") from None
    except OSError as e:
        raise NotationError(f"{path}: cannot read: {e.strerror or e}") from None


def read_bounded(stream: IO[str], what: str, limit: int) -> str:
    """At most `limit` characters of `stream` (a file, standard input): it
    reads `limit` + 1 at most, and NotationError naming `what` when there
    was more, the rest left unread."""
    text = stream.read(limit + 1)
    if len(text) > limit:
        raise NotationError(f"{what}: longer than the {limit:,} characters a file may have")
    return text


def seat_list_text(entries: Sequence[str]) -> str:
    """A per-seat list in the one-line form: ``1:a b c`` when no entry holds a
    space, else entries separated by ``, ``."""
    if any(" " in e or not e for e in entries):
        return ", ".join(entries)
    return "1:" + " ".join(entries)


# -- reading values ---------------------------------------------------------


def get_str(fields: Fields, key: str, default: str | None = None) -> str | None:
    value = fields.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise NotationError(f"{key}: expected a single value, got {value!r}")
    return str(value)


def whole_number(value: object, key: str) -> int:
    """A whole number of the notation: a TOML integer or text of ASCII digits
    (no other digits, no fraction, no infinity), at most `MAX_DIGITS` digits."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        number = int(value.strip())
    if number is None or not -MAX_NUMBER < number < MAX_NUMBER:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "..."
        raise NotationError(
            f"{key}: expected a whole number of at most {MAX_DIGITS} digits, got {shown}"
        )
    return number


def get_int(fields: Fields, key: str, default: int | None = None) -> int | None:
    value = fields.get(key, default)
    if value is None:
        return None
    return whole_number(value, key)


def get_bool(fields: Fields, key: str, default: bool) -> bool:
    value = fields.get(key, default)
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "1"):
        return True
    if text in ("false", "no", "0"):
        return False
    raise NotationError(f"{key}: expected true or false, got {value!r}")


def parse_seat(text: str | int, nseats: int, key: str = "seat") -> int:
    """A seat, 0-based, from its number 1..nseats (or N E S W with four seats)."""
    t = str(text).strip().upper()
    if nseats == 4 and len(t) == 1 and t in SEAT_LETTERS:
        return SEAT_LETTERS.index(t)
    if t.isascii() and t.isdigit() and len(t) <= MAX_DIGITS and 1 <= int(t) <= nseats:
        return int(t) - 1
    names = f"1-{nseats}" + (" or N E S W" if nseats == 4 else "")
    raise NotationError(f"{key}: unknown seat {text!r} (seats are {names})")


TRUMP_WORDS = {
    **{letter.lower(): i for i, letter in enumerate(SUIT_CHARS)},
    **{symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)},
    **{name: i for i, name in enumerate(("spade", "heart", "diamond", "club"))},
    **{name + "s": i for i, name in enumerate(("spade", "heart", "diamond", "club"))},
    **{word: NOTRUMP for word in ("nt", "n", "notrump", "notrumps", "no trump", "no trumps")},
}
TRUMP_FORMS = "S H D C, spades hearts diamonds clubs, the suit symbols, NT or notrump"


def read_trump_word(text: str) -> int:
    """The strain a person names as trump, in any of the forms they type:
    a letter (``H``), a suit name (``hearts``, ``heart``), a symbol (``♥``),
    no trumps (``NT``, ``notrump``, ``no trumps``, ``no-trump``); any case.
    The strain index (0..3 S H D C, 4 no trumps); NotationError if none."""
    key = " ".join(text.strip().lower().replace("-", " ").replace("_", " ").split())
    if key not in TRUMP_WORDS:
        raise NotationError(f"unknown trump {text.strip()!r} (use {TRUMP_FORMS})")
    return TRUMP_WORDS[key]


def get_seat_list(fields: Fields, key: str, nseats: int) -> list[str] | None:
    """A list with one entry per seat (seat 1 first), from a TOML array, a
    PBN-style ``S:a b c`` string or entries separated by ``,``."""
    value = fields.get(key)
    if value is None:
        return None
    if isinstance(value, list):
        entries = [str(v).strip() for v in value]
    elif isinstance(value, str):
        text = value.strip()
        m = re.match(r"^([NESWnesw1-5])\s*:(.*)$", text, re.DOTALL)
        if m and "," not in text:
            first = parse_seat(m.group(1), nseats, key)
            items = m.group(2).split()
            if len(items) != nseats:
                raise NotationError(f"{key}: expected {nseats} entries, got {len(items)}")
            entries = [""] * nseats
            for i, item in enumerate(items):
                entries[(first + i) % nseats] = item
        else:
            entries = [e.strip() for e in text.split(",")]
    else:
        raise NotationError(f"{key}: expected one entry per seat, got {value!r}")
    if len(entries) != nseats:
        raise NotationError(f"{key}: expected {nseats} entries (one per seat), got {len(entries)}")
    return entries


def check_known_keys(fields: Fields, known: set[str], game: str) -> None:
    unknown = sorted(set(fields) - known)
    if unknown:
        raise NotationError(
            f"unknown key{'s' if len(unknown) > 1 else ''} for {game}: {', '.join(unknown)}"
            f" (known: {', '.join(sorted(known))})"
        )
