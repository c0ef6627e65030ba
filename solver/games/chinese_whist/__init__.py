"""Chinese Whist: two, three or four players, piles of face-up cards over face-down ones.

Everything particular to the game lives in this folder: ``rules.py`` (the
position: its rules, its phases before play, its notation fields).  The
names of ``rules.py`` are re-exported here.
"""

from solver.games.chinese_whist.rules import (
    DEFAULT_TARGET,
    KEYS,
    LAYOUT,
    REMOVED_WITH_THREE,
    TARGETS,
    ChineseWhist,
    Pile,
    check_settings,
    deck_for,
    parse_piles,
    pile_text,
    pile_tokens,
)

__all__ = [
    "ChineseWhist",
    "DEFAULT_TARGET",
    "KEYS",
    "LAYOUT",
    "Pile",
    "REMOVED_WITH_THREE",
    "TARGETS",
    "check_settings",
    "deck_for",
    "parse_piles",
    "pile_text",
    "pile_tokens",
]
