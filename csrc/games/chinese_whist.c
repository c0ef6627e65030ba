/*
 * games/chinese_whist.c -- Chinese Whist's rules and search.  The rules
 * hooks of chinese_whist_rules.h given to the rules template
 * (rules/play.h), which makes chinese_whist_play from them.  Its keys and its
 * pattern table: the piles by their places (cover_places), the exact key of
 * the reference search, the shapes (lengths and piles), the probe at a
 * trick start (the bounds of whist once four seats have every card face up,
 * else quick and trump tricks; then the shape's patterns) and the store;
 * then the hooks of chinese_whist.h and these given to the search template
 * (search/core.h), which makes chinese_whist_search from them.
 */
#include "chinese_whist.h"
#include "chinese_whist_weights.h"
#include "chinese_whist_rules.h"

/* Chinese Whist keeps its table by patterns too.  Its shape is every
 * seat's length in every suit among its playable and among its face-down
 * cards, and which playable card covers each face-down card (by their
 * places in the seat's card order); a pattern holds the deciding cards of
 * both kinds.  Lower cards of a suit are interchangeable as long as the
 * piles are built alike, which the shape makes sure of: a seat's i-th
 * playable card in one position stands for its i-th in the other, and
 * without the cover places a low card covering an ace could stand for one
 * covering nothing.  A card that covers another stands for no other card
 * (not merged as equivalent, nor skipped after a lower card's search). */
#define CW_PATTERNS 4 /* measured: 8 or 16 fill the table sooner, 2 find too little */

typedef struct cw_pattern {
    ts_cards hands[4];   /* relative-rank playable cards of each seat that decided the bound */
    ts_cards covered[4]; /* and face-down ones */
    int8_t lo, hi;
} cw_pattern;

typedef struct cw_shape {
    uint64_t counts[2]; /* playable, face-down: four bits a seat and suit */
    uint64_t cover[2];  /* for each face-down card, the place of its cover, four bits each */
} cw_shape;

typedef struct cw_shape_entry {
    cw_shape shape;
    uint16_t gen;
    uint8_t leader, root, next;
    cw_pattern p[CW_PATTERNS];
} cw_shape_entry;

/* Chinese Whist piles: for each seat, for each of its face-down cards
 * (lowest first), the place of the card covering it among the seat's
 * playable cards, four bits each (at most 24 face-down cards: 96 bits).
 * Every covering card not yet played lies on a face-down card. */
static void cover_places(const ts_state *s, uint64_t out[2])
{
    out[0] = out[1] = 0;
    int base = 0;
    for (int p = 0; p < s->nseats; p++) {
        for (ts_cards m = s->playable[p] & s->covers; m; m &= m - 1) {
            ts_card c = ts_first(m), b = s->beneath[c];
            int bit = base + 4 * ts_count(s->covered[p] & (ts_bit(b) - 1));
            out[bit >> 6] |= (uint64_t)ts_count(s->playable[p] & (ts_bit(c) - 1)) << (bit & 63);
        }
        base += 4 * ts_count(s->covered[p]);
    }
}

/* Chinese Whist by relative ranks (the exact keys of the reference
 * search): the seats' playable and face-down cards by their rank among all
 * cards not yet played, and the piles (cover_places) in the slots of seat 4
 * (no Chinese Whist seat).  Positions alike in all this play alike from the
 * trick start on, and the table stores their future tricks. */
static void chinese_whist_key(const ts_state *s, tt_key *k)
{
    ts_cards remaining = 0;
    for (int p = 0; p < s->nseats; p++)
        remaining |= s->playable[p] | s->covered[p];
    for (int p = 0; p < s->nseats; p++) {
        k->hands[p] = relative(s->playable[p], remaining);
        k->covered[p] = relative(s->covered[p], remaining);
    }
    uint64_t cover[2];
    cover_places(s, cover);
    k->hands[4] = cover[0];
    k->covered[4] = cover[1];
}

static void cw_shape_of(const ts_state *s, cw_shape *sh)
{
    memset(sh, 0, sizeof *sh);
    for (int p = 0; p < s->nseats; p++) {
        sh->counts[0] = sh->counts[0] << 16 | suit_counts(s->playable[p]);
        sh->counts[1] = sh->counts[1] << 16 | suit_counts(s->covered[p]);
    }
    cover_places(s, sh->cover);
}

static uint64_t cw_shape_hash(const cw_shape *sh, int leader, int root)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(leader << 1 | root);
    for (int i = 0; i < 2; i++) {
        h = (h ^ sh->counts[i]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
        h = (h ^ sh->cover[i]) * 0x94D049BB133111EBULL;
        h ^= h >> 29;
    }
    return h;
}

/* For the table's growth (tt_part): the hash of a shape entry. */
static uint64_t cw_shape_entry_hash(const void *entry)
{
    const cw_shape_entry *e = entry;
    return cw_shape_hash(&e->shape, e->leader, e->root);
}

/* The two entries a Chinese Whist shape may be in (*hash: its hash). */
static cw_shape_entry *cw_shape_pair(const ts_tt *tt, const cw_shape *sh, int leader, int root,
                                     uint64_t *hash)
{
    uint64_t h = cw_shape_hash(sh, leader, root);
    *hash = h;
    return (cw_shape_entry *)tt->mem + (((h >> 32) * (tt->own_entries[0] / 2)) >> 32) * 2;
}

static cw_shape_entry *cw_shape_slot(ts_tt *tt, const cw_shape *sh, int leader, int root, int create)
{
    uint64_t h;
    cw_shape_entry *pair = cw_shape_pair(tt, sh, leader, root, &h);
    for (int i = 0; i < 2; i++)
        if (pair[i].gen == tt->gen && pair[i].leader == leader && pair[i].root == root &&
            memcmp(&pair[i].shape, sh, sizeof *sh) == 0)
            return &pair[i];
    if (!create)
        return NULL;
    cw_shape_entry *e = &pair[pair_to_fill(pair[0].gen, pair[1].gen, tt->gen, h)];
    tt->filled += sizeof *e;
    memset(e, 0, sizeof *e);
    e->shape = *sh;
    e->leader = (uint8_t)leader;
    e->root = (uint8_t)root;
    e->gen = tt->gen;
    return e;
}

/* The leader cashes its winners of the suits in `suits` (a bit a suit)
 * while each suit's rounds stay below its limit: the top card in play of
 * a suit is cashed when the leader holds it playable (`*avail`), and the
 * card beneath it is playable from the next trick on (added to *avail);
 * the suits in any order, so until none runs further.  Adds the rounds to
 * run[] and the cards to *cashed; returns their number. */
static int cw_cash_suits(const ts_state *s, ts_cards in_play, int suits, const int limit[TS_SUITS],
                         int run[TS_SUITS], ts_cards *avail, ts_cards *cashed)
{
    int total = 0, moved = 1;
    while (moved) {
        moved = 0;
        for (int suit = 0; suit < TS_SUITS; suit++) {
            if (!(suits >> suit & 1))
                continue;
            ts_cards lane = in_play & ts_suit_cards(suit) & ~*cashed;
            while (lane && run[suit] < limit[suit] && (*avail & ts_bit(top_of(lane)))) {
                ts_card c = top_of(lane);
                *cashed |= ts_bit(c);
                lane &= ~ts_bit(c);
                if (s->beneath[c] != TS_NO_CARD)
                    *avail |= ts_bit(s->beneath[c]);
                run[suit]++;
                total++;
                moved = 1;
            }
        }
    }
    return total;
}

#define CW_ALL_SUITS ((1 << TS_SUITS) - 1)

/* Quick tricks that know the piles: the tricks the side on lead surely
 * takes by cashing the leader's winners, as quick_tricks (games/tricks.h)
 * counts them, but the leader's winners of a suit run on through the cards
 * its winners turn up (cw_cash_suits).  Each round the leader wins, so
 * keeps the lead.  With trumps, a side suit's rounds only as many as every
 * other seat holding a trump (face down too) has playable cards of the
 * suit now (cards turned up on the way only add to them): each of them
 * follows, so none ruffs, nor discards, and a partner is not made to ruff.
 * On the rounds of trumps a seat with no playable trump left may discard
 * a card of a side suit, so the side suits are cashed first, then the
 * trumps, then the side suits again as far as the winners the trumps
 * turned up reach, with each such seat's limit less the rounds of trumps
 * it could not follow with its playable trumps now.  With a partner
 * holding a trump, quick_tricks' count when that is more.  *runs: the
 * cards cashed (their ranks, with the shape's lengths and cover places,
 * decide it: a card cashed is above every card of its suit in play but
 * those cashed before it, so its place among the seat's cards, and the
 * card its place covers, are the same in every position of the shape with
 * those cards). */
static int cw_quick_tricks(const ts_state *s, ts_cards in_play, ts_cards *runs)
{
    int leader = s->leader, my_side = s->side[leader], trump = s->trump;
    ts_cards trumps = trump == TS_NOTRUMP ? 0 : ts_suit_cards(trump);
    int partner_trumps = 0, sides = trump == TS_NOTRUMP ? CW_ALL_SUITS : CW_ALL_SUITS & ~(1 << trump);
    int limit[TS_SUITS], run[TS_SUITS] = {0, 0, 0, 0};
    for (int suit = 0; suit < TS_SUITS; suit++)
        limit[suit] = TS_RANKS;
    for (int p = 0; p < s->nseats; p++) {
        if (p == leader || !((s->playable[p] | s->covered[p]) & trumps))
            continue;
        partner_trumps |= s->side[p] == my_side;
        for (int suit = 0; suit < TS_SUITS; suit++) {
            int follow = ts_count(s->playable[p] & ts_suit_cards(suit));
            if (suit != trump && follow < limit[suit])
                limit[suit] = follow;
        }
    }
    ts_cards avail = s->playable[leader], cashed = 0;
    int total = cw_cash_suits(s, in_play, sides, limit, run, &avail, &cashed);
    if (trumps) {
        int rounds = cw_cash_suits(s, in_play, 1 << trump, limit, run, &avail, &cashed);
        total += rounds;
        for (int p = 0; rounds && p < s->nseats; p++) {
            if (p == leader || !((s->playable[p] | s->covered[p]) & trumps))
                continue;
            int discards = rounds - ts_count(s->playable[p] & trumps);
            for (int suit = 0; discards > 0 && suit < TS_SUITS; suit++) {
                int follow = ts_count(s->playable[p] & ts_suit_cards(suit)) - discards;
                if (suit != trump && follow < limit[suit])
                    limit[suit] = follow;
            }
        }
        if (rounds)
            total += cw_cash_suits(s, in_play, sides, limit, run, &avail, &cashed);
    }
    if (partner_trumps) {
        ts_cards plain;
        int qt = quick_tricks(s, &plain);
        if (qt >= total) {
            *runs = plain;
            return qt;
        }
    }
    *runs = cashed;
    int left = s->total_tricks - s->tricks_played;
    return total < left ? total : left;
}

/* At most what cw_quick_tricks and cash_from give the side on lead: a suit
 * whose top card in play is the leader's (face down too) gives at most its
 * cards of the suit. */
static int cw_quick_tricks_cap(const ts_state *s, ts_cards in_play)
{
    ts_cards mine = s->playable[s->leader] | s->covered[s->leader];
    int cap = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = in_play & ts_suit_cards(suit);
        if (lane && (mine & ts_bit(top_of(lane))))
            cap += ts_count(mine & lane);
    }
    return cap;
}

/* Chinese Whist at a trick start: with four seats and no card face down
 * any more, the bounds of whist; else the quick tricks of the side on lead
 * and the top trumps (every trump is a deciding card); then the patterns of
 * the position's shape.  1 with the value *v and its deciding cards when one of
 * them answers for `target`. */
static int cw_probe(ts_search *S, const ts_state *s, int target, const cw_shape *sh,
                    const ts_cards rel[4], const ts_cards crel[4], ts_cards remaining, int *v,
                    ts_cards *decided)
{
    const int R = S->root_side;
    int won = side_tricks(s, R), left = s->total_tricks - s->tricks_played;
    ts_cards down = 0;
    for (int p = 0; p < s->nseats; p++)
        down |= s->covered[p];
    /* four seats with every card turned up: a whist position */
    if (!down && s->nseats == 4 && whist_bounds(s, R, target, remaining, v, decided))
        return 1;
    int ours = s->side[s->leader] == R;
    ts_cards runs = 0, cashed = 0; /* (cash_from sets it; said for the compiler) */
    int qt = 0;
    if (cw_quick_tricks_cap(s, remaining) >= (ours ? target - won : won + left - target + 1)) {
        qt = cw_quick_tricks(s, remaining, &runs);
        /* cash_from lets partner discard to every round, but partner must
         * ruff when its playable cards are all trumps, and then the lead
         * moves: with a partner holding trumps, the leader's quick tricks
         * only */
        int mate = (s->leader + 2) % 4, forced = 0;
        if (s->nseats == 4 && s->trump != TS_NOTRUMP)
            forced = ((s->playable[mate] | s->covered[mate]) & ts_suit_cards(s->trump)) != 0;
        int cash = forced ? 0 : cash_from(s, s->leader, remaining, &cashed, -1);
        if (cash > qt) {
            qt = cash < left ? cash : left;
            runs = cashed;
        }
    }
    if (ours ? won + qt >= target : won + left - qt < target) {
        *decided = runs;
        *v = ours ? won + qt : won + left - qt;
        return 1;
    }
    /* (a seat takes no more trump tricks than it holds trumps) */
    int gain = 0, loss = 0, most[2] = {0, 0};
    for (int p = 0; s->trump != TS_NOTRUMP && p < s->nseats; p++) {
        int n = ts_count((s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump)), k = s->side[p] == R;
        if (n > most[k])
            most[k] = n;
    }
    if (won + most[1] >= target || won + left - most[0] < target)
        side_trump_tricks(s, R, &gain, &loss);
    if (won + gain >= target || won + left - loss < target) {
        /* each seat's count depends only on which of the trumps it plays
         * against (the other sides' for the root side's seats, the root
         * side's for the others) each of its own is below: with the trumps
         * against it, and all cards above the lowest of them, in the same
         * places, and the lengths of the shape, the count is the same */
        ts_cards trumps = s->trump == TS_NOTRUMP ? 0 : remaining & ts_suit_cards(s->trump), mine = 0;
        for (int p = 0; p < s->nseats; p++)
            if (s->side[p] == R)
                mine |= (s->playable[p] | s->covered[p]) & trumps;
        int gained = won + gain >= target;
        *decided = gained ? trumps & ~mine : mine;
        *v = gained ? won + gain : won + left - loss;
        return 1;
    }
    cw_shape_entry *e = cw_shape_slot(S->tt, sh, s->leader, R, 0);
    for (int i = 0; e && i < CW_PATTERNS; i++) {
        const cw_pattern *pt = &e->p[i];
        if (pt->lo == 0 && pt->hi == 0)
            continue; /* an empty slot */
        ts_cards miss = 0;
        for (int p = 0; p < s->nseats; p++)
            miss |= (pt->hands[p] & ~rel[p]) | (pt->covered[p] & ~crel[p]);
        if (miss)
            continue;
        int hit = pt->lo + won >= target ? 1 : pt->hi + won < target ? 0 : -1;
        if (hit >= 0) {
            S->stats.tt_hits++;
            ts_cards all = 0;
            for (int p = 0; p < s->nseats; p++)
                all |= pt->hands[p] | pt->covered[p];
            *decided = absolute(all, remaining);
            *v = won + (hit ? pt->lo : pt->hi);
            return 1;
        }
    }
    return 0;
}

/* Chinese Whist: store a bound with the cards (relative ranks) that decided it. */
static void cw_store(ts_tt *tt, const ts_state *s, int R, const cw_shape *sh, const ts_cards rel[4],
                     const ts_cards crel[4], ts_cards ranks, int yes, int future)
{
    cw_pattern fresh;
    memset(&fresh, 0, sizeof fresh);
    for (int p = 0; p < s->nseats; p++) {
        fresh.hands[p] = rel[p] & ranks;
        fresh.covered[p] = crel[p] & ranks;
    }
    fresh.lo = yes ? (int8_t)future : -NO_BOUND;
    fresh.hi = yes ? NO_BOUND : (int8_t)future;
    cw_shape_entry *e = cw_shape_slot(tt, sh, s->leader, R, 1);
    for (int i = 0; i < CW_PATTERNS; i++) {
        cw_pattern *pt = &e->p[i];
        if ((pt->lo || pt->hi) && memcmp(pt->hands, fresh.hands, sizeof fresh.hands) == 0 &&
            memcmp(pt->covered, fresh.covered, sizeof fresh.covered) == 0) {
            if (fresh.lo > pt->lo)
                pt->lo = fresh.lo;
            if (fresh.hi < pt->hi)
                pt->hi = fresh.hi;
            return;
        }
    }
    e->p[e->next] = fresh;
    e->next = (uint8_t)((e->next + 1) % CW_PATTERNS);
}

/* The whole block holds shape entries, in pairs (described for the
 * table's growth as one tt_part). */
static void chinese_whist_layout(ts_tt *tt)
{
    tt->own_entries[0] = 2 * tt_groups(tt->bytes, 2 * sizeof(cw_shape_entry));
    tt->parts[0] = (tt_part){0, 2 * sizeof(cw_shape_entry), tt->own_entries[0] / 2, sizeof(cw_shape_entry),
                             offsetof(cw_shape_entry, gen), cw_shape_entry_hash};
    tt->counts_fills = 1; /* (cw_shape_slot counts the entries it makes) */
}

/* The exact key of the reference search (chinese_whist_key). */
static void chinese_whist_exact_key(const ts_state *s, int root, int kind, tt_key *k)
{
    (void)root, (void)kind;
    chinese_whist_key(s, k);
}

/* A trick start as the probe leaves it for the store: the cards not yet
 * played, the seats' relative-rank playable and face-down cards, the shape. */
typedef struct chinese_whist_place {
    ts_cards remaining;
    ts_cards rel[4], crel[4];
    cw_shape sh;
} chinese_whist_place;

/* At a trick start: the shape's entries are fetched from memory while
 * cw_probe counts the quick tricks. */
static int chinese_whist_probe(ts_search *S, const ts_state *s, int target, int won,
                                      chinese_whist_place *pl, int *v, ts_cards *decided)
{
    (void)won;
    pl->remaining = 0;
    for (int p = 0; p < s->nseats; p++)
        pl->remaining |= s->playable[p] | s->covered[p];
    memset(pl->rel, 0, sizeof pl->rel);
    memset(pl->crel, 0, sizeof pl->crel);
    relative_seats(s, pl->remaining, pl->rel, pl->crel);
    cw_shape_of(s, &pl->sh);
    uint64_t h;
    prefetch(cw_shape_pair(S->tt, &pl->sh, s->leader, S->root_side, &h), 2 * sizeof(cw_shape_entry));
    return cw_probe(S, s, target, &pl->sh, pl->rel, pl->crel, pl->remaining, v, decided);
}

/* Store a bound with the cards that decided it (cw_store); returns them.
 * (The move that decided it is not kept.) */
static ts_cards chinese_whist_store(ts_search *S, const ts_state *s, const chinese_whist_place *pl,
                                           ts_cards all, int yes, int future, ts_card decisive)
{
    (void)decisive;
    ts_cards ranks = relevant_ranks(s, all, pl->rel, pl->remaining);
    cw_store(S->tt, s, S->root_side, &pl->sh, pl->rel, pl->crel, ranks, yes, future);
    return absolute(ranks, pl->remaining);
}

/* The first target of the search over targets: three seats, the root side
 * alone against two, takes few of the tricks left (its paranoid value at
 * the first lead is mostly 0-3 of 17), so the search starts an eighth of
 * the way up the bounds, not in the middle: each step down from the middle
 * is a search of its own.  (Measured with the leads of chinese_whist.h, on
 * bench deals 0, 2, 4 and 5: 56.4M -> 38.9M nodes; before those leads, on
 * three of them, lo + 3: 27.0M and lo + 1: over 33M against 25.1M.  On 12
 * positions 13 tricks from the end: 14.5M -> 15.9M.)  Else the middle. */
#define CW_LONE_SHARE 8
static inline int chinese_whist_first_target(const ts_state *s, int lo, int hi)
{
    return s->nseats == 3 ? lo + (hi - lo) / CW_LONE_SHARE : (lo + hi) / 2;
}

#define GAME chinese_whist
/* the rules (chinese_whist_rules.h) */
#define GAME_seats_ok chinese_whist_seats_ok
#define GAME_side_score chinese_whist_side_score
#define GAME_PILES 1
#define GAME_setup_check chinese_whist_setup_check
#define GAME_setup_state chinese_whist_setup_state
#define GAME_turn_up chinese_whist_turn_up
#define GAME_turn_down chinese_whist_turn_down
#include "../rules/play.h"
/* the search (chinese_whist.h and the above) */
#define GAME_final_value chinese_whist_final_value
#define GAME_stored_offset chinese_whist_stored_offset
#define GAME_maxn_score chinese_whist_maxn_score
#define GAME_maxn_offset chinese_whist_maxn_offset
#define GAME_maxn_baseline chinese_whist_maxn_baseline
#define GAME_maxn_key chinese_whist_maxn_key
#define GAME_bounds chinese_whist_value_bounds
#define GAME_alike chinese_whist_alike
#define GAME_key chinese_whist_exact_key
#define GAME_rules chinese_whist_rules
#define GAME_partnership chinese_whist_partnership
#define GAME_lead_score chinese_whist_lead_score
#define GAME_first_target chinese_whist_first_target
#define GAME_USES_PATTERNS 1
#define GAME_place chinese_whist_place
#define GAME_layout chinese_whist_layout
#define GAME_probe chinese_whist_probe
#define GAME_store chinese_whist_store
#define GAME_stands_alone chinese_whist_stands_alone
#define GAME_second_hand_wins second_hand_wins
#define GAME_dominated chinese_whist_dominated
#define GAME_stands_for_lower chinese_whist_stands_for_lower
#define GAME_N_FEATURES CHINESE_WHIST_N_FEATURES
#define GAME_features chinese_whist_features
#define GAME_model(s) ((s)->nseats == 2 ? &CW2_MODEL : (s)->nseats == 3 ? &CW3_MODEL : &CW4_MODEL)
#include "../search/core.h"
