"""The C core under AddressSanitizer and UndefinedBehaviorSanitizer, in the
normal suite.

The core (csrc/) and a small driver (tests/sanitize/driver.c) are compiled
with ``-fsanitize=address,undefined`` and ``-fno-sanitize-recover=all``, so
that any report ends the driver with an error.  The driver is fed the C
boundary's cases: the raw setups of every variant's hands
(`PlayState.setup_bytes`), moves played and taken back through ts_play and
ts_unplay (with bytes that are no legal move), searches (solve, analyze,
max^n, the null-window search) of endgames to the end and of mid-hand
positions under a tiny node limit, and the same setups damaged byte by byte
(for ts_init's checks).  Its answers must equal those of the normal build,
the binding, case by case: a difference or a sanitizer report fails.

The whole test suite can also run under the sanitized build (the README's
development section); this is the bounded part that every run makes.
"""

from __future__ import annotations

import os
import random
import shutil
import struct
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from solver import _core
from solver.errors import IllegalMoveError, PositionError
from tests import randpos
from tests.paths import ROOT

SOURCES = [
    "csrc/rules.c", "csrc/search/limits.c", "csrc/search/table.c", "csrc/games/registry.c",
    "csrc/games/chinese_whist.c", "csrc/games/chinkway.c", "csrc/games/cinch.c",
    "csrc/games/whist.c", "tests/sanitize/driver.c",
]  # fmt: skip
FLAGS = ["-std=c11", "-O1", "-g", "-fno-omit-frame-pointer", "-Wall", "-Wextra", "-Werror",
         "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-Icsrc"]  # fmt: skip
SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0:exitcode=97",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=98"}  # fmt: skip

STEP_UNDO = 0xF0  # as the driver's
SEARCH_SOLVE, SEARCH_ANALYZE, SEARCH_MAXN, SEARCH_REACHES = 1, 2, 4, 8
TABLE_BYTES = 1 << 20
SEEDS = range(4)  # hands of every variant
ENDGAME_TRICKS = 3  # tricks left in the cases searched to the end
TINY_NODES = 300  # the node limit of the mid-hand and damaged cases
DAMAGED_A_HAND = 12  # damaged setups made of each hand
DAMAGES = 3  # bytes changed in a damaged setup, at most


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sanitized driver, compiled once (one compiler per core)."""
    gcc = shutil.which(os.environ.get("CC", "gcc"))
    assert gcc, "the sanitizer test needs gcc (the README's fresh machine has it)"
    out = tmp_path_factory.mktemp("sanitize")

    def compile_one(source: str) -> Path:
        obj = out / (source.replace("/", "_") + ".o")
        subprocess.run([gcc, *FLAGS, "-c", str(ROOT / source), "-o", str(obj)], check=True,
                       cwd=ROOT, capture_output=True, text=True)  # fmt: skip
        return obj

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        objects = list(pool.map(compile_one, SOURCES))
    exe = out / "driver"
    subprocess.run([gcc, "-fsanitize=address,undefined", *map(str, objects), "-o", str(exe)],
                   check=True, capture_output=True, text=True)  # fmt: skip
    return exe


# -- the cases, and the normal build's answers to them ------------------------------------


class Case:
    """One case: a raw setup, the steps, the searches and their node limit."""

    def __init__(self, setup: bytes, steps: bytes, searches: int, max_nodes: int) -> None:
        self.setup, self.steps, self.searches, self.max_nodes = setup, steps, searches, max_nodes

    def encoded(self) -> bytes:
        return (self.setup + bytes([len(self.steps)]) + self.steps + bytes([self.searches])
                + struct.pack("=I", self.max_nodes))  # fmt: skip

    def expected(self) -> str:
        """The driver's line for this case, from the normal build (the binding)."""
        try:
            state = _core.PlayState.from_setup_bytes(self.setup)
        except PositionError as e:
            return f"init refused: {e}"
        line = "init ok steps "
        for step in self.steps:
            if step >= STEP_UNDO:
                if state.moves_made:
                    state.undo()
                    line += "u"
                else:
                    line += "-"
                continue
            try:
                state.play(step)
                line += "."
            except IllegalMoveError:
                line += "x"
        if state.phase == _core.PHASE_OVER or not self.searches:
            return line
        searcher = _core.Searcher(TABLE_BYTES, max_nodes=self.max_nodes)
        side = state.sides[state.turn]
        if self.searches & SEARCH_SOLVE:
            value = searcher.solve(state, side)
            line += f" solve {value} {int(searcher.stats['exact'])}"
        if self.searches & SEARCH_ANALYZE:
            line += " analyze" + "".join(
                f" {c}:{v}:{h}:{k}" for c, v, k, h in searcher.analyze(state)
            )
        if self.searches & SEARCH_MAXN:
            line += " maxn" + "".join(f" {v}" for v in searcher.maxn(state, _core.MAXN_BY_SCORE))
        if self.searches & SEARCH_REACHES:
            lo, hi = _core.Searcher.value_range(state, side)
            middle = lo + (hi - lo) // 2
            line += f" reaches {middle} {int(searcher.reaches(state, side, middle))}"
        return line


def _steps(start: _core.PlayState, tricks_left: int, rng: random.Random) -> bytes:
    """Moves from the first lead until `tricks_left` tricks are left: legal
    cards, with now and then a byte that is no legal move and a move taken
    back (then played again)."""
    state, steps = start.copy(), bytearray()
    while state.phase != _core.PHASE_OVER and (
        state.total_tricks - state.tricks_played > tricks_left or state.phase == _core.PHASE_CLAIM
    ):
        roll = rng.random()
        if roll < 0.1:
            steps.append(rng.randrange(STEP_UNDO))  # most such bytes are refused
            try:
                state.play(steps[-1])
            except IllegalMoveError:
                pass
            continue
        if roll < 0.2 and state.moves_made:
            steps.append(STEP_UNDO)
            state.undo()
            continue
        legal = [c for c in range(64) if state.legal() >> c & 1]
        steps.append(rng.choice(legal))
        state.play(steps[-1])
    assert len(steps) < 256
    return bytes(steps)


def cases() -> Iterator[Case]:
    everything = SEARCH_SOLVE | SEARCH_ANALYZE | SEARCH_MAXN | SEARCH_REACHES
    for game, players in randpos.VARIANTS:
        for seed in SEEDS:
            core = randpos.random_start(game, players, seed).core
            assert core is not None
            start = _core.PlayState.from_setup_bytes(core.setup_bytes())
            rng = random.Random(seed)
            yield Case(core.setup_bytes(), _steps(start, ENDGAME_TRICKS, rng), everything, 0)
            mid = start.total_tricks // 2
            yield Case(core.setup_bytes(), _steps(start, mid, rng),
                       SEARCH_SOLVE | SEARCH_ANALYZE | SEARCH_REACHES, TINY_NODES)  # fmt: skip
            for _ in range(DAMAGED_A_HAND):
                damaged = bytearray(core.setup_bytes())
                for _ in range(rng.randint(1, DAMAGES)):
                    damaged[rng.randrange(len(damaged))] = rng.randrange(256)
                steps = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
                yield Case(bytes(damaged), steps, SEARCH_SOLVE | SEARCH_ANALYZE, TINY_NODES)


def run_driver(driver: Path, all_cases: list[Case], tmp_path: Path) -> list[str]:
    path = tmp_path / "cases.bin"
    header = struct.pack("=I", _core.SETUP_BYTES)
    path.write_bytes(header + b"".join(c.encoded() for c in all_cases))
    done = subprocess.run([str(driver), str(path)], capture_output=True, text=True,
                          env={**os.environ, **SAN_ENV})  # fmt: skip
    assert done.returncode == 0 and not done.stderr, done.stderr[-4000:]
    return done.stdout.splitlines()


def test_the_sanitized_core_gives_the_normal_builds_answers(driver: Path, tmp_path: Path) -> None:
    all_cases = list(cases())
    lines = run_driver(driver, all_cases, tmp_path)
    assert len(lines) == len(all_cases)
    for case, line in zip(all_cases, lines, strict=True):
        assert line == case.expected(), (case.setup.hex(), case.steps.hex())
    # the cases reach what they are for: searches to the end, refused setups and moves
    assert sum(" maxn " in line for line in lines) >= len(randpos.VARIANTS)
    assert sum(line.startswith("init refused") for line in lines) >= len(randpos.VARIANTS)
    played = [line.split(" steps ")[1].split(" ")[0] for line in lines if " steps " in line]
    assert sum("x" in steps for steps in played) and sum("u" in steps for steps in played)


def test_a_file_of_another_layout_is_refused(driver: Path, tmp_path: Path) -> None:
    path = tmp_path / "wrong.bin"
    path.write_bytes(struct.pack("=I", _core.SETUP_BYTES + 1))
    done = subprocess.run([str(driver), str(path)], capture_output=True, text=True)
    assert done.returncode == 2 and "setup size" in done.stdout
