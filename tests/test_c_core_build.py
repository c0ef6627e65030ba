"""The C core compiles cleanly under -Wall -Wextra (and -Wpedantic), as C11."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parent.parent / "csrc"
WARNINGS = ["-std=c11", "-O3", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]


@pytest.mark.parametrize("source", sorted(p.name for p in CSRC.glob("*.c")))
def test_c_source_compiles_without_warnings(source: str, tmp_path: Path) -> None:
    cc = shutil.which("gcc") or shutil.which("cc")
    assert cc is not None, "a C compiler is needed to build tricksolver"
    result = subprocess.run(
        [cc, *WARNINGS, "-c", str(CSRC / source), "-o", str(tmp_path / "out.o")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
