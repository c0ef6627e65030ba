/*
 * games/whist.h -- plain whist's value hooks: the value of a finished hand
 * (its tricks), the stored offset (the tricks won: the table stores the
 * future tricks), the cheap bounds (quick tricks), and the exact key of the
 * reference search (relative ranks).  Its pattern table is in whist.c, its
 * bounds at a trick start and its lead scores in games/partnership.h.
 * Small inline functions.
 */
#ifndef TS_GAMES_WHIST_H
#define TS_GAMES_WHIST_H

#include "../search/table.h"
#include "partnership.h"

/* ---- values ---- */

/* A finished hand is worth its tricks; the table stores the tricks from
 * the trick start on (the key knows no history). */
static inline int whist_final_value(const ts_state *s, int side) { return side_tricks(s, side); }
static inline int whist_stored_offset(const ts_state *s, int side) { return side_tricks(s, side); }

/* The cheap bounds: the tricks won, and at a trick start the quick tricks
 * of the side on lead. */
static inline void whist_value_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    int gain = 0, loss = 0;
    if (s->phase == TS_PLAY && s->ntrick == 0)
        quick_trick_bounds(s, side, &gain, &loss);
    tricks_range(s, side, gain, loss, lo, hi);
}

/* ---- the exact key (the reference search) ---- */

/* Each seat's cards by their rank among the cards still in play, so that
 * positions differing only in cards already played share an entry. */
static inline void whist_key(const ts_state *s, int root, int kind, tt_key *k)
{
    (void)root, (void)kind;
    ts_cards remaining = 0;
    for (int p = 0; p < s->nseats; p++)
        remaining |= s->playable[p];
    for (int p = 0; p < s->nseats; p++) {
        k->hands[p] = relative(s->playable[p], remaining);
        k->covered[p] = s->covered[p];
    }
}

#endif /* TS_GAMES_WHIST_H */
