# Declarations of the C core (csrc/), for solver/_core.pyx.  The contracts
# (bit layouts, invariants, units) are written in csrc/cards.h and
# csrc/rules.h; this file only repeats the names.
from libc.stdint cimport int64_t, uint8_t, uint64_t


cdef extern from "cards.h" nogil:
    ctypedef uint64_t ts_cards   # a set of cards, one 16-bit lane per suit
    ctypedef uint8_t ts_card     # a card index, suit * 16 + rank (2..A = 0..12)
    int TS_NOTRUMP               # trump value meaning no trumps
    int TS_NO_CARD               # "no card" in card-valued fields


cdef extern from "rules.h" nogil:
    int TS_MAX_SEATS
    int TS_NO_SEAT
    int TS_GAMES                                                      # enum ts_game: the number of games
    int TS_CINCH                                                      # (ts_cinch_points: Cinch hands only)
    int TS_PLAY, TS_CLAIM, TS_OVER                                    # enum ts_phase
    int TS_CINCH_HIGH, TS_CINCH_LOW, TS_CINCH_JACK, TS_CINCH_GAME
    # the games' numbers the rules need (each written once, in rules.h)
    int TS_CHINKWAY_SEATS, TS_QUEST_CATEGORIES, TS_COURTS, TS_QUEST_CARDS
    int TS_CHINESE_WHIST_PAR_2, TS_CHINESE_WHIST_PAR_3, TS_CHINESE_WHIST_PAR_4
    int TS_CINCH_TOP_BID, TS_SHOOT

    ctypedef struct ts_setup:
        uint8_t game, nseats, trump, leader
        ts_cards hand[5]          # cards in the hand (Chinese Whist: down cards)
        ts_cards up[5]            # Chinese Whist: face-up cards on the piles
        ts_cards under[5]         # Chinese Whist: face-down cards under them
        uint8_t beneath[64]       # Chinese Whist: card under covering card c
        uint8_t dealer, pairing   # Chinkway: lone dealer; team pairing 0 or 1
        uint8_t quest_need[5]     # Chinkway: quest cards per category
        uint8_t bidder, bid, shoot_needs_all_four  # Cinch contract

    ctypedef struct ts_state:
        uint8_t game, nseats, nsides, trump, total_tricks
        uint8_t side[5]
        ts_cards in_play
        ts_cards playable[5]      # cards each seat may play now
        ts_cards covered[5]       # Chinese Whist: face-down cards still covered
        ts_cards taken[5]         # cards in the tricks each side won
        ts_cards claimed[5]       # Chinkway: cards each seat claimed
        uint8_t tricks[5]         # tricks won per seat
        ts_card trick[5]          # the current (or just finished) trick
        uint8_t ntrick, leader, turn, phase, last_winner, tricks_played

    ctypedef struct ts_undo:
        ts_card card
        uint8_t seat
        ts_cards uncovered        # Chinese Whist: cards the move turned up

    int ts_init(ts_state *s, const ts_setup *setup)
    ts_cards ts_legal(const ts_state *s)
    int ts_play(ts_state *s, ts_card c, ts_undo *u)
    void ts_unplay(ts_state *s, const ts_undo *u)
    int ts_trick_winner(const ts_card *cards, int n, int trump)
    int ts_quest_category(ts_card c)
    int ts_cinch_points(const ts_state *s, int side)
    void ts_scores(const ts_state *s, int *out)
    void ts_random_playout(ts_state *s, uint64_t *rng)
    int64_t ts_playouts(const ts_state *start, int64_t n, uint64_t seed)
    const char *ts_status_text(int status)
    const char *ts_game_name(int game)


cdef extern from "search.h" nogil:
    size_t TS_DEFAULT_TT_BYTES
    int TS_MAXN_BY_SCORE, TS_MAXN_BY_TRICKS
    int TS_EVAL_MIDDLE, TS_EVAL_LEARNED   # the evaluations at a bounded search's horizon
    enum: TS_MAX_EVAL_INPUTS          # the most inputs of a model (a buffer size)

    ctypedef struct ts_stats:
        int64_t nodes, trick_starts, tt_hits, tt_stores
        double seconds
        int exact

    ctypedef struct ts_search:
        int64_t max_nodes         # 0: no limit
        double max_seconds        # 0: no limit
        int stop                  # set to stop the running search (any thread)
        int exact_keys            # 1: no partition search (the slower reference)
        int horizon               # 0: none; else stop at the start of that trick, evaluated
        int evaluation            # TS_EVAL_MIDDLE or TS_EVAL_LEARNED, at the horizon
        ts_stats stats            # of the latest call

    int ts_search_init(ts_search *S, size_t tt_bytes)
    void ts_search_free(ts_search *S)
    void ts_search_clear(ts_search *S)
    void ts_search_touch(ts_search *S)
    size_t ts_search_table_bytes(const ts_search *S)
    int64_t ts_search_table_growths(const ts_search *S)
    void ts_search_table_start(ts_search *S, size_t bytes)
    int ts_solve(ts_search *S, const ts_state *s)
    int ts_solve_for(ts_search *S, const ts_state *s, int side)
    int ts_solve_near(ts_search *S, const ts_state *s, int side, int guess)
    int ts_analyze(ts_search *S, const ts_state *s, ts_card *moves, int *values, int *highs,
                   int *cls)
    int ts_reaches(ts_search *S, const ts_state *s, int side, int target)
    void ts_maxn(ts_search *S, const ts_state *s, int by, int *values)
    void ts_value_range(const ts_state *s, int side, int *lo, int *hi)
    int ts_eval_inputs(const ts_state *s, int side, float *x)
    int ts_evaluate(const ts_state *s, int side, int kind, float *raw)
