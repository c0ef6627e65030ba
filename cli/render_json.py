"""The JSON forms of positions, views, recommendations and matches
(`deal`, `show`, `move`, `recommend` and `match` with ``--json``).

Every JSON output of the command line speaks one set of types, documented
by the schemas in ``docs/schemas/`` (``docs/json.md``): a seat is the seat
name the notation uses (``N`` ``E`` ``S`` ``W`` in whist, ``1`` to ``n``
in the other games), a side the names of its seats joined by ``-``
(``N-S``, ``1-3``; a seat alone: its name), cards and moves their text in
the notation (``AS``, ``discard 2H``, ``trump NT``, ``bid 2``), and a value
a search may have cut short ``value`` (null unless exact), ``low``,
``high`` and ``exact``.  The search results' forms are in
`solver.cli.render_analysis`, the benchmark's in `solver.cli.render_bench`,
a game's log in `solver.cli.render_game`.  Each function returns a plain
dict ready for `json.dumps`; none changes what it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solver.cards import CardSet, strain_text
from solver.decisions import Decision
from solver.drawing import seats_by_side
from solver.games.base import Phase, Position
from solver.match import Match, match_deal
from solver.recommendation import Recommendation
from solver.view import View


def side_text(seat_name: Callable[[int], str], seats: Sequence[int]) -> str:
    """A side by name: its seats' names joined by ``-`` (``N-S``; ``2`` alone)."""
    return "-".join(seat_name(s) for s in seats)


def side_of(pos: Position, seat: int) -> str:
    """The name of the side `seat` plays for."""
    sides = pos.sides()
    return side_text(pos.seat_name, [s for s in range(pos.nseats) if sides[s] == sides[seat]])


def side_by_number(pos: Position, side: int) -> str:
    """The name of side number `side` (the search's numbering)."""
    return side_text(pos.seat_name, seats_by_side(pos.sides()).get(side, []))


def sides_json(pos: Position) -> list[dict[str, Any]]:
    """Every side, in the order of its first seat: its name and seats."""
    return [
        {"side": side_text(pos.seat_name, seats), "seats": [pos.seat_name(s) for s in seats]}
        for seats in seats_by_side(pos.sides()).values()
    ]


def cards_json(cards: CardSet | Sequence[Any]) -> list[str]:
    return [str(c) for c in cards]


def trump_json(trump: int | None) -> str | None:
    return None if trump is None else strain_text(trump)


def position_json(pos: Position) -> dict[str, Any]:
    """A full position (`deal`, `show`, `move`): the game, the seats with
    their cards (what each has to play from), tricks and score, the trick on
    the table, whose turn and the legal moves, and the position's one-line
    notation (which holds everything, the game's own state included)."""
    over = pos.is_over
    tricks, scores = pos.tricks_won(), pos.scores()
    return {
        "kind": "position",
        "game": pos.game,
        "players": pos.nseats,
        "seat_names": [pos.seat_name(s) for s in range(pos.nseats)],
        "dealer": pos.seat_name(pos.dealer),
        "trump": trump_json(pos.trump),
        "phase": pos.phase.value,
        "to_move": None if over else pos.seat_name(pos.to_move),
        "sides": sides_json(pos),
        "hands": [
            {
                "seat": pos.seat_name(s),
                "cards": cards_json(pos.hand_now(s)),
                "tricks": tricks[s],
                "score": scores[s],
            }
            for s in range(pos.nseats)
        ],
        "trick": [{"seat": pos.seat_name(s), "card": str(c)} for s, c in pos.current_trick()],
        "legal_moves": [] if over else [str(m) for m in pos.legal_moves()],
        "position": pos.to_line(),
    }


def moves_json(start: Position, pos: Position) -> dict[str, Any]:
    """`move`: the position reached from `start`, with the moves made (each
    with the seat that made it, in the notation's text)."""
    work = start.copy()
    made = []
    for move in pos.history[len(start.history) :]:
        made.append({"seat": work.seat_name(work.to_move), "move": str(move)})
        work.play(move)
    return {**position_json(pos), "moves": made}


def view_json(view: View) -> dict[str, Any]:
    """A seat's view (`show VIEW`): the seat's own cards, the trick, the play
    so far, every hidden place with how many cards it holds and the suits'
    bounds, and the seat's legal moves (empty when another seat is to move or
    the decision is before play)."""
    own_turn = view.to_move == view.seat and view.phase in (Phase.PLAY, Phase.CLAIM)
    return {
        "kind": "view",
        "game": view.game,
        "players": view.nseats,
        "seat_names": [view.seat_name(s) for s in range(view.nseats)],
        "seat": view.seat_name(view.seat),
        "trump": trump_json(view.trump),
        "phase": view.phase.value,
        "to_move": view.seat_name(view.to_move),
        "cards": cards_json(view.holding()),
        "trick": [{"seat": view.seat_name(s), "card": str(c)} for s, c in view.current_trick()],
        "play": [str(m) for m in view.play_record],
        "hidden": [
            {
                "place": p.name,
                "cards": p.size,
                "suit_min": dict(zip("SHDC", p.suit_min, strict=True)),
                "suit_max": dict(zip("SHDC", (min(m, p.size) for m in p.suit_max), strict=True)),
                "text": p.describe(),
            }
            for p in view.places
        ],
        "legal_moves": [str(m) for m in view.legal_moves()] if own_turn else [],
        "view": view.to_line(),
    }


def recommendation_json(
    view: View, rec: Recommendation, equivalent: dict[str, list[str]]
) -> dict[str, Any]:
    """`recommend` in play: the recommendation's own JSON with the seat by
    name and every move's equivalent moves (`equivalent`: move -> its row)."""
    data = {"kind": "play", "game": view.game, **rec.to_json()}
    data["seat"] = view.seat_name(rec.seat)
    for move in data["moves"]:
        move["equivalent"] = equivalent.get(move["move"], [move["move"]])
    return data


def decision_json(pos: Position, decision: Decision, warnings: list[str]) -> dict[str, Any]:
    """`recommend` before play: the decision's own JSON with the seat by name."""
    data = {"kind": "decision", **decision.to_json()}
    data["seat"] = pos.seat_name(decision.seat)
    data["warnings"] = warnings
    return data


def match_json(contest: Match, requested: int, interrupted: bool) -> dict[str, Any]:
    """`match`: the match's own JSON, with the seat names its lists by seat
    (`seats`, `rotations`, `hand_scores`) follow."""
    first = match_deal(contest.game, contest.players, contest.seed, 0)
    data = contest.to_json(requested, interrupted)
    return {**data, "seat_names": [first.seat_name(s) for s in range(contest.players)]}
