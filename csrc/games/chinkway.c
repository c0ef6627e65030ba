/*
 * games/chinkway.c -- Chinkway's rules and search: the hooks of
 * chinkway_rules.h given to the rules template (rules/play.h), which makes
 * chinkway_play from them (the claims), and the hooks of chinkway.h and of
 * its pattern table given to the search template (search/core.h), which
 * makes chinkway_search from them.  The search over targets starts at the
 * highest score.  The null-window search (search/window.h) runs with either
 * table: the reference with exact keys (the claims in the key, so the table
 * stores whole-hand values), and by default the partition search with
 * Chinkway's pattern table (below), which counts and stores the root
 * side's quest parts: its own scale, bounds, claims and card classes are
 * hooks of search/patterns.h.
 */
#include "chinkway.h"
#include "chinkway_weights.h"

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

/* ---- the pattern table ---- */

/* Chinkway keeps its table by patterns (partition search), for the
 * paranoid bound of one root side.  The value stored is the root side's
 * future quest parts, which depend on the cards and on what the side still
 * needs of each category, capped by the cards of the category still in
 * play (a need no card can meet any more, or more than the cards left,
 * plays as the cards left).  The shape of a position: those capped needs,
 * the leader, the root side, and for every seat and suit the number of its
 * cards, of those the cards of a category the root side needs that are
 * pips of the suit, and that are courts.  A pattern holds the cards whose
 * ranks decided its bound, as relative ranks with their seats (the top
 * cards of some suits), and which of them are of needed categories, pips
 * and courts.  A position of the shape matches when its seats hold those
 * cards, of those categories: its lower cards differ only in rank from the
 * stored position's, category for category, and the search below never
 * compared their ranks.  (A card's class for the root side: a category it
 * needs, each its own, or none; cards of one class are alike, chinkway_alike.) */
#define CK_PATTERNS 16 /* measured (20 bench deals): 4 41.6M nodes, 8 35.7M, 12 35.3M, 16 35.6M, 64 68M (fewer shapes) */
#define CK_WAYS 4 /* entries a shape may be in (two: 36.4M nodes on 20 bench deals, a third of the new shapes evicting one) */
#define CK_NEED_BITS 3         /* a capped need, 0..5 */
#define CK_SUIT_COUNT_BITS 16  /* a seat's suit: cards, needed pips, needed courts, four bits each */
#define CK_CLASSES 3           /* needed pips, needed courts, none */
#define CK_CLASS_NONE 2

_Static_assert(CK_PATTERNS <= 255, "ck_entry counts its patterns in a byte");

typedef struct ck_shape {
    uint64_t counts[TS_CHINKWAY_SEATS]; /* each seat: its suits, CK_SUIT_COUNT_BITS each */
    uint64_t rest;                   /* the capped needs, the leader, the root side */
} ck_shape;

typedef struct ck_pattern {
    ts_cards hands[TS_CHINKWAY_SEATS]; /* relative-rank cards of each seat that decided the bound */
    ts_cards pips, courts;          /* of them, the needed pips and the needed courts */
    int8_t lo, hi;                  /* bounds on the root side's future parts */
} ck_pattern;

typedef struct ck_entry {
    ck_shape shape;
    uint16_t gen;
    uint8_t next; /* the slot to fill next */
    uint8_t best; /* the move that last decided a search of the shape (move ordering) */
    ck_pattern p[CK_PATTERNS];
} ck_entry;

/* A trick start as the probe leaves it for the store: the cards not yet
 * played, the seats' relative-rank cards, the needed pips and courts among
 * them (relative ranks), the shape. */
typedef struct chinkway_place {
    ts_cards remaining;
    ts_cards rel[TS_CHINKWAY_SEATS];
    ts_cards pips, courts;
    ck_shape sh;
    ts_card best; /* the shape's best move, or TS_NO_CARD */
} chinkway_place;

/* The class of card c for root side R: 0 a needed pip, 1 a needed court,
 * CK_CLASS_NONE of a category R no longer needs. */
static inline int ck_class(const ts_state *s, int R, ts_card c)
{
    if (!needed_by(s, R, c))
        return CK_CLASS_NONE;
    return ts_quest_category(c) == TS_COURTS;
}

/* The needed pips and needed courts among `cards` (absolute). */
static void ck_needed(const ts_state *s, int R, ts_cards cards, ts_cards *pips, ts_cards *courts)
{
    ts_cards need_pips = 0;
    for (int k = 0; k < TS_COURTS; k++)
        if (s->quest_need[k] > s->side_claims[R][k])
            need_pips |= quest_cards(k);
    *pips = cards & need_pips;
    *courts = s->quest_need[TS_COURTS] > s->side_claims[R][TS_COURTS] ? cards & quest_cards(TS_COURTS) : 0;
}

static void ck_shape_of(const ts_state *s, int R, ts_cards remaining, ck_shape *sh)
{
    ts_cards pips, courts;
    ck_needed(s, R, remaining, &pips, &courts);
    memset(sh, 0, sizeof *sh);
    for (int p = 0; p < s->nseats; p++) {
        ts_cards h = s->playable[p];
        uint64_t w = 0;
        for (int suit = 0; suit < TS_SUITS; suit++) {
            ts_cards lane = h & ts_suit_cards(suit);
            w = w << CK_SUIT_COUNT_BITS | (uint64_t)(ts_count(lane) << 8 | ts_count(lane & pips) << 4 |
                                                     ts_count(lane & courts));
        }
        sh->counts[p] = w;
    }
    uint64_t rest = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++) {
        int need = s->quest_need[k] - s->side_claims[R][k], left = ts_count(remaining & quest_cards(k));
        rest = rest << CK_NEED_BITS | (uint64_t)(need < left ? need : left);
    }
    sh->rest = rest << 8 | (uint64_t)s->leader << 4 | (uint64_t)R;
}

/* The CK_WAYS entries a shape may be in (*hash: its hash). */
static ck_entry *ck_pair(const ts_tt *tt, const ck_shape *sh, uint64_t *hash)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ sh->rest;
    for (int p = 0; p < TS_CHINKWAY_SEATS; p++) {
        h = (h ^ sh->counts[p]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBULL;
    h ^= h >> 29;
    *hash = h;
    return (ck_entry *)tt->mem + (((h >> 32) * (tt->own_entries[0] / CK_WAYS)) >> 32) * CK_WAYS;
}

static ck_entry *ck_slot(ts_tt *tt, const ck_shape *sh, int create)
{
    uint64_t h;
    ck_entry *pair = ck_pair(tt, sh, &h);
    for (int i = 0; i < CK_WAYS; i++)
        if (pair[i].gen == tt->gen && memcmp(&pair[i].shape, sh, sizeof *sh) == 0)
            return &pair[i];
    if (!create)
        return NULL;
    /* a free way, else one picked by other bits of the hash */
    ck_entry *e = &pair[h & (CK_WAYS - 1)];
    for (int i = CK_WAYS - 1; i >= 0; i--)
        if (pair[i].gen != tt->gen)
            e = &pair[i];
    memset(e, 0, sizeof *e);
    e->shape = *sh;
    e->gen = tt->gen;
    e->best = TS_NO_CARD;
    return e;
}

/* The whole block holds shape entries. */
static void chinkway_layout(ts_tt *tt) { tt->own_entries[0] = tt->bytes / sizeof(ck_entry); }

/* At a trick start (`parts`: the root side's so far): the place for the
 * store, then the patterns of the shape.  1 with the parts' bound *v (for
 * the target of T parts in all) and its deciding cards when a pattern
 * answers. */
static int chinkway_probe(ts_search *S, const ts_state *s, int T, int parts, chinkway_place *pl, int *v,
                          ts_cards *decided)
{
    const int R = S->root_side;
    ts_tt *tt = S->tt;
    pl->remaining = 0;
    for (int p = 0; p < s->nseats; p++)
        pl->remaining |= s->playable[p];
    memset(pl->rel, 0, sizeof pl->rel);
    relative_seats(s, pl->remaining, pl->rel, NULL);
    ts_cards pips, courts;
    ck_needed(s, R, pl->remaining, &pips, &courts);
    pl->pips = relative(pips, pl->remaining);
    pl->courts = relative(courts, pl->remaining);
    ck_shape_of(s, R, pl->remaining, &pl->sh);
    ck_entry *e = ck_slot(tt, &pl->sh, 0);
    pl->best = e ? e->best : TS_NO_CARD;
    for (int i = 0; e && i < CK_PATTERNS; i++) {
        const ck_pattern *pt = &e->p[i];
        if (pt->lo == 0 && pt->hi == 0)
            continue; /* an empty slot */
        ts_cards miss = 0, all = 0;
        for (int p = 0; p < s->nseats; p++) {
            miss |= pt->hands[p] & ~pl->rel[p];
            all |= pt->hands[p];
        }
        if (miss || (pl->pips & all) != pt->pips || (pl->courts & all) != pt->courts)
            continue;
        int hit = pt->lo + parts >= T ? 1 : pt->hi + parts < T ? 0 : -1;
        if (hit >= 0) {
            S->stats.tt_hits++;
            *decided = absolute(all, pl->remaining);
            *v = parts + (hit ? pt->lo : pt->hi);
            return 1;
        }
    }
    return 0;
}

/* Store a bound on the future parts (`yes`: at least `future`, else at
 * most) decided by the cards `all`; returns the deciding cards of this
 * position (the relative ranks they stand for, as cards). */
static ts_cards chinkway_store(ts_search *S, const ts_state *s, const chinkway_place *pl, ts_cards all,
                               int yes, int future, ts_card decisive)
{
    ts_tt *tt = S->tt;
    ts_cards ranks = relevant_ranks(s, all, pl->rel, pl->remaining);
    ck_pattern fresh;
    memset(&fresh, 0, sizeof fresh);
    for (int p = 0; p < s->nseats; p++)
        fresh.hands[p] = pl->rel[p] & ranks;
    fresh.pips = pl->pips & ranks;
    fresh.courts = pl->courts & ranks;
    fresh.lo = yes ? (int8_t)future : -NO_BOUND;
    fresh.hi = yes ? NO_BOUND : (int8_t)future;
    ck_entry *e = ck_slot(tt, &pl->sh, 1);
    if (decisive != TS_NO_CARD)
        e->best = decisive;
    for (int i = 0; i < CK_PATTERNS; i++) {
        ck_pattern *pt = &e->p[i];
        if ((pt->lo || pt->hi) && memcmp(pt->hands, fresh.hands, sizeof fresh.hands) == 0 &&
            pt->pips == fresh.pips && pt->courts == fresh.courts) {
            if (fresh.lo > pt->lo)
                pt->lo = fresh.lo;
            if (fresh.hi < pt->hi)
                pt->hi = fresh.hi;
            return absolute(ranks, pl->remaining);
        }
    }
    e->p[e->next] = fresh;
    e->next = (uint8_t)((e->next + 1) % CK_PATTERNS);
    return absolute(ranks, pl->remaining);
}

/* ---- the partition search's hooks (search/patterns.h) ---- */

/* The last trick, at its start: every seat plays its one card.  The root
 * side's parts at the end (*decided: the card that won it by rank). */
static int ck_last_trick(const ts_state *s, int R, ts_cards *decided)
{
    ts_card cards[TS_MAX_SEATS];
    for (int i = 0; i < s->nseats; i++)
        cards[i] = ts_first(s->playable[(s->leader + i) % s->nseats]);
    int w = trick_winner(cards, s->nseats, s->trump), parts = side_parts(s, R);
    *decided = trick_rank_winner(cards, s->nseats, s->trump);
    if (s->side[(s->leader + w) % s->nseats] != R)
        return parts;
    for (int i = 0; i < s->nseats; i++)
        if (needed_by(s, R, cards[i]))
            return parts + 1;
    return parts;
}

/* The root side's claims worth trying, of its claims `legal`: when it
 * needs more cards of a category than remain in play (after this trick),
 * the claims of that category only.  Such a claim dominates every other:
 * after it the side's needs, capped by the cards left of each category,
 * are at least those after any other claim (the capped need of that
 * category is the same either way, the other one less after the other
 * claim), and more needs are never worth less to the side (whatever it
 * claims under the fewer needs it may claim under more).  The cards left
 * of a needed category are in the pattern table's shape, so the cut needs
 * no deciding cards. */
static ts_cards ck_dominant_claims(const ts_state *s, int R, ts_cards legal)
{
    ts_cards live = 0;
    for (int p = 0; p < s->nseats; p++)
        live |= s->playable[p];
    for (ts_cards m = legal; m; m &= m - 1) {
        int k = ts_quest_category(ts_first(m));
        if (s->quest_need[k] - s->side_claims[R][k] > ts_count(live & quest_cards(k)))
            return legal & quest_cards(k);
    }
    return legal;
}

/* The partition search's cheap bounds: the last trick played out, then
 * the bounds on the parts with the cards whose ranks decided them (where
 * they may cut).  1 with the answer *v when they answer for T. */
static inline int chinkway_pattern_bounds(ts_search *S, const ts_state *s, int T, int parts, int ceiling, int *v,
                                          ts_cards *decided)
{
    (void)parts, (void)ceiling;
    const int R = S->root_side;
    if (s->phase == TS_PLAY && s->ntrick == 0 && s->tricks_played + 1 == s->total_tricks) {
        *v = ck_last_trick(s, R, decided);
        return 1;
    }
    if (chinkway_bounds_may_cut(s, R)) {
        int lo, hi;
        ts_cards lo_ranks, hi_ranks;
        chinkway_parts_bounds(s, R, &lo, &hi, &lo_ranks, &hi_ranks);
        if (lo >= T) {
            *decided = lo_ranks;
            *v = lo;
            return 1;
        }
        if (hi < T) {
            *decided = hi_ranks;
            *v = hi;
            return 1;
        }
    }
    return 0;
}

/* The root side's claims not worth trying (ck_dominant_claims); no card
 * decides it. */
static inline ts_cards chinkway_dominated(const ts_state *s, int R, ts_cards moves, ts_cards legal, ts_cards *why)
{
    (void)why;
    return s->phase == TS_CLAIM ? moves & ~ck_dominant_claims(s, R, legal) : 0;
}

/* The partition search's target for a target score: the least number of
 * parts that scores it; and the score of its answer (cut short: below the
 * target). */
static inline int chinkway_pattern_goal(const ts_state *s, int target)
{
    (void)s;
    int T = 0;
    while (ts_quest_score(T) < target)
        T++;
    return T;
}

static inline int chinkway_pattern_answer(const ts_search *S, int target, int parts)
{
    return S->aborted ? target - 1 : ts_quest_score(parts);
}

/* the search (chinkway.h and the above) */
#define GAME_final_value chinkway_final_value
#define GAME_stored_offset(s, side) ((void)(s), (void)(side), 0)
#define GAME_bounds chinkway_bounds
#define GAME_bounds_may_cut chinkway_bounds_may_cut
#define GAME_alike chinkway_alike
#define GAME_ALIKE_CLASSES 1
#define GAME_alike_classes chinkway_alike_classes
#define GAME_key chinkway_key
#define GAME_rules chinkway_rules
#define GAME_possible_value chinkway_possible_value
#define GAME_first_target chinkway_first_target
#define GAME_claim_score chinkway_claim_score
#define GAME_claim_class ts_quest_category
#define GAME_ORDER_AGAINST_LATER 1
/* the partition search: quest parts, not tricks */
#define GAME_USES_PATTERNS 1
#define GAME_place chinkway_place
#define GAME_layout chinkway_layout
#define GAME_probe chinkway_probe
#define GAME_store chinkway_store
#define GAME_pattern_goal chinkway_pattern_goal
#define GAME_pattern_answer chinkway_pattern_answer
#define GAME_pattern_base(s, R) side_parts(s, R)
#define GAME_pattern_ceiling(s, parts) ((void)(s), (parts) + TS_QUEST_CARDS)
#define GAME_pattern_bounds chinkway_pattern_bounds
#define GAME_CUT_CARDS 0
#define GAME_PATTERN_KILLER 1
#define GAME_table_move(place) ((place)->best)
#define GAME_dominated chinkway_dominated
/* Lower cards of a suit are skipped after a card of the same seat, suit
 * and class whose search did not depend on its rank (they would play the
 * same); a claim stands for no other. */
#define GAME_RANK_CLASSES CK_CLASSES
#define GAME_rank_class(s, R, c) ((s)->phase == TS_PLAY ? ck_class(s, R, c) : 0)
#define GAME_stands_alone(s, c) ((void)(c), (s)->phase != TS_PLAY)
#define GAME_N_FEATURES CHINKWAY_N_FEATURES
#define GAME_features chinkway_features
#define GAME_model(s) ((void)(s), &CHINKWAY_MODEL)
#include "../search/core.h"

_Static_assert(TS_QUEST_CATEGORIES <= ALIKE_CLASSES_MAX, "chinkway_alike_classes: a class a category at most");
