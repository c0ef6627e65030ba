"""Pure-Python reference implementation of the game rules.

Written from the rules text (docs/rules.md) only, independently of the C core, so that
tests comparing the two can catch mistakes in either. It favours being plainly and
obviously correct over being fast.

Cards are two-character strings, rank then suit: "AS", "TD", "2C".
Seats are ints 0..n-1 numbered clockwise; play goes 0, 1, 2, ... clockwise.
Trump is one of "S", "H", "D", "C", or None for no trumps.
"""

from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "SHDC"

# The rules' numbers are written here from the rules text, on purpose: the
# product reads its own from one place (csrc/rules.h, through the binding),
# and a reference that read them from there would share any mistake in
# them.  tests/core/test_rule_constants.py checks that the two agree.
GAMES = {  # the players each game is played by
    "whist": (4,),
    "chinkway": (5,),
    "chinese-whist": (2, 3, 4),
    "cinch": (4,),
}

COURTS = "JQK"
QUEST_CARDS = 5  # Chinkway: the cards of a quest
CHINESE_WHIST_PAR = {4: 6, 3: 5, 2: 13}  # players: a side scores its tricks above par
CINCH_CALLS = (0, 1, 2, 3, 4, 8)  # 0 = pass, 8 = Shoot
CINCH_BIDS = (1, 2, 3, 4, 8)
SHOOT = 8
GAME_POINT_VALUES = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}


# ---------------------------------------------------------------------------
# Cards and tricks


def _check_card(card: str) -> None:
    ok = isinstance(card, str) and len(card) == 2 and card[0] in RANKS and card[1] in SUITS
    if not ok:
        raise ValueError(f"not a card: {card!r}")


def _rank(card: str) -> int:
    return RANKS.index(card[0])


def _suit(card: str) -> str:
    return card[1]


def trick_winner(cards: list[str], trump: str | None) -> int:
    """Index within `cards` (in play order, cards[0] led) of the winning card.

    The highest trump wins; if the trick holds no trump, the highest card of the
    suit led wins. Cards of any other suit never win.
    """
    if not cards:
        raise ValueError("empty trick")
    for card in cards:
        _check_card(card)
    led = _suit(cards[0])

    def strength(card: str) -> tuple[int, int]:
        if _suit(card) == trump:
            return (2, _rank(card))
        if _suit(card) == led:
            return (1, _rank(card))
        return (0, 0)

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


def legal_plays(playable: set[str], led_suit: str | None) -> set[str]:
    """Follow suit if able among `playable`; led_suit None = leading (anything playable)."""
    playable = set(playable)
    if led_suit is None:
        return playable
    following = {card for card in playable if _suit(card) == led_suit}
    return following if following else playable


# ---------------------------------------------------------------------------
# Chinkway


def quest_category(card: str) -> str:
    """'S', 'H', 'D', 'C' for pips (A, 2..T of that suit), 'court' for J, Q, K."""
    _check_card(card)
    if card[0] in COURTS:
        return "court"
    return _suit(card)


def quest_score(parts: int) -> int:
    """0, 1, 3, 6, 10, 15 for 0..5 completed quest parts: k parts score k(k+1)/2."""
    if not 0 <= parts <= QUEST_CARDS:
        raise ValueError(f"a quest has 0..5 parts, not {parts}")
    return parts * (parts + 1) // 2


def chinkway_sides(dealer: int, round: int) -> list[int]:
    """Side of each of the 5 seats: 0 = the dealer alone, 1 = team of players 2&3
    (rounds 1-5) / 2&4 (rounds 6-10), 2 = the other team. Player k is seat
    (dealer + k - 1) % 5. Past round 10 the pairing keeps alternating in blocks of
    five rounds (rounds 11-15 like 1-5, 16-20 like 6-10, ...)."""
    if not 0 <= dealer < 5:
        raise ValueError(f"dealer seat must be 0..4, not {dealer}")
    if round < 1:
        raise ValueError(f"rounds are numbered from 1, not {round}")
    block = (round - 1) // 5
    partner_of_player_2 = 3 if block % 2 == 0 else 4
    sides = [0] * 5
    for player in range(1, 6):
        seat = (dealer + player - 1) % 5
        if player == 1:
            sides[seat] = 0
        elif player in (2, partner_of_player_2):
            sides[seat] = 1
        else:
            sides[seat] = 2
    return sides


# ---------------------------------------------------------------------------
# Cinch bidding


def _cinch_next_calls(bids: list[int], dealer_last: bool) -> set[int]:
    """Legal calls for the next caller, assuming `bids` itself is legal."""
    highest = max(bids, default=0)
    calls = {0} | {bid for bid in CINCH_BIDS if bid > highest}
    caller_is_dealer = dealer_last and len(bids) == 3
    if caller_is_dealer:
        if SHOOT in bids:  # a non-dealer shot: the dealer may overshoot
            calls.add(SHOOT)
    return calls


def _check_cinch_calls(bids: list[int], dealer_last: bool) -> None:
    if len(bids) > 4:
        raise ValueError(f"bidding has only four calls, got {bids}")
    for i, call in enumerate(bids):
        if call not in _cinch_next_calls(bids[:i], dealer_last):
            raise ValueError(f"call {call} at position {i} is not legal in {bids}")


def cinch_legal_bids(bids: list[int], dealer_last: bool = True) -> set[int]:
    """Bidding goes once around; `bids` are the calls made so far in order (0 = pass,
    1..4, 8 = Shoot), the fourth caller is the dealer. Returns the legal calls for
    the next caller: pass or higher than the highest bid; the dealer may also call 8
    (overshoot) when a non-dealer bid 8; if all four pass, the dealer is forced to
    bid 1 (see cinch_contract), so the dealer may pass then too. Raises ValueError
    if bidding is over (4 calls).

    With dealer_last=False the fourth caller has no dealer privileges: no overshoot,
    and four passes make no contract.
    """
    bids = list(bids)
    if len(bids) >= 4:
        raise ValueError("bidding is over")
    _check_cinch_calls(bids, dealer_last)
    return _cinch_next_calls(bids, dealer_last)


def cinch_contract(bids: list[int]) -> tuple[int, int]:
    """(bidder index in calling order 0..3, bid) after four calls; the dealer
    (index 3) wins ties at 8 (overshoot)."""
    bids = list(bids)
    if len(bids) != 4:
        raise ValueError(f"the contract needs all four calls, got {bids}")
    _check_cinch_calls(bids, dealer_last=True)
    highest = max(bids)
    if highest == 0:  # all four passed: the dealer must bid 1
        return (3, 1)
    if bids[3] == highest:
        return (3, highest)
    return (bids.index(highest), highest)


# ---------------------------------------------------------------------------
# The play of one hand


class Hand:
    """The play phase of one hand (deal) of any of the games.

    spec keys:
      game     'whist' | 'chinkway' | 'chinese-whist' | 'cinch'
      seats    number of seats
      trump    'S' | 'H' | 'D' | 'C' | None
      leader   seat that leads the first trick
      hands    per seat, the cards held in the hand (Chinese Whist: the down cards)
      piles    Chinese Whist only: per seat, (top, under) pairs; `top` is face up,
               `under` lies face down beneath it. under=None describes a pile whose
               only card is already face up.
      dealer, round, quest                  Chinkway only
      bidder, bid, shoot_needs_all_four     Cinch only
    """

    def __init__(self, spec: dict) -> None:
        self.game = spec["game"]
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}")
        self.n = spec["seats"]
        if self.n not in GAMES[self.game]:
            raise ValueError(f"{self.game} is not played with {self.n} seats")
        self.trump = spec.get("trump")
        if self.trump is not None and self.trump not in SUITS:
            raise ValueError(f"trump must be one of {SUITS} or None, not {self.trump!r}")

        hands = spec["hands"]
        if len(hands) != self.n:
            raise ValueError("need one hand per seat")
        self._down = [list(hand) for hand in hands]

        # Each pile is a two-item list [top, under]. Playing the top sets it to None;
        # when the trick is complete the under card is turned up, i.e. moved to top.
        piles = spec.get("piles")
        if piles is None:
            piles = [[] for _ in range(self.n)]
        if self.game != "chinese-whist" and any(piles):
            raise ValueError("only Chinese Whist has piles")
        if len(piles) != self.n:
            raise ValueError("need one row of piles per seat")
        self._piles = []
        for row in piles:
            seat_piles = []
            for top, under in row:
                if top is None:
                    raise ValueError("a pile needs a face-up top card")
                seat_piles.append([top, under])
            self._piles.append(seat_piles)

        all_cards = [card for seat in range(self.n) for card in self._cards_of(seat)]
        for card in all_cards:
            _check_card(card)
        if len(set(all_cards)) != len(all_cards):
            raise ValueError("a card is dealt twice")
        counts = {len(self._cards_of(seat)) for seat in range(self.n)}
        if len(counts) != 1:
            raise ValueError("every seat must hold the same number of cards")
        self._in_play = set(all_cards)  # every card dealt into the play (Cinch points)

        self._leader = spec["leader"]
        if not 0 <= self._leader < self.n:
            raise ValueError(f"bad leader seat {self._leader}")
        self._turn = self._leader
        self._trick: list[tuple[int, str]] = []
        self._last_winner: int | None = None
        self._tricks_won = [0] * self.n
        self._captured: dict[str, int] = {}  # card -> seat that won the trick holding it
        self._claims: list[list[str]] = [[] for _ in range(self.n)]

        if self.game == "chinkway":
            self._dealer = spec["dealer"]
            self._round = spec["round"]
            self._quest = list(spec["quest"])
            if len(self._quest) != QUEST_CARDS:
                raise ValueError("the quest has five cards")
            for card in self._quest:
                _check_card(card)
            self._sides = chinkway_sides(self._dealer, self._round)
        elif self.game == "chinese-whist" and self.n != 4:
            self._sides = list(range(self.n))  # each plays for themself
        else:
            self._sides = [seat % 2 for seat in range(self.n)]  # partners 0&2, 1&3

        if self.game == "cinch":
            self._bidder = spec["bidder"]
            self._bid = spec["bid"]
            if not 0 <= self._bidder < self.n:
                raise ValueError(f"bad bidder seat {self._bidder}")
            if self._bid not in CINCH_BIDS:
                raise ValueError(f"bid must be one of {CINCH_BIDS}, not {self._bid}")
            self._shoot_needs_all_four = bool(spec.get("shoot_needs_all_four", False))

        self._phase = "over" if counts == {0} else "play"

    def clone(self) -> "Hand":
        """An independent copy: every field copied by hand, every container anew
        (the tuples in `_trick` and the strings are immutable and may be shared)."""
        other = Hand.__new__(Hand)
        other.__dict__.update(self.__dict__)  # the scalar fields (ints, strs, None, bools)
        other._down = [list(cards) for cards in self._down]
        other._piles = [[list(pile) for pile in row] for row in self._piles]
        other._in_play = set(self._in_play)
        other._trick = list(self._trick)
        other._tricks_won = list(self._tricks_won)
        other._captured = dict(self._captured)
        other._claims = [list(cards) for cards in self._claims]
        other._sides = list(self._sides)
        if self.game == "chinkway":
            other._quest = list(self._quest)
        return other

    # -- state queries ------------------------------------------------------

    def _cards_of(self, seat: int) -> list[str]:
        """Every card seat still holds, playable or not."""
        cards = list(self._down[seat])
        for top, under in self._piles[seat]:
            cards += [card for card in (top, under) if card is not None]
        return cards

    def to_move(self) -> int:
        """Seat to play, or in the 'claim' phase the trick winner who claims.
        Once the hand is over: the winner of the last trick."""
        return self._turn

    def phase(self) -> str:
        return self._phase

    def playable(self, seat: int) -> set[str]:
        """Cards seat may currently play if it were its turn (before following suit):
        its down cards and the face-up tops of its piles."""
        tops = {top for top, _ in self._piles[seat] if top is not None}
        return set(self._down[seat]) | tops

    def legal(self) -> set[str]:
        if self._phase == "over":
            return set()
        if self._phase == "claim":
            return self._claimable()
        led_suit = _suit(self._trick[0][1]) if self._trick else None
        return legal_plays(self.playable(self._turn), led_suit)

    def current_trick(self) -> list[tuple[int, str]]:
        """(seat, card) of the trick in progress, [] at a trick start. In the 'claim'
        phase this is the completed trick the winner claims from."""
        return list(self._trick)

    def last_trick_winner(self) -> int | None:
        return self._last_winner

    def tricks_won(self) -> list[int]:
        return list(self._tricks_won)

    def claims(self) -> list[list[str]]:
        return [list(cards) for cards in self._claims]

    def sides(self) -> list[int]:
        return list(self._sides)

    # -- moves --------------------------------------------------------------

    def play(self, card: str) -> None:
        """Play a card, or in the 'claim' phase claim a card of the trick just won."""
        if card not in self.legal():
            raise ValueError(f"{card!r} is not legal now (phase {self._phase})")
        if self._phase == "claim":
            self._claims[self._turn].append(card)
            self._end_trick()
            return
        seat = self._turn
        self._remove_from_seat(seat, card)
        self._trick.append((seat, card))
        if len(self._trick) < self.n:
            self._turn = (seat + 1) % self.n
        else:
            self._complete_trick()

    def _remove_from_seat(self, seat: int, card: str) -> None:
        if card in self._down[seat]:
            self._down[seat].remove(card)
            return
        for pile in self._piles[seat]:
            if pile[0] == card:
                pile[0] = None  # the under card stays face down until the trick is over
                return
        raise AssertionError("legal card not found")  # pragma: no cover

    def _complete_trick(self) -> None:
        cards = [card for _, card in self._trick]
        winner = self._trick[trick_winner(cards, self.trump)][0]
        self._tricks_won[winner] += 1
        for card in cards:
            self._captured[card] = winner
        self._last_winner = winner
        self._turn = winner
        # The trick is complete: uncovered cards are turned face up.
        for seat_piles in self._piles:
            for pile in seat_piles:
                if pile[0] is None and pile[1] is not None:
                    pile[0], pile[1] = pile[1], None
        if self.game == "chinkway" and self._claimable():
            self._phase = "claim"  # the trick stays on the table until the claim
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        self._trick = []
        no_cards_left = all(not self._cards_of(seat) for seat in range(self.n))
        self._phase = "over" if no_cards_left else "play"

    # -- Chinkway claims ----------------------------------------------------

    def _still_needed(self, side: int) -> Counter:
        """Quest categories the side still needs, with how many of each."""
        needed = Counter(quest_category(card) for card in self._quest)
        for seat in range(self.n):
            if self._sides[seat] == side:
                for card in self._claims[seat]:
                    needed[quest_category(card)] -= 1
        return +needed  # keep positive counts only

    def _claimable(self) -> set[str]:
        """Cards of the completed trick whose category the winner's side needs."""
        needed = self._still_needed(self._sides[self._last_winner])
        return {card for _, card in self._trick if quest_category(card) in needed}

    # -- scores -------------------------------------------------------------

    def _side_tricks(self, side: int) -> int:
        return sum(t for seat, t in enumerate(self._tricks_won) if self._sides[seat] == side)

    def scores(self) -> list[int]:
        """Per seat, the hand score as if the hand ended now (final once over)."""
        if self.game == "whist":
            side_score = {side: self._side_tricks(side) for side in (0, 1)}
        elif self.game == "chinese-whist":
            par = CHINESE_WHIST_PAR[self.n]
            side_score = {side: max(0, self._side_tricks(side) - par) for side in set(self._sides)}
        elif self.game == "chinkway":
            side_score = {}
            for side in (0, 1, 2):
                parts = sum(len(self._claims[s]) for s in range(self.n) if self._sides[s] == side)
                side_score[side] = quest_score(parts)
        else:
            side_score = self._cinch_side_scores()
        return [side_score[self._sides[seat]] for seat in range(self.n)]

    # -- Cinch points -------------------------------------------------------

    def _cinch_points_in_play(self) -> dict[str, str | None]:
        """The card deciding High, Low and Jack (None for Game), for each point in play."""
        points: dict[str, str | None] = {"game": None}
        trumps = [card for card in self._in_play if _suit(card) == self.trump]
        if trumps:
            points["high"] = max(trumps, key=_rank)
            points["low"] = min(trumps, key=_rank)
        if self.trump is not None and "J" + self.trump in self._in_play:
            points["jack"] = "J" + self.trump
        return points

    def _cinch_point_winners(self) -> dict[str, int]:
        """Side that has taken each point so far (points not yet taken are absent)."""
        winners = {}
        for name, card in self._cinch_points_in_play().items():
            if card is not None and card in self._captured:
                winners[name] = self._sides[self._captured[card]]
        game = [0, 0]
        for card, seat in self._captured.items():
            game[self._sides[seat]] += GAME_POINT_VALUES.get(card[0], 0)
        if game[0] != game[1]:
            winners["game"] = 0 if game[0] > game[1] else 1
        return winners

    def _cinch_side_scores(self) -> dict[int, int]:
        winners = self._cinch_point_winners()
        points = {side: list(winners.values()).count(side) for side in (0, 1)}
        bidding_side = self._sides[self._bidder]
        other_side = 1 - bidding_side
        if self._bid == SHOOT:
            if self._shoot_needs_all_four:
                required = {"high", "low", "jack", "game"}
            else:
                required = set(self._cinch_points_in_play())
            made = all(winners.get(name) == bidding_side for name in required)
            bidder_score = SHOOT if made else -SHOOT
        else:
            made = points[bidding_side] >= self._bid
            bidder_score = points[bidding_side] if made else -self._bid
        return {bidding_side: bidder_score, other_side: points[other_side]}
