"""The narration of `tricksolver play` and the `--human` prompt.

What a player needs to follow a game: the trump named in whist, the Cinch
hands after the redeal and who took High, Low, Jack and Game, the Chinkway
quest parts, the Chinese Whist piles turned up; at the prompt a trump typed
as a person says it, a forced move played by itself, `undo`, a hint with
its figures, `help`; and no negative zero.
"""

from __future__ import annotations

import random
import re

import pytest

import solver
from solver import _core
from solver.cli.play import Narrator, help_text, interval, move_text, number, signed
from solver.errors import IllegalMoveError, NotationError
from solver.games.base import SHOOT, Move, Phase
from solver.games.registry import game_of
from solver.heuristics import seat_knowledge
from solver.match import Summary
from solver.notation import read_trump_word
from solver.players import HeuristicPlayer, PimcBudget, PimcPlayer, Player, RandomPlayer
from solver.position import view_of
from solver.wholegame import WholeGame
from tests.cli_helpers import run

# -- whist names trump -------------------------------------------------------------------


def test_play_whist_names_trump_at_the_start_of_the_hand_and_in_the_status_line() -> None:
    trump = WholeGame.new("whist", seed=3).position.trump
    assert trump == 1  # hearts
    out = run("play", "whist", "--seed", "3", "--seats", "random").stdout
    assert "\nHand 1, dealer N; trump ♥ (H)\n" in out
    person = run("play", "whist", "--seed", "3", "--human", "S", input="quit\n").stdout
    assert "── Whist, hand 1: you are seat S; dealer N; trump ♥ (H)\n" in person


# -- Cinch: the redeal and the points ---------------------------------------------------


def test_play_cinch_shows_the_hands_after_the_redeal() -> None:
    whole = WholeGame.new("cinch", seed=7)
    players: list[Player] = [HeuristicPlayer() for _ in range(4)]
    while whole.position.phase != Phase.PLAY:
        whole.step(players)
    rules = game_of(whole.position)
    expected = [f"  {s + 1}: {rules.dealt_text(whole.position, s)}" for s in range(4)]
    out = run("play", "cinch", "--seed", "7", "--hands", "1").stdout.splitlines()
    at = out.index("  The hands for play:")
    assert out[at + 1 : at + 5] == expected
    assert out[at + 5].startswith("  Trick 1: ")


def cinch_hands(seed: int, bids: str | None = None) -> list[solver.Position]:
    """Cinch hands played out by the heuristic and the random player (with
    `bids`, those calls first), as positions over."""
    hands = []
    for s in range(seed, seed + 12):
        pos = solver.deal("cinch", seed=s)
        for call in (bids or "").split():
            pos.play(call)
        while not pos.is_over:
            player = HeuristicPlayer() if pos.to_move % 2 else RandomPlayer()
            pos.play(player.choose(view_of(pos, pos.to_move), random.Random(s)))
        hands.append(pos)
    return hands


POINT_BITS = {
    "High": _core.CINCH_HIGH,
    "Low": _core.CINCH_LOW,
    "Jack": _core.CINCH_JACK,
    "Game": _core.CINCH_GAME,
}


@pytest.mark.parametrize("bids", [None, "pass pass pass shoot"])
def test_cinch_hand_end_names_who_took_each_point_and_the_contract(bids: str | None) -> None:
    outcomes = set()
    for pos in cinch_hands(20, bids):
        points, contract = game_of(pos).result_lines(pos)
        core = pos.core
        assert core is not None
        names = {0: "1-3", 1: "2-4"}
        for part in points.strip().split("; "):
            name, text = part.split(": ", 1)
            holders = [s for s in (0, 1) if core.cinch_points(s) & POINT_BITS[name]]
            if name == "Game":
                assert text.startswith(names[holders[0]] if holders else "tied, no point")
                continue
            m = re.fullmatch(r"([2-9TJQKA][♠♥♦♣]) \((1-3|2-4)\)", text)
            if m is None:  # no such trump in play: nobody holds the point
                assert text in ("not in play", "no trump in play") and not holders
                continue
            assert [names[h] for h in holders] == [m.group(2)]
        bidder = pos.bidder  # type: ignore[attr-defined]
        score = pos.scores()[bidder]
        who = "1-3" if bidder % 2 == 0 else "2-4"
        if pos.bid == SHOOT:  # type: ignore[attr-defined]
            failed = f"the Shoot failed, {who} loses 8" in contract
            assert failed == (score == -SHOOT)
            outcomes.add("shoot failed" if failed else "shoot made")
        else:
            made = f": made, {who} scores {score}" in contract
            assert made == (score > 0)
            assert made or f": set, {who} loses {pos.bid}" in contract  # type: ignore[attr-defined]
            outcomes.add("made" if made else "set")
    assert outcomes >= ({"made", "set"} if bids is None else {"shoot failed"})


def test_play_cinch_tells_the_points_of_every_hand() -> None:
    out = run("play", "cinch", "--seed", "7", "--hands", "2").stdout
    assert out.count("  High: ") == 2 and out.count("; Jack: ") == 2
    assert "  1-3 bid 2 and took 4 points: made, 1-3 scores 4; 2-4 scores 0\n" in out
    brief = run("play", "cinch", "--seed", "7", "--hands", "2", "--brief").stdout
    assert "High: " not in brief


# -- Chinkway and Chinese Whist -----------------------------------------------------------


def test_play_chinkway_tells_the_quest_parts() -> None:
    out = run("play", "chinkway", "--seed", "7", "--hands", "1").stdout
    assert "  Quest: 4D KS 9D JH 2S (the parts: spade pips 1, diamond pips 2, courts 2)" in out
    assert "  5 claims QH (courts): 4-5 have 1 of the 5 parts\n" in out
    assert "  1 claims 6D (diamond pips): the dealer has 1 of the 5 parts\n" in out
    assert "  Quest parts completed: 1 3 (JS JD 6D); 2-3 4 (QS 7S KH 9D); 4-5 2 (QH AD)" in out


def test_a_persons_cards_for_play_are_told_once_not_again_after_a_claim() -> None:
    """A Chinkway dealer at the table is told their cards (after the
    discards) once, as play begins; a claim after a trick is no beginning of
    play: no line with the cards already played (it came after every claim)."""
    seed, hands = 7, 2
    game = WholeGame.new("chinkway", seed=seed)
    names = ["heuristic"] * game.nseats
    lineup: list[Player] = [HeuristicPlayer() for _ in names]
    told: list[list[str]] = []
    for _ in range(hands):
        dealer = game.position.dealer
        lines: list[str] = []
        narrator = Narrator(game, names, dealer, False, lines.append)
        narrator.hand_start()
        kinds = []
        while True:
            step = game.step(lineup)
            kinds.append(step.move.kind)
            narrator.step(step)
            if step.result is not None:
                break
        assert "claim" in kinds  # the hand had claims after tricks
        told.append([line for line in lines if "Your cards for play" in line])
    assert [len(lines) for lines in told] == [1] * hands


def test_play_chinese_whist_tells_the_piles_turned_up() -> None:
    whole = WholeGame.new("cw", seed=7)
    players: list[Player] = [HeuristicPlayer() for _ in range(4)]
    while len(whole.position.play_record) < 4:
        whole.step(players)
    pos = whole.position
    trick = {m.card for m in pos.play_record}
    turned = [
        f"{s + 1} {under}"
        for s in range(4)
        for top, under in pos.piles[s]  # type: ignore[attr-defined]
        if top in trick and under is not None
    ]
    assert turned
    out = run("play", "cw", "--seed", "7", "--hands", "1").stdout.splitlines()
    first = next(i for i, line in enumerate(out) if line.startswith("  Trick 1: "))
    assert out[first + 1] == f"  Turned up: {', '.join(turned)}"


# -- the prompt -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "strain"),
    [("H", 1), ("hearts", 1), ("Heart", 1), ("♥", 1), ("s", 0), ("clubs", 3), ("NT", 4),
     ("notrump", 4), ("no trumps", 4), ("No-Trump", 4)],
)  # fmt: skip
def test_a_trump_word_reads_as_a_person_types_it(text: str, strain: int) -> None:
    assert read_trump_word(text) == strain
    pos = WholeGame.new("chinkway", seed=7).position
    pos.play("discard 2D")
    pos.play("discard 2C")
    assert pos.phase == Phase.TRUMP
    assert pos.parse_move(text) == Move("trump", value=strain)
    assert pos.parse_move(f"trump {text}") == Move("trump", value=strain)


def test_a_bad_trump_word_and_a_bare_number_outside_a_call() -> None:
    with pytest.raises(NotationError, match="unknown trump 'purple'"):
        read_trump_word("purple")
    pos = solver.deal("cinch", seed=7)
    assert pos.parse_move("2") == Move("bid", value=2)  # a call: a bare number bids it
    with pytest.raises(IllegalMoveError, match="unknown trump"):
        Move.parse("trump purple")
    with pytest.raises(IllegalMoveError):
        solver.deal("whist", seed=1).parse_move("2")


def test_the_prompt_takes_a_trump_and_a_call_as_a_person_says_them() -> None:
    out = run("play", "chinkway", "--seed", "7", "--human", "1", "--seats", "heuristic",
              input="2d\ndiscard 2c\nhearts\nquit\n").stdout  # fmt: skip
    assert "  1 names trump: ♥ (H)\n" in out and "Not a legal move" not in out
    out = run("play", "cinch", "--seed", "7", "--human", "1", "--seats", "heuristic",
              input="2\nH\nquit\n").stdout  # fmt: skip
    assert "  1: bid 2\n" in out and "  1 names trump: ♥ (H)\n" in out
    assert "Not a legal move" not in out


def test_a_forced_move_is_played_by_itself_and_said_so() -> None:
    # the person at S types what the heuristic would, but for its forced cards
    script = []
    probe = WholeGame.new("whist", seed=3)
    while not probe.is_over:
        pos = probe.position
        if pos.to_move == 2 and len(pos.legal_moves()) > 1:
            script.append(str(HeuristicPlayer().choose(view_of(pos, 2), probe.rng())))
        probe.step([HeuristicPlayer()] * 4)
    out = run("play", "whist", "--seed", "3", "--seats", "heuristic", "--human", "S",
              input="\n".join(script) + "\n").stdout  # fmt: skip
    forced = re.findall(r"^forced: (\S+) \(your only legal move\)$", out, re.MULTILINE)
    assert forced and all(re.fullmatch(r"[2-9TJQKA][♠♥♦♣]", c) for c in forced)
    assert out.count("Your move, seat S> ") == len(script)
    assert out.rstrip().endswith(f"(totals N-S {probe.scores[0]}, E-W {probe.scores[1]})")


def test_undo_takes_back_the_persons_last_choice_and_the_replies() -> None:
    out = run("play", "chinkway", "--seed", "7", "--human", "1", "--seats", "heuristic",
              input="2d\n2c\nhearts\nundo\nno trumps\nundo\nundo\nundo\nundo\nquit\n",
              ).stdout  # fmt: skip
    assert "Taken back: you trump H, 2 2♠, 3 6♠, 4 4♠, 5 7♠\n" in out
    assert "  1 names trump: no trumps\n" in out
    assert "Taken back: you trump NT, 2 A♥, 3 J♥, 4 Q♥, 5 4♣\n" in out
    assert "Taken back: you discard 2♣\n" in out and "Taken back: you discard 2♦\n" in out
    assert "Nothing to undo: seat 1 has made no choice in hand 1 to take back." in out


def test_take_back_skips_forced_moves_and_changes_nothing_without_a_choice() -> None:
    whole = WholeGame.new("whist", seed=3)
    with pytest.raises(IllegalMoveError, match="no choice in hand 1"):
        whole.take_back(0)
    players: list[Player] = [HeuristicPlayer() for _ in range(4)]
    while len(whole.position.play_record) < 50:  # two cards of the 13th trick: forced
        whole.step(players)
    before = whole.position.to_line()
    seat = whole.position.current_trick()[0][0]  # its last card was forced
    taken = whole.take_back(seat)
    assert whole.position.to_move == seat and len(whole.position.legal_moves()) > 1
    assert taken[-1][0] == seat and [s for s, _ in taken].count(seat) == 2
    for _, move in reversed(taken):
        whole.play(move)
    assert whole.position.to_line() == before
    with pytest.raises(IllegalMoveError, match="no choice in hand 1"):
        WholeGame.new("cinch", seed=7).take_back(3)


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sampling player's hint on a small budget and no clock (the real
    one runs up to ten seconds)."""

    def for_hint(cls: type[PimcPlayer]) -> PimcPlayer:
        return cls(PimcBudget(worlds=6, nodes=300_000), decision_samples=2)

    monkeypatch.setattr(PimcPlayer, "for_hint", classmethod(for_hint))


@pytest.mark.usefixtures("quick_hints")
def test_a_hint_gives_the_figures_behind_it() -> None:
    out = run("play", "cinch", "--seed", "7", "--human", "1", "--seats", "heuristic",
              input="hint\n2\nS\nhint\nquit\n").stdout  # fmt: skip
    hints = [line for line in out.splitlines() if "Hint: " in line]
    assert len(hints) == 2
    before, card = hints
    assert "(the pimc player's choice); the candidates' mean net hand score (" in before
    assert re.search(r"pass [+-]\d+\.\d\d \(\d+ worlds?", before)
    assert "(the pimc player's choice); mean net hand score over " in card
    assert re.search(r"over \d+ worlds \(\d+ solved exactly", card)
    assert re.search(
        r"[2-9TJQKA][♠♥♦♣] [+-]\d+\.\d\d \(95% [+-]\d+\.\d\d \.\. [+-]\d+\.\d\d\)", card
    )


def test_help_lists_what_can_be_typed_at_the_decision() -> None:
    out = run("play", "cinch", "--seed", "7", "--human", "1", "--seats", "heuristic",
              input="help\n2\nhelp\nquit\n").stdout  # fmt: skip
    assert "Type a call: pass, 1 to 4 (or bid 2), shoot.  Legal moves: pass bid 1 bid 2" in out
    assert "Type a trump: H, hearts, ♥ or trump H.  Legal moves: trump S trump H" in out
    assert out.count("undo (take back your last choice") == 2
    pos = solver.deal("whist", seed=1)
    text = help_text(seat_knowledge(pos, pos.to_move))
    assert text.startswith("Type a card to play: ") and "hint" in text and "quit" in text


def test_moves_are_shown_with_suit_symbols() -> None:
    assert move_text(Move.parse("7c")) == "7♣"
    assert move_text(Move.parse("discard th")) == "discard T♥"
    assert move_text(Move.parse("trump nt")) == "trump NT"


# -- no negative zero -----------------------------------------------------------------------


def test_no_negative_zero_in_play_and_match_figures() -> None:
    assert number(-0.0001) == "+0.000" and number(-0.0) == "+0.000"
    assert number(-0.0006) == "-0.001" and number(0.25) == "+0.250"
    assert signed(-0.004, 2) == "+0.00"
    s = Summary(n=3, mean=-0.0001, sd=0.0001, low=-0.0004, high=0.0002)
    assert interval(s) == "[+0.000, +0.000]"
