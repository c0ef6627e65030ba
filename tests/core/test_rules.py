"""Unit tests of the rules: one test per rule of docs/rules.md and
per reading it marks, through the C core (`solver._core.PlayState`)
and through the Python positions (`solver.parse_position`, the games' deals).

The pure-Python reference in tests/reference has its own tests; nothing here
uses it.  Seats are 0-based in code: "seat 1" of the rules is seat 0 here.
"""

from __future__ import annotations

import random

import pytest

import solver
from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, parse_strain
from solver.errors import IllegalMoveError, PositionError
from solver.games.base import Move, Phase, Position
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinkway import Chinkway, quest_category, quest_needs
from solver.games.cinch import Cinch

HIGH, LOW, JACK, GAME = _core.CINCH_HIGH, _core.CINCH_LOW, _core.CINCH_JACK, _core.CINCH_GAME
ALL_FOUR = HIGH | LOW | JACK | GAME

# -- helpers ------------------------------------------------------------------


def idx(card: str) -> int:
    """The core's index of a card written as text."""
    return Card.parse(card).index


def mask(cards: str) -> int:
    """The core's mask of a set of cards written as text ('AS KS', '-')."""
    return CardSet.parse(cards).mask


def names(cards: int) -> set[str]:
    """The cards of a core mask, as text."""
    return {str(c) for c in CardSet(cards)}


def play_cards(state: _core.PlayState, cards: str) -> None:
    """Play (or claim) cards written as text, in order, through the core."""
    for card in cards.split():
        state.play(idx(card))


def whist_core(hands: list[str], trump: str = "NT", leader: int = 0) -> _core.PlayState:
    return _core.PlayState(
        _core.Setup(
            _core.GAME_NUMBERS["whist"], 4, parse_strain(trump), leader, [mask(h) for h in hands]
        )
    )


def move_texts(pos: Position) -> list[str]:
    return [str(m) for m in pos.legal_moves()]


def play_moves(pos: Position, moves: str) -> None:
    """Play moves separated by ',' ('bid 2, pass, trump S')."""
    for move in moves.split(","):
        pos.play(move.strip())


# -- 1. Tricks (C core) ---------------------------------------------------------


def test_must_follow_suit_when_able():
    state = whist_core(["AS 2H", "KS 3H", "QS 4H", "JS 5H"])
    play_cards(state, "AS")
    assert state.turn == 1
    assert names(state.legal()) == {"KS"}
    with pytest.raises(IllegalMoveError):
        state.play(idx("3H"))


def test_leader_may_lead_any_card():
    state = whist_core(["AS 2H", "KS 3H", "QS 4H", "JS 5H"], trump="H")
    assert names(state.legal()) == {"AS", "2H"}


def test_void_player_may_discard_or_trump():
    state = whist_core(["AS 2S", "3H 4D", "QS 4S", "JS 5S"], trump="H")
    play_cards(state, "AS")
    assert names(state.legal()) == {"3H", "4D"}


def test_highest_trump_wins_the_trick():
    state = whist_core(["AS", "3H", "KS", "9H"], trump="H")
    play_cards(state, "AS 3H KS 9H")
    assert state.last_winner == 3
    assert state.tricks == (0, 0, 0, 1)


def test_highest_card_of_the_suit_led_wins_without_trumps_in_the_trick():
    state = whist_core(["5D", "9D", "2D", "AC"], trump="S")
    play_cards(state, "5D 9D 2D AC")
    assert state.last_winner == 1


def test_off_suit_higher_card_never_wins():
    state = whist_core(["5H", "AS", "2H", "KC"], trump="D")
    play_cards(state, "5H AS 2H KC")
    assert state.last_winner == 0
    assert _core.trick_winner([idx("5H"), idx("AS"), idx("KC")], parse_strain("D")) == 0


def test_winner_leads_the_next_trick():
    state = whist_core(["2S 3S", "AS 4S", "5S 6S", "7S 8S"])
    play_cards(state, "2S AS 5S 7S")
    assert state.last_winner == 1
    assert (state.turn, state.leader) == (1, 1)
    assert state.trick == ()
    assert state.phase == _core.PHASE_PLAY


def test_no_trumps_the_suit_led_wins_over_every_ace():
    state = whist_core(["2C", "AS", "AH", "AD"], trump="NT")
    play_cards(state, "2C AS AH AD")
    assert state.last_winner == 0
    # The same cards with spades trump: the ace of spades ruffs.
    state = whist_core(["2C", "AS", "AH", "AD"], trump="S")
    play_cards(state, "2C AS AH AD")
    assert state.last_winner == 1


def test_hand_is_over_after_the_last_trick_and_its_winner_is_to_move():
    state = whist_core(["2S", "AS", "5S", "7S"])
    play_cards(state, "2S AS 5S 7S")
    assert state.phase == _core.PHASE_OVER
    assert state.turn == 1
    assert state.legal() == 0
    with pytest.raises(IllegalMoveError):
        state.play(idx("3S"))


# -- 2. Chinkway: the quest example of the spec (C core) -------------------------

QUEST_EXAMPLE = "3C AH JC QD 9D"
# Trump S; seat 0 deals and ruffs or wins every trick; seat 1 (player 2) leads.
QUEST_DEAL = [
    "AS KS QS JS TS",
    "5C 7H 2D JC QD",
    "2H 3H 4H 5H 6H",
    "3D 4D 5D 6D 7D",
    "2C 3C 4C 6C 7C",
]
# Each trick in play order, what its winner (seat 0) may claim, and the claim.
QUEST_TRICKS = [
    ("5C 2H 3D 2C TS", {"5C", "2H", "3D", "2C"}, "5C"),
    ("KS 7H 3H 4D 3C", {"KS", "7H", "3H", "4D"}, "7H"),
    ("QS 2D 4H 5D 4C", {"QS", "2D", "5D"}, "2D"),
    ("JS JC 5H 6D 6C", {"JS", "JC"}, "JC"),
    ("AS QD 6H 7D 7C", {"QD"}, "QD"),
]


def chinkway_core(
    hands: list[str],
    quest: str = QUEST_EXAMPLE,
    trump: str = "S",
    dealer: int = 0,
    pairing: int = 0,
) -> _core.PlayState:
    """A Chinkway hand at its first lead; player 2 (left of the dealer) leads."""
    setup = _core.Setup(
        _core.GAME_NUMBERS["chinkway"],
        5,
        parse_strain(trump),
        (dealer + 1) % 5,
        [mask(h) for h in hands],
    )
    setup.dealer = dealer
    setup.pairing = pairing
    setup.quest_need = quest_needs([Card.parse(c) for c in quest.split()])
    return _core.PlayState(setup)


def test_quest_example_needs_club_heart_diamond_pips_and_two_courts():
    assert quest_needs([Card.parse(c) for c in QUEST_EXAMPLE.split()]) == [0, 1, 1, 1, 2]


def test_quest_categories_are_suit_pips_with_aces_and_courts_of_any_suit():
    expected = {"AS": 0, "TH": 1, "2D": 2, "9C": 3, "JS": 4, "QH": 4, "KD": 4, "JC": 4}
    assert {c: quest_category(Card.parse(c)) for c in expected} == expected
    for card in FULL_DECK:
        assert _core.quest_category(card.index) == quest_category(card)


def test_captured_club_pip_completes_the_club_part():
    state = chinkway_core(QUEST_DEAL)
    assert state.turn == 1
    play_cards(state, QUEST_TRICKS[0][0])
    assert state.phase == _core.PHASE_CLAIM
    assert state.turn == 0
    assert "5C" in names(state.legal())
    play_cards(state, "5C")
    assert names(state.claimed(0)) == {"5C"}
    assert state.scores() == (1, 0, 0, 0, 0)
    assert (state.phase, state.turn) == (_core.PHASE_PLAY, 0)


def test_quest_example_claims_score_1_3_6_10_15():
    state = chinkway_core(QUEST_DEAL)
    scores = []
    for trick, claimable, claim in QUEST_TRICKS:
        play_cards(state, trick)
        assert state.phase == _core.PHASE_CLAIM
        assert state.last_winner == 0
        assert names(state.legal()) == claimable, trick
        play_cards(state, claim)
        scores.append(state.scores()[0])
    assert scores == [1, 3, 6, 10, 15]
    assert state.phase == _core.PHASE_OVER
    assert state.scores() == (15, 0, 0, 0, 0)
    assert names(state.claimed(0)) == {"5C", "7H", "2D", "JC", "QD"}


def test_club_pip_no_longer_claimable_once_the_club_part_is_done():
    state = chinkway_core(QUEST_DEAL)
    play_cards(state, "5C 2H 3D 2C TS 5C")
    play_cards(state, "KS 7H 3H 4D 3C")
    assert "3C" not in names(state.legal())
    with pytest.raises(IllegalMoveError):
        state.play(idx("3C"))


def test_spade_pip_never_claimable_without_a_spade_in_the_quest():
    state = chinkway_core(QUEST_DEAL)
    for trick, _, claim in QUEST_TRICKS:
        play_cards(state, trick)
        spades = {c for c in names(state.legal()) if c[1] == "S" and c[0] not in "JQK"}
        assert spades == set(), trick
        play_cards(state, claim)


def test_court_claimable_while_courts_are_needed():
    state = chinkway_core(QUEST_DEAL)
    play_cards(state, "5C 2H 3D 2C TS 5C")
    play_cards(state, "KS 7H 3H 4D 3C")
    assert "KS" in names(state.legal())
    play_cards(state, "KS")
    assert state.scores()[0] == 3


# -- 3. Chinkway: claims, sides, the round's decisions --------------------------


def test_no_claim_phase_when_the_trick_holds_nothing_the_winners_side_needs():
    hands = ["AS 2H", "2S 3H", "3S 4H", "4S 5H", "5S 6H"]
    state = chinkway_core(hands, trump="NT")
    play_cards(state, "2S 3S 4S 5S AS")  # only spade pips; the quest has none
    assert state.last_winner == 0
    assert (state.phase, state.turn) == (_core.PHASE_PLAY, 0)
    assert state.claimed(0) == 0
    assert state.scores() == (0, 0, 0, 0, 0)


def partners_deal() -> _core.PlayState:
    """Dealer seat 0, pairing 0: seats 1 and 2 (players 2, 3) are a team.
    Seat 1 wins trick 1 with KS (a court); seat 2 wins trick 2 with QH over 4H."""
    hands = ["2S 3S", "KS 4H", "5S QH", "6S 7S", "8S 9S"]
    state = chinkway_core(hands, trump="NT")
    play_cards(state, "KS 5S 6S 8S 2S")
    assert (state.phase, state.turn, names(state.legal())) == (_core.PHASE_CLAIM, 1, {"KS"})
    play_cards(state, "KS")
    play_cards(state, "4H QH 7S 9S 3S")
    assert (state.phase, state.turn) == (_core.PHASE_CLAIM, 2)
    return state


def test_claims_of_partners_pool_second_court_completes_two_parts():
    state = partners_deal()
    play_cards(state, "QH")
    assert names(state.claimed(1)) == {"KS"}
    assert names(state.claimed(2)) == {"QH"}
    assert state.scores() == (0, 3, 3, 0, 0)


def test_claim_is_the_winners_choice_between_two_needed_categories():
    state = partners_deal()
    assert names(state.legal()) == {"QH", "4H"}  # a court or a heart pip: both legal
    play_cards(state, "4H")
    assert names(state.claimed(2)) == {"4H"}
    assert state.scores() == (0, 3, 3, 0, 0)


def test_a_side_needs_what_it_has_not_claimed_itself():
    # The dealer completes the heart part; the team that wins the next heart still needs it.
    hands = ["AH 3H", "2H KH", "3S 6S", "4S 7S", "5S 8S"]
    state = chinkway_core(hands, quest="9H JC QC KC JD", trump="NT")
    play_cards(state, "2H 3S 4S 5S AH")
    assert names(state.legal()) == {"2H", "AH"}
    play_cards(state, "AH")
    play_cards(state, "3H KH 6S 7S 8S")
    assert (state.phase, state.turn) == (_core.PHASE_CLAIM, 1)
    assert names(state.legal()) == {"3H", "KH"}


def to_first_lead(pos: Position, trump: str = "S") -> Position:
    """Make the first legal discards (Chinkway), then name trump."""
    while pos.phase == Phase.DISCARD:
        pos.play(pos.legal_moves()[0])
    pos.play(f"trump {trump}")
    return pos


@pytest.mark.parametrize(
    ("round_no", "dealer", "sides"),
    [
        (1, 0, (0, 1, 1, 2, 2)),  # {2,3} v {4,5}: players 2-5 are seats 1-4
        (3, 2, (2, 2, 0, 1, 1)),
        (5, 4, (1, 1, 2, 2, 0)),
        (6, 0, (0, 1, 2, 1, 2)),  # {2,4} v {3,5}
        (8, 2, (1, 2, 0, 1, 2)),
        (10, 4, (1, 2, 1, 2, 0)),
        (11, 0, (0, 1, 1, 2, 2)),  # round 11 pairs as round 1
        (16, 0, (0, 1, 2, 1, 2)),  # round 16 pairs as round 6
    ],
)
def test_chinkway_pairings_by_round(round_no, dealer, sides):
    pos = Chinkway.deal(round_no, round_no=round_no, rounds=max(10, round_no))
    assert pos.dealer == dealer  # the deal passes clockwise every round
    assert pos.sides() == sides
    to_first_lead(pos)
    assert pos.core is not None
    assert pos.core.sides == sides


@pytest.mark.parametrize("pairing", [0, 1])
def test_core_sides_follow_the_dealer_and_the_pairing(pairing):
    hands = ["2S", "3S", "4S", "5S", "6S"]
    for dealer in range(5):
        state = chinkway_core(hands, dealer=dealer, pairing=pairing)
        player_side = [(0, 1, 1, 2, 2), (0, 1, 2, 1, 2)][pairing]
        assert state.sides == tuple(player_side[(s - dealer) % 5] for s in range(5))


@pytest.mark.parametrize("round_no", [1, 2, 4, 7])
def test_chinkway_player_two_leads_the_first_trick(round_no):
    pos = to_first_lead(Chinkway.deal(round_no, round_no=round_no))
    assert pos.core is not None
    assert pos.to_move == pos.core.leader == (pos.dealer + 1) % 5
    assert pos.phase == Phase.PLAY


def test_chinkway_dealer_holds_twelve_and_discards_two_one_at_a_time():
    pos = Chinkway.deal(7, round_no=2)
    dealer = pos.dealer
    assert dealer == 1
    assert [len(h) for h in pos.hands] == [10, 12, 10, 10, 10]
    assert (pos.phase, pos.to_move) == (Phase.DISCARD, dealer)
    assert pos.legal_moves() == [Move("discard", c) for c in pos.hands[dealer]]
    first = pos.legal_moves()[3].card
    pos.play(str(first))  # a bare card is the discard in a discard phase
    assert (pos.phase, pos.to_move) == (Phase.DISCARD, dealer)
    assert len(pos.legal_moves()) == 11
    assert first not in pos.hands[dealer]
    pos.play(pos.legal_moves()[0])
    assert len(pos.discards) == 2 and pos.discards[0] == first
    assert (pos.phase, pos.to_move) == (Phase.TRUMP, dealer)
    assert move_texts(pos) == ["trump S", "trump H", "trump D", "trump C", "trump NT"]
    with pytest.raises(IllegalMoveError):
        pos.play(f"discard {next(iter(pos.hands[dealer]))}")  # no third discard


def test_chinkway_trump_turns_exactly_the_top_five_quest_cards():
    pos = Chinkway.deal(7)
    play_moves(pos, "discard AS, discard KS")
    deck = list(pos.quest_deck or [])
    assert pos.quest is None
    pos.play("trump NT")
    assert pos.trump == NOTRUMP
    assert pos.quest == deck[:5]
    assert pos.quest_deck == deck[5:]
    assert pos.phase == Phase.PLAY


def test_chinkway_undo_of_trump_puts_the_quest_back_on_the_deck():
    pos = Chinkway.deal(7)
    play_moves(pos, "discard AS, discard KS")
    before = pos.to_line()
    deck = list(pos.quest_deck or [])
    pos.play("trump H")
    pos.undo()
    assert pos.quest is None
    assert pos.quest_deck == deck
    assert pos.trump is None and pos.core is None
    assert pos.phase == Phase.TRUMP
    assert pos.to_line() == before


def test_chinkway_claim_position_offers_every_needed_card_of_the_trick():
    # docs/rules.md 8.8: the record stops after trick 2 with no claim marked.
    pos = solver.parse_position(
        "chinkway; round=1; dealer=1; trump=H; quest=8H QC 7D 3S JC;"
        " hands=1:62.T652.T7.KQ Q87.3.AQ.9643 954.KJ9.82.52 3.Q874.KJ3.J7 JT.A.9654.AT8;"
        " discards=AS KS; play=QS* 9S 3S JS 6S | 8S 5S QH TS 2S;"
        " quest_deck=2S AS 6H QH 4S 9H 5S KC 7C 5D 6C AD 9D 3H AH 4H 8C 8D TD 2C 5H 6S 3C"
        " 7H 3D KS 2D 9C TH 5C QD JD 8S QS KH 6D 4C AC 2H 7S 4D 9S TS TC KD;"
        " quest_removed=JH JS"
    )
    assert (pos.phase, pos.to_move) == (Phase.CLAIM, 3)
    assert sorted(move_texts(pos)) == sorted(
        ["claim TS", "claim 8S", "claim 5S", "claim 2S", "claim QH"]
    )
    with pytest.raises(IllegalMoveError):
        pos.play("AS")  # a bare card is a claim here, and AS is not in the trick
    pos.play("QH")
    assert pos.phase == Phase.PLAY and pos.to_move == 3


# -- 4. Chinese Whist -----------------------------------------------------------

# Seat 1 (dealer 2's left, so the leader): 2H on face-down AH, down card 3C.
# Seat 2: KH on face-down 4C, down card 5D.
CW_ENDING = "chinese-whist; players=2; dealer=2; trump=S; piles=1:2H/AH KH/4C; down=1:3C 5D"


def test_only_pile_tops_and_down_cards_may_be_played():
    pos = solver.parse_position(CW_ENDING)
    assert (pos.phase, pos.to_move) == (Phase.PLAY, 0)
    assert move_texts(pos) == ["2H", "3C"]


def test_covered_card_is_not_legal_and_the_error_names_it_covered():
    pos = solver.parse_position(CW_ENDING)
    before = pos.to_line()
    with pytest.raises(IllegalMoveError, match=r"AH.*covered"):
        pos.play("AH")
    assert pos.to_line() == before
    assert pos.core is not None
    with pytest.raises(IllegalMoveError):
        pos.core.play(idx("AH"))


def test_must_follow_with_a_face_up_card_of_the_suit_led():
    pos = solver.parse_position(CW_ENDING)
    pos.play("2H")
    assert move_texts(pos) == ["KH"]


def test_following_suit_ignores_face_down_cards():
    pos = solver.parse_position(CW_ENDING)
    pos.play("3C")
    # 4C lies face down under KH: seat 2 has no club it may play, so anything goes.
    assert move_texts(pos) == ["KH", "5D"]


def test_uncovered_card_turns_up_after_the_trick():
    pos = solver.parse_position(CW_ENDING)
    assert isinstance(pos, ChineseWhist) and pos.core is not None
    pos.play("2H")
    # Mid-trick: AH is still face down, neither playable nor shown.
    assert names(pos.core.covered(0)) == {"AH"}
    assert "AH" not in names(pos.core.playable(0))
    assert pos.pile_view(0) == [(None, Card.parse("AH"), True)]
    pos.play("KH")
    # The trick is complete: both under cards are face up and playable.
    assert pos.core.covered(0) == 0 and pos.core.covered(1) == 0
    assert names(pos.core.playable(0)) == {"AH", "3C"}
    assert names(pos.core.playable(1)) == {"4C", "5D"}
    assert names(pos.core.last_uncovered()) == {"AH", "4C"}
    assert pos.pile_view(0) == [(None, Card.parse("AH"), False)]
    assert pos.to_move == 1
    assert move_texts(pos) == ["5D", "4C"]


def test_turned_up_card_counts_for_following_suit_in_the_next_trick():
    pos = solver.parse_position(
        "chinese-whist; players=2; dealer=2; trump=S; piles=1:2H/AD KH/4C; down=1:3C 5D"
    )
    play_moves(pos, "2H, KH, 5D")
    assert move_texts(pos) == ["AD"]


def test_uncover_happens_only_when_the_trick_completes_with_three_players():
    pos = solver.parse_position(
        "chinese-whist; players=3; dealer=3; trump=C; piles=5H/AH, 6H/KD, 7H/QD; down=-, -, -"
    )
    assert pos.core is not None
    pos.play("5H")
    pos.play("6H")
    assert names(pos.core.covered(0)) == {"AH"} and names(pos.core.covered(1)) == {"KD"}
    assert names(pos.core.playable(0)) == set()
    pos.play("7H")
    assert names(pos.core.playable(0)) == {"AH"}
    assert names(pos.core.playable(1)) == {"KD"}
    assert names(pos.core.playable(2)) == {"QD"}
    assert pos.to_move == 2  # 7H won


def test_two_of_spades_is_out_of_the_pack_with_three_players():
    with pytest.raises(PositionError, match="2S"):
        solver.parse_position("chinese-whist; players=3; trump=S; piles=2S, 3S, 4S; down=-, -, -")
    solver.parse_position("chinese-whist; players=4; trump=S; piles=2S, 3S, 4S, 5S; down=-,-,-,-")
    pos = ChineseWhist.deal(3, seed=11)
    dealt = CardSet()
    for seat in range(3):
        dealt = dealt | pos.down[seat] | CardSet(c for pile in pos.piles[seat] for c in pile)
    assert len(dealt) == 51 and Card.parse("2S") not in dealt


@pytest.mark.parametrize(("players", "piles", "down"), [(4, 6, 1), (3, 8, 1), (2, 12, 2)])
def test_chinese_whist_layout_per_player_count(players, piles, down):
    pos = ChineseWhist.deal(players, seed=4)
    for seat in range(players):
        assert len(pos.piles[seat]) == piles
        assert all(under is not None for _, under in pos.piles[seat])
        assert len(pos.down[seat]) == down


def expected_cw_scores(players: int, tricks: tuple[int, ...]) -> tuple[int, ...]:
    """The rule: 4 players, a side's tricks above 6; 3, one's own above 5; 2, above 13."""
    if players == 4:
        side = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
        return tuple(max(0, side[s % 2] - 6) for s in range(4))
    par = {3: 5, 2: 13}[players]
    return tuple(max(0, t - par) for t in tricks)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_chinese_whist_scores_by_player_count_after_random_playouts(players, seed):
    rng = random.Random(seed)
    pos = ChineseWhist.deal(players, seed=seed, dealer=rng.randrange(players))
    pos.play(rng.choice(pos.legal_moves()))
    while not pos.is_over:
        assert pos.scores() == expected_cw_scores(players, pos.tricks_won())
        pos.play(rng.choice(pos.legal_moves()))
    tricks = pos.tricks_won()
    assert sum(tricks) == {4: 13, 3: 17, 2: 26}[players]
    assert pos.scores() == expected_cw_scores(players, tricks)
    if players > 2 or tricks[0] != 13:  # with 3 or 4 players someone is always above par
        assert any(pos.scores())


def test_chinese_whist_dealer_names_a_suit_and_not_no_trumps():
    pos = ChineseWhist.deal(4, seed=1, dealer=2)
    assert (pos.phase, pos.to_move) == (Phase.TRUMP, 2)
    assert move_texts(pos) == ["trump S", "trump H", "trump D", "trump C"]
    with pytest.raises(IllegalMoveError, match="no trumps"):
        pos.play("trump NT")
    with pytest.raises(PositionError):
        solver.parse_position("cw; trump=NT; piles=2S, 3S, 4S, 5S; down=-,-,-,-")


def test_chinese_whist_no_trumps_allowed_with_the_notrump_option():
    pos = ChineseWhist.deal(3, seed=1, notrump=True)
    assert "trump NT" in move_texts(pos)
    pos.play("trump NT")
    assert pos.trump == NOTRUMP and pos.phase == Phase.PLAY
    ending = solver.parse_position("cw; trump=NT; notrump=true; piles=2S, 3S, 4S, 5S; down=-,-,-,-")
    assert ending.trump == NOTRUMP


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chinese_whist_player_left_of_the_dealer_leads(players):
    for dealer in range(players):
        pos = ChineseWhist.deal(players, seed=dealer, dealer=dealer)
        pos.play("trump D")
        assert pos.core is not None
        assert pos.to_move == pos.core.leader == (dealer + 1) % players


# -- 5. Cinch points and score (C core) -----------------------------------------


def cinch_core(
    hands: list[str],
    trump: str,
    leader: int = 0,
    bidder: int = 0,
    bid: int = 1,
    all_four: bool = False,
) -> _core.PlayState:
    setup = _core.Setup(
        _core.GAME_NUMBERS["cinch"], 4, parse_strain(trump), leader, [mask(h) for h in hands]
    )
    setup.bidder = bidder
    setup.bid = bid
    setup.shoot_needs_all_four = all_four
    return _core.PlayState(setup)


def low_to_other_side(bidder: int = 0, bid: int = 1) -> _core.PlayState:
    """Hearts trump.  Seat 0 leads 2H (Low) and seat 1 wins it with KH; then
    seat 0 ruffs a club with AH (High).  Game: side 0 holds A = 4, side 1 K = 3."""
    state = cinch_core(["2H AH", "KH 3C", "4C 5C", "6C 7C"], "H", bidder=bidder, bid=bid)
    play_cards(state, "2H KH 4C 6C")
    assert state.last_winner == 1
    play_cards(state, "3C 5C 7C AH")
    assert state.last_winner == 0
    return state


def test_high_goes_to_the_side_capturing_the_highest_trump():
    state = low_to_other_side()
    assert state.cinch_points(0) & HIGH
    assert not state.cinch_points(1) & HIGH


def test_low_goes_to_the_side_capturing_it_not_the_side_that_played_it():
    state = low_to_other_side()
    assert state.cinch_points(1) & LOW
    assert not state.cinch_points(0) & LOW


def test_low_played_and_captured_by_opponents_of_its_holder():
    state = cinch_core(["AS", "2S", "3H", "4H"], "S")
    play_cards(state, "AS 2S 3H 4H")
    assert state.cinch_points(0) & (HIGH | LOW) == HIGH | LOW
    assert state.cinch_points(1) == 0


def test_points_count_only_once_captured_before_the_end():
    state = cinch_core(["2H AH", "KH 3C", "4C 5C", "6C 7C"], "H")
    play_cards(state, "2H KH 4C 6C")
    assert state.cinch_points(1) == LOW | GAME  # K = 3 against nothing
    assert state.cinch_points(0) == 0  # AH is not captured yet
    assert state.scores() == (-1, 2, -1, 2)


def test_single_trump_in_play_is_both_high_and_low():
    state = cinch_core(["KS", "QH", "2H", "3H"], "S")
    play_cards(state, "KS QH 2H 3H")
    assert state.cinch_points(0) == HIGH | LOW | GAME


def test_no_high_or_low_without_a_trump_in_play():
    state = cinch_core(["KS", "QS", "2S", "3S"], "H")
    play_cards(state, "KS QS 2S 3S")
    assert state.cinch_points(0) == GAME
    assert state.cinch_points(1) == 0


def test_jack_point_to_the_side_capturing_the_jack_of_trump():
    state = cinch_core(["JS", "QS", "2H", "3H"], "S")
    play_cards(state, "JS QS 2H 3H")
    assert state.cinch_points(1) == HIGH | LOW | JACK | GAME
    assert state.cinch_points(0) == 0


def test_no_jack_point_when_the_jack_of_trump_is_not_in_play():
    # JH is not the jack of trump (spades); JS is in no hand.
    state = cinch_core(["TS", "QS", "JH", "3H"], "S", bidder=1, bid=4)
    play_cards(state, "TS QS JH 3H")
    assert state.cinch_points(1) == HIGH | LOW | GAME
    assert state.scores() == (0, -4, 0, -4)  # only three points were there to take


def game_deal(side1_gets_jack: bool, bidder: int = 0, bid: int = 1, all_four: bool = False):
    """Hearts trump (AH the single trump).  Side 0 takes TS = 10 game points in
    trick 1; side 1 takes QC AH KD and JS (or 5S) by ruffing in trick 2:
    2 + 4 + 3 + 1 = 10 (a tie) or 9."""
    last = "JS" if side1_gets_jack else "5S"
    hands = ["TS QC", "2S AH", "3S KD", f"4S {last}"]
    state = cinch_core(hands, "H", bidder=bidder, bid=bid, all_four=all_four)
    play_cards(state, f"TS 2S 3S 4S QC AH KD {last}")
    assert state.phase == _core.PHASE_OVER
    return state


def test_game_point_counts_ten_ace_king_queen_jack_of_every_suit_a_tie_gives_none():
    state = game_deal(side1_gets_jack=True)
    assert not state.cinch_points(0) & GAME
    assert not state.cinch_points(1) & GAME
    assert state.cinch_points(1) == HIGH | LOW


def test_game_point_to_the_side_with_more_game_points():
    state = game_deal(side1_gets_jack=False)
    assert state.cinch_points(0) == GAME
    assert state.cinch_points(1) == HIGH | LOW


@pytest.mark.parametrize(
    ("bidder", "bid", "scores"),
    [
        (1, 2, (1, 2, 1, 2)),  # side 1 made 2: it scores 2; side 0 its Game point
        (1, 3, (1, -3, 1, -3)),  # side 1 set: loses 3; side 0 still scores 1
        (0, 1, (1, 2, 1, 2)),  # side 0 made 1
        (2, 2, (-2, 2, -2, 2)),  # side 0 (seat 2 bid) set: loses 2; side 1 scores 2
    ],
)
def test_cinch_bid_made_scores_points_taken_set_loses_the_bid(bidder, bid, scores):
    assert game_deal(side1_gets_jack=False, bidder=bidder, bid=bid).scores() == scores


@pytest.mark.parametrize("all_four", [False, True])
def test_shoot_with_every_point_including_the_jack_is_made(all_four):
    state = cinch_core(["AS", "JS", "TH", "2S"], "S", bid=8, all_four=all_four)
    play_cards(state, "AS JS TH 2S")
    assert state.cinch_points(0) == ALL_FOUR
    assert state.scores() == (8, 0, 8, 0)


@pytest.mark.parametrize("all_four", [False, True])
def test_shoot_missing_a_point_fails_and_the_other_side_scores(all_four):
    state = game_deal(side1_gets_jack=False, bidder=1, bid=8, all_four=all_four)
    assert state.scores() == (1, -8, 1, -8)  # side 1 took High and Low, not Game


@pytest.mark.parametrize("all_four", [False, True])
def test_game_tie_sinks_a_shoot(all_four):
    state = game_deal(side1_gets_jack=True, bidder=3, bid=8, all_four=all_four)
    assert state.scores() == (0, -8, 0, -8)


@pytest.mark.parametrize(("all_four", "score"), [(False, 8), (True, -8)])
def test_shoot_without_the_jack_in_play_depends_on_the_shoot_option(all_four, score):
    state = cinch_core(["AS", "2S", "TH", "3H"], "S", bid=8, all_four=all_four)
    play_cards(state, "AS 2S TH 3H")
    assert state.cinch_points(0) == HIGH | LOW | GAME
    assert state.scores() == (score, 0, score, 0)


def test_shoot_option_through_the_notation():
    # Seat 2 shot and leads AS, AH, KH, QH, AD, KD: its side takes every trick, so
    # High and Low (AS, the single trump) and Game; the jack of spades is not in play.
    line = (
        "cinch; dealer=1; bids=shoot pass pass pass; trump=S;"
        " hands=1:.5432..32 A.AKQ.AK. .876.876. .JT9.T94.; widow=-"
    )
    for option, expected in (("", 8), ("; shoot=all-four", -8)):
        pos = solver.parse_position(line + option)
        assert (pos.phase, pos.to_move) == (Phase.PLAY, 1)
        while not pos.is_over:
            pos.play(pos.legal_moves()[0])
        assert pos.tricks_won() == (0, 6, 0, 0)
        assert pos.scores() == (0, expected, 0, expected), option


# -- 6. Cinch bidding, redeal and the first lead (positions) ------------------


def test_cinch_bids_pass_or_higher_than_the_highest_bid():
    pos = Cinch.deal(3)
    assert (pos.phase, pos.to_move) == (Phase.BID, 1)  # left of the dealer
    assert move_texts(pos) == ["pass", "bid 1", "bid 2", "bid 3", "bid 4", "shoot"]
    pos.play("bid 2")
    assert pos.to_move == 2
    assert move_texts(pos) == ["pass", "bid 3", "bid 4", "shoot"]
    for call in ("bid 2", "bid 1"):
        with pytest.raises(IllegalMoveError):
            pos.play(call)
    play_moves(pos, "pass, bid 4")
    assert move_texts(pos) == ["pass", "shoot"]
    pos.play("pass")
    assert (pos.bidder, pos.bid) == (3, 4)
    assert (pos.phase, pos.to_move) == (Phase.TRUMP, 3)


def test_cinch_bids_in_notation_are_checked():
    hands = "hands=1:Q842.6.8.A94 J3.AT.Q7.QT6 .873.AKJ9.J5 K975.952.4.2"
    stock = "stock=KH 5D JH 8C AS 7C TS 3C KC TD 2D 4H 6S 6D 3D QH"
    with pytest.raises(PositionError):
        solver.parse_position(f"cinch; bids=2 1; {hands}; {stock}")
    pos = solver.parse_position(f"cinch; bids=pass 2 pass pass; {hands}; {stock}")
    assert (pos.bidder, pos.bid, pos.to_move) == (2, 2, 2)


def test_cinch_dealer_may_overshoot_a_shoot():
    pos = Cinch.deal(3)
    pos.play("shoot")
    assert move_texts(pos) == ["pass"]  # a non-dealer cannot overshoot
    play_moves(pos, "pass, pass")
    assert pos.to_move == 0
    assert move_texts(pos) == ["pass", "shoot"]
    pos.play("shoot")
    assert (pos.bidder, pos.bid) == (0, 8)
    pos.undo()
    pos.play("pass")
    assert (pos.bidder, pos.bid) == (1, 8)


def test_cinch_four_passes_make_the_dealer_bid_one():
    pos = Cinch.deal(0, dealer=2)
    play_moves(pos, "pass, pass, pass, pass")
    assert (pos.bidder, pos.bid) == (2, 1)
    assert (pos.phase, pos.to_move) == (Phase.TRUMP, 2)
    assert "trump NT" not in move_texts(pos) and len(pos.legal_moves()) == 4


def test_cinch_the_bidder_leads():
    pos = Cinch.deal(0, dealer=3)
    play_moves(pos, "pass, pass, bid 3, pass, trump S")
    assert pos.bidder == 2
    assert pos.core is not None
    assert (pos.phase, pos.to_move, pos.core.leader) == (Phase.PLAY, 2, 2)


def expected_from_stock(
    hands: list[CardSet], stock: list[Card], trump: int, dealer: int
) -> tuple[list[CardSet], list[Card]]:
    """Each player from the dealer's left, in turn, keeps their trumps and is
    filled to six from the top of the stock (as far as the stock goes)."""
    filled = [h.suit(trump) for h in hands]
    rest = list(stock)
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        need = max(0, 6 - len(filled[seat]))
        filled[seat] = filled[seat] | CardSet(rest[:need])
        rest = rest[need:]
    return filled, rest


def test_cinch_redeal_fills_each_hand_to_six_from_the_stock_from_the_dealers_left():
    pos = Cinch.deal(0, dealer=1)
    play_moves(pos, "bid 1, pass, pass, pass")
    hands, stock = list(pos.hands), list(pos.stock or [])
    pos.play("trump S")
    filled, widow = expected_from_stock(hands, stock, 0, dealer=1)
    assert widow, "the stock should not run out in this deal"
    assert pos.hands == filled
    assert all(len(h) == 6 for h in pos.hands)
    assert pos.discards == [h - h.suit(0) for h in hands]  # every non-trump
    assert pos.widow == CardSet(widow)  # the stock never dealt
    assert pos.stock is None


def test_cinch_redeal_draws_from_the_dead_wood_when_the_stock_runs_out():
    pos = Cinch.deal(0)
    play_moves(pos, "pass, pass, pass, pass")
    hands, stock = list(pos.hands), list(pos.stock or [])
    pos.play("trump H")
    from_stock, rest = expected_from_stock(hands, stock, 1, dealer=0)
    assert rest == [] and pos.widow == CardSet()
    dead_wood = CardSet()
    for h in hands:
        dead_wood = dead_wood | (h - h.suit(1))
    drawn = CardSet()
    for seat in range(4):
        assert len(pos.hands[seat]) == 6
        assert (pos.hands[seat] & from_stock[seat]) == from_stock[seat]
        extra = pos.hands[seat] - from_stock[seat]
        assert (extra & dead_wood) == extra  # only discarded cards come back
        drawn = drawn | extra
        assert not pos.discards[seat] & pos.hands[seat]
    assert len(drawn) == 18 - 16  # eighteen cards needed, sixteen in the stock
    all_discards = CardSet()
    for d in pos.discards:
        all_discards = all_discards | d
    assert all_discards == dead_wood - drawn


def test_cinch_more_than_six_trumps_must_be_discarded_down_to_six():
    pos = Cinch.deal(70)
    play_moves(pos, "bid 1, pass, pass, pass, trump C")
    assert len(pos.hands[3]) == 7 and pos.hands[3] == pos.hands[3].suit(3)
    assert (pos.phase, pos.to_move) == (Phase.DISCARD, 3)
    assert pos.legal_moves() == [Move("discard", c) for c in pos.hands[3]]
    with pytest.raises(IllegalMoveError):
        pos.play("discard 7S")  # seat 1's card
    pos.play("2C")  # a bare card is the discard
    assert len(pos.hands[3]) == 6
    assert Card.parse("2C") in pos.discards[3]
    assert pos.core is not None
    assert not pos.core.in_play & Card.parse("2C").bit  # out of play
    assert (pos.phase, pos.to_move) == (Phase.PLAY, 1)  # seat 2 bid 1 and leads


def test_cinch_widow_is_the_undealt_bottom_of_the_stock():
    pos = Cinch.deal(0, dealer=1)
    play_moves(pos, "bid 1, pass, pass, pass")
    stock = list(pos.stock or [])
    pos.play("trump S")
    assert pos.widow is not None and 0 < len(pos.widow) < 16
    assert pos.widow == CardSet(stock[16 - len(pos.widow) :])
    everything = pos.widow
    for seat in range(4):
        everything = everything | pos.hands[seat] | pos.discards[seat]
    assert everything == FULL_DECK


# -- 7. Plain whist (positions) -------------------------------------------------

PBN = "N:AKQ2.T9.8765.432 JT98.AKQ.432.765 7654.J8765.A.AKQ 3.432.KQJT9.JT98"


def test_pbn_deal_reads_as_no_trump_whist_led_from_the_first_seats_left():
    pos = solver.parse_position(PBN)
    assert pos.game == "whist" and pos.trump == NOTRUMP
    assert pos.hands[0] == CardSet.parse("AKQ2.T9.8765.432")
    assert pos.to_move == 1
    east = solver.parse_position("E:" + PBN[2:])
    assert east.hands[1] == CardSet.parse("AKQ2.T9.8765.432")
    assert east.hands[0] == CardSet.parse("3.432.KQJT9.JT98")
    assert east.to_move == 2  # E deals, S leads


def test_whist_leader_and_trump_keys():
    pos = solver.parse_position("whist; trump=h; leader=s; hands=AK...2, QJ.2.., 32..A., T..K.3")
    assert pos.trump == parse_strain("H")
    assert pos.to_move == 2
    dealt = solver.parse_position("whist; dealer=W; hands=N:AK...2 QJ.2.. 32..A. T..K.3")
    assert dealt.to_move == 0 and dealt.trump == NOTRUMP


def test_whist_two_card_ending_played_out():
    pos = solver.parse_position("whist; trump=H; leader=N; hands=N:A.2.. K.3.. Q.4.. 2.A..")
    assert move_texts(pos) == ["AS", "2H"]
    pos.play("AS")
    assert move_texts(pos) == ["KS"]
    play_moves(pos, "KS, QS, 2S")
    assert pos.tricks_won() == (1, 0, 0, 0) and pos.to_move == 0
    play_moves(pos, "2H, 3H, 4H, AH")
    assert pos.is_over and pos.to_move == 3
    assert pos.tricks_won() == (1, 0, 0, 1)
    assert pos.scores() == (1, 1, 1, 1)


# -- 8. Play and undo ------------------------------------------------------------


def undo_plain_card() -> tuple[_core.PlayState, str]:
    return whist_core(["AS 2H", "KS 3H", "QS 4H", "JS 5H"]), "AS"


def undo_trick_completing_card() -> tuple[_core.PlayState, str]:
    state = whist_core(["AS 2H", "KS 3H", "QS 4H", "JS 5H"])
    play_cards(state, "AS KS QS")
    return state, "JS"


def undo_card_before_a_claim() -> tuple[_core.PlayState, str]:
    state = chinkway_core(QUEST_DEAL)
    play_cards(state, "5C 2H 3D 2C")
    return state, "TS"


def undo_claim() -> tuple[_core.PlayState, str]:
    state = chinkway_core(QUEST_DEAL)
    play_cards(state, QUEST_TRICKS[0][0])
    return state, "5C"


def undo_last_claim() -> tuple[_core.PlayState, str]:
    state = chinkway_core(QUEST_DEAL)
    for trick, _, claim in QUEST_TRICKS[:4]:
        play_cards(state, f"{trick} {claim}")
    play_cards(state, QUEST_TRICKS[4][0])
    return state, "QD"


def undo_chinese_whist_uncover() -> tuple[_core.PlayState, str]:
    pos = solver.parse_position(CW_ENDING)
    pos.play("2H")
    assert pos.core is not None
    return pos.core, "KH"  # completes the trick: AH and 4C turn up


def undo_last_cinch_card() -> tuple[_core.PlayState, str]:
    state = cinch_core(["2H AH", "KH 3C", "4C 5C", "6C 7C"], "H")
    play_cards(state, "2H KH 4C 6C 3C 5C 7C")
    return state, "AH"


# A core state and the move to make and take back, for every kind of move.
CORE_UNDO_CASES = {
    "plain card": undo_plain_card,
    "trick-completing card": undo_trick_completing_card,
    "trick-completing card before a claim": undo_card_before_a_claim,
    "claim": undo_claim,
    "last claim": undo_last_claim,
    "Chinese Whist uncover": undo_chinese_whist_uncover,
    "last Cinch card": undo_last_cinch_card,
}


@pytest.mark.parametrize("kind", CORE_UNDO_CASES)
def test_core_undo_restores_the_state_exactly(kind):
    state, card = CORE_UNDO_CASES[kind]()
    before, moves = state.state_bytes(), state.moves_made
    state.play(idx(card))
    assert state.state_bytes() != before
    assert state.undo() == idx(card)
    assert state.state_bytes() == before
    assert state.moves_made == moves


@pytest.mark.parametrize(
    ("game", "players"),
    [("whist", 4), ("chinkway", 5), ("chinese-whist", 2), ("chinese-whist", 3), ("cinch", 4)],
)
def test_core_undo_restores_the_state_at_every_step_of_a_playout(game, players):
    rng = random.Random(players)
    pos = solver.deal(game, players=players, seed=9)
    while pos.core is None:
        pos.play(rng.choice(pos.legal_moves()))
    while not pos.is_over:
        before, line = pos.core.state_bytes(), pos.to_line()
        move = rng.choice(pos.legal_moves())
        pos.play(move)
        assert pos.undo() == move
        assert pos.core.state_bytes() == before
        assert pos.to_line() == line
        pos.play(move)


# A deal, the decisions that lead to the position, and the decision to make and
# take back (played on the position before play begins).
PREPLAY_UNDO_CASES = {
    "Chinkway discard": (lambda: Chinkway.deal(7), "", "discard AS"),
    "Chinkway trump": (lambda: Chinkway.deal(7), "discard AS, discard KS", "trump NT"),
    "Chinese Whist trump": (lambda: ChineseWhist.deal(4, seed=5), "", "trump D"),
    "Cinch bid": (lambda: Cinch.deal(3), "", "bid 2"),
    "Cinch last call": (lambda: Cinch.deal(3), "pass, bid 2, pass", "pass"),
    "Cinch trump and redeal": (lambda: Cinch.deal(3), "pass, bid 2, pass, pass", "trump D"),
    "Cinch redeal from the dead wood": (
        lambda: Cinch.deal(0),
        "pass, pass, pass, pass",
        "trump H",
    ),
    "Cinch excess trump discard": (
        lambda: Cinch.deal(70),
        "bid 1, pass, pass, pass, trump C",
        "discard AC",
    ),
}


@pytest.mark.parametrize("kind", PREPLAY_UNDO_CASES)
def test_position_undo_restores_the_notation_after_a_decision_before_play(kind):
    make, before, move = PREPLAY_UNDO_CASES[kind]
    pos = make()
    if before:
        play_moves(pos, before)
    line, toml, phase, to_move = pos.to_line(), pos.to_toml(), pos.phase, pos.to_move
    pos.play(move)
    after = pos.to_line()
    assert after != line
    assert str(pos.undo()) == str(pos.parse_move(move))
    assert (pos.to_line(), pos.to_toml()) == (line, toml)
    assert (pos.phase, pos.to_move) == (phase, to_move)
    pos.play(move)  # the same decision again gives the same position (the redeal too)
    assert pos.to_line() == after
