"""The choice of the bounded search's evaluation reaches every way of asking
for a recommendation: the default (`solver.valuation.DEFAULT_EVALUATION`,
the learned model), the players' ``,eval=`` setting, ``recommend
--evaluation`` and the decision bench's ``evaluation=`` key; the engine as
it was (``middle``) stays selectable.  What each evaluation does to a
world's values is checked in tests/search/test_bounded.py."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import solver
from solver import players
from solver.decision_bench import recommend_setting
from solver.doubledummy import Evaluation
from solver.errors import BenchDataError, NotationError
from solver.players import PimcBudget, make_player, parse_budget
from solver.position import deal, view_of
from solver.valuation import DEFAULT_EVALUATION
from tests.cli_helpers import assert_one_line_error, run

EXAMPLE = str(Path(solver.__file__).parent / "examples" / "whist.toml")


def test_the_default_is_the_learned_model() -> None:
    assert DEFAULT_EVALUATION == Evaluation.LEARNED
    assert PimcBudget(8, 1000).evaluation == Evaluation.LEARNED


@pytest.mark.parametrize("spec", ["eval=middle", "16/300k,eval=middle", "evaluation=MIDDLE"])
def test_a_player_keeps_the_engine_as_it_was(spec: str) -> None:
    budget = parse_budget(spec, PimcBudget(32, 1_000_000))
    assert budget.evaluation == Evaluation.MIDDLE
    # the short form says it, and reads back the same
    assert "eval=middle" in budget.text()
    assert parse_budget(budget.text(), PimcBudget(1, 1)) == budget


def test_the_default_is_left_out_of_the_short_form() -> None:
    assert parse_budget("16/300k,eval=learned", PimcBudget(1, 1)).text() == "16/300000"


def test_an_unknown_evaluation_is_one_line() -> None:
    with pytest.raises(NotationError, match=r"pimc: unknown evaluation 'best' \(one of middle"):
        parse_budget("eval=best", PimcBudget(1, 1))


@pytest.mark.parametrize("evaluation", list(Evaluation))
def test_the_player_asks_for_its_evaluation(
    evaluation: Evaluation, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Any] = []
    real = players.recommend

    def spy(*args: Any, **kw: Any) -> Any:
        asked.append(kw.get("bounded"))
        return real(*args, **kw)

    monkeypatch.setattr(players, "recommend", spy)
    pos = deal("whist", seed=5)
    player = make_player(f"pimc:4/20k,eval={evaluation}")
    player.choose(view_of(pos, pos.to_move), random.Random(1))
    assert asked == [evaluation]


def test_recommend_takes_an_evaluation() -> None:
    """Each evaluation answers (worlds past 2,000 nodes are bounded ones);
    an unknown one is a one-line error."""
    out = {}
    for evaluation in Evaluation:
        result = run("recommend", EXAMPLE, "-n", "4", "--time", "0", "--max-nodes", "2000",
                     "--jobs", "1", "--json", "--evaluation", str(evaluation))  # fmt: skip
        assert result.exit_code == 0, result.output
        out[evaluation] = json.loads(result.stdout)
        assert out[evaluation]["worlds_by_method"]["bounded"] > 0
    assert_one_line_error(run("recommend", EXAMPLE, "--evaluation", "best"), "--evaluation")


def test_the_decision_bench_takes_an_evaluation() -> None:
    recommend_setting("samples=8,evaluation=middle")
    with pytest.raises(BenchDataError, match="recommend: unknown evaluation 'best'"):
        recommend_setting("evaluation=best")
