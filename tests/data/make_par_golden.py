"""Make tests/data/par_golden.jsonl: DDS's par (``DealerPar``: the par score
and the par contracts, given the dealer and the vulnerability) of random
whole deals, with the double-dummy table it was computed from, to check
`solver.games.whist.par` against.

It needs endplay (`pip install endplay`; its wheel bundles libdds 2.9.0); the
project itself is not needed. Run from the repository root:

    python tests/data/make_par_golden.py                  # the committed file
    python tests/data/make_par_golden.py --count 3 --out /tmp/x.jsonl

Defaults: --count 1000, --seed 20261202, --out tests/data/par_golden.jsonl.
The output depends only on the seed and count (one `random.Random(seed)`
stream deals every hand and draws its dealer and vulnerability; DDS is
exact). It takes a minute or two on one core.

One JSON object per line (compact):

    {"deal": "N:<PBN of the deal>", "dealer": "E", "vulnerable": "NS",
     "tricks": {"S": {"N": 7, "E": 6, "S": 7, "W": 6}, "H": {...}, ..., "NT": {...}},
     "score": 420, "contracts": ["4S-NS", "5C*-EW-2"]}

`tricks` is DDS's ``CalcDDtable`` (as in dds_tables.jsonl); `vulnerable` is
None, NS, EW or Both; `score` is DDS's par score for N-S (negative: E-W's);
`contracts` are DDS's ``DealerPar`` strings as DDS writes them (``pass``
alone when the deal is passed out): level and strain (N for no trumps),
``*`` for a doubled sacrifice, the declarers after ``-``, then the
overtricks (``+1``) or, for a sacrifice, the undertricks (``-2``).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from make_dds_tables import random_deal  # the same deals: one random deal in PBN

SEATS = "NESW"
STRAINS = ["S", "H", "D", "C", "NT"]  # DDS's order of its table's rows
VULNERABILITY = ["None", "Both", "NS", "EW"]  # DDS's numbers 0..3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--out", default=str(Path(__file__).parent / "par_golden.jsonl"))
    args = ap.parse_args()

    import endplay._dds as dds
    from endplay.types import Deal

    dds.SetMaxThreads(1)
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="ascii") as out:
        for _ in range(args.count):
            pbn = random_deal(rng)
            dealer = rng.randrange(4)
            vulnerable = rng.randrange(4)
            table_deal = dds.ddTableDeal()
            table_deal.cards = Deal(pbn)._data.remainCards
            table = dds.ddTableResults()
            dds.CalcDDtable(table_deal, table)
            par = dds.parResultsDealer()
            dds.DealerPar(table, par, dealer, vulnerable)
            tricks = {
                strain: {seat: int(table.resTable[i][j]) for j, seat in enumerate(SEATS)}
                for i, strain in enumerate(STRAINS)
            }
            contracts = [par.contracts[k].value.decode("ascii") for k in range(par.number)]
            record = {
                "deal": pbn,
                "dealer": SEATS[dealer],
                "vulnerable": VULNERABILITY[vulnerable],
                "tricks": tricks,
                "score": int(par.score),
                "contracts": contracts,
            }
            out.write(json.dumps(record, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
