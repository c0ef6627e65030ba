/*
 * search/entries.h -- the entry points of one game's search, as the
 * template search/core.h makes them for each game (<game>_search, listed
 * by games/registry.c, where the public ts_* functions of search.h look up
 * the game's entries once, at entry, and call them).  Their contracts are those
 * of the ts_* functions of the same names in search.h.
 */
#ifndef TS_SEARCH_ENTRIES_H
#define TS_SEARCH_ENTRIES_H

#include "../search.h"

typedef struct ts_game_search {
    /* ts_solve_for (have_guess 0) and ts_solve_near (have_guess 1, guess) */
    int (*solve_from)(ts_search *S, const ts_state *s, int side, int guess, int have_guess);
    int (*analyze)(ts_search *S, const ts_state *s, ts_card moves[64], int values[64],
                   int highs[64], int cls[64]);
    int (*reaches)(ts_search *S, const ts_state *s, int side, int target);
    void (*maxn)(ts_search *S, const ts_state *s, int by, int values[TS_MAX_SIDES]);
    void (*value_range)(const ts_state *s, int side, int *lo, int *hi);
    int (*eval_inputs)(const ts_state *s, int side, float *x);
    int (*evaluate)(const ts_state *s, int side, int kind, float *raw);
} ts_game_search;

#endif /* TS_SEARCH_ENTRIES_H */
