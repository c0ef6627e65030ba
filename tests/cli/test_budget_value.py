"""The one budget value (`solver.budget.Budget`): "no limit" said one way
(None), checked once with the command line's messages, and passed unchanged
from the command line down to the search."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

import solver
from solver import epimc, pimc
from solver.budget import DEFAULT_TT_MB, MAX_JOBS, MAX_NODES, MAX_WORLDS, NO_LIMITS, Budget
from solver.cli import recommend as cli_recommend
from solver.deadline import deadline_after
from solver.doubledummy import Solver
from solver.errors import PositionError
from tests.cli_helpers import ERROR_PREFIX, run

WHIST = "solver/examples/whist.toml"


@pytest.mark.parametrize("field", ["search_nodes", "run_nodes", "seconds", "search_seconds"])
def test_zero_and_none_are_both_no_limit_and_stored_as_none(field: str) -> None:
    assert getattr(Budget(**{field: 0}), field) is None
    assert getattr(Budget(**{field: None}), field) is None
    assert Budget(**{field: 0}) == NO_LIMITS


def test_the_c_core_gets_its_zero_for_no_limit() -> None:
    assert (NO_LIMITS.core_nodes, NO_LIMITS.core_seconds) == (0, 0.0)
    limited = Budget(search_nodes=500, search_seconds=1.5)
    assert (limited.core_nodes, limited.core_seconds) == (500, 1.5)


def test_a_table_of_zero_mib_is_the_default_table_of_the_one_that_makes_it() -> None:
    assert Budget(tt_mb=0).tt_mb is NO_LIMITS.tt_mb is None
    assert NO_LIMITS.table() == DEFAULT_TT_MB and NO_LIMITS.table(epimc.TT_MB) == epimc.TT_MB
    assert Budget(tt_mb=8).table(epimc.TT_MB) == 8


@pytest.mark.parametrize(
    ("search", "run_", "world"),
    [(None, None, None), (500, None, 500), (None, 80, 80), (500, 80, 80)],
)
def test_no_world_searches_more_than_the_whole_run(
    search: int | None, run_: int | None, world: int | None
) -> None:
    assert Budget(search_nodes=search, run_nodes=run_).world_nodes == world


# each bad value, the option that gives it, the value as the option reads it
BAD = [
    ("search_nodes", -1, "--max-nodes", "-1"),
    ("seconds", -3.0, "--time", "-3"),
    ("seconds", float("nan"), "--time", "nan"),
    ("tt_mb", 1e12, "--tt-mb", "1000000000000"),
    ("worlds", 0, "--samples", "0"),
    ("worlds", MAX_WORLDS + 1, "--samples", str(MAX_WORLDS + 1)),
    ("jobs", MAX_JOBS + 1, "--jobs", str(MAX_JOBS + 1)),
]


@pytest.mark.parametrize(("field", "value", "option", "text"), BAD)
def test_a_bad_limit_is_refused_with_the_problem_the_command_line_names(
    field: str, value: Any, option: str, text: str
) -> None:
    with pytest.raises(PositionError) as made:
        Budget(**{field: value})
    said = str(made.value)
    assert "\n" not in said
    result = run("recommend", WHIST, option, text)
    assert result.exit_code == 2
    line = result.stderr.strip()
    head = f"{ERROR_PREFIX}{option} {text}: "
    assert line.startswith(head), line
    problem = line.removeprefix(head)
    # the same check: the budget's message, less the name of the field it begins with
    assert said.endswith(problem), (said, problem)


def test_a_budget_cannot_be_changed() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        NO_LIMITS.search_nodes = 5  # type: ignore[misc]


# the loose keywords the recommendations took beside the budget, before it was the one way
LOOSE = {"samples", "seconds", "jobs", "tt_mb", "max_nodes", "node_budget", "deadline"}


@pytest.mark.parametrize("recommend", [pimc.recommend, epimc.recommend])
def test_a_recommendation_takes_its_limits_only_in_the_budget(recommend: Any) -> None:
    params = inspect.signature(recommend).parameters
    assert params["budget"].default is NO_LIMITS
    assert not LOOSE & set(params)


def test_a_solver_of_a_budget_has_its_limits_and_deadline() -> None:
    when = deadline_after(3600.0)
    made = Solver.of(Budget(tt_mb=4, search_nodes=1234, deadline=when))
    assert made.max_nodes == 1234
    assert made.deadline == when


def test_the_command_line_hands_one_budget_unchanged_to_the_recommendation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    got: list[Budget] = []
    real = cli_recommend.run_recommend

    def spy(*args: Any, budget: Budget, **kwargs: Any) -> Any:
        got.append(budget)
        return real(*args, budget=budget, **kwargs)

    monkeypatch.setattr(cli_recommend, "run_recommend", spy)
    args = ["-n", "5", "--max-nodes", "4000", "--node-budget", "90000", "--tt-mb", "8", "-j", "1"]
    result = run("recommend", WHIST, *args, "--json")
    assert result.exit_code == 0, result.output
    assert got == [Budget(tt_mb=8, search_nodes=4000, run_nodes=90000, worlds=5, jobs=1)]


def test_extended_pimc_reads_the_same_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[Budget | None] = []
    real = epimc.recommend

    def spy(*args: Any, budget: Budget | None = None, **kwargs: Any) -> Any:
        got.append(budget)
        return real(*args, budget=budget, **kwargs)

    monkeypatch.setattr(epimc, "recommend", spy)
    args = ["-n", "2", "--max-nodes", "3000", "--node-budget", "50000", "--method", "epimc"]
    result = run("recommend", WHIST, *args, "--json")
    assert result.exit_code == 0, result.output
    assert got == [Budget(tt_mb=DEFAULT_TT_MB, search_nodes=3000, run_nodes=50000, worlds=2)]


@pytest.mark.parametrize(
    ("option", "nodes"),
    [([], None), (["--max-nodes", "0"], MAX_NODES), (["--max-nodes", "700"], 700)],
)
def test_before_play_the_command_line_hands_its_node_limit_in_the_budget(
    monkeypatch: pytest.MonkeyPatch, option: list[str], nodes: int | None
) -> None:
    """Not given: None, the game's default; 0 (no limit): every node the C
    core counts, since a budget's None before play is the game's default."""
    got: list[Budget] = []

    def spy(*args: Any, budget: Budget, **kwargs: Any) -> Any:
        got.append(budget)
        raise PositionError("seen")  # the budget is what is checked: no search

    monkeypatch.setattr(cli_recommend, "decide_before_play", spy)
    result = run("recommend", solver.deal("cinch", seed=4).to_line(), "-n", "3", *option)
    assert result.exit_code == 2 and "seen" in result.stderr
    assert [(b.search_nodes, b.worlds) for b in got] == [(nodes, 3)]
