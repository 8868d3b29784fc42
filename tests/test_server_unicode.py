"""Lone surrogates in client frames (issue 25, item 8): a ``join`` token ``"\\ud800"`` is a
``bad_token`` error, a frame ``id`` ``"\\ud800"`` is echoed escaped and the client's writer
goes on, any other field holding one is ``bad_frame``; never a ``server`` error."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_inproc import Local, NoSocket, local_server

from majiang.server.app import Connection, encode_frame
from majiang.server.protocol import ProtocolError, parse_frame

PERSON = {
    "variant": "nanchang",
    "options": {},
    "hands": 1,
    "seats": ["person", "bot", "bot", "bot"],
    "time_limit": 0.0,
}


def test_a_surrogate_token_is_a_bad_token() -> None:
    server = local_server()
    room = server.create_room(PERSON)
    c = Local(server)
    c.take()
    c.send('{"type": "join", "room": "' + room.id + '", "token": "\\ud800"}')
    (err,) = c.take()
    assert err["type"] == "error" and err["code"] == "bad_token", err


def test_a_surrogate_id_is_echoed_escaped_and_the_writer_goes_on() -> None:
    server = local_server()
    c = Local(server)
    c.send('{"type": "ping", "id": "\\ud800"}')
    c.send('{"type": "dance", "id": "\\udfff"}')
    texts = [item[0] for item in list(c.conn.queue._queue) if item]  # type: ignore[attr-defined]
    assert all(t.encode("utf-8") for t in texts)
    assert [json.loads(t).get("id") for t in texts] == ["\ud800", "\udfff"]

    sent: list[str] = []

    class Socket(NoSocket):
        async def send_text(self, text: str) -> None:
            sent.append(text.encode("utf-8").decode())

    async def run() -> None:
        conn = Connection(Socket(), server.limits)  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.writer())
        conn.send({"type": "pong", "id": "\ud800"})
        conn.send({"type": "pong", "id": "after"})
        conn.queue.put_nowait(None)
        await asyncio.wait_for(writer, 5)

    asyncio.run(run())
    assert [json.loads(t)["id"] for t in sent] == ["\ud800", "after"]


def test_a_surrogate_anywhere_else_is_a_bad_frame() -> None:
    for text in (
        '{"type": "join", "room": "\\ud800"}',
        '{"type": "create", "options": {"\\udc00": 1}}',
        '{"type": "create", "variant": "nan\\ud800"}',
        '{"type": "act", "action": {"type": "discard", "tile": "\\ud83d"}}',
    ):
        with pytest.raises(ProtocolError, match="bad_frame: the frame holds a lone surrogate"):
            parse_frame(text)
    assert parse_frame('{"type": "ping", "id": "\\ud83d\\ude00"}')["id"] == "\U0001f600"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20), st.sampled_from(["ping", "join", "create", "act", "resync"]))
def test_any_text_in_any_field_never_breaks_the_connection(text: str, kind: str) -> None:
    server = local_server()
    c = Local(server)
    c.take()
    field = {"ping": "id", "join": "token", "create": "variant", "act": "seq", "resync": "id"}
    frame = {"type": kind, field[kind]: text}
    if kind == "join":
        frame["room"] = text or "r"
    c.send(json.dumps(frame))
    c.send({"type": "ping", "id": 1})
    out = c.take()
    assert out[-1] == {"type": "pong", "id": 1}
    assert all(f.get("code") != "server" for f in out), out
    for f in out:
        assert encode_frame(f).encode("utf-8")
