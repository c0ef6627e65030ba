/*
 * games/cinch.c -- Cinch's search: the hooks of cinch.h given to the search
 * template (search/core.h), which makes cinch_search from them.  Exact keys
 * with the points captured, so the table stores whole-hand values (no
 * offset); a hand uses the first CINCH_TABLE_BYTES of the table.
 */
#include "cinch.h"

#define GAME cinch
#define GAME_final_value cinch_final_value
#define GAME_stored_offset(s, side) ((void)(s), (void)(side), 0)
#define GAME_bounds cinch_bounds
#define GAME_alike cinch_alike
#define GAME_key cinch_key
#define GAME_rules cinch_rules
#define GAME_possible_value cinch_possible_value
#define GAME_ORDER_AGAINST_LATER 1
#define GAME_TABLE_CAP_BYTES CINCH_TABLE_BYTES
#include "../search/core.h"
