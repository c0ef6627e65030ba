"""Unit tests of the pure-Python reference rules (tests/reference/rules.py).

Every test is a small hand-made position whose answer is worked out by hand from
docs/rules.md.
"""

import random

import pytest

# `tests` is a plain directory: under `pytest` only tests/ itself is on sys.path,
# under `python -m pytest` (or with a tests/__init__.py) the project root is.
try:
    from tests.reference.rules import (
        Hand,
        chinkway_sides,
        cinch_contract,
        cinch_legal_bids,
        legal_plays,
        quest_category,
        quest_score,
        trick_winner,
    )
except ImportError:
    from reference.rules import (
        Hand,
        chinkway_sides,
        cinch_contract,
        cinch_legal_bids,
        legal_plays,
        quest_category,
        quest_score,
        trick_winner,
    )

EXAMPLE_QUEST = ["3C", "AH", "JC", "QD", "9D"]  # the quest example in the rules


def play_all(hand: Hand, cards: list[str]) -> None:
    for card in cards:
        hand.play(card)


def whist(hands, trump=None, leader=0) -> Hand:
    return Hand({"game": "whist", "seats": 4, "trump": trump, "leader": leader, "hands": hands})


def chinese(hands, piles, trump="S", leader=0) -> Hand:
    return Hand(
        {
            "game": "chinese-whist",
            "seats": len(hands),
            "trump": trump,
            "leader": leader,
            "hands": hands,
            "piles": piles,
        }
    )


def chinkway(hands, quest=EXAMPLE_QUEST, trump=None, dealer=0, round=1, leader=None) -> Hand:
    if leader is None:
        leader = (dealer + 1) % 5  # player 2 leads
    return Hand(
        {
            "game": "chinkway",
            "seats": 5,
            "trump": trump,
            "leader": leader,
            "hands": hands,
            "dealer": dealer,
            "round": round,
            "quest": quest,
        }
    )


def cinch(hands, bidder, bid, trump="H", leader=None, shoot_needs_all_four=False) -> Hand:
    return Hand(
        {
            "game": "cinch",
            "seats": 4,
            "trump": trump,
            "leader": bidder if leader is None else leader,
            "hands": hands,
            "bidder": bidder,
            "bid": bid,
            "shoot_needs_all_four": shoot_needs_all_four,
        }
    )


# ---------------------------------------------------------------------------
# Tricks, common to all games


def test_highest_card_of_led_suit_wins():
    assert trick_winner(["5S", "KS", "9S", "2S"], None) == 1


def test_higher_card_of_another_suit_does_not_win():
    assert trick_winner(["5S", "AH", "4S", "AD"], None) == 0


def test_trump_beats_higher_card_of_led_suit():
    assert trick_winner(["AS", "KS", "2H", "QS"], "H") == 2


def test_highest_trump_wins_among_several_trumps():
    assert trick_winner(["AS", "3H", "9H", "5H"], "H") == 2


def test_led_trump_is_beaten_only_by_higher_trump():
    assert trick_winner(["7H", "AS", "8H", "2H"], "H") == 2


def test_no_trumps_highest_of_led_suit_wins_even_with_off_suit_aces():
    assert trick_winner(["2C", "AS", "AH", "AD"], None) == 0


def test_trick_winner_works_for_any_number_of_cards():
    assert trick_winner(["2C"], "S") == 0
    assert trick_winner(["2C", "3C", "2S", "AC", "KC"], "S") == 2


def test_must_follow_suit_when_able():
    assert legal_plays({"2S", "AS", "KH", "3D"}, "S") == {"2S", "AS"}


def test_any_card_when_void_in_led_suit():
    assert legal_plays({"KH", "3D"}, "S") == {"KH", "3D"}


def test_leader_may_play_any_playable_card():
    assert legal_plays({"2S", "KH"}, None) == {"2S", "KH"}


def test_play_goes_clockwise_and_winner_leads_next_trick():
    hand = whist([["2S", "3H"], ["AS", "4H"], ["5S", "5H"], ["6S", "6H"]], leader=0)
    assert hand.to_move() == 0
    hand.play("2S")
    assert hand.to_move() == 1
    hand.play("AS")
    assert hand.to_move() == 2
    hand.play("5S")
    hand.play("6S")
    assert hand.last_trick_winner() == 1
    assert hand.to_move() == 1
    assert hand.current_trick() == []


def test_play_wraps_round_from_last_seat_to_seat_zero():
    hand = whist([["2S"], ["3S"], ["4S"], ["5S"]], leader=3)
    hand.play("5S")
    assert hand.to_move() == 0


def test_revoke_is_rejected():
    hand = whist([["2S", "3H"], ["AS", "4H"], ["5S", "5H"], ["6S", "6H"]])
    hand.play("2S")
    with pytest.raises(ValueError):
        hand.play("4H")  # seat 1 holds AS and must follow


def test_card_not_held_is_rejected():
    hand = whist([["2S"], ["3S"], ["4S"], ["5S"]])
    with pytest.raises(ValueError):
        hand.play("3S")  # seat 1's card, seat 0 to play


def test_current_trick_lists_seat_and_card_in_play_order():
    hand = whist([["2S"], ["3S"], ["4S"], ["5S"]], leader=2)
    hand.play("4S")
    hand.play("5S")
    assert hand.current_trick() == [(2, "4S"), (3, "5S")]
    assert hand.last_trick_winner() is None


def test_spec_with_duplicate_card_is_rejected():
    with pytest.raises(ValueError):
        whist([["2S"], ["2S"], ["4S"], ["5S"]])


def test_spec_with_unequal_hands_is_rejected():
    with pytest.raises(ValueError):
        whist([["2S", "3S"], ["4S"], ["5S"], ["6S"]])


def test_spec_with_wrong_seat_count_is_rejected():
    with pytest.raises(ValueError):
        Hand(
            {
                "game": "cinch",
                "seats": 5,
                "trump": "H",
                "leader": 0,
                "hands": [[]] * 5,
                "bidder": 0,
                "bid": 1,
            }
        )


# ---------------------------------------------------------------------------
# Plain whist


def test_whist_two_trick_ending():
    # Trumps hearts. Seat 0 wins the spade trick, then leads 2D; seat 3 ruffs with 2H.
    hand = whist([["AS", "2D"], ["KS", "3D"], ["QS", "4D"], ["JS", "2H"]], trump="H")
    play_all(hand, ["AS", "KS", "QS", "JS"])
    assert hand.last_trick_winner() == 0
    assert hand.scores() == [1, 0, 1, 0]
    hand.play("2D")
    hand.play("3D")
    hand.play("4D")
    assert hand.legal() == {"2H"}
    hand.play("2H")
    assert hand.phase() == "over"
    assert hand.legal() == set()
    assert hand.tricks_won() == [1, 0, 0, 1]
    assert hand.scores() == [1, 1, 1, 1]


def test_whist_score_is_side_tricks():
    hand = whist([["AS", "AH"], ["2S", "2H"], ["3S", "3H"], ["4S", "4H"]])
    play_all(hand, ["AS", "2S", "3S", "4S", "AH", "2H", "3H", "4H"])
    assert hand.tricks_won() == [2, 0, 0, 0]
    assert hand.scores() == [2, 0, 2, 0]
    assert hand.sides() == [0, 1, 0, 1]


def test_whist_playing_after_the_end_is_rejected():
    hand = whist([["2S"], ["3S"], ["4S"], ["5S"]])
    play_all(hand, ["2S", "3S", "4S", "5S"])
    assert hand.phase() == "over"
    with pytest.raises(ValueError):
        hand.play("2S")


# ---------------------------------------------------------------------------
# Chinese Whist


def two_player_piles() -> Hand:
    # Seat 0: down 2D, pile (KS over 9S). Seat 1: down 3D, pile (5C over AS).
    return chinese([["2D"], ["3D"]], [[("KS", "9S")], [("5C", "AS")]], trump=None)


def test_covered_card_is_not_playable():
    hand = two_player_piles()
    assert hand.playable(0) == {"2D", "KS"}
    assert hand.playable(1) == {"3D", "5C"}


def test_following_suit_ignores_covered_cards():
    hand = two_player_piles()
    hand.play("KS")
    # Seat 1 has AS under its pile, but it is covered: seat 1 is void in spades.
    assert hand.legal() == {"3D", "5C"}


def test_following_suit_counts_pile_tops_and_down_cards():
    hand = chinese([["AS", "5D"], ["2S", "3H"]], [[("KS", "2C")], [("7S", "4C")]], trump=None)
    hand.play("KS")
    assert hand.legal() == {"2S", "7S"}


def test_under_card_turns_up_only_after_the_trick():
    hand = two_player_piles()
    hand.play("KS")
    # Seat 0's 9S is uncovered but still face down while the trick is in progress.
    assert hand.playable(0) == {"2D"}
    hand.play("5C")
    assert hand.last_trick_winner() == 0
    assert hand.playable(0) == {"2D", "9S"}


def test_every_uncovered_card_turns_up_together_when_the_trick_is_complete():
    hand = chinese(
        [["2C"], ["3C"], ["4C"]],
        [[("AH", "KH")], [("2H", "7D")], [("3H", "8D")]],
        trump=None,
    )
    hand.play("AH")
    assert "KH" not in hand.playable(0)
    hand.play("2H")
    assert hand.playable(1) == {"3C"}
    hand.play("3H")
    assert hand.playable(0) == {"2C", "KH"}
    assert hand.playable(1) == {"3C", "7D"}
    assert hand.playable(2) == {"4C", "8D"}


def test_uncovered_card_can_be_led_next_trick():
    hand = two_player_piles()
    play_all(hand, ["KS", "5C"])
    hand.play("9S")
    # Seat 1's 5C was played in the first trick, so its AS is face up now and must follow.
    assert hand.legal() == {"AS"}
    hand.play("AS")
    assert hand.last_trick_winner() == 1


def test_chinese_whist_full_two_player_layout_plays_out():
    hand = two_player_piles()
    play_all(hand, ["KS", "5C", "9S", "AS", "3D", "2D"])
    assert hand.phase() == "over"
    assert hand.tricks_won() == [1, 2]


def test_chinese_whist_pile_with_face_up_card_only():
    hand = chinese([["2D"], ["3D"]], [[("KS", None)], [("5C", None)]], trump=None)
    assert hand.playable(0) == {"2D", "KS"}
    play_all(hand, ["KS", "5C"])
    assert hand.playable(0) == {"2D"}


def test_chinese_whist_four_players_score_tricks_above_six_for_the_side():
    hands = [
        ["AS", "KS", "QS", "JS", "TS", "9S", "8S"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
    ]
    hand = chinese(hands, [[], [], [], []], trump=None)
    for i in range(7):
        play_all(hand, [hands[0][i], hands[1][i], hands[2][i], hands[3][i]])
        if i == 5:
            assert hand.scores() == [0, 0, 0, 0]  # six tricks is par
    assert hand.phase() == "over"
    assert hand.scores() == [1, 0, 1, 0]
    assert hand.sides() == [0, 1, 0, 1]


def test_chinese_whist_three_players_each_score_tricks_above_five():
    hands = [
        ["AS", "KS", "QS", "JS", "TS", "9S"],
        ["2H", "3H", "4H", "5H", "6H", "7H"],
        ["2D", "3D", "4D", "5D", "6D", "7D"],
    ]
    hand = chinese(hands, [[], [], []], trump=None)
    for i in range(6):
        play_all(hand, [hands[0][i], hands[1][i], hands[2][i]])
        if i == 4:
            assert hand.scores() == [0, 0, 0]
    assert hand.scores() == [1, 0, 0]
    assert hand.sides() == [0, 1, 2]


def test_chinese_whist_two_players_each_score_tricks_above_thirteen():
    spades = [r + "S" for r in "AKQJT98765432"]
    clubs = [r + "C" for r in "AKQJT98765432"]
    hands = [spades + ["AH"], clubs + ["2H"]]
    hand = chinese(hands, [[], []], trump=None)
    for i in range(14):
        play_all(hand, [hands[0][i], hands[1][i]])
        if i == 12:
            assert hand.scores() == [0, 0]
    assert hand.tricks_won() == [14, 0]
    assert hand.scores() == [1, 0]


# ---------------------------------------------------------------------------
# Chinkway: quest categories, scores, sides


def test_quest_category_of_pips_and_courts():
    assert quest_category("5C") == "C"
    assert quest_category("TD") == "D"
    assert quest_category("JC") == "court"
    assert quest_category("QD") == "court"
    assert quest_category("KS") == "court"


def test_ace_is_a_pip_for_the_quest():
    assert quest_category("AH") == "H"


def test_quest_score_is_triangular():
    assert [quest_score(k) for k in range(6)] == [0, 1, 3, 6, 10, 15]


def test_sides_rounds_1_to_5_pair_players_2_and_3():
    # Dealer seat 0: players 2, 3, 4, 5 are seats 1, 2, 3, 4.
    assert chinkway_sides(0, 1) == [0, 1, 1, 2, 2]
    assert chinkway_sides(0, 5) == [0, 1, 1, 2, 2]


def test_sides_rounds_6_to_10_pair_players_2_and_4():
    assert chinkway_sides(0, 6) == [0, 1, 2, 1, 2]
    assert chinkway_sides(0, 10) == [0, 1, 2, 1, 2]


def test_sides_past_round_10_keep_alternating_in_blocks_of_five():
    assert chinkway_sides(0, 11) == [0, 1, 1, 2, 2]
    assert chinkway_sides(0, 15) == [0, 1, 1, 2, 2]
    assert chinkway_sides(0, 16) == [0, 1, 2, 1, 2]
    assert chinkway_sides(0, 21) == [0, 1, 1, 2, 2]


def test_sides_follow_the_dealer_round_the_table():
    # Dealer seat 3: players 2, 3, 4, 5 are seats 4, 0, 1, 2.
    assert chinkway_sides(3, 2) == [1, 2, 2, 0, 1]
    assert chinkway_sides(3, 7) == [2, 1, 2, 0, 1]


def test_sides_reject_round_zero():
    with pytest.raises(ValueError):
        chinkway_sides(0, 0)


# ---------------------------------------------------------------------------
# Chinkway: claims


def test_captured_club_pip_completes_the_club_part():
    # Dealer 0, round 1: seats 1&2 against 3&4. Seat 1 leads 5C; the rest discard spades.
    hand = chinkway([["6S"], ["5C"], ["2S"], ["3S"], ["4S"]])
    play_all(hand, ["5C", "2S", "3S", "4S", "6S"])
    assert hand.last_trick_winner() == 1
    assert hand.phase() == "claim"
    assert hand.to_move() == 1
    assert hand.legal() == {"5C"}
    assert hand.current_trick() == [(1, "5C"), (2, "2S"), (3, "3S"), (4, "4S"), (0, "6S")]
    hand.play("5C")
    assert hand.phase() == "over"
    assert hand.claims() == [[], ["5C"], [], [], []]
    assert hand.scores() == [0, 1, 1, 0, 0]


def test_full_quest_completed_scores_fifteen_for_each_team_member():
    # Seat 1 leads its five winners; the others follow low or discard.
    hands = [
        ["4H", "3D", "4D", "5H", "5D"],  # seat 0 (dealer)
        ["AC", "AH", "AD", "KS", "KH"],  # seat 1
        ["2S", "3S", "4S", "5S", "6S"],  # seat 2
        ["7S", "8S", "9S", "TS", "2C"],  # seat 3
        ["3C", "4C", "2H", "3H", "2D"],  # seat 4
    ]
    hand = chinkway(hands)
    for lead in ["AC", "AH", "AD", "KS", "KH"]:
        assert hand.to_move() == 1
        hand.play(lead)
        while hand.phase() == "play" and hand.current_trick():
            hand.play(min(hand.legal()))
        assert hand.phase() == "claim"
        assert hand.last_trick_winner() == 1
        hand.play(lead)
    assert hand.phase() == "over"
    assert hand.claims()[1] == ["AC", "AH", "AD", "KS", "KH"]
    assert hand.scores() == [0, 15, 15, 0, 0]


def test_claim_choice_between_two_needed_categories_belongs_to_winner():
    hand = chinkway([["4S"], ["5C"], ["KS"], ["2S"], ["3S"]])
    play_all(hand, ["5C", "KS", "2S", "3S", "4S"])
    assert hand.phase() == "claim"
    assert hand.to_move() == 1
    assert hand.legal() == {"5C", "KS"}
    hand.play("KS")
    assert hand.claims()[1] == ["KS"]
    assert hand.scores() == [0, 1, 1, 0, 0]


def test_claim_of_a_card_not_needed_is_rejected():
    hand = chinkway([["4S"], ["5C"], ["KS"], ["2S"], ["3S"]])
    play_all(hand, ["5C", "KS", "2S", "3S", "4S"])
    with pytest.raises(ValueError):
        hand.play("2S")  # spade pips are not in the quest


def test_only_one_card_is_claimed_from_a_trick():
    # Two needed club pips are in the trick and the quest needs two: one claim only.
    quest = ["3C", "4C", "JC", "QD", "9D"]
    hand = chinkway([["2S"], ["5C"], ["7C"], ["3S"], ["4S"]], quest=quest)
    play_all(hand, ["5C", "7C", "3S", "4S", "2S"])
    assert hand.last_trick_winner() == 2
    assert hand.legal() == {"5C", "7C"}
    hand.play("7C")
    assert hand.phase() == "over"
    assert hand.claims() == [[], [], ["7C"], [], []]


def test_no_claim_when_trick_holds_nothing_needed():
    hand = chinkway([["6S", "2H"], ["5S", "3H"], ["2S", "4H"], ["3S", "5H"], ["4S", "6H"]])
    play_all(hand, ["5S", "2S", "3S", "4S", "6S"])
    assert hand.phase() == "play"
    assert hand.to_move() == 0
    assert hand.current_trick() == []
    assert hand.claims() == [[], [], [], [], []]


def test_claims_of_partners_pool():
    # Trumps clubs; quest: one club pip, one diamond pip, three courts (no heart or spade pips).
    quest = ["3C", "JC", "QD", "9D", "KH"]
    hands = [["2S", "5H"], ["3S", "9C"], ["5C", "2H"], ["4S", "3H"], ["6S", "4H"]]
    hand = chinkway(hands, quest=quest, trump="C")
    play_all(hand, ["3S", "5C", "4S", "6S", "2S"])  # seat 2 ruffs
    assert hand.legal() == {"5C"}
    hand.play("5C")
    # Seat 2 leads 2H; seat 1 (its partner) ruffs with 9C, but the team's club part is done.
    play_all(hand, ["2H", "3H", "4H", "5H", "9C"])
    assert hand.last_trick_winner() == 1
    assert hand.phase() == "over"
    assert hand.claims() == [[], [], ["5C"], [], []]
    assert hand.scores() == [0, 1, 1, 0, 0]


def test_other_side_still_needs_what_one_side_claimed():
    quest = ["3C", "JC", "QD", "9D", "KH"]
    hands = [["2S", "3H"], ["3S", "5H"], ["5C", "2H"], ["4S", "9C"], ["6S", "4H"]]
    hand = chinkway(hands, quest=quest, trump="C")
    play_all(hand, ["3S", "5C", "4S", "6S", "2S"])
    hand.play("5C")
    play_all(hand, ["2H", "9C", "4H", "3H", "5H"])  # seat 3 (other team) ruffs
    assert hand.last_trick_winner() == 3
    assert hand.phase() == "claim"
    assert hand.legal() == {"9C"}
    hand.play("9C")
    assert hand.scores() == [0, 1, 1, 1, 1]


def test_dealer_plays_alone_and_scores_own_claims():
    hand = chinkway([["AC"], ["5S"], ["2S"], ["3S"], ["4S"]])
    play_all(hand, ["5S", "2S", "3S", "4S"])
    hand.play("AC")  # dealer, void in spades, discards the AC; 5S wins
    assert hand.last_trick_winner() == 1
    hand.play("AC")
    assert hand.sides() == [0, 1, 1, 2, 2]
    assert hand.scores() == [0, 1, 1, 0, 0]

    hand = chinkway([["AS"], ["5C"], ["2S"], ["3S"], ["4S"]], trump="S")
    play_all(hand, ["5C", "2S", "3S", "4S", "AS"])
    assert hand.last_trick_winner() == 0
    hand.play("5C")
    assert hand.scores() == [1, 0, 0, 0, 0]


def test_winner_leads_after_the_claim():
    hands = [["6S", "2H"], ["5C", "3H"], ["2S", "4H"], ["3S", "5H"], ["4S", "6H"]]
    hand = chinkway(hands)
    play_all(hand, ["5C", "2S", "3S", "4S", "6S"])
    hand.play("5C")
    assert hand.phase() == "play"
    assert hand.to_move() == 1
    assert hand.current_trick() == []
    assert hand.legal() == {"3H"}


# ---------------------------------------------------------------------------
# Cinch bidding


def test_first_caller_may_pass_or_make_any_bid():
    assert cinch_legal_bids([]) == {0, 1, 2, 3, 4, 8}


def test_caller_must_pass_or_bid_higher():
    assert cinch_legal_bids([2]) == {0, 3, 4, 8}
    assert cinch_legal_bids([2, 0, 3]) == {0, 4, 8}


def test_non_dealer_cannot_overshoot():
    assert cinch_legal_bids([8]) == {0}
    assert cinch_legal_bids([0, 8]) == {0}


def test_dealer_may_overshoot_a_shoot():
    assert cinch_legal_bids([8, 0, 0]) == {0, 8}
    assert cinch_legal_bids([0, 0, 8]) == {0, 8}


def test_dealer_cannot_call_shoot_over_a_four_unless_someone_shot():
    assert cinch_legal_bids([4, 0, 0]) == {0, 8}  # 8 is simply higher than 4
    assert cinch_legal_bids([0, 4, 0]) == {0, 8}


def test_dealer_may_pass_after_three_passes_and_is_then_forced_to_bid_one():
    assert cinch_legal_bids([0, 0, 0]) == {0, 1, 2, 3, 4, 8}
    assert cinch_contract([0, 0, 0, 0]) == (3, 1)


def test_dealer_last_false_removes_dealer_privileges():
    assert cinch_legal_bids([8, 0, 0], dealer_last=False) == {0}


def test_bidding_over_after_four_calls_raises():
    with pytest.raises(ValueError):
        cinch_legal_bids([0, 1, 0, 0])


def test_illegal_bidding_history_raises():
    with pytest.raises(ValueError):
        cinch_legal_bids([2, 1])
    with pytest.raises(ValueError):
        cinch_legal_bids([5])


def test_contract_goes_to_highest_bid():
    assert cinch_contract([1, 2, 0, 0]) == (1, 2)
    assert cinch_contract([0, 2, 0, 3]) == (3, 3)
    assert cinch_contract([0, 0, 8, 0]) == (2, 8)


def test_contract_overshoot_goes_to_dealer():
    assert cinch_contract([8, 0, 0, 8]) == (3, 8)


def test_contract_forced_dealer_bid():
    assert cinch_contract([0, 0, 0, 1]) == (3, 1)


def test_contract_needs_four_legal_calls():
    with pytest.raises(ValueError):
        cinch_contract([0, 2, 0])
    with pytest.raises(ValueError):
        cinch_contract([0, 2, 1, 0])


# ---------------------------------------------------------------------------
# Cinch points and score


def test_cinch_high_low_game_to_capturing_side_bid_made():
    # Seat 0 leads AH: captures High (AH), Low (2H) and Game (T+A = 14). No JH in play.
    hand = cinch([["AH"], ["2H"], ["TD"], ["3D"]], bidder=0, bid=2)
    play_all(hand, ["AH", "2H", "TD", "3D"])
    assert hand.scores() == [3, 0, 3, 0]


def low_to_other_side(bid: int) -> Hand:
    # Trick 1: seat 0 leads 2H (Low), seat 1 wins with KH. Trick 2: seat 0 ruffs with AH.
    hands = [["2H", "AH"], ["KH", "3C"], ["4C", "5C"], ["6C", "7C"]]
    hand = cinch(hands, bidder=0, bid=bid)
    play_all(hand, ["2H", "KH", "4C", "6C"])
    assert hand.last_trick_winner() == 1
    play_all(hand, ["3C", "5C", "7C", "AH"])
    assert hand.last_trick_winner() == 0
    return hand


def test_cinch_low_goes_to_side_capturing_it_not_the_side_playing_it():
    # Side 0: High + Game (A = 4 against K = 3) = 2 points; side 1: Low = 1 point.
    assert low_to_other_side(bid=2).scores() == [2, 1, 2, 1]


def test_cinch_bidding_side_short_of_bid_is_set():
    assert low_to_other_side(bid=3).scores() == [-3, 1, -3, 1]


def test_cinch_other_side_always_scores_its_points():
    # The same play as above, but seat 1 bid 4: side 1 takes 1 point and is set;
    # side 0, not bidding, still scores its 2 points.
    hands = [["2H", "AH"], ["KH", "3C"], ["4C", "5C"], ["6C", "7C"]]
    hand = cinch(hands, bidder=1, bid=4, leader=0)
    play_all(hand, ["2H", "KH", "4C", "6C", "3C", "5C", "7C", "AH"])
    assert hand.scores() == [2, -4, 2, -4]


JACK_TO_OTHER_SIDE_HANDS = [["AH", "5C"], ["3H", "JH"], ["2H", "6C"], ["4C", "7C"]]
JACK_TO_OTHER_SIDE_PLAY = ["AH", "3H", "2H", "4C", "5C", "JH", "6C", "7C"]


def test_cinch_jack_point_to_side_capturing_it():
    # Trick 1: seat 0's AH takes High and Low (2H). Trick 2: seat 1 ruffs a club with JH.
    hand = cinch(JACK_TO_OTHER_SIDE_HANDS, bidder=0, bid=1)
    play_all(hand, JACK_TO_OTHER_SIDE_PLAY[:4])
    assert hand.last_trick_winner() == 0
    play_all(hand, JACK_TO_OTHER_SIDE_PLAY[4:])
    assert hand.last_trick_winner() == 1
    # Side 0: High, Low, Game (A 4 against J 1) = 3; side 1: Jack = 1.
    assert hand.scores() == [3, 1, 3, 1]


def test_cinch_no_jack_point_when_jack_of_trump_not_in_play():
    hand = cinch([["AH"], ["2H"], ["JD"], ["3D"]], bidder=0, bid=4)
    play_all(hand, ["AH", "2H", "JD", "3D"])
    # High, Low, Game: 3 points, short of 4 because no Jack is in play.
    assert hand.scores() == [-4, 0, -4, 0]


def test_cinch_single_trump_in_play_is_both_high_and_low():
    hand = cinch([["5H"], ["2S"], ["3S"], ["4S"]], bidder=0, bid=2)
    play_all(hand, ["5H", "2S", "3S", "4S"])
    assert hand.scores() == [2, 0, 2, 0]  # High and Low; Game 0-0 is a tie


def test_cinch_game_tie_gives_no_point():
    # Side 0 captures TC (10); side 1 captures JS AS KS QS (1 + 4 + 3 + 2 = 10).
    hands = [["3H", "JS"], ["TC", "AS"], ["4C", "KS"], ["5C", "QS"]]
    hand = cinch(hands, bidder=1, bid=1, leader=0)
    play_all(hand, ["3H", "TC", "4C", "5C"])
    play_all(hand, ["JS", "AS", "KS", "QS"])
    assert hand.tricks_won() == [1, 1, 0, 0]
    # Side 0: High and Low (3H, the only trump); side 1: nothing, set for 1.
    assert hand.scores() == [2, -1, 2, -1]


def test_cinch_game_point_counts_every_suit():
    # Side 1 wins a spade trick with TS: a non-trump ten still counts 10 for Game.
    hands = [["2H", "2S"], ["3S", "TS"], ["3H", "4S"], ["4H", "5S"]]
    hand = cinch(hands, bidder=0, bid=1, leader=0)
    play_all(hand, ["2S", "TS", "4S", "5S"])
    assert hand.last_trick_winner() == 1
    assert hand.scores() == [-1, 1, -1, 1]


def test_cinch_scores_as_if_the_hand_ended_now():
    hands = [["2H", "AH"], ["KH", "3C"], ["4C", "5C"], ["6C", "7C"]]
    hand = cinch(hands, bidder=0, bid=2)
    assert hand.scores() == [-2, 0, -2, 0]  # nothing captured yet
    play_all(hand, ["2H", "KH", "4C", "6C"])
    # Side 1 has Low and Game (K 3 against 0); High (AH) is not captured yet.
    assert hand.scores() == [-2, 2, -2, 2]


def shoot_hand(cards, shoot_needs_all_four):
    hand = cinch([[c] for c in cards], bidder=0, bid=8, shoot_needs_all_four=shoot_needs_all_four)
    play_all(hand, cards)
    return hand


@pytest.mark.parametrize("needs_all_four", [False, True])
def test_cinch_shoot_made_with_all_four_points(needs_all_four):
    hand = shoot_hand(["AH", "JH", "2H", "TS"], needs_all_four)
    assert hand.scores() == [8, 0, 8, 0]


def test_cinch_shoot_made_without_jack_when_jack_not_in_play():
    hand = shoot_hand(["AH", "2H", "TS", "KS"], shoot_needs_all_four=False)
    assert hand.scores() == [8, 0, 8, 0]


def test_cinch_shoot_fails_without_jack_when_all_four_needed():
    hand = shoot_hand(["AH", "2H", "TS", "KS"], shoot_needs_all_four=True)
    assert hand.scores() == [-8, 0, -8, 0]


@pytest.mark.parametrize("needs_all_four", [False, True])
def test_cinch_shoot_fails_when_other_side_takes_a_point(needs_all_four):
    # Side 1 captures the jack of trump; side 0 takes High, Low and Game.
    hand = cinch(JACK_TO_OTHER_SIDE_HANDS, bidder=0, bid=8, shoot_needs_all_four=needs_all_four)
    play_all(hand, JACK_TO_OTHER_SIDE_PLAY)
    assert hand.scores() == [-8, 1, -8, 1]


def test_cinch_shoot_fails_on_game_tie():
    # Side 0 takes High and Low (3H) but Game ties 10-10, so not every point.
    hands = [["3H", "JS"], ["TC", "AS"], ["4C", "KS"], ["5C", "QS"]]
    hand = cinch(hands, bidder=0, bid=8)
    play_all(hand, ["3H", "TC", "4C", "5C", "JS", "AS", "KS", "QS"])
    assert hand.scores() == [-8, 0, -8, 0]


# ---------------------------------------------------------------------------
# Whole hands with random legal play: bookkeeping invariants


def random_spec(game: str, seats: int, rng: random.Random) -> dict:
    deck = [r + s for r in "23456789TJQKA" for s in "SHDC"]
    rng.shuffle(deck)
    per_seat = {"whist": 13, "chinkway": 10, "cinch": 6}.get(game, 52 // seats)
    trump = rng.choice(["S", "H", "D", "C", None]) if game != "cinch" else rng.choice("SHDC")
    spec = {"game": game, "seats": seats, "trump": trump, "leader": 0}
    if game == "chinese-whist":
        piles_each = {4: 6, 3: 8, 2: 12}[seats]
        spec["hands"], spec["piles"] = [], []
        for seat in range(seats):
            cards = deck[seat * per_seat : (seat + 1) * per_seat]
            pile_cards = cards[: 2 * piles_each]
            spec["piles"].append(list(zip(pile_cards[::2], pile_cards[1::2], strict=True)))
            spec["hands"].append(cards[2 * piles_each :])
    else:
        spec["hands"] = [deck[i * per_seat : (i + 1) * per_seat] for i in range(seats)]
    if game == "chinkway":
        spec.update(dealer=4, round=rng.randint(1, 20), quest=rng.sample(deck, 5))
    if game == "cinch":
        spec.update(bidder=0, bid=rng.choice([1, 2, 3, 4, 8]))
    return spec


@pytest.mark.parametrize(
    "game,seats",
    [
        ("whist", 4),
        ("chinkway", 5),
        ("cinch", 4),
        ("chinese-whist", 2),
        ("chinese-whist", 3),
        ("chinese-whist", 4),
    ],
)
def test_random_legal_play_keeps_the_books(game, seats):
    rng = random.Random(f"{game}{seats}")
    for _ in range(20):
        spec = random_spec(game, seats, rng)
        hand = Hand(spec)
        total = sum(len(hand_cards(spec, s)) for s in range(seats))
        played = []
        while hand.phase() != "over":
            legal = hand.legal()
            assert legal
            card = rng.choice(sorted(legal))
            if hand.phase() == "play":
                assert legal <= hand.playable(hand.to_move())
                played.append(card)
            hand.play(card)
        assert sorted(played) == sorted(c for s in range(seats) for c in hand_cards(spec, s))
        assert sum(hand.tricks_won()) == total // seats
        claimed = [c for cards in hand.claims() for c in cards]
        assert len(claimed) == len(set(claimed)) and set(claimed) <= set(played)
        if game != "chinkway":
            assert claimed == []
        scores = hand.scores()
        sides = hand.sides()
        for a in range(seats):
            for b in range(seats):
                if sides[a] == sides[b]:
                    assert scores[a] == scores[b]


def hand_cards(spec: dict, seat: int) -> list[str]:
    cards = list(spec["hands"][seat])
    for top, under in spec.get("piles", [[]] * spec["seats"])[seat]:
        cards += [top, under]
    return cards
