"""Shared test settings: Hypothesis profiles and the random positions of every game."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# "ci" (the default) is derandomized so a CI run is reproducible; set
# HYPOTHESIS_PROFILE=explore for fresh random examples on every run.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
