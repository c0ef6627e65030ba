"""Result files of batch runs: a record a board, written as each board
finishes, so that a run killed and started again does only what is left.

Two forms, `JSON_LINES` and `CSV`:

* JSON lines: one JSON object a line, a board's record with its ``key``
  (`solver.batch.BoardJob.key`: the job, its options and the board's
  content).
* CSV: a header, then every board's rows, each row ending with two columns:
  ``key`` and ``rows``, the number of rows of the board's record (so that a
  board whose rows were cut off is seen to be incomplete).

A board's record is written with one write to a file opened for appending,
so a kill can only cut the last record short.  `open_results` reads what a
file holds first: the keys of the boards done (`ResultFile.done`); a last
record cut short (no end of line; in CSV, fewer rows than it says) is
dropped, the file cut back to the records before it, and its board is
done again.  A file that holds anything else (another job's or options'
records, other boards', a line that is no record of this form, another CSV
header) is refused with `BatchError` and left as it was; so is a file that
holds a board's record twice (two runs wrote to it at once, or it was
pieced together): which of the two to keep is not for a run to guess.

One writer at a time: `open_results` takes an exclusive lock on the file
(``flock``, held until `ResultFile.close`, released by the system however
the run ends), and a file another run holds is refused at once with
`BatchError`, before it is read.  On a file system without locks the run
goes on unlocked.
"""

from __future__ import annotations

import csv
import errno
import fcntl
import io
import json
import os
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.errors import BatchError

JSON_LINES, CSV = "json", "csv"
FORMS = (JSON_LINES, CSV)
KEY, ROWS = "key", "rows"  # the bookkeeping fields of a record
NEWLINE = b"\n"
FILE_MODE = 0o666  # as open() makes a file: the user's umask then applies


@dataclass
class ResultFile:
    """A result file open for appending: `done` the keys of the boards it
    holds; `write_json` or `write_rows` adds one board's record."""

    path: str
    form: str
    done: set[str] = field(default_factory=set)
    _fd: int = -1
    made: bool = False  # the file did not exist before this run
    _records: int = 0  # the records this run wrote

    def write_json(self, key: str, record: dict[str, Any]) -> None:
        """Add a board's record (a JSON object) with its key, as one line."""
        line = json.dumps({**record, KEY: key}, separators=(",", ":"), ensure_ascii=False)
        self._write(line + "\n")
        self.done.add(key)
        self._records += 1

    def write_rows(self, key: str, rows: Sequence[Sequence[Any]]) -> None:
        """Add a board's record (its CSV rows, at least one), each row with
        the key and the number of rows."""
        if not rows:
            raise ValueError("a board's record has at least one row")
        self._write(csv_text([[*row, key, len(rows)] for row in rows]))
        self.done.add(key)
        self._records += 1

    def _write(self, text: str) -> None:
        data = text.encode()
        try:
            while data:  # one write, unless the system takes less
                data = data[os.write(self._fd, data) :]
        except OSError as e:
            raise BatchError(f"{self.path}: cannot write: {e.strerror or e}") from None

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def discard_if_unused(self) -> None:
        """Close, and remove the file when this run made it and wrote no
        record to it (a run that failed before its first board leaves no
        file behind)."""
        self.close()
        if self.made and self._records == 0:
            _remove(self.path)

    def __enter__(self) -> ResultFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def csv_text(rows: Sequence[Sequence[Any]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def csv_header(head: Sequence[str]) -> list[str]:
    """The header of a CSV result file whose records have the columns `head`."""
    return [*head, KEY, ROWS]


def open_results(
    path: str, form: str, keys: Collection[str], head: Sequence[str] = ()
) -> ResultFile:
    """The result file `path` of the `form` (CSV: of columns `head`), made
    when missing, for a run whose boards have `keys`; BatchError (the file
    untouched) when it holds anything but records of those boards."""
    if form not in FORMS:
        raise ValueError(f"form must be one of {', '.join(FORMS)}, not {form!r}")
    fd, made = _open_locked(path)
    try:
        data = _read_all(path, fd)
        header = csv_text([csv_header(head)]).encode() if form == CSV else b""
        if not data:
            done: set[str] = set()
            keep = 0
        elif form == JSON_LINES:
            done, keep = _json_lines_done(path, data, keys)
        elif not data.startswith(header):
            if not header.startswith(data):
                raise _foreign(path, "its first line is not this run's CSV header")
            done, keep = set(), 0  # the header itself cut short
        else:
            done, keep = _csv_done(path, data, len(header), keys)
        if keep < len(data):
            try:
                os.ftruncate(fd, keep)  # the record cut short goes
            except OSError as e:
                raise BatchError(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        os.close(fd)
        if made:
            _remove(path)
        raise
    results = ResultFile(path, form, done, fd, made=made)
    if keep == 0 and header:
        results._write(header.decode())
    return results


def _open_locked(path: str) -> tuple[int, bool]:
    """`path` open for appending (made if missing: `made`), locked for this
    run alone; BatchError if another run holds it or it cannot be opened."""
    made = False
    try:
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_EXCL, FILE_MODE)
            made = True
        except FileExistsError:
            fd = os.open(path, os.O_RDWR | os.O_APPEND)
    except OSError as e:
        raise BatchError(f"{path}: cannot write: {e.strerror or e}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            os.close(fd)
            raise BatchError(
                f"{path}: another run is writing to it: wait for it to end, or give another file"
            ) from None
        # (ENOLCK, EOPNOTSUPP: a file system without locks) the run goes on unlocked
    return fd, made


def _read_all(path: str, fd: int) -> bytes:
    try:
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read()
    except OSError as e:
        raise BatchError(f"{path}: cannot read: {e.strerror or e}") from None


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass  # already gone, or not ours to remove: left as it is


def _foreign(path: str, why: str) -> BatchError:
    return BatchError(
        f"{path}: not a result file of this run ({why}): left as it was; give another file"
    )


def _twice(path: str, where: str) -> BatchError:
    return BatchError(
        f"{path}: {where} is a second record of a board already there (two runs wrote to it"
        " at once?): left as it was; keep one record a board, or give another file"
    )


def _json_lines_done(path: str, data: bytes, keys: Collection[str]) -> tuple[set[str], int]:
    done: set[str] = set()
    keep = 0
    for number, line in enumerate(data.split(NEWLINE), 1):
        end = keep + len(line) + 1
        if end > len(data):  # no end of line: the last record, cut short
            break
        try:
            record = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            raise _foreign(path, f"line {number} is no JSON record") from None
        key = record.get(KEY) if isinstance(record, dict) else None
        if key not in keys:
            raise _foreign(path, f"line {number} is a record of other boards or options")
        if key in done:
            raise _twice(path, f"line {number}")
        done.add(str(key))
        keep = end
    return done, keep


def _csv_done(path: str, data: bytes, start: int, keys: Collection[str]) -> tuple[set[str], int]:
    done: set[str] = set()
    keep = start  # the end of the last whole board's rows
    group: tuple[str, int, int] | None = None  # key, rows expected, rows seen
    at = start
    number = 1
    while at < len(data):
        end = data.find(NEWLINE, at)
        if end < 0:  # no end of line: the last record, cut short
            break
        number += 1
        try:
            row = next(csv.reader([data[at:end].decode()]))
            key, rows = row[-2], int(row[-1])
        except (ValueError, IndexError, StopIteration, UnicodeDecodeError):
            raise _foreign(path, f"line {number} is no row of a record") from None
        if key not in keys or rows < 1:
            raise _foreign(path, f"line {number} is a row of other boards or options")
        if group is None or group[0] != key:
            if group is not None:  # a board's rows, then another's: the first cut short
                raise _foreign(path, f"line {number}: the board before has rows missing")
            if key in done:
                raise _twice(path, f"line {number}")
            group = (key, rows, 0)
        group = (key, rows, group[2] + 1)
        at = end + 1
        if group[2] == group[1]:
            done.add(key)
            keep = at
            group = None
    return done, keep
