"""Every example runs: each command of the README, of docs/*.md and
of every --help text, and every Python example, collected from the text
itself, so that an example added to a doc or a help text is run without
touching this file.

What counts as an example (docs/architecture.md, "Checks that keep the
house in order", says the same):

- **README.md and docs/*.md, commands.**  In a fenced block marked ``sh``,
  ``shell``, ``bash`` or ``console``, every line that begins with
  ``tricksolver `` (or ``$ tricksolver ``; the prompt is dropped).  A line
  that begins with another command (``pip install``, ``python -m pytest``,
  ``python benches/...``, ``.ci/run``, ``ruff``) is not run, except that the
  ``tricksolver ...`` part of ``other && tricksolver ...`` is.  Blocks
  marked ``text`` (synopses) or ``toml`` are not commands: a ``tricksolver``
  line in one fails the test unless it is a synopsis (``[--option]``,
  ``GAME``).  A command quoted in a sentence is prose, not run.
- **--help texts.**  Every command of ``tricksolver`` (``help`` too, and the
  group itself) has an ``EXAMPLES`` section: the lines after a line
  ``EXAMPLES``, up to the first blank line, that begin with ``tricksolver ``.
  Text after three or more spaces (outside quotes) is the line's description,
  as the help lays it out.
- **Comments.**  In both, ``#`` (after a space, outside quotes) starts a
  comment, as in the shell.  A comment (or a help line's description) may
  carry two marks: ``(long)``, an example that must stay long, run only
  under ``-m slow`` (or ``TRICKSOLVER_FULL=1``); ``(exit status N)``, an
  example that shows an error and must end with status N.  Every other
  example must end with status 0.
- **How they run.**  A doc's blocks (shell and Python) run in order in one
  fresh temporary directory, a help text in one of its own, line by line,
  so a line may read a file an earlier line wrote (``> hand.toml``,
  ``--save game.toml``).  The directory holds the package's bundled
  ``solver/examples/`` and ``solver/data/``, and ``docs/`` (as a checkout
  does, for the README's ``tricksolver recommend solver/examples/whist.toml``).  A line
  of ``tricksolver`` commands joined by ``|``, perhaps ending ``> FILE``,
  runs in this process through click's runner (the ``main`` the console
  script calls; no start-up time a command), each command fed the output
  of the one before, its status the last that was not 0 (as
  ``pipefail``).  Any other line runs in ``bash -o pipefail``, with the
  ``tricksolver`` installed beside this Python first on PATH.  Standard
  input is empty (a ``--human`` seat then quits at once, as at end of
  input).
- **Python.**  Every fenced block marked ``python`` (or ``py``, ``pycon``) in
  README.md and docs/*.md runs as a doctest: each ``>>>`` line, with what it
  prints shown under it, compared as ``python -m doctest`` compares (with
  ELLIPSIS: ``...`` stands for the rest of a long line).  A
  block with no ``>>>`` runs as a script and must not raise.

Examples must be cheap (the whole set well under a minute): an example that
is slow is made small in the doc itself (fewer deals, ``--time``), so what
the user reads is what runs; only what must stay long is marked ``(long)``.
"""

from __future__ import annotations

import contextlib
import doctest
import os
import re
import shlex
import shutil
import signal
import subprocess
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from solver.cli.main import main
from tests.paths import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL_BLOCKS = {"sh", "shell", "bash", "console"}
PYTHON_BLOCKS = {"python", "py", "pycon", "python3"}
COMMAND = "tricksolver"
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w+-]*)\s*$")
LONG = re.compile(r"\((?:[^()]*[,;] *)?long\)")  # (long), (~10 s, long)
BUNDLED = ("examples", "data")
STATUS = re.compile(r"\(exit status (\d+)\)")
TIMEOUT = 120  # seconds, one example; a safety net, not a timing
LONG_TIMEOUT = 4 * 3600


@dataclass(frozen=True)
class Example:
    """One command line to run, where it was read and what it must end with."""

    command: str
    where: str  # "README.md:63" or "tricksolver show --help"
    status: int = 0
    long: bool = False


@dataclass(frozen=True)
class Block:
    """Examples that run in one directory, in order."""

    where: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class PythonBlock:
    where: str
    line: int  # the block's first line in its file (1-based)
    text: str


# -- reading the examples --------------------------------------------------------------------


def split_comment(line: str, *, spaces: bool) -> tuple[str, str]:
    """A line's command and its comment: from a ``#`` after a space (or at the
    start) outside quotes, or, with ``spaces``, from three or more spaces
    outside quotes (a help line's description)."""
    quote: str | None = None
    i = 0
    while i < len(line):
        c = line[i]
        if quote is not None:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "\\":
            i += 1
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
        elif spaces and line.startswith("   ", i):
            return line[:i].rstrip(), line[i:].strip().removeprefix("#").strip()
        i += 1
    return line.rstrip(), ""


def example_of(line: str, where: str, *, spaces: bool) -> Example | None:
    """The example a line holds (None: not one), with the marks of its comment."""
    command, comment = split_comment(line.strip(), spaces=spaces)
    command = command.removeprefix("$ ")
    if not command.startswith(COMMAND + " ") and command != COMMAND:
        head, sep, rest = command.partition(" && ")
        if not sep or not rest.startswith(COMMAND + " "):
            return None
        command = rest
    status = STATUS.search(comment)
    return Example(
        command=command,
        where=where,
        status=int(status.group(1)) if status else 0,
        long=LONG.search(comment) is not None,
    )


def fenced_blocks(text: str) -> Iterator[tuple[str, int, list[str]]]:
    """Each fenced block of a Markdown text: its language, the line number of
    its first line (1-based) and its lines."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if fence is None:
            i += 1
            continue
        indent = len(fence.group("indent"))
        end = i + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        body = [line[indent:] if line[:indent].isspace() else line for line in lines[i + 1 : end]]
        yield fence.group("lang").lower(), i + 2, body
        i = end + 1


def joined(lines: list[str], first: int) -> Iterator[tuple[int, str]]:
    """The lines with their numbers, a line ending in a backslash joined to the next."""
    number, pending = first, ""
    for offset, line in enumerate(lines):
        if not pending:
            number = first + offset
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        yield number, pending + line
        pending = ""
    if pending:
        yield number, pending


def doc_blocks(path: Path, name: str | None = None) -> list[Block]:
    """The shell blocks of a Markdown file that hold examples."""
    name = name or str(path.relative_to(ROOT))
    blocks = []
    for lang, first, body in fenced_blocks(path.read_text(encoding="utf-8")):
        if lang not in SHELL_BLOCKS:
            continue
        examples = [
            e
            for number, line in joined(body, first)
            if (e := example_of(line, f"{name}:{number}", spaces=False)) is not None
        ]
        if examples:
            blocks.append(Block(f"{name}:{first - 1}", tuple(examples)))
    return blocks


def python_blocks(path: Path, name: str | None = None) -> list[PythonBlock]:
    """The Python blocks of a Markdown file."""
    name = name or str(path.relative_to(ROOT))
    return [
        PythonBlock(f"{name}:{first - 1}", first, "\n".join(body) + "\n")
        for lang, first, body in fenced_blocks(path.read_text(encoding="utf-8"))
        if lang in PYTHON_BLOCKS
    ]


def commands(group: click.Command = main, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command's path under the group, the group itself first."""
    yield path
    if isinstance(group, click.Group):
        for name in sorted(group.commands):
            yield from commands(group.commands[name], (*path, name))


def help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(main, [*path, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


def help_examples(text: str, where: str) -> list[Example]:
    """The examples of a --help text: the ``tricksolver`` lines under EXAMPLES."""
    examples: list[Example] = []
    inside = False
    for line in text.splitlines():
        if line.strip() == "EXAMPLES":
            inside = True
        elif inside and not line.strip():
            inside = False
        elif inside and (e := example_of(line, where, spaces=True)) is not None:
            examples.append(e)
    return examples


def help_blocks() -> list[Block]:
    blocks = []
    for path in commands():
        where = " ".join((COMMAND, *path, "--help"))
        blocks.append(Block(where, tuple(help_examples(help_text(path), where))))
    return blocks


# -- running them ----------------------------------------------------------------------------


def environment() -> dict[str, str]:
    exe = shutil.which(COMMAND)
    assert exe is not None, "the tricksolver console script is not installed"
    path = f"{Path(exe).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return {**os.environ, "PATH": path}


def prepare(directory: Path) -> None:
    """The package's bundled files at solver/examples/ and solver/data/, and
    docs/, as in a checkout."""
    if (directory / "solver").exists():
        return
    (directory / "solver").mkdir(parents=True)
    for folder in BUNDLED:
        bundled = Path(str(resources.files("solver").joinpath(folder)))
        (directory / "solver" / folder).symlink_to(bundled, target_is_directory=True)
    (directory / "docs").symlink_to(ROOT / "docs", target_is_directory=True)


SHELL_ONLY = set("$`*?[~&;<()")  # what only a shell can do: such a line runs in bash


def pipeline(command: str) -> tuple[list[list[str]], str | None] | None:
    """A line of ``tricksolver`` commands joined by ``|``, its output perhaps
    sent ``> FILE``: each command's words and the file; None for a line that
    needs a shell (anything else: ``&&``, ``$``, globs, ``<``, ``2>``)."""
    if SHELL_ONLY & set(unquoted(command)):
        return None
    lexer = shlex.shlex(command, posix=True, punctuation_chars="|>")
    lexer.whitespace_split = True
    lexer.commenters = ""
    tokens = list(lexer)
    output = None
    if len(tokens) >= 2 and tokens[-2] == ">":
        output = tokens[-1]
        tokens = tokens[:-2]
    stages: list[list[str]] = [[]]
    for token in tokens:
        if token == "|":
            stages.append([])
        elif set(token) <= set("|>"):
            return None
        else:
            stages[-1].append(token)
    if any(not stage or stage[0] != COMMAND for stage in stages):
        return None
    return stages, output


def unquoted(command: str) -> str:
    """The characters of a command line outside its quotes."""
    out, quote = [], None
    for c in command:
        if quote is None and c in "'\"":
            quote = c
        elif c == quote:
            quote = None
        elif quote is None:
            out.append(c)
    return "".join(out)


@dataclass(frozen=True)
class Done:
    status: int
    stdout: str
    stderr: str


def run_in_process(stages: list[list[str]], output: str | None) -> Done:
    """A pipe of ``tricksolver`` commands, each through click's runner (the
    ``main`` the console script calls), fed the output of the one before;
    the status is the last that was not 0, as under ``pipefail``."""
    status, text, errors = 0, "", []
    for stage in stages:
        handler = signal.getsignal(signal.SIGINT)
        try:
            result = CliRunner().invoke(main, stage[1:], input=text, prog_name=COMMAND)
        finally:
            signal.signal(signal.SIGINT, handler)
        text = result.stdout
        errors.append(result.stderr)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            trace = "".join(traceback.format_exception(result.exception))
            errors.append(trace)
        if result.exit_code != 0:
            status = result.exit_code
    if output is not None:
        Path(output).write_text(text, encoding="utf-8")
        text = ""
    return Done(status, text, "".join(errors))


def run_in_bash(command: str, timeout: float) -> Done:
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        env=environment(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return Done(done.returncode, done.stdout, done.stderr)


def run_example(example: Example) -> Done:
    """One example, in the current directory: in this process when it is
    only ``tricksolver`` commands, pipes and ``>``; otherwise in bash."""
    timeout = LONG_TIMEOUT if example.long else TIMEOUT
    parsed = pipeline(example.command)
    if parsed is None:
        try:
            return run_in_bash(example.command, timeout)
        except subprocess.TimeoutExpired:
            return Done(-1, "", f"did not end in {timeout} s")

    def too_long(signum: int, frame: object) -> None:
        raise TimeoutError(f"did not end in {timeout} s")

    previous = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(timeout)
    try:
        return run_in_process(*parsed)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def failures(block: Block, directory: Path, *, long: bool) -> list[str]:
    """Run a block's examples in order in the directory (long ones only when
    asked); what went wrong with each that failed."""
    prepare(directory)
    found = []
    with contextlib.chdir(directory):
        for example in block.examples:
            if example.long and not long:
                continue
            done = run_example(example)
            if done.status != example.status:
                tail = "\n  ".join((done.stderr or done.stdout).strip().splitlines()[-8:])
                found.append(
                    f"{example.where}: {example.command}\n  exit status {done.status}"
                    f" (expected {example.status}):\n  {tail}"
                )
    return found


def long_asked(config: pytest.Config) -> bool:
    """The long examples run when asked for: ``-m slow`` (any mark expression
    naming it) or TRICKSOLVER_FULL=1."""
    return (
        "slow" in (config.getoption("markexpr") or "") or os.environ.get("TRICKSOLVER_FULL") == "1"
    )


def run_doctest(block: PythonBlock) -> tuple[int, int, str]:
    """A Python block as a doctest (with ``>>>``) or a script: the examples
    that failed, those tried and the report of the failures."""
    if ">>>" not in block.text:
        try:
            exec(compile(block.text, block.where, "exec"), {"__name__": "__example__"})  # noqa: S102
        except Exception:  # noqa: BLE001 -- the report names it
            return 1, 1, traceback.format_exc()
        return 0, 1, ""
    test = doctest.DocTestParser().get_doctest(
        block.text, {"__name__": "__example__"}, block.where, block.where, block.line - 1
    )
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append)
    return runner.failures, runner.tries, "".join(report)


# -- the tests -------------------------------------------------------------------------------


def doc_items(path: Path, name: str | None = None) -> list[Block | PythonBlock]:
    """A doc's shell and Python blocks, in their order in it."""
    items: list[Block | PythonBlock] = [*doc_blocks(path, name), *python_blocks(path, name)]
    return sorted(items, key=lambda item: int(item.where.rsplit(":", 1)[1]))


def doc_failures(items: list[Block | PythonBlock], directory: Path, *, long: bool) -> list[str]:
    """Run a doc's blocks in order in one directory (a Python block may read
    what a shell block before it wrote); what failed."""
    prepare(directory)
    found = []
    for item in items:
        if isinstance(item, Block):
            found += failures(item, directory, long=long)
            continue
        with contextlib.chdir(directory):
            failed, tried, report = run_doctest(item)
        if failed or not tried:
            found.append(f"{item.where}: {failed} of {tried} failed\n{report}")
    return found


DOC_BLOCKS = [b for path in DOCS for b in doc_blocks(path)]
HELP_BLOCKS = help_blocks()
PYTHON = [b for path in DOCS for b in python_blocks(path)]
DOC_ITEMS = {str(p.relative_to(ROOT)): items for p in DOCS if (items := doc_items(p))}


def test_the_collector_finds_the_examples() -> None:
    """What the collector reads: the README's first command, examples in
    every doc that has shell blocks, and every command's help."""
    readme = [e.command for b in DOC_BLOCKS if b.where.startswith("README") for e in b.examples]
    assert readme[0] == "tricksolver recommend solver/examples/whist.toml"
    assert "tricksolver show game.toml" in readme
    assert not any(c.startswith(("pip", "python")) for c in readme)
    assert {b.where.split(":")[0] for b in DOC_BLOCKS} >= {"README.md", "docs/games.md"}
    assert {b.where.split(":")[0] for b in PYTHON} >= {"README.md", "docs/views.md"}


SYNOPSIS = re.compile(r"\[|\b[A-Z]{3,}\b")  # [--option], GAME, FILE: a synopsis, not a command


def misplaced_commands(path: Path, name: str | None = None) -> list[str]:
    """Command lines in blocks that are not shell blocks (they would not run);
    only a synopsis may be elsewhere."""
    name = name or str(path.relative_to(ROOT))
    return [
        f"{name}:{first + offset}: a command in a {lang or 'plain'} block: mark the block sh"
        for lang, first, body in fenced_blocks(path.read_text(encoding="utf-8"))
        if lang not in SHELL_BLOCKS
        for offset, line in enumerate(body)
        if line.strip().startswith(COMMAND + " ") and not SYNOPSIS.search(line)
    ]


@pytest.mark.parametrize("path", DOCS, ids=[str(p.relative_to(ROOT)) for p in DOCS])
def test_commands_are_in_shell_blocks(path: Path) -> None:
    """The docs follow the convention."""
    assert not misplaced_commands(path)


@pytest.mark.parametrize("block", HELP_BLOCKS, ids=[b.where for b in HELP_BLOCKS])
def test_every_help_has_examples(block: Block) -> None:
    assert block.examples, f"{block.where}: no EXAMPLES section with a tricksolver line"


RUN_BLOCKS = [b for b in HELP_BLOCKS if b.examples]


@pytest.mark.parametrize("block", RUN_BLOCKS, ids=[b.where for b in RUN_BLOCKS])
def test_the_help_examples_run(block: Block, tmp_path: Path) -> None:
    found = failures(block, tmp_path, long=False)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("doc", DOC_ITEMS)
def test_the_doc_examples_run(doc: str, tmp_path: Path) -> None:
    """A doc's commands and its Python examples."""
    found = doc_failures(DOC_ITEMS[doc], tmp_path, long=False)
    assert not found, "\n".join(found)


def long_items(items: list[Block | PythonBlock]) -> bool:
    return any(isinstance(i, Block) and any(e.long for e in i.examples) for i in items)


LONG_ONES = {d: items for d, items in DOC_ITEMS.items() if long_items(items)} | {
    b.where: [b] for b in RUN_BLOCKS if long_items([b])
}


@pytest.mark.slow
@pytest.mark.parametrize("where", LONG_ONES)
def test_the_long_examples_run(where: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if not long_asked(request.config):
        pytest.skip("long: run with -m slow (or TRICKSOLVER_FULL=1)")
    found = doc_failures(
        LONG_ONES[where], tmp_path, long=True
    )  # all: a long one may need the others
    assert not found, "\n".join(found)


# -- the collector can fail ------------------------------------------------------------------

DOCTORED = """\
# A doc

```sh
tricksolver deal whist --seed 1 > deal.toml
tricksolver show deal.toml                      # reads the file of the line before
tricksolver show no-such-file.toml
tricksolver show no-such-file.toml              # an error, as shown (exit status 2)
tricksolver deal whist --seed 1                 # (exit status 2), but it works
tricksolver show deal.toml | tricksolver show -x
tricksolver show no-such-file.toml | cat        # in bash, with pipefail
pip install nothing-at-all                      # not an example: not run
tricksolver analyze --no-such-option            # never run (long)
```

```text
tricksolver show no-such-file.toml
```

```python
>>> 1 + 1
3
```
"""


def test_a_doctored_doc_fails_where_its_examples_fail(tmp_path: Path) -> None:
    doc = tmp_path / "doctored.md"
    doc.write_text(DOCTORED, encoding="utf-8")
    (block,) = doc_blocks(doc, "doctored.md")
    assert [e.where for e in block.examples] == [
        f"doctored.md:{n}" for n in (4, 5, 6, 7, 8, 9, 10, 12)
    ]
    assert block.examples[-1].long and block.examples[3].status == 2
    work = tmp_path / "work"
    work.mkdir()
    found = failures(block, work, long=False)
    assert [f.split(": ")[0] for f in found] == [
        "doctored.md:6",  # no such file
        "doctored.md:8",  # status 0, not the 2 the doc says
        "doctored.md:9",  # the second command of the pipe
        "doctored.md:10",  # through bash
    ], found
    assert "no such file" in found[0] and "expected 2" in found[1]
    assert misplaced_commands(doc, "doctored.md") == [
        "doctored.md:16: a command in a text block: mark the block sh"
    ]
    (python,) = python_blocks(doc, "doctored.md")
    failed, tried, report = run_doctest(python)
    assert (failed, tried) == (1, 1) and "Expected:\n    3" in report
    (long,) = failures(block, tmp_path / "long", long=True)[4:]
    assert long.startswith("doctored.md:12") and "no such option" in long.lower()


def test_a_doctored_help_text_fails(tmp_path: Path) -> None:
    text = """Usage: tricksolver thing

  EXAMPLES
    tricksolver show no-such-file.toml      what it does, after three spaces
    tricksolver help   the help
    not an example

  Options:
    tricksolver show no-such-file.toml
"""
    examples = help_examples(text, "tricksolver thing --help")
    assert [e.command for e in examples] == [
        "tricksolver show no-such-file.toml",
        "tricksolver help",
    ]
    found = failures(Block("tricksolver thing --help", tuple(examples)), tmp_path, long=False)
    assert len(found) == 1 and "no-such-file.toml" in found[0]


def test_comments_marks_and_quotes() -> None:
    line = 'tricksolver show "a # b   c" # a comment (~10 s, long) (exit status 3)'
    assert split_comment(line, spaces=False) == (
        'tricksolver show "a # b   c"',
        "a comment (~10 s, long) (exit status 3)",
    )
    example = example_of("$ " + line, "x", spaces=True)
    assert example == Example('tricksolver show "a # b   c"', "x", status=3, long=True)
    assert example_of("pip install . && tricksolver help", "x", spaces=False) == Example(
        "tricksolver help", "x"
    )
    assert example_of("python -m pytest -q", "x", spaces=False) is None
    assert example_of("tricksolver bench   the (longest) run", "x", spaces=True) == Example(
        "tricksolver bench", "x"
    )
    assert pipeline("tricksolver deal whist | tricksolver show - > a.toml") == (
        [["tricksolver", "deal", "whist"], ["tricksolver", "show", "-"]],
        "a.toml",
    )
    assert pipeline('tricksolver show "x | y > z"') == (
        [["tricksolver", "show", "x | y > z"]],
        None,
    )
    for shell in ["tricksolver help && true", "tricksolver show $HOME", "tricksolver help | head"]:
        assert pipeline(shell) is None
