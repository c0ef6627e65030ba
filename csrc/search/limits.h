/*
 * search/limits.h -- the limits of a search call and its statistics: every
 * search counts its positions (count_node), looks at the clock, the node
 * limit and the stop flag every CHECK_LIMITS_EVERY nodes (out_of_budget),
 * and starts and ends each call here (the statistics, the killer leads, the
 * clock); the same look, and the end of a call, let the table grow with
 * the stores (tt_note_stores).  When a limit is hit, S->aborted is set and the searches unwind.
 */
#ifndef TS_SEARCH_LIMITS_H
#define TS_SEARCH_LIMITS_H

#include "../search.h"
#include "table.h"

#define CHECK_LIMITS_EVERY 1024 /* nodes between looks at the clock and the stop flag */

/* Seconds on a monotonic clock. */
double search_now(void);

/* Start a call: statistics zeroed, no killer leads, the clock started. */
void search_start(ts_search *S);

/* End a call: its time, and whether it ran to the end. */
void search_end(ts_search *S);

/* Every search counts its positions here: all of them, and those at the
 * start of a trick (what DDS counts as its nodes). */
static inline void count_node(ts_search *S, const ts_state *s)
{
    S->stats.nodes++;
    S->stats.trick_starts += s->ntrick == 0 && s->phase == TS_PLAY;
}

static inline int out_of_budget(ts_search *S)
{
    if (S->stats.nodes < S->check_at)
        return 0;
    if (!S->aborted && (S->stop || (S->max_nodes && S->stats.nodes >= S->max_nodes) ||
                        (S->max_seconds > 0 && search_now() - S->started >= S->max_seconds)))
        S->aborted = 1;
    if (S->aborted)
        return 1; /* (check_at stays put: every later call comes here) */
    tt_note_stores(S);
    S->check_at = S->stats.nodes + CHECK_LIMITS_EVERY;
    if (S->max_nodes && S->check_at > S->max_nodes)
        S->check_at = S->max_nodes;
    return 0;
}

#endif /* TS_SEARCH_LIMITS_H */
