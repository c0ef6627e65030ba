/*
 * search/window.h -- the null-window search, written once: a part of the
 * template search/core.h, included for each kind of table a game's search
 * keeps (no include guard): by core.h for the table by exact keys
 * (`reaches`), by search/patterns.h for the table by patterns
 * (`pattern_search`).  Before each inclusion WINDOW names the function and
 * the WINDOW_* hooks say what the kind does at each step; this file
 * undefines them at its end.  Every game's search, and each kind, runs
 * this one loop with its hooks inlined.
 *
 * Can the root side reach `target` from here?  Fail-soft: the answer is a
 * value v, "yes" when v >= target, and then the value is at least v; "no"
 * when v < target, and then the value is at most v (the drivers jump over
 * targets the search proved on the way).  With WINDOW_DECIDES it also gives
 * the cards whose ranks decided it (*decided), so that the table stores the
 * bound as a pattern of those cards and lower cards that played the same
 * are skipped.  Steps: 1. the end of the hand (or the horizon);
 * 2. cheap bounds; 3. the table, at a trick start; 4. the moves, in order
 * (the table's move, the cutoff card or the killer lead first; another
 * side's claim: any one, its answer the node's), lower cards skipped after
 * a card whose search did not depend on its rank; 5. the table's store, at
 * a trick start.
 *
 * The hooks of a kind (WINDOW_node is the type in which a node's steps
 * keep what its store needs; its `lo` and `hi` fields are the range of the
 * node's answer, from step 2 on):
 *   WINDOW_DECIDES                 1: the deciding cards are kept (else
 *                                  *decided is not written)
 *   WINDOW_base(S, s)              the part of the value already scored,
 *                                  for the steps (0 when unused)
 *   WINDOW_GIVE_UP(target, base)   the answer when a limit cut the search
 *                                  short (S->aborted; no caller uses it
 *                                  as a bound)
 *   WINDOW_end(S, s, target, base, &node, &v, decided)
 *                                  1: the hand's end answers with v
 *   WINDOW_bounds(S, s, target, base, at_start, &node, &v, decided)
 *                                  1: cheap bounds answer with v; else the
 *                                  node's range set (node.lo, node.hi)
 *   WINDOW_CLAMPS                  1: the answers of the moves may lie outside
 *                                  the node's range, and are brought within
 *                                  it (0: they never do)
 *   WINDOW_probe(S, s, target, base, &node, &v, decided)
 *                                  at a trick start: 1 when the table
 *                                  answers with v (it may narrow the range)
 *   WINDOW_table_move(&node)       at a trick start, after the probe: the
 *                                  move the table tries first (TS_NO_CARD)
 *   WINDOW_KILLER                  1: another side's leads try first the
 *                                  lead that last cut off at that depth
 *   WINDOW_cut_slot(S, s, target, &tag)
 *                                  the slot of the cutoff card tried alone
 *                                  first (search/patterns.h), or NULL
 *   WINDOW_pruned(s, R, moves, legal, &why)
 *                                  the moves (representatives of legal)
 *                                  need not be tried (GAME_dominated)
 *   WINDOW_RANK_CLASSES, WINDOW_rank_class(s, R, c)
 *                                  with WINDOW_DECIDES: the classes of a
 *                                  suit's cards; a card stands for the lower
 *                                  cards of its suit and class
 *   WINDOW_stands_alone(s, c)      with WINDOW_DECIDES: card c stands for
 *                                  no lower card, and is never skipped
 *   WINDOW_stands_for_lower(s, c)  with WINDOW_stands_alone: c still
 *                                  stands for the lower cards that do not
 *                                  stand alone
 *   WINDOW_store(S, s, &node, base, all, result, target, decisive)
 *                                  at a trick start: store the answer
 *                                  `result`, decided by the cards `all`
 *                                  and the move `decisive` (TS_NO_CARD: no
 *                                  move cut off); returns the deciding
 *                                  cards of this position
 */
#ifndef WINDOW
#error "search/window.h is included by search/core.h or search/patterns.h, with WINDOW and its hooks"
#endif

static int WINDOW(ts_search *S, ts_state *s, int target, ts_cards *decided)
{
    const int R = S->root_side;
    if (WINDOW_DECIDES)
        *decided = 0;
    count_node(S, s);
    const int base = WINDOW_base(S, s);
    if (out_of_budget(S))
        return WINDOW_GIVE_UP(target, base);

    /* 1. */
    int v;
    WINDOW_node node;
    if (WINDOW_end(S, s, target, base, &node, &v, decided))
        return v;

    /* 2. */
    const int at_start = (!GAME_CLAIMS || s->phase == TS_PLAY) && s->ntrick == 0;
    if (WINDOW_bounds(S, s, target, base, at_start, &node, &v, decided))
        return v;

    /* 3. */
    if (at_start && WINDOW_probe(S, s, target, base, &node, &v, decided))
        return v;

    /* 4. The maximising side answers "yes" with its first move that
     * reaches the target, else "no" with the best bound of its moves; the
     * other side the reverse.  (A table of the cards that cut off the
     * search inside tricks, for move ordering, saved 1-4% of the nodes and
     * doubled the time: a cache miss a node.) */
    const int maximising = s->side[s->turn] == R;
    /* the killer lead for the other sides' leads only (for R's leads too:
     * 29% more nodes on 19 deals of the quest game, measured) */
    const int depth = play_depth(s);
    ts_cards legal = rules_legal(s), moves;
    if (GAME_CLAIMS && s->phase == TS_CLAIM && !maximising) {
        /* another side's claim leaves R's score and R's future alone (the
         * game's key holds R's claims only): any one will do, its answer
         * (within the node's range) is the node's */
        ts_undo u;
        rules_apply(s, ts_first(legal), &u);
        v = WINDOW(S, s, target, decided);
        rules_unplay(s, &u);
        if (S->aborted)
            return WINDOW_GIVE_UP(target, base);
        return WINDOW_CLAMPS ? (v < node.lo ? node.lo : v > node.hi ? node.hi : v) : v;
    }
    /* the cards whose ranks made moves not worth trying (WINDOW_pruned):
     * deciding cards of the node unless a move cuts off */
    ts_cards dominance = 0;
    uint16_t tag = 0, *cut = WINDOW_cut_slot(S, s, target, &tag);
    ts_card first = cut && (*cut & ~0x3Fu) == tag ? (ts_card)(*cut & 0x3F) : TS_NO_CARD;
    /* The cutoff card alone first, when legal (another card of its class
     * would do the same): the others are found and ordered only when it
     * does not cut off.  (Only a cutoff card that was its class's
     * representative first: 5.7% more nodes.) */
    int lazy = first != TS_NO_CARD && (legal & ts_bit(first)) && (legal & (legal - 1));
    ts_card list[64];
    int n;
    if (lazy) {
        list[0] = first;
        n = 1;
    } else {
        moves = representatives(s, legal, R);
        moves &= ~WINDOW_pruned(s, R, moves, legal, &dominance);
        n = order_moves(s, moves, at_start ? WINDOW_table_move(&node) : TS_NO_CARD,
                        WINDOW_KILLER && !maximising ? S->killer[depth] : TS_NO_CARD, R, list);
    }

    /* the best value found for the side to move (fail-soft) */
    int result = maximising ? node.lo : node.hi;
    ts_cards all = 0;
    ts_card decisive = TS_NO_CARD;
    /* A card whose subtree did not depend on its rank stands for the lower
     * cards of its suit and class in the same hand: min_rank[suit][class]
     * is the lowest rank still worth trying. */
    int min_rank[TS_SUITS][WINDOW_RANK_CLASSES];
    if (WINDOW_DECIDES)
        memset(min_rank, 0, sizeof min_rank);
    for (int i = 0;; i++) {
        if (i == n && lazy) {
            /* the others: every class but the cutoff card's (represented
             * by the next representative at or above it in its suit) */
            moves = representatives(s, legal, R);
            ts_card r = representative_of(moves, first);
            if (r != TS_NO_CARD)
                moves &= ~ts_bit(r);
            moves &= ~WINDOW_pruned(s, R, moves, legal, &dominance);
            n += order_moves(s, moves, TS_NO_CARD, TS_NO_CARD, R, list + 1);
            lazy = 0;
        }
        if (i == n)
            break;
        ts_card c = list[i];
        int suit = ts_suit_of(c), cls = WINDOW_DECIDES ? WINDOW_rank_class(s, R, c) : 0;
        if (WINDOW_DECIDES && ts_rank_of(c) < min_rank[suit][cls] && !WINDOW_stands_alone(s, c))
            continue;
        /* the trick this card completes, if it does (its winner's rank
         * decides) */
        int k = s->ntrick, completes = WINDOW_DECIDES && (!GAME_CLAIMS || s->phase == TS_PLAY) && k + 1 == s->nseats;
        ts_card cards[TS_MAX_SEATS];
        if (completes) {
            memcpy(cards, s->trick, sizeof cards);
            cards[k] = c;
        }
        ts_undo u;
        ts_cards below;
        rules_apply(s, c, &u);
        v = WINDOW(S, s, target, &below);
        rules_unplay(s, &u);
        if (S->aborted)
            return WINDOW_GIVE_UP(target, base);
        if (completes)
            below |= trick_rank_winner(cards, k + 1, s->trump);
        if (maximising ? v > result : v < result)
            result = v;
        if ((v >= target) == maximising) {
            all = WINDOW_DECIDES ? below : 0;
            dominance = 0;
            decisive = c;
            if (cut) {
                *cut = (uint16_t)(tag | c);
                S->tt->cuts_used = 1;
            }
            if (WINDOW_KILLER && at_start && !maximising)
                S->killer[depth] = c;
            break;
        }
        if (!WINDOW_DECIDES)
            continue;
        all |= below;
        if (WINDOW_stands_alone(s, c) && !WINDOW_stands_for_lower(s, c))
            continue; /* a card with another beneath it stands for no other */
        ts_cards in_suit = below & ts_suit_cards(suit);
        if (!in_suit)
            min_rank[suit][cls] = TS_RANKS;
        else if (ts_first(in_suit) > c && ts_rank_of(ts_first(in_suit)) > min_rank[suit][cls])
            min_rank[suit][cls] = ts_rank_of(ts_first(in_suit));
    }
    /* the node's own range holds too */
    if (WINDOW_CLAMPS && result < node.lo)
        result = node.lo;
    if (WINDOW_CLAMPS && result > node.hi)
        result = node.hi;
    if (WINDOW_DECIDES)
        *decided = all | dominance;

    /* 5. */
    if (at_start) {
        ts_cards d = WINDOW_store(S, s, &node, base, all | dominance, result, target, decisive);
        if (WINDOW_DECIDES)
            *decided = d;
        S->stats.tt_stores++;
    }
    return result;
}

#undef WINDOW
#undef WINDOW_DECIDES
#undef WINDOW_node
#undef WINDOW_base
#undef WINDOW_GIVE_UP
#undef WINDOW_end
#undef WINDOW_bounds
#undef WINDOW_CLAMPS
#undef WINDOW_probe
#undef WINDOW_table_move
#undef WINDOW_KILLER
#undef WINDOW_cut_slot
#undef WINDOW_pruned
#undef WINDOW_RANK_CLASSES
#undef WINDOW_rank_class
#undef WINDOW_stands_alone
#undef WINDOW_stands_for_lower
#undef WINDOW_store
