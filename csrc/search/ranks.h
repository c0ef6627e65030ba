/*
 * search/ranks.h -- cards by their rank among the cards still in play, for
 * the search and the games' keys and patterns: relative ranks (the highest
 * card still in play of a suit becomes its ace...), gathered sets, suit
 * counts, and the relative ranks a set of deciding cards stands for.  The
 * BMI2 bit gather/scatter instructions are used where the processor has
 * them (TRICKSOLVER_NO_BMI2 in the environment turns them off); the portable
 * code gives the same sets.  Small inline functions, no game named.
 */
#ifndef TS_SEARCH_RANKS_H
#define TS_SEARCH_RANKS_H

#include <stdlib.h>

#include "../rules.h"

/* The highest card of a non-empty set. */
static inline ts_card top_of(ts_cards set) { return (ts_card)(63 - __builtin_clzll(set)); }

/* Each seat's cards by their rank among the cards still in play, so
 * that positions differing only in cards already played share an entry: the
 * highest card still in play of a suit becomes its ace, the next its king...
 * relative() and its inverse absolute() use the BMI2 bit gather/scatter
 * instructions where the processor has them. */
static inline ts_cards remap_portable(ts_cards set, ts_cards remaining, int to_relative)
{
    ts_cards out = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = remaining & ts_suit_cards(suit);
        int place = TS_RANKS - 1;
        while (lane) {
            ts_card c = (ts_card)(63 - __builtin_clzll(lane));
            ts_card rel = ts_make_card(suit, place);
            if (to_relative ? (set & ts_bit(c)) : (set & ts_bit(rel)))
                out |= ts_bit(to_relative ? rel : c);
            place--;
            lane &= ~ts_bit(c);
        }
    }
    return out;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_BMI2_DISPATCH 1

/* The top places of every suit, as many as the suit has cards still in
 * play: where the relative ranks of those cards go. */
static inline ts_cards top_places(ts_cards remaining)
{
    ts_cards out = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        int n = ts_count(remaining & ts_suit_cards(suit));
        out |= (TS_LANE & ~((ts_cards)TS_LANE >> n)) << (suit * TS_LANE_BITS);
    }
    return out;
}

/* One gather of the hand's cards among those in play, one scatter into
 * the top places (and the reverse). */
__attribute__((target("bmi2"))) static inline ts_cards relative_bmi2(ts_cards hand, ts_cards remaining)
{
    return _pdep_u64(_pext_u64(hand, remaining), top_places(remaining));
}

__attribute__((target("bmi2"))) static inline ts_cards absolute_bmi2(ts_cards rel, ts_cards remaining)
{
    return _pdep_u64(_pext_u64(rel, top_places(remaining)), remaining);
}

__attribute__((target("bmi2"))) static inline ts_cards gathered_bmi2(ts_cards set, ts_cards remaining)
{
    return _pext_u64(set, remaining);
}

/* The cards of `legal` whose next card above in their suit, among `legal`
 * and `others`, is in `legal` too: gathered among all those cards (with a
 * stop above each suit's ranks, in neither set, so that no suit runs into
 * the next), the two are neighbours. */
#define LANE_STOPS ((TS_LANE + 1) * 0x0001000100010001ULL)
__attribute__((target("bmi2"))) static inline ts_cards merged_below_bmi2(ts_cards legal, ts_cards others)
{
    ts_cards all = legal | others | LANE_STOPS, g = _pext_u64(legal, all);
    return _pdep_u64(g & (g >> 1), all);
}

/* TRICKSOLVER_NO_BMI2 in the environment turns the instructions off (the
 * tests compare both paths). */
static inline int has_bmi2(void)
{
    static int known = -1; /* a benign race: every thread computes the same */
    if (known < 0)
        known = __builtin_cpu_supports("bmi2") && !getenv("TRICKSOLVER_NO_BMI2") ? 1 : 0;
    return known;
}

/* relative() of every seat's playable cards (and, when crel is given, its
 * face-down ones): the places computed once. */
__attribute__((target("bmi2"))) static inline void relative_seats_bmi2(const ts_state *s, ts_cards remaining,
                                                                ts_cards rel[4], ts_cards *crel)
{
    ts_cards places = top_places(remaining);
    for (int p = 0; p < s->nseats; p++) {
        rel[p] = _pdep_u64(_pext_u64(s->playable[p], remaining), places);
        if (crel)
            crel[p] = _pdep_u64(_pext_u64(s->covered[p], remaining), places);
    }
}
#endif

static inline void relative_seats(const ts_state *s, ts_cards remaining, ts_cards rel[4], ts_cards *crel)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2()) {
        relative_seats_bmi2(s, remaining, rel, crel);
        return;
    }
#endif
    for (int p = 0; p < s->nseats; p++) {
        rel[p] = remap_portable(s->playable[p], remaining, 1);
        if (crel)
            crel[p] = remap_portable(s->covered[p], remaining, 1);
    }
}

/* merged_below_bmi2 into *merged and 1, or 0 without the instructions
 * (representatives then compares card by card). */
static inline int merged_below(ts_cards legal, ts_cards others, ts_cards *merged)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2()) {
        *merged = merged_below_bmi2(legal, others);
        return 1;
    }
#endif
    (void)legal, (void)others, (void)merged;
    return 0;
}

static inline ts_cards relative(ts_cards hand, ts_cards remaining)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2())
        return relative_bmi2(hand, remaining);
#endif
    return remap_portable(hand, remaining, 1);
}

static inline ts_cards absolute(ts_cards rel, ts_cards remaining)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2())
        return absolute_bmi2(rel, remaining);
#endif
    return remap_portable(rel, remaining, 0);
}

/* A set as the bit string of which cards still in
 * play belong to it, in card order.  With each suit's count of cards in
 * play beside it (suit_counts) this says as much as relative ranks, at one
 * bit gather a set. */
static inline ts_cards gathered(ts_cards set, ts_cards remaining)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2())
        return gathered_bmi2(set, remaining);
#endif
    ts_cards out = 0;
    int i = 0;
    for (ts_cards m = remaining; m; m &= m - 1, i++)
        if (set & m & -m)
            out |= (ts_cards)1 << i;
    return out;
}

/* The number of cards of each suit in a set, four bits each (suit 0
 * highest). */
static inline uint16_t suit_counts(ts_cards set)
{
    return (uint16_t)(ts_count(set & ts_suit_cards(0)) << 12 | ts_count(set & ts_suit_cards(1)) << 8 |
                      ts_count(set & ts_suit_cards(2)) << 4 | ts_count(set & ts_suit_cards(3)));
}

/* The relative-rank cards that a set of deciding cards stands for: in each
 * suit with a deciding card, every card from the lowest deciding one (taken
 * down through its holder's touching cards) to the top. */
static inline ts_cards relevant_ranks(const ts_state *s, ts_cards deciding, const ts_cards rel[4],
                               ts_cards remaining)
{
    ts_cards out = 0;
    deciding &= remaining; /* (a card played already has no rank among these) */
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards d = deciding & ts_suit_cards(suit);
        if (!d)
            continue;
        ts_card low = ts_first(d);
        ts_cards r = relative(ts_bit(low), remaining);
        int rank = ts_rank_of(ts_first(r));
        for (int p = 0; p < s->nseats; p++)
            if (s->playable[p] & ts_bit(low))
                while (rank > 0 && (rel[p] & ts_bit(ts_make_card(suit, rank - 1))))
                    rank--;
        out |= (TS_LANE & ~(((ts_cards)1 << rank) - 1)) << (suit * TS_LANE_BITS);
    }
    return out;
}

#endif /* TS_SEARCH_RANKS_H */
