"""The web board's server: the page, its own static files, and a JSON API
over the typed API, the searches streamed as server-sent events.

The server holds the boards and the engine (`solver.web.boards`); the page
(``static/``: one HTML page, one JavaScript module, one style sheet, no
build step) draws the JSON it receives (`solver.web.state`) and sends the
moves clicked.  The routes (``{id}`` a board's id):

=====================================  ==============================================
``GET /``                              the page
``GET /static/...``                    its files, and nothing outside their folder
``GET /api/games``                     the games, seat counts, a whole game's ends
``POST /api/boards``                   a new board: ``{"game", "players", "seed"}``
                                       dealt (``"whole"``: a whole game, to
                                       ``"target"`` points or ``"rounds"``),
                                       ``{"text"}`` read as the CLI reads a
                                       position or a file of boards (``"board"``
                                       picks one)
``GET /api/boards/{id}``               its table
``POST /api/boards/{id}/play``         ``{"move"}`` made
``POST /api/boards/{id}/step``         the engine's move, or a forced one
``POST /api/boards/{id}/undo``         ``{"to_person"}``; ``/redo``; ``/goto``
                                       ``{"ply"}``: to that move of the list
``POST /api/boards/{id}/record``       ``{"board"}``: another board of the file
``POST /api/boards/{id}/seats``        ``{"seats", "people"}``: the engine's players
``POST /api/boards/{id}/view``         ``{"seat"}``: the table as that seat sees
                                       it (no card it cannot see in the JSON),
                                       ``""`` every hand
``POST /api/boards/{id}/edit``         ``{"action"}``: the deal edited: ``begin``,
                                       ``move`` ``{"card", "seat", "place"}`` (a
                                       place of the seat's, by default its hand),
                                       ``clear`` ``{"seat"}``,
                                       ``deal`` ``{"seed"}`` (the rest at random),
                                       ``rotate``; ``done`` or ``cancel``
``GET /api/boards/{id}/export``        ``?format=toml|line|pbn``: the position's text
``GET /api/boards/{id}/hint``          events of the worlds valued (the figures so
                                       far), then the hint player's move and figures
``POST /api/boards/{id}/stop``         its search stopped: its stream ends with
                                       what it found by then
``GET /api/boards/{id}/analyze``       events: each class of moves as it is valued
``GET /api/boards/{id}/recommend``     ``?seat&samples&seconds&seed``: events of the
                                       worlds valued, then the recommendation (before
                                       play: the decision's plans ranked)
``GET /api/boards/{id}/table``         events: each row, then the table (and par)
``GET /api/boards/{id}/review``        ``?from&view&samples&seconds&seed``: events
                                       of each move reviewed (those after move
                                       ``from``; all the play by default; ``view``:
                                       seats whose decisions get the recommendation
                                       on their view too), then the review
=====================================  ==============================================

Bad input of any kind is a 4xx answer ``{"error": "tricksolver: error:
..."}``, the CLI's one line (404 for an unknown board, 413 for a body over
its limit); a search's own failure is its last event.  Sizes and counts are
the CLI's (`MAX_TEXT` a position, `MAX_FILE_TEXT` a file of boards,
`MAX_SAMPLES` worlds, `time_limit` seconds).  Every search runs in a thread
(the C search releases the GIL), one at a time a board: a new one stops the
old, and a closed page (its event stream dropped) stops its own.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import replace
from importlib import resources
from typing import Any, ParamSpec, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from solver.budget import Budget, time_limit
from solver.cards import Card
from solver.cli.options import MAX_SAMPLES
from solver.cli.render_analysis import table_json
from solver.cli.search import annotated_board
from solver.decisions import decide_before_play
from solver.doubledummy import move_classes, table_positions
from solver.errors import NotationError, PositionError, TricksolverError
from solver.games.base import Phase, Position
from solver.games.game import HAND_PLACE, Board, Game
from solver.games.registry import GAMES, game_of
from solver.moves import apply_moves, read_position
from solver.notation import MAX_FILE_TEXT, MAX_TEXT, parse_seat, whole_number
from solver.objectives import Objective
from solver.pimc import ProgressFn, advised_view, recommend
from solver.players import Advice, Watch, advise
from solver.position import deal, view_of
from solver.recommendation import summarize
from solver.records import choose_boards, read_boards
from solver.review import (
    NO_PLAY,
    REVIEW_SAMPLES,
    VIEW_BUDGET,
    check_start,
    move_words,
    played_hand,
    review,
)
from solver.search_results import NO_STATS, Table
from solver.view import View
from solver.web.boards import BOARD_TT_MB, Boards, NoSuchBoard, WebBoard
from solver.web.editing import Draft
from solver.web.state import analysis_json, board_json, card_value_json
from solver.wholegame import WholeGame
from solver.world_tasks import WorldResult

PROG = "tricksolver"
STATIC = "static"  # the page's folder, in this package
BAD_INPUT = 400
NOT_FOUND = 404
TOO_LARGE = 413
DEFAULT_SAMPLES = 100  # a recommendation's worlds when the page asks for none
PASTE = "pasted text"  # what a paste is called in its errors
FIRST_GAME = next(iter(GAMES))  # the game dealt when none is named: the registry's first

Emit = Callable[[dict[str, Any]], None]
Work = Callable[[Emit, threading.Event], dict[str, Any]]


class TooLarge(NotationError):
    """A request body over its limit."""


def error_line(message: str) -> str:
    """The CLI's one line for bad input."""
    return f"{PROG}: error: {message}"


def bad(e: TricksolverError) -> JSONResponse:
    status = NOT_FOUND if isinstance(e, NoSuchBoard) else BAD_INPUT
    if isinstance(e, TooLarge):
        status = TOO_LARGE
    return JSONResponse({"error": error_line(str(e).splitlines()[0])}, status_code=status)


def static_dir() -> str:
    return str(resources.files("solver.web").joinpath(STATIC))


async def body_of(request: Request, limit: int) -> dict[str, Any]:
    """The JSON object of a request's body, at most `limit` bytes (read no
    further); NotationError for anything else."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"the request is over {limit:,} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise TooLarge(f"the request is over {limit:,} bytes")
    if not data:
        return {}
    try:
        found = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise NotationError("the request is not JSON") from None
    if not isinstance(found, dict):
        raise NotationError("the request is not a JSON object")
    return found


def text_field(body: dict[str, Any], key: str, default: str = "") -> str:
    value = body.get(key, default)
    if not isinstance(value, str):
        raise NotationError(f"{key}: expected text")
    return value


def number_arg(value: object, key: str, low: int, high: int) -> int:
    """A whole number between `low` and `high`, as the CLI checks its options."""
    number = whole_number(value, key)
    if not low <= number <= high:
        raise NotationError(f"{key}: expected {low} to {high:,}, got {number}")
    return number


def seconds_arg(value: object) -> float | None:
    """A time limit in seconds (0 or none: none)."""
    if value in (None, ""):
        return None
    try:
        seconds = float(str(value))
    except ValueError:
        raise NotationError(f"seconds: expected a number of seconds, got {value!r}") from None
    return time_limit(seconds) or None


# -- the boards: new, and moves ------------------------------------------------------


def board_from_body(boards: Boards, body: dict[str, Any]) -> tuple[str, WebBoard]:
    """A new board from a request: dealt (``game``, ``players``, ``seed``;
    ``whole``: a whole game across hands, its first hand dealt),
    or read from ``text`` (a position in any form the CLI reads, or a file
    of boards, ``board`` picking one: the first by default)."""
    if "text" in body:
        text = text_field(body, "text")
        name = text_field(body, "name", PASTE) or PASTE
        limit = MAX_FILE_TEXT if "name" in body else MAX_TEXT
        if len(text) > limit:
            raise TooLarge(f"{name}: over {limit:,} characters")
        records = read_boards(text, name)
        if records is None:
            return boards.add(read_position(text))
        wanted = body.get("board")
        chosen = choose_boards(records, None if wanted is None else str(wanted), name)[0]
        return boards.add(record_position(chosen), records=records, record=chosen.name)
    game = text_field(body, "game", FIRST_GAME)
    players = body.get("players") or None
    seed = whole_number(body.get("seed", 0), "seed")
    nseats = None if players is None else whole_number(players, "players")
    if body.get("whole"):  # a whole game: hand after hand to its end (`WholeGame.new`)
        target, rounds = (
            None if body.get(k) is None else whole_number(body[k], k) for k in ("target", "rounds")
        )
        game_of_hands = WholeGame.new(game, nseats, seed, target=target, rounds=rounds)
        return boards.add(game_of_hands.position, seed=seed, whole=game_of_hands)
    return boards.add(deal(game, nseats, seed), seed=seed)


FINISH = ("done", "cancel")  # the edit's actions that end it


def edit_change(action: str, body: dict[str, Any], nseats: int) -> Callable[[Draft], None]:
    """An edit of the deal from a request: ``begin`` (the deal's draft, no
    change), ``move`` (``card`` to ``seat``'s ``place``, by default its
    hand), ``clear`` (``seat``), ``deal`` (the rest at random from
    ``seed``), ``rotate``; NotationError for anything else."""
    if action == "begin":
        return lambda d: None
    if action == "move":
        card = Card.parse(text_field(body, "card"))
        seat = parse_seat(text_field(body, "seat"), nseats, "seat")
        place = text_field(body, "place", HAND_PLACE)
        return lambda d: d.move(card, seat, place)
    if action == "clear":
        seat = parse_seat(text_field(body, "seat"), nseats, "seat")
        return lambda d: d.clear(seat)
    if action == "deal":
        seed = whole_number(body.get("seed", 0), "seed")
        return lambda d: d.deal_rest(seed)
    if action == "rotate":
        return Draft.rotate
    actions = ", ".join(["begin", "move", "clear", "deal", "rotate", *FINISH])
    raise NotationError(f"action: expected one of {actions}, got {action!r}")


def record_position(board: Board) -> Position:
    """A file's board with its recorded play made (undo steps back through
    it); the deal alone when the play does not fit it."""
    if not board.play:
        return board.position
    try:
        return apply_moves(board.position, move_words(board.play))
    except TricksolverError:
        return board.position


def export_text(pos: Position, fmt: str) -> str:
    """The position as the notation's file form, its one line, or a hand record."""
    if fmt == "toml":
        return pos.to_toml()
    if fmt == "line":
        return pos.to_line()
    for record in game_of(pos).record_formats:
        if record.name == fmt:
            return record.write([Board("1", pos)])
    names = ", ".join(["toml", "line", *(f.name for f in game_of(pos).record_formats)])
    raise NotationError(f"format: {fmt!r} is not one of {names}")


# -- the searches, as event streams -----------------------------------------------------


def in_play(pos: Position) -> None:
    """A search of moves needs a card to play (or a claim)."""
    if pos.is_over:
        raise PositionError("the hand is over: nothing to analyze")
    if pos.phase not in (Phase.PLAY, Phase.CLAIM):
        raise PositionError(f"no card to play yet: this position is in the {pos.phase} phase")


def analyze_work(board: WebBoard, pos: Position) -> Work:
    """Every class of equivalent moves valued in turn (`Solver.move_values`,
    the same values as `Solver.analyze`), each sent as it is done."""
    board.every_card_shown("the analysis")
    in_play(pos)
    classes = move_classes(pos)

    def run(emit: Emit, stop: threading.Event) -> dict[str, Any]:
        solver = board.solver
        values, stats = [], NO_STATS
        for cls in classes:
            if stop.is_set():
                return {"stopped": True, "analysis": None}
            found, more = solver.move_values(pos, [cls])
            values += found
            stats = stats + more
            emit({"type": "card", **card_value_json(found[0], None)})
        analysis = solver.analysis_of(pos, values, stats, pv=False)
        return {"stopped": stop.is_set(), "analysis": analysis_json(pos, analysis)}

    return run


def table_work(board: WebBoard, pos: Position) -> Work:
    """The double-dummy table of the deal (from its first card, whatever
    has been played since), row by row; with the game's annotations of its
    hand record (par, for a bridge deal) once exact: of the file's board
    as read (its dealer and vulnerability), else of the deal alone."""
    board.every_card_shown("the double-dummy table")
    pos = played_hand(pos)[0]
    starts = table_positions(pos)

    def run(emit: Emit, stop: threading.Event) -> dict[str, Any]:
        entries, stats = [], NO_STATS
        for number, start in enumerate(starts, 1):
            if stop.is_set():
                return {"stopped": True, "table": None}
            part = board.solver.table(pos, starts=[start])
            entries += part.entries
            stats = stats + part.stats
            emit({"type": "progress", "done": number, "total": len(starts)})
        result = Table(entries, stats)
        record = next((b for b in board.records if b.name == board.record), Board("1", pos))
        added = annotated_board(record, result)  # the file's tags: its dealer, vulnerability
        notes = {n: v for n, v in added.tags if "\n" not in v}
        return {"stopped": False, "table": table_json(pos, result), "annotations": notes}

    return run


P = ParamSpec("P")
T = TypeVar("T")


class WorldsSeen(ThreadPoolExecutor):
    """One worker thread, as `recommend`'s own pool with ``jobs=1``, that
    keeps every world's valuation of all the legal moves as it completes:
    the recommendation of the worlds valued so far (`so_far`) is shown
    while the run goes on.  (A raced-out move's values are bounds, and the
    summary says so, as at the end.)"""

    def __init__(self, legal: int) -> None:
        super().__init__(max_workers=1)
        self.legal = legal
        self.results: dict[int, WorldResult] = {}
        self.lock = threading.Lock()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._keep)
        return future

    def _keep(self, future: Future[Any]) -> None:
        if future.cancelled() or future.exception() is not None:
            return
        result = future.result()
        if isinstance(result, WorldResult) and len(result.values) == self.legal:
            with self.lock:
                self.results.setdefault(result.index, result)

    def so_far(self) -> list[WorldResult]:
        """The worlds valued, in world order, up to the first not yet done."""
        with self.lock:
            done: list[WorldResult] = []
            while len(done) in self.results:
                done.append(self.results[len(done)])
            return done


def interim(view: View, seen: WorldsSeen, requested: int, seed: int | None,
            started: float) -> dict[str, Any] | None:  # fmt: skip
    """The recommendation of the worlds valued so far (None before the
    first), as the page draws it: with no seed where the run's is not
    known (a hint's)."""
    worlds = seen.so_far()
    if not worlds:
        return None
    legal = view.legal_moves()
    found = summarize(view, legal, worlds, requested, 0, seed or 0, None, Objective.VALUE,
                      time.monotonic() - started).to_json()  # fmt: skip
    if seed is None:
        found["seed"] = None
    return {**found, "seat": view.seat_name(view.seat)}


def worlds_progress(emit: Emit, view: View, seen: WorldsSeen, seed: int | None) -> ProgressFn:
    """What a run over worlds tells the page after each world: how many of
    how many, and the figures of those valued so far (`interim`)."""
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        event: dict[str, Any] = {"type": "progress", "done": done, "total": total}
        so_far = interim(view, seen, total, seed, started)
        if so_far is not None:
            event["so_far"] = so_far
        emit(event)

    return progress


def evaluations_progress(emit: Emit) -> Callable[[int], None]:
    """What a decision before play tells the page: the evaluations made."""

    def evaluations(done: int) -> None:
        emit({"type": "progress", "done": done, "total": None})

    return evaluations


def recommend_work(board: WebBoard, pos: Position, query: dict[str, str]) -> Work:
    """A seat's recommendation (by default the seat to move's): in play
    `solver.pimc.recommend` (one worker thread), the figures of the worlds
    valued so far sent as each is done; at a decision before play (a call,
    trump, a discard) `solver.decisions.decide_before_play`, its
    evaluations sent as they are made (it has no stop: it runs to its time
    limit)."""
    if pos.is_over:
        raise PositionError("the hand is over: nothing to recommend")
    seat = pos.to_move if not query.get("seat") else parse_seat(query["seat"], pos.nseats, "seat")
    samples = number_arg(query.get("samples") or DEFAULT_SAMPLES, "samples", 1, MAX_SAMPLES)
    seconds = seconds_arg(query.get("seconds"))
    seed = whole_number(query.get("seed") or 0, "seed")
    if seat != pos.to_move:
        raise PositionError(f"seat {pos.seat_name(seat)} is not to move")
    board.own_seat(seat, pos.seat_name(seat))

    def run(emit: Emit, stop: threading.Event) -> dict[str, Any]:
        if pos.phase not in (Phase.PLAY, Phase.CLAIM):
            decision = decide_before_play(
                pos,
                seat,
                budget=Budget(seconds=seconds, worlds=samples),
                seed=seed,
                progress=evaluations_progress(emit),
            )
            return {"decision": {**decision.to_json(), "seat": pos.seat_name(seat)}}
        view = advised_view(pos, seat)
        seen = WorldsSeen(len(view.legal_moves()))
        try:
            rec = recommend(
                pos,
                seat,
                budget=Budget(worlds=samples, seconds=seconds, jobs=1, tt_mb=int(board.tt_mb)),
                seed=seed,
                executor=seen,
                progress=worlds_progress(emit, view, seen, seed),
                stop=stop,
            )
        finally:
            seen.shutdown(wait=False, cancel_futures=True)
        return {"recommendation": {**rec.to_json(), "seat": pos.seat_name(seat)}}

    return run


def hint_work(board: WebBoard, pos: Position) -> Work:
    """The hint for the seat to move (`solver.players.advise`, as the CLI's
    ``play`` gives it): in card play the figures of the worlds valued so far
    sent as each is done (one worker thread) and a stop that ends it with
    them; before play its evaluations sent as they are made; then the
    hint's move, who chose it and its figures."""
    if pos.is_over:
        raise PositionError("the hand is over: no move to hint")
    board.own_seat(pos.to_move, pos.seat_name(pos.to_move))
    view = view_of(pos, pos.to_move)

    def run(emit: Emit, stop: threading.Event) -> dict[str, Any]:
        seen = WorldsSeen(len(view.legal_moves()))
        watch = Watch(worlds=worlds_progress(emit, view, seen, None),
                      evaluations=evaluations_progress(emit), executor=seen, stop=stop)  # fmt: skip
        try:
            advice = advise(view, watch)
        finally:
            seen.shutdown(wait=False, cancel_futures=True)
        return {"hint": advice_json(pos, advice)}

    return run


def advice_json(pos: Position, advice: Advice) -> dict[str, Any]:
    """A hint as the page shows it: the move, who chose it, its figures."""
    return {
        "move": str(advice.move),
        "player": advice.player,
        "seat": pos.seat_name(pos.to_move),
        "recommendation": None if advice.recommendation is None
        else advice.recommendation.to_json(),
        "decision": None if advice.decision is None else advice.decision.to_json(),
        "note": advice.note,
    }  # fmt: skip


def review_work(board: WebBoard, pos: Position, query: dict[str, str]) -> Work:
    """The play reviewed card by card (`solver.review.review`): the whole
    play, or the moves after move ``from`` of the board's list; with
    ``view`` (seats, by comma), at each of their decisions the
    recommendation on the seat's view as well (``samples`` worlds,
    ``seconds`` at most each, ``seed``: ``tricksolver review --view``'s);
    each move's progress sent as it is done."""
    board.every_card_shown("the review")
    views = [v for v in (query.get("view") or "").split(",") if v.strip()]
    view_seats = [parse_seat(v.strip(), pos.nseats, "view") for v in views]
    samples = number_arg(query.get("samples") or REVIEW_SAMPLES, "samples", 1, MAX_SAMPLES)
    seconds = seconds_arg(query.get("seconds"))
    seed = whole_number(query.get("seed") or 0, "seed")
    if query.get("from"):
        ply = number_arg(query["from"], "from", 0, len(pos.history))
        start = pos.copy()
        for _ in range(len(pos.history) - ply):
            start.undo()
        moves = pos.history[ply:]
        check_start(start)
    else:
        start, moves = played_hand(pos)
    if not moves:
        raise PositionError(NO_PLAY)

    def run(emit: Emit, stop: threading.Event) -> dict[str, Any]:
        def progress(done: int, total: int) -> None:
            emit({"type": "progress", "done": done, "total": total})

        budget = replace(VIEW_BUDGET, worlds=samples, seconds=seconds)
        found = review(start, moves, board.solver, view_seats=view_seats, view_budget=budget,
                       seed=seed, progress=progress, stop=stop)  # fmt: skip
        return {"review": found.to_json(), "first": len(pos.history) - len(moves)}

    return run


def event(data: dict[str, Any]) -> str:
    return f"data: {json.dumps(data)}\n\n"


def stream(board: WebBoard, work: Work) -> StreamingResponse:
    """The events of `work` run in a thread of its own under the board's
    search lock, after the board's earlier search is stopped: its own
    events, then ``done`` (its result) or ``error`` (one line).  A dropped
    stream (the page closed) stops the search."""
    stop = board.begin_search()
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def emit(data: dict[str, Any] | None) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, data)

    def run() -> None:
        try:
            with board.search_lock:
                emit({"type": "done", **work(emit, stop)})
        except TricksolverError as e:
            emit({"type": "error", "error": error_line(str(e).splitlines()[0])})
        except KeyboardInterrupt:
            emit({"type": "done", "stopped": True})
        finally:
            emit(None)

    threading.Thread(target=run, name="board search", daemon=True).start()

    async def events() -> AsyncIterator[str]:
        try:
            while (data := await queue.get()) is not None:
                yield event(data)
        finally:
            board.stop_own(stop)

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store"})  # fmt: skip


def game_json(game: Game) -> dict[str, Any]:
    """A game as the deal form lists it, with a whole game's ends it takes:
    its targets of points (and the default), its default number of rounds."""
    return {"name": game.name, "title": game.title, "seat_counts": list(game.seat_counts),
            "default_seats": game.default_seats, "targets": list(game.targets),
            "default_target": game.default_target,
            "default_rounds": game.default_rounds}  # fmt: skip


# -- the application ----------------------------------------------------------------


Handler = Callable[[Request], Awaitable[Response]]


def app(tt_mb: float = BOARD_TT_MB, hosts: list[str] | None = None) -> Starlette:
    """The web board's application, its boards' tables of `tt_mb` MiB;
    `hosts`: the names a request's Host may give (a 400 for another), None
    for any."""
    boards = Boards(tt_mb)

    def guarded(handler: Handler) -> Handler:
        async def call(request: Request) -> Response:
            try:
                return await handler(request)
            except TricksolverError as e:
                return bad(e)
            except ValueError as e:  # the API's checks of numbers (recommend's)
                return bad(NotationError(str(e)))

        return call

    def board_of(request: Request) -> tuple[str, WebBoard]:
        key = request.path_params["id"]
        return key, boards.get(key)

    async def page(request: Request) -> Response:
        return FileResponse(f"{static_dir()}/index.html", headers={"Cache-Control": "no-store"})

    async def games(request: Request) -> Response:
        return JSONResponse([game_json(g) for g in GAMES.values()])

    async def new_board(request: Request) -> Response:
        body = await body_of(request, MAX_FILE_TEXT)
        key, board = await run_in_threadpool(board_from_body, boards, body)
        return JSONResponse(board_json(key, board))

    async def show(request: Request) -> Response:
        key, board = board_of(request)
        return JSONResponse(board_json(key, board))

    async def play(request: Request) -> Response:
        key, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        board.stop_search()
        board.play(text_field(body, "move"))
        return JSONResponse(board_json(key, board))

    async def step(request: Request) -> Response:
        key, board = board_of(request)
        board.stop_search()
        await run_in_threadpool(board.step)
        return JSONResponse(board_json(key, board))

    async def undo(request: Request) -> Response:
        key, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        board.stop_search()
        board.undo(bool(body.get("to_person", False)))
        return JSONResponse(board_json(key, board))

    async def redo(request: Request) -> Response:
        key, board = board_of(request)
        board.stop_search()
        board.redo_move()
        return JSONResponse(board_json(key, board))

    async def goto(request: Request) -> Response:
        key, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        board.stop_search()
        board.goto(whole_number(body.get("ply"), "ply"))
        return JSONResponse(board_json(key, board))

    async def record(request: Request) -> Response:
        _, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        if not board.records:
            raise NotationError("this board was not read from a file of boards")
        chosen = choose_boards(board.records, str(body.get("board", "")), "the file")[0]
        key, new = boards.add(record_position(chosen), records=board.records, record=chosen.name)
        return JSONResponse(board_json(key, new))

    async def seats(request: Request) -> Response:
        key, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        pos = board.snapshot()
        people = body.get("people", [])
        if not isinstance(people, list):
            raise NotationError("people: expected a list of seats")
        seats_of = [parse_seat(str(p), pos.nseats, "people") for p in people]
        board.seat_players(text_field(body, "seats"), seats_of)
        return JSONResponse(board_json(key, board))

    async def view(request: Request) -> Response:
        key, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        seat = text_field(body, "seat")
        nseats = board.snapshot().nseats
        board.show_view(None if not seat else parse_seat(seat, nseats, "seat"))
        return JSONResponse(board_json(key, board))

    async def edit(request: Request) -> Response:
        key, board = board_of(request)
        body = await body_of(request, MAX_TEXT)
        board.stop_search()
        action = text_field(body, "action")
        if action in FINISH:
            board.finish_edit(keep=action == "done")
        else:
            board.edit(edit_change(action, body, board.snapshot().nseats))
        return JSONResponse(board_json(key, board))

    async def export(request: Request) -> Response:
        _, board = board_of(request)
        board.every_card_shown("an export")
        fmt = request.query_params.get("format", "toml")
        return JSONResponse({"format": fmt, "text": export_text(board.snapshot(), fmt)})

    async def stop(request: Request) -> Response:
        key, board = board_of(request)
        board.stop_search()
        return JSONResponse({"id": key, "stopped": True})

    def search(make: Callable[[WebBoard, Position, Request], Work]) -> Handler:
        async def run(request: Request) -> Response:
            _, board = board_of(request)
            return stream(board, make(board, board.snapshot(), request))

        return run

    routes = [
        Route("/", page),
        Route("/api/games", guarded(games)),
        Route("/api/boards", guarded(new_board), methods=["POST"]),
        Route("/api/boards/{id}", guarded(show)),
        Route("/api/boards/{id}/play", guarded(play), methods=["POST"]),
        Route("/api/boards/{id}/step", guarded(step), methods=["POST"]),
        Route("/api/boards/{id}/undo", guarded(undo), methods=["POST"]),
        Route("/api/boards/{id}/redo", guarded(redo), methods=["POST"]),
        Route("/api/boards/{id}/seats", guarded(seats), methods=["POST"]),
        Route("/api/boards/{id}/goto", guarded(goto), methods=["POST"]),
        Route("/api/boards/{id}/record", guarded(record), methods=["POST"]),
        Route("/api/boards/{id}/view", guarded(view), methods=["POST"]),
        Route("/api/boards/{id}/edit", guarded(edit), methods=["POST"]),
        Route("/api/boards/{id}/export", guarded(export)),
        Route("/api/boards/{id}/stop", guarded(stop), methods=["POST"]),
        Route("/api/boards/{id}/hint", guarded(search(lambda b, p, r: hint_work(b, p)))),
        Route("/api/boards/{id}/analyze", guarded(search(lambda b, p, r: analyze_work(b, p)))),
        Route("/api/boards/{id}/table", guarded(search(lambda b, p, r: table_work(b, p)))),
        Route(
            "/api/boards/{id}/review",
            guarded(search(lambda b, p, r: review_work(b, p, dict(r.query_params)))),
        ),
        Route(
            "/api/boards/{id}/recommend",
            guarded(search(lambda b, p, r: recommend_work(b, p, dict(r.query_params)))),
        ),
        Mount("/static", StaticFiles(directory=static_dir()), name="static"),
    ]

    @asynccontextmanager
    async def lifespan(application: Starlette) -> AsyncIterator[None]:
        yield
        boards.stop_all()

    guards = [] if hosts is None else [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)]
    application = Starlette(routes=routes, lifespan=lifespan, middleware=guards)
    application.state.boards = boards
    return application
