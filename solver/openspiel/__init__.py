"""Our games as OpenSpiel games (the optional extra ``openspiel``).

Importing this package registers every game and number of players with
OpenSpiel (`solver.openspiel.games`): ``pyspiel.load_game(name)`` then
loads one by its name in `short_names()`.  Without open_spiel installed the
import raises `ExtraMissingError`, one line saying how to install it.
docs/openspiel.md tells the names, the action ids and an example.
"""

from __future__ import annotations

from solver.errors import ExtraMissingError

try:
    import pyspiel  # noqa: F401
except ImportError:
    raise ExtraMissingError(
        "OpenSpiel games need open_spiel: pip install 'tricksolver[openspiel]'"
    ) from None

from solver.openspiel.games import VARIANTS, HandGame, HandState, Variant, register, short_names

register()

__all__ = ["VARIANTS", "HandGame", "HandState", "Variant", "register", "short_names"]
