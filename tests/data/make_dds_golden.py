"""Make tests/data/dds_golden.jsonl: double-dummy values of plain whist positions
computed by DDS (Bo Haglund's double-dummy solver, 2.9.0, through the `endplay`
Python package), to check our own solver against.

It needs endplay (`pip install endplay`; its wheel bundles libdds 2.9.0); the project
itself is not needed. Run from the repository root:

    python tests/data/make_dds_golden.py                  # the committed file
    python tests/data/make_dds_golden.py --count 10 --out /tmp/x.jsonl

Defaults: --count 1000 (records of EACH kind), --seed 20240601, --out
tests/data/dds_golden.jsonl. The output depends only on the seed and count (one
`random.Random(seed)` stream draws every deal, trump, leader and card; DDS is exact,
so its thread count does not matter). It takes a few minutes on two cores.

One JSON object per line (compact):

    {"kind": "lead" | "mid",
     "deal": "N:<PBN of the full deal as dealt>",
     "trump": "S" | "H" | "D" | "C" | "NT",
     "leader": "N" | "E" | "S" | "W",        # who leads the FIRST trick
     "play": "AS 2S 3S 4S 5H",               # cards played since the first lead
     "values": {"AS": 7, "2S": 6, ...}}

- "lead": a random deal, trump and leader, nothing played (`play` is "").
- "mid": a random deal, trump and leader, then 1 to 44 random legal cards (follow
  suit if able; the winner of a trick leads the next), so a trick is often in progress.

`values` has one entry for every legal card of the player to move: the number of
tricks the side of the player to move (N-S or E-W) takes from this position to the
end of the hand, counting the trick in progress, if it plays that card and both sides
then play perfectly. This is DDS SolveBoard's `score` with target -1, solutions 3,
mode 1 (SolveAllBoardsBin, the same thing over threads), with DDS's "equals" (cards
equivalent to a solved card) expanded to their own entries.

`--verify` also checks the values (slower): every position with at most four tricks
left against a plain minimax written here, and for the first 50 records of each kind
that each card's value agrees with DDS's values one card later (after a card the
value is the side's tricks in the trick it completes, if any, plus either the best
value of the next player, if a partner or itself, or the tricks left minus it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from functools import cache

import endplay._dds as dds
from endplay.types import Card, Deal, Denom, Player, Rank

SUITS = "SHDC"  # DDS suit order and numbers: S=0 H=1 D=2 C=3, NT=4
RANKS = "23456789TJQKA"  # rank r (2..14) is RANKS[r - 2]
SEATS = "NESW"  # DDS seat numbers: N=0 E=1 S=2 W=3
STRAINS = ["S", "H", "D", "C", "NT"]
DECK = [(s, r) for s in range(4) for r in range(14, 1, -1)]
MAX_PLAYED = 44  # mid records: 1 to 44 cards played (at least two tricks left)
BATCH = dds.MAXNOOFBOARDS  # boards per SolveAllBoardsBin call


def card_text(card: tuple[int, int]) -> str:
    suit, rank = card
    return RANKS[rank - 2] + SUITS[suit]


def hand_pbn(hand) -> str:
    return ".".join(
        "".join(RANKS[r - 2] for r in sorted((r for s, r in hand if s == suit), reverse=True))
        for suit in range(4)
    )


def deal_pbn(hands) -> str:
    return "N:" + " ".join(hand_pbn(h) for h in hands)


def legal_cards(hand, trick) -> list[tuple[int, int]]:
    """The cards of `hand` that may be played to `trick` (follow suit if able)."""
    if trick:
        follow = [c for c in hand if c[0] == trick[0][0]]
        if follow:
            hand = follow
    return sorted(hand, key=lambda c: (c[0], -c[1]))  # S H D C, high to low


def trick_winner(trick, trump: int) -> int:
    """Index in `trick` (0 = the leader) of the winning card: the highest trump,
    else the highest card of the suit led."""
    best = 0
    for i in range(1, 4):
        s, r = trick[i]
        bs, br = trick[best]
        if (s == bs and r > br) or (s == trump and bs != trump):
            best = i
    return best


class Record:
    """A random position: the deal as dealt, trump, first leader and the play, plus
    the state reached (hands left, leader of the trick in progress, its cards)."""

    def __init__(self, rng: random.Random, kind: str) -> None:
        deck = list(DECK)
        rng.shuffle(deck)
        self.kind = kind
        self.hands = [frozenset(deck[13 * i : 13 * i + 13]) for i in range(4)]  # N E S W
        self.trump = rng.randrange(5)
        self.leader = rng.randrange(4)
        nplay = 0 if kind == "lead" else rng.randint(1, MAX_PLAYED)
        self.rem = [set(h) for h in self.hands]
        self.first = self.leader  # leader of the trick in progress
        self.trick: list[tuple[int, int]] = []
        self.played: list[tuple[int, int]] = []
        for _ in range(nplay):
            card = rng.choice(legal_cards(self.rem[self.to_move], self.trick))
            self.rem[self.to_move].remove(card)
            self.trick.append(card)
            self.played.append(card)
            if len(self.trick) == 4:
                self.first = (self.first + trick_winner(self.trick, self.trump)) % 4
                self.trick = []
        self.values: dict[str, int] = {}

    @property
    def to_move(self) -> int:
        return (self.first + len(self.trick)) % 4

    def dds_deal(self) -> Deal:
        """The position as a DDS deal: the hands at the start of the trick in
        progress, its leader, then its cards played (fewer than four, so endplay
        only records them)."""
        at_start = [set(h) for h in self.rem]
        for i, card in enumerate(self.trick):
            at_start[(self.first + i) % 4].add(card)
        deal = Deal(deal_pbn(at_start), first=Player(self.first), trump=Denom(self.trump))
        for card in self.trick:
            deal.play(Card(suit=Denom(card[0]), rank=Rank(1 << card[1])))
        return deal

    def check_with_endplay(self) -> None:
        """endplay's own replay of the play (its trick winner) reaches the same state."""
        deal = Deal(deal_pbn(self.hands), first=Player(self.leader), trump=Denom(self.trump))
        for card in self.played:
            deal.play(Card(suit=Denom(card[0]), rank=Rank(1 << card[1])))
        mine = self.dds_deal()
        assert deal.first == mine.first and deal.curtrick == mine.curtrick, self.json()
        assert deal.to_pbn() == mine.to_pbn() == deal_pbn(self.rem), self.json()
        assert deal.curplayer == Player(self.to_move), self.json()

    def json(self) -> str:
        return json.dumps(
            {
                "kind": self.kind,
                "deal": deal_pbn(self.hands),
                "trump": STRAINS[self.trump],
                "leader": SEATS[self.leader],
                "play": " ".join(card_text(c) for c in self.played),
                "values": self.values,
            },
            separators=(",", ":"),
        )


def solve(deals: list[Deal]) -> list[dict[tuple[int, int], int]]:
    """DDS values of every legal card for each deal (target -1, solutions 3, mode 1)."""
    out: list[dict[tuple[int, int], int]] = []
    for start in range(0, len(deals), BATCH):
        chunk = deals[start : start + BATCH]
        bop = dds.boards()
        bop.noOfBoards = len(chunk)
        for i, deal in enumerate(chunk):
            bop.deals[i] = deal._data
            bop.target[i] = -1
            bop.solutions[i] = 3
            bop.mode[i] = 1
        solved = dds.solvedBoards()
        dds.SolveAllBoardsBin(bop, solved)  # raises DDSError on a DDS error code
        assert solved.noOfBoards == len(chunk)
        for i in range(len(chunk)):
            fut = solved.solvedBoard[i]
            values: dict[tuple[int, int], int] = {}
            for j in range(fut.cards):
                # `rank` is 2..14; `equals` is a bit set (bit r = rank r) of the
                # same hand's cards equivalent to it, which score the same.
                ranks = (1 << fut.rank[j]) | fut.equals[j]
                for r in range(2, 15):
                    if ranks >> r & 1:
                        assert (fut.suit[j], r) not in values
                        values[(fut.suit[j], r)] = fut.score[j]
            out.append(values)
    return out


def fill(records: list[Record]) -> None:
    for rec, values in zip(records, solve([r.dds_deal() for r in records]), strict=True):
        legal = legal_cards(rec.rem[rec.to_move], rec.trick)
        if set(values) != set(legal):
            sys.exit(f"DDS cards {sorted(values)} != legal cards {legal}: {rec.json()}")
        tricks_left = len(rec.rem[rec.first]) + (1 if rec.trick else 0)
        assert all(0 <= v <= tricks_left for v in values.values()), rec.json()
        rec.values = {card_text(c): values[c] for c in legal}


# --- optional checks (--verify) ------------------------------------------------


def minimax(rem, first: int, trick: tuple, trump: int) -> dict[tuple[int, int], int]:
    """Value of every legal card for the side to move, by plain search."""

    @cache
    def best(hands: tuple, first: int, trick: tuple) -> int:
        seat = (first + len(trick)) % 4
        return max(after(hands, first, trick, c) for c in legal_cards(hands[seat], trick))

    def after(hands: tuple, first: int, trick: tuple, card) -> int:
        seat = (first + len(trick)) % 4
        hands = tuple(h - {card} if i == seat else h for i, h in enumerate(hands))
        trick = trick + (card,)
        won = 0
        if len(trick) == 4:
            first = (first + trick_winner(trick, trump)) % 4
            won = 1 if first % 2 == seat % 2 else 0
            trick = ()
        if not any(hands):
            return won
        nxt = (first + len(trick)) % 4
        left = len(hands[first])  # tricks left after the one just completed
        if trick:
            left += 1
        v = best(hands, first, trick)
        return won + (v if nxt % 2 == seat % 2 else left - v)

    hands = tuple(frozenset(h) for h in rem)
    seat = (first + len(trick)) % 4
    return {c: after(hands, first, tuple(trick), c) for c in legal_cards(hands[seat], trick)}


def verify(records: list[Record], sample: int) -> None:
    small = [r for r in records if len(r.rem[r.first]) <= 4]
    for rec in small:
        got = minimax(rec.rem, rec.first, rec.trick, rec.trump)
        got = {card_text(c): v for c, v in got.items()}
        assert got == rec.values, (got, rec.json())
    print(f"  minimax agrees on {len(small)} positions with <= 4 tricks left", file=sys.stderr)

    # One card later: solve every child position and recompute each card's value.
    children, parents = [], []
    for rec in records[:sample]:
        for text in rec.values:
            card = (SUITS.index(text[1]), RANKS.index(text[0]) + 2)
            seat = rec.to_move
            trick = rec.trick + [card]
            won, first = 0, rec.first
            if len(trick) == 4:
                first = (rec.first + trick_winner(trick, rec.trump)) % 4
                won = 1 if first % 2 == seat % 2 else 0
            left = len(rec.rem[rec.first]) + (1 if rec.trick else 0) - (1 if len(trick) == 4 else 0)
            if left == 0:
                assert rec.values[text] == won, rec.json()
                continue
            child = Record.__new__(Record)
            child.rem = [set(h) for h in rec.rem]
            child.rem[seat].discard(card)
            child.trump = rec.trump
            if len(trick) == 4:
                child.first, child.trick = first, []
            else:
                child.first, child.trick = rec.first, trick
            children.append(child.dds_deal())
            parents.append((rec, text, won, left, child.to_move % 2 == seat % 2))
    for (rec, text, won, left, same), values in zip(parents, solve(children), strict=True):
        v = max(values.values())
        expect = won + (v if same else left - v)
        assert rec.values[text] == expect, (text, expect, rec.json())
    print(f"  {len(parents)} card values agree with DDS one card later", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=1000, help="records of each kind (1000)")
    ap.add_argument("--seed", type=int, default=20240601, help="random seed (20240601)")
    ap.add_argument("--out", default="tests/data/dds_golden.jsonl", help="output file")
    ap.add_argument("--verify", action="store_true", help="also check the values (slower)")
    args = ap.parse_args(argv)

    t0 = time.time()
    rng = random.Random(args.seed)
    records = [Record(rng, "lead") for _ in range(args.count)]
    records += [Record(rng, "mid") for _ in range(args.count)]
    for rec in records:
        rec.check_with_endplay()
    fill(records)
    with open(args.out, "w", encoding="ascii", newline="\n") as f:
        for rec in records:
            f.write(rec.json() + "\n")
    print(f"wrote {len(records)} records to {args.out} in {time.time() - t0:.0f}s", file=sys.stderr)
    if args.verify:
        verify(records[: args.count], min(50, args.count))
        verify(records[args.count :], min(50, args.count))
        print(f"verified in {time.time() - t0:.0f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
