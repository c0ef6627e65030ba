"""The long run that makes the labelled positions: every file of the plan
(`PLAN`, in the order useful data arrives first), each made by
`train.positions.run` and resumed where it stopped, ``STATUS.md`` written
again after each file (`train.status`).  One process, one search at a time.

    nice -n 19 python -m train.plan --data /work/evaldata [--stage N]

Files: ``<data>/<variant>/train_k<K>.jsonl`` (seed `TRAIN_SEED`, labels of
every side) and ``test_k<K>.jsonl`` (seed `TEST_SEED`, also every legal
move's value).  The same command again finishes what is missing and changes
nothing else.  Ctrl-C stops it (status 130), the lines finished kept.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from solver.errors import TricksolverError
from train import positions, status
from train.variants import VARIANTS

TRAIN_SEED = 1
TEST_SEED = 2
TEST_COUNT = 200  # positions of a test set (every move valued)
FIRST_TESTS = 60  # ... at a larger k in the first pass (stage 2)
CHEAP_KS = range(2, 9)  # every variant: exact is cheap here (milliseconds)
CHEAP_TRAIN = 500  # positions of a train set at a cheap k (first pass: data early)
CHEAP_MORE = 3_000  # ... and in the last stage


@dataclass(frozen=True)
class Job:
    stage: int
    variant: str
    kind: str  # "train" or "test"
    k: int
    count: int
    max_nodes: int = positions.DEFAULT_MAX_NODES

    @property
    def seed(self) -> int:
        return TEST_SEED if self.kind == "test" else TRAIN_SEED

    @property
    def moves(self) -> bool:
        return self.kind == "test"

    def path(self, data: Path) -> Path:
        return data / self.variant / f"{self.kind}_k{self.k}.jsonl"


def _cheap() -> list[Job]:
    """Stage 1: k = 2..8 of every variant (Cinch's whole hand is 6 tricks)."""
    jobs = []
    for variant in VARIANTS:
        most = positions.hand_tricks(variant)
        for k in (k for k in CHEAP_KS if k <= most):
            jobs.append(Job(1, variant, "test", k, TEST_COUNT))
            jobs.append(Job(1, variant, "train", k, CHEAP_TRAIN))
    return jobs


# Stages 2 and 3: the larger k, as far as exact is affordable (the costs
# measured are in train/README.md): (variant, k, test positions, train
# positions), cheapest first.  Stage 2 makes the test sets (the accuracy
# bench's, the 10-14 tricks left first), stage 3 the train sets.
# Past the last k of a variant here exact is not affordable and the training
# bootstraps: two-player Chinese Whist beyond 19 tricks left (of 26; at 20
# a third of the test positions are capped), three-player beyond 14 (of 17;
# at 15 half); whist, Cinch, four-player Chinese Whist and Chinkway reach
# the whole hand (the last two with about 30% capped).
LARGER_K: tuple[tuple[str, int, int, int], ...] = (
    ("whist", 9, TEST_COUNT, 2_000),
    ("whist", 10, TEST_COUNT, 2_000),
    ("whist", 11, TEST_COUNT, 1_000),
    ("whist", 12, TEST_COUNT, 1_000),
    ("whist", 13, TEST_COUNT, 1_000),
    ("cw4", 9, TEST_COUNT, 2_000),
    ("cw4", 10, TEST_COUNT, 2_000),
    ("cw4", 11, TEST_COUNT, 1_000),
    ("cw3", 9, TEST_COUNT, 2_000),
    ("cw3", 10, TEST_COUNT, 2_000),
    ("cw3", 11, TEST_COUNT, 1_000),
    ("cw3", 12, TEST_COUNT, 1_000),
    ("cw2", 9, TEST_COUNT, 2_000),
    ("cw2", 10, TEST_COUNT, 2_000),
    ("cw2", 11, TEST_COUNT, 1_000),
    ("cw2", 12, TEST_COUNT, 1_000),
    ("cw2", 13, TEST_COUNT, 1_000),
    ("cw2", 14, TEST_COUNT, 1_000),
    ("chinkway", 9, TEST_COUNT, 400),
    ("cw4", 12, TEST_COUNT, 500),
    ("cw3", 13, 100, 500),
    ("cw2", 15, 100, 500),
    ("cw2", 16, 100, 500),
    ("cw3", 14, 100, 150),
    ("cw2", 17, 100, 300),
    ("cw2", 18, 100, 300),
    ("chinkway", 10, 40, 100),
    ("cw4", 13, 30, 80),
    ("cw3", 15, 50, 100),
    ("cw2", 19, 50, 100),
    ("cw2", 20, 30, 60),
)


def _larger() -> list[Job]:
    """Stage 2: the test sets of the larger k, `FIRST_TESTS` positions each
    (enough for the accuracy bench, early); stage 3: their train sets."""
    tests = [Job(2, v, "test", k, min(n, FIRST_TESTS)) for v, k, n, _ in LARGER_K]
    trains = [Job(3, v, "train", k, n) for v, k, _, n in LARGER_K]
    return tests + trains


def _more() -> list[Job]:
    """Stage 4: the larger k's test sets to their full size, and larger
    train sets where positions are cheap."""
    tests = [Job(4, v, "test", k, n) for v, k, n, _ in LARGER_K if n > FIRST_TESTS]
    trains = [Job(4, j.variant, "train", j.k, CHEAP_MORE) for j in _cheap() if j.kind == "train"]
    return tests + trains


def plan() -> list[Job]:
    return _cheap() + _larger() + _more()


def _progress_note(jobs: list[Job], done: int) -> str:
    """STATUS.md's note: how far the plan is, and the file being written
    (the files above it in the plan are complete)."""
    text = f"Plan (`python -m train.plan`, pid {os.getpid()}): {done} of {len(jobs)} steps done"
    if done < len(jobs):
        job = jobs[done]
        text += (
            f"; now writing {job.variant}/{job.kind}_k{job.k}.jsonl "
            f"to {job.count} positions (stage {job.stage})"
        )
    return text + "."


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m train.plan", description=__doc__)
    p.add_argument("--data", type=Path, required=True, help="the data directory")
    p.add_argument("--stage", type=int, default=0, help="only this stage (0: all)")
    p.add_argument("--quiet", action="store_true", help="a line a file, not a position")
    args = p.parse_args(argv)
    jobs = [j for j in plan() if args.stage in (0, j.stage)]
    positions.ctrl_c_stops()
    try:
        args.data.mkdir(parents=True, exist_ok=True)
        status.main([str(args.data), "--note", _progress_note(jobs, 0)])
        for n, job in enumerate(jobs, 1):
            print(
                f"train.plan: [{n}/{len(jobs)}] stage {job.stage} {job.variant} "
                f"{job.kind} k={job.k} count={job.count}",
                file=sys.stderr,
                flush=True,
            )
            positions.run(
                job.variant,
                job.k,
                job.count,
                job.seed,
                job.path(args.data),
                job.max_nodes,
                job.moves,
                not args.quiet,
            )
            status.main([str(args.data), "--note", _progress_note(jobs, n)])
    except KeyboardInterrupt:
        print("train.plan: interrupted; the lines finished are kept", file=sys.stderr)
        return positions.EXIT_INTERRUPTED
    except (TricksolverError, OSError) as e:
        print(f"train.plan: error: {e}", file=sys.stderr)
        return positions.EXIT_USAGE
    return 0


if __name__ == "__main__":
    sys.exit(main())
