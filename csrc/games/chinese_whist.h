/*
 * games/chinese_whist.h -- Chinese Whist's value hooks (2, 3 or 4 seats,
 * piles of a face-up card on a face-down one): the value of a finished hand
 * (its tricks), the stored offset (the tricks won), the cheap bounds (quick
 * tricks and trump tricks), which cards are alike (none that covers
 * another), move ordering (four seats: as whist), and the hand's rules (the
 * piles).  Its keys and pattern table are in chinese_whist.c.  Small inline
 * functions.
 */
#ifndef TS_GAMES_CHINESE_WHIST_H
#define TS_GAMES_CHINESE_WHIST_H

#include "../search/moves.h"
#include "../search/table.h"
#include "partnership.h"

/* Chinese Whist, at a trick start: tricks won by trumps (trump_tricks_of;
 * face-down cards count, as every card is played by the end).  Raises
 * *gain to the tricks one seat of the side surely takes against the other
 * sides' trumps, *loss to the tricks one seat of another side surely takes
 * against the side's. */
static inline void side_trump_tricks(const ts_state *s, int side, int *gain, int *loss)
{
    if (s->trump == TS_NOTRUMP)
        return;
    ts_cards trumps = 0, mine = 0;
    for (int p = 0; p < s->nseats; p++) {
        ts_cards t = (s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump);
        trumps |= t;
        if (s->side[p] == side)
            mine |= t;
    }
    if (!trumps)
        return;
    for (int p = 0; p < s->nseats; p++) {
        int ours = s->side[p] == side;
        int n = trump_tricks_of(s, p, ours ? trumps & ~mine : mine);
        int *bound = ours ? gain : loss;
        if (n > *bound)
            *bound = n;
    }
}

/* ---- values ---- */

/* A finished hand is worth its tricks; the table stores the tricks from
 * the trick start on. */
static inline int chinese_whist_final_value(const ts_state *s, int side) { return side_tricks(s, side); }
static inline int chinese_whist_stored_offset(const ts_state *s, int side) { return side_tricks(s, side); }

/* The cheap bounds: the tricks won, and at a trick start the quick tricks
 * of the side on lead and the tricks trumps surely take. */
static inline void chinese_whist_value_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    int gain = 0, loss = 0;
    if (s->phase == TS_PLAY && s->ntrick == 0) {
        quick_trick_bounds(s, side, &gain, &loss);
        side_trump_tricks(s, side, &gain, &loss);
    }
    tricks_range(s, side, gain, loss, lo, hi);
}

/* ---- cards alike, move ordering ---- */

/* Two cards are alike when neither covers another. */
static inline int chinese_whist_alike(const ts_state *s, ts_card a, ts_card b, int root)
{
    (void)root;
    return s->beneath[a] == TS_NO_CARD && s->beneath[b] == TS_NO_CARD;
}

/* A card with another beneath it stands for no other (the pattern search
 * skips no such card after a lower card's search). */
static inline int chinese_whist_stands_alone(const ts_state *s, ts_card c) { return s->beneath[c] != TS_NO_CARD; }

/* Four seats in two partnerships: move ordering as in whist (as if every
 * card were playable; only speed depends on it). */
static inline int chinese_whist_partnership(const ts_state *s) { return s->nseats == 4; }

static inline int chinese_whist_lead_score(const ts_state *s, ts_card c, ts_cards remaining)
{
    return s->nseats == 4 ? whist_lead_score(s, c, remaining) : lead_score(s, c, remaining);
}

/* ---- the hand's rules: the piles ---- */

static inline void chinese_whist_rules(const ts_state *s, uint8_t own[HAND_RULES_OWN])
{
    _Static_assert(sizeof s->beneath <= HAND_RULES_OWN, "the piles fit in the hand rules");
    memcpy(own, s->beneath, sizeof s->beneath);
}

#endif /* TS_GAMES_CHINESE_WHIST_H */
