"""The installed package holds every Python package of the tree.

`pip install .` (the README's first command) installs only the packages
pyproject.toml lists, so a folder left out of the list (a new game's, say)
works in the editable install the tests use and is missing from a real one.
"""

import tomllib

from tests.paths import ROOT


def test_pyproject_lists_every_package_of_the_tree() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    in_tree = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "solver").rglob("__init__.py")
    }
    assert in_tree - listed == set()
    assert listed - in_tree == {"solver.cli"}  # installed from cli/ (package-dir)
