"""Chinkway's whole game and its matches: ten rounds (the position's option
``rounds``), the deal passing clockwise, the round number giving the
partnerships, the quest deck carried from round to round (its used cards
public).  Each seat adds its own hand score; the highest total wins, ties
are shared."""

from __future__ import annotations

from collections.abc import Sequence

from solver.errors import PositionError
from solver.games.chinkway.rules import ROUNDS, Chinkway


def deal_hand(
    seed: int, hand: int, dealer: int, previous: Chinkway | None, rounds: int | None
) -> Chinkway:
    """Round `hand`; the previous round carries the quest deck and the rounds."""
    if previous is None:
        return Chinkway.deal(
            seed, round_no=hand, dealer=dealer, rounds=ROUNDS if rounds is None else rounds
        )
    assert previous.quest is not None
    return Chinkway.deal(
        seed,
        round_no=hand,
        dealer=dealer,
        quest_deck=previous.quest_deck,
        quest_used=previous.quest_used + previous.quest,
        quest_removed=previous.quest_removed,
        rounds=previous.rounds,
    )


def check_hand(pos: Chinkway, hand: int) -> None:
    """Hand `hand` is round `hand`, and its quest deck is known."""
    if pos.round != hand:
        raise PositionError(f"hand {hand} is round {hand}, not {pos.round}")
    if pos.quest_deck is None or pos.quest_removed is None:
        raise PositionError(
            "position: the quest deck (quest_deck, quest_removed) is needed to deal the next round"
        )


def winners(pos: Chinkway, after: Sequence[int]) -> tuple[int, ...] | None:
    """After the last round: the seats with the highest total."""
    if pos.round < pos.rounds:
        return None
    top = max(after)
    return tuple(s for s in range(pos.nseats) if after[s] == top)


def match_deal(seed: int, index: int) -> Chinkway:
    """Deal i of a match is round i mod 10 + 1 (so both partnership schemes
    come up), its quest deck new."""
    return Chinkway.deal(seed, round_no=index % ROUNDS + 1)
