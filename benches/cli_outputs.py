"""A saved set of CLI outputs, to show that a change of structure changes no output.

A refactoring that must keep behaviour (issue 35: the budget value, the splits of
``solver/pimc.py`` and ``solver/doubledummy.py``) is checked by running the same
deterministic commands before and after and comparing every byte.  ``COMMANDS``
covers every command (deal, show, move, analyze, table, recommend, review, play,
match, bench --signature) and every game and player count, in text and in JSON,
each with a fixed seed and a node budget or ``--time 0`` so that it answers the
same every run.

Usage::

    python benches/cli_outputs.py --tricksolver PATH --record DIR   # write DIR/<name>.out
    python benches/cli_outputs.py --tricksolver PATH --check DIR    # compare with DIR

Each output file holds the command line, its exit status, its standard output and
its standard error.  What varies from run to run is masked by one regex,
``TIMING``: a duration followed by its unit (``217.8 ms``, ``1.2 s``, ``0.4 µs``),
a rate (``123,456 nodes/s``, ``1.2 M/s``) and the JSON fields whose names say they
are measured (the keys ``ms``, ``s``, ``seconds``, ``elapsed``, ``time``, ``rss_mb``,
``per_second``, ``rate``, alone or as a word of a key joined by ``_``: ``p95_ms``,
``max_rss_mb``, ``nodes_per_second``; ``: number``).  Node counts,
values, digests and everything else are compared as they are.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = "solver/examples"
WHIST = f"{EXAMPLES}/whist.toml"
CHINKWAY = f"{EXAMPLES}/chinkway.toml"
CW4 = f"{EXAMPLES}/chinese-whist.toml"
CW3 = f"{EXAMPLES}/chinese-whist-3.toml"
CW2 = f"{EXAMPLES}/chinese-whist-2.toml"
CINCH = f"{EXAMPLES}/cinch.toml"
SESSION_LIN = "tests/data/session.lin"
CLUB_PBN = "tests/data/club.pbn"

# Every game with the option that names its player count.
GAMES: list[tuple[str, list[str]]] = [
    ("whist", []),
    ("chinkway", []),
    ("cw4", ["chinese-whist", "--players", "4"]),
    ("cw3", ["chinese-whist", "--players", "3"]),
    ("cw2", ["chinese-whist", "--players", "2"]),
    ("cinch", []),
]
SEATS = {"whist": 4, "chinkway": 5, "cw4": 4, "cw3": 3, "cw2": 2, "cinch": 4}
POSITIONS = {
    "whist": WHIST,
    "chinkway": CHINKWAY,
    "cw4": CW4,
    "cw3": CW3,
    "cw2": CW2,
    "cinch": CINCH,
}

# A recommendation reproducible and small: few worlds, no clock, one process.
RECOMMEND = ["-n", "6", "--time", "0", "-j", "1", "--no-color"]


def _game_args(key: str, args: list[str]) -> list[str]:
    return args if args else [key]


def commands() -> list[tuple[str, list[str]]]:
    """Each saved command: its name (the output file's) and its arguments."""
    out: list[tuple[str, list[str]]] = []
    for key, args in GAMES:
        game = _game_args(key, args)
        pos = POSITIONS[key]
        n = SEATS[key]
        mixed = ",".join((["heuristic", "random"] * 3)[:n])
        pimc = ",".join((["pimc:3/5k", "heuristic"] * 3)[:n])
        out += [
            (f"deal-{key}", ["deal", *game, "--seed", "5", "--no-color"]),
            (f"deal-{key}-line", ["deal", *game, "--seed", "6", "--line"]),
            (f"deal-{key}-json", ["deal", *game, "--seed", "7", "--json"]),
            (f"show-{key}", ["show", pos, "--no-color"]),
            (f"analyze-{key}", ["analyze", pos, "-j", "1", "--no-color"]),
            (f"analyze-{key}-json", ["analyze", pos, "-j", "1", "--json"]),
            (f"analyze-{key}-bounded", ["analyze", pos, "-j", "1", "--max-nodes", "300", "--json"]),
            (f"recommend-{key}", ["recommend", pos, *RECOMMEND]),
            (f"recommend-{key}-json", ["recommend", pos, *RECOMMEND, "--json", "--seed", "3"]),
            (
                f"recommend-{key}-budget",
                ["recommend", pos, "-n", "20", "--node-budget", "20000", "-j", "1", "--json"],
            ),
            (
                f"recommend-{key}-maxnodes",
                ["recommend", pos, *RECOMMEND, "--max-nodes", "500", "--json"],
            ),
            (
                f"recommend-{key}-epimc",
                [
                    "recommend",
                    pos,
                    *RECOMMEND[:-3],
                    "--no-color",
                    "--method",
                    "epimc",
                    "-n",
                    "3",
                    "--max-nodes",
                    "3000",
                    "--json",
                ],
            ),
            (f"review-{key}", ["review", pos, "--no-color", "--max-nodes", "20000"]),
            (f"review-{key}-json", ["review", pos, "--json", "--max-nodes", "2000"]),
            (
                f"play-{key}",
                ["play", *game, "--seats", mixed, "--seed", "2", "--hands", "1"],
            ),
            (
                f"play-{key}-json",
                ["play", *game, "--seats", pimc, "--seed", "3", "--hands", "1", "--json"],
            ),
            (f"match-{key}", ["match", *game, "--seats", mixed, "--deals", "2", "--json"]),
        ]
    out += [
        ("table-whist-played", ["table", WHIST, "-j", "1", "--no-color"]),  # an error: cards played
        ("table-whist", ["table", "@deal whist --seed 11 --line", "-j", "1", "--no-color"]),
        ("table-whist-json", ["table", "@deal whist --seed 12 --line", "-j", "1", "--json"]),
        (
            "table-cw3-json",
            [
                "table",
                "@deal cw --players 3 --seed 4 --line",
                "-j",
                "1",
                "--json",
                "--max-nodes",
                "100000",
            ],
        ),  # fmt: skip
        # an error: a Cinch table needs the hands after the redeal
        ("table-cinch", ["table", "@deal cinch --seed 4 --line", "-j", "1", "--max-nodes", "5000"]),
        ("table-lin-board", ["table", SESSION_LIN, "--board", "1", "-j", "1", "--json"]),
        (
            "analyze-pbn-board",
            ["analyze", CLUB_PBN, "--board", "1", "-j", "1", "--json", "--max-nodes", "50000"],
        ),
        ("move-whist", ["move", WHIST, "--help"]),
        (
            "recommend-cw3-maxn",
            ["recommend", CW3, *RECOMMEND, "--objective", "maxn", "--max-nodes", "20000", "--json"],
        ),
        (
            "recommend-cw3-maxn-tricks",
            [
                "recommend",
                CW3,
                *RECOMMEND,
                "--objective",
                "maxn",
                "--maxn-by",
                "tricks",
                "--max-nodes",
                "20000",
            ],
        ),
        ("recommend-whist-norace", ["recommend", WHIST, *RECOMMEND, "--no-race", "--json"]),
        (
            "recommend-whist-infer",
            ["recommend", WHIST, *RECOMMEND, "--inference", "heuristic", "--json"],
        ),
        (
            "recommend-cw4-before-play",
            ["recommend", "@deal chinese-whist --seed 9 --line", "-n", "4", "-j", "1"],
        ),
        (
            "recommend-cinch-before-play",
            ["recommend", "@deal cinch --seed 9 --line", "-n", "3", "-j", "1", "--json"],
        ),
        (
            "recommend-chinkway-before-play",
            ["recommend", "@deal chinkway --seed 9 --line", "-n", "3", "-j", "1"],
        ),
        (
            "recommend-whist-fresh",
            ["recommend", "@deal whist --seed 9 --line", *RECOMMEND, "--max-nodes", "3000"],
        ),
        (
            "review-whist-view",
            ["review", WHIST, "--view", "all", "-n", "4", "--view-time", "0", "--json"],
        ),
        (
            "review-lin",
            ["review", SESSION_LIN, "--board", "1", "--max-nodes", "100000", "--format", "csv"],
        ),
        (
            "play-whist-epimc",
            [
                "play",
                "whist",
                "--seats",
                "epimc:2/3k,heuristic",
                "--seed",
                "4",
                "--hands",
                "1",
                "--brief",
            ],
        ),
        (
            "match-whist-pimc",
            ["match", "whist", "--seats", "pimc:3/5k,heuristic", "--deals", "1", "--seed", "1"],
        ),
        (
            "match-cw3-pimc-json",
            [
                "match",
                "chinese-whist",
                "-p",
                "3",
                "--seats",
                "pimc:2/3k,heuristic,heuristic",
                "--deals",
                "1",
                "--json",
            ],
        ),
        ("signature-quick", ["bench", "--signature", "quick"]),
        # (no `bench` of deals: a solve cut at its time limit searches a number of nodes
        # that depends on the machine's speed; the signature is the benchmark's part here)
        # Bad input: one line, status 2.
        ("error-max-nodes", ["recommend", WHIST, "--max-nodes", "-1"]),
        ("error-time", ["analyze", WHIST, "--time", "-3"]),
        ("error-samples", ["recommend", WHIST, "-n", "0"]),
        ("error-jobs", ["recommend", WHIST, "-j", "100000"]),
        ("error-tt", ["analyze", WHIST, "--tt-mb", "99999999999"]),
        ("error-seats", ["play", "whist", "--seats", "pimc:0/0", "--seed", "1"]),
    ]
    return out


# The one mask: measured times and rates (see the module's docstring).
TIMING = re.compile(
    r"\d[\d,]*(?:\.\d+)?\s?(?:ms|µs|us|ns|s|min)\b"
    r"|\d[\d,.]*\s?[kMG]?(?:nodes)?/s\b"
    r'|"(?:[a-z0-9]+_)*(?:ms|s|seconds|elapsed|time|rss_mb|per_second|rate)(?:_[a-z0-9]+)*"'
    r":\s?-?[\d.eE+-]+"
)


def mask(text: str) -> str:
    """The text with every measured time or rate replaced by ``<T>``."""
    return TIMING.sub("<T>", text)


def run_one(tricksolver: str, args: list[str], cwd: Path) -> str:
    """Run one command (an argument ``@ARGS``: what ``tricksolver ARGS`` prints)."""
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", TERM="dumb")
    args = [
        subprocess.run(
            [tricksolver, *a[1:].split()], cwd=cwd, capture_output=True, text=True, env=env
        ).stdout.strip()
        if a.startswith("@")
        else a
        for a in args
    ]
    proc = subprocess.run(
        [tricksolver, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    return (
        f"$ tricksolver {' '.join(args)}\n"
        f"exit {proc.returncode}\n"
        f"--- stdout\n{mask(proc.stdout)}"
        f"--- stderr\n{mask(proc.stderr)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tricksolver", required=True, help="the tricksolver console script to run"
    )
    parser.add_argument(
        "--cwd",
        default=str(Path(__file__).resolve().parent.parent),
        help="a checkout (for the files)",
    )
    parser.add_argument("-k", default="", help="only the commands whose name matches this regex")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--record", metavar="DIR")
    group.add_argument("--check", metavar="DIR", help="compare; what differs is written to DIR.new")
    opts = parser.parse_args()
    cwd = Path(opts.cwd)
    differ = 0
    for name, args in commands():
        if not re.search(opts.k, name):
            continue
        text = run_one(opts.tricksolver, args, cwd)
        if opts.record:
            Path(opts.record).mkdir(parents=True, exist_ok=True)
            (Path(opts.record) / f"{name}.out").write_text(text)
            print(f"recorded {name}", flush=True)
        else:
            saved_file = Path(opts.check) / f"{name}.out"
            same = saved_file.exists() and saved_file.read_text() == text
            differ += not same
            if not same:
                Path(opts.check + ".new").mkdir(exist_ok=True)
                (Path(opts.check + ".new") / f"{name}.out").write_text(text)
            print(f"{'same  ' if same else 'DIFFER'} {name}", flush=True)
    if opts.check:
        print(f"{differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
