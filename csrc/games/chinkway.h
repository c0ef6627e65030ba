/*
 * games/chinkway.h -- Chinkway's search hooks: the value of a finished hand
 * (the side's quest score, claims included), the cheap bounds (open parts,
 * claims left, sure trumps and quick tricks) and where they may cut, which
 * cards are alike (of one quest category, or of none the root side needs),
 * the claims' move order, the exact key of the reference search (gathered
 * sets, the scoring cards, the claims), the hand's rules (the quest), the
 * values a hand can end with, and the first target (the highest score).
 * The bounds count quest parts and name the cards whose ranks decided
 * them, for the partition search of chinkway.c.  Small inline functions.
 */
#ifndef TS_GAMES_CHINKWAY_H
#define TS_GAMES_CHINKWAY_H

#include "../search/table.h"
#include "chinkway_rules.h"
#include "tricks.h"

/* The cards of a Chinkway quest category. */
static inline ts_cards quest_cards(int k)
{
    const ts_cards courts = (ts_cards)0x0001000100010001ULL * (ts_bit(TS_JACK) | ts_bit(TS_QUEEN) | ts_bit(TS_KING));
    return k == TS_COURTS ? courts : ts_suit_cards(k) & ~courts;
}

/* Chinkway: the quest parts that side `side` completes by claiming, of
 * the cards `cards`, those of the categories it still needs. */
static inline int parts_among(const ts_state *s, int side, ts_cards cards)
{
    int parts = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++) {
        int need = s->quest_need[k] - s->side_claims[side][k];
        int n = ts_count(cards & quest_cards(k));
        parts += need < n ? need : n;
    }
    return parts;
}

/* Chinkway: does side R still need cards of c's quest category? */
static inline int needed_by(const ts_state *s, int R, ts_card c)
{
    int k = ts_quest_category(c);
    return s->quest_need[k] > s->side_claims[R][k];
}

/* Chinkway: does every card of `cards` (not none) score for side R? */
static inline int all_needed(const ts_state *s, int R, ts_cards cards)
{
    if (!cards)
        return 0;
    for (ts_cards m = cards; m; m &= m - 1)
        if (!needed_by(s, R, ts_first(m)))
            return 0;
    return 1;
}

/* Does some card of `cards` score for side R? */
static inline int any_needed(const ts_state *s, int R, ts_cards cards)
{
    for (ts_cards m = cards; m; m &= m - 1)
        if (needed_by(s, R, ts_first(m)))
            return 1;
    return 0;
}

/* Chinkway, a trick start with side R on lead: a sure part in this trick.
 * The leader leads a suit whose top card the side holds (the leader, or
 * its partner when the leader holds the suit too), and no other side can
 * ruff (every seat of theirs holding a trump follows suit): the side wins
 * the trick, and claims from it when one of its cards is sure to be of a
 * needed category -- the top card, a needed card of the suit the leader
 * leads, what the partner adds (a needed card of the suit, or any needed
 * card when void in it; a partner playing the top card adds that), or a
 * card another seat must play (its cards of the suit, or all its cards when
 * void, all needed).  Returns the top card that decides it, or none. */
static inline ts_cards sure_part_lead(const ts_state *s, int R, ts_cards remaining)
{
    int L = s->leader;
    ts_cards trumps = s->trump == TS_NOTRUMP ? 0 : ts_suit_cards(s->trump);
    for (int suit = 0; suit < TS_SUITS; suit++) {
        ts_cards lane = ts_suit_cards(suit), in_suit = remaining & lane;
        if (!(s->playable[L] & lane))
            continue;
        ts_card top = top_of(in_suit);
        int holder = -1;
        for (int p = 0; p < s->nseats; p++)
            if (s->playable[p] & ts_bit(top))
                holder = p;
        if (s->side[holder] != R)
            continue;
        int safe = 1, forced = 0, partner = 0;
        for (int p = 0; p < s->nseats; p++) {
            ts_cards h = s->playable[p], follow = h & lane;
            if (p == L)
                continue;
            if (s->side[p] == R) {
                if (p == holder)
                    partner |= needed_by(s, R, top);
                else
                    partner |= follow ? any_needed(s, R, follow) : any_needed(s, R, h);
            } else {
                if (!follow && suit != s->trump && (h & trumps))
                    safe = 0;
                forced |= all_needed(s, R, follow ? follow : h);
            }
        }
        if (!safe)
            continue;
        int own = holder == L ? needed_by(s, R, top) : any_needed(s, R, s->playable[L] & lane);
        if (own || partner || forced)
            return ts_bit(top);
    }
    return 0;
}

/* Chinkway: bounds on the quest parts of a side (its parts so far
 * included).  A part still open needs a
 * card of its category still to be won (in a hand, in the trick in
 * progress, or in the trick the side is about to claim from), and one claim
 * a trick.  At a trick start: a trump above every trump of the other sides
 * wins the trick it falls on, and every card falls by the end (one seat's
 * on different tricks), so the side claims such trumps of needed
 * categories; another seat's trumps take tricks from the side too, all but
 * those the side's trumps can beat, one each (trump_tricks_of); the
 * leader's side cashes its quick tricks (claiming the needed cards among
 * them), and when that is another side, the side has fewer tricks to win;
 * with nothing sure so far, the side on lead may still be sure of one part
 * (sure_part_lead).  The cards whose ranks decided each bound (the pattern search): *lo_ranks
 * and *hi_ranks (every trump when the trumps count, the quick tricks' runs
 * when they count); the rest depends on the numbers of cards of each
 * category and suit a seat holds only. */
static inline void chinkway_parts_bounds(const ts_state *s, int side, int *lo, int *hi, ts_cards *lo_ranks,
                                         ts_cards *hi_ranks)
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
    *lo_ranks = *hi_ranks = 0;
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
            if (sure)
                *lo_ranks = ours | theirs;
            if (lost)
                *hi_ranks = ours | theirs;
        }
        ts_cards runs;
        int qt = quick_tricks(s, &runs);
        if (s->side[s->leader] != side) {
            if (left - qt < chances) {
                chances = left - qt;
                *hi_ranks |= runs;
            }
        } else {
            int n = parts_among(s, side, runs);
            if (n > sure) {
                sure = n;
                *lo_ranks = runs;
            }
            if (!sure && open) {
                ts_cards remaining = 0;
                for (int p = 0; p < s->nseats; p++)
                    remaining |= s->playable[p];
                ts_cards top = sure_part_lead(s, side, remaining);
                if (top) {
                    sure = 1;
                    *lo_ranks = top;
                }
            }
        }
    }
    int parts = side_parts(s, side);
    *lo = parts + sure;
    *hi = parts + (open < chances ? open : chances);
    if (open <= chances)
        *hi_ranks = 0; /* (the open parts alone) */
}

/* Chinkway: bounds on the quest score of a side (chinkway_parts_bounds). */
static inline void chinkway_bounds(const ts_state *s, int side, int *lo, int *hi)
{
    ts_cards lo_ranks, hi_ranks;
    chinkway_parts_bounds(s, side, lo, hi, &lo_ranks, &hi_ranks);
    *lo = ts_quest_score(*lo);
    *hi = ts_quest_score(*hi);
}

/* Can the cheap bounds be tighter here than at the trick start above (the
 * search skips them where they cannot)?  Chinkway, inside a trick and at a
 * claim of `side`'s own: no card has gone to another side yet, so the
 * bounds are those of the trick start or weaker, and neither cut off nor
 * narrow anything (measured: none of 2.5M such nodes of a deal cut). */
static inline int chinkway_bounds_may_cut(const ts_state *s, int side)
{
    if (s->phase == TS_PLAY && s->ntrick == 0)
        return 1;
    return s->phase == TS_CLAIM && s->side[s->turn] != side;
}

/* Chinkway: the root side R claims first the category with the fewest
 * cards left to win.  (Bonuses for feeding needed cards to a trick R's side
 * wins, or leading them, were tried: more nodes.) */
static inline int chinkway_claim_score(const ts_state *s, ts_card c, int root)
{
    if (root < 0 || s->side[s->turn] != root)
        return 0;
    ts_cards live = 0;
    for (int p = 0; p < s->nseats; p++)
        live |= s->playable[p];
    return -ts_count(live & quest_cards(ts_quest_category(c)));
}

/* Chinkway: the claims made so far.  A bound for one side (the paranoid
 * search) depends on that side's claims only: what the other sides claim
 * comes out of tricks the side has lost anyway. */
static inline uint64_t chinkway_extra(const ts_state *s, int root, int kind)
{
    uint64_t x = 0;
    for (int side = 0; side < s->nsides; side++)
        if (kind == KIND_MAXN || side == root)
            for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
                x = x << 3 | s->side_claims[side][k];
    return x;
}

/* The value of a finished hand: the side's quest score. */
static inline int chinkway_final_value(const ts_state *s, int side) { return chinkway_side_score(s, side); }

/* Two cards are alike when of one quest category, or of categories the
 * root side no longer needs (they score nothing for it). */
static inline int chinkway_alike(const ts_state *s, ts_card a, ts_card b, int root)
{
    return ts_quest_category(a) == ts_quest_category(b) ||
           (root >= 0 && !needed_by(s, root, a) && !needed_by(s, root, b));
}

/* chinkway_alike's classes (GAME_alike_classes, search/order.h): for a
 * root side, each category it needs, and the others together; for every
 * side (root < 0) each category.  At most TS_QUEST_CATEGORIES of them. */
static inline int chinkway_alike_classes(const ts_state *s, int root, ts_cards *out)
{
    int n = 0;
    ts_cards idle = 0;
    for (int k = 0; k < TS_QUEST_CATEGORIES; k++) {
        if (root < 0 || s->quest_need[k] > s->side_claims[root][k])
            out[n++] = quest_cards(k);
        else
            idle |= quest_cards(k);
    }
    if (idle)
        out[n++] = idle;
    return n;
}

/* The exact key.  Chinkway by relative ranks (as gathered sets with the
 * suits' counts), with the courts among them (the quest categories are
 * fixed by the suit and whether a card is a court); for the bound of one
 * side, only the cards of the categories that side still needs (the others
 * score nothing for it); and the claims (chinkway_extra). */
static inline void chinkway_key(const ts_state *s, int root, int kind, tt_key *k)
{
    ts_cards remaining = 0;
    for (int p = 0; p < s->nseats; p++)
        remaining |= s->playable[p];
    for (int p = 0; p < s->nseats; p++) {
        k->hands[p] = gathered(s->playable[p], remaining);
        k->covered[p] = s->covered[p];
    }
    ts_cards scoring = remaining;
    if (kind == KIND_BOUNDS)
        for (int q = 0; q < TS_QUEST_CATEGORIES; q++)
            if (s->quest_need[q] <= s->side_claims[root][q])
                scoring &= ~quest_cards(q);
    k->covered[0] = gathered(scoring, remaining);
    k->covered[1] = gathered(scoring & quest_cards(TS_COURTS), remaining);
    k->covered[2] = suit_counts(remaining);
    k->extra = chinkway_extra(s, root, kind);
}

/* The hand's rules: the quest. */
static inline void chinkway_rules(const ts_state *s, uint8_t own[HAND_RULES_OWN])
{
    memcpy(own, s->quest_need, sizeof s->quest_need);
}

/* Can a finished hand be worth v?  A quest score 0, 1, 3, 6, 10 or 15. */
static inline int chinkway_possible_value(const ts_state *s, int R, int v)
{
    (void)s, (void)R;
    for (int parts = 0; parts <= TS_QUEST_CARDS; parts++)
        if (ts_quest_score(parts) == v)
            return 1;
    return 0;
}

/* The first target of a search over targets: the highest score (a search
 * for it is cut short by the bounds wherever a quest part is out of reach). */
static inline int chinkway_first_target(const ts_state *s, int lo, int hi)
{
    (void)s, (void)lo;
    return hi;
}

#endif /* TS_GAMES_CHINKWAY_H */
