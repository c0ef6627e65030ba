/*
 * games/chinkway_features.h -- Chinkway's features for the learned
 * evaluation (search/evaluate.h): the hands (games/hand_features.h; "them"
 * is both other sides), then the quest: the parts side R has claimed and
 * their score, the parts it still needs, the cards of the categories it
 * still needs that its seats hold and that the others hold, and the most
 * parts another side has claimed.  Its model's weights are generated into
 * games/chinkway_weights.h (train/train_eval.py).
 */
#ifndef TS_GAMES_CHINKWAY_FEATURES_H
#define TS_GAMES_CHINKWAY_FEATURES_H

#include "chinkway.h"
#include "hand_features.h"

enum { CK_PARTS = HAND_FEATURES, CK_SCORE, CK_OPEN, CK_NEEDED_US, CK_NEEDED_THEM, CK_BEST_OTHER };
#define CHINKWAY_N_FEATURES (HAND_FEATURES + 6)

static inline void chinkway_features(const ts_state *s, int R, float *out)
{
    hand_features(s, R, out);
    int parts = side_parts(s, R), open = 0, best_other = 0;
    ts_cards needed = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++) {
        int need = s->quest_need[k] - s->side_claims[R][k];
        if (need > 0) {
            open += need;
            needed |= quest_cards(k);
        }
    }
    for (int side = 0; side < s->nsides; side++)
        if (side != R && side_parts(s, side) > best_other)
            best_other = side_parts(s, side);
    int us = 0, them = 0;
    for (int p = 0; p < s->nseats; p++) {
        int n = ts_count(cards_left(s, p) & needed);
        if (s->side[p] == R)
            us += n;
        else
            them += n;
    }
    out[CK_PARTS] = (float)parts;
    out[CK_SCORE] = (float)ts_quest_score(parts);
    out[CK_OPEN] = (float)open;
    out[CK_NEEDED_US] = (float)us;
    out[CK_NEEDED_THEM] = (float)them;
    out[CK_BEST_OTHER] = (float)best_other;
}

#endif /* TS_GAMES_CHINKWAY_FEATURES_H */
