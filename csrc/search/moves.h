/*
 * search/moves.h -- what move ordering is scored with, for the ordering
 * framework (order_moves in the search core) and the games' own lead and
 * claim scores: the score constants, whether a card beats another, and the
 * plain lead score a game uses unless it has its own.  Only the speed of
 * the search depends on these.
 */
#ifndef TS_SEARCH_MOVES_H
#define TS_SEARCH_MOVES_H

#include "ranks.h"

/* Move ordering (only the speed depends on it), higher score first:
 * on lead, cash winners, then lead low toward partner's winners, then low
 * cards, and last suits an opponent can ruff; following suit, the lowest
 * card that takes the trick from the other side, else the lowest card;
 * void, the lowest ruff that wins unless partner is winning, else a low
 * card from the longest suit.  Partnerships refine these: second hand plays low
 * when partner will win (partner_covers), third hand starts high when the
 * last hand could beat its cheapest winner and covers partner's card when
 * the last hand could beat it (last_beats), and leads are scored by the
 * game's own lead score.  Over all of it: the table's move (in the tricks games
 * the cutoff card, see cut_slot), then, in the other games, a bonus for the
 * killer lead (the lead that last cut off the search at the same depth of
 * the hand; a killer card when following was tried too: more nodes). */
#define ORDER_TABLE 1000
#define ORDER_KILLER 100 /* leads: the lead that last cut off the search at the same depth */
#define ORDER_CASH 60
#define ORDER_TO_PARTNER 40
#define ORDER_WIN 100
#define ORDER_RUFF 80
#define ORDER_RUFFED_LEAD (-40)
#define ORDER_DISCARD (-30)
#define ORDER_UNDERRUFF (-60)

static inline int beats(ts_card c, ts_card w, int trump)
{
    if (ts_suit_of(c) == ts_suit_of(w))
        return ts_rank_of(c) > ts_rank_of(w);
    return ts_suit_of(c) == trump;
}

static inline int lead_score(const ts_state *s, ts_card c, ts_cards remaining)
{
    int suit = ts_suit_of(c), r = ts_rank_of(c), me = s->turn;
    ts_cards suit_cards = remaining & ts_suit_cards(suit);
    ts_card top = top_of(suit_cards);
    if (c == top)
        return ORDER_CASH + r;
    int partner_top = 0, ruffable = 0;
    for (int p = 0; p < s->nseats; p++) {
        if (p == me)
            continue;
        ts_cards held = s->playable[p] | s->covered[p];
        if (s->side[p] == s->side[me]) {
            partner_top |= (held & ts_bit(top)) != 0;
        } else if (s->trump != TS_NOTRUMP && suit != s->trump && !(held & ts_suit_cards(suit)) &&
                   (held & ts_suit_cards(s->trump))) {
            ruffable = 1;
        }
    }
    if (ruffable)
        return ORDER_RUFFED_LEAD - r;
    if (partner_top)
        return ORDER_TO_PARTNER - r;
    return -r;
}

#endif /* TS_SEARCH_MOVES_H */
