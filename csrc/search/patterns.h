/*
 * search/patterns.h -- the pattern (partition) search, a part of the
 * template search/core.h (included by it when GAME_USES_PATTERNS): the
 * null-window search (search/window.h) that answers with the cards whose
 * ranks decided it, so that the table stores each bound as a pattern of
 * those cards (GAME_probe and GAME_store, the game's own table).  Written
 * for the games scored by tricks: the value is the root side's tricks, the
 * cheap bounds are the tricks left and second hand's sure tricks, and the
 * moves start with the cutoff card of the table (cut_slot).  A game that
 * scores otherwise (Chinkway: quest parts) gives its own of these hooks.
 *
 * The hooks (see csrc/README.md for the table).  Required:
 *   GAME_place                      what the probe leaves for the store
 *   GAME_layout(tt)                 the game's entry counts in the block
 *   GAME_probe(S, s, target, base, &place, &v, &decided)
 *                                   at a trick start: 1 when the game's
 *                                   bounds or table answer
 *   GAME_store(S, s, &place, cards, yes, future, decisive)
 *                                   store the bound; the deciding cards
 *   GAME_stands_alone(s, c)         c stands for no lower card
 * Optional, with their defaults (the games scored by tricks):
 *   GAME_pattern_goal(s, target)    target: the pattern search's target
 *   GAME_pattern_answer(S, target, v)  v: its answer as a value
 *   GAME_pattern_base(s, R)         GAME_stored_offset: the part scored
 *   GAME_pattern_ceiling(s, base)   base + the tricks left: the most R
 *                                   can reach from here, a loose bound
 *   GAME_pattern_bounds(S, s, target, base, ceiling, &v, &decided)
 *                                   trick_bounds: the ceiling, and with
 *                                   GAME_partnership second hand's sure
 *                                   tricks (GAME_second_hand_wins)
 *   GAME_CUT_CARDS                  1: the cutoff card first (cut_slot)
 *   GAME_PATTERN_KILLER             0; 1: the killer lead (search/window.h)
 *   GAME_table_move(&place)         TS_NO_CARD: the move the table tries first
 *   GAME_dominated(s, R, moves, legal, &why)  none: moves not worth trying
 *   GAME_RANK_CLASSES, GAME_rank_class(s, R, c)  1, 0: classes of a suit
 *   GAME_stands_for_lower(s, c)     0
 */
#ifndef TS_SEARCH_PATTERNS_H
#define TS_SEARCH_PATTERNS_H

#ifndef GAME_pattern_goal
#define GAME_pattern_goal(s, target) ((void)(s), (target))
#endif
#ifndef GAME_pattern_answer
#define GAME_pattern_answer(S, target, v) ((void)(S), (void)(target), (v))
#endif
#ifndef GAME_pattern_base
#define GAME_pattern_base(s, R) GAME_stored_offset(s, R)
#endif
#ifndef GAME_pattern_ceiling
#define GAME_pattern_ceiling(s, base) ((base) + (s)->total_tricks - (s)->tricks_played)
#endif
#ifndef GAME_pattern_bounds
#define GAME_pattern_bounds trick_bounds
#endif
#ifndef GAME_CUT_CARDS
#define GAME_CUT_CARDS 1
#endif
#ifndef GAME_PATTERN_KILLER
#define GAME_PATTERN_KILLER 0
#endif
#ifndef GAME_table_move
#define GAME_table_move(place) ((void)(place), TS_NO_CARD)
#endif
#ifndef GAME_dominated
#define GAME_dominated(s, R, moves, legal, why) ((void)(s), (void)(R), (void)(moves), (void)(legal), (void)(why), (ts_cards)0)
#endif
#ifndef GAME_RANK_CLASSES
#define GAME_RANK_CLASSES 1
#define GAME_rank_class(s, R, c) 0
#endif
#ifndef GAME_stands_for_lower
#define GAME_stands_for_lower(s, c) ((void)(s), (void)(c), 0)
#endif

#if GAME_CUT_CARDS
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
#endif

/* The cutoff card's slot where the search tries it first: with four
 * seats, not at the last seat of a trick, which goes by the heuristics
 * alone (follow_score: the cheapest card that takes the trick, else a low
 * one), which do as well there as its cutoff cards and save a read from
 * memory: measured, without piles 0.4% more nodes on the first 30 bench
 * deals, 1.2% fewer on all 100, and 4-12% less time; four seats with piles
 * 4% fewer nodes.  (At the third seat too: 15% more nodes; the last of
 * three or two seats: 1-5% more.) */
static inline uint16_t *cut_card_slot(ts_search *S, const ts_state *s, int target, uint16_t *tag)
{
#if GAME_CUT_CARDS
    if (s->nseats == 4 && s->ntrick == 3)
        return NULL;
    return cut_slot(S, s, target, tag);
#else
    (void)S, (void)s, (void)target, (void)tag;
    return NULL;
#endif
}

#ifndef GAME_second_hand_wins
#define GAME_second_hand_wins(s, decided) ((void)(s), (void)(decided), 0)
#endif

/* The games scored by tricks, their cheap bounds: the tricks left
 * (`ceiling`); partnerships, second hand: the side to move surely takes
 * this trick (and without trumps the winner's top cards after it), and no
 * more are needed (DDS's second-hand quick tricks).  1 with the answer v
 * (and its deciding cards) when they answer. */
static inline int trick_bounds(ts_search *S, const ts_state *s, int target, int won, int ceiling, int *v,
                               ts_cards *decided)
{
    const int R = S->root_side;
    if (ceiling < target) {
        *v = ceiling;
        return 1;
    }
    if (s->ntrick == 1 && GAME_partnership(s)) {
        int mine = s->side[s->turn] == R;
        int need = mine ? target - won : ceiling - target + 1;
        int q = GAME_second_hand_wins(s, decided);
        if (q > 0 && q >= need) {
            *v = mine ? won + q : ceiling - q;
            return 1;
        }
        *decided = 0;
    }
    return 0;
}

/* What a node of the pattern search keeps for its store: the range of its
 * answer (the part scored .. the ceiling) and the game's place. */
typedef struct pattern_node {
    int lo, hi;
    GAME_place place;
} pattern_node;

/* 1. The hand's end, or the target reached already. */
static inline int pattern_end(const ts_state *s, int target, int base, int *v)
{
    if (s->phase == TS_OVER || base >= target) {
        *v = base;
        return 1;
    }
    return 0;
}

/* 2. The range, and the game's cheap bounds. */
static inline int pattern_bounds(ts_search *S, const ts_state *s, int target, int base, pattern_node *nd, int *v,
                                 ts_cards *decided)
{
    nd->lo = base;
    nd->hi = GAME_pattern_ceiling(s, base);
    return GAME_pattern_bounds(S, s, target, base, nd->hi, v, decided);
}

/* pattern_search(S, s, target, &decided): the null-window search by
 * patterns (search/window.h), on the game's scale (GAME_pattern_goal). */
#define WINDOW pattern_search
#define WINDOW_DECIDES 1
#define WINDOW_node pattern_node
#define WINDOW_base(S, s) GAME_pattern_base(s, (S)->root_side)
#define WINDOW_GIVE_UP(target, base) ((void)(target), (base))
#define WINDOW_end(S, s, target, base, node, v, decided) pattern_end(s, target, base, v)
#define WINDOW_bounds(S, s, target, base, at_start, node, v, decided) \
    pattern_bounds(S, s, target, base, node, v, decided)
#define WINDOW_CLAMPS 0 /* (the answers lie within the part scored .. the ceiling) */
#define WINDOW_probe(S, s, target, base, node, v, decided) GAME_probe(S, s, target, base, &(node)->place, v, decided)
#define WINDOW_table_move(node) GAME_table_move(&(node)->place)
#define WINDOW_KILLER GAME_PATTERN_KILLER
#define WINDOW_cut_slot cut_card_slot
#define WINDOW_pruned GAME_dominated
#define WINDOW_RANK_CLASSES GAME_RANK_CLASSES
#define WINDOW_rank_class GAME_rank_class
#define WINDOW_stands_alone GAME_stands_alone
#define WINDOW_stands_for_lower GAME_stands_for_lower
#define WINDOW_store(S, s, node, base, all, result, target, decisive) \
    GAME_store(S, s, &(node)->place, all, (result) >= (target), (result) - (base), decisive)
#include "window.h"

#endif /* TS_SEARCH_PATTERNS_H */
