"""Chinese Whist for 2, 3 or 4 players: piles of a face-up card over a
face-down one, and down cards in the hand.

Keys: ``game = "chinese-whist"``, ``players`` (2, 3, 4), ``dealer`` (seat),
``piles`` (per seat, ``AS/5D KH/2C ...``: face-up top / face-down card
under it; a lone ``AS`` is a face-up card with nothing under it), ``down``
(per seat, the down cards), ``trump`` (absent until the dealer names it),
``play``; options ``notrump = true`` (the dealer may name no trumps) and
``target`` (game points, 10; 5 or 7 by agreement).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import (
    Move,
    Phase,
    Position,
    check_disjoint,
    read_card_list,
    read_cardset,
    read_strain,
    why_card_illegal,
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

# players: (piles each, down cards each), from the rules' table
LAYOUT = {4: (6, 1), 3: (8, 1), 2: (12, 2)}
PAR = _core.CHINESE_WHIST_PAR  # players: a side scores its tricks above these (csrc/rules.h)
DEFAULT_TARGET = 10
TARGETS = (5, 7, 10)
REMOVED_WITH_THREE = Card.parse("2S")
KEYS = {"game", "players", "dealer", "piles", "down", "trump", "play", "notrump", "target"}

Pile = tuple[Card, Card | None]  # (face-up top, face-down card under it, or None)


def check_settings(players: int, dealer: int, pile_rows: int, down_sets: int, target: int) -> None:
    """The settings of a hand: the players, the dealer, a row of piles and a
    set of down cards for every seat, the target."""
    if players not in LAYOUT:
        raise PositionError(f"Chinese Whist is for 2, 3 or 4 players, not {players}")
    if not 0 <= dealer < players:
        raise PositionError(f"dealer: no seat {dealer + 1} with {players} players")
    if pile_rows != players or down_sets != players:
        raise PositionError(f"piles and down cards are needed for each of the {players} seats")
    if target not in TARGETS:
        raise PositionError(f"target must be 5, 7 or 10 points, not {target}")


def deck_for(players: int) -> CardSet:
    return FULL_DECK - CardSet([REMOVED_WITH_THREE]) if players == 3 else FULL_DECK


class ChineseWhist(Position):
    game = "chinese-whist"
    values_count_tricks = True

    def __init__(
        self,
        players: int,
        dealer: int,
        piles: list[list[Pile]],
        down: list[CardSet],
        trump: int | None = None,
        play: str = "",
        notrump: bool = False,
        target: int = DEFAULT_TARGET,
    ) -> None:
        super().__init__()
        check_settings(players, dealer, len(piles), len(down), target)
        self.nseats = players
        self.dealer = dealer
        self.piles = [list(p) for p in piles]
        self.down = list(down)
        self.trump = trump
        self.notrump = notrump
        self.target = target
        self._check_layout()
        if trump is not None:
            self._check_trump(trump)
            self._start_play()
        if play:
            if trump is None:
                raise PositionError("play: trump must be named before the first lead")
            self._replay(play)

    # -- checks ---------------------------------------------------------------

    def _check_layout(self) -> None:
        places: list[tuple[str, CardSet]] = []
        for s in range(self.nseats):
            tops = [t for t, _ in self.piles[s]]
            unders = [u for _, u in self.piles[s] if u is not None]
            places += [
                (f"seat {s + 1}'s piles", CardSet(tops + unders)),
                (f"seat {s + 1}'s down cards", self.down[s]),
            ]
        everything = check_disjoint(places)
        if self.nseats == 3 and REMOVED_WITH_THREE in everything:
            raise PositionError("2S is out of the pack with three players")
        counts = [
            sum(1 + (u is not None) for _, u in self.piles[s]) + len(self.down[s])
            for s in range(self.nseats)
        ]
        piles_each, down_each = LAYOUT[self.nseats]
        full = 2 * piles_each + down_each
        if len(set(counts)) != 1 or not 1 <= counts[0] <= full:
            raise PositionError(
                f"every seat must hold the same number of cards, 1 to {full} (got "
                + ", ".join(f"seat {s + 1} {n}" for s, n in enumerate(counts))
                + ")"
            )
        for s in range(self.nseats):
            if len(self.piles[s]) > piles_each:
                raise PositionError(
                    f"seat {s + 1} has {len(self.piles[s])} piles; at most {piles_each}"
                )
            if len(self.down[s]) > down_each:
                raise PositionError(
                    f"seat {s + 1} has {len(self.down[s])} down cards; at most {down_each}"
                )

    def _check_trump(self, trump: int) -> None:
        if trump == NOTRUMP and not self.notrump:
            raise PositionError(
                "trump must be a suit in Chinese Whist (no trumps only with notrump = true)"
            )

    def _start_play(self) -> None:
        assert self.trump is not None
        tops = [CardSet(t for t, _ in self.piles[s]).mask for s in range(self.nseats)]
        unders = [
            CardSet(u for _, u in self.piles[s] if u is not None).mask for s in range(self.nseats)
        ]
        beneath = {
            t.index: u.index for s in range(self.nseats) for t, u in self.piles[s] if u is not None
        }
        setup = _core.Setup(
            _core.GAME_NUMBERS[self.game],
            self.nseats,
            self.trump,
            (self.dealer + 1) % self.nseats,
            [d.mask for d in self.down],
        )
        setup.up = tops
        setup.under = unders
        setup.beneath = beneath
        self._core = _core.PlayState(setup)

    # -- reading and dealing --------------------------------------------------

    @classmethod
    def from_fields(cls, fields: Fields) -> ChineseWhist:
        check_known_keys(fields, KEYS, cls.game)
        players = get_int(fields, "players", 4)
        assert players is not None
        if players not in LAYOUT:
            raise PositionError(f"players: Chinese Whist is for 2, 3 or 4 players, not {players}")
        dealer = parse_seat(get_str(fields, "dealer", "1") or "1", players, "dealer")
        pile_entries = get_seat_list(fields, "piles", players)
        down_entries = get_seat_list(fields, "down", players)
        if pile_entries is None or down_entries is None:
            raise PositionError("chinese-whist: the keys 'piles' and 'down' are required")
        piles = [parse_piles(e, s) for s, e in enumerate(pile_entries)]
        down = [read_cardset(e, f"seat {s + 1}'s down cards") for s, e in enumerate(down_entries)]
        return cls(
            players,
            dealer,
            piles,
            down,
            trump=read_strain(get_str(fields, "trump")),
            play=get_str(fields, "play", "") or "",
            notrump=get_bool(fields, "notrump", False),
            target=get_int(fields, "target", DEFAULT_TARGET) or DEFAULT_TARGET,
        )

    @classmethod
    def deal(
        cls,
        players: int,
        seed: int,
        dealer: int = 0,
        notrump: bool = False,
        target: int = DEFAULT_TARGET,
    ) -> ChineseWhist:
        """Deal as Foster describes: the face-down cards one at a time from
        the dealer's left, then the face-up cards over them, then the down cards.
        `target` (the game's points) is recorded with the position."""
        if players not in LAYOUT:
            raise PositionError(f"Chinese Whist is for 2, 3 or 4 players, not {players}")
        rng = random.Random(seed)
        deck = list(deck_for(players))
        rng.shuffle(deck)
        return cls.from_deck(players, deck, dealer, notrump, target)

    @classmethod
    def from_deck(
        cls,
        players: int,
        deck: Sequence[Card],
        dealer: int = 0,
        notrump: bool = False,
        target: int = DEFAULT_TARGET,
    ) -> ChineseWhist:
        """The deal of the shuffled pack `deck` (every card of `deck_for`,
        top first), laid out as `deal` says."""
        piles_each, down_each = LAYOUT[players]
        order = [(dealer + 1 + i) % players for i in range(players)]

        def rounds(cards: Sequence[Card]) -> list[list[Card]]:
            got: list[list[Card]] = [[] for _ in range(players)]
            for i, c in enumerate(cards):
                got[order[i % players]].append(c)
            return got

        n = piles_each * players
        unders, tops = rounds(deck[:n]), rounds(deck[n : 2 * n])
        downs = rounds(deck[2 * n : 2 * n + down_each * players])
        # Face-up cards are sorted into suits and laid over the face-down ones.
        piles = [list(zip(CardSet(tops[s]), unders[s], strict=True)) for s in range(players)]
        downs_set = [CardSet(d) for d in downs]
        return cls(players, dealer, piles, downs_set, notrump=notrump, target=target)  # type: ignore[arg-type]

    # -- the trump decision ---------------------------------------------------

    def _dealt(self, seat: int) -> CardSet:
        """A seat's face-up pile cards and its down cards."""
        return CardSet(top for top, _ in self.piles[seat]) | self.down[seat]

    def _table_trumps(self) -> list[int]:
        """The suits, and no trumps where the deal allows it."""
        return list(range(NOTRUMP + 1 if self.notrump else NOTRUMP))

    def _preplay_phase(self) -> Phase:
        return Phase.TRUMP

    def _preplay_turn(self) -> int:
        return self.dealer

    def _preplay_moves(self) -> list[Move]:
        strains = range(NOTRUMP + 1) if self.notrump else range(NOTRUMP)
        return [Move("trump", value=t) for t in strains]

    def _apply_preplay(self, move: Move) -> None:
        assert move.value is not None
        self.trump = move.value
        self._start_play()

    def _why_illegal(self, move: Move) -> str:
        if self.phase == Phase.TRUMP:
            if move.kind == "trump":
                return "no trumps is not allowed (the dealer names a suit)"
            return f"the dealer (seat {self.dealer + 1}) must first name trump"
        core = self.core
        assert core is not None
        if (
            move.kind == "play"
            and move.card is not None
            and move.card.bit & core.covered(self.to_move)
        ):
            return f"{move.card} is still covered (face down under another card)"
        return why_card_illegal(self, move)

    def sides(self) -> tuple[int, ...]:
        return (0, 1, 0, 1) if self.nseats == 4 else tuple(range(self.nseats))

    # -- what the table shows -------------------------------------------------

    def pile_view(self, seat: int) -> list[tuple[Card | None, Card | None, bool]]:
        """Each pile of a seat now: (top card or None if the pile is gone,
        the card under it or None, whether that under card is still face down)."""
        played = CardSet(m.card for m in self._play if m.kind == "play" and m.card is not None)
        covered = (
            CardSet(self._core.covered(seat))
            if self._core is not None
            else CardSet(u for _, u in self.piles[seat] if u is not None)
        )
        view: list[tuple[Card | None, Card | None, bool]] = []
        for top, under in self.piles[seat]:
            if top not in played:
                view.append((top, under, True))
            elif under is not None and under not in played:
                view.append((None, under, under in covered))
            else:
                view.append((None, None, False))
        return view

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "players": self.nseats,
            "dealer": self.dealer + 1,
            "trump": strain_text(self.trump) if self.trump is not None else None,
            "piles": [" ".join(pile_text(p) for p in self.piles[s]) for s in range(self.nseats)],
            "down": [self.down[s].cards_text() or "-" for s in range(self.nseats)],
            "play": self.play_text() or None,
        }
        if self.notrump:
            fields["notrump"] = True
        if self.target != DEFAULT_TARGET:
            fields["target"] = self.target
        return fields


def pile_text(pile: Pile) -> str:
    top, under = pile
    return f"{top}/{under}" if under is not None else str(top)


def pile_tokens(text: str, what: str, forms: str = "AS/5D") -> Iterator[list[str]]:
    """The piles of a seat's entry of the key `piles` (`what`), each split at
    ``/`` into the top card and, if written, the one under it; `forms` are
    the examples of a pile the error gives."""
    for tok in text.replace(",", " ").split():
        if tok == "-":
            continue
        parts = tok.split("/")
        if len(parts) > 2:
            raise PositionError(f"{what}: {tok!r} is not a pile (write top/under, like {forms})")
        yield parts


def parse_piles(text: str, seat: int) -> list[Pile]:
    piles: list[Pile] = []
    what = f"seat {seat + 1}'s piles"
    for parts in pile_tokens(text, what):
        cards = read_card_list(parts, what)
        piles.append((cards[0], cards[1] if len(cards) == 2 else None))
    return piles
