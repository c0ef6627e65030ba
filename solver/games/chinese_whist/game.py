"""Chinese Whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.drawing import TRICKS, TRICKS_FROM_HERE, game_to, tricks_meaning
from solver.games.chinese_whist import drawing
from solver.games.chinese_whist.rules import ChineseWhist
from solver.games.game import Game


class ChineseWhistGame(Game):
    name = "chinese-whist"
    title = "Chinese Whist"
    aliases = ("chinese_whist", "chinesewhist", "cw")
    seat_counts = (2, 3, 4)
    position = ChineseWhist

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> ChineseWhist:
        return ChineseWhist.deal(players or self.default_seats, seed)

    # --- cli ---
    bench_parts = (("cw4", 4), ("cw3", 3), ("cw2", 2))
    bench_aliases = ("cw",)
    value_unit = TRICKS
    value_words = TRICKS_FROM_HERE
    hand_label = drawing.HAND_LABEL
    many_sides = staticmethod(drawing.many_sides)

    value_meaning = staticmethod(tricks_meaning)
    length_text = staticmethod(game_to)

    seat_rows = staticmethod(drawing.seat_rows)
    panels = staticmethod(drawing.panels)
    seen_lines = staticmethod(drawing.seen_lines)
    dealt_text = staticmethod(drawing.dealt_text)


GAME = ChineseWhistGame()
