"""Plain minimax over the reference rules (tests/reference/rules.py), for checking
the double-dummy search (csrc/search.h) by brute force.

No pruning, no table, no move ordering, no equivalent cards: every legal move of
every node is tried, on a copy of the hand.  Slow, and meant to be obviously
correct.  Like rules.py it imports nothing from the C core or the `solver` package.

The objective of a side (the side indices of `Hand.sides()`), as csrc/search.h
defines the value of a position:

- whist, Chinese Whist: the tricks the side takes from this position to the end
  of the hand, the trick in progress counted (with two or three Chinese Whist
  players every seat is a side of its own);
- Cinch: at the end of the hand, the side's hand score minus the other side's;
- Chinkway: the side's quest score at the end of the hand (the claims already
  made count).

Max^n has two objectives (`by`, as `csrc/search.h` names them), written from
docs/rules.md section 6, Scores and values ("every side maximises its own score"):

- ``"score"`` (the default): with three or more sides, the side's score for the
  hand as the rules give it (`Hand.scores()`: three-player Chinese Whist its points,
  one a trick above five, so 0 for any number of tricks up to five; Chinkway its
  quest score), counted for the whole hand; with two sides (a zero-sum game) the
  objective of the value above (tricks from here on, Cinch's net hand score);
- ``"tricks"``: the side's tricks from this position on, in every game.

Claims are moves: in the Chinkway 'claim' phase `Hand.legal()` lists the cards
that may be claimed.

`value`, `card_values` and `maxn` are the definitions, each its own recursion.
`solve` computes them all (max^n by both objectives) in one walk of the tree
(the tests' workhorse: the walk is the expensive part); the tests check it
against the definitions.
"""

from .rules import RANKS, SUITS, Hand


def card_order(card: str) -> tuple[int, int]:
    """Sort key of the tie rule: spades, hearts, diamonds, clubs; high card first."""
    return (SUITS.index(card[1]), -RANKS.index(card[0]))


def nsides(hand: Hand) -> int:
    return max(hand.sides()) + 1


def mover_side(hand: Hand) -> int:
    return hand.sides()[hand.to_move()]


def after(hand: Hand, move: str) -> Hand:
    """A copy of the hand with `move` made (the hand itself is left alone)."""
    child = hand.clone()
    child.play(move)
    return child


def _children(hand: Hand) -> list[tuple[str, Hand]]:
    """(move, the hand after it) for every legal move, in card order.  Consumes
    `hand`: the last move is made on `hand` itself rather than on a copy, so a
    caller must not use `hand` afterwards."""
    moves = sorted(hand.legal(), key=card_order)
    out = [(move, after(hand, move)) for move in moves[:-1]]
    hand.play(moves[-1])
    out.append((moves[-1], hand))
    return out


def _side_tricks(hand: Hand, side: int) -> int:
    sides = hand.sides()
    return sum(won for seat, won in enumerate(hand.tricks_won()) if sides[seat] == side)


def _baseline(hand: Hand, side: int) -> int:
    """What the side already has that the value does not count: the tricks taken
    so far in the trick games (whose value counts tricks from here on), else 0."""
    if hand.game in ("whist", "chinese-whist"):
        return _side_tricks(hand, side)
    return 0


def _final(hand: Hand) -> tuple[int, ...]:
    """Every side's objective at the end of the hand (tricks counted from the start)."""
    assert hand.phase() == "over"
    sides = range(nsides(hand))
    if hand.game in ("whist", "chinese-whist"):
        return tuple(_side_tricks(hand, side) for side in sides)
    seat_of = hand.sides().index
    scores = hand.scores()
    if hand.game == "cinch":
        return tuple(scores[seat_of(side)] - scores[seat_of(1 - side)] for side in sides)
    assert hand.game == "chinkway"
    return tuple(scores[seat_of(side)] for side in sides)


MAXN_BY = ("score", "tricks")


def _by_score(hand: Hand) -> bool:
    """Max^n by score counts each side's own score (three or more sides)."""
    return nsides(hand) >= 3


def _maxn_final(hand: Hand, by: str) -> tuple[int, ...]:
    """Every side's max^n objective `by` at the end of the hand, counted from the
    start of the hand."""
    assert hand.phase() == "over"
    if by == "tricks":
        return tuple(_side_tricks(hand, side) for side in range(nsides(hand)))
    assert by == "score"
    if not _by_score(hand):
        return _final(hand)
    seat_of = hand.sides().index
    scores = hand.scores()
    return tuple(scores[seat_of(side)] for side in range(nsides(hand)))


def _maxn_baseline(hand: Hand, side: int, by: str) -> int:
    """What the max^n value `by` leaves out: the tricks taken so far by tricks,
    nothing for a score of three or more sides (the whole hand's score), else as
    the value (_baseline)."""
    if by == "tricks":
        return _side_tricks(hand, side)
    return 0 if _by_score(hand) else _baseline(hand, side)


def choose(results: list[tuple[int, ...]], me: int) -> tuple[int, ...]:
    """The max^n choice of side `me` among the results of its moves, given in
    card order, by the tie rule of csrc/search.h: the best for `me`; among
    those, the lowest total left to the other sides; among those, the first."""
    best = results[0]
    for result in results[1:]:
        others, best_others = sum(result) - result[me], sum(best) - best[me]
        if result[me] > best[me] or (result[me] == best[me] and others < best_others):
            best = result
    return best


# -- the definitions ----------------------------------------------------------------


def _paranoid(hand: Hand, side: int) -> int:
    """`side` maximises, every other side minimises; consumes `hand`."""
    if hand.phase() == "over":
        return _final(hand)[side]
    maximising = mover_side(hand) == side
    results = [_paranoid(child, side) for _, child in _children(hand)]
    return max(results) if maximising else min(results)


def value(hand: Hand, side: int) -> int:
    """The paranoid value of the position for `side`: `side` maximises its
    objective, every other side minimises it."""
    return _paranoid(hand.clone(), side) - _baseline(hand, side)


def card_values(hand: Hand) -> dict[str, int]:
    """The paranoid value, for the mover's side, of each legal move of the mover."""
    side = mover_side(hand)
    base = _baseline(hand, side)
    return {move: _paranoid(child, side) - base for move, child in _children(hand.clone())}


def _maxn(hand: Hand, by: str) -> tuple[int, ...]:
    """Every side maximises its own objective `by`; consumes `hand`."""
    if hand.phase() == "over":
        return _maxn_final(hand, by)
    me = mover_side(hand)
    return choose([_maxn(child, by) for _, child in _children(hand)], me)


def maxn(hand: Hand, by: str = "score") -> tuple[int, ...]:
    """The max^n value of every side, each side maximising its objective `by`
    (MAXN_BY), with the tie rule of csrc/search.h: among moves equally good for
    the mover, the one leaving the lowest total (of the same objective) to the
    other sides; among those the first in card order."""
    got = _maxn(hand.clone(), by)
    return tuple(v - _maxn_baseline(hand, k, by) for k, v in enumerate(got))


# -- all three in one walk ------------------------------------------------------------


Walk = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _walk(hand: Hand) -> Walk:
    """(_paranoid(hand, k) for every side k, _maxn(hand, "score"), _maxn(hand,
    "tricks")) in one walk; consumes `hand`.  At each node side k takes the
    maximum of its paranoid values over the moves if it is the mover's side,
    else the minimum; max^n as in _maxn."""
    if hand.phase() == "over":
        return _final(hand), _maxn_final(hand, "score"), _maxn_final(hand, "tricks")
    me = mover_side(hand)
    results = [_walk(child) for _, child in _children(hand)]
    paranoid = tuple(
        (max if k == me else min)(r[0][k] for r in results) for k in range(len(results[0][0]))
    )
    return paranoid, choose([r[1] for r in results], me), choose([r[2] for r in results], me)


def solve(
    hand: Hand,
) -> tuple[tuple[int, ...], dict[str, int], tuple[int, ...], tuple[int, ...]]:
    """(value(hand, k) for every side k, card_values(hand), maxn(hand, "score"),
    maxn(hand, "tricks")), from one walk of the tree."""
    me = mover_side(hand)
    sides = range(nsides(hand))
    bases = [_baseline(hand, k) for k in sides]
    children = [(move, _walk(child)) for move, child in _children(hand.clone())]
    paranoid = tuple(
        (max if k == me else min)(r[0][k] for _, r in children) - bases[k] for k in sides
    )
    moves = {move: r[0][me] - bases[me] for move, r in children}
    maxn_by = []
    for i, by in enumerate(MAXN_BY, start=1):
        best = choose([r[i] for _, r in children], me)
        maxn_by.append(tuple(best[k] - _maxn_baseline(hand, k, by) for k in sides))
    return paranoid, moves, maxn_by[0], maxn_by[1]
