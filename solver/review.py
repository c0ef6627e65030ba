"""Reviewing a played hand, card by card, the way DDS's ``AnalysePlay``
does for bridge: the double-dummy value before and after every move played,
and the cost of every mistake.

    >>> import solver
    >>> from solver.review import review
    >>> start = solver.parse_position("whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A")
    >>> done = review(start, "KH, AH, AC, QH", solver.Solver(tt_mb=4))  # W throws AC
    >>> [(str(s.move), s.before.low, s.after.low, s.cost.low) for s in done.steps]
    [('KH', 1, 1, 0), ('AH', 2, 2, 0), ('AC', 1, 0, 1), ('QH', 3, 3, 0)]
    >>> [str(m) for m in done.steps[2].best]   # a ruff keeps E-W's trick
    ['8S', '7S']

Each `Step` is one move of the record, for the side of the seat that made
it (``side``; with three sides or more the value is *paranoid*, every other
side against it, as `solver.doubledummy` values them):

* ``before``: the side's value of the whole hand with best play from the
  position before the move: ``banked + v`` where ``v`` is the value
  `Solver.analyze` gives the position (its ``value``) and ``banked`` what
  the side had won before the move (`solver.banked.banked`: its tricks
  in whist and Chinese Whist; 0 in Cinch and Chinkway, whose values are
  already the whole hand's: the Cinch net hand score, the Chinkway quest
  score).  In a trick game it is the tricks the side takes in the hand.
* ``after``: the same after the move, best play from there on: ``banked +
  w`` where ``w`` is the played move's value in the analysis of the
  position before it (its `CardValue.value`; the hand's result,
  `value_after`, when the move ends the hand).
* ``cost``: ``before - after``, at least 0; the move is a ``mistake`` when
  its cost is proven above 0, and then ``best`` holds the moves proven best
  there (`Solver.analyze` of that position, which the review runs only at
  mistakes).

Values come from solves, not from an analysis of every move (as
``AnalysePlay``): the position after each move is solved once for the side
that moved (its guess the value before), one `Solver` and its table serving
the whole hand; with two sides (zero-sum) the value before the next move,
for the other side, follows from it.  A node or time limit of the Solver
cuts a search short: a value is then `Bounds` (what was proven), never
shown as a value, and a cost is claimed only where proven (``cost.low``).
Ctrl-C (KeyboardInterrupt, or `stop` set) ends the review with the steps
done, ``stopped`` ``"interrupted"``.

With ``view_seats``, at every decision of those seats with a choice, the
recommendation on the seat's view at that point (`solver.pimc.recommend`,
`samples` worlds, seeded: ``tricksolver recommend`` of that position with
the same seed gives the same answer) is set beside the card played: its top
card, the played card's and the top card's means (`ViewCheck`), so that
one sees whether the sampled view also chose the card, or preferred
another and by how much.

`review_board` is the per-board work of a batch run: a plain function of a
board's text, its recorded moves, `ReviewOptions` and a Solver, returning
the JSON record ``tricksolver review --json`` prints
(docs/schemas/review.schema.json).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver import deadline as wall
from solver.banked import banked, value_after
from solver.budget import Budget
from solver.doubledummy import Solver
from solver.drawing import seats_by_side
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.games.registry import game_of
from solver.moves import apply_moves, position_text
from solver.notation import parse_seat
from solver.pimc import recommend
from solver.position import parse_position
from solver.recommendation import MoveEstimate, Recommendation
from solver.search_results import NO_STATS, Bounds, SearchStats

REVIEW_SAMPLES = 50  # worlds of a view's recommendation at a decision, by default
VIEW_TT_MB = 16  # the table of a view's worker, MiB (small positions; the players' size)
VIEW_BUDGET = Budget(tt_mb=VIEW_TT_MB, worlds=REVIEW_SAMPLES, jobs=1)  # a view's, when not told
ALL_SEATS = "all"  # --view all: every seat's decisions
CLAIM_WORD = "claim"  # the one two-word move of the play (a Chinkway claim)
INTERRUPTED = "interrupted"

ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class ViewCheck:
    """What the seat's view said at its decision: the recommendation
    (`solver.pimc.Recommendation`) and the estimates of the card played and
    of the top card, with `banked` (the step's) to make whole-hand figures."""

    recommendation: Recommendation
    played: MoveEstimate
    banked: int

    @property
    def top(self) -> MoveEstimate:
        return self.recommendation.moves[0]

    @property
    def agrees(self) -> bool:
        """The view ranked the card played first, or level with the first."""
        return self.played.move == self.top.move or (
            not self.played.bounded and self.played.mean == self.top.mean
        )

    @property
    def shortfall(self) -> float:
        """How much lower the view put the card played than its top card
        (the mean difference; a lower bound when the card was raced out)."""
        return self.top.mean - self.played.mean

    def to_json(self) -> dict[str, Any]:
        rec = self.recommendation
        return {
            "best": str(self.top.move),
            "agrees": self.agrees,
            "best_mean": round(self.top.mean + self.banked, 4),
            "played_mean": None
            if self.played.bounded
            else round(self.played.mean + self.banked, 4),
            "played_at_most": round(self.played.mean + self.banked, 4)
            if self.played.bounded
            else None,
            "shortfall": round(self.shortfall, 4),
            "diff_low": None
            if self.played.diff_low is None or self.played.estimated
            else round(self.played.diff_low, 4),
            "diff_high": None
            if self.played.diff_high is None or self.played.bounded or self.played.estimated
            else round(self.played.diff_high, 4),
            "estimated": self.played.estimated or self.top.estimated,
            "exact_share": round(rec.exact_worlds / rec.worlds, 4) if rec.worlds else 0.0,
            "worlds": rec.worlds,
            "consistent_worlds": rec.consistent,
            "seed": rec.seed,
            "stopped": rec.stopped,
        }


@dataclass(frozen=True)
class Step:
    """One move of the record and its values for the mover's side, in
    whole-hand figures (the module's docstring says what each is)."""

    number: int  # its place in the moves reviewed, from 1
    trick: int  # the trick it belongs to, from 1 (a claim: the trick just won)
    seat: int  # the seat that made it
    side: int  # its side (the search's numbering): the values are this side's
    move: Move
    banked: int  # what the side had won before it (tricks; 0 in the games valued by score)
    before: Bounds  # the whole hand with best play from before the move
    after: Bounds  # the whole hand with best play after the move
    best: tuple[Move, ...] = ()  # at a mistake: the moves proven best there
    view: ViewCheck | None = None  # with view_seats: the seat's view of the decision

    @property
    def cost(self) -> Bounds:
        """``before - after`` as far as proven (never below 0: no move is
        worth more than the position's best)."""
        b, a = self.before, self.after
        return Bounds(
            max(0, b.low - a.high),
            max(0, b.high - a.low),
            0,
            max(0, b.ceiling - a.floor),
        )

    @property
    def mistake(self) -> bool:
        """The move is proven to cost something."""
        return self.cost.low > 0


@dataclass(frozen=True)
class Tally:
    """The mistakes of a seat or side and what they proved to cost together."""

    mistakes: int = 0
    cost: int = 0

    def add(self, step: Step) -> Tally:
        if not step.mistake:
            return self
        return Tally(self.mistakes + 1, self.cost + step.cost.low)


@dataclass(frozen=True)
class Review:
    """A hand reviewed from `start` (at a card to play): the `moves` asked
    for, the `steps` done (all of them unless `stopped`), the searches'
    statistics."""

    start: Position
    moves: tuple[Move, ...]
    steps: tuple[Step, ...]
    stats: SearchStats = NO_STATS
    stopped: str | None = None  # "interrupted": Ctrl-C ended it before the last move
    view_seats: tuple[int, ...] = ()

    @property
    def exact(self) -> bool:
        """Every value of every step is proven."""
        return all(s.before.exact and s.after.exact for s in self.steps)

    def by_seat(self) -> dict[int, Tally]:
        """Every seat's mistakes and their proven cost, seat 1 first."""
        out = {seat: Tally() for seat in range(self.start.nseats)}
        for step in self.steps:
            out[step.seat] = out[step.seat].add(step)
        return out

    def by_side(self) -> dict[int, Tally]:
        """Every side's mistakes and their proven cost, in order of their first seat."""
        out = {side: Tally() for side in seats_by_side(self.start.sides())}
        for step in self.steps:
            out[step.side] = out[step.side].add(step)
        return out

    def total(self) -> Tally:
        out = Tally()
        for step in self.steps:
            out = out.add(step)
        return out

    def to_json(self) -> dict[str, Any]:
        """The record of ``tricksolver review --json`` (docs/schemas/review.schema.json)."""
        pos = self.start
        members = seats_by_side(pos.sides())

        def side_name(side: int) -> str:
            return "-".join(pos.seat_name(s) for s in members[side])

        total = self.total()
        return {
            "game": pos.game,
            "position": pos.to_line(),
            "seat_names": [pos.seat_name(s) for s in range(pos.nseats)],
            "units": game_of(pos).value_unit,
            "paranoid": len(members) > 2,
            "moves": [str(m) for m in self.moves],
            "reviewed": len(self.steps),
            "stopped": self.stopped,
            "view_seats": [pos.seat_name(s) for s in self.view_seats],
            "steps": [
                {
                    "number": s.number,
                    "trick": s.trick,
                    "seat": pos.seat_name(s.seat),
                    "side": side_name(s.side),
                    "move": str(s.move),
                    "banked": s.banked,
                    "before": s.before.to_json(),
                    "after": s.after.to_json(),
                    "cost": s.cost.to_json(),
                    "mistake": s.mistake,
                    "best": [str(m) for m in s.best],
                    "view": None if s.view is None else s.view.to_json(),
                }
                for s in self.steps
            ],
            "summary": {
                "mistakes": total.mistakes,
                "cost": total.cost,
                "by_seat": [
                    {"seat": pos.seat_name(seat), "mistakes": t.mistakes, "cost": t.cost}
                    for seat, t in self.by_seat().items()
                ],
                "by_side": [
                    {"side": side_name(side), "mistakes": t.mistakes, "cost": t.cost}
                    for side, t in self.by_side().items()
                ],
            },
            "exact": self.exact,
            "stats": self.stats.to_json(),
        }


# -- the moves of a record ----------------------------------------------------------------


def move_words(text: str) -> list[str]:
    """The moves of a record's play: cards separated by blanks or commas
    (``QS 9S 7S AS``, as `solver.games.game.Board.play` holds them, or
    ``QS, 9S``), a claim written ``claim AS``."""
    words = text.replace(",", " ").split()
    out: list[str] = []
    for word in words:
        if out and out[-1].lower() == CLAIM_WORD:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def played_hand(pos: Position) -> tuple[Position, list[Move]]:
    """A position with its play made (a ``play`` key, a saved game's hand)
    as the position at the first card of that play and the moves made: the
    play taken back on a copy."""
    start = pos.copy()
    played = start.play_record
    if start.history[len(start.history) - len(played) :] != played:
        raise PositionError("the play of this position was not made on it: cannot take it back")
    for _ in played:
        start.undo()
    return start, played


def check_start(start: Position) -> None:
    """A review starts at a card to play (or a claim): the play begun, not over."""
    if start.phase not in (Phase.PLAY, Phase.CLAIM):
        raise PositionError(
            f"a review starts once play has begun: this position is in the {start.phase} phase"
        )


# -- the review -------------------------------------------------------------------------


class _Stopped(Exception):
    """The review was interrupted: the step in progress is dropped."""


class _Values:
    """The values of the positions of the hand, each solved once per side
    (with two sides the other side's follows), in the solver's units."""

    def __init__(self, solver: Solver, stop: threading.Event | None) -> None:
        self.solver = solver
        self.stop = stop
        self.known: dict[tuple[int, int], Bounds] = {}
        self.stats = NO_STATS

    def of(self, place: int, pos: Position, side: int, guess: int | None) -> Bounds:
        key = (place, side)
        if key in self.known:
            return self.known[key]
        total = _zero_sum_total(pos)
        other = (place, 1 - side)
        if total is not None and other in self.known:
            value = self.known[other].flipped(total)
        else:
            if self.stop is not None and self.stop.is_set():
                raise _Stopped
            if guess is None:
                found = self.solver.solve(pos, side)
            else:
                found = self.solver.solve_near(pos, side, guess)
            self.stats = self.stats + found.stats
            if self.stop is not None and self.stop.is_set():
                raise _Stopped  # the search may have been cut short by the interrupt
            value = self.solver.proven_bounds(pos, side, found.value, found.stats.exact)
        self.known[key] = value
        return value


def _zero_sum_total(pos: Position) -> int | None:
    """With two sides, what their values add up to (the tricks left, the
    trick in progress counted; 0 for a net score); None with more sides."""
    core = pos.core
    assert core is not None
    if core.nsides != 2:
        return None
    if pos.values_net:
        return 0
    if pos.values_count_tricks:
        return int(core.total_tricks - core.tricks_played)
    return None


def _trick_number(pos: Position) -> int:
    core = pos.core
    assert core is not None
    played = int(core.tricks_played)
    return played if pos.phase == Phase.CLAIM else played + 1


def review(
    start: Position,
    moves: str | Sequence[str | Move],
    solver: Solver,
    *,
    view_seats: Sequence[int] = (),
    view_budget: Budget = VIEW_BUDGET,
    seed: int = 0,
    progress: ProgressFn | None = None,
    stop: threading.Event | None = None,
) -> Review:
    """Review `moves` (the game's notation: ``"QS, 9S"`` or a list) played
    from `start` (at a card to play), every value searched by `solver`.

    The moves are checked first, all of them (IllegalMoveError naming the
    first bad one, its number and why; nothing searched).  `view_seats`:
    the seats whose decisions get the recommendation on their view
    (`seed`, within `view_budget`, by default `VIEW_BUDGET`: its worlds,
    its `seconds` for each recommendation, its jobs, worker processes with
    tables of its `tt_mb`; within `solver.deadline` too, the budget of the
    whole review).  `progress(done, total)`
    after every step; `stop` (or Ctrl-C) ends the review with the steps done."""
    check_start(start)
    items = move_words(moves) if isinstance(moves, str) else list(moves)
    ended = apply_moves(start, items)  # every move read and legal, or IllegalMoveError
    played = ended.history[len(start.history) :]
    until = wall.earliest(view_budget.deadline, solver.deadline)
    asks = _Views(tuple(view_seats), replace(view_budget, deadline=until), seed, stop)
    values = _Values(solver, stop)
    work = start.copy()  # the position before each move in turn
    steps: list[Step] = []
    stopped: str | None = None
    extra = NO_STATS
    try:
        for i, move in enumerate(played):
            step, more = _step(i, move, start, work, values, asks)
            extra = extra + more
            steps.append(step)
            if progress is not None:
                progress(len(steps), len(played))
    except (_Stopped, KeyboardInterrupt):
        stopped = INTERRUPTED
    return Review(
        start.copy(), tuple(played), tuple(steps), values.stats + extra, stopped, asks.seats
    )


@dataclass(frozen=True)
class _Views:
    """The seats whose decisions get a recommendation, and its budget."""

    seats: tuple[int, ...]
    budget: Budget  # its deadline the command's (solver.deadline), as the solver's
    seed: int
    stop: threading.Event | None

    def check(self, pos: Position, move: Move) -> ViewCheck | None:
        """The view's recommendation at `pos` beside `move`, for a seat of
        `seats` with a choice (None otherwise)."""
        seat = pos.to_move
        if seat not in self.seats or len(pos.legal_moves()) == 1:
            return None
        rec = recommend(
            pos,
            seat,
            budget=self.budget,
            seed=self.seed,
            stop=self.stop,
        )
        if rec.stopped == INTERRUPTED:
            raise _Stopped
        estimate = next(m for m in rec.moves if m.move == move)
        return ViewCheck(rec, estimate, banked(pos, pos.sides()[seat]))


def _step(
    i: int, move: Move, start: Position, work: Position, values: _Values, asks: _Views
) -> tuple[Step, SearchStats]:
    """Step `i`: `move` made on `work` (the position before it, left after
    it), its values, the best moves at a mistake, the view's
    recommendation; and the statistics of the analysis at a mistake."""
    seat = work.to_move
    side = work.sides()[seat]
    own = banked(work, side)
    trick = _trick_number(work)
    before = values.of(i, work, side, None)
    check = asks.check(work, move)
    work.play(move)
    shift = banked(work, side) - own
    if work.is_over:  # the hand's result from the position before the move
        then = Bounds.of_value(value_after(start, work, side) + banked(start, side) - own)
    else:
        guess = before.low - shift if before.exact else None
        then = values.of(i + 1, work, side, guess).shifted(shift)
    # what each proves of the other: the position is worth at least the card
    # played (the side to move chooses), the card no more than the position
    before = replace(before, low=max(before.low, then.low))
    then = replace(then, high=min(then.high, before.high))
    values.known[(i, side)] = before
    if not work.is_over:
        values.known[(i + 1, side)] = then.shifted(-shift)
    step = Step(i + 1, trick, seat, side, move, own, before.shifted(own), then.shifted(own),
                view=check)  # fmt: skip
    if not step.mistake:
        return step, NO_STATS
    if values.stop is not None and values.stop.is_set():
        raise _Stopped
    work.undo()
    analysis = values.solver.analyze(work, pv=False)
    work.play(move)
    return replace(step, best=tuple(analysis.best)), analysis.stats


# -- one board, for batch runs ------------------------------------------------------------


@dataclass(frozen=True)
class ReviewOptions:
    """What a review of a board takes besides its moves and the Solver:
    the seats whose view is consulted (their names in the notation, or
    ``all``) and the recommendations' budget."""

    view: tuple[str, ...] = ()
    samples: int = REVIEW_SAMPLES
    view_seconds: float | None = None
    seed: int = 0
    jobs: int | None = 1
    view_tt_mb: int = VIEW_TT_MB

    def budget(self) -> Budget:
        """The budget of each view's recommendation."""
        return Budget(tt_mb=self.view_tt_mb, seconds=self.view_seconds, worlds=self.samples,
                      jobs=self.jobs)  # fmt: skip

    def seats(self, pos: Position) -> tuple[int, ...]:
        """The seats of `view` in this position's game (NotationError for an unknown one)."""
        if any(name.strip().lower() == ALL_SEATS for name in self.view):
            return tuple(range(pos.nseats))
        return tuple(sorted({parse_seat(name, pos.nseats, "--view") for name in self.view}))


NO_PLAY = "no play recorded: nothing to review"


def review_text(
    text: str,
    moves: str,
    options: ReviewOptions,
    solver: Solver,
    progress: ProgressFn | None = None,
    stop: threading.Event | None = None,
) -> Review:
    """The review of a board: `text` a position (or saved game) in the
    notation, with its play made or at the first card, and `moves` the
    play recorded beside it (a hand record's ``Board.play``; "" for none),
    reviewed after the position's own.  PositionError `NO_PLAY` when there
    is no move at all; IllegalMoveError naming a bad move."""
    start, made = played_hand(parse_position(position_text(text)))
    check_start(start)
    recorded: list[str | Move] = [*made, *move_words(moves)]
    if not recorded:
        raise PositionError(NO_PLAY)
    return review(start, recorded, solver, view_seats=options.seats(start),
                  view_budget=options.budget(), seed=options.seed, progress=progress,
                  stop=stop)  # fmt: skip


def review_board(
    text: str, moves: str, options: ReviewOptions, solver: Solver, board: str | None = None
) -> dict[str, Any]:
    """One board's JSON record (`Review.to_json`, with its `board` name when
    given): the per-board work of a batch run.  Raises what `review_text` raises."""
    record = review_text(text, moves, options, solver).to_json()
    return record if board is None else {"board": board, **record}


REVIEW = "review"  # the job's name in a batch run's keys


def review_work(
    board: Any, options: Mapping[str, Any], solver: Solver, stop: threading.Event | None = None
) -> Review | str:
    """A batch run's work on one board (`solver.batch.BoardJob`): the review
    of its position's play, then the board's recorded play (`Board.play`),
    then ``options["moves"]``, the views and budget of ``options`` (the
    fields of `ReviewOptions`); `NO_PLAY` (the text) for a board with no
    play at all.  `stop` set ends it after the move in progress."""
    opts = ReviewOptions(**{k: v for k, v in options.items() if k != MOVES_OPTION})
    extra = played_moves(board.play, options.get(MOVES_OPTION))
    try:
        return review_text(board.position.to_toml(), extra, opts, solver, stop=stop)
    except PositionError as e:
        if str(e) == NO_PLAY:
            return NO_PLAY
        raise


MOVES_OPTION = "moves"


def played_moves(recorded: str, more: str | None) -> str:
    """The moves to review after a position's own play: a record's play
    (`Board.play`), then the moves asked for (``--moves``), as one list."""
    return ", ".join(m for m in (recorded, more or "") if m)


def review_difficulty(pos: Position) -> float:
    """A review's work, for a batch run's order: the cards of the deal from
    its first lead (the play is reviewed from there)."""
    return float(sum(len(pos.hand_now(s)) for s in range(pos.nseats)) + len(pos.play_record))


__all__ = [
    "MOVES_OPTION",
    "REVIEW",
    "REVIEW_SAMPLES",
    "Review",
    "ReviewOptions",
    "Step",
    "Tally",
    "ViewCheck",
    "move_words",
    "played_hand",
    "played_moves",
    "review",
    "review_board",
    "review_difficulty",
    "review_text",
    "review_work",
]
