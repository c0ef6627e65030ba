"""The state of a data directory of labelled positions (`train.positions`'s
files, ``<dir>/<variant>/{train,test}_k<K>.jsonl``) written as a Markdown
table to ``<dir>/STATUS.md``: each file's positions, those capped, k, seeds,
whether it has the moves' values, and the CPU time its searches took.

    python -m train.status /work/evaldata [--note TEXT]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

FILE = re.compile(r"^(train|test)_k(\d+)\.jsonl$")
STATUS = "STATUS.md"
SECONDS_PER_HOUR = 3600
MS = 1000


@dataclass
class FileState:
    path: Path
    kind: str
    k: int
    lines: int = 0
    capped: int = 0
    with_moves: int = 0
    seeds: set[int] = field(default_factory=set)
    nodes: int = 0
    seconds: float = 0.0
    cpu: float = 0.0


def file_state(path: Path, kind: str, k: int) -> FileState:
    """What a file holds (a line cut off, still being written, is left out)."""
    state = FileState(path, kind, k)
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        state.lines += 1
        state.capped += bool(row.get("capped"))
        state.with_moves += "moves" in row
        state.seeds.add(int(row["seed"]))
        state.nodes += int(row.get("nodes", 0))  # train/stopgap.py's capped lines have none
        state.seconds += float(row.get("seconds", 0.0))
        state.cpu += float(row.get("cpu", 0.0))
    return state


def states(data: Path) -> list[tuple[str, FileState]]:
    """(variant, state) of every file of `data`, by variant, kind and k."""
    out = []
    for folder in sorted(p for p in data.iterdir() if p.is_dir()):
        for path in folder.iterdir():
            m = FILE.match(path.name)
            if m:
                out.append((folder.name, file_state(path, m.group(1), int(m.group(2)))))
    return sorted(out, key=lambda vs: (vs[0], vs[1].kind, vs[1].k))


def status_text(data: Path, note: str = "") -> str:
    rows = states(data)
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    total = sum(s.cpu for _, s in rows)
    out = [
        "# Labelled positions: status",
        "",
        f"Written {now} by `python -m train.status` (format: train/README.md in the",
        "repository; a file still being written grows: read whole lines only).",
        "",
    ]
    if note:
        out += [note, ""]
    out += [
        "| variant | file | k | positions | capped | with moves | seeds | nodes "
        "| search s | CPU s | nodes a position | CPU ms a position |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for variant, s in rows:
        seeds = ",".join(str(x) for x in sorted(s.seeds))
        out.append(
            f"| {variant} | {variant}/{s.path.name} | {s.k} | {s.lines} | {s.capped} | "
            f"{s.with_moves} | {seeds} | {s.nodes:,} | {s.seconds:,.1f} | {s.cpu:,.1f} | "
            f"{s.nodes / max(s.lines, 1):,.0f} | {MS * s.cpu / max(s.lines, 1):,.1f} |"
        )
    out += [
        "",
        f"CPU time of the searches of all files: {total:,.0f} s "
        f"({total / SECONDS_PER_HOUR:.2f} h of one core; making the positions, the",
        "heuristic's play, adds about 10 ms a position).",
        "",
    ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m train.status", description=__doc__)
    p.add_argument("data", type=Path, help="the data directory")
    p.add_argument("--note", default="", help="a paragraph to put at the top")
    args = p.parse_args(argv)
    if not args.data.is_dir():
        print(f"train.status: error: {args.data}: not a directory", file=sys.stderr)
        return 2
    text = status_text(args.data, args.note)
    tmp = args.data / (STATUS + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(args.data / STATUS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
