/*
 * games/cinch.c -- Cinch's rules and search: the hooks of cinch_rules.h
 * given to the rules template (rules/play.h), which makes cinch_play from
 * them, and ts_cinch_points (rules.h); the hooks of cinch.h given to the search
 * template (search/core.h), which makes cinch_search from them.  Exact keys
 * with the points captured, so the table stores whole-hand values (no
 * offset); a hand uses the first CINCH_TABLE_BYTES of the table.
 */
#include "cinch.h"
#include "cinch_weights.h"

#define GAME cinch
/* the rules (cinch_rules.h) */
#define GAME_seats_ok cinch_seats_ok
#define GAME_side_score cinch_side_score
#define GAME_TRUMP_NEEDED 1
#define GAME_setup_check cinch_setup_check
#define GAME_setup_state cinch_setup_state
#include "../rules/play.h"
/* the search (cinch.h) */
#define GAME_final_value cinch_final_value
#define GAME_stored_offset(s, side) ((void)(s), (void)(side), 0)
#define GAME_bounds cinch_bounds
#define GAME_alike cinch_alike
#define GAME_key cinch_key
#define GAME_rules cinch_rules
#define GAME_possible_value cinch_possible_value
#define GAME_ORDER_AGAINST_LATER 1
#define GAME_TABLE_CAP_BYTES CINCH_TABLE_BYTES
#define GAME_N_FEATURES CINCH_N_FEATURES
#define GAME_features cinch_features
#define GAME_model(s) ((void)(s), &CINCH_MODEL)
#include "../search/core.h"

int ts_cinch_points(const ts_state *s, int side) { return cinch_points(s, side); }
