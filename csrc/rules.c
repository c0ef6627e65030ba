/*
 * rules.c -- the play of a hand of every game (see rules.h for the contract).
 */
#include "rules.h"

#include <string.h>

#define CW_PAR_4 6   /* Chinese Whist, 4 players: a side scores its tricks above six */
#define CW_PAR_3 5   /* 3 players: each scores tricks above five */
#define CW_PAR_2 13  /* 2 players: each scores tricks above thirteen */
#define RANK_ACROSS_SUITS ((ts_cards)0x0001000100010001ULL) /* rank 2 of every suit */

static const char *const STATUS_TEXT[TS_STATUSES] = {
    [TS_OK] = "ok",
    [TS_ERR_GAME] = "unknown game",
    [TS_ERR_SEATS] = "wrong number of seats for the game",
    [TS_ERR_TRUMP] = "trump must be a suit (or no trumps where the game allows it)",
    [TS_ERR_CARD] = "a card set holds a bit that is not a card",
    [TS_ERR_DUPLICATE] = "a card is in two places",
    [TS_ERR_COUNT] = "the seats hold different numbers of cards",
    [TS_ERR_PILE] = "the piles are inconsistent (every covered card lies under exactly one face-up card of its owner)",
    [TS_ERR_QUEST] = "the quest must hold five cards and the dealer and pairing must be valid",
    [TS_ERR_BID] = "the bid must be 1, 2, 3, 4 or 8 (Shoot) by a valid seat",
    [TS_ERR_SEAT] = "seat out of range",
    [TS_ERR_ILLEGAL] = "that card may not be played now",
    [TS_ERR_OVER] = "the hand is over",
};

const char *ts_status_text(int status)
{
    if (status < 0 || status >= TS_STATUSES)
        return "unknown status";
    return STATUS_TEXT[status];
}

int ts_trick_winner(const ts_card *cards, int n, int trump)
{
    int best = 0;
    for (int i = 1; i < n; i++) {
        ts_card c = cards[i], b = cards[best];
        if (ts_suit_of(c) == ts_suit_of(b)) {
            if (ts_rank_of(c) > ts_rank_of(b))
                best = i;
        } else if (ts_suit_of(c) == trump) {
            /* best is not a trump (the suits differ), so the trump wins. */
            best = i;
        }
    }
    return best;
}

/* Seats per game: a fixed count, or a range for Chinese Whist. */
static int seats_ok(int game, int nseats)
{
    switch (game) {
    case TS_WHIST:
    case TS_CINCH:
        return nseats == 4;
    case TS_CHINKWAY:
        return nseats == 5;
    case TS_CHINESE_WHIST:
        return nseats >= 2 && nseats <= 4;
    default:
        return 0;
    }
}

/* Sides: partners opposite in four-player games, the lone Chinkway dealer
 * against two teams, everyone alone in 2- and 3-player Chinese Whist. */
static void assign_sides(ts_state *s, const ts_setup *in)
{
    if (s->game == TS_CHINKWAY) {
        /* Player k (1..5) sits at seat (dealer + k - 1) % 5. */
        static const uint8_t team_of_player[2][TS_MAX_SEATS] = {
            {0, 1, 1, 2, 2}, /* pairing 0: {2,3} against {4,5} */
            {0, 1, 2, 1, 2}, /* pairing 1: {2,4} against {3,5} */
        };
        for (int k = 0; k < TS_MAX_SEATS; k++)
            s->side[(in->dealer + k) % TS_MAX_SEATS] = team_of_player[in->pairing][k];
        s->nsides = 3;
    } else if (s->nseats == 4) {
        for (int i = 0; i < 4; i++)
            s->side[i] = (uint8_t)(i % 2);
        s->nsides = 2;
    } else {
        for (int i = 0; i < s->nseats; i++)
            s->side[i] = (uint8_t)i;
        s->nsides = s->nseats;
    }
}

/* Chinese Whist piles: every covering card has at most one card beneath it,
 * that card is covered and belongs to the same seat, and every covered card
 * lies under exactly one covering card. */
static int piles_ok(const ts_setup *in)
{
    for (int c = 0; c < 64; c++) {
        if (in->beneath[c] == TS_NO_CARD)
            continue;
        int owner = -1;
        for (int p = 0; p < in->nseats; p++)
            if (in->up[p] & ts_bit((ts_card)c))
                owner = p;
        if (owner < 0 || !ts_card_valid(in->beneath[c]) || !(in->under[owner] & ts_bit(in->beneath[c])))
            return 0;
    }
    for (int p = 0; p < in->nseats; p++) {
        ts_cards lying_under = 0;
        int pairs = 0;
        for (ts_cards up = in->up[p]; up; up &= up - 1) {
            ts_card b = in->beneath[ts_first(up)];
            if (b == TS_NO_CARD)
                continue;
            lying_under |= ts_bit(b);
            pairs++;
        }
        if (lying_under != in->under[p] || pairs != ts_count(in->under[p]))
            return 0;
    }
    return 1;
}

int ts_init(ts_state *s, const ts_setup *in)
{
    /* 1. The game, its seats, trump and leader. */
    if (in->game >= TS_GAMES)
        return TS_ERR_GAME;
    if (!seats_ok(in->game, in->nseats))
        return TS_ERR_SEATS;
    if (in->trump > TS_NOTRUMP || (in->game == TS_CINCH && in->trump == TS_NOTRUMP))
        return TS_ERR_TRUMP;
    if (in->leader >= in->nseats)
        return TS_ERR_SEAT;

    /* 2. The cards: real cards, each in one place, the same count per seat. */
    int piles = in->game == TS_CHINESE_WHIST;
    ts_cards seen = 0;
    int per_seat = -1;
    for (int p = 0; p < in->nseats; p++) {
        ts_cards sets[3] = {in->hand[p], piles ? in->up[p] : 0, piles ? in->under[p] : 0};
        int held = 0;
        for (int k = 0; k < 3; k++) {
            if (sets[k] & ~TS_DECK)
                return TS_ERR_CARD;
            if (sets[k] & seen)
                return TS_ERR_DUPLICATE;
            seen |= sets[k];
            held += ts_count(sets[k]);
        }
        if (per_seat >= 0 && held != per_seat)
            return TS_ERR_COUNT;
        per_seat = held;
    }
    if (piles && !piles_ok(in))
        return TS_ERR_PILE;

    /* 3. Game-specific parts of the setup. */
    if (in->game == TS_CHINKWAY) {
        int quest = 0;
        for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
            quest += in->quest_need[k];
        if (quest != TS_QUEST_CARDS || in->dealer >= TS_MAX_SEATS || in->pairing > 1)
            return TS_ERR_QUEST;
    }
    if (in->game == TS_CINCH) {
        int b = in->bid;
        if (!((b >= 1 && b <= 4) || b == TS_SHOOT) || in->bidder >= in->nseats || in->shoot_needs_all_four > 1)
            return TS_ERR_BID;
    }

    /* 4. The state of the first lead. */
    memset(s, 0, sizeof *s);
    s->game = in->game;
    s->nseats = in->nseats;
    s->trump = in->trump;
    s->total_tricks = (uint8_t)per_seat;
    assign_sides(s, in);
    memset(s->beneath, TS_NO_CARD, sizeof s->beneath);
    if (piles)
        memcpy(s->beneath, in->beneath, sizeof s->beneath);
    for (int c = 0; c < 64; c++)
        if (s->beneath[c] != TS_NO_CARD)
            s->covers |= ts_bit((ts_card)c);
    if (in->game == TS_CHINKWAY)
        memcpy(s->quest_need, in->quest_need, sizeof s->quest_need);
    if (in->game == TS_CINCH) {
        s->bidder = in->bidder;
        s->bid = in->bid;
        s->shoot_needs_all_four = in->shoot_needs_all_four;
    }
    s->in_play = seen;
    for (int p = 0; p < in->nseats; p++) {
        s->playable[p] = in->hand[p] | (piles ? in->up[p] : 0);
        s->covered[p] = piles ? in->under[p] : 0;
    }
    s->leader = s->turn = in->leader;
    s->last_winner = TS_NO_SEAT;
    s->phase = per_seat == 0 ? TS_OVER : TS_PLAY;
    return TS_OK;
}

/* Chinkway: the cards of the finished trick whose category the side of
 * seat w still needs. */
static ts_cards claimable(const ts_state *s, int w)
{
    const uint8_t *have = s->side_claims[s->side[w]];
    ts_cards res = 0;
    for (int i = 0; i < s->ntrick; i++) {
        int k = ts_quest_category(s->trick[i]);
        if (have[k] < s->quest_need[k])
            res |= ts_bit(s->trick[i]);
    }
    return res;
}

ts_cards ts_legal(const ts_state *s)
{
    if (s->phase == TS_OVER)
        return 0;
    if (s->phase == TS_CLAIM)
        return claimable(s, s->turn);
    ts_cards mine = s->playable[s->turn];
    if (s->ntrick == 0)
        return mine;
    ts_cards follow = mine & ts_suit_cards(ts_suit_of(s->trick[0]));
    return follow ? follow : mine;
}

static void start_next_trick(ts_state *s, int winner)
{
    s->leader = s->turn = (uint8_t)winner;
    s->ntrick = 0;
    s->phase = s->tricks_played == s->total_tricks ? TS_OVER : TS_PLAY;
}

/* Chinese Whist: every card of the trick that covered another turns that one
 * up (called when the trick is complete).  Returns the cards turned up. */
static ts_cards turn_up_uncovered(ts_state *s)
{
    ts_cards turned = 0;
    for (int i = 0; i < s->ntrick; i++) {
        ts_card b = s->beneath[s->trick[i]];
        if (b == TS_NO_CARD)
            continue;
        int seat = (s->leader + i) % s->nseats;
        s->covered[seat] &= ~ts_bit(b);
        s->playable[seat] |= ts_bit(b);
        turned |= ts_bit(b);
    }
    return turned;
}

int ts_play(ts_state *s, ts_card c, ts_undo *u)
{
    if (s->phase == TS_OVER)
        return TS_ERR_OVER;
    if (!ts_card_valid(c) || !(ts_legal(s) & ts_bit(c)))
        return TS_ERR_ILLEGAL;
    ts_apply(s, c, u);
    return TS_OK;
}

void ts_apply(ts_state *s, ts_card c, ts_undo *u)
{
    /* 1. Record what the move changes. */
    u->card = c;
    u->seat = s->turn;
    u->phase = s->phase;
    u->ntrick = s->ntrick;
    u->leader = s->leader;
    u->turn = s->turn;
    u->last_winner = s->last_winner;
    u->finished = 0;
    u->uncovered = 0;
    memcpy(u->trick, s->trick, sizeof u->trick);

    /* 2. A claim: the card goes in front of the winner; the next trick starts. */
    if (s->phase == TS_CLAIM) {
        s->claimed[s->turn] |= ts_bit(c);
        s->side_claims[s->side[s->turn]][ts_quest_category(c)]++;
        u->finished = 1;
        start_next_trick(s, s->turn);
        return;
    }

    /* 3. A card to the trick; the next seat plays unless the trick is complete. */
    s->playable[s->turn] &= ~ts_bit(c);
    s->trick[s->ntrick++] = c;
    if (s->ntrick < s->nseats) {
        s->turn = (uint8_t)((s->turn + 1) % s->nseats);
        return;
    }

    /* 4. The trick is complete: the winner takes it, covered cards turn up. */
    u->finished = 1;
    int winner = (s->leader + ts_trick_winner(s->trick, s->ntrick, s->trump)) % s->nseats;
    ts_cards cards = 0;
    for (int i = 0; i < s->ntrick; i++)
        cards |= ts_bit(s->trick[i]);
    s->tricks[winner]++;
    s->tricks_played++;
    s->last_winner = (uint8_t)winner;
    s->taken[s->side[winner]] |= cards;
    if (s->game == TS_CHINESE_WHIST)
        u->uncovered = turn_up_uncovered(s);

    /* 5. Chinkway: the winner claims when the trick holds a needed card. */
    if (s->game == TS_CHINKWAY && claimable(s, winner)) {
        s->phase = TS_CLAIM;
        s->turn = (uint8_t)winner;
        return;
    }
    start_next_trick(s, winner);
}

void ts_unplay(ts_state *s, const ts_undo *u)
{
    ts_card c = u->card;
    if (u->phase == TS_CLAIM) {
        s->claimed[u->seat] &= ~ts_bit(c);
        s->side_claims[s->side[u->seat]][ts_quest_category(c)]--;
    } else {
        if (u->finished) {
            /* Undo the trick's completion, from the trick as it was played. */
            int winner = s->last_winner;
            ts_card cards[TS_MAX_SEATS];
            memcpy(cards, u->trick, sizeof cards);
            cards[u->ntrick] = c;
            ts_cards set = 0;
            for (int i = 0; i <= u->ntrick; i++) {
                set |= ts_bit(cards[i]);
                ts_card b = s->beneath[cards[i]];
                if (b != TS_NO_CARD) {
                    int seat = (u->leader + i) % s->nseats;
                    s->covered[seat] |= ts_bit(b);
                    s->playable[seat] &= ~ts_bit(b);
                }
            }
            s->tricks[winner]--;
            s->tricks_played--;
            s->taken[s->side[winner]] &= ~set;
        }
        s->playable[u->seat] |= ts_bit(c);
    }
    s->ntrick = u->ntrick;
    s->leader = u->leader;
    s->turn = u->turn;
    s->phase = u->phase;
    s->last_winner = u->last_winner;
    memcpy(s->trick, u->trick, sizeof s->trick);
}

/* Cinch game points of a set of cards: T 10, A 4, K 3, Q 2, J 1. */
static int game_points(ts_cards cards)
{
    static const struct { int rank, points; } VALUE[] = {
        {TS_TEN, 10}, {TS_ACE, 4}, {TS_KING, 3}, {TS_QUEEN, 2}, {TS_JACK, 1},
    };
    int total = 0;
    for (unsigned i = 0; i < sizeof VALUE / sizeof VALUE[0]; i++)
        total += VALUE[i].points * ts_count(cards & (RANK_ACROSS_SUITS << VALUE[i].rank));
    return total;
}

/* The Cinch points in play this hand (High and Low need a trump in play,
 * Jack the jack of trump; Game is always in play). */
static int cinch_points_in_play(const ts_state *s)
{
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    int in_play = TS_CINCH_GAME;
    if (trumps)
        in_play |= TS_CINCH_HIGH | TS_CINCH_LOW;
    if (trumps & ts_bit(ts_make_card(s->trump, TS_JACK)))
        in_play |= TS_CINCH_JACK;
    return in_play;
}

int ts_cinch_points(const ts_state *s, int side)
{
    ts_cards trumps = s->in_play & ts_suit_cards(s->trump);
    ts_cards mine = s->taken[side];
    int points = 0;
    if (trumps) {
        ts_card high = (ts_card)(63 - __builtin_clzll(trumps));
        if (mine & ts_bit(high))
            points |= TS_CINCH_HIGH;
        if (mine & ts_bit(ts_first(trumps)))
            points |= TS_CINCH_LOW;
        if (mine & trumps & ts_bit(ts_make_card(s->trump, TS_JACK)))
            points |= TS_CINCH_JACK;
    }
    if (game_points(mine) > game_points(s->taken[1 - side]))
        points |= TS_CINCH_GAME;
    return points;
}

/* The hand score of a Cinch side, the bid rule applied to the bidding side. */
static int cinch_side_score(const ts_state *s, int side)
{
    int points = ts_cinch_points(s, side);
    if (side != s->side[s->bidder])
        return ts_count((ts_cards)points);
    if (s->bid == TS_SHOOT) {
        int needed = s->shoot_needs_all_four
                         ? (TS_CINCH_HIGH | TS_CINCH_LOW | TS_CINCH_JACK | TS_CINCH_GAME)
                         : cinch_points_in_play(s);
        return (points & needed) == needed ? TS_SHOOT : -TS_SHOOT;
    }
    int took = ts_count((ts_cards)points);
    return took >= s->bid ? took : -s->bid;
}

void ts_scores(const ts_state *s, int out[TS_MAX_SEATS])
{
    int side_tricks[TS_MAX_SIDES] = {0};
    for (int p = 0; p < s->nseats; p++)
        side_tricks[s->side[p]] += s->tricks[p];
    for (int p = 0; p < TS_MAX_SEATS; p++)
        out[p] = 0;
    for (int p = 0; p < s->nseats; p++) {
        int side = s->side[p];
        switch (s->game) {
        case TS_WHIST:
            out[p] = side_tricks[side];
            break;
        case TS_CHINESE_WHIST: {
            int par = s->nseats == 4 ? CW_PAR_4 : s->nseats == 3 ? CW_PAR_3 : CW_PAR_2;
            out[p] = side_tricks[side] > par ? side_tricks[side] - par : 0;
            break;
        }
        case TS_CHINKWAY: {
            int parts = 0;
            for (int k = 0; k < TS_QUEST_CATEGORIES; k++)
                parts += s->side_claims[side][k];
            out[p] = ts_quest_score(parts);
            break;
        }
        case TS_CINCH:
            out[p] = cinch_side_score(s, side);
            break;
        }
    }
}

static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void ts_random_playout(ts_state *s, uint64_t *rng)
{
    ts_undo u;
    while (s->phase != TS_OVER) {
        ts_cards legal = ts_legal(s);
        uint64_t pick = ((splitmix64(rng) >> 32) * (uint64_t)ts_count(legal)) >> 32;
        ts_play(s, ts_nth(legal, (int)pick), &u);
    }
}

int64_t ts_playouts(const ts_state *start, int64_t n, uint64_t seed)
{
    int64_t total = 0;
    uint64_t rng = seed;
    for (int64_t i = 0; i < n; i++) {
        ts_state s = *start;
        int scores[TS_MAX_SEATS];
        ts_random_playout(&s, &rng);
        ts_scores(&s, scores);
        total += scores[0];
    }
    return total;
}
