"""The decision points of the decision-quality bench: what they are and how
they are read (`solver.decision_bench` measures a setting on them; the
repository's `benches/decision_points.py` makes them).

A *decision point* is one decision a seat faced in a hand played by the
`pimc` player: a card to play or claim, or a decision before play, stored
as the deciding seat's view in the project's notation (one line) with its
variant, phase, seed and where it came from.  A version of the points and
of the judge's values of their moves (`solver.judgement`) is a folder:
``points.jsonl`` and ``judge.jsonl``.  The folder of version `v` (one of
`SETS`) is `benches/data/decisions/v` of the repository (megabytes: not
shipped in the package); `data_folder` finds it beside a checkout's
package.  A point says the version it was made for (`version`): a set may
take over an earlier set's points with their judge's lines, and the judge
draws a point's worlds by the point's version.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solver.errors import BenchDataError
from solver.games.base import Position
from solver.position import parse_position, parse_view
from solver.view import View

VERSION = "v1"  # the set a point is of when it does not say (the first set's points do)
SETS = ("v1", "v2")  # the sets of the repository, oldest first
DEFAULT_SET = "v1"  # the set the bench measures when not told: all its phases judged
DECISIONS_DATA = Path("benches") / "data" / "decisions"  # in the repository: a folder a set
REPOSITORY_DATA = DECISIONS_DATA / DEFAULT_SET
POINTS_NAME = "points.jsonl"
JUDGE_NAME = "judge.jsonl"
BEFORE = "before"  # the phase of a decision before the first lead
PLAY_PHASES = ("first-lead", "early", "middle", "late", "end")
PHASES = (BEFORE, *PLAY_PHASES)
WHERE = (
    "the decision bench's points and judge are in the tricksolver repository, "
    f"{REPOSITORY_DATA.as_posix()}: run from a checkout or give --data FOLDER"
)


def set_folder(name: str = DEFAULT_SET) -> Path:
    """The folder of set `name` beside this package (a checkout, or an
    editable install); BenchDataError for a set not in SETS."""
    if name not in SETS:
        raise BenchDataError(f"unknown decision set {name!r} (one of {', '.join(SETS)})")
    return Path(__file__).resolve().parent.parent / DECISIONS_DATA / name


def data_folder(given: Path | None = None, name: str = DEFAULT_SET) -> Path:
    """The folder of the points and the judge: `given`, else set `name`'s
    of the repository beside this package (a checkout, or an editable
    install).  BenchDataError saying where to get it when it holds no
    points."""
    folder = given if given is not None else set_folder(name)
    if not (folder / POINTS_NAME).is_file():
        raise BenchDataError(f"no {POINTS_NAME} in {folder}: {WHERE}")
    return folder


@dataclass(frozen=True)
class DecisionPoint:
    """One decision: `view` (the deciding seat's view, one line) and the
    hand it came from (`position`, the full deal at the decision, one line:
    provenance, and the legal moves' check; the bench hands a player a world
    drawn from the view, never this).  `phase` one of PHASES, with
    `tricks_played` of the hand's `tricks`; `moves` the legal moves (text);
    `played` the move the generating player made; `seed` the match seed,
    `deal` the deal's index and `move_number` the moves made in the hand
    before this one."""

    id: str
    variant: str
    phase: str
    tricks_played: int
    tricks: int
    seat: int  # 0-based
    view: str
    position: str
    moves: tuple[str, ...]
    played: str
    seed: int
    deal: int
    move_number: int
    player: str
    version: str = VERSION

    @property
    def tricks_left(self) -> int:
        return self.tricks - self.tricks_played

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["moves"] = list(self.moves)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DecisionPoint:
        return cls(**{**data, "moves": tuple(data["moves"])})

    def read_view(self) -> View:
        return parse_view(self.view)

    def read_position(self) -> Position:
        return parse_position(self.position)


def load_points(path: Path) -> list[DecisionPoint]:
    """The points of a file (one JSON object a line).  BenchDataError
    naming the file and line for anything else."""
    points = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise BenchDataError(f"{path}: cannot read: {e.strerror or e}") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            points.append(DecisionPoint.from_json(json.loads(line)))
        except (ValueError, TypeError, KeyError) as e:
            raise BenchDataError(f"{path}:{n}: not a decision point ({e})") from None
    return points


def chosen(
    points: Iterable[DecisionPoint], variants: str = "", phases: str = ""
) -> list[DecisionPoint]:
    """The points of the variants and phases named (comma lists; empty:
    all).  BenchDataError for a variant no point has or an unknown phase."""
    points = list(points)
    known = list(dict.fromkeys(p.variant for p in points))
    names = [v.strip() for v in variants.split(",") if v.strip()]
    unknown = [v for v in names if v not in known]
    if unknown:
        raise BenchDataError(f"unknown variant {unknown[0]!r} (one of {', '.join(known)})")
    wanted = [p.strip() for p in phases.split(",") if p.strip()]
    unknown = [p for p in wanted if p not in PHASES]
    if unknown:
        raise BenchDataError(f"unknown phase {unknown[0]!r} (one of {', '.join(PHASES)})")
    return [
        p for p in points if (not names or p.variant in names) and (not wanted or p.phase in wanted)
    ]
