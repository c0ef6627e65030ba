"""Saved games survive damage: a failed save leaves the
old file whole (the save writes a temporary file and renames it); a saved
file truncated at every byte, or with any byte flipped, loads or gives one
TricksolverError line, and reading it never changes it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from solver import TricksolverError
from solver.files import write_whole
from solver.wholegame import WholeGame
from tests.cli_helpers import assert_one_line_error, run

FLIPS = (0x01, 0x20, 0x80)  # a letter's case or a digit, ASCII to not-UTF-8


def saved(tmp_path: Path) -> tuple[Path, bytes]:
    game = WholeGame.new("cinch", seed=3)
    for _ in range(6):  # into the bidding: a small file with every key
        game.play(game.position.legal_moves()[0])
    path = tmp_path / "game.toml"
    game.save(path)
    return path, path.read_bytes()


def load_or_error(path: Path) -> None:
    try:
        WholeGame.load(path)
    except TricksolverError as e:
        assert "\n" not in str(e)


def test_every_truncation_and_flip_loads_or_is_one_error(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    damaged = tmp_path / "damaged.toml"
    variants = [data[:n] for n in range(len(data))]
    variants += [
        data[:i] + bytes([data[i] ^ f]) + data[i + 1 :] for i in range(len(data)) for f in FLIPS
    ]
    for variant in variants:
        damaged.write_bytes(variant)
        load_or_error(damaged)  # anything but a TricksolverError fails the test
        assert damaged.read_bytes() == variant  # reading never writes
    assert path.read_bytes() == data


def test_a_damaged_saved_game_is_one_line_at_the_command_line(tmp_path: Path) -> None:
    path, data = saved(tmp_path)
    path.write_bytes(data[: len(data) // 2])
    assert_one_line_error(run("show", str(path)))
    assert path.read_bytes() == data[: len(data) // 2]


def test_a_failed_save_leaves_the_old_file_whole(tmp_path: Path) -> None:
    """A full disk, simulated by a file-size limit in a child process: the
    save fails with one line and the old saved game still loads."""
    path, data = saved(tmp_path)
    child = textwrap.dedent(
        f"""
        import resource, signal
        from solver.wholegame import WholeGame
        from solver import TricksolverError
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead
        game = WholeGame.new("whist", seed=9)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))
        try:
            game.save({str(path)!r})
        except TricksolverError as e:
            print(e)
        """
    )
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
    assert "cannot write" in out.stdout and str(path) in out.stdout
    assert path.read_bytes() == data
    WholeGame.load(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]  # no temporary left


def test_a_save_replaces_the_file_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    write_whole(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_save_into_a_missing_folder_is_one_error(tmp_path: Path) -> None:
    with pytest.raises(TricksolverError, match="cannot write"):
        write_whole(tmp_path / "no" / "such.toml", "x")
