/*
 * games/chinese_whist.h -- Chinese Whist's value hooks (2, 3 or 4 seats,
 * piles of a face-up card on a face-down one): the value of a finished hand
 * (its tricks), the stored offset (the tricks won), max^n by score (three
 * seats: the points above par, the tricks won clamped in the key), the
 * cheap bounds (quick tricks and trump tricks), which cards are alike (none that covers
 * another), which moves are dominated (a card covering nothing beside a
 * covering card of its suit whose beneath card is of the suit too, for
 * the pattern search), move ordering (four seats: as whist; two and three: leads
 * into few choices first), and the hand's rules (the
 * piles).  Its keys and pattern table are in chinese_whist.c.  Small inline
 * functions.
 */
#ifndef TS_GAMES_CHINESE_WHIST_H
#define TS_GAMES_CHINESE_WHIST_H

#include "../search/moves.h"
#include "../search/table.h"
#include "chinese_whist_rules.h"
#include "partnership.h"

/* Chinese Whist, at a trick start: tricks won by trumps (trump_tricks_of;
 * face-down cards count, as every card is played by the end).  Raises
 * *gain to the tricks one seat of the side surely takes against the other
 * sides' trumps, *loss to the tricks one seat of another side surely takes
 * against the side's. */
static inline void side_trump_tricks(const ts_state *s, int side, int *gain, int *loss)
{
    if (s->trump == TS_NOTRUMP)
        return;
    ts_cards trumps = 0, mine = 0;
    for (int p = 0; p < s->nseats; p++) {
        ts_cards t = (s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump);
        trumps |= t;
        if (s->side[p] == side)
            mine |= t;
    }
    if (!trumps)
        return;
    for (int p = 0; p < s->nseats; p++) {
        int ours = s->side[p] == side;
        int n = trump_tricks_of(s, p, ours ? trumps & ~mine : mine);
        int *bound = ours ? gain : loss;
        if (n > *bound)
            *bound = n;
    }
}

/* ---- values ---- */

/* A finished hand is worth its tricks; the table stores the tricks from
 * the trick start on. */
static inline int chinese_whist_final_value(const ts_state *s, int side) { return side_tricks(s, side); }
static inline int chinese_whist_stored_offset(const ts_state *s, int side) { return side_tricks(s, side); }

/* Max^n by score (search.h's ts_maxn).  Three seats, each a side: a
 * finished hand is worth a seat its points, its tricks above par
 * (chinese_whist_side_score: 0 for any number up to par), and ts_maxn gives
 * them for the whole hand (GAME_maxn_baseline 0).  From a trick start on, a
 * seat that has won w tricks, with t more to come, ends with
 * max(0, w + t - par) = o + max(0, c + t - par), where o = max(0, w - par)
 * and c = w clamped to par - left .. par (left: the tricks still to play):
 * past par a trick is a point; a seat that cannot reach par scores 0
 * whatever it takes.  So the table stores the points less o
 * (GAME_maxn_offset) under a key with each seat's c (GAME_maxn_key): every
 * side's points differ from those of another position of the same key by
 * its own constant, which changes no choice (each side compares its own
 * points; the tie rule the others' total, shifted alike for every move).
 * Two or four seats, two sides (zero-sum): as the value, the tricks from
 * here on (the points are a rising function of the tricks, and the tie rule
 * gives the other side the fewest: the same play).
 * (Measured against the tricks won themselves in the key, offset 0, on 10
 * random three-seat positions 6 tricks from the end: 138,105 -> 116,233
 * nodes; by tricks, whose key has no tricks won, 91,653.) */
#define CW_MAXN_SCORE_SEATS 3
#define CW_MAXN_KEY_BITS 5 /* a seat's clamped tricks in the key: at most 17 */
static inline int chinese_whist_maxn_score(const ts_state *s, int side)
{
    return s->nseats == CW_MAXN_SCORE_SEATS ? chinese_whist_side_score(s, side) : side_tricks(s, side);
}
static inline int chinese_whist_maxn_offset(const ts_state *s, int side)
{
    if (s->nseats != CW_MAXN_SCORE_SEATS)
        return side_tricks(s, side);
    int won = side_tricks(s, side), par = chinese_whist_par(s);
    return won > par ? won - par : 0;
}
static inline int chinese_whist_maxn_baseline(const ts_state *s, int side)
{
    return s->nseats == CW_MAXN_SCORE_SEATS ? 0 : side_tricks(s, side);
}
static inline void chinese_whist_maxn_key(const ts_state *s, tt_key *k)
{
    if (s->nseats != CW_MAXN_SCORE_SEATS)
        return;
    int par = chinese_whist_par(s), hopeless = par - (s->total_tricks - s->tricks_played);
    for (int side = 0; side < s->nsides; side++) {
        int c = side_tricks(s, side);
        c = c > par ? par : c < hopeless ? hopeless : c;
        k->extra = k->extra << CW_MAXN_KEY_BITS | (uint64_t)c;
    }
}

/* The cheap bounds: the tricks won, and at a trick start the quick tricks
 * of the side on lead and the tricks trumps surely take. */
static inline void chinese_whist_value_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    int gain = 0, loss = 0;
    if (s->phase == TS_PLAY && s->ntrick == 0) {
        quick_trick_bounds(s, side, &gain, &loss);
        side_trump_tricks(s, side, &gain, &loss);
    }
    tricks_range(s, side, gain, loss, lo, hi);
}

/* ---- cards alike, move ordering ---- */

/* Two cards are alike when neither covers another. */
static inline int chinese_whist_alike(const ts_state *s, ts_card a, ts_card b, int root)
{
    (void)root;
    return s->beneath[a] == TS_NO_CARD && s->beneath[b] == TS_NO_CARD;
}

/* A card with another beneath it stands for no other (the pattern search
 * skips no such card after a lower card's search). */
static inline int chinese_whist_stands_alone(const ts_state *s, ts_card c) { return s->beneath[c] != TS_NO_CARD; }

/* Moves the pattern search need not try (GAME_dominated): a card W of
 * the mover that covers nothing, when the mover also holds a legal card Z
 * of the same suit that covers a card of that suit, or (two seats) of a
 * suit no other seat holds (face down either), and no card of another seat (or of the
 * trick) lies between W and Z.  Z is at least as good for the mover as W.
 * After Z the mover holds W and the card beneath Z; after W it holds Z,
 * still covering.  The mover after Z can play as it would after W, card
 * for card (W where the other plays Z): W and Z take the same tricks (no
 * other seat's card between them), the other seats' cards and choices are
 * the same, and each of its cards is legal.  Its one extra card, beneath
 * Z, changes what it must play only to a lead of that card's suit when
 * the mover after W holds none of it playable; but of Z's suit the mover
 * after W holds Z until it plays it, and another suit that no other seat
 * holds only the mover can lead.  So every trick goes the same way, and
 * the mover's side does at least as well after Z.  *why: W and Z (their
 * ranks and piles decide it, with the shape's cover places and lengths).
 * (Measured against no dominance, 8 four-seat bench deals 106.7M -> 87.8M
 * nodes; 8 positions 14 tricks from the end, three seats 26.7M -> 24.7M;
 * 17 from the end, two seats 6.57M -> 6.12M, and 5.97M with the beneath
 * card of a suit no other seat holds, which gave three seats 26.9M and
 * four 87.9M: so that part for two seats only.  Skipping W only after Z
 * was tried and failed, not removing it: four seats 98.2M.) */
#define CW_DOMINANCE_ANY_SUIT_SEATS 2 /* see above */

/* Does covering card z make the cards that cover nothing no better than
 * itself, as in chinese_whist_dominated: its beneath card of its suit (two
 * seats: or of a suit no other seat holds). */
static inline int cw_strong_cover(const ts_state *s, ts_card z, ts_cards held)
{
    ts_card b = s->beneath[z];
    return ts_suit_of(b) == ts_suit_of(z) ||
           (s->nseats == CW_DOMINANCE_ANY_SUIT_SEATS && !(held & ts_suit_cards(ts_suit_of(b))));
}

/* The other seats' cards. */
static inline ts_cards cw_others_held(const ts_state *s)
{
    ts_cards held = 0;
    for (int p = 0; p < s->nseats; p++)
        if (p != s->turn)
            held |= s->playable[p] | s->covered[p];
    return held;
}

/* A covering card whose search did not depend on the ranks of its suit
 * below some rank (GAME_stands_for_lower) stands for the mover's cards of
 * the suit below it that cover nothing, when cw_strong_cover: after such a
 * card W, the mover does no better than after the same position with W
 * moved to the covering card's rank, not covering (the mover after that
 * plays as after W, card for card: chinese_whist_dominated), and that
 * position differs from the one after the covering card only below the
 * ranks that decided it.  (Measured: 8 four-seat bench deals 87.8M ->
 * 83.3M nodes, 8 three-seat positions 14 tricks from the end 24.7M ->
 * 24.4M, two seats 17 from the end about the same.) */
static inline int chinese_whist_stands_for_lower(const ts_state *s, ts_card c)
{
    return s->beneath[c] != TS_NO_CARD && cw_strong_cover(s, c, cw_others_held(s));
}

static inline ts_cards chinese_whist_dominated(const ts_state *s, int root, ts_cards moves, ts_cards legal,
                                               ts_cards *why)
{
    (void)root;
    ts_cards covering = legal & s->covers;
    if (!covering)
        return 0;
    ts_cards held = cw_others_held(s), strong = 0; /* the Z cards */
    for (ts_cards m = covering; m; m &= m - 1)
        if (cw_strong_cover(s, ts_first(m), held))
            strong |= m & -m;
    if (!strong)
        return 0;
    ts_cards others = held;
    for (int i = 0; i < s->ntrick; i++)
        others |= ts_bit(s->trick[i]);
    ts_cards out = 0;
    for (ts_cards m = moves & ~s->covers; m; m &= m - 1) {
        ts_card w = ts_first(m);
        for (ts_cards z = strong & ts_suit_cards(ts_suit_of(w)); z; z &= z - 1) {
            ts_card c = ts_first(z), lo = c < w ? c : w, hi = c < w ? w : c;
            if (!(others & (ts_bit(hi) - 1) & ~((ts_bit(lo) << 1) - 1))) {
                out |= ts_bit(w);
                *why |= ts_bit(w) | ts_bit(c);
                break;
            }
        }
    }
    return out;
}

/* Four seats in two partnerships: move ordering as in whist (as if every
 * card were playable; only speed depends on it). */
static inline int chinese_whist_partnership(const ts_state *s) { return s->nseats == 4; }

/* Two or three seats, leads: first the suits in which the other seats have
 * the fewest cards to choose from (each of its playable cards in the suit,
 * or, void in it, CW_VOID_CHOICES_2 or _3 for the discards and ruffs it may
 * choose among: the tree is smaller), then lead_score.  (Measured on
 * positions 12-17 tricks from the end, 22 of three seats and 20 of two:
 * 45% fewer nodes; weighing the choices as lead_score's equals, 20-40%; a
 * void as its whole hand, about as good for two seats and worse for three.) */
#define CW_CHOICE_WEIGHT 30 /* above lead_score's whole range: the choices decide first */
#define CW_VOID_CHOICES_2 8
#define CW_VOID_CHOICES_3 4

static inline int chinese_whist_lead_score(const ts_state *s, ts_card c, ts_cards remaining)
{
    if (s->nseats == 4)
        return whist_lead_score(s, c, remaining);
    int choices = 0, void_choices = s->nseats == 2 ? CW_VOID_CHOICES_2 : CW_VOID_CHOICES_3;
    for (int p = 0; p < s->nseats; p++) {
        if (p == s->turn)
            continue;
        int n = ts_count(s->playable[p] & ts_suit_cards(ts_suit_of(c)));
        choices += n ? n : void_choices;
    }
    return lead_score(s, c, remaining) - CW_CHOICE_WEIGHT * choices;
}

/* ---- the hand's rules: the piles ---- */

static inline void chinese_whist_rules(const ts_state *s, uint8_t own[HAND_RULES_OWN])
{
    _Static_assert(sizeof s->beneath <= HAND_RULES_OWN, "the piles fit in the hand rules");
    memcpy(own, s->beneath, sizeof s->beneath);
}

#endif /* TS_GAMES_CHINESE_WHIST_H */
