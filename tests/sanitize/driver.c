/*
 * tests/sanitize/driver.c -- the C core's boundary and search, driven from a
 * file of cases, for the build under AddressSanitizer and UBSan
 * (tests/core/test_sanitizers.py compiles it with csrc/ and compares its output
 * with the normal build's answers to the same cases).
 *
 * Input (binary, the native byte order of the machine that wrote it):
 *   uint32 setup_bytes            sizeof(ts_setup) of the writer: must be ours
 *   then cases, each:
 *     ts_setup setup              raw, as PlayState.setup_bytes gives it (or damaged)
 *     uint8  nsteps, then nsteps bytes: a card to play (any byte below
 *            STEP_UNDO, checked by ts_play like any other), or STEP_UNDO:
 *            take back the latest move played (none: nothing)
 *     uint8  searches             bit flags SEARCH_*
 *     uint32 max_nodes            the node limit of each search (0: none)
 * Output: one line a case (the format is in report_case, and in the test's
 * Case.expected, which makes the same line from the normal build), "bad input" and
 * status 2 for a file that is not of this form.
 *
 * Each case gets a fresh searcher with a table of TABLE_BYTES; the searches
 * run in a fixed order (solve, analyze, maxn, reaches) only when ts_init
 * accepted the setup and the hand is not over, as the binding does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "search.h"

#define STEP_UNDO 0xF0
#define MAX_STEPS 255
#define MAX_PLAYED 64 /* the longest hand: 60 moves (rules.h) */
#define SEARCH_SOLVE 1
#define SEARCH_ANALYZE 2
#define SEARCH_MAXN 4
#define SEARCH_REACHES 8
#define TABLE_BYTES ((size_t)1 << 20)
#define MAX_CARDS 64

static int read_exact(FILE *f, void *out, size_t n) { return fread(out, 1, n, f) == n; }

static int bad_input(const char *why)
{
    printf("bad input: %s\n", why);
    return 2;
}

/* Play the steps; prints a status per step ('.' played, 'x' refused, 'u'
 * undone, '-' nothing to undo). */
static void play_steps(ts_state *s, const uint8_t *steps, int nsteps)
{
    ts_undo history[MAX_PLAYED];
    int played = 0;
    printf(" steps ");
    for (int i = 0; i < nsteps; i++) {
        if (steps[i] >= STEP_UNDO) {
            if (played) {
                ts_unplay(s, &history[--played]);
                putchar('u');
            } else {
                putchar('-');
            }
            continue;
        }
        if (played == MAX_PLAYED) {
            putchar('x');
            continue;
        }
        int status = ts_play(s, (ts_card)steps[i], &history[played]);
        if (status == TS_OK)
            played++;
        putchar(status == TS_OK ? '.' : 'x');
    }
}

static void run_searches(ts_search *S, const ts_state *s, int searches)
{
    int side = s->side[s->turn];
    if (searches & SEARCH_SOLVE) {
        int v = ts_solve_for(S, s, side);
        printf(" solve %d %d", v, S->stats.exact);
    }
    if (searches & SEARCH_ANALYZE) {
        ts_card moves[MAX_CARDS];
        int values[MAX_CARDS], highs[MAX_CARDS], cls[MAX_CARDS];
        int n = ts_analyze(S, s, moves, values, highs, cls);
        printf(" analyze");
        for (int i = 0; i < n; i++)
            printf(" %d:%d:%d:%d", moves[i], values[i], highs[i], cls[i]);
    }
    if (searches & SEARCH_MAXN) {
        int values[TS_MAX_SIDES];
        ts_maxn(S, s, TS_MAXN_BY_SCORE, values);
        printf(" maxn");
        for (int i = 0; i < s->nsides; i++)
            printf(" %d", values[i]);
    }
    if (searches & SEARCH_REACHES) {
        int lo, hi;
        ts_value_range(s, side, &lo, &hi);
        int middle = lo + (hi - lo) / 2;
        printf(" reaches %d %d", middle, ts_reaches(S, s, side, middle));
    }
}

/* One case: "init ok steps ... [searches ...]" or "init refused: WHY". */
static void report_case(const ts_setup *setup, const uint8_t *steps, int nsteps, int searches,
                        uint32_t max_nodes)
{
    ts_state s;
    int status = ts_init(&s, setup);
    if (status != TS_OK)
        printf("init refused: %s", ts_status_text(status));
    else
        printf("init ok");
    if (status == TS_OK) {
        play_steps(&s, steps, nsteps);
        if (s.phase != TS_OVER && searches) {
            ts_search S;
            if (ts_search_init(&S, TABLE_BYTES) != 0) {
                printf(" no table\n");
                return;
            }
            S.max_nodes = max_nodes;
            run_searches(&S, &s, searches);
            ts_search_free(&S);
        }
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s CASES\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return bad_input("cannot open the file");
    uint32_t size;
    if (!read_exact(f, &size, sizeof size) || size != sizeof(ts_setup))
        return bad_input("the setup size differs from this build's");
    ts_setup setup;
    while (read_exact(f, &setup, sizeof setup)) {
        uint8_t nsteps, steps[MAX_STEPS], searches;
        uint32_t max_nodes;
        if (!read_exact(f, &nsteps, 1) || !read_exact(f, steps, nsteps) ||
            !read_exact(f, &searches, 1) || !read_exact(f, &max_nodes, sizeof max_nodes))
            return bad_input("a case is cut short");
        report_case(&setup, steps, nsteps, searches, max_nodes);
    }
    fclose(f);
    return 0;
}
