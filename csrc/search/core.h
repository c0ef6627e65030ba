/*
 * search/core.h -- the search, written once against a game's hooks and
 * compiled once per game with them inlined: each csrc/games/<game>.c
 * defines GAME (its name) and its hooks, then includes this file, which
 * makes the game's entry points, `const ts_game_search <GAME>_search`
 * (search/entries.h), that the public ts_* functions dispatch to.  No game
 * is named here, and no call inside the search goes through a pointer.
 *
 * Held here: the table key and the hand's rules of a position (the game's
 * parts by its hooks); the exact-key table's steps of the null-window
 * search (reaches); the search over targets (value_for: MTD(f)-style steps
 * over the values a hand can end with); the per-call drivers (solve,
 * analyze, reaches, max^n).  Included from here: search/order.h (move
 * ordering), search/window.h (the null-window search, written once: here
 * with the exact-key table's steps) and, for the games that keep their
 * table by patterns, search/patterns.h (the pattern table's steps, and the
 * null-window search with them).
 *
 * The hooks (see csrc/README.md for the table).  Required:
 *   GAME_final_value(s, side)       the value of a finished hand for a side
 *   GAME_stored_offset(s, side)     the part of the value the table leaves out
 *   GAME_bounds(s, side, &lo, &hi)  cheap bounds on the value
 *   GAME_alike(s, a, b, root)       may adjacent cards a, b be searched as one
 *   GAME_key(s, root, kind, &key)   the game's fields of a trick start's key
 * Optional, with their defaults:
 *   GAME_rules(s, own)              the game's own hand rules (none)
 *   GAME_bounds_may_cut(s, side)    1: the bounds may cut off here
 *   GAME_possible_value(s, R, v)    1: a hand may end worth v
 *   GAME_first_target(s, lo, hi)    the middle of lo..hi
 *   GAME_ALIKE_ALWAYS               0; 1: every adjacent pair alike
 *   GAME_partnership(s)             0; 1: four seats in two partnerships
 *   GAME_lead_score(s, c, rest)     lead_score (search/moves.h)
 *   GAME_claim_score(s, c, root)    0
 *   GAME_claim_class(c)             c: claims of one class are alike (0..63)
 *   GAME_maxn_score(s, side)        GAME_final_value: a finished hand's
 *                                   worth to a side in max^n by score
 *   GAME_maxn_offset(s, side)       GAME_stored_offset: the part of it the
 *                                   max^n table leaves out at a trick start
 *   GAME_maxn_baseline(s, side)     GAME_stored_offset: the part ts_maxn's
 *                                   values leave out
 *   GAME_maxn_key(s, &key)          none: what a max^n key by score adds
 *                                   (what the score from a trick start on
 *                                   depends on beyond the position's key)
 *   GAME_ORDER_AGAINST_LATER        0; 1: a winner another side can still
 *                                   beat is tried with the low cards
 *   GAME_TABLE_CAP_BYTES            0 (all); the exact entries a hand may use
 *   GAME_USES_PATTERNS              0; 1: the table by patterns, with the
 *                                   hooks of search/patterns.h (the pattern
 *                                   search), unless the searcher asks for
 *                                   exact keys
 *   GAME_EVALUATE(s, R)             the value for R at a trick start where the
 *                                   searcher's horizon stops the search (not
 *                                   exact): middle_value, the middle of the
 *                                   cheap bounds (tricks won included)
 *   GAME_N_FEATURES, GAME_features(s, R, out), GAME_model(s)
 *                                   none (the learned evaluation is then
 *                                   GAME_EVALUATE); the game's features of
 *                                   a trick start for side R, and the model
 *                                   of the position's variant (search/evaluate.h)
 */
#ifndef GAME
#error "search/core.h is included by a game's file, after GAME and its hooks"
#endif
#ifndef TS_RULES_PLAY_H
#error "search/core.h comes after the game's rules (rules/play.h): it calls them"
#endif

#include <string.h>

#include "entries.h"
#include "evaluate.h"
#include "limits.h"
#include "moves.h"
#include "ranks.h"
#include "table.h"

#define VALUE_LIMIT 64 /* no value of any game reaches it */

#ifndef GAME_rules
#define GAME_rules(s, own) ((void)(s), (void)(own))
#endif
#ifndef GAME_bounds_may_cut
#define GAME_bounds_may_cut(s, side) ((void)(s), (void)(side), 1)
#endif
#ifndef GAME_possible_value
#define GAME_possible_value(s, R, v) ((void)(s), (void)(R), (void)(v), 1)
#endif
#ifndef GAME_first_target
#define GAME_first_target(s, lo, hi) ((void)(s), ((lo) + (hi)) / 2)
#endif
#ifndef GAME_ALIKE_ALWAYS
#define GAME_ALIKE_ALWAYS 0
#endif
#ifndef GAME_partnership
#define GAME_partnership(s) ((void)(s), 0)
#endif
#ifndef GAME_lead_score
#define GAME_lead_score lead_score
#endif
#ifndef GAME_claim_score
#define GAME_claim_score(s, c, root) ((void)(s), (void)(c), (void)(root), 0)
#endif
#ifndef GAME_claim_class
#define GAME_claim_class(c) (c)
#endif
#ifndef GAME_ORDER_AGAINST_LATER
#define GAME_ORDER_AGAINST_LATER 0
#endif
#ifndef GAME_TABLE_CAP_BYTES
#define GAME_TABLE_CAP_BYTES 0
#endif
#ifndef GAME_USES_PATTERNS
#define GAME_USES_PATTERNS 0
#endif
#ifndef GAME_maxn_score
#define GAME_maxn_score GAME_final_value
#endif
#ifndef GAME_maxn_offset
#define GAME_maxn_offset GAME_stored_offset
#endif
#ifndef GAME_maxn_baseline
#define GAME_maxn_baseline GAME_stored_offset
#endif
#ifndef GAME_maxn_key
#define GAME_maxn_key(s, k) ((void)(s), (void)(k))
#endif

#include "order.h"

/* ---- a position's key and its hand's rules ---------------------------------- */

/* The key of a trick start: the game's fields, the leader, the root side
 * and the kind of entry. */
static void make_key(const ts_state *s, int root, int kind, tt_key *k)
{
    memset(k, 0, sizeof *k);
    GAME_key(s, root, kind, k);
    k->leader = s->leader;
    k->root = (uint8_t)root;
    k->kind = (uint8_t)kind;
}

static void rules_of(const ts_state *s, hand_rules *r)
{
    memset(r, 0, sizeof *r);
    r->game = s->game;
    r->nseats = s->nseats;
    r->trump = s->trump;
    memcpy(r->side, s->side, sizeof r->side);
    GAME_rules(s, r->own);
}

/* The table by patterns unless the searcher asks for exact keys only (the
 * slower reference). */
static int by_patterns(const ts_search *S)
{
    return GAME_USES_PATTERNS && !S->exact_keys && !S->horizon;
}

/* ---- the horizon's evaluation -------------------------------------------------- */

/* GAME_EVALUATE's default: the middle of the cheap bounds, rounded down to
 * a value a hand can end with (never below the low bound), so that the
 * search over targets and the bound cutoffs see a value they can reach.
 * A game's own evaluation keeps that contract: a possible value within
 * GAME_bounds, a function of the position alone (the table keeps it). */
static int middle_value(const ts_state *s, int R)
{
    int lo, hi;
    GAME_bounds(s, R, &lo, &hi);
    int v = lo + (hi - lo) / 2;
    while (v > lo && !GAME_possible_value(s, R, v))
        v--;
    return v;
}
#ifndef GAME_EVALUATE
#define GAME_EVALUATE(s, R) middle_value(s, R)
#endif

/* The learned evaluation (search/evaluate.h): the model's value for R,
 * settled into the bounds and onto the nearest value the hand can end
 * with (middle_value steps down instead); *raw (when not NULL) gets the model's own output.  A
 * game with no features (no GAME_N_FEATURES) is valued by GAME_EVALUATE.
 * learned_whole: the model's value settled into the bounds only, the
 * nearest whole number (a bounded search's horizon, fine_values).
 * eval_inputs fills x[] (TS_MAX_EVAL_INPUTS) with the model's inputs:
 * the cheap bounds, then the game's features; returns their number. */
#ifdef GAME_N_FEATURES
#define EVAL_INPUTS (EVAL_BOUNDS_INPUTS + GAME_N_FEATURES)
_Static_assert(EVAL_INPUTS <= TS_MAX_EVAL_INPUTS, "a game's features fit the public buffer");

static int eval_inputs(const ts_state *s, int R, float *x)
{
    int lo, hi;
    GAME_bounds(s, R, &lo, &hi);
    x[0] = (float)lo;
    x[1] = (float)hi;
    GAME_features(s, R, x + EVAL_BOUNDS_INPUTS);
    return EVAL_INPUTS;
}

/* The model's output for R, and the cheap bounds (*lo, *hi) it is settled into. */
static float learned_output(const ts_state *s, int R, int *lo, int *hi)
{
    float x[EVAL_INPUTS];
    eval_inputs(s, R, x);
    *lo = (int)x[0];
    *hi = (int)x[1];
    return eval_forward(GAME_model(s), x);
}

static int learned_whole(const ts_state *s, int R)
{
    int lo, hi;
    float y = learned_output(s, R, &lo, &hi);
    return eval_settle(y, lo, hi);
}

static int learned_value(const ts_state *s, int R, float *raw)
{
    int lo, hi;
    float y = learned_output(s, R, &lo, &hi);
    if (raw)
        *raw = y;
    int v = eval_settle(y, lo, hi);
    /* the possible value nearest the output (a tie: the lower), not just
     * the one below it: Chinkway's quest scores lie 1-5 apart */
    int down = v, up = v + 1;
    while (down > lo && !GAME_possible_value(s, R, down))
        down--;
    while (up <= hi && !GAME_possible_value(s, R, up))
        up++;
    float r = y < (float)lo ? (float)lo : y > (float)hi ? (float)hi : y;
    return up <= hi && (float)up - r < r - (float)down ? up : down;
}
#else
static int eval_inputs(const ts_state *s, int R, float *x)
{
    (void)s, (void)R, (void)x;
    return 0;
}

static int learned_whole(const ts_state *s, int R) { return GAME_EVALUATE(s, R); }

static int learned_value(const ts_state *s, int R, float *raw)
{
    int v = GAME_EVALUATE(s, R);
    if (raw)
        *raw = (float)v;
    return v;
}
#endif

/* Fine values: in a bounded search with the learned evaluation, every
 * whole number within the cheap bounds is a value the search over targets
 * may stop at, and the horizon's value is the model's output settled into
 * the bounds only (learned_whole), not onto a value a finished hand can
 * take: in Chinkway (quest scores 1-5 apart) and Cinch (a Shoot is won or
 * lost whole) that step moved an estimate by up to half the distance to
 * the next possible value, tying cards whose estimates differ (measured:
 * benches/bench_quality.py).  The exact search, and the middle evaluation,
 * keep to the values a hand can end with: nothing of theirs changes. */
static inline int fine_values(const ts_search *S)
{
    return S->horizon && S->evaluation == TS_EVAL_LEARNED;
}

/* The value at the horizon: the searcher's evaluation (TS_EVAL_*). */
static int horizon_value(const ts_search *S, const ts_state *s, int R)
{
    if (fine_values(S))
        return learned_whole(s, R);
    return S->evaluation == TS_EVAL_LEARNED ? learned_value(s, R, NULL) : GAME_EVALUATE(s, R);
}

/* ts_evaluate: the evaluation `kind` of a position for a side. */
static int evaluate(const ts_state *s, int side, int kind, float *raw)
{
    if (kind == TS_EVAL_LEARNED)
        return learned_value(s, side, raw);
    int v = GAME_EVALUATE(s, side);
    if (raw)
        *raw = (float)v;
    return v;
}

/* 1: the searcher's horizon stops the search at this trick start. */
static int past_horizon(const ts_search *S, const ts_state *s)
{
    return S->horizon && s->phase == TS_PLAY && s->ntrick == 0 && s->tricks_played >= S->horizon;
}

/* Start a call on a position: the table is kept only for the same hand
 * rules and the same layout (`patterns`: the block holds pattern entries,
 * else exact entries; the two overlap in memory). */
static void begin(ts_search *S, const ts_state *s, int patterns)
{
    hand_rules r;
    rules_of(s, &r);
    tt_begin(S->tt, &r, patterns ? LAYOUT_PATTERNS : LAYOUT_EXACT, GAME_TABLE_CAP_BYTES);
#if GAME_USES_PATTERNS
    if (patterns)
        tt_use_layout(S->tt, GAME_layout); /* (and again when the table grows) */
#endif
    search_start(S);
}

/* ---- the null-window search with exact keys (reaches) ------------------ */

/* What a node of the exact-key search keeps for its store: the range of
 * its answer (the cheap bounds, narrowed by the table), and at a trick
 * start the key, its hash, the part of the value the table leaves out and
 * the table's best move. */
typedef struct exact_node {
    int lo, hi;
    tt_key key;
    uint64_t hash;
    int offset;
    ts_card best;
} exact_node;

/* 1. A finished hand (or, past the searcher's horizon, the game's
 * evaluation). */
static inline int exact_end(ts_search *S, const ts_state *s, int *v)
{
    if (s->phase == TS_OVER) {
        *v = GAME_final_value(s, S->root_side);
        return 1;
    }
    if (past_horizon(S, s)) {
        *v = horizon_value(S, s, S->root_side);
        return 1;
    }
    return 0;
}

/* 2. The cheap bounds (at a trick start the table's bucket is fetched from
 * memory while they are worked out). */
static inline int exact_bounds(ts_search *S, const ts_state *s, int target, int at_start, exact_node *nd, int *v)
{
    const int R = S->root_side;
    nd->best = TS_NO_CARD;
    if (at_start) {
        make_key(s, R, KIND_BOUNDS, &nd->key);
        nd->hash = hash_key(&nd->key);
        prefetch(tt_bucket(S->tt, nd->hash), TT_WAYS * sizeof(tt_entry));
    }
    nd->lo = -VALUE_LIMIT;
    nd->hi = VALUE_LIMIT;
    if (GAME_bounds_may_cut(s, R)) {
        GAME_bounds(s, R, &nd->lo, &nd->hi);
        if (nd->lo >= target) {
            *v = nd->lo;
            return 1;
        }
        if (nd->hi < target) {
            *v = nd->hi;
            return 1;
        }
    }
    return 0;
}

/* 3. The position's entry: its bounds answer, or narrow the range and
 * give the best move. */
static inline int exact_probe(ts_search *S, const ts_state *s, int target, exact_node *nd, int *v)
{
    int offset = nd->offset = GAME_stored_offset(s, S->root_side);
    tt_entry *e = tt_find_hashed(S->tt, &nd->key, nd->hash, 0);
    if (!e)
        return 0;
    if (e->lo + offset >= target) {
        S->stats.tt_hits++;
        *v = e->lo + offset;
        return 1;
    }
    if (e->hi + offset < target) {
        S->stats.tt_hits++;
        *v = e->hi + offset;
        return 1;
    }
    nd->best = e->best;
    if (e->lo + offset > nd->lo)
        nd->lo = e->lo + offset;
    if (e->hi + offset < nd->hi)
        nd->hi = e->hi + offset;
    return 0;
}

/* 5. The answer's bound in the position's entry, with the move that
 * decided it. */
static inline void exact_store(ts_search *S, const exact_node *nd, int result, int target, ts_card decisive)
{
    tt_entry *e = tt_find_hashed(S->tt, &nd->key, nd->hash, 1);
    if (result >= target) {
        if (result - nd->offset > e->lo)
            e->lo = (int8_t)(result - nd->offset);
    } else if (result - nd->offset < e->hi) {
        e->hi = (int8_t)(result - nd->offset);
    }
    if (decisive != TS_NO_CARD)
        e->best = decisive;
}

/* reaches(S, s, target, &decided): the null-window search with exact keys
 * (search/window.h); it keeps no deciding cards. */
#define WINDOW reaches
#define WINDOW_DECIDES 0
#define WINDOW_node exact_node
#define WINDOW_base(S, s) 0
#define WINDOW_GIVE_UP(target, base) ((void)(base), (target) - 1)
#define WINDOW_end(S, s, target, base, node, v, decided) exact_end(S, s, v)
#define WINDOW_bounds(S, s, target, base, at_start, node, v, decided) exact_bounds(S, s, target, at_start, node, v)
#define WINDOW_CLAMPS 1 /* (a move's bound may be looser than the node's cheap bounds) */
#define WINDOW_probe(S, s, target, base, node, v, decided) exact_probe(S, s, target, node, v)
#define WINDOW_table_move(node) ((node)->best)
#define WINDOW_KILLER 1
#define WINDOW_cut_slot(S, s, target, tag) ((uint16_t *)NULL)
#define WINDOW_pruned(s, R, moves, legal, why) ((ts_cards)0)
#define WINDOW_RANK_CLASSES 1
#define WINDOW_rank_class(s, R, c) 0
#define WINDOW_stands_alone(s, c) 1
#define WINDOW_stands_for_lower(s, c) 0
#define WINDOW_store(S, s, node, base, all, result, target, decisive) \
    (exact_store(S, node, result, target, decisive), (ts_cards)0)
#include "window.h"

#if GAME_USES_PATTERNS
#include "patterns.h"
#endif

/* The null-window search of the game: by patterns where the game keeps its
 * table so (unless the searcher asks for exact keys), else reaches; the
 * game's own scale of the pattern search (GAME_pattern_goal) turned back
 * into values (GAME_pattern_answer). */
static int null_window(ts_search *S, ts_state *s, int target)
{
    ts_cards decided;
#if GAME_USES_PATTERNS
    if (by_patterns(S))
        return GAME_pattern_answer(S, target, pattern_search(S, s, GAME_pattern_goal(s, target), &decided));
#endif
    return reaches(S, s, target, &decided);
}

/* ---- the search over targets ------------------------------------------------- */

/* The least possible value at or above v, and the greatest at or below v
 * (within the range the search may ask about); with fine values
 * (fine_values), v itself. */
static int value_up(const ts_search *S, const ts_state *s, int R, int v)
{
    while (!fine_values(S) && v < VALUE_LIMIT && !GAME_possible_value(s, R, v))
        v++;
    return v;
}

static int value_down(const ts_search *S, const ts_state *s, int R, int v)
{
    while (!fine_values(S) && v > -VALUE_LIMIT && !GAME_possible_value(s, R, v))
        v--;
    return v;
}

/* The exact value for R by bisection over targets (each step one null-window
 * search); the table carries what one step learned into the next.  Bounds
 * and targets are kept to values a hand can end with: a search for a value
 * no hand can score would only repeat its neighbour's.  A search cut short
 * (S->aborted) returns the best proven lower bound, and *high (when not
 * NULL) gets the proven upper bound: the value itself when not cut short. */
static int value_between(ts_search *S, ts_state *s, int R, int base, int guess, int cap, int *high)
{
    S->root_side = R;
    int lo, hi;
    GAME_bounds(s, R, &lo, &hi);
    if (cap + base < hi)
        hi = cap + base;
    lo = value_up(S, s, R, lo);
    hi = value_down(S, s, R, hi);
    /* MTD(f)-style: test the guess first, then step toward the value one
     * target at a time (searches far from the value are the costly ones). */
    int target = guess + base;
    while (lo < hi && !S->aborted) {
        if (target <= lo || target > hi)
            target = lo + (hi - lo + 1) / 2;
        target = value_up(S, s, R, target);
        int v = null_window(S, s, target);
        if (S->aborted)
            break;
        if (v >= target) {
            lo = value_up(S, s, R, v < hi ? v : hi);
            target = lo + 1;
        } else {
            hi = value_down(S, s, R, v > lo ? v : lo);
            target = hi;
        }
    }
    if (high)
        *high = (S->aborted ? hi : lo) - base;
    return lo - base;
}

static int value_for(ts_search *S, ts_state *s, int R, int base, int guess, int cap)
{
    return value_between(S, s, R, base, guess, cap, NULL);
}

/* ts_reaches: one null-window search from a copy of the position. */
static int reaches_from(ts_search *S, const ts_state *s0, int side, int target)
{
    ts_state s = *s0;
    begin(S, s0, by_patterns(S));
    S->root_side = side;
    int t = target + GAME_stored_offset(&s, side);
    int r = null_window(S, &s, t) >= t;
    search_end(S);
    return r;
}

/* The value for `side`, the search over targets starting at `guess` when
 * `have_guess` (else in the middle of the bounds). */
static int solve_from(ts_search *S, const ts_state *s0, int side, int guess, int have_guess)
{
    ts_state s = *s0;
    begin(S, s0, by_patterns(S));
    int lo, hi;
    GAME_bounds(&s, side, &lo, &hi);
    int base = GAME_stored_offset(&s, side);
    if (!have_guess)
        guess = GAME_first_target(&s, lo, hi) - base;
    int v = value_for(S, &s, side, base, guess, hi - base);
    search_end(S);
    return v;
}

/* ts_analyze: the value of every legal move (cut short: bounds). */
static int analyze(ts_search *S, const ts_state *s0, ts_card moves[64], int values[64],
                   int highs[64], int cls[64])
{
    ts_state s = *s0;
    begin(S, s0, by_patterns(S));
    int R = s.side[s.turn];
    ts_cards legal = rules_legal(&s);
    ts_cards reps = representatives(&s, legal, R);
    ts_card all[64];
    int n = ordered(legal, all);
    int rep_value[64], rep_high[64];
    int base = GAME_stored_offset(s0, R), lo, hi;
    GAME_bounds(s0, R, &lo, &hi);
    /* Each card's value by its own search over targets, the likeliest best
     * card first; a card's first target is the best value so far.  (Finding
     * the position's value first, as the cap and first target of the cards'
     * searches, took 1.6% more nodes on the first 30 bench deals: its steps
     * toward the value prove again what the cards' own searches prove.) */
    int best = -VALUE_LIMIT;
    ts_card order[64];
    int nrep = order_moves(&s, reps, TS_NO_CARD, TS_NO_CARD, R, order);
    for (int i = 0; i < nrep; i++) {
        ts_undo u;
        rules_apply(&s, order[i], &u);
        int guess = i > 0 ? best : GAME_first_target(&s, lo, hi) - base;
        int v = value_between(S, &s, R, base, guess, hi - base, &rep_high[order[i]]);
        rep_value[order[i]] = v;
        if (v > best)
            best = v;
        rules_unplay(&s, &u);
    }
    /* Every card takes the value of its class's representative
     * (representative_of; claims: the one of its class, GAME_claim_class). */
    for (int i = 0; i < n; i++) {
        ts_card c = all[i], r = c;
        if (s.phase == TS_CLAIM) {
            for (ts_cards m = reps; m; m &= m - 1)
                if (GAME_claim_class(ts_first(m)) == GAME_claim_class(c))
                    r = ts_first(m);
        } else {
            r = representative_of(reps, c);
        }
        moves[i] = c;
        values[i] = rep_value[r];
        highs[i] = rep_high[r];
        cls[i] = r;
    }
    search_end(S);
    return n;
}

/* ---- max^n --------------------------------------------------------------- */

/* What a side maximises in max^n (ts_maxn's `by`), at the end of the hand:
 * by score, the game's max^n score (GAME_maxn_score); by tricks, the
 * side's tricks. */
static int maxn_final(const ts_state *s, int side, int by)
{
    return by == TS_MAXN_BY_TRICKS ? tricks_won_by(s, side) : GAME_maxn_score(s, side);
}

/* The part of a side's max^n objective that the table leaves out at a
 * trick start (by tricks: the tricks won; by score: GAME_maxn_offset).
 * What the objective adds to it from a trick start on depends only on the
 * key (make_key, then GAME_maxn_key by score), but for a constant of each
 * side, the same for every move (which changes no choice). */
static int maxn_offset(const ts_state *s, int side, int by)
{
    return by == TS_MAXN_BY_TRICKS ? tricks_won_by(s, side) : GAME_maxn_offset(s, side);
}

/* The part of a side's max^n objective that ts_maxn's values leave out
 * (by tricks: the tricks won, they count from here; by score:
 * GAME_maxn_baseline). */
static int maxn_baseline(const ts_state *s, int side, int by)
{
    return by == TS_MAXN_BY_TRICKS ? tricks_won_by(s, side) : GAME_maxn_baseline(s, side);
}

/* The max^n key of a trick start: the position's, for the objective `by`
 * (in the root field: max^n has no root side), with what the score adds by
 * score (GAME_maxn_key). */
static void maxn_key(const ts_state *s, int by, tt_key *k)
{
    make_key(s, 0, KIND_MAXN, k);
    k->root = (uint8_t)by;
    if (by == TS_MAXN_BY_SCORE)
        GAME_maxn_key(s, k);
}

/* Every side's max^n value from here into out[], each side maximising its
 * objective `by` (maxn_final; the tie rule of ts_maxn, by the same
 * objective); the table stores the values from the trick start on
 * (maxn_offset). */
static void maxn_of(ts_search *S, ts_state *s, int by, int out[TS_MAX_SIDES])
{
    count_node(S, s);
    if (out_of_budget(S))
        return;
    if (s->phase == TS_OVER) {
        for (int k = 0; k < s->nsides; k++)
            out[k] = maxn_final(s, k, by);
        return;
    }
    tt_key key;
    int at_trick_start = s->phase == TS_PLAY && s->ntrick == 0;
    if (at_trick_start) {
        maxn_key(s, by, &key);
        tt_entry *e = tt_find_hashed(S->tt, &key, hash_key(&key), 0);
        if (e) {
            S->stats.tt_hits++;
            for (int k = 0; k < s->nsides; k++)
                out[k] = e->vec[k] + maxn_offset(s, k, by);
            return;
        }
    }
    int me = s->side[s->turn];
    ts_card list[64];
    int n = ordered(representatives(s, rules_legal(s), -1), list);
    int best[TS_MAX_SIDES] = {0}, have = 0, best_others = 0;
    for (int i = 0; i < n; i++) {
        int v[TS_MAX_SIDES] = {0};
        ts_undo u;
        rules_apply(s, list[i], &u);
        maxn_of(S, s, by, v);
        rules_unplay(s, &u);
        if (S->aborted)
            return;
        int others = 0;
        for (int k = 0; k < s->nsides; k++)
            if (k != me)
                others += v[k];
        if (!have || v[me] > best[me] || (v[me] == best[me] && others < best_others)) {
            memcpy(best, v, sizeof best);
            best_others = others;
            have = 1;
        }
    }
    memcpy(out, best, sizeof best);
    if (at_trick_start) {
        tt_entry *e = tt_find_hashed(S->tt, &key, hash_key(&key), 1);
        for (int k = 0; k < s->nsides; k++)
            e->vec[k] = (int8_t)(out[k] - maxn_offset(s, k, by));
        S->stats.tt_stores++;
    }
}

/* ts_maxn: max^n from a copy of the position. */
static void maxn(ts_search *S, const ts_state *s0, int by, int values[TS_MAX_SIDES])
{
    ts_state s = *s0;
    begin(S, s0, 0);
    memset(values, 0, sizeof(int) * TS_MAX_SIDES);
    maxn_of(S, &s, by, values);
    for (int k = 0; k < s.nsides; k++)
        values[k] -= maxn_baseline(&s, k, by);
    search_end(S);
}

static void value_range(const ts_state *s, int side, int *lo, int *hi) { GAME_bounds(s, side, lo, hi); }

const ts_game_search GAME_ENTRY(search) = {solve_from, analyze, reaches_from, maxn, value_range, eval_inputs, evaluate};
