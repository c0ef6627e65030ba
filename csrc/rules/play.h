/*
 * rules/play.h -- the play of one hand, written once against a game's rules
 * hooks and compiled once per game with them inlined: each
 * csrc/games/<game>.c defines GAME (its name) and its rules hooks (from
 * games/<game>_rules.h), then includes this file, before the search
 * template (search/core.h).  It makes the game's rules as static inline
 * functions -- rules_legal, rules_apply, rules_unplay, rules_scores, which
 * the search calls directly -- and the game's entry points,
 * `const ts_game_rules <GAME>_play` (rules/entries.h), that the public ts_*
 * functions of rules.h dispatch to.  No game is named here.
 *
 * Held here: the setup checks every game makes (seats, trump, leader, the
 * cards each in one place, the same count per seat) and the state of the
 * first lead; legal moves (following suit; in a claim phase the claims);
 * play and undo of a card or a claim; the scores; random playouts.
 *
 * The hooks (see csrc/README.md for the table).  Required:
 *   GAME_seats_ok(n)                   may the game be played by n seats
 *   GAME_side_score(s, side)           a side's hand score as if the hand ended now
 * Optional, with their defaults:
 *   GAME_sides(s, setup)               sides_by_seats: s->side[] and s->nsides
 *   GAME_TRUMP_NEEDED                  0; 1: the game has no no-trump hands
 *   GAME_PILES                         0; 1: the setup's up[] and under[] cards are dealt too
 *   GAME_setup_check(setup)            TS_OK: the game's own checks, after the cards'
 *   GAME_setup_state(s, setup)         nothing: the game's own fields of the first lead's state
 *   GAME_turn_up(s)                    0: at a trick's end, the cards it turns up
 *   GAME_turn_down(s, cards, n, leader) nothing: undo of GAME_turn_up for the trick cards[0..n-1]
 *   GAME_claimable(s, seat)            0: the cards of the finished trick seat may claim
 *                                      (GAME_CLAIMS, made here: 1 when the game
 *                                      gives it, a claim phase then exists)
 *   GAME_claim(s, c), GAME_unclaim(s, seat, c)  nothing: a claim and its undo
 */
#ifndef GAME
#error "rules/play.h is included by a game's file, after GAME and its rules hooks"
#endif
#define TS_RULES_PLAY_H /* search/core.h comes after this file */

#include <string.h>

#include "entries.h"
#include "trick.h"

#ifndef GAME_sides
#define GAME_sides(s, in) ((void)(in), sides_by_seats(s))
#endif
#ifndef GAME_TRUMP_NEEDED
#define GAME_TRUMP_NEEDED 0
#endif
#ifndef GAME_PILES
#define GAME_PILES 0
#endif
#ifndef GAME_setup_check
#define GAME_setup_check(in) ((void)(in), TS_OK)
#endif
#ifndef GAME_setup_state
#define GAME_setup_state(s, in) ((void)(s), (void)(in))
#endif
#ifndef GAME_turn_up
#define GAME_turn_up(s) ((void)(s), (ts_cards)0)
#endif
#ifndef GAME_turn_down
#define GAME_turn_down(s, cards, n, leader) ((void)(s), (void)(cards), (void)(n), (void)(leader))
#endif
#ifndef GAME_claimable
#define GAME_claimable(s, seat) ((void)(s), (void)(seat), (ts_cards)0)
#define GAME_CLAIMS 0 /* no claim phase (the search need not ask) */
#else
#define GAME_CLAIMS 1
#endif
#ifndef GAME_claim
#define GAME_claim(s, c) ((void)(s), (void)(c))
#endif
#ifndef GAME_unclaim
#define GAME_unclaim(s, seat, c) ((void)(s), (void)(seat), (void)(c))
#endif

#define GAME_CAT2(a, b) a##_##b
#define GAME_CAT(a, b) GAME_CAT2(a, b)
#define GAME_ENTRY(name) GAME_CAT(GAME, name) /* <GAME>_name */

#define SETUP_PLACES 3 /* where a seat's cards lie in a setup: hand, face up, face down */

/* ---- the setup ----------------------------------------------------------- */

/* ts_init once the game is known: check the setup, make the first lead's state. */
static int rules_init(ts_state *s, const ts_setup *in)
{
    /* 1. The seats, trump and leader. */
    if (!GAME_seats_ok(in->nseats))
        return TS_ERR_SEATS;
    if (in->trump > TS_NOTRUMP || (GAME_TRUMP_NEEDED && in->trump == TS_NOTRUMP))
        return TS_ERR_TRUMP;
    if (in->leader >= in->nseats)
        return TS_ERR_SEAT;

    /* 2. The cards: real cards, each in one place, the same count per seat. */
    ts_cards seen = 0;
    int per_seat = -1;
    for (int p = 0; p < in->nseats; p++) {
        ts_cards sets[SETUP_PLACES] = {in->hand[p], GAME_PILES ? in->up[p] : 0, GAME_PILES ? in->under[p] : 0};
        int held = 0;
        for (int k = 0; k < SETUP_PLACES; k++) {
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

    /* 3. The game's own parts of the setup. */
    int status = GAME_setup_check(in);
    if (status != TS_OK)
        return status;

    /* 4. The state of the first lead. */
    memset(s, 0, sizeof *s);
    s->game = in->game;
    s->nseats = in->nseats;
    s->trump = in->trump;
    s->total_tricks = (uint8_t)per_seat;
    GAME_sides(s, in);
    memset(s->beneath, TS_NO_CARD, sizeof s->beneath);
    s->in_play = seen;
    for (int p = 0; p < in->nseats; p++)
        s->playable[p] = in->hand[p];
    GAME_setup_state(s, in);
    s->leader = s->turn = in->leader;
    s->last_winner = TS_NO_SEAT;
    s->phase = per_seat == 0 ? TS_OVER : TS_PLAY;
    return TS_OK;
}

/* ---- play ---------------------------------------------------------------- */

static inline ts_cards rules_legal(const ts_state *s)
{
    if (s->phase == TS_OVER)
        return 0;
    if (s->phase == TS_CLAIM)
        return GAME_claimable(s, s->turn);
    ts_cards mine = s->playable[s->turn];
    if (s->ntrick == 0)
        return mine;
    ts_cards follow = mine & ts_suit_cards(ts_suit_of(s->trick[0]));
    return follow ? follow : mine;
}

static inline void start_next_trick(ts_state *s, int winner)
{
    s->leader = s->turn = (uint8_t)winner;
    s->ntrick = 0;
    s->phase = s->tricks_played == s->total_tricks ? TS_OVER : TS_PLAY;
}

static inline void rules_apply(ts_state *s, ts_card c, ts_undo *u)
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
        GAME_claim(s, c);
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

    /* 4. The trick is complete: the winner takes it, cards may turn up. */
    u->finished = 1;
    int winner = (s->leader + trick_winner(s->trick, s->ntrick, s->trump)) % s->nseats;
    ts_cards cards = 0;
    for (int i = 0; i < s->ntrick; i++)
        cards |= ts_bit(s->trick[i]);
    s->tricks[winner]++;
    s->tricks_played++;
    s->last_winner = (uint8_t)winner;
    s->taken[s->side[winner]] |= cards;
    u->uncovered = GAME_turn_up(s);

    /* 5. The winner claims when the trick holds a card it may claim. */
    if (GAME_claimable(s, winner)) {
        s->phase = TS_CLAIM;
        s->turn = (uint8_t)winner;
        return;
    }
    start_next_trick(s, winner);
}

static int rules_play(ts_state *s, ts_card c, ts_undo *u)
{
    if (s->phase == TS_OVER)
        return TS_ERR_OVER;
    if (!ts_card_valid(c) || !(rules_legal(s) & ts_bit(c)))
        return TS_ERR_ILLEGAL;
    rules_apply(s, c, u);
    return TS_OK;
}

static inline void rules_unplay(ts_state *s, const ts_undo *u)
{
    ts_card c = u->card;
    if (u->phase == TS_CLAIM) {
        GAME_unclaim(s, u->seat, c);
    } else {
        if (u->finished) {
            /* Undo the trick's completion, from the trick as it was played. */
            int winner = s->last_winner;
            ts_card cards[TS_MAX_SEATS];
            memcpy(cards, u->trick, sizeof cards);
            cards[u->ntrick] = c;
            ts_cards set = 0;
            for (int i = 0; i <= u->ntrick; i++)
                set |= ts_bit(cards[i]);
            GAME_turn_down(s, cards, u->ntrick + 1, u->leader);
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

/* ---- scores and playouts ------------------------------------------------- */

static inline void rules_scores(const ts_state *s, int out[TS_MAX_SEATS])
{
    for (int p = 0; p < TS_MAX_SEATS; p++)
        out[p] = 0;
    for (int p = 0; p < s->nseats; p++)
        out[p] = GAME_side_score(s, s->side[p]);
}

static inline uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void rules_random_playout(ts_state *s, uint64_t *rng)
{
    ts_undo u;
    while (s->phase != TS_OVER) {
        ts_cards legal = rules_legal(s);
        uint64_t pick = ((splitmix64(rng) >> 32) * (uint64_t)ts_count(legal)) >> 32;
        rules_play(s, ts_nth(legal, (int)pick), &u);
    }
}

static int64_t rules_playouts(const ts_state *start, int64_t n, uint64_t seed)
{
    int64_t total = 0;
    uint64_t rng = seed;
    for (int64_t i = 0; i < n; i++) {
        ts_state s = *start;
        int scores[TS_MAX_SEATS];
        rules_random_playout(&s, &rng);
        rules_scores(&s, scores);
        total += scores[0];
    }
    return total;
}

const ts_game_rules GAME_ENTRY(play) = {
    .init = rules_init,
    .legal = rules_legal,
    .play = rules_play,
    .apply = rules_apply,
    .unplay = rules_unplay,
    .scores = rules_scores,
    .random_playout = rules_random_playout,
    .playouts = rules_playouts,
};
