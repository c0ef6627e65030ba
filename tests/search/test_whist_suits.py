"""The fast paths of whist's bounds (csrc/games/partnership.h) against the
slow counts they stand for, on random positions with every card face up:
the facts of a trick start made from the shape and the relative ranks
(`whist_suits_from`) against those counted card by card (`whist_suits_of`),
every seat's length in every suit (`suit_len`, `shape_len`) against its cards,
`cash_now` against `cash_from` (csrc/games/tricks.h) for every seat, with no
suit skipped and with trumps skipped, `cap_now` against `quick_tricks_cap`,
`long_trumps_now` against `long_trump_tricks` for both sides and
`sure_trumps_now` against `sure_trump_tricks`.  A small C program includes the headers, deals the
positions and prints the first difference it finds."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.paths import ROOT

CSRC = ROOT / "csrc"
POSITIONS = 200_000

PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/partnership.h"

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static unsigned next(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static uint64_t shape_of(const ts_state *s)
{
    uint64_t shape = 0;
    for (int p = 0; p < 4; p++)
        shape = shape << 16 | suit_counts(s->playable[p]);
    return shape;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    for (long k = 0; k < n; k++) {
        ts_state s;
        memset(&s, 0, sizeof s);
        s.nseats = 4;
        s.nsides = 2;
        s.total_tricks = 13;
        for (int p = 0; p < 4; p++)
            s.side[p] = (uint8_t)(p % 2);
        s.trump = (uint8_t)next(TS_SUITS + 1);
        s.leader = s.turn = (uint8_t)next(4);
        /* each seat the same number of cards (a trick start), some of them
         * with a suit or two of its own (voids and long suits) */
        int cards = 1 + (int)next(13);
        s.tricks_played = (uint8_t)(13 - cards);
        int deck[52], m = 0;
        unsigned skew = next(4);
        for (int suit = 0; suit < 4; suit++)
            for (int r = 0; r < 13; r++)
                deck[m++] = suit * 16 + r;
        for (int i = 51; i > 0; i--) {
            int j = (int)next((unsigned)i + 1), t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        if (skew) /* the low suits first: lengths far from even */
            for (int i = 1; i < 52; i++)
                for (int j = i; j > 0 && deck[j] / 16 < deck[j - 1] / 16 && next(4) < skew; j--) {
                    int t = deck[j];
                    deck[j] = deck[j - 1];
                    deck[j - 1] = t;
                }
        for (int p = 0; p < 4; p++)
            for (int i = 0; i < cards; i++)
                s.playable[p] |= ts_bit((ts_card)deck[p * cards + i]);
        ts_cards remaining = 0, rel[4];
        for (int p = 0; p < 4; p++)
            remaining |= s.playable[p];
        relative_seats(&s, remaining, rel, NULL);
        whist_suits fast, slow;
        whist_suits_from(&fast, remaining, shape_of(&s), rel);
        whist_suits_of(&s, &slow);
        if (fast.in_play != slow.in_play || fast.shape != slow.shape ||
            memcmp(fast.tops, slow.tops, sizeof fast.tops) != 0) {
            printf("facts differ at position %ld\n", k);
            return 1;
        }
        for (int p = 0; p < 4; p++)
            for (int suit = 0; suit < TS_SUITS; suit++) {
                int len = ts_count(s.playable[p] & ts_suit_cards(suit));
                if (suit_len(&fast, p, suit) != len || suit_len(&slow, p, suit) != len ||
                    shape_len(fast.shape, p, suit) != len) {
                    printf("lengths differ at position %ld seat %d suit %d\n", k, p, suit);
                    return 1;
                }
            }
        int skips[2] = {-1, s.trump};
        for (int p = 0; p < 4; p++)
            for (int i = 0; i < 2; i++) {
                ts_cards a, b;
                int x = cash_now(&s, &fast, p, &a, skips[i]);
                int y = cash_from(&s, p, remaining, &b, skips[i]);
                if (x != y || a != b) {
                    printf("cash differs at position %ld seat %d skip %d: %d %d\n",
                           k, p, skips[i], x, y);
                    return 1;
                }
            }
        if (cap_now(&s, &fast) != quick_tricks_cap(&s, remaining, (s.leader + 2) % 4)) {
            printf("cap differs at position %ld\n", k);
            return 1;
        }
        for (int side = 0; side < 2; side++) {
            ts_cards a, b;
            int x = long_trumps_now(&s, &fast, side, &a), y = long_trump_tricks(&s, side, &b);
            if (x != y || a != b) {
                printf("long trumps differ at position %ld side %d: %d %d\n", k, side, x, y);
                return 1;
            }
        }
        {
            ts_cards a, b;
            int sa, sb;
            int x = sure_trumps_now(&s, &fast, &a, &sa), y = sure_trump_tricks(&s, &b, &sb);
            if (x != y || a != b || sa != sb) {
                printf("sure trumps differ at position %ld: %d %d\n", k, x, y);
                return 1;
            }
        }
    }
    printf("ok %ld\n", n);
    return 0;
}
"""


def test_fast_counts_match_the_slow_ones(tmp_path: Path) -> None:
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    source = tmp_path / "check.c"
    source.write_text(PROGRAM)
    exe = tmp_path / "check"
    built = subprocess.run(
        [cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-I", str(CSRC), str(source), "-o", str(exe)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    run = subprocess.run([str(exe), str(POSITIONS)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == f"ok {POSITIONS}", run.stdout
