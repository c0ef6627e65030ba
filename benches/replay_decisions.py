"""Paired replays of decisions where the judge stops: two settings compared
decision by decision, with common random numbers, at the decision points
the judge cannot value (`judge_decisions.py`: a world there passes its
node cap: two- and three-player Chinese Whist early and at the first lead,
four-player at the first lead, the decisions before play in Chinkway and
Chinese Whist).

Replay r of a point: one world is drawn from the deciding seat's view with
the replay's seed (`replay_seed`: from the point, r and `--seed`); setting
A and setting B each choose from the view, each with a generator of the
same seed; then the hand is played out from each choice in that world by
the SAME continuation player in every seat (`--continuation`: a cheap
decent player), each move's generator seeded by the replay's seed and the
moves made, so the two lines differ only by the choice and what follows
from it.  The replay's value is the deciding seat's hand score after A's
choice minus after B's (`Position.scores`: the hand's score, the points a
match counts; 0 when both chose the same move: the lines are then the
same).  Reported per variant and phase: the replays, those whose choices
differed, the mean paired difference with its 95% t interval (positive: A
is better for the deciding side), its standard deviation, and the replays
needed to resolve `RESOLVE` (the 95% half-interval at that size, from the
measured spread: (1.96 sd / RESOLVE)^2).

The replays run on the batch engine (`solver.batch.run_calls`: `--jobs`
worker processes, each setting with one worker of its own), with progress,
`--time` (no replay is begun after it), Ctrl-C (the replays done are
reported, status 130) and `--seed` (the same seed, the same replays: a
setting with a time limit aside).

    python benches/replay_decisions.py --a pimc --b heuristic --replays 50
    python benches/replay_decisions.py --a pimc --b pimc:16/300k --jobs 2 \\
        --variants chinese-whist-2 --phases first-lead --replays 400 --time 3600
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.decision_points import DATA  # noqa: E402
from solver.batch import run_calls  # noqa: E402
from solver.decision_bench import setting  # noqa: E402
from solver.decision_points import (  # noqa: E402
    JUDGE_NAME,
    PHASES,
    POINTS_NAME,
    DecisionPoint,
    chosen,
    load_points,
)
from solver.errors import TricksolverError  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.judgement import Judged, load_judgements  # noqa: E402
from solver.match import Summary  # noqa: E402
from solver.players import make_player  # noqa: E402
from solver.position import view_of  # noqa: E402
from solver.sampling import Sampler  # noqa: E402

CONTINUATION = "heuristic"  # the player of every seat after the decision, by default
REPLAYS = 20  # replays a point, by default
MOST_REPLAYS = 100_000
RESOLVE = 0.25  # the difference a deal the report says how many replays would resolve
Z95 = 1.96  # the normal quantile of a 95% two-sided interval
SEED_BITS = 31


def replay_seed(point_id: str, replay: int, seed: int) -> int:
    """The seed of replay `replay` of a point: its world and its generators."""
    digest = hashlib.sha256(f"replay {seed} {point_id} {replay}".encode()).digest()
    return int.from_bytes(digest[:8], "little") % (1 << SEED_BITS)


def where_the_judge_stops(
    points: Sequence[DecisionPoint], judgements: dict[str, Judged], min_worlds: int
) -> list[DecisionPoint]:
    """The points of every variant and phase where the judge leaves some
    point short (judged on fewer than `min_worlds` worlds)."""
    short = {
        (p.variant, p.phase)
        for p in points
        if p.id not in judgements or not judgements[p.id].counts(min_worlds)
    }
    return [p for p in points if (p.variant, p.phase) in short]


@dataclass(frozen=True)
class Replay:
    """What a worker needs for one replay (picklable)."""

    point: DecisionPoint
    replay: int
    seed: int
    a: str
    b: str
    continuation: str


@dataclass(frozen=True)
class Replayed:
    """One replay's outcome: the two moves chosen, the deciding seat's hand
    score after each (equal when the moves are), and the seconds it took."""

    point: str
    variant: str
    phase: str
    replay: int
    move_a: str
    move_b: str
    score_a: float
    score_b: float
    seconds: float

    @property
    def difference(self) -> float:
        return self.score_a - self.score_b


def _move(pos: Position, text: str) -> Any:
    return next(m for m in pos.legal_moves() if str(m) == text)


def play_out(world: Position, move: str, seat: int, continuation: str, seed: int) -> float:
    """The hand score of `seat` once `move` is made in `world` and the hand
    played out by `continuation` in every seat, each move's generator
    seeded by `seed` and the moves made."""
    pos = world.copy()
    pos.play(_move(pos, move))
    players = [make_player(continuation) for _ in range(pos.nseats)]
    while not pos.is_over:
        mover = pos.to_move
        rng = random.Random(f"replay {seed} move {len(pos.history)}")
        pos.play(players[mover].choose(view_of(pos, mover), rng))
    return float(pos.scores()[seat])


def replay(task: Replay) -> Replayed:
    """Replay `task.replay` of its point (module level: run in a worker)."""
    started = time.perf_counter()
    point, s = task.point, replay_seed(task.point.id, task.replay, task.seed)
    world = Sampler(point.read_view()).sample(1, s)[0]
    moves = []
    for spec in (task.a, task.b):  # the same view, a generator of the same seed
        moves.append(setting(spec, jobs=1)(point, random.Random(f"replay {s} choice")))
    score_a = play_out(world, moves[0], point.seat, task.continuation, s)
    score_b = score_a if moves[1] == moves[0] else play_out(
        world, moves[1], point.seat, task.continuation, s
    )  # fmt: skip
    return Replayed(point.id, point.variant, point.phase, task.replay, moves[0], moves[1],
                    score_a, score_b, time.perf_counter() - started)  # fmt: skip


def run(
    tasks: Sequence[Replay],
    jobs: int | None = None,
    seconds: float | None = None,
    progress: Callable[[Replayed], None] | None = None,
) -> tuple[list[Replayed], str | None]:
    """Every replay of `tasks` on the batch engine; (the replays done, why it
    stopped early: None, "interrupted" for Ctrl-C, "time" for the limit)."""
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set) if seconds else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    done: list[Replayed] = []
    try:
        for _, got in run_calls(replay, list(enumerate(tasks)), jobs=jobs, stop=stop):
            done.append(got)
            if progress is not None:
                progress(got)
    except KeyboardInterrupt:  # Ctrl-C, or the time limit (the engine stops so on `stop`)
        return done, "time" if stop.is_set() else "interrupted"
    finally:
        if timer is not None:
            timer.cancel()
    return done, ("time" if stop.is_set() and len(done) < len(tasks) else None)


def needed(sd: float | None) -> int | None:
    """Replays for a 95% half-interval of RESOLVE, from the spread `sd`."""
    return None if sd is None else math.ceil((Z95 * sd / RESOLVE) ** 2)


def report(done: Iterable[Replayed]) -> list[dict[str, Any]]:
    """Per variant and phase (phases in PHASES order), then per variant."""
    cells: dict[tuple[str, str], list[Replayed]] = defaultdict(list)
    for r in done:
        cells[(r.variant, r.phase)].append(r)
        cells[(r.variant, "all")].append(r)
    order = {ph: i for i, ph in enumerate((*PHASES, "all"))}
    rows = []
    for (variant, phase), mine in sorted(cells.items(), key=lambda c: (c[0][0], order[c[0][1]])):
        s = Summary.of([r.difference for r in mine])
        rows.append({
            "variant": variant, "phase": phase, "replays": len(mine),
            "points": len({r.point for r in mine}),
            "differed": sum(r.move_a != r.move_b for r in mine),
            "mean_difference": round(s.mean, 4),
            "ci95": None if s.low is None else [round(s.low, 4), round(s.high or 0, 4)],
            "sd": None if s.sd is None else round(s.sd, 4),
            "replays_to_resolve": needed(s.sd),
            "seconds_per_replay": round(sum(r.seconds for r in mine) / len(mine), 3),
        })  # fmt: skip
    return rows


def render(rows: Sequence[dict[str, Any]], a: str, b: str, continuation: str) -> str:
    lines = [
        f"paired replays: {a} (A) against {b} (B), played out by {continuation};"
        " A's hand score minus B's for the deciding seat (positive: A better)",
        f"{'variant':16} {'phase':10} {'points':>6} {'replays':>7} {'differed':>8}"
        f" {'mean':>7} {'95% interval':>18} {'sd':>6} {'to resolve ' + str(RESOLVE):>16}"
        " s/replay",
    ]
    for r in rows:
        ci = "-" if r["ci95"] is None else f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]"
        sd = "-" if r["sd"] is None else f"{r['sd']:.3f}"
        need = "-" if r["replays_to_resolve"] is None else f"{r['replays_to_resolve']:,}"
        lines.append(
            f"{r['variant']:16} {r['phase']:10} {r['points']:6} {r['replays']:7}"
            f" {r['differed']:8} {r['mean_difference']:+7.3f} {ci:>18} {sd:>6} {need:>16}"
            f" {r['seconds_per_replay']}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--a", default="pimc", help="setting A (a player or recommend[:...])")
    ap.add_argument("--b", default="heuristic", help="setting B")
    ap.add_argument("--continuation", default=CONTINUATION, help="the player after the choice")
    ap.add_argument("--replays", type=int, default=REPLAYS, help="replays a point")
    ap.add_argument("--variants", default="", help="comma list (default: all)")
    ap.add_argument(
        "--phases", default="", help="comma list (default: where the judge leaves points short)"
    )
    ap.add_argument(
        "--min-worlds", type=int, default=10, help="the judge's worlds a point counts on"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (one a core)")
    ap.add_argument("--time", type=float, default=0.0, help="the run's seconds (0: no limit)")
    ap.add_argument("--data", type=Path, default=DATA, help="the folder of the points")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)
    try:
        if not 1 <= args.replays <= MOST_REPLAYS:
            raise ValueError(f"--replays must be 1 to {MOST_REPLAYS:,}")
        if args.jobs is not None and args.jobs < 1:
            raise ValueError("--jobs must be 1 or more")
        if not 0 <= args.time < math.inf or args.min_worlds < 1:
            raise ValueError("--time must be seconds (0: no limit), --min-worlds 1 or more")
        for spec in (args.a, args.b):
            setting(spec, jobs=1)
        make_player(args.continuation)
        points = chosen(load_points(args.data / POINTS_NAME), args.variants, args.phases)
        if not args.phases:
            judgements = load_judgements(args.data / JUDGE_NAME)
            points = where_the_judge_stops(points, judgements, args.min_worlds)
    except (ValueError, TricksolverError) as e:
        raise SystemExit(f"replay_decisions: {e}") from None
    tasks = [
        Replay(p, r, args.seed, args.a, args.b, args.continuation)
        for r in range(args.replays)
        for p in points
    ]  # replay 0 of every point first: a run stopped early covers every point
    count = [0]

    def say(r: Replayed) -> None:
        count[0] += 1
        print(f"{count[0]}/{len(tasks)} {r.point} #{r.replay}: {r.move_a} / {r.move_b}"
              f" {r.difference:+g}", file=sys.stderr, flush=True)  # fmt: skip

    try:
        done, stopped = run(tasks, args.jobs, args.time or None, None if args.quiet else say)
    except TricksolverError as e:
        raise SystemExit(f"replay_decisions: {e}") from None
    rows = report(done)
    if args.json:
        print(json.dumps({"a": args.a, "b": args.b, "continuation": args.continuation,
                          "seed": args.seed, "replays_asked": len(tasks), "replays_done": len(done),
                          "stopped": stopped, "rows": rows}, indent=2))  # fmt: skip
    else:
        print(render(rows, args.a, args.b, args.continuation))
        print(
            f"{len(done)} of {len(tasks)} replays" + (f" (stopped: {stopped})" if stopped else "")
        )
    if stopped == "interrupted":
        raise SystemExit(130)


if __name__ == "__main__":
    main()
