"""Labelled positions for the learned evaluation: fresh deals played forward
to a trick start with K tricks left, each valued exactly for every side.

    python -m train.positions --variant whist --k 6 --count 1000 --seed 1 \\
        --out /work/evaldata/whist/train_k6.jsonl [--max-nodes 50M] [--moves]

Position `index` of a run (0 .. count-1) comes from its own generator,
seeded by the variant, `--seed`, K and the index alone, so a position does not
depend on the others and a run can stop anywhere and resume:

1. a deal: the game's own (`Game.match_deal`, the dealer going round with
   the index), its decisions before play (discards, trump, calls) made by
   the ``heuristic`` player;
2. the play: each card by the ``heuristic`` player, or, with probability
   `RANDOM_SHARE`, a random legal card (varied but natural positions), up
   to the first lead (phase ``play``, no card on the table) with exactly K
   tricks left; a hand that ends before that (a Cinch or Chinkway hand can
   be decided early) is dealt again from the same generator, at most
   `MOST_REDEALS` times;
3. its labels: `Solver.solve(pos, side)` for every side, and with
   ``--moves`` every legal move's value for the side to move
   (`Solver.analyze`), each search within `--max-nodes` (a fresh table for
   each position, so the counts do not depend on what came before).  A
   search cut short by the cap gives no value: the line says
   ``"capped": true`` and holds no values.

The output (one JSON object a line, train/README.md lists the keys) is
appended to: what the file holds already (by index) is skipped, a line cut
off by a crash dropped.  Ctrl-C stops the search at once and ends the run
with status 130, the lines finished kept (no line is half written).
Progress goes to stderr, a line a position.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import random
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from solver.doubledummy import Solver
from solver.errors import TricksolverError
from solver.games.base import Phase, Position
from solver.games.registry import GAMES
from solver.players import make_player
from solver.position import parse_position, view_of
from solver.timing import in_worker
from train.variants import VARIANTS  # the one table of variants

POLICY = "heuristic"  # the player that plays the hand forward
RANDOM_SHARE = 0.2  # share of cards played at random instead of by the policy
MOST_REDEALS = 50  # deals tried for a position before giving up (a hand over too soon)
DEFAULT_MAX_NODES = 50_000_000  # the node cap of each search
TT_MB = 256  # the table of the searches
MOST_COUNT = 10_000_000  # positions a run may ask for
SECONDS_DIGITS = 4  # of the times written
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class GeneratorError(TricksolverError):
    """A run that cannot go on: bad arguments or an output file not of this run."""


def tricks_left(pos: Position) -> int | None:
    """Tricks still to play (None before play)."""
    core = pos.core
    return None if core is None else core.total_tricks - core.tricks_played


def at_trick_start(pos: Position) -> bool:
    """The first lead of a trick: a card to play and none on the table."""
    return pos.phase == Phase.PLAY and not pos.current_trick()


def position_rng(variant: str, seed: int, k: int, index: int) -> random.Random:
    """The generator of position `index` of a run (nothing else seeds it; the
    runs of two k or two seeds deal different hands)."""
    return random.Random(f"tricksolver train positions {variant} seed {seed} k {k} index {index}")


def _played_to(pos: Position, k: int, rng: random.Random) -> Position | None:
    """`pos` played forward to a trick start with `k` tricks left, or None
    when the hand ends first."""
    policy = make_player(POLICY)
    while not pos.is_over:
        left = tricks_left(pos)
        if left is not None and left < k:
            return None
        if left == k and at_trick_start(pos):
            return pos
        moves = pos.legal_moves()
        if pos.core is not None and rng.random() < RANDOM_SHARE:
            move = rng.choice(moves)
        else:
            move = policy.choose(view_of(pos, pos.to_move), rng)
        pos.play(move)
    return None


def make_position(variant: str, seed: int, index: int, k: int) -> Position:
    """Position `index` of a run: a deal played to a trick start with `k`
    tricks left (module docstring)."""
    v = VARIANTS[variant]
    rng = position_rng(variant, seed, k, index)
    for _ in range(MOST_REDEALS):
        deal = GAMES[v.game].match_deal(rng.getrandbits(63), v.seats, index)
        pos = _played_to(deal, k, rng)
        if pos is not None:
            return pos
    raise GeneratorError(f"{variant}: no hand of {MOST_REDEALS} reached {k} tricks left")


def hand_tricks(variant: str) -> int:
    """The tricks of a hand of `variant` (its first deal's)."""
    v = VARIANTS[variant]
    pos = GAMES[v.game].match_deal(0, v.seats, 0)
    rng = random.Random(0)
    while pos.core is None:
        pos.play(rng.choice(pos.legal_moves()))
    return pos.core.total_tricks


@dataclass(frozen=True)
class Labels:
    """What the searches of one position found: every side's value, and
    (with moves) each legal move's value for the side to move, None where
    the node cap cut a search; nodes and seconds of them all."""

    values: list[int] | None
    moves: dict[str, int] | None
    nodes: int
    seconds: float


def label(solver: Solver, pos: Position, with_moves: bool) -> Labels:
    """Every side's exact value (`Solver.solve`: from this position on, as it
    reports it) and, with `with_moves`, every legal move's
    (`Solver.analyze`, for the side to move); None for either when a
    search hit the node cap."""
    core = pos.core
    assert core is not None
    solver.clear()
    nodes, seconds = 0, 0.0
    values: list[int] | None = []
    for side in range(core.nsides):
        solution = solver.solve(pos, side)
        nodes += solution.stats.nodes
        seconds += solution.stats.seconds
        if not solution.stats.exact:
            values = None
            break
        assert values is not None
        values.append(solution.value)
    moves: dict[str, int] | None = None
    if with_moves and values is not None:
        solver.clear()
        analysis = solver.analyze(pos, pv=False)
        nodes += analysis.stats.nodes
        seconds += analysis.stats.seconds
        if analysis.stats.exact:
            moves = {str(m.card): m.value for m in analysis.moves}
        else:
            values = None
    return Labels(values, moves, nodes, seconds)


def record(
    variant: str, seed: int, index: int, k: int, pos: Position, labels: Labels, cpu: float
) -> str:
    """The JSON line of a position (train/README.md); `cpu` the process's CPU
    seconds of its searches."""
    core = pos.core
    assert core is not None
    out: dict[str, Any] = {
        "variant": variant,
        "seed": seed,
        "index": index,
        "k": k,
        "position": pos.to_line(),
        "sides": list(range(core.nsides)),
    }
    if labels.values is None:
        out["capped"] = True
    else:
        out["values"] = labels.values
        if labels.moves is not None:
            out["moves"] = labels.moves
    out["nodes"] = labels.nodes
    out["seconds"] = round(labels.seconds, SECONDS_DIGITS)
    out["cpu"] = round(cpu, SECONDS_DIGITS)
    return json.dumps(out, separators=(",", ":"))


def done_indices(path: Path, variant: str, seed: int, k: int) -> set[int]:
    """The indices the file holds (of this run: GeneratorError for a line of
    another variant, seed or k); a last line cut off is dropped from the file."""
    if not path.exists():
        return set()
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):  # a line cut off (a crash mid-write): not a position
        with path.open("r+b") as f:
            f.truncate(end)
    done = set()
    for n, line in enumerate(data[:end].decode("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            mine = (row["variant"], row["seed"], row["k"]) == (variant, seed, k)
            index = int(row["index"])
        except (ValueError, KeyError, TypeError):
            raise GeneratorError(f"{path}:{n}: not a line of positions") from None
        if not mine:
            raise GeneratorError(
                f"{path}:{n}: a position of another run "
                f"({row['variant']}, seed {row['seed']}, k {row['k']})"
            )
        done.add(index)
    return done


def to_do(count: int, done: set[int]) -> Iterator[int]:
    return (i for i in range(count) if i not in done)


def check_args(variant: str, k: int, count: int, max_nodes: int) -> None:
    if variant not in VARIANTS:
        raise GeneratorError(f"unknown variant {variant!r} (one of {', '.join(VARIANTS)})")
    if not 0 <= count <= MOST_COUNT:
        raise GeneratorError(f"--count must be 0 to {MOST_COUNT:,}, not {count}")
    if max_nodes < 0:
        raise GeneratorError("--max-nodes must not be negative (0: no cap)")
    most = hand_tricks(variant)
    if not 1 <= k <= most:
        raise GeneratorError(f"--k must be 1 to {most} for {variant}, not {k}")


def run(
    variant: str,
    k: int,
    count: int,
    seed: int,
    out: Path,
    max_nodes: int = DEFAULT_MAX_NODES,
    moves: bool = False,
    progress: bool = True,
) -> int:
    """Write the positions of a run that `out` lacks; the number written.
    Ctrl-C: KeyboardInterrupt after the lines finished (`Interrupted` when it
    stopped a search).  GeneratorError when another run writes `out`."""
    check_args(variant, k, count, max_nodes)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as f:
        try:  # one run a file: two appending to it would write an index twice
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise GeneratorError(f"{out}: another run is writing it") from None
        done = done_indices(out, variant, seed, k)
        solver = Solver(tt_mb=TT_MB, max_nodes=max_nodes)
        written = 0
        for index in to_do(count, done):
            pos = make_position(variant, seed, index, k)
            cpu = time.process_time()
            labels, _ = in_worker(solver, partial(label, solver, pos, moves))
            cpu = time.process_time() - cpu
            f.write(record(variant, seed, index, k, pos, labels, cpu) + "\n")
            f.flush()
            written += 1
            if progress:
                state = "capped" if labels.values is None else f"{labels.values}"
                print(
                    f"{variant} k={k} {len(done) + written}/{count} index {index}: {state} "
                    f"{labels.nodes:,} nodes {labels.seconds:.2f} s",
                    file=sys.stderr,
                    flush=True,
                )
    return written


def count_text(text: str) -> int:
    """A count with an optional k/M suffix (``50M``)."""
    scale = {"k": 1_000, "m": 1_000_000}
    t = text.strip().lower().replace("_", "").replace(",", "")
    try:
        if t and t[-1] in scale:
            return int(float(t[:-1]) * scale[t[-1]])
        return int(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a count: {text!r}") from None


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m train.positions",
        description="Labelled positions at a trick start with K tricks left, valued exactly.",
    )
    p.add_argument("--variant", required=True, help=", ".join(VARIANTS))
    p.add_argument("--k", type=int, required=True, help="tricks left at the position")
    p.add_argument("--count", type=count_text, required=True, help="positions of the run")
    p.add_argument("--seed", type=int, required=True, help="the run's seed")
    p.add_argument("--out", type=Path, required=True, help="the JSON-lines file (appended to)")
    p.add_argument(
        "--max-nodes",
        type=count_text,
        default=DEFAULT_MAX_NODES,
        help=f"node cap of each search (default {DEFAULT_MAX_NODES:,}; 0: none)",
    )
    p.add_argument("--moves", action="store_true", help="also every legal move's value")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return p


def ctrl_c_stops() -> None:
    """Ctrl-C (SIGINT) raises KeyboardInterrupt, even in a run started in
    the background, where the shell ignores it (``kill -INT`` stops a run)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    ctrl_c_stops()
    try:
        run(
            args.variant,
            args.k,
            args.count,
            args.seed,
            args.out,
            args.max_nodes,
            args.moves,
            not args.quiet,
        )
    except KeyboardInterrupt:  # in a search (`Interrupted`) or between them
        print("train.positions: interrupted; the lines finished are kept", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (TricksolverError, OSError) as e:
        print(f"train.positions: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def read_back(line: str) -> Position:
    """The position of a line (its notation read back)."""
    return parse_position(json.loads(line)["position"])


if __name__ == "__main__":
    sys.exit(main())
