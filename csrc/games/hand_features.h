/*
 * games/hand_features.h -- what a card player sees in the hands at a trick
 * start, as numbers for the learned evaluation (search/evaluate.h), for
 * the trick-taking games (whist, Chinese Whist, Chinkway, Cinch): for side
 * R ("us": every seat of side R) and the other sides together ("them"),
 * their cards, trumps, top cards, honours, ruffing voids and long cards;
 * then who leads, the tricks left and the tricks each has won.  Every
 * card still to be played counts (Chinese Whist: face-down cards too, as
 * the search knows them).  A game's own features (games/<game>_features.h)
 * start with these and add its own.  Small inline functions.
 *
 * The slow reference of every feature is tests/reference/features.py;
 * keep the two in step (the tests compare them on random positions).
 */
#ifndef TS_GAMES_HAND_FEATURES_H
#define TS_GAMES_HAND_FEATURES_H

#include "../rules/trick.h"
#include "../search/ranks.h"

#define HAND_GROUPS 2              /* us (side R), them (every other side) */
#define HAND_GROUP_FEATURES 8      /* per group, below */
#define HAND_HONOURS 4             /* the top four cards left in a suit are its honours: 4, 3, 2, 1 points */
#define HAND_LONG_FROM 3           /* a seat's cards of a suit beyond three are long cards */
#define HAND_SEAT_FEATURES 5       /* per seat, below */
#define HAND_FEATURES (HAND_GROUPS * HAND_GROUP_FEATURES + 5 + TS_MAX_SEATS * HAND_SEAT_FEATURES)

/* The features of one group, at out[0..HAND_GROUP_FEATURES-1]:
 *   0 cards          the cards its seats still hold (face-down included)
 *   1 trumps         its trumps (0 at no trumps)
 *   2 top trumps     the trumps it holds in an unbroken run from the top
 *   3 top side cards the same in every other suit, added up
 *   4 trump honours  the top four trumps left, 4-3-2-1 points, its share
 *   5 side honours   the same in every other suit
 *   6 ruffing voids  a seat of it void in a side suit while holding a trump
 *   7 long cards     a seat's cards of a suit beyond three, added up
 * After both groups: 16 we lead (1/0), 17 tricks left, 18 tricks we won,
 * 19 tricks they won, 20 the seats of side R.  Then each seat in the order
 * of play from the leader (TS_MAX_SEATS blocks, the missing seats' 0):
 *   0 ours           1/0: the seat is of side R
 *   1 trumps         its trumps
 *   2 honours        its honour points in every suit (as above)
 *   3 winners        the suits whose top card left it holds
 *   4 voids          the suits it holds no card of */
enum { HAND_WE_LEAD = HAND_GROUPS * HAND_GROUP_FEATURES, HAND_TRICKS_LEFT, HAND_WON_US, HAND_WON_THEM, HAND_OUR_SEATS,
       HAND_BY_SEAT };

/* A seat's cards still to be played. */
static inline ts_cards cards_left(const ts_state *s, int p) { return s->playable[p] | s->covered[p]; }

static inline void hand_features(const ts_state *s, int R, float *out)
{
    ts_cards group[HAND_GROUPS] = {0, 0};
    for (int p = 0; p < s->nseats; p++)
        group[s->side[p] == R ? 0 : 1] |= cards_left(s, p);
    ts_cards all = group[0] | group[1];
    for (int i = 0; i < HAND_FEATURES; i++)
        out[i] = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        int trumps = suit == s->trump;
        ts_cards in_suit = all & ts_suit_cards(suit);
        /* the top run and the honours, by who holds each card from the top */
        int run_open = 1, first = -1;
        for (int h = 0; in_suit; h++) {
            ts_card c = top_of(in_suit);
            in_suit &= ~ts_bit(c);
            int g = (group[0] & ts_bit(c)) ? 0 : 1;
            int i = 0; /* the holder's place in the order of play from the leader */
            while (!(cards_left(s, (s->leader + i) % s->nseats) & ts_bit(c)))
                i++;
            float *seat = out + HAND_BY_SEAT + i * HAND_SEAT_FEATURES;
            if (h == 0)
                seat[3] += 1;
            if (h < HAND_HONOURS)
                seat[2] += (float)(HAND_HONOURS - h);
            float *f = out + g * HAND_GROUP_FEATURES;
            if (first < 0)
                first = g;
            if (run_open && g == first)
                f[trumps ? 2 : 3] += 1;
            else
                run_open = 0;
            if (h < HAND_HONOURS)
                f[trumps ? 4 : 5] += (float)(HAND_HONOURS - h);
        }
    }
    ts_cards trump_cards = s->trump == TS_NOTRUMP ? 0 : ts_suit_cards(s->trump);
    for (int i = 0; i < s->nseats; i++) {
        int p = (s->leader + i) % s->nseats;
        float *f = out + (s->side[p] == R ? 0 : 1) * HAND_GROUP_FEATURES;
        float *seat = out + HAND_BY_SEAT + i * HAND_SEAT_FEATURES;
        ts_cards mine = cards_left(s, p);
        seat[0] = s->side[p] == R;
        seat[1] = (float)ts_count(mine & trump_cards);
        f[0] += (float)ts_count(mine);
        f[1] += (float)ts_count(mine & trump_cards);
        for (int suit = 0; suit < TS_SUITS; suit++) {
            int n = ts_count(mine & ts_suit_cards(suit));
            if (n > HAND_LONG_FROM)
                f[7] += (float)(n - HAND_LONG_FROM);
            if (!n && suit != s->trump && (mine & trump_cards))
                f[6] += 1;
            if (!n)
                seat[4] += 1;
        }
    }
    int won_us = 0, won_them = 0;
    for (int p = 0; p < s->nseats; p++) {
        if (s->side[p] == R) {
            won_us += s->tricks[p];
            out[HAND_OUR_SEATS] += 1;
        } else {
            won_them += s->tricks[p];
        }
    }
    out[HAND_WE_LEAD] = s->side[s->leader] == R;
    out[HAND_TRICKS_LEFT] = (float)(s->total_tricks - s->tricks_played);
    out[HAND_WON_US] = (float)won_us;
    out[HAND_WON_THEM] = (float)won_them;
}

#endif /* TS_GAMES_HAND_FEATURES_H */
