"""The players: the registry, legal moves in every phase, reproducibility, no peeking.

The no-peeking tests make *twins* of a position: the same position with cards
the deciding seat cannot see swapped (other hands, down cards, face-down pile
cards, the Chinkway dealer's discards and quest deck, the Cinch stock and
widow), keeping the record of play legal.  A seat's `SeatKnowledge` and every
player's choice must be the same in a position and its twins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

import pytest

import solver
import solver.players as players_module
from solver import CardSet, Move, NotationError, Phase, Position, PositionError
from solver.budget import Budget
from solver.cards import Card
from solver.games import registry
from solver.games.base import PASS, SHOOT
from solver.games.chinese_whist import ChineseWhist, pile_text
from solver.games.chinkway import COURTS, Chinkway
from solver.games.cinch import Cinch
from solver.games.cinch.before_play import BID_FIRST_WORLDS, BID_WORLDS
from solver.heuristics import knowledge, seat_knowledge
from solver.notation import to_toml
from solver.pimc import recommend
from solver.players import (
    PLAYERS,
    ClassicPimcPlayer,
    EpimcPlayer,
    HeuristicPlayer,
    IsmctsPlayer,
    MctsPlayer,
    PimcBudget,
    PimcPlayer,
    Player,
    RandomPlayer,
    hint,
    hint_player,
    make_player,
    parse_seats,
)
from solver.position import view_of
from solver.view import View
from tests.randpos import VARIANTS, cinch_with_top_trumps, random_deal

HANDS_PER_VARIANT = 12  # whole hands played by each player, per variant
HANDS_FOR_TWINS = 7  # random hands per variant whose decisions get twins
TWINS_EACH = 4  # twins tried per decision
MIN_TWINS = 50  # per variant: the twins made must be many, or the test proves little


def ids(variants: list[tuple[str, int]]) -> list[str]:
    return [f"{g}-{p}" for g, p in variants]


# -- the registry ----------------------------------------------------------------------


# the players quick enough to play whole hands from the first lead in tests
FAST = ["random", "heuristic"]


def test_registry_names_the_random_heuristic_and_pimc_players() -> None:
    assert PLAYERS == {
        "random": RandomPlayer,
        "heuristic": HeuristicPlayer,
        "pimc": PimcPlayer,
        "epimc": EpimcPlayer,  # tests/hidden/test_epimc.py
        "pimc-classic": ClassicPimcPlayer,
        "ismcts": IsmctsPlayer,  # OpenSpiel's bots: tests/hidden/test_openspiel.py
        "mcts": MctsPlayer,
    }
    for name, cls in PLAYERS.items():
        player = make_player(name.upper())
        assert type(player) is cls and cls.name == name and cls.summary


def test_unknown_player_is_a_notation_error_naming_the_players() -> None:
    with pytest.raises(NotationError, match="unknown player 'genius'.*random, heuristic"):
        make_player("genius")


@pytest.mark.parametrize(
    ("text", "nseats", "expected"),
    [
        ("heuristic", 4, ["heuristic"] * 4),
        ("heuristic,random", 4, ["heuristic", "random", "heuristic", "random"]),
        (" Random , heuristic,random ", 3, ["random", "heuristic", "random"]),
        (
            "random,random,heuristic,random,random",
            5,
            ["random", "random", "heuristic"] + ["random"] * 2,
        ),
        ("pimc:worlds=50,nodes=2000000,heuristic", 4, ["pimc:50/2000000", "heuristic"] * 2),
        ("PIMC:50/2M,pimc-classic", 2, ["pimc:50/2000000", "pimc-classic"]),
        ("pimc:n=3k", 1, [f"pimc:{PimcPlayer.DEFAULT_BUDGET.worlds}/3000"]),
        ("pimc:w=8, pimc", 2, [f"pimc:8/{PimcPlayer.DEFAULT_BUDGET.nodes}", "pimc"]),
    ],
)
def test_seats_list_one_name_per_seat_or_repeats_round_the_table(
    text: str, nseats: int, expected: list[str]
) -> None:
    assert parse_seats(text, nseats) == expected


@pytest.mark.parametrize(
    ("text", "nseats", "words"),
    [
        ("heuristic,random", 5, "2 names for 5 seats"),
        ("heuristic,random,random", 4, "3 names for 4 seats"),
        ("heuristic,,random", 4, "separated by commas"),
        ("", 4, "separated by commas"),
        ("heuristic,pimcc", 4, "unknown player 'pimcc'"),
        ("pimc:50", 4, "WORLDS/NODES"),
        ("pimc:worlds=0", 4, "worlds must be a count from 1"),
        ("pimc:1e30/2k", 4, "worlds must be a count from 1 to 1,000,000"),
        ("pimc:21e309k/k", 4, "worlds must be a count"),
        ("pimc:depth=3", 4, "unknown setting 'depth=3'"),
        ("heuristic:5/5", 4, "'heuristic' takes no settings"),
        (
            "epimc:50",
            4,
            "epimc: a budget is WORLDS/NODES",
        ),  # the player named: tests/hidden/test_epimc.py
        ("epimc:worlds=0", 4, "epimc: worlds must be a count from 1"),
        ("epimc:depth=3", 4, "epimc: unknown setting 'depth=3'"),
        ("pimc:16/300k,infer=foo", 4, "unknown model 'foo'"),  # tests/hidden/test_inference.py
        ("pimc:infer=", 4, "unknown setting 'infer='"),
        ("pimc:worlds=16,infer=", 4, "unknown setting 'infer='"),
    ],
)
def test_bad_seats_lists_are_notation_errors(text: str, nseats: int, words: str) -> None:
    """Each a NotationError of one line naming the problem."""
    with pytest.raises(NotationError, match=words) as caught:
        parse_seats(text, nseats)
    assert "\n" not in str(caught.value)


def test_a_pimc_budget_is_its_worlds_and_nodes() -> None:
    player = make_player("pimc:worlds=40,nodes=2.5M")
    assert isinstance(player, PimcPlayer)
    assert player.budget == PimcBudget(40, 2_500_000)
    assert player.budget.world_nodes == 2_500_000 // PimcBudget.MIN_WORLDS
    assert make_player("pimc:40/2500k").budget == player.budget  # type: ignore[attr-defined]
    assert make_player("pimc").budget == PimcPlayer.DEFAULT_BUDGET  # type: ignore[attr-defined]


class LastMovePlayer(Player):
    """A stand-in for a stronger player: always the last legal move."""

    name: ClassVar[str] = "last"
    summary: ClassVar[str] = "the last legal move"

    def choose(self, view: View, rng: random.Random) -> Move:
        return view.legal_moves()[-1]


def test_hint_is_the_choice_of_the_player_named_for_hints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from solver.decisions import candidate_plans, decide_before_play

    pos = solver.deal("cinch", seed=4)  # a bid: a Cinch decision ends well within the hint's time
    assert hint_player() is PimcPlayer
    expected = decide_before_play(
        pos,
        budget=Budget(
            worlds=max(PimcPlayer.HINT_DECISION_SAMPLES, BID_WORLDS),
            search_nodes=registry.game("cinch").player_decision_max_nodes,
        ),
        seed=random.Random(0).randrange(1 << 31),
        first_worlds=BID_FIRST_WORLDS,
        plans=[p for p in candidate_plans(pos, pos.to_move) if p.move.value != SHOOT],
    ).move
    assert hint(view_of(pos, pos.to_move)) == f"{expected} (the pimc player's choice)"
    monkeypatch.setitem(PLAYERS, "last", LastMovePlayer)  # adding a player: one entry
    assert hint_player() is PimcPlayer  # registering a player does not change who hints
    monkeypatch.setattr(players_module, "HINT_PLAYER", "last")  # naming it does
    assert hint_player() is LastMovePlayer
    last = f"{pos.legal_moves()[-1]} (the last player's choice)"
    assert hint(view_of(pos, pos.to_move)) == last


def test_hint_for_a_seat_not_to_move_is_a_position_error() -> None:
    pos = solver.deal("whist", seed=1)
    with pytest.raises(PositionError, match="not to move"):
        hint(view_of(pos, (pos.to_move + 1) % 4))


# -- every decision of every game ---------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=ids(VARIANTS))
@pytest.mark.parametrize("name", FAST)
def test_players_make_a_legal_move_at_every_decision(game: str, players: int, name: str) -> None:
    player = make_player(name)
    phases: set[Phase] = set()
    for seed in range(HANDS_PER_VARIANT):
        pos = random_deal(game, players, seed)
        rng = random.Random(seed)
        while not pos.is_over:
            phases.add(pos.phase)
            move = player.choose(view_of(pos, pos.to_move), rng)
            assert move in pos.legal_moves(), pos.to_line()
            pos.play(move)
    expected = {
        "whist": {Phase.PLAY},
        "chinkway": {Phase.DISCARD, Phase.TRUMP, Phase.PLAY, Phase.CLAIM},
        "chinese-whist": {Phase.TRUMP, Phase.PLAY},
        "cinch": {Phase.BID, Phase.TRUMP, Phase.PLAY},
    }[game]
    assert expected <= phases


@pytest.mark.parametrize("name", FAST)
def test_the_same_generator_gives_the_same_choices(name: str) -> None:
    def hand(seed: int) -> list[str]:
        pos = solver.deal("chinese-whist", players=3, seed=5)
        rng = random.Random(seed)
        player = make_player(name)
        moves = []
        while not pos.is_over:
            move = player.choose(view_of(pos, pos.to_move), rng)
            moves.append(str(move))
            pos.play(move)
        return moves

    assert hand(1) == hand(1)
    if name == "random":
        assert hand(1) != hand(2)


def test_heuristic_takes_more_whist_tricks_than_random_on_a_few_deals() -> None:
    """A smoke test of the heuristic's card play (`tricksolver match` measures it)."""
    margin = 0
    for seed in range(20):
        for heuristic_side in (0, 1):
            pos = solver.deal("whist", seed=seed)
            rng = random.Random(seed)
            while not pos.is_over:
                seat = pos.to_move
                player = HeuristicPlayer() if seat % 2 == heuristic_side else RandomPlayer()
                pos.play(player.choose(view_of(pos, seat), rng))
            won = pos.tricks_won()
            ours = won[heuristic_side] + won[heuristic_side + 2]
            margin += ours - (13 - ours)
    assert margin > 0


def test_heuristic_bids_a_strong_suit_and_never_over_its_partner() -> None:
    strong = CardSet.parse("9.AKJ32.8.76")  # seat 2, first to call: A K J 2 of hearts
    partner = CardSet.parse("AKQJT.9.9.98")  # seat 4: strong spades, but its partner bid
    rest = list(solver.cards.FULL_DECK - strong - partner)
    hands = [CardSet(rest[:9]), strong, CardSet(rest[9:18]), partner]
    stock = " ".join(map(str, rest[18:]))
    pos = Cinch(0, hands, stock=[Card.parse(c) for c in stock.split()])
    assert pos.to_move == 1
    move = HeuristicPlayer().choose(view_of(pos, 1), random.Random(0))
    assert move.kind == "bid" and move.value is not None and 2 <= move.value <= 4
    pos.play(move)
    pos.play("pass")
    assert pos.to_move == 3
    assert HeuristicPlayer().choose(view_of(pos, 3), random.Random(0)) == Move("bid", value=0)


def test_heuristic_wins_cheaply_and_plays_low_under_a_partner() -> None:
    # N led the KS; E holds AS and 5S: it wins with the ace, the only winner.
    pos = solver.parse_position("whist; trump=NT; leader=N; hands=N:K2... A5... QJ... T9...")
    pos.play("KS")
    assert HeuristicPlayer().choose(view_of(pos, 1), random.Random(0)) == Move(
        "play", Card.parse("AS")
    )
    # S after N's KS and E's 5S: partner N wins unless W has the ace; S plays low.
    pos = solver.parse_position("whist; trump=NT; leader=N; hands=N:K2... 54... QJ... AT...")
    pos.play("KS")
    pos.play("5S")
    assert HeuristicPlayer().choose(view_of(pos, 2), random.Random(0)) == Move(
        "play", Card.parse("JS")
    )
    # Last to play over a partner's winning card: the partner wins, S plays low too.
    pos = solver.parse_position("whist; trump=NT; leader=E; hands=N:K2... 54... QJ... AT...")
    pos.play("5S")
    pos.play("QS")
    pos.play("AS")
    assert HeuristicPlayer().choose(view_of(pos, 0), random.Random(0)) == Move(
        "play", Card.parse("2S")
    )


# -- no peeking ---------------------------------------------------------------------------


def played_cards(pos: Position) -> CardSet:
    return CardSet(m.card for m in pos.play_record if m.kind == "play" and m.card is not None)


def swap_between(
    entries: list[str],
    a: int,
    b: int,
    movable: Callable[[Card], bool],
    same_suit: bool,
    rng: random.Random,
) -> list[str] | None:
    """Swap one movable card of entry `a` with one of entry `b` (hands as text)."""
    sets = [CardSet.parse(e) for e in entries]
    pairs = [
        (x, y)
        for x in sets[a]
        if movable(x)
        for y in sets[b]
        if movable(y) and (not same_suit or x.suit == y.suit)
    ]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    sets[a] = sets[a] - CardSet([x]) | CardSet([y])
    sets[b] = sets[b] - CardSet([y]) | CardSet([x])
    out = list(entries)
    out[a], out[b] = str(sets[a]), str(sets[b])
    return out


def twin_fields(pos: Position, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The keys of `pos` with two cards `seat` cannot see swapped, or None."""
    fields = pos.to_fields()
    played = played_cards(pos)
    others = [s for s in range(pos.nseats) if s != seat]
    started = pos.core is not None

    def unplayed(c: Card) -> bool:
        return c not in played

    if isinstance(pos, ChineseWhist):
        return chinese_whist_twin(pos, seat, fields, played, rng)
    if isinstance(pos, Chinkway):
        choice = rng.randrange(3)
        if choice == 0 and pos.quest_deck and len(pos.quest_deck) > 1:
            deck = list(pos.quest_deck)
            i, j = rng.sample(range(len(deck)), 2)
            deck[i], deck[j] = deck[j], deck[i]
            fields["quest_deck"] = " ".join(map(str, deck))
            return fields
        if choice == 1 and pos.quest_deck and pos.quest_removed:
            courts = [c for c in pos.quest_deck if c in COURTS]
            if not courts:
                return None
            c = rng.choice(courts)
            r = rng.choice(pos.quest_removed)
            fields["quest_deck"] = " ".join(str(r if x == c else x) for x in pos.quest_deck)
            fields["quest_removed"] = " ".join(str(c if x == r else x) for x in pos.quest_removed)
            return fields
        if seat != pos.dealer and len(pos.discards) and started:
            # a discard of the dealer against a card of another seat, same suit
            holders = [s for s in others if s != pos.dealer]
            b = rng.choice(holders)
            hands = [CardSet.parse(h) for h in fields["hands"]]
            pairs = [
                (d, y)
                for d in pos.discards
                for y in hands[b]
                if y not in played and y.suit == d.suit
            ]
            if pairs:
                d, y = rng.choice(pairs)
                hands[b] = hands[b] - CardSet([y]) | CardSet([d])
                fields["hands"] = [str(h) for h in hands]
                fields["discards"] = " ".join(str(y if x == d else x) for x in pos.discards)
                return fields
    if isinstance(pos, Cinch) and pos.trump is not None:
        if pos.widow and rng.random() < 0.5:
            b = rng.choice(others)
            hands = [CardSet.parse(h) for h in fields["hands"]]
            pairs = [
                (w, y) for w in pos.widow for y in hands[b] if unplayed(y) and y.suit == w.suit
            ]
            if pairs:
                w, y = rng.choice(pairs)
                hands[b] = hands[b] - CardSet([y]) | CardSet([w])
                fields["hands"] = [str(h) for h in hands]
                fields["widow"] = (pos.widow - CardSet([w]) | CardSet([y])).cards_text()
                return fields
    if isinstance(pos, Cinch) and pos.trump is None:
        if rng.random() < 0.5 and pos.stock:
            b = rng.choice(others)
            hands = [CardSet.parse(h) for h in fields["hands"]]
            y = rng.choice(list(hands[b]))
            k = rng.randrange(len(pos.stock))
            stock = list(pos.stock)
            stock[k], card = y, stock[k]
            hands[b] = hands[b] - CardSet([y]) | CardSet([card])
            fields["hands"] = [str(h) for h in hands]
            fields["stock"] = " ".join(map(str, stock))
            return fields
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    entries = swap_between(fields["hands"], a, b, unplayed, same_suit=started, rng=rng)
    if entries is None:
        return None
    fields["hands"] = entries
    return fields


def chinese_whist_twin(
    pos: ChineseWhist, seat: int, fields: dict[str, Any], played: CardSet, rng: random.Random
) -> dict[str, Any] | None:
    """Swap two face-down pile cards (any seats, the decider's own too), or two
    unplayed down cards of one suit of two other seats."""
    covered = [
        (s, i)
        for s in range(pos.nseats)
        for i, (top, under, face_down) in enumerate(pos.pile_view(s))
        if under is not None and face_down
    ]
    if len(covered) >= 2 and rng.random() < 0.7:
        (s1, i1), (s2, i2) = rng.sample(covered, 2)
        piles = [list(row) for row in pos.piles]
        t1, u1 = piles[s1][i1]
        t2, u2 = piles[s2][i2]
        piles[s1][i1], piles[s2][i2] = (t1, u2), (t2, u1)
        fields["piles"] = [" ".join(pile_text(p) for p in row) for row in piles]
        return fields
    others = [s for s in range(pos.nseats) if s != seat]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    down = swap_between(
        [d if d != "-" else "" for d in fields["down"]],
        a,
        b,
        lambda c: c not in played,
        same_suit=True,
        rng=rng,
    )
    if down is None:
        return None
    fields["down"] = [d or "-" for d in down]
    return fields


def twins(pos: Position, seat: int, rng: random.Random) -> list[Position]:
    """Positions that differ from `pos` only in cards `seat` cannot see."""
    made = []
    for _ in range(TWINS_EACH):
        fields = twin_fields(pos, seat, rng)
        if fields is None:
            continue
        try:
            twin = solver.parse_position(to_toml(fields))
        except solver.TricksolverError:
            continue  # the swap broke the record of play (a seat showed out)
        if twin.to_line() != pos.to_line():
            made.append(twin)
    return made


def decisions(game: str, players: int, seed: int) -> list[Position]:
    """Positions at every kind of decision of random hands: every decision
    before the first lead, and three decisions of the play."""
    rng = random.Random(seed)
    found = []
    for n in range(HANDS_FOR_TWINS):
        pos = random_deal(game, players, seed * 1000 + n)
        history = []
        while not pos.is_over:
            history.append(pos.copy())
            pos.play(rng.choice(pos.legal_moves()))
        before_play = [h for h in history if h.core is None]
        in_play = [h for h in history if h.core is not None]
        found += before_play + rng.sample(in_play, min(3, len(in_play)))
    return found


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=ids(VARIANTS))
def test_players_see_the_same_in_positions_that_differ_only_in_hidden_cards(
    game: str, players: int
) -> None:
    rng = random.Random(7)
    count = 0
    for pos in decisions(game, players, 3):
        seat = pos.to_move
        view = seat_knowledge(pos, seat)
        choices = {
            name: make_player(name).choose(view_of(pos, seat), random.Random(11)) for name in FAST
        }
        for twin in twins(pos, seat, rng):
            count += 1
            assert twin.to_move == seat and twin.phase == pos.phase
            assert seat_knowledge(twin, seat) == view, (pos.to_line(), twin.to_line())
            try:
                twin_view = view_of(twin, seat)
            except PositionError:  # a Cinch twin written out cannot show its redeal
                continue
            for name, move in choices.items():
                assert make_player(name).choose(twin_view, random.Random(11)) == move, (
                    name,
                    pos.to_line(),
                    twin.to_line(),
                )
    assert count >= MIN_TWINS


# Every registered player, on a budget small enough for a quick test (a player
# not named here plays with its defaults: a new player is covered as it is).
TINY: dict[str, Callable[[], Player]] = {
    "pimc": lambda: PimcPlayer(PimcBudget(3, 6_000), decision_samples=2),
    "epimc": lambda: EpimcPlayer(PimcBudget(3, 6_000), decision_samples=2),
    "pimc-classic": lambda: ClassicPimcPlayer(samples=3, decision_samples=2, max_nodes=2_000),
    "ismcts": lambda: make_player("ismcts:3"),
    "mcts": lambda: make_player("mcts:2/3"),
}
OTHER_WORLDS = 2  # worlds of a view drawn besides the real position, per decision
OTHER_STAND_IN_SEED = 1  # a second seed of `stand_in`'s world
PHASES = {
    "whist": {Phase.PLAY},
    "chinkway": {Phase.DISCARD, Phase.TRUMP, Phase.PLAY, Phase.CLAIM},
    "chinese-whist": {Phase.TRUMP, Phase.PLAY},
    "cinch": {Phase.BID, Phase.TRUMP, Phase.PLAY},
}


def sample_decisions(game: str, players: int, seed: int) -> list[Position]:
    """A random hand's first decision of each phase before play, and two of
    its decisions in play late in the hand (a claim among them where the
    game has claims)."""
    pos = random_deal(game, players, seed)
    rng = random.Random(seed)
    before, late = [], []
    while not pos.is_over:
        if len(pos.legal_moves()) > 1:
            if pos.core is None:
                if pos.phase not in {p.phase for p in before}:
                    before.append(pos.copy())
            elif pos.core.total_tricks - pos.core.tricks_played <= 2:
                late.append(pos.copy())
        pos.play(rng.choice(pos.legal_moves()))
    claims = [p for p in late if p.phase == Phase.CLAIM][:1]
    return before + claims + [p for p in late if p.phase == Phase.PLAY][:2]


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=ids(VARIANTS))
@pytest.mark.parametrize("name", list(PLAYERS))
def test_every_registered_player_chooses_alike_in_every_world_of_its_view(
    game: str, players: int, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player is given its seat's view and nothing else; the view of every
    other world drawn from it is the same view, so the player's choice (the
    same seed) is the same whatever the hidden cards are.  A player that
    needs a full position takes a world of the view (`stand_in`): the choice
    must not depend on which world that is either."""
    import solver.sampling
    from solver.errors import ExtraMissingError
    from solver.sampling import Sampler

    try:
        player = TINY[name]() if name in TINY else make_player(name)
    except ExtraMissingError:
        pytest.skip(f"the {name} player needs an extra that is not installed")
    phases: set[Phase] = set()
    worlds = 0
    for n, pos in enumerate(sample_decisions(game, players, seed=11)):
        seat = pos.to_move
        view = view_of(pos, seat)
        move = player.choose(view, random.Random(n))
        assert move in pos.legal_moves()
        phases.add(pos.phase)
        for world in Sampler(view).sample(OTHER_WORLDS, seed=n):
            try:
                seen = view_of(world, seat)
            except PositionError:  # a Cinch world that drew dead wood cannot show its redeal
                continue
            assert seen == view, (pos.to_line(), world.to_line())
            assert player.choose(seen, random.Random(n)) == move, (name, pos.to_line())
            worlds += 1
        with monkeypatch.context() as m:
            m.setattr(solver.sampling, "STAND_IN_SEED", OTHER_STAND_IN_SEED)
            assert player.choose(view, random.Random(n)) == move, (name, "stand-in", pos.to_line())
    assert PHASES[game] <= phases
    assert worlds > 0


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=ids(VARIANTS))
def test_the_knowledge_of_a_position_is_that_of_its_view(game: str, players: int) -> None:
    """`seat_knowledge(pos, seat)`, read from a full position for the seats
    of a world, is `knowledge(view_of(pos, seat))`, read from the view, at
    every decision and for every seat that has a view there; in Cinch, where
    a position holds only the discards left after cards were drawn back
    from the dead wood, the discards the view knows are out of play are
    those the position shows less those that may have been drawn back."""
    compared = 0
    for seed in range(3):
        pos = random_deal(game, players, seed)
        rng = random.Random(seed)
        while not pos.is_over:
            for seat in range(pos.nseats):
                try:
                    view = view_of(pos, seat)
                except PositionError:  # a Chinkway view before play is the dealer's only
                    assert game == "chinkway" and pos.core is None and seat != pos.dealer
                    continue
                got, fast = knowledge(view), seat_knowledge(pos, seat)
                if view.seen:  # cards drawn back from the dead wood
                    assert got.discards == fast.discards - view.seen
                    fast = replace(fast, discards=got.discards, out=got.out, unseen=got.unseen)
                assert got == fast, (pos.to_line(), seat)
                compared += 1
            pos.play(rng.choice(pos.legal_moves()))
    assert compared > 0


def test_the_view_holds_what_the_seat_sees() -> None:
    pos = solver.parse_position(
        "chinese-whist; players=4; dealer=1; trump=D; piles=AS/2D 6S/4D 4S/2H JD/9D JC/7H 9C/AD,"
        " KS/3S JS/TC 2S/3C AH/KC TD/TH 5D/8H, 8S/9H 4H/KD 7D/2C 6D/8D 8C/6H 7C/TS,"
        " 9S/5S 7S/4C QH/5C 3H/QD 3D/KH QC/QS; down=1:AC 5H 6C JH; play=KS 8S 9S AS | 6S JS"
    )
    view = seat_knowledge(pos, 2)  # seat 3: its 8S was covering 9H, turned up after trick 1
    assert view.hand == CardSet.parse("9H 4H 7D 6D 8C 7C 6C")
    # seat 1: AS was covering 2D (turned up); 6S, on the table, still covers 4D
    assert view.face_up[0] == CardSet.parse("2D 4S JD JC 9C")
    assert view.out == CardSet.parse("KS 8S 9S AS 6S JS")
    assert view.hidden == (6, 6, 0, 6)  # face-down pile cards and down cards
    seat2 = view.piles[1]  # JS is on the table: TC under it is still face down
    assert [p.card for p in seat2] == [
        Card.parse(c) if c else None for c in ("3S", None, "2S", "AH", "TD", "5D")
    ]
    assert [p.face_down for p in seat2] == [False, True, True, True, True, True]
    assert Card.parse("TC") in view.unseen and Card.parse("4D") in view.unseen


def test_the_chinkway_dealer_alone_sees_the_discards() -> None:
    pos = solver.deal("chinkway", seed=7)
    pos.play("discard AS")
    pos.play("discard KS")
    pos.play("trump H")
    assert seat_knowledge(pos, 0).discards == CardSet.parse("AS KS")
    assert seat_knowledge(pos, 1).discards == CardSet()
    assert Card.parse("AS") in seat_knowledge(pos, 0).out
    assert Card.parse("AS") in seat_knowledge(pos, 1).unseen


# -- the sampling player ------------------------------------------------------------------


def late_positions(game: str, players: int, seed: int) -> list[Position]:
    """Decisions in play with few cards left (the sampling player is quick there)."""
    pos = random_deal(game, players, seed)
    rng = random.Random(seed)
    found = []
    while not pos.is_over:
        if pos.core is not None and len(pos.legal_moves()) > 1:
            if pos.core.total_tricks - pos.core.tricks_played <= 3:
                found.append(pos.copy())
        pos.play(rng.choice(pos.legal_moves()))
    return found


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=ids(VARIANTS))
def test_pimc_player_plays_the_recommended_card_and_cannot_peek(game: str, players: int) -> None:
    """The pimc player's card is the recommendation within its budget (worlds
    and nodes: the same generator, the same card); so is the classic one's
    with its own; neither changes when hidden cards are swapped."""
    rng = random.Random(3)
    budget = PimcBudget(6, 60_000)
    checked = 0
    for seed in range(4):
        for pos in late_positions(game, players, seed)[:3]:
            seat = pos.to_move
            move = PimcPlayer(budget).choose(view_of(pos, seat), random.Random(5))
            assert move in pos.legal_moves()
            seed_used = random.Random(5).randrange(1 << 31)
            rec = recommend(
                pos,
                seat,
                budget=Budget(
                    worlds=6,
                    jobs=1,
                    tt_mb=PimcPlayer.TT_MB,
                    search_nodes=budget.world_nodes,
                    run_nodes=budget.nodes,
                ),
                seed=seed_used,
            )
            assert move == rec.best
            classic = ClassicPimcPlayer(samples=6).choose(view_of(pos, seat), random.Random(5))
            rec = recommend(
                pos,
                seat,
                budget=Budget(
                    worlds=6, jobs=1, tt_mb=16, search_nodes=registry.game(game).player_max_nodes
                ),
                seed=seed_used,
                race=False,
            )
            assert classic == rec.best
            assert PimcPlayer(budget).choose(view_of(pos, seat), random.Random(5)) == move
            for twin in twins(pos, seat, rng):
                try:
                    twin_view = view_of(twin, seat)
                except PositionError:  # a Cinch twin written out cannot show its redeal
                    continue
                assert PimcPlayer(budget).choose(twin_view, random.Random(5)) == move
                assert ClassicPimcPlayer(samples=6).choose(twin_view, random.Random(5)) == classic
                checked += 1
    assert checked > 0


def test_pimc_player_decides_before_play_by_sampling() -> None:
    """Before play the sampling player follows `decide_before_play` with its
    own budgets and the seed drawn from the decision's generator; a Cinch
    bid on more worlds, and never a Shoot while another call is legal."""
    from solver.decisions import candidate_plans, decide_before_play

    for game, players in [("cinch", 4), ("chinese-whist", 4)]:
        pos = random_deal(game, players, 2)
        player = PimcPlayer(decision_samples=4)
        move = player.choose(view_of(pos, pos.to_move), random.Random(1))
        cinch = game == "cinch"
        assert not cinch or pos.phase == Phase.BID
        plans = [p for p in candidate_plans(pos, pos.to_move) if not cinch or p.move.value != SHOOT]
        first = BID_FIRST_WORLDS if cinch else PimcPlayer.DECISION_FIRST_WORLDS
        want = decide_before_play(
            pos,
            budget=Budget(
                worlds=BID_WORLDS if cinch else 4,
                search_nodes=registry.game(game).player_decision_max_nodes,
            ),
            seed=random.Random(1).randrange(1 << 31),
            first_worlds=first,
            plans=plans,
        )
        assert move == want.move
        assert move in pos.legal_moves()
    strong = cinch_with_top_trumps(3)
    bid = PimcPlayer().choose(view_of(strong, strong.to_move), random.Random(3))
    assert bid.kind == "bid" and bid.value not in (SHOOT, PASS)
