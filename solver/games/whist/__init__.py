"""Plain whist: the play of a bridge deal.

Everything particular to the game lives in this folder: ``rules.py`` (the
position: its rules, its phases before play, its notation fields).  The
names of ``rules.py`` are re-exported here.
"""

from solver.games.whist.rules import (
    FULL_HAND,
    KEYS,
    SEATS,
    Whist,
)

__all__ = [
    "FULL_HAND",
    "KEYS",
    "SEATS",
    "Whist",
]
