/*
 * rules.h -- the play of one hand of every game: plain whist, Chinkway,
 * Chinese Whist (2, 3, 4 players) and Cinch.
 *
 * A ts_state holds a hand from the first lead to the last trick.  It is made
 * once by ts_init from a ts_setup (which is checked at this boundary), then
 * changed only by ts_play and restored by ts_unplay with the ts_undo record
 * that ts_play filled in.  A move is a card index: in the TS_PLAY phase the
 * card to play, in the TS_CLAIM phase (Chinkway) the card of the finished
 * trick that its winner claims.
 *
 * Seats are 0..nseats-1, clockwise.  No Python objects, no allocation.
 *
 * Where it lives: the play of a hand is written once (the template
 * rules/play.h) and compiled per game with the game's rules hooks
 * (games/<game>_rules.h) in games/<game>.c; the functions below that play a
 * hand look the game up once, in games/registry.c; ts_cinch_points is
 * Cinch's (games/cinch.c), ts_trick_winner and ts_status_text are rules.c's.
 */
#ifndef TS_RULES_H
#define TS_RULES_H

#include "cards.h"

#define TS_MAX_SEATS 5
#define TS_MAX_SIDES 5
/* The games' numbers that the rules need, each written once: the C core's
 * files use them, the binding (solver/_core.pyx) exports them, and the
 * Python product reads them from there. */
#define TS_CHINKWAY_SEATS 5          /* Chinkway: the lone dealer and two teams of two */
#define TS_QUEST_CATEGORIES 5        /* Chinkway: spade, heart, diamond, club pips; courts */
#define TS_COURTS 4                  /* Chinkway: the quest category of J, Q, K of any suit */
#define TS_QUEST_CARDS 5             /* Chinkway: quest cards turned each round */
#define TS_CHINESE_WHIST_PAR_2 13    /* Chinese Whist, 2 players: each scores tricks above thirteen */
#define TS_CHINESE_WHIST_PAR_3 5     /* 3 players: each scores tricks above five */
#define TS_CHINESE_WHIST_PAR_4 6     /* 4 players: a side scores its tricks above six */
#define TS_CINCH_TOP_BID 4           /* Cinch: the highest bid but a Shoot (bids are 1..4) */
#define TS_SHOOT 8                   /* Cinch: a Shoot bid is worth 8 */

/* The games (a setup's `game`); TS_GAMES: their number. */
enum ts_game { TS_WHIST = 0, TS_CHINKWAY = 1, TS_CHINESE_WHIST = 2, TS_CINCH = 3, TS_GAMES = 4 };
enum ts_phase { TS_PLAY = 0, TS_CLAIM = 1, TS_OVER = 2 };

/* Result codes of the checked entry points; ts_status_text names each. */
enum ts_status {
    TS_OK = 0,
    TS_ERR_GAME,      /* unknown game */
    TS_ERR_SEATS,     /* seat count wrong for the game */
    TS_ERR_TRUMP,     /* trump out of range, or no trumps where the game needs a suit */
    TS_ERR_CARD,      /* a set holds a bit that is no card */
    TS_ERR_DUPLICATE, /* a card is in two places */
    TS_ERR_COUNT,     /* seats hold different numbers of cards, or too many */
    TS_ERR_PILE,      /* Chinese Whist piles inconsistent */
    TS_ERR_QUEST,     /* Chinkway quest counts or dealer wrong */
    TS_ERR_BID,       /* Cinch bid or bidder wrong */
    TS_ERR_SEAT,      /* leader (or another seat number) out of range */
    TS_ERR_ILLEGAL,   /* a move that the rules do not allow now */
    TS_ERR_OVER,      /* a move after the last trick */
    TS_STATUSES
};

/*
 * What a hand starts from.  Fields a game does not use are ignored.
 * - hand[s]: cards held in the hand (Chinese Whist: the down cards).
 * - up[s], under[s] (Chinese Whist): face-up covering cards and the face-down
 *   cards beneath them; beneath[c] is the card under covering card c.
 * - dealer, pairing (Chinkway): the lone dealer's seat; pairing 0 makes
 *   players {2,3} and {4,5} the teams, pairing 1 makes {2,4} and {3,5}.
 * - quest_need[k] (Chinkway): quest cards of category k; they sum to 5.
 * - bidder, bid, shoot_needs_all_four (Cinch): the contract; bid 1..4 or 8.
 */
typedef struct ts_setup {
    uint8_t game, nseats, trump, leader;
    ts_cards hand[TS_MAX_SEATS];
    ts_cards up[TS_MAX_SEATS];
    ts_cards under[TS_MAX_SEATS];
    uint8_t beneath[64];
    uint8_t dealer, pairing;
    uint8_t quest_need[TS_QUEST_CATEGORIES];
    uint8_t bidder, bid, shoot_needs_all_four;
} ts_setup;

typedef struct ts_state {
    /* Fixed for the hand. */
    uint8_t game, nseats, nsides, trump;
    uint8_t total_tricks;
    uint8_t side[TS_MAX_SEATS];      /* side of each seat, 0..nsides-1 */
    uint8_t beneath[64];             /* Chinese Whist: card under covering card c, or TS_NO_CARD */
    ts_cards covers;                 /* Chinese Whist: the cards with a card beneath them */
    uint8_t quest_need[TS_QUEST_CATEGORIES];
    uint8_t bidder, bid, shoot_needs_all_four;
    ts_cards in_play;                /* Cinch: every card held at the first lead */
    /* Changed by play. */
    ts_cards playable[TS_MAX_SEATS]; /* cards the seat may play now: hand, face-up tops */
    ts_cards covered[TS_MAX_SEATS];  /* Chinese Whist: face-down cards still covered */
    ts_cards taken[TS_MAX_SIDES];    /* cards in the tricks each side won */
    ts_cards claimed[TS_MAX_SEATS];  /* Chinkway: cards each seat claimed */
    uint8_t side_claims[TS_MAX_SIDES][TS_QUEST_CATEGORIES]; /* Chinkway: claims per side and category */
    uint8_t tricks[TS_MAX_SEATS];    /* tricks won by each seat */
    ts_card trick[TS_MAX_SEATS];     /* cards of the current (or just finished) trick, in play order */
    uint8_t ntrick;                  /* cards in trick[] */
    uint8_t leader;                  /* seat that led trick[] */
    uint8_t turn;                    /* seat to move (to claim, in TS_CLAIM) */
    uint8_t phase;                   /* enum ts_phase */
    uint8_t last_winner;             /* winner of the last finished trick, or TS_NO_SEAT */
    uint8_t tricks_played;           /* finished tricks */
} ts_state;

#define TS_NO_SEAT 0xFF

/* What ts_unplay needs to take a move back.  Filled by ts_play. */
typedef struct ts_undo {
    ts_card card;
    uint8_t seat, phase, ntrick, leader, turn, last_winner;
    uint8_t finished;                /* this move finished a trick (play) or a claim */
    ts_card trick[TS_MAX_SEATS];     /* trick[] before the move */
    ts_cards uncovered;              /* Chinese Whist: cards this move turned up */
} ts_undo;

/* Check a setup and make the state of its first lead.  TS_OK or an error. */
int ts_init(ts_state *s, const ts_setup *setup);

/* The cards the side to move may play now (or claim, in TS_CLAIM); 0 when over. */
ts_cards ts_legal(const ts_state *s);

/* Play (or claim) card c, filling *u.  Checked: TS_ERR_ILLEGAL, TS_ERR_OVER. */
int ts_play(ts_state *s, ts_card c, ts_undo *u);

/* ts_play without the checks, for the search: c must be legal now. */
void ts_apply(ts_state *s, ts_card c, ts_undo *u);

/* Take back the move recorded in *u (the latest one made). */
void ts_unplay(ts_state *s, const ts_undo *u);

/* Index within cards[0..n-1] (play order) of the card that wins the trick. */
int ts_trick_winner(const ts_card *cards, int n, int trump);

/* The Chinkway quest category of a card: its suit for pips (A, 2-10), TS_COURTS for J, Q, K. */
static inline int ts_quest_category(ts_card c)
{
    int r = ts_rank_of(c);
    return (r >= TS_JACK && r <= TS_KING) ? TS_COURTS : ts_suit_of(c);
}

/* Score of k completed quest parts: 1, 3, 6, 10, 15. */
static inline int ts_quest_score(int parts) { return parts * (parts + 1) / 2; }

/* Cinch points a side has captured so far, as bits: */
enum { TS_CINCH_HIGH = 1, TS_CINCH_LOW = 2, TS_CINCH_JACK = 4, TS_CINCH_GAME = 8 };
int ts_cinch_points(const ts_state *s, int side);

/* The hand score of every seat as if the hand ended now (final once over). */
void ts_scores(const ts_state *s, int out[TS_MAX_SEATS]);

/* Play uniformly random legal moves to the end of the hand.  *rng is a
 * splitmix64 state, advanced. */
void ts_random_playout(ts_state *s, uint64_t *rng);

/* Run n random playouts from copies of *start; returns the sum of seat 0's
 * final scores (so the work cannot be optimised away). */
int64_t ts_playouts(const ts_state *start, int64_t n, uint64_t seed);

const char *ts_status_text(int status);

/* The name of game `game` (enum ts_game), as the Python package registers
 * it ("whist", "chinese-whist", ...): the binding finds each game's number
 * by it.  NULL for a number that is no game. */
const char *ts_game_name(int game);

#endif /* TS_RULES_H */
