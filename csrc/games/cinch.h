/*
 * games/cinch.h -- Cinch's search hooks: the value of a finished hand (the
 * side's hand score less the other's, bid rule applied), the cheap bounds
 * (which of High, Low, Jack and Game each side surely takes or cannot),
 * which cards are alike (none carrying points of its own), the exact key
 * (the hands and the points captured), the hand's rules (the contract and
 * the cards in play), the values a hand can end with, and the part of the
 * table a hand uses (CINCH_TABLE_BYTES).  Small inline functions.
 */
#ifndef TS_GAMES_CINCH_H
#define TS_GAMES_CINCH_H

#include "../search/ranks.h"
#include "../search/table.h"
#include "cinch_rules.h"

/* A Cinch hand (six tricks) fills little of a large table, and touching
 * fresh memory costs more than its whole search: it keeps to the first
 * CINCH_TABLE_BYTES. */
#define CINCH_TABLE_BYTES ((size_t)16 << 20)

/* Cinch: the cards still to be captured that a side captures for sure, by
 * side (sure[side]).  A trump goes to its holder's side when every higher
 * trump not yet captured is held by that side too: the trick it falls to is
 * won by a trump at least as high as it.  Cards of the trick in progress
 * count as held by the seats that played them. */
static inline void cinch_sure_cards(const ts_state *s, ts_cards sure[2])
{
    ts_cards held[2] = {0, 0};
    for (int p = 0; p < s->nseats; p++)
        held[s->side[p]] |= s->playable[p];
    for (int i = 0; i < s->ntrick; i++)
        held[s->side[(s->leader + i) % s->nseats]] |= ts_bit(s->trick[i]);
    ts_cards trumps = ts_suit_cards(s->trump);
    sure[0] = sure[1] = 0;
    /* the unbroken run of one side from the top of the trumps not captured */
    ts_cards open = (held[0] | held[1]) & trumps;
    if (!open)
        return;
    int side = (held[0] & ts_bit(top_of(open))) ? 0 : 1;
    while (open && (held[side] & ts_bit(top_of(open)))) {
        sure[side] |= ts_bit(top_of(open));
        open &= ~ts_bit(top_of(open));
    }
}

/* Cinch bounds for a side: for each point (High, Low, Jack, Game) whether it
 * is sure for a side, out of a side's reach, or open; then the bid rule on
 * the least and most the bidding side can take, against the most and least
 * of the other side (each bound is reached when every open point goes one
 * way, so the pair is as tight as the points alone allow). */
static inline void cinch_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    ts_cards sure[2];
    cinch_sure_cards(s, sure);
    int can[2] = {0, 0}, has[2] = {0, 0}; /* point bits each side may / surely will take */
    if (trumps) {
        ts_card point_card[3] = {top_of(trumps), ts_first(trumps), ts_make_card(s->trump, TS_JACK)};
        static const int BIT[3] = {TS_CINCH_HIGH, TS_CINCH_LOW, TS_CINCH_JACK};
        for (int i = 0; i < 3; i++) {
            ts_cards c = ts_bit(point_card[i]);
            if (!(trumps & c))
                continue; /* the jack of trump not in play */
            for (int x = 0; x < 2; x++) {
                if ((s->taken[x] | sure[x]) & c)
                    has[x] |= BIT[i];
                if (!((s->taken[1 - x] | sure[1 - x]) & c))
                    can[x] |= BIT[i];
            }
        }
    }
    ts_cards left = s->in_play & ~s->taken[0] & ~s->taken[1];
    int rem = cinch_game_points(left);
    int gp_min[2], gp_max[2];
    for (int x = 0; x < 2; x++)
        gp_min[x] = cinch_game_points(s->taken[x] | sure[x]);
    for (int x = 0; x < 2; x++)
        gp_max[x] = cinch_game_points(s->taken[x]) + rem - (gp_min[1 - x] - cinch_game_points(s->taken[1 - x]));
    for (int x = 0; x < 2; x++) {
        if (gp_min[x] > gp_max[1 - x])
            has[x] |= TS_CINCH_GAME;
        if (gp_max[x] > gp_min[1 - x])
            can[x] |= TS_CINCH_GAME;
    }
    int B = s->side[s->bidder], D = 1 - B;
    int b_lo, b_hi; /* the bidding side's score */
    if (s->bid == TS_SHOOT) {
        int needed = s->shoot_needs_all_four ? CINCH_ALL_POINTS : cinch_points_in_play(s);
        b_lo = (has[B] & needed) == needed ? TS_SHOOT : -TS_SHOOT;
        b_hi = (can[B] & needed) == needed ? TS_SHOOT : -TS_SHOOT;
    } else {
        int least = ts_count((ts_cards)has[B]), most = ts_count((ts_cards)can[B]);
        b_lo = least >= s->bid ? least : -s->bid;
        b_hi = most >= s->bid ? most : -s->bid;
    }
    int d_lo = ts_count((ts_cards)has[D]), d_hi = ts_count((ts_cards)can[D]);
    if (side == B) {
        *lo = b_lo - d_hi;
        *hi = b_hi - d_lo;
    } else {
        *lo = d_lo - b_hi;
        *hi = d_hi - b_lo;
    }
}

/* Cinch: does a card carry scoring weight of its own (game points, or High,
 * Low or Jack of trump)? */
static inline int cinch_counts(const ts_state *s, ts_card c)
{
    int r = ts_rank_of(c);
    if (r >= TS_TEN)
        return 1;
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    if (ts_suit_of(c) != s->trump || !trumps)
        return 0;
    return c == ts_first(trumps) || c == (ts_card)(63 - __builtin_clzll(trumps));
}

static inline uint64_t cinch_extra(const ts_state *s)
{
    /* game points taken by each side, and who took High, Low and Jack */
    uint64_t x = 0;
    for (int side = 0; side < 2; side++) {
        x = x << 8 | (uint64_t)cinch_game_points(s->taken[side]);
        x = x << 4 | (uint64_t)cinch_points(s, side);
    }
    return x;
}

/* The value of a finished hand: the side's hand score less the other's. */
static inline int cinch_final_value(const ts_state *s, int side)
{
    return cinch_side_score(s, side) - cinch_side_score(s, 1 - side);
}

/* Two cards are alike when neither carries scoring weight of its own. */
static inline int cinch_alike(const ts_state *s, ts_card a, ts_card b, int root)
{
    (void)root;
    return !cinch_counts(s, a) && !cinch_counts(s, b);
}

/* The exact key: the seats' cards, and the points captured (cinch_extra). */
static inline void cinch_key(const ts_state *s, int root, int kind, tt_key *k)
{
    (void)root, (void)kind;
    for (int p = 0; p < s->nseats; p++) {
        k->hands[p] = s->playable[p];
        k->covered[p] = s->covered[p];
    }
    k->extra = cinch_extra(s);
}

/* The hand's rules: the contract, and the cards in play (High, Low and
 * Jack depend on them). */
static inline void cinch_rules(const ts_state *s, uint8_t own[HAND_RULES_OWN])
{
    own[0] = s->side[s->bidder];
    own[1] = s->bid;
    own[2] = s->shoot_needs_all_four;
    memcpy(own + 3, &s->in_play, sizeof s->in_play);
}

/* Can a finished hand be worth v to side R?  The bidding side scores -bid
 * or bid..4 (a Shoot -8 or 8), the other side 0..4. */
static inline int cinch_possible_value(const ts_state *s, int R, int v)
{
    int bidder = s->side[s->bidder] == R;
    for (int d = 0; d <= 4; d++) {
        int b = bidder ? v + d : d - v; /* the bidding side's score */
        if (s->bid == TS_SHOOT ? (b == TS_SHOOT || b == -TS_SHOOT) : (b == -s->bid || (b >= s->bid && b <= 4)))
            return 1;
    }
    return 0;
}

#endif /* TS_GAMES_CINCH_H */
