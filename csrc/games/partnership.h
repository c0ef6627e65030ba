/*
 * games/partnership.h -- four seats in two partnerships, every card of the
 * trick face up: the bounds of plain whist at a trick start (whist_bounds:
 * quick tricks with partner's, suits run through both hands, top and long
 * trumps, a guarded second trump, leads into the other side's tops), each answer with the cards whose ranks decided it; second
 * hand's sure tricks; and whist's lead scores for move ordering.  Used by
 * whist, and by four-player Chinese Whist once no card is face down (its
 * bounds) and throughout (its move ordering).  Small inline functions.
 */
#ifndef TS_GAMES_PARTNERSHIP_H
#define TS_GAMES_PARTNERSHIP_H

#include <string.h>

#include "../rules/trick.h"
#include "tricks.h"

/* Whist: the two opponents of seat p in one suit, for counting sure rounds
 * of it: each keeps its top card to the last, and one void in it may ruff
 * when it holds a trump. */
typedef struct suit_guard {
    int len[2], has_trump[2];
    ts_card top[2];
} suit_guard;

static inline void guard_of(const ts_state *s, int p, int suit, suit_guard *g)
{
    ts_cards lane = ts_suit_cards(suit);
    int ruffable = s->trump != TS_NOTRUMP && suit != s->trump;
    for (int i = 0; i < 2; i++) {
        int o = (p + 1 + 2 * i) % 4;
        ts_cards held = s->playable[o] & lane;
        g->len[i] = ts_count(held);
        g->top[i] = held ? top_of(held) : 0;
        g->has_trump[i] = ruffable && (s->playable[o] & ts_suit_cards(s->trump));
    }
}

/* Does card w surely win round `rounds` (from 0) of the suit against the
 * opponents?  *contested: an opponent still holds the suit (w's rank
 * counted). */
static inline int guard_beaten(const suit_guard *g, int rounds, ts_card w, int *contested)
{
    int sure = 1;
    for (int i = 0; i < 2; i++) {
        if (g->len[i] > rounds) {
            *contested = 1;
            if (g->top[i] > w)
                sure = 0;
        } else if (g->has_trump[i]) {
            sure = 0;
        }
    }
    return sure;
}

/* Whist: one suit run by the side of seat p (on lead) through both hands,
 * to end with the longer hand on lead with its last cards.  The shorter
 * hand cashes its cards from the top while the longer plays its lowest,
 * and on the shorter hand's last card the longer overtakes with its
 * highest; when p is the longer hand (and partner has two cards or more),
 * p first leads its lowest to partner's highest.  Then the longer hand
 * leads its cards from the top (the other discards).  A round is sure
 * while the side's card beats the top card of every opponent still holding
 * the suit (an opponent keeps its top card to the last) and no opponent
 * void in it holds a trump.  The
 * sure rounds; *decided: the cards whose rank counted (a card of the
 * shorter hand that must beat a card of the longer, or be beaten by one,
 * tells that by its rank alone: the cards above it are the same wherever
 * it counts, and so is the longer hand's length). */
static inline int run_over(const ts_state *s, int p, int suit, ts_cards *decided)
{
    ts_cards lane = ts_suit_cards(suit);
    ts_cards hand[2] = {s->playable[p] & lane, s->playable[(p + 2) % 4] & lane};
    int n0 = ts_count(hand[0]), n1 = ts_count(hand[1]);
    *decided = 0;
    if (!n0 || n0 == n1 || (n0 > n1 && n1 < 2))
        return 0;
    int ruffable = s->trump != TS_NOTRUMP && suit != s->trump;
    suit_guard g;
    guard_of(s, p, suit, &g);
    int lead = 0, longer = n1 > n0, rounds = 0;
    /* the shorter hand's cards to discard once void (a trump played then
     * would take the lead) */
    int shorter_seat = longer ? p : (p + 2) % 4;
    ts_cards spare = s->playable[shorter_seat] & ~lane;
    if (ruffable)
        spare &= ~ts_suit_cards(s->trump);
    int discards = ts_count(spare);
    while (hand[longer]) {
        ts_cards mine = hand[lead], other = hand[1 - lead];
        ts_card a, b = TS_NO_CARD; /* the leader's card, the other hand's */
        int next = lead;
        if (lead != longer) {
            /* the shorter hand leads: its top card, over the longer
             * hand's lowest, or with its last card under the longer
             * hand's highest */
            a = top_of(mine);
            if (mine & (mine - 1)) {
                b = ts_first(other);
                if (b > a)
                    break;
            } else {
                b = top_of(other);
                if (b < a)
                    break;
                next = 1 - lead;
            }
            *decided |= ts_bit(a);
        } else if (other) {
            /* the longer hand leads its lowest to the shorter hand's top */
            a = ts_first(mine);
            b = top_of(other);
            if (b < a)
                break;
            next = 1 - lead;
            *decided |= ts_bit(b);
        } else {
            if (!discards--)
                break;
            a = top_of(mine);
        }
        ts_card w = b != TS_NO_CARD && b > a ? b : a;
        int contested = 0;
        if (!guard_beaten(&g, rounds, w, &contested))
            break;
        if (contested)
            *decided |= ts_bit(w);
        hand[lead] &= ~ts_bit(a);
        if (b != TS_NO_CARD)
            hand[1 - lead] &= ~ts_bit(b);
        lead = next;
        rounds++;
    }
    return rounds;
}

/* Whist at a trick start, every card face up (whist_bounds): what the
 * bounds ask of each suit, worked out once -- the cards in play, every
 * seat's length in every suit, and the suits whose top card in play each
 * seat holds. */
typedef struct whist_suits {
    ts_cards in_play;
    uint64_t shape;                   /* seat p's suit_counts in bits 48 - 16p.. (whist.c's shape_of) */
    unsigned tops[PARTNERSHIP_SEATS]; /* bit `suit`: the seat holds the suit's top card */
    uint8_t len[PARTNERSHIP_SEATS * TS_SUITS]; /* seat p's length in `suit` at TS_SUITS * p + suit:
                                                * the shape's fields, one a byte (lengths_of) */
} whist_suits;

#define LENGTH_BITS 4 /* a length's field in the shape (suit_counts) */
#define LENGTH_MASK 0xF

/* The nibbles of x (32 bits), one a byte: byte i of the result holds
 * nibble i of x. */
static inline uint64_t nibbles_to_bytes(uint64_t x)
{
    x = (x | x << 16) & 0x0000FFFF0000FFFFULL;
    x = (x | x << 8) & 0x00FF00FF00FF00FFULL;
    return (x | x << 4) & 0x0F0F0F0F0F0F0F0FULL;
}

/* Seat p's length in a suit from the shape itself (the slow reference of lengths_of). */
static inline int shape_len(uint64_t shape, int p, int suit)
{
    return (int)(shape >> (LENGTH_BITS * TS_SUITS * (PARTNERSHIP_SEATS - 1 - p) + LENGTH_BITS * (TS_SUITS - 1 - suit)) & LENGTH_MASK);
}

/* f->len from f->shape, once a trick start: the bounds read a length
 * some 30 times a trick start, and a shift by a variable amount out of
 * the shape cost 5% of the search's instructions.  (The shape's nibble
 * 15 - (TS_SUITS * p + suit) is seat p's length in `suit`.) */
static inline void lengths_of(whist_suits *f)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t high = __builtin_bswap64(nibbles_to_bytes(f->shape >> 32));
    uint64_t low = __builtin_bswap64(nibbles_to_bytes(f->shape & 0xFFFFFFFFULL));
    memcpy(f->len, &high, sizeof high);
    memcpy(f->len + sizeof high, &low, sizeof low);
#else
    for (int p = 0; p < PARTNERSHIP_SEATS; p++)
        for (int suit = 0; suit < TS_SUITS; suit++)
            f->len[TS_SUITS * p + suit] = (uint8_t)shape_len(f->shape, p, suit);
#endif
}

/* Seat p's length in a suit. */
static inline int suit_len(const whist_suits *f, int p, int suit) { return f->len[TS_SUITS * p + suit]; }

/* The facts from the cards in play, the shape and the seats' relative-rank
 * hands (a seat holds a suit's top card when it holds its relative ace). */
static inline void whist_suits_from(whist_suits *f, ts_cards in_play, uint64_t shape, const ts_cards rel[4])
{
    f->in_play = in_play;
    f->shape = shape;
    const int ace = TS_RANKS - 1;
    for (int p = 0; p < PARTNERSHIP_SEATS; p++) {
        ts_cards r = rel[p];
        f->tops[p] = (unsigned)((r >> ace & 1) | (r >> (TS_LANE_BITS + ace - 1) & 2) |
                                (r >> (2 * TS_LANE_BITS + ace - 2) & 4) | (r >> (3 * TS_LANE_BITS + ace - 3) & 8));
    }
    lengths_of(f);
}

/* The facts of a position (the slow way: for callers without its shape). */
static inline void whist_suits_of(const ts_state *s, whist_suits *f)
{
    f->in_play = 0;
    f->shape = 0;
    for (int p = 0; p < PARTNERSHIP_SEATS; p++) {
        f->in_play |= s->playable[p];
        f->shape = f->shape << 16 | suit_counts(s->playable[p]);
        f->tops[p] = 0;
    }
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = f->in_play & ts_suit_cards(suit);
        if (!lane)
            continue;
        ts_cards top = ts_bit(top_of(lane));
        for (int p = 0; p < PARTNERSHIP_SEATS; p++)
            if (s->playable[p] & top)
                f->tops[p] |= 1u << suit;
    }
    lengths_of(f);
}

/* cash_from (tricks.h) of seat p with every card face up, from the facts
 * of whist_suits_of: the same count and the same cards (*runs), suit by
 * suit only where p holds the top card (tests/search/test_whist_suits.py compares
 * the two on random positions). */
static inline int cash_now(const ts_state *s, const whist_suits *f, int p, ts_cards *runs, int skip)
{
    int trump = s->trump, o1 = (p + 1) % 4, o2 = (p + 3) % 4, mate = (p + 2) % 4;
    /* the opponents that hold a trump */
    int ruff1 = trump != TS_NOTRUMP && suit_len(f, o1, trump), ruff2 = trump != TS_NOTRUMP && suit_len(f, o2, trump);
    unsigned suits = f->tops[p];
    if (skip >= 0 && skip < TS_SUITS)
        suits &= ~(1u << skip);
    int total = 0;
    *runs = 0;
    for (; suits; suits &= suits - 1) {
        int suit = __builtin_ctz(suits);
        ts_cards lane = f->in_play & ts_suit_cards(suit);
        ts_cards mine = s->playable[p] & lane, rest = lane & ~mine;
        if (rest)
            mine &= ~((ts_bit(top_of(rest)) << 1) - 1);
        int limit = ts_count(mine);
        if (suit != trump && (ruff1 || ruff2)) {
            if (ruff1 && suit_len(f, o1, suit) < limit)
                limit = suit_len(f, o1, suit);
            if (ruff2 && suit_len(f, o2, suit) < limit)
                limit = suit_len(f, o2, suit);
            while (ts_count(mine) > limit)
                mine &= mine - 1;
        } else {
            int others = suit_len(f, o1, suit);
            if (suit_len(f, o2, suit) > others)
                others = suit_len(f, o2, suit);
            if (suit_len(f, mate, suit) > others)
                others = suit_len(f, mate, suit);
            if (limit >= others) {
                limit = suit_len(f, p, suit);
                while (ts_count(mine) > others)
                    mine &= mine - 1;
            }
        }
        total += limit;
        *runs |= mine;
    }
    return total;
}

/* quick_tricks_cap (tricks.h) of the leader and partner with every card
 * face up, from the facts: the same cap. */
static inline int cap_now(const ts_state *s, const whist_suits *f)
{
    int leader = s->leader, mate = (leader + 2) % 4, cap = 0;
    for (unsigned m = f->tops[leader] | f->tops[mate]; m; m &= m - 1) {
        int suit = __builtin_ctz(m);
        int nl = suit_len(f, leader, suit), nq = suit_len(f, mate, suit);
        cap += nl > nq ? nl : nq;
    }
    if (s->trump != TS_NOTRUMP && suit_len(f, mate, s->trump))
        cap++;
    return cap;
}

/* Whist: quick tricks of the side on lead at a trick start (the count
 * stops early once it reaches `need`).  The leader
 * cashes its winners (staying on lead), then may lead to a suit partner
 * heads and partner cashes its own.  Partner plays a card to each of the
 * leader's rounds; when it has that many cards outside the suits it cashes,
 * none of its winners is lost on the way (it follows or discards from those;
 * the opponents' lengths in partner's suits do not grow), so the two counts
 * add up.  Otherwise the larger of the leader's count and, when the leader
 * can reach partner, partner's; with trumps also a ruff by partner of a
 * suit it is void in, then partner's winners outside trumps. */
static inline int whist_quick_tricks(const ts_state *s, const whist_suits *f, int need, ts_cards *runs)
{
    int leader = s->leader, partner = (leader + 2) % 4;
    ts_cards mine, theirs;
    int own = cash_now(s, f, leader, &mine, -1);
    int via = cash_now(s, f, partner, &theirs, -1);
    int best = own;
    *runs = mine;
    if (via > 0) {
        ts_cards reach = 0, spare = s->playable[partner];
        for (int suit = 0; suit < TS_SUITS; suit++)
            if (theirs & ts_suit_cards(suit)) {
                spare &= ~ts_suit_cards(suit);
                if (suit_len(f, leader, suit))
                    reach = 1;
            }
        if (reach && ts_count(spare) >= own) {
            best = own + via;
            *runs = mine | theirs;
        } else if (reach && via > own) {
            best = via;
            *runs = theirs;
        }
    }
    if (best >= need)
        return best; /* enough: the costlier counts below are skipped */
    /* (A count of the suits each hand runs, leader's then partner's, with
     * the discards each needs, found 5.7% of the calls that come here
     * enough, for 12% of the instructions of the search: without it, on the
     * first 50 bench deals 2.7% fewer nodes together with the count of
     * tricks out of reach (whist_bounds), and 14% less time on deals 31-70.) */
    ts_cards cashed;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        /* (only where the side holds the suit's top card and a hand long
         * enough to do better) */
        if (!((f->tops[leader] | f->tops[partner]) >> suit & 1) ||
            (suit_len(f, leader, suit) <= best && suit_len(f, partner, suit) <= best))
            continue;
        int over = run_over(s, leader, suit, &cashed);
        if (over > best) {
            best = over;
            *runs = cashed;
        }
    }
    if (s->trump != TS_NOTRUMP && best < 1 + ts_count(s->playable[partner] & ~ts_suit_cards(s->trump))) {
        /* partner ruffs the lead of a suit it is void in (each opponent
         * follows or holds no trump), then cashes its winners outside
         * trumps; no rank decides the ruff */
        ts_cards tl = ts_suit_cards(s->trump);
        int lho = (leader + 1) % 4, rho = (leader + 3) % 4;
        if (s->playable[partner] & tl)
            for (int suit = 0; suit < TS_SUITS; suit++) {
                ts_cards lane = ts_suit_cards(suit);
                if (suit == s->trump || !(s->playable[leader] & lane) || (s->playable[partner] & lane))
                    continue;
                if ((!(s->playable[lho] & lane) && (s->playable[lho] & tl)) ||
                    (!(s->playable[rho] & lane) && (s->playable[rho] & tl)))
                    continue;
                ts_cards after;
                int v = 1 + cash_now(s, f, partner, &after, s->trump);
                if (v > best) {
                    best = v;
                    *runs = after;
                }
                break;
            }
    }
    int left = s->total_tricks - s->tricks_played;
    return best < left ? best : left;
}

/* Sure tricks of the side holding the top trump (*side): its top trumps
 * (the highest trumps in play, all of that side), each of which wins the
 * trick it is played to -- and every card is played by the end.  Two of
 * them fall on separate tricks when they are in one hand; the two hands'
 * tops all count when one hand has small trumps enough to play under the
 * other's tops, else the larger share.  (*run: those trumps.) */
static inline int sure_trump_tricks(const ts_state *s, ts_cards *run, int *side)
{
    *run = 0;
    *side = -1;
    if (s->trump == TS_NOTRUMP)
        return 0;
    ts_cards trumps = 0;
    for (int p = 0; p < s->nseats; p++)
        trumps |= s->playable[p] & ts_suit_cards(s->trump);
    if (!trumps)
        return 0;
    int holder = 0;
    for (int p = 0; p < s->nseats; p++)
        if (s->playable[p] & ts_bit(top_of(trumps)))
            holder = p;
    *side = s->side[holder];
    int mate = (holder + 2) % 4;
    ts_cards ours = (s->playable[holder] | s->playable[mate]) & trumps;
    while (trumps && (ours & ts_bit(top_of(trumps)))) {
        *run |= ts_bit(top_of(trumps));
        trumps &= ~ts_bit(top_of(trumps));
    }
    int c1 = ts_count(*run & s->playable[holder]), c2 = ts_count(*run & s->playable[mate]);
    int l1 = ts_count(s->playable[holder] & ts_suit_cards(s->trump));
    int l2 = ts_count(s->playable[mate] & ts_suit_cards(s->trump));
    if (l2 - c2 >= c1 || l1 - c1 >= c2)
        return c1 + c2;
    return c1 > c2 ? c1 : c2;
}

/* Whist with trumps: the tricks a side surely takes with the trumps of one
 * of its hands (trump_tricks_of, against the other side's).  *decided: the
 * other side's trumps.  The count depends only on which of the side's
 * trumps each of those is above: a position with the same trumps, from the
 * top down to the other side's lowest, in the same hands (and the same
 * lengths) has its side's other trumps below all of the other side's, as
 * many in each hand, and the same count. */
static inline int long_trump_tricks(const ts_state *s, int side, ts_cards *decided)
{
    *decided = 0;
    if (s->trump == TS_NOTRUMP)
        return 0;
    ts_cards tl = ts_suit_cards(s->trump), theirs = 0;
    for (int p = 0; p < s->nseats; p++)
        if (s->side[p] != side)
            theirs |= s->playable[p] & tl;
    int best = 0;
    for (int p = 0; p < s->nseats; p++) {
        if (s->side[p] != side || ts_count(s->playable[p] & tl) <= best)
            continue;
        int n = trump_tricks_of(s, p, theirs);
        if (n > best) {
            best = n;
            *decided = theirs;
        }
    }
    int left = s->total_tricks - s->tricks_played;
    return best < left ? best : left;
}

/* long_trump_tricks with every card face up, from the facts: the same
 * count and cards (partners sit opposite: the side's seats are a and a + 2). */
static inline int long_trumps_now(const ts_state *s, const whist_suits *f, int side, ts_cards *decided)
{
    *decided = 0;
    if (s->trump == TS_NOTRUMP)
        return 0;
    ts_cards tl = ts_suit_cards(s->trump);
    int a = s->side[0] == side ? 0 : 1;
    ts_cards theirs = (s->playable[a + 1] | s->playable[(a + 3) % 4]) & tl;
    int best = 0;
    for (int p = a; p < PARTNERSHIP_SEATS; p += 2) {
        if (suit_len(f, p, s->trump) <= best)
            continue;
        int n = trump_tricks_of(s, p, theirs);
        if (n > best) {
            best = n;
            *decided = theirs;
        }
    }
    int left = s->total_tricks - s->tricks_played;
    return best < left ? best : left;
}

/* sure_trump_tricks with every card face up, from the facts: the same. */
static inline int sure_trumps_now(const ts_state *s, const whist_suits *f, ts_cards *run, int *side)
{
    *run = 0;
    *side = -1;
    if (s->trump == TS_NOTRUMP)
        return 0;
    ts_cards tl = ts_suit_cards(s->trump), trumps = f->in_play & tl;
    if (!trumps)
        return 0;
    int holder = 0;
    for (int p = 0; p < PARTNERSHIP_SEATS; p++)
        if (f->tops[p] >> s->trump & 1)
            holder = p;
    *side = s->side[holder];
    int mate = (holder + 2) % 4;
    ts_cards ours = (s->playable[holder] | s->playable[mate]) & trumps;
    while (trumps && (ours & ts_bit(top_of(trumps)))) {
        *run |= ts_bit(top_of(trumps));
        trumps &= ~ts_bit(top_of(trumps));
    }
    int c1 = ts_count(*run & s->playable[holder]), c2 = ts_count(*run & s->playable[mate]);
    int l1 = suit_len(f, holder, s->trump), l2 = suit_len(f, mate, s->trump);
    if (l2 - c2 >= c1 || l1 - c1 >= c2)
        return c1 + c2;
    return c1 > c2 ? c1 : c2;
}

/* Whist with trumps: the side whose hand holds the second-best trump and
 * another trump, sitting right after the holder of the top trump (of the
 * other side), or -1; *cards: the two top trumps. */
static inline int guarded_second_trump(const ts_state *s, ts_cards *cards)
{
    ts_cards tl = ts_suit_cards(s->trump), trumps = 0;
    for (int p = 0; p < 4; p++)
        trumps |= s->playable[p] & tl;
    if (ts_count(trumps) < 3)
        return -1;
    ts_cards a = ts_bit(top_of(trumps)), b = ts_bit(top_of(trumps & ~a));
    for (int p = 0; p < 4; p++)
        if ((s->playable[p] & b) && (s->playable[(p + 3) % 4] & a) && ts_count(s->playable[p] & tl) >= 2) {
            *cards = a | b;
            return s->side[p];
        }
    return -1;
}

/* Whist with no trumps in play, at a trick start: when the other side holds
 * the top card of every suit the leader can lead, it takes the trick; and
 * when one opponent holds all those tops, it takes one trick with each (it
 * wins the first, then cashes the rest).  The tricks the other side takes
 * for sure (0: none known); *tops: those top cards. */
static inline int led_into(const ts_state *s, ts_cards remaining, ts_cards *tops)
{
    *tops = 0;
    if (s->trump != TS_NOTRUMP && (remaining & ts_suit_cards(s->trump)))
        return 0;
    int leader = s->leader;
    ts_cards ours = s->playable[leader] | s->playable[(leader + 2) % 4];
    int suits = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        if (!(s->playable[leader] & ts_suit_cards(suit)))
            continue;
        ts_card top = top_of(remaining & ts_suit_cards(suit));
        if (ours & ts_bit(top))
            return 0;
        *tops |= ts_bit(top);
        suits++;
    }
    if (!suits)
        return 0;
    ts_cards lho = s->playable[(leader + 1) % 4], rho = s->playable[(leader + 3) % 4];
    return (lho & *tops) == *tops || (rho & *tops) == *tops ? suits : 1;
}

/* Plain whist (four seats, every card playable), at a trick start: the
 * cheap bounds -- quick tricks, the top trumps, side-suit winners then top
 * trumps, leads into the other side's tops.  1
 * with the value *v and its deciding cards when one of them answers for
 * `target`; `f`: the facts of the suits (whist_suits_from or _of).  (Kept
 * out of line: inlined into the recursive search it cost as many
 * instructions there, in registers saved at every node, as it saved.) */
__attribute__((noinline)) static int whist_bounds_of(const ts_state *s, int R, int target,
                                                     const whist_suits *f, int *v, ts_cards *decided)
{
    ts_cards remaining = f->in_play;
    int won = side_tricks(s, R), left = s->total_tricks - s->tricks_played;
    ts_cards runs = 0;
    int ours = s->side[s->leader] == R;
    int need = ours ? target - won : won + left - target + 1, qt = 0;
    int mate = (s->leader + 2) % 4;
    if (cap_now(s, f) >= need)
        qt = whist_quick_tricks(s, f, need, &runs);
    if (ours && won + qt >= target) {
        *decided = runs;
        *v = won + qt;
        return 1;
    }
    if (!ours && won + left - qt < target) {
        *decided = runs;
        *v = won + left - qt;
        return 1;
    }
    ts_cards trumps;
    int holder_side;
    int sure = sure_trumps_now(s, f, &trumps, &holder_side);
    if (sure > 0) {
        int mine = holder_side == R;
        if (mine && won + sure >= target) {
            *decided = trumps;
            *v = won + sure;
            return 1;
        }
        if (!mine && won + left - sure < target) {
            *decided = trumps;
            *v = won + left - sure;
            return 1;
        }
    }
    int long_trumps = 0; /* the leader's side's */
    ts_cards long_decided = 0;
    for (int side = 0; side < 2; side++) {
        ts_cards kept;
        int n = long_trumps_now(s, f, side, &kept);
        if (n > 0 && (side == R ? won + n >= target : won + left - n < target)) {
            *decided = kept;
            *v = side == R ? won + n : won + left - n;
            return 1;
        }
        if (side == s->side[s->leader]) {
            long_trumps = n;
            long_decided = kept;
        }
    }
    if (holder_side != s->side[s->leader])
        sure = 0;
    if (long_trumps > sure) {
        sure = long_trumps;
        trumps = long_decided;
    }
    if (sure > 0) {
        /* the leader cashes its side-suit winners, then the side's trumps
         * take their tricks (partner can play a card that is no trump to
         * each of those rounds, so no trump falls on them) */
        ts_cards side_runs;
        int cash = cash_now(s, f, s->leader, &side_runs, s->trump);
        int total = cash + sure;
        if (total > left)
            total = left;
        if (cash > 0 && ts_count(s->playable[mate] & ~ts_suit_cards(s->trump)) >= cash) {
            if (ours && won + total >= target) {
                *decided = side_runs | trumps;
                *v = won + total;
                return 1;
            }
            if (!ours && won + left - total < target) {
                *decided = side_runs | trumps;
                *v = won + left - total;
                return 1;
            }
        }
    }
    if (s->trump != TS_NOTRUMP && (won + 1 == target || won + left == target)) {
        /* the second-best trump, guarded, sits right after the top trump
         * (a king behind the ace) and the other side is on lead: the king's
         * side takes a trick.  Until it wins one, the other side leads
         * every trick; the king's holder plays after the ace's, so it plays
         * low when the ace falls (the king is then the top) and wins any
         * trump trick the ace does not fall to.  (On lead itself with only
         * trumps, it could lose both: a low trump won by a low one, then
         * the ace led.) */
        ts_cards kept;
        int side = guarded_second_trump(s, &kept);
        if (side >= 0 && side != s->side[s->leader] &&
            (side == R ? won + 1 >= target : won + left - 1 < target)) {
            *decided = kept;
            *v = side == R ? won + 1 : won + left - 1;
            return 1;
        }
    }
    ts_cards tops;
    int theirs = led_into(s, remaining, &tops);
    if (theirs > 0) {
        if (ours && won + left - theirs < target) {
            *decided = tops;
            *v = won + left - theirs;
            return 1;
        }
        if (!ours && won + theirs >= target) {
            *decided = tops;
            *v = won + theirs;
            return 1;
        }
    }
    /* (Also tried last: with no trumps in play, a side cannot take every
     * trick left when the longer of its holdings in the suits it heads add
     * up to fewer; answering with the top card of every suit, it took more
     * nodes than it saved, and 3% of the instructions.) */
    return 0;
}

/* whist_bounds_of with the facts worked out here (`remaining`: the cards
 * in play). */
static inline int whist_bounds(const ts_state *s, int R, int target, ts_cards remaining, int *v,
                               ts_cards *decided)
{
    whist_suits f;
    whist_suits_of(s, &f);
    (void)remaining; /* (the same as f.in_play: every card is face up) */
    return whist_bounds_of(s, R, target, &f, v, decided);
}

/* Plain whist leads.  Higher first: a lead that wins the trick for the
 * side (the suit's top card, or partner's top above both opponents), more
 * so with the second-best card on the side too; toward partner over a
 * left-hand opponent's top card (a finesse); a low card for partner to
 * ruff; and throughout, suits in which the opponents have few cards to
 * choose from (a void one discards anything: the tree is smaller; a card
 * weighs less without trumps, measured).  Leads
 * into the right-hand opponent's top cards and leads an opponent ruffs
 * come late. */
static inline int whist_lead_score(const ts_state *s, ts_card c, ts_cards remaining)
{
    int suit = ts_suit_of(c), me = s->turn, trump = s->trump;
    int pd = (me + 2) % 4, lho = (me + 1) % 4, rho = (me + 3) % 4;
    int left = s->total_tricks - s->tricks_played, suited = trump != TS_NOTRUMP;
    ts_cards lane = ts_suit_cards(suit), tl = suited ? ts_suit_cards(trump) : 0;
    ts_cards my = s->playable[me] & lane, pds = s->playable[pd] & lane;
    ts_cards lhos = s->playable[lho] & lane, rhos = s->playable[rho] & lane;
    ts_cards all = remaining & lane, ours = my | pds;
    ts_cards a = ts_bit(top_of(all)), rest = all & ~a;
    ts_cards b = rest ? ts_bit(top_of(rest)) : 0;
    rest &= ~b;
    ts_cards t3 = rest ? ts_bit(top_of(rest)) : 0;
    int nl = lhos ? ts_count(lhos) : left + 1, nr = rhos ? ts_count(rhos) : left + 1;
    int score = -(suited ? 12 : 7) * (nl + nr);
    int opp_ruff = suited && suit != trump &&
                   ((!lhos && (s->playable[lho] & tl)) || (!rhos && (s->playable[rho] & tl)));
    ts_cards opp = lhos | rhos;
    int win = ts_bit(c) == a || (pds && (!opp || top_of(pds) > top_of(opp)));
    if (opp_ruff)
        return score - 60 + ts_rank_of(c);
    if (win) {
        score += 40 + ((ours & b) ? 10 : 0) + (ts_bit(c) == a ? 5 : 0);
    } else {
        if ((a | b) & rhos)
            score -= 10;
        else if ((a & lhos) && (b & pds) && ts_count(pds) != 1)
            score += 25;
        if ((b & ours) && (t3 & ours))
            score += 20;
        score -= ts_rank_of(c) / 4;
    }
    if (suited && suit != trump && !pds && (s->playable[pd] & tl) && opp && c == ts_first(my))
        score += 30;
    if (suited && suit == trump)
        score -= 5;
    return score;
}

/* Whist (and four-player Chinese Whist, which plays only face-up cards to
 * a trick), second hand: the tricks the side to move surely takes from here,
 * 0 when it may lose this one.  It wins this one when it holds a card of
 * the led suit above the lead and every card the third hand holds in it,
 * or it can ruff, and the third hand cannot ruff; without trumps the hand
 * that wins then cashes its top cards.  *decided: the cards whose rank
 * counted. */
static inline int second_hand_wins(const ts_state *s, ts_cards *decided)
{
    int me = s->turn, pd = (me + 2) % 4, third = (me + 1) % 4, trump = s->trump;
    ts_card lead = s->trick[0];
    int led = ts_suit_of(lead);
    ts_cards lane = ts_suit_cards(led), tl = trump == TS_NOTRUMP ? 0 : ts_suit_cards(trump);
    ts_cards th = s->playable[third] & lane;
    if (led != trump && !th && (s->playable[third] & tl))
        return 0; /* the third hand may ruff */
    *decided = 0;
    if (led != trump && tl) {
        if ((!(s->playable[me] & lane) && (s->playable[me] & tl)) ||
            (!(s->playable[pd] & lane) && (s->playable[pd] & tl)))
            return 1;
    }
    ts_cards ours = (s->playable[me] | s->playable[pd]) & lane;
    if (!ours || top_of(ours) < lead || (th && top_of(ours) < top_of(th)))
        return 0;
    ts_card top = top_of(ours);
    *decided = ts_bit(top);
    if (trump != TS_NOTRUMP)
        return 1;
    /* without trumps the hand that wins it goes on with its top cards: the
     * next card of the led suit when it is also the suit's top, and the
     * top card of each other suit */
    int hh = (s->playable[me] & ts_bit(top)) ? me : pd, n = 1;
    ts_cards in_play = 0;
    for (int p = 0; p < 4; p++)
        in_play |= s->playable[p] | s->covered[p]; /* Chinese Whist: face down too */
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards rest = in_play & ts_suit_cards(suit);
        if (suit == led)
            rest &= ~ts_bit(top);
        if (rest && (s->playable[hh] & ts_bit(top_of(rest)))) {
            *decided |= ts_bit(top_of(rest));
            n++;
        }
    }
    return n;
}

#endif /* TS_GAMES_PARTNERSHIP_H */
