/*
 * search/limits.c -- the clock, and the start and end of a search call.
 * See limits.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "limits.h"

#include <string.h>
#include <time.h>

double search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void search_start(ts_search *S)
{
    memset(&S->stats, 0, sizeof S->stats);
    memset(S->killer, TS_NO_CARD, sizeof S->killer);
    S->aborted = 0;
    S->check_at = 0;
    S->started = search_now();
}

void search_end(ts_search *S)
{
    S->stats.seconds = search_now() - S->started;
    S->stats.exact = !S->aborted;
    tt_note_stores(S);
}
