"""Cards and sets of cards: small value types over the C core's encoding.

A `Card` is an index ``suit * 16 + rank`` (suits S H D C = 0..3, ranks
2..A = 0..12) and a `CardSet` a 64-bit mask with one 16-bit lane per suit,
exactly as in ``csrc/cards.h``.  Both are immutable and hashable, and their
text form parses back to themselves::

    >>> Card.parse("10h")
    Card('TH')
    >>> CardSet.parse("AKQ.T9..432")
    CardSet('AKQ.T9..432')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from solver import _core
from solver.errors import CardError

LANE_BITS: Final = 16
RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
NOTRUMP: Final = _core.NOTRUMP  # the strain index of no trumps, after the four suits
LANE: Final = (1 << len(RANK_CHARS)) - 1
DECK_MASK: Final = LANE | LANE << 16 | LANE << 32 | LANE << 48


class Suit(IntEnum):
    """The four suits, in the order of the C core's lanes."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter (S H D C, any case) or symbol."""
        t = text.strip().upper()
        if len(t) == 1 and t in SUIT_CHARS:
            return cls(SUIT_CHARS.index(t))
        if len(t) == 1 and t in SUIT_SYMBOLS:
            return cls(SUIT_SYMBOLS.index(t))
        raise CardError(f"unknown suit {text!r} (use S, H, D or C)")


def parse_strain(text: str) -> int:
    """A trump strain: a suit index 0..3, or NOTRUMP (4) for 'NT'."""
    t = text.strip().upper()
    if t in ("NT", "N", "NOTRUMP", "NOTRUMPS"):
        return NOTRUMP
    try:
        return int(Suit.parse(t))
    except CardError:
        raise CardError(f"unknown trump {text!r} (use S, H, D, C or NT)") from None


def strain_text(strain: int) -> str:
    return "NT" if strain == NOTRUMP else SUIT_CHARS[strain]


def _parse_rank(text: str) -> int:
    t = text.upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_CHARS:
        raise CardError(f"unknown rank {text!r} (use 2-9, T or 10, J, Q, K, A)")
    return RANK_CHARS.index(t)


class Card:
    """One card: an index ``suit * 16 + rank`` (rank 0 is the two, 12 the ace)."""

    __slots__ = ("index",)
    index: int

    def __init__(self, index: int) -> None:
        if not (0 <= index < 64 and index % LANE_BITS < len(RANK_CHARS)):
            raise CardError(f"{index} is not a card index")
        object.__setattr__(self, "index", index)

    @classmethod
    def of(cls, suit: int, rank: int) -> Card:
        return cls(suit * LANE_BITS + rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Rank then suit: ``AS``, ``td``, ``10H``, ``Q♦``."""
        t = text.strip()
        if len(t) < 2:
            raise CardError(f"unknown card {text!r} (write rank then suit, like AS or 10H)")
        try:
            return cls.of(Suit.parse(t[-1]), _parse_rank(t[:-1]))
        except CardError:
            raise CardError(
                f"unknown card {text!r} (write rank then suit, like AS or 10H)"
            ) from None

    @property
    def suit(self) -> Suit:
        return Suit(self.index // LANE_BITS)

    @property
    def rank(self) -> int:
        return self.index % LANE_BITS

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank]

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return hash(("Card", self.index))

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))


class CardSet:
    """An immutable set of cards over a 64-bit mask (one 16-bit lane per suit).

    Iteration goes suit by suit (S H D C), highest rank first.  The text form
    is the dotted PBN hand, ``AKQ.T9..432`` (spades.hearts.diamonds.clubs);
    `parse` also reads a list of cards, ``AS KS 2C``.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: int | Iterable[Card] = 0) -> None:
        if isinstance(cards, int):
            mask = cards
            if mask & ~DECK_MASK or mask < 0:
                raise CardError(f"mask {mask:#x} holds bits that are no cards")
        else:
            mask = 0
            for c in cards:
                if mask & c.bit:
                    raise CardError(f"{c} appears twice")
                mask |= c.bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """A dotted hand (``AKQ.T9..432``, ``-`` for a void) or cards (``AS, KS 2C``)."""
        t = text.strip()
        if t in ("", "-"):
            return cls()
        if t.count(".") == 3 and " " not in t and "," not in t:
            return cls._parse_dotted(t)
        tokens = t.replace(",", " ").split()
        return cls(Card.parse(tok) for tok in tokens)

    @classmethod
    def _parse_dotted(cls, text: str) -> CardSet:
        mask = 0
        for suit, holding in enumerate(text.split(".")):
            holding = holding.replace("10", "T")
            if holding == "-":
                continue
            for ch in holding:
                bit = Card.of(suit, _parse_rank(ch)).bit
                if mask & bit:
                    raise CardError(f"{ch.upper()}{SUIT_CHARS[suit]} appears twice in {text!r}")
                mask |= bit
        return cls(mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[Card]:
        for suit in range(4):
            lane = (self.mask >> (suit * LANE_BITS)) & LANE
            while lane:
                rank = lane.bit_length() - 1
                lane ^= 1 << rank
                yield _CARDS[suit * LANE_BITS + rank]

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & (LANE << (suit * LANE_BITS)))

    def holding(self, suit: int) -> str:
        """The ranks held in one suit, high first (``AKQ``), '' for a void."""
        return "".join(c.rank_char for c in self.suit(suit))

    def __str__(self) -> str:
        return ".".join(self.holding(s) for s in range(4))

    def __repr__(self) -> str:
        return f"CardSet('{self}')"

    def cards_text(self) -> str:
        """The cards as a list, ``AS KS 2C``."""
        return " ".join(str(c) for c in self)

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return (CardSet, (self.mask,))


_CARDS: Final = {i: Card(i) for i in range(64) if i % LANE_BITS < len(RANK_CHARS)}
FULL_DECK: Final = CardSet(DECK_MASK)
