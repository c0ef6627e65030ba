/*
 * games/chinese_whist_rules.h -- Chinese Whist's rules hooks
 * (rules/play.h): two, three or four seats (four in partnerships); each
 * seat holds a hand of down cards and piles, a face-up card on a face-down
 * one, both dealt (GAME_PILES); the setup's piles are checked and kept
 * (which card lies under which); when a trick ends, a card beneath one
 * played turns up; a side scores its tricks above par.  Small inline
 * functions.
 */
#ifndef TS_GAMES_CHINESE_WHIST_RULES_H
#define TS_GAMES_CHINESE_WHIST_RULES_H

#include <string.h>

#include "../rules/trick.h"

#define CW_MIN_SEATS 2
#define CW_MAX_SEATS 4

static inline int chinese_whist_seats_ok(int nseats) { return nseats >= CW_MIN_SEATS && nseats <= CW_MAX_SEATS; }

/* The piles: every covering card has at most one card beneath it, that card
 * is covered and belongs to the same seat, and every covered card lies
 * under exactly one covering card.  TS_OK, else TS_ERR_PILE. */
static inline int chinese_whist_setup_check(const ts_setup *in)
{
    for (int c = 0; c < 64; c++) {
        if (in->beneath[c] == TS_NO_CARD)
            continue;
        int owner = -1;
        for (int p = 0; p < in->nseats; p++)
            if (in->up[p] & ts_bit((ts_card)c))
                owner = p;
        if (owner < 0 || !ts_card_valid(in->beneath[c]) || !(in->under[owner] & ts_bit(in->beneath[c])))
            return TS_ERR_PILE;
    }
    for (int p = 0; p < in->nseats; p++) {
        ts_cards lying_under = 0;
        int pairs = 0;
        for (ts_cards up = in->up[p]; up; up &= up - 1) {
            ts_card b = in->beneath[ts_first(up)];
            if (b == TS_NO_CARD)
                continue;
            lying_under |= ts_bit(b);
            pairs++;
        }
        if (lying_under != in->under[p] || pairs != ts_count(in->under[p]))
            return TS_ERR_PILE;
    }
    return TS_OK;
}

/* The piles at the first lead: the face-up cards playable, the cards
 * beneath them covered. */
static inline void chinese_whist_setup_state(ts_state *s, const ts_setup *in)
{
    memcpy(s->beneath, in->beneath, sizeof s->beneath);
    for (int c = 0; c < 64; c++)
        if (s->beneath[c] != TS_NO_CARD)
            s->covers |= ts_bit((ts_card)c);
    for (int p = 0; p < in->nseats; p++) {
        s->playable[p] |= in->up[p];
        s->covered[p] = in->under[p];
    }
}

/* Every card of the complete trick that covered another turns that one up.
 * Returns the cards turned up. */
static inline ts_cards chinese_whist_turn_up(ts_state *s)
{
    ts_cards turned = 0;
    for (int i = 0; i < s->ntrick; i++) {
        ts_card b = s->beneath[s->trick[i]];
        if (b == TS_NO_CARD)
            continue;
        int seat = (s->leader + i) % s->nseats;
        s->covered[seat] &= ~ts_bit(b);
        s->playable[seat] |= ts_bit(b);
        turned |= ts_bit(b);
    }
    return turned;
}

/* The undo of chinese_whist_turn_up for the trick cards[0..n-1] led by leader. */
static inline void chinese_whist_turn_down(ts_state *s, const ts_card *cards, int n, int leader)
{
    for (int i = 0; i < n; i++) {
        ts_card b = s->beneath[cards[i]];
        if (b != TS_NO_CARD) {
            int seat = (leader + i) % s->nseats;
            s->covered[seat] |= ts_bit(b);
            s->playable[seat] &= ~ts_bit(b);
        }
    }
}

/* The par of a side: it scores its tricks above it (rules.h). */
static inline int chinese_whist_par(const ts_state *s)
{
    return s->nseats == 4 ? TS_CHINESE_WHIST_PAR_4 : s->nseats == 3 ? TS_CHINESE_WHIST_PAR_3 : TS_CHINESE_WHIST_PAR_2;
}

/* A side's hand score: its tricks above par. */
static inline int chinese_whist_side_score(const ts_state *s, int side)
{
    int par = chinese_whist_par(s);
    int won = tricks_won_by(s, side);
    return won > par ? won - par : 0;
}

#endif /* TS_GAMES_CHINESE_WHIST_RULES_H */
