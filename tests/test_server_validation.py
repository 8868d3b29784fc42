"""The server's input paths: the frame parser (hypothesis: any text or bytes gives a checked
frame or a ProtocolError, never anything else; valid frames parse to themselves), and rooms
refusing every action that is not legal now without changing anything."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.game import EfficiencyBot
from majiang.server.app import TableServer
from majiang.server.protocol import MAX_FRAME, ProtocolError, ServerConfigError, parse_frame
from majiang.server.room import Room, RoomError
from majiang.server.store import Store

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
TYPES = st.sampled_from(["create", "join", "ready", "act", "resync", "auto", "ping", "x", ""])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_is_a_frame_or_a_protocol_error(data: str | bytes) -> None:
    try:
        frame = parse_frame(data)
    except ProtocolError as e:
        assert e.code in ("bad_json", "bad_frame", "too_large")
        return
    assert isinstance(frame, dict) and isinstance(frame["type"], str)


@settings(max_examples=200, deadline=None)
@given(TYPES, st.dictionaries(st.text(max_size=10), JSON, max_size=5))
def test_any_object_is_a_frame_or_a_protocol_error(kind: str, fields: dict[str, Any]) -> None:
    text = json.dumps({"type": kind, **fields})
    try:
        frame = parse_frame(text)
    except ProtocolError as e:
        assert e.code in ("bad_frame", "too_large"), e
        return
    # an accepted frame has only its type's fields, each checked, and parses to itself
    assert frame["type"] == kind
    assert parse_frame(json.dumps(frame)) == frame


@settings(max_examples=150, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "type": st.just("create"),
            "variant": st.sampled_from(["nanchang", "pingxiang", "nanjing"]),
            "hands": st.integers(1, 64),
            "seats": st.lists(st.sampled_from(["person", "bot"]), min_size=4, max_size=4),
            "time_limit": st.integers(0, 3600) | st.floats(0, 3600),
            "claim_window": st.integers(0, 30) | st.floats(0, 30),
        }
    ),
    st.integers(0, 10**6) | st.text(max_size=64),
)
def test_valid_create_frames_parse_to_themselves(frame: dict[str, Any], ref: object) -> None:
    out = parse_frame(json.dumps({**frame, "id": ref}))
    assert out == {
        **frame,
        "options": {},
        "time_limit": float(frame["time_limit"]),
        "claim_window": float(frame["claim_window"]),
        "id": ref,
    }


def test_a_claim_window_is_the_servers_unless_asked_and_at_most_thirty() -> None:
    assert "claim_window" not in parse_frame('{"type": "create"}')
    assert TableServer(":memory:").claim_window == 1.0
    assert TableServer(":memory:", claim_window=0).claim_window == 0.0
    with pytest.raises(ServerConfigError, match="claim_window must be"):
        TableServer(":memory:", claim_window=31)
    for bad in ("-0.5", "30.5", "true", '"1"', "1e999"):
        with pytest.raises(ProtocolError, match="claim_window must be a number of seconds"):
            parse_frame(f'{{"type": "create", "claim_window": {bad}}}')


def test_size_depth_and_constants_are_refused() -> None:
    with pytest.raises(ProtocolError, match="too_large"):
        parse_frame('{"type": "ping", "id": "' + "x" * MAX_FRAME + '"}')
    with pytest.raises(ProtocolError, match="bad_json"):
        parse_frame('{"type": "act", "action": {"type": "discard", "tile": NaN}}')
    with pytest.raises(ProtocolError, match="nested too deeply"):
        parse_frame(json.dumps({"type": "act", "action": {"a": [[[[[[[[[[1]]]]]]]]]]}}))
    with pytest.raises(ProtocolError, match="bad_json"):
        parse_frame("[" * 100_00 + "]" * 100_00, limit=10**6)
    with pytest.raises(ProtocolError, match="unknown field 'token2'"):
        parse_frame('{"type": "join", "room": "r", "token2": "x"}')
    with pytest.raises(ProtocolError, match="seat must be"):
        parse_frame('{"type": "join", "room": "r", "seat": true}')


class Sink:
    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)


ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["discard", "chow", "pong", "kong", "win", "pass", "declare", "x"])},
    optional={
        "tile": st.sampled_from(["1m", "5p", "9s", "7z", "0m", "", "1f"]) | JSON,
        "tiles": st.text(max_size=8) | JSON,
        "kind": st.sampled_from(["exposed", "concealed", "added", "other"]),
        "what": st.text(max_size=6),
        "value": JSON,
    },
) | st.dictionaries(st.text(max_size=6), JSON, max_size=4)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 60), st.integers(0, 3), ACTIONS)
def test_rooms_refuse_what_is_not_legal_and_change_nothing(
    seed: int, steps: int, seat: int, action: dict[str, Any]
) -> None:
    room = Room.create(
        {
            "variant": ["nanchang", "pingxiang", "nanjing"][seed % 3],
            "options": {},
            "hands": 1,
            "seats": ["person"] * 4,
            "time_limit": 0.0,
        },
        Store(":memory:"),
    )
    sinks = [Sink() for _ in range(4)]
    for s in range(4):
        room.join(sinks[s], s)
        room.ready(s)
    bot, rng = EfficiencyBot(), random.Random(seed)
    for _ in range(steps):
        g = room.game
        if g.over:
            break
        s = rng.choice(g.to_act())
        room.act(s, bot.act(g.observation(s), g.legal_actions(s)).to_dict())
    g = room.game
    legal = g.legal_actions(seat) if seat in g.to_act() else []
    before = (
        g.snapshot(),
        room.store.events(room.id),
        room.actions,
        [len(x.frames) for x in sinks],
    )
    try:
        room.act(seat, action)
    except RoomError as e:
        assert e.code in ("illegal_action", "not_started")
        after = (
            g.snapshot(),
            room.store.events(room.id),
            room.actions,
            [len(x.frames) for x in sinks],
        )
        assert after == before
        return
    # accepted: exactly one of the legal actions, each field as the engine writes it
    assert any(a.to_dict().items() >= action.items() for a in legal), (action, legal)
    assert room.actions == before[2] + 1


def test_a_seat_cannot_act_for_another_or_on_a_stale_view() -> None:
    room = Room.create(
        {
            "variant": "nanchang",
            "options": {},
            "hands": 1,
            "seats": ["person"] * 4,
            "time_limit": 0.0,
        },
        Store(":memory:"),
    )
    sinks = [Sink() for _ in range(4)]
    for s in range(4):
        room.join(sinks[s], s)
    with pytest.raises(RoomError, match="not_started"):
        room.act(0, {"type": "pass"})
    for s in range(4):
        room.ready(s)
    g = room.game
    turn = g.to_act()[0]
    other = (turn + 1) % 4
    move = g.legal_actions(turn)[0].to_dict()
    with pytest.raises(RoomError, match=f"seat {other} is not to act now"):
        room.act(other, move)
    with pytest.raises(RoomError, match="stale"):
        room.act(turn, move, seq=len(g.events) - 1)
    room.act(turn, move, seq=len(g.events))
    assert room.actions == 1
    # every seat's frames went only to its own client
    for s in range(4):
        assert all(f["view"]["seat"] == s for f in sinks[s].frames if "view" in f)
