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

Claims are moves: in the Chinkway 'claim' phase `Hand.legal()` lists the cards
that may be claimed.

`value`, `card_values` and `maxn` are the definitions, each its own recursion.
`solve` computes all three in one walk of the tree (the tests' workhorse: the
walk is the expensive part); the tests check it against the three definitions.
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


def _maxn(hand: Hand) -> tuple[int, ...]:
    """Every side maximises its own objective; consumes `hand`."""
    if hand.phase() == "over":
        return _final(hand)
    me = mover_side(hand)
    return choose([_maxn(child) for _, child in _children(hand)], me)


def maxn(hand: Hand) -> tuple[int, ...]:
    """The max^n value of every side, with the tie rule of csrc/search.h: among
    moves equally good for the mover, the one leaving the lowest total to the
    other sides; among those the first in card order."""
    return tuple(v - _baseline(hand, k) for k, v in enumerate(_maxn(hand.clone())))


# -- all three in one walk ------------------------------------------------------------


def _walk(hand: Hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(_paranoid(hand, k) for every side k, _maxn(hand)) in one walk; consumes
    `hand`.  At each node side k takes the maximum of its paranoid values over
    the moves if it is the mover's side, else the minimum; max^n as in _maxn."""
    if hand.phase() == "over":
        final = _final(hand)
        return final, final
    me = mover_side(hand)
    results = [_walk(child) for _, child in _children(hand)]
    paranoid = tuple(
        (max if k == me else min)(p[k] for p, _ in results) for k in range(len(results[0][0]))
    )
    return paranoid, choose([m for _, m in results], me)


def solve(hand: Hand) -> tuple[tuple[int, ...], dict[str, int], tuple[int, ...]]:
    """(value(hand, k) for every side k, card_values(hand), maxn(hand)), from one
    walk of the tree."""
    me = mover_side(hand)
    bases = [_baseline(hand, k) for k in range(nsides(hand))]
    children = [(move, _walk(child)) for move, child in _children(hand.clone())]
    paranoid = tuple(
        (max if k == me else min)(p[k] for _, (p, _) in children) - bases[k]
        for k in range(len(bases))
    )
    moves = {move: p[me] - bases[me] for move, (p, _) in children}
    best = choose([m for _, (_, m) in children], me)
    return paranoid, moves, tuple(v - bases[k] for k, v in enumerate(best))
