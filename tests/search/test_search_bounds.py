"""Hand-made whist endings in which one of the search's sure-trick bounds
(csrc/games/partnership.h, csrc/games/tricks.h) decides the question at the
root, before any card is tried:
a suit run through both hands of a side (`run_over`) and the tricks a hand
takes with its trumps against fewer higher trumps (`trump_tricks_of`).

For each ending the solver must agree with the brute force
(tests/reference/minimax.py), and `reaches` must answer at the root, in one
node: that shows the bound sees the tricks (the older bounds did not, and the
search had to play the cards).  The random endgames of
tests/search/test_search_bruteforce.py and the DDS records of tests/search/test_dds.py check
the same bounds on positions nobody chose.
"""

from __future__ import annotations

import pytest

from solver import _core
from solver.position import parse_position
from tests.reference import minimax
from tests.reference.rules import Hand

SEATS = "NESW"


def reference(hands: str, trump: str, leader: str) -> Hand:
    """The brute force's hand for a position written as N's, E's, S's and W's
    suits (spades, hearts, diamonds, clubs; `.` between suits)."""
    cards = []
    for hand in hands.split():
        held = []
        for suit, ranks in zip("SHDC", hand.split("."), strict=True):
            held += [rank + suit for rank in ranks]
        cards.append(held)
    return Hand(
        {
            "game": "whist",
            "seats": 4,
            "leader": SEATS.index(leader),
            "trump": None if trump == "NT" else trump,
            "hands": cards,
        }
    )


ENDINGS = [
    # N leads its spades from the top while S plays low, S overtakes N's last
    # spade with the king and cashes the rest: three tricks.  Cashing from one
    # hand at a time finds only two (the ace and queen, or the king).
    pytest.param("AQ.2.. J2..4. K43... .76.8.", "NT", "N", 0, 3, id="overtake-last-card"),
    # the same cards with S, the longer hand, on lead: the three to the ace,
    # the queen overtaken by the king, then the four.
    pytest.param("AQ.2.. J2..4. K43... .76.8.", "NT", "S", 0, 3, id="low-to-partner-first"),
    # hearts trump: N's three small trumps against E's ten and W's jack.
    # Each higher trump beats at most one of N's, so N/S take at least one
    # trick whatever E and W do (the top trumps are all theirs).
    pytest.param(".854.. AK.T.. 234... .J..23", "H", "E", 0, 1, id="small-trumps-against-two"),
]


@pytest.mark.parametrize(("hands", "trump", "leader", "side", "target"), ENDINGS)
def test_bound_answers_at_the_root(
    hands: str, trump: str, leader: str, side: int, target: int
) -> None:
    pos = parse_position(f"whist; trump={trump}; leader={leader}; hands=N:{hands}")
    core = pos.core
    assert core is not None
    want = minimax.value(reference(hands, trump, leader), side)
    assert want >= target, "the ending does not show what it is meant to"
    assert _core.Searcher(1 << 20).solve(core, side) == want
    fresh = _core.Searcher(1 << 20)  # (an empty table: no entry answers for the bound)
    assert fresh.reaches(core, side, target)
    assert fresh.stats["nodes"] == 1, "the bound did not answer at the root"
