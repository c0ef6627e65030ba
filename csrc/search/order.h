/*
 * search/order.h -- the move-ordering framework of the search, a part of
 * the template search/core.h (included by it, with the game's hooks
 * defined): the legal moves with equivalent ones removed (representatives,
 * by the game's GAME_alike), the card order of the tie rule and the move
 * lists, and the order of the moves to try (order_moves: the table's move
 * first, then the game's lead scores or the framework's follow scores,
 * with the partnership heuristics where GAME_partnership holds).  Only the
 * speed of the search depends on the order; the equivalences are exact.
 */
#ifndef TS_SEARCH_ORDER_H
#define TS_SEARCH_ORDER_H

#include "moves.h"

/* GAME_ALIKE_CLASSES (0): GAME_alike(s, a, b, root) is "a and b are of
 * one class", the classes GAME_alike_classes(s, root, out) writes (at most
 * ALIKE_CLASSES_MAX disjoint sets of cards, every card in one; returns
 * their number): the representatives by bit gathers, a class at a time
 * (the same cards as card by card). */
#ifndef GAME_ALIKE_CLASSES
#define GAME_ALIKE_CLASSES 0
#endif
#define ALIKE_CLASSES_MAX 8

/* The legal moves with equivalent ones removed: a card is dropped when the
 * next higher card of its suit held by the same seat is alike and no card of
 * anyone else (or of the trick) lies between them.  Claims: one per class
 * (GAME_claim_class). */
static ts_cards representatives(const ts_state *s, ts_cards legal, int root)
{
    if (s->phase == TS_CLAIM) {
        ts_cards keep = 0;
        ts_cards seen = 0;
        for (ts_cards m = legal; m; m &= m - 1) {
            ts_card c = ts_first(m);
            ts_cards k = (ts_cards)1 << GAME_claim_class(c);
            if (!(seen & k))
                keep |= ts_bit(c);
            seen |= k;
        }
        return keep;
    }
    /* (every seat's cards less the mover's: the seats' cards are disjoint,
     * and the loop has no branch to mispredict) */
    ts_cards others = 0;
    for (int p = 0; p < s->nseats; p++)
        others |= s->playable[p] | s->covered[p];
    others &= ~(s->playable[s->turn] | s->covered[s->turn]);
    for (int i = 0; i < s->ntrick; i++)
        others |= ts_bit(s->trick[i]);
    ts_cards merged;
    if (GAME_ALIKE_ALWAYS && merged_below(legal, others, &merged)) /* every card alike */
        return legal & ~merged;
#if GAME_ALIKE_CLASSES
    {
        /* alike within classes: in each, a card merged below its neighbour
         * of the class, the other classes' cards standing between */
        ts_cards classes[ALIKE_CLASSES_MAX], in_class;
        int nclasses = GAME_alike_classes(s, root, classes), all = 1;
        merged = 0;
        for (int i = 0; i < nclasses && all; i++) {
            all = merged_below(legal & classes[i], others | (legal & ~classes[i]), &in_class);
            merged |= in_class;
        }
        if (all)
            return legal & ~merged;
    }
#endif
    ts_cards keep = legal;
    for (ts_cards m = legal; m; m &= m - 1) {
        ts_card c = ts_first(m);
        /* the next legal card above c in its suit */
        ts_cards above = legal & ts_suit_cards(ts_suit_of(c)) & ~((ts_bit(c) << 1) - 1);
        if (!above)
            continue;
        ts_card h = ts_first(above);
        ts_cards between = ((ts_bit(h) - 1) & ~((ts_bit(c) << 1) - 1));
        if (!(between & others) && GAME_alike(s, c, h, root))
            keep &= ~ts_bit(c);
    }
    return keep;
}

/* The representative of card c's class (see representatives): the next
 * representative at or above c in its suit, or TS_NO_CARD. */
static ts_card representative_of(ts_cards reps, ts_card c)
{
    ts_cards up = reps & ts_suit_cards(ts_suit_of(c)) & ~(ts_bit(c) - 1);
    return up ? ts_first(up) : TS_NO_CARD;
}

/* Card order of the tie rule and of the move lists: spades first, then
 * hearts, diamonds, clubs; high card first within a suit. */
static int ordered(ts_cards set, ts_card out[64])
{
    int n = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = set & ts_suit_cards(suit);
        while (lane) {
            ts_card c = (ts_card)(63 - __builtin_clzll(lane));
            out[n++] = c;
            lane &= ~ts_bit(c);
        }
    }
    return n;
}

/* Four seats in two partnerships, second hand: partner, last to play, holds a card of the led suit
 * that beats the lead and everything the third hand can play to the trick
 * (the third hand follows below it, or is void without a trump to ruff). */
static int partner_covers(const ts_state *s, ts_card lead)
{
    int led = ts_suit_of(lead), third = (s->turn + 1) % 4;
    ts_cards lane = ts_suit_cards(led);
    ts_cards pd = s->playable[(s->turn + 2) % 4] & lane, th = s->playable[third] & lane;
    if (!pd || top_of(pd) < lead)
        return 0;
    if (th)
        return top_of(pd) > top_of(th);
    return s->trump == TS_NOTRUMP || led == s->trump ||
           !(s->playable[third] & ts_suit_cards(s->trump));
}

/* Can seat p beat card w in the trick under way: follow above it, or trump
 * it (overtrump a trump) when void in the led suit -- or at any time with
 * `trump_anyway` (GAME_ORDER_AGAINST_LATER, as an estimate for move ordering)? */
static int seat_beats(const ts_state *s, int p, ts_card w, int trump_anyway)
{
    int led = ts_suit_of(s->trick[0]), trump = s->trump;
    ts_cards hand = s->playable[p], follow = hand & ts_suit_cards(led);
    if (follow && ts_suit_of(w) == led && top_of(follow) > w)
        return 1;
    if ((follow && !trump_anyway) || trump == TS_NOTRUMP || led == trump)
        return 0;
    ts_cards trumps = hand & ts_suit_cards(trump);
    return trumps && (ts_suit_of(w) != trump || top_of(trumps) > w);
}

/* Four seats: can the next hand (the last of the trick for the third hand, the
 * third for the second) beat card w? */
static int last_beats(const ts_state *s, ts_card w) { return seat_beats(s, (s->turn + 1) % 4, w, 0); }

/* Can a player of another side still to play to this
 * trick beat card w? */
static int later_other_beats(const ts_state *s, ts_card w)
{
    for (int k = 1; k < s->nseats - s->ntrick; k++) {
        int p = (s->turn + k) % s->nseats;
        if (s->side[p] != s->side[s->turn] && seat_beats(s, p, w, 1))
            return 1;
    }
    return 0;
}

static int follow_score(const ts_state *s, ts_card c, ts_card winning, int partner_winning)
{
    int r = ts_rank_of(c), suit = ts_suit_of(c), led = ts_suit_of(s->trick[0]);
    int pairs = GAME_partnership(s);
    /* partnerships, second hand: low (and no ruff) when partner wins anyway */
    int covered = pairs && s->ntrick == 1 && partner_covers(s, winning);
    if (suit == led) {
        /* partnerships, third hand, partner's card winning but not against the
         * last hand: a card that keeps the trick first, the cheapest first */
        if (pairs && s->ntrick == 2 && partner_winning && last_beats(s, winning))
            return last_beats(s, beats(c, winning, s->trump) ? c : winning) ? -r : ORDER_WIN - r;
        if (partner_winning || covered || !beats(c, winning, s->trump))
            return -r;
        /* partnerships, second hand: a card the third hand can beat is tried
         * with the low cards, after those it cannot beat */
        if (pairs && s->ntrick == 1 && last_beats(s, c))
            return -r;
        /* GAME_ORDER_AGAINST_LATER: the same for a card another side can
         * still beat (19 deals of the quest game: the median deal 5.7M ->
         * 5.1M nodes, the total 3% more; the points game 8% fewer) */
        if (GAME_ORDER_AGAINST_LATER && later_other_beats(s, c))
            return -r;
        /* partnerships, third hand: when the last hand can beat the cheapest
         * winning card, the highest card first */
        if (pairs && s->ntrick == 2) {
            ts_cards lane = ts_suit_cards(led);
            ts_cards mine = s->playable[s->turn] & lane, last = s->playable[(s->turn + 1) % 4] & lane;
            ts_cards over = mine & ~((ts_bit(winning) << 1) - 1);
            if (last && over && top_of(last) > ts_first(over))
                return ORDER_WIN + r;
        }
        return ORDER_WIN - r;
    }
    if (suit == s->trump) {
        if (partner_winning || covered)
            return ORDER_UNDERRUFF - r;
        return beats(c, winning, s->trump) ? ORDER_RUFF - r : ORDER_UNDERRUFF - r;
    }
    /* a discard: low cards of long suits first */
    return ORDER_DISCARD + 2 * TS_RANKS * ts_count(s->playable[s->turn] & ts_suit_cards(suit)) / 4 - r;
}

/* The index of the next card in the hand's play (the killer leads' slot). */
static int play_depth(const ts_state *s) { return s->tricks_played * s->nseats + s->ntrick; }

/* Orders `moves` into out (room for one card a move); returns their number. */
static int order_moves(const ts_state *s, ts_cards moves, ts_card first, ts_card killer, int root,
                       ts_card *out)
{
    if (moves && !(moves & (moves - 1))) {
        out[0] = ts_first(moves); /* one move: nothing to order */
        return 1;
    }
    int score[64], n = 0;
    ts_cards remaining = 0; /* (for leads) */
    int w = -1, partner_winning = 0;
    if (s->phase == TS_PLAY && s->ntrick > 0) {
        w = trick_winner(s->trick, s->ntrick, s->trump);
        partner_winning = s->side[(s->leader + w) % s->nseats] == s->side[s->turn];
    } else {
        for (int p = 0; p < s->nseats; p++)
            remaining |= s->playable[p] | s->covered[p];
    }
    for (ts_cards m = moves; m; m &= m - 1) {
        ts_card c = ts_first(m);
        int sc;
        if (c == first)
            sc = ORDER_TABLE;
        else if (s->phase != TS_PLAY)
            sc = GAME_claim_score(s, c, root);
        else if (w < 0)
            sc = GAME_lead_score(s, c, remaining) +
                 (c == killer ? ORDER_KILLER : 0);
        else
            sc = follow_score(s, c, s->trick[w], partner_winning);
        int i = n++;
        while (i > 0 && score[i - 1] < sc) {
            score[i] = score[i - 1];
            out[i] = out[i - 1];
            i--;
        }
        score[i] = sc;
        out[i] = c;
    }
    return n;
}

#endif /* TS_SEARCH_ORDER_H */
