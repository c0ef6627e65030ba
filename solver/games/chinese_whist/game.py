"""Chinese Whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.chinese_whist.rules import ChineseWhist
from solver.games.chinese_whist.view import ChineseWhistView
from solver.games.game import Game


class ChineseWhistGame(Game):
    name = "chinese-whist"
    title = "Chinese Whist"
    aliases = ("chinese_whist", "chinesewhist", "cw")
    seat_counts = (2, 3, 4)
    position = ChineseWhist
    view = ChineseWhistView

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> ChineseWhist:
        return ChineseWhist.deal(players or self.default_seats, seed)


GAME = ChineseWhistGame()
