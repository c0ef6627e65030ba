"""The text forms of a position: round trips on random positions of every
game, and one clear error for each kind of bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver import IllegalMoveError, Move, NotationError, PositionError, TricksolverError
from solver.notation import to_line
from tests.randpos import VARIANTS, random_deal

ROUND_TRIPS_PER_VARIANT = 150


def random_position(game: str, players: int, seed: int) -> solver.Position:
    """A deal with a random number of random moves made, pre-play included."""
    pos = random_deal(game, players, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(70)):
        if pos.is_over:
            break
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def same_position(a: solver.Position, b: solver.Position) -> None:
    assert a.to_line() == b.to_line()
    assert a.phase == b.phase
    assert a.to_move == b.to_move
    assert a.legal_moves() == b.legal_moves()
    assert a.scores() == b.scores()
    assert a.current_trick() == b.current_trick()


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
@settings(max_examples=ROUND_TRIPS_PER_VARIANT)
@given(seed=st.integers(0, 2**32 - 1))
def test_both_forms_read_back_to_the_same_position(game: str, players: int, seed: int) -> None:
    pos = random_position(game, players, seed)
    same_position(solver.parse_position(pos.to_line()), pos)
    same_position(solver.parse_position(pos.to_toml()), pos)


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
def test_same_seed_same_deal(game: str, players: int) -> None:
    assert random_deal(game, players, 7) == random_deal(game, players, 7)
    assert random_deal(game, players, 7) != random_deal(game, players, 8)


@pytest.mark.parametrize(
    "text", ["AS", "claim 5C", "discard TD", "trump S", "trump NT", "pass", "bid 3", "shoot"]
)
def test_move_text_parses_back_to_the_move(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


def test_bare_pbn_deal_reads_as_whist() -> None:
    pos = solver.parse_position(
        "N:.KT974.AKJ53.AJ2 KT97653.5.T.K964 J82.AQJ83.974.75 AQ4.62.Q862.QT83"
    )
    assert pos.game == "whist"
    assert pos.seat_name(pos.to_move) == "E"  # left of the first seat, the dealer
    assert str(pos.hands[1]) == "KT97653.5.T.K964"  # type: ignore[attr-defined]


def test_pbn_first_seat_may_be_any_seat() -> None:
    a = solver.parse_position(
        "S:J82.AQJ83.974.75 AQ4.62.Q862.QT83 .KT974.AKJ53.AJ2 KT97653.5.T.K964"
    )
    assert str(a.hands[0]) == ".KT974.AKJ53.AJ2"  # type: ignore[attr-defined]
    assert a.seat_name(a.to_move) == "W"


# -- bad input: one line naming the problem, a documented exception -----------

WHIST = solver.parse_position(
    "whist; trump=S; leader=N; hands=N:AKQ.2.3.4 JT9.5.6.7 876.8.9.T 543.J.Q.K"
)


def whist_with(**changes: str) -> str:
    fields = WHIST.to_fields() | changes
    return to_line(fields)


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", NotationError, "empty position"),
        ("hands=N:A... K... Q... J...", NotationError, "missing key 'game'"),
        ("poker; hands=1:A", NotationError, "unknown game 'poker'"),
        ("whist; colour=red; hands=N:A... K... Q... J...", NotationError, "unknown key"),
        ("whist; trump=S; trump=H", NotationError, "given twice"),
        ("whist; trump=S", PositionError, "missing key 'hands'"),
        (whist_with(hands="N:AKQ.2.3.4 JT9.5.6.7 876.8.9.T 543.J.Q.Z"), PositionError, "'Z'"),
        (whist_with(hands="N:AKQ.2.3.4 JT9.5.6.7 876.8.9.T 543.J.Q.4"), PositionError, "4C is in"),
        (
            whist_with(hands="N:AKQ.2.3.4 JT9.5.6.7 876.8.9.T 543.J.Q.KA"),
            PositionError,
            "same number",
        ),
        (whist_with(hands="N:AKQ.2.3.4 JT9.5.6.7 876.8.9.T"), NotationError, "expected 4 entries"),
        (whist_with(trump="X"), PositionError, "unknown trump 'X'"),
        (whist_with(leader="Q"), NotationError, "unknown seat 'Q'"),
        (whist_with(play="AS 9S 8S JH"), PositionError, "must follow suit"),
        (whist_with(play="AS KS"), PositionError, "does not hold KS"),
        (whist_with(play="AS TS 8S 5S 2H | KS"), NotationError, "not 4"),
        (whist_with(play="AS TS 8S 5S AS"), PositionError, "does not hold AS"),
    ],
)
def test_bad_whist_input_names_the_problem(text: str, error: type, words: str) -> None:
    with pytest.raises(error, match=words) as info:
        solver.parse_position(text)
    assert isinstance(info.value, TricksolverError)
    assert "\n" not in str(info.value)


def chinkway_at_play() -> solver.Position:
    pos = solver.deal("chinkway", seed=3)
    while pos.phase != solver.Phase.PLAY:
        pos.play(pos.legal_moves()[0])
    return pos


def test_chinkway_claim_of_an_unneeded_card_is_rejected() -> None:
    pos = chinkway_at_play()
    rng = random.Random(1)
    while pos.phase != solver.Phase.CLAIM:
        pos.play(rng.choice(pos.legal_moves()))
    claimable = {m.card for m in pos.legal_moves()}
    trick = [c for _, c in pos.current_trick()]
    not_claimable = [c for c in trick if c not in claimable]
    record = pos.play_text().split()
    if not_claimable:
        bad = str(not_claimable[0])
        marked = " ".join(t + "*" if t == bad else t for t in record)
        with pytest.raises(PositionError, match=f"{bad} cannot be claimed"):
            solver.parse_position(to_line(pos.to_fields() | {"play": marked}))
    # A complete trick followed by more cards must say which card was claimed.
    nxt = pos.copy()
    nxt.play(nxt.legal_moves()[0])
    nxt.play(nxt.legal_moves()[0])
    unmarked = nxt.play_text().replace("*", "")
    with pytest.raises(PositionError, match="claims exactly one of"):
        solver.parse_position(to_line(nxt.to_fields() | {"play": unmarked}))


def test_chinkway_play_before_trump_is_rejected() -> None:
    pos = solver.deal("chinkway", seed=3)
    with pytest.raises(PositionError, match="before the first lead"):
        solver.parse_position(to_line(pos.to_fields() | {"play": "2S"}))


def test_chinkway_quest_must_come_from_one_deck() -> None:
    pos = chinkway_at_play()
    fields = pos.to_fields()
    quest = fields["quest"].split()
    deck = fields["quest_deck"].split()
    with pytest.raises(PositionError, match="is in the quest and in the quest deck"):
        solver.parse_position(to_line(fields | {"quest_deck": " ".join([quest[0], *deck[1:]])}))


def test_cinch_bid_that_is_not_higher_is_rejected() -> None:
    pos = solver.deal("cinch", seed=5)
    with pytest.raises(PositionError, match="may not call 2"):
        solver.parse_position(to_line(pos.to_fields() | {"bids": "3 2"}))
    pos.play("bid 3")
    with pytest.raises(IllegalMoveError, match="may call: pass, bid 4, shoot"):
        pos.play("bid 2")


def test_cinch_trump_must_be_a_suit() -> None:
    pos = solver.deal("cinch", seed=5)
    for call in ("pass", "2", "pass", "pass"):
        pos.play(call if call == "pass" else f"bid {call}")
    with pytest.raises(IllegalMoveError, match="must name a trump suit"):
        pos.play("trump NT")


def test_chinese_whist_rejects_no_trumps_and_covered_cards() -> None:
    pos = solver.deal("chinese-whist", players=4, seed=2)
    with pytest.raises(IllegalMoveError, match="no trumps is not allowed"):
        pos.play("trump NT")
    pos.play("trump H")
    under = pos.piles[pos.to_move][0][1]  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match=f"{under} is still covered"):
        pos.play(str(under))
    with pytest.raises(PositionError, match="is still covered"):
        solver.parse_position(to_line(pos.to_fields() | {"play": str(under)}))


# -- nothing half-applied --------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
def test_a_rejected_move_changes_nothing(game: str, players: int) -> None:
    rng = random.Random(11)
    pos = random_deal(game, players, 11)
    while not pos.is_over:
        before = pos.to_line()
        core_before = pos.core.state_bytes() if pos.core is not None else None
        legal = pos.legal_moves()
        illegal = [
            m
            for m in (Move.parse(t) for t in ("AS", "2C", "pass", "bid 4", "trump NT", "shoot"))
            if m not in legal
        ]
        for move in illegal:
            with pytest.raises(IllegalMoveError):
                pos.play(move)
            assert pos.to_line() == before
            if core_before is not None:
                assert pos.core is not None and pos.core.state_bytes() == core_before
        pos.play(rng.choice(legal))
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        pos.play("AS")
