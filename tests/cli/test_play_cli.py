"""`tricksolver play` and `tricksolver match`, and the match's statistics.

A scripted person plays whole games through the ``--human`` prompt: the test
first plays the same game through the API, the person's seat choosing what
the heuristic player would (so the script is what a person typing the hints
would type), and feeds those moves to the prompt, with an unreadable entry, an
illegal card and a hint request on the way.  The narration's final totals
must be the API game's.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import statistics
from pathlib import Path
from typing import Any, ClassVar

import pytest

from solver import CardSet, Move
from solver.cli.play import hand_text, move_text, totals_text
from solver.heuristics import seat_knowledge
from solver.match import (
    Match,
    Summary,
    deal_seed,
    match_deal,
    rotations,
)
from solver.players import HeuristicPlayer, Player, make_player
from solver.position import view_of
from solver.stats import t_cdf, t_quantile
from solver.view import View
from solver.wholegame import WholeGame, moves_made
from tests.cli_helpers import assert_one_line_error, run

PLAYED = [("whist", None), ("chinkway", None), ("chinese-whist", 2), ("chinese-whist", 3),
          ("chinese-whist", 4), ("cinch", None)]  # fmt: skip
HUMAN_GAMES = [("chinkway", None, "2"), ("cinch", None, "E"), ("chinese-whist", 3, "1"),
               ("whist", None, "S")]  # fmt: skip


def game_args(game: str, players: int | None) -> list[str]:
    return [game] + (["--players", str(players)] if players else [])


def api_game(game: str, players: int | None, seed: int, names: list[str]) -> WholeGame:
    whole = WholeGame.new(game, players=players, seed=seed)
    lineup = [make_player(names[s % len(names)]) for s in range(whole.nseats)]
    list(whole.run(lineup))
    return whole


# -- play ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), PLAYED, ids=[f"{g}-{p}" for g, p in PLAYED])
def test_play_narrates_a_whole_game_to_its_end(game: str, players: int | None) -> None:
    seats = "heuristic,random" if game != "chinkway" and players != 3 else "random"
    result = run("play", *game_args(game, players), "--seed", "4", "--seats", seats)
    assert result.exit_code == 0, result.output
    expected = api_game(game, players, 4, seats.split(","))
    out = result.stdout
    header = out.splitlines()
    assert header[0].endswith("; seed 4") and header[1].startswith("Seats: ")
    assert header[1].count("heuristic") == seats.count("heuristic") * (
        expected.nseats // len(seats.split(","))
    )
    assert out.count(" over: score ") == len(expected.results)
    assert out.rstrip().endswith(f"(totals {totals_text(expected, expected.scores)})")
    per_hand = {"whist": 13, "chinkway": 10, "cinch": 6, "chinese-whist": 0}[game]
    tricks = per_hand or {2: 26, 3: 17, 4: 13}[players or 4]
    assert out.count("  Trick ") == tricks * len(expected.results)
    assert result.stderr == ""


def test_play_brief_tells_only_the_hands_and_the_result() -> None:
    result = run("play", "cinch", "--seed", "2", "--brief")
    assert result.exit_code == 0
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "Cinch, game to 15; seed 2"
    assert all(" over: score " in line for line in lines[2:-2])
    assert lines[-1].startswith("Game over after ")


def test_play_without_a_seed_prints_the_seed_it_drew() -> None:
    result = run("play", "whist", "--brief")
    assert result.exit_code == 0
    seed = int(result.stderr.removeprefix("seed: "))
    again = run("play", "whist", "--brief", "--seed", str(seed))
    assert again.stdout == result.stdout


class Recorder(Player):
    """The person's seat in the API game: the heuristic's choice, recorded."""

    name: ClassVar[str] = "recorder"
    summary: ClassVar[str] = "the heuristic, recording its decisions"

    def __init__(self) -> None:
        self.decisions: list[tuple[list[Move], Move]] = []

    def choose(self, view: View, rng: random.Random) -> Move:
        move = HeuristicPlayer().choose(view, rng)
        self.decisions.append((view.legal_moves(), move))
        return move


@pytest.mark.parametrize(
    ("game", "players", "seat"), HUMAN_GAMES, ids=[g for g, _, _ in HUMAN_GAMES]
)
def test_a_person_plays_a_whole_game_at_the_prompt(
    game: str, players: int | None, seat: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # hints from the heuristic (the sampling player's hint is timed: not for a script)
    monkeypatch.setattr("solver.players.HINT_PLAYER", "heuristic")
    whole = WholeGame.new(game, players=players, seed=6)
    index = "NESW".index(seat) if seat in "NESW" else int(seat) - 1
    person = Recorder()
    lineup: list[Player] = [HeuristicPlayer() for _ in range(whole.nseats)]
    lineup[index] = person
    list(whole.run(lineup))
    assert len(person.decisions) > 5
    chosen = [(legal, move) for legal, move in person.decisions if len(legal) > 1]
    forced = len(person.decisions) - len(chosen)  # played by themselves: not typed
    assert forced > 0  # the last trick at least
    first_legal, first_move = chosen[0]
    not_legal = next(
        c for c in ("2C", "AS", "KD", "3H", "9S") if all(str(m.card) != c for m in first_legal)
    )
    lines = ["ZZ", not_legal, "hint", "help"]
    lines += [str(move).lower() for _, move in chosen]
    result = run(
        "play", *game_args(game, players), "--seed", "6", "--human", seat,
        input="\n".join(lines) + "\n",
    )  # fmt: skip
    out = result.stdout
    assert result.exit_code == 0, out[-3000:]
    assert "cannot read move 'ZZ'" in out
    assert out.count("Not a legal move: ") == 2
    assert f"Hint: {move_text(first_move)} (the heuristic player's choice)" in out
    assert "Also: hint (the engine's move" in out  # the help
    assert out.count(": you are seat ") == len(person.decisions)  # the view, at each decision
    assert out.count("Your move, seat") == len(chosen) + 4
    assert out.count("(your only legal move)") == forced
    assert out.rstrip().endswith(f"(totals {totals_text(whole, whole.scores)})")
    assert f"{whole.position.seat_name(index)} you" in out.splitlines()[1]


def test_a_person_sees_only_what_the_seat_may_see() -> None:
    result = run("play", "cinch", "--seed", "3", "--human", "1", input="quit\n")
    assert result.exit_code == 0
    pos = WholeGame.new("cinch", seed=3).position
    hands = pos.to_fields()["hands"]
    out = result.stdout
    assert hand_text(CardSet.parse(hands[0])) in out  # its own cards
    for other in hands[1:]:
        assert hand_text(CardSet.parse(other)) not in out
    assert "Game stopped in hand 1. Not saved (use --save FILE)." in out
    view = seat_knowledge(pos, 0)
    assert view.hidden == (0, 9, 9, 9)


def test_other_dealers_discards_are_not_told_to_a_person_in_chinkway() -> None:
    result = run("play", "chinkway", "--seed", "1", "--human", "3", input="quit\n")
    assert "  1 discards a card\n  1 discards a card\n" in result.stdout
    spectator = run("play", "chinkway", "--seed", "1", "--hands", "1")
    assert "  1 discards a card" not in spectator.stdout
    assert "  1 discards " in spectator.stdout


def test_play_saves_after_some_hands_and_resumes_to_the_same_end(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    seats = "heuristic,random"
    first = run("play", "cw", "--seed", "5", "--seats", seats, "--hands", "2", "--save", str(path))
    assert first.exit_code == 0
    assert f"Stopped after 2 hand(s), in hand 3. Saved to {path}" in first.stdout
    assert WholeGame.load(path).hand == 3
    second = run("play", "--resume", str(path), "--seats", seats, "--brief")
    assert second.exit_code == 0
    expected = api_game("chinese-whist", 4, 5, ["heuristic", "random"])
    assert second.stdout.rstrip().endswith(f"(totals {totals_text(expected, expected.scores)})")


def test_quit_saves_the_game_in_the_middle_of_a_hand(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    whole = WholeGame.new("cinch", seed=9)
    lineup: list[Player] = [HeuristicPlayer() for _ in range(4)]
    first = None
    while first is None:
        if whole.position.to_move == 1:
            first = HeuristicPlayer().choose(view_of(whole.position, 1), whole.rng())
            break
        whole.step(lineup)
    assert first is not None
    result = run(
        "play", "cinch", "--seed", "9", "--human", "2", "--save", str(path), input="quit\n"
    )
    assert result.exit_code == 0
    assert f"Game stopped in hand 1. Saved to {path}" in result.stdout
    whole.humans = (1,)  # the person's seat is saved with the game
    assert WholeGame.load(path).to_toml() == whole.to_toml()


def test_a_resumed_game_asks_the_person_again(tmp_path: Path) -> None:
    """The save keeps the person's seat: `play --resume FILE`, the command
    the game says to type, seats the person again (it handed the seat to a
    bot); the players of --seats are in that command."""
    path = tmp_path / "game.toml"
    seats = "heuristic,random"
    first = run("play", "cinch", "--seed", "9", "--seats", seats, "--human", "2",
                "--save", str(path), input="quit\n")  # fmt: skip
    assert first.exit_code == 0, first.output
    command = f"tricksolver play --resume {path} --seats {seats}"
    assert first.stdout.rstrip().endswith(f"Saved to {path}: continue with {command}")
    assert WholeGame.load(path).humans == (1,)
    again = run(*command.split()[1:], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Seats: 1 heuristic, 2 you, 3 heuristic, 4 random" in again.stdout
    assert "Your cards" in again.stdout and "Game stopped in hand 1." in again.stdout
    other = run(*command.split()[1:], "--human", "1", input="quit\n")  # another seat given
    assert "Seats: 1 you, 2 random, 3 heuristic, 4 random" in other.stdout


def test_a_game_resumed_in_the_middle_of_a_trick_is_told_trick_by_trick(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    quit_at_w = run("play", "whist", "--seed", "3", "--human", "W", "--save", str(path),
                    input="quit\n")  # fmt: skip
    assert quit_at_w.exit_code == 0
    saved = WholeGame.load(path)
    assert len(saved.position.current_trick()) == 2  # E led, S followed; W was to play
    saved.humans = ()  # bots play it out
    saved.save(path)
    out = run("play", "--resume", str(path)).stdout
    tricks = [line for line in out.splitlines() if line.startswith("  Trick ")]
    assert len(tricks) == 13
    assert tricks[0].startswith("  Trick 1: E ") and tricks[0].count(", ") == 3


def test_ctrl_c_stops_play_with_one_line_and_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.toml"
    step = WholeGame.step
    calls = {"n": 0}

    def interrupted_step(self: WholeGame, players: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 30:
            raise KeyboardInterrupt
        return step(self, players)

    monkeypatch.setattr(WholeGame, "step", interrupted_step)
    result = run("play", "chinkway", "--seed", "1", "--save", str(path))
    assert result.exit_code == 130
    assert result.stderr.startswith("tricksolver: interrupted: the game was stopped. Saved to ")
    assert len(result.stderr.splitlines()) == 1
    saved = WholeGame.load(path)
    assert saved.hand == 1 and moves_made(saved.position) == 29


def test_end_of_input_at_the_prompt_stops_the_game() -> None:
    result = run("play", "whist", "--seed", "1", "--human", "E", input="")
    assert result.exit_code == 0
    assert "Game stopped in hand 1." in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((), "give a GAME to play or --resume FILE"),
        (("cinch", "--resume", "x.toml"), "not both"),
        (("poker",), "unknown game 'poker'"),
        (("cinch", "--players", "5"), "cinch is for 4 players, not 5"),
        (("cinch", "--seats", "heuristic,wizard"), "unknown player 'wizard'"),
        (("chinkway", "--seats", "random,heuristic"), "2 names for 5 seats"),
        (("cinch", "--human", "7"), "--human: unknown seat '7'"),
        (("cinch", "--target", "10"), "a target is for Chinese Whist"),
        (("whist", "--rounds", "3"), "rounds is for Chinkway"),
        (("--resume", "/no/such/file.toml"), "cannot read"),
        (("--resume", "game.toml", "--seed", "3"), "--seed: a resumed game keeps its own"),
    ],
)
def test_bad_play_input_is_one_line_and_status_2(args: tuple[str, ...], words: str) -> None:
    assert_one_line_error(run("play", *args), words)


# -- match -------------------------------------------------------------------------------


def test_match_json_reports_means_and_paired_differences_with_intervals() -> None:
    result = run("match", "whist", "--seats", "heuristic,random", "--deals", "6", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deals"] == data["deals_requested"] == 6 and not data["interrupted"]
    assert data["rotations"] == [["heuristic", "random"] * 2, ["random", "heuristic"] * 2]
    per_deal = data["per_deal"]
    assert [d["deal"] for d in per_deal] == list(range(6))
    for deal in per_deal:
        # two plays of 13 tricks: the line-ups' tricks add up to 26
        assert deal["scores"]["heuristic"] + deal["scores"]["random"] == 26
        assert all(sum(h) == 26 for h in deal["hand_scores"])
    lineups = {x["name"]: x for x in data["lineups"]}
    assert lineups["heuristic"]["seats"] == 2
    h = [d["scores"]["heuristic"] for d in per_deal]
    assert lineups["heuristic"]["mean"] == pytest.approx(statistics.fmean(h))
    (diff,) = data["differences"]
    d = [x["scores"]["heuristic"] - x["scores"]["random"] for x in per_deal]
    assert (diff["first"], diff["second"]) == ("heuristic", "random")
    assert diff["mean"] == pytest.approx(statistics.fmean(d))
    assert diff["sd"] == pytest.approx(statistics.stdev(d))
    half = 2.5705818366147395 * statistics.stdev(d) / math.sqrt(6)  # t(0.975, 5)
    assert diff["ci95"] == pytest.approx([statistics.fmean(d) - half, statistics.fmean(d) + half])
    for x in lineups.values():  # 2 seats x 2 rotations x 12 cards (the 13th is forced)
        assert 0 < x["decisions"] <= 6 * 48 and x["seconds_per_decision"] >= 0
    api = Match.new("whist", "heuristic,random", seed=0)
    for i in range(6):
        api.play_deal(i)
    assert data.pop("seat_names") == ["N", "E", "S", "W"]  # what the lists by seat follow
    assert without_times(api.to_json(6)) == without_times(data)  # the time is the clock's


def without_times(data: dict[str, Any]) -> dict[str, Any]:
    """A match's JSON without the wall-clock time of the decisions."""
    lineups = [{k: v for k, v in x.items() if k != "seconds_per_decision"} for x in data["lineups"]]
    return data | {"lineups": lineups}


def test_match_csv_is_the_summary() -> None:
    args = ("match", "cinch", "--seats", "heuristic,random", "--deals", "5", "--seed", "3")
    rows = list(csv.reader(io.StringIO(run(*args, "--csv").stdout)))
    data = json.loads(run(*args, "--json").stdout)
    header = ["kind", "name", "deals", "mean", "sd", "ci95_low", "ci95_high"]
    assert rows[0] == [*header, "seconds_per_decision"]
    assert [r[:3] for r in rows[1:]] == [
        ["lineup", "heuristic", "5"],
        ["lineup", "random", "5"],
        ["difference", "heuristic - random", "5"],
    ]
    assert all(float(r[7]) >= 0 for r in rows[1:3])  # the lineups' time a decision
    diff = data["differences"][0]
    assert [float(x) for x in rows[3][3:]] == pytest.approx(
        [diff["mean"], diff["sd"], *diff["ci95"]]
    )


def test_match_table_names_the_line_ups_and_the_definition() -> None:
    result = run("match", "cw", "--players", "3", "--seats", "heuristic,random,random",
                 "--deals", "3", "--no-color")  # fmt: skip
    assert result.exit_code == 0
    out = " ".join(result.stdout.split())
    assert "3 deals, each played 3 ways" in out
    assert "heuristic − random" in out and "95% interval" in out
    assert "Time a decision: the mean over the choices" in out and " ms " in out
    assert "Score per deal: the sum over the rotations" in out


def test_chinkway_match_rotates_the_heuristic_through_every_seat() -> None:
    result = run("match", "chinkway", "--seats", "heuristic,random,random,random,random",
                 "--deals", "1", "--json")  # fmt: skip
    data = json.loads(result.stdout)
    seats = [r.index("heuristic") for r in data["rotations"]]
    assert sorted(seats) == [0, 1, 2, 3, 4]
    assert data["lineups"][0]["ci95"] is None  # one deal: no interval


def test_ctrl_c_stops_a_match_with_the_deals_played(monkeypatch: pytest.MonkeyPatch) -> None:
    play_deal = Match.play_deal

    def interrupted(self: Match, index: int) -> Any:
        if index == 3:
            raise KeyboardInterrupt
        return play_deal(self, index)

    monkeypatch.setattr(Match, "play_deal", interrupted)
    result = run("match", "whist", "--seats", "heuristic,random", "--deals", "10", "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["deals"] == 3 and data["deals_requested"] == 10 and data["interrupted"]
    assert result.stderr == "tricksolver: interrupted: results of the 3 deals played\n"


def test_ctrl_c_before_the_first_deal_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: Match, index: int) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(Match, "play_deal", interrupted)
    result = run("match", "whist", "--seats", "heuristic,random", "--json")
    assert result.exit_code == 130 and result.stdout == ""
    assert result.stderr == "tricksolver: interrupted: no deal was completed\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("whist", "--seats", "heuristic,random", "--json", "--csv"), "choose one output"),
        (("whist", "--seats", "heuristic"), "two different players or more"),
        (("whist", "--seats", "heuristic,oracle"), "unknown player 'oracle'"),
        (("cinch", "--seats", "heuristic,random", "--players", "3"), "not 3"),
        (("cw", "--seats", "heuristic,random", "--players", "3"), "2 names for 3 seats"),
        (("bridge", "--seats", "heuristic,random"), "unknown game 'bridge'"),
    ],
)
def test_bad_match_input_is_one_line_and_status_2(args: tuple[str, ...], words: str) -> None:
    assert_one_line_error(run("match", *args), words)


# -- the match's parts --------------------------------------------------------------------


def test_rotations_are_the_distinct_seat_assignments() -> None:
    assert rotations(["h", "r", "h", "r"]) == [("h", "r", "h", "r"), ("r", "h", "r", "h")]
    assert rotations(["h", "r", "r"]) == [("h", "r", "r"), ("r", "h", "r"), ("r", "r", "h")]
    assert len(rotations(["h", "h", "r", "r"])) == 4
    assert rotations(["h", "h"]) == [("h", "h")]


def test_score_per_deal_is_the_sum_over_rotations_of_the_seats_mean() -> None:
    contest = Match.new("chinese-whist", "heuristic,random,random", players=3, seed=2)
    for i in range(4):
        result = contest.play_deal(i)
        assert result.seed == deal_seed(2, i)
        for name in contest.lineups:
            expected = sum(
                statistics.fmean(hand[s] for s in range(3) if assignment[s] == name)
                for assignment, hand in zip(contest.rotations, result.hands, strict=True)
            )
            assert result.scores[name] == pytest.approx(expected)
    four = Match.new("cw", "heuristic,random", seed=1)
    for i in range(4):
        for hand in four.play_deal(i).hands:  # one side scores, the partners alike
            assert hand[0] == hand[2] and hand[1] == hand[3] and min(hand[0], hand[1]) == 0


def test_match_deals_are_the_same_for_the_same_seed() -> None:
    assert match_deal("chinkway", 5, 17, 6) == match_deal("chinkway", 5, 17, 6)
    assert match_deal("chinkway", 5, 17, 6).round == 7  # type: ignore[attr-defined]
    assert match_deal("cinch", 4, 17, 6).dealer == 2
    one = Match.new("cinch", "heuristic,random", seed=5)
    two = Match.new("cinch", "heuristic,random", seed=5)
    other = Match.new("cinch", "heuristic,random", seed=6)
    for contest in (one, two, other):
        for i in range(3):
            contest.play_deal(i)
    one_json, two_json, other_json = (without_times(c.to_json()) for c in (one, two, other))
    assert one_json == two_json != other_json


def reference_t_cdf(t: float, df: float, steps: int = 20_000) -> float:
    """P(T <= t), t >= 0: one half plus Simpson's rule over the density on [0, t]."""

    def density(x: float) -> float:
        log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
        return math.exp(log_c - (df + 1) / 2 * math.log1p(x * x / df))

    h = t / steps
    total = density(0) + density(t)
    total += sum((4 if i % 2 else 2) * density(i * h) for i in range(1, steps))
    return 0.5 + total * h / 3


@pytest.mark.parametrize("df", [1, 2, 3, 5, 9, 10, 29, 30, 99, 400])
def test_t_quantile_against_a_numerical_integration_of_the_density(df: int) -> None:
    for p in (0.9, 0.975, 0.995):
        q = t_quantile(p, df)
        assert reference_t_cdf(q, df) == pytest.approx(p, abs=1e-8)
        assert t_cdf(q, df) == pytest.approx(p, abs=1e-12)
        assert t_quantile(1 - p, df) == pytest.approx(-q)


def test_t_quantiles_of_the_printed_tables() -> None:
    table = {1: 12.7062, 2: 4.3027, 5: 2.5706, 10: 2.2281, 30: 2.0423, 120: 1.9799}
    for df, q in table.items():
        assert t_quantile(0.975, df) == pytest.approx(q, abs=5e-5)
    assert t_quantile(0.975, 10**7) == pytest.approx(1.959964, abs=1e-5)
    with pytest.raises(ValueError):
        t_quantile(1.0, 3)


def test_summary_is_the_mean_with_a_t_interval() -> None:
    values = [3.0, -1.0, 4.0, 1.0, 5.0, 9.0, 2.0]
    s = Summary.of(values)
    assert s.n == 7 and s.mean == pytest.approx(statistics.fmean(values))
    assert s.sd == pytest.approx(statistics.stdev(values))
    half = t_quantile(0.975, 6) * statistics.stdev(values) / math.sqrt(7)
    assert (s.low, s.high) == pytest.approx((s.mean - half, s.mean + half))
    assert Summary.of([2.0]).low is None and Summary.of([2.0]).mean == 2.0
