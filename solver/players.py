"""Players: who makes the decisions of a seat, behind one small interface.

A `Player` decides for one seat of a hand: it is given the position, the seat
and a seeded random generator, and returns one of the legal moves.  The
registry `PLAYERS` maps a name (what ``--seats`` takes) to a player class;
a new player plugs in with one entry there.  `hint` is the recommendation a
person gets at the ``--human`` prompt: the choice of the strongest
registered player.

Players here:

- ``random``: a legal move drawn at random;
- ``heuristic``: rules of thumb a card player uses (bid and name trump on
  length and honours, win cheaply, play low on a partner's winning trick,
  cash sure winners, Chinkway claims of the scarcest category...), reading
  only what the seat can see (`SeatView`);
- ``pimc``: every decision by sampling the worlds the seat cannot tell
  apart and solving them double-dummy (`PimcPlayer`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet
from solver.errors import NotationError, PositionError
from solver.games.base import PASS, SHOOT, Move, Phase, Position
from solver.games.chinese_whist import ChineseWhist, deck_for
from solver.games.chinkway import CATEGORY_NAMES, Chinkway, quest_category, quest_needs
from solver.games.cinch import Cinch, contract
from solver.pimc import recommend
from solver.position import hand_now

HINT_SEED = 0  # the generator of a hint is seeded with this: the same position, the same hint


# -- what a seat may know ---------------------------------------------------------


@dataclass(frozen=True)
class PileSeen:
    """One pile of Chinese Whist as every player sees it: the card face up on
    it (None when there is none), and whether a face-down card lies there
    (under the face-up card, or alone until the trick ends and it is turned)."""

    card: Card | None
    face_down: bool


@dataclass(frozen=True)
class SeatView:
    """What one seat may know at its decision, and nothing more.

    Built by `SeatView.of` from the public facts of the hand and the seat's
    own cards: its hand (Chinese Whist: its face-up pile cards and its down
    cards), every face-up card, the play so far, the claims, the calls, the
    trump, the dealer, the sides.  Other hands, down cards and face-down
    cards, the Chinkway dealer's discards (except to the dealer), the quest
    deck's order and its removed courts, the Cinch stock and widow are not in
    it, nor anything computed from them (such as a Cinch hand's running score,
    which depends on the trumps in play).
    """

    game: str
    nseats: int
    seat: int
    dealer: int
    phase: Phase
    legal: tuple[Move, ...]  # the seat's legal moves (they follow from its own cards)
    trump: int | None  # 0..3 S H D C, 4 no trumps, None until named
    sides: tuple[int, ...]  # side of every seat; partners share a side
    hand: CardSet  # the seat's own cards it can see and will play
    face_up: tuple[CardSet, ...]  # per seat, its cards lying face up (Chinese Whist piles)
    hidden: tuple[int, ...]  # per seat, how many of its cards this seat cannot see
    piles: tuple[tuple[PileSeen, ...], ...]  # per seat, its Chinese Whist piles; () otherwise
    out: CardSet  # cards this seat knows are out of play: played, seen discarded, not in the pack
    unseen: CardSet  # cards someone else may still play: not its own, not known out of play
    trick: tuple[tuple[int, Card], ...]  # (seat, card) of the trick on the table
    tricks_won: tuple[int, ...]
    discards: CardSet  # Chinkway: the dealer's own discards (the dealer only); Cinch: seen discards
    quest: tuple[Card, ...]  # Chinkway: the quest of the round, once turned
    quest_used: tuple[Card, ...]  # Chinkway: quest cards of earlier rounds
    claims: tuple[CardSet, ...]  # Chinkway: per seat, the cards claimed
    bids: tuple[int, ...]  # Cinch: the calls from the dealer's left (0 pass, 1-4, 8 Shoot)
    bidder: int | None  # Cinch: the bidder once the calls are done
    bid: int | None

    @classmethod
    def of(cls, pos: Position, seat: int) -> SeatView:
        """The view of `seat` (0-based) in `pos`."""
        n = pos.nseats
        played = _played(pos)
        hand = hand_now(pos, seat)
        face_up = [CardSet() for _ in range(n)]
        piles: list[tuple[PileSeen, ...]] = []
        if isinstance(pos, ChineseWhist):
            for s in range(n):
                row = tuple(_pile_seen(p) for p in pos.pile_view(s))
                piles.append(row)
                face_up[s] = CardSet(p.card for p in row if p.card is not None)
        counts = _cards_left(pos)
        hidden = tuple(0 if s == seat else counts[s] - len(face_up[s]) for s in range(n))
        discards = _seen_discards(pos, seat)
        out = played | discards
        if isinstance(pos, ChineseWhist):
            out = out | (FULL_DECK - deck_for(n))
        legal = tuple(pos.legal_moves()) if pos.to_move == seat and not pos.is_over else ()
        chinkway = pos if isinstance(pos, Chinkway) else None
        cinch = pos if isinstance(pos, Cinch) else None
        bidder = bid = None
        if cinch is not None and len(cinch.bids) == n:
            bidder, bid = contract(cinch.bids, cinch.dealer)
        return cls(
            game=pos.game,
            nseats=n,
            seat=seat,
            dealer=pos.dealer,
            phase=pos.phase,
            legal=legal,
            trump=pos.trump,
            sides=pos.sides(),
            hand=hand,
            face_up=tuple(face_up),
            hidden=hidden,
            piles=tuple(piles),
            out=out,
            unseen=FULL_DECK - hand - out,
            trick=tuple(pos.current_trick()),
            tricks_won=pos.tricks_won(),
            discards=discards,
            quest=tuple(chinkway.quest or ()) if chinkway else (),
            quest_used=tuple(chinkway.quest_used) if chinkway else (),
            claims=tuple(chinkway.claims(s) for s in range(n)) if chinkway else (),
            bids=tuple(cinch.bids) if cinch else (),
            bidder=bidder,
            bid=bid,
        )

    # -- what follows from it ------------------------------------------------------

    def partners(self) -> list[int]:
        """The other seats of this seat's side."""
        return [
            s
            for s in range(self.nseats)
            if s != self.seat and self.sides[s] == self.sides[self.seat]
        ]

    def needs(self, side: int) -> list[int]:
        """Chinkway: how many cards of each quest category `side` still needs."""
        need = quest_needs(list(self.quest))
        for s in range(self.nseats):
            if self.sides[s] == side:
                for c in self.claims[s]:
                    need[quest_category(c)] -= 1
        return need


def _played(pos: Position) -> CardSet:
    mask = 0
    for m in pos.play_record:
        if m.kind == "play" and m.card is not None:
            mask |= m.card.bit
    return CardSet(mask)


def _pile_seen(pile: tuple[Card | None, Card | None, bool]) -> PileSeen:
    top, under, face_down = pile
    if top is not None:
        return PileSeen(top, under is not None)
    if under is not None:
        return PileSeen(None if face_down else under, face_down)
    return PileSeen(None, False)


def _cards_left(pos: Position) -> list[int]:
    """How many cards every seat has still to play (a public count): the
    cards dealt to it (as at the first lead, once play has begun) less one per
    completed trick and one if it has played to the trick on the table."""
    if isinstance(pos, ChineseWhist):
        dealt = [
            sum(1 + (under is not None) for _, under in pos.piles[s]) + len(pos.down[s])
            for s in range(pos.nseats)
        ]
    else:
        dealt = [len(h) for h in pos.hands]  # type: ignore[attr-defined]
    completed = sum(pos.tricks_won())
    on_table = {s for s, _ in pos.current_trick()} if pos.phase == Phase.PLAY else set()
    return [dealt[s] - completed - (s in on_table) for s in range(pos.nseats)]


def _union(sets: Iterable[CardSet]) -> CardSet:
    mask = 0
    for cards in sets:
        mask |= cards.mask
    return CardSet(mask)


def _seen_discards(pos: Position, seat: int) -> CardSet:
    """Discarded cards `seat` has seen: the Chinkway dealer its own discards;
    in Cinch every excess trump (face up), and every discard of a first hand."""
    if isinstance(pos, Chinkway):
        return CardSet(pos.discards) if seat == pos.dealer else CardSet()
    if isinstance(pos, Cinch) and pos.trump is not None:
        everything = _union(pos.discards)
        if pos.first_hand:
            return everything
        return (everything & FULL_DECK.suit(pos.trump)) | pos.discards[seat]
    return CardSet()


# -- the interface and the registry ----------------------------------------------------


class Player(ABC):
    """Makes the decisions of one seat: a bid, a discard, trump, a card, a claim.

    `choose(position, seat, rng)` is called when `seat` is to move and returns
    one of ``position.legal_moves()``.

    **What a player may look at.**  A player decides from what its seat may
    know.  Until positions come with a view of one seat, a player receives
    the whole `Position`, which holds every card; it must use only what the
    seat can see: its own cards, the cards lying face up (Chinese Whist piles,
    Cinch discards that are shown), the play so far (cards played, tricks won,
    Chinkway claims, Cinch calls) and public information (dealer, trump,
    sides, the quest and the quest cards used).  Other hands, down cards and
    face-down cards, the Chinkway dealer's discards (unless the seat is the
    dealer), the quest deck's order and removed courts, the Cinch stock and
    widow are off limits, and so is anything computed from them (a search of
    the position, a Cinch hand's running score).  `SeatView.of(position,
    seat)` gathers exactly what may be used; the players of this module read
    nothing else, and the tests check that their choices do not change when
    hidden cards are swapped.  A player that peeks is a defect.

    **Randomness** comes only from `rng`, which the caller seeds for each
    decision (from the game's seed, the hand and the number of moves made),
    so the same seed gives the same game and a saved game resumes exactly.
    """

    name: ClassVar[str]  # the name ``--seats`` takes
    summary: ClassVar[str]  # one line for help texts
    strength: ClassVar[int]  # the strongest registered player gives the hints

    @abstractmethod
    def choose(self, position: Position, seat: int, rng: random.Random) -> Move:
        """One of the legal moves of `position`, for `seat` (the seat to move)."""

    @classmethod
    def for_hint(cls) -> Player:
        """The player as it gives a person a hint (a sampling player within a
        time budget)."""
        return cls()


class RandomPlayer(Player):
    name = "random"
    summary = "a legal move at random"
    strength = 0

    def choose(self, position: Position, seat: int, rng: random.Random) -> Move:
        return rng.choice(position.legal_moves())


class HeuristicPlayer(Player):
    name = "heuristic"
    summary = "rules of thumb: bid and name trump on length and honours, win cheaply, cash winners"
    strength = 1

    def choose(self, position: Position, seat: int, rng: random.Random) -> Move:
        return decide(SeatView.of(position, seat))


class PimcPlayer(Player):
    """Every decision by sampling worlds from what the seat knows and solving
    them double-dummy.

    Card play and claims: PIMC (`solver.pimc.recommend`), the move with the
    best mean over `samples` worlds drawn uniformly from the seat's view
    (which holds only what the seat may know, so the player cannot peek).
    Bids, discards and trump: `solver.decisions.decide_before_play`, plans
    ranked by successive halving over worlds drawn from what the seat knows,
    the other seats' decisions before play made by the heuristic, at most
    `decision_samples` worlds a plan (Cinch bids: `CINCH_BID_SAMPLES`, as a
    whole Cinch deal solves in milliseconds; a Shoot only when no other call
    is legal, since with every card known it looks far safer than it is at
    the table).  Every world's search has a node budget
    (`max_nodes`, by game); a world it cannot finish is valued by playing the
    hand out with the heuristic player in every seat, so that whole Chinkway
    and Chinese Whist hands play in reasonable time (early in those hands
    most worlds are valued so, not exactly).  Reproducible: the worlds come
    from `rng`; with `seconds` (hints) a decision stops by then, which is
    not reproducible, and a card decision with no world solved in time
    takes the heuristic's move."""

    name = "pimc"
    summary = (
        "every decision by sampling the hidden cards and solving each world double-dummy"
        " (a node budget per world, past it a heuristic playout)"
    )
    strength = 2
    SAMPLES = 16  # worlds of a card decision
    DECISION_SAMPLES = 8  # the most worlds a plan is valued on before play
    DECISION_FIRST_WORLDS = 2  # worlds of every plan in the first round of halving
    CINCH_BID_SAMPLES = 32  # Cinch bids: worlds are cheap there
    CINCH_BID_FIRST_WORLDS = 8
    TT_MB = 64
    HINT_SECONDS = 10.0
    HINT_DECISION_SAMPLES = 64  # a hint before play: more worlds a plan, within HINT_SECONDS
    MAX_NODES = {  # a world's search budget, card play
        "cinch": 2_000_000,
        "whist": 200_000,
        "chinese-whist": 50_000,
        "chinkway": 50_000,
    }
    DECISION_MAX_NODES = {  # before play (many plans times many worlds): where a whole
        "cinch": 2_000_000,  # deal does not solve in a budget, a small one wastes little
        "chinese-whist": 5_000,
        "chinkway": 5_000,
    }

    def __init__(
        self,
        samples: int = SAMPLES,
        seconds: float | None = None,
        decision_samples: int = DECISION_SAMPLES,
        max_nodes: int | None = None,
    ) -> None:
        self.samples = samples
        self.seconds = seconds
        self.decision_samples = decision_samples
        self.max_nodes = max_nodes  # None: by game (MAX_NODES, DECISION_MAX_NODES)

    @classmethod
    def for_hint(cls) -> Player:
        return cls(seconds=cls.HINT_SECONDS, decision_samples=cls.HINT_DECISION_SAMPLES)

    def choose(self, position: Position, seat: int, rng: random.Random) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if position.phase not in (Phase.PLAY, Phase.CLAIM):
            return self._before_play(position, seat, rng)
        nodes = self.MAX_NODES.get(position.game, 0) if self.max_nodes is None else self.max_nodes
        try:
            rec = recommend(
                position, seat, samples=self.samples, seconds=self.seconds,
                seed=rng.randrange(1 << 31), jobs=1, tt_mb=self.TT_MB, max_nodes=nodes,
            )  # fmt: skip
        except PositionError:
            if self.seconds is None:
                raise
            return decide(SeatView.of(position, seat))  # no world solved in time
        return rec.best

    def _before_play(self, position: Position, seat: int, rng: random.Random) -> Move:
        from solver.decisions import candidate_plans, decide_before_play  # they import this module

        nodes = self.max_nodes
        if nodes is None:
            nodes = self.DECISION_MAX_NODES.get(position.game, 0)
        samples, first = self.decision_samples, self.DECISION_FIRST_WORLDS
        plans = candidate_plans(position, seat)
        if isinstance(position, Cinch) and position.phase == Phase.BID:
            # A whole Cinch deal solves in milliseconds: more worlds a bid.
            # Shoot only when nothing else is legal: with every card known
            # a Shoot looks far safer than it is at the table.
            samples = max(samples, self.CINCH_BID_SAMPLES)
            first = max(first, self.CINCH_BID_FIRST_WORLDS)
            plans = [p for p in plans if p.move.value != SHOOT] or plans
        decision = decide_before_play(
            position, seat, seconds=self.seconds, samples=samples,
            seed=rng.randrange(1 << 31), first_worlds=first, max_nodes=nodes, plans=plans,
        )  # fmt: skip
        return decision.move


PLAYERS: dict[str, type[Player]] = {
    RandomPlayer.name: RandomPlayer,
    HeuristicPlayer.name: HeuristicPlayer,
    PimcPlayer.name: PimcPlayer,
}


def make_player(name: str) -> Player:
    """A player by its registered name (any case); NotationError if unknown."""
    key = name.strip().lower()
    if key not in PLAYERS:
        raise NotationError(f"unknown player {name.strip()!r} (players: {', '.join(PLAYERS)})")
    return PLAYERS[key]()


def parse_seats(text: str, nseats: int) -> list[str]:
    """Player names from a comma list, one per seat, seat 1 first.  A shorter
    list is repeated around the table when it divides the number of seats:
    ``heuristic,random`` at four seats is heuristic, random, heuristic, random
    (partners alike).  NotationError for an unknown name or a bad count."""
    names = [n.strip().lower() for n in text.split(",")]
    if not text.strip() or any(not n for n in names):
        raise NotationError(f"--seats: expected player names separated by commas, got {text!r}")
    for n in names:
        make_player(n)
    if nseats % len(names):
        raise NotationError(
            f"--seats: {len(names)} names for {nseats} seats (give one name per seat,"
            f" or a list that repeats around the table: 1 or a divisor of {nseats})"
        )
    return [names[s % len(names)] for s in range(nseats)]


def strongest() -> type[Player]:
    """The registered player with the highest strength (the first of equals)."""
    return max(PLAYERS.values(), key=lambda p: p.strength)


def hint(position: Position, seat: int) -> str:
    """A recommendation for `seat` (the seat to move): the move the strongest
    registered player would make, as text, with who recommends it."""
    if position.is_over or position.to_move != seat:
        raise PositionError(f"seat {position.seat_name(seat)} is not to move")
    player = strongest()
    move = player.for_hint().choose(position, seat, random.Random(HINT_SEED))
    return f"{move} (the {player.name} player's choice)"


# -- the heuristic ---------------------------------------------------------------------

HONOURS = {12: 4, 11: 3, 10: 2, 9: 1}  # A K Q J: the usual high-card points
ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
LOW_RANK = 1  # a 2 or a 3 is a low card
CINCH_GAME_POINTS = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
CINCH_MIN_BID = 2  # the heuristic passes rather than bid 1
CINCH_TRUMP_VALUE = {ACE: 15, JACK: 20}  # trumps too good to throw away
CINCH_LOW_TRUMP_VALUE = 10
DISCARD_SUIT_WEIGHT = 2  # Chinkway discards: keep long suits, shorten short ones


def decide(view: SeatView) -> Move:
    """The heuristic's move for the seat of `view`."""
    moves = list(view.legal)
    if not moves:
        raise PositionError(f"seat {view.seat + 1} has no decision to make")
    if len(moves) == 1:
        return moves[0]
    if view.phase == Phase.BID:
        return cinch_call(view)
    if view.phase == Phase.TRUMP:
        return Move("trump", value=best_trump(view))
    if view.phase == Phase.DISCARD:
        return Move("discard", discard_choice(view))
    if view.phase == Phase.CLAIM:
        return claim_choice(view)
    return Move("play", card_choice(view))


# The decisions before play.


def suit_strength(cards: CardSet, suit: int) -> float:
    """Length plus high-card points in one suit."""
    held = cards.suit(suit)
    return len(held) + sum(HONOURS.get(c.rank, 0) for c in held) / 2


def best_trump(view: SeatView) -> int:
    legal = [m.value for m in view.legal if m.value is not None]
    if view.game == "cinch":
        return max(legal, key=lambda s: cinch_suit_points(view.hand, s))
    if view.game == "chinese-whist":
        return max(legal, key=lambda s: chinese_whist_trump_score(view, s))
    return max((s for s in legal if s != NOTRUMP), key=lambda s: suit_strength(view.hand, s))


def chinese_whist_trump_score(view: SeatView, suit: int) -> float:
    """The dealer's side's visible strength in a suit less the other sides'."""
    if suit == NOTRUMP:
        return float("-inf")
    mine = view.hand | _union(view.face_up[s] for s in view.partners())
    theirs = _union(
        view.face_up[s] for s in range(view.nseats) if view.sides[s] != view.sides[view.seat]
    )
    return suit_strength(mine, suit) - suit_strength(theirs, suit)


def cinch_suit_points(hand: CardSet, suit: int) -> float:
    """Points a hand may hope to make with `suit` trump: High, Low, Jack, Game."""
    trumps = hand.suit(suit)
    ranks = {c.rank for c in trumps}
    high = 1.0 if ACE in ranks else 0.5 if KING in ranks else 0.25 if QUEEN in ranks else 0.0
    low = 0.5 if 0 in ranks else 0.25 if LOW_RANK in ranks else 0.0
    jack = 0.0
    if JACK in ranks:
        jack = 0.75 if len(trumps) >= 3 or ranks & {ACE, KING, QUEEN} else 0.4
    game = 0.3 + 0.1 * len(trumps) + (0.2 if TEN in ranks else 0.0)
    return high + low + jack + game


def cinch_call(view: SeatView) -> Move:
    """Bid what the best suit is worth, never over a partner's bid."""
    calls = [m.value for m in view.legal if m.value is not None]
    first = (view.dealer + 1) % view.nseats
    callers = [(first + i) % view.nseats for i in range(len(view.bids))]
    high = max(view.bids, default=PASS)
    if high != PASS:
        high_caller = callers[max(i for i, b in enumerate(view.bids) if b == high)]
        if view.sides[high_caller] == view.sides[view.seat]:
            return Move("bid", value=PASS)
    worth = max(cinch_suit_points(view.hand, s) for s in range(NOTRUMP))
    want = int(worth)
    bids = [c for c in calls if c != PASS and c != SHOOT and CINCH_MIN_BID <= c <= want]
    return Move("bid", value=min(bids) if bids else PASS)


def discard_choice(view: SeatView) -> Card:
    cards = [m.card for m in view.legal if m.card is not None]
    if view.game == "cinch":  # more than six trumps: keep the point cards
        lowest = min(c.rank for c in view.hand)
        return min(cards, key=lambda c: cinch_value(c, True, lowest))
    # The Chinkway dealer: keep the suit it will name trump, shorten short suits.
    trump = max(range(NOTRUMP), key=lambda s: suit_strength(view.hand, s))
    others = [c for c in cards if c.suit != trump] or cards
    return min(others, key=lambda c: c.rank + DISCARD_SUIT_WEIGHT * len(view.hand.suit(c.suit)))


def claim_choice(view: SeatView) -> Move:
    """Chinkway: claim the needed category that is scarcest from here on."""
    need = view.needs(view.sides[view.seat])
    left = [0] * len(CATEGORY_NAMES)
    trick = CardSet(c for _, c in view.trick)
    for c in view.unseen - trick:
        left[quest_category(c)] += 1
    cards = [m.card for m in view.legal if m.card is not None]
    categories = [quest_category(c) for c in cards]
    best = min(range(len(cards)), key=lambda i: left[categories[i]] / max(1, need[categories[i]]))
    return Move("claim", cards[best])


# Card play.


def winning(trick: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card]:
    """(seat, card) winning the trick so far."""
    best = trick[0]
    for entry in trick[1:]:
        if beats(entry[1], best[1], trump):
            best = entry
    return best


def beats(card: Card, best: Card, trump: int | None) -> bool:
    """Whether `card` played now beats `best`, the card winning the trick."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit == trump


def is_master(view: SeatView, card: Card) -> bool:
    """No card that may still be played by another seat is higher in its suit."""
    above = view.unseen.suit(card.suit).mask & ~((card.bit << 1) - 1)
    return not above


def cinch_value(card: Card, is_trump: bool, lowest_trump: int) -> float:
    """What losing a card costs in Cinch: its game points, more for the
    trumps that decide High, Low and Jack."""
    value = float(CINCH_GAME_POINTS.get(card.rank, 0))
    if is_trump:
        value += CINCH_TRUMP_VALUE.get(card.rank, 0)
        if card.rank <= max(lowest_trump, LOW_RANK):
            value += CINCH_LOW_TRUMP_VALUE
    return value + card.rank / 100


def worth(view: SeatView, card: Card, to_side: int) -> float:
    """How much it matters to the game which side captures `card`."""
    if view.game == "cinch":
        return cinch_value(card, card.suit == view.trump, LOW_RANK)
    if view.game == "chinkway":
        return 1.0 if view.needs(to_side)[quest_category(card)] > 0 else 0.0
    return 0.0


def card_choice(view: SeatView) -> Card:
    cards = [m.card for m in view.legal if m.card is not None]
    if not view.trick:
        return lead_choice(view, cards)
    my_side = view.sides[view.seat]
    last = len(view.trick) == view.nseats - 1
    win_seat, win_card = winning(view.trick, view.trump)
    winners = [c for c in cards if beats(c, win_card, view.trump)]
    if view.sides[win_seat] == my_side:
        safe = last or (is_master(view, win_card) and not _may_be_ruffed(view, win_card))
        if safe:
            return max(cards, key=lambda c: (worth(view, c, my_side), -_keep(view, c)))
        return dump(view, cards, my_side)
    if winners and want_trick(view, winners):
        if last:
            return min(winners, key=lambda c: _cost(view, c))
        masters = [c for c in winners if is_master(view, c)]
        if masters:
            return min(masters, key=lambda c: _cost(view, c))
        return min(winners, key=lambda c: _cost(view, c))
    return dump(view, cards, view.sides[win_seat])


def want_trick(view: SeatView, winners: list[Card]) -> bool:
    """Chinkway: a trick is worth winning when it holds a card that this side
    or the side winning it needs; elsewhere every trick counts."""
    if view.game != "chinkway":
        return True
    cards = [c for _, c in view.trick] + winners
    mine = view.needs(view.sides[view.seat])
    theirs = view.needs(view.sides[winning(view.trick, view.trump)[0]])
    return any(mine[quest_category(c)] > 0 or theirs[quest_category(c)] > 0 for c in cards)


def dump(view: SeatView, cards: list[Card], to_side: int) -> Card:
    """The card cheapest to lose: of least worth to the side taking it, not a
    trump, low."""
    return min(cards, key=lambda c: (worth(view, c, to_side), c.suit == view.trump, _keep(view, c)))


def _keep(view: SeatView, card: Card) -> float:
    """How much a card is worth keeping for later tricks: its rank, more for
    a trump."""
    return card.rank + (len(FULL_DECK.suit(0)) if card.suit == view.trump else 0)


def _cost(view: SeatView, card: Card) -> float:
    """The price of winning with a card: spend low cards, keep trumps."""
    return _keep(view, card)


def _may_be_ruffed(view: SeatView, card: Card) -> bool:
    """Whether a seat still to play may trump the trick (a side suit led,
    some trumps unseen)."""
    if view.trump is None or view.trump == NOTRUMP or card.suit == view.trump:
        return False
    return bool(view.unseen.suit(view.trump))


def lead_choice(view: SeatView, cards: list[Card]) -> Card:
    """Cash a sure winner (one the side needs, in Chinkway), draw trumps when
    strong in them, else lead low from the longest side suit."""
    my_side = view.sides[view.seat]
    masters = [c for c in cards if is_master(view, c)]
    if view.game == "chinkway":
        need = view.needs(my_side)
        useful = [c for c in masters if need[quest_category(c)] > 0]
        if useful:
            return max(useful, key=lambda c: (c.suit == view.trump, c.rank))
    trumps = [c for c in masters if c.suit == view.trump]
    if trumps and _strong_in_trumps(view):
        return max(trumps, key=lambda c: c.rank)
    side_masters = [c for c in masters if c.suit != view.trump]
    if side_masters:
        return max(side_masters, key=lambda c: (len(view.hand.suit(c.suit)), c.rank))
    side = [c for c in cards if c.suit != view.trump] or cards
    return min(side, key=lambda c: (-len(view.hand.suit(c.suit)), c.rank))


def _strong_in_trumps(view: SeatView) -> bool:
    """At least as many trumps as may be left elsewhere (or the bidder's side in Cinch)."""
    if view.trump is None or view.trump == NOTRUMP:
        return False
    if view.game == "cinch" and view.bidder is not None:
        return view.sides[view.bidder] == view.sides[view.seat]
    return len(view.hand.suit(view.trump)) >= len(view.unseen.suit(view.trump))


__all__ = [
    "PLAYERS",
    "HeuristicPlayer",
    "PileSeen",
    "Player",
    "RandomPlayer",
    "SeatView",
    "hint",
    "make_player",
    "parse_seats",
    "strongest",
]
