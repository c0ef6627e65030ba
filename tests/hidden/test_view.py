"""Views (solver/view.py, solver/games/<game>/view.py): a seat's knowledge of a
hand, from positions and notation.

- Random positions of every game at every stage (seeded deals, random
  decisions and play; Cinch deals in and after the first hand of a game, some
  stacked so a seat keeps six trumps or more), from every seat: the view reads
  back from both text forms, agrees with the position on the public state and
  on the seat's legal moves, holds the true position as one of its worlds
  (`View.world` of the true hidden cards rebuilds it) and notes exactly the
  voids the play shows.
- The examples of docs/views.md, views refused in other phases, bad views
  (one clear line each), files, immutability.

The helpers here (`start`, `late`, `positions`) also serve tests/hidden/test_sampling.py.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import solver
from solver import Move, Phase, Position
from solver.cards import FULL_DECK, Card, CardSet
from solver.errors import NotationError, PositionError, TricksolverError
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinese_whist.view import ChineseWhistView
from solver.games.chinkway import Chinkway
from solver.games.chinkway.view import ChinkwayView
from solver.games.cinch import Cinch
from solver.games.cinch.view import CinchView
from solver.games.whist import Whist
from solver.games.whist.view import WhistView
from solver.position import load_view, parse_view, view_of
from solver.view import View
from tests.paths import ROOT
from tests.randpos import VARIANTS, random_start

IDS = [f"{game}-{players}" for game, players in VARIANTS]
SEEDS = range(6)  # hands of each variant in the default run
CINCH_DEALT = 9


# -- random positions -----------------------------------------------------------


def stacked_cinch(seed: int, first_hand: bool, trumps: int) -> tuple[Cinch, int]:
    """A Cinch deal where one seat holds `trumps` cards of one suit (the suit
    returned, to be named trump), so that it keeps six trumps or more."""
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    suit = rng.randrange(4)
    suited = [c for c in deck if c.suit == suit][:trumps]
    rest = [c for c in deck if c not in suited]
    lucky = rng.randrange(4)
    hands: list[list[Card]] = [[] for _ in range(4)]
    hands[lucky] = suited + rest[: CINCH_DEALT - trumps]
    rest = rest[CINCH_DEALT - trumps :]
    for s in range(4):
        if s != lucky:
            hands[s], rest = rest[:CINCH_DEALT], rest[CINCH_DEALT:]
    pos = Cinch(
        rng.randrange(4), [CardSet(h) for h in hands], rest, first_hand=first_hand, seed=seed
    )
    return pos, suit


def start(game: str, players: int, seed: int) -> Position:
    """A random hand at its first lead; Cinch in and after the first hand of a
    game, one deal in five stacked (a seat keeps six or seven trumps)."""
    if game != "cinch":
        return random_start(game, players, seed)
    rng = random.Random(seed)
    first_hand = rng.random() < 0.5
    trump = None
    if seed % 5 == 4:
        pos, trump = stacked_cinch(seed, first_hand, rng.choice([6, 7, 8]))
    else:
        pos = Cinch.deal(seed, dealer=rng.randrange(4), first_hand=first_hand)
    while pos.phase not in (Phase.PLAY, Phase.OVER):
        if pos.phase == Phase.TRUMP and trump is not None:
            pos.play(Move("trump", value=trump))
        else:
            pos.play(rng.choice(pos.legal_moves()))
    return pos


def advance(pos: Position, rng: random.Random, moves: int) -> Position:
    for _ in range(moves):
        if pos.is_over:
            break
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def late(pos: Position, rng: random.Random, tricks_left: int) -> Position:
    """Play on until `tricks_left` tricks remain, then up to a trick more."""
    assert pos.core is not None
    while not pos.is_over and pos.core.tricks_played < pos.core.total_tricks - tricks_left:
        pos.play(rng.choice(pos.legal_moves()))
    return advance(pos, rng, rng.randrange(pos.nseats))


def positions(game: str, players: int, seeds: range) -> Iterator[Position]:
    """Positions of every stage of random hands: the first lead, then every
    few moves until the hand is over (which is left out)."""
    for seed in seeds:
        rng = random.Random(seed)
        pos = start(game, players, seed)
        while not pos.is_over:
            yield pos.copy()
            advance(pos, rng, rng.randrange(1, 2 * pos.nseats))


def true_fills(view: View, pos: Position) -> list[CardSet]:
    """The cards the position holds in each of the view's hidden places."""
    fills = []
    for place in view.places:
        kind, where = place.key
        if kind == "under":
            assert isinstance(pos, ChineseWhist)
            fills.append(CardSet(u for row in pos.piles for t, u in row if t.index == where and u))
        elif kind == "down":
            assert isinstance(pos, ChineseWhist)
            fills.append(pos.down[where] - view.played(where))
        elif kind == "hand":
            hand = pos.hands[where]  # type: ignore[attr-defined]
            fills.append(hand - view.played(where) - view.known[where])  # type: ignore[attr-defined]
        elif isinstance(pos, Chinkway):
            assert isinstance(view, ChinkwayView)
            fills.append(CardSet(pos.discards) - CardSet(view.discards))
        else:
            assert isinstance(pos, Cinch) and isinstance(view, CinchView)
            trumps = FULL_DECK.suit(view.trump)
            if kind == "widow":
                fills.append(pos.widow or CardSet())
            elif kind == "discards":
                fills.append(pos.discards[where] - trumps - view.discards[where])
            else:  # the dead wood left
                fills.append(CardSet(c for d in pos.discards for c in d) - trumps)
    return fills


def _first_lead(pos: Position) -> Position:
    first = pos.copy()
    for _ in pos.play_record:
        first.undo()
    return first


def expected_voids(pos: Position) -> list[int]:
    """The voids the rules make public, straight from their definition: a seat
    that did not follow the suit led holds none of it (in Chinese Whist, among
    its down cards); in Cinch a seat that kept six of its nine cards or more as
    trumps holds only trumps."""
    voids = [0] * pos.nseats
    if isinstance(pos, Cinch):
        assert pos.trump is not None
        dealt = pos.copy()
        while dealt.history:
            dealt.undo()
        assert isinstance(dealt, Cinch) and dealt.trump is None
        for s, hand in enumerate(dealt.hands):
            if len(hand.suit(pos.trump)) >= 6:
                voids[s] = 0b1111 & ~(1 << pos.trump)
    replay = _first_lead(pos)
    for move in pos.play_record:
        assert move.card is not None
        trick = replay.current_trick()
        if move.kind == "play" and trick and move.card.suit != trick[0][1].suit:
            voids[replay.to_move] |= 1 << trick[0][1].suit
        replay.play(move)
    return voids


# -- the tests ------------------------------------------------------------------


@functools.cache
def views_of(game: str, players: int) -> list[tuple[Position, View]]:
    """Views of random positions of a variant: of the seat to move, and of one
    other seat (a different one each time)."""
    found = []
    for n, pos in enumerate(positions(game, players, SEEDS)):
        for seat in {pos.to_move, (pos.to_move + 1 + n) % pos.nseats}:
            found.append((pos, view_of(pos, seat)))
    return found


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_views_read_back_from_both_forms(game: str, players: int) -> None:
    for n, (_, view) in enumerate(views_of(game, players)):
        again = parse_view(view.to_line())
        assert again == view and again.to_line() == view.to_line()
        if n % 3 == 0:
            assert parse_view(view.to_toml()) == view


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_views_agree_with_their_position(game: str, players: int) -> None:
    for pos, view in views_of(game, players):
        assert view.phase == pos.phase
        assert view.to_move == pos.to_move
        assert view.current_trick() == pos.current_trick()
        assert view.play_record == pos.play_record
        if view.seat == pos.to_move:
            assert view.legal_moves() == pos.legal_moves()
            if pos.phase == Phase.PLAY:
                assert view.holding() == pos.holding(view.seat)


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_the_true_position_is_a_world_of_its_views(game: str, players: int) -> None:
    for pos, view in views_of(game, players):
        fills = true_fills(view, pos)
        for place, cards in zip(view.places, fills, strict=True):
            assert place.allows(cards, view.seen), (place.describe(), cards)
        assert CardSet(c for f in fills for c in f) == view.pool
        world = view.world(fills)
        assert world.play_record == pos.play_record
        if isinstance(pos, (Whist, ChineseWhist)):
            assert world == pos
        else:
            assert world.hands == pos.hands  # type: ignore[attr-defined]
        if isinstance(pos, Chinkway):
            assert isinstance(world, Chinkway)
            assert CardSet(world.discards) == CardSet(pos.discards)
        if isinstance(pos, Cinch) and isinstance(view, CinchView):
            assert isinstance(world, Cinch)
            if not view.redeal.drawn_back:
                assert world.discards == pos.discards and world.widow == pos.widow


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_views_note_exactly_the_voids_the_play_shows(game: str, players: int) -> None:
    for pos, view in views_of(game, players):
        expected = expected_voids(pos)
        others = [s for s in range(pos.nseats) if s != view.seat]  # its own hand is known
        assert [view.voids[s] for s in others] == [expected[s] for s in others]
        for place in view.places:
            if place.key[0] in ("hand", "down"):
                seat_voids = view.voids[place.key[1]]
                assert place.voids & seat_voids == seat_voids


# -- examples, refusals, bad input ---------------------------------------------------

WHIST_DOC = (
    "whist; trump=S; leader=E; hands=1:AJ42.T6.AT98632. QT.QJ542.54.AQ84 K87.K983.KQJ.T93"
    " 9653.A7.7.KJ7652; play=QS KS 9S AS | JS TS"
)
CHINKWAY_DOC = (
    "chinkway; round=1; dealer=1; trump=H; quest=8H QC 7D 3S JC; hands=1:62.T652.T7.KQ"
    " Q87.3.AQ.9643 954.KJ9.82.52 3.Q874.KJ3.J7 JT.A.9654.AT8; discards=AS KS;"
    " play=QS* 9S 3S JS 6S | 8S 5S QH TS* 2S | 8H AH* TH 3H KH | 9D TD"
)
CW_DOC = (
    "chinese-whist; players=4; dealer=1; trump=D; piles=AS/2D 6S/4D 4S/2H JD/9D JC/7H 9C/AD,"
    " KS/3S JS/TC 2S/3C AH/KC TD/TH 5D/8H, 8S/9H 4H/KD 7D/2C 6D/8D 8C/6H 7C/TS, 9S/5S 7S/4C"
    " QH/5C 3H/QD 3D/KH QC/QS; down=1:AC 5H 6C JH; play=KS 8S 9S AS | 6S JS"
)


def cinch_doc_position() -> Position:
    """docs/rules.md's Cinch hand (seed 3) five cards into the play, dealt here."""
    pos = solver.deal("cinch", seed=3)
    for move in ["pass", "bid 2", "pass", "pass", "trump D", "AS", "TS", "6S", "KH", "AD"]:
        pos.play(move)
    return pos


# (position, seat, the view's one-line form): the examples of docs/views.md
DOC_VIEWS = [
    (
        lambda: solver.parse_position(WHIST_DOC),
        2,
        "whist; seat=S; trump=S; leader=E; hands=1:- - K87.K983.KQJ.T93 -;"
        " play=QS KS 9S AS | JS TS",
    ),
    (
        lambda: solver.parse_position(CHINKWAY_DOC),
        1,
        "chinkway; seat=2; round=1; dealer=1; trump=H; quest=8H QC 7D 3S JC;"
        " hands=1:- Q87.3.AQ.9643 - - -;"
        " play=QS* 9S 3S JS 6S | 8S 5S QH TS* 2S | 8H AH* TH 3H KH | 9D TD",
    ),
    (
        lambda: solver.parse_position(CW_DOC),
        2,
        "chinese-whist; seat=3; players=4; dealer=1; trump=D; piles=AS/2D 6S/? 4S/? JD/? JC/?"
        " 9C/?, KS/3S JS/? 2S/? AH/? TD/? 5D/?, 8S/9H 4H/? 7D/? 6D/? 8C/? 7C/?, 9S/5S 7S/? QH/?"
        " 3H/? 3D/? QC/?; down=1:- - 6C -; play=KS 8S 9S AS | 6S JS",
    ),
    (
        cinch_doc_position,
        3,
        "cinch; seat=4; dealer=1; first_hand=true; seed=3; bids=pass 2 pass pass; trump=D;"
        " discarded=1:8 7 5 8; hands=1:- - - T..T42.K3; discards=QS 8S 4S 2S 6H AC 9C 4C,"
        " JS 3S AH TH QC TC 6C, 8H 7H 3H JC 5C, KS 9S 7S 5S 9H 5H 2H 2C;"
        " play=AS TS 6S KH | AD",
    ),
]


@pytest.mark.parametrize(
    ("make", "seat", "line"), DOC_VIEWS, ids=["whist", "chinkway", "cw", "cinch"]
)
def test_the_examples_of_the_docs(make, seat: int, line: str) -> None:  # type: ignore[no-untyped-def]
    view = view_of(make(), seat)
    assert view.to_line() == line
    assert parse_view(line) == view
    assert line in ROOT.joinpath("docs", "views.md").read_text()


def test_a_view_shows_its_hidden_places() -> None:
    view = parse_view(DOC_VIEWS[1][2])
    assert view.describe() == [
        "hand 1: 6 cards",
        "hand 3: 7 cards",
        "hand 4: 7 cards, no spades",
        "hand 5: 6 cards",
        "the dealer's discards: 2 cards",
    ]
    assert isinstance(view, ChinkwayView)
    assert view.legal_moves() == [Move("play", Card.parse(c)) for c in ("AD", "QD")]


def test_views_before_play_are_of_the_seat_deciding() -> None:
    chinkway = solver.deal("chinkway", seed=1)
    assert chinkway.dealer != 1
    with pytest.raises(PositionError, match="before play .* is the dealer's"):
        view_of(chinkway, 1)


def chinkway_before_play(seed: int, discards: int) -> Chinkway:
    pos = solver.deal("chinkway", seed=seed)
    assert isinstance(pos, Chinkway)
    for _ in range(discards):
        pos.play(pos.legal_moves()[0])
    return pos


@pytest.mark.parametrize("discards", [0, 1, 2])
def test_the_chinkway_dealers_view_before_play(discards: int) -> None:
    pos = chinkway_before_play(3, discards)
    dealer = pos.dealer
    view = view_of(pos, dealer)
    assert isinstance(view, ChinkwayView)
    assert (view.phase, view.to_move) == (pos.phase, dealer)
    assert view.phase == (Phase.TRUMP if discards == 2 else Phase.DISCARD)
    assert view.known[dealer] == pos.hands[dealer] and view.discards == pos.discards
    assert view.trump is None and view.quest is None
    assert view.describe() == [f"hand {s + 1}: 10 cards" for s in range(5) if s != dealer]
    assert view.pool == FULL_DECK - pos.hands[dealer] - CardSet(pos.discards)
    assert [str(m) for m in view.legal_moves()] == [str(m) for m in pos.legal_moves()]
    assert "trump" not in view.to_line() and "quest" not in view.to_line()
    assert parse_view(view.to_line()) == view
    assert parse_view(view.to_line()).to_line() == view.to_line()


def cinch_excess(first_hand: bool = True) -> Cinch:
    """A hand of Cinch at seat 2's discard of its excess trump (it kept seven)."""
    rng = random.Random(1)
    own = CardSet.parse("AKQJT98.2.3.")
    rest = list(FULL_DECK - own)
    rng.shuffle(rest)
    hands = [CardSet(rest[0:9]), own, CardSet(rest[9:18]), CardSet(rest[18:27])]
    pos = Cinch(0, hands, rest[27:], first_hand=first_hand, seed=1)
    for m in ["bid 2", "pass", "pass", "pass", "trump S"]:
        pos.play(m)
    return pos


@pytest.mark.parametrize("moves", [0, 2, 4, 5])
def test_the_cinch_views_before_play(moves: int) -> None:
    """The calls (0, 2 made), the bidder's trump (4), the excess trumps (5: the
    one to put down)."""
    pos = solver.deal("cinch", seed=2) if moves < 5 else cinch_excess()
    for _ in range(moves if moves < 5 else moves - 5):
        pos.play(pos.legal_moves()[0])
    assert isinstance(pos, Cinch)
    seat = pos.to_move
    view = view_of(pos, seat)
    assert (view.phase, view.to_move) == (pos.phase, seat)
    assert [str(m) for m in view.legal_moves()] == [str(m) for m in pos.legal_moves()]
    assert view.holding() == pos.hands[seat]
    places = view.describe()
    assert places[-1] == "the stock: 16 cards"
    if pos.trump is None:
        assert places[:3] == [f"hand {s + 1}: 9 cards" for s in range(4) if s != seat]
        assert view.pool == FULL_DECK - pos.hands[seat]
    else:  # the first hand: every discard shown, the trumps kept counted
        trumps = FULL_DECK.suit(pos.trump)
        kept = [9 - len(d - trumps) for d in pos.discards]
        assert places[:-1] == [
            f"hand {s + 1}: {kept[s]} card{'s' if kept[s] > 1 else ''}, {kept[s]}-{kept[s]} spades"
            for s in range(4)
            if s != seat and kept[s]
        ]  # a hand with no trump kept is known: its shown discards
    line = view.to_line()
    assert "seed" not in line and "stock" not in line
    assert parse_view(line) == view and parse_view(line).to_line() == line
    if pos.trump is None:  # every seat's view of the bidding
        for other in range(4):
            assert parse_view(view_of(pos, other).to_line()) == view_of(pos, other)


def test_a_chinkway_view_before_play_reads_what_the_dealer_knows() -> None:
    pos = chinkway_before_play(3, 0)
    line = view_of(pos, pos.dealer).to_line()
    with pytest.raises(PositionError, match="the dealer's"):
        parse_view(line.replace(f"seat={pos.dealer + 1}", f"seat={(pos.dealer + 1) % 5 + 1}"))
    with pytest.raises(PositionError, match="quest is turned as soon as trump"):
        parse_view(line + "; quest=2S 3S 4S 5S 6S")
    over = solver.parse_position("whist; leader=N; hands=1:A... K... Q... J...; play=AS KS QS JS")
    assert over.is_over
    with pytest.raises(PositionError, match="the hand is over"):
        view_of(over, 0)
    with pytest.raises(PositionError, match="no seat 5"):
        view_of(solver.parse_position(WHIST_DOC), 4)


def test_each_game_registers_its_view_and_a_view_is_of_its_own_game() -> None:
    for name, game in solver.GAMES.items():
        assert game.view.game == name
    whist = solver.parse_position(WHIST_DOC)
    assert type(view_of(whist, 2)) is WhistView
    assert WhistView.from_position(whist, 2) == view_of(whist, 2)
    with pytest.raises(PositionError, match="a cinch view is of a cinch position, not whist"):
        CinchView.from_position(whist, 2)


def test_legal_moves_are_the_seats_own() -> None:
    view = view_of(solver.parse_position(WHIST_DOC), 0)
    with pytest.raises(PositionError, match="seat S is to move, not the view's seat N"):
        view.legal_moves()


def test_views_are_immutable() -> None:
    view = parse_view(DOC_VIEWS[0][2])
    with pytest.raises(AttributeError):
        view.seat = 1


W = "whist; seat=N; leader=N; hands=1:AKQ2.T9.8765.432 - - -"
CK = "chinkway; seat=1; dealer=1; trump=H; quest=8H QC 7D 3S JC; hands=1:62.T652.T7.KQ - - - -"
CI = DOC_VIEWS[3][2]
BAD_VIEWS = [
    ("whist; hands=1:AKQ2.T9.8765.432 - - -", NotationError, "missing key 'seat'"),
    ("whist; seat=X; hands=1:AKQ2.T9.8765.432 - - -", NotationError, "unknown seat 'X'"),
    (W + "; widow=AS", NotationError, "unknown key for a whist view: widow"),
    (
        "whist; seat=N; hands=1:AKQ2.T9.8765.432 AS - -",
        PositionError,
        "AS is in hand N and in hand E",
    ),
    ("whist; seat=N; hands=1:AKQ... - - -", PositionError, "leave 40 cards out of play, not 0"),
    (W + "; play=JS", PositionError, "trick 1: seat N (the view's seat) does not hold JS"),
    (
        "whist; seat=E; leader=N; hands=1:- AKQ2.T9.8765.432 - -; play=JS TH",
        PositionError,
        "trick 1: seat E must follow suit (spades)",
    ),
    (
        "whist; seat=N; leader=E; hands=1:AKQ2.T9.8765.432 - - -; play=AS",
        PositionError,
        "seat E cannot play AS: it is in hand N",
    ),
    (
        W + "; play=AS 3H 3S 4S | KS 5S",
        PositionError,
        "trick 2: seat E cannot play 5S: it showed it held no spades in trick 1",
    ),
    (
        "whist; seat=N; leader=N; hands=1:A... - - -; out="
        + " ".join(str(c) for c in FULL_DECK if str(c) not in ("AS", "KS", "QS", "JS"))
        + "; play=AS KS QS JS",
        PositionError,
        "the hand is over",
    ),
    (CK, PositionError, "the dealer, who knows both discards"),
    (CK.replace("; quest=8H QC 7D 3S JC", ""), PositionError, "missing key 'quest'"),
    (CK + "; discards=AS KS; quest_deck=2S", NotationError, "unknown key for a chinkway view"),
    (
        DOC_VIEWS[1][2].replace("QS* 9S", "QS* 9S*"),
        PositionError,
        "trick 1: its winner claims exactly one of QS JS 9S 6S 3S (mark it with *)",
    ),
    (
        DOC_VIEWS[2][2].replace("KS/3S", "KS/?"),
        PositionError,
        "the card under KS (seat 2) has turned up, so the view must name it",
    ),
    (
        DOC_VIEWS[2][2].replace("play=KS 8S 9S AS | 6S JS", "play=KS 8S 9S AS | 6S 7S"),
        PositionError,
        "seat 2 cannot play 7S: it is in seat 4's piles",
    ),
    (
        DOC_VIEWS[2][2].replace("KS/3S JS/? 2S/? AH/? TD/? 5D/?", "KS/3S JS/? 2S/? AH/? TD/?"),
        PositionError,
        "seat 2 would hold 3 down cards",
    ),
    (
        CI.replace("first_hand=true", "first_hand=false").replace("discarded=1:8 7 5 8; ", ""),
        NotationError,
        "missing key 'discarded'",
    ),
    (
        CI.replace("discarded=1:8 7 5 8", "discarded=1:8 7 x 8"),
        NotationError,
        "seat 3: expected a count",
    ),
    (
        CI.replace("discarded=1:8 7 5 8", "discarded=1:8 7 6 8"),
        PositionError,
        "seat 3 discarded 6 non-trumps; the view lists 5",
    ),
    (
        CI.replace("discarded=1:8 7 5 8", "discarded=1:8 7 2 8"),
        PositionError,
        "seat 3 kept 7 trumps, so it discarded 1 of them face up; its discards show 0",
    ),
    (
        CI.replace("T..T42.K3", "T.QJ4..87"),
        PositionError,
        "hand 4 holds 0 trumps; having kept 1 and drawn 5 from the stock it holds 1 to 6",
    ),
    (
        CI.replace("bids=pass 2 pass pass", "bids=pass 2 pass"),
        PositionError,
        "needs all four calls",
    ),
    (CI[: CI.index("; discards=")], NotationError, "missing key 'discards'"),
]


@pytest.mark.parametrize(("text", "error", "message"), BAD_VIEWS)
def test_bad_views_say_what_is_wrong_in_one_line(
    text: str, error: type[TricksolverError], message: str
) -> None:
    with pytest.raises(error) as caught:
        parse_view(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_views_load_from_files(tmp_path: Path) -> None:
    view = parse_view(DOC_VIEWS[2][2])
    path = tmp_path / "view.toml"
    path.write_text(view.to_toml(), encoding="utf-8")
    assert load_view(str(path)) == view
    assert load_view(view.to_line()) == view
    with pytest.raises(NotationError, match="no such file"):
        load_view(str(tmp_path / "nothing.toml"))


def test_cinch_views_of_positions_read_from_text() -> None:
    # The widow holds cards: nothing was drawn back, the discard piles show the redeal.
    pos = next(p for p in (start("cinch", 4, seed) for seed in range(40)) if p.widow)  # type: ignore[attr-defined]
    read = solver.parse_position(pos.to_line())
    for seat in range(4):
        assert view_of(read, seat) == view_of(pos, seat)
    # An empty widow: the stock may have run out and cards come back from the dead wood.
    with pytest.raises(PositionError, match="the widow is empty"):
        view_of(solver.parse_position(cinch_doc_position().to_line()), 0)
    shoot = (
        "cinch; dealer=1; bids=shoot pass pass pass; trump=S;"
        " hands=1:.AKQ.AKQ. A.JT9.T9. .876.876. .5432..32; widow=-"
    )
    with pytest.raises(PositionError, match="do not hold the 52 cards"):
        view_of(solver.parse_position(shoot), 0)


def test_whist_endings_keep_the_cards_out_of_play() -> None:
    ending = solver.parse_position("whist; dealer=W; hands=N:AK...2 QJ.2.. 32..A. T..K.3")
    view = view_of(ending, 0)
    assert isinstance(view, WhistView)
    assert len(view.out) == 52 - 12 and view.pool == CardSet.parse("QJT32.2.AK.3")
    assert parse_view(view.to_line()) == view


def test_chinese_whist_endings_and_lone_face_up_cards() -> None:
    ending = solver.parse_position(
        "chinese-whist; dealer=2; trump=H; piles=AS/KS QH, 3C/4C, AD/KD 8D, 7H/6H;"
        " down=-, 5S, -, TS"
    )
    view = view_of(ending, 1)
    assert isinstance(view, ChineseWhistView)
    assert "piles=AS/? QH, 3C/?, AD/? 8D, 7H/?" in view.to_line()  # its own too
    assert [p.name for p in view.places] == [
        "the card under AS (seat 1)",
        "the card under 3C (seat 2)",
        "the card under AD (seat 3)",
        "seat 4's down cards",
        "the card under 7H (seat 4)",
    ]
    assert parse_view(view.to_line()) == view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chinese_whist_views_of_the_choice_of_trump(players: int) -> None:
    for seed in range(3):
        pos = ChineseWhist.deal(players, seed, dealer=seed % players)
        for seat in range(players):
            view = view_of(pos, seat)
            assert (view.phase, view.to_move) == (Phase.TRUMP, pos.dealer)
            assert "trump=" not in view.to_line() and parse_view(view.to_line()) == view
            if seat == pos.dealer:
                assert view.legal_moves() == pos.legal_moves()
            else:
                with pytest.raises(PositionError, match="is to move"):
                    view.legal_moves()
            assert view.world(true_fills(view, pos)) == pos
    with pytest.raises(PositionError, match="trump must be named before the first lead"):
        parse_view(view_of(pos, 0).to_line() + "; play=AS")
