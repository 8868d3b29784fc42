"""The installed command itself (`python -m majiang`, as the console script runs it): exit
codes, one-line errors with no traceback, help with examples for every command, no colour in
pipes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import majiang as majiang_package
from majiang.cli import main
from majiang.settlement import Settlement
from majiang.variants import names
from majiang.variants.registry import register, unregister

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


def test_version_is_the_package_version() -> None:
    done = majiang("--version")
    assert done.returncode == 0 and done.stdout == f"majiang {majiang_package.__version__}\n"


@pytest.mark.parametrize("command", (None, *COMMANDS))
def test_help_lists_every_registered_variant(command: str | None) -> None:
    done = majiang(*([command] if command else []), "--help")
    assert done.returncode == 0
    flat = " ".join(done.stdout.split())
    assert (
        f"Variants: {', '.join(names())}." in flat
        or (f"record names its variant: {', '.join(names())}." in flat)
        or f"log names its variant: {', '.join(names())}." in flat
    ), flat


def test_help_reads_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    register("demo-help", lambda record: Settlement.from_items([]))
    try:
        for command in ([], ["play"], ["analyze"], ["simulate"]):
            with pytest.raises(SystemExit):
                main([*command, "--help"])
            assert "demo-help" in capsys.readouterr().out, command
    finally:
        unregister("demo-help")


BROKEN = (
    ("analyze", "123m456p789s12z55m", "--json"),
    ("analyze", "123m456p789s12z55m"),
    ("simulate", "--hands", "2"),
    ("play", "--seed", "1"),
    ("replay", "-"),
)


@pytest.mark.parametrize("args", BROKEN, ids=lambda a: " ".join(a))
def test_a_closed_pipe_ends_quietly(args: tuple[str, ...], tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    assert majiang("simulate", "--hands", "1", "--log", str(log)).returncode == 0
    with subprocess.Popen(
        [sys.executable, "-m", "majiang", *args],
        stdin=log.open("rb") if args[0] == "replay" else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # the reader has gone before the first line (as head -0 would)
        err = proc.stderr.read()
        assert proc.wait(timeout=120) == 141
    assert err == b""


def test_analyze_into_head_prints_no_traceback() -> None:
    done = subprocess.run(
        f'"{sys.executable}" -m majiang analyze 123m456p789s12z55m --json | head -1',
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.stdout == "{\n" and done.stderr == ""
