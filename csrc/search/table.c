/*
 * search/table.c -- the memory of the transposition table: making it (2 MiB
 * pages on Linux), emptying it (a new generation), writing the part in use
 * (so that the system backs it before a benchmark's timing), growing it
 * with the search, freeing it, and keeping or emptying it at the start of a
 * call (tt_begin).  See table.h.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include "table.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* The table is read at random, so on Linux it asks for 2 MiB pages: with 4 KiB
 * pages most probes also miss the TLB (measured: the prefetch of a pattern
 * bucket alone was 15% of the time).  The memory comes zeroed, a page at a
 * time as it is first touched.  Elsewhere plain calloc. */
#define HUGE_PAGE ((size_t)2 << 20)

static void *table_alloc(size_t bytes, void **base, size_t *mapped)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t len = bytes + HUGE_PAGE;
    void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    uintptr_t start = ((uintptr_t)m + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    madvise((void *)start, (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
    *base = m;
    *mapped = len;
    return (void *)start;
#else
    *mapped = 0;
    return *base = calloc(1, bytes);
#endif
}

static void table_free(void *base, size_t mapped)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (base)
        munmap(base, mapped);
#else
    (void)mapped;
    free(base);
#endif
}

/* The number of exact buckets that fit in `bytes`: a power of two. */
static size_t buckets_in(size_t bytes)
{
    size_t buckets = 1;
    while (buckets * 2 * TT_WAYS * sizeof(tt_entry) <= bytes)
        buckets *= 2;
    return buckets;
}

/* The exact buckets in use: what fits in the part of the block in use and
 * the hand's cap. */
static size_t exact_buckets(const ts_tt *tt)
{
    size_t bytes = tt->cap_bytes && tt->cap_bytes < tt->bytes ? tt->cap_bytes : tt->bytes;
    return buckets_in(bytes);
}

int ts_search_init(ts_search *S, size_t tt_bytes)
{
    memset(S, 0, sizeof *S);
    if (tt_bytes < TS_MIN_TT_BYTES)
        tt_bytes = TS_MIN_TT_BYTES;
    S->tt = calloc(1, sizeof *S->tt);
    if (!S->tt)
        return -1;
    S->tt->gen = 1;
    S->tt->most = tt_bytes;
    S->tt->bytes = tt_bytes < TT_START_BYTES ? tt_bytes : TT_START_BYTES;
    S->tt->buckets = exact_buckets(S->tt);
    S->tt->mem = table_alloc(tt_bytes, &S->tt->base, &S->tt->mapped);
    S->tt->cuts = table_alloc(CUT_SLOTS * sizeof *S->tt->cuts, &S->tt->cuts_base, &S->tt->cuts_mapped);
    if (!S->tt->mem || !S->tt->cuts) {
        if (S->tt->mem)
            table_free(S->tt->base, S->tt->mapped);
        if (S->tt->cuts)
            table_free(S->tt->cuts_base, S->tt->cuts_mapped);
        free(S->tt);
        S->tt = NULL;
        return -1;
    }
    return 0;
}

void ts_search_free(ts_search *S)
{
    if (S->tt) {
        table_free(S->tt->base, S->tt->mapped);
        table_free(S->tt->cuts_base, S->tt->cuts_mapped);
        free(S->tt);
    }
    S->tt = NULL;
}

size_t ts_search_table_bytes(const ts_search *S) { return S->tt->bytes; }


int64_t ts_search_table_growths(const ts_search *S) { return S->tt->grown; }

void ts_search_touch(ts_search *S)
{
    memset(S->tt->mem, 0, S->tt->bytes); /* (generation 0 is nobody's: all empty) */
    memset(S->tt->cuts, 0, CUT_SLOTS * sizeof *S->tt->cuts);
    S->tt->cuts_used = 0;
    S->tt->has_rules = 0;
    S->tt->stored = 0;
    S->tt->filled = 0;
}

/* A new generation: every entry is empty (the memory is wiped only when
 * the generation count wraps). */
static void new_generation(ts_tt *tt)
{
    if (++tt->gen == 0) {
        memset(tt->mem, 0, tt->bytes); /* (all the block ever written: it only grows) */
        tt->gen = 1;
    }
    tt->stored = 0;
    tt->filled = 0;
}

/* Emptying the table is a new generation.  The cutoff cards go too (384
 * KiB, wiped only when some were written). */
static void tt_clear(ts_tt *tt)
{
    new_generation(tt);
    if (tt->cuts_used)
        memset(tt->cuts, 0, CUT_SLOTS * sizeof *tt->cuts);
    tt->cuts_used = 0;
    tt->has_rules = 0;
}

void ts_search_clear(ts_search *S) { tt_clear(S->tt); }

void ts_search_table_start(ts_search *S, size_t bytes)
{
    tt_clear(S->tt);
    if (bytes < TS_MIN_TT_BYTES)
        bytes = TS_MIN_TT_BYTES;
    S->tt->bytes = bytes < S->tt->most ? bytes : S->tt->most;
    S->tt->buckets = exact_buckets(S->tt);
}

void tt_begin(ts_tt *tt, const hand_rules *rules, int layout, size_t cap_bytes)
{
    tt->seen = 0; /* (the call's statistics start at zero) */
    if (tt->has_rules && memcmp(rules, &tt->rules, sizeof *rules) == 0 && tt->layout == layout &&
        tt->cap_bytes == cap_bytes)
        return;
    tt_clear(tt);
    tt->rules = *rules;
    tt->has_rules = 1;
    tt->layout = layout;
    tt->cap_bytes = cap_bytes;
    tt->buckets = exact_buckets(tt);
    tt->relayout = NULL;
    tt->counts_fills = layout == LAYOUT_EXACT;
}

void tt_use_layout(ts_tt *tt, void (*layout)(ts_tt *tt))
{
    tt->relayout = layout;
    memset(tt->parts, 0, sizeof tt->parts);
    tt->counts_fills = 0;
    layout(tt);
}

/* Exact entries after the index widened from `from` buckets to tt->buckets
 * (twice as many): each entry of the generation whose hash now picks the
 * new bucket (i + from) moves there (it is empty: nothing else maps to it). */
static void rehash_exact(ts_tt *tt, size_t from)
{
    tt_entry *all = tt->mem;
    for (size_t i = 0; i < from; i++) {
        tt_entry *bucket = all + i * TT_WAYS, *upper = all + (i + from) * TT_WAYS;
        for (int w = 0; w < TT_WAYS; w++)
            upper[w].gen = 0; /* (older bytes there are nobody's entries) */
        int filled = 0;
        for (int w = 0; w < TT_WAYS; w++)
            if (bucket[w].gen == tt->gen && (hash_key(&bucket[w].key) & (tt->buckets - 1)) != i) {
                upper[filled++] = bucket[w];
                bucket[w].gen = 0;
            }
    }
}

/* The game's parts after its layout changed from `old` to tt->parts: each
 * new group j gets a copy of the old group its hash range starts in
 * (floor(j * old groups / new groups)); the parts by their new starts,
 * last first, each from its last group down (see tt_part).  0 when the
 * parts are not so described (then nothing is copied). */
static int widen_parts(ts_tt *tt, const tt_part old[TT_PARTS])
{
    int order[TT_PARTS], n = 0;
    for (int k = 0; k < TT_PARTS; k++) {
        const tt_part *was = &old[k], *now = &tt->parts[k];
        if (!was->groups && !now->groups)
            continue;
        if (!was->groups || now->groups < was->groups || now->group != was->group || now->at < was->at)
            return 0;
        order[n++] = k;
    }
    if (!n)
        return 0;
    for (int a = 1; a < n; a++) /* by new start, the last first */
        for (int b = a; b > 0 && tt->parts[order[b]].at > tt->parts[order[b - 1]].at; b--) {
            int swap = order[b];
            order[b] = order[b - 1];
            order[b - 1] = swap;
        }
    for (int a = 1; a < n; a++) /* an earlier part's old groups end before every later part's start */
        for (int b = 0; b < a; b++)
            if (old[order[a]].at + old[order[a]].groups * old[order[a]].group > tt->parts[order[b]].at)
                return 0;
    char *mem = tt->mem;
    for (int a = 0; a < n; a++) {
        const tt_part *was = &old[order[a]], *now = &tt->parts[order[a]];
        for (size_t j = now->groups; j-- > 0;) {
            size_t i = (size_t)((uint64_t)j * was->groups / now->groups);
            char *to = mem + now->at + j * now->group, *from = mem + was->at + i * was->group;
            if (to != from)
                memmove(to, from, now->group);
        }
        if (!now->hash_of || !now->entry)
            continue;
        for (size_t j = 0; j < now->groups; j++) /* each copy not in its hash's group: empty */
            for (size_t w = 0; w + now->entry <= now->group; w += now->entry) {
                char *e = mem + now->at + j * now->group + w;
                uint16_t gen;
                memcpy(&gen, e + now->gen_at, sizeof gen);
                if (gen == tt->gen && ((now->hash_of(e) >> 32) * now->groups >> 32) != j) {
                    gen = 0;
                    memcpy(e + now->gen_at, &gen, sizeof gen);
                }
            }
    }
    return 1;
}

int tt_grow(ts_tt *tt)
{
    if (tt->bytes >= tt->most)
        return 0;
    size_t was = tt->bytes, from = tt->buckets;
    tt->bytes = was <= tt->most / 2 ? was * 2 : tt->most;
    tt->buckets = exact_buckets(tt);
    if (tt->layout == LAYOUT_EXACT) {
        if (tt->buckets == from) { /* (the hand's cap: no more exact entries) */
            tt->bytes = was;
            return 0;
        }
        rehash_exact(tt, from);
    } else if (tt->relayout) {
        tt_part old[TT_PARTS];
        memcpy(old, tt->parts, sizeof old);
        memset(tt->parts, 0, sizeof tt->parts);
        tt->relayout(tt);
        if (!widen_parts(tt, old)) {
            int64_t stored = tt->stored; /* (what was counted so far stays counted) */
            uint64_t filled = tt->filled;
            new_generation(tt);
            tt->stored = stored;
            tt->filled = filled;
        }
    }
    tt->grown++;
    return 1;
}

void tt_note_stores(ts_search *S)
{
    ts_tt *tt = S->tt;
    tt->stored += S->stats.tt_stores - tt->seen;
    tt->seen = S->stats.tt_stores;
    for (;;) {
        uint64_t made = tt->counts_fills ? tt->filled : (uint64_t)tt->stored * TT_STORE_BYTES;
        if (made * TT_GROW_LOAD < tt->bytes || !tt_grow(tt))
            break;
    }
}
