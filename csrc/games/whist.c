/*
 * games/whist.c -- plain whist's rules and search.  The rules hooks of
 * whist_rules.h given to the rules template (rules/play.h), which makes
 * whist_play from them.  Its pattern table (partition
 * search): the layout in the block (exact entries, then shape entries), the
 * probe at a trick start (the bounds of games/partnership.h, the exact
 * entry, the shape's patterns) and the store; then the hooks of whist.h and
 * these given to the search template (search/core.h), which makes
 * whist_search from them.  Every two cards adjacent among those in play
 * are alike; four seats in two partnerships.
 */
#include "whist.h"
#include "whist_weights.h"
#include "whist_rules.h"

/* ---- the pattern table ---- */

/* Plain whist keeps its table by *patterns* (partition search): an entry
 * is found by the shape of the position (every seat's length in every
 * suit), the leader and the root side, and holds bounds each with the
 * cards whose ranks decided them -- the top cards of some suits, as
 * relative ranks, with their seats.  A position matches a pattern when its
 * seats hold those same top cards; lower cards are interchangeable. */
/* Patterns a shape and the table's split, measured (whist, first 30 bench
 * deals, 256 MiB; after the fix of shape_pair's hash): 32 patterns 19.38M
 * nodes, 64 18.32M, 128 18.15M (no faster than 64: longer scans); with 64,
 * the shapes in 2/8 of the table 18.32M, in 3/8 18.20M, in 4/8 18.15M; with
 * a 16 MiB table 25.5M in 2/8, 22.5M in 4/8.  The exact entries keep small
 * tables useful: shapes alone (128 patterns, the whole table) take as few
 * nodes at 256 MiB, and are about 5% faster there, but at 8 MiB take 51M
 * nodes against 27.5M. */
#define PATTERNS 64

_Static_assert(PATTERNS <= 255, "shape_entry counts its patterns in a byte");

#define EIGHTHS 8

#define EXACT_EIGHTHS 4 /* whist: the first half of the table holds exact entries, */

#define SHAPE_EIGHTHS 4 /* the second half shapes */

/* Two seats' hands, for comparing a pattern with a position two seats at
 * a time (GCC's and Clang's vectors: one instruction where the processor
 * has them). */
typedef ts_cards hands_pair __attribute__((vector_size(2 * sizeof(ts_cards))));

typedef struct pattern {
    ts_cards hands[4];  /* relative-rank cards of each seat that decided the bound */
    int8_t lo, hi;      /* bounds on the future tricks of the root side */
} pattern;

/* Whist's exact entries are compact: the relative-rank hands of three
 * seats and the number of cards in play of each suit fix the fourth. */
typedef struct whist_entry {
    ts_cards hands[3];           /* seats 0..2, relative ranks */
    ts_cards lo_ranks, hi_ranks; /* the relative ranks that decided each bound */
    uint16_t counts;             /* cards in play of each suit, four bits each */
    uint16_t gen;
    uint8_t leader_root;         /* leader << 1 | root */
    int8_t lo, hi;               /* bounds on the root side's future tricks */
} whist_entry;

typedef struct shape_entry {
    uint64_t shape;
    uint16_t gen;
    uint8_t leader, root;
    uint8_t used, next; /* slots filled (the first ones), the slot to fill next
                         * (so PATTERNS is at most 255) */
    pattern p[PATTERNS];
} shape_entry;

static uint64_t shape_of(const ts_state *s)
{
    uint64_t shape = 0;
    for (int p = 0; p < s->nseats; p++)
        shape = shape << 16 | suit_counts(s->playable[p]);
    return shape;
}

static uint64_t shape_hash(uint64_t shape, int leader, int root)
{
    /* (mixed twice: with one multiply the low bits, which pick the pair,
     * did not depend on the leader, the root side or the first seat's
     * lengths, and every shape of the four leaders fought over one pair:
     * the fix took 38% off the nodes) */
    uint64_t h = (shape ^ ((uint64_t)leader << 59 | (uint64_t)root << 62)) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 32;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return h;
}

/* For the table's growth (tt_part): the hash of a shape entry. */
static uint64_t shape_entry_hash(const void *entry)
{
    const shape_entry *e = entry;
    return shape_hash(e->shape, e->leader, e->root);
}

/* The pair of shape entries of hash h (shape_hash). */
static shape_entry *shape_pair(const ts_tt *tt, uint64_t h)
{
    return (shape_entry *)((char *)tt->mem + tt->bytes / EIGHTHS * EXACT_EIGHTHS) +
           ((h >> 32) * tt->own_entries[1] >> 32) * 2;
}

/* The entry of a shape (h: its shape_hash), found or made. */
static shape_entry *shape_slot(ts_tt *tt, uint64_t shape, int leader, int root, uint64_t h, int create)
{
    shape_entry *pair = shape_pair(tt, h);
    for (int i = 0; i < 2; i++)
        if (pair[i].gen == tt->gen && pair[i].shape == shape && pair[i].leader == leader &&
            pair[i].root == root)
            return &pair[i];
    if (!create)
        return NULL;
    shape_entry *e = &pair[pair_to_fill(pair[0].gen, pair[1].gen, tt->gen, h)];
    tt->filled += sizeof *e * EIGHTHS / SHAPE_EIGHTHS; /* (as a share of the whole block) */
    e->shape = shape;
    e->leader = (uint8_t)leader;
    e->root = (uint8_t)root;
    e->gen = tt->gen;
    e->used = e->next = 0; /* (the slots are read only up to `used`) */
    return e;
}

/* The exact entry of a whist trick start (rel: the seats' relative-rank
 * hands), found or made; a bucket index from a multiply-shift of the hash
 * so that any number of buckets will do. */
static uint64_t whist_hash(const ts_cards rel[4], uint16_t counts, uint8_t lr)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ counts ^ (uint64_t)lr << 16;
    for (int p = 0; p < 3; p++) {
        h = (h ^ rel[p]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

/* For the table's growth (tt_part): the hash of an exact entry. */
static uint64_t whist_entry_hash(const void *entry)
{
    const whist_entry *e = entry;
    ts_cards rel[4] = {e->hands[0], e->hands[1], e->hands[2], 0};
    return whist_hash(rel, e->counts, e->leader_root);
}

static whist_entry *whist_bucket(const ts_tt *tt, uint64_t h)
{
    return (whist_entry *)tt->mem + ((h >> 32) * tt->own_entries[0] >> 32) * TT_WAYS;
}

/* (h: the entry's whist_hash) */
static whist_entry *whist_find(ts_tt *tt, const ts_cards rel[4], uint16_t counts, int leader,
                               int root, uint64_t h, int create)
{
    uint8_t lr = (uint8_t)(leader << 1 | root);
    whist_entry *bucket = whist_bucket(tt, h);
    for (int i = 0; i < TT_WAYS; i++) {
        whist_entry *e = &bucket[i];
        if (e->gen == tt->gen && e->counts == counts && e->leader_root == lr &&
            e->hands[0] == rel[0] && e->hands[1] == rel[1] && e->hands[2] == rel[2])
            return e;
    }
    if (!create)
        return NULL;
    int victim = (int)(h & (TT_WAYS - 1));
    for (int i = TT_WAYS - 1; i >= 0; i--)
        if (bucket[i].gen != tt->gen)
            victim = i;
    whist_entry *e = &bucket[victim];
    tt->filled += sizeof *e * EIGHTHS / EXACT_EIGHTHS;
    memset(e, 0, sizeof *e);
    memcpy(e->hands, rel, sizeof e->hands);
    e->counts = counts;
    e->leader_root = lr;
    e->gen = tt->gen;
    e->lo = -NO_BOUND;
    e->hi = NO_BOUND;
    return e;
}

/* Where the table's parts lie in the block: the first EXACT_EIGHTHS eighths
 * exact entries, the next SHAPE_EIGHTHS shape entries, in pairs (described
 * for the table's growth as tt_part: both fixed fractions, in order; the
 * entries made are counted in tt->filled). */
static void whist_layout(ts_tt *tt)
{
    tt->own_entries[0] = tt_groups(tt->bytes / EIGHTHS * EXACT_EIGHTHS, TT_WAYS * sizeof(whist_entry));
    tt->own_entries[1] = tt_groups(tt->bytes / EIGHTHS * SHAPE_EIGHTHS, 2 * sizeof(shape_entry));
    tt->parts[0] = (tt_part){0, TT_WAYS * sizeof(whist_entry), tt->own_entries[0], sizeof(whist_entry),
                             offsetof(whist_entry, gen), whist_entry_hash};
    tt->parts[1] = (tt_part){tt->bytes / EIGHTHS * EXACT_EIGHTHS, 2 * sizeof(shape_entry), tt->own_entries[1],
                             sizeof(shape_entry), offsetof(shape_entry, gen), shape_entry_hash};
    tt->counts_fills = 1;
}

/* A trick start as the probe leaves it for the store: the cards in play,
 * the seats' relative-rank hands, the suits' counts and the shape. */
typedef struct whist_place {
    ts_cards remaining;
    ts_cards rel[4];
    uint16_t counts;
    uint64_t shape;
    uint64_t exact_hash, shape_hash; /* whist_hash and shape_hash of the position (worked out
                                      * once: they do not depend on the table's size) */
} whist_place;

/* At a trick start (`won`: the root side's tricks so far): the table's
 * bucket is fetched from memory while the cheap bounds are worked out
 * (whist_bounds_of, with the facts of the suits from the shape and the
 * relative ranks), then the exact entry, then the shape's patterns.  1 with
 * the value *v and its deciding cards when one of them answers for
 * `target`. */
static int whist_probe(ts_search *S, const ts_state *s, int target, int won, whist_place *pl,
                              int *v, ts_cards *decided)
{
    const int R = S->root_side;
    ts_cards remaining = 0;
    for (int p = 0; p < s->nseats; p++)
        remaining |= s->playable[p] | s->covered[p];
    pl->remaining = remaining;
    const ts_cards *rel = pl->rel;
    relative_seats(s, remaining, pl->rel, NULL);
    pl->counts = suit_counts(remaining);
    pl->shape = shape_of(s);
    {
        pl->exact_hash = whist_hash(rel, pl->counts, (uint8_t)(s->leader << 1 | R));
        pl->shape_hash = shape_hash(pl->shape, s->leader, R);
        prefetch(whist_bucket(S->tt, pl->exact_hash), TT_WAYS * sizeof(whist_entry));
        /* (the start of each: the few patterns in use come first;
         * fetching the whole entries, 34 lines, was 7% slower) */
        shape_entry *pair = shape_pair(S->tt, pl->shape_hash);
        prefetch(pair, 128);
        prefetch(pair + 1, 128);
    }
    /* (The exact entry looked up first, to skip bounds known to fail
     * for the target -- the checks are monotone in it -- saved 11% of
     * the instructions with the same nodes, and was slower: the bucket
     * was then waited for, where the bounds now hide its fetch.) */
    whist_suits f;
    whist_suits_from(&f, remaining, pl->shape, rel);
    if (whist_bounds_of(s, R, target, &f, v, decided))
        return 1;
    whist_entry *exact = whist_find(S->tt, rel, pl->counts, s->leader, R, pl->exact_hash, 0);
    if (exact && (exact->lo + won >= target || exact->hi + won < target)) {
        S->stats.tt_hits++;
        int yes = exact->lo + won >= target;
        *decided = absolute(yes ? exact->lo_ranks : exact->hi_ranks, remaining);
        *v = won + (yes ? exact->lo : exact->hi);
        return 1;
    }
    shape_entry *e = shape_slot(S->tt, pl->shape, s->leader, R, pl->shape_hash, 0);
    /* (the four hands compared two at a time, as vectors of two) */
    const hands_pair out01 = {~rel[0], ~rel[1]}, out23 = {~rel[2], ~rel[3]};
    for (int i = 0; e && i < e->used; i++) {
        pattern *pt = &e->p[i];
        hands_pair h01, h23;
        memcpy(&h01, &pt->hands[0], sizeof h01);
        memcpy(&h23, &pt->hands[2], sizeof h23);
        hands_pair out = (h01 & out01) | (h23 & out23);
        if (out[0] | out[1])
            continue;
        int hit = pt->lo + won >= target ? 1 : pt->hi + won < target ? 0 : -1;
        if (hit >= 0) {
            S->stats.tt_hits++;
            *decided = absolute(pt->hands[0] | pt->hands[1] | pt->hands[2] | pt->hands[3], remaining);
            *v = won + (hit ? pt->lo : pt->hi);
            return 1;
        }
    }
    return 0;
}

/* Store a bound on the root side's future tricks (`yes`: at least `future`,
 * else at most) with the cards whose ranks decided it (`all`): in the
 * shape's patterns and the exact entry.  Returns the deciding cards, as
 * cards of this position.  (The move that decided it is not kept: the
 * cutoff cards order the moves.) */
static ts_cards whist_store(ts_search *S, const ts_state *s, const whist_place *pl, ts_cards all,
                                   int yes, int future, ts_card decisive)
{
    (void)decisive;
    const int R = S->root_side;
    ts_cards ranks = relevant_ranks(s, all, pl->rel, pl->remaining);
    pattern fresh;
    for (int p = 0; p < 4; p++)
        fresh.hands[p] = pl->rel[p] & ranks;
    fresh.lo = yes ? (int8_t)future : -NO_BOUND;
    fresh.hi = yes ? NO_BOUND : (int8_t)future;
    shape_entry *e = shape_slot(S->tt, pl->shape, s->leader, R, pl->shape_hash, 1);
    int slot = -1;
    for (int i = 0; i < e->used && slot < 0; i++)
        if (memcmp(e->p[i].hands, fresh.hands, sizeof fresh.hands) == 0)
            slot = i;
    if (slot >= 0) {
        if (fresh.lo > e->p[slot].lo)
            e->p[slot].lo = fresh.lo;
        if (fresh.hi < e->p[slot].hi)
            e->p[slot].hi = fresh.hi;
    } else {
        e->p[e->next] = fresh;
        e->next = (uint8_t)((e->next + 1) % PATTERNS);
        if (e->used < PATTERNS)
            e->used++;
    }
    whist_entry *exact = whist_find(S->tt, pl->rel, pl->counts, s->leader, R, pl->exact_hash, 1);
    if (yes && future > exact->lo) {
        exact->lo = (int8_t)future;
        exact->lo_ranks = ranks;
    }
    if (!yes && future < exact->hi) {
        exact->hi = (int8_t)future;
        exact->hi_ranks = ranks;
    }
    return absolute(ranks, pl->remaining);
}

#define GAME whist
/* the rules (whist_rules.h) */
#define GAME_seats_ok whist_seats_ok
#define GAME_side_score whist_side_score
#include "../rules/play.h"
/* the search (whist.h and the above) */
#define GAME_final_value whist_final_value
#define GAME_stored_offset whist_stored_offset
#define GAME_bounds whist_value_bounds
#define GAME_alike(s, a, b, root) ((void)(s), (void)(a), (void)(b), (void)(root), 1)
#define GAME_ALIKE_ALWAYS 1
#define GAME_key whist_key
#define GAME_partnership(s) ((void)(s), 1)
#define GAME_lead_score whist_lead_score
#define GAME_USES_PATTERNS 1
#define GAME_place whist_place
#define GAME_layout whist_layout
#define GAME_probe whist_probe
#define GAME_store whist_store
#define GAME_stands_alone(s, c) ((void)(s), (void)(c), 0)
#define GAME_second_hand_wins second_hand_wins
#define GAME_N_FEATURES WHIST_N_FEATURES
#define GAME_features whist_features
#define GAME_model(s) ((void)(s), &WHIST_MODEL)
#include "../search/core.h"
