"""A bounded sample of the fuzz targets (tests/fuzz/targets.py) in the normal
suite: random bytes, and the corpus of every game mutated, each target may
raise only TricksolverError.  The long campaign runs with atheris
(tests/fuzz/run.py); every input a campaign found is kept below as a
regression test.  `TRICKSOLVER_FUZZ_EXAMPLES` sets the sample size."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz import targets

EXAMPLES = int(os.environ.get("TRICKSOLVER_FUZZ_EXAMPLES", "60"))
# the loaded profile's (tests/conftest.py: "ci" is derandomized, the same
# sample every run; "explore" draws afresh), with the sample size set here
SAMPLE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def mutated(draw: st.DrawFn, corpus: list[bytes]) -> bytes:
    """A corpus entry with a few bytes replaced, inserted or cut, or a
    dictionary word put in."""
    data = bytearray(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "insert", "cut", "word"]))
        if kind == "flip" and at < len(data):
            data[at] ^= draw(st.integers(1, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "cut":
            del data[at : at + draw(st.integers(1, 16))]
        else:
            data[at:at] = draw(st.sampled_from(targets.DICTIONARY)).encode()
    return bytes(data)


CORPUS = {name: targets.seeds(name) for name in targets.TARGETS}


@pytest.mark.parametrize("name", targets.TARGETS)
def test_the_corpus_is_valid_input(name: str) -> None:
    """Every corpus entry runs through its target (most of them accepted)."""
    assert CORPUS[name], name
    for data in CORPUS[name]:
        targets.TARGETS[name](data)


@pytest.mark.parametrize("name", targets.TARGETS)
def test_random_bytes(name: str) -> None:
    @SAMPLE
    @given(st.binary(max_size=512))
    def check(data: bytes) -> None:
        targets.TARGETS[name](data)

    check()


@pytest.mark.parametrize("name", targets.TARGETS)
def test_mutated_corpus(name: str) -> None:
    @SAMPLE
    @given(mutated(CORPUS[name]))
    def check(data: bytes) -> None:
        targets.TARGETS[name](data)

    check()


# Inputs the campaigns (and an outside fuzzing run) found: each once
# escaped the TricksolverError contract.
REGRESSIONS = [
    ("position", b'game = "chinese-whist"\nplayers = inf\n'),
    ("position", b'game = "chinese-whist"\nplayers = 1e309\n'),
    ("position", b'game = "whist"\nhands = ' + b"[" * 5000 + b"]" * 5000),
    ("position", "whist; dealer=²; hands=N:AK... QJ... T9... 87...".encode()),
    ("position", b'game = "cinch"\nseed = ' + b"6" * 5000),
    ("saved_game", b'game = "whist"\nx = ' + b"[" * 5000 + b"]" * 5000),
    # found by the atheris campaign: a pimc budget past a float (OverflowError)
    ("option_value", b"\x06pimc:21e309k/k"),
    ("option_value", b"\x06pimc:1e30/2k"),
    ("option_value", b"\x06pimc:nan/2k"),
]


@pytest.mark.parametrize("name,data", REGRESSIONS)
def test_regressions(name: str, data: bytes) -> None:
    targets.TARGETS[name](data)
