"""The server's storage: what a room leaves in SQLite, a room that can no longer be rebuilt
left out (never served half-right), finished rooms leaving memory, the schema's tables."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from majiang.game import replay
from majiang.server import TableServer
from majiang.server.store import SCHEMA

BOTS = {"variant": "pingxiang", "options": {}, "hands": 2, "seats": ["bot"] * 4, "time_limit": 0.0}
PEOPLE = {**BOTS, "seats": ["person", "bot", "bot", "bot"]}


def test_a_room_of_bots_is_stored_whole_and_leaves_memory(tmp_path: Path) -> None:
    server = TableServer(str(tmp_path / "t.db"))
    room = server.create_room(BOTS)  # no event loop: the bots play at once
    assert room.status == "finished" and room.id not in server.rooms
    store = server.store
    events = store.events(room.id)
    assert events == room.game.events
    assert replay(events).scores == tuple(room.game.scores)
    hands = store.hands(room.id)
    assert [h["hand"] for h in hands] == [0, 1]
    first = store.hand(room.id, 0)
    assert first is not None and first["settlement"]["deltas"] == hands[0]["deltas"]
    assert store.hand(room.id, 2) is None
    assert len(store.actions(room.id)) == room.actions
    assert store.rooms("finished")[0]["id"] == room.id


def test_a_room_that_cannot_be_rebuilt_is_left_out(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    server = TableServer(str(db))
    good, bad = server.create_room(PEOPLE), server.create_room(PEOPLE)
    con = sqlite3.connect(db)
    con.execute(
        "INSERT INTO actions (room, seq, seat, action, actor, at) VALUES (?, 0, 0, ?, 'person', 0)",
        (bad.id, json.dumps({"type": "win"})),
    )
    con.commit()
    con.close()
    again = TableServer(str(db))
    assert again.load() == 1
    assert list(again.rooms) == [good.id] and again.broken == [bad.id]
    assert again.rooms[good.id].game.events == good.game.events


def test_the_schema_names_the_documented_tables() -> None:
    con = sqlite3.connect(":memory:")
    con.executescript(SCHEMA)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"rooms", "seats", "actions", "events", "hands"}
    doc = (Path(__file__).parents[1] / "docs" / "server.md").read_text(encoding="utf-8")
    for table in tables:
        assert f"CREATE TABLE {table}" in doc


def test_a_room_takes_the_stake_and_caps_of_room_config(tmp_path: Path) -> None:
    import pytest

    from majiang.server.protocol import parse_frame
    from majiang.server.room import RoomError

    frame = parse_frame(json.dumps({"type": "create", "variant": "nanchang", "stake": 4}))
    server = TableServer(str(tmp_path / "t.db"))
    room = server.create_room(frame)
    assert room.game.options == {"di_fen": 4}
    assert room.game.events[0]["options"] == {"di_fen": 4}
    with pytest.raises(RoomError, match="stake: nanjing has no stake option"):
        server.create_room({**frame, "variant": "nanjing"})
    again = TableServer(str(tmp_path / "t.db"))
    assert again.load() == 1 and again.rooms[room.id].game.options == {"di_fen": 4}
