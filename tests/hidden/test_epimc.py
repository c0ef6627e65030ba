"""Extended PIMC (solver.epimc) against its plain definition
(tests/reference/epimc.py) on random endings of every variant; its bounds
(e(w, m) <= v(w, m); the moves pruned keep PIMC's values as upper bounds);
one world is PIMC; reproducibility; budgets; bad settings; the
strategy-fusion ending of docs/recommend.md."""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from typing import Any

import pytest

import solver
from solver import epimc, pimc
from solver.budget import Budget
from solver.cards import CardSet
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.inference import HeuristicModel
from solver.players import HINT_PLAYER, EpimcPlayer, make_player, parse_seats
from solver.position import parse_view, view_of
from solver.recommendation import Recommendation
from solver.sampling import Sampler
from solver.world_tasks import DrawnWorlds
from tests.cli_helpers import assert_one_line_error, run
from tests.randpos import VARIANTS, random_start, variant_name
from tests.reference import epimc as reference
from tests.reference.enumerate_worlds import enumerate_worlds

IDS = [variant_name(g, p) for g, p in VARIANTS]
# Endings a variant: a bounded sample by default, more in the long run
# (TRICKSOLVER_FULL=1), as the suite's other generators (docs/architecture.md).
ENDINGS_A_VARIANT = 12 if os.environ.get("TRICKSOLVER_FULL") == "1" else 6
VARIED_ENDINGS = 12  # endings a variant in which postponing must change some values
WORLDS = 12
# Tricks left in an ending (drawn from these): enough that the seat has a
# guess to make at its next decision in some of them, few enough that the
# plain computation takes a second or two a variant.
TRICKS_LEFT = {
    ("whist", 4): (3, 4),
    ("chinkway", 5): (2, 3),
    ("chinese-whist", 2): (5, 6),
    ("chinese-whist", 3): (4, 5),
    ("chinese-whist", 4): (4, 5),
    ("cinch", 4): (3, 4),
}


def ending(game: str, players: int, seed: int) -> Position:
    """A random hand played at random until a few tricks are left
    (`TRICKS_LEFT`), then a few cards into the next trick (or stopped at a
    Chinkway claim)."""
    rng = random.Random(f"epimc {game} {players} {seed}")
    tricks = rng.choice(TRICKS_LEFT[game, players])
    pos = random_start(game, players, seed)
    core = pos.core
    assert core is not None
    while core.total_tricks - core.tricks_played > tricks:
        pos.play(rng.choice(pos.legal_moves()))
    for _ in range(rng.randrange(players)):
        if core.total_tricks - core.tricks_played > 1:
            pos.play(rng.choice(pos.legal_moves()))
    assert pos.phase in (Phase.PLAY, Phase.CLAIM)
    return pos


def worlds_of(pos: Position, samples: int, seed: int) -> list[Position]:
    sampler = Sampler(view_of(pos, pos.to_move))
    return [sampler.world(list(m)) for m in DrawnWorlds(sampler, samples, seed)]


def values_of(rec: Recommendation) -> dict[str, list[int]]:
    return {str(m.move): list(m.values) for m in rec.moves}


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_the_fast_values_are_the_definitions(game: str, players: int) -> None:
    """Every move's per-world e(w, m) (nothing pruned) is the plain
    computation's, and every v(w, m) is PIMC's; e(w, m) <= v(w, m)."""
    for seed in range(ENDINGS_A_VARIANT):
        pos = ending(game, players, seed)
        seat = pos.to_move
        rec = epimc.recommend(pos, budget=Budget(worlds=WORLDS), seed=seed, prune=False)
        worlds = worlds_of(pos, WORLDS, seed)
        want = reference.epimc_values(worlds, seat)
        assert values_of(rec) == want, pos.to_line()
        plain = [reference.pimc_values(w, seat) for w in worlds]
        for key, per_world in want.items():
            pimc_values = [p[key] for p in plain]
            assert all(e <= v for e, v in zip(per_world, pimc_values, strict=True))
        assert rec.algorithm == epimc.EPIMC and rec.unpostponed == 0
        assert not any(m.bounded for m in rec.moves)


def test_postponing_changes_values_in_some_endings() -> None:
    """The endings above are not all alike for the two: in several of them
    (of several variants) some move's Extended PIMC values are below PIMC's."""
    changed = set()
    for game, players in VARIANTS:
        for seed in range(VARIED_ENDINGS):
            pos = ending(game, players, seed)
            rec = epimc.recommend(pos, budget=Budget(worlds=WORLDS), seed=seed, prune=False)
            classic = pimc.recommend(
                pos, budget=Budget(worlds=WORLDS, jobs=1), seed=seed, race=False
            )
            if values_of(rec) != values_of(classic):
                changed.add((game, players, seed))
    assert len({(g, p) for g, p, _ in changed}) >= 3, changed


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_pruned_moves_keep_pimc_values_as_upper_bounds(game: str, players: int) -> None:
    """With pruning: the moves postponed have the full run's values; the
    others are marked bounded, keep PIMC's values (at least e) and a PIMC
    mean at most the best Extended PIMC mean; the best move is the same."""
    for seed in range(ENDINGS_A_VARIANT):
        pos = ending(game, players, seed)
        full = values_of(epimc.recommend(pos, budget=Budget(worlds=WORLDS), seed=seed, prune=False))
        rec = epimc.recommend(pos, budget=Budget(worlds=WORLDS), seed=seed)
        classic = values_of(
            pimc.recommend(pos, budget=Budget(worlds=WORLDS, jobs=1), seed=seed, race=False)
        )
        top = rec.moves[0]
        assert not top.bounded
        assert top.mean == max(sum(v) / WORLDS for v in full.values())
        for m in rec.moves:
            key = str(m.move)
            if m.bounded:
                assert list(m.values) == classic[key]
                assert all(b >= e for b, e in zip(m.values, full[key], strict=True))
                assert m.mean <= top.mean
            else:
                assert list(m.values) == full[key]


def test_one_world_is_pimc() -> None:
    """With one world every group is that world: e(w, m) = v(w, m)."""
    for game, players in VARIANTS:
        for seed in range(3):
            pos = ending(game, players, seed)
            rec = epimc.recommend(pos, budget=Budget(worlds=1), seed=seed, prune=False)
            classic = pimc.recommend(pos, budget=Budget(worlds=1, jobs=1), seed=seed, race=False)
            assert values_of(rec) == values_of(classic)
            assert rec.best == classic.best


def test_same_seed_same_answer() -> None:
    pos = solver.deal("whist", seed=3)
    for move in ["AS", "QS", "KS", "8S"]:
        pos.play(move)
    runs = [
        epimc.recommend(
            pos, budget=Budget(worlds=8, search_nodes=20_000, run_nodes=400_000), seed=5
        )
        for _ in range(2)
    ]
    texts = [{**r.to_json(), "seconds": 0} for r in runs]
    assert texts[0] == texts[1]
    assert texts[0]["algorithm"] == "epimc"


def test_a_time_limit_not_reached_changes_nothing() -> None:
    pos = ending("chinese-whist", 3, 2)
    timed = epimc.recommend(pos, budget=Budget(worlds=WORLDS, seconds=1e6), seed=4)
    assert timed.stopped is None
    assert values_of(timed) == values_of(epimc.recommend(pos, budget=Budget(worlds=WORLDS), seed=4))


def test_a_small_budget_keeps_pimc_values_where_postponing_does_not_fit() -> None:
    """Past the nodes of a world's postponing, the world keeps PIMC's value
    for that move (counted in `unpostponed`): still at most PIMC's."""
    pos = solver.deal("whist", seed=3)
    for move in ["AS", "QS", "KS", "8S"]:
        pos.play(move)
    limits = Budget(search_nodes=3_000, worlds=6)
    rec = epimc.recommend(pos, budget=limits, seed=2, prune=False)
    classic = values_of(pimc.recommend(pos, budget=replace(limits, jobs=1), seed=2, race=False))
    assert rec.unpostponed > 0 or rec.bounded_worlds > 0
    for m in rec.moves:
        assert all(e <= v for e, v in zip(m.values, classic[str(m.move)], strict=True))


def test_a_node_budget_stops_reproducibly() -> None:
    pos = solver.deal("whist", seed=3)
    for move in ["AS", "QS", "KS", "8S"]:
        pos.play(move)
    rec = epimc.recommend(
        pos, budget=Budget(worlds=64, search_nodes=50_000, run_nodes=200_000), seed=1
    )
    assert rec.stopped == "nodes" and rec.worlds < 64
    again = epimc.recommend(
        pos, budget=Budget(worlds=64, search_nodes=50_000, run_nodes=200_000), seed=1
    )
    assert values_of(again) == values_of(rec)


@pytest.mark.parametrize(
    ("limits", "seat", "message"),
    [
        ({"worlds": 0}, None, r"samples \(worlds\) must be from 1"),
        ({"search_nodes": -1}, None, "must not be negative"),
        ({"seconds": -1.0}, None, "must not be negative"),
        ({}, 0, "is not to move"),
    ],
)
def test_bad_settings(limits: dict[str, Any], seat: int | None, message: str) -> None:
    pos = ending("whist", 4, 1)
    if seat == 0 and pos.to_move == 0:
        seat = 1
    with pytest.raises(PositionError, match=message) as got:
        epimc.recommend(pos, seat, budget=Budget(**limits))
    assert "\n" not in str(got.value)


# -- the player and the command ----------------------------------------------------------


def test_the_epimc_player_reads_its_budget_and_chooses_the_recommendation() -> None:
    player = make_player("epimc:8/200k")
    assert isinstance(player, EpimcPlayer) and player.settings_text() == "8/200000"
    assert parse_seats("EPIMC:w=8,n=200k,pimc", 4) == ["epimc:8/200000", "pimc"] * 2
    pos = ending("whist", 4, 3)
    advice = player.explain(view_of(pos, pos.to_move), random.Random(4))
    rec = advice.recommendation
    assert rec is not None and rec.algorithm == epimc.EPIMC and advice.move == rec.best
    again = make_player("epimc:8/200k").choose(view_of(pos, pos.to_move), random.Random(4))
    assert again == advice.move
    assert HINT_PLAYER == "pimc"  # the hints stay pimc's


def test_recommend_method_epimc_json() -> None:
    pos = ending("whist", 4, 5)
    args = ["recommend", pos.to_line(), "-n", "6", "--seed", "3", "--method", "epimc"]
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    api = epimc.recommend(pos, budget=Budget(worlds=6), seed=3)
    assert data["algorithm"] == "epimc" and data["best"] == str(api.best)
    assert [m["mean"] for m in data["moves"]] == [
        None if m.bounded else round(m.mean, 4) for m in api.moves
    ]
    r = run(*args, "--no-color")
    assert r.exit_code == 0 and "Extended PIMC" in r.output


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--jobs", "2"], "leave --jobs out"),
        (["--objective", "maxn"], "leave --objective out"),
        (["--method", "alphamu"], "--method"),
        (["--samples", "0"], "--samples"),
    ],
)
def test_recommend_method_epimc_bad_input(extra: list[str], message: str) -> None:
    pos = ending("whist", 4, 5)
    r = run("recommend", pos.to_line(), "-n", "2", "--method", "epimc", *extra)
    assert_one_line_error(r, message)


# -- strategy fusion ----------------------------------------------------------------------

# Two-player Chinese Whist, hearts trump, seven tricks left; seat 1 must
# follow to seat 2's ace of diamonds with the king, the queen or the ten.
# Four cards are face down: under seat 1's 6H, QD and TD, and under seat
# 2's 2D; they are KH, 5H, 5D and 5C in some order (24 worlds).  The queen
# and the ten lie on face-down cards, the king does not.  docs/recommend.md.
FUSION = (
    "chinese-whist; seat=1; players=2; dealer=2; trump=H; piles=9S/AC 7S/8S 6S/2H"
    " 4S/JH QH/7H 9H/8D 6H/? QD/? TD/? 9D/KD 7D/6D 7C/TC, AS/KC KS/4D QS/4H 5S/6C"
    " 2S/TS AH/2C JD/JS 2D/? QC/TH JC/4C 9C/AD 3C/8H; down=3S 3H, -; play=9H AH | 5S 7S"
    " | 4S KS | 8C 7C | 3C TC | 7D 3D | 8D JD | QC 3H | 6D 4D | 9S QS | JC AC | JH 8H"
    " | 6S 2S | 2H TH | 9C QH | 8S TS | 6C 9D | AS 3S | AD"
)
FUSION_WORLDS = 24


def test_strategy_fusion_pimc_throws_the_king_epimc_opens_a_pile() -> None:
    """Over all 24 worlds, each once (the plain computations): PIMC rates
    the three diamonds alike (it would know, at its next turn, which pile
    to open) and its tie rule plays the king; Extended PIMC sees that the
    king leaves a guess between the queen's and the ten's piles, wrong in
    2 of the 24 worlds, and plays the queen, turning a face-down card up
    while the trick is lost anyway.  The fast versions choose the same."""
    view = parse_view(FUSION)
    worlds = [view.world([CardSet(m) for m in key]) for key in enumerate_worlds(view)]
    assert len(worlds) == FUSION_WORLDS
    plain = [reference.pimc_values(w, view.seat) for w in worlds]
    pimc_totals = {k: sum(p[k] for p in plain) for k in plain[0]}
    epimc_totals = {k: sum(v) for k, v in reference.epimc_values(worlds, view.seat).items()}
    assert pimc_totals == {"KD": 144, "QD": 144, "TD": 144}  # 6 tricks a world on average
    assert epimc_totals == {"KD": 142, "QD": 144, "TD": 144}
    classic = pimc.recommend(view, budget=Budget(worlds=100, jobs=1), seed=0)
    assert classic.best == Move.parse("KD")
    assert len({m.mean for m in classic.moves}) == 1
    rec = epimc.recommend(view, budget=Budget(worlds=100), seed=0)
    assert rec.best == Move.parse("QD")
    means = {str(m.move): m.mean for m in rec.moves}
    assert means["KD"] < means["QD"] == means["TD"]


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_with_inference_the_worlds_are_pimcs_weighed_worlds(game: str, players: int) -> None:
    """With inference, Extended PIMC values the worlds PIMC weighs by the
    play (the same candidates and effective worlds), and on them every
    e(w, m) is at most PIMC's v(w, m); the player's setting reads back."""
    model = HeuristicModel()
    pos = ending(game, players, seed=3)
    rec = epimc.recommend(pos, budget=Budget(worlds=WORLDS), seed=5, prune=False, inference=model)
    old = pimc.recommend(
        pos, budget=Budget(worlds=WORLDS, jobs=1), seed=5, race=False, inference=model
    )
    assert rec.inference == old.inference == model.text()
    assert (rec.candidates, rec.effective_worlds) == (old.candidates, old.effective_worlds)
    pimc_values = values_of(old)
    for move, per_world in values_of(rec).items():
        assert all(e <= v for e, v in zip(per_world, pimc_values[move], strict=True)), move
    assert make_player("epimc:8/50k,infer=heuristic").settings_text() == "8/50000,infer=heuristic"
