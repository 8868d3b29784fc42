"""The installed command itself (`python -m majiang`, as the console script runs it): exit
codes, one-line errors with no traceback, help with examples for every command, no colour in
pipes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

COMMANDS = ("analyze", "settle", "simulate", "replay", "play")


def majiang(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "majiang", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(command: str) -> None:
    done = majiang(command, "--help")
    assert done.returncode == 0
    assert f"majiang {command}" in done.stdout.split("examples:")[1]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("analyze",), "the following arguments are required: hand"),
        (("analyze", "11111m"), "5 copies of 1m"),
        (("frobnicate",), "invalid choice: 'frobnicate'"),
        (("simulate", "--hands", "x"), "invalid int value: 'x'"),
        (("replay", "/nonexistent.jsonl"), "cannot read /nonexistent.jsonl"),
        (("settle", "-"), "not JSON"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: tuple[str, ...], fragment: str) -> None:
    done = majiang(*args, stdin="{")
    assert done.returncode == 2
    assert done.stdout == ""
    assert fragment in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_whole_session_through_pipes(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    done = majiang("simulate", "--hands", "6", "--seed", "3", "--log", str(log), "--json")
    assert done.returncode == 0 and done.stderr == ""
    stats = json.loads(done.stdout)
    replayed = majiang("replay", "-", "--json", stdin=log.read_text(encoding="utf-8"))
    assert replayed.returncode == 0
    assert len(json.loads(replayed.stdout)["hands"]) == stats["hands"] == 6
    table = majiang("replay", str(log), "--hand", "0")
    assert table.returncode == 0 and "\x1b[" not in table.stdout  # plain text in a pipe
    played = majiang("play", "--seed", "1", stdin="quit\n")
    assert played.returncode == 0 and "the game ends here" in played.stdout
