/*
 * search/table.h -- the transposition table of the search, for every game.
 *
 * One block of memory (huge pages where there are any), laid out either as
 * exact entries (buckets of TT_WAYS tt_entry, found by a whole key) or, for
 * the games that keep their table by patterns, as the game's own entries
 * (the game's file lays them out in the block; `layout` says which kind the
 * block holds now, the two overlap in memory).  Entries carry the table's
 * generation: emptying the table is a new generation.  Beside the block, the
 * cutoff cards of move ordering (CUT_SLOTS 16-bit slots, a huge page of
 * their own).
 *
 * The table is kept from one call to the next only for the same hand rules
 * (what a hand fixes for all its positions and the keys leave out) and the
 * same layout: tt_begin empties it otherwise.  Probing is inline (it is
 * called at every trick start); making, emptying and freeing are in table.c.
 */
#ifndef TS_SEARCH_TABLE_H
#define TS_SEARCH_TABLE_H

#include <string.h>

#include "../search.h"

#define TT_WAYS 4     /* entries per bucket */
#define KIND_BOUNDS 0 /* a table entry with bounds for one root side */
#define KIND_MAXN 1   /* a table entry with a max^n vector */
#define NO_BOUND 127
#define LAYOUT_EXACT 0    /* the block holds exact entries */
#define LAYOUT_PATTERNS 1 /* the block holds the game's pattern entries */
#define HAND_RULES_OWN 64 /* bytes of a game's own hand rules (the most: a pile entry a card) */

/* The tricks games' cutoff cards (after bridge-solver's): for each place in
 * the trick but a four-seat trick's last, the card that last cut off the
 * search, under a key of the few things that decide which card is right
 * there (see the pattern search's cut_slot), so that one cut orders the
 * moves of many positions.  A slot is 16 bits: the card (6 bits) and a tag
 * of the key (9 bits, with the top bit set) above it; a slot with another
 * tag gives no card, 0 is empty.  (A false match only orders the moves.
 * With 32-bit slots, 1 MiB for four places, the load of the slot stood for
 * 9% of the time; 16-bit slots, 512 KiB, stay in the caches more: about 5%
 * faster, with 0.02% more nodes.  Three places now: 384 KiB.) */
#define CUT_BITS 16                       /* slots a place */
#define CUT_SLOTS ((size_t)3 << CUT_BITS) /* the first three places */

/* An exact key: what the game's key hook puts in each field (see
 * csrc/README.md), the leader, the root side and the kind of entry. */
typedef struct tt_key {
    ts_cards hands[TS_MAX_SEATS];   /* what each seat may play (in the game's encoding) */
    ts_cards covered[TS_MAX_SEATS]; /* more of the position, as the game's key puts it */
    uint64_t extra;                 /* game accumulators that shape the future */
    uint8_t leader, root, kind;
} tt_key;

typedef struct tt_entry {
    tt_key key;
    int8_t lo, hi;            /* bounds on the stored value */
    int8_t vec[TS_MAX_SIDES]; /* KIND_MAXN: stored values */
    uint16_t gen;             /* the table's generation when written */
    uint8_t best;
} tt_entry;

/* What a hand fixes for all its positions and the table's keys leave out:
 * the table is emptied when a search starts on a hand that differs in it.
 * `own`: the game's own fields (its rules hook writes them; zero beyond). */
typedef struct hand_rules {
    uint8_t game, nseats, trump;
    uint8_t side[TS_MAX_SEATS];
    uint8_t own[HAND_RULES_OWN];
} hand_rules;

/* (A table of the card that last cut off the search at each trick start,
 * keyed by the whole position, was tried for move ordering: it changed the
 * node count by less than 0.01% and cost a fifth of the time.  The cutoff
 * cards are keyed by much less than the position.) */
struct ts_tt {
    void *mem;  /* the entries (aligned to a huge page where there are any) */
    void *base; /* what table_alloc got, for table_free */
    size_t mapped;
    size_t bytes;
    size_t buckets;     /* exact entries in use: a power of two */
    size_t all_buckets; /* exact entries the block holds */
    size_t own_entries[2]; /* LAYOUT_PATTERNS: the game's counts of its own entries
                            * in the block (its layout hook sets them at each start) */
    hand_rules rules;   /* of the hand the entries belong to */
    int has_rules;
    int layout;       /* LAYOUT_EXACT or LAYOUT_PATTERNS */
    uint16_t gen;     /* entries of another generation are empty */
    uint16_t *cuts;   /* CUT_SLOTS cutoff cards (tricks games), read at every node: a
                       * huge page of their own too (4 KiB pages: 96 of them) */
    void *cuts_base;  /* for table_free */
    size_t cuts_mapped;
    int cuts_used;    /* some slot is filled: clearing must wipe them */
};

/* Start a call on a hand: keep the table when its rules and the layout are
 * those of the entries, else empty it, and then use at most `cap_bytes` of
 * exact entries (0: all). */
void tt_begin(ts_tt *tt, const hand_rules *rules, int layout, size_t cap_bytes);

static inline uint64_t hash_key(const tt_key *k)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ k->extra;
    for (int p = 0; p < TS_MAX_SEATS; p++) {
        h = (h ^ k->hands[p]) * 0xBF58476D1CE4E5B9ULL;
        h = (h ^ k->covered[p]) * 0x94D049BB133111EBULL;
        h ^= h >> 29;
    }
    h ^= (uint64_t)k->leader << 3 | (uint64_t)k->root << 11 | (uint64_t)k->kind << 19;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 32);
}

/* Of a pair of entries written in generations g0 and g1, the one to fill
 * for the table's generation `gen`: a free one, else the one bit 0 of the
 * hash h picks. */
static inline int pair_to_fill(uint16_t g0, uint16_t g1, uint16_t gen, uint64_t h)
{
    return g0 != gen ? 0 : g1 != gen ? 1 : (int)(h & 1);
}

/* Ask for `bytes` of memory from p to be fetched into the cache. */
static inline void prefetch(const void *p, size_t bytes)
{
#pragma GCC unroll 64 /* (the sizes are constants: one instruction a line) */
    for (size_t off = 0; off < bytes; off += 64)
        __builtin_prefetch((const char *)p + off);
}

static inline tt_entry *tt_bucket(const ts_tt *tt, uint64_t h)
{
    return (tt_entry *)tt->mem + (h & (tt->buckets - 1)) * TT_WAYS;
}

/* The entry of key k (of hash h), found or, with `create`, made. */
static inline tt_entry *tt_find_hashed(ts_tt *tt, const tt_key *k, uint64_t h, int create)
{
    tt_entry *bucket = tt_bucket(tt, h);
    for (int i = 0; i < TT_WAYS; i++)
        if (bucket[i].gen == tt->gen && memcmp(&bucket[i].key, k, sizeof *k) == 0)
            return &bucket[i];
    if (!create)
        return NULL;
    /* Replace a free way, else a way picked by other bits of the hash
     * (measured better than keeping the larger positions). */
    int victim = (int)((h >> 40) % TT_WAYS);
    for (int i = TT_WAYS - 1; i >= 0; i--)
        if (bucket[i].gen != tt->gen)
            victim = i;
    memset(&bucket[victim], 0, sizeof bucket[victim]);
    bucket[victim].key = *k;
    bucket[victim].gen = tt->gen;
    bucket[victim].lo = -NO_BOUND;
    bucket[victim].hi = NO_BOUND;
    bucket[victim].best = TS_NO_CARD;
    return &bucket[victim];
}

#endif /* TS_SEARCH_TABLE_H */
