/*
 * games/cinch_features.h -- Cinch's features for the learned evaluation
 * (search/evaluate.h): the hands (games/hand_features.h, partners
 * together), then the contract (do we bid, the bid: 8 a Shoot) and the
 * points: for High, Low and Jack of trump, whether we or they have
 * captured the card or hold it still; the game points we and they have
 * captured and hold.  Its model's weights are generated into
 * games/cinch_weights.h (train/train_eval.py).
 */
#ifndef TS_GAMES_CINCH_FEATURES_H
#define TS_GAMES_CINCH_FEATURES_H

#include "cinch_rules.h"
#include "hand_features.h"

#define CINCH_POINT_CARDS 3 /* High, Low, Jack: a card each */
/* per point card, and then for the game points: captured us, captured
 * them, held us, held them */
#define CINCH_WHERE 4
enum { CINCH_WE_BID = HAND_FEATURES, CINCH_BID, CINCH_POINT_PLACES };
#define CINCH_N_FEATURES (HAND_FEATURES + 2 + (CINCH_POINT_CARDS + 1) * CINCH_WHERE)

static inline void cinch_features(const ts_state *s, int R, float *out)
{
    hand_features(s, R, out);
    out[CINCH_WE_BID] = s->side[s->bidder] == R;
    out[CINCH_BID] = (float)s->bid;
    ts_cards held[2] = {0, 0};
    for (int p = 0; p < s->nseats; p++)
        held[s->side[p] == R ? 0 : 1] |= s->playable[p];
    ts_cards places[CINCH_WHERE] = {s->taken[R], s->taken[1 - R], held[0], held[1]};
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    ts_cards point_card[CINCH_POINT_CARDS] = {0, 0, 0};
    if (trumps) {
        point_card[0] = ts_bit(top_of(trumps));
        point_card[1] = ts_bit(ts_first(trumps));
        point_card[2] = trumps & ts_bit(ts_make_card(s->trump, TS_JACK));
    }
    float *f = out + CINCH_POINT_PLACES;
    for (int i = 0; i < CINCH_POINT_CARDS; i++)
        for (int w = 0; w < CINCH_WHERE; w++)
            *f++ = (places[w] & point_card[i]) != 0;
    for (int w = 0; w < CINCH_WHERE; w++)
        *f++ = (float)cinch_game_points(places[w]);
}

#endif /* TS_GAMES_CINCH_FEATURES_H */
