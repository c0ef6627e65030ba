"""Chinese Whist: what a seat knows of the hand (a `solver.view.View`).

A view of Chinese Whist holds the players, the dealer, the trump (or none
yet: the view is then of the dealer's choice of trump, phase ``trump``), the
options, every face-up card (the covering cards and those turned up), how
the piles lie, the play and, in an ending, the cards out of play (``out``);
of the seat's own cards only its down cards.  Face-down cards are unseen by
everyone, their owner included, until the card covering them is played.  The
hidden places are the other seats' down cards (with the voids the play
showed) and each face-down card under a pile (``AS/?``).  docs/views.md
gives the notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.cards import NOTRUMP, Card, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import (
    Move,
    Phase,
    Position,
    check_disjoint,
    read_card_list,
    read_cardset,
    read_strain,
)
from solver.games.chinese_whist.rules import (
    DEFAULT_TARGET,
    KEYS,
    LAYOUT,
    ChineseWhist,
    check_settings,
    deck_for,
    pile_text,
    pile_tokens,
)
from solver.notation import (
    Fields,
    check_known_keys,
    get_bool,
    get_int,
    get_seat_list,
    get_str,
    parse_seat,
)
from solver.view import (
    NO_CARDS,
    OUT,
    UNKNOWN_MARK,
    VIEW_PHASES,
    HiddenPlace,
    ReplayTable,
    View,
    ViewPile,
    hidden_place,
    seat_key,
)


class ChineseWhistView(View):
    """Chinese Whist: every face-up card, the seat's own down cards; face-down
    cards are unseen by everyone (their owner included) until turned up."""

    game = "chinese-whist"
    keys = KEYS | {"seat", "out"}
    phases = (*VIEW_PHASES, Phase.TRUMP)

    def __init__(
        self,
        seat: int,
        players: int,
        dealer: int,
        piles: Sequence[Sequence[ViewPile]],
        down: Sequence[CardSet],
        trump: int | None,
        play: str = "",
        notrump: bool = False,
        target: int = DEFAULT_TARGET,
        out: CardSet = NO_CARDS,
    ) -> None:
        check_settings(players, dealer, len(piles), len(down), target)
        self.nseats, self.seat, self.dealer, self.trump = players, seat, dealer, trump
        self.notrump, self.target, self.out = notrump, target, out
        self.piles = [list(row) for row in piles]
        self.down = list(down)  # down cards known at the first lead
        if trump == NOTRUMP and not notrump:
            raise PositionError(
                "trump must be a suit in Chinese Whist (no trumps only with notrump = true)"
            )
        if trump is not None and not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        places: list[tuple[str, CardSet]] = [("out", out)]
        for s in range(players):
            row = self.piles[s]
            places.append(
                (
                    f"seat {s + 1}'s piles",
                    CardSet([t for t, _, _ in row] + [u for _, u, _ in row if u]),
                )
            )
            places.append((f"seat {s + 1}'s down cards", self.down[s]))
        check_disjoint(places)
        deck = deck_for(players)
        if any(c not in deck for _, cs in places for c in cs):
            raise PositionError("2S is out of the pack with three players")
        piles_each, down_each = LAYOUT[players]
        self.cards_each = self._pile_cards(seat) + len(self.down[seat])
        self.down_count = [self.cards_each - self._pile_cards(s) for s in range(players)]
        for s in range(players):
            if len(self.piles[s]) > piles_each:
                raise PositionError(
                    f"seat {s + 1} has {len(self.piles[s])} piles; at most {piles_each}"
                )
            if not len(self.down[s]) <= self.down_count[s] <= down_each:
                raise PositionError(
                    f"seat {s + 1} would hold {self.down_count[s]} down cards (every seat holds"
                    f" {self.cards_each} cards, as the view's seat; at most {down_each} down cards)"
                )
        if len(out) != len(deck) - players * self.cards_each:
            raise PositionError(
                f"out: {players} seats of {self.cards_each} cards leave"
                f" {len(deck) - players * self.cards_each} cards out of play, not {len(out)}"
            )
        self._finish(play)

    def _before_play(self) -> tuple[Phase, int] | None:
        return (Phase.TRUMP, self.dealer) if self.trump is None else None

    def legal_moves(self) -> list[Move]:
        """The seat's moves (naming trump, for the dealer before the first lead)."""
        if self.phase != Phase.TRUMP or self.to_move != self.seat:
            return super().legal_moves()
        strains = range(NOTRUMP + 1) if self.notrump else range(NOTRUMP)
        return [Move("trump", value=t) for t in strains]

    def _pile_cards(self, seat: int) -> int:
        return sum(1 + has for _, _, has in self.piles[seat])

    def _table(self) -> ReplayTable:
        owners: dict[Card, tuple[int, str]] = {c: (OUT, "out (played before)") for c in self.out}
        for s in range(self.nseats):
            for top, under, _ in self.piles[s]:
                owners[top] = (s, f"seat {s + 1}'s piles")
                if under is not None:
                    owners[under] = (s, f"seat {s + 1}'s piles")
            owners |= {c: (s, f"seat {s + 1}'s down cards") for c in self.down[s]}
        return ReplayTable(
            self.nseats,
            NOTRUMP if self.trump is None else self.trump,  # no trick is played before trump
            (self.dealer + 1) % self.nseats,
            self.cards_each,
            self.seat,
            self.down[self.seat],
            owners,
            self.seat_name,
            piles=self.piles,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        r = self._replay
        places: list[HiddenPlace] = []
        fixed = self.out
        for s in range(self.nseats):
            down = self.down[s] | r.hidden_played[s]
            fixed = fixed | down | r.played[s]
            if s != self.seat:
                name = f"seat {s + 1}'s down cards"
                places.append(
                    hidden_place(name, self.down_count[s] - len(down), ("down", s), r.voids[s])
                )
            for top, under, has in self.piles[s]:
                fixed = fixed | CardSet([top] + ([under] if under else []))
                if has and under is None:
                    name = f"the card under {top} (seat {s + 1})"
                    places.append(hidden_place(name, 1, ("under", top.index)))
        return places, deck_for(self.nseats) - fixed, CardSet()

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        fill = self._fill_map(fills)
        piles: list[list[tuple[Card, Card | None]]] = []
        for s in range(self.nseats):
            row: list[tuple[Card, Card | None]] = []
            for top, under, has in self.piles[s]:
                if has and under is None:
                    under = next(iter(fill[("under", top.index)]))
                row.append((top, under))
            piles.append(row)
        down = [
            self.down[s] | self._replay.hidden_played[s] | fill.get(("down", s), CardSet())
            for s in range(self.nseats)
        ]
        return ChineseWhist(
            self.nseats,
            self.dealer,
            piles,
            down,
            self.trump,
            self.play_text() if play else "",
            self.notrump,
            self.target,
        )

    def _fields(self) -> Fields:
        r = self._replay
        fields: Fields = {
            "game": self.game,
            "seat": self.seat + 1,
            "players": self.nseats,
            "dealer": self.dealer + 1,
            "trump": None if self.trump is None else strain_text(self.trump),
            "piles": [" ".join(_pile_text(p) for p in row) or "-" for row in self.piles],
            "down": [
                (self.down[s] if s == self.seat else self.down[s] - r.played[s]).cards_text() or "-"
                for s in range(self.nseats)
            ],
            "out": self.out.cards_text() or None,
            "play": self.play_text() or None,
        }
        if self.notrump:
            fields["notrump"] = True
        if self.target != DEFAULT_TARGET:
            fields["target"] = self.target
        return fields

    @classmethod
    def from_fields(cls, fields: Fields) -> ChineseWhistView:
        check_known_keys(fields, cls.keys, "a chinese-whist view")
        players = get_int(fields, "players", 4)
        assert players is not None
        if players not in LAYOUT:
            raise PositionError(f"players: Chinese Whist is for 2, 3 or 4 players, not {players}")
        seat = seat_key(fields, players)
        pile_entries = get_seat_list(fields, "piles", players)
        down_entries = get_seat_list(fields, "down", players)
        if pile_entries is None or down_entries is None:
            raise PositionError("chinese-whist view: the keys 'piles' and 'down' are required")
        return cls(
            seat,
            players,
            parse_seat(get_str(fields, "dealer", "1") or "1", players, "dealer"),
            [_parse_view_piles(e, s) for s, e in enumerate(pile_entries)],
            [read_cardset(e, f"seat {s + 1}'s down cards") for s, e in enumerate(down_entries)],
            read_strain(get_str(fields, "trump")),
            get_str(fields, "play", "") or "",
            get_bool(fields, "notrump", False),
            get_int(fields, "target", DEFAULT_TARGET) or DEFAULT_TARGET,
            read_cardset(get_str(fields, "out", "") or "", "out"),
        )

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> ChineseWhistView:
        assert isinstance(pos, ChineseWhist)
        piles = []
        for s in range(pos.nseats):
            covered = (
                CardSet(pos.core.covered(s))
                if pos.core is not None
                else CardSet(u for _, u in pos.piles[s] if u is not None)
            )
            piles.append(
                [
                    (top, None if under is None or under in covered else under, under is not None)
                    for top, under in pos.piles[s]
                ]
            )
        down = [pos.down[s] if s == seat else CardSet() for s in range(pos.nseats)]
        in_play = CardSet(
            [c for row in pos.piles for t, u in row for c in (t, u) if c is not None]
            + [c for d in pos.down for c in d]
        )
        return cls(
            seat,
            pos.nseats,
            pos.dealer,
            piles,
            down,
            pos.trump,
            pos.play_text(),
            pos.notrump,
            pos.target,
            deck_for(pos.nseats) - in_play,
        )


def _pile_text(pile: ViewPile) -> str:
    top, under, has = pile
    if has and under is None:
        return f"{top}/{UNKNOWN_MARK}"
    return pile_text((top, under if has else None))


def _parse_view_piles(text: str, seat: int) -> list[ViewPile]:
    piles: list[ViewPile] = []
    what = f"seat {seat + 1}'s piles"
    for parts in pile_tokens(text, what, f"AS/5D or AS/{UNKNOWN_MARK}"):
        top = read_card_list(parts[:1], what)[0]
        if len(parts) == 1:
            piles.append((top, None, False))
        elif parts[1].strip() == UNKNOWN_MARK:
            piles.append((top, None, True))
        else:
            piles.append((top, read_card_list(parts[1:], what)[0], True))
    return piles
