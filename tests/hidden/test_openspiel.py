"""Our games as OpenSpiel games (solver.openspiel): OpenSpiel's own checks,
the deal, the action ids, the returns, no leak, resampling.

- OpenSpiel's `random_sim_test` on every variant (random hands to the end,
  with serialization, clones, the legal-action masks and the information
  state and observation of every player at every state).
- The deal: `Game.dealt` of the packs shuffled as our `deal` shuffles them
  is our `deal`'s hand; every chance node is uniform over the pack's cards
  not drawn yet.
- The actions: every move's id reads back to it; a random hand played
  through OpenSpiel, replayed move by move (by the action's text) on our own
  position, ends with OpenSpiel's returns equal to our `scores`.
- No leak: two states that differ only in two cards a seat has not seen
  (swapped in the deal and in every move) give that seat the same
  information state string and tensor; swapping one of its own cards
  instead changes them.
- Resampling: a resampled state gives its seat the same information state
  and legal actions, plays on to the end, and the same seeded sampler gives
  the same worlds.
"""

from __future__ import annotations

import importlib
import pickle
import random
import sys

import numpy as np
import pyspiel  # the extra 'openspiel', in the 'test' extra too
import pytest

import solver
import solver.openspiel as os_games
from solver.cards import FULL_DECK, Card
from solver.errors import ExtraMissingError, NotationError
from solver.games.base import Move, Phase
from solver.games.chinkway.rules import COURTS, REMOVED_COURTS
from solver.games.registry import GAMES
from solver.match import Match
from solver.openspiel import actions
from solver.openspiel.games import HandState, Variant
from solver.players import make_player, parse_seats
from solver.position import view_of
from tests.hidden.test_players import VARIANTS as PLAYER_VARIANTS
from tests.hidden.test_players import ids as player_ids
from tests.hidden.test_players import late_positions, twins
from tests.search.test_bounded import _slow_asked as slow_asked

VARIANTS = {v.short_name: v for v in os_games.VARIANTS}
NAMES = sorted(VARIANTS)
HANDS = 2  # random hands per variant and check in the default run
SLOW_HANDS = 12
MOST_STEPS = 24  # the random moves made to reach a decision (before play, or in it)
PAIRS_TRIED = 20  # pairs of unseen cards tried per seat and state ...
PAIRS_COMPARED = 2  # ... until this many made a state of their own


def load(name: str) -> pyspiel.Game:
    return pyspiel.load_game(name)


def dealt_state(game: pyspiel.Game, rng: random.Random) -> HandState:
    """A state just dealt, every chance outcome drawn from `rng`."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice(outcomes)[0])
    assert isinstance(state, HandState)
    return state


def random_decision(game: pyspiel.Game, rng: random.Random) -> HandState:
    """A state at a decision some random moves (maybe none) after the deal."""
    state = dealt_state(game, rng)
    steps = rng.randrange(MOST_STEPS)
    for _ in range(steps):
        before = state.clone()
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            return before
    return state


def test_every_game_and_number_of_players_is_registered() -> None:
    wanted = {(g.name, n) for g in GAMES.values() for n in g.seat_counts}
    assert {(v.game.name, v.players) for v in VARIANTS.values()} == wanted
    registered = set(pyspiel.registered_names())
    for name in NAMES:
        assert name in registered and name.startswith("python_tricksolver_")
        assert load(name).num_players() == VARIANTS[name].players


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_checks(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_checks_many(name: str, request: pytest.FixtureRequest) -> None:
    slow_asked(request)
    pyspiel.random_sim_test(load(name), num_sims=SLOW_HANDS, serialize=True, verbose=False)


# -- the deal ------------------------------------------------------------------


def shuffled_packs(game: str, players: int, seed: int) -> list[Card]:
    """The packs our `deal` shuffles, shuffled as it shuffles them (the same
    generator calls), in the order `Game.deal_pool` draws them."""
    rng = random.Random(seed)
    if game == "chinkway":
        removed = rng.sample(list(COURTS), REMOVED_COURTS)
        quest = [c for c in FULL_DECK if c not in removed]
        rng.shuffle(quest)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        return removed + quest + deck
    pack = list(FULL_DECK - solver.CardSet([Card.parse("2S")]) if players == 3 else FULL_DECK)
    rng.shuffle(pack)
    return pack


@pytest.mark.parametrize("name", NAMES)
def test_the_cards_drawn_as_deal_shuffles_them_make_deals_hand(name: str) -> None:
    v = VARIANTS[name]
    for seed in range(5):
        drawn = shuffled_packs(v.game.name, v.players, seed)
        got = v.game.dealt(drawn, v.players).to_fields()
        want = solver.deal(v.game.name, players=v.players, seed=seed).to_fields()
        if "seed" in want:  # the dead-wood seed: 0 at OpenSpiel's deal (public), not the deal's
            assert got.pop("seed") == 0
            want.pop("seed")
        assert got == want


@pytest.mark.parametrize("name", NAMES)
def test_every_chance_node_is_uniform_over_the_cards_left_in_its_pack(name: str) -> None:
    v = VARIANTS[name]
    state = load(name).new_initial_state()
    rng = random.Random(name)
    packs_seen = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        pool = v.game.deal_pool(state.drawn, v.players)
        assert [a for a, _ in outcomes] == sorted(actions.card_action(c) for c in pool)
        assert all(p == pytest.approx(1 / len(pool)) for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        packs_seen += len(outcomes) == 1
        state.apply_action(rng.choice(outcomes)[0])
    assert packs_seen >= 1  # the last card of each pack is drawn with certainty
    assert state.position is not None and not state.position.is_over
    with pytest.raises(solver.TricksolverError):
        fresh = load(name).new_initial_state()
        fresh.apply_action(0)
        fresh.apply_action(0)  # the same card twice


# -- the actions and the returns ------------------------------------------------


def test_the_action_ids_are_the_documented_ones() -> None:
    assert actions.card_action(Card.parse("2S")) == 0
    assert actions.card_action(Card.parse("AS")) == 12
    assert actions.card_action(Card.parse("2H")) == 13
    assert actions.card_action(Card.parse("AC")) == 51
    assert [actions.action_card(a) for a in range(actions.CARDS)] == sorted(
        FULL_DECK, key=actions.card_action
    )
    assert actions.action_of(Move("trump", value=0)) == 52
    assert actions.action_of(Move("trump", value=4)) == 56
    assert actions.action_of(Move("bid", value=0)) == 57
    assert actions.action_of(Move("bid", value=8)) == 62
    assert actions.NUM_ACTIONS == 63
    for kind in actions.CARD_KINDS:
        assert actions.action_of(Move(kind, Card.parse("QD"))) == 2 * 13 + 10


@pytest.mark.parametrize("name", NAMES)
def test_returns_are_our_scores_of_the_same_moves(name: str) -> None:
    v = VARIANTS[name]
    game = load(name)
    low, high = v.game.score_bounds(v.players)
    for hand in range(HANDS):
        rng = random.Random(f"{name} {hand}")
        state = dealt_state(game, rng)
        ours = v.game.dealt(list(state.drawn), v.players)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(actions.action_of(m) for m in ours.legal_moves())
            action = rng.choice(legal)
            ours.play(ours.parse_move(state.action_to_string(state.current_player(), action)))
            state.apply_action(action)
            assert state.position is not None
            assert state.position.to_line() == ours.to_line()
        assert ours.is_over
        assert state.returns() == [float(s) for s in ours.scores()]
        assert all(low <= r <= high for r in state.returns())


@pytest.mark.parametrize("name", NAMES)
def test_every_legal_moves_id_reads_back_to_it(name: str) -> None:
    game = load(name)
    rng = random.Random(name)
    for _ in range(HANDS):
        state = random_decision(game, rng)
        assert state.position is not None
        legal = state.position.legal_moves()
        for move in legal:
            assert actions.move_of(legal, actions.action_of(move)) == move


# -- no leak ----------------------------------------------------------------------


def last_pack_starts(state: HandState) -> int:
    """Where, in the chance actions of a dealt state, the last pack drawn
    (the one the hands are dealt from) begins: after the last chance node
    with more cards to draw from than the one before it."""
    fresh = state.get_game().new_initial_state()
    sizes = []
    for action in state.history()[: len(state.drawn)]:
        sizes.append(len(fresh.chance_outcomes()))
        fresh.apply_action(action)
    return max(i for i in range(len(sizes)) if i == 0 or sizes[i] > sizes[i - 1])


def swapped(state: HandState, a: Card, b: Card) -> HandState | None:
    """The state with cards `a` and `b` swapped in the hands' pack of the deal
    and in every move since, or None when the moves so swapped are not all
    legal.  (A card of another pack, Chinkway's quest, is another thing.)"""
    ia, ib = actions.card_action(a), actions.card_action(b)
    swap = {ia: ib, ib: ia}
    start = state.last_pack
    other = state.get_game().new_initial_state()
    for i, action in enumerate(state.history()):
        if i >= start:
            action = swap.get(action, action)
        if other.is_chance_node():
            assert action in [a for a, _ in other.chance_outcomes()]
        elif action not in other.legal_actions():
            return None
        other.apply_action(action)
    return other


def unseen(state: HandState, seat: int) -> list[Card]:
    """The cards `seat` has not seen (its view's pool less the cards in it the
    seat saw, `View.seen`; the others' cards where the game has no view of
    the seat at this decision)."""
    assert state.position is not None
    try:
        view = view_of(state.position, seat)
        return sorted(view.pool - view.seen)
    except solver.TricksolverError:
        return sorted(FULL_DECK - state.position.hand_now(seat))


def same_suit_pairs(cards: list[Card], rng: random.Random) -> list[tuple[Card, Card]]:
    pairs = [(a, b) for a in cards for b in cards if a < b and a.suit == b.suit]
    rng.shuffle(pairs)
    return pairs


def sight_of(state: HandState, seat: int) -> tuple[str, np.ndarray]:
    return state.information_state_string(seat), np.array(state.information_state_tensor(seat))


@pytest.mark.parametrize("name", NAMES)
def test_a_seat_cannot_tell_apart_states_that_differ_in_cards_it_has_not_seen(
    name: str,
) -> None:
    game = load(name)
    rng = random.Random(name)
    compared = changed = 0
    for _ in range(3 * HANDS):
        state = random_decision(game, rng)
        assert state.position is not None
        state.last_pack = last_pack_starts(state)
        for seat in range(game.num_players()):
            hidden = unseen(state, seat)
            done_here = 0
            for a, b in same_suit_pairs(hidden, rng)[:PAIRS_TRIED]:
                if done_here == PAIRS_COMPARED:
                    break
                other = swapped(state, a, b)
                assert other is None or other.position is not None
                if other is None or other.position.to_line() == state.position.to_line():
                    continue  # a move not legal so, or the two cards in one place
                text, tensor = sight_of(state, seat)
                other_text, other_tensor = sight_of(other, seat)
                assert other_text == text
                assert np.array_equal(other_tensor, tensor)
                assert other.observation_string(seat) == state.observation_string(seat)
                compared += 1
                done_here += 1
            own = sorted(state.position.hand_now(seat))
            for a in own:
                b = next((c for c in hidden if c.suit == a.suit), None)
                other = swapped(state, a, b) if b is not None else None
                if other is not None:
                    assert sight_of(other, seat)[0] != sight_of(state, seat)[0]
                    changed += 1
                    break
    assert compared >= 2 * HANDS and changed >= HANDS


# -- resampling ------------------------------------------------------------------


def seeded(seed: int) -> pyspiel.UniformProbabilitySampler:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


@pytest.mark.parametrize("name", NAMES)
def test_a_resampled_state_has_the_same_information_state_and_plays_on(name: str) -> None:
    game = load(name)
    v = VARIANTS[name]
    low, high = v.game.score_bounds(v.players)
    rng = random.Random(name)
    worlds = set()
    for _ in range(HANDS):
        state = random_decision(game, rng)
        seat = state.current_player()
        sampler = seeded(rng.randrange(1 << 30))
        for _ in range(3):
            world = state.resample_from_infostate(seat, sampler)
            worlds.add(str(world))
            assert sight_of(world, seat)[0] == sight_of(state, seat)[0]
            assert np.array_equal(sight_of(world, seat)[1], sight_of(state, seat)[1])
            assert world.legal_actions() == state.legal_actions()
            while not world.is_terminal():
                world.apply_action(rng.choice(world.legal_actions()))
            assert all(low <= r <= high for r in world.returns())
    assert len(worlds) > HANDS  # the draws differ (a state has many worlds)


@pytest.mark.parametrize("name", NAMES)
def test_the_same_seeded_sampler_draws_the_same_worlds(name: str) -> None:
    game = load(name)
    state = random_decision(game, random.Random(name))
    seat = state.current_player()

    def draws() -> list[str]:
        sampler = seeded(7)
        fresh = state.clone()
        return [str(fresh.resample_from_infostate(seat, sampler)) for _ in range(3)]

    assert draws() == draws()


def test_a_resample_while_dealing_is_refused() -> None:
    state = load(NAMES[0]).new_initial_state()
    with pytest.raises(solver.TricksolverError):
        state.resample_from_infostate(0, seeded(1))


# -- OpenSpiel's own algorithms play a hand ------------------------------------------


def test_openspiel_ismcts_plays_a_decision_from_our_worlds() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(VARIANTS["python_tricksolver_whist"].short_name)
    state = dealt_state(game, random.Random(3))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=10, random_state=np.random.RandomState(1)
    )
    action = bot.step(state)
    assert action in state.legal_actions()


# -- the positions underneath ---------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_position_pickles_and_deep_copies_with_its_moves(name: str) -> None:
    import copy

    game = load(name)
    state = random_decision(game, random.Random(name))
    pos = state.position
    assert pos is not None
    for other in (pickle.loads(pickle.dumps(pos)), copy.deepcopy(pos)):
        assert other.to_line() == pos.to_line()
        assert other.history == pos.history
        assert other.legal_moves() == pos.legal_moves()


def test_before_play_a_seat_without_a_view_knows_its_cards_and_the_phase() -> None:
    game = load("python_tricksolver_chinkway")
    state = dealt_state(game, random.Random(1))
    assert state.position is not None and state.position.phase == Phase.DISCARD
    dealer = state.current_player()
    other = (dealer + 1) % game.num_players()
    text = state.information_state_string(other)
    assert str(state.position.hand_now(other)) in text and "phase discard" in text


def test_without_open_spiel_the_import_says_to_install_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = {k: m for k, m in sys.modules.items() if k.startswith("solver.openspiel")}
    for k in saved:
        monkeypatch.delitem(sys.modules, k)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel raises ImportError
    try:
        with pytest.raises(ExtraMissingError, match=r"pip install 'tricksolver\[openspiel\]'") as e:
            importlib.import_module("solver.openspiel")
        assert "\n" not in str(e.value)
        with pytest.raises(ExtraMissingError):  # the bots' players say the same
            make_player("ismcts:5")
    finally:
        monkeypatch.undo()
        sys.modules.update(saved)


def test_a_variant_names_its_game_and_players() -> None:
    names = {v.short_name for v in os_games.VARIANTS}
    assert "python_tricksolver_whist" in names
    assert {f"python_tricksolver_chinese_whist_{n}" for n in (2, 3, 4)} <= names
    assert Variant(GAMES["cinch"], 4).short_name == "python_tricksolver_cinch"


# -- OpenSpiel's bots at our table (solver.players: ismcts, mcts) ---------------------


def test_the_bots_settings_read_back_and_bad_ones_are_one_line_errors() -> None:
    assert parse_seats("ismcts:200,random", 4) == ["ismcts:200", "random"] * 2
    assert parse_seats("ismcts:simulations=30,rollout=heuristic,random", 2) == [
        "ismcts:30,rollout=heuristic",
        "random",
    ]
    assert parse_seats("mcts:worlds=4,simulations=20,heuristic", 2) == ["mcts:4/20", "heuristic"]
    assert make_player("ismcts").settings_text() == "100"
    assert make_player("ismcts:rollout=dd,nodes=20000").settings_text() == (
        "100,rollout=dd,nodes=20000"
    )
    bad_ones = (
        "ismcts:0", "ismcts:rollout=mc", "ismcts:x=1", "ismcts:5,nodes=100",
        "ismcts:rollout=dd,nodes=0", "mcts:8", "mcts:0/5", "mcts:a/b",
    )  # fmt: skip
    for bad in bad_ones:
        with pytest.raises(NotationError) as e:
            make_player(bad)
        assert "\n" not in str(e.value)


BOT_SEATS = ("ismcts:3", "ismcts:3,rollout=heuristic", "ismcts:3,rollout=dd", "mcts:2/3")


DD_LEAVES = 6  # positions per variant whose double-dummy leaf is checked


@pytest.mark.parametrize(("game", "players"), PLAYER_VARIANTS, ids=player_ids(PLAYER_VARIANTS))
def test_a_double_dummy_leaf_ends_a_line_keeping_the_side_to_moves_value(
    game: str, players: int
) -> None:
    """rollout=dd: the hand's end it values is reached by cards that each keep
    the double-dummy value of the side to move at the leaf (checked against a
    fresh search of the leaf), and its returns are that end's scores."""
    from solver.banked import value_after
    from solver.doubledummy import Solver
    from solver.openspiel.bots import DoubleDummyRollouts, state_of

    for seed in range(DD_LEAVES):
        pos = late_positions(game, players, seed + 1)[0]
        leaves = DoubleDummyRollouts()
        end = leaves.line_end(pos)
        assert end.is_over and leaves.playouts == 0
        solution = Solver().solve(pos)
        assert value_after(pos, end, solution.side) == solution.value
        returns = leaves.evaluate(state_of(pos))
        assert list(returns) == [float(x) for x in end.scores()]


def test_a_double_dummy_leaf_past_its_budget_is_played_out_by_the_heuristic() -> None:
    from solver.heuristics import heuristic_playout
    from solver.openspiel.bots import DoubleDummyRollouts

    pos = solver.deal("whist", seed=4)  # the first lead: far more than 10 nodes
    leaves = DoubleDummyRollouts(max_nodes=10)
    end = leaves.line_end(pos)
    assert leaves.playouts == 1
    assert end.scores() == heuristic_playout(pos).scores()


@pytest.mark.parametrize(("game", "players"), PLAYER_VARIANTS, ids=player_ids(PLAYER_VARIANTS))
def test_the_bots_choose_legal_moves_reproducibly_and_cannot_peek(game: str, players: int) -> None:
    rng = random.Random(2)
    checked = 0
    positions = [p for seed in range(1, 5) for p in late_positions(game, players, seed)[:2]]
    for pos in positions:
        if checked >= len(BOT_SEATS):
            break
        seat = pos.to_move
        for spec in BOT_SEATS:
            move = make_player(spec).choose(view_of(pos, seat), random.Random(5))
            assert move in pos.legal_moves()
            assert make_player(spec).choose(view_of(pos, seat), random.Random(5)) == move
            for twin in twins(pos, seat, rng):
                try:
                    view_of(twin, seat)
                except solver.TricksolverError:  # a Cinch twin written out cannot show its redeal
                    continue
                assert make_player(spec).choose(view_of(twin, seat), random.Random(5)) == move, spec
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", ["chinkway", "cinch"])
def test_the_bots_make_the_decisions_before_play(game: str) -> None:
    pos = solver.deal(game, seed=2)
    assert pos.phase != Phase.PLAY
    for spec in ("ismcts:3", "mcts:1/3"):
        move = make_player(spec).choose(view_of(pos, pos.to_move), random.Random(1))
        assert move in pos.legal_moves()


def test_a_match_of_the_bots_runs_and_is_the_same_for_the_same_seed() -> None:
    def played(seats: str) -> list[tuple[int, ...]]:
        match = Match.new("whist", seats, seed=3)
        return match.play_deal(0).hands

    for seats in ("ismcts:2,random", "mcts:1/2,heuristic"):
        first = played(seats)
        assert len(first) == 2 and all(sum(h) == 26 for h in first)  # each side's tricks, twice
        assert played(seats) == first
