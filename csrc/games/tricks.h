/*
 * games/tricks.h -- sure tricks, for the games that count tricks in their
 * bounds (whist, Chinese Whist, Chinkway): the tricks a side has won, the
 * quick tricks of the side on lead, the winners a seat cashes from the
 * lead, a cap on what the quick-trick counts can give, and the tricks a
 * seat's trumps surely take.  Every count is a sure one (a lower bound on
 * the tricks), from the cards in play only.  Small inline functions.
 */
#ifndef TS_GAMES_TRICKS_H
#define TS_GAMES_TRICKS_H

#include "../search/ranks.h"

/* The tricks a side has won: every trick brings it one card of each seat. */
static inline int side_tricks(const ts_state *s, int side)
{
    int cards = ts_count(s->taken[side]);
    return s->nseats == 4 ? cards >> 2 : cards / s->nseats;
}

/* The leader's cards that head a suit: the highest cards still in play of
 * that suit, in an unbroken run, held by the leader and playable now. */
static inline int top_run(const ts_state *s, ts_cards in_play, int suit)
{
    ts_cards suit_cards = in_play & ts_suit_cards(suit);
    ts_cards mine = s->playable[s->leader];
    int run = 0;
    while (suit_cards) {
        ts_card c = (ts_card)(63 - __builtin_clzll(suit_cards));
        if (!(mine & ts_bit(c)))
            break;
        run++;
        suit_cards &= ~ts_bit(c);
    }
    return run;
}

/* Quick tricks: tricks the side on lead takes for sure by cashing the
 * leader's winners at a trick start (tricks games only).  Without trumps
 * every winner wins.  With trumps the leader's top trumps win, and a side
 * suit's winners only while no opponent holds a trump and the partners
 * cannot be forced to ruff (they follow suit or hold no trump). */
static inline int quick_tricks(const ts_state *s, ts_cards *runs)
{
    ts_cards in_play = 0, opp_trumps = 0, partner_trumps = 0, partner_cards = 0;
    int my_side = s->side[s->leader];
    for (int p = 0; p < s->nseats; p++) {
        in_play |= s->playable[p] | s->covered[p];
        if (p == s->leader)
            continue;
        ts_cards t = (s->playable[p] | s->covered[p]);
        if (s->trump != TS_NOTRUMP)
            t &= ts_suit_cards(s->trump);
        else
            t = 0;
        if (s->side[p] == my_side) {
            partner_trumps |= t;
            partner_cards |= s->playable[p] | s->covered[p];
        } else {
            opp_trumps |= t;
        }
    }
    int total = 0;
    *runs = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        int run = top_run(s, in_play, suit);
        if (!run)
            continue;
        if (s->trump != TS_NOTRUMP && suit != s->trump) {
            /* an opponent holding a trump (face down too) follows suit, and
             * so cannot ruff, for as many rounds as it has playable cards
             * of the suit now (cards turned up on the way only add to them;
             * the rounds of the other suits cashed before leave these alone,
             * as it follows in them too) */
            for (int p = 0; opp_trumps && p < s->nseats; p++) {
                if (s->side[p] == my_side || !((s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump)))
                    continue;
                int follow = ts_count(s->playable[p] & ts_suit_cards(suit));
                if (follow < run)
                    run = follow;
            }
            if (!run)
                continue;
            if (partner_trumps && ts_count(partner_cards & ts_suit_cards(suit)) < run)
                continue;
        }
        total += run;
        /* the run: the leader's top cards of the suit, `run` of them */
        ts_cards lane = in_play & ts_suit_cards(suit), mine = 0;
        for (int i = 0; i < run; i++) {
            ts_card c = (ts_card)(63 - __builtin_clzll(lane));
            mine |= ts_bit(c);
            lane &= ~ts_bit(c);
        }
        *runs |= mine;
    }
    int left = s->total_tricks - s->tricks_played;
    return total < left ? total : left;
}

/* Whist: the tricks seat p takes for sure by cashing its winners from the
 * lead, suit by suit (*runs: the cards).  A winner is a card of an unbroken
 * run from the top of its suit; with trumps, a side suit's winners count
 * only for as many rounds as every opponent holding a trump must follow
 * (partner may discard: ruffing is never compulsory, and a ruff by partner
 * wins too). */
static inline int cash_from(const ts_state *s, int p, ts_cards in_play, ts_cards *runs, int skip)
{
    ts_cards tl = s->trump != TS_NOTRUMP ? ts_suit_cards(s->trump) : 0;
    /* the other seats' face-down cards (Chinese Whist: they are not played
     * to p's rounds, and may turn up on the way), and the seats of the
     * other sides that hold a trump (face down too) */
    ts_cards down = 0;
    int ruffers = 0;
    for (int o = 0; o < s->nseats; o++) {
        if (o == p)
            continue;
        down |= s->covered[o];
        if (s->side[o] != s->side[p] && ((s->playable[o] | s->covered[o]) & tl))
            ruffers |= 1 << o;
    }
    int total = 0;
    *runs = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        /* (only a suit whose top card in play is p's) */
        ts_cards lane = in_play & ts_suit_cards(suit);
        if (suit == skip || !lane || !(s->playable[p] & ts_bit(top_of(lane))))
            continue;
        /* p's cards above every other card of the suit in play */
        ts_cards mine = s->playable[p] & lane, rest = lane & ~mine;
        if (rest)
            mine &= ~((ts_bit(top_of(rest)) << 1) - 1);
        int limit = ts_count(mine);
        if (suit != s->trump && ruffers) {
            for (int o = 0; o < s->nseats; o++) {
                if (!(ruffers >> o & 1))
                    continue;
                int follow = ts_count(s->playable[o] & ts_suit_cards(suit));
                if (follow < limit)
                    limit = follow;
            }
            while (ts_count(mine) > limit)
                mine &= mine - 1; /* keep the top `limit` cards */
        } else if (!(down & ts_suit_cards(suit))) {
            /* once the others are out of the suit, the rest of p's cards
             * win too: only the top `others` cards needed their ranks */
            int others = 0;
            for (int o = 0; o < s->nseats; o++)
                if (o != p && ts_count(s->playable[o] & ts_suit_cards(suit)) > others)
                    others = ts_count(s->playable[o] & ts_suit_cards(suit));
            if (limit >= others) {
                limit = ts_count(s->playable[p] & ts_suit_cards(suit));
                while (ts_count(mine) > others)
                    mine &= mine - 1;
            }
        }
        total += limit;
        *runs |= mine;
    }
    return total;
}

/* At most what the quick-trick counts give the side on lead: a suit whose
 * top card in `in_play` the leader (or `mate`, its partner, when >= 0)
 * holds gives at most as many rounds as the longer of their holdings in it,
 * and a ruff by the partner one trick more. */
static inline int quick_tricks_cap(const ts_state *s, ts_cards in_play, int mate)
{
    int leader = s->leader, cap = 0;
    ts_cards side = s->playable[leader] | (mate >= 0 ? s->playable[mate] : 0);
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = ts_suit_cards(suit), all = in_play & lane;
        if (all && (side & ts_bit(top_of(all)))) {
            int nl = ts_count(s->playable[leader] & lane);
            int nq = mate >= 0 ? ts_count(s->playable[mate] & lane) : 0;
            cap += nl > nq ? nl : nq;
        }
    }
    if (mate >= 0 && s->trump != TS_NOTRUMP && (s->playable[mate] & ts_suit_cards(s->trump)))
        cap++;
    return cap;
}

/* Tricks seat p surely takes from the seats holding `against` (trumps)
 * with its own trumps, face down ones too.  Every card is played by the
 * end, each of p's in a trick of its own, and that trick is lost to those
 * seats only when one of them plays a higher trump to it, which each of
 * their trumps can do once: so p's trumps less the most of them that
 * `against` can be matched to, each to a lower one. */
static inline int trump_tricks_of(const ts_state *s, int p, ts_cards against)
{
    ts_cards mine = (s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump);
    int beaten = 0;
    for (ts_cards m = mine; m && against; m &= m - 1) {
        ts_cards over = against & ~((ts_bit(ts_first(m)) << 1) - 1);
        if (over) {
            against &= ~ts_bit(ts_first(over));
            beaten++;
        }
    }
    return ts_count(mine) - beaten;
}


/* At a trick start: the quick tricks of the side on lead, as the tricks
 * `side` gains (*gain) when it leads, or loses (*loss) when another does. */
static inline void quick_trick_bounds(const ts_state *s, int side, int *gain, int *loss)
{
    ts_cards runs;
    int qt = quick_tricks(s, &runs);
    if (s->side[s->leader] == side)
        *gain = qt;
    else
        *loss = qt;
}

/* The cheap bounds of a side in a game scored by tricks: the tricks won,
 * plus those surely gained, and all those left but those surely lost. */
static inline void tricks_range(const ts_state *s, int side, int gain, int loss, int *lo, int *hi)
{
    int left = s->total_tricks - s->tricks_played, won = side_tricks(s, side);
    *lo = won + gain;
    *hi = won + left - loss;
}

#endif /* TS_GAMES_TRICKS_H */
