"""The web board's tests' fixtures: the application through a test client,
the server started for real (module-wide), and a report of every test's
call kept on it (a failing browser test's page is photographed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from solver.web.server import app
from tests.web.board_helpers import TEST_TT_MB, LiveServer


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(app(TEST_TT_MB)) as c:
        yield c


@pytest.fixture(scope="module")
def client_for_hypothesis() -> Iterator[TestClient]:
    """One test client for every example of a Hypothesis test (a function's
    fixture would be shared by its examples anyway)."""
    with TestClient(app(TEST_TT_MB)) as c:
        yield c


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    server = LiveServer()
    server.url = server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def live_url(live: LiveServer) -> str:
    return live.url


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
    """Every test's report of its call kept on it (``rep_call``): a browser
    test's page is photographed when it failed."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report
