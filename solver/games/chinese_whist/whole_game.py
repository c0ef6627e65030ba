"""Chinese Whist's whole game and its matches (2, 3, 4 players): hands
until a side (a player, with 2 or 3) has the position's ``target`` (10; 5
or 7); the deal passes clockwise.  If two players of three reach it
together, the higher total wins; equal totals play on."""

from __future__ import annotations

from collections.abc import Sequence

from solver.games.chinese_whist.rules import DEFAULT_TARGET, ChineseWhist
from solver.games.game import side_seats


def deal_hand(
    seed: int, players: int, dealer: int, previous: ChineseWhist | None, target: int | None
) -> ChineseWhist:
    """A hand; the previous hand carries the target and the no-trumps rule."""
    if previous is not None:
        return ChineseWhist.deal(
            players, seed, dealer, notrump=previous.notrump, target=previous.target
        )
    return ChineseWhist.deal(
        players, seed, dealer, target=DEFAULT_TARGET if target is None else target
    )


def single_top(totals: Sequence[int], sides: Sequence[int], target: int) -> int | None:
    """The side alone at the top with `target` or more, if any."""
    top = max(totals)
    leaders = {sides[s] for s in range(len(totals)) if totals[s] == top}
    return leaders.pop() if top >= target and len(leaders) == 1 else None


def winners(pos: ChineseWhist, after: Sequence[int]) -> tuple[int, ...] | None:
    """The side alone at the top with the target or more."""
    sides = pos.sides()
    side_won = single_top(after, sides, pos.target)
    return None if side_won is None else side_seats(sides, side_won)
