/*
 * games/whist_rules.h -- plain whist's rules hooks (rules/play.h): four
 * seats in two partnerships, partners opposite; a side scores the tricks
 * it wins.  Nothing else is whist's own: it is the plain trick-taking
 * game the other games vary.  Small inline functions.
 */
#ifndef TS_GAMES_WHIST_RULES_H
#define TS_GAMES_WHIST_RULES_H

#include "../rules/trick.h"

static inline int whist_seats_ok(int nseats) { return nseats == PARTNERSHIP_SEATS; }

/* A side's hand score: its tricks. */
static inline int whist_side_score(const ts_state *s, int side) { return tricks_won_by(s, side); }

#endif /* TS_GAMES_WHIST_RULES_H */
