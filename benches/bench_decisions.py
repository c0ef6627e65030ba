"""The decision-quality bench: how much a setting loses per decision,
against the judge's values of every legal move at the stored decision
points (`benches/data/decisions/v1/`, or `v2` with `--set v2`:
`decision_points.py` made the points, `judge_decisions.py` valued their
moves).

The bench lives in the package (`solver.decision_bench`, docs/strength.md)
and runs as ``tricksolver bench --decisions``; this script runs that
command with the arguments given (the same options), for the benches'
habit of ``python benches/...``:

    python benches/bench_decisions.py --setting pimc:16/300k
    python benches/bench_decisions.py --setting pimc:16/300k --against heuristic --phases end,late
    python benches/bench_decisions.py --setting recommend --variants chinkway-5 --json
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.cli.main import main as tricksolver  # noqa: E402


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    tricksolver.main(args=["bench", "--decisions", *args], prog_name="tricksolver")


if __name__ == "__main__":
    main()
