"""The variants the learned evaluation has a model for, one table: each
variant's game, seat count and where its weights go (the game's generated
header under ``csrc/games/`` and the C name of its model there)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES_C = ROOT / "csrc" / "games"


@dataclass(frozen=True)
class Variant:
    name: str  # as data36's files name it: /work/evaldata/<name>/...
    game: str  # the registry's game name
    seats: int
    header: str  # csrc/games/<header>: the weights file of the game
    c_name: str  # the model's C name in it (<c_name>_MODEL)


VARIANTS = {
    v.name: v
    for v in (
        Variant("whist", "whist", 4, "whist_weights.h", "WHIST"),
        Variant("cinch", "cinch", 4, "cinch_weights.h", "CINCH"),
        Variant("chinkway", "chinkway", 5, "chinkway_weights.h", "CHINKWAY"),
        Variant("cw2", "chinese-whist", 2, "chinese_whist_weights.h", "CW2"),
        Variant("cw3", "chinese-whist", 3, "chinese_whist_weights.h", "CW3"),
        Variant("cw4", "chinese-whist", 4, "chinese_whist_weights.h", "CW4"),
    )
}


def variant_of(game: str, seats: int) -> Variant:
    """The variant of a hand of `game` with `seats` seats."""
    for v in VARIANTS.values():
        if v.game == game and v.seats == seats:
            return v
    raise KeyError(f"no learned evaluation for {game} with {seats} seats")


def headers() -> dict[str, list[Variant]]:
    """Each weights header and the variants it holds, in table order."""
    out: dict[str, list[Variant]] = {}
    for v in VARIANTS.values():
        out.setdefault(v.header, []).append(v)
    return out
