"""Whole games: scores across hands, the end of a game, saving and resuming.

Many whole games of every game and player count are played to the end with
random players (and some with the heuristic).  Every hand is replayed through
the reference rules (tests/reference) to check its score, and the totals, the
dealers, the Chinkway rounds and quest deck, the Cinch first hand and the end
of the game are worked out here again from the rules text
(docs/rules.md, docs/games.md), independently of
solver/wholegame.py.

Random Cinch players shoot at random and often sink together below zero, so
their games may last for ever: they are played to the end or to
`CINCH_RANDOM_CAP` hands, and some must have ended.

``TRICKSOLVER_FULL=1`` runs `test_many_more_whole_games` (slow).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path
from tomllib import loads as tomllib_loads
from typing import Any

import pytest
import tomli_w

import solver
from solver import Card, NotationError, Position, PositionError
from solver.errors import IllegalMoveError
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinkway import COURTS, Chinkway
from solver.games.cinch import Cinch
from solver.notation import to_toml
from solver.players import make_player
from solver.wholegame import HandResult, WholeGame, decision_rng, hand_seed, moves_made
from tests.randpos import VARIANTS, random_deal, reference_spec
from tests.reference import rules as ref

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
needs_full = pytest.mark.skipif(not FULL, reason="set TRICKSOLVER_FULL=1 to run (slow)")
GAMES = [("whist", 4), ("chinkway", 5), ("chinese-whist", 2), ("chinese-whist", 3),
         ("chinese-whist", 4), ("cinch", 4)]  # fmt: skip
RANDOM_GAMES = {"whist": 12, "chinkway": 4, "chinese-whist": 10, "cinch": 12}
CINCH_RANDOM_CAP = 30  # hands: random Cinch players may never reach 15
FULL_GAMES = 200  # per variant and line-up, with TRICKSOLVER_FULL=1
CINCH_GAME = 15
QUEST_DECK = 50


def ids(games: Sequence[tuple[str, int]]) -> list[str]:
    return [f"{g}-{n}" for g, n in games]


def new_game(game: str, nseats: int, seed: int, **options: Any) -> WholeGame:
    players = nseats if game == "chinese-whist" else None
    return WholeGame.new(game, players=players, seed=seed, **options)


def lineup(names: Sequence[str], nseats: int) -> list[solver.players.Player]:
    return [make_player(names[s % len(names)]) for s in range(nseats)]


# -- the reference's view of a hand ----------------------------------------------------


def first_lead(pos: Position) -> Position:
    """The hand at its first lead, from its notation without the play."""
    fields = pos.to_fields()
    fields.pop("play")
    return solver.parse_position(to_toml(fields))


def reference_scores(pos: Position) -> list[int]:
    """Replay a finished hand through the reference rules; its scores."""
    hand = ref.Hand(reference_spec(first_lead(pos)))
    for move in pos.play_record:
        assert move.card is not None
        hand.play(str(move.card))
    assert hand.phase() == "over"
    return hand.scores()


def reference_sides(pos: Position) -> list[int]:
    if isinstance(pos, Chinkway):
        return ref.chinkway_sides(pos.dealer, pos.round)
    if isinstance(pos, ChineseWhist) and pos.nseats != 4:
        return list(range(pos.nseats))
    return [s % 2 for s in range(pos.nseats)]


def cinch_contract_seat(pos: Cinch) -> tuple[int, int]:
    """(bidder seat, bid) by the reference: calls are made from the dealer's left."""
    caller, bid = ref.cinch_contract(list(pos.bids))
    return (pos.dealer + 1 + caller) % 4, bid


def spec_winners(
    game: str,
    pos: Position,
    totals: Sequence[int],
    hand_scores: Sequence[int],
    number: int,
    target: int,
    rounds: int,
) -> tuple[int, ...] | None:
    """The rules' end of a game after hand `number` (`pos`, its scores), or None."""
    n = pos.nseats
    sides = reference_sides(pos)
    if game == "whist":
        tricks = [
            sum(t for s, t in enumerate(pos.tricks_won()) if sides[s] == side) for side in (0, 1)
        ]
        best = 0 if tricks[0] > tricks[1] else 1
        return tuple(s for s in range(n) if sides[s] == best)
    if game == "chinkway":
        if number < rounds:
            return None
        top = max(totals)
        return tuple(s for s in range(n) if totals[s] == top)
    if game == "cinch":
        assert isinstance(pos, Cinch)
        bidder, _ = cinch_contract_seat(pos)
        side_total = {sides[s]: totals[s] for s in range(n)}
        bidding, other = sides[bidder], 1 - sides[bidder]
        made = hand_scores[bidder] > 0  # made: the points taken (>= bid >= 1), or +8
        if side_total[bidding] >= CINCH_GAME and made:
            winner = bidding
        elif side_total[other] >= CINCH_GAME:
            winner = other
        else:
            return None
        return tuple(s for s in range(n) if sides[s] == winner)
    top = max(totals)
    leaders = {sides[s] for s in range(n) if totals[s] == top}
    if top >= target and len(leaders) == 1:
        return tuple(s for s in range(n) if sides[s] in leaders)
    return None


def check_game(game: WholeGame, kind: str, nseats: int, target: int, rounds: int) -> None:
    """Every hand of a game played from its start, against the reference and the rules."""
    totals = [0] * nseats
    quests: list[Card] = []
    removed = None
    assert [r.number for r in game.results] == list(range(1, len(game.results) + 1))
    for i, result in enumerate(game.results):
        pos = result.position
        n = result.number
        assert pos.is_over and pos.nseats == nseats
        assert result.dealer == pos.dealer == (n - 1) % nseats, "the deal passes clockwise"
        assert list(result.scores) == reference_scores(pos)
        assert list(pos.sides()) == reference_sides(pos)
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
        assert list(result.totals) == totals
        if isinstance(pos, Chinkway):
            assert pos.round == n and pos.rounds == rounds
            assert pos.quest is not None and pos.quest_removed is not None
            if removed is None:
                removed = set(pos.quest_removed)
                assert len(removed) == 2 and removed <= set(COURTS)
            assert set(pos.quest_removed) == removed, "the removed courts stay out all game"
            # the used quest cards carry over; past ten rounds they were reshuffled
            assert pos.quest_used == quests[QUEST_DECK * ((n - 1) // 10) :]
            quests += pos.quest
            assert not set(pos.quest) & removed
        if isinstance(pos, Cinch):
            assert pos.first_hand == (n == 1)
            assert (pos.bidder, pos.bid) == cinch_contract_seat(pos)
        if isinstance(pos, ChineseWhist):
            assert pos.target == target
        winners = spec_winners(kind, pos, totals, result.scores, n, target, rounds)
        last = i == len(game.results) - 1
        if not last:
            assert winners is None, f"the game should have ended after hand {n}"
        else:
            assert game.winners == winners
    assert game.scores == totals
    if game.is_over and kind == "chinkway" and rounds == 10:
        assert len(quests) == len(set(quests)) == QUEST_DECK, "ten rounds use the quest deck up"


# -- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "nseats"), GAMES, ids=ids(GAMES))
def test_whole_games_of_random_players_score_as_the_rules_say(kind: str, nseats: int) -> None:
    ended = 0
    for seed in range(RANDOM_GAMES[kind]):
        game = new_game(kind, nseats, seed)
        cap = CINCH_RANDOM_CAP if kind == "cinch" else None
        steps = list(game.run(lineup(["random"], nseats), max_hands=cap))
        assert sum(step.result is not None for step in steps) == len(game.results)
        ended += game.is_over
        check_game(game, kind, nseats, target=10, rounds=10)
    if kind == "cinch":
        assert ended >= 2, "some random Cinch games must reach 15"
    else:
        assert ended == RANDOM_GAMES[kind]


@pytest.mark.parametrize(("kind", "nseats"), GAMES, ids=ids(GAMES))
def test_whole_games_of_the_heuristic_against_random_end_as_the_rules_say(
    kind: str, nseats: int
) -> None:
    for seed in range(3):
        names = (
            ["heuristic", "random"]
            if nseats % 2 == 0
            else ["heuristic"] + ["random"] * (nseats - 1)
        )
        game = new_game(kind, nseats, seed)
        list(game.run(lineup(names, nseats)))
        assert game.is_over
        check_game(game, kind, nseats, target=10, rounds=10)


@pytest.mark.parametrize("target", [5, 7])
def test_chinese_whist_games_to_a_smaller_target(target: int) -> None:
    for players in (2, 3, 4):
        game = new_game("chinese-whist", players, seed=target, target=target)
        list(game.run(lineup(["random"], players)))
        check_game(game, "chinese-whist", players, target=target, rounds=10)
        assert max(game.scores) >= target


def test_a_chinkway_game_of_twelve_rounds_reshuffles_the_quest_deck() -> None:
    game = new_game("chinkway", 5, seed=3, rounds=12)
    list(game.run(lineup(["random"], 5)))
    check_game(game, "chinkway", 5, target=10, rounds=12)
    eleventh = game.results[10].position
    assert isinstance(eleventh, Chinkway)
    assert eleventh.quest_used == []  # gathered and reshuffled after the tenth round
    assert eleventh.sides() == game.results[0].position.sides()  # round 11 pairs as round 1
    assert len(game.results) == 12 and game.is_over


@needs_full
@pytest.mark.slow
@pytest.mark.parametrize(("kind", "nseats"), GAMES, ids=ids(GAMES))
def test_many_more_whole_games(kind: str, nseats: int) -> None:
    for names in (["random"], ["heuristic"], ["heuristic", "random"]):
        for seed in range(FULL_GAMES):
            game = new_game(kind, nseats, seed + 1000)
            cap = CINCH_RANDOM_CAP if kind == "cinch" and names == ["random"] else None
            list(game.run(lineup(names, nseats), max_hands=cap))
            check_game(game, kind, nseats, target=10, rounds=10)


# -- the end of a game, by hand-made totals -------------------------------------------------


def finished_hand(game: str, players: int, wanted: Any) -> Position:
    """The first hand dealt as hand 1 of a game (seed 0, 1, ...), played out by
    random players, whose position satisfies `wanted`."""
    for seed in range(2000):
        pos = WholeGame.new(
            game, players=players if game == "chinese-whist" else None, seed=seed
        ).position
        rng = random.Random(seed)
        while not pos.is_over:
            pos.play(rng.choice(pos.legal_moves()))
        if wanted(pos):
            return pos
    raise AssertionError("no such hand")


def saved_before_last_card(pos: Position, totals: Sequence[int], seed: int = 0) -> str:
    """A saved game in hand 1 with these totals, one card before the end of `pos`."""
    before = pos.copy()
    last = before.undo()
    text = tomli_w.dumps(
        {
            "game": pos.game,
            "players": pos.nseats,
            "seed": seed,
            "hand": 1,
            "dealer": pos.dealer + 1,
            "scores": list(totals),
            "position": {k: v for k, v in before.to_fields().items() if v is not None},
        }
    )
    assert str(last)
    return text


def last_card(pos: Position) -> str:
    return str(pos.play_record[-1])


def test_cinch_the_bidder_goes_out_first_when_both_sides_reach_15() -> None:
    def both_score(pos: Position) -> bool:
        assert isinstance(pos, Cinch)
        s = pos.scores()
        return s[pos.bidder] > 0 and s[(pos.bidder + 1) % 4] > 1

    pos = finished_hand("cinch", 4, both_score)
    assert isinstance(pos, Cinch)
    s = pos.scores()
    bidding = pos.sides()[pos.bidder]
    # The bidder's side reaches 15 exactly, the other side (from 14) goes higher:
    # the bidder, who made its bid, goes out first.
    totals = [CINCH_GAME - s[seat] if pos.sides()[seat] == bidding else 14 for seat in range(4)]
    game = WholeGame.from_toml(saved_before_last_card(pos, totals))
    result = game.play(last_card(pos))
    assert result is not None and game.is_over
    assert max(game.scores) > CINCH_GAME
    assert game.winners == tuple(seat for seat in range(4) if pos.sides()[seat] == bidding)
    # Only the other side reaches 15: it wins.
    totals = [CINCH_GAME - s[seat] - (pos.sides()[seat] == bidding) for seat in range(4)]
    game = WholeGame.from_toml(saved_before_last_card(pos, totals))
    game.play(last_card(pos))
    assert game.winners == tuple(seat for seat in range(4) if pos.sides()[seat] != bidding)
    # Neither reaches 15: hand 2 is dealt, by seat 2, discards no longer shown.
    totals = [CINCH_GAME - s[seat] - 1 for seat in range(4)]
    game = WholeGame.from_toml(saved_before_last_card(pos, totals))
    game.play(last_card(pos))
    assert not game.is_over and game.hand == 2 and game.position.dealer == 1
    assert isinstance(game.position, Cinch) and not game.position.first_hand


def test_cinch_a_set_bidder_cannot_go_out() -> None:
    def set_and_other_scores(pos: Position) -> bool:
        assert isinstance(pos, Cinch)
        s = pos.scores()
        return s[pos.bidder] < 0 and s[(pos.bidder + 1) % 4] > 0

    pos = finished_hand("cinch", 4, set_and_other_scores)
    assert isinstance(pos, Cinch)
    s = pos.scores()
    bidding = pos.sides()[pos.bidder]
    # The other side reaches 15 exactly; the bidder's side, at 14, loses its bid.
    totals = [CINCH_GAME - s[seat] if pos.sides()[seat] != bidding else 14 for seat in range(4)]
    game = WholeGame.from_toml(saved_before_last_card(pos, totals))
    game.play(last_card(pos))
    assert game.scores == [
        14 + s[seat] if pos.sides()[seat] == bidding else 15 for seat in range(4)
    ]
    assert game.winners == tuple(seat for seat in range(4) if pos.sides()[seat] != bidding)


def test_three_player_chinese_whist_level_at_the_target_plays_on() -> None:
    def two_score_alike(pos: Position) -> bool:
        s = pos.scores()
        return s[0] == s[1] > 0 and s[2] == 0

    pos = finished_hand("chinese-whist", 3, two_score_alike)
    s = pos.scores()
    level = [10 - s[0], 10 - s[1], 0]
    game = WholeGame.from_toml(saved_before_last_card(pos, level))
    game.play(last_card(pos))
    assert game.scores == [10, 10, 0] and not game.is_over and game.hand == 2


def test_three_player_chinese_whist_two_past_the_target_the_higher_wins() -> None:
    def two_score_unlike(pos: Position) -> bool:
        s = pos.scores()
        return s[0] > s[1] > 0

    pos = finished_hand("chinese-whist", 3, two_score_unlike)
    s = pos.scores()
    game = WholeGame.from_toml(saved_before_last_card(pos, [9, 9, 0]))
    game.play(last_card(pos))
    assert game.scores == [9 + s[0], 9 + s[1], s[2]] and game.winners == (0,)


def test_a_game_of_whist_is_one_deal() -> None:
    game = new_game("whist", 4, seed=5)
    list(game.run(lineup(["heuristic", "random"], 4)))
    assert game.is_over and len(game.results) == 1
    won = game.results[0].position.tricks_won()
    best = 0 if won[0] + won[2] > won[1] + won[3] else 1
    assert game.winners == (best, best + 2)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.step(lineup(["random"], 4))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("AS")


# -- seeds, saving and resuming ----------------------------------------------------------------


def test_decision_generators_and_hand_seeds_depend_on_every_part() -> None:
    draws = {decision_rng(s, h, k).random() for s in (0, 1) for h in (1, 2) for k in (0, 5)}
    assert len(draws) == 8
    assert decision_rng(3, 2, 7).random() == decision_rng(3, 2, 7).random()
    assert len({hand_seed(s, h) for s in range(5) for h in range(1, 5)}) == 20


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=ids(VARIANTS))
def test_moves_made_counts_every_decision_also_from_the_notation(game: str, players: int) -> None:
    for seed in range(4):
        pos = random_deal(game, players, seed)
        rng = random.Random(seed)
        while True:
            assert moves_made(pos) == len(pos.history)
            assert moves_made(solver.parse_position(pos.to_toml())) == len(pos.history)
            if pos.is_over:
                break
            pos.play(rng.choice(pos.legal_moves()))


@pytest.mark.parametrize(("kind", "nseats"), GAMES, ids=ids(GAMES))
def test_the_same_seed_gives_the_same_game(kind: str, nseats: int) -> None:
    def record(seed: int) -> tuple[str, list[tuple[int, ...]]]:
        game = new_game(kind, nseats, seed)
        list(game.run(lineup(["heuristic", "random"] if nseats % 2 == 0 else ["random"], nseats),
                      max_hands=4))  # fmt: skip
        return game.to_toml(), [r.scores for r in game.results]

    assert record(11) == record(11)
    assert record(11) != record(12)


@pytest.mark.parametrize(("kind", "nseats"), GAMES, ids=ids(GAMES))
def test_a_saved_game_resumes_as_if_never_interrupted(
    kind: str, nseats: int, tmp_path: Path
) -> None:
    names = (
        ["random", "heuristic"] if nseats % 2 == 0 else ["random"] * (nseats - 1) + ["heuristic"]
    )
    for seed, stop in ((1, 9), (2, 71), (3, 140)):
        whole = new_game(kind, nseats, seed)
        steps = whole.run(lineup(names, nseats))
        for _ in range(stop):
            if next(steps, None) is None:
                break
        saved = whole.to_toml()
        path = tmp_path / "game.toml"
        whole.save(path)
        resumed = WholeGame.load(path)
        assert resumed.to_toml() == saved
        list(whole.run(lineup(names, nseats)))
        list(resumed.run(lineup(names, nseats)))
        assert resumed.to_toml() == whole.to_toml()
        assert resumed.winners == whole.winners
        done = len(whole.results) - len(resumed.results)
        assert [r.scores for r in resumed.results] == [r.scores for r in whole.results[done:]]


def test_a_finished_game_reads_back_with_its_winners() -> None:
    game = new_game("chinese-whist", 4, seed=8)
    list(game.run(lineup(["heuristic"], 4)))
    again = WholeGame.from_toml(game.to_toml())
    assert again.is_over and again.winners == game.winners and again.scores == game.scores


def test_the_saved_form_holds_the_game_keys_and_the_position() -> None:
    game = new_game("cinch", 4, seed=7)
    list(game.run(lineup(["heuristic"], 4), max_hands=2))
    text = game.to_toml()
    assert text.startswith('game = "cinch"\nplayers = 4\nseed = 7\nhand = 3\ndealer = 3\n')
    assert "\n[position]\n" in text
    assert solver.parse_position(text.split("[position]\n", 1)[1]) == game.position


# -- bad input ------------------------------------------------------------------------------


def saved(**changes: Any) -> str:
    game = new_game("cinch", 4, seed=7)
    list(game.run(lineup(["heuristic"], 4), max_hands=1))
    fields = game.to_fields()
    for key, value in changes.items():
        if value is None:
            fields.pop(key)
        else:
            fields[key] = value
    return tomli_w.dumps(fields)


@pytest.mark.parametrize(
    ("changes", "error", "words"),
    [
        ({"colour": "red"}, NotationError, "unknown key colour"),
        ({"scores": None}, NotationError, "missing key scores"),
        ({"scores": [1, 2, 1]}, PositionError, "4 seats need 4 totals"),
        ({"scores": [1, 2, 1, 2.5]}, NotationError, "whole numbers"),
        ({"scores": [3, 0, 1, 0]}, PositionError, "partners hold the same total"),
        ({"scores": [15, 0, 15, 0]}, PositionError, "already over"),
        ({"dealer": 3}, PositionError, "dealer is seat 3"),
        ({"hand": 3}, PositionError, "hand 3 is dealt by seat 3"),
        ({"hand": "two"}, NotationError, "hand must be a whole number"),
        ({"players": 5}, PositionError, "players is 5"),
        ({"game": "chinkway"}, PositionError, "the position is cinch"),
        ({"game": "poker"}, NotationError, "unknown game"),
        ({"position": "cinch"}, NotationError, "must be a table"),
    ],
)
def test_bad_saved_games_are_one_line_errors(
    changes: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words) as info:
        WholeGame.from_toml(saved(**changes))
    assert "\n" not in str(info.value)


def test_more_bad_saved_games() -> None:
    with pytest.raises(NotationError, match="not valid TOML"):
        WholeGame.from_toml("game = ")
    second_hand = tomllib_loads(saved())
    second_hand["position"]["first_hand"] = True
    with pytest.raises(PositionError, match="first_hand must be false in hand 2"):
        WholeGame.from_toml(tomli_w.dumps(second_hand))
    chinkway = new_game("chinkway", 5, seed=1).to_fields()
    chinkway["position"].pop("quest_removed")
    with pytest.raises(PositionError, match="quest deck"):
        WholeGame.from_toml(tomli_w.dumps(chinkway))
    chinkway = new_game("chinkway", 5, seed=1).to_fields()
    chinkway["hand"] = 2
    with pytest.raises(PositionError, match="dealt by seat 2"):
        WholeGame.from_toml(tomli_w.dumps(chinkway))
    played = new_game("chinese-whist", 2, seed=1)
    list(played.run(lineup(["random"], 2), max_hands=1))
    finished = played.results[0].position.to_fields()
    position = {k: v for k, v in finished.items() if v is not None}
    over = {"game": "chinese-whist", "players": 2, "seed": 1, "hand": 1, "dealer": 1,
            "scores": [0, 0], "position": position}  # fmt: skip
    with pytest.raises(PositionError, match="over but the game is not"):
        WholeGame.from_toml(tomli_w.dumps(over))
    with pytest.raises(NotationError, match="cannot read"):
        WholeGame.load("/no/such/game.toml")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("cinch", 5, None, None), "cinch is for 4 players, not 5"),
        (("chinese-whist", 6, None, None), "2, 3 or 4 players, not 6"),
        (("cinch", None, 10, None), "a target is for Chinese Whist"),
        (("chinese-whist", 4, 8, None), "target must be 5, 7 or 10"),
        (("whist", None, None, 3), "rounds is for Chinkway"),
        (("chinkway", None, None, 0), "1 round or more"),
    ],
)
def test_bad_new_games_are_position_errors(args: tuple[Any, ...], words: str) -> None:
    game, players, target, rounds = args
    with pytest.raises(PositionError, match=words):
        WholeGame.new(game, players=players, target=target, rounds=rounds)


def test_the_chinese_whist_deal_records_the_target_and_deals_the_same_cards() -> None:
    plain = ChineseWhist.deal(3, seed=4, dealer=1)
    to_seven = ChineseWhist.deal(3, seed=4, dealer=1, target=7)
    assert to_seven.target == 7 and "target = 7" in to_seven.to_toml()
    assert to_seven.piles == plain.piles and to_seven.down == plain.down
    with pytest.raises(PositionError, match="5, 7 or 10"):
        ChineseWhist.deal(3, seed=4, target=6)


def test_results_record_each_hand() -> None:
    game = new_game("chinese-whist", 4, seed=2)
    list(game.run(lineup(["random"], 4), max_hands=2))
    assert all(isinstance(r, HandResult) for r in game.results)
    assert [r.number for r in game.results] == [1, 2] and game.hand == 3
