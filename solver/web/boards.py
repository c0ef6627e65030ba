"""The boards the web board's server holds: each a hand being looked at or
played, with its own `Solver` and at most one search at a time.

A `WebBoard` is a position (or a whole game across hands, `whole`, whose
hand in play it is: a move that ends a hand scores it and deals the next,
as `solver.wholegame.WholeGame.play` does) and the moves taken back from it (`redo`), the
players the engine seats at the table (`players`: None where a person
plays), the boards of the file it was read from (`records`), and its
searches: a new search on a board stops the one still running
(`begin_search`), and a search runs in a thread of its own (the C search
releases the GIL) holding the board's search lock, so the Solver serves one
search at a time.  Changes to the position are made under the board's lock
and never during a search of it (a search works on a copy).

`Boards` holds them by id, at most `MAX_BOARDS` (the oldest forgotten
first, its search stopped).  Nothing here knows of HTTP; `solver.web.server`
serves it.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from solver.doubledummy import Solver
from solver.errors import IllegalMoveError, NotationError, PositionError, TricksolverError
from solver.games.base import Move, Position
from solver.games.game import Board
from solver.players import Player, make_player, parse_seats
from solver.position import view_of
from solver.web.editing import Draft
from solver.wholegame import WholeGame, decision_rng, moves_made

MAX_BOARDS = 32  # boards held at once (each its own Solver: up to --tt-mb each)
BOARD_TT_MB = 64  # a board's table, MiB: the players' size, full deals solve in seconds
ID_BYTES = 8  # an id's random bytes (16 hex digits)
FIRST_HAND = 1  # a board is one hand: its decisions are seeded as a game's first hand


class NoSuchBoard(PositionError):
    """A board id the server does not hold (a reload after a restart)."""


@dataclass
class WebBoard:
    """One board: its position, its moves taken back, its seats' players and
    its searches (the module's docstring)."""

    position: Position
    seed: int = 0
    tt_mb: float = BOARD_TT_MB
    records: list[Board] = field(default_factory=list)  # the file's boards, when read from one
    record: str | None = None  # the name of the file's board on the table
    redo: list[Move] = field(default_factory=list)
    players: list[Player | None] = field(default_factory=list)
    seats_spec: str = ""
    view_seat: int | None = None  # the seat whose view the page shows (None: every hand)
    draft: Draft | None = None  # the deal being edited by clicking (`solver.web.editing`)
    whole: WholeGame | None = None  # a whole game across hands: `position` is its hand in play
    lock: threading.Lock = field(default_factory=threading.Lock)
    search_lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _solver: Solver | None = None

    def __post_init__(self) -> None:
        if not self.players:
            self.players = [None] * self.position.nseats

    @property
    def solver(self) -> Solver:
        """The board's own Solver, made at its first search."""
        if self._solver is None:
            self._solver = Solver(tt_mb=self.tt_mb)
        return self._solver

    # -- the seats ----------------------------------------------------------------

    def seat_players(self, spec: str, people: list[int]) -> None:
        """The engine's players at every seat but `people` (a person's
        seats), from a ``--seats`` list (`solver.players.parse_seats`);
        an empty spec: people at every seat.  NotationError, nothing
        changed, for a bad list."""
        nseats = self.position.nseats
        if not spec.strip():
            players: list[Player | None] = [None] * nseats
        else:
            names = parse_seats(spec, nseats)
            players = [None if s in people else make_player(names[s]) for s in range(nseats)]
        with self.lock:
            self.players = players
            self.seats_spec = spec.strip()

    def show_view(self, seat: int | None) -> None:
        """Show the table as `seat` sees it (`solver.web.seat_view`), or
        every hand (None)."""
        with self.lock:
            self.view_seat = seat

    def every_card_shown(self, what: str) -> None:
        """A search or export that sees every card is refused in a seat's
        view (it would show the cards the view hides): PositionError."""
        if self.view_seat is not None:
            raise PositionError(
                f"{what} sees every card: show every hand first (this is a seat's view)"
            )

    def own_seat(self, seat: int, name: str) -> None:
        """A search from `seat`'s view (a recommendation, a hint) is refused
        in another seat's view (it would show that seat's cards):
        PositionError."""
        if self.view_seat is not None and seat != self.view_seat:
            raise PositionError(f"this is another seat's view: seat {name} cannot be advised")

    # -- editing the deal -----------------------------------------------------------

    def edit(self, change: Callable[[Draft], None]) -> None:
        """`change` made to the deal being edited (a draft of the position
        when none is); the position becomes the draft's whenever the
        notation's reader takes it (`Draft.position`).  Nothing changed when
        `change` refuses (TricksolverError)."""
        with self.lock:
            if self.whole is not None:
                raise PositionError("editing: a whole game's hands are dealt by the game")
            if self.draft is None:
                self.every_card_shown("editing")
            work = (self.draft or Draft.of(self.position)).copy()
            change(work)
            self.draft = work
            try:
                self.position = work.position()
            except TricksolverError:
                return  # the table keeps the last position the reader took
            self.redo.clear()

    def finish_edit(self, keep: bool) -> None:
        """The edit ended: kept (`keep`: its hands must be a position, else
        the reader's error, nothing changed) or dropped (the position stays
        the last one the reader took)."""
        with self.lock:
            if self.draft is not None and keep:
                self.position = self.draft.position()
            self.draft = None

    def engine_to_move(self) -> bool:
        """An engine player is to move (the page asks it to, after a pause)."""
        pos = self.position
        return not pos.is_over and self.players[pos.to_move] is not None

    def forced(self) -> bool:
        """The seat to move has one legal move only: it makes itself."""
        pos = self.position
        return not pos.is_over and len(pos.legal_moves()) == 1

    # -- moves --------------------------------------------------------------------

    def play(self, text: str) -> Move:
        """Make the move `text` (the notation's words); IllegalMoveError,
        nothing changed, when it is not legal.  The same move as the next
        one taken back keeps the rest to make again; another drops them (a
        new branch)."""
        with self.lock:
            move = self.position.parse_move(text)
            if self.whole is not None:  # its hand in play is `position`: the game scores it
                hand = self.whole.hand
                self.whole.play(move)
                if self.whole.hand != hand:  # the hand ended: the next one is dealt
                    self.position = self.whole.position
                    self.redo.clear()
                    return move
            else:
                self.position.play(move)
            if self.redo and self.redo[-1] == move:
                self.redo.pop()
            else:
                self.redo.clear()
            return move

    def step(self) -> Move | None:
        """The engine's move, or the only legal move, made; None when a
        person is to decide (or the hand is over)."""
        with self.lock:
            pos = self.position
            if pos.is_over:
                return None
            player = self.players[pos.to_move]
            legal = pos.legal_moves()
            if player is None and len(legal) != 1:
                return None
            work = pos.copy()
        if player is None:
            move = legal[0]
        else:  # off the board's lock: a sampling player takes its time
            hand = FIRST_HAND if self.whole is None else self.whole.hand
            rng = decision_rng(self.seed, hand, moves_made(work))  # as `WholeGame.rng`
            move = player.choose(view_of(work, work.to_move), rng)
        self.play(str(move))
        return move

    def undo(self, to_person: bool) -> list[Move]:
        """Take back the last move (`to_person`: and on until a person is to
        move, so that the engine does not make its move again); the moves
        taken back, last first.  IllegalMoveError when there is none."""
        taken: list[Move] = []
        with self.lock:
            pos = self.position
            if not pos.history:
                raise IllegalMoveError("no move to take back")
            while pos.history:
                taken.append(pos.undo())
                self.redo.append(taken[-1])
                if not to_person or self.players[pos.to_move] is None:
                    break
        return taken

    def goto(self, ply: int) -> None:
        """Take back or make again moves until `ply` moves are made (a move
        of the list of those made and taken back); NotationError past it."""
        with self.lock:
            pos = self.position
            if not 0 <= ply <= len(pos.history) + len(self.redo):
                raise NotationError(
                    f"ply: expected 0 to {len(pos.history) + len(self.redo)}, got {ply}"
                )
            while len(pos.history) > ply:
                self.redo.append(pos.undo())
            while len(pos.history) < ply:
                pos.play(self.redo.pop())

    def redo_move(self) -> Move:
        """Make again the last move taken back; IllegalMoveError when there is none."""
        if not self.redo:
            raise IllegalMoveError("no move to make again")
        return self.play(str(self.redo[-1]))

    def snapshot(self) -> Position:
        """A copy of the position, for a search or a drawing."""
        with self.lock:
            return self.position.copy()

    # -- searches -----------------------------------------------------------------

    def begin_search(self) -> threading.Event:
        """Stop the search running on this board (if any) and hand out the
        stop of the next one, which the caller runs under `search_lock`."""
        self.stop_search()
        self._stop = threading.Event()
        return self._stop

    def stop_own(self, stop: threading.Event) -> None:
        """Stop the search whose stop is `stop` (its page went away), and
        the Solver with it while that search is the board's latest."""
        stop.set()
        if stop is self._stop:
            self.stop_search()

    def stop_search(self) -> None:
        """Stop the board's search, if one runs (it returns what it has)."""
        self._stop.set()
        if self._solver is not None:
            self._solver.interrupt()


class Boards:
    """The boards by id, at most `MAX_BOARDS` (the oldest forgotten first)."""

    def __init__(self, tt_mb: float = BOARD_TT_MB) -> None:
        self.tt_mb = tt_mb
        self._boards: OrderedDict[str, WebBoard] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, position: Position, seed: int = 0, records: list[Board] | None = None,
            record: str | None = None, whole: WholeGame | None = None,
            ) -> tuple[str, WebBoard]:  # fmt: skip
        """A new board of `position` (the hand in play of `whole`, a whole
        game, where given) and its id."""
        board = WebBoard(position, seed, self.tt_mb, list(records or []), record, whole=whole)
        key = secrets.token_hex(ID_BYTES)
        with self._lock:
            self._boards[key] = board
            while len(self._boards) > MAX_BOARDS:
                _, old = self._boards.popitem(last=False)
                old.stop_search()
        return key, board

    def get(self, key: str) -> WebBoard:
        """The board of id `key`; NoSuchBoard when there is none."""
        with self._lock:
            board = self._boards.get(key)
            if board is None:
                raise NoSuchBoard("no such board (the server was restarted?): deal again")
            self._boards.move_to_end(key)
            return board

    def stop_all(self) -> None:
        """Stop every board's search (the server is closing)."""
        with self._lock:
            boards = list(self._boards.values())
        for board in boards:
            board.stop_search()

    def __len__(self) -> int:
        return len(self._boards)
