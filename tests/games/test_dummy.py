"""Dummy: a whist hand played from a contract (``play --board FILE N``).

A whist position with a ``declarer`` has a dummy, declarer's partner.  Once
the opening lead is made dummy's hand is known to every seat (in its view,
so worlds never move its cards), and declarer decides dummy's cards from
dummy's seat's view, which holds declarer's hand and dummy's.  Without a
declarer nothing of this applies.  The driver hands dummy's turn to
declarer's player; the command line asks a person at declarer's seat for
dummy's cards too and shows dummy to a person defending.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import ClassVar

import pytest

import solver
from solver import CardSet, Move, PositionError, TricksolverError
from solver.cli.play import board_game
from solver.games.whist import Whist
from solver.games.whist.view import WhistView
from solver.players import PLAYERS, HeuristicPlayer, Player, make_player
from solver.position import parse_view, view_of
from solver.sampling import Sampler
from solver.view import View
from solver.wholegame import WholeGame
from tests.cli_helpers import run
from tests.hidden.test_players import TINY
from tests.paths import ROOT

DOCS = ROOT / "docs"
MATCH_LIN = str(DOCS / "match.lin")
N, E, S, W = range(4)
CONTRACT_LINE = "whist; trump=H; leader=E; declarer=N; hands=N:{}"
TWINS = 12  # positions with two hidden cards swapped, per position checked


def deal(seed: int, declarer: int | None = N) -> Whist:
    """A random deal, E on lead; with `declarer` (N: S is dummy)."""
    pos = Whist.deal(seed, trump=1)
    fields = {k: v for k, v in pos.to_fields().items() if v is not None}
    fields |= {"leader": "E"}
    if declarer is not None:
        fields["declarer"] = "NESW"[declarer]
    return Whist.from_fields(fields)


def played(pos: Whist, cards: int, seed: int = 0) -> Whist:
    """`pos` after `cards` random legal cards."""
    work = pos.copy()
    rng = random.Random(seed)
    for _ in range(cards):
        work.play(rng.choice(work.legal_moves()))
    assert isinstance(work, Whist)
    return work


def known(view: View, seat: int) -> CardSet:
    """The cards of `seat` the view knows at the first lead."""
    assert isinstance(view, WhistView)
    return view.known[seat]


# -- the views --------------------------------------------------------------------------


def test_the_declarer_is_kept_by_the_notation_and_dummy_is_partner() -> None:
    pos = deal(1)
    assert pos.declarer == N and pos.dummy == S
    assert "declarer=N" in pos.to_line()
    again = solver.parse_position(pos.to_line())
    assert isinstance(again, Whist) and again.declarer == N
    assert deal(1, declarer=None).dummy is None
    assert "declarer" not in deal(1, declarer=None).to_line()


def test_a_bad_declarer_is_refused_in_one_line() -> None:
    with pytest.raises(PositionError, match="declarer"):
        Whist(list(deal(1).hands), declarer=4)
    with pytest.raises(TricksolverError, match="declarer"):
        solver.parse_position(deal(1).to_line().replace("declarer=N", "declarer=X"))


@pytest.mark.parametrize("seat", range(4))
def test_dummy_is_hidden_before_the_opening_lead(seat: int) -> None:
    pos = deal(2)
    view = view_of(pos, seat)
    for other in range(4):
        assert known(view, other) == (pos.hands[seat] if other == seat else CardSet())
    assert {p.key for p in view.places} == {("hand", s) for s in range(4) if s != seat}


@pytest.mark.parametrize("cards", [1, 2, 5, 14, 30])
def test_dummy_is_known_to_every_seat_once_the_lead_is_made(cards: int) -> None:
    """Every seat's view holds dummy's hand (no hidden place); dummy's
    seat's view is declarer's and holds declarer's hand too; neither
    defender's hand is known to another seat."""
    pos = played(deal(3), cards, seed=cards)
    for seat in range(4):
        view = view_of(pos, seat)
        hidden = {p.key[1] for p in view.places}
        assert known(view, S) == pos.hands[S], seat
        assert S not in hidden
        if seat in (N, S):
            assert known(view, N) == pos.hands[N]
            assert known(view, E) == known(view, W) == CardSet()
        else:
            other = E if seat == W else W
            assert known(view, seat) == pos.hands[seat]
            assert known(view, N) == known(view, other) == CardSet()
        assert parse_view(view.to_line()) == view  # the notation keeps it all


@pytest.mark.parametrize("cards", [0, 1, 6])
def test_without_a_declarer_every_seat_knows_its_own_hand_alone(cards: int) -> None:
    pos = played(deal(4, declarer=None), cards, seed=2)
    for seat in range(4):
        view = view_of(pos, seat)
        assert [known(view, s) for s in range(4)] == [
            pos.hands[s] if s == seat else CardSet() for s in range(4)
        ]


@pytest.mark.parametrize("seat", range(4))
def test_worlds_never_move_dummys_cards(seat: int) -> None:
    pos = played(deal(5), 3, seed=1)
    worlds = Sampler(view_of(pos, seat)).sample(40, seed=seat)
    assert worlds
    for world in worlds:
        assert isinstance(world, Whist)
        assert world.hands[S] == pos.hands[S]
        assert world.hands[seat] == pos.hands[seat]
        assert world.declarer == N
        if seat in (N, S):
            assert world.hands[N] == pos.hands[N]
    if seat in (E, W):  # the other defender's and declarer's cards do move
        assert len({w.hands[N] for w in worlds}) > 1


# -- the driver -------------------------------------------------------------------------


class Witness(Player):
    """The heuristic, noting each view it decides from."""

    name: ClassVar[str] = "witness"
    summary: ClassVar[str] = "the heuristic, noting its views"

    def __init__(self) -> None:
        self.views: list[View] = []

    def choose(self, view: View, rng: random.Random) -> Move:
        self.views.append(view)
        return HeuristicPlayer().choose(view, rng)


def test_declarers_player_decides_dummys_cards_from_dummys_seat() -> None:
    whole = WholeGame(0, 1, [0] * 4, deal(6))
    lineup = [Witness() for _ in range(4)]
    steps = list(whole.run(lineup))
    assert len(steps) == 52
    assert not lineup[S].views  # dummy's player is never asked
    dummy_turns = [st for st in steps if st.seat == S]
    assert len(dummy_turns) == 13 and all(st.decider == N for st in dummy_turns)
    assert all(st.decider == st.seat for st in steps if st.seat != S)
    asked = lineup[N].views
    assert sorted(v.seat for v in asked) == [N] * 13 + [S] * 13
    start = deal(6)
    for view in asked:  # declarer sees his own and dummy's hands, never a defender's
        assert known(view, N) == start.hands[N] and known(view, S) == start.hands[S]
        assert known(view, E) == known(view, W) == CardSet()


def test_a_person_at_declarers_seat_takes_back_dummys_card() -> None:
    whole = WholeGame(0, 1, [0] * 4, deal(7))
    heuristic = [HeuristicPlayer() for _ in range(4)]
    while whole.position.to_move != S or len(whole.position.legal_moves()) < 2:
        whole.step(heuristic)
    before = whole.position.to_line()
    whole.step(heuristic)  # dummy's card, declarer's choice
    taken = whole.take_back(N)
    assert taken[-1][0] == S
    assert whole.position.to_line() == before


def defenders_twins(pos: Whist, rng: random.Random) -> list[Whist]:
    """`pos` with one unplayed card of E and one of W, of one suit, swapped
    (what declarer cannot see); the twins whose play stays legal."""
    cards_played = CardSet(m.card for m in pos.play_record if m.card is not None)
    east, west = pos.hands[E] - cards_played, pos.hands[W] - cards_played
    pairs = [(x, y) for x in east for y in west if x.suit == y.suit]
    made = []
    for x, y in rng.sample(pairs, min(TWINS, len(pairs))):
        hands = list(pos.hands)
        hands[E] = hands[E] - CardSet([x]) | CardSet([y])
        hands[W] = hands[W] - CardSet([y]) | CardSet([x])
        twin = Whist(hands, pos.trump, pos.leader, pos.play_text(), declarer=pos.declarer)
        made.append(twin)
    return made


def small(name: str) -> Player:
    """A registered player on the small budget of the no-peeking tests."""
    return TINY[name]() if name in TINY else make_player(name)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_declarer_deciding_for_dummy_cannot_peek_at_the_defenders(name: str) -> None:
    """At dummy's turn and declarer's, the view given to declarer's player
    and that player's choice are the same when the defenders' hidden
    cards are swapped: every registered player."""
    rng = random.Random(8)
    checked = 0
    for seed in range(3):
        pos = played(deal(10 + seed), 5 + seed, seed=seed)
        while pos.to_move not in (N, S) or len(pos.legal_moves()) < 2:
            pos.play(pos.legal_moves()[0])
        view = view_of(pos, pos.to_move)
        choice = small(name).choose(view, random.Random(1))
        for twin in defenders_twins(pos, rng):
            twin_view = view_of(twin, twin.to_move)
            assert twin_view == view
            assert small(name).choose(twin_view, random.Random(1)) == choice
            checked += 1
    assert checked > 5


# -- the command line -------------------------------------------------------------------


def test_play_a_board_with_engine_players_at_every_seat() -> None:
    """Board 3 of the closed room of docs/match.lin: 3NT by N, S dummy."""
    seats = "pimc:4/20k,heuristic,random,epimc:4/20k"
    result = run("play", "--board", MATCH_LIN, "3c", "--seats", seats, "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    log = json.loads(result.stdout)
    (hand,) = log["hands"]
    assert len(hand["moves"]) == 52
    assert "Dummy, S, faces its cards" in result.stderr
    assert result.stderr.count("faces its cards") == 1


def declarers_script(seed: int) -> tuple[WholeGame, list[tuple[int, Move]], int]:
    """Board 3c played through the API, N (declarer) choosing as the
    heuristic does: (the game, N's decisions with more than one legal move
    as (seat to move, move), how many were forced)."""
    whole = board_game((MATCH_LIN, "3c"), seed)
    witness = Witness()
    lineup: list[Player] = [HeuristicPlayer() for _ in range(4)]
    lineup[N] = witness
    list(whole.run(lineup))
    chosen = [
        (v.seat, HeuristicPlayer().choose(v, random.Random(0)))
        for v in witness.views
        if len(v.legal_moves()) > 1
    ]
    return whole, chosen, len(witness.views) - len(chosen)


def test_a_person_at_declarers_seat_plays_dummys_cards_too() -> None:
    whole, chosen, forced = declarers_script(4)
    assert any(seat == S for seat, _ in chosen) and any(seat == N for seat, _ in chosen)
    lines = [str(move).lower() for _, move in chosen]
    result = run(
        "play", "--board", MATCH_LIN, "3c", "--seed", "4", "--human", "N",
        input="\n".join(lines) + "\n",
    )  # fmt: skip
    out = result.stdout
    assert result.exit_code == 0, out[-3000:]
    assert out.count("Your move for dummy, seat S> ") == sum(seat == S for seat, _ in chosen)
    assert out.count("Your move, seat N> ") == sum(seat == N for seat, _ in chosen)
    assert out.count("(your only legal move)") == forced
    assert "Dummy's cards, S, to play now: " in out
    first = (  # dummy's first card, forced: the defenders' cards alone are counted
        "Cards held: E 12, W 13\nYour cards: ♠ K753  ♥ KT7  ♦ 975  ♣ 432\n"
        "Dummy's cards, S, to play now: ♠ AT8  ♥ AQJ932  ♦ AQ8  ♣ 6\nTrick 1: E AC\n"
    )
    assert first in out
    assert out.rstrip().endswith(f"N-S {whole.scores[N]}, E-W {whole.scores[E]})")


def test_a_person_defending_sees_dummy_once_the_lead_is_made() -> None:
    result = run("play", "--board", MATCH_LIN, "3c", "--seed", "1", "--human", "W",
                 input="quit\n")  # fmt: skip
    out = result.stdout
    assert result.exit_code == 0, out
    table = out[out.index("you are seat W") :]
    assert "Trick 1: E " in table  # E has led, dummy has played
    assert "Dummy, S: ♠ AT8  ♥ AQJ932  ♦ AQ8  ♣ —" in table  # 6C played
    assert "Cards held: N 13, E 12\n" in table  # dummy's are shown, not counted


def test_a_person_cannot_sit_at_dummys_seat() -> None:
    result = run("play", "--board", MATCH_LIN, "3c", "--human", "S", input="quit\n")
    assert result.exit_code == 2
    assert "--human: seat S is dummy" in result.stderr and "sit at seat N" in result.stderr


def test_review_of_a_board_played_with_dummy(tmp_path: Path) -> None:
    saved = tmp_path / "game.toml"
    played = run("play", "--board", MATCH_LIN, "3c", "--seed", "2", "--brief", "--save",
                 str(saved))  # fmt: skip
    assert played.exit_code == 0, played.output
    assert 'declarer = "N"' in saved.read_text()
    review = run("review", str(saved), "--max-nodes", "1", "--json")
    assert review.exit_code == 0, review.output
    reviewed = json.loads(review.stdout)
    assert "declarer=N" in reviewed["position"]
