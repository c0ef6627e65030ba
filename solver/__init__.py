"""tricksolver: exact solver for trick-taking card games.

Chinkway, Chinese Whist (2, 3, 4 players), Cinch and plain whist::

    >>> import solver
    >>> pos = solver.deal("whist", seed=1)
    >>> pos.play(pos.legal_moves()[0])
"""

from solver.cards import Card, CardSet, Suit
from solver.doubledummy import Solver, analyze, solve, table
from solver.errors import (
    CardError,
    IllegalMoveError,
    NotationError,
    PositionError,
    SolverBusyError,
    TricksolverError,
)
from solver.games.base import Move, Phase, Position
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinkway import Chinkway
from solver.games.cinch import Cinch
from solver.games.registry import GAMES
from solver.games.whist import Whist
from solver.position import deal, load_position, load_view, parse_position, parse_view, view_of
from solver.sampling import Sampler
from solver.search_results import Analysis, Bounds, CardValue, SearchStats, Solution, Table
from solver.view import View

__all__ = [
    "GAMES",
    "Analysis",
    "Bounds",
    "Card",
    "CardError",
    "CardSet",
    "CardValue",
    "ChineseWhist",
    "Chinkway",
    "Cinch",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Phase",
    "Position",
    "PositionError",
    "Sampler",
    "SearchStats",
    "Solution",
    "Solver",
    "SolverBusyError",
    "Suit",
    "Table",
    "TricksolverError",
    "View",
    "Whist",
    "analyze",
    "deal",
    "load_position",
    "load_view",
    "parse_position",
    "parse_view",
    "solve",
    "table",
    "view_of",
]
__version__ = "0.1.0"
