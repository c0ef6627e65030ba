"""Par: the result of a bridge deal when both sides bid perfectly on its
double-dummy table, with the dealer and the vulnerability (the semantics of
DDS's ``DealerPar``, checked against it on 1,000 deals by
``tests/search/test_par.py``).

The table gives, for every declarer and strain, the tricks declarer's side
takes (`solver.doubledummy.declarer_tricks`).  Par is read from it alone,
in these steps:

1. **The side with the right to a plus score.**  Each side's highest
   contract it makes (in any strain, by its better declarer).  The side
   whose highest is higher bids; when both reach the same contract, the
   side of the first player from the dealer round the table who makes it.
   When neither side makes a contract of one, the deal is passed out (0).
2. **Its candidate contracts**, one a strain: the highest it makes in that
   strain, scored undoubled; from the highest contract down to the contract
   of the best score (the lowest of equal scores).
3. **The opponents' cheapest sacrifice over each candidate**: in another
   strain, the undertricks of bidding it at the lowest level above the
   candidate; in the candidate's strain, one level higher -- unless an
   opponent who would declare it sits before every player of the bidding
   side who makes the candidate, counting from the dealer, when the same
   level is enough.  No sacrifice above 7NT.  A sacrifice pays when its
   penalty (doubled) is less than the candidate's score.
4. **The result.**  The bidding side's best score among the candidates no
   sacrifice pays against, unless the penalty of the sacrifices that pay
   (against the highest candidate such) is at least as much: then par is
   that penalty and the sacrifices are the par contracts.  A making par
   contract is named at the lowest level that keeps its bonus and leaves
   the opponents no paying sacrifice (``2S+1`` rather than ``3S``), with
   every declarer who makes it.

A par contract (`ParContract`) is its level, strain, declarers, whether it
is doubled and its result (overtricks, or minus the undertricks);
`ParContract.dds_text` writes it as DDS does (``4S-NS+1``, ``5D*-EW-2``),
`text` as a hand record does (``NS 4S+1``, ``EW 5Dx-2``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from solver.cards import NOTRUMP, strain_text
from solver.errors import NotationError
from solver.notation import SEAT_LETTERS

SEATS = 4
SIDES = 2  # N-S (seats 0 and 2) and E-W (1 and 3)
BOOK = 6  # the tricks a contract's level counts above
TOP_LEVEL = 7
SPADES, HEARTS, DIAMONDS, CLUBS = range(NOTRUMP)  # the strain indices of the suits
MINORS = (DIAMONDS, CLUBS)
STRAINS_IN_BIDDING_ORDER = (CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP)
RANKS = len(STRAINS_IN_BIDDING_ORDER)  # strains at each level
NO_SACRIFICE = 9999  # undertricks that mean no sacrifice is possible
HIGHEST_BID = TOP_LEVEL * RANKS  # 7NT, as a bid number (1C is 1)

# Duplicate bridge scoring of a contract undoubled, and of undertricks doubled.
MINOR_TRICK, MAJOR_TRICK, NOTRUMP_FIRST, NOTRUMP_TRICK = 20, 30, 40, 30
GAME = 100  # trick score of a game
PART_SCORE_BONUS = 50
GAME_BONUS = (300, 500)  # not vulnerable, vulnerable
SMALL_SLAM_BONUS = (500, 750)
GRAND_SLAM_BONUS = (1000, 1500)
SMALL_SLAM, GRAND_SLAM = 6, 7
DOUBLED_FIRST = (100, 200)  # the first undertrick, not vulnerable / vulnerable
DOUBLED_SECOND_THIRD = (200, 300)  # each of the second and third
DOUBLED_LATER = 300  # each undertrick after the third
LAST_OF_SECOND_THIRD = 3  # the undertrick after which DOUBLED_LATER counts
GAME_LEVELS = {CLUBS: 5, DIAMONDS: 5, HEARTS: 4, SPADES: 4, NOTRUMP: 3}  # strain -> game level

VULNERABLE = {"none": (False, False), "love": (False, False), "-": (False, False)}
VULNERABLE |= {"ns": (True, False), "ew": (False, True)}
VULNERABLE |= {"both": (True, True), "all": (True, True)}
VULNERABLE_FORMS = "None, NS, EW or Both (also Love, -, All)"


def read_vulnerable(text: str) -> tuple[bool, bool]:
    """(N-S vulnerable, E-W vulnerable) from the PBN/LIN words; NotationError if none."""
    key = text.strip().lower().replace("-", "") or "-"
    key = {"n": "ns", "e": "ew", "b": "both", "o": "none", "0": "none"}.get(key, key)
    if key not in VULNERABLE:
        raise NotationError(f"unknown vulnerability {text!r} (use {VULNERABLE_FORMS})")
    return VULNERABLE[key]


def vulnerable_text(vulnerable: tuple[bool, bool]) -> str:
    """The PBN word of a vulnerability: None, NS, EW or All."""
    ns, ew = vulnerable
    return "All" if ns and ew else "NS" if ns else "EW" if ew else "None"


NONE, NS, EW, BOTH = range(4)  # the four vulnerabilities, in the cycle below
# boards 1-16, then again
VULNERABILITY_CYCLE = (NONE, NS, EW, BOTH, NS, EW, BOTH, NONE) + (
    EW,
    BOTH,
    NONE,
    NS,
    BOTH,
    NONE,
    NS,
    EW,
)


def board_vulnerable(board: int) -> tuple[bool, bool]:
    """The vulnerability of a board number, as duplicate boards carry it
    (the cycle of 16)."""
    kind = VULNERABILITY_CYCLE[(board - 1) % len(VULNERABILITY_CYCLE)]
    return (kind in (NS, BOTH), kind in (EW, BOTH))


def board_dealer(board: int) -> int:
    """The dealer of a board number (board 1: N, then clockwise)."""
    return (board - 1) % SEATS


def made_score(level: int, strain: int, vulnerable: bool) -> int:
    """The score of a contract of `level` in `strain` made exactly, undoubled."""
    if strain == NOTRUMP:
        trick_score = NOTRUMP_FIRST + NOTRUMP_TRICK * (level - 1)
    else:
        trick_score = (MINOR_TRICK if strain in MINORS else MAJOR_TRICK) * level
    score = trick_score + (GAME_BONUS[vulnerable] if trick_score >= GAME else PART_SCORE_BONUS)
    if level == SMALL_SLAM:
        score += SMALL_SLAM_BONUS[vulnerable]
    elif level == GRAND_SLAM:
        score += GRAND_SLAM_BONUS[vulnerable]
    return score


def penalty(down: int, vulnerable: bool) -> int:
    """What the defenders score for `down` undertricks doubled."""
    if down <= 0:
        return 0
    second_third = min(down, LAST_OF_SECOND_THIRD) - 1
    return (
        DOUBLED_FIRST[vulnerable]
        + DOUBLED_SECOND_THIRD[vulnerable] * second_third
        + DOUBLED_LATER * max(0, down - LAST_OF_SECOND_THIRD)
    )


# -- bids as numbers: 1C is 1, 1D 2, ..., 7NT 35 -----------------------------------


def bid_number(level: int, strain: int) -> int:
    """The bid's number (may be 0 or less for a level below one)."""
    return RANKS * (level - 1) + STRAINS_IN_BIDDING_ORDER.index(strain) + 1


def bid_level(bid: int) -> int:
    return (bid - 1) // RANKS + 1


def bid_strain(bid: int) -> int:
    return STRAINS_IN_BIDDING_ORDER[(bid - 1) % RANKS]


def _toward_zero(numerator: int, denominator: int) -> int:
    """Integer division that drops the fraction (as DDS's C does), for the
    levels between two bids."""
    quotient = abs(numerator) // denominator
    return quotient if numerator >= 0 else -quotient


def _floor_bid(bid: int) -> int:
    """The lowest bid in `bid`'s strain with the same bonus: a slam itself,
    a game at the game level, a part score at one."""
    level, strain = bid_level(bid), bid_strain(bid)
    if level >= SMALL_SLAM:
        return bid
    if level >= GAME_LEVELS[strain]:
        return bid_number(GAME_LEVELS[strain], strain)
    return bid_number(1, strain)


def _paying_down(bid: int, vulnerable: bool, sacrificer_vulnerable: bool) -> int:
    """The most undertricks doubled that cost less than `bid` made."""
    score = made_score(bid_level(bid), bid_strain(bid), vulnerable)
    down = 0
    while penalty(down + 1, sacrificer_vulnerable) < score:
        down += 1
    return down


# -- the result -----------------------------------------------------------------------


@dataclass(frozen=True)
class ParContract:
    """One par contract: `declarers` the seats (0..3) who declare it (one,
    or both of a side when either does), `result` the overtricks (>= 0) or,
    doubled, minus the undertricks."""

    level: int
    strain: int
    declarers: tuple[int, ...]
    doubled: bool
    result: int

    @property
    def seats_text(self) -> str:
        return "".join(SEAT_LETTERS[s] for s in self.declarers)

    def _result_text(self) -> str:
        return f"{self.result:+d}" if self.result else ""

    def text(self) -> str:
        """As a hand record writes it: ``NS 4S+1``, ``E 5Dx-2``, ``N 3NT``."""
        doubled = "x" if self.doubled else ""
        contract = f"{self.level}{strain_text(self.strain)}{doubled}{self._result_text()}"
        return f"{self.seats_text} {contract}"

    def dds_text(self) -> str:
        """As DDS's ``DealerPar`` writes it: ``4S-NS+1``, ``5D*-E-2``, ``3N-N``."""
        strain = "N" if self.strain == NOTRUMP else strain_text(self.strain)
        return (
            f"{self.level}{strain}{'*' if self.doubled else ''}-{self.seats_text}"
            f"{self._result_text() if not self.doubled else f'-{-self.result}'}"
        )


@dataclass(frozen=True)
class Par:
    """The par of a deal: `score` for N-S (negative: E-W's), `contracts` in
    the order DDS lists them (none when the deal is passed out)."""

    score: int
    contracts: tuple[ParContract, ...]

    def score_text(self) -> str:
        """As a hand record's OptimumScore: ``NS 420``, ``EW 100``, ``NS 0``."""
        return f"EW {-self.score}" if self.score < 0 else f"NS {self.score}"

    def contracts_text(self) -> str:
        """The contracts as a hand record's ParContract: ``NS 4S; NS 4H``
        (``Pass`` for a deal passed out)."""
        return "; ".join(c.text() for c in self.contracts) or "Pass"

    def dds_texts(self) -> list[str]:
        """The contracts as DDS's ``DealerPar`` writes them (``pass`` alone
        for a deal passed out)."""
        return [c.dds_text() for c in self.contracts] or ["pass"]


@dataclass
class _Candidate:
    bid: int
    strain: int
    tricks: int
    score: int
    sacrifices: dict[int, int]  # strain -> undertricks of the opponents' cheapest sacrifice in it
    down: int = NO_SACRIFICE  # the cheapest of them
    sacrificed: bool = False  # a paying sacrifice stands against it, the highest such
    safe: bool = False  # no paying sacrifice stands against it
    gap: int = 0  # for a safe one: paying undertricks less the cheapest sacrifice's


def par(tricks: Mapping[int, Mapping[int, int]], dealer: int, vulnerable: tuple[bool, bool]) -> Par:
    """The par of a deal from its double-dummy table: `tricks[declarer][strain]`
    (declarer 0..3 N E S W, strain 0..3 S H D C or NOTRUMP: the tricks of
    declarer's side, every one of the 20 given), the dealer (0..3) and
    (N-S vulnerable, E-W vulnerable).  The semantics of DDS's ``DealerPar``."""
    if any(strain not in tricks.get(d, {}) for d in range(SEATS) for strain in range(RANKS)):
        raise NotationError("par needs the whole table: 4 declarers and 5 strains")
    best = [
        {strain: max(tricks[side][strain], tricks[side + 2][strain]) for strain in range(RANKS)}
        for side in range(SIDES)
    ]
    makes = [  # each side's highest bid it makes in each strain (<= 0: none)
        {strain: bid_number(best[side][strain] - BOOK, strain) for strain in range(RANKS)}
        for side in range(SIDES)
    ]
    highest = [
        max([b for strain, b in makes[side].items() if best[side][strain] > BOOK] + [0])
        for side in range(SIDES)
    ]
    if highest[0] == highest[1] == 0:
        return Par(0, ())
    if highest[0] != highest[1]:
        side = 0 if highest[0] > highest[1] else 1
    else:  # the same contract: the first from the dealer who makes it bids it first
        strain = bid_strain(highest[0])
        needed = best[0][strain]
        first = next(
            p for p in range(dealer, dealer + SEATS) if tricks[p % SEATS][strain] == needed
        )
        side = first % SIDES
    other = 1 - side
    candidates = _candidates(tricks, best[side], makes[side], side, vulnerable[side])
    for candidate in candidates:
        candidate.sacrifices = {
            strain: _sacrifice_down(tricks, candidate, strain, makes[other][strain], side, dealer)
            for strain in STRAINS_IN_BIDDING_ORDER
        }
        candidate.down = min(candidate.sacrifices.values())

    best_plus, deepest, found = 0, 0, False
    for candidate in candidates:
        paying = _paying_down(candidate.bid, vulnerable[side], vulnerable[other])
        if candidate.down <= paying:
            deepest = max(deepest, candidate.down)
            if not found:
                found = candidate.sacrificed = True
        else:
            best_plus = max(best_plus, candidate.score)
            candidate.safe = True
            candidate.gap = paying - candidate.down
    sign = 1 if side == 0 else -1
    if not found or best_plus > penalty(deepest, vulnerable[other]):
        contracts = [
            _making_contract(tricks, c, side) for c in candidates if c.safe and c.score == best_plus
        ]
        return Par(sign * best_plus, tuple(contracts))
    found_contracts: list[ParContract] = []
    for candidate in candidates:
        if candidate.sacrificed and candidate.down == deepest:
            found_contracts += _sacrifices(tricks, candidate, makes[other], other, dealer, deepest)
    return Par(sign * penalty(deepest, vulnerable[other]), tuple(found_contracts))


def _candidates(
    tricks: Mapping[int, Mapping[int, int]],
    best: dict[int, int],
    makes: dict[int, int],
    side: int,
    vulnerable: bool,
) -> list[_Candidate]:
    """The bidding side's candidates, highest bid first, down to the bid of
    its best score (the lowest bid of equal scores)."""
    made = [
        _Candidate(
            makes[strain],
            strain,
            best[strain],
            made_score(best[strain] - BOOK, strain, vulnerable),
            {},
        )
        for strain in STRAINS_IN_BIDDING_ORDER
        if best[strain] > BOOK
    ]
    top = max(c.score for c in made)
    dearest = min(c.bid for c in made if c.score == top)
    return sorted((c for c in made if c.bid >= dearest), key=lambda c: -c.bid)


def _sacrifice_down(
    tricks: Mapping[int, Mapping[int, int]],
    candidate: _Candidate,
    strain: int,
    their_bid: int,
    side: int,
    dealer: int,
) -> int:
    """The undertricks of the opponents' cheapest sacrifice in `strain` over
    `candidate` (`their_bid`: their highest bid they make in it, perhaps
    below one); NO_SACRIFICE above 7NT."""
    if strain != candidate.strain:
        down = _toward_zero(candidate.bid - their_bid + RANKS - 1, RANKS)
    else:
        down = min(down for _, down, _ in _same_strain_sacrifices(tricks, candidate, side, dealer))
    return NO_SACRIFICE if their_bid + RANKS * down > HIGHEST_BID else down


def _same_strain_sacrifices(
    tricks: Mapping[int, Mapping[int, int]], candidate: _Candidate, side: int, dealer: int
) -> list[tuple[int, int, int]]:
    """Each opponent's sacrifice in the candidate's own strain, as (seat,
    undertricks, bid): at the candidate's level when the opponent comes
    before every player of the bidding side who makes it (from the dealer
    round), else a level higher."""
    found = []
    outbid = 0  # 1 once a player of the bidding side has bid the candidate
    for p in range(dealer, dealer + SEATS):
        seat = p % SEATS
        if seat % SIDES == side:
            if tricks[seat][candidate.strain] == candidate.tricks:
                outbid = 1
            continue
        down = candidate.tricks - tricks[seat][candidate.strain] + outbid
        found.append((seat, down, candidate.bid + RANKS * outbid))
    return found


def _declarers(tricks: Mapping[int, Mapping[int, int]], side: int, strain: int) -> tuple[int, ...]:
    """The seats of `side` who take the side's most tricks in `strain`."""
    most = max(tricks[side][strain], tricks[side + 2][strain])
    return tuple(s for s in (side, side + 2) if tricks[s][strain] == most)


def _making_contract(
    tricks: Mapping[int, Mapping[int, int]], candidate: _Candidate, side: int
) -> ParContract:
    """A safe candidate at the lowest level that keeps its bonus and leaves
    no paying sacrifice, with its overtricks."""
    bid = candidate.bid
    if candidate.gap < -1:
        lowered = max(bid + RANKS * (candidate.gap + 1), _floor_bid(bid))
        overtricks, bid = (bid - lowered) // RANKS, lowered
    else:
        overtricks = 0
    return ParContract(
        bid_level(bid),
        candidate.strain,
        _declarers(tricks, side, candidate.strain),
        False,
        overtricks,
    )


def _sacrifices(
    tricks: Mapping[int, Mapping[int, int]],
    candidate: _Candidate,
    their_makes: dict[int, int],
    other: int,
    dealer: int,
    down: int,
) -> list[ParContract]:
    """The opponents' sacrifices of `down` undertricks over `candidate`, in
    bidding order of their strains."""
    found = []
    for strain in STRAINS_IN_BIDDING_ORDER:
        if candidate.sacrifices[strain] != down:
            continue
        if strain != candidate.strain:
            bid = their_makes[strain] + RANKS * down
            declarers = _declarers(tricks, other, strain)
        else:
            hits = [
                (seat, bid)
                for seat, d, bid in _same_strain_sacrifices(tricks, candidate, 1 - other, dealer)
                if d == down
            ]
            if len(hits) == SIDES and hits[0][1] == hits[1][1]:
                bid, declarers = hits[0][1], _declarers(tricks, other, strain)
            else:
                seat, bid = min(hits, key=lambda hit: hit[1])
                declarers = (seat,)
        found.append(ParContract(bid_level(bid), strain, declarers, True, -down))
    return found
