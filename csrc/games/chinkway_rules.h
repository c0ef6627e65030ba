/*
 * games/chinkway_rules.h -- Chinkway's rules hooks (rules/play.h): five
 * seats, the lone dealer against two teams (by the pairing); the quest
 * (how many cards of each category the setup asks for); after a trick, its
 * winner claims the cards of the categories its side still needs (the
 * TS_CLAIM phase, a claim a move); a side scores its quest parts.  Small
 * inline functions.
 */
#ifndef TS_GAMES_CHINKWAY_RULES_H
#define TS_GAMES_CHINKWAY_RULES_H

#include <string.h>

#include "../rules/trick.h"

#define CHINKWAY_PAIRINGS 2

static inline int chinkway_seats_ok(int nseats) { return nseats == TS_CHINKWAY_SEATS; }

/* The lone dealer against two teams.  Player k (1..5) sits at seat
 * (dealer + k - 1) % 5. */
static inline void chinkway_sides(ts_state *s, const ts_setup *in)
{
    static const uint8_t team_of_player[CHINKWAY_PAIRINGS][TS_CHINKWAY_SEATS] = {
        {0, 1, 1, 2, 2}, /* pairing 0: {2,3} against {4,5} */
        {0, 1, 2, 1, 2}, /* pairing 1: {2,4} against {3,5} */
    };
    for (int k = 0; k < TS_CHINKWAY_SEATS; k++)
        s->side[(in->dealer + k) % TS_CHINKWAY_SEATS] = team_of_player[in->pairing][k];
    s->nsides = 3;
}

/* The quest holds five cards; the dealer and the pairing are valid.
 * TS_OK, else TS_ERR_QUEST. */
static inline int chinkway_setup_check(const ts_setup *in)
{
    int quest = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
        quest += in->quest_need[k];
    if (quest != TS_QUEST_CARDS || in->dealer >= TS_CHINKWAY_SEATS || in->pairing >= CHINKWAY_PAIRINGS)
        return TS_ERR_QUEST;
    return TS_OK;
}

static inline void chinkway_setup_state(ts_state *s, const ts_setup *in)
{
    memcpy(s->quest_need, in->quest_need, sizeof s->quest_need);
}

/* The cards of the finished trick whose category the side of seat w still
 * needs. */
static inline ts_cards chinkway_claimable(const ts_state *s, int w)
{
    const uint8_t *have = s->side_claims[s->side[w]];
    ts_cards res = 0;
    for (int i = 0; i < s->ntrick; i++) {
        int k = ts_quest_category(s->trick[i]);
        if (have[k] < s->quest_need[k])
            res |= ts_bit(s->trick[i]);
    }
    return res;
}

/* A claim: the card goes in front of the seat to move, a part of its side's quest. */
static inline void chinkway_claim(ts_state *s, ts_card c)
{
    s->claimed[s->turn] |= ts_bit(c);
    s->side_claims[s->side[s->turn]][ts_quest_category(c)]++;
}

static inline void chinkway_unclaim(ts_state *s, int seat, ts_card c)
{
    s->claimed[seat] &= ~ts_bit(c);
    s->side_claims[s->side[seat]][ts_quest_category(c)]--;
}

/* The quest parts a side has claimed. */
static inline int side_parts(const ts_state *s, int side)
{
    int n = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
        n += s->side_claims[side][k];
    return n;
}

/* A side's hand score: the score of its quest parts. */
static inline int chinkway_side_score(const ts_state *s, int side) { return ts_quest_score(side_parts(s, side)); }

#endif /* TS_GAMES_CHINKWAY_RULES_H */
