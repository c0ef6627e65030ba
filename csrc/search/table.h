/*
 * search/table.h -- the transposition table of the search, for every game.
 *
 * One block of memory (huge pages where there are any), laid out either as
 * exact entries (buckets of TT_WAYS tt_entry, found by a whole key) or, for
 * the games that keep their table by patterns, as the game's own entries
 * (the game's layout hook lays them out in the block; `layout` says which
 * kind the block holds now, the two overlap in memory).  Entries carry the
 * table's generation: emptying the table is a new generation.  Beside the
 * block, the cutoff cards of move ordering (CUT_SLOTS 16-bit slots, a huge
 * page of their own).
 *
 * The table grows with the search.  The block is reserved whole when the
 * searcher is made (`most` bytes, what the caller asked for), but the table
 * uses only its first `bytes`: TT_START_BYTES at first, doubled (up to
 * `most`) whenever the bytes of the entries made since the table was last
 * emptied reach 1/TT_GROW_LOAD of it (TT_STORE_BYTES a store for a game
 * whose layout hook does not count its entries; see TT_GROW_LOAD below),
 * so that a small position touches little memory
 * (the system supplies the block page by page as it is first written) and a
 * large one gets the table it asked for.  Growing keeps the entries: exact
 * ones are rehashed into the wider index, a game's parts that its layout
 * hook describes (tt_part) are widened in place, a game's entries it does
 * not describe are forgotten (a new generation; sound, they only save
 * work).  Growth needs no memory from the allocator, so it cannot fail.
 *
 * The table is kept from one call to the next only for the same hand rules
 * (what a hand fixes for all its positions and the keys leave out) and the
 * same layout: tt_begin empties it otherwise.  Probing is inline (it is
 * called at every trick start); making, emptying, growing and freeing are
 * in table.c.
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
#define TT_START_BYTES ((size_t)2 << 20) /* a new table's size in use (one huge page) */
/* The table doubles when the entries made since it was emptied (made
 * afresh or over others: tt->filled, their bytes as a share of the whole
 * block) reach 1/TT_GROW_LOAD of it; for a game whose layout hook does not
 * count its entries, each store counts as TT_STORE_BYTES made (measured:
 * see csrc/README.md's table section). */
#define TT_GROW_LOAD 16
#define TT_STORE_BYTES 1024
#define TT_PARTS 2 /* parts of a game's own layout the growth widens */

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

/* A part of a game's own layout, as its layout hook describes it for the
 * growth: `groups` groups of `group` bytes from byte `at` of the block, a
 * position's group picked by a multiply-shift of its hash over `groups`
 * (((h >> 32) * groups) >> 32), every entry in it (`entry` bytes, its
 * generation a uint16_t at `gen_at`) matched by its whole key, and
 * `hash_of` giving an entry's hash from the entry.  Growing copies each old
 * group to the new groups whose hash ranges start in it (the parts taken
 * by their new starts, last first: valid when no part starts earlier than
 * it did, and each part's old groups end before the start of every part
 * after it; both hold when the parts are fixed fractions of the block in
 * order), then empties each copy that is not in its hash's group (so
 * every entry stays where it is found, but where the number of groups did
 * not exactly double: one whose new group starts in the old group before
 * its own is lost).  groups 0: not described (the growth forgets the
 * game's entries). */
typedef struct tt_part {
    size_t at, group, groups;
    size_t entry, gen_at;
    uint64_t (*hash_of)(const void *entry);
} tt_part;

/* The groups of `group` bytes a layout hook puts in `bytes`: as many as fit
 * in each whole TT_GROUP_UNIT, then in the rest, so that doubling a part of
 * whole units doubles its groups exactly (and the growth keeps every entry,
 * tt_part; at most a group a unit is left unused: 0.5% for whist's shape
 * pairs of 5 KiB). */
#define TT_GROUP_UNIT ((size_t)1 << 20)
static inline size_t tt_groups(size_t bytes, size_t group)
{
    return bytes / TT_GROUP_UNIT * (TT_GROUP_UNIT / group) + bytes % TT_GROUP_UNIT / group;
}

/* (A table of the card that last cut off the search at each trick start,
 * keyed by the whole position, was tried for move ordering: it changed the
 * node count by less than 0.01% and cost a fifth of the time.  The cutoff
 * cards are keyed by much less than the position.) */
struct ts_tt {
    void *mem;  /* the entries (aligned to a huge page where there are any) */
    void *base; /* what table_alloc got, for table_free */
    size_t mapped;
    size_t bytes;       /* of the block in use now: grows up to `most` */
    size_t most;        /* of the block, reserved at the start */
    size_t buckets;     /* exact entries in use: a power of two */
    size_t cap_bytes;   /* the exact entries' cap of this hand (tt_begin; 0: none) */
    size_t own_entries[2]; /* LAYOUT_PATTERNS: the game's counts of its own entries
                            * in the block (its layout hook sets them at each start
                            * and after each growth, from `bytes`) */
    tt_part parts[TT_PARTS]; /* LAYOUT_PATTERNS: the same, described for the growth */
    void (*relayout)(ts_tt *tt); /* LAYOUT_PATTERNS: the game's layout hook (called
                                  * through the pointer after a growth only) */
    int64_t stored;     /* stores since the table was emptied */
    uint64_t filled;    /* bytes of the entries made since then (see TT_GROW_LOAD) */
    int counts_fills;   /* 1: `filled` is counted (exact entries; a layout hook that says so) */
    int64_t seen;       /* the call's stats.tt_stores when `stored` was last counted */
    int64_t grown;      /* growths since the searcher was made */
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

/* After tt_begin, for LAYOUT_PATTERNS: the game's layout hook, which sets
 * own_entries (and describes its parts, tt_part, and sets counts_fills when
 * its stores add to `filled`) from tt->bytes; called now and again after
 * each growth. */
void tt_use_layout(ts_tt *tt, void (*layout)(ts_tt *tt));

/* Count the call's stores (S->stats.tt_stores) into the table's and grow
 * the table while what was made passes its threshold (TT_GROW_LOAD).  Called where no entry of the
 * table is held by any search frame: between calls, and at the start of a
 * node (out_of_budget's look every CHECK_LIMITS_EVERY nodes: every search
 * probes and stores at a trick start without holding an entry across its
 * moves).  Moves entries, so no pointer into the block survives it. */
void tt_note_stores(ts_search *S);

/* Grow the table once (double `bytes`, up to `most`), keeping the entries
 * as table.h's head says.  0 when it is as large as it may be. */
int tt_grow(ts_tt *tt);

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
    tt->filled += sizeof(tt_entry);
    memset(&bucket[victim], 0, sizeof bucket[victim]);
    bucket[victim].key = *k;
    bucket[victim].gen = tt->gen;
    bucket[victim].lo = -NO_BOUND;
    bucket[victim].hi = NO_BOUND;
    bucket[victim].best = TS_NO_CARD;
    return &bucket[victim];
}

#endif /* TS_SEARCH_TABLE_H */
