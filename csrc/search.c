/*
 * search.c -- null-window alpha-beta with a transposition table, driven by a
 * search over targets; max^n for games of three or more sides.  See search.h.
 * The games' hooks are in csrc/games/, chosen here by the game of the state.
 */
#define _POSIX_C_SOURCE 200809L
#include "search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/chinese_whist.h"
#include "games/chinkway.h"
#include "games/cinch.h"
#include "games/whist.h"
#include "search/moves.h"
#include "search/ranks.h"
#include "search/table.h"


#define CHECK_LIMITS_EVERY 1024 /* nodes between looks at the clock and the stop flag */

#define VALUE_LIMIT 64          /* no value of any game reaches it */


/* ---- the game hooks, by the game of the state ----------------------------- */

/* The value of a finished hand for a side. */
static int final_value(const ts_state *s, int side)
{
    switch (s->game) {
    case TS_CINCH:
        return cinch_final_value(s, side);
    case TS_CHINKWAY:
        return chinkway_final_value(s, side);
    case TS_CHINESE_WHIST:
        return chinese_whist_final_value(s, side);
    default:
        return whist_final_value(s, side);
    }
}

/* Tricks games store values from the trick start on (the key knows no
 * history); the others store whole-hand values with the history in the key. */
static int stored_offset(const ts_state *s, int side)
{
    switch (s->game) {
    case TS_CHINESE_WHIST:
        return chinese_whist_stored_offset(s, side);
    case TS_WHIST:
        return whist_stored_offset(s, side);
    default:
        return 0;
    }
}

/* Cheap bounds on the value of a position for a side. */
static void bounds(const ts_state *s, int side, int *lo, int *hi)
{
    switch (s->game) {
    case TS_CINCH:
        cinch_bounds(s, side, lo, hi);
        return;
    case TS_CHINKWAY:
        chinkway_bounds(s, side, lo, hi);
        return;
    case TS_CHINESE_WHIST:
        chinese_whist_value_bounds(s, side, lo, hi);
        return;
    default:
        whist_value_bounds(s, side, lo, hi);
        return;
    }
}

void ts_value_range(const ts_state *s, int side, int *lo, int *hi) { bounds(s, side, lo, hi); }

/* Can the cheap bounds be tighter here than at the trick start above (the
 * search skips them where they cannot)? */
static int bounds_may_cut(const ts_state *s, int side)
{
    return s->game != TS_CHINKWAY || chinkway_bounds_may_cut(s, side);
}

/* May two cards of one suit, adjacent among the cards still in play, be
 * searched as one?  Only if the game scores them alike -- for the value of
 * side `root` (-1: for every side's). */
static int alike(const ts_state *s, ts_card a, ts_card b, int root)
{
    switch (s->game) {
    case TS_CINCH:
        return cinch_alike(s, a, b, root);
    case TS_CHINKWAY:
        return chinkway_alike(s, a, b, root);
    case TS_CHINESE_WHIST:
        return chinese_whist_alike(s, a, b, root);
    default:
        return 1;
    }
}

/* Four seats in two partnerships: the whist rules of move ordering apply. */
static int whist_like(const ts_state *s)
{
    return s->game == TS_WHIST || (s->game == TS_CHINESE_WHIST && chinese_whist_partnership(s));
}

static int game_lead_score(const ts_state *s, ts_card c, ts_cards remaining)
{
    switch (s->game) {
    case TS_WHIST:
        return whist_lead_score(s, c, remaining);
    case TS_CHINESE_WHIST:
        return chinese_whist_lead_score(s, c, remaining);
    default:
        return lead_score(s, c, remaining);
    }
}

static void rules_of(const ts_state *s, hand_rules *r)
{
    memset(r, 0, sizeof *r);
    r->game = s->game;
    r->nseats = s->nseats;
    r->trump = s->trump;
    memcpy(r->side, s->side, sizeof r->side);
    if (s->game == TS_CHINKWAY)
        chinkway_rules(s, r->own);
    if (s->game == TS_CHINESE_WHIST)
        chinese_whist_rules(s, r->own);
    if (s->game == TS_CINCH)
        cinch_rules(s, r->own);
}

static void make_key(const ts_state *s, int root, int kind, tt_key *k)
{
    memset(k, 0, sizeof *k);
    switch (s->game) {
    case TS_CHINESE_WHIST:
        chinese_whist_exact_key(s, root, kind, k);
        break;
    case TS_CHINKWAY:
        chinkway_key(s, root, kind, k);
        break;
    case TS_CINCH:
        cinch_key(s, root, kind, k);
        break;
    default:
        whist_key(s, root, kind, k);
        break;
    }
    k->leader = s->leader;
    k->root = (uint8_t)root;
    k->kind = (uint8_t)kind;
}

/* Can a finished hand be worth v to side R?  (A superset of the values is
 * enough: the drivers skip targets no hand can score.) */
static int possible_value(const ts_state *s, int R, int v)
{
    switch (s->game) {
    case TS_CINCH:
        return cinch_possible_value(s, R, v);
    case TS_CHINKWAY:
        return chinkway_possible_value(s, R, v);
    default:
        return 1;
    }
}

/* The first target of a search over targets, within the bounds lo..hi:
 * the middle, unless the game has its own. */
static int first_target(const ts_state *s, int lo, int hi)
{
    return s->game == TS_CHINKWAY ? chinkway_first_target(s, lo, hi) : (lo + hi) / 2;
}

/* ---- moves -------------------------------------------------------------- */


/* The legal moves with equivalent ones removed: a card is dropped when the
 * next higher card of its suit held by the same seat is alike and no card of
 * anyone else (or of the trick) lies between them.  Claims: one per quest
 * category. */
static ts_cards representatives(const ts_state *s, ts_cards legal, int root)
{
    if (s->phase == TS_CLAIM) {
        ts_cards keep = 0;
        int seen = 0;
        for (ts_cards m = legal; m; m &= m - 1) {
            ts_card c = ts_first(m);
            int k = 1 << ts_quest_category(c);
            if (!(seen & k))
                keep |= ts_bit(c);
            seen |= k;
        }
        return keep;
    }
    ts_cards others = 0;
    for (int p = 0; p < s->nseats; p++)
        if (p != s->turn)
            others |= s->playable[p] | s->covered[p];
    for (int i = 0; i < s->ntrick; i++)
        others |= ts_bit(s->trick[i]);
    ts_cards merged;
    if (s->game == TS_WHIST && merged_below(legal, others, &merged)) /* every card alike */
        return legal & ~merged;
    ts_cards keep = legal;
    for (ts_cards m = legal; m; m &= m - 1) {
        ts_card c = ts_first(m);
        /* the next legal card above c in its suit */
        ts_cards above = legal & ts_suit_cards(ts_suit_of(c)) & ~((ts_bit(c) << 1) - 1);
        if (!above)
            continue;
        ts_card h = ts_first(above);
        ts_cards between = ((ts_bit(h) - 1) & ~((ts_bit(c) << 1) - 1));
        if (!(between & others) && alike(s, c, h, root))
            keep &= ~ts_bit(c);
    }
    return keep;
}

/* The representative of card c's class (see representatives): the next
 * representative at or above c in its suit, or TS_NO_CARD. */
static ts_card representative_of(ts_cards reps, ts_card c)
{
    ts_cards up = reps & ts_suit_cards(ts_suit_of(c)) & ~(ts_bit(c) - 1);
    return up ? ts_first(up) : TS_NO_CARD;
}

/* Card order of the tie rule and of the move lists: spades first, then
 * hearts, diamonds, clubs; high card first within a suit. */
static int ordered(ts_cards set, ts_card out[64])
{
    int n = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = set & ts_suit_cards(suit);
        while (lane) {
            ts_card c = (ts_card)(63 - __builtin_clzll(lane));
            out[n++] = c;
            lane &= ~ts_bit(c);
        }
    }
    return n;
}

/* Whist, second hand: partner, last to play, holds a card of the led suit
 * that beats the lead and everything the third hand can play to the trick
 * (the third hand follows below it, or is void without a trump to ruff). */
static int partner_covers(const ts_state *s, ts_card lead)
{
    int led = ts_suit_of(lead), third = (s->turn + 1) % 4;
    ts_cards lane = ts_suit_cards(led);
    ts_cards pd = s->playable[(s->turn + 2) % 4] & lane, th = s->playable[third] & lane;
    if (!pd || top_of(pd) < lead)
        return 0;
    if (th)
        return top_of(pd) > top_of(th);
    return s->trump == TS_NOTRUMP || led == s->trump ||
           !(s->playable[third] & ts_suit_cards(s->trump));
}

/* Can seat p beat card w in the trick under way: follow above it, or trump
 * it (overtrump a trump) when void in the led suit -- or at any time with
 * `trump_anyway` (Chinkway and Cinch, as an estimate for move ordering)? */
static int seat_beats(const ts_state *s, int p, ts_card w, int trump_anyway)
{
    int led = ts_suit_of(s->trick[0]), trump = s->trump;
    ts_cards hand = s->playable[p], follow = hand & ts_suit_cards(led);
    if (follow && ts_suit_of(w) == led && top_of(follow) > w)
        return 1;
    if ((follow && !trump_anyway) || trump == TS_NOTRUMP || led == trump)
        return 0;
    ts_cards trumps = hand & ts_suit_cards(trump);
    return trumps && (ts_suit_of(w) != trump || top_of(trumps) > w);
}

/* Whist: can the next hand (the last of the trick for the third hand, the
 * third for the second) beat card w? */
static int last_beats(const ts_state *s, ts_card w) { return seat_beats(s, (s->turn + 1) % 4, w, 0); }

/* Chinkway and Cinch: can a player of another side still to play to this
 * trick beat card w? */
static int later_other_beats(const ts_state *s, ts_card w)
{
    for (int k = 1; k < s->nseats - s->ntrick; k++) {
        int p = (s->turn + k) % s->nseats;
        if (s->side[p] != s->side[s->turn] && seat_beats(s, p, w, 1))
            return 1;
    }
    return 0;
}

static int follow_score(const ts_state *s, ts_card c, ts_card winning, int partner_winning)
{
    int r = ts_rank_of(c), suit = ts_suit_of(c), led = ts_suit_of(s->trick[0]);
    int whist = whist_like(s);
    /* whist, second hand: low (and no ruff) when partner wins anyway */
    int covered = whist && s->ntrick == 1 && partner_covers(s, winning);
    if (suit == led) {
        /* whist, third hand, partner's card winning but not against the
         * last hand: a card that keeps the trick first, the cheapest first */
        if (whist && s->ntrick == 2 && partner_winning && last_beats(s, winning))
            return last_beats(s, beats(c, winning, s->trump) ? c : winning) ? -r : ORDER_WIN - r;
        if (partner_winning || covered || !beats(c, winning, s->trump))
            return -r;
        /* whist, second hand: a card the third hand can beat is tried
         * with the low cards, after those it cannot beat */
        if (whist && s->ntrick == 1 && last_beats(s, c))
            return -r;
        /* Chinkway and Cinch: the same for a card another side can still
         * beat (19 Chinkway deals: the median deal 5.7M -> 5.1M nodes, the
         * total 3% more; Cinch 8% fewer) */
        if ((s->game == TS_CHINKWAY || s->game == TS_CINCH) && later_other_beats(s, c))
            return -r;
        /* whist, third hand: when the last hand can beat the cheapest
         * winning card, the highest card first */
        if (whist && s->ntrick == 2) {
            ts_cards lane = ts_suit_cards(led);
            ts_cards mine = s->playable[s->turn] & lane, last = s->playable[(s->turn + 1) % 4] & lane;
            ts_cards over = mine & ~((ts_bit(winning) << 1) - 1);
            if (last && over && top_of(last) > ts_first(over))
                return ORDER_WIN + r;
        }
        return ORDER_WIN - r;
    }
    if (suit == s->trump) {
        if (partner_winning || covered)
            return ORDER_UNDERRUFF - r;
        return beats(c, winning, s->trump) ? ORDER_RUFF - r : ORDER_UNDERRUFF - r;
    }
    /* a discard: low cards of long suits first */
    return ORDER_DISCARD + 2 * TS_RANKS * ts_count(s->playable[s->turn] & ts_suit_cards(suit)) / 4 - r;
}

/* The index of the next card in the hand's play (the killer leads' slot). */
static int play_depth(const ts_state *s) { return s->tricks_played * s->nseats + s->ntrick; }

/* Orders `moves` into out (room for one card a move); returns their number. */
static int order_moves(const ts_state *s, ts_cards moves, ts_card first, ts_card killer, int root,
                       ts_card *out)
{
    if (moves && !(moves & (moves - 1))) {
        out[0] = ts_first(moves); /* one move: nothing to order */
        return 1;
    }
    int score[64], n = 0;
    ts_cards remaining = 0; /* (for leads) */
    int w = -1, partner_winning = 0;
    if (s->phase == TS_PLAY && s->ntrick > 0) {
        w = ts_trick_winner(s->trick, s->ntrick, s->trump);
        partner_winning = s->side[(s->leader + w) % s->nseats] == s->side[s->turn];
    } else {
        for (int p = 0; p < s->nseats; p++)
            remaining |= s->playable[p] | s->covered[p];
    }
    for (ts_cards m = moves; m; m &= m - 1) {
        ts_card c = ts_first(m);
        int sc;
        if (c == first)
            sc = ORDER_TABLE;
        else if (s->phase != TS_PLAY)
            sc = s->game == TS_CHINKWAY ? chinkway_claim_score(s, c, root) : 0;
        else if (w < 0)
            sc = game_lead_score(s, c, remaining) +
                 (c == killer ? ORDER_KILLER : 0);
        else
            sc = follow_score(s, c, s->trick[w], partner_winning);
        int i = n++;
        while (i > 0 && score[i - 1] < sc) {
            score[i] = score[i - 1];
            out[i] = out[i - 1];
            i--;
        }
        score[i] = sc;
        out[i] = c;
    }
    return n;
}


/* ---- limits --------------------------------------------------------------- */


static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Every search counts its positions here: all of them, and those at the
 * start of a trick (what DDS counts as its nodes). */
static inline void count_node(ts_search *S, const ts_state *s)
{
    S->stats.nodes++;
    S->stats.trick_starts += s->ntrick == 0 && s->phase == TS_PLAY;
}

static int out_of_budget(ts_search *S)
{
    if (S->stats.nodes < S->check_at)
        return 0;
    if (!S->aborted && (S->stop || (S->max_nodes && S->stats.nodes >= S->max_nodes) ||
                        (S->max_seconds > 0 && now() - S->started >= S->max_seconds)))
        S->aborted = 1;
    if (S->aborted)
        return 1; /* (check_at stays put: every later call comes here) */
    S->check_at = S->stats.nodes + CHECK_LIMITS_EVERY;
    if (S->max_nodes && S->check_at > S->max_nodes)
        S->check_at = S->max_nodes;
    return 0;
}

/* Tricks games keep their table by patterns (unless the searcher asks for
 * exact keys only, the slower reference). */
static int by_patterns(const ts_search *S, const ts_state *s)
{
    return !S->exact_keys && (s->game == TS_WHIST || s->game == TS_CHINESE_WHIST);
}

/* Start a call on a position: the table is kept only for the same hand
 * rules and the same layout (`patterns`: the block holds pattern entries,
 * else exact entries; the two overlap in memory). */
static void begin(ts_search *S, const ts_state *s, int patterns)
{
    hand_rules r;
    rules_of(s, &r);
    tt_begin(S->tt, &r, patterns ? LAYOUT_PATTERNS : LAYOUT_EXACT, s->game == TS_CINCH ? CINCH_TABLE_BYTES : 0);
    if (s->game == TS_WHIST)
        whist_layout(S->tt);
    else if (s->game == TS_CHINESE_WHIST)
        chinese_whist_layout(S->tt);
    memset(&S->stats, 0, sizeof S->stats);
    memset(S->killer, TS_NO_CARD, sizeof S->killer);
    S->aborted = 0;
    S->check_at = 0;
    S->started = now();
}

static void end(ts_search *S)
{
    S->stats.seconds = now() - S->started;
    S->stats.exact = !S->aborted;
}


/* ---- the null-window search -------------------------------------------------- */


/* Can side R reach at least `target` from here?  Fail-soft: the answer is a
 * value v, "yes" when v >= target, and then the value is at least v; "no"
 * when v < target, and then the value is at most v (the drivers jump over
 * targets the search proved on the way).  Steps: 1. a finished hand; 2. cheap
 * bounds; 3. the table, at a trick start; 4. the moves, the table's best move
 * first; 5. the table entry. */
static int reaches(ts_search *S, ts_state *s, int target)
{
    const int R = S->root_side;
    count_node(S, s);
    if (out_of_budget(S))
        return target - 1;

    /* 1. */
    if (s->phase == TS_OVER)
        return final_value(s, R);

    /* 2. (at a trick start the table's bucket is fetched from memory while
     * the bounds are worked out) */
    tt_entry *e = NULL;
    tt_key key;
    int offset = 0;
    ts_card best = TS_NO_CARD;
    int at_trick_start = s->phase == TS_PLAY && s->ntrick == 0;
    uint64_t h = 0;
    if (at_trick_start) {
        make_key(s, R, KIND_BOUNDS, &key);
        h = hash_key(&key);
        prefetch(tt_bucket(S->tt, h), TT_WAYS * sizeof(tt_entry));
    }
    int lo = -VALUE_LIMIT, hi = VALUE_LIMIT;
    if (bounds_may_cut(s, R)) {
        bounds(s, R, &lo, &hi);
        if (lo >= target)
            return lo;
        if (hi < target)
            return hi;
    }

    /* 3. */
    if (at_trick_start) {
        offset = stored_offset(s, R);
        e = tt_find_hashed(S->tt, &key, h, 0);
        if (e) {
            if (e->lo + offset >= target) {
                S->stats.tt_hits++;
                return e->lo + offset;
            }
            if (e->hi + offset < target) {
                S->stats.tt_hits++;
                return e->hi + offset;
            }
            best = e->best;
            if (e->lo + offset > lo)
                lo = e->lo + offset;
            if (e->hi + offset < hi)
                hi = e->hi + offset;
        }
    }

    /* 4. The maximising side answers "yes" with its first move that reaches
     * the target, else "no" with the best bound of its moves; the other side
     * the reverse.  (A table of the cards that cut off the search inside
     * tricks, for move ordering, saved 1-4% of the nodes and doubled the
     * time: a cache miss a node.) */
    int maximising = s->side[s->turn] == R;
    ts_card list[64];
    int n;
    /* the killer lead for the other sides' leads only (for R's leads too:
     * 29% more nodes on 19 Chinkway deals, measured) */
    int depth = play_depth(s);
    if (s->phase == TS_CLAIM && !maximising) {
        /* Chinkway: another side's claim leaves R's score and R's future
         * alone (see chinkway_extra): any one will do */
        list[0] = ts_first(ts_legal(s));
        n = 1;
    } else {
        n = order_moves(s, representatives(s, ts_legal(s), R), best,
                        maximising ? TS_NO_CARD : S->killer[depth], R, list);
    }

    int result = maximising ? lo : hi;
    int first = 1;
    ts_card decisive = TS_NO_CARD;
    for (int i = 0; i < n; i++) {
        ts_undo u;
        ts_apply(s, list[i], &u);
        int v = reaches(S, s, target);
        ts_unplay(s, &u);
        if (S->aborted)
            return target - 1;
        if ((v >= target) == maximising) {
            result = v;
            decisive = list[i];
            if (at_trick_start && !maximising)
                S->killer[depth] = list[i];
            break;
        }
        if (first || (maximising ? v > result : v < result))
            result = v;
        first = 0;
    }
    /* the node's own bounds hold too */
    if (result < lo)
        result = lo;
    if (result > hi)
        result = hi;

    /* 5. */
    if (at_trick_start) {
        e = tt_find_hashed(S->tt, &key, h, 1);
        if (result >= target) {
            if (result - offset > e->lo)
                e->lo = (int8_t)(result - offset);
        } else if (result - offset < e->hi) {
            e->hi = (int8_t)(result - offset);
        }
        if (decisive != TS_NO_CARD)
            e->best = decisive;
        S->stats.tt_stores++;
    }
    return result;
}


/* ---- the pattern search of the tricks games -------------------------------- */


/* The card of a complete trick that won it by rank (it beat another card of
 * its suit), or none: a ruff or a lone card of its suit wins by suit alone. */
static ts_cards trick_rank_winner(const ts_card *cards, int n, int trump)
{
    int w = ts_trick_winner(cards, n, trump);
    for (int i = 0; i < n; i++)
        if (i != w && ts_suit_of(cards[i]) == ts_suit_of(cards[w]))
            return ts_bit(cards[w]);
    return 0;
}

/* The key of a cutoff card (see cut_slot): what mostly decides the right
 * card at that place in the trick, the rest of the position left out.
 *   lead: the leader's cards, which of partner's suits are odd in length,
 *         and the tricks the leader's side still needs for the target;
 *   following suit: the cards left in the suit led (the trick's included),
 *         the card winning the trick and the seat that led;
 *   void: the player's cards, and the winning card and the tricks still
 *         needed (with trumps), or the winning seat (without).
 * (bridge-solver keys its cutoff cards much the same way.  Measured on the
 * first 30 bench deals: 54.4M -> 34.1M nodes with these and no killer leads;
 * the tricks needed in the key when following suit, or no partner's
 * parities: more nodes.)  Returns the slot; *tag: the key's tag. */
static uint16_t *cut_slot(ts_search *S, const ts_state *s, int target, uint16_t *tag)
{
    int me = s->turn, n = s->nseats;
    int need = target - stored_offset(s, s->side[me]) + 16; /* may be below 0 for the other side */
    uint64_t k;
    if (s->ntrick == 0) {
        uint16_t odd = n == 4 ? suit_counts(s->playable[(me + 2) % 4]) & 0x1111 : 0;
        k = s->playable[me] ^ (uint64_t)odd << 52 ^ (uint64_t)need << 58;
    } else {
        int w = ts_trick_winner(s->trick, s->ntrick, s->trump);
        ts_cards lane = ts_suit_cards(ts_suit_of(s->trick[0]));
        if (s->playable[me] & lane) {
            ts_cards left = 0;
            for (int p = 0; p < n; p++)
                left |= s->playable[p];
            for (int i = 0; i < s->ntrick; i++)
                left |= ts_bit(s->trick[i]);
            k = (left & lane) ^ (uint64_t)s->trick[w] << 52 ^ (uint64_t)s->leader << 60 ^
                0x5555ULL << 40;
        } else if (s->trump != TS_NOTRUMP) {
            k = s->playable[me] ^ (uint64_t)s->trick[w] << 52 ^ (uint64_t)need << 58 ^ 0xAAAAULL << 38;
        } else {
            k = s->playable[me] ^ (uint64_t)((s->leader + w) % n) << 52 ^ 0xAAAAULL << 38;
        }
    }
    k = (k ^ (uint64_t)me << 62) * 0x9E3779B97F4A7C15ULL;
    *tag = (uint16_t)((k >> 16 & 0x7FC0u) | 0x8000u);
    return &S->tt->cuts[(size_t)s->ntrick << CUT_BITS | (size_t)(k >> (64 - CUT_BITS))];
}

/* Plain whist and Chinese Whist.  Can the root side reach `target`
 * future-and-past tricks?  Fail-soft: the answer is a value v, with v >=
 * target when it can (and then its tricks are at least v) and v < target
 * when it cannot (and then they are at most v).  Also gives the cards whose
 * ranks decided it (*decided).  Steps: 1. the end, trivial bounds; 2. at a
 * trick start, quick tricks and the pattern table (cw_probe for Chinese
 * Whist); 3. the moves, the cutoff card first; 4. at a trick start, store
 * the bound with its pattern. */
static int search_whist(ts_search *S, ts_state *s, int target, ts_cards *decided)
{
    const int R = S->root_side;
    *decided = 0;
    count_node(S, s);
    int won = stored_offset(s, R), left = s->total_tricks - s->tricks_played;
    if (out_of_budget(S))
        return won;

    /* 1. */
    if (s->phase == TS_OVER || won >= target || won + left < target)
        return won >= target ? won : won + left;

    /* whist-like, second hand: the side to move surely takes this trick (and
     * without trumps the winner's top cards after it), and no more are
     * needed (DDS's second-hand quick tricks) */
    if (s->ntrick == 1 && whist_like(s)) {
        int mine = s->side[s->turn] == R;
        int need = mine ? target - won : won + left - target + 1;
        int q = second_hand_wins(s, decided);
        if (q > 0 && q >= need)
            return mine ? won + q : won + left - q;
        *decided = 0;
    }

    /* 2. */
    int at_start = s->ntrick == 0, cw = s->game == TS_CHINESE_WHIST;
    whist_place wp;
    chinese_whist_place cp;
    if (at_start) {
        int v;
        if (cw ? chinese_whist_probe(S, s, target, won, &cp, &v, decided) : whist_probe(S, s, target, won, &wp, &v, decided))
            return v;
    }

    /* 3. */
    int maximising = s->side[s->turn] == R;
    ts_card list[64];
    /* With four seats, the last seat of a trick goes by the heuristics
     * alone (follow_score: the cheapest card that takes the trick, else a
     * low one), which do as well there as its cutoff cards and save a read
     * from memory: measured, whist 0.4% more nodes on the first 30 bench
     * deals, 1.2% fewer on all 100, and 4-12% less time; four-player
     * Chinese Whist 4% fewer nodes.  (At the third seat too: 15%
     * more nodes; the last of three or two seats: 1-5% more.) */
    int last4 = s->nseats == 4 && s->ntrick == 3;
    uint16_t tag = 0, *cut = last4 ? NULL : cut_slot(S, s, target, &tag);
    ts_card first = cut && (*cut & ~0x3Fu) == tag ? (ts_card)(*cut & 0x3F) : TS_NO_CARD;
    /* The cutoff card alone first, when legal (another card of its class
     * would do the same): the others are found and ordered only when it
     * does not cut off.  (Only a cutoff card that was its class's
     * representative first: 5.7% more nodes.) */
    ts_cards legal = ts_legal(s), moves = 0;
    int n, lazy = first != TS_NO_CARD && (legal & ts_bit(first)) && (legal & (legal - 1));
    if (lazy) {
        list[0] = first;
        n = 1;
    } else {
        moves = representatives(s, legal, R);
        n = order_moves(s, moves, TS_NO_CARD, TS_NO_CARD, R, list);
    }
    /* the best value found for the side to move (fail-soft) */
    int result = maximising ? won : won + left;
    ts_cards all = 0;
    /* A card whose subtree did not depend on its rank stands for the lower
     * cards of its suit in the same hand: min_rank[suit] is the lowest rank
     * still worth trying. */
    int min_rank[TS_SUITS] = {0, 0, 0, 0};
    for (int i = 0;; i++) {
        if (i == n && lazy) {
            /* the others: every class but the cutoff card's (represented
             * by the next representative at or above it in its suit) */
            moves = representatives(s, legal, R);
            ts_card r = representative_of(moves, first);
            if (r != TS_NO_CARD)
                moves &= ~ts_bit(r);
            n += order_moves(s, moves, TS_NO_CARD, TS_NO_CARD, R, list + 1);
            lazy = 0;
        }
        if (i == n)
            break;
        int suit = ts_suit_of(list[i]);
        if (ts_rank_of(list[i]) < min_rank[suit] && !(cw && chinese_whist_stands_alone(s, list[i])))
            continue;
        ts_card cards[TS_MAX_SEATS];
        int k = s->ntrick;
        memcpy(cards, s->trick, sizeof cards);
        cards[k] = list[i];
        ts_undo u;
        ts_cards below;
        ts_apply(s, list[i], &u);
        int v = search_whist(S, s, target, &below);
        ts_unplay(s, &u);
        if (S->aborted)
            return won;
        if (k + 1 == s->nseats)
            below |= trick_rank_winner(cards, k + 1, s->trump);
        if (maximising ? v > result : v < result)
            result = v;
        if ((v >= target) == maximising) {
            all = below;
            if (cut) {
                *cut = (uint16_t)(tag | list[i]);
                S->tt->cuts_used = 1;
            }
            break;
        }
        all |= below;
        if (cw && chinese_whist_stands_alone(s, list[i]))
            continue; /* a card with another beneath it stands for no other */
        ts_cards in_suit = below & ts_suit_cards(suit);
        if (!in_suit)
            min_rank[suit] = TS_RANKS;
        else if (ts_first(in_suit) > list[i] && ts_rank_of(ts_first(in_suit)) > min_rank[suit])
            min_rank[suit] = ts_rank_of(ts_first(in_suit));
    }
    *decided = all;

    /* 4. */
    if (at_start) {
        int yes = result >= target;
        *decided = cw ? chinese_whist_store(S, s, &cp, all, yes, result - won) : whist_store(S, s, &wp, all, yes, result - won);
        S->stats.tt_stores++;
    }
    return result;
}

/* The least possible value at or above v, and the greatest at or below v
 * (within the range the search may ask about). */
static int value_up(const ts_state *s, int R, int v)
{
    while (v < VALUE_LIMIT && !possible_value(s, R, v))
        v++;
    return v;
}

static int value_down(const ts_state *s, int R, int v)
{
    while (v > -VALUE_LIMIT && !possible_value(s, R, v))
        v--;
    return v;
}

/* The exact value for R by bisection over targets (each step one null-window
 * search); the table carries what one step learned into the next.  Bounds
 * and targets are kept to values a hand can end with: a search for a value
 * no hand can score would only repeat its neighbour's. */
static int value_for(ts_search *S, ts_state *s, int R, int base, int guess, int cap)
{
    S->root_side = R;
    int lo, hi;
    bounds(s, R, &lo, &hi);
    if (cap + base < hi)
        hi = cap + base;
    lo = value_up(s, R, lo);
    hi = value_down(s, R, hi);
    /* MTD(f)-style: test the guess first, then step toward the value one
     * target at a time (searches far from the value are the costly ones). */
    int target = guess + base;
    while (lo < hi && !S->aborted) {
        if (target <= lo || target > hi)
            target = lo + (hi - lo + 1) / 2;
        target = value_up(s, R, target);
        ts_cards decided;
        int v = by_patterns(S, s) ? search_whist(S, s, target, &decided) : reaches(S, s, target);
        if (S->aborted)
            break;
        if (v >= target) {
            lo = value_up(s, R, v < hi ? v : hi);
            target = lo + 1;
        } else {
            hi = value_down(s, R, v > lo ? v : lo);
            target = hi;
        }
    }
    return lo - base;
}

int ts_reaches(ts_search *S, const ts_state *s0, int side, int target)
{
    ts_state s = *s0;
    begin(S, s0, by_patterns(S, s0));
    S->root_side = side;
    ts_cards decided;
    int t = target + stored_offset(&s, side);
    int r = (by_patterns(S, &s) ? search_whist(S, &s, t, &decided) : reaches(S, &s, t)) >= t;
    end(S);
    return r;
}

/* The value for `side`, the search over targets starting at `guess` when
 * `have_guess` (else in the middle of the bounds). */
static int solve_from(ts_search *S, const ts_state *s0, int side, int guess, int have_guess)
{
    ts_state s = *s0;
    begin(S, s0, by_patterns(S, s0));
    int lo, hi;
    bounds(&s, side, &lo, &hi);
    int base = stored_offset(&s, side);
    if (!have_guess)
        guess = first_target(&s, lo, hi) - base;
    int v = value_for(S, &s, side, base, guess, hi - base);
    end(S);
    return v;
}

int ts_solve_for(ts_search *S, const ts_state *s0, int side) { return solve_from(S, s0, side, 0, 0); }

int ts_solve_near(ts_search *S, const ts_state *s0, int side, int guess)
{
    return solve_from(S, s0, side, guess, 1);
}

int ts_solve(ts_search *S, const ts_state *s0)
{
    return ts_solve_for(S, s0, s0->side[s0->turn]);
}

int ts_analyze(ts_search *S, const ts_state *s0, ts_card moves[64], int values[64], int cls[64])
{
    ts_state s = *s0;
    begin(S, s0, by_patterns(S, s0));
    int R = s.side[s.turn];
    ts_cards legal = ts_legal(&s);
    ts_cards reps = representatives(&s, legal, R);
    ts_card all[64];
    int n = ordered(legal, all);
    int rep_value[64];
    int base = stored_offset(s0, R), lo, hi;
    bounds(s0, R, &lo, &hi);
    /* Each card's value by its own search over targets, the likeliest best
     * card first; a card's first target is the best value so far.  (Finding
     * the position's value first, as the cap and first target of the cards'
     * searches, took 1.6% more nodes on the first 30 bench deals: its steps
     * toward the value prove again what the cards' own searches prove.) */
    int best = -VALUE_LIMIT;
    ts_card order[64];
    int nrep = order_moves(&s, reps, TS_NO_CARD, TS_NO_CARD, R, order);
    for (int i = 0; i < nrep; i++) {
        ts_undo u;
        ts_apply(&s, order[i], &u);
        int guess = i > 0 ? best : first_target(&s, lo, hi) - base;
        int v = value_for(S, &s, R, base, guess, hi - base);
        rep_value[order[i]] = v;
        if (v > best)
            best = v;
        ts_unplay(&s, &u);
    }
    /* Every card takes the value of its class's representative
     * (representative_of; claims: the one of its category). */
    for (int i = 0; i < n; i++) {
        ts_card c = all[i], r = c;
        if (s.phase == TS_CLAIM) {
            for (ts_cards m = reps; m; m &= m - 1)
                if (ts_quest_category(ts_first(m)) == ts_quest_category(c))
                    r = ts_first(m);
        } else {
            r = representative_of(reps, c);
        }
        moves[i] = c;
        values[i] = rep_value[r];
        cls[i] = r;
    }
    end(S);
    return n;
}


/* ---- max^n --------------------------------------------------------------- */


static void maxn(ts_search *S, ts_state *s, int out[TS_MAX_SIDES])
{
    count_node(S, s);
    if (out_of_budget(S))
        return;
    if (s->phase == TS_OVER) {
        for (int k = 0; k < s->nsides; k++)
            out[k] = final_value(s, k);
        return;
    }
    tt_key key;
    int at_trick_start = s->phase == TS_PLAY && s->ntrick == 0;
    if (at_trick_start) {
        make_key(s, 0, KIND_MAXN, &key);
        tt_entry *e = tt_find_hashed(S->tt, &key, hash_key(&key), 0);
        if (e) {
            S->stats.tt_hits++;
            for (int k = 0; k < s->nsides; k++)
                out[k] = e->vec[k] + stored_offset(s, k);
            return;
        }
    }
    int me = s->side[s->turn];
    ts_card list[64];
    int n = ordered(representatives(s, ts_legal(s), -1), list);
    int best[TS_MAX_SIDES] = {0}, have = 0, best_others = 0;
    for (int i = 0; i < n; i++) {
        int v[TS_MAX_SIDES] = {0};
        ts_undo u;
        ts_apply(s, list[i], &u);
        maxn(S, s, v);
        ts_unplay(s, &u);
        if (S->aborted)
            return;
        int others = 0;
        for (int k = 0; k < s->nsides; k++)
            if (k != me)
                others += v[k];
        if (!have || v[me] > best[me] || (v[me] == best[me] && others < best_others)) {
            memcpy(best, v, sizeof best);
            best_others = others;
            have = 1;
        }
    }
    memcpy(out, best, sizeof best);
    if (at_trick_start) {
        tt_entry *e = tt_find_hashed(S->tt, &key, hash_key(&key), 1);
        for (int k = 0; k < s->nsides; k++)
            e->vec[k] = (int8_t)(out[k] - stored_offset(s, k));
        S->stats.tt_stores++;
    }
}

void ts_maxn(ts_search *S, const ts_state *s0, int values[TS_MAX_SIDES])
{
    ts_state s = *s0;
    begin(S, s0, 0);
    memset(values, 0, sizeof(int) * TS_MAX_SIDES);
    maxn(S, &s, values);
    for (int k = 0; k < s.nsides; k++)
        values[k] -= stored_offset(&s, k);
    end(S);
}
