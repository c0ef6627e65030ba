"""The held-out test positions shipped with the repository: the first
positions (by index) of each test set of a data directory (`train.plan`'s
``<data>/<variant>/test_k<K>.jsonl``), the same lines, copied to
``benches/data/eval/<variant>/test_k<K>.jsonl`` with a README saying what
they are, so the accuracy bench runs on a clean checkout.

    python -m train.ship --data /work/evaldata [--out benches/data/eval] [--per-file 40]

The copy is refused (nothing written) when it would pass `MOST_BYTES`.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from train.status import FILE

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "benches" / "data" / "eval"
PER_FILE = 40  # positions a file (the accuracy bench's default per variant and k)
MOST_BYTES = 2_000_000  # the shipped set stays small


def first_lines(path: Path, n: int) -> list[str]:
    """The lines of the `n` smallest indices of a file (whole lines only)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append((int(json.loads(line)["index"]), line))
        except (ValueError, KeyError, TypeError):
            continue  # a line still being written
    return [line for _, line in sorted(rows)[:n]]


def chosen(data: Path, per_file: int) -> dict[Path, list[str]]:
    """Each test file's shipped lines, by its path under the output folder."""
    out = {}
    for folder in sorted(p for p in data.iterdir() if p.is_dir()):
        for path in sorted(folder.glob("test_k*.jsonl")):
            if FILE.match(path.name):
                lines = first_lines(path, per_file)
                if lines:
                    out[Path(folder.name) / path.name] = lines
    return out


def readme(data: Path, per_file: int, files: dict[Path, list[str]]) -> str:
    rows = []
    for rel, lines in files.items():
        capped = sum('"capped":true' in line for line in lines)
        rows.append(f"| {rel} | {len(lines)} | {capped} |")
    return "\n".join(
        [
            "# Held-out labelled positions (the accuracy bench's)",
            "",
            f"Written by `python -m train.ship` (train/README.md): the first {per_file} positions",
            f"(by index) of each test set of the run in `{data}` made by",
            "`python -m train.plan` (seed 2: never in a train set), the same lines.",
            "Format: train/README.md.  Made by the project's own search (no outside",
            "data).",
            "",
            "| file | positions | capped (no values) |",
            "|---|---:|---:|",
            *rows,
            "",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m train.ship", description=__doc__)
    p.add_argument("--data", type=Path, required=True, help="the data directory")
    p.add_argument("--out", type=Path, default=SHIPPED, help="where the copy goes")
    p.add_argument("--per-file", type=int, default=PER_FILE, help="positions a file")
    args = p.parse_args(argv)
    if not args.data.is_dir():
        print(f"train.ship: error: {args.data}: not a directory", file=sys.stderr)
        return 2
    if args.per_file < 1:
        print("train.ship: error: --per-file must be at least 1", file=sys.stderr)
        return 2
    files = chosen(args.data, args.per_file)
    size = sum(len(line) + 1 for lines in files.values() for line in lines)
    if size > MOST_BYTES:
        print(
            f"train.ship: error: {size:,} bytes, more than {MOST_BYTES:,}: ship fewer a file",
            file=sys.stderr,
        )
        return 2
    if args.out.exists():
        shutil.rmtree(args.out)
    for rel, lines in files.items():
        (args.out / rel).parent.mkdir(parents=True, exist_ok=True)
        (args.out / rel).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (args.out / "README.md").write_text(readme(args.data, args.per_file, files), encoding="utf-8")
    print(f"train.ship: {len(files)} files, {size:,} bytes in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
