/*
 * search.h -- double-dummy search over the play of a hand, for every game.
 *
 * The search knows no game by name: it asks the rules (rules.h) for moves,
 * and the game's hooks (csrc/games/, see csrc/README.md) for the value of a
 * finished hand, the cheap bounds of a position, which cards are alike, and
 * what the transposition table key of a trick start holds; it is compiled
 * once per game with them (csrc/search/core.h).
 *
 * Values.  The value of a position for a side R is what R scores:
 *   whist, Chinese Whist:  the tricks R takes from this position on (the
 *                          trick in progress counted) -- tricks, not the
 *                          game's points, also where only tricks above a par
 *                          score (the points are a rising function of them);
 *   Cinch:                 R's hand score minus the other side's at the end
 *                          of the hand, bid rule applied (cards already
 *                          captured count);
 *   Chinkway:              R's quest score for the round (1-3-6-10-15),
 *                          claims already made included.
 * Two-sided games are zero-sum, so R maximising and the other side minimising
 * gives the exact value.  With three or more sides the same search gives the
 * *paranoid* value (every other side minimises R's value); ts_maxn gives the
 * max^n values instead (every side maximises its own), with the tie rule
 * written at ts_maxn.
 *
 * A ts_search holds the transposition table, the limits and the statistics;
 * one per thread.  No Python objects; no global state.
 */
#ifndef TS_SEARCH_H
#define TS_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define TS_DEFAULT_TT_BYTES ((size_t)256 << 20) /* 256 MiB */
#define TS_MIN_TT_BYTES ((size_t)1 << 16)

typedef struct ts_tt ts_tt;

/* The evaluations at a bounded search's horizon (ts_search.evaluation). */
#define TS_EVAL_MIDDLE 0
#define TS_EVAL_LEARNED 1
#define TS_MAX_EVAL_INPUTS 96 /* the most inputs a game's model has */ /* the transposition table (search/table.h) */

typedef struct ts_stats {
    int64_t nodes;     /* positions visited */
    int64_t trick_starts; /* of them, positions at the start of a trick (what DDS counts as its nodes) */
    int64_t tt_hits;   /* table probes that decided or narrowed a node */
    int64_t tt_stores; /* entries written */
    double seconds;    /* wall time of the call */
    int exact;         /* 1 when no limit cut the search short */
} ts_stats;

/* When a limit stops a search, stats.exact is 0 and the value returned is
 * the best lower bound proven before the stop. */
typedef struct ts_search {
    ts_tt *tt;
    int64_t max_nodes;   /* 0: no limit */
    double max_seconds;  /* 0: no limit */
    volatile int stop;   /* set (from any thread) to stop the running search as if a limit hit */
    int exact_keys;      /* 1: table entries for exact positions only, no partition search
                          * (the slower reference the tests compare with) */
    int horizon;         /* 0: none; else the null-window search stops at the start of
                          * trick `horizon` (tricks_played == horizon, counted from the
                          * hand's first), valued there by the game's evaluation
                          * (GAME_EVALUATE): not exact, the table by exact keys only; keep
                          * such a searcher's table apart from exact searches and clear
                          * it when the horizon changes (solve, analyze, reaches) */
    int evaluation;      /* the evaluation at the horizon: TS_EVAL_MIDDLE (the middle of the
                          * cheap bounds) or TS_EVAL_LEARNED (the game's model, search/evaluate.h);
                          * clear the table when it changes */
    ts_stats stats;      /* of the latest call */
    /* private to the search (csrc/search/) */
    int root_side;
    int aborted;
    int64_t check_at;   /* node count of the next look at the limits and the stop flag */
    uint8_t killer[64]; /* for each card of the hand: the lead that last cut off the search there */
    double started;
} ts_search;

/* Make a searcher with a table of at most about tt_bytes (at least
 * TS_MIN_TT_BYTES; reserved now, used as the searches grow it),
 * plus 384 KiB of cutoff cards for move ordering (on a 2 MiB page of their own
 * where huge pages are had, so up to 2 MiB resident once a tricks game uses them).
 * Returns 0 on success, -1 when the memory cannot be had. */
int ts_search_init(ts_search *S, size_t tt_bytes);
void ts_search_free(ts_search *S);
void ts_search_clear(ts_search *S); /* forget the table's entries */
/* Write the part of the table in use (and forget its entries), so that the
 * system backs it with memory now: the first searches of a fresh table
 * otherwise pay for that page by page (on a virtual machine, up to a few
 * tenths of a second for 256 MiB).  For benchmarks, before the timing
 * starts.  (The table starts small and grows with the search, up to the
 * tt_bytes it was made with: what a growth uses is supplied then.) */
void ts_search_touch(ts_search *S);
/* The bytes of the table in use now (it grows with the searches, up to the
 * tt_bytes asked at ts_search_init), and its growths so far. */
size_t ts_search_table_bytes(const ts_search *S);
int64_t ts_search_table_growths(const ts_search *S);
/* Empty the table and start it again at `bytes` (at least TS_MIN_TT_BYTES,
 * at most the whole; a fresh table starts at 2 MiB), growing from there: the
 * whole table for a fixed one, as tables were before they grew, or a tiny
 * start for the tests of the growth.  Only between calls. */
void ts_search_table_start(ts_search *S, size_t bytes);

/* The (paranoid) value of the position for the side to move. */
int ts_solve(ts_search *S, const ts_state *s);

/* The value for side `side` (paranoid when other sides are several). */
int ts_solve_for(ts_search *S, const ts_state *s, int side);
/* The same, the search over targets starting at `guess`, a likely value
 * (such as a like position's: the same deal with another leader); a guess
 * out of the value's bounds is as none. */
int ts_solve_near(ts_search *S, const ts_state *s, int side, int guess);

/* The value, for the side to move, of every legal move: moves[i] and
 * values[i] for i < return value (all legal cards, equivalent ones included;
 * class[i] names the equivalence class: equal for equivalent cards).  A
 * search cut short by a limit or a stop leaves in values[i] a proven lower
 * bound and in highs[i] a proven upper bound; else highs[i] == values[i]. */
int ts_analyze(ts_search *S, const ts_state *s, ts_card moves[64], int values[64], int highs[64],
               int cls[64]);

/* Can side `side` reach a value of at least `target`?  1 yes, 0 no (the
 * null-window search itself; exposed for tests). */
int ts_reaches(ts_search *S, const ts_state *s, int side, int target);

/* Max^n: every side's value when each side maximises its own objective
 * `by`: TS_MAXN_BY_SCORE its score for the hand (with three or more sides:
 * three-player Chinese Whist its points above par, Chinkway its quest score,
 * both for the whole hand, claims and tricks already won counted; with two
 * sides, zero-sum, the value of ts_solve: tricks from here on, Cinch's net
 * hand score), TS_MAXN_BY_TRICKS its tricks from here on.  Tie rule: among
 * moves equally good for the side to move, the one that leaves the lowest
 * total (of the same objective) to the other sides; among those, the first in
 * card order (spades, hearts, diamonds, clubs, high card first).  Fills
 * values[0..nsides-1]. */
#define TS_MAXN_BY_SCORE 0
#define TS_MAXN_BY_TRICKS 1
void ts_maxn(ts_search *S, const ts_state *s, int by, int values[TS_MAX_SIDES]);

/* The lowest and highest value any position of this hand can have for a side
 * (the range the drivers search in). */
void ts_value_range(const ts_state *s, int side, int *lo, int *hi);

/* The learned evaluation's inputs for side `side` at a trick start (in the
 * play, ntrick 0): the cheap bounds, then the game's features
 * (csrc/games/<game>_features.h); returns their number (0: the game has
 * none).  For training and tests. */
int ts_eval_inputs(const ts_state *s, int side, float x[TS_MAX_EVAL_INPUTS]);

/* The evaluation `kind` (TS_EVAL_*) of a trick start for a side, as the
 * search uses it at its horizon; *raw (when not NULL) gets the model's own
 * output before it is settled on a possible value (TS_EVAL_MIDDLE: the value). */
int ts_evaluate(const ts_state *s, int side, int kind, float *raw);

#endif /* TS_SEARCH_H */
