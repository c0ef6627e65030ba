/*
 * cards.h -- the one card encoding of tricksolver.
 *
 * A card is an index 0..63: suit * 16 + rank, with suits spades, hearts,
 * diamonds, clubs = 0, 1, 2, 3 (the order DDS uses) and ranks 2..A = 0..12.
 * A set of cards is a uint64_t with one 16-bit lane per suit; bit (card) is
 * set when the card is in the set.  Bits 13..15 of every lane are always zero
 * in a valid set (TS_DECK masks them out).
 *
 * Everything here is a small inline function: the rules and the search are
 * compiled with it and call it in their inner loops.
 */
#ifndef TS_CARDS_H
#define TS_CARDS_H

#include <stdint.h>

typedef uint64_t ts_cards; /* a set of cards, one 16-bit lane per suit */
typedef uint8_t ts_card;   /* a card index, suit * 16 + rank */

enum ts_suit { TS_SPADES = 0, TS_HEARTS = 1, TS_DIAMONDS = 2, TS_CLUBS = 3 };
#define TS_SUITS 4
#define TS_NOTRUMP 4       /* trump value meaning no trumps */
#define TS_RANKS 13
#define TS_LANE_BITS 16
#define TS_NO_CARD 0xFF    /* "no card" in card-valued fields */

enum ts_rank {
    TS_TWO = 0, TS_THREE, TS_FOUR, TS_FIVE, TS_SIX, TS_SEVEN, TS_EIGHT,
    TS_NINE, TS_TEN, TS_JACK, TS_QUEEN, TS_KING, TS_ACE
};

#define TS_LANE ((ts_cards)0x1FFF)                 /* the 13 rank bits of one lane */
#define TS_DECK (TS_LANE | TS_LANE << 16 | TS_LANE << 32 | TS_LANE << 48)

static inline ts_card ts_make_card(int suit, int rank) { return (ts_card)(suit * TS_LANE_BITS + rank); }
static inline int ts_suit_of(ts_card c) { return c >> 4; }
static inline int ts_rank_of(ts_card c) { return c & 15; }
static inline ts_cards ts_bit(ts_card c) { return (ts_cards)1 << c; }
static inline ts_cards ts_suit_cards(int suit) { return TS_LANE << (suit * TS_LANE_BITS); }
static inline int ts_count(ts_cards s) { return __builtin_popcountll(s); }
static inline int ts_card_valid(int c) { return c >= 0 && c < 64 && (c & 15) < TS_RANKS; }

/* The lowest card of a non-empty set (lowest suit lane first). */
static inline ts_card ts_first(ts_cards s) { return (ts_card)__builtin_ctzll(s); }

/* The n-th card (0-based, lowest first) of a set holding more than n cards. */
static inline ts_card ts_nth(ts_cards s, int n)
{
    while (n-- > 0)
        s &= s - 1;
    return ts_first(s);
}

#endif /* TS_CARDS_H */
