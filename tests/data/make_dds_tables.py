"""Make tests/data/dds_tables.jsonl: DDS's double-dummy table (tricks for
every declarer in every strain, the lead from declarer's left) of random
whole deals, to check `Solver.table` (`tricksolver table`) against.

It needs endplay (`pip install endplay`; its wheel bundles libdds 2.9.0); the
project itself is not needed. Run from the repository root:

    python tests/data/make_dds_tables.py                  # the committed file
    python tests/data/make_dds_tables.py --count 3 --out /tmp/x.jsonl

Defaults: --count 12, --seed 20261130, --out tests/data/dds_tables.jsonl. The
output depends only on the seed and count (one `random.Random(seed)` stream
deals every hand; DDS is exact). It takes a few seconds.

One JSON object per line (compact):

    {"deal": "N:<PBN of the deal>",
     "tricks": {"S": {"N": 7, "E": 6, "S": 7, "W": 6}, "H": {...}, ..., "NT": {...}}}

`tricks[strain][declarer]`: the tricks declarer's side takes with that strain
as trump when the player on declarer's left leads.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

RANKS = "AKQJT98765432"
SUITS = "SHDC"
SEATS = "NESW"
STRAINS = ["S", "H", "D", "C", "NT"]


def random_deal(rng: random.Random) -> str:
    """A random deal in PBN, N's hand first (suits S H D C, ranks high to low)."""
    deck = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(deck)
    hands = []
    for seat in range(4):
        cards = sorted(deck[seat * 13 : seat * 13 + 13])
        hands.append(".".join("".join(RANKS[r] for s2, r in cards if s2 == s) for s in range(4)))
    return "N:" + " ".join(hands)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--out", default=str(Path(__file__).parent / "dds_tables.jsonl"))
    args = ap.parse_args()

    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    denoms = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="ascii") as out:
        for _ in range(args.count):
            pbn = random_deal(rng)
            table = calc_dd_table(Deal(pbn))
            tricks = {
                strain: {SEATS[i]: int(table[denom, player]) for i, player in enumerate(players)}
                for strain, denom in zip(STRAINS, denoms, strict=True)
            }
            out.write(json.dumps({"deal": pbn, "tricks": tricks}, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
