"""Shared test settings: Hypothesis profiles and the random positions of every game;
results dear enough to make once a session."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from solver import signature

# "ci" (the default) is derandomized so a CI run is reproducible; set
# HYPOTHESIS_PROFILE=explore for fresh random examples on every run.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def quick_signature() -> signature.Signature:
    """The quick search signature, made once a session (some 8 CPU-s): the
    API's test compares it with the stored figures, the command line's test
    prints it through `bench --signature`. Read it, never change it."""
    return signature.run("quick")
