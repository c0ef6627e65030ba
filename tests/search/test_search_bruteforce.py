"""The double-dummy search (csrc/search.h, `solver._core.Searcher`) against
brute force (tests/reference/minimax.py: plain minimax over the reference rules).

Random endgames of every variant: a random hand (tests/randpos.py) is played
with random legal moves until a few tricks remain (PLANS: mostly three or
four; two or three for five-seat Chinkway), sometimes a few cards further into
the next trick, or stopped at a Chinkway claim.  The reference hand replays
the same record.  For each endgame, with a fresh searcher and with searchers
shared by many endgames (whose tables must not leak results from one position
into another), `solve` for the side to move and for every side, `analyze`,
`maxn` and `reaches` must give the brute-force values.  A second test solves
the same cards under other rules (trump, bid, quest, pairing) with one table.

The default run checks a bounded sample of every variant (about a minute);
`TRICKSOLVER_FULL=1` also runs 1,000 endgames of every variant
(`slow`, about an hour and a half on one core).
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from dataclasses import dataclass

import pytest

import solver
from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, SUIT_CHARS, Card, CardSet
from solver.games.base import Position
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinkway import Chinkway, pairing, quest_needs
from solver.games.cinch import Cinch
from tests.randpos import VARIANTS, random_start, reference_spec
from tests.reference import minimax
from tests.reference import rules as reference
from tests.reference.rules import Hand

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
FULL_COUNT = 1000  # endgames of every variant in the full run (the figure asked for)
TT_BYTES = 1 << 20
SMALL_TT_BYTES = 1 << 16  # the smallest table: entries are replaced under pressure

IDS = [f"{game}-{players}" for game, players in VARIANTS]


@dataclass(frozen=True)
class Plan:
    sample: int  # endgames in the default run
    tricks: tuple[int, ...]  # tricks left in the default run, drawn from this for each endgame
    full_tricks: tuple[int, ...]  # the same for the full run


# Tricks left.  The brute force costs about the product of the seats' choices
# per trick: measured on this machine, per endgame, mean (worst of 30):
# whist 3 tricks 0.1 s, 4 tricks 8 s (27 s); Chinkway 2 tricks 0.1 s, 3 tricks
# 7 s (32 s); Cinch 4 tricks 2.5 s (16 s); Chinese Whist 4 players 4 tricks
# 0.5 s, 3 players 4 tricks 0.1 s, 5 tricks 3.5 s, 2 players 4 tricks 0.01 s,
# 6 tricks 3.6 s.  The mix below keeps the full run near an hour and the
# default run near a minute.
PLANS = {
    ("whist", 4): Plan(40, tricks=(3,) * 19 + (4,), full_tricks=(3,) * 9 + (4,)),
    ("chinkway", 5): Plan(24, tricks=(2, 2, 2, 3), full_tricks=(2, 3, 3, 3)),
    ("chinese-whist", 2): Plan(80, tricks=(4, 5), full_tricks=(4, 5)),
    ("chinese-whist", 3): Plan(50, tricks=(4,), full_tricks=(4,) * 9 + (5,)),
    ("chinese-whist", 4): Plan(40, tricks=(3, 4), full_tricks=(4,)),
    ("cinch", 4): Plan(30, tricks=(3, 3, 3, 4), full_tricks=(3, 4)),
}


# -- the brute force itself ----------------------------------------------------------------


def test_clone_is_an_independent_copy() -> None:
    """Hand.clone copies every field: equal to the original, no container shared,
    and play on the copy leaves the original as it was."""
    for game, players in VARIANTS:
        for seed in range(3):
            pos = random_start(game, players, seed)
            hand = Hand(reference_spec(pos))
            rng = random.Random(seed)
            while hand.phase() != "over":
                copy = hand.clone()
                assert vars(copy) == vars(hand)
                for name, field in vars(hand).items():
                    if isinstance(field, list | set | dict):
                        assert vars(copy)[name] is not field, name
                    if isinstance(field, list):
                        for inner, inner_copy in zip(field, vars(copy)[name], strict=True):
                            assert not isinstance(inner, list) or inner_copy is not inner, name
                snapshot = copy_of_fields(hand)
                for _ in range(2 * players):  # to the next trick or the one after
                    if copy.phase() == "over":
                        break
                    copy.play(rng.choice(sorted(copy.legal())))
                assert copy_of_fields(hand) == snapshot
                hand.play(rng.choice(sorted(hand.legal())))


def copy_of_fields(hand: Hand) -> dict:
    return {name: repr(field) for name, field in vars(hand).items()}


def ending(game: str, hands: list[str], **spec: object) -> Hand:
    """A hand-made ending: hands as lists of cards, seat 0 first."""
    full = {"game": game, "seats": len(hands), "leader": 0, "trump": None}
    return Hand(full | spec | {"hands": [h.split() for h in hands]})


def test_brute_force_whist_ending_by_hand() -> None:
    """N: AS KS, E: QS 2H, S: 2S 3S, W: 3D 4D; N leads.  No trumps: the two
    spades win both tricks.  Hearts trump: E follows QS to the first spade and
    ruffs the second with 2H."""
    hands = ["AS KS", "QS 2H", "2S 3S", "3D 4D"]
    nt = ending("whist", hands)
    assert minimax.value(nt, 0) == 2 and minimax.value(nt, 1) == 0
    assert minimax.card_values(nt) == {"AS": 2, "KS": 2}
    assert minimax.maxn(nt) == (2, 0)
    hearts = ending("whist", hands, trump="H")
    assert minimax.value(hearts, 0) == 1 and minimax.value(hearts, 1) == 1
    assert minimax.card_values(hearts) == {"AS": 1, "KS": 1}
    for card in ["AS", "QS", "2S"]:
        hearts.play(card)
    # mid-trick, W to play: the trick in progress counts
    assert minimax.value(hearts, 0) == 1 and minimax.value(hearts, 1) == 1
    assert minimax.card_values(hearts) == {"3D": 1, "4D": 1}
    hearts.play("3D")
    # N has won the first trick: tricks already won do not count
    assert minimax.value(hearts, 0) == 0 and minimax.value(hearts, 1) == 1
    hearts.play("KS")
    assert minimax.card_values(hearts) == {"2H": 1}


def test_brute_force_cinch_ending_by_hand() -> None:
    """Hearts trump, seat 0 bid 2 and leads; seats 0 and 2 against 1 and 3.
    0: AH 3S, 1: 2H KS, 2: JH 4S, 3: TS 5S.  Side 0 takes High (AH), Low (2H)
    and Jack (JH) whatever happens; seat 3 keeps TS for the trick its partner's
    KS wins, so side 1 has Game (KS TS: 13 against AH JH: 5) and side 0
    scores 3 - 1 = 2.  Had seat 3 thrown TS under the ace, side 0 would score 4."""
    hand = ending("cinch", ["AH 3S", "2H KS", "JH 4S", "TS 5S"], trump="H", bidder=0, bid=2)
    assert minimax.value(hand, 0) == 2 and minimax.value(hand, 1) == -2
    assert minimax.card_values(hand) == {"AH": 2, "3S": 2}
    hand.play("AH")
    hand.play("2H")
    hand.play("JH")
    assert minimax.card_values(hand) == {"TS": -4, "5S": -2}  # for side 1: 0 - 4, 1 - 3
    hand.play("TS")
    assert minimax.value(hand, 0) == 4  # High, Low, Jack and Game (AH TS JH: 15 against 3)


def test_brute_force_chinkway_claim_by_hand() -> None:
    """Dealer seat 0 (side 0), round 1: seats 1 and 2 are side 1, seats 3 and 4
    side 2.  Quest 3C AH JC QD 9D: a club pip, a heart pip, a diamond pip, two
    courts.  One trick: 5C, 2C, KC, 3D, 4H; seat 3 wins with KC and claims one
    part, worth 1 to its side whatever it claims."""
    hand = ending(
        "chinkway",
        ["4H", "5C", "2C", "KC", "3D"],
        leader=1,
        dealer=0,
        round=1,
        quest=["3C", "AH", "JC", "QD", "9D"],
    )
    assert [minimax.value(hand, side) for side in range(3)] == [0, 0, 1]
    assert minimax.maxn(hand) == (0, 0, 1)
    for card in ["5C", "2C", "KC", "3D", "4H"]:
        hand.play(card)
    assert hand.phase() == "claim" and hand.to_move() == 3
    assert minimax.card_values(hand) == {card: 1 for card in ["5C", "2C", "KC", "3D", "4H"]}


def test_max_n_tie_rule() -> None:
    """The mover's best; among equals the lowest total to the other sides; among
    those the first (card order)."""
    assert minimax.choose([(1, 2, 0), (3, 0, 0), (2, 9, 9)], me=0) == (3, 0, 0)
    assert minimax.choose([(3, 2, 2), (3, 1, 2), (3, 0, 3)], me=0) == (3, 1, 2)
    assert minimax.choose([(0, 1, 2), (0, 2, 1)], me=0) == (0, 1, 2)
    assert minimax.choose([(0, 2, 1), (0, 1, 2)], me=0) == (0, 2, 1)
    assert minimax.choose([(5, 0, 6), (4, 1, 1), (6, 1, 1)], me=1) == (4, 1, 1)
    assert sorted(["2C", "AC", "KD", "3S", "AS", "TH"], key=minimax.card_order) == [
        "AS",
        "3S",
        "TH",
        "KD",
        "AC",
        "2C",
    ]


# Found by a search over random three-player endgames (tests/randpos, 2 tricks
# left, seed 193 of 200: the only one there where max^n by score and by tricks
# end differently; with 3 tricks left, 7 of 100).
SCORE_NOT_TRICKS = (
    "chinese-whist; players=3; dealer=3; trump=H; piles=8S/JD 5S/JH KH/JC QH/QC 9D/5H"
    " 7D/QD 9C/AC 2C/9S, 7H/8H 6H/AS 3H/2D KD/TS 8D/TC 6D/4S 5D/7C 6C/4H, KS/AH 7S/TH"
    " 3S/JS 9H/2H 3D/AD 8C/QS 5C/KC 3C/6S; down=1:4C TD 4D; play=8S 3H 7S | 8D 3D JD"
    " | KH 7H TH | 4C TC 8C | 6D AD 7D | 4D 9D 5D | 5H 8H 9H | 5C 9C 6C | 5S 4S 3S"
    " | QH 4H 2H | QC 7C 3C | JC KD KC | KS AC TS | JS QD 2D | QS JH 6H"
)


def test_max_n_by_score_is_not_by_tricks() -> None:
    """Three-player Chinese Whist, hearts trump, two tricks left: seat 1 has won
    8 tricks, seat 2 two, seat 3 five; a seat scores a point a trick above five
    (docs/rules.md section 4, Chinese Whist).  Seat 1 leads 2C (its only card;
    9S lies beneath it), seat 2 holds AS TD, seat 3 6S AH.  Seats 2 and 3 are
    void in clubs.

    Seat 3 takes a trick in every line, its sixth, one point: if it plays 6S
    on the 2C, seat 1 wins and leads 9S and seat 3 trumps it with AH; if it
    trumps the 2C, it leads 6S, won by AS if seat 2 kept it, else by 9S.  Seat
    2 ends with at most three tricks: no point whatever it plays.

    By score (docs/rules.md section 6: every side maximises its own score; the
    tie rule, the fewest points to the others, decides for the seats that cannot
    gain): seat
    2 keeps AS (discards TD), as then seat 3's AH leaves seat 1 at 8 tricks
    (others' points 3 against 4), and seat 3 trumps (same reason).  Points
    (3, 0, 1): seats 1 to 3 end with 8, 3 and 6 tricks.

    By tricks: seat 3's 6S and AH both leave the others 11 tricks, so the
    first in card order, 6S; seat 2's AS and TD then both end (9, 2, 6), so
    the first, AS.  Tricks from here (1, 0, 1), points (4, 0, 1): seat 1 gets
    the point that by score seats 2 and 3 deny it."""
    pos = solver.parse_position(SCORE_NOT_TRICKS)
    hand = Hand(reference_spec(solver.parse_position(SCORE_NOT_TRICKS.split("; play=")[0])))
    for move in pos.play_record:
        hand.play(str(move.card))
    assert minimax.maxn(hand) == minimax.maxn(hand, "score") == (3, 0, 1)
    assert minimax.maxn(hand, "tricks") == (1, 0, 1)
    dd = solver.Solver(tt_mb=1)
    assert dd.maxn(pos)[0] == dd.maxn(pos, by="score")[0] == (3, 0, 1)
    assert dd.maxn(pos, by="tricks")[0] == (1, 0, 1)
    assert dd.maxn(pos)[0] == (3, 0, 1)  # the table keeps the objectives apart
    with pytest.raises(ValueError, match="by must be"):
        dd.maxn(pos, by="points")


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_one_walk_gives_the_definitions(game: str, players: int) -> None:
    """minimax.solve (one walk of the tree) against value, card_values and maxn
    (each its own recursion), on small endgames of every variant."""
    for seed in range(3 if game == "chinkway" else 8):
        endgame = random_endgame(game, players, seed, (2,))
        hand = endgame.hand
        values, moves, maxn, maxn_tricks = minimax.solve(hand)
        assert values == tuple(minimax.value(hand, k) for k in range(len(values)))
        assert moves == minimax.card_values(hand)
        assert maxn == minimax.maxn(hand) == minimax.maxn(hand, "score")
        assert maxn_tricks == minimax.maxn(hand, "tricks")


# -- the endgames ------------------------------------------------------------------------


@dataclass
class Endgame:
    pos: Position
    hand: Hand  # the same position in the reference rules
    seed: int

    @property
    def core(self) -> _core.PlayState:
        assert self.pos.core is not None
        return self.pos.core

    def where(self) -> str:
        return f"{self.pos.to_line()}  (seed {self.seed})"


def random_endgame(game: str, players: int, seed: int, tricks_choice: tuple[int, ...]) -> Endgame:
    """Random play from a random hand until `tricks` tricks remain (drawn from
    `tricks_choice`); then, at a Chinkway claim, half the time stop there; else
    (after the claim) a third of the time go a few cards into the next trick."""
    rng = random.Random(f"endgame {game} {players} {seed}")
    tricks = rng.choice(tricks_choice)
    pos = random_start(game, players, seed)
    spec = reference_spec(pos)  # at the first lead
    core = pos.core
    assert core is not None
    while core.total_tricks - core.tricks_played > tricks:
        pos.play(rng.choice(pos.legal_moves()))
    if core.phase != _core.PHASE_CLAIM or rng.random() < 0.5:
        if core.phase == _core.PHASE_CLAIM:
            pos.play(rng.choice(pos.legal_moves()))
        for _ in range(rng.choice([0, 0, rng.randrange(1, players)])):
            pos.play(rng.choice(pos.legal_moves()))
    assert core.phase != _core.PHASE_OVER
    hand = Hand(spec)
    for move in pos.play_record:
        assert move.card is not None
        hand.play(str(move.card))  # a card, or in the claim phase a claim
    assert hand.phase() == {_core.PHASE_PLAY: "play", _core.PHASE_CLAIM: "claim"}[core.phase]
    assert hand.to_move() == core.turn
    assert hand.sides() == list(core.sides)
    assert {str(m.card) for m in pos.legal_moves()} == hand.legal()
    return Endgame(pos, hand, seed)


# -- the comparison ------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """The brute force's values of one position."""

    values: tuple[int, ...]  # paranoid value of every side
    moves: dict[str, int]  # paranoid value of every legal move, for the mover's side
    maxn: tuple[int, ...]  # by score
    maxn_tricks: tuple[int, ...]  # by tricks

    @classmethod
    def of(cls, hand: Hand) -> Answer:
        return cls(*minimax.solve(hand))


def disagreements(searcher: _core.Searcher, core: _core.PlayState, answer: Answer) -> list[str]:
    """What the searcher gets wrong about the position (empty: nothing)."""
    wrong = []
    before = core.state_bytes()
    mover = core.sides[core.turn]

    def exact(what: str) -> None:
        if not searcher.stats["exact"]:
            wrong.append(f"{what}: stats['exact'] is False with no limit set")

    got = searcher.solve(core)
    exact("solve")
    if got != answer.values[mover]:
        wrong.append(f"solve (side {mover}, to move): {got}, brute force {answer.values[mover]}")
    for side, want in enumerate(answer.values):
        got = searcher.solve(core, side=side)
        exact(f"solve side={side}")
        if got != want:
            wrong.append(f"solve side={side}: {got}, brute force {want}")
        # a guess only moves where the search over targets starts
        for guess in (want - 1, want + 1) + ((-7, 99) if side == mover else ()):
            got = searcher.solve(core, side=side, guess=guess)
            exact(f"solve side={side} guess={guess}")
            if got != want:
                wrong.append(f"solve side={side} guess={guess}: {got}, brute force {want}")
    analysis = searcher.analyze(core)
    exact("analyze")
    got_moves = {str(Card(card)): value for card, value, _, _ in analysis}
    if any(high != value for _, value, _, high in analysis):  # exact: no bounds apart
        wrong.append(f"analyze (side {mover}): an exact search gave bounds {analysis}")
    if got_moves != answer.moves:
        diff = {
            card: (got_moves.get(card), answer.moves.get(card))
            for card in sorted(set(got_moves) | set(answer.moves), key=minimax.card_order)
            if got_moves.get(card) != answer.moves.get(card)
        }
        wrong.append(f"analyze (side {mover}): card: (search, brute force) {diff}")
    classes = {card: cls for card, _, cls, _ in analysis}
    for card, cls in classes.items():
        if classes.get(cls) != cls:
            wrong.append(f"analyze: class {cls} of card {card} is not a class of its own")
    for by, want_maxn in (
        (_core.MAXN_BY_SCORE, answer.maxn),
        (_core.MAXN_BY_TRICKS, answer.maxn_tricks),
    ):
        got_maxn = searcher.maxn(core, by)
        exact(f"maxn by={by}")
        if got_maxn != want_maxn:
            wrong.append(f"maxn by={by}: {got_maxn}, brute force {want_maxn}")
    for side, want in enumerate(answer.values):
        if not searcher.reaches(core, side, want):
            wrong.append(f"reaches side={side} target={want} (the value): False")
        if searcher.reaches(core, side, want + 1):
            wrong.append(f"reaches side={side} target={want + 1} (value + 1): True")
    if core.state_bytes() != before:
        wrong.append("the search changed the position")
    return wrong


def check_endgames(game: str, players: int, count: int, tricks: tuple[int, ...]) -> None:
    """`count` random endgames, each against a fresh searcher, a searcher shared by
    all of them, one with the smallest table, and one shared only by the
    endgames of the same trump."""
    shared = _core.Searcher(tt_bytes=TT_BYTES)
    small = _core.Searcher(tt_bytes=SMALL_TT_BYTES)
    by_trump: dict[int, _core.Searcher] = {}
    failures: list[str] = []
    kinds: Counter[str] = Counter()
    brute_seconds = 0.0
    for seed in range(count):
        endgame = random_endgame(game, players, seed, tricks)
        core = endgame.core
        where = "claim" if core.phase == _core.PHASE_CLAIM else "mid" if core.trick else "start"
        kinds[f"{core.total_tricks - core.tricks_played} tricks, {where}"] += 1
        started = time.perf_counter()
        answer = Answer.of(endgame.hand)
        brute_seconds += time.perf_counter() - started
        if core.trump not in by_trump:
            by_trump[core.trump] = _core.Searcher(tt_bytes=TT_BYTES)
        searchers = {
            "fresh": _core.Searcher(tt_bytes=TT_BYTES),
            "shared": shared,
            "small shared": small,
            "shared by trump": by_trump[core.trump],
        }
        for name, searcher in searchers.items():
            for problem in disagreements(searcher, core, answer):
                failures.append(f"{name} searcher: {problem}\n    at {endgame.where()}")
    summary = ", ".join(f"{n} at {kind}" for kind, n in sorted(kinds.items()))
    print(f"{game}-{players}: {count} endgames ({summary}); brute force {brute_seconds:.1f} s")
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:20])
    for where in ("start", "mid") + (("claim",) if game == "chinkway" else ()):
        assert any(kind.endswith(where) for kind in kinds), f"no endgame at a {where}"


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_search_agrees_with_brute_force(game: str, players: int) -> None:
    plan = PLANS[(game, players)]
    check_endgames(game, players, plan.sample, plan.tricks)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the full 1,000 endgames per variant: TRICKSOLVER_FULL=1")
@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_search_agrees_with_brute_force_full(game: str, players: int) -> None:
    """1,000 random endgames of every variant (long).  Skipped
    (`skipif`) unless the environment sets TRICKSOLVER_FULL=1."""
    check_endgames(game, players, FULL_COUNT, PLANS[(game, players)].full_tricks)


# -- max^n by score and by tricks, more endgames of the games with three or more sides ------

MAXN_PLANS = {  # endgames, tricks left (other endgames than check_endgames')
    ("chinkway", 5): (60, (2,)),
    ("chinese-whist", 3): (240, (3, 3, 4)),
}
MAXN_SEED = 10_000  # the first seed of these endgames
MAXN_IDS = [f"{game}-{players}" for game, players in MAXN_PLANS]


def check_maxn(game: str, players: int, count: int, tricks: tuple[int, ...]) -> int:
    """Max^n by score and by tricks of `count` random endgames against the
    brute force, with a fresh searcher (score first) and one shared by all of
    them (tricks first); returns in how many of them the two objectives end the
    hand differently (Chinese Whist: the points after play by tricks are not
    those by score)."""
    shared = _core.Searcher(tt_bytes=TT_BYTES)
    objectives = ((_core.MAXN_BY_SCORE, 2), (_core.MAXN_BY_TRICKS, 3))  # Answer's index
    failures, differ = [], 0
    for seed in range(MAXN_SEED, MAXN_SEED + count):
        endgame = random_endgame(game, players, seed, tricks)
        answer = minimax.solve(endgame.hand)
        for name, searcher, order in (
            ("fresh", _core.Searcher(tt_bytes=TT_BYTES), objectives),
            ("shared", shared, objectives[::-1]),
        ):
            for by, i in order:
                got = searcher.maxn(endgame.core, by)
                if got != answer[i] or not searcher.stats["exact"]:
                    failures.append(
                        f"{name} searcher, maxn by={by}: {got}, brute force {answer[i]}"
                        f"\n    at {endgame.where()}"
                    )
        if game == "chinese-whist":
            won = endgame.core.tricks
            points = tuple(max(0, won[k] + answer[3][k] - CW3_PAR) for k in range(players))
            differ += points != answer[2]
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:20])
    return differ


# three-player Chinese Whist: a point a trick above par (the reference's
# value, written from the rules: tests/reference/rules.py)
CW3_PAR = reference.CHINESE_WHIST_PAR[3]


@pytest.mark.parametrize(("game", "players"), list(MAXN_PLANS), ids=MAXN_IDS)
def test_maxn_by_score_and_tricks_agree_with_brute_force(game: str, players: int) -> None:
    count, tricks = MAXN_PLANS[(game, players)]
    differ = check_maxn(game, players, count, tricks)
    if game == "chinese-whist":
        print(f"{game}-{players}: {count} endgames, {differ} end otherwise by score than by tricks")
        assert differ > 0, "no endgame where the objectives differ: the sample tests too little"


# -- one table, many hands: the same cards under other rules ----------------------------

SIBLING_ENDGAMES = 3  # endgames of every variant in the default run
FULL_SIBLING_ENDGAMES = 40
SIBLING_TRICKS = {"chinkway": 2}  # tricks left; 3 for the other games


@dataclass
class Sibling:
    core: _core.PlayState
    hand: Hand
    rules: str  # what distinguishes it, for messages

    def where(self) -> str:
        return self.rules


def trick_start_endgame(game: str, players: int, seed: int, tricks: int) -> Position:
    """Random play until `tricks` tricks remain, at the start of a trick."""
    rng = random.Random(f"sibling {game} {players} {seed}")
    pos = random_start(game, players, seed)
    core = pos.core
    assert core is not None
    while core.total_tricks - core.tricks_played > tricks or core.phase == _core.PHASE_CLAIM:
        pos.play(rng.choice(pos.legal_moves()))
    assert core.phase == _core.PHASE_PLAY and not core.trick
    return pos


def siblings(pos: Position, seed: int) -> list[Sibling]:
    """New hands dealt with exactly the cards still held in `pos` (a trick start),
    the same leader, and several sets of rules: every trump; for Cinch other bids,
    bidders and Shoot rules; for Chinkway other quests, pairings and dealers."""
    rng = random.Random(f"rules {pos.game} {pos.nseats} {seed}")
    core = pos.core
    assert core is not None
    n, leader = pos.nseats, core.leader
    played = {m.card for m in pos.play_record if m.kind == "play"}
    spec: dict = {"game": pos.game, "seats": n, "leader": leader}
    args: dict = {}
    if isinstance(pos, ChineseWhist):
        piles = []
        for row in pos.piles:
            now = []
            for top, under in row:
                if top not in played:
                    now.append((top, under))
                elif under is not None and under not in played:
                    now.append((under, None))  # turned up when its trick ended
            piles.append(now)
        down = [[c for c in cards if c not in played] for cards in pos.down]
        for s in range(n):
            held = CardSet([*down[s], *(t for t, _ in piles[s]), *(u for _, u in piles[s] if u)])
            assert held.mask == core.playable(s) | core.covered(s)
        masks = [CardSet(d).mask for d in down]
        args.update(
            up=[CardSet(t for t, _ in row).mask for row in piles],
            under=[CardSet(u for _, u in row if u is not None).mask for row in piles],
            beneath={t.index: u.index for row in piles for t, u in row if u is not None},
        )
        spec["hands"] = [[str(c) for c in d] for d in down]
        spec["piles"] = [[(str(t), None if u is None else str(u)) for t, u in row] for row in piles]
    else:
        masks = [core.playable(s) for s in range(n)]
        spec["hands"] = [[str(c) for c in CardSet(m)] for m in masks]

    rules: list[dict] = []
    if isinstance(pos, Cinch):
        base = {"trump": core.trump, "bidder": pos.bidder, "bid": pos.bid}
        base["all_four"] = pos.shoot_rule == "all-four"
        rules = [base]
        rules += [base | {"bid": bid} for bid in (1, 2, 3, 4, 8) if bid != pos.bid]
        rules += [base | {"bid": 8, "all_four": not base["all_four"]}]
        rules += [base | {"bidder": (pos.bidder + 1) % n}]
        rules += [base | {"trump": t} for t in range(4) if t != core.trump]
    elif isinstance(pos, Chinkway):
        assert pos.quest is not None
        base = {"trump": core.trump, "dealer": pos.dealer, "round": pos.round}
        base["quest"] = list(pos.quest)
        rules = [base]
        rules += [base | {"quest": rng.sample(list(FULL_DECK), 5)} for _ in range(2)]
        rules += [base | {"round": pos.round + 5}]  # the other pairing
        rules += [base | {"dealer": (pos.dealer + 1) % n}]
        rules += [base | {"trump": t} for t in rng.sample(range(NOTRUMP + 1), 2) if t != core.trump]
    else:
        rules = [{"trump": t} for t in range(NOTRUMP + 1)]

    out = []
    for r in rules:
        trump = r["trump"]
        extra: dict = {}
        sp = spec | {"trump": None if trump == NOTRUMP else SUIT_CHARS[trump]}
        if isinstance(pos, Cinch):
            extra = {"bidder": r["bidder"], "bid": r["bid"], "shoot_needs_all_four": r["all_four"]}
            sp |= extra
        if isinstance(pos, Chinkway):
            extra = {
                "dealer": r["dealer"],
                "pairing": pairing(r["round"]),
                "quest_need": quest_needs(r["quest"]),
            }
            sp |= {
                "dealer": r["dealer"],
                "round": r["round"],
                "quest": [str(c) for c in r["quest"]],
            }
        setup = _core.Setup(_core.GAME_NUMBERS[pos.game], n, trump, leader, masks)
        for field, value in {**args, **extra}.items():
            setattr(setup, field, value)
        state = _core.PlayState(setup)
        text = ", ".join(f"{k}={v}" for k, v in sp.items() if k not in ("game", "seats"))
        out.append(Sibling(state, Hand(sp), f"{pos.game} {n} seats: {text}"))
    return out


def check_siblings(game: str, players: int, count: int) -> None:
    """Every sibling against a fresh searcher, and all the siblings of an endgame,
    forwards then backwards, against one shared searcher."""
    tricks = SIBLING_TRICKS.get(game, 3)
    failures = []
    for seed in range(count):
        family = siblings(trick_start_endgame(game, players, seed, tricks), seed)
        answers = [Answer.of(sibling.hand) for sibling in family]
        shared = _core.Searcher(tt_bytes=TT_BYTES)
        order = [*range(len(family)), *reversed(range(len(family)))]
        for i in order:
            for problem in disagreements(shared, family[i].core, answers[i]):
                failures.append(f"shared searcher: {problem}\n    at {family[i].where()}")
        for sibling, answer in zip(family, answers, strict=True):
            for problem in disagreements(_core.Searcher(tt_bytes=TT_BYTES), sibling.core, answer):
                failures.append(f"fresh searcher: {problem}\n    at {sibling.where()}")
    assert not failures, f"{len(failures)} disagreements:\n" + "\n".join(failures[:20])


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_one_table_for_the_same_cards_under_other_rules(game: str, players: int) -> None:
    check_siblings(game, players, SIBLING_ENDGAMES)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the full run: TRICKSOLVER_FULL=1")
@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_one_table_for_the_same_cards_under_other_rules_full(game: str, players: int) -> None:
    """More endgames of the test above (long).  Skipped (`skipif`) unless the
    environment sets TRICKSOLVER_FULL=1."""
    check_siblings(game, players, FULL_SIBLING_ENDGAMES)
