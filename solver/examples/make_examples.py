"""Regenerate the example positions bundled with tricksolver.

Run from anywhere, with the package installed::

    python solver/examples/make_examples.py

Each example is the output of ``tricksolver deal GAME --seed N`` (run here
through the real command), followed by moves picked at random with the same
seed until the picture shows what the example is for (a trick on the table,
a turned-up pile card, claims, ...).  The moves are legal by construction, so
a change of the rules or of the deal can change an example but never break
it; the file's first lines say how it was made.  `tricksolver show --example
NAME` draws them; NAME is the file name without ``.toml``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

import solver
from solver import ChineseWhist, Chinkway, Cinch, Phase, Position
from solver.cli.main import main
from solver.notation import to_toml

HERE = Path(__file__).resolve().parent
MAX_MOVES = 200  # every hand of every game ends well before this


def mid_trick(pos: Position) -> bool:
    return pos.phase == Phase.PLAY and len(pos.current_trick()) >= 2


def tricks_done(pos: Position) -> int:
    return sum(pos.tricks_won())


def has_turned_up_card(pos: Position) -> bool:
    assert isinstance(pos, ChineseWhist)
    return any(
        top is None and under is not None and not face_down
        for seat in pos.iter_seats()
        for top, under, face_down in pos.pile_view(seat)
    )


def claims_by_two_sides(pos: Position) -> bool:
    """At least three claims, made by at least two sides."""
    assert isinstance(pos, Chinkway)
    claimers = [seat for seat in pos.iter_seats() for _ in pos.claims(seat)]
    return len(claimers) >= 3 and len({pos.sides()[seat] for seat in claimers}) >= 2


def cinch_points_held(pos: Position) -> int:
    assert isinstance(pos, Cinch)
    return sum(len(pos.points(side)) for side in (0, 1))


@dataclass
class Example:
    """An example: a deal, then random legal moves until `ready` holds."""

    name: str
    game: str
    seed: int
    what: str  # one line for the file's header
    options: list[str] = field(default_factory=list)
    ready: Callable[[Position], bool] = lambda pos: True
    pbn: bool = False  # write whist hands as one PBN deal string

    @property
    def deal_args(self) -> list[str]:
        """The arguments of the `tricksolver deal` command it starts from."""
        return ["deal", self.game, "--seed", str(self.seed), *self.options]


EXAMPLES = [
    Example(
        "whist",
        "whist",
        11,
        "a whist deal in PBN form, two tricks in, mid-trick",
        ready=lambda p: tricks_done(p) == 2 and mid_trick(p),
        pbn=True,
    ),
    Example(
        "chinkway",
        "chinkway",
        4,
        "Chinkway, mid-play, with claims by two sides",
        ready=lambda p: claims_by_two_sides(p) and mid_trick(p),
    ),
    Example(
        "chinese-whist",
        "chinese-whist",
        8,
        "four-player Chinese Whist, mid-play, a pile card turned up",
        ready=lambda p: tricks_done(p) >= 3 and mid_trick(p) and has_turned_up_card(p),
    ),
    Example(
        "chinese-whist-2",
        "chinese-whist",
        2,
        "two-player Chinese Whist, mid-play",
        options=["--players", "2"],
        ready=lambda p: tricks_done(p) >= 6 and len(p.current_trick()) == 1,
    ),
    Example(
        "chinese-whist-3",
        "chinese-whist",
        3,
        "three-player Chinese Whist, mid-play",
        options=["--players", "3"],
        ready=lambda p: tricks_done(p) >= 4 and mid_trick(p) and has_turned_up_card(p),
    ),
    Example(
        "cinch",
        "cinch",
        6,
        "Cinch, mid-play, points already taken",
        ready=lambda p: p.phase == Phase.PLAY and cinch_points_held(p) > 0 and mid_trick(p),
    ),
]


def dealt(example: Example) -> Position:
    """The position `tricksolver deal` prints for the example."""
    result = CliRunner().invoke(main, example.deal_args)
    if result.exit_code != 0:
        raise SystemExit(f"tricksolver {' '.join(example.deal_args)} failed: {result.output}")
    return solver.parse_position(result.stdout)


def make(example: Example) -> str:
    """The example's file text: a header, then the position in TOML."""
    pos = dealt(example)
    rng = random.Random(example.seed)
    moves: list[str] = []
    while not example.ready(pos):
        if pos.is_over or len(moves) >= MAX_MOVES:
            raise SystemExit(f"{example.name}: the hand ended before the example was ready")
        move = rng.choice(pos.legal_moves())
        pos.play(move)
        moves.append(str(move))
    fields = pos.to_fields()
    if example.pbn:
        fields["hands"] = "N:" + " ".join(fields["hands"])
    text = to_toml(fields)
    if solver.parse_position(text) != pos:
        raise SystemExit(f"{example.name}: the written position does not read back the same")
    command = " ".join(["tricksolver", *example.deal_args])
    header = [
        f"# {example.what[0].upper()}{example.what[1:]}.",
        f"# Made by make_examples.py: `{command}`,",
        f"# then {len(moves)} random legal moves (seed {example.seed}).",
        "",
    ]
    return "\n".join(header) + text


def main_script() -> None:
    for example in EXAMPLES:
        path = HERE / f"{example.name}.toml"
        path.write_text(make(example), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main_script()
