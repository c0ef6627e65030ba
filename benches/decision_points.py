"""The decision points of the decision-quality bench (`bench_decisions.py`), and the
script that makes them.

A *decision point* is one decision a seat faced in a hand played by the
`pimc` player (every seat, seeded): a card to play or claim, or a decision
before play (the Chinkway dealer's discards and trump, the Chinese Whist
dealer's trump, a Cinch call, trump or excess-trump discard), stored as the
deciding seat's view in the project's notation (one line,
`solver.parse_view` reads it back) with its variant, phase, seed and where
it came from.  `judge_decisions.py` values every legal move of every point;
`bench_decisions.py` measures a player against those values.

Which decisions of a hand become points (`pick_points`): in card play, one
decision (of two legal moves or more, chosen by the point's generator)
in each of the tricks `phase_tricks` names: the first lead (trick 0, the
lead itself), a quarter, half and three quarters of the way through the
hand (``early``, ``middle``, ``late``) and three tricks from the end
(``end``); before play, one decision of two moves or more where the game has
any.  The phase is stored as its name and as ``tricks_played`` / ``tricks``.

    python benches/decision_points.py            # writes benches/data/decisions/v1/points.jsonl
    python benches/decision_points.py --hands 1 --variants whist-4 --out /tmp/p.jsonl

The same arguments give the same file (the players draw from generators
seeded by the match's seed, the hand and the move).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.decision_points import (  # noqa: E402
    BEFORE,
    DEFAULT_SET,
    PHASES,
    POINTS_NAME,
    DecisionPoint,
    set_folder,
)
from solver.decision_points import load_points as read_points  # noqa: E402
from solver.errors import TricksolverError  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.match import deal_seed, match_deal  # noqa: E402
from solver.players import make_player  # noqa: E402
from solver.position import view_of  # noqa: E402
from tests.randpos import chosen_variants, variant_name  # noqa: E402

DATA = set_folder(DEFAULT_SET)  # the default set's folder
POINTS_FILE = DATA / POINTS_NAME
GENERATOR_PLAYER = "pimc:16/300k"  # the player of the hands the points come from
GENERATOR_SEED = 36  # the match seed of the hands
HANDS = 8  # hands a variant
END_LEFT = 3  # the ``end`` phase: this many tricks left
MOST_HANDS = 1_000


def load_points(path: Path = POINTS_FILE) -> list[DecisionPoint]:
    """The points of a file (`solver.decision_points.load_points`), by
    default the repository's."""
    return read_points(path)


def phase_tricks(tricks: int) -> dict[str, int]:
    """The trick of each phase of card play in a hand of `tricks` tricks
    (tricks played before it), phases that fall on the same trick kept once
    (the earlier name)."""
    wanted = {
        "first-lead": 0,
        "early": tricks // 4,
        "middle": tricks // 2,
        "late": (3 * tricks) // 4,
        "end": max(0, tricks - END_LEFT),
    }
    out: dict[str, int] = {}
    for name, k in wanted.items():
        if k not in out.values():
            out[name] = k
    return out


@dataclass(frozen=True)
class _Decision:
    """A decision of the hand as it was played."""

    position: Position  # before the move
    seat: int
    move: str
    move_number: int


def play_hand(
    game: str, players: int, seed: int, deal: int, player: str, phases: Sequence[str] = ()
) -> list[_Decision]:
    """Deal `deal` of a match of `seed`, played by `player` in every seat:
    every decision of two legal moves or more, in order; with `phases`, the
    hand stops once the last of their tricks is over (the decisions up to
    there are those of the whole hand: every move's generator is seeded by
    the move's number)."""
    pos = match_deal(game, players, deal_seed(seed, deal), deal)
    seats = [make_player(player) for _ in range(pos.nseats)]
    out = []
    while not pos.is_over:
        if phases and pos.core is not None:
            tricks = phase_tricks(pos.core.total_tricks)
            if pos.core.tricks_played > max((tricks.get(p, -1) for p in phases), default=-1):
                break
        seat = pos.to_move
        rng = random.Random(f"decision points {seed} deal {deal} move {len(pos.history)}")
        before = pos.copy()
        move = seats[seat].choose(view_of(pos, seat), rng)
        if len(before.legal_moves()) > 1:
            out.append(_Decision(before, seat, str(move), len(before.history)))
        pos.play(move)
    return out


def _trick_of(pos: Position) -> int | None:
    """Tricks played at a decision in play (None before play)."""
    return None if pos.core is None else pos.core.tricks_played


def pick_points(
    name: str, decisions: list[_Decision], seed: int, deal: int, player: str,
    version: str = DEFAULT_SET,
) -> Iterator[DecisionPoint]:  # fmt: skip
    """The points of one hand: one decision before play (if any) and one in
    each phase's trick, each chosen at random among those of its trick."""
    rng = random.Random(f"decision points {name} {seed} deal {deal}")
    in_play = [d for d in decisions if _trick_of(d.position) is not None]
    if not in_play:
        return
    first = in_play[0].position
    assert first.core is not None
    tricks = first.core.total_tricks
    before = [d for d in decisions if _trick_of(d.position) is None]
    chosen: list[tuple[str, int, _Decision]] = []
    if before:
        chosen.append((BEFORE, 0, rng.choice(before)))
    for phase, k in phase_tricks(tricks).items():
        here = [d for d in in_play if _trick_of(d.position) == k]
        if phase == "first-lead":
            here = [d for d in here if not d.position.current_trick()]
        if here:
            chosen.append((phase, k, rng.choice(here)))
    for phase, _, d in chosen:
        point = point_at(f"{name}/d{deal}/{phase}", name, phase, d.position, d.move, seed, deal)
        if point is not None:
            yield replace(point, player=player, version=version)


def point_at(
    point_id: str, variant: str, phase: str, position: Position, played: str, seed: int, deal: int
) -> DecisionPoint | None:
    """The point of the decision of the seat to move in `position` (None
    when it has fewer than two legal moves)."""
    seat = position.to_move
    view = view_of(position, seat)
    moves = tuple(str(m) for m in view.legal_moves())
    if len(moves) < 2:
        return None
    core = position.core
    tricks, played_tricks = 0, 0
    if core is not None:
        tricks, played_tricks = core.total_tricks, core.tricks_played
    else:
        start = position.copy()  # the hand's tricks, from its first lead
        while start.core is None:
            start.play(start.legal_moves()[0])
        assert start.core is not None
        tricks = start.core.total_tricks
    return DecisionPoint(
        point_id, variant, phase, played_tricks, tricks, seat, view.to_line(),
        position.to_line(), moves, played, seed, deal, len(position.history), "",
    )  # fmt: skip


def generate(
    variants: list[tuple[str, int]], hands: int, seed: int, player: str, log: bool = True,
    phases: Sequence[str] = (), first_deal: int = 0,
    done: Callable[[str, int], bool] = lambda name, deal: False, version: str = DEFAULT_SET,
) -> Iterator[DecisionPoint]:  # fmt: skip
    """The points of `hands` hands a variant (deals `first_deal` on), of
    `phases` only when given (the hands played only as far as those need:
    the same points as the whole hands give), the deals `done` says are
    left out."""
    for game, players in variants:
        name = variant_name(game, players)
        for deal in range(first_deal, first_deal + hands):
            if done(name, deal):
                continue
            started = time.perf_counter()
            decisions = play_hand(game, players, seed, deal, player, phases)
            got = [
                p
                for p in pick_points(name, decisions, seed, deal, player, version)
                if not phases or p.phase in phases
            ]
            if log:
                print(
                    f"{name} deal {deal}: {len(got)} points, {time.perf_counter() - started:.1f} s",
                    file=sys.stderr,
                    flush=True,
                )
            yield from got


def write_points(points: list[DecisionPoint], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(p.to_json(), sort_keys=True) + "\n" for p in points)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def append_points(points: Iterable[DecisionPoint], path: Path) -> int:
    """Add `points` to the file at `path` as they come (a line each,
    flushed); the number added."""
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with path.open("a", encoding="utf-8") as f:
        for p in points:
            f.write(json.dumps(p.to_json(), sort_keys=True) + "\n")
            f.flush()
            n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="", help="comma list, e.g. cinch-4 (default: all)")
    ap.add_argument("--hands", type=int, default=HANDS, help="hands a variant")
    ap.add_argument("--seed", type=int, default=GENERATOR_SEED)
    ap.add_argument("--player", default=GENERATOR_PLAYER)
    ap.add_argument("--set", default=DEFAULT_SET, help="the set the points are of")
    ap.add_argument("--out", type=Path, help="the file (default: the set's points.jsonl)")
    ap.add_argument("--phases", default="", help=f"comma list of {', '.join(PHASES)} (all)")
    ap.add_argument("--first-deal", type=int, default=0, help="the first deal's index")
    ap.add_argument(
        "--append",
        action="store_true",
        help="add to --out hand by hand, the deals it has points of left out (a rerun goes on)",
    )
    args = ap.parse_args()
    if not 1 <= args.hands <= MOST_HANDS:
        raise SystemExit(f"decision_points: --hands must be 1 to {MOST_HANDS:,}")
    if not 0 <= args.first_deal <= MOST_HANDS:
        raise SystemExit(f"decision_points: --first-deal must be 0 to {MOST_HANDS:,}")
    phases = [p.strip() for p in args.phases.split(",") if p.strip()]
    unknown = [p for p in phases if p not in PHASES]
    try:
        if unknown:
            raise ValueError(f"unknown phase {unknown[0]!r} (one of {', '.join(PHASES)})")
        variants = chosen_variants(args.variants)
        make_player(args.player)
        if args.out is None:
            args.out = set_folder(args.set) / POINTS_NAME
        held = read_points(args.out) if args.append and args.out.exists() else []
        have = {(p.variant, p.deal) for p in held}
        points = generate(
            variants, args.hands, args.seed, args.player, phases=phases,
            first_deal=args.first_deal, done=lambda name, deal: (name, deal) in have,
            version=args.set,
        )  # fmt: skip
        if args.append:
            n = append_points(points, args.out)
        else:
            listed = list(points)
            write_points(listed, args.out)
            n = len(listed)
    except ValueError as e:
        raise SystemExit(f"decision_points: {e}") from None
    except TricksolverError as e:
        raise SystemExit(f"decision_points: {e}") from None
    print(f"{n} points written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
