"""The long fuzz campaign with atheris (coverage-guided), one target at a
time or all of them:

    pip install atheris
    python -m tests.fuzz.run position --runs 200000
    python -m tests.fuzz.run all --runs 200000

The corpus (tests/fuzz/targets.py `seeds`) is written to
``fuzz-corpus/TARGET`` (kept between runs: what libFuzzer finds is added
there), and the notation's words to ``fuzz-corpus/notation.dict``.  A
finding stops the target with its input saved as ``crash-*`` in the current
folder: add it to tests/project/test_fuzz.py's regression inputs.  Arguments after
``--`` go to libFuzzer (``-max_len=4096``, ``-jobs=2``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["solver"]):
    from tests.fuzz import targets


def write_corpus(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    for i, data in enumerate(targets.seeds(name)):
        (folder / f"seed-{i:03d}").write_bytes(data)
    return folder


def write_dictionary(root: Path) -> Path:
    path = root / "notation.dict"
    lines = []
    for word in targets.DICTIONARY:
        escaped = "".join(
            f"\\x{b:02x}" if b > 0x7E or b in b'"\\' else chr(b) for b in word.encode()
        )
        lines.append(f'"{escaped}"')
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return path


def run_one(name: str, runs: int, root: Path, extra: list[str]) -> None:
    target = targets.TARGETS[name]
    corpus = write_corpus(root, name)
    dictionary = write_dictionary(root)
    argv = [sys.argv[0], str(corpus), f"-dict={dictionary}", f"-runs={runs}", *extra]
    print(f"fuzz {name}: {runs:,} runs, corpus {corpus}", file=sys.stderr)
    atheris.Setup(argv, target)
    atheris.Fuzz()  # returns only at the end of the runs (libFuzzer exits the process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=[*targets.TARGETS, "all"])
    parser.add_argument("--runs", type=int, default=100_000)
    parser.add_argument("--corpus", type=Path, default=Path("fuzz-corpus"))
    args, extra = parser.parse_known_args()
    extra = [a for a in extra if a != "--"]
    if args.target != "all":
        run_one(args.target, args.runs, args.corpus, extra)
        return
    # libFuzzer ends the process after a target: each target in a child
    import subprocess

    for name in targets.TARGETS:
        started = time.monotonic()
        command = [sys.executable, "-m", "tests.fuzz.run", name, "--runs", str(args.runs)]
        done = subprocess.run([*command, "--corpus", str(args.corpus), "--", *extra], check=False)
        print(f"fuzz {name}: exit {done.returncode} in {time.monotonic() - started:.0f} s",
              file=sys.stderr)  # fmt: skip
        if done.returncode != 0:
            sys.exit(done.returncode)


if __name__ == "__main__":
    main()
