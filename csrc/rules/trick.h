/*
 * rules/trick.h -- the plain trick-taking parts the games' rules build on,
 * naming no game: the card that wins a trick (and whether by rank), the
 * sides of seats that play in partnerships of four or alone, the tricks the
 * seats of a side have won.  Small inline functions (ts_trick_winner, in rules.c, is the first
 * for the binding).
 */
#ifndef TS_RULES_TRICK_H
#define TS_RULES_TRICK_H

#include "../rules.h"

#define PARTNERSHIP_SEATS 4 /* four seats play as two partnerships, partners opposite */

/* Index within cards[0..n-1] (play order) of the card that wins the trick:
 * the highest trump, else the highest card of the suit led. */
static inline int trick_winner(const ts_card *cards, int n, int trump)
{
    int best = 0;
    for (int i = 1; i < n; i++) {
        ts_card c = cards[i], b = cards[best];
        if (ts_suit_of(c) == ts_suit_of(b)) {
            if (ts_rank_of(c) > ts_rank_of(b))
                best = i;
        } else if (ts_suit_of(c) == trump) {
            /* best is not a trump (the suits differ), so the trump wins. */
            best = i;
        }
    }
    return best;
}

/* The card of a complete trick that won it by rank (it beat another card of
 * its suit), or none: a ruff or a lone card of its suit wins by suit alone
 * (the pattern searches: only a card won by rank decides by its rank). */
static inline ts_cards trick_rank_winner(const ts_card *cards, int n, int trump)
{
    int w = trick_winner(cards, n, trump);
    for (int i = 0; i < n; i++)
        if (i != w && ts_suit_of(cards[i]) == ts_suit_of(cards[w]))
            return ts_bit(cards[w]);
    return 0;
}

/* Sides by the seat count: partners opposite with four seats, everyone
 * alone with fewer. */
static inline void sides_by_seats(ts_state *s)
{
    if (s->nseats == PARTNERSHIP_SEATS) {
        for (int i = 0; i < PARTNERSHIP_SEATS; i++)
            s->side[i] = (uint8_t)(i % 2);
        s->nsides = 2;
    } else {
        for (int i = 0; i < s->nseats; i++)
            s->side[i] = (uint8_t)i;
        s->nsides = s->nseats;
    }
}

/* The tricks the seats of a side have won. */
static inline int tricks_won_by(const ts_state *s, int side)
{
    int won = 0;
    for (int p = 0; p < s->nseats; p++)
        if (s->side[p] == side)
            won += s->tricks[p];
    return won;
}

#endif /* TS_RULES_TRICK_H */
