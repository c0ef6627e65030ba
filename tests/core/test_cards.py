"""Cards and sets of cards: text forms that parse back to themselves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver import Card, CardError, CardSet, Suit
from solver.cards import DECK_MASK, NOTRUMP, parse_strain, strain_text

card_indices = st.sampled_from([i for i in range(64) if i % 16 < 13])
masks = st.integers(0, DECK_MASK).map(lambda m: m & DECK_MASK)


@given(card_indices)
def test_card_text_parses_back_to_the_card(index: int) -> None:
    card = Card(index)
    assert Card.parse(str(card)) == card
    assert repr(card) == f"Card('{card}')"


@given(masks)
def test_cardset_text_parses_back_to_the_set(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet.parse(str(cards)) == cards
    assert CardSet.parse(cards.cards_text()) == cards
    assert len(cards) == bin(mask).count("1")
    assert CardSet(list(cards)) == cards


def test_card_accepts_ten_lower_case_and_suit_symbols() -> None:
    assert Card.parse("10h") == Card.parse("TH")
    assert Card.parse("q♦") == Card.parse("QD")
    assert Card.parse("A♠") == Card.parse("AS")
    assert str(Card.parse("10♣")) == "TC"


def test_card_index_is_suit_times_sixteen_plus_rank() -> None:
    assert Card.parse("2S").index == 0
    assert Card.parse("AS").index == 12
    assert Card.parse("2H").index == 16
    assert Card.parse("AC").index == 3 * 16 + 12
    assert Card.parse("KD").suit == Suit.DIAMONDS


def test_cardset_iterates_by_suit_high_first() -> None:
    cards = CardSet.parse("2C AS 9H KS")
    assert [str(c) for c in cards] == ["AS", "KS", "9H", "2C"]
    assert str(cards) == "AK.9..2"


def test_dotted_hand_accepts_voids_dashes_and_ten() -> None:
    assert CardSet.parse("AK10.-..2") == CardSet.parse("AS KS TS 2C")
    assert CardSet.parse("-") == CardSet()
    assert str(CardSet()) == "..."


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1S", "unknown card '1S'"),
        ("AX", "unknown card 'AX'"),
        ("A", "unknown card 'A'"),
        ("AS AS", "AS appears twice"),
        ("AKA.2.3.4", "AS appears twice"),
        ("AZ.2.3.4", "unknown rank 'Z'"),
    ],
)
def test_bad_card_text_names_the_problem(text: str, words: str) -> None:
    with pytest.raises(CardError, match=words):
        CardSet.parse(text)


def test_cards_and_sets_are_immutable_values() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]
    assert {Card.parse("AS"), Card.parse("as")} == {card}
    with pytest.raises(CardError):
        Card(13)
    with pytest.raises(CardError):
        CardSet(1 << 13)


@pytest.mark.parametrize("text", ["S", "h", "D", "c", "NT", "nt", "♠"])
def test_strain_text_round_trip(text: str) -> None:
    strain = parse_strain(text)
    assert parse_strain(strain_text(strain)) == strain
    assert (strain == NOTRUMP) == (text.upper() == "NT")
