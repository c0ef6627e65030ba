/*
 * games/registry.c -- the one list of the games of the C core, and the
 * public entry points of the search (search.h) that dispatch through it:
 * each looks up the game's entries once, at entry (each game's search is
 * compiled from the template search/core.h in csrc/games/<game>.c), and
 * calls them.  A state's game is one of enum ts_game (ts_init checks it).
 */
#include "../search/entries.h"

extern const ts_game_search whist_search, chinkway_search, chinese_whist_search, cinch_search;

static const ts_game_search *entries(const ts_state *s)
{
    static const ts_game_search *const BY_GAME[TS_GAMES] = {
        [TS_WHIST] = &whist_search,
        [TS_CHINKWAY] = &chinkway_search,
        [TS_CHINESE_WHIST] = &chinese_whist_search,
        [TS_CINCH] = &cinch_search,
    };
    return BY_GAME[s->game];
}

int ts_solve_for(ts_search *S, const ts_state *s0, int side) { return entries(s0)->solve_from(S, s0, side, 0, 0); }

int ts_solve_near(ts_search *S, const ts_state *s0, int side, int guess)
{
    return entries(s0)->solve_from(S, s0, side, guess, 1);
}

int ts_solve(ts_search *S, const ts_state *s0) { return ts_solve_for(S, s0, s0->side[s0->turn]); }

int ts_analyze(ts_search *S, const ts_state *s0, ts_card moves[64], int values[64], int cls[64])
{
    return entries(s0)->analyze(S, s0, moves, values, cls);
}

int ts_reaches(ts_search *S, const ts_state *s0, int side, int target)
{
    return entries(s0)->reaches(S, s0, side, target);
}

void ts_maxn(ts_search *S, const ts_state *s0, int values[TS_MAX_SIDES]) { entries(s0)->maxn(S, s0, values); }

void ts_value_range(const ts_state *s, int side, int *lo, int *hi) { entries(s)->value_range(s, side, lo, hi); }
