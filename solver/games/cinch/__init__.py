"""Cinch: four players in two partnerships, bidding, High-Low-Jack-Game.

Everything particular to the game lives in this folder: ``rules.py`` (the
position: its rules, its phases before play, its notation fields).  The
names of ``rules.py`` are re-exported here.
"""

from solver.games.base import BIDS
from solver.games.cinch.rules import (
    DEALT,
    FORCED_BID,
    KEYS,
    PACKET,
    PLAY_HAND,
    SEATS,
    SHOOT_RULES,
    Cinch,
    contract,
    legal_calls,
    parse_calls,
)

__all__ = [
    "BIDS",
    "Cinch",
    "DEALT",
    "FORCED_BID",
    "KEYS",
    "PACKET",
    "PLAY_HAND",
    "SEATS",
    "SHOOT_RULES",
    "contract",
    "legal_calls",
    "parse_calls",
]
