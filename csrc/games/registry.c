/*
 * games/registry.c -- the one list of the games of the C core, and the
 * public entry points that dispatch through it: those of the rules
 * (rules.h) and of the search (search.h).  Each looks up the game's entries
 * once, at entry (each game's rules and search are compiled from the
 * templates rules/play.h and search/core.h in csrc/games/<game>.c), and
 * calls them.  A state's game is one of enum ts_game (ts_init checks it).
 */
#include "../rules/entries.h"
#include "../search/entries.h"

extern const ts_game_rules whist_play, chinkway_play, chinese_whist_play, cinch_play;
extern const ts_game_search whist_search, chinkway_search, chinese_whist_search, cinch_search;

typedef struct game_entries {
    const char *name; /* the Python package's name of the game (ts_game_name) */
    const ts_game_rules *play;
    const ts_game_search *search;
} game_entries;

static const game_entries BY_GAME[TS_GAMES] = {
    [TS_WHIST] = {"whist", &whist_play, &whist_search},
    [TS_CHINKWAY] = {"chinkway", &chinkway_play, &chinkway_search},
    [TS_CHINESE_WHIST] = {"chinese-whist", &chinese_whist_play, &chinese_whist_search},
    [TS_CINCH] = {"cinch", &cinch_play, &cinch_search},
};

const char *ts_game_name(int game) { return game >= 0 && game < TS_GAMES ? BY_GAME[game].name : NULL; }

static const ts_game_rules *play_of(const ts_state *s) { return BY_GAME[s->game].play; }
static const ts_game_search *entries(const ts_state *s) { return BY_GAME[s->game].search; }

/* ---- the rules (rules.h) ---- */

int ts_init(ts_state *s, const ts_setup *setup)
{
    if (setup->game >= TS_GAMES)
        return TS_ERR_GAME;
    return BY_GAME[setup->game].play->init(s, setup);
}

ts_cards ts_legal(const ts_state *s) { return play_of(s)->legal(s); }

int ts_play(ts_state *s, ts_card c, ts_undo *u) { return play_of(s)->play(s, c, u); }

void ts_apply(ts_state *s, ts_card c, ts_undo *u) { play_of(s)->apply(s, c, u); }

void ts_unplay(ts_state *s, const ts_undo *u) { play_of(s)->unplay(s, u); }

void ts_scores(const ts_state *s, int out[TS_MAX_SEATS]) { play_of(s)->scores(s, out); }

void ts_random_playout(ts_state *s, uint64_t *rng) { play_of(s)->random_playout(s, rng); }

int64_t ts_playouts(const ts_state *start, int64_t n, uint64_t seed) { return play_of(start)->playouts(start, n, seed); }

/* ---- the search (search.h) ---- */

int ts_solve_for(ts_search *S, const ts_state *s0, int side) { return entries(s0)->solve_from(S, s0, side, 0, 0); }

int ts_solve_near(ts_search *S, const ts_state *s0, int side, int guess)
{
    return entries(s0)->solve_from(S, s0, side, guess, 1);
}

int ts_solve(ts_search *S, const ts_state *s0) { return ts_solve_for(S, s0, s0->side[s0->turn]); }

int ts_analyze(ts_search *S, const ts_state *s0, ts_card moves[64], int values[64],
               int highs[64], int cls[64])
{
    return entries(s0)->analyze(S, s0, moves, values, highs, cls);
}

int ts_reaches(ts_search *S, const ts_state *s0, int side, int target)
{
    return entries(s0)->reaches(S, s0, side, target);
}

void ts_maxn(ts_search *S, const ts_state *s0, int by, int values[TS_MAX_SIDES])
{
    entries(s0)->maxn(S, s0, by, values);
}

void ts_value_range(const ts_state *s, int side, int *lo, int *hi) { entries(s)->value_range(s, side, lo, hi); }

int ts_eval_inputs(const ts_state *s, int side, float x[TS_MAX_EVAL_INPUTS]) { return entries(s)->eval_inputs(s, side, x); }

int ts_evaluate(const ts_state *s, int side, int kind, float *raw) { return entries(s)->evaluate(s, side, kind, raw); }
