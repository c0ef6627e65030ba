/*
 * games/whist_features.h -- plain whist's features for the learned
 * evaluation (search/evaluate.h): the hands as a card player sees them
 * (games/hand_features.h), partners together.  Its model's weights are
 * generated into games/whist_weights.h (train/train_eval.py).
 */
#ifndef TS_GAMES_WHIST_FEATURES_H
#define TS_GAMES_WHIST_FEATURES_H

#include "hand_features.h"

#define WHIST_N_FEATURES HAND_FEATURES

static inline void whist_features(const ts_state *s, int R, float *out) { hand_features(s, R, out); }

#endif /* TS_GAMES_WHIST_FEATURES_H */
