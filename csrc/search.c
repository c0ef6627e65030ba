/*
 * search.c -- null-window alpha-beta with a transposition table, driven by a
 * search over targets; max^n for games of three or more sides.  See search.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "search.h"
#include "search/table.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CINCH_TABLE_BYTES ((size_t)16 << 20)
#define CHECK_LIMITS_EVERY 1024 /* nodes between looks at the clock and the stop flag */
#define VALUE_LIMIT 64          /* no value of any game reaches it */

/* ---- game hooks ---------------------------------------------------------- */

/* The highest card of a non-empty set. */
static ts_card top_of(ts_cards set) { return (ts_card)(63 - __builtin_clzll(set)); }

/* The tricks a side has won: every trick brings it one card of each seat. */
static int side_tricks(const ts_state *s, int side)
{
    int cards = ts_count(s->taken[side]);
    return s->nseats == 4 ? cards >> 2 : cards / s->nseats;
}

static int side_parts(const ts_state *s, int side)
{
    int n = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
        n += s->side_claims[side][k];
    return n;
}

static int seat_of_side(const ts_state *s, int side)
{
    for (int p = 0; p < s->nseats; p++)
        if (s->side[p] == side)
            return p;
    return 0;
}

/* The value of a finished hand for a side. */
static int final_value(const ts_state *s, int side)
{
    switch (s->game) {
    case TS_CINCH: {
        int scores[TS_MAX_SEATS];
        ts_scores(s, scores);
        int own = scores[seat_of_side(s, side)], other = scores[seat_of_side(s, 1 - side)];
        return own - other;
    }
    case TS_CHINKWAY:
        return ts_quest_score(side_parts(s, side));
    default:
        return side_tricks(s, side);
    }
}

/* Tricks games store values from the trick start on (the key knows no
 * history); the others store whole-hand values with the history in the key. */
static int stored_offset(const ts_state *s, int side)
{
    return (s->game == TS_WHIST || s->game == TS_CHINESE_WHIST) ? side_tricks(s, side) : 0;
}

/* The leader's cards that head a suit: the highest cards still in play of
 * that suit, in an unbroken run, held by the leader and playable now. */
static int top_run(const ts_state *s, ts_cards in_play, int suit)
{
    ts_cards suit_cards = in_play & ts_suit_cards(suit);
    ts_cards mine = s->playable[s->leader];
    int run = 0;
    while (suit_cards) {
        ts_card c = (ts_card)(63 - __builtin_clzll(suit_cards));
        if (!(mine & ts_bit(c)))
            break;
        run++;
        suit_cards &= ~ts_bit(c);
    }
    return run;
}

/* Quick tricks: tricks the side on lead takes for sure by cashing the
 * leader's winners at a trick start (tricks games only).  Without trumps
 * every winner wins.  With trumps the leader's top trumps win, and a side
 * suit's winners only while no opponent holds a trump and the partners
 * cannot be forced to ruff (they follow suit or hold no trump). */
static int quick_tricks(const ts_state *s, ts_cards *runs)
{
    ts_cards in_play = 0, opp_trumps = 0, partner_trumps = 0, partner_cards = 0;
    int my_side = s->side[s->leader];
    for (int p = 0; p < s->nseats; p++) {
        in_play |= s->playable[p] | s->covered[p];
        if (p == s->leader)
            continue;
        ts_cards t = (s->playable[p] | s->covered[p]);
        if (s->trump != TS_NOTRUMP)
            t &= ts_suit_cards(s->trump);
        else
            t = 0;
        if (s->side[p] == my_side) {
            partner_trumps |= t;
            partner_cards |= s->playable[p] | s->covered[p];
        } else {
            opp_trumps |= t;
        }
    }
    int total = 0;
    *runs = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        int run = top_run(s, in_play, suit);
        if (!run)
            continue;
        if (s->trump != TS_NOTRUMP && suit != s->trump) {
            /* an opponent holding a trump (face down too) follows suit, and
             * so cannot ruff, for as many rounds as it has playable cards
             * of the suit now (cards turned up on the way only add to them;
             * the rounds of the other suits cashed before leave these alone,
             * as it follows in them too) */
            for (int p = 0; opp_trumps && p < s->nseats; p++) {
                if (s->side[p] == my_side || !((s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump)))
                    continue;
                int follow = ts_count(s->playable[p] & ts_suit_cards(suit));
                if (follow < run)
                    run = follow;
            }
            if (!run)
                continue;
            if (partner_trumps && ts_count(partner_cards & ts_suit_cards(suit)) < run)
                continue;
        }
        total += run;
        /* the run: the leader's top cards of the suit, `run` of them */
        ts_cards lane = in_play & ts_suit_cards(suit), mine = 0;
        for (int i = 0; i < run; i++) {
            ts_card c = (ts_card)(63 - __builtin_clzll(lane));
            mine |= ts_bit(c);
            lane &= ~ts_bit(c);
        }
        *runs |= mine;
    }
    int left = s->total_tricks - s->tricks_played;
    return total < left ? total : left;
}

/* Whist: the tricks seat p takes for sure by cashing its winners from the
 * lead, suit by suit (*runs: the cards).  A winner is a card of an unbroken
 * run from the top of its suit; with trumps, a side suit's winners count
 * only for as many rounds as every opponent holding a trump must follow
 * (partner may discard: ruffing is never compulsory, and a ruff by partner
 * wins too). */
static int cash_from(const ts_state *s, int p, ts_cards in_play, ts_cards *runs, int skip)
{
    int total = 0, opp_trumps = 0;
    ts_cards held[TS_MAX_SEATS]; /* Chinese Whist: face-down cards may turn up on the way */
    for (int o = 0; o < s->nseats; o++)
        held[o] = s->playable[o] | s->covered[o];
    *runs = 0;
    if (s->trump != TS_NOTRUMP)
        for (int o = 0; o < s->nseats; o++)
            if (s->side[o] != s->side[p] && (held[o] & ts_suit_cards(s->trump)))
                opp_trumps = 1;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        if (suit == skip)
            continue;
        /* p's cards above every other card of the suit in play */
        ts_cards lane = in_play & ts_suit_cards(suit), mine = s->playable[p] & lane;
        ts_cards rest = lane & ~mine;
        if (rest)
            mine &= ~((ts_bit(top_of(rest)) << 1) - 1);
        int limit = ts_count(mine);
        if (!limit)
            continue;
        if (s->trump != TS_NOTRUMP && suit != s->trump && opp_trumps) {
            for (int o = 0; o < s->nseats; o++) {
                if (s->side[o] == s->side[p] || !(held[o] & ts_suit_cards(s->trump)))
                    continue;
                int follow = ts_count(s->playable[o] & ts_suit_cards(suit));
                if (follow < limit)
                    limit = follow;
            }
            while (ts_count(mine) > limit)
                mine &= mine - 1; /* keep the top `limit` cards */
        } else if (suit == s->trump || !opp_trumps) {
            /* once the others are out of the suit, the rest of p's cards
             * win too: only the top `others` cards needed their ranks */
            int others = 0, down = 0;
            for (int o = 0; o < s->nseats; o++) {
                if (o != p && ts_count(s->playable[o] & ts_suit_cards(suit)) > others)
                    others = ts_count(s->playable[o] & ts_suit_cards(suit));
                /* Chinese Whist: a face-down card of the suit is not
                 * played to p's rounds; it may turn up later */
                if (o != p && (s->covered[o] & ts_suit_cards(suit)))
                    down = 1;
            }
            if (limit >= others && !down) {
                limit = ts_count(s->playable[p] & ts_suit_cards(suit));
                while (ts_count(mine) > others)
                    mine &= mine - 1;
            }
        }
        total += limit;
        *runs |= mine;
    }
    return total;
}

/* Whist: the two opponents of seat p in one suit, for counting sure rounds
 * of it: each keeps its top card to the last, and one void in it may ruff
 * when it holds a trump. */
typedef struct suit_guard {
    int len[2], has_trump[2];
    ts_card top[2];
} suit_guard;

static void guard_of(const ts_state *s, int p, int suit, suit_guard *g)
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
static int guard_beaten(const suit_guard *g, int rounds, ts_card w, int *contested)
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

/* Whist: one suit cashed by the side of seat p, p leading every round and
 * winning it: p plays its highest card, its partner its lowest (or a
 * discard when void).  A round is sure while p's card beats the top card of
 * every opponent that still holds the suit (an opponent keeps its top card
 * to the last) and partner's card, and no opponent void in the suit holds a
 * trump.  The number of sure rounds; *decided: p's cards whose rank counted
 * (an opponent or partner played to the suit), *discards: rounds partner
 * had no card of the suit. */
static int run_suit(const ts_state *s, int p, int suit, ts_cards *decided, int *discards)
{
    ts_cards lane = ts_suit_cards(suit);
    ts_cards mine = s->playable[p] & lane, pard = s->playable[(p + 2) % 4] & lane;
    ts_cards opp = (s->playable[(p + 1) % 4] | s->playable[(p + 3) % 4]) & lane;
    *decided = 0;
    *discards = 0;
    if (!mine || (opp && top_of(opp) > top_of(mine)))
        return 0; /* (the first round is lost already) */
    suit_guard g;
    guard_of(s, p, suit, &g);
    int rounds = 0;
    while (mine) {
        ts_card c = top_of(mine);
        int contested = 0, sure = guard_beaten(&g, rounds, c, &contested);
        ts_cards low = pard ? ts_bit(ts_first(pard)) : 0;
        if (low) {
            contested = 1;
            if (ts_first(pard) > c)
                sure = 0;
        }
        if (!sure)
            break;
        pard &= ~low;
        *discards += !low;
        if (contested)
            *decided |= ts_bit(c);
        mine &= ~ts_bit(c);
        rounds++;
    }
    return rounds;
}

/* Whist: one suit run by the side of seat p (on lead) through both hands,
 * to end with the longer hand on lead with its last cards.  The shorter
 * hand cashes its cards from the top while the longer plays its lowest,
 * and on the shorter hand's last card the longer overtakes with its
 * highest; when p is the longer hand (and partner has two cards or more),
 * p first leads its lowest to partner's highest.  Then the longer hand
 * leads its cards from the top (the other discards).  As in run_suit, a
 * round is sure while the side's card beats the top card of every opponent
 * still holding the suit and no opponent void in it holds a trump.  The
 * sure rounds; *decided: the cards whose rank counted (a card of the
 * shorter hand that must beat a card of the longer, or be beaten by one,
 * tells that by its rank alone: the cards above it are the same wherever
 * it counts, and so is the longer hand's length). */
static int run_over(const ts_state *s, int p, int suit, ts_cards *decided)
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

/* Whist: tricks the side on lead cashes suit by suit with run_suit: the
 * leader runs its suits (those it does better in than partner would), then,
 * if it holds a card of one of partner's suits, leads it and partner runs
 * those.  Sure when every discard either hand must make on the way can come
 * from a suit the plan does not use (a card of a suit still to be run might
 * be needed under the other hand's winners).  *runs: the cards whose ranks
 * counted. */
static int side_cash(const ts_state *s, ts_cards *runs)
{
    int L = s->leader, P = (L + 2) % 4;
    int rl[TS_SUITS], dl[TS_SUITS], rp[TS_SUITS], dp[TS_SUITS];
    ts_cards decl[TS_SUITS], decp[TS_SUITS];
    int own = 0, own_disc = 0, via = 0, via_disc = 0, transfer = 0;
    ts_cards own_suits = 0, via_suits = 0, own_runs = 0, via_runs = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = ts_suit_cards(suit);
        rl[suit] = run_suit(s, L, suit, &decl[suit], &dl[suit]);
        rp[suit] = run_suit(s, P, suit, &decp[suit], &dp[suit]);
        if (rl[suit] > 0 && rl[suit] >= rp[suit]) {
            own += rl[suit];
            own_disc += dl[suit];
            own_suits |= lane;
            own_runs |= decl[suit];
        } else if (rp[suit] > 0) {
            via += rp[suit];
            via_disc += dp[suit];
            via_suits |= lane;
            via_runs |= decp[suit];
            if (s->playable[L] & lane)
                transfer = 1;
        }
    }
    *runs = 0;
    int best = 0;
    /* the leader alone: partner discards from suits it does not run */
    if (own > 0 && ts_count(s->playable[P] & ~own_suits) >= own_disc) {
        best = own;
        *runs = own_runs;
    }
    /* then partner: each hand discards from suits neither runs (the leader
     * also from what it has left of its own suits) */
    if (transfer && via > 0 && ts_count(s->playable[P] & ~(own_suits | via_suits)) >= own_disc &&
        ts_count(s->playable[L] & ~via_suits) - own >= via_disc && own + via > best) {
        best = own + via;
        *runs = own_runs | via_runs;
    }
    return best;
}

/* At most what the quick-trick counts give the side on lead: a suit whose
 * top card in `in_play` the leader (or `mate`, its partner, when >= 0)
 * holds gives at most as many rounds as the longer of their holdings in it,
 * and a ruff by the partner one trick more. */
static int quick_tricks_cap(const ts_state *s, ts_cards in_play, int mate)
{
    int leader = s->leader, cap = 0;
    ts_cards side = s->playable[leader] | (mate >= 0 ? s->playable[mate] : 0);
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = ts_suit_cards(suit), all = in_play & lane;
        if (all && (side & ts_bit(top_of(all)))) {
            int nl = ts_count(s->playable[leader] & lane);
            int nq = mate >= 0 ? ts_count(s->playable[mate] & lane) : 0;
            cap += nl > nq ? nl : nq;
        }
    }
    if (mate >= 0 && s->trump != TS_NOTRUMP && (s->playable[mate] & ts_suit_cards(s->trump)))
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
static int whist_quick_tricks(const ts_state *s, int need, ts_cards *runs)
{
    ts_cards in_play = 0;
    for (int p = 0; p < s->nseats; p++)
        in_play |= s->playable[p];
    int leader = s->leader, partner = (leader + 2) % 4;
    ts_cards mine, theirs;
    int own = cash_from(s, leader, in_play, &mine, -1);
    int via = cash_from(s, partner, in_play, &theirs, -1);
    int best = own;
    *runs = mine;
    if (via > 0) {
        ts_cards reach = 0, spare = s->playable[partner];
        for (int suit = 0; suit < TS_SUITS; suit++)
            if (theirs & ts_suit_cards(suit)) {
                spare &= ~ts_suit_cards(suit);
                if (s->playable[leader] & ts_suit_cards(suit))
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
    ts_cards cashed;
    int side = side_cash(s, &cashed);
    if (side > best) {
        best = side;
        *runs = cashed;
    }
    for (int suit = 0; suit < TS_SUITS; suit++) {
        /* (only where the side holds the suit's top card and a hand long
         * enough to do better) */
        ts_cards lane = ts_suit_cards(suit), both = (s->playable[leader] | s->playable[partner]) & lane;
        if (!both || !(both & ts_bit(top_of(in_play & lane))) ||
            (ts_count(s->playable[leader] & lane) <= best && ts_count(s->playable[partner] & lane) <= best))
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
                int v = 1 + cash_from(s, partner, in_play, &after, s->trump);
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
static int sure_trump_tricks(const ts_state *s, ts_cards *run, int *side)
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

/* Tricks seat p surely takes from the seats holding `against` (trumps)
 * with its own trumps, face down ones too.  Every card is played by the
 * end, each of p's in a trick of its own, and that trick is lost to those
 * seats only when one of them plays a higher trump to it, which each of
 * their trumps can do once: so p's trumps less the most of them that
 * `against` can be matched to, each to a lower one. */
static int trump_tricks_of(const ts_state *s, int p, ts_cards against)
{
    ts_cards mine = (s->playable[p] | s->covered[p]) & ts_suit_cards(s->trump);
    int beaten = 0;
    for (ts_cards m = mine; m && against; m &= m - 1) {
        ts_cards over = against & ~((ts_bit(ts_first(m)) << 1) - 1);
        if (over) {
            against &= ~ts_bit(ts_first(over));
            beaten++;
        }
    }
    return ts_count(mine) - beaten;
}

/* Whist with trumps: the tricks a side surely takes with the trumps of one
 * of its hands (trump_tricks_of, against the other side's).  *decided: the
 * other side's trumps.  The count depends only on which of the side's
 * trumps each of those is above: a position with the same trumps, from the
 * top down to the other side's lowest, in the same hands (and the same
 * lengths) has its side's other trumps below all of the other side's, as
 * many in each hand, and the same count. */
static int long_trump_tricks(const ts_state *s, int side, ts_cards *decided)
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

/* Whist with trumps: the side whose hand holds the second-best trump and
 * another trump, sitting right after the holder of the top trump (of the
 * other side), or -1; *cards: the two top trumps. */
static int guarded_second_trump(const ts_state *s, ts_cards *cards)
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
static int led_into(const ts_state *s, ts_cards remaining, ts_cards *tops)
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

/* Whist, at a trick start with no trumps left in play (or no trump suit):
 * a side takes every trick left only by winning in suits it heads, at most
 * the longer of its two holdings in each; if those add up to fewer than the
 * tricks left, the side cannot take them all (every card of a suit headed
 * by the other side is played by the end: won by it when its suit is led,
 * or thrown away).  Returns the sides that cannot (bit 1 << side), 0 for
 * none; *tops: the top card of every suit (who holds it decided). */
static int all_remaining_out_of_reach(const ts_state *s, ts_cards *tops)
{
    ts_cards in_play = 0;
    for (int p = 0; p < s->nseats; p++)
        in_play |= s->playable[p];
    *tops = 0;
    if (s->trump != TS_NOTRUMP && (in_play & ts_suit_cards(s->trump)))
        return 0;
    int reach[2] = {0, 0};
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = in_play & ts_suit_cards(suit);
        if (!lane)
            continue;
        ts_card top = top_of(lane);
        *tops |= ts_bit(top);
        int holder = 0;
        for (int p = 0; p < s->nseats; p++)
            if (s->playable[p] & ts_bit(top))
                holder = p;
        int side = s->side[holder], longest = 0;
        for (int p = 0; p < s->nseats; p++)
            if (s->side[p] == side && ts_count(s->playable[p] & lane) > longest)
                longest = ts_count(s->playable[p] & lane);
        reach[side] += longest;
    }
    int left = s->total_tricks - s->tricks_played, out = 0;
    for (int side = 0; side < 2; side++)
        if (reach[side] < left)
            out |= 1 << side;
    return out;
}

/* Cinch game points of a set of cards: T 10, A 4, K 3, Q 2, J 1. */
static int cinch_game_points(ts_cards cards)
{
    static const int POINTS[5] = {10, 1, 2, 3, 4}; /* T, J, Q, K, A */
    int total = 0;
    for (int i = 0; i < 5; i++)
        total += POINTS[i] * ts_count(cards & ((ts_cards)0x0001000100010001ULL << (TS_TEN + i)));
    return total;
}

/* Cinch: the cards still to be captured that a side captures for sure, by
 * side (sure[side]).  A trump goes to its holder's side when every higher
 * trump not yet captured is held by that side too: the trick it falls to is
 * won by a trump at least as high as it.  Cards of the trick in progress
 * count as held by the seats that played them. */
static void cinch_sure_cards(const ts_state *s, ts_cards sure[2])
{
    ts_cards held[2] = {0, 0};
    for (int p = 0; p < s->nseats; p++)
        held[s->side[p]] |= s->playable[p];
    for (int i = 0; i < s->ntrick; i++)
        held[s->side[(s->leader + i) % s->nseats]] |= ts_bit(s->trick[i]);
    ts_cards trumps = ts_suit_cards(s->trump);
    sure[0] = sure[1] = 0;
    /* the unbroken run of one side from the top of the trumps not captured */
    ts_cards open = (held[0] | held[1]) & trumps;
    if (!open)
        return;
    int side = (held[0] & ts_bit(top_of(open))) ? 0 : 1;
    while (open && (held[side] & ts_bit(top_of(open)))) {
        sure[side] |= ts_bit(top_of(open));
        open &= ~ts_bit(top_of(open));
    }
}

/* Cinch bounds for a side: for each point (High, Low, Jack, Game) whether it
 * is sure for a side, out of a side's reach, or open; then the bid rule on
 * the least and most the bidding side can take, against the most and least
 * of the other side (each bound is reached when every open point goes one
 * way, so the pair is as tight as the points alone allow). */
static void cinch_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    ts_cards sure[2];
    cinch_sure_cards(s, sure);
    int can[2] = {0, 0}, has[2] = {0, 0}; /* point bits each side may / surely will take */
    if (trumps) {
        ts_card point_card[3] = {top_of(trumps), ts_first(trumps), ts_make_card(s->trump, TS_JACK)};
        static const int BIT[3] = {TS_CINCH_HIGH, TS_CINCH_LOW, TS_CINCH_JACK};
        for (int i = 0; i < 3; i++) {
            ts_cards c = ts_bit(point_card[i]);
            if (!(trumps & c))
                continue; /* the jack of trump not in play */
            for (int x = 0; x < 2; x++) {
                if ((s->taken[x] | sure[x]) & c)
                    has[x] |= BIT[i];
                if (!((s->taken[1 - x] | sure[1 - x]) & c))
                    can[x] |= BIT[i];
            }
        }
    }
    ts_cards left = s->in_play & ~s->taken[0] & ~s->taken[1];
    int rem = cinch_game_points(left);
    int gp_min[2], gp_max[2];
    for (int x = 0; x < 2; x++)
        gp_min[x] = cinch_game_points(s->taken[x] | sure[x]);
    for (int x = 0; x < 2; x++)
        gp_max[x] = cinch_game_points(s->taken[x]) + rem - (gp_min[1 - x] - cinch_game_points(s->taken[1 - x]));
    for (int x = 0; x < 2; x++) {
        if (gp_min[x] > gp_max[1 - x])
            has[x] |= TS_CINCH_GAME;
        if (gp_max[x] > gp_min[1 - x])
            can[x] |= TS_CINCH_GAME;
    }
    int B = s->side[s->bidder], D = 1 - B;
    int b_lo, b_hi; /* the bidding side's score */
    if (s->bid == TS_SHOOT) {
        int needed = s->shoot_needs_all_four
                         ? (TS_CINCH_HIGH | TS_CINCH_LOW | TS_CINCH_JACK | TS_CINCH_GAME)
                         : (trumps ? TS_CINCH_HIGH | TS_CINCH_LOW : 0) | TS_CINCH_GAME |
                               ((trumps & ts_bit(ts_make_card(s->trump, TS_JACK))) ? TS_CINCH_JACK : 0);
        b_lo = (has[B] & needed) == needed ? TS_SHOOT : -TS_SHOOT;
        b_hi = (can[B] & needed) == needed ? TS_SHOOT : -TS_SHOOT;
    } else {
        int least = ts_count((ts_cards)has[B]), most = ts_count((ts_cards)can[B]);
        b_lo = least >= s->bid ? least : -s->bid;
        b_hi = most >= s->bid ? most : -s->bid;
    }
    int d_lo = ts_count((ts_cards)has[D]), d_hi = ts_count((ts_cards)can[D]);
    if (side == B) {
        *lo = b_lo - d_hi;
        *hi = b_hi - d_lo;
    } else {
        *lo = d_lo - b_hi;
        *hi = d_hi - b_lo;
    }
}

/* Chinese Whist, at a trick start: tricks won by trumps (trump_tricks_of;
 * face-down cards count, as every card is played by the end).  Raises
 * *gain to the tricks one seat of the side surely takes against the other
 * sides' trumps, *loss to the tricks one seat of another side surely takes
 * against the side's. */
static void side_trump_tricks(const ts_state *s, int side, int *gain, int *loss)
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

/* The cards of a Chinkway quest category. */
static ts_cards quest_cards(int k)
{
    const ts_cards courts = (ts_cards)0x0001000100010001ULL * (ts_bit(TS_JACK) | ts_bit(TS_QUEEN) | ts_bit(TS_KING));
    return k == TS_COURTS ? courts : ts_suit_cards(k) & ~courts;
}

/* Chinkway: the quest parts that side `side` completes by claiming, of
 * the cards `cards`, those of the categories it still needs. */
static int parts_among(const ts_state *s, int side, ts_cards cards)
{
    int parts = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++) {
        int need = s->quest_need[k] - s->side_claims[side][k];
        int n = ts_count(cards & quest_cards(k));
        parts += need < n ? need : n;
    }
    return parts;
}

/* Chinkway: bounds on the quest score of a side.  A part still open needs a
 * card of its category still to be won (in a hand, in the trick in
 * progress, or in the trick the side is about to claim from), and one claim
 * a trick.  At a trick start: a trump above every trump of the other sides
 * wins the trick it falls on, and every card falls by the end (one seat's
 * on different tricks), so the side claims such trumps of needed
 * categories; another seat's trumps take tricks from the side too, all but
 * those the side's trumps can beat, one each (trump_tricks_of); the
 * leader's side cashes its quick tricks (claiming the needed cards among
 * them), and when that is another side, the side has fewer tricks to win. */
static void chinkway_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    int left = s->total_tricks - s->tricks_played;
    ts_cards live = 0;
    for (int p = 0; p < s->nseats; p++)
        live |= s->playable[p];
    if (s->phase == TS_PLAY || s->side[s->turn] == side)
        for (int i = 0; i < s->ntrick; i++)
            live |= ts_bit(s->trick[i]);
    int open = parts_among(s, side, live);
    int chances = left + (s->phase == TS_CLAIM && s->side[s->turn] == side);
    int sure = 0;
    if (s->phase == TS_PLAY && s->ntrick == 0) {
        if (s->trump != TS_NOTRUMP) {
            ts_cards trumps = ts_suit_cards(s->trump), ours = 0, theirs = 0;
            for (int p = 0; p < s->nseats; p++) {
                if (s->side[p] == side)
                    ours |= s->playable[p] & trumps;
                else
                    theirs |= s->playable[p] & trumps;
            }
            ts_cards over_theirs = theirs ? ~((ts_bit(top_of(theirs)) << 1) - 1) : ~(ts_cards)0;
            int lost = 0;
            for (int p = 0; p < s->nseats; p++) {
                if (s->side[p] != side) {
                    int n = trump_tricks_of(s, p, ours);
                    lost = n > lost ? n : lost;
                } else {
                    int n = parts_among(s, side, s->playable[p] & ours & over_theirs);
                    sure = n > sure ? n : sure;
                }
            }
            chances -= lost;
        }
        ts_cards runs;
        int qt = quick_tricks(s, &runs);
        if (s->side[s->leader] != side) {
            chances = chances < left - qt ? chances : left - qt;
        } else {
            int n = parts_among(s, side, runs);
            sure = n > sure ? n : sure;
        }
    }
    int parts = side_parts(s, side);
    *lo = ts_quest_score(parts + sure);
    *hi = ts_quest_score(parts + (open < chances ? open : chances));
}

/* Cheap bounds on the value of a position for a side. */
static void bounds(const ts_state *s, int side, int *lo, int *hi)
{
    int left = s->total_tricks - s->tricks_played;
    switch (s->game) {
    case TS_CINCH:
        cinch_bounds(s, side, lo, hi);
        return;
    case TS_CHINKWAY:
        chinkway_bounds(s, side, lo, hi);
        return;
    default: {
        int won = side_tricks(s, side), gain = 0, loss = 0;
        if (s->phase == TS_PLAY && s->ntrick == 0) {
            ts_cards runs;
            int qt = quick_tricks(s, &runs);
            if (s->side[s->leader] == side)
                gain = qt;
            else
                loss = qt;
            if (s->game == TS_CHINESE_WHIST)
                side_trump_tricks(s, side, &gain, &loss);
        }
        *lo = won + gain;
        *hi = won + left - loss;
        return;
    }
    }
}

void ts_value_range(const ts_state *s, int side, int *lo, int *hi) { bounds(s, side, lo, hi); }

/* Can the cheap bounds be tighter here than at the trick start above (the
 * search skips them where they cannot)?  Chinkway, inside a trick and at a
 * claim of `side`'s own: no card has gone to another side yet, so the
 * bounds are those of the trick start or weaker, and neither cut off nor
 * narrow anything (measured: none of 2.5M such nodes of a deal cut). */
static int bounds_may_cut(const ts_state *s, int side)
{
    if (s->game != TS_CHINKWAY || (s->phase == TS_PLAY && s->ntrick == 0))
        return 1;
    return s->phase == TS_CLAIM && s->side[s->turn] != side;
}

/* Cinch: does a card carry scoring weight of its own (game points, or High,
 * Low or Jack of trump)? */
static int cinch_counts(const ts_state *s, ts_card c)
{
    int r = ts_rank_of(c);
    if (r >= TS_TEN)
        return 1;
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    if (ts_suit_of(c) != s->trump || !trumps)
        return 0;
    return c == ts_first(trumps) || c == (ts_card)(63 - __builtin_clzll(trumps));
}

/* Chinkway: does side R still need cards of c's quest category? */
static int needed_by(const ts_state *s, int R, ts_card c)
{
    int k = ts_quest_category(c);
    return s->quest_need[k] > s->side_claims[R][k];
}

/* May two cards of one suit, adjacent among the cards still in play, be
 * searched as one?  Only if the game scores them alike -- for the value of
 * side `root` (-1: for every side's). */
static int alike(const ts_state *s, ts_card a, ts_card b, int root)
{
    switch (s->game) {
    case TS_CINCH:
        return !cinch_counts(s, a) && !cinch_counts(s, b);
    case TS_CHINKWAY:
        /* a category the root side no longer needs scores nothing for it */
        return ts_quest_category(a) == ts_quest_category(b) ||
               (root >= 0 && !needed_by(s, root, a) && !needed_by(s, root, b));
    case TS_CHINESE_WHIST:
        return s->beneath[a] == TS_NO_CARD && s->beneath[b] == TS_NO_CARD;
    default:
        return 1;
    }
}

/* ---- moves -------------------------------------------------------------- */

/* The legal moves with equivalent ones removed: a card is dropped when the
 * next higher card of its suit held by the same seat is alike and no card of
 * anyone else (or of the trick) lies between them.  Claims: one per quest
 * category. */
static int merged_below(ts_cards legal, ts_cards others, ts_cards *merged);

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

/* Move ordering (only the speed depends on it), higher score first:
 * on lead, cash winners, then lead low toward partner's winners, then low
 * cards, and last suits an opponent can ruff; following suit, the lowest
 * card that takes the trick from the other side, else the lowest card;
 * void, the lowest ruff that wins unless partner is winning, else a low
 * card from the longest suit.  Whist refines these: second hand plays low
 * when partner will win (partner_covers), third hand starts high when the
 * last hand could beat its cheapest winner and covers partner's card when
 * the last hand could beat it (last_beats), and leads are scored by
 * whist_lead_score.  Over all of it: the table's move (in the tricks games
 * the cutoff card, see cut_slot), then, in the other games, a bonus for the
 * killer lead (the lead that last cut off the search at the same depth of
 * the hand; a killer card when following was tried too: more nodes). */
#define ORDER_TABLE 1000
#define ORDER_KILLER 100 /* leads: the lead that last cut off the search at the same depth */
#define ORDER_CASH 60
#define ORDER_TO_PARTNER 40
#define ORDER_WIN 100
#define ORDER_RUFF 80
#define ORDER_RUFFED_LEAD (-40)
#define ORDER_DISCARD (-30)
#define ORDER_UNDERRUFF (-60)

/* Four seats in two partnerships: the whist rules of move ordering apply
 * (to Chinese Whist as if every card were playable; only speed depends on
 * it). */
static int whist_like(const ts_state *s)
{
    return s->game == TS_WHIST || (s->game == TS_CHINESE_WHIST && s->nseats == 4);
}

static int beats(ts_card c, ts_card w, int trump)
{
    if (ts_suit_of(c) == ts_suit_of(w))
        return ts_rank_of(c) > ts_rank_of(w);
    return ts_suit_of(c) == trump;
}

static int lead_score(const ts_state *s, ts_card c, ts_cards remaining)
{
    int suit = ts_suit_of(c), r = ts_rank_of(c), me = s->turn;
    ts_cards suit_cards = remaining & ts_suit_cards(suit);
    ts_card top = top_of(suit_cards);
    if (c == top)
        return ORDER_CASH + r;
    int partner_top = 0, ruffable = 0;
    for (int p = 0; p < s->nseats; p++) {
        if (p == me)
            continue;
        ts_cards held = s->playable[p] | s->covered[p];
        if (s->side[p] == s->side[me]) {
            partner_top |= (held & ts_bit(top)) != 0;
        } else if (s->trump != TS_NOTRUMP && suit != s->trump && !(held & ts_suit_cards(suit)) &&
                   (held & ts_suit_cards(s->trump))) {
            ruffable = 1;
        }
    }
    if (ruffable)
        return ORDER_RUFFED_LEAD - r;
    if (partner_top)
        return ORDER_TO_PARTNER - r;
    return -r;
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
static int whist_lead_score(const ts_state *s, ts_card c, ts_cards remaining)
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

/* Chinkway: the root side R claims first the category with the fewest
 * cards left to win.  (Bonuses for feeding needed cards to a trick R's side
 * wins, or leading them, were tried: more nodes.) */
static int claim_score(const ts_state *s, ts_card c, int root)
{
    if (root < 0 || s->side[s->turn] != root)
        return 0;
    ts_cards live = 0;
    for (int p = 0; p < s->nseats; p++)
        live |= s->playable[p];
    return -ts_count(live & quest_cards(ts_quest_category(c)));
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
            sc = claim_score(s, c, root);
        else if (w < 0)
            sc = (whist_like(s) ? whist_lead_score(s, c, remaining) : lead_score(s, c, remaining)) +
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

/* ---- the transposition table ---------------------------------------------- */

/* Plain whist keeps its table by *patterns* (partition search): an entry
 * is found by the shape of the position (every seat's length in every
 * suit), the leader and the root side, and holds bounds each with the
 * cards whose ranks decided them -- the top cards of some suits, as
 * relative ranks, with their seats.  A position matches a pattern when its
 * seats hold those same top cards; lower cards are interchangeable. */
/* Patterns a shape and the table's split, measured (whist, first 30 bench
 * deals, 256 MiB; after the fix of shape_pair's hash): 32 patterns 19.38M
 * nodes, 64 18.32M, 128 18.15M (no faster than 64: longer scans); with 64,
 * the shapes in 2/8 of the table 18.32M, in 3/8 18.20M, in 4/8 18.15M; with
 * a 16 MiB table 25.5M in 2/8, 22.5M in 4/8.  The exact entries keep small
 * tables useful: shapes alone (128 patterns, the whole table) take as few
 * nodes at 256 MiB, and are about 5% faster there, but at 8 MiB take 51M
 * nodes against 27.5M. */
#define PATTERNS 64
_Static_assert(PATTERNS <= 255, "shape_entry counts its patterns in a byte");
#define EIGHTHS 8
#define EXACT_EIGHTHS 4 /* whist: the first half of the table holds exact entries, */
#define SHAPE_EIGHTHS 4 /* the second half shapes */
typedef struct pattern {
    ts_cards hands[4];  /* relative-rank cards of each seat that decided the bound */
    int8_t lo, hi;      /* bounds on the future tricks of the root side */
} pattern;

/* Whist's exact entries are compact: the relative-rank hands of three
 * seats and the number of cards in play of each suit fix the fourth. */
typedef struct whist_entry {
    ts_cards hands[3];           /* seats 0..2, relative ranks */
    ts_cards lo_ranks, hi_ranks; /* the relative ranks that decided each bound */
    uint16_t counts;             /* cards in play of each suit, four bits each */
    uint16_t gen;
    uint8_t leader_root;         /* leader << 1 | root */
    int8_t lo, hi;               /* bounds on the root side's future tricks */
} whist_entry;

typedef struct shape_entry {
    uint64_t shape;
    uint16_t gen;
    uint8_t leader, root;
    uint8_t used, next; /* slots filled (the first ones), the slot to fill next
                         * (so PATTERNS is at most 255) */
    pattern p[PATTERNS];
} shape_entry;

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

static void rules_of(const ts_state *s, hand_rules *r)
{
    memset(r, 0, sizeof *r);
    r->game = s->game;
    r->nseats = s->nseats;
    r->trump = s->trump;
    memcpy(r->side, s->side, sizeof r->side);
    if (s->game == TS_CHINKWAY)
        memcpy(r->own, s->quest_need, sizeof s->quest_need);
    if (s->game == TS_CHINESE_WHIST)
        memcpy(r->own, s->beneath, sizeof s->beneath);
    if (s->game == TS_CINCH) {
        r->own[0] = s->side[s->bidder];
        r->own[1] = s->bid;
        r->own[2] = s->shoot_needs_all_four;
        memcpy(r->own + 3, &s->in_play, sizeof s->in_play);
    }
}

/* Whist: each seat's cards by their rank among the cards still in play, so
 * that positions differing only in cards already played share an entry: the
 * highest card still in play of a suit becomes its ace, the next its king...
 * relative() and its inverse absolute() use the BMI2 bit gather/scatter
 * instructions where the processor has them. */
static ts_cards remap_portable(ts_cards set, ts_cards remaining, int to_relative)
{
    ts_cards out = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = remaining & ts_suit_cards(suit);
        int place = TS_RANKS - 1;
        while (lane) {
            ts_card c = (ts_card)(63 - __builtin_clzll(lane));
            ts_card rel = ts_make_card(suit, place);
            if (to_relative ? (set & ts_bit(c)) : (set & ts_bit(rel)))
                out |= ts_bit(to_relative ? rel : c);
            place--;
            lane &= ~ts_bit(c);
        }
    }
    return out;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_BMI2_DISPATCH 1

/* The top places of every suit, as many as the suit has cards still in
 * play: where the relative ranks of those cards go. */
static ts_cards top_places(ts_cards remaining)
{
    ts_cards out = 0;
    for (int suit = 0; suit < TS_SUITS; suit++) {
        int n = ts_count(remaining & ts_suit_cards(suit));
        out |= (TS_LANE & ~((ts_cards)TS_LANE >> n)) << (suit * TS_LANE_BITS);
    }
    return out;
}

/* One gather of the hand's cards among those in play, one scatter into
 * the top places (and the reverse). */
__attribute__((target("bmi2"))) static ts_cards relative_bmi2(ts_cards hand, ts_cards remaining)
{
    return _pdep_u64(_pext_u64(hand, remaining), top_places(remaining));
}

__attribute__((target("bmi2"))) static ts_cards absolute_bmi2(ts_cards rel, ts_cards remaining)
{
    return _pdep_u64(_pext_u64(rel, top_places(remaining)), remaining);
}

__attribute__((target("bmi2"))) static ts_cards gathered_bmi2(ts_cards set, ts_cards remaining)
{
    return _pext_u64(set, remaining);
}

/* The cards of `legal` whose next card above in their suit, among `legal`
 * and `others`, is in `legal` too: gathered among all those cards (with a
 * stop above each suit's ranks, in neither set, so that no suit runs into
 * the next), the two are neighbours. */
#define LANE_STOPS ((TS_LANE + 1) * 0x0001000100010001ULL)
__attribute__((target("bmi2"))) static ts_cards merged_below_bmi2(ts_cards legal, ts_cards others)
{
    ts_cards all = legal | others | LANE_STOPS, g = _pext_u64(legal, all);
    return _pdep_u64(g & (g >> 1), all);
}

/* TRICKSOLVER_NO_BMI2 in the environment turns the instructions off (the
 * tests compare both paths). */
static int has_bmi2(void)
{
    static int known = -1; /* a benign race: every thread computes the same */
    if (known < 0)
        known = __builtin_cpu_supports("bmi2") && !getenv("TRICKSOLVER_NO_BMI2") ? 1 : 0;
    return known;
}

/* relative() of every seat's playable cards (and, when crel is given, its
 * face-down ones): the places computed once. */
__attribute__((target("bmi2"))) static void relative_seats_bmi2(const ts_state *s, ts_cards remaining,
                                                                ts_cards rel[4], ts_cards *crel)
{
    ts_cards places = top_places(remaining);
    for (int p = 0; p < s->nseats; p++) {
        rel[p] = _pdep_u64(_pext_u64(s->playable[p], remaining), places);
        if (crel)
            crel[p] = _pdep_u64(_pext_u64(s->covered[p], remaining), places);
    }
}
#endif

static void relative_seats(const ts_state *s, ts_cards remaining, ts_cards rel[4], ts_cards *crel)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2()) {
        relative_seats_bmi2(s, remaining, rel, crel);
        return;
    }
#endif
    for (int p = 0; p < s->nseats; p++) {
        rel[p] = remap_portable(s->playable[p], remaining, 1);
        if (crel)
            crel[p] = remap_portable(s->covered[p], remaining, 1);
    }
}

/* merged_below_bmi2 into *merged and 1, or 0 without the instructions
 * (representatives then compares card by card). */
static int merged_below(ts_cards legal, ts_cards others, ts_cards *merged)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2()) {
        *merged = merged_below_bmi2(legal, others);
        return 1;
    }
#endif
    (void)legal, (void)others, (void)merged;
    return 0;
}

static ts_cards relative(ts_cards hand, ts_cards remaining)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2())
        return relative_bmi2(hand, remaining);
#endif
    return remap_portable(hand, remaining, 1);
}

static ts_cards absolute(ts_cards rel, ts_cards remaining)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2())
        return absolute_bmi2(rel, remaining);
#endif
    return remap_portable(rel, remaining, 0);
}

/* Chinkway's exact keys: a set as the bit string of which cards still in
 * play belong to it, in card order.  With each suit's count of cards in
 * play beside it (suit_counts) this says as much as relative ranks, at one
 * bit gather a set. */
static ts_cards gathered(ts_cards set, ts_cards remaining)
{
#ifdef HAVE_BMI2_DISPATCH
    if (has_bmi2())
        return gathered_bmi2(set, remaining);
#endif
    ts_cards out = 0;
    int i = 0;
    for (ts_cards m = remaining; m; m &= m - 1, i++)
        if (set & m & -m)
            out |= (ts_cards)1 << i;
    return out;
}

/* The number of cards of each suit in a set, four bits each (suit 0
 * highest). */
static uint16_t suit_counts(ts_cards set)
{
    return (uint16_t)(ts_count(set & ts_suit_cards(0)) << 12 | ts_count(set & ts_suit_cards(1)) << 8 |
                      ts_count(set & ts_suit_cards(2)) << 4 | ts_count(set & ts_suit_cards(3)));
}

static uint64_t cinch_extra(const ts_state *s)
{
    /* game points taken by each side, and who took High, Low and Jack */
    uint64_t x = 0;
    for (int side = 0; side < 2; side++) {
        ts_cards t = s->taken[side];
        int gp = 0;
        static const int POINTS[TS_RANKS] = {0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4};
        for (ts_cards m = t; m; m &= m - 1)
            gp += POINTS[ts_rank_of(ts_first(m))];
        x = x << 8 | (uint64_t)gp;
        x = x << 4 | (uint64_t)ts_cinch_points(s, side);
    }
    return x;
}

/* Chinkway: the claims made so far.  A bound for one side (the paranoid
 * search) depends on that side's claims only: what the other sides claim
 * comes out of tricks the side has lost anyway. */
static uint64_t chinkway_extra(const ts_state *s, int root, int kind)
{
    uint64_t x = 0;
    for (int side = 0; side < s->nsides; side++)
        if (kind == KIND_MAXN || side == root)
            for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
                x = x << 3 | s->side_claims[side][k];
    return x;
}

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

static void make_key(const ts_state *s, int root, int kind, tt_key *k)
{
    memset(k, 0, sizeof *k);
    if (s->game == TS_CHINESE_WHIST) {
        chinese_whist_key(s, k);
    } else {
        ts_cards remaining = 0;
        for (int p = 0; p < s->nseats; p++)
            remaining |= s->playable[p];
        for (int p = 0; p < s->nseats; p++) {
            k->hands[p] = s->game == TS_WHIST      ? relative(s->playable[p], remaining)
                          : s->game == TS_CHINKWAY ? gathered(s->playable[p], remaining)
                                                   : s->playable[p];
            k->covered[p] = s->covered[p];
        }
        /* Chinkway by relative ranks too (as gathered sets with the suits'
         * counts), with the courts among them (the quest categories are
         * fixed by the suit and whether a card is a court); for the bound of
         * one side, only the cards of the categories that side still needs
         * (the others score nothing for it) */
        if (s->game == TS_CHINKWAY) {
            ts_cards scoring = remaining;
            if (kind == KIND_BOUNDS)
                for (int q = 0; q < TS_QUEST_CATEGORIES; q++)
                    if (s->quest_need[q] <= s->side_claims[root][q])
                        scoring &= ~quest_cards(q);
            k->covered[0] = gathered(scoring, remaining);
            k->covered[1] = gathered(scoring & quest_cards(TS_COURTS), remaining);
            k->covered[2] = suit_counts(remaining);
        }
    }
    k->extra = s->game == TS_CINCH ? cinch_extra(s) : s->game == TS_CHINKWAY ? chinkway_extra(s, root, kind) : 0;
    k->leader = s->leader;
    k->root = (uint8_t)root;
    k->kind = (uint8_t)kind;
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
    /* A Cinch hand (six tricks) fills little of a large table, and touching
     * fresh memory costs more than its whole search: it keeps to the first
     * CINCH_TABLE_BYTES. */
    tt_begin(S->tt, &r, patterns ? LAYOUT_PATTERNS : LAYOUT_EXACT, s->game == TS_CINCH ? CINCH_TABLE_BYTES : 0);
    /* Whist uses two parts of the block (exact entries and shapes, see
     * EXACT_EIGHTHS), Chinese Whist the whole block for shapes of its own. */
    size_t bytes = S->tt->bytes;
    if (s->game == TS_WHIST) {
        S->tt->own_entries[0] = bytes / EIGHTHS * EXACT_EIGHTHS / (TT_WAYS * sizeof(whist_entry));
        S->tt->own_entries[1] = bytes / EIGHTHS * SHAPE_EIGHTHS / (2 * sizeof(shape_entry));
    } else if (s->game == TS_CHINESE_WHIST) {
        S->tt->own_entries[0] = bytes / sizeof(cw_shape_entry);
    }
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

/* ---- plain whist: partition search ------------------------------------------ */

static uint64_t shape_of(const ts_state *s)
{
    uint64_t shape = 0;
    for (int p = 0; p < s->nseats; p++)
        shape = shape << 16 | suit_counts(s->playable[p]);
    return shape;
}

static shape_entry *shape_pair(const ts_tt *tt, uint64_t shape, int leader, int root, uint64_t *hash)
{
    /* (mixed twice: with one multiply the low bits, which pick the pair,
     * did not depend on the leader, the root side or the first seat's
     * lengths, and every shape of the four leaders fought over one pair:
     * the fix took 38% off the nodes) */
    uint64_t h = (shape ^ ((uint64_t)leader << 59 | (uint64_t)root << 62)) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 32;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    *hash = h;
    return (shape_entry *)((char *)tt->mem + tt->bytes / EIGHTHS * EXACT_EIGHTHS) +
           ((h >> 32) * tt->own_entries[1] >> 32) * 2;
}

static shape_entry *shape_slot(ts_tt *tt, uint64_t shape, int leader, int root, int create)
{
    uint64_t h;
    shape_entry *pair = shape_pair(tt, shape, leader, root, &h);
    for (int i = 0; i < 2; i++)
        if (pair[i].gen == tt->gen && pair[i].shape == shape && pair[i].leader == leader &&
            pair[i].root == root)
            return &pair[i];
    if (!create)
        return NULL;
    shape_entry *e = pair[0].gen != tt->gen   ? &pair[0]
                     : pair[1].gen != tt->gen ? &pair[1]
                                              : &pair[h & 1];
    e->shape = shape;
    e->leader = (uint8_t)leader;
    e->root = (uint8_t)root;
    e->gen = tt->gen;
    e->used = e->next = 0; /* (the slots are read only up to `used`) */
    return e;
}

/* ---- Chinese Whist: partition search with piles --------------------------- */

static void cw_shape_of(const ts_state *s, cw_shape *sh)
{
    memset(sh, 0, sizeof *sh);
    for (int p = 0; p < s->nseats; p++) {
        sh->counts[0] = sh->counts[0] << 16 | suit_counts(s->playable[p]);
        sh->counts[1] = sh->counts[1] << 16 | suit_counts(s->covered[p]);
    }
    cover_places(s, sh->cover);
}

/* The two entries a Chinese Whist shape may be in (*hash: its hash). */
static cw_shape_entry *cw_shape_pair(const ts_tt *tt, const cw_shape *sh, int leader, int root,
                                     uint64_t *hash)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(leader << 1 | root);
    for (int i = 0; i < 2; i++) {
        h = (h ^ sh->counts[i]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
        h = (h ^ sh->cover[i]) * 0x94D049BB133111EBULL;
        h ^= h >> 29;
    }
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
    cw_shape_entry *e = pair[0].gen != tt->gen   ? &pair[0]
                        : pair[1].gen != tt->gen ? &pair[1]
                                                 : &pair[h & 1];
    memset(e, 0, sizeof *e);
    e->shape = *sh;
    e->leader = (uint8_t)leader;
    e->root = (uint8_t)root;
    e->gen = tt->gen;
    return e;
}

/* The exact entry of a whist trick start (rel: the seats' relative-rank
 * hands), found or made; a bucket index from a multiply-shift of the hash
 * so that any number of buckets will do. */
static uint64_t whist_hash(const ts_cards rel[4], uint16_t counts, uint8_t lr)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ counts ^ (uint64_t)lr << 16;
    for (int p = 0; p < 3; p++) {
        h = (h ^ rel[p]) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

static whist_entry *whist_bucket(const ts_tt *tt, uint64_t h)
{
    return (whist_entry *)tt->mem + ((h >> 32) * tt->own_entries[0] >> 32) * TT_WAYS;
}

static whist_entry *whist_find(ts_tt *tt, const ts_cards rel[4], uint16_t counts, int leader,
                               int root, int create)
{
    uint8_t lr = (uint8_t)(leader << 1 | root);
    uint64_t h = whist_hash(rel, counts, lr);
    whist_entry *bucket = whist_bucket(tt, h);
    for (int i = 0; i < TT_WAYS; i++) {
        whist_entry *e = &bucket[i];
        if (e->gen == tt->gen && e->counts == counts && e->leader_root == lr &&
            e->hands[0] == rel[0] && e->hands[1] == rel[1] && e->hands[2] == rel[2])
            return e;
    }
    if (!create)
        return NULL;
    int victim = (int)(h & (TT_WAYS - 1));
    for (int i = TT_WAYS - 1; i >= 0; i--)
        if (bucket[i].gen != tt->gen)
            victim = i;
    whist_entry *e = &bucket[victim];
    memset(e, 0, sizeof *e);
    memcpy(e->hands, rel, sizeof e->hands);
    e->counts = counts;
    e->leader_root = lr;
    e->gen = tt->gen;
    e->lo = -NO_BOUND;
    e->hi = NO_BOUND;
    return e;
}

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

/* The relative-rank cards that a set of deciding cards stands for: in each
 * suit with a deciding card, every card from the lowest deciding one (taken
 * down through its holder's touching cards) to the top. */
static ts_cards relevant_ranks(const ts_state *s, ts_cards deciding, const ts_cards rel[4],
                               ts_cards remaining)
{
    ts_cards out = 0;
    deciding &= remaining; /* (a card played already has no rank among these) */
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards d = deciding & ts_suit_cards(suit);
        if (!d)
            continue;
        ts_card low = ts_first(d);
        ts_cards r = relative(ts_bit(low), remaining);
        int rank = ts_rank_of(ts_first(r));
        for (int p = 0; p < s->nseats; p++)
            if (s->playable[p] & ts_bit(low))
                while (rank > 0 && (rel[p] & ts_bit(ts_make_card(suit, rank - 1))))
                    rank--;
        out |= (TS_LANE & ~(((ts_cards)1 << rank) - 1)) << (suit * TS_LANE_BITS);
    }
    return out;
}

/* Plain whist (four seats, every card playable), at a trick start: the
 * cheap bounds -- quick tricks, the top trumps, side-suit winners then top
 * trumps, leads into the other side's tops, every trick out of reach.  1
 * with the value *v and its deciding cards when one of them answers for
 * `target`. */
static int whist_bounds(const ts_state *s, int R, int target, ts_cards remaining, int *v,
                        ts_cards *decided)
{
    int won = side_tricks(s, R), left = s->total_tricks - s->tricks_played;
    ts_cards runs = 0;
    int ours = s->side[s->leader] == R;
    int need = ours ? target - won : won + left - target + 1, qt = 0;
    if (quick_tricks_cap(s, remaining, (s->leader + 2) % 4) >= need)
        qt = whist_quick_tricks(s, need, &runs);
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
    int sure = sure_trump_tricks(s, &trumps, &holder_side);
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
        int n = long_trump_tricks(s, side, &kept);
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
        int cash = cash_from(s, s->leader, remaining, &side_runs, s->trump);
        int mate = (s->leader + 2) % 4, total = cash + sure;
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
    int short_of_all = all_remaining_out_of_reach(s, &tops);
    if ((short_of_all >> R & 1) && won + left == target) {
        *decided = tops;
        *v = won + left - 1;
        return 1;
    }
    if ((short_of_all >> (1 - R) & 1) && won + 1 == target) {
        *decided = tops;
        *v = won + 1;
        return 1;
    }
    return 0;
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
    ts_cards runs = 0, cashed;
    int qt = 0;
    if (quick_tricks_cap(s, remaining, -1) >= (ours ? target - won : won + left - target + 1)) {
        qt = quick_tricks(s, &runs);
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
        *decided = s->trump == TS_NOTRUMP ? 0 : remaining & ts_suit_cards(s->trump);
        *v = won + gain >= target ? won + gain : won + left - loss;
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

/* Whist (and four-player Chinese Whist, which plays only face-up cards to
 * a trick), second hand: the tricks the side to move surely takes from here,
 * 0 when it may lose this one.  It wins this one when it holds a card of
 * the led suit above the lead and every card the third hand holds in it,
 * or it can ruff, and the third hand cannot ruff; without trumps the hand
 * that wins then cashes its top cards.  *decided: the cards whose rank
 * counted. */
static int second_hand_wins(const ts_state *s, ts_cards *decided)
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
    int need = target - side_tricks(s, s->side[me]) + 16; /* may be below 0 for the other side */
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
    int won = side_tricks(s, R), left = s->total_tricks - s->tricks_played;
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
    ts_cards rel[4] = {0}, crel[4] = {0}, remaining = 0;
    uint16_t counts = 0;
    uint64_t shape = 0;
    cw_shape sh;
    whist_entry *exact = NULL;
    if (at_start) {
        for (int p = 0; p < s->nseats; p++)
            remaining |= s->playable[p] | s->covered[p];
        relative_seats(s, remaining, rel, cw ? crel : NULL);
    }
    if (at_start && cw) {
        cw_shape_of(s, &sh);
        /* (fetched from memory while cw_probe counts the quick tricks) */
        uint64_t h;
        prefetch(cw_shape_pair(S->tt, &sh, s->leader, R, &h), 2 * sizeof(cw_shape_entry));
        int v;
        if (cw_probe(S, s, target, &sh, rel, crel, remaining, &v, decided))
            return v;
    } else if (at_start) {
        /* the table's bucket is fetched from memory while the quick tricks
         * are counted */
        counts = suit_counts(remaining);
        shape = shape_of(s);
        {
            prefetch(whist_bucket(S->tt, whist_hash(rel, counts, (uint8_t)(s->leader << 1 | R))),
                     TT_WAYS * sizeof(whist_entry));
            uint64_t h;
            /* (the start of each: the few patterns in use come first;
             * fetching the whole entries, 34 lines, was 7% slower) */
            shape_entry *pair = shape_pair(S->tt, shape, s->leader, R, &h);
            prefetch(pair, 128);
            prefetch(pair + 1, 128);
        }
        /* (The exact entry looked up first, to skip bounds known to fail
         * for the target -- the checks are monotone in it -- saved 11% of
         * the instructions with the same nodes, and was slower: the bucket
         * was then waited for, where the bounds now hide its fetch.) */
        int v;
        if (whist_bounds(s, R, target, remaining, &v, decided))
            return v;
        exact = whist_find(S->tt, rel, counts, s->leader, R, 0);
        if (exact && (exact->lo + won >= target || exact->hi + won < target)) {
            S->stats.tt_hits++;
            int yes = exact->lo + won >= target;
            *decided = absolute(yes ? exact->lo_ranks : exact->hi_ranks, remaining);
            return won + (yes ? exact->lo : exact->hi);
        }
        shape_entry *e = shape_slot(S->tt, shape, s->leader, R, 0);
        for (int i = 0; e && i < e->used; i++) {
            pattern *pt = &e->p[i];
            if ((pt->hands[0] & ~rel[0]) | (pt->hands[1] & ~rel[1]) | (pt->hands[2] & ~rel[2]) |
                (pt->hands[3] & ~rel[3]))
                continue;
            int hit = pt->lo + won >= target ? 1 : pt->hi + won < target ? 0 : -1;
            if (hit >= 0) {
                S->stats.tt_hits++;
                *decided = absolute(pt->hands[0] | pt->hands[1] | pt->hands[2] | pt->hands[3],
                                    remaining);
                return won + (hit ? pt->lo : pt->hi);
            }
        }
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
        if (ts_rank_of(list[i]) < min_rank[suit] && s->beneath[list[i]] == TS_NO_CARD)
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
        if (s->beneath[list[i]] != TS_NO_CARD)
            continue; /* a card with another beneath it stands for no other */
        ts_cards in_suit = below & ts_suit_cards(suit);
        if (!in_suit)
            min_rank[suit] = TS_RANKS;
        else if (ts_first(in_suit) > list[i] && ts_rank_of(ts_first(in_suit)) > min_rank[suit])
            min_rank[suit] = ts_rank_of(ts_first(in_suit));
    }
    *decided = all;

    /* 4. */
    if (at_start && cw) {
        ts_cards ranks = relevant_ranks(s, all, rel, remaining);
        cw_store(S->tt, s, R, &sh, rel, crel, ranks, result >= target, result - won);
        S->stats.tt_stores++;
        *decided = absolute(ranks, remaining);
    } else if (at_start) {
        ts_cards ranks = relevant_ranks(s, all, rel, remaining);
        pattern fresh;
        for (int p = 0; p < 4; p++)
            fresh.hands[p] = rel[p] & ranks;
        int yes = result >= target;
        fresh.lo = yes ? (int8_t)(result - won) : -NO_BOUND;
        fresh.hi = yes ? NO_BOUND : (int8_t)(result - won);
        shape_entry *e = shape_slot(S->tt, shape, s->leader, R, 1);
        int slot = -1;
        for (int i = 0; i < e->used && slot < 0; i++)
            if (memcmp(e->p[i].hands, fresh.hands, sizeof fresh.hands) == 0)
                slot = i;
        if (slot >= 0) {
            if (fresh.lo > e->p[slot].lo)
                e->p[slot].lo = fresh.lo;
            if (fresh.hi < e->p[slot].hi)
                e->p[slot].hi = fresh.hi;
        } else {
            e->p[e->next] = fresh;
            e->next = (uint8_t)((e->next + 1) % PATTERNS);
            if (e->used < PATTERNS)
                e->used++;
        }
        exact = whist_find(S->tt, rel, counts, s->leader, R, 1);
        if (yes && result - won > exact->lo) {
            exact->lo = (int8_t)(result - won);
            exact->lo_ranks = ranks;
        }
        if (!yes && result - won < exact->hi) {
            exact->hi = (int8_t)(result - won);
            exact->hi_ranks = ranks;
        }
        S->stats.tt_stores++;
        *decided = absolute(ranks, remaining);
    }
    return result;
}

/* Can a finished hand be worth v to side R?  Cinch: the bidding side scores
 * -bid or bid..4 (a Shoot -8 or 8), the other side 0..4; Chinkway: a quest
 * score 0, 1, 3, 6, 10 or 15.  Tricks games: every count.  (A superset of the
 * values is enough: the drivers skip targets no hand can score.) */
static int possible_value(const ts_state *s, int R, int v)
{
    switch (s->game) {
    case TS_CINCH: {
        int bidder = s->side[s->bidder] == R;
        for (int d = 0; d <= 4; d++) {
            int b = bidder ? v + d : d - v; /* the bidding side's score */
            if (s->bid == TS_SHOOT ? (b == TS_SHOOT || b == -TS_SHOOT)
                                   : (b == -s->bid || (b >= s->bid && b <= 4)))
                return 1;
        }
        return 0;
    }
    case TS_CHINKWAY:
        for (int parts = 0; parts <= TS_QUEST_CARDS; parts++)
            if (ts_quest_score(parts) == v)
                return 1;
        return 0;
    default:
        return 1;
    }
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

/* The first target of a search over targets, within the bounds lo..hi:
 * the middle, or for Chinkway the highest score (a search for it is cut
 * short by the bounds wherever a quest part is out of reach). */
static int first_target(const ts_state *s, int lo, int hi)
{
    return s->game == TS_CHINKWAY ? hi : (lo + hi) / 2;
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
