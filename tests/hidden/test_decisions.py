"""Decisions before play by sampling worlds (solver.decisions) and
`tricksolver recommend` on them.

Checked: the worlds keep what the seat knows and deal again what it does
not (the Chinkway dealer's cards stay its own, the quest still to turn is
hidden); the same seed gives the same decision; a tiny budget still reports
every candidate; a candidate's values are those of the same worlds valued
one by one; a Cinch hand holding the top trumps bids rather than passes;
the plans are legal in every game; the command prints the ranking, JSON and
one-line errors."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import solver
from solver import players
from solver.banked import value_after
from solver.budget import Budget
from solver.cards import FULL_DECK, CardSet
from solver.decision_bench import recommend_setting
from solver.decision_points import BEFORE, POINTS_NAME, data_folder, load_points
from solver.decisions import (
    Decision,
    Plan,
    PlanValue,
    candidate_plans,
    decide_before_play,
    draw_world,
    draw_worlds,
    value_plan,
    world_rng,
)
from solver.doubledummy import Evaluation, Solver
from solver.errors import BenchDataError, NotationError
from solver.games import registry
from solver.games.base import Move, Phase
from solver.games.chinkway import COURTS, Chinkway
from solver.games.cinch import Cinch
from solver.heuristics import heuristic_playout, to_first_lead
from solver.position import view_of
from solver.sampling import Sampler
from solver.valuation import (
    BOUNDED,
    BOUNDED_TT_MB,
    DEFAULT_EVALUATION,
    PLAYOUT,
    Method,
    horizons,
    valuation_name,
)
from tests.cli_helpers import assert_one_line_error, run
from tests.hidden.test_view import cinch_excess
from tests.randpos import cinch_with_top_trumps, random_deal

FAST_BUDGET = Budget(worlds=4)  # no clock: reproducible; and quick
FAST = {"budget": FAST_BUDGET, "first_worlds": 2}
CHEAP_NODES = 2_000  # Chinkway and Chinese Whist: almost every world falls back (fast)
BOUNDED_NODES = 5_000  # and at 5,000 a bounded search of a Chinkway world fits its first trick


def test_chinkway_worlds_keep_the_dealers_cards_and_hide_the_quest() -> None:
    pos = solver.deal("chinkway", seed=5)
    assert isinstance(pos, Chinkway)
    pos.play(Move("discard", next(iter(pos.hands[pos.dealer]))))
    dealer = pos.dealer
    quests = set()
    for world in draw_worlds(pos, dealer, 12, seed=3):
        assert isinstance(world, Chinkway)
        assert world.phase == Phase.DISCARD and world.to_move == dealer
        assert world.hands[dealer] == pos.hands[dealer]
        assert world.discards == pos.discards
        for s in range(world.nseats):
            if s != dealer:
                assert not world.hands[s] & (pos.hands[dealer] | CardSet(pos.discards))
        assert world.quest_used == pos.quest_used
        assert world.quest_deck is not None and world.quest_removed is not None
        assert len(world.quest_removed) == 2 and all(c in COURTS for c in world.quest_removed)
        assert not CardSet(world.quest_removed) & CardSet(pos.quest_used)
        quests.add(tuple(world.quest_deck[:5]))
    # the quest still to turn is dealt again in every world: the real one is not used
    assert len(quests) > 1


def test_cinch_worlds_keep_the_seats_hand_and_deal_the_stock_again() -> None:
    pos = solver.deal("cinch", seed=8)
    assert isinstance(pos, Cinch)
    pos.play(pos.legal_moves()[0])
    seat = pos.to_move
    stocks = set()
    for world in draw_worlds(pos, seat, 6, seed=1):
        assert isinstance(world, Cinch) and world.stock is not None
        assert world.hands[seat] == pos.hands[seat] and world.bids == pos.bids
        assert world.to_move == seat and world.phase == Phase.BID
        stocks.add(tuple(world.stock))
    assert len(stocks) == 6


def test_cinch_excess_trump_worlds_keep_every_seats_trump_count() -> None:
    rng = random.Random(1)
    own = CardSet.parse("AKQJT98.2.3.")
    rest = list(FULL_DECK - own)
    rng.shuffle(rest)
    pos = Cinch(
        0, [CardSet(rest[0:9]), own, CardSet(rest[9:18]), CardSet(rest[18:27])], rest[27:], seed=1
    )
    for m in ["bid 2", "pass", "pass", "pass", "trump S"]:
        pos.play(m)
    assert pos.phase == Phase.DISCARD and pos.to_move == 1
    for world in draw_worlds(pos, 1, 5, seed=2):
        assert isinstance(world, Cinch)
        assert world.phase == Phase.DISCARD and world.hands[1] == pos.hands[1]
        assert [len(d) for d in world.discards] == [len(d) for d in pos.discards]
        assert world.discards == pos.discards  # the first hand shows every discard
    plans = candidate_plans(pos, 1)
    assert plans and all(len(p.moves) == 1 and p.move in pos.legal_moves() for p in plans)


def decisions_before_play() -> list[solver.Position]:
    """A decision before play of every game that has them: the Chinkway
    dealer's discards, a Cinch call, the Cinch bidder's trump, a Cinch seat's
    excess trumps, the Chinese Whist dealer's trump."""
    chinkway = solver.deal("chinkway", seed=2)
    call = solver.deal("cinch", seed=2)
    trump = solver.deal("cinch", seed=2)
    for m in ["pass", "pass", "pass"]:
        trump.play(m)
    excess = cinch_excess()
    return [chinkway, call, trump, excess, random_deal("chinese-whist", 4, 2)]


def test_every_world_before_play_is_drawn_by_the_sampler_from_the_seats_view() -> None:
    assert not hasattr(registry.game("cinch"), "draw_world_before_play")
    for pos in decisions_before_play():
        seat = pos.to_move
        view = view_of(pos, seat)
        assert view.phase == pos.phase and view.to_move == seat
        worlds = draw_worlds(pos, seat, 4, seed=9)
        for i, world in enumerate(worlds):
            seed = world_rng(9, i).getrandbits(32)
            assert world.to_line() == Sampler(view).sample(1, seed)[0].to_line()
            assert (world.phase, world.to_move) == (pos.phase, seat)
            assert view_of(world, seat) == view  # the seat cannot tell it from the real one
        assert [w.to_line() for w in draw_worlds(pos, seat, 4, seed=9)] == [
            w.to_line() for w in worlds
        ]
        assert len({w.to_line() for w in worlds}) == len(worlds)


def test_same_seed_same_decision_and_a_tiny_budget_reports_every_candidate() -> None:
    pos = solver.deal("cinch", seed=4)
    one = decide_before_play(pos, seed=7, **FAST)  # type: ignore[arg-type]
    two = decide_before_play(pos, seed=7, **FAST)  # type: ignore[arg-type]
    assert one.to_json() | {"seconds": 0} == two.to_json() | {"seconds": 0}
    tiny = decide_before_play(pos, budget=Budget(seconds=1e-9), seed=7)
    assert tiny.stopped == "time"
    assert {str(c.plan.move) for c in tiny.candidates} == {str(m) for m in pos.legal_moves()}
    assert all(c.worlds >= 1 for c in tiny.candidates)


def _check_values(
    pos: solver.Position, decision: Decision, nodes: int, bounded: Evaluation | None
) -> None:
    """Every candidate's values are those of the same worlds valued one by one
    (fresh solvers, worlds drawn again by index)."""
    seat = decision.seat
    worlds = draw_worlds(pos, seat, decision.worlds, decision.seed)
    for c in decision.candidates[:3]:
        alone = [
            value_plan(worlds[i], c.plan, seat, Solver(16, nodes), _bounded_solver(bounded))
            for i in range(c.worlds)
        ]
        assert tuple(v.value for v in alone) == c.values
        assert sum(v.exact for v in alone) == c.exact
        assert sum(v.method == BOUNDED for v in alone) == c.bounded
        assert c.mean == pytest.approx(sum(c.values) / c.worlds)


def _bounded_solver(bounded: Evaluation | None) -> Solver | None:
    return None if bounded is None else Solver(BOUNDED_TT_MB, evaluation=bounded)


def test_values_are_those_of_the_same_worlds_valued_one_by_one() -> None:
    pos = solver.deal("cinch", seed=4)
    decision = decide_before_play(pos, seed=3, **FAST)  # type: ignore[arg-type]
    _check_values(pos, decision, registry.game("cinch").decision_max_nodes, DEFAULT_EVALUATION)
    assert all(c.exact == c.worlds for c in decision.candidates)  # Cinch deals solve in full
    cw = random_deal("chinese-whist", 3, 1)
    cheap = replace(FAST_BUDGET, search_nodes=CHEAP_NODES)
    for bounded in (*Evaluation, None):
        decision = decide_before_play(cw, seed=3, budget=cheap, first_worlds=2, bounded=bounded)
        _check_values(cw, decision, CHEAP_NODES, bounded)
        assert decision.to_json()["evaluation"] == valuation_name(bounded)


def test_a_fallback_world_is_the_heuristic_playout_and_not_exact() -> None:
    pos = random_deal("chinese-whist", 4, 3)
    world = draw_world(pos, pos.to_move, random.Random(1))
    plan = candidate_plans(pos, pos.to_move)[0]
    cut = value_plan(world, plan, pos.to_move, Solver(16, max_nodes=1))
    assert cut == PlanValue(cut.value, PLAYOUT) and not cut.exact
    assert 0 <= cut.value <= 13
    # a bounded searcher that cannot finish its first trick in one node: the playout too
    again = value_plan(world, plan, pos.to_move, Solver(16, max_nodes=1), Solver(16))
    assert again == cut


def _first_lead(world: solver.Position, plan: Plan, seat: int) -> solver.Position:
    """The world at its first lead after `plan` (as `value_plan` reaches it)."""
    work = world.copy()
    for move in plan.moves:
        if work.core is not None or work.to_move != seat:
            break
        work.play(move)
    return to_first_lead(work)


@pytest.mark.parametrize(("game", "players"), [("chinkway", None), ("chinese-whist", 2),
                                               ("chinese-whist", 3)])  # fmt: skip
def test_a_world_past_its_budget_is_a_bounded_search_of_it(game: str, players: int | None) -> None:
    """A world the exact search cannot finish in its budget is valued by the
    bounded search with the evaluation asked for: the value of that world
    searched to the farthest horizon that fits in as many nodes again (the
    horizons tried one by one here), for the deciding seat's side; not
    exact.  Where not even the first trick fits: the playout."""
    pos = random_deal(game, players, 5) if players else solver.deal(game, seed=5)
    seat = pos.to_move
    rng = random.Random(f"bounded before play {game} {players}")
    methods: list[Method] = []
    while len(methods) < 4:
        plan = rng.choice(candidate_plans(pos, seat))
        world = draw_world(pos, seat, rng)
        start = _first_lead(world, plan, seat)
        side = start.sides()[seat]
        if Solver(16, BOUNDED_NODES).solve(start, side).stats.exact:
            continue  # solved exactly within the budget: no bounded search
        for evaluation in Evaluation:
            got = value_plan(world, plan, seat, Solver(16, BOUNDED_NODES),
                             Solver(BOUNDED_TT_MB, evaluation=evaluation))  # fmt: skip
            expected, spent = None, 0
            for horizon in horizons(start):
                searcher = Solver(BOUNDED_TT_MB, max_nodes=BOUNDED_NODES - spent,
                                  evaluation=evaluation)  # fmt: skip
                searcher.horizon = horizon
                solution = searcher.solve(start, side)
                spent += solution.stats.nodes
                if not solution.stats.exact:
                    break
                expected = solution.value
                if spent >= BOUNDED_NODES:
                    break
            assert not got.exact and got.method == (PLAYOUT if expected is None else BOUNDED)
            if expected is not None:
                assert got.value == expected
            assert got.possible is not None
            assert got.possible[0] <= got.value <= got.possible[1]
            methods.append(got.method)
    assert BOUNDED in methods


def test_playouts_give_the_values_of_before_and_a_seed_its_answer() -> None:
    """``bounded=None`` values every world past its budget by the playout
    (the engine as it was: each value the heuristic playout's), and the
    same seed gives the same decision with either valuation."""
    pos = random_deal("chinese-whist", 2, 4)
    seat = pos.to_move
    cheap = replace(FAST_BUDGET, search_nodes=CHEAP_NODES)
    for bounded in (None, DEFAULT_EVALUATION):
        one = decide_before_play(pos, seed=6, budget=cheap, first_worlds=2, bounded=bounded)
        two = decide_before_play(pos, seed=6, budget=cheap, first_worlds=2, bounded=bounded)
        assert one.to_json() | {"seconds": 0} == two.to_json() | {"seconds": 0}
    worlds = draw_worlds(pos, seat, one.worlds, 6)
    old = decide_before_play(pos, seed=6, budget=cheap, first_worlds=2, bounded=None)
    for c in old.candidates:
        assert c.bounded == 0 and c.exact + c.playouts == c.worlds
        for i, value in enumerate(c.values):
            start = _first_lead(worlds[i], c.plan, seat)
            if not Solver(16, CHEAP_NODES).solve(start, start.sides()[seat]).stats.exact:
                assert value == value_after(start, heuristic_playout(start), start.sides()[seat])
    assert any(c.playouts for c in old.candidates)
    assert all(c.bounded == c.worlds - c.exact for c in one.candidates)


def test_cinch_top_trumps_bid_high_rather_than_pass() -> None:
    pos = cinch_with_top_trumps(2)
    decision = decide_before_play(pos, budget=Budget(worlds=16), first_worlds=8, seed=1)
    by_move = {str(c.plan.move): c for c in decision.candidates}
    assert decision.move.value is not None and decision.move.value >= 3
    assert decision.candidates[0].mean > by_move["pass"].mean
    assert by_move["pass"].eliminated is not None


@pytest.mark.parametrize("discards_made", [0, 1])
def test_chinkway_plans_are_two_discards_of_the_dealer_and_a_trump(discards_made: int) -> None:
    pos = solver.deal("chinkway", seed=9)
    assert isinstance(pos, Chinkway)
    for _ in range(discards_made):
        pos.play(pos.legal_moves()[-1])
    own = pos.hands[pos.dealer]
    decision = decide_before_play(pos, budget=Budget(search_nodes=CHEAP_NODES, worlds=2), **_few())
    for c in decision.candidates:
        discards = [m.card for m in c.plan.moves if m.kind == "discard"]
        assert len(discards) == 2 - discards_made and len(set(discards)) == len(discards)
        assert all(card in own for card in discards)
        assert [m.kind for m in c.plan.moves][-1] == "trump"
    after = pos.copy()
    for move in decision.best.moves:
        after.play(move)  # the whole plan is legal
    assert after.phase == Phase.PLAY


def _few() -> dict[str, object]:
    return {"first_worlds": 1, "seed": 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chinese_whist_trump_is_a_legal_suit(players: int) -> None:
    pos = random_deal("chinese-whist", players, 11)
    decision = decide_before_play(pos, budget=Budget(search_nodes=CHEAP_NODES, worlds=2), **_few())
    assert decision.move in pos.legal_moves() and decision.move.kind == "trump"
    assert len(decision.candidates) == len(pos.legal_moves())
    pos.play(decision.move)
    assert pos.phase == Phase.PLAY


def test_chinkway_trump_decision_names_a_legal_trump() -> None:
    pos = solver.deal("chinkway", seed=2)
    pos.play(pos.legal_moves()[0])
    pos.play(pos.legal_moves()[0])
    decision = decide_before_play(pos, budget=Budget(search_nodes=CHEAP_NODES, worlds=1), **_few())
    assert decision.move in pos.legal_moves() and len(decision.candidates) == 5


def test_not_a_decision_before_play() -> None:
    pos = solver.deal("cinch", seed=4)
    with pytest.raises(solver.PositionError, match="not to move"):
        decide_before_play(pos, seat=(pos.to_move + 1) % 4)
    pos = solver.deal("whist", seed=1)
    with pytest.raises(solver.PositionError, match="play phase"):
        decide_before_play(pos)
    with pytest.raises(ValueError, match="samples"):
        decide_before_play(solver.deal("cinch", seed=4), budget=Budget(worlds=0))


def test_recommend_command_ranks_a_decision_before_play() -> None:
    line = solver.deal("cinch", seed=4).to_line()
    seat = str(solver.deal("cinch", seed=4).to_move + 1)
    result = run("recommend", line, "--seat", seat, "--samples", "4", "--time", "0", "--no-color")
    assert result.exit_code == 0, result.output
    for word in ("plan", "mean", "95% interval", "worlds", "exact", "eliminated", "best:", "pass"):
        assert word in result.stdout
    result = run("recommend", line, "--seat", seat, "--samples", "4", "--time", "0", "--json")
    data = json.loads(result.stdout)
    assert data["phase"] == "bid" and data["samples"] == 4
    assert len(data["candidates"]) == len(solver.deal("cinch", seed=4).legal_moves())
    first = data["candidates"][0]
    assert {"mean", "low", "high", "worlds", "exact_share", "eliminated_in_round"} <= set(first)


@pytest.mark.parametrize("evaluation", ["learned", "middle", "playout"])
def test_recommend_before_play_says_what_valued_the_worlds(evaluation: str) -> None:
    line = random_deal("chinese-whist", 2, 4).to_line()
    args = ["recommend", line, "--samples", "2", "--time", "0", "--max-nodes", "2000"]
    result = run(*args, "--evaluation", evaluation, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["evaluation"] == evaluation
    method = "playout" if evaluation == "playout" else "bounded"
    assert data[f"{method}_evaluations"] == data["evaluations"] - data["exact_evaluations"] > 0
    text = run(*args, "--evaluation", evaluation, "--no-color").stdout
    words = "heuristic playout" if evaluation == "playout" else f"{evaluation} evaluation"
    assert words in text


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seat", "9"], "seat"),
        (["--seat", "1"], "not to move"),
        (["--seat", "2", "--samples", "0"], "samples"),
        (["--seat", "2", "--objective", "maxn"], "card play"),
    ],
)
def test_recommend_command_bad_input_before_play(extra: list[str], message: str) -> None:
    line = solver.deal("cinch", seed=4).to_line()  # seat 2 is to call
    assert_one_line_error(run("recommend", line, *extra), message)


def _spy_bounded(monkeypatch: pytest.MonkeyPatch, module: str) -> list[object]:
    """The `bounded` of every decision before play `module` asks for, in order."""
    asked: list[object] = []

    def spy(*args: object, **kw: object) -> Decision:
        asked.append(kw["bounded"])
        return decide_before_play(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(f"{module}.decide_before_play", spy)
    return asked


@pytest.mark.parametrize(
    ("name", "bounded"),
    [("pimc", DEFAULT_EVALUATION), ("pimc:before=middle", Evaluation.MIDDLE),
     ("pimc:16/300k,before=playout", None), ("epimc:before=playout", None),
     ("pimc-classic", None)],
)  # fmt: skip
def test_players_value_worlds_past_their_nodes_as_their_setting_says(
    name: str, bounded: Evaluation | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pimc players' ``before=`` setting (the learned bounded search by
    default, ``before=playout`` the player as it was) reaches the decision
    before play; pimc-classic plays them out, as before; the short form
    reads back the same."""
    asked = _spy_bounded(monkeypatch, "solver.players")
    player = players.make_player(name)
    pos = random_deal("chinese-whist", 2, 4)
    player.choose(view_of(pos, pos.to_move), random.Random(1))
    assert asked == [bounded]
    text = player.settings_text()
    if text is not None:
        assert players.make_player(f"{player.name}:{text}").settings_text() == text


def test_an_unknown_valuation_before_play_is_one_line() -> None:
    with pytest.raises(NotationError, match=r"pimc: before play, unknown evaluation 'best' \("):
        players.make_player("pimc:before=best")
    with pytest.raises(BenchDataError, match="recommend: unknown evaluation 'best'"):
        recommend_setting("evaluation=best")


def test_the_decision_bench_values_worlds_past_their_nodes_as_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _spy_bounded(monkeypatch, "solver.decision_bench")
    points = load_points(data_folder() / POINTS_NAME)
    point = next(p for p in points if p.variant == "chinese-whist-2" and p.phase == BEFORE)
    for text, bounded in [("", DEFAULT_EVALUATION), ("evaluation=playout", None)]:
        choose = recommend_setting(f"samples=2,time=0,max_nodes=2000{',' if text else ''}{text}")
        assert choose(point, random.Random(1)) in {str(m) for m in point.read_view().legal_moves()}
        assert asked[-1] == bounded
