/*
 * games/chinese_whist_features.h -- Chinese Whist's features for the
 * learned evaluation (search/evaluate.h): the hands (games/hand_features.h,
 * face-down cards counted with the rest), then the piles: the face-down
 * cards still covered and the face-up cards covering them, ours and theirs.
 * One model per seat count, generated into games/chinese_whist_weights.h
 * (train/train_eval.py).
 */
#ifndef TS_GAMES_CHINESE_WHIST_FEATURES_H
#define TS_GAMES_CHINESE_WHIST_FEATURES_H

#include "hand_features.h"

/* after the hand's: covered us, covered them, covering us, covering them */
enum { CW_COVERED = HAND_FEATURES, CW_COVERING = CW_COVERED + HAND_GROUPS };
#define CHINESE_WHIST_N_FEATURES (HAND_FEATURES + 2 * HAND_GROUPS)

static inline void chinese_whist_features(const ts_state *s, int R, float *out)
{
    hand_features(s, R, out);
    out[CW_COVERED] = out[CW_COVERED + 1] = out[CW_COVERING] = out[CW_COVERING + 1] = 0;
    for (int p = 0; p < s->nseats; p++) {
        int g = s->side[p] == R ? 0 : 1;
        out[CW_COVERED + g] += (float)ts_count(s->covered[p]);
        out[CW_COVERING + g] += (float)ts_count(s->playable[p] & s->covers);
    }
}

#endif /* TS_GAMES_CHINESE_WHIST_FEATURES_H */
