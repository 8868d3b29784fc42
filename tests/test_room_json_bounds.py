"""Room configuration text of any size and depth (issue 25, item 9): ``RoomConfig.from_json``
bounds the text's size and nesting before parsing (a RulesError, never RecursionError or
MemoryError), and ``majiang simulate --config`` / ``majiang play --config`` print one line on
stderr and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.errors import ArgumentTypeError, MajiangError, RulesError
from majiang.room import MAX_JSON_DEPTH, MAX_JSON_SIZE, RoomConfig

DEEP = ["[" * 100_000, "{" * 100_000, '{"options": ' * 50_000, "[" * 50_000 + "]" * 50_000]


@pytest.mark.parametrize("text", DEEP, ids=["lists", "objects", "options", "closed"])
def test_deep_nesting_is_a_rules_error(text: str) -> None:
    for given_text in (text, text.encode()):
        with pytest.raises(RulesError, match=f"nested more than {MAX_JSON_DEPTH} deep"):
            RoomConfig.from_json(given_text)


def test_the_depth_bound_is_exact() -> None:
    inner: Any = 1
    for _ in range(MAX_JSON_DEPTH - 2):  # the room object and its options object: 2 levels
        inner = [inner]
    text = json.dumps({"variant": "nanchang", "options": {"di_fen": inner}})
    with pytest.raises(RulesError, match=r"^options\.di_fen:"):  # parsed, then refused
        RoomConfig.from_json(text)
    with pytest.raises(RulesError, match="nested more than"):
        RoomConfig.from_json(json.dumps({"options": {"di_fen": [inner]}}))


def test_brackets_inside_strings_do_not_count() -> None:
    key = "[{" * 40 + '\\"'
    with pytest.raises(RulesError, match=r"^options\.'?\[\{.*unknown option"):
        RoomConfig.from_json('{"options": {"' + key + '": 1}}')
    assert RoomConfig.from_json('{"hands": 3, "variant": "gb"}').hands == 3


def test_oversized_text_is_refused_before_parsing() -> None:
    for text in (" " * (MAX_JSON_SIZE + 1), b" " * (MAX_JSON_SIZE + 1)):
        with pytest.raises(RulesError, match=f"more than {MAX_JSON_SIZE}"):
            RoomConfig.from_json(text)
    padded = '{"hands": 2}' + " " * (MAX_JSON_SIZE - 12)
    assert RoomConfig.from_json(padded).hands == 2


def test_text_that_is_not_json_or_not_text() -> None:
    for text in ("{", b"\xff\xfe\x00", "1" * 5000, "", b""):
        with pytest.raises(RulesError, match=r"^not JSON: "):
            RoomConfig.from_json(text)
    with pytest.raises(ArgumentTypeError):
        RoomConfig.from_json(5)  # type: ignore[arg-type]
    assert RoomConfig.from_json('{"hands": 4}'.encode("utf-16")).hands == 4


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "majiang", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("command", ["simulate", "play"])
@pytest.mark.parametrize(
    "content",
    [b"[" * 100_000, b" " * (MAX_JSON_SIZE + 1), b'{"stake": ' + b"9" * 5000 + b"}"],
    ids=["deep", "large", "long-number"],
)
def test_cli_config_one_line_and_exit_2(tmp_path: Path, command: str, content: bytes) -> None:
    path = tmp_path / "room.json"
    path.write_bytes(content)
    done = _run(command, "--config", str(path), "--hands", "1")
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"majiang: --config {path}: "), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**30), 10**30)
    | st.floats()
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSONISH, st.integers(0, 60), st.sampled_from(["[", "{", '{"options": ']))
def test_any_text_is_a_room_or_a_majiang_error(value: Any, depth: int, opener: str) -> None:
    text = opener * depth + json.dumps(value)
    try:
        room = RoomConfig.from_json(text)
    except MajiangError:
        return
    assert RoomConfig.from_dict(room.to_dict()) == room
