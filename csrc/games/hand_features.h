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

/* The features above, written at every trick start a bounded search's
 * horizon reaches: counted as integers (every feature is a small whole
 * number, so the floats are those of adding them up one by one) and the
 * seats' cards gathered once, in the order of play from the leader. */
static inline void hand_features(const ts_state *s, int R, float *out)
{
    const int n = s->nseats;
    ts_cards mine[TS_MAX_SEATS];   /* each seat's cards, in the order of play from the leader */
    int ours[TS_MAX_SEATS];        /* 1/0: that seat is of side R */
    ts_cards group[HAND_GROUPS] = {0, 0};
    int f[HAND_GROUPS][HAND_GROUP_FEATURES] = {{0}};
    int seat[TS_MAX_SEATS][HAND_SEAT_FEATURES] = {{0}};
    int won[HAND_GROUPS] = {0, 0};
    ts_cards trump_cards = s->trump == TS_NOTRUMP ? 0 : ts_suit_cards(s->trump);
    for (int i = 0, p = s->leader; i < n; i++, p = p + 1 == n ? 0 : p + 1) {
        mine[i] = cards_left(s, p);
        ours[i] = s->side[p] == R;
        group[!ours[i]] |= mine[i];
        won[!ours[i]] += s->tricks[p];
    }
    ts_cards all = group[0] | group[1];
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards in_suit = all & ts_suit_cards(suit);
        if (!in_suit)
            continue;
        int trumps = suit == s->trump;
        /* the honours, by who holds each of the top cards */
        ts_cards rest = in_suit;
        for (int h = 0; h < HAND_HONOURS && rest; h++) {
            ts_card c = top_of(rest);
            rest &= ~ts_bit(c);
            int i = 0;
            while (!(mine[i] & ts_bit(c)))
                i++;
            seat[i][3] += h == 0;
            seat[i][2] += HAND_HONOURS - h;
            f[ours[i] ? 0 : 1][trumps ? 4 : 5] += HAND_HONOURS - h;
        }
        /* the top run: the cards above the top one the top card's group lacks */
        int first = (group[0] & ts_bit(top_of(in_suit))) ? 0 : 1;
        ts_cards broken = in_suit & ~group[first];
        ts_cards run = broken ? in_suit & ~((ts_bit(top_of(broken)) << 1) - 1) : in_suit;
        f[first][trumps ? 2 : 3] += ts_count(run);
    }
    for (int i = 0; i < n; i++) {
        int *g = f[ours[i] ? 0 : 1];
        int trumps = ts_count(mine[i] & trump_cards);
        seat[i][0] = ours[i];
        seat[i][1] = trumps;
        g[0] += ts_count(mine[i]);
        g[1] += trumps;
        for (int suit = 0; suit < TS_SUITS; suit++) {
            int k = ts_count(mine[i] & ts_suit_cards(suit));
            if (k > HAND_LONG_FROM)
                g[7] += k - HAND_LONG_FROM;
            if (!k) {
                g[6] += suit != s->trump && trumps;
                seat[i][4] += 1;
            }
        }
    }
    int our_seats = 0;
    for (int p = 0; p < n; p++)
        our_seats += s->side[p] == R;
    for (int g = 0; g < HAND_GROUPS; g++)
        for (int k = 0; k < HAND_GROUP_FEATURES; k++)
            out[g * HAND_GROUP_FEATURES + k] = (float)f[g][k];
    out[HAND_WE_LEAD] = (float)(s->side[s->leader] == R);
    out[HAND_TRICKS_LEFT] = (float)(s->total_tricks - s->tricks_played);
    out[HAND_WON_US] = (float)won[0];
    out[HAND_WON_THEM] = (float)won[1];
    out[HAND_OUR_SEATS] = (float)our_seats;
    for (int i = 0; i < TS_MAX_SEATS; i++)
        for (int k = 0; k < HAND_SEAT_FEATURES; k++)
            out[HAND_BY_SEAT + i * HAND_SEAT_FEATURES + k] = (float)seat[i][k];
}

#endif /* TS_GAMES_HAND_FEATURES_H */
