"""How Chinkway is drawn for a person: the seats' sides and claims, the
quest and what every side still needs, the dealer's discards and the quest
deck, and the narration's lines of the quest, the claims and the dealer's
face-down discards.  The pieces every game shares are in `solver.drawing`;
these functions are reached through `solver.games.chinkway.game`."""

from __future__ import annotations

from rich.text import Text

from solver.cards import CardSet
from solver.drawing import (
    Row,
    SeatRow,
    cards_held_line,
    cards_list,
    cards_text,
    move_line,
    of_kind,
    side_members,
    side_name,
    side_seats,
)
from solver.games.base import Move, Position
from solver.games.chinkway.rules import (
    CATEGORY_NAMES,
    QUEST_CARDS,
    Chinkway,
    quest_category,
    quest_needs,
)
from solver.seatview import SeatKnowledge

VALUE_UNIT = "quest score"
BLUNDER_COST = 4  # a review's blunder: a quest part or more lost (scores 1-3-6-10-15)


def value_meaning(who: str) -> str:
    """The quest score of a side this round."""
    return f"quest score for {who} this round (1-3-6-10-15), claims made included"


def length_text(target: int | None, rounds: int | None) -> str:
    """A game of a number of rounds."""
    return f"{rounds} rounds"


def title_notes(pos: Position) -> list[str]:
    """The round of the game."""
    chinkway = of_kind(pos, Chinkway)
    return [f"round {chinkway.round} of {chinkway.rounds}"]


def seat_rows(pos: Position) -> list[SeatRow]:
    """Every seat's side, and its claims once play has begun."""
    chinkway = of_kind(pos, Chinkway)
    seats = list(chinkway.iter_seats())
    teams = {side: side_name(pos, members) for side, members in side_members(pos).items()}
    rows: list[SeatRow] = [("side", [Text(teams[chinkway.sides()[s]]) for s in seats])]
    if chinkway.core is not None:
        rows.append(("claims", [cards_text(chinkway.claims(s)) for s in seats]))
    return rows


def state_rows(pos: Position) -> list[Row]:
    """The quest, what every side still needs, the discards and the quest deck."""
    chinkway = of_kind(pos, Chinkway)
    rows: list[Row] = []
    if chinkway.quest is None:
        rows.append(("Quest", Text("turned after trump is named", style="dim")))
    else:
        rows.append(("Quest", cards_text(chinkway.quest)))
        need = quest_needs(chinkway.quest)
        for side, members in side_members(pos).items():
            have = [0] * len(CATEGORY_NAMES)
            for seat in members:
                for card in chinkway.claims(seat):
                    have[quest_category(card)] += 1
            missing = [
                f"{name} {need[c] - have[c]}"
                for c, name in enumerate(CATEGORY_NAMES)
                if need[c] > have[c]
            ]
            line = Text(", ".join(missing) or "nothing more")
            done = chinkway.parts_completed(side)
            line.append(f"  ({done} of {QUEST_CARDS} parts done)", style="dim")
            rows.append((f"{side_name(pos, members)} needs", line))
    if chinkway.discards:
        discards = cards_text(chinkway.discards).append("  (the dealer's)", style="dim")
        rows.append(("Discards", discards))
    if chinkway.quest_deck is not None:
        deck = f"{len(chinkway.quest_deck)} cards, {len(chinkway.quest_used)} used"
        rows.append(("Quest deck", deck))
    return rows


def seen_lines(sight: SeatKnowledge, pos: Position) -> list[str]:
    """The quest cards used, the quest, every side's claims and needs, the
    dealer's own discards, and the cards the others hold."""
    lines = [f"Quest cards used in earlier rounds: {len(sight.quest_used)}"]
    if sight.quest:
        lines.append(f"Quest: {cards_list(sight.quest)}")
        for members in side_seats(sight.sides):
            need = sight.needs(sight.sides[members[0]])
            missing = [f"{name} {need[c]}" for c, name in enumerate(CATEGORY_NAMES) if need[c] > 0]
            claims = CardSet()
            for s in members:
                claims = claims | sight.claims[s]
            lines.append(
                f"  {side_name(pos, members)}: claimed {cards_list(claims)};"
                f" needs {', '.join(missing) or 'nothing more'}"
            )
    if sight.discards:
        lines.append(f"Your discards: {cards_list(sight.discards)}")
    return [*lines, cards_held_line(sight, pos)]


def move_lines(pos: Position, move: Move, who: str, secret: bool) -> list[str]:
    """A claim with its quest category; the dealer's discards, face down
    (`secret`: not shown to a person at another seat); the quest turned
    once trump is named."""
    chinkway = of_kind(pos, Chinkway)
    if move.kind == "claim":
        assert move.card is not None
        side = chinkway.sides()[chinkway.to_move]  # the claimer leads next (or won the last)
        members = side_members(pos)[side]
        done = chinkway.parts_completed(side)
        whose = "the dealer has" if len(members) == 1 else f"{side_name(pos, members)} have"
        return [
            f"  {who} claims {move.card} ({CATEGORY_NAMES[quest_category(move.card)]}):"
            f" {whose} {done} of the {QUEST_CARDS} parts"
        ]
    if move.kind == "discard" and secret:
        return [f"  {who} discards a card"]
    lines = [move_line(move, who)]
    if move.kind == "trump" and chinkway.quest:
        need = quest_needs(chinkway.quest)
        parts = ", ".join(f"{name} {need[c]}" for c, name in enumerate(CATEGORY_NAMES) if need[c])
        lines.append(f"  Quest: {cards_list(chinkway.quest)} (the parts: {parts})")
    return lines


def result_lines(pos: Position) -> list[str]:
    """Every side's quest parts at the end of the round, with its claims."""
    chinkway = of_kind(pos, Chinkway)
    parts = []
    for side, members in side_members(pos).items():
        claims = CardSet()
        for seat in members:
            claims = claims | chinkway.claims(seat)
        parts.append(
            f"{side_name(pos, members)} {chinkway.parts_completed(side)} ({cards_list(claims)})"
        )
    return [f"  Quest parts completed: {'; '.join(parts)}"]
