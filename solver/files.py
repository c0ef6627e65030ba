"""Files written whole or not at all.

A file rewritten in place and cut off (a full disk, a crash, a kill) is lost:
the old contents are gone and the new are not all there.  `write_whole`
writes a temporary file beside the target, flushes it to the disk and renames
it over the target, which the system does at once: a reader sees the old file
or the new one, never a part.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from solver.errors import NotationError

NEW_FILE_MODE = 0o666  # as open() makes a file: the user's umask then applies


def write_whole(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` whole: on any failure the file is as it
    was and no temporary file is left; NotationError naming `path`."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        mode = target.stat().st_mode & 0o777 if target.exists() else NEW_FILE_MODE
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as e:
        raise NotationError(f"{path}: cannot write: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, target)
    except OSError as e:
        temporary.unlink(missing_ok=True)
        raise NotationError(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
