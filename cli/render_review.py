"""Drawing a reviewed hand (`tricksolver review`): a table of the moves,
card by card, with the values before and after each and the cost of every
mistake, then the mistakes of every seat and side.  It neither searches nor
changes what it is given (the JSON form is `solver.review.Review.to_json`)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from solver.drawing import seats_by_side
from solver.games.registry import game_of
from solver.review import Review, Step, Tally, ViewCheck

from .render_analysis import bounds_text, move_text

FIGURE = "{:.2f}"  # a view's mean, to two places
COLUMNS = ("#", "trick", "seat", "card", "before", "after", "cost", "best")
LEFT_COLUMNS = ("seat", "card", "best")  # the words; the figures to the right


def legend(result: Review) -> str:
    """What the columns count, in the game's words."""
    pos = result.start
    unit = game_of(pos).value_unit
    counted = "; tricks won before the card counted" if pos.values_count_tricks else ""
    text = (
        f"before, after: the {unit} of the mover's side in the whole hand with best play from"
        f" before and after the card (double dummy{counted}); cost: before - after, shown"
        " only where proven; best: the cards proven best at a mistake"
    )
    if len(set(pos.sides())) > 2:
        text += "; paranoid: every other side plays against the mover's"
    return text + "."


def cost_text(step: Step) -> Text:
    cost = step.cost
    if step.mistake:
        shown = str(cost.low) if cost.exact else f">= {cost.low}"
        return Text(shown, style="bold red")
    if cost.exact:
        return Text("0")
    return Text(f"<= {cost.high}" if cost.high > 0 else "0", style="dim")


def view_text(check: ViewCheck) -> Text:
    """The view's word on a decision: it chose the card too, or preferred
    another and by how much (means over its worlds, whole-hand figures)."""
    top = check.top
    mark_top = "~" if top.estimated else ""  # an estimate: worlds not solved exactly
    best = mark_top + FIGURE.format(top.mean + check.banked)
    worlds = check.recommendation.worlds
    if check.played.move == top.move:
        return Text(f"also chose it (mean {best}, {worlds} worlds)", style="green")
    if check.agrees:
        return Text(f"rated it level with its top {top.move} ({best})", style="green")
    played = FIGURE.format(check.played.mean + check.banked)
    mark = "<= " if check.played.bounded else ("~" if check.played.estimated else "")
    by = ("at least " if check.played.bounded else "") + FIGURE.format(check.shortfall)
    return Text(f"preferred {top.move} by {by} ({best} vs {mark}{played})", style="yellow")


def steps_table(result: Review) -> Table:
    pos = result.start
    views = bool(result.view_seats)
    members = seats_by_side(pos.sides())
    table = Table(title_justify="left")
    for name in COLUMNS:
        table.add_column(name, justify="left" if name in LEFT_COLUMNS else "right")
    if views:
        table.add_column("view")
    for step in result.steps:
        seat = pos.seat_name(step.seat)
        if len(members[step.side]) > 1:
            seat += " (" + "-".join(pos.seat_name(s) for s in members[step.side]) + ")"
        best = Text(" ").join(move_text(m) for m in step.best) if step.best else Text("")
        row: list[Text | str] = [
            str(step.number), str(step.trick), seat, move_text(step.move),
            bounds_text(step.before), bounds_text(step.after), cost_text(step), best,
        ]  # fmt: skip
        if views:
            row.append(view_text(step.view) if step.view is not None else "")
        table.add_row(*row)
    return table


def tallies_text(names: list[str], tallies: list[Tally]) -> str:
    """``W: 1 mistake costing 1, N: 2 mistakes costing 3``: the ones with mistakes."""
    parts = [
        f"{n}: {t.mistakes} mistake{'' if t.mistakes == 1 else 's'} costing {t.cost}"
        for n, t in zip(names, tallies, strict=True)
        if t.mistakes
    ]
    return ", ".join(parts)


def summary(result: Review) -> Text:
    """The mistakes of every side and seat and their proven cost."""
    pos = result.start
    members = seats_by_side(pos.sides())
    total = result.total()
    if not total.mistakes:
        line = Text("no mistake proven")
    else:
        unit = game_of(pos).value_unit
        line = Text(f"{total.mistakes} mistake{'' if total.mistakes == 1 else 's'},")
        line.append(f" total cost {total.cost} ({unit})")
        by_side = result.by_side()
        if len(by_side) < pos.nseats:
            names = ["-".join(pos.seat_name(s) for s in members[side]) for side in by_side]
            line.append("; by side: " + tallies_text(names, list(by_side.values())))
        by_seat = result.by_seat()
        names = [pos.seat_name(seat) for seat in by_seat]
        line.append("; by seat: " + tallies_text(names, list(by_seat.values())))
    if not result.exact:
        line.append("; NOT exact: a limit cut searches short (bounds shown)", style="bold red")
    return line


def review_view(result: Review) -> Group:
    """A review drawn: its moves' table, the legend and the summary."""
    parts: list[Table | Text] = [steps_table(result), Text(legend(result), style="dim")]
    parts.append(summary(result))
    if result.stopped is not None:
        parts.append(Text(f"interrupted: {reviewed_text(result)}", style="bold yellow"))
    return Group(*parts)


def reviewed_text(result: Review) -> str:
    """``3 of 12 moves reviewed``."""
    return f"{len(result.steps)} of {len(result.moves)} moves reviewed"
