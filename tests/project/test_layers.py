"""The layers: no import circle, the generic layers name no game, the game
folders import nothing above them.

Read from the source with `ast` (nothing is imported): every ``import`` and
``from ... import`` of a module, at its top and inside its functions alike
(a lazy import is a circle too), under solver/ and cli/ (installed as
``solver.cli``).  A name imported from a package counts as an import of its
submodule when there is one (``from solver.games.cinch import heuristics``);
the parents of an imported module are not counted (importing
``solver.games.registry`` runs ``solver/__init__.py`` first, but that is the
package's public face, not a layer).

- No import cycle among these modules (every cycle is listed).
- The generic modules (`GENERIC`) import no game folder and hold no string
  naming a game (docstrings aside: they may name a game as an example).
- A game folder's modules import only their own folder and the layers below
  the game folders (`BELOW_GAMES`): no other game, not the registry, nothing
  above it.

Each module is its own case, so that every offender shows.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.games.registry import GAMES
from tests.paths import ROOT

SOURCES = {"solver": ROOT / "solver", "solver.cli": ROOT / "cli"}
GAME_FOLDERS = "solver.games."  # + a game's folder name


def module_files() -> dict[str, Path]:
    """Every module's dotted name and its file (the binding, ``_core.pyx``, too)."""
    found = {}
    for package, folder in SOURCES.items():
        for path in sorted([*folder.rglob("*.py"), *folder.rglob("*.pyx")]):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


MODULES = module_files()


def game_folder(name: str) -> bool:
    """Whether module `name` is in a game's folder."""
    return name.startswith(GAME_FOLDERS) and name.split(".")[2] in {
        g.name.replace("-", "_") for g in GAMES.values()
    }


# Not generic: the game folders, the registry (the one place that lists the
# games), the package's public face (solver/__init__.py, which re-exports the
# games' positions), the games' package, the behaviour signature (its fixed
# set names positions of every game), the script that makes the bundled
# examples of every game, and the binding.  Every other module is.
NOT_GENERIC = {"solver", "solver.games", "solver.games.registry", "solver.signature"}
NOT_GENERIC |= {"solver.examples.make_examples", "solver._core"}
GENERIC = sorted(m for m in MODULES if not game_folder(m) and m not in NOT_GENERIC)

# What a game folder may import besides its own folder: the layers below the
# game folders.  Anything else (the registry and every layer above it) would
# close a circle through the registry.
BELOW_GAMES = {
    *("solver._core", "solver.cards", "solver.errors", "solver.notation"),
    *("solver.games.base", "solver.games.game", "solver.view", "solver.sampling"),
    *("solver.doubledummy", "solver.seatview", "solver.stats", "solver.drawing"),
    *("solver.budget", "solver.search_results", "solver.banked"),  # doubledummy's parts
    "solver.timing",
}


def imports_of(name: str) -> set[str]:
    """The modules (of `MODULES`) that module `name` imports, anywhere in it."""
    path = MODULES[name]
    if path.suffix != ".py":  # the binding (Cython) imports no module of ours
        return set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:  # a submodule, else a name of the module `base`
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: imports_of(name) for name in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def game_words() -> re.Pattern[str]:
    """Any game's name, title or alias, as a word (any case)."""
    words = {w for g in GAMES.values() for w in (g.name, g.title, *g.aliases)}
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)


def strings_of(name: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every string constant of a module but its docstrings
    (a string standing alone as a statement: of a module, a class, a
    function or an attribute)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value


def test_the_lists_name_modules_that_exist() -> None:
    missing = [m for m in [*NOT_GENERIC, *BELOW_GAMES] if m not in MODULES]
    assert not missing
    assert any(game_folder(m) for m in MODULES)
    assert "solver.cli.main" in GENERIC and "solver.view" in GENERIC


CYCLES = cycles(GRAPH)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_is_in_no_import_cycle(name: str) -> None:
    cycle = next((c for c in CYCLES if name in c), [])
    edges = [f"{a} -> {b}" for a in cycle for b in sorted(GRAPH[a]) if b in cycle]
    assert not cycle, f"{name} is in an import cycle: " + "; ".join(edges)


@pytest.mark.parametrize("name", GENERIC)
def test_a_generic_module_imports_no_game_folder(name: str) -> None:
    offenders = sorted(m for m in GRAPH[name] if game_folder(m))
    assert not offenders, f"{name} imports {', '.join(offenders)}"


@pytest.mark.parametrize("name", GENERIC)
def test_a_generic_module_holds_no_game_name(name: str) -> None:
    words = game_words()
    offenders = [f"line {line}: {text!r}" for line, text in strings_of(name) if words.search(text)]
    assert not offenders, f"{name} names a game: " + "; ".join(offenders)


@pytest.mark.parametrize("name", sorted(m for m in MODULES if game_folder(m)))
def test_a_game_folder_imports_only_the_layers_below_it(name: str) -> None:
    own = ".".join(name.split(".")[:3])  # solver.games.<game>
    offenders = sorted(
        m for m in GRAPH[name] if m not in BELOW_GAMES and not (m == own or m.startswith(own + "."))
    )
    assert not offenders, f"{name} imports {', '.join(offenders)}"
