"""The fuzz targets: every text a user can give, and the C boundary.

Each target takes bytes and may raise only `TricksolverError` (the API's
contract for bad input); any other exception, or a broken invariant (an
AssertionError), is a finding.  The same targets run two ways:

- in the normal suite, a bounded sample by Hypothesis (tests/project/test_fuzz.py:
  random bytes and mutations of the corpus);
- the long campaign with atheris, coverage-guided (tests/fuzz/run.py; the
  command is in README.md, "Development").

The corpus of valid inputs of every game (`seeds`) is made here from seeded
deals, so it follows the notation as it changes; `DICTIONARY` holds the
notation's words for the mutators.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import click

import solver
from solver import Solver, TricksolverError
from solver.cli.options import JOBS, NODES, PLAYERS, SAMPLES, TIME, TT_MB
from solver.games.base import Phase, Position
from solver.moves import apply_moves, position_text
from solver.players import parse_seats
from solver.wholegame import WholeGame
from tests import randpos

Target = Callable[[bytes], None]

SEARCH_NODES = 300  # a tiny bounded search: the C boundary, not the search's speed
SEARCH_TABLE_MIB = 1
CORPUS_SEEDS = range(3)  # seeded deals of every variant in the corpus
MOVES_AT_MOST = 60  # moves a play/undo input may make
UNDO = 0xF0  # a byte from here on undoes the last move


def text_of(data: bytes) -> str:
    """The text a user might give: UTF-8 where it is (a file that is not
    UTF-8 is refused before parsing, by `notation.read_text_file`)."""
    return data.decode("utf-8", errors="replace")


def _round_trip(pos: Position) -> None:
    """A position read must write and read back as itself."""
    for text in (pos.to_line(), pos.to_toml()):
        again = solver.parse_position(text)
        assert again.to_line() == pos.to_line(), (pos.to_line(), again.to_line())


def position(data: bytes) -> None:
    """A position in either notation (or a saved game: `position_text`)."""
    try:
        pos = solver.parse_position(position_text(text_of(data)))
    except TricksolverError:
        return
    _round_trip(pos)


def view(data: bytes) -> None:
    """A seat's view in either notation."""
    try:
        v = solver.parse_view(text_of(data))
    except TricksolverError:
        return
    assert solver.parse_view(v.to_line()).to_line() == v.to_line()
    assert solver.parse_view(v.to_toml()).to_line() == v.to_line()


def saved_game(data: bytes) -> None:
    """A saved game (`play --save`)."""
    try:
        game = WholeGame.from_toml(text_of(data))
    except TricksolverError:
        return
    assert WholeGame.from_toml(game.to_toml()).to_toml() == game.to_toml()


def _start(selector: int) -> Position:
    game, players = randpos.VARIANTS[selector % len(randpos.VARIANTS)]
    seed = (selector // len(randpos.VARIANTS)) % len(CORPUS_SEEDS)
    return solver.deal(game, players=players if game == "chinese-whist" else None, seed=seed)


def moves(data: bytes) -> None:
    """A move string (`--moves`) on a fresh deal of the game the first byte
    chooses: all applied or none."""
    if not data:
        return
    start = _start(data[0])
    before = start.to_line()
    try:
        after = apply_moves(start, text_of(data[1:]))
    except TricksolverError:
        assert start.to_line() == before  # nothing half-applied
        return
    _round_trip(after)


def play_undo(data: bytes) -> None:
    """The C boundary: moves chosen by the bytes from a deal of the game the
    first byte chooses, undone where a byte says so (the position after an
    undo is the one before the move, byte for byte), then a tiny bounded
    search and a max^n of the position reached."""
    if not data:
        return
    pos = _start(data[0])
    steps = data[1 : 1 + MOVES_AT_MOST]
    # the line before each move, written only where the next byte undoes it
    before: list[str | None] = []
    for i, byte in enumerate(steps):
        if pos.is_over:
            break
        if byte >= UNDO and before:
            pos.undo()
            line = before.pop()
            assert line is None or pos.to_line() == line
            continue
        legal = pos.legal_moves()
        undone_next = i + 1 < len(steps) and steps[i + 1] >= UNDO
        before.append(pos.to_line() if undone_next else None)
        pos.play(legal[byte % len(legal)])
    if pos.is_over or pos.phase not in (Phase.PLAY, Phase.CLAIM):
        return
    searcher = Solver(SEARCH_TABLE_MIB, max_nodes=SEARCH_NODES)
    analysis = searcher.analyze(pos, pv=False)
    for m in analysis.moves:
        assert m.bounds.floor <= m.bounds.low <= m.bounds.high <= m.bounds.ceiling
    searcher.maxn(pos)


OPTIONS = (TT_MB, TIME, NODES, SAMPLES, JOBS, PLAYERS)


def option_value(data: bytes) -> None:
    """A value of a size or count option (the first byte chooses which), and
    a --seats list: only click's or our one-line errors."""
    if not data:
        return
    text = text_of(data[1:])
    kind = OPTIONS[data[0] % len(OPTIONS)]
    try:
        kind.convert(text, None, None)
    except (TricksolverError, click.BadParameter):
        pass
    try:
        parse_seats(text, 4 + data[0] % 2)
    except TricksolverError:
        pass


TARGETS: dict[str, Target] = {
    "position": position,
    "view": view,
    "saved_game": saved_game,
    "moves": moves,
    "play_undo": play_undo,
    "option_value": option_value,
}


# -- the corpus ---------------------------------------------------------------------


def _hands(seed: int) -> Iterator[Position]:
    """Positions of every variant at several phases: the deal, the first
    lead, a few tricks in."""
    for game, players in randpos.VARIANTS:
        yield randpos.random_deal(game, players, seed)
        start = randpos.random_start(game, players, seed)
        yield start
        assert start.core is not None
        yield randpos.random_play(game, players, min(3, start.core.total_tricks - 1), seed)


def seeds(target: str) -> list[bytes]:
    """Valid inputs of every game for `target`."""
    found: list[str | bytes] = []
    for seed in CORPUS_SEEDS:
        for pos in _hands(seed):
            if target == "position":
                found += [pos.to_line(), pos.to_toml()]
            elif target == "view" and not pos.is_over:
                v = solver.view_of(pos, pos.to_move)
                found += [v.to_line(), v.to_toml()]
    if target == "saved_game":
        for game, players in randpos.VARIANTS:
            whole = WholeGame.new(game, players=players if game == "chinese-whist" else None)
            rng = random.Random(1)
            for _ in range(8):
                whole.play(rng.choice(whole.position.legal_moves()))
            found.append(whole.to_toml())
    if target in ("moves", "play_undo"):
        for selector in range(len(randpos.VARIANTS) * len(CORPUS_SEEDS)):
            pos, rng = _start(selector), random.Random(selector)
            made: list[str] = []
            for _ in range(12):
                if pos.is_over:
                    break
                move = rng.choice(pos.legal_moves())
                made.append(str(move))
                pos.play(move)
            if target == "moves":
                found.append(bytes([selector]) + ", ".join(made).encode())
            else:
                found.append(bytes([selector]) + bytes(rng.randrange(UNDO) for _ in range(40)))
    if target == "option_value":
        for i, value in enumerate(
            ["256", "0", "1.5", "2M", "100", "heuristic,random", "pimc:8/20k"]
        ):
            found.append(bytes([i]) + value.encode())
    return [s.encode() if isinstance(s, str) else s for s in found]


# The notation's words, for the mutators (atheris -dict=).
DICTIONARY = [
    *("whist", "chinkway", "chinese-whist", "cw", "cinch", "game", "players", "dealer"),
    *("trump", "leader", "hands", "play", "piles", "down", "target", "seed", "bids"),
    *("discards", "discarded", "widow", "stock", "quest", "quest_deck", "claims", "seat"),
    *("out", "shoot", "pass", "NT", "N:", "1:", "|", ";", "=", "[", "]", '"', ".", "-"),
    *("AS", "KH", "QD", "JC", "TS", "2C", "10H", "♠", "♥", "♦", "♣", "discard", "claim"),
    *("position", "scores", "hand", "true", "false", "inf", "nan", "1e309", "²"),
]
