"""PIMC recommendations (solver.pimc) and `tricksolver recommend`.

Checked: with nothing hidden the recommendation is the double-dummy
analysis; with hidden cards each move's figures are those of the same
worlds solved one by one (drawn by the sampler with the same seed); the
statistics against a direct computation; reproducibility by seed across
executors; the early stop; bad input."""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import solver
from solver import pimc, race
from solver.budget import Budget
from solver.games.base import Phase, Position
from solver.heuristics import heuristic_playout
from solver.notation import to_line
from solver.pimc import recommend
from solver.pools import start_worker
from solver.position import parse_view, view_of
from solver.sampling import Sampler
from solver.stats import t975
from tests.cli_helpers import WORKING, Child, assert_one_line_error, run, start_interruptible
from tests.randpos import random_play

# (game, players, cards played after the first lead): late enough that a
# world solves in milliseconds
ENDINGS = [
    ("whist", None, 36),
    ("whist", None, 30),
    ("cinch", None, 12),
    ("chinese-whist", 4, 36),
    ("chinese-whist", 2, 40),
    ("chinese-whist", 3, 33),
    ("chinkway", None, 40),
]


def in_play(game: str, players: int | None, seed: int, cards: int) -> Position:
    pos = solver.deal(game, players=players, seed=seed)
    rng = random.Random(seed)
    while pos.phase not in (Phase.PLAY, Phase.CLAIM):
        pos.play(rng.choice(pos.legal_moves()))
    for _ in range(cards):
        if pos.is_over:
            break
        pos.play(rng.choice(pos.legal_moves()))
    assert not pos.is_over
    return pos


def seat_word(pos: Position, seat: int) -> str:
    return "NESW"[seat] if pos.game == "whist" else str(seat + 1)


@pytest.mark.parametrize(("game", "players", "cards"), ENDINGS)
def test_nothing_hidden_is_the_double_dummy_analysis(
    game: str, players: int | None, cards: int
) -> None:
    for seed in range(3):
        pos = in_play(game, players, seed, cards)
        fields = pos.to_fields()
        for key in ("widow", "quest_deck", "quest_removed"):  # not part of a view
            fields.pop(key, None)
        fields["seat"] = seat_word(pos, pos.to_move)
        view = parse_view(to_line(fields))
        assert Sampler(view).count() == 1
        rec = recommend(view, budget=Budget(worlds=3, jobs=1), seed=seed)
        dd = solver.Solver(tt_mb=16).analyze(pos, pv=False)
        expected = {str(cv.move): cv.value for cv in dd.moves}
        got = {str(m.move): m.mean for m in rec.moves}
        assert got == expected
        assert rec.moves[0].mean == dd.value
        for m in rec.moves:
            assert m.stderr == 0 and m.low == m.high == m.mean
            assert m.best_share == (1.0 if m.mean == dd.value else 0.0)


@pytest.mark.parametrize(("game", "players", "cards"), ENDINGS)
def test_means_are_those_of_the_same_worlds_solved_one_by_one(
    game: str, players: int | None, cards: int
) -> None:
    pos = in_play(game, players, 7, cards)
    seat = pos.to_move
    n, seed = 12, 5
    rec = recommend(pos, seat, budget=Budget(worlds=n, jobs=1, tt_mb=16), seed=seed)
    view = view_of(pos, seat)
    worlds = Sampler(view).sample(n, seed)
    dd = solver.Solver(tt_mb=16)
    per_world = []
    for w in worlds:
        assert w.to_move == seat and sorted(map(str, w.legal_moves())) == sorted(
            map(str, pos.legal_moves())
        )
        per_world.append({str(cv.move): cv.value for cv in dd.analyze(w, pv=False).moves})
    assert rec.worlds == n and rec.stopped is None
    assert [m.mean for m in rec.moves] == sorted((m.mean for m in rec.moves), reverse=True)
    top = [pw[str(rec.moves[0].move)] for pw in per_world]
    for m in rec.moves:
        vals = [pw[str(m.move)] for pw in per_world]
        assert list(m.values) == vals
        assert m.mean == pytest.approx(statistics.fmean(vals))
        best = [max(pw.values()) for pw in per_world]
        assert m.best_share == pytest.approx(
            sum(v == b for v, b in zip(vals, best, strict=True)) / n
        )
        if len(set(vals)) > 1:
            se = statistics.stdev(vals) / math.sqrt(n)
            assert m.stderr == pytest.approx(se)
            assert m.low == pytest.approx(m.mean - t975(n - 1) * se)
            assert m.high == pytest.approx(m.mean + t975(n - 1) * se)
        diffs = [a - b for a, b in zip(vals, top, strict=True)]
        assert m.diff_low <= statistics.fmean(diffs) <= m.diff_high


def test_student_t_quantiles() -> None:
    # published values of t(0.975, df)
    for df, t in [(1, 12.706), (9, 2.262), (30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980)]:
        assert t975(df) == pytest.approx(t, abs=2e-3)
    assert t975(10**6) == pytest.approx(1.95996, abs=1e-4)


def test_same_seed_same_answer_whatever_the_executor() -> None:
    pos = in_play("whist", None, 11, 28)
    a = recommend(pos, budget=Budget(worlds=16, jobs=1, tt_mb=16), seed=3)
    with ThreadPoolExecutor(max_workers=2) as pool:
        b = recommend(pos, budget=Budget(worlds=16, tt_mb=16), seed=3, executor=pool)
    c = recommend(pos, budget=Budget(worlds=16, jobs=2, tt_mb=16), seed=3)  # a process pool
    assert a.moves == b.moves == c.moves
    d = recommend(pos, budget=Budget(worlds=16, jobs=1, tt_mb=16), seed=4)
    assert [m.values for m in d.moves] != [m.values for m in a.moves]


def test_a_stop_keeps_the_first_worlds_solved() -> None:
    pos = in_play("whist", None, 12, 24)
    stop = threading.Event()
    rec = recommend(
        pos,
        budget=Budget(worlds=200, jobs=1, tt_mb=16),
        seed=1,
        stop=stop,
        progress=lambda d, t: stop.set(),
    )
    assert rec.stopped == "interrupted"
    assert 1 <= rec.worlds < 200
    with pytest.raises(KeyboardInterrupt):  # for a caller that must not go on with a part
        rec.completed()
    # the first worlds of the 200 drawn, solved one by one
    worlds = Sampler(view_of(pos, pos.to_move)).sample(200, 1)[: rec.worlds]
    dd = solver.Solver(tt_mb=16)
    for m in rec.moves:
        assert list(m.values) == [
            next(cv.value for cv in dd.analyze(w, pv=False).moves if cv.move == m.move)
            for w in worlds
        ]


def test_maxn_objective() -> None:
    pos = in_play("chinkway", None, 3, 40)
    rec = recommend(pos, budget=Budget(worlds=6, jobs=1, tt_mb=16), seed=2, objective="maxn")
    view = view_of(pos, pos.to_move)
    dd = solver.Solver(tt_mb=16)
    side = pos.sides()[pos.to_move]
    for m in rec.moves:
        vals = []
        for w in Sampler(view).sample(6, 2):
            w.play(m.move)
            vals.append(dd.maxn(w)[0][side])
        assert list(m.values) == vals
    with pytest.raises(solver.PositionError, match="three or more sides"):
        recommend(in_play("whist", None, 1, 40), budget=Budget(worlds=2, jobs=1), objective="maxn")


def test_maxn_objective_by_score_or_tricks() -> None:
    """Three-player Chinese Whist: max^n by score (the default: each player's
    points for the hand) or by tricks (from here), world by world as
    Solver.maxn gives them, and said so in the text and the JSON."""
    pos = in_play("chinese-whist", 3, 4, 39)
    view = view_of(pos, pos.to_move)
    dd = solver.Solver(tt_mb=16)
    side = pos.sides()[pos.to_move]
    for by in ("score", "tricks"):
        rec = recommend(
            pos, budget=Budget(worlds=4, jobs=1, tt_mb=16), seed=1, objective="maxn", maxn_by=by
        )
        assert rec.maxn_by == by and rec.to_json()["maxn_by"] == by
        for m in rec.moves:
            vals = []
            for w in Sampler(view).sample(4, 1):
                w.play(m.move)
                vals.append(dd.maxn(w, by)[0][side])
            assert list(m.values) == vals
    assert (
        recommend(pos, budget=Budget(worlds=2, jobs=1, tt_mb=16), objective="maxn").maxn_by
        == "score"
    )
    assert recommend(pos, budget=Budget(worlds=2, jobs=1, tt_mb=16)).maxn_by is None
    with pytest.raises(ValueError, match="maxn_by"):
        recommend(pos, budget=Budget(worlds=2, jobs=1), objective="maxn", maxn_by="points")
    # a world past its node budget: the heuristic playout, valued in points too
    rec = recommend(
        pos, budget=Budget(worlds=3, jobs=1, search_nodes=10, tt_mb=16), seed=1, objective="maxn"
    )
    assert rec.methods == ("playout",) * 3
    seat = pos.to_move
    for m in rec.moves:
        vals = []
        for w in Sampler(view).sample(3, 1):
            w.play(m.move)
            vals.append(heuristic_playout(w).scores()[seat])
        assert list(m.values) == vals
    args = ["recommend", pos.to_line(), "-n", "4", "--seed", "1", "-j", "1", "--objective", "maxn"]
    text = " ".join(run(*args, "--no-color").output.split())
    assert "mean points for the hand, max^n by score" in text
    text = " ".join(run(*args, "--maxn-by", "tricks", "--no-color").output.split())
    assert "mean tricks from here, max^n by tricks" in text
    data = json.loads(run(*args, "--maxn-by", "tricks", "--json").output)
    assert data["objective"] == "maxn" and data["maxn_by"] == "tricks"


def test_bad_requests() -> None:
    pos = in_play("whist", None, 2, 20)
    other = (pos.to_move + 1) % 4
    with pytest.raises(solver.PositionError, match="not to move"):
        recommend(pos, other, budget=Budget(worlds=2, jobs=1))
    with pytest.raises(solver.PositionError, match="samples"):
        recommend(pos, budget=Budget(worlds=0, jobs=1))
    with pytest.raises(ValueError, match="objective"):
        recommend(pos, budget=Budget(worlds=2, jobs=1), objective="best")
    with pytest.raises(solver.PositionError, match="phase"):
        recommend(solver.deal("cinch", seed=1), 1, budget=Budget(worlds=2, jobs=1))


# -- the command ----------------------------------------------------------------


def test_recommend_command_json_and_table() -> None:
    pos = in_play("whist", None, 5, 32)
    seat = seat_word(pos, pos.to_move)
    args = ["recommend", pos.to_line(), "--seat", seat, "-n", "10", "--seed", "2", "-j", "1"]
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["worlds"] == 10 and data["seed"] == 2 and data["game"] == "whist"
    cards = {m["card"] for m in data["moves"]}
    assert cards == {str(m.card) for m in pos.legal_moves()}
    assert data["best"] == data["moves"][0]["move"]
    api = recommend(pos, pos.to_move, budget=Budget(worlds=10, jobs=1), seed=2)
    assert [m["mean"] for m in data["moves"]] == [round(m.mean, 4) for m in api.moves]
    r = run(*args, "--no-color")
    assert r.exit_code == 0 and "best:" in r.output and "95% interval" in r.output
    view_line = view_of(pos, pos.to_move).to_line()
    r = run("recommend", view_line, "-n", "10", "--seed", "2", "-j", "1", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["moves"] == data["moves"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seat", "X"], "unknown seat"),
        (["--seat", "@", "--samples", "0"], "--samples"),
        (["--seat", "@", "--jobs", "0"], "jobs"),
        (["--seat", "@", "--time", "-1"], "--time"),  # 0 is no limit, as before play
        (["--objective", "maxn", "--seat", "@"], "three or more sides"),
        (["--maxn-by", "tricks", "--seat", "@"], "--objective maxn"),
    ],
)
def test_recommend_command_bad_input(extra: list[str], message: str) -> None:
    pos = in_play("whist", None, 5, 32)
    extra = [seat_word(pos, pos.to_move) if e == "@" else e for e in extra]
    r = run("recommend", pos.to_line(), "-j", "1", "-n", "2", *extra)
    assert_one_line_error(r, message)


def test_recommend_command_not_to_move() -> None:
    pos = in_play("whist", None, 5, 32)
    r = run("recommend", pos.to_line(), "--seat", seat_word(pos, (pos.to_move + 1) % 4))
    assert_one_line_error(r, "not to move")


def _never_ends(task: Any) -> None:
    """A world that is never solved (run in a pool worker)."""
    threading.Event().wait()


class _PoolInterruptedAtThirdWorld(ProcessPoolExecutor):
    """Ctrl-C while the worlds are handed to the pool: the third submit raises."""

    made: list[ProcessPoolExecutor] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.submitted = 0
        self.made.append(self)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        if self.submitted == 3:
            raise KeyboardInterrupt
        return super().submit(fn, *args, **kwargs)


def test_ctrl_c_while_the_worlds_are_submitted_stops_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C before the last world is handed to the process pool: the workers
    are stopped, not waited for (the two worlds submitted here never end; the
    pool used to wait for every world submitted, and a run could hang)."""
    monkeypatch.setattr(pimc, "solve_world", _never_ends)
    monkeypatch.setattr(
        pimc,
        "process_pool",
        lambda workers: _PoolInterruptedAtThirdWorld(max_workers=workers, initializer=start_worker),
    )
    pos = in_play("whist", None, 5, 8)
    outcome: list[str] = []

    def run_it() -> None:
        try:
            recommend(pos, pos.to_move, budget=Budget(worlds=20, jobs=2))
        except KeyboardInterrupt:
            outcome.append("interrupted")

    worker = threading.Thread(target=run_it, daemon=True)
    worker.start()
    worker.join(60)
    try:
        assert not worker.is_alive(), "recommend waited for the pool's workers"
        assert outcome == ["interrupted"]  # no world solved: Ctrl-C goes on up
    finally:
        for pool in _PoolInterruptedAtThirdWorld.made:  # a failed run leaves them
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()


def test_ctrl_c_ends_a_recommendation_with_the_worlds_solved_so_far() -> None:
    """SIGINT to the command: the worker processes are stopped and the ranking
    of the worlds solved by then is printed (a mid-hand whist deal: each world
    takes a fraction of a second, 100,000 of them far longer than the wait)."""
    import shutil
    import signal

    exe = shutil.which("tricksolver")
    assert exe is not None, "the tricksolver console script is not installed"
    pos = in_play("whist", None, 5, 8)
    args = [exe, "recommend", pos.to_line(), "--seat", seat_word(pos, pos.to_move)]
    # --time 0: no budget (by default 10 s), every world exact: Ctrl-C alone ends it
    proc = start_interruptible(
        [*args, "--samples", "100000", "--jobs", "2", "--time", "0", "--json"]
    )
    child = Child(proc)
    child.wait_working(3 * WORKING)  # the start of the command and its two workers, some worlds
    out, err = child.stop(signal.SIGINT)
    assert proc.returncode == 130, err  # the ranking so far, then the status of Ctrl-C
    assert "Traceback" not in err, err  # not even one printed on the way out
    data = json.loads(out)
    assert data["stopped"] == "interrupted"
    assert 1 <= data["worlds"] < 100000
    assert {m["card"] for m in data["moves"]} == {str(m.card) for m in pos.legal_moves()}


# -- honest accounting, racing, budgets ---------------------------------------------


# (game, players, tricks played): positions where some cards are clearly
# worse and a world still solves in a fraction of a second
RACE_POSITIONS = [
    ("whist", 4, 4),
    ("chinkway", 5, 5),
    ("cinch", 4, 1),
    ("chinese-whist", 4, 6),
    ("chinese-whist", 3, 10),
    ("chinese-whist", 2, 19),
]


def full_analysis(pos: Position, n: int, seed: int) -> list[dict[str, int]]:
    """Every legal move's value in each of the first n worlds of the seed."""
    dd = solver.Solver(tt_mb=16)
    worlds = Sampler(view_of(pos, pos.to_move)).sample(n, seed)
    return [{str(cv.move): cv.value for cv in dd.analyze(w, pv=False).moves} for w in worlds]


def test_racing_chooses_the_card_of_the_full_analysis() -> None:
    """Racing over the cards: the best card and every card still in the race
    are those of the full analysis of the same worlds; a card raced out has
    its exact value in the worlds before and an upper bound after."""
    n = 36
    raced_out = set()
    for (game, players, tricks), seed in itertools.product(RACE_POSITIONS, range(1, 6)):
        pos = random_play(game, players, tricks, seed)
        full = full_analysis(pos, n, seed)
        rec = recommend(pos, budget=Budget(worlds=n, jobs=1, tt_mb=16), seed=seed)
        plain = recommend(pos, budget=Budget(worlds=n, jobs=1, tt_mb=16), seed=seed, race=False)
        assert rec.best == plain.best
        assert set(rec.methods) <= {"exact", "raced"} and rec.exact_worlds == n
        assert all(m == "exact" for m in rec.methods[: race.RACE_MIN_WORLDS + race.RACE_LAG])
        for m in rec.moves:
            exact = [w[str(m.move)] for w in full]
            if not m.bounded:
                assert list(m.values) == exact
                continue
            raced_out.add(f"{game}-{players}")
            assert m.low is None and m.stderr is None
            assert all(b >= v for b, v in zip(m.values, exact, strict=True))
            assert m.mean < rec.moves[0].mean
            assert m.to_json()["mean"] is None and m.to_json()["mean_at_most"] is not None
        if any(m.bounded for m in rec.moves):
            assert rec.stats.nodes != plain.stats.nodes
    assert len(raced_out) >= 4, f"cards raced out only in {raced_out}: the test proves little"


def test_bounds_that_do_not_prove_a_card_worse_are_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Race every card but the leader out after two worlds (whatever its
    figures): the cards whose bounds do not prove them worse than the best
    are valued exactly, and the best card is still the full analysis's."""
    monkeypatch.setattr(race, "RACE_MARGIN", -100.0)
    monkeypatch.setattr(race, "RACE_MIN_WORLDS", 2)
    monkeypatch.setattr(race, "RACE_LAG", 1)
    for game, players, cards in ENDINGS:
        pos = in_play(game, players, 4, cards)
        n = 16
        full = full_analysis(pos, n, 1)
        rec = recommend(pos, budget=Budget(worlds=n, jobs=1, tt_mb=16), seed=1)
        means = {k: sum(w[k] for w in full) / n for k in full[0]}
        best = max(means.values())
        assert means[str(rec.best)] == best
        assert not rec.moves[0].bounded
        for m in rec.moves:
            if m.bounded:
                assert m.mean < rec.moves[0].mean
            else:
                assert m.mean == pytest.approx(means[str(m.move)])


def test_one_world_gives_no_interval() -> None:
    pos = in_play("whist", None, 5, 32)
    rec = recommend(pos, budget=Budget(worlds=1, jobs=1, tt_mb=16), seed=2)
    for m in rec.moves:
        assert m.low is None and m.high is None and m.stderr is None
        data = m.to_json()
        assert data["low"] is None and data["high"] is None
    r = run("recommend", pos.to_line(), "--seat", seat_word(pos, pos.to_move), "-n", "1",
            "-j", "1", "--no-color")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert ".. " not in r.output and "1 of 1" in r.output and "no interval" in r.output


def test_intervals_are_clipped_to_the_values_possible() -> None:
    """A whist ending of three tricks: no interval leaves 0..3 tricks, nor a
    difference -3..3 (with few worlds the Student interval would)."""
    clipped = 0
    for seed in range(6):
        pos = in_play("whist", None, seed, 40)
        assert pos.core is not None
        left = pos.core.total_tricks - pos.core.tricks_played
        rec = recommend(pos, budget=Budget(worlds=3, jobs=1, tt_mb=16), seed=seed, race=False)
        for m in rec.moves:
            assert m.low is not None and m.high is not None
            assert 0 <= m.low <= m.mean <= m.high <= left
            assert m.diff_low is not None and m.diff_high is not None
            assert -left <= m.diff_low <= m.diff_high <= left
            raw_low = m.mean - t975(2) * (m.stderr or 0.0)
            clipped += raw_low < m.low
    assert clipped > 0, "no interval needed clipping: the test proves little"


def test_the_worlds_are_counted_by_method() -> None:
    pos = in_play("chinkway", None, 3, 10)
    rec = recommend(pos, budget=Budget(worlds=8, jobs=1, tt_mb=16, search_nodes=3_000), seed=1)
    assert len(rec.methods) == rec.worlds == 8
    assert rec.bounded_worlds == rec.methods.count("bounded") > 0  # past the budget
    assert rec.fallback == rec.methods.count("playout")
    assert rec.exact_worlds + rec.bounded_worlds + rec.fallback == rec.worlds
    data = rec.to_json()
    assert data["world_methods"] == list(rec.methods)
    assert sum(data["worlds_by_method"].values()) == 8
    assert data["exact_worlds"] == rec.exact_worlds and data["fallback_worlds"] == rec.fallback
    assert data["bounded_worlds"] == rec.bounded_worlds
    old = recommend(
        pos, budget=Budget(worlds=8, jobs=1, tt_mb=16, search_nodes=3_000), seed=1, bounded=None
    )
    assert old.fallback == old.methods.count("playout") == rec.bounded_worlds + rec.fallback


def test_a_node_budget_keeps_the_first_worlds_within_it_reproducibly() -> None:
    pos = in_play("whist", None, 11, 24)
    free = recommend(pos, budget=Budget(worlds=20, jobs=1, tt_mb=16), seed=3, race=False)
    budget = free.stats.nodes // 3
    a = recommend(
        pos, budget=Budget(worlds=20, jobs=1, tt_mb=16, run_nodes=budget), seed=3, race=False
    )
    b = recommend(
        pos, budget=Budget(worlds=20, jobs=2, tt_mb=16, run_nodes=budget), seed=3, race=False
    )
    assert a.moves == b.moves and a.worlds == b.worlds
    assert 1 <= a.worlds < 20 and a.stopped == "nodes" and a.stats.nodes <= budget
    assert {m.move: m.values for m in a.moves} == {m.move: m.values[: a.worlds] for m in free.moves}


def _slow_world(task: Any) -> None:
    threading.Event().wait(3)


def test_no_world_in_the_time_says_what_helps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pimc, "solve_world", _slow_world)
    pos = in_play("whist", None, 5, 8)
    with ThreadPoolExecutor(max_workers=1) as pool:
        with pytest.raises(solver.PositionError, match="allow more time.*--max-nodes"):
            recommend(pos, budget=Budget(worlds=4, seconds=0.2), executor=pool)


def test_the_command_says_how_the_worlds_were_valued() -> None:
    pos = in_play("chinkway", None, 3, 10)
    seat = seat_word(pos, pos.to_move)
    r = run("recommend", pos.to_line(), "--seat", seat, "-n", "4", "-j", "1", "--max-nodes",
            "3000", "--no-color")  # fmt: skip
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())  # the lines as the terminal's width wraps them
    assert "worlds solved exactly" in text and "valued by a bounded search" in text
    for seed in range(1, 4):  # a position where cards are raced out
        pos = random_play("whist", 4, 4, seed)
        if any(
            m.bounded
            for m in recommend(pos, budget=Budget(worlds=36, jobs=1, tt_mb=16), seed=0).moves
        ):
            break
    else:
        pytest.fail("no whist position raced a card out")
    seat = seat_word(pos, pos.to_move)
    r = run("recommend", pos.to_line(), "--seat", seat, "-n", "36", "-j", "1", "--no-color")
    assert r.exit_code == 0, r.output
    assert "<= " in r.output and "raced" in " ".join(r.output.split())
    data = json.loads(run("recommend", pos.to_line(), "--seat", seat, "-n", "36", "-j", "1",
                          "--json").output)  # fmt: skip
    assert data["worlds_by_method"]["raced"] > 0
    assert any(m["mean"] is None and m["mean_at_most"] is not None for m in data["moves"])


# -- a run bounded by time alone --------------------------------------------------


def test_a_timed_run_keeps_every_value_of_the_worlds_it_solves() -> None:
    """Time alone bounds the run: each world gets a node budget (from the
    measured speed), the table is kept from world to world, and the worlds
    that fit are solved exactly, with the values of fresh searches."""
    pos = in_play("chinese-whist", 4, 7, 36)
    rec = recommend(
        pos, budget=Budget(worlds=12, seconds=600, jobs=1, tt_mb=16), seed=5, race=False
    )
    free = recommend(pos, budget=Budget(worlds=12, jobs=1, tt_mb=16), seed=5, race=False)
    assert rec.worlds == 12 and rec.exact_worlds == 12 and rec.max_nodes > 0
    assert {m.move: m.values for m in rec.moves} == {m.move: m.values for m in free.moves}


def test_a_timed_run_values_the_dear_worlds_by_the_bounded_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nodes = 3_000
    monkeypatch.setattr(pimc, "_timed_world_nodes", lambda seconds, workers, rate, needed: nodes)
    pos = in_play("chinkway", None, 3, 10)
    rec = recommend(pos, budget=Budget(worlds=8, seconds=600, jobs=1, tt_mb=16), seed=1)
    assert rec.worlds == 8 and rec.bounded_worlds > 0 and rec.max_nodes == nodes
    assert rec.exact_worlds + rec.bounded_worlds + rec.fallback == rec.worlds
    # no node budget without a time limit, nor where the caller gave one
    assert recommend(pos, budget=Budget(worlds=2, jobs=1, tt_mb=16), seed=1).max_nodes == 0
    given = recommend(
        pos, budget=Budget(worlds=2, seconds=600, jobs=1, tt_mb=16, search_nodes=5_000), seed=1
    )
    assert given.max_nodes == 5_000


def test_the_timed_budget_lets_the_worlds_fit_the_time() -> None:
    rate, seconds, workers = 2e6, 10.0, 2
    nodes = pimc._timed_world_nodes(seconds, workers, rate, pimc.TIMED_WORLDS)
    # each world at most twice its budget: TIMED_WORLDS of them in the time
    assert pimc.TIMED_WORLDS * 2 * nodes / rate <= seconds * workers * (1 + 1e-9)
    # fewer worlds still needed, or more time left: a larger budget
    assert pimc._timed_world_nodes(seconds, workers, rate, 10) > nodes
    assert pimc._timed_world_nodes(1e-6, 1, rate, 1) == pimc.TIMED_LEAST_NODES
    assert pimc._timed_world_nodes(-1.0, 1, rate, 0) == pimc.TIMED_LEAST_NODES
