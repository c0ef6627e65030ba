"""The learned evaluation's inputs, written plainly from their definitions
(csrc/games/hand_features.h and games/<game>_features.h describe them in
words): the slow reference the tests compare `solver._core.eval_inputs`
with.  It reads a position through the binding's state accessors (the
cards each seat holds, the tricks, the sides) and counts with Python sets
of card indices (suit * 16 + rank, rank 0..12 for 2..A); only the cheap
bounds (the first two inputs) come from the C core, as they are the
search's own and tested elsewhere.
"""

from __future__ import annotations

from solver import _core
from solver.games.base import Position

SUITS = 4
RANKS = 13
NOTRUMP = 4
HONOURS = 4  # the top four cards left in a suit: 4, 3, 2, 1 points
LONG_FROM = 3  # a seat's cards of a suit beyond three are long
MAX_SEATS = 5  # the per-seat part has a block for each of five seats
JACK, QUEEN, KING = 9, 10, 11
GAME_POINTS = {8: 10, 9: 1, 10: 2, 11: 3, 12: 4}  # Cinch: T J Q K A


def cards(mask: int) -> set[int]:
    return {c for c in range(64) if mask >> c & 1}


def suit_of(c: int) -> int:
    return c // 16


def rank_of(c: int) -> int:
    return c % 16


def hand_part(st: _core.PlayState, side: int) -> list[float]:
    """Per group (us: side `side`; them: the rest): cards, trumps, top
    trumps, top side cards, trump honours, side honours, ruffing voids,
    long cards; then we lead, tricks left, tricks we won, they won, our
    seats; then per seat from the leader (five blocks): ours, trumps,
    honours, winners (suits whose top card it holds), voids."""
    seats = range(st.nseats)
    left = {p: cards(st.playable(p)) | cards(st.covered(p)) for p in seats}
    ours = [st.sides[p] == side for p in seats]
    group = [set(), set()]
    for p in seats:
        group[0 if ours[p] else 1] |= left[p]
    f = [[0.0] * 8 for _ in range(2)]
    order = [(st.leader + i) % st.nseats for i in range(st.nseats)]
    per_seat = [[0.0] * 5 for _ in range(MAX_SEATS)]
    for suit in range(SUITS):
        trumps = suit == st.trump
        in_suit = sorted((c for c in group[0] | group[1] if suit_of(c) == suit), reverse=True)
        holders = [0 if c in group[0] else 1 for c in in_suit]
        for h, c in enumerate(in_suit):
            seat = per_seat[next(i for i, p in enumerate(order) if c in left[p])]
            seat[3] += h == 0
            seat[2] += max(0, HONOURS - h)
        for h, g in enumerate(holders):
            if h < HONOURS:
                f[g][4 if trumps else 5] += HONOURS - h
        run = 0
        while run < len(holders) and holders[run] == holders[0]:
            run += 1
        if holders:
            f[holders[0]][2 if trumps else 3] += run
    for p in seats:
        g = f[0 if ours[p] else 1]
        mine = left[p]
        trumps = {c for c in mine if suit_of(c) == st.trump}
        g[0] += len(mine)
        g[1] += len(trumps)
        for suit in range(SUITS):
            n = sum(1 for c in mine if suit_of(c) == suit)
            g[7] += max(0, n - LONG_FROM)
            if n == 0 and suit != st.trump and trumps:
                g[6] += 1
    for i, p in enumerate(order):
        per_seat[i][0] = float(ours[p])
        per_seat[i][1] = float(sum(1 for c in left[p] if suit_of(c) == st.trump))
        held_suits = {suit_of(c) for c in left[p]}
        per_seat[i][4] = float(SUITS - len(held_suits))
    tricks = st.tricks
    won_us = sum(tricks[p] for p in seats if ours[p])
    won_them = sum(tricks[p] for p in seats if not ours[p])
    tail = [
        float(st.sides[st.leader] == side),
        float(st.total_tricks - st.tricks_played),
        float(won_us),
        float(won_them),
        float(sum(ours)),
    ]
    return f[0] + f[1] + tail + [x for seat in per_seat for x in seat]


def chinese_whist_part(pos: Position, st: _core.PlayState, side: int) -> list[float]:
    """Covered cards us, them; covering (face-up cards with a card beneath) us, them;
    then what each group may play now against what is face down (`play_now`)."""
    piles = pos.piles  # type: ignore[attr-defined]
    beneath = {top.index: under.index for row in piles for top, under in row if under is not None}
    out = [0.0] * 4
    for p in range(st.nseats):
        g = 0 if st.sides[p] == side else 1
        out[g] += len(cards(st.covered(p)))
        out[2 + g] += len(cards(st.playable(p)) & set(beneath))
    return out + play_now(st, side, beneath)


def play_now(st: _core.PlayState, side: int, beneath: dict[int, int]) -> list[float]:
    """Per group (us, them): cards it may play now, its trumps among them,
    its trumps face down, its sure winners (in each suit the run from the
    top of the cards left that it may play now), the honour points of its
    face-down cards, the side suits it cannot play now, those while it may
    play a trump, its covering cards with an honour beneath."""
    groups = [(set(), set()), (set(), set())]  # (may play now, face down)
    for p in range(st.nseats):
        now, down = groups[0 if st.sides[p] == side else 1]
        now |= cards(st.playable(p))
        down |= cards(st.covered(p))
    left = set().union(*groups[0], *groups[1])
    by_suit = [sorted((c for c in left if suit_of(c) == s), reverse=True) for s in range(SUITS)]
    honours = {c for suit in by_suit for c in suit[:HONOURS]}
    out: list[float] = []
    for now, down in groups:
        trumps_now = sum(1 for c in now if suit_of(c) == st.trump)
        sure = 0
        for suit in by_suit:
            run = 0
            while run < len(suit) and suit[run] in now:
                run += 1
            sure += run
        down_honours = sum(
            HONOURS - h for suit in by_suit for h, c in enumerate(suit[:HONOURS]) if c in down
        )
        voids = [s for s in range(SUITS) if s != st.trump and not any(suit_of(c) == s for c in now)]
        out += [
            float(len(now)),
            float(trumps_now),
            float(sum(1 for c in down if suit_of(c) == st.trump)),
            float(sure),
            float(down_honours),
            float(len(voids)),
            float(len(voids) if trumps_now else 0),
            float(sum(1 for top, under in beneath.items() if top in now and under in honours)),
        ]
    return out


def chinkway_part(pos: Position, st: _core.PlayState, side: int) -> list[float]:
    """Our parts, their score, the parts we still need, the needed cards we
    hold and they hold, the most parts another side has."""
    need = [0] * 5
    for c in pos.quest:  # type: ignore[attr-defined]
        need[_core.quest_category(c.index)] += 1
    claims = [[0] * 5 for _ in range(st.nsides)]
    for p in range(st.nseats):
        for c in cards(st.claimed(p)):
            claims[st.sides[p]][_core.quest_category(c)] += 1
    parts = [sum(row) for row in claims]
    still = [max(0, need[k] - claims[side][k]) for k in range(5)]
    us = them = 0
    for p in range(st.nseats):
        held = cards(st.playable(p)) | cards(st.covered(p))
        n = sum(1 for c in held if still[_core.quest_category(c)] > 0)
        if st.sides[p] == side:
            us += n
        else:
            them += n
    best_other = max([0] + [parts[s] for s in range(st.nsides) if s != side])
    mine = parts[side]
    return [mine, mine * (mine + 1) / 2, sum(still), us, them, best_other]


def cinch_part(pos: Position, st: _core.PlayState, side: int) -> list[float]:
    """We bid, the bid; for High, Low, Jack and then the game points:
    captured us, captured them, held us, held them."""
    bidder_side, bid = st.sides[pos.bidder], pos.bid  # type: ignore[attr-defined]
    held = [set(), set()]
    for p in range(st.nseats):
        held[0 if st.sides[p] == side else 1] |= cards(st.playable(p))
    places = [cards(st.taken(side)), cards(st.taken(1 - side)), held[0], held[1]]
    trumps = sorted(c for c in cards(st.in_play) if suit_of(c) == st.trump)
    point_cards: list[int | None] = [None, None, None]
    if trumps:
        jack = st.trump * 16 + JACK
        point_cards = [trumps[-1], trumps[0], jack if jack in trumps else None]
    out = [float(bidder_side == side), float(bid)]
    for pc in point_cards:
        out += [float(pc is not None and pc in place) for place in places]
    out += [float(sum(GAME_POINTS.get(rank_of(c), 0) for c in place)) for place in places]
    return out


def reference_inputs(pos: Position, side: int) -> list[float]:
    """The model's inputs for `side` at the position (a trick start)."""
    st = pos.core
    assert st is not None
    lo, hi = _core.Searcher.value_range(st, side)
    out = [float(lo), float(hi), *hand_part(st, side)]
    if pos.game == "chinese-whist":
        out += chinese_whist_part(pos, st, side)
    elif pos.game == "chinkway":
        out += chinkway_part(pos, st, side)
    elif pos.game == "cinch":
        out += cinch_part(pos, st, side)
    return out
