"""The places the tests read from: the repository's root, the tests' folder
and its data (tests/data/, each file's origin in its README)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
DATA = TESTS / "data"
