/*
 * games/cinch_rules.h -- Cinch's rules hooks (rules/play.h): four seats in
 * two partnerships, always a trump suit; the contract (the bid, 1-4 or a
 * Shoot, and the bidder) checked and kept; the points a side captures
 * (High, Low, Jack of trump, Game: the most game points) and a side's hand
 * score, the bid rule applied to the bidding side.  Small inline functions
 * (ts_cinch_points, in cinch.c, is cinch_points for the binding).
 */
#ifndef TS_GAMES_CINCH_RULES_H
#define TS_GAMES_CINCH_RULES_H

#include "../rules/trick.h"

#define RANK_ACROSS_SUITS ((ts_cards)0x0001000100010001ULL) /* rank 2 of every suit */
#define CINCH_ALL_POINTS (TS_CINCH_HIGH | TS_CINCH_LOW | TS_CINCH_JACK | TS_CINCH_GAME)

static inline int cinch_seats_ok(int nseats) { return nseats == PARTNERSHIP_SEATS; }

/* The bid is 1..4 or a Shoot, by a seat of the hand.  TS_OK, else TS_ERR_BID. */
static inline int cinch_setup_check(const ts_setup *in)
{
    int b = in->bid;
    if (!((b >= 1 && b <= TS_CINCH_TOP_BID) || b == TS_SHOOT) || in->bidder >= in->nseats || in->shoot_needs_all_four > 1)
        return TS_ERR_BID;
    return TS_OK;
}

static inline void cinch_setup_state(ts_state *s, const ts_setup *in)
{
    s->bidder = in->bidder;
    s->bid = in->bid;
    s->shoot_needs_all_four = in->shoot_needs_all_four;
}

/* Cinch game points of a set of cards: T 10, J 1, Q 2, K 3, A 4. */
static inline int cinch_game_points(ts_cards cards)
{
    static const int POINTS[] = {10, 1, 2, 3, 4}; /* T, J, Q, K, A */
    int total = 0;
    for (unsigned i = 0; i < sizeof POINTS / sizeof POINTS[0]; i++)
        total += POINTS[i] * ts_count(cards & (RANK_ACROSS_SUITS << (TS_TEN + i)));
    return total;
}

/* The Cinch points in play this hand (High and Low need a trump in play,
 * Jack the jack of trump; Game is always in play). */
static inline int cinch_points_in_play(const ts_state *s)
{
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    int in_play = TS_CINCH_GAME;
    if (trumps)
        in_play |= TS_CINCH_HIGH | TS_CINCH_LOW;
    if (trumps & ts_bit(ts_make_card(s->trump, TS_JACK)))
        in_play |= TS_CINCH_JACK;
    return in_play;
}

/* The points (TS_CINCH_* bits) a side has captured so far. */
static inline int cinch_points(const ts_state *s, int side)
{
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    ts_cards mine = s->taken[side];
    int points = 0;
    if (trumps) {
        ts_card high = (ts_card)(63 - __builtin_clzll(trumps));
        if (mine & ts_bit(high))
            points |= TS_CINCH_HIGH;
        if (mine & ts_bit(ts_first(trumps)))
            points |= TS_CINCH_LOW;
        if (mine & trumps & ts_bit(ts_make_card(s->trump, TS_JACK)))
            points |= TS_CINCH_JACK;
    }
    if (cinch_game_points(mine) > cinch_game_points(s->taken[1 - side]))
        points |= TS_CINCH_GAME;
    return points;
}

/* A side's hand score: its points, the bid rule applied to the bidding side
 * (a Shoot needs every point, or every point in play). */
static inline int cinch_side_score(const ts_state *s, int side)
{
    int points = cinch_points(s, side);
    if (side != s->side[s->bidder])
        return ts_count((ts_cards)points);
    if (s->bid == TS_SHOOT) {
        int needed = s->shoot_needs_all_four ? CINCH_ALL_POINTS : cinch_points_in_play(s);
        return (points & needed) == needed ? TS_SHOOT : -TS_SHOOT;
    }
    int took = ts_count((ts_cards)points);
    return took >= s->bid ? took : -s->bid;
}

#endif /* TS_GAMES_CINCH_RULES_H */
