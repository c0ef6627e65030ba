/*
 * games/chinese_whist_features.h -- Chinese Whist's features for the
 * learned evaluation (search/evaluate.h): the hands (games/hand_features.h,
 * face-down cards counted with the rest), then the piles: the face-down
 * cards still covered and the face-up cards covering them, ours and theirs;
 * then what each side may play now against what waits under cover (below).
 * One model per seat count, generated into games/chinese_whist_weights.h
 * (train/train_eval.py).  A model may read only the inputs before the
 * play-now block (CHINESE_WHIST_BASE_FEATURES: three- and four-player Chinese Whist's,
 * trained before it existed); it is computed for every seat count alike.
 *
 * The slow reference is tests/reference/features.py (chinese_whist_part).
 */
#ifndef TS_GAMES_CHINESE_WHIST_FEATURES_H
#define TS_GAMES_CHINESE_WHIST_FEATURES_H

#include "hand_features.h"

/* after the hand's: covered us, covered them, covering us, covering them */
enum { CW_COVERED = HAND_FEATURES, CW_COVERING = CW_COVERED + HAND_GROUPS, CW_NOW = CW_COVERING + HAND_GROUPS };
#define CHINESE_WHIST_BASE_FEATURES CW_NOW
/* Then per group (us, them) CW_NOW_FEATURES, what it may play now (face-up
 * tops and down cards) and what is still face down:
 *   0 playable        the cards it may play now
 *   1 playable trumps its trumps among them
 *   2 covered trumps  its trumps still face down
 *   3 sure winners    in each suit, the cards from the top of those left
 *                     that it may play now, an unbroken run, added up
 *   4 covered honours the honour points (hand_features.h's: the top four
 *                     cards left of a suit, 4-3-2-1) of its face-down cards
 *   5 playable voids  the side suits it has no card of to play now
 *   6 ruffs now       those, while it may play a trump now (0 without one)
 *   7 honours waiting its covering cards with an honour beneath */
#define CW_NOW_FEATURES 8
#define CHINESE_WHIST_N_FEATURES (CW_NOW + HAND_GROUPS * CW_NOW_FEATURES)

static inline void chinese_whist_now(const ts_state *s, int R, float *out)
{
    ts_cards play[HAND_GROUPS] = {0, 0}, down[HAND_GROUPS] = {0, 0};
    for (int p = 0; p < s->nseats; p++) {
        int g = s->side[p] == R ? 0 : 1;
        play[g] |= s->playable[p];
        down[g] |= s->covered[p];
    }
    ts_cards left = play[0] | play[1] | down[0] | down[1];
    ts_cards trumps = s->trump == TS_NOTRUMP ? 0 : ts_suit_cards(s->trump);
    ts_cards honours = 0;
    for (int g = 0; g < HAND_GROUPS; g++)
        for (int i = 0; i < CW_NOW_FEATURES; i++)
            out[g * CW_NOW_FEATURES + i] = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards in_suit = left & ts_suit_cards(suit);
        int runner = -1; /* the group whose sure winners run from the top, while they do */
        for (int h = 0; in_suit; h++) {
            ts_card c = top_of(in_suit);
            in_suit &= ~ts_bit(c);
            int g = (play[0] | down[0]) & ts_bit(c) ? 0 : 1;
            float *f = out + g * CW_NOW_FEATURES;
            if (h == 0 && (play[g] & ts_bit(c)))
                runner = g;
            else if (runner >= 0 && !(play[runner] & ts_bit(c)))
                runner = -1;
            if (runner >= 0)
                f[3] += 1;
            if (h < HAND_HONOURS) {
                honours |= ts_bit(c);
                if (down[g] & ts_bit(c))
                    f[4] += (float)(HAND_HONOURS - h);
            }
        }
    }
    for (int g = 0; g < HAND_GROUPS; g++) {
        float *f = out + g * CW_NOW_FEATURES;
        f[0] = (float)ts_count(play[g]);
        f[1] = (float)ts_count(play[g] & trumps);
        f[2] = (float)ts_count(down[g] & trumps);
        for (int suit = 0; suit < TS_SUITS; suit++) {
            if (suit == s->trump || (play[g] & ts_suit_cards(suit)))
                continue;
            f[5] += 1;
            if (play[g] & trumps)
                f[6] += 1;
        }
        for (ts_cards tops = play[g] & s->covers; tops; tops &= tops - 1) {
            ts_card c = (ts_card)__builtin_ctzll(tops);
            if (s->beneath[c] != TS_NO_CARD && (honours & ts_bit(s->beneath[c])))
                f[7] += 1;
        }
    }
}

static inline void chinese_whist_features(const ts_state *s, int R, float *out)
{
    hand_features(s, R, out);
    out[CW_COVERED] = out[CW_COVERED + 1] = out[CW_COVERING] = out[CW_COVERING + 1] = 0;
    for (int p = 0; p < s->nseats; p++) {
        int g = s->side[p] == R ? 0 : 1;
        out[CW_COVERED + g] += (float)ts_count(s->covered[p]);
        out[CW_COVERING + g] += (float)ts_count(s->playable[p] & s->covers);
    }
    chinese_whist_now(s, R, out + CW_NOW);
}

#endif /* TS_GAMES_CHINESE_WHIST_FEATURES_H */
