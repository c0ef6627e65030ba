"""Chinkway: five players, a lone dealer against two teams, and a quest.

Everything particular to the game lives in this folder: ``rules.py`` (the
position: its rules, its phases before play, its notation fields).  The
names of ``rules.py`` are re-exported here.
"""

from solver.games.chinkway.rules import (
    CATEGORY_NAMES,
    COURTS,
    DEALER_HAND,
    DISCARDS,
    HAND,
    KEYS,
    QUEST_CARDS,
    REMOVED_COURTS,
    ROUNDS,
    ROUNDS_PER_PAIRING,
    SEATS,
    Chinkway,
    new_quest_deck,
    pairing,
    quest_category,
    quest_needs,
)

__all__ = [
    "CATEGORY_NAMES",
    "COURTS",
    "Chinkway",
    "DEALER_HAND",
    "DISCARDS",
    "HAND",
    "KEYS",
    "QUEST_CARDS",
    "REMOVED_COURTS",
    "ROUNDS",
    "ROUNDS_PER_PAIRING",
    "SEATS",
    "new_quest_deck",
    "pairing",
    "quest_category",
    "quest_needs",
]
