"""The rules' numbers of the product agree with the reference's.

The product writes each of them once, in the C core (csrc/rules.h), and its
Python modules read them through the binding; the slow reference
(tests/reference/rules.py) writes its own from the rules text, on purpose,
so that a mistake in one is not shared by the other.  Here the two meet.
"""

from solver import _core
from solver.cards import RANK_CHARS, SUIT_CHARS, Card
from solver.games import base
from solver.games.chinese_whist import rules as chinese_whist
from solver.games.chinkway import rules as chinkway
from solver.games.cinch import rules as cinch
from solver.games.registry import GAMES
from solver.games.whist import rules as whist
from tests.reference import rules as reference


def test_chinese_whist_par_is_the_references_for_every_number_of_players() -> None:
    assert chinese_whist.PAR == _core.CHINESE_WHIST_PAR == reference.CHINESE_WHIST_PAR


def test_cinch_bids_and_shoot_are_the_references() -> None:
    assert base.SHOOT == _core.SHOOT == reference.SHOOT
    assert base.BIDS == reference.CINCH_BIDS
    assert (base.PASS, *base.BIDS) == reference.CINCH_CALLS
    assert max(b for b in base.BIDS if b != base.SHOOT) == _core.CINCH_TOP_BID


def test_chinkway_seats_and_quest_are_the_references() -> None:
    assert (chinkway.SEATS,) == (_core.CHINKWAY_SEATS,) == reference.GAMES["chinkway"]
    assert chinkway.QUEST_CARDS == _core.QUEST_CARDS == reference.QUEST_CARDS
    assert len(chinkway.CATEGORY_NAMES) == _core.QUEST_CATEGORIES


def test_every_game_has_a_core_number_and_the_references_players() -> None:
    assert len(GAMES) == _core.GAMES == len(reference.GAMES)
    assert set(_core.GAME_NUMBERS) == set(GAMES)
    assert sorted(_core.GAME_NUMBERS.values()) == list(range(_core.GAMES))
    for name, game in GAMES.items():
        assert game.seat_counts == reference.GAMES[name], name
    assert (whist.SEATS,) == reference.GAMES["whist"]
    assert (cinch.SEATS,) == reference.GAMES["cinch"]


def test_quest_categories_are_the_references() -> None:
    for suit, suit_char in enumerate(SUIT_CHARS):
        for rank, rank_char in enumerate(RANK_CHARS):
            text = rank_char + suit_char
            category = chinkway.quest_category(Card.of(suit, rank))
            expected = reference.quest_category(text)
            if expected == "court":
                assert category == _core.COURTS, text
            else:
                assert SUIT_CHARS[category] == expected, text
