"""Random positions of every game, for the tests: a seeded deal and random
decisions before play, so that every phase transition is exercised."""

from __future__ import annotations

import random

import solver
from solver.cards import FULL_DECK, NOTRUMP, SUIT_CHARS, CardSet
from solver.games.base import Phase, Position
from solver.games.chinese_whist import ChineseWhist
from solver.games.chinkway import Chinkway
from solver.games.cinch import Cinch
from solver.games.whist import Whist

# (game, players) of every variant the rules cover
VARIANTS = [
    ("whist", 4),
    ("chinkway", 5),
    ("chinese-whist", 2),
    ("chinese-whist", 3),
    ("chinese-whist", 4),
    ("cinch", 4),
]


def variant_name(game: str, players: int) -> str:
    """A variant as the benches name it: ``chinese-whist-3``."""
    return f"{game}-{players}"


def chosen_variants(text: str) -> list[tuple[str, int]]:
    """The variants a comma list names (``cinch-4,whist-4``), in its order;
    every variant when `text` is empty.  ValueError names an unknown one."""
    by_name = {variant_name(g, p): (g, p) for g, p in VARIANTS}
    names = [n for n in text.split(",") if n]
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise ValueError(f"unknown variant {unknown[0]!r} (one of {', '.join(by_name)})")
    return [by_name[n] for n in names] if names else list(VARIANTS)


def random_deal(game: str, players: int, seed: int) -> Position:
    """A new hand with randomised dealer, round, options and trump."""
    rng = random.Random(seed)
    if game == "whist":
        pos: Position = Whist.deal(seed)
        return Whist(list(pos.hands), rng.randrange(NOTRUMP + 1), rng.randrange(4))  # type: ignore[attr-defined]
    if game == "chinkway":
        round_no = rng.randint(1, 15)
        return Chinkway.deal(
            seed, round_no=round_no, dealer=rng.randrange(5), rounds=max(10, round_no)
        )
    if game == "cinch":
        return Cinch.deal(
            seed, dealer=rng.randrange(4), shoot_rule=rng.choice(["in-play", "all-four"])
        )
    return ChineseWhist.deal(
        players, seed, dealer=rng.randrange(players), notrump=rng.random() < 0.3
    )


def cinch_with_top_trumps(seed: int) -> Cinch:
    """A Cinch deal in which seat 1 (first to call) holds AKQJ2 of spades
    and four low cards; the other hands are random."""
    rng = random.Random(seed)
    own = CardSet.parse("AKQJ2.3.4.32")
    rest = list(FULL_DECK - own)
    rng.shuffle(rest)
    hands = [CardSet(rest[0:9]), own, CardSet(rest[9:18]), CardSet(rest[18:27])]
    return Cinch(0, hands, stock=rest[27:], seed=seed)


def to_first_lead(pos: Position, rng: random.Random) -> Position:
    """Make random decisions until the first lead."""
    while pos.phase not in (Phase.PLAY, Phase.CLAIM, Phase.OVER):
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def random_start(game: str, players: int, seed: int) -> Position:
    return to_first_lead(random_deal(game, players, seed), random.Random(seed ^ 0x5EED))


def random_play(game: str, players: int, tricks: int, seed: int) -> Position:
    """A random hand (`random_start`) played on at random until `tricks`
    tricks are complete (and their claims made)."""
    pos = random_start(game, players, seed)
    rng = random.Random(seed)
    assert pos.core is not None
    while pos.core.tricks_played < tricks or pos.phase == Phase.CLAIM:
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def heuristic_play(game: str, players: int, tricks: int, seed: int) -> Position:
    """A hand as players meet it: the deal of `random_deal` with every
    decision (the auction, trump, discards and the cards) made by the
    heuristic player from the seat's view, until `tricks` tricks are
    complete (and their claims made)."""
    from solver.players import HeuristicPlayer  # (the players sit above the games)
    from solver.position import view_of

    pos = random_deal(game, players, seed)
    player, rng = HeuristicPlayer(), random.Random(seed)
    while pos.phase not in (Phase.PLAY, Phase.CLAIM, Phase.OVER):
        pos.play(player.choose(view_of(pos, pos.to_move), rng))
    assert pos.core is not None
    while not pos.is_over and (pos.core.tricks_played < tricks or pos.phase == Phase.CLAIM):
        pos.play(player.choose(view_of(pos, pos.to_move), rng))
    return pos


def reference_spec(pos: Position) -> dict:
    """The tests/reference spec of a position at its first lead."""
    trump = None if pos.trump == NOTRUMP else SUIT_CHARS[pos.trump]  # type: ignore[attr-defined]
    core = pos.core
    assert core is not None
    spec: dict = {"game": pos.game, "seats": pos.nseats, "trump": trump, "leader": core.leader}
    if isinstance(pos, ChineseWhist):
        spec["hands"] = [[str(c) for c in d] for d in pos.down]
        spec["piles"] = [
            [(str(t), None if u is None else str(u)) for t, u in row] for row in pos.piles
        ]
    else:
        spec["hands"] = [[str(c) for c in h] for h in pos.hands]  # type: ignore[attr-defined]
    if isinstance(pos, Chinkway):
        assert pos.quest is not None
        spec.update(dealer=pos.dealer, round=pos.round, quest=[str(c) for c in pos.quest])
    if isinstance(pos, Cinch):
        spec.update(
            bidder=pos.bidder, bid=pos.bid, shoot_needs_all_four=pos.shoot_rule == "all-four"
        )
    return spec


__all__ = [
    "VARIANTS",
    "chosen_variants",
    "heuristic_play",
    "random_deal",
    "random_play",
    "random_start",
    "reference_spec",
    "solver",
    "variant_name",
]
