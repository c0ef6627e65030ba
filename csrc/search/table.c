/*
 * search/table.c -- the memory of the transposition table: making it (2 MiB
 * pages on Linux), emptying it (a new generation), writing it all (so that
 * the system backs it before a benchmark's timing), freeing it, and keeping
 * or emptying it at the start of a call (tt_begin).  See table.h.
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

int ts_search_init(ts_search *S, size_t tt_bytes)
{
    memset(S, 0, sizeof *S);
    if (tt_bytes < TS_MIN_TT_BYTES)
        tt_bytes = TS_MIN_TT_BYTES;
    S->tt = calloc(1, sizeof *S->tt);
    if (!S->tt)
        return -1;
    S->tt->gen = 1;
    S->tt->buckets = S->tt->all_buckets = buckets_in(tt_bytes);
    S->tt->bytes = tt_bytes;
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

void ts_search_touch(ts_search *S)
{
    memset(S->tt->mem, 0, S->tt->bytes); /* (generation 0 is nobody's: all empty) */
    memset(S->tt->cuts, 0, CUT_SLOTS * sizeof *S->tt->cuts);
    S->tt->cuts_used = 0;
    S->tt->has_rules = 0;
}

/* Emptying the table is a new generation; only when the generation count
 * wraps is the memory wiped.  The cutoff cards go too (384 KiB, wiped only
 * when some were written). */
static void tt_clear(ts_tt *tt)
{
    if (++tt->gen == 0) {
        memset(tt->mem, 0, tt->bytes);
        tt->gen = 1;
    }
    if (tt->cuts_used)
        memset(tt->cuts, 0, CUT_SLOTS * sizeof *tt->cuts);
    tt->cuts_used = 0;
    tt->has_rules = 0;
}

void ts_search_clear(ts_search *S) { tt_clear(S->tt); }

void tt_begin(ts_tt *tt, const hand_rules *rules, int layout, size_t cap_bytes)
{
    if (tt->has_rules && memcmp(rules, &tt->rules, sizeof *rules) == 0 && tt->layout == layout)
        return;
    tt_clear(tt);
    tt->rules = *rules;
    tt->has_rules = 1;
    tt->layout = layout;
    size_t cap = cap_bytes ? buckets_in(cap_bytes) : tt->all_buckets;
    tt->buckets = cap < tt->all_buckets ? cap : tt->all_buckets;
}
