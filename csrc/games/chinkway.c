/*
 * games/chinkway.c -- Chinkway's rules and search: the hooks of
 * chinkway_rules.h given to the rules template (rules/play.h), which makes
 * chinkway_play from them (the claims), and the hooks of chinkway.h given to
 * the search template (search/core.h), which makes chinkway_search from
 * them.  Exact keys with the claims, so the table stores whole-hand values
 * (no offset); the search over targets starts at the highest score.
 */
#include "chinkway.h"

#define GAME chinkway
/* the rules (chinkway_rules.h) */
#define GAME_seats_ok chinkway_seats_ok
#define GAME_sides chinkway_sides
#define GAME_side_score chinkway_side_score
#define GAME_setup_check chinkway_setup_check
#define GAME_setup_state chinkway_setup_state
#define GAME_claimable chinkway_claimable
#define GAME_claim chinkway_claim
#define GAME_unclaim chinkway_unclaim
#include "../rules/play.h"
/* the search (chinkway.h) */
#define GAME_final_value chinkway_final_value
#define GAME_stored_offset(s, side) ((void)(s), (void)(side), 0)
#define GAME_bounds chinkway_bounds
#define GAME_bounds_may_cut chinkway_bounds_may_cut
#define GAME_alike chinkway_alike
#define GAME_key chinkway_key
#define GAME_rules chinkway_rules
#define GAME_possible_value chinkway_possible_value
#define GAME_first_target chinkway_first_target
#define GAME_claim_score chinkway_claim_score
#define GAME_claim_class ts_quest_category
#define GAME_ORDER_AGAINST_LATER 1
#include "../search/core.h"
