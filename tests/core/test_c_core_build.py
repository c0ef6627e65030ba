"""The C core compiles cleanly under -Wall -Wextra (and -Wpedantic), as C11:
every C file under csrc/, each alone (it includes what it needs by paths
relative to itself), so the headers are compiled through the files that
include them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.paths import ROOT

CSRC = ROOT / "csrc"
WARNINGS = ["-std=c11", "-O3", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
SOURCES = sorted(p.relative_to(CSRC).as_posix() for p in CSRC.glob("**/*.c"))


def test_every_c_source_is_found() -> None:
    assert "rules.c" in SOURCES and "games/registry.c" in SOURCES


@pytest.mark.parametrize("source", SOURCES)
def test_c_source_compiles_without_warnings(source: str, tmp_path: Path) -> None:
    cc = shutil.which("gcc") or shutil.which("cc")
    assert cc is not None, "a C compiler is needed to build tricksolver"
    result = subprocess.run(
        [cc, *WARNINGS, "-c", str(CSRC / source), "-o", str(tmp_path / "out.o")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
