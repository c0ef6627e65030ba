/*
 * rules/entries.h -- the entry points of one game's rules, as the template
 * rules/play.h makes them for each game (<game>_play, listed by
 * games/registry.c, where the public ts_* functions of rules.h look up the
 * game once and call them).  Their contracts are those of the ts_*
 * functions of the same names in rules.h; init is ts_init once the game
 * is known to be one of enum ts_game.
 */
#ifndef TS_RULES_ENTRIES_H
#define TS_RULES_ENTRIES_H

#include "../rules.h"

typedef struct ts_game_rules {
    int (*init)(ts_state *s, const ts_setup *setup);
    ts_cards (*legal)(const ts_state *s);
    int (*play)(ts_state *s, ts_card c, ts_undo *u);
    void (*apply)(ts_state *s, ts_card c, ts_undo *u);
    void (*unplay)(ts_state *s, const ts_undo *u);
    void (*scores)(const ts_state *s, int out[TS_MAX_SEATS]);
    void (*random_playout)(ts_state *s, uint64_t *rng);
    int64_t (*playouts)(const ts_state *start, int64_t n, uint64_t seed);
} ts_game_rules;

#endif /* TS_RULES_ENTRIES_H */
