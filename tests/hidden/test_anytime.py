"""The anytime split of a recommendation (`Budget.first_pass`,
`solver.race.second_pass`): every world first valued within a few nodes, then
the worlds not solved exactly deepened with what the budget leaves.

Checked, on a whist hand two tricks in (a world there takes some 10^4-10^5
nodes exactly, so a first pass of a thousand forces the bounded search, and
the second pass solves some worlds and not others):
the same seed gives the same answer; every world is counted by its method;
a bounded world's values are those of a bounded search at the horizon the
recommendation reports for it, and an exact world's those of the exact
search; the split stays within the run's node budget; the output marks the
estimates with ``~``; the split off is the allocation as before."""

from __future__ import annotations

import functools
import random

import pytest

import solver
from cli.recommend import mean_text
from solver.budget import Budget
from solver.decision_bench import recommend_setting
from solver.doubledummy import Evaluation, Solver
from solver.errors import BenchDataError, NotationError
from solver.pimc import recommend
from solver.players import EpimcPlayer, PimcPlayer, parse_budget
from solver.position import view_of
from solver.recommendation import Recommendation
from solver.sampling import Sampler
from solver.valuation import BOUNDED_TT_MB, METHODS, SEARCHED
from solver.world_tasks import DrawnWorlds

WORLDS = 8
FIRST_PASS = 1_000  # nodes: no world of the hand is solved exactly within them
WORLD_NODES = 50_000  # the second pass: some worlds solved exactly, some not
RUN_NODES = 400_000  # the whole run: the second pass stops within it
TIMED_SECONDS = 1.0  # a timed run: the first pass takes a fraction of it
SEED = 11  # the deal, its first 8 cards and the worlds
CARDS = 8


def in_play() -> solver.Position:
    pos = solver.deal("whist", seed=SEED)
    rng = random.Random(SEED)
    for _ in range(CARDS):
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def split_budget(first_pass: int = FIRST_PASS) -> Budget:
    return Budget(search_nodes=WORLD_NODES, run_nodes=RUN_NODES, worlds=WORLDS, jobs=1,
                  first_pass=first_pass)  # fmt: skip


def split_run(first_pass: int = FIRST_PASS) -> Recommendation:
    return recommend(in_play(), budget=split_budget(first_pass), seed=SEED)


@functools.cache
def the_run(first_pass: int = FIRST_PASS) -> Recommendation:
    return split_run(first_pass)


def test_same_seed_same_answer() -> None:
    a, b = the_run(), split_run()
    assert a.methods == b.methods and a.horizons == b.horizons
    assert [(m.move, m.values) for m in a.moves] == [(m.move, m.values) for m in b.moves]
    assert a.stats.nodes == b.stats.nodes


def test_every_world_counted_by_its_method() -> None:
    rec = the_run()
    assert rec.worlds == WORLDS == len(rec.methods) == len(rec.horizons)
    assert sum(rec.by_method().values()) == rec.worlds
    assert set(rec.methods) <= set(METHODS)
    assert rec.bounded_worlds > 0  # neither pass solved every world
    assert rec.exact_worlds > 0  # the second pass solved some
    for method, horizon in zip(rec.methods, rec.horizons, strict=True):
        assert (horizon is not None) == (method == "bounded")
    assert rec.stats.nodes <= RUN_NODES


@functools.cache
def timed_run() -> Recommendation:
    """The split within a time alone (the second pass's budget from the
    time left; a search the deadline stopped is not kept)."""
    budget = Budget(seconds=TIMED_SECONDS, worlds=WORLDS, jobs=1, first_pass=FIRST_PASS)
    return recommend(in_play(), budget=budget, seed=SEED)


RUNS = {"split": the_run, "split, timed": timed_run, "off": lambda: the_run(0)}


@pytest.mark.parametrize("which", RUNS)
def test_worlds_valued_as_their_method_and_horizon_say(which: str) -> None:
    pos = in_play()
    rec = RUNS[which]()
    sampler = Sampler(view_of(pos, pos.to_move))
    drawn = DrawnWorlds(sampler, rec.requested, SEED)  # the worlds drawn as the run drew them
    exact_solver = Solver()
    checked = 0
    for i, (method, horizon) in enumerate(zip(rec.methods, rec.horizons, strict=True)):
        world = sampler.world(list(drawn[i]))
        if method == "bounded":
            searcher = Solver(tt_mb=BOUNDED_TT_MB)
            searcher.evaluation = Evaluation.LEARNED
            assert horizon is not None
            searcher.horizon = horizon
            analysis = searcher.analyze(world, pv=False)
        else:
            assert method in SEARCHED
            analysis = exact_solver.analyze(world, pv=False)
        values = {str(cv.move): cv.value for cv in analysis.moves}
        for m in rec.moves:
            if m.bounded and str(m.move) in values:  # raced out: an upper bound
                assert m.values[i] >= values[str(m.move)]
            else:
                assert m.values[i] == values[str(m.move)], (i, method, horizon, m.move)
        checked += 1
    assert checked == rec.worlds


def test_a_timed_split_values_every_world() -> None:
    rec = timed_run()
    assert rec.worlds == WORLDS == sum(rec.by_method().values())


def test_estimates_marked() -> None:
    rec = the_run()
    assert rec.exact_worlds < rec.worlds
    for m in rec.moves:
        assert m.estimated
        if not m.bounded:
            assert mean_text(m).startswith("~")


def test_split_off_is_the_allocation_as_before() -> None:
    """first_pass=0: each world once within its share (here: the node budget
    ends the run before the worlds asked for, where the split values them all)."""
    off, split = the_run(0), the_run()
    assert off.worlds < split.worlds == WORLDS
    assert off.stats.nodes <= RUN_NODES


def test_the_settings_name_the_split() -> None:
    """``first_pass=N`` in the pimc player's settings and the decision
    bench's recommend (0: the allocation as before; not given: the default),
    read back from the player's text; a bad count is one error."""
    budget = parse_budget("32/1M,first_pass=5k", PimcPlayer.DEFAULT_BUDGET)
    assert budget.first_pass == 5_000
    assert parse_budget(budget.text(), PimcPlayer.DEFAULT_BUDGET) == budget
    assert parse_budget("32/1M,first_pass=0", PimcPlayer.DEFAULT_BUDGET).first_pass == 0
    assert parse_budget("32/1M", PimcPlayer.DEFAULT_BUDGET).first_pass is None
    with pytest.raises(NotationError, match="first_pass"):
        parse_budget("32/1M,first_pass=lots", PimcPlayer.DEFAULT_BUDGET)
    recommend_setting("first_pass=0")  # read without error
    with pytest.raises(BenchDataError, match="first_pass"):
        recommend_setting("first_pass=-3")


def test_epimc_refuses_the_split() -> None:
    """The epimc player has no anytime split: ``first_pass=`` in its
    settings is one error naming it, not a setting silently ignored."""
    assert EpimcPlayer.from_settings("16/300k").settings_text() == "16/300000"
    with pytest.raises(NotationError, match="first_pass"):
        EpimcPlayer.from_settings("16/300k,first_pass=5k")
