"""`tricksolver bench --signature`: the search signature through the command line.

The quick set's figures through the CLI are the ones tests/search/test_signature.py
stores (imported from there, not copied), printed from the real quick set made
once a session (the `quick_signature` fixture, which that file checks too); the
JSON, the choice of the set, the options it refuses and Ctrl-C are checked with
a stand-in for `solver.signature.run` that returns at once, and Ctrl-C once
more on the real command in a child process.
"""

from __future__ import annotations

import copy
import json
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

from solver import recommendation, signature
from tests.cli_helpers import Child, assert_one_line_error, run, start_interruptible
from tests.search.test_signature import QUICK_DIGEST, QUICK_NODES

INTERRUPTED = 130
RECORDS = [{"kind": "a", "nodes": 3}, {"kind": "b", "nodes": 4}]  # a stand-in signature's


@pytest.fixture
def sets_run(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """`signature.run` replaced by one that reports and returns `RECORDS`;
    the sets it was asked for."""
    asked: list[str] = []

    def fake(which: str, progress: Callable[[dict[str, Any]], None] | None) -> signature.Signature:
        asked.append(which)
        for record in RECORDS:
            assert progress is not None
            progress(record)
        return signature.Signature(records=list(RECORDS))

    monkeypatch.setattr(signature, "run", fake)
    return asked


def test_the_quick_signature_through_the_cli_is_the_stored_one(
    monkeypatch: pytest.MonkeyPatch, quick_signature: signature.Signature
) -> None:
    """`signature.run` depends on nothing but the set's name (its progress
    callback only watches), so the command's run is the session's one: it is
    handed out again, its records reported one by one as the real run does,
    and the command must ask for the quick set and print the stored figures."""
    asked: list[str] = []

    def made_once(
        which: str, progress: Callable[[dict[str, Any]], None] | None
    ) -> signature.Signature:
        asked.append(which)
        records = copy.deepcopy(quick_signature.records)
        for record in records:
            if progress is not None:
                progress(record)
        return signature.Signature(records=records)

    monkeypatch.setattr(signature, "run", made_once)
    result = run("bench", "--signature")
    assert result.exit_code == 0, result.output
    assert asked == ["quick"]
    lines = result.stdout.splitlines()
    assert lines[-1] == f"Nodes searched: {QUICK_NODES}"  # alone, last, as Stockfish's
    assert f"Digest: {QUICK_DIGEST}" in lines
    assert lines[0].startswith("Signature: the quick set, ") and lines[0].endswith(" records")


def test_the_signature_json_holds_the_records(sets_run: list[str]) -> None:
    result = run("bench", "--signature", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = signature.Signature(records=list(RECORDS))
    assert data == {
        "set": "quick",
        "nodes": expected.nodes,
        "digest": expected.digest,
        "records": RECORDS,
    }
    assert sets_run == ["quick"]


def test_the_signature_set_is_chosen_by_name(sets_run: list[str]) -> None:
    result = run("bench", "--signature", "full", "--no-color")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == f"Signature: the full set, {len(RECORDS)} records"
    assert sets_run == ["full"]
    assert run("bench", "--signature", "half").exit_code == 2


@pytest.mark.parametrize(
    "option", [["--games", "whist"], ["--deals", "3"], ["--no-dds"], ["--tt-mb", "16"]]
)
def test_the_signature_takes_no_benchmark_option(sets_run: list[str], option: list[str]) -> None:
    assert_one_line_error(run("bench", "--signature", *option), "--signature", option[0])
    assert sets_run == []


def test_ctrl_c_stops_the_signature_saying_what_was_done(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(
        which: str, progress: Callable[[dict[str, Any]], None] | None
    ) -> signature.Signature:
        assert progress is not None
        for record in RECORDS:
            progress(record)
        raise KeyboardInterrupt

    monkeypatch.setattr(signature, "run", interrupted)
    result = run("bench", "--signature")
    assert result.exit_code == INTERRUPTED
    assert result.stdout == ""
    nodes = sum(r["nodes"] for r in RECORDS)
    assert result.stderr.splitlines() == [
        f"tricksolver: interrupted: {len(RECORDS)} records of the quick signature done"
        f" ({nodes:,} nodes); no total"
    ]


def test_ctrl_c_stops_the_real_signature_with_status_130() -> None:
    # this interpreter's command line, whatever `tricksolver` the PATH finds first
    command = "from solver.cli.main import main; main()"
    proc = start_interruptible([sys.executable, "-c", command, "bench", "--signature"])
    child = Child(proc)
    child.wait_working()  # imports done, some records searched (the set: some 8 CPU-s)
    out, err = child.stop(signal.SIGINT)
    assert proc.returncode == INTERRUPTED
    assert out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith("tricksolver: interrupted: ") and "of the quick signature done" in line


def test_ctrl_c_in_the_signatures_recommendation_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C during a recommendation ends it with the worlds it had
    # (stopped="interrupted"); the signature must stop, not record those.
    from solver import pimc

    real = pimc.recommend
    calls: list[int] = []

    def interrupted(*args: Any, **kwargs: Any) -> recommendation.Recommendation:
        stop = threading.Event()
        stop.set()  # as if Ctrl-C came while the first worlds were solved
        rec = real(*args, **kwargs, stop=stop)
        assert rec.stopped == "interrupted"
        calls.append(1)
        return rec

    monkeypatch.setattr(pimc, "recommend", interrupted)
    with pytest.raises(KeyboardInterrupt):
        for _ in signature._sampled(signature.SIZES["quick"]):
            pass
    assert calls == [1]


def test_the_headline_gives_both_ratios_alike_and_names_the_targets_figure() -> None:
    """The headline used to give the kinder figure first, the other in
    brackets ("median ratio 1.0x (ratio of medians 3.8x)")."""
    from solver.games.whist.bench import VersusDds
    from solver.games.whist.drawing import TARGET_FIGURE, ratios_text

    bench = VersusDds(None, None, 1.0, 3.8, 0.0, 0, 0, 0, "0.0", 0)
    line = ratios_text(bench)
    assert "ratio of medians 3.80x" in line and "ratios 1.00x" in line
    assert "(ratio" not in line and "(median" not in line  # neither figure in brackets
    assert line.endswith(f"(the targets use the {TARGET_FIGURE})")
