/*
 * search/patterns.h -- the pattern (partition) search of the games scored by
 * tricks, a part of the template search/core.h (included by it when
 * GAME_USES_PATTERNS): the null-window search that answers with the cards
 * whose ranks decided it, so that the table stores each bound as a pattern
 * of those cards (GAME_probe and GAME_store, the game's own table), and
 * orders moves by the cutoff cards of the table (cut_slot).
 */
#ifndef TS_SEARCH_PATTERNS_H
#define TS_SEARCH_PATTERNS_H

/* The key of a cutoff card (see cut_slot): what mostly decides the right
 * card at that place in the trick, the rest of the position left out.
 *   lead: the leader's cards, which of partner's suits are odd in length,
 *         and the tricks the leader's side still needs for the target;
 *   following suit: the cards left in the suit led (the trick's included),
 *         the card winning the trick and the seat that led;
 *   void: the player's cards, and the winning card and the tricks still
 *         needed (with trumps), or the winning seat (without).
 * (bridge-solver keys its cutoff cards much the same way.  Measured on the
 * first 30 bench deals: 54.4M -> 34.1M nodes with these and no killer leads;
 * the tricks needed in the key when following suit, or no partner's
 * parities: more nodes.)  Returns the slot; *tag: the key's tag. */
static uint16_t *cut_slot(ts_search *S, const ts_state *s, int target, uint16_t *tag)
{
    int me = s->turn, n = s->nseats;
    int need = target - GAME_stored_offset(s, s->side[me]) + 16; /* may be below 0 for the other side */
    uint64_t k;
    if (s->ntrick == 0) {
        uint16_t odd = n == 4 ? suit_counts(s->playable[(me + 2) % 4]) & 0x1111 : 0;
        k = s->playable[me] ^ (uint64_t)odd << 52 ^ (uint64_t)need << 58;
    } else {
        int w = trick_winner(s->trick, s->ntrick, s->trump);
        ts_cards lane = ts_suit_cards(ts_suit_of(s->trick[0]));
        if (s->playable[me] & lane) {
            ts_cards left = 0;
            for (int p = 0; p < n; p++)
                left |= s->playable[p];
            for (int i = 0; i < s->ntrick; i++)
                left |= ts_bit(s->trick[i]);
            k = (left & lane) ^ (uint64_t)s->trick[w] << 52 ^ (uint64_t)s->leader << 60 ^
                0x5555ULL << 40;
        } else if (s->trump != TS_NOTRUMP) {
            k = s->playable[me] ^ (uint64_t)s->trick[w] << 52 ^ (uint64_t)need << 58 ^ 0xAAAAULL << 38;
        } else {
            k = s->playable[me] ^ (uint64_t)((s->leader + w) % n) << 52 ^ 0xAAAAULL << 38;
        }
    }
    k = (k ^ (uint64_t)me << 62) * 0x9E3779B97F4A7C15ULL;
    *tag = (uint16_t)((k >> 16 & 0x7FC0u) | 0x8000u);
    return &S->tt->cuts[(size_t)s->ntrick << CUT_BITS | (size_t)(k >> (64 - CUT_BITS))];
}

/* The games scored by tricks.  Can the root side reach `target`
 * future-and-past tricks?  Fail-soft: the answer is a value v, with v >=
 * target when it can (and then its tricks are at least v) and v < target
 * when it cannot (and then they are at most v).  Also gives the cards whose
 * ranks decided it (*decided).  Steps: 1. the end, trivial bounds; 2. at a
 * trick start, the game's probe (its cheap bounds and its pattern table);
 * 3. the moves, the cutoff card first; 4. at a trick start, store
 * the bound with its pattern. */
static int pattern_search(ts_search *S, ts_state *s, int target, ts_cards *decided)
{
    const int R = S->root_side;
    *decided = 0;
    count_node(S, s);
    int won = GAME_stored_offset(s, R), left = s->total_tricks - s->tricks_played;
    if (out_of_budget(S))
        return won;

    /* 1. */
    if (s->phase == TS_OVER || won >= target || won + left < target)
        return won >= target ? won : won + left;

    /* partnerships, second hand: the side to move surely takes this trick (and
     * without trumps the winner's top cards after it), and no more are
     * needed (DDS's second-hand quick tricks) */
    if (s->ntrick == 1 && GAME_partnership(s)) {
        int mine = s->side[s->turn] == R;
        int need = mine ? target - won : won + left - target + 1;
        int q = GAME_second_hand_wins(s, decided);
        if (q > 0 && q >= need)
            return mine ? won + q : won + left - q;
        *decided = 0;
    }

    /* 2. */
    int at_start = s->ntrick == 0;
    GAME_place place;
    if (at_start) {
        int v;
        if (GAME_probe(S, s, target, won, &place, &v, decided))
            return v;
    }

    /* 3. */
    int maximising = s->side[s->turn] == R;
    ts_card list[64];
    /* With four seats, the last seat of a trick goes by the heuristics
     * alone (follow_score: the cheapest card that takes the trick, else a
     * low one), which do as well there as its cutoff cards and save a read
     * from memory: measured, without piles 0.4% more nodes on the first 30
     * bench deals, 1.2% fewer on all 100, and 4-12% less time; four seats
     * with piles 4% fewer nodes.  (At the third seat too: 15%
     * more nodes; the last of three or two seats: 1-5% more.) */
    int last4 = s->nseats == 4 && s->ntrick == 3;
    uint16_t tag = 0, *cut = last4 ? NULL : cut_slot(S, s, target, &tag);
    ts_card first = cut && (*cut & ~0x3Fu) == tag ? (ts_card)(*cut & 0x3F) : TS_NO_CARD;
    /* The cutoff card alone first, when legal (another card of its class
     * would do the same): the others are found and ordered only when it
     * does not cut off.  (Only a cutoff card that was its class's
     * representative first: 5.7% more nodes.) */
    ts_cards legal = rules_legal(s), moves = 0;
    /* the cards whose ranks made moves dominated (GAME_dominated): deciding
     * cards of the node unless a move cuts off */
    ts_cards dominance = 0;
    int n, lazy = first != TS_NO_CARD && (legal & ts_bit(first)) && (legal & (legal - 1));
    if (lazy) {
        list[0] = first;
        n = 1;
    } else {
        moves = representatives(s, legal, R);
        moves &= ~GAME_dominated(s, moves, legal, &dominance);
        n = order_moves(s, moves, TS_NO_CARD, TS_NO_CARD, R, list);
    }
    /* the best value found for the side to move (fail-soft) */
    int result = maximising ? won : won + left;
    ts_cards all = 0;
    /* A card whose subtree did not depend on its rank stands for the lower
     * cards of its suit in the same hand: min_rank[suit] is the lowest rank
     * still worth trying. */
    int min_rank[TS_SUITS] = {0, 0, 0, 0};
    for (int i = 0;; i++) {
        if (i == n && lazy) {
            /* the others: every class but the cutoff card's (represented
             * by the next representative at or above it in its suit) */
            moves = representatives(s, legal, R);
            ts_card r = representative_of(moves, first);
            if (r != TS_NO_CARD)
                moves &= ~ts_bit(r);
            moves &= ~GAME_dominated(s, moves, legal, &dominance);
            n += order_moves(s, moves, TS_NO_CARD, TS_NO_CARD, R, list + 1);
            lazy = 0;
        }
        if (i == n)
            break;
        int suit = ts_suit_of(list[i]);
        if (ts_rank_of(list[i]) < min_rank[suit] && !GAME_stands_alone(s, list[i]))
            continue;
        ts_card cards[TS_MAX_SEATS];
        int k = s->ntrick;
        memcpy(cards, s->trick, sizeof cards);
        cards[k] = list[i];
        ts_undo u;
        ts_cards below;
        rules_apply(s, list[i], &u);
        int v = pattern_search(S, s, target, &below);
        rules_unplay(s, &u);
        if (S->aborted)
            return won;
        if (k + 1 == s->nseats)
            below |= trick_rank_winner(cards, k + 1, s->trump);
        if (maximising ? v > result : v < result)
            result = v;
        if ((v >= target) == maximising) {
            all = below;
            dominance = 0;
            if (cut) {
                *cut = (uint16_t)(tag | list[i]);
                S->tt->cuts_used = 1;
            }
            break;
        }
        all |= below;
        if (GAME_stands_alone(s, list[i]) && !GAME_stands_for_lower(s, list[i]))
            continue; /* a card with another beneath it stands for no other */
        ts_cards in_suit = below & ts_suit_cards(suit);
        if (!in_suit)
            min_rank[suit] = TS_RANKS;
        else if (ts_first(in_suit) > list[i] && ts_rank_of(ts_first(in_suit)) > min_rank[suit])
            min_rank[suit] = ts_rank_of(ts_first(in_suit));
    }
    all |= dominance;
    *decided = all;

    /* 4. */
    if (at_start) {
        int yes = result >= target;
        *decided = GAME_store(S, s, &place, all, yes, result - won);
        S->stats.tt_stores++;
    }
    return result;
}

#endif /* TS_SEARCH_PATTERNS_H */
