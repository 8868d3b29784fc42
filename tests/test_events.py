"""The typed event log (majiang.game.events): every line the engine writes reads back and
writes out byte for byte, the JSON Schema and docs/events.md say what the classes say, and a
malformed line is a ReplayError naming its line, kind and field."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import majiang
from majiang.game import Game, play, replay
from majiang.game.events import EVENT_TYPES, Draw, Win, json_schema, parse_event
from majiang.game.simulation import make_bots

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "events.md"
SCHEMA = ROOT / "docs" / "events.schema.json"
VARIANTS = ("nanchang", "pingxiang", "nanjing", "sichuan", "gb")
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "sichuan": [{}, {"exchange": True}],
    "nanchang": [{}, {"xia_fan": False}],
}


@cache
def logged_lines(variant: str) -> tuple[str, ...]:
    """The lines of a few seeded matches of ``variant``, as the engine writes them."""
    lines: list[str] = []
    for options in OPTIONS.get(variant, [{}]):
        for seed in range(3):
            game = Game(variant, seed=seed, hands=2, options=options)
            bots = make_bots("efficiency" if seed % 2 else "random", seed)
            lines += [json.dumps(e, ensure_ascii=False) for e in play(game, bots).events]
    return tuple(lines)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_logged_line_reads_back_byte_for_byte(variant: str) -> None:
    validator = jsonschema.Draft202012Validator(json_schema())
    kinds = set()
    for line in logged_lines(variant):
        event = parse_event(json.loads(line))
        assert json.dumps(event.to_json(), ensure_ascii=False) == line
        validator.validate(json.loads(line))
        kinds.add(event.KIND)
    assert {"deal", "draw", "discard", "settlement"} <= kinds


def test_logs_from_before_the_protocol_still_read() -> None:
    for path in sorted((ROOT / "tests" / "data").glob("*.jsonl")):
        with path.open(encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                parse_event(json.loads(line), number)


def test_schema_file_is_the_classes_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema())
    assert json.loads(SCHEMA.read_text(encoding="utf-8")) == json_schema()


def test_docs_list_every_kind_and_field_in_order() -> None:
    documented: dict[str, list[str]] = {}
    kind = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.fullmatch(r"### `([a-z-]+)`", line)
        if heading:
            kind = heading.group(1)
            documented[kind] = []
        row = re.match(r"\| `([a-z_]+)` \|", line)
        if row and kind is not None:
            documented[kind].append(row.group(1))
    classes = {k: [s.key for s in cls._SLOTS] for k, cls in EVENT_TYPES.items()}
    assert documented == classes


def test_classes_are_frozen_and_slotted() -> None:
    draw = Draw(seat=1, tile="5m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        draw.seat = 2  # type: ignore[misc]
    assert not hasattr(draw, "__dict__")
    assert Draw(1, "5m", replacement=True).to_json()["replacement"] is True


def test_a_win_names_its_discarder_from() -> None:
    win = Win((1, 3), "5m", 0, False, False, False, False)
    assert list(win.to_json()) == [
        "event", "winner", "tile", "from", "gang_kai", "qiang_gang", "tian_hu", "di_hu"
    ]  # fmt: skip
    assert win.to_json()["winner"] == [1, 3]
    assert Win(2, "5m", None, False, False, False, False).to_json()["from"] is None


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"event": "chi", "seat": 0}, r"^line 5: unknown event kind 'chi'$"),
        ({"event": "draw", "seat": 0}, r"^line 5: draw event without 'tile'$"),
        ({"event": "draw", "seat": 0, "tile": "0m"}, r"^line 5: draw event: tile: expected"),
        ({"event": "draw", "seat": True, "tile": "1m"}, r"^line 5: draw event: seat: expected"),
        ({"event": "discard", "seat": 0, "tile": "1m", "x": 1}, r"unknown field 'x'$"),
        ({"event": "kong", "seat": 0, "kind": "big", "tile": "1m"}, r"kong event: kind: "),
        ({"event": "pong", "seat": 0, "tiles": "55x", "source": 1}, r"pong event: tiles: "),
        ({"event": "settlement", "deltas": [2**63], "scores": [0]}, r"settlement event: deltas"),
        ({"event": "deal", "hand": 0}, r"^line 5: deal event without 'variant'$"),
        ([1, 2], r"^line 5: expected an event object"),
    ],
)
def test_malformed_lines_name_line_kind_and_field(obj: Any, message: str) -> None:
    with pytest.raises(majiang.ReplayError, match=message):
        parse_event(obj, line=5)


def test_replay_names_the_field_of_a_malformed_line() -> None:
    events = Game("sichuan", seed=4).events
    log = [*events, {"event": "discard", "seat": 0, "tile": "1m", "note": "x"}]
    with pytest.raises(majiang.ReplayError, match=r"^line \d+: discard event: unknown field"):
        replay(log)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)


@st.composite
def mutated_events(draw: st.DrawFn) -> dict[str, Any]:
    """A logged event with one field replaced, removed or added."""
    lines = logged_lines(draw(st.sampled_from(VARIANTS)))
    event: dict[str, Any] = copy.deepcopy(json.loads(draw(st.sampled_from(lines))))
    how = draw(st.sampled_from(["replace", "remove", "add"]))
    keys = [k for k in event if k != "event"]
    if how == "replace" and keys:
        event[draw(st.sampled_from(keys))] = draw(JSON)
    elif how == "remove" and keys:
        del event[draw(st.sampled_from(keys))]
    else:
        event[draw(st.text(max_size=6))] = draw(JSON)
    return event


@settings(max_examples=300, deadline=None)
@given(mutated_events())
def test_the_checks_and_the_schema_agree_on_any_mutation(event: dict[str, Any]) -> None:
    valid = jsonschema.Draft202012Validator(json_schema()).is_valid(event)
    try:
        typed = parse_event(event, line=1)
    except majiang.ReplayError as e:
        assert not valid, f"the schema accepts what parse_event refuses: {e}"
        assert str(e).startswith("line 1: ")
    else:
        assert valid, f"parse_event accepts what the schema refuses: {event}"
        assert typed.to_json() == event


@pytest.mark.parametrize(
    "event",
    [
        {"event": "draw", "seat": 1, "tile": "2s", "replacement": False},
        {"event": "kong", "seat": 1, "kind": "concealed", "tile": "5m", "source": None},
    ],
)
def test_a_field_written_by_leaving_it_out_is_refused_when_present(event: dict[str, Any]) -> None:
    # The engine leaves these fields out (false, null), so a line holding them would not
    # write back byte for byte: both the checks and the schema refuse it.
    assert not jsonschema.Draft202012Validator(json_schema()).is_valid(event)
    with pytest.raises(majiang.ReplayError, match="line 2: "):
        parse_event(event, line=2)
