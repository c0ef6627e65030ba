# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Private binding of the C core: the play of one hand (`PlayState`).

Cards are ints (suit * 16 + rank) and sets of cards are int masks, exactly
as in csrc/cards.h; the public, typed API in `solver` wraps them in value
types.  Errors from the C boundary checks raise `solver.errors.PositionError`
(a bad setup) or `solver.errors.IllegalMoveError` (a move not allowed now).
"""
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from solver.errors import IllegalMoveError, PositionError

cdef enum:
    MAX_MOVES = 64   # the longest hand: 50 Chinkway cards and 10 claims, or 52 cards

NOTRUMP = TS_NOTRUMP
SETUP_BYTES = sizeof(ts_setup)  # the raw setup's size (PlayState.setup_bytes)
NO_SEAT = TS_NO_SEAT
NO_CARD = TS_NO_CARD
PHASE_PLAY, PHASE_CLAIM, PHASE_OVER = TS_PLAY, TS_CLAIM, TS_OVER
GAMES = TS_GAMES  # the number of games: a setup's game is 0..GAMES-1
# each game's number (a setup's game) by its registered name ("whist", ...)
GAME_NUMBERS = {ts_game_name(g).decode(): g for g in range(TS_GAMES)}
CINCH_HIGH, CINCH_LOW, CINCH_JACK, CINCH_GAME = TS_CINCH_HIGH, TS_CINCH_LOW, TS_CINCH_JACK, TS_CINCH_GAME

# The games' numbers the rules need, written once in csrc/rules.h; the
# games' Python modules read them from here.
CHINKWAY_SEATS = TS_CHINKWAY_SEATS
QUEST_CATEGORIES = TS_QUEST_CATEGORIES
COURTS = TS_COURTS
QUEST_CARDS = TS_QUEST_CARDS
CHINESE_WHIST_PAR = {2: TS_CHINESE_WHIST_PAR_2, 3: TS_CHINESE_WHIST_PAR_3, 4: TS_CHINESE_WHIST_PAR_4}
CINCH_TOP_BID = TS_CINCH_TOP_BID
SHOOT = TS_SHOOT


cdef str _status(int status):
    return ts_status_text(status).decode()


def trick_winner(cards, int trump):
    """Index in `cards` (play order) of the card that wins the trick."""
    cdef ts_card buf[5]
    cdef int n = len(cards)
    if not 1 <= n <= 5:
        raise ValueError("a trick holds 1 to 5 cards")
    for i in range(n):
        buf[i] = <ts_card>cards[i]
    return ts_trick_winner(buf, n, trump)


def quest_category(int card):
    """Chinkway quest category: 0-3 the pips of S H D C, 4 the courts (J Q K)."""
    return ts_quest_category(<ts_card>card)


cdef class Setup:
    """What a hand starts from (csrc/rules.h's ts_setup), as a game builds
    it: the fields every game has at construction, the game's own fields
    (fields a game does not use are left at their defaults) set after.
    `PlayState(setup)` checks it.  The numbers are checked to fit here (a
    PositionError); the rules' checks are `PlayState`'s."""
    cdef ts_setup s

    def __init__(self, int game, int nseats, int trump, int leader, hands):
        memset(&self.s, 0, sizeof(self.s))
        memset(self.s.beneath, TS_NO_CARD, sizeof(self.s.beneath))
        if not 0 <= game < TS_GAMES or not 0 <= trump <= TS_NOTRUMP or not 0 <= leader < 256:
            raise PositionError("game, trump or leader out of range")
        if not 2 <= nseats <= TS_MAX_SEATS or len(hands) != nseats:
            raise PositionError(f"expected {nseats} hands, one per seat")
        self.s.game, self.s.nseats, self.s.trump, self.s.leader = game, nseats, trump, leader
        for p in range(nseats):
            self.s.hand[p] = hands[p]
        self.s.bid = 1  # Cinch's default contract, bid 1 (in every game's setup, as ever)

    @property
    def up(self):
        """Chinese Whist: each seat's face-up cards on the piles."""
        return [self.s.up[p] for p in range(self.s.nseats)]

    @up.setter
    def up(self, cards):
        for p in range(self.s.nseats):
            self.s.up[p] = cards[p]

    @property
    def under(self):
        """Chinese Whist: each seat's face-down cards under them."""
        return [self.s.under[p] for p in range(self.s.nseats)]

    @under.setter
    def under(self, cards):
        for p in range(self.s.nseats):
            self.s.under[p] = cards[p]

    @property
    def beneath(self):
        """Chinese Whist: {covering card: the card under it}."""
        return {top: self.s.beneath[top] for top in range(64) if self.s.beneath[top] != TS_NO_CARD}

    @beneath.setter
    def beneath(self, piles):
        memset(self.s.beneath, TS_NO_CARD, sizeof(self.s.beneath))
        for top, card in piles.items():
            if not (0 <= top < 64 and 0 <= card < 64):
                raise PositionError("pile card out of range")
            self.s.beneath[top] = card

    @property
    def dealer(self):
        """Chinkway: the lone dealer's seat."""
        return self.s.dealer

    @dealer.setter
    def dealer(self, int seat):
        self.s.dealer = seat

    @property
    def pairing(self):
        """Chinkway: the teams, 0 or 1 (csrc/rules.h)."""
        return self.s.pairing

    @pairing.setter
    def pairing(self, int pairing):
        self.s.pairing = pairing

    @property
    def quest_need(self):
        """Chinkway: the quest's cards of each category."""
        return [self.s.quest_need[k] for k in range(TS_QUEST_CATEGORIES)]

    @quest_need.setter
    def quest_need(self, counts):
        if len(counts) != TS_QUEST_CATEGORIES:
            raise PositionError("quest needs five category counts")
        for k in range(TS_QUEST_CATEGORIES):
            self.s.quest_need[k] = counts[k]

    @property
    def bidder(self):
        """Cinch: the contract's bidder."""
        return self.s.bidder

    @bidder.setter
    def bidder(self, int seat):
        self.s.bidder = seat

    @property
    def bid(self):
        """Cinch: the contract's bid, 1..CINCH_TOP_BID or SHOOT."""
        return self.s.bid

    @bid.setter
    def bid(self, int bid):
        self.s.bid = bid

    @property
    def shoot_needs_all_four(self):
        """Cinch: a Shoot needs all four points, not only those in play."""
        return bool(self.s.shoot_needs_all_four)

    @shoot_needs_all_four.setter
    def shoot_needs_all_four(self, bint all_four):
        self.s.shoot_needs_all_four = all_four


cdef class PlayState:
    """The play of one hand, from a checked setup to the last trick.

    Moves are card ints; `undo` takes back the latest one.  Copy with `copy()`.
    """
    cdef ts_state s
    cdef ts_setup setup  # what the hand started from, as ts_init checked it
    cdef ts_undo history[MAX_MOVES]
    cdef int nmoves

    def __init__(self, Setup setup not None):
        status = ts_init(&self.s, &setup.s)
        if status:
            raise PositionError(_status(status))
        self.setup = setup.s
        self.nmoves = 0

    @staticmethod
    def from_setup_bytes(bytes raw):
        """A hand from the raw C setup (`setup_bytes`, SETUP_BYTES long), as
        ts_init checks it: for the tests that feed the C core's boundary the
        same bytes in another build (tests/core/test_sanitizers.py)."""
        cdef PlayState state = PlayState.__new__(PlayState)
        if len(raw) != sizeof(ts_setup):
            raise PositionError(f"a setup is {sizeof(ts_setup)} bytes, not {len(raw)}")
        memcpy(&state.setup, <const char *>raw, sizeof(ts_setup))
        status = ts_init(&state.s, &state.setup)
        if status:
            raise PositionError(_status(status))
        state.nmoves = 0
        return state

    def setup_bytes(self):
        """The raw C setup the hand started from (before any move)."""
        return (<char *>&self.setup)[:sizeof(ts_setup)]

    def copy(self):
        """An independent copy, history included."""
        cdef PlayState other = PlayState.__new__(PlayState)
        other.s = self.s
        other.setup = self.setup
        memcpy(other.history, self.history, sizeof(ts_undo) * self.nmoves)
        other.nmoves = self.nmoves
        return other

    def legal(self):
        """Mask of the cards that may be played (or claimed) now."""
        return ts_legal(&self.s)

    def play(self, int card):
        """Play (or claim) `card`; IllegalMoveError if the rules forbid it."""
        if not 0 <= card < 64:
            raise IllegalMoveError("not a card")
        if self.nmoves >= MAX_MOVES:
            raise IllegalMoveError("the hand is over")
        status = ts_play(&self.s, <ts_card>card, &self.history[self.nmoves])
        if status:
            raise IllegalMoveError(_status(status))
        self.nmoves += 1

    def undo(self):
        """Take back the latest move; returns its card."""
        if self.nmoves == 0:
            raise IllegalMoveError("no move to take back")
        self.nmoves -= 1
        ts_unplay(&self.s, &self.history[self.nmoves])
        return self.history[self.nmoves].card

    def last_uncovered(self):
        """Mask of the cards the latest move turned up (Chinese Whist)."""
        return self.history[self.nmoves - 1].uncovered if self.nmoves else 0

    @property
    def moves_made(self): return self.nmoves
    @property
    def game(self): return self.s.game
    @property
    def nseats(self): return self.s.nseats
    @property
    def nsides(self): return self.s.nsides
    @property
    def trump(self): return self.s.trump
    @property
    def turn(self): return self.s.turn
    @property
    def phase(self): return self.s.phase
    @property
    def leader(self): return self.s.leader
    @property
    def last_winner(self): return self.s.last_winner
    @property
    def tricks_played(self): return self.s.tricks_played
    @property
    def total_tricks(self): return self.s.total_tricks
    @property
    def trick(self):
        """Cards of the trick in progress (or, in the claim phase, the finished one)."""
        return tuple(self.s.trick[i] for i in range(self.s.ntrick))
    @property
    def tricks(self):
        return tuple(self.s.tricks[i] for i in range(self.s.nseats))
    @property
    def sides(self):
        return tuple(self.s.side[i] for i in range(self.s.nseats))
    @property
    def in_play(self): return self.s.in_play

    def playable(self, int seat): return self.s.playable[self._seat(seat)]
    def covered(self, int seat): return self.s.covered[self._seat(seat)]
    def claimed(self, int seat): return self.s.claimed[self._seat(seat)]
    def taken(self, int side):
        if not 0 <= side < self.s.nsides:
            raise ValueError("side out of range")
        return self.s.taken[side]

    def cinch_points(self, int side):
        """Bits CINCH_HIGH/LOW/JACK/GAME that a Cinch side holds now."""
        if self.s.game != TS_CINCH or not 0 <= side < 2:
            raise ValueError("Cinch points need a Cinch hand and side 0 or 1")
        return ts_cinch_points(&self.s, side)

    def scores(self):
        """Hand score of every seat as if the hand ended now."""
        cdef int out[5]
        ts_scores(&self.s, out)
        return tuple(out[i] for i in range(self.s.nseats))

    def state_bytes(self):
        """The raw C state, for tests that check undo restores it exactly."""
        return (<char *>&self.s)[:sizeof(ts_state)]

    def random_playout(self, uint64_t seed):
        """Play random legal moves to the end (no undo history is kept)."""
        cdef uint64_t rng = seed
        with nogil:
            ts_random_playout(&self.s, &rng)
        self.nmoves = 0

    def playouts(self, int64_t n, uint64_t seed):
        """Run n random playouts from here (the GIL released); returns a checksum."""
        cdef int64_t total
        with nogil:
            total = ts_playouts(&self.s, n, seed)
        return total

    cdef int _seat(self, int seat) except -1:
        if not 0 <= seat < self.s.nseats:
            raise ValueError("seat out of range")
        return seat


DEFAULT_TT_BYTES = TS_DEFAULT_TT_BYTES
MAXN_BY_SCORE = TS_MAXN_BY_SCORE
MAXN_BY_TRICKS = TS_MAXN_BY_TRICKS
EVAL_MIDDLE = TS_EVAL_MIDDLE    # the evaluations at a bounded search's horizon (Searcher.evaluation)
EVAL_LEARNED = TS_EVAL_LEARNED


cdef int _trick_start_side(PlayState state, int side) except -1:
    if state.s.phase != PHASE_PLAY or state.s.ntrick != 0:
        raise PositionError("the evaluation values a trick start only")
    if not 0 <= side < state.s.nsides:
        raise ValueError("side out of range")
    return side


def eval_inputs(PlayState state not None, int side):
    """The learned evaluation's inputs of a trick start for `side`: the
    cheap bounds, then the game's features (csrc/games/<game>_features.h);
    for the training and the tests.  [] for a game with none."""
    cdef float x[TS_MAX_EVAL_INPUTS]
    cdef int n
    _trick_start_side(state, side)
    with nogil:
        n = ts_eval_inputs(&state.s, side, x)
    return [x[i] for i in range(n)]


def evaluate(PlayState state not None, int side, int kind):
    """(value, raw): the evaluation `kind` (EVAL_MIDDLE or EVAL_LEARNED) of a
    trick start for `side`, as a bounded search uses it at its horizon, and
    the model's own output before it is settled on a possible value."""
    cdef float raw = 0
    cdef int v
    _trick_start_side(state, side)
    if kind != TS_EVAL_MIDDLE and kind != TS_EVAL_LEARNED:
        raise ValueError(f"kind must be EVAL_MIDDLE or EVAL_LEARNED, not {kind}")
    with nogil:
        v = ts_evaluate(&state.s, side, kind, &raw)
    return v, raw


cdef class Searcher:
    """Double-dummy search with its own transposition table (one per thread).

    `tt_bytes` sizes the table: it starts small (2 MiB, or `table_start`
    bytes: `tt_bytes` for a fixed table) and doubles with the searches up
    to `tt_bytes` (`table_bytes`); `max_nodes` / `max_seconds` (0: none) limit
    each call, after which the result is not exact (`stats["exact"]` False).
    `exact_keys` keeps table entries for exact positions only, with no
    partition search: slower, the reference the tests compare with.
    Every call releases the GIL.
    """
    cdef ts_search S
    cdef bint ready

    def __init__(self, size_t tt_bytes=TS_DEFAULT_TT_BYTES, int64_t max_nodes=0, double max_seconds=0,
                 bint exact_keys=False, table_start=None):
        if ts_search_init(&self.S, tt_bytes) != 0:
            raise MemoryError(f"cannot allocate a transposition table of {tt_bytes} bytes")
        if table_start is not None:
            ts_search_table_start(&self.S, table_start)
        self.ready = True
        self.S.max_nodes = max_nodes
        self.S.max_seconds = max_seconds
        self.S.exact_keys = exact_keys

    def __dealloc__(self):
        if self.ready:
            ts_search_free(&self.S)

    def clear(self):
        """Forget every table entry."""
        ts_search_clear(&self.S)

    def touch(self):
        """Write the part of the table in use now (forgetting its entries),
        so that no later search waits for the system to supply it."""
        with nogil:
            ts_search_touch(&self.S)

    @property
    def table_bytes(self):
        """The bytes of the table in use now: it starts small (2 MiB, or
        `tt_bytes` when less) and doubles as the searches fill it, up to
        `tt_bytes`."""
        return ts_search_table_bytes(&self.S)

    @property
    def table_growths(self):
        """How many times the table has grown since the searcher was made."""
        return ts_search_table_growths(&self.S)

    def request_stop(self):
        """Stop the search running in another thread, as if a limit hit it
        (its result is then not exact), and every later call until
        `clear_stop` (so that a stop coming between two calls is not lost)."""
        self.S.stop = 1

    def clear_stop(self):
        """Let calls search again after `request_stop`."""
        self.S.stop = 0

    @property
    def max_nodes(self):
        """The node limit of each call (0: none); settable between calls."""
        return self.S.max_nodes

    @max_nodes.setter
    def max_nodes(self, int64_t n):
        if n < 0:
            raise ValueError("max_nodes must not be negative")
        self.S.max_nodes = n

    @property
    def horizon(self):
        """0: none; else the searches stop at the start of trick `horizon`
        (counted from the hand's first, as `tricks_played`), where the game's
        evaluation values the position: the values are then not exact, and
        the table is by exact keys.  Settable between calls; the table is
        emptied when it changes (values of one horizon are not another's)."""
        return self.S.horizon

    @horizon.setter
    def horizon(self, int trick):
        if trick < 0:
            raise ValueError("the horizon must not be negative")
        if trick != self.S.horizon:
            ts_search_clear(&self.S)
            self.S.horizon = trick

    @property
    def evaluation(self):
        """The evaluation at the horizon: EVAL_MIDDLE (the middle of the
        cheap bounds) or EVAL_LEARNED (the game's learned model).  Settable
        between calls; the table is emptied when it changes."""
        return self.S.evaluation

    @evaluation.setter
    def evaluation(self, int kind):
        if kind != TS_EVAL_MIDDLE and kind != TS_EVAL_LEARNED:
            raise ValueError(f"the evaluation must be EVAL_MIDDLE or EVAL_LEARNED, not {kind}")
        if kind != self.S.evaluation:
            ts_search_clear(&self.S)
            self.S.evaluation = kind

    @property
    def stats(self):
        """Nodes, table hits and stores, seconds and exactness of the latest call."""
        return {"nodes": self.S.stats.nodes, "trick_starts": self.S.stats.trick_starts,
                "tt_hits": self.S.stats.tt_hits,
                "tt_stores": self.S.stats.tt_stores, "seconds": self.S.stats.seconds,
                "exact": bool(self.S.stats.exact)}

    def solve(self, PlayState state, side=None, guess=None):
        """The value for `side` (default: the side to move); paranoid with 3+ sides.
        `guess`, a likely value, starts the search over targets there (the
        value is the same; a good guess saves searches)."""
        cdef int v, sd, g
        if state.s.phase == PHASE_OVER:
            raise IllegalMoveError("the hand is over")
        sd = state.s.side[state.s.turn] if side is None else side
        if not 0 <= sd < state.s.nsides:
            raise ValueError("side out of range")
        if guess is None:
            with nogil:
                v = ts_solve_for(&self.S, &state.s, sd)
        else:
            g = guess
            with nogil:
                v = ts_solve_near(&self.S, &state.s, sd, g)
        return v

    def reaches(self, PlayState state, int side, int target):
        """Can `side` reach at least `target`?  (One null-window search.)"""
        cdef int r
        if not 0 <= side < state.s.nsides:
            raise ValueError("side out of range")
        with nogil:
            r = ts_reaches(&self.S, &state.s, side, target)
        return bool(r)

    def analyze(self, PlayState state):
        """[(card, value, class, high)] for every legal move, for the side to
        move; equivalent cards share a class (the card index of the one
        searched).  Cut short by a limit or a stop, `value` is a proven lower
        bound and `high` a proven upper bound; else they are equal."""
        cdef ts_card moves[64]
        cdef int values[64]
        cdef int highs[64]
        cdef int cls[64]
        cdef int n
        if state.s.phase == PHASE_OVER:
            raise IllegalMoveError("the hand is over")
        with nogil:
            n = ts_analyze(&self.S, &state.s, moves, values, highs, cls)
        return [(moves[i], values[i], cls[i], highs[i]) for i in range(n)]

    def maxn(self, PlayState state, int by=TS_MAXN_BY_SCORE):
        """Max^n values of every side, each maximising its objective `by`
        (MAXN_BY_SCORE or MAXN_BY_TRICKS; see csrc/search.h for both and the
        tie rule)."""
        cdef int values[5]
        if by != TS_MAXN_BY_SCORE and by != TS_MAXN_BY_TRICKS:
            raise ValueError(f"by must be MAXN_BY_SCORE or MAXN_BY_TRICKS, not {by}")
        with nogil:
            ts_maxn(&self.S, &state.s, by, values)
        return tuple(values[i] for i in range(state.s.nsides))

    @staticmethod
    def value_range(PlayState state, int side):
        cdef int lo, hi
        ts_value_range(&state.s, side, &lo, &hi)
        return lo, hi
