/*
 * rules.c -- the parts of rules.h that name no game and need none: the
 * status texts and the trick winner.  The play of a hand is the template
 * rules/play.h, compiled per game in csrc/games/<game>.c; the public ts_*
 * functions that play a hand dispatch to it from games/registry.c.
 */
#include "rules.h"

#include "rules/trick.h"

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

int ts_trick_winner(const ts_card *cards, int n, int trump) { return trick_winner(cards, n, trump); }
