"""Write the JSON Schemas of the command line's JSON outputs (draft 2020-12),
one file per command: ``python docs/schemas/make_schemas.py``.

Every schema carries the same definitions (`DEFS`: a seat, a side, a card,
a move, a value with its bounds, ...), so that one type reads the same in
every output; tests/cli/test_json_schemas.py checks that the files are what
this script writes and that every command's real output validates.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_ID = "https://github.com/tricksolver/tricksolver/docs/schemas/"

Schema = dict[str, Any]


# -- building blocks -------------------------------------------------------------------


def obj(description: str, optional: tuple[str, ...] = (), **props: Schema) -> Schema:
    """An object of a fixed shape: every property but `optional` required,
    no other property allowed."""
    return {
        "type": "object",
        "description": description,
        "properties": props,
        "required": [k for k in props if k not in optional],
        "additionalProperties": False,
    }


def arr(items: Schema, description: str, **more: Any) -> Schema:
    return {"type": "array", "description": description, "items": items, **more}


def ref(name: str, description: str | None = None) -> Schema:
    out: Schema = {"$ref": f"#/$defs/{name}"}
    if description:
        out["description"] = description
    return out


def string(description: str, **more: Any) -> Schema:
    return {"type": "string", "description": description, **more}


def integer(description: str, **more: Any) -> Schema:
    return {"type": "integer", "description": description, **more}


def number(description: str, **more: Any) -> Schema:
    return {"type": "number", "description": description, **more}


def boolean(description: str) -> Schema:
    return {"type": "boolean", "description": description}


def nullable(schema: Schema, description: str | None = None) -> Schema:
    """`schema` or null."""
    out: Schema = {"anyOf": [schema, {"type": "null"}]}
    if description:
        out["description"] = description
    return out


def enum(description: str, *values: Any) -> Schema:
    return {"description": description, "enum": list(values)}


SEAT = r"(?:[NESW]|[1-9])"

DEFS: dict[str, Schema] = {
    "game": enum(
        "The game, by its name in the notation.", "whist", "chinkway", "chinese-whist", "cinch"
    ),
    "seat": string(
        "A seat, by the name the game's notation uses: N, E, S, W in whist; 1 to n (seat 1"
        " first, the deal's order) in Chinkway, Chinese Whist and Cinch.",
        pattern=f"^{SEAT}$",
    ),
    "side": string(
        "A side (the seats that score together), by name: its seats' names joined by '-'"
        " (N-S, E-W, 1-3, 2-4; a seat that plays alone: its name, e.g. the Chinkway dealer"
        " '1').",
        pattern=f"^{SEAT}(?:-{SEAT})*$",
    ),
    "card": string(
        "A card in the notation: rank (2-9, T, J, Q, K, A) then suit (S, H, D, C), e.g. AS, TD.",
        pattern="^[2-9TJQKA][SHDC]$",
    ),
    "move": string(
        "A move in the notation's text (what a player types): a card to play (AS), claim AS"
        " (Chinkway), discard AS, trump S / trump NT, pass, bid 2, shoot (Cinch).",
        pattern="^(?:[2-9TJQKA][SHDC]|(?:claim|discard) [2-9TJQKA][SHDC]|trump (?:S|H|D|C|NT)"
        "|pass|bid [0-9]+|shoot)$",
    ),
    "strain": enum("A trump: S, H, D, C, or NT for no trumps.", "S", "H", "D", "C", "NT"),
    "phase": enum(
        "The decision the seat to move faces: discard (the Chinkway dealer, Cinch excess"
        " trumps), trump (naming trump), bid (a Cinch call), play (a card), claim (a Chinkway"
        " claim from the trick just won), over (the hand is over).",
        "discard",
        "trump",
        "bid",
        "play",
        "claim",
        "over",
    ),
    "bounds": obj(
        "A value a search may have cut short: what it proved.",
        value=nullable(
            {"type": "integer"},
            "The value, when proven (exact); null when a limit cut the search short.",
        ),
        low=integer(
            "The lowest value the search left possible (a lower bound; = value when exact)."
        ),
        high=integer(
            "The highest value the search left possible (an upper bound; = value when exact)."
        ),
        exact=boolean("Whether the value is proven: low = high = value."),
    ),
    "stats": obj(
        "What the search did.",
        nodes=integer("Positions searched.", minimum=0),
        trick_starts=integer("Of them, positions at the start of a trick.", minimum=0),
        tt_hits=integer("Transposition-table probes that found an entry.", minimum=0),
        tt_stores=integer("Transposition-table entries written.", minimum=0),
        seconds=number("The search's time, seconds (the table's set-up not counted).", minimum=0),
        exact=boolean(
            "false: a limit (--time, --max-nodes) or Ctrl-C cut the search short and"
            " the values are bounds."
        ),
    ),
    "played_card": obj(
        "A card on the table and the seat that played it.",
        seat=ref("seat"),
        card=ref("card"),
    ),
    "seat_move": obj(
        "A move and the seat that made it.",
        seat=ref("seat"),
        move=ref("move"),
    ),
    "seat_names": arr(
        ref("seat"),
        "The seats' names, seat 1 first: the order of every list given seat by seat.",
        minItems=2,
    ),
    "record": obj(
        "What the hand record says of a board, as its game's players read it (whist: a"
        " bridge board); each key only where the record holds it.",
        optional=(
            "dealer",
            "vulnerable",
            "contract",
            "declarer",
            "result",
            "result_text",
            "auction",
            "players",
            "room",
        ),
        dealer=enum("The dealer.", *"NESW"),
        vulnerable=enum("The vulnerable sides.", "None", "NS", "EW", "All"),
        contract=string(
            "The contract: level, strain, X or XX (3NT, 4SX), or Pass when passed out.",
            pattern="^(?:[1-7](?:S|H|D|C|NT)X{0,2}|Pass)$",
        ),
        declarer=enum("The declarer.", *"NESW"),
        result=integer("Declarer's side's tricks, as the record says.", minimum=0, maximum=13),
        result_text=string("The result against the contract: 3NT =, 4♠ −1, 2♥X +1."),
        auction=arr(
            obj(
                "A call from the dealer on.",
                optional=("note",),
                call=string("The call: Pass, X, XX, 1NT, 4S."),
                alert=boolean("Whether it was alerted."),
                note=string("Its explanation."),
            ),
            "The calls, from the dealer.",
        ),
        players={
            "type": "object",
            "description": "The players' names, by seat.",
            "propertyNames": {"enum": list("NESW")},
            "additionalProperties": {"type": "string"},
        },
        room=string("The room the board was played in (Open, Closed)."),
    ),  # fmt: skip
    "position": obj(
        "A full position (every card known): the hand at one decision.",
        optional=("seed", "moves", "record", "board"),
        record=ref("record"),
        board=string("show: the board's name, when the position is a board of a file."),
        kind={"const": "position", "description": "What this is: a full position."},
        game=ref("game"),
        players=integer("Seats at the table.", minimum=2, maximum=5),
        seat_names=ref("seat_names"),
        dealer=ref("seat", "The dealer of the hand."),
        trump=nullable(ref("strain"), "The trump; null before it is named."),
        phase=ref("phase"),
        to_move=nullable(ref("seat"), "The seat to move; null once the hand is over."),
        sides=arr(
            obj(
                "A side and its seats.",
                side=ref("side"),
                seats=arr(ref("seat"), "Its seats.", minItems=1),
            ),
            "Every side, in the order of its first seat.",
            minItems=2,
        ),
        hands=arr(
            obj(
                "A seat's cards and what it has won.",
                seat=ref("seat"),
                cards=arr(
                    ref("card"),
                    "The cards it has to play from: its hand, and in Chinese Whist its"
                    " face-up pile cards (once play has begun, what it may play now before"
                    " following suit; before play, the cards dealt to it).",
                ),
                tricks=integer("Tricks it has won in this hand.", minimum=0),
                score=integer(
                    "Its hand score as if the hand ended now, in the game's points (final"
                    " once the hand is over)."
                ),
            ),
            "Every seat, seat 1 first.",
            minItems=2,
        ),
        trick=arr(
            ref("played_card"),
            "The trick on the table, in the order played (in the claim phase: the trick just won).",
        ),
        legal_moves=arr(ref("move"), "The legal moves of the seat to move (none once over)."),
        position=string(
            "The position in the notation's one-line form (docs/rules.md), which holds"
            " everything, the game's own state (piles, quest, claims, bids) included."
        ),
        seed=integer("deal: the seed of the shuffle (the same seed, the same deal)."),
        moves=arr(ref("seat_move"), "move: the moves made, in order."),
    ),
}


def schema(name: str, title: str, description: str, body: Schema, *defs: str) -> Schema:
    """A command's schema file: `body` with the shared definitions."""
    return {
        "$schema": DRAFT,
        "$id": BASE_ID + f"{name}.schema.json",
        "title": title,
        "description": description,
        **body,
        "$defs": DEFS | {d: EXTRA[d] for d in defs},
    }


EXTRA: dict[str, Schema] = {}


# -- the commands ----------------------------------------------------------------------


def deal_schema() -> Schema:
    return schema(
        "deal",
        "tricksolver deal --json",
        "A new deal at its first decision, with the seed that dealt it.",
        {"allOf": [ref("position")], "required": ["seed"], "not": {"required": ["moves"]}},
    )


def move_schema() -> Schema:
    return schema(
        "move",
        "tricksolver move --json",
        "The position reached by MOVES, with the moves made.",
        {"allOf": [ref("position")], "required": ["moves"], "not": {"required": ["seed"]}},
    )


SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def per_suit(description: str) -> Schema:
    return obj(description, **{s: integer(f"Cards of {w}.", minimum=0) for s, w in SUITS.items()})


def value_props(what: str) -> dict[str, Schema]:
    """The four fields of a value a search may cut short, flattened into an object."""
    return {
        "value": nullable({"type": "integer"}, f"{what}, when proven (exact); else null."),
        "low": integer(f"The lowest {what.lower()} the search left possible (a lower bound)."),
        "high": integer(f"The highest {what.lower()} the search left possible (an upper bound)."),
        "exact": boolean("Whether the value is proven: then low = high = value."),
    }


# value null exactly when not exact, wherever the four fields appear
EXACT_RULE: Schema = {
    "if": {"properties": {"exact": {"const": True}}},
    "then": {"properties": {"value": {"type": "integer"}}},
    "else": {"properties": {"value": {"type": "null"}}},
}
DEFS["bounds"] |= EXACT_RULE


def with_rule(schema: Schema) -> Schema:
    return schema | EXACT_RULE


EXTRA["view"] = obj(
    "A seat's view: what one seat knows (its own cards, the cards face up, the play so far);"
    " the other cards lie in hidden places, given by how many cards each holds.",
    kind={"const": "view", "description": "What this is: a seat's view."},
    game=ref("game"),
    players=integer("Seats at the table.", minimum=2, maximum=5),
    seat_names=ref("seat_names"),
    seat=ref("seat", "The seat whose view this is."),
    trump=nullable(ref("strain"), "The trump; null before it is named."),
    phase=ref("phase"),
    to_move=ref("seat", "The seat to move."),
    cards=arr(ref("card"), "The cards the view's seat may play now (before following suit)."),
    trick=arr(ref("played_card"), "The trick on the table, in the order played."),
    play=arr(ref("move"), "The cards played and claims made since the first lead, in order."),
    hidden=arr(
        obj(
            "A place holding cards the seat has not seen.",
            place=string("Its name (hand E, the down cards of seat 2, ...)."),
            cards=integer("How many unseen cards it holds.", minimum=0),
            suit_min=per_suit("The fewest cards of each suit it holds."),
            suit_max=per_suit("The most cards of each suit it may hold (0: a void)."),
            text=string("The same in words."),
        ),
        "Every hidden place.",
    ),
    legal_moves=arr(
        ref("move"),
        "The seat's legal moves when it is to play or claim (empty when another seat is to"
        " move, or at a decision before play: recommend ranks those).",
    ),
    view=string("The view in the notation's one-line form (docs/views.md)."),
)


def show_schema() -> Schema:
    return schema(
        "show",
        "tricksolver show --json",
        "A position as show draws it: a full position, or a seat's view (a position with a"
        " 'seat' key); 'kind' says which.",
        {
            "oneOf": [
                {
                    "allOf": [ref("position")],
                    "not": {"anyOf": [{"required": ["seed"]}, {"required": ["moves"]}]},
                },
                ref("view"),
            ]
        },
        "view",
    )


KEY_TEXT = (
    "In a result file (--output, docs/batch.md): what identifies the board's result (the"
    " command, the options that change results, the board's name and content); a run"
    " started again skips the boards whose keys are there."
)


def analyze_schema() -> Schema:
    move_row = with_rule(
        obj(
            "A legal move and its value for the side to move.",
            card=ref("card", "The move's card."),
            move=ref("move"),
            **value_props("Its value"),
            equivalent=arr(
                ref("move"),
                "The moves of its class (searched as one, the same value), itself included.",
                minItems=1,
            ),
        )
    )
    body = with_rule(
        obj(
            "Every legal move's double-dummy value, best first.",
            optional=("board", "key", "record", "record_notes"),
            board=string("The board's name, when the position is a board of a file (--board)."),
            record=ref("record"),
            record_notes=arr(
                {"type": "string"},
                "What the analysis says of the record: each lead's result against its"
                " contract where proven (whist: Against 3NT by N, lead by lead: AC −1; ...),"
                " and whether the values the record holds (a DDS list's FUT) are the same.",
            ),
            key=string(KEY_TEXT),
            game=ref("game"),
            position=string("The position in the notation's one-line form."),
            phase=enum("A card to play, or a Chinkway claim.", "play", "claim"),
            trump=nullable(ref("strain"), "The trump."),
            seat=ref("seat", "The seat to move."),
            side=ref("side", "Its side: the values are this side's."),
            **value_props(
                "The position's value for the side (units in 'meaning': tricks from here, the"
                " net hand score in Cinch, the quest score in Chinkway)"
            ),
            meaning=string("What a value counts, in words, and for whom."),
            best=arr(ref("move"), "The moves proven best (none when nothing was proven)."),
            moves=arr(move_row, "Every legal move, best first.", minItems=1),
            pv=arr(
                ref("move"),
                "A principal variation: a line of best play (empty when the"
                " values are not exact or it was not asked for).",
            ),
            pv_tricks=arr(arr(ref("move"), "One trick's moves."), "The same line, by tricks."),
            pv_note=nullable(
                {"type": "string"},
                "Why the line is missing or incomplete; null when whole or not asked for.",
            ),
            stats=ref("stats"),
        )
    )
    return schema(
        "analyze", "tricksolver analyze --json",
        "The double-dummy value of every legal move. A search cut short by --time or"
        " --max-nodes gives bounds: value null, low and high what it proved.", body,
    )  # fmt: skip


def table_schema() -> Schema:
    by_side = "one per side, in the order of 'sides'"
    declarer_cell = obj(
        "Declarer's tricks in one strain, as far as proven.",
        low=integer("The fewest tricks left possible.", minimum=0, maximum=13),
        high=integer("The most tricks left possible.", minimum=0, maximum=13),
        exact=boolean("Whether proven: low = high."),
    )
    strains = {"propertyNames": ref("strain")}
    seats = {"propertyNames": {"enum": list("NESW")}}
    body = obj(
        "The values of a deal under every trump the game allows (and in whist, every leader).",
        optional=(
            "declarer_tricks",
            "declarer_bounds",
            "board",
            "annotations",
            "key",
            "record",
            "record_notes",
        ),
        board=string("The board's name, when the deal is a board of a file (--board)."),
        record=ref("record"),
        record_notes=arr(
            {"type": "string"},
            "What an exact table says of the record: its contract's double-dummy result, and"
            " whether a table the record holds is the same (each difference named).",
        ),
        key=string(KEY_TEXT),
        game=ref("game"),
        position=string("The deal in the notation's one-line form."),
        sides=arr(ref("side"), "The sides, in the order of every entry's lists.", minItems=2),
        entries=arr(
            obj(
                "One trump and leader: every side's value from the first lead.",
                trump=ref("strain"),
                leader=ref("seat", "The seat that leads."),
                values=arr(
                    nullable({"type": "integer"}),
                    f"Each side's value when proven, else null; {by_side}.",
                ),
                low=arr({"type": "integer"}, f"Each side's lower bound; {by_side}."),
                high=arr({"type": "integer"}, f"Each side's upper bound; {by_side}."),
                exact=arr({"type": "boolean"}, f"Whether each side's value is proven; {by_side}."),
            ),
            "Every trump and leader searched.",
            minItems=1,
        ),
        exact=boolean("Whether every value is proven (no limit cut a search short)."),
        stats=ref("stats"),
        declarer_tricks={
            "type": "object",
            "description": "Whist: the tricks of declarer's side, declarer by seat, then by"
            " strain (the seat on declarer's left leads); null where not proven.",
            **seats,
            "additionalProperties": {
                "type": "object",
                **strains,
                "additionalProperties": nullable({"type": "integer", "minimum": 0, "maximum": 13}),
            },
        },  # fmt: skip
        annotations={
            "type": "object",
            "description": "What the game's hand record adds to a whole deal's exact table"
            " (whist: OptimumScore, ParContract, OptimumResultTable), by tag name.",
            "additionalProperties": {"type": "string"},
        },
        declarer_bounds={
            "type": "object",
            "description": "Whist: the same as bounds, declarer by seat, then by strain.",
            **seats,
            "additionalProperties": {
                "type": "object",
                **strains,
                "additionalProperties": declarer_cell,
            },
        },  # fmt: skip
    )
    return schema(
        "table", "tricksolver table --json",
        "A double-dummy table; a cell cut short by --time or --max-nodes gives bounds.", body,
    )  # fmt: skip


def recommend_schema() -> Schema:
    mean = "over the worlds, in the game's value (tricks, points)"
    interval = (
        "95% interval; null from fewer than two worlds, for a move raced out, or for an"
        " estimate (estimated)"
    )
    estimate = obj(
        "A legal move over the worlds valued.",
        optional=("mean_at_most", "diff_at_most", "bounded_worlds", "equivalent"),
        move=ref("move"),
        card=nullable(ref("card"), "Its card."),
        mean=nullable({"type": "number"}, f"Its mean {mean}; null for a move raced out."),
        stderr=nullable({"type": "number"}, "The mean's standard error (null: see low)."),
        low=nullable({"type": "number"}, f"The mean's {interval}: its lower end."),
        high=nullable({"type": "number"}, f"The mean's {interval}: its upper end."),
        best_share=number("The share of the worlds in which it is a best move (0 to 1).",
                          minimum=0, maximum=1),
        diff_low=nullable({"type": "number"}, "The paired difference from the top move: its"
                          f" {interval}, lower end (0 for the top move)."),
        diff_high=nullable({"type": "number"}, "The same, upper end."),
        mean_at_most=number("A move raced out: an upper bound of its mean (it was only proven"
                            " below the leader)."),
        diff_at_most=number("A move raced out: an upper bound of its difference from the top."),
        bounded_worlds=integer("A move raced out: the worlds in which it was only bounded.",
                               minimum=0),
        equivalent=arr(ref("move"), "The moves on its row: alike in every world.", minItems=1),
        estimated=boolean("Whether its mean rests on a world not solved exactly (an estimate,"
                          " marked ~ in the text): then low, high, diff_low and diff_high are"
                          " null, since estimates give no 95% confidence interval."),
        exact_share=number("The share of the worlds behind its mean solved exactly (0 to 1).",
                           minimum=0, maximum=1),
        interval_note=enum("Why it has no 95% interval: bounds (raced out), estimates (a world"
                           " not solved exactly), one world (fewer than two); null: it has one.",
                           None, "bounds", "estimates", "one world"),
    )  # fmt: skip
    method = enum(
        "How a world was valued: exact (searched), raced (exact for the leader, the others"
        " proven below it), bounded (past the node budget: exact for the next tricks, then an"
        " estimate), playout (past the node budget: a heuristic playout).",
        "exact", "raced", "bounded", "playout",
    )  # fmt: skip
    play = obj(
        "A card recommendation in play (PIMC, or Extended PIMC with --method epimc): the legal"
        " moves ranked by their mean value over worlds drawn from the seat's view.",
        optional=("algorithm", "unpostponed"),
        kind={"const": "play", "description": "A recommendation in play."},
        game=ref("game"),
        seat=ref("seat", "The seat advised."),
        objective=enum("value: the solver's value (paranoid with three sides or more); maxn:"
                       " max^n.", "value", "maxn"),
        maxn_by=enum("With objective maxn, what every side maximises (score: its points for"
                     " the hand; tricks: its tricks from here); null with objective value.",
                     None, "score", "tricks"),
        worlds=integer("Worlds valued.", minimum=0),
        requested=integer("Worlds asked for (--samples).", minimum=1),
        consistent_worlds=integer("How many worlds the view allows (an exact count).",
                                  minimum=1),
        seed=integer("The seed of the worlds drawn."),
        stopped=enum("Why fewer worlds than requested were valued: null (they were not), time"
                     " (--time), nodes (--node-budget), interrupted (Ctrl-C).",
                     None, "time", "nodes", "interrupted"),
        best=ref("move", "The move ranked first."),
        seconds=number("Wall time, seconds.", minimum=0),
        nodes=integer("Search nodes over all worlds.", minimum=0),
        exact=boolean("Whether every search was exact."),
        max_nodes=integer("The search budget of a world (0: none).", minimum=0),
        node_budget=integer("The search budget of the whole recommendation (0: none).",
                            minimum=0),
        exact_worlds=integer("Worlds solved by the exact search (raced or not).", minimum=0),
        bounded_worlds=integer("Worlds valued by a bounded search (not exact).", minimum=0),
        fallback_worlds=integer("Worlds valued by a heuristic playout (not exact).", minimum=0),
        worlds_by_method={
            "type": "object", "description": "Worlds by how they were valued.",
            "propertyNames": method, "additionalProperties": {"type": "integer", "minimum": 1},
        },
        world_methods=arr(method, "How each world was valued, in world order."),
        inference=nullable(
            obj("The worlds were weighed by how likely the other seats' play was in them"
                " (--inference).",
                model=string("The play model of the other seats, with its error rate."),
                candidates=integer("Candidate worlds drawn uniformly and weighed.", minimum=0),
                effective_worlds=nullable(
                    {"type": "number", "minimum": 0},
                    "The Kish effective sample size of the candidates' weights."),
            ),
            "null: the worlds were drawn uniformly (no inference).",
        ),
        moves=arr(estimate, "Every legal move, best first.", minItems=1),
        algorithm=enum("With --method epimc: epimc, each move's values those of Extended PIMC"
                       " (postponed to the seat's next decision; a move not postponed keeps"
                       " its PIMC figures as upper bounds, mean_at_most).", "epimc"),
        unpostponed=integer("With --method epimc: (world, move) pairs whose postponing went"
                            " past the node budget, valued as PIMC values them.", minimum=0),
    )  # fmt: skip
    candidate = obj(
        "A candidate plan (the moves to the first lead) over the worlds it was valued on.",
        plan=string("The plan in the notation's words (discard 2S 2H, trump NT)."),
        move=ref("move", "Its first move: the one to make now."),
        moves=arr(ref("move"), "Its moves.", minItems=1),
        mean=number(f"Its mean value at the first lead, {mean}."),
        stderr=nullable({"type": "number"}, "The mean's standard error (null: one world)."),
        low=nullable({"type": "number"}, "The mean's 95% interval, lower end (null: one world)."),
        high=nullable({"type": "number"}, "The same, upper end."),
        worlds=integer("Worlds it was valued on.", minimum=0),
        exact_worlds=integer("Of them, valued by an exact search.", minimum=0),
        exact_share=number("exact_worlds / worlds.", minimum=0, maximum=1),
        bounded_worlds=integer("Of them, past the search budget, valued by a bounded search"
                               " (not exact).", minimum=0),
        playout_worlds=integer("Of them, past the search budget, valued by a heuristic"
                               " playout (not exact).", minimum=0),
        eliminated_in_round=nullable({"type": "integer", "minimum": 1},
                                     "The round of successive halving that eliminated it;"
                                     " null: never eliminated."),
        estimated=boolean("Whether its mean rests on a world valued by a bounded search or a"
                          " heuristic playout (exact_worlds < worlds): an estimate, marked ~"
                          " in the text."),
        confidence_interval=boolean("Whether low .. high is a 95% confidence interval: two"
                                    " worlds or more, all solved exactly (else it is only the"
                                    " spread of estimates, or unknown)."),
    )  # fmt: skip
    decision = obj(
        "A decision before play (a bid, discards, trump): the candidates ranked by"
        " successive halving over worlds.",
        kind={"const": "decision", "description": "A decision before play."},
        game=ref("game"),
        seat=ref("seat", "The seat advised."),
        phase=enum("The decision.", "discard", "trump", "bid"),
        best=string("The plan ranked first."),
        move=ref("move", "Its first move."),
        rounds=integer("Rounds of halving run.", minimum=0),
        worlds=integer("Worlds drawn (the most any candidate used).", minimum=0),
        samples=integer("The world budget of a candidate (--samples).", minimum=1),
        seed=integer("The seed of the worlds drawn."),
        max_nodes=integer("The search budget of a world; past it, what evaluation says.",
                          minimum=0),
        evaluation=enum("What values a world past max_nodes (--evaluation): a bounded search"
                        " within as many nodes again to the learned or the middle evaluation"
                        " (else a heuristic playout), or playout: a heuristic playout.",
                        "learned", "middle", "playout"),
        stopped=enum(
            "null, time (--time ended the halving early) or interrupted (Ctrl-C did).",
            None,
            "time",
            "interrupted",
        ),
        seconds=number("Wall time, seconds.", minimum=0),
        evaluations=integer("Plan-world values computed.", minimum=0),
        exact_evaluations=integer("Of them, exact.", minimum=0),
        bounded_evaluations=integer("Of them, by a bounded search (not exact).", minimum=0),
        playout_evaluations=integer("Of them, by a heuristic playout (not exact).", minimum=0),
        reproducible=boolean("Whether the same seed gives the same ranking: no time limit ran"
                             " (--time 0); false: the clock decided how many worlds were"
                             " valued."),
        uneven_worlds=boolean("Whether the candidates' means are over different numbers of"
                              " worlds (successive halving: one eliminated early has fewer), so"
                              " that their means do not compare directly."),
        candidates=arr(candidate, "Every candidate, best first.", minItems=1),
        warnings=arr({"type": "string"}, "Warnings about the plan ranked first (a Cinch"
                     " Shoot ranked first on double-dummy values)."),
    )  # fmt: skip
    return schema(
        "recommend", "tricksolver recommend --json",
        "A recommendation from what one seat sees: in play (kind play) or before it (kind"
        " decision).", {"oneOf": [play, decision]},
    )  # fmt: skip


EXTRA["points"] = arr(
    obj(
        "A seat's points.",
        seat=ref("seat"),
        side=ref("side", "Its side (partners hold the same points)."),
        points=integer("Points, in the game's scoring."),
    ),
    "Seat by seat, seat 1 first.",
    minItems=2,
)


def play_schema() -> Schema:
    hand = obj(
        "One hand (in Chinkway a round) as played.",
        hand=integer("Its number, from 1.", minimum=1),
        dealer=ref("seat", "Its dealer."),
        resumed=boolean("Whether it was resumed (--resume): 'deal' is where it stood then."),
        deal=ref("position", "The hand at its first decision (or where it was resumed)."),
        moves=arr(ref("seat_move"), "Every move of the hand, in order, with its seat."),
        result=nullable(
            obj(
                "The hand's result.",
                played=string("The hand as played, in the one-line notation."),
                scores=ref("points", "Every seat's score of the hand."),
                totals=ref("points", "Every seat's total after it."),
                tricks=arr(
                    obj("A seat's tricks.", seat=ref("seat"),
                        tricks=integer("Tricks won.", minimum=0)),
                    "Tricks won, seat by seat.",
                ),
            ),
            "null: the hand was not finished (play stopped).",
        ),
    )  # fmt: skip
    body = obj(
        "A game's log: the deals, every move with its seat, each hand's result and the totals.",
        kind={"const": "game", "description": "A game's log."},
        game=ref("game"),
        players=integer("Seats at the table.", minimum=2, maximum=5),
        seat_names=ref("seat_names"),
        seats=arr({"type": "string"}, "The player of every seat (--seats; human: a person),"
                  " seat 1 first.", minItems=2),
        seed=integer("The game's seed: the same seed, the same deals and decisions."),
        target=nullable({"type": "integer"}, "The points that win; null for a game that ends"
                        " otherwise."),
        rounds=nullable({"type": "integer"}, "The game's rounds (Chinkway); null otherwise."),
        max_hands=integer("The hands after which the game ends if it has not (--max-hands).",
                          minimum=1),
        start_scores=ref("points", "The totals when play began (a resumed game's)."),
        hands=arr(hand, "Every hand played, in order (the last one perhaps unfinished)."),
        scores=ref("points", "The totals when play stopped."),
        over=boolean("Whether the game is over."),
        winners=nullable(arr(ref("seat"), "The winning seats.", minItems=1),
                         "null while the game is not over."),
        by_hand_limit=boolean("Whether the game ended at its hand limit (the highest total"
                              " won), not by its own end."),
        stopped=enum("Why the log ends: over (the game ended), hands (--hands), quit (the"
                     " person typed quit), interrupted (Ctrl-C).",
                     "over", "hands", "quit", "interrupted"),
    )  # fmt: skip
    return schema(
        "play", "tricksolver play --json",
        "The log of a game, written when play stops (with --human too, at Ctrl-C with what was"
        " played).", body, "points",
    )  # fmt: skip


def match_schema() -> Schema:
    def summary(description: str, **more: Schema) -> Schema:
        return obj(
            description,
            **more,
            mean=number("The mean per deal, points."),
            sd=nullable({"type": "number"}, "The standard deviation over deals (null: one deal)."),
            ci95=nullable(
                arr({"type": "number"}, "Lower and upper end.", minItems=2, maxItems=2),
                "The 95% t interval of the mean over deals (null: one deal).",
            ),
        )

    body = obj(
        "Players against each other on duplicate deals.",
        game=ref("game"),
        players=integer("Seats at the table.", minimum=2, maximum=5),
        seat_names=ref("seat_names"),
        seats=arr({"type": "string"}, "The player of every seat (--seats), seat 1 first.",
                  minItems=2),
        seed=integer("The match's seed."),
        deals=integer("Deals played.", minimum=0),
        deals_requested=integer("Deals asked for (--deals).", minimum=0),
        interrupted=boolean("Whether Ctrl-C stopped the match (the deals played are given)."),
        rotations=arr(arr({"type": "string"}, "A player per seat, seat 1 first."),
                      "The seat assignments every deal is played under."),
        score_per_deal=string("What a line-up's score per deal is, in words."),
        confidence=number("The intervals' confidence (0.95).", minimum=0, maximum=1),
        lineups=arr(
            summary(
                "A line-up (a distinct player).",
                name=string("The player."),
                seats=integer("Its seats in the assignment.", minimum=1),
                decisions=integer("Its choices among two moves or more.", minimum=0),
                seconds_per_decision=nullable({"type": "number", "minimum": 0},
                                              "Its mean time a decision, seconds (the clock's:"
                                              " varies between runs); null: none made."),
            ),
            "Every line-up's score per deal.",
        ),
        differences=arr(
            summary("The paired difference first - second per deal.",
                    first=string("A line-up."), second=string("Another.")),
            "Every pair of line-ups.",
        ),
        per_deal=arr(
            obj(
                "One deal.",
                deal=integer("Its index, from 0.", minimum=0),
                seed=integer("Its seed."),
                scores={"type": "object", "description": "Line-up -> its score of the deal.",
                        "additionalProperties": {"type": "number"}},
                hand_scores=arr(arr({"type": "integer"}, "Seat by seat, seat 1 first."),
                                "Every rotation's hand scores."),
            ),
            "Every deal played.",
        ),
    )  # fmt: skip
    return schema("match", "tricksolver match --json", "A duplicate-deal match.", body)


def bench_schema() -> Schema:
    ms = {"type": "number", "minimum": 0}
    timing = nullable(
        obj(
            "Times of the solves, milliseconds.",
            count=integer("Solves timed.", minimum=1),
            median_ms=number("Median, ms.", minimum=0),
            mean_ms=number("Mean, ms.", minimum=0),
            p95_ms=number("95th percentile, ms.", minimum=0),
            max_ms=number("Slowest, ms.", minimum=0),
        ),
        "null: none timed.",
    )
    timed = {
        "board": string("The deal's board number."),
        "exact": boolean("Whether our search was exact (no time limit cut it short)."),
        "ours_ms": number("Our wall time, ms.", minimum=0),
        "nodes": integer("Our search nodes.", minimum=0),
        "trick_starts": integer("Of them, at a trick start.", minimum=0),
        "dds_ms": nullable(ms, "DDS's time, ms; null without endplay or with --no-dds."),
    }
    versus = {
        "ours": timing,
        "dds": timing,
        "median_ratio": nullable(ms, "Median over deals of our time / DDS's."),
        "ratio_of_medians": nullable(ms, "Our median time / DDS's."),
        "nodes_per_second": number("Our nodes per second.", minimum=0),
        "checked": integer("Deals whose every value was compared with DDS.", minimum=0),
        "inexact": integer("Deals cut short by the time limit (not compared).", minimum=0),
        "mismatched": integer("Deals with a value different from DDS's.", minimum=0),
        "endplay": nullable({"type": "string"}, "endplay's version; null: not used."),
        "trick_starts": integer("Our trick starts, all deals.", minimum=0),
    }
    whist_deal = obj(
        "One deal's opening lead.",
        **timed,
        position=string("The position, one line."),
        value=nullable({"type": "integer"}, "Our value of the best card for the side on lead;"
                       " null when not exact."),
        search_ms=number("The search's own time, ms.", minimum=0),
        tt_hits=integer("Table hits.", minimum=0),
        dds_value=nullable({"type": "integer"}, "DDS's value; null without DDS."),
        mismatches=arr(obj("A card valued differently.", card=ref("card"),
                           ours=nullable({"type": "integer"}, "Ours (null: we lack the card)."),
                           dds=nullable({"type": "integer"}, "DDS's (null: it lacks it).")),
                       "Cards whose values differ."),
        dds_trick_starts=nullable({"type": "integer"}, "DDS's node count (trick starts)."),
    )  # fmt: skip
    table_deal = obj(
        "One deal's whole table.",
        **timed,
        deal=string("The deal, PBN."),
        mismatches=arr({"type": "string"}, "Entries that differ (H by N: ours 9, DDS 8)."),
    )
    whist = obj(
        "Whist opening leads against DDS's SolveBoard.",
        **versus,
        deals=arr(whist_deal, "Every deal."),
        dds_trick_starts=nullable({"type": "integer"}, "DDS's trick starts, all deals."),
    )
    table = obj("Whole tables against DDS's CalcDDtable.", **versus,
                deals=arr(table_deal, "Every deal."))  # fmt: skip
    solve = obj(
        "A full-deal solve from the first lead.",
        seed=integer("The deal's seed."),
        position=string("The position, one line."),
        seat=ref("seat", "The seat on lead."),
        side=ref("side", "Its side: the value is this side's."),
        value=nullable({"type": "integer"}, "The value for the side; null when a limit cut the"
                       " search short (exact false)."),
        exact=boolean("Whether the search was exact."),
        ms=number("Wall time of the solve, ms.", minimum=0),
        search_ms=number("The search's own time, ms.", minimum=0),
        nodes=integer("Search nodes.", minimum=0),
        tt_hits=integer("Table hits.", minimum=0),
    )  # fmt: skip
    game = obj(
        "One game's full-deal solves.",
        name=string("The part's name (--games)."),
        title=string("The part's title."),
        solves=arr(solve, "Every solve."),
        timing=timing,
        nodes_per_second=number("Nodes per second.", minimum=0),
        inexact=integer("Solves cut short.", minimum=0),
        max_rss_mb=nullable(ms, "The process's peak RSS after these solves, MiB."),
        nodes=nullable(obj("Node counts of the solves.", median=number("Median."),
                           p95=number("95th percentile."), max=integer("Most."),
                           total=integer("Sum.")), "null: no solve."),
    )  # fmt: skip
    settings = obj(
        "The benchmark's settings.",
        optional=("whist_deals", "deals_file"),
        whist_deals=integer("Whist deals read (--deals).", minimum=0),
        deals_file=string("Where they were read from."),
        game_deals=integer("Random deals per game (--random-deals).", minimum=0),
        games=arr({"type": "string"}, "The parts run (--games)."),
        seed=integer("The first seed of the random deals."),
        time_limit=number("The limit of each solve, seconds (0: none).", minimum=0),
        tt_mb=number("The table of each Solver, MiB.", minimum=0),
        repeat=integer("Rounds over the deals (--repeat).", minimum=1),
        busy=integer("Neighbour processes searching beside the benchmark.", minimum=0),
        solver_per_deal=string("How Solvers and tables are used, in words."),
    )
    report = obj(
        "The standard benchmark's report.",
        settings=settings,
        machine=obj("The machine.", python=string("Python's version."),
                    platform=string("The platform."), processor=string("The processor."),
                    model=nullable({"type": "string"}, "The processor's model."),
                    cpus=nullable({"type": "integer"}, "CPUs.")),
        whist=nullable(whist, "null: not run."),
        table=nullable(table, "null: not run."),
        games=arr(game, "Every game's full-deal part run."),
        table_mb=number("The table asked for, MiB per Solver.", minimum=0),
        max_rss_mb=nullable(ms, "The process's peak RSS, MiB."),
        interrupted=nullable({"type": "string"}, "The part Ctrl-C stopped (the parts before it"
                             " are whole); null: none."),
    )  # fmt: skip
    signature = obj(
        "The search signature (--signature): values and node counts on a fixed set.",
        set=enum("The set.", "quick", "full"),
        nodes=integer("Total nodes searched.", minimum=0),
        digest=string("The digest of every record.", pattern="^[0-9a-f]+$"),
        records=arr(
            {"type": "object", "description": "One search or sampled answer.",
             "required": ["kind"], "properties": {"kind": {"type": "string"}}},
            "Every record.",
        ),
    )  # fmt: skip
    interval = nullable(arr(number("A bound."), "[low, high]", minItems=2, maxItems=2),
                        "The 95% t interval; null: fewer than two values.")  # fmt: skip
    loss = nullable(number("Game units."), "null: nothing to average.")
    setting_row = obj(
        "One setting's figures in a variant and phase.",
        points=integer("The points of the set in the cell.", minimum=0),
        judged=integer("Those judged on --min-worlds worlds or more: put to the setting.",
                       minimum=0),
        short=integer("Those judged on fewer worlds (left out).", minimum=0),
        capped=integer("Judged points resting on capped worlds (worlds past the judge's"
                       " cap, left out: their means may be biased).", minimum=0),
        unvalued_choices=integer("Choices of a move the judge did not value.", minimum=0),
        no_answer=integer("Decisions where the setting gave no move (left out).", minimum=0),
        worlds_min=integer("The fewest worlds a judged point rests on.", minimum=0),
        worlds_mean=number("The mean worlds a judged point rests on.", minimum=0),
        mean_loss=loss,
        ci95=interval,
        within=integer("Decisions within 0.05 of the judge's best.", minimum=0),
        within_share=nullable(number("0 to 1.", minimum=0, maximum=1)),
        judge_stderr=nullable(number("The mean standard error of the losses.", minimum=0)),
        seconds_per_decision=nullable(number("Seconds.", minimum=0)),
    )  # fmt: skip
    paired = obj(
        "The two settings' paired difference (first - second) in the cell.",
        pairs=integer("Points both valued.", minimum=0),
        mean_difference=loss,
        ci95=interval,
    )
    choice = obj(
        "One decision.",
        point=string("The point's id."),
        move=nullable(string("The move chosen."), "null: no answer."),
        loss=loss,
        seconds=number("Seconds.", minimum=0),
        failed=nullable(string("Why the setting gave no move."), "null: it gave one."),
    )
    decisions = obj(
        "The decision-quality bench (--decisions); capped_points is absent from the"
        " runs made before it was added (benches/data/decisions/v1/before-*.json).",
        ("capped_points",),
        settings=arr(string("A setting's label."), "The settings, as labelled.", minItems=1,
                     maxItems=2),
        rows=arr(
            {"type": "object", "description": "A variant and phase (phase 'all': the"
             " variant's points together); one property a setting's label, and 'paired'.",
             "required": ["variant", "phase"],
             "properties": {"variant": string("The variant."), "phase": string("The phase."),
                            "paired": paired},
             "additionalProperties": setting_row},
            "Per variant and phase, then per variant.",
        ),
        seed=integer("The seed."),
        min_worlds=integer("--min-worlds.", minimum=1),
        stopped=nullable(enum("Why it stopped early.", "interrupted", "time"),
                         "null: it ran to the end."),
        points_done=integer("Points put to the settings.", minimum=0),
        points_to_do=integer("Points it was to put to them.", minimum=0),
        capped_points=arr(
            obj("A point resting on capped worlds.", point=string("The point's id."),
                worlds=integer("Worlds judged.", minimum=0),
                capped=integer("Worlds capped.", minimum=1),
                judge_stderr=number("The largest standard error of a move's difference from"
                                    " the best.", minimum=0)),
            "The points put to the settings that rest on capped worlds (their means may be"
            " biased: the capped worlds are the long ones).",
        ),
        choices={"type": "object", "description": "Per setting, its decisions.",
                 "additionalProperties": arr(choice, "In the points' order.")},
    )  # fmt: skip
    return schema(
        "bench", "tricksolver bench --json",
        "The standard benchmark's report, with --signature the search signature, or with"
        " --decisions the decision-quality bench.",
        {"oneOf": [report, signature, decisions]},
    )  # fmt: skip


def review_schema() -> Schema:
    whole = (
        "the whole hand's value for the mover's side (its tricks in the hand in whist and"
        " Chinese Whist, won so far counted; the net hand score in Cinch; the quest score in"
        " Chinkway)"
    )
    view = obj(
        "With --view: the recommendation on the seat's view at this decision (recommend's,"
        " the same seed); means in whole-hand figures.",
        best=ref("move", "The view's top move."),
        agrees=boolean("Whether the view ranked the card played first, or level with the first."),
        best_mean=number("The top move's mean over the worlds."),
        played_mean=nullable({"type": "number"}, "The card played's mean; null when raced out"
                             " (see played_at_most)."),
        played_at_most=nullable({"type": "number"}, "A card raced out: an upper bound of its"
                                " mean; else null."),
        shortfall=number("best_mean - the played card's mean (a lower bound when raced out).",
                         minimum=0),
        diff_low=nullable({"type": "number"}, "The played card's paired difference from the top"
                          " move: its 95% interval, lower end (null: fewer than two worlds)."),
        diff_high=nullable({"type": "number"}, "The same, upper end (null also when raced out)."),
        estimated=boolean("Whether the top move's or the played card's mean is an estimate"
                          " (a world not solved exactly): then diff_low and diff_high are null."),
        exact_share=number("The share of the worlds solved exactly (0 to 1).", minimum=0,
                           maximum=1),
        worlds=integer("Worlds valued.", minimum=1),
        consistent_worlds=integer("How many worlds the view allows.", minimum=1),
        seed=integer("The seed of the worlds drawn."),
        stopped=enum("Why fewer worlds than asked were valued (--view-time): null when not.",
                     None, "time", "nodes", "interrupted"),
    )  # fmt: skip
    step = obj(
        "One move of the record and its values for the mover's side.",
        number=integer("Its place among the moves reviewed, from 1.", minimum=1),
        trick=integer("The trick it belongs to, from 1 (a claim: the trick just won).",
                      minimum=1),
        seat=ref("seat", "The seat that made it."),
        side=ref("side", "Its side: the values are this side's."),
        move=ref("move"),
        banked=integer("What the side had won before the move (tricks; 0 in Cinch and"
                       " Chinkway, whose values are the whole hand's).", minimum=0),
        before=ref("bounds", f"Before the move: {whole}, best play from here; = banked +"
                   " analyze's value of the position."),
        after=ref("bounds", f"After the move: {whole}, best play from there; = banked + the"
                  " played move's value in analyze."),
        cost=ref("bounds", "before - after (never below 0); a cost is claimed only where"
                 " proven (low)."),
        mistake=boolean("Whether the move is proven to cost something (cost.low > 0)."),
        best=arr(ref("move"), "At a mistake: the moves proven best there (empty otherwise)."),
        view=nullable(view, "null: not a --view seat's decision with a choice."),
    )  # fmt: skip
    tally = {
        "mistakes": integer("Mistakes proven.", minimum=0),
        "cost": integer("Their proven cost together.", minimum=0),
    }
    record = obj(
        "A played hand reviewed card by card.",
        optional=("board", "record", "record_notes"),
        board=string("The board's name, when the hand is a board of a file (--board)."),
        record=ref("record"),
        record_notes=arr(
            {"type": "string"},
            "What the review says of the record: the opening lead's value against the"
            " contract, and whether the values the record holds (a DDS list's TRACE) agree.",
        ),
        game=ref("game"),
        position=string("The hand at its first move reviewed, in the one-line notation."),
        seat_names=ref("seat_names"),
        units=string("What a value counts (tricks, quest score, net hand score)."),
        paranoid=boolean("Three sides or more: values are paranoid (every other side against"
                         " the mover's)."),
        moves=arr(ref("move"), "Every move to review, in order."),
        reviewed=integer("Moves reviewed (all of them unless stopped).", minimum=0),
        stopped=enum("interrupted: Ctrl-C ended the review early; null: it ran to the end.",
                     None, "interrupted"),
        view_seats=arr(ref("seat"), "The seats of --view."),
        steps=arr(step, "Every move reviewed, in order."),
        summary=obj(
            "The mistakes and their proven cost.",
            mistakes=integer("Mistakes proven, in all.", minimum=0),
            cost=integer("Their proven cost, in all.", minimum=0),
            by_seat=arr(obj("A seat's mistakes.", seat=ref("seat"), **tally), "Every seat."),
            by_side=arr(obj("A side's mistakes.", side=ref("side"), **tally), "Every side."),
        ),
        exact=boolean("Whether every value is proven (no limit cut a search short)."),
        stats=ref("stats"),
    )  # fmt: skip
    no_play = obj(
        "A board of a file with no play recorded (several boards: the others go on).",
        board=string("The board's name."),
        error=string("Why it is not reviewed."),
    )
    return schema(
        "review", "tricksolver review --json",
        "A played hand card by card: the values before and after every move, the cost of every"
        " mistake; with several boards, one such record a line (JSON lines).",
        {"oneOf": [record, no_play]},
    )  # fmt: skip


SCHEMAS = {
    "deal": deal_schema,
    "show": show_schema,
    "move": move_schema,
    "analyze": analyze_schema,
    "table": table_schema,
    "recommend": recommend_schema,
    "play": play_schema,
    "match": match_schema,
    "bench": bench_schema,
    "review": review_schema,
}


def texts() -> dict[str, str]:
    """Every schema file's name and text."""
    return {
        f"{name}.schema.json": json.dumps(make(), indent=2, ensure_ascii=False) + "\n"
        for name, make in SCHEMAS.items()
    }


def main() -> None:
    for name, text in texts().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
